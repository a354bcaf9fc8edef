/* MCUboot image verification and trailer (mcuboot.h, docs/update.md).
 *
 * Written from imgtool 2.1.0's image.py and keys/ (what it signs and how) and MCUboot's
 * design document (docs/design.md: header, TLV areas, trailer, boot_set_pending).
 *
 * Constant time: the image, its TLVs and the public key are public; parsing branches on them
 * and reads at offsets they give. Every offset is checked against the slot before the read:
 * lengths are compared as "len > end - off" with off <= end already known, so no sum wraps.
 * No secret is handled (verification only); the digest is compared with fc_ct_equal anyway.
 *
 * The synchronous check and the job share the parse (parse_image) and the key scan
 * (find_signature); the job hashes through fc_hash_update in budget-sized slices (soft has no
 * sliceable SHA-256 for fc_job_hash) and verifies through the engine's curve jobs. */
#include <string.h>

#include "core/core.h"
#include "fieldcrypt/mcuboot.h"

#define TLV_INFO_MAGIC 0x6907u
#define TLV_PROT_INFO_MAGIC 0x6908u
#define TLV_KEYHASH 0x01u
#define TLV_PUBKEY 0x02u
#define TLV_SHA256 0x10u
#define TLV_ECDSASIG 0x22u
#define TLV_ED25519 0x24u
#define TLV_SEC_CNT 0x50u

#define JOB_RUNNING 0x4d424a52u /* "MBJR" */
#define JOB_DONE 0x4d424a44u    /* "MBJD" */

enum { PH_KEYHASH = 1, PH_HASH, PH_HASH_FINAL, PH_VERIFY_START, PH_VERIFY };

/* A SHA-256 block's cost in engine work units (modelled cycles of the target, engine.h): the
 * soft P-256 jobs' measured figure for one block (p256_job_costs.h, P256_UNIT_SHA_BLOCK). */
#if defined(__ARM_ARCH_7EM__) || defined(__ARM_ARCH_7M__)
#define SHA256_BLOCK_COST 6500u
#elif defined(__riscv)
#define SHA256_BLOCK_COST 9000u
#else
#define SHA256_BLOCK_COST 12500u /* the Cortex-M0+, and a hosted build (engine.h) */
#endif

/* SubjectPublicKeyInfo DER prefixes (RFC 5480 id-ecPublicKey + prime256v1; RFC 8410
 * id-Ed25519): what imgtool hashes into KEYHASH is prefix || key. */
static const uint8_t spki_p256[26] = {0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48,
                                      0xce, 0x3d, 0x02, 0x01, 0x06, 0x08, 0x2a, 0x86, 0x48,
                                      0xce, 0x3d, 0x03, 0x01, 0x07, 0x03, 0x42, 0x00};
static const uint8_t spki_ed25519[12] = {0x30, 0x2a, 0x30, 0x05, 0x06, 0x03,
                                         0x2b, 0x65, 0x70, 0x03, 0x21, 0x00};

/* Where the parts of an image lie in the slot. */
typedef struct layout {
    size_t prot_end;  /* header + body + protected area: what SHA-256 covers */
    size_t tlv_off;   /* the TLV area's info */
    size_t total;     /* the end of the TLV area */
    size_t sha_off;   /* the SHA256 TLV's value */
} layout;

static uint32_t le16(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8;
}

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* The key's SubjectPublicKeyInfo into spki (91 or 44 bytes); *len its length. */
static fc_status key_spki(const fc_mcuboot_key *key, uint8_t spki[91], uint8_t *len)
{
    if (key->pub == NULL)
        return FC_ERR_NULL;
    if (key->alg == FC_SECP256R1) {
        if (key->pub_len == 65) {
            if (key->pub[0] != 0x04)
                return FC_ERR_ENCODING; /* KEYHASH is over the uncompressed point */
            memcpy(spki, spki_p256, sizeof spki_p256);
            memcpy(spki + sizeof spki_p256, key->pub, 65);
        } else if (key->pub_len == 91) {
            if (memcmp(key->pub, spki_p256, sizeof spki_p256) != 0 || key->pub[26] != 0x04)
                return FC_ERR_ENCODING;
            memcpy(spki, key->pub, 91);
        } else {
            return FC_ERR_LENGTH;
        }
        *len = 91;
        return FC_OK;
    }
    if (key->alg == FC_ED25519) {
        if (key->pub_len == 32) {
            memcpy(spki, spki_ed25519, sizeof spki_ed25519);
            memcpy(spki + sizeof spki_ed25519, key->pub, 32);
        } else if (key->pub_len == 44) {
            if (memcmp(key->pub, spki_ed25519, sizeof spki_ed25519) != 0)
                return FC_ERR_ENCODING;
            memcpy(spki, key->pub, 44);
        } else {
            return FC_ERR_LENGTH;
        }
        *len = 44;
        return FC_OK;
    }
    return FC_ERR_ARGUMENT;
}

/* Checks that the TLV entries of the area [off + 4, end) tile it exactly (every length
 * inside the area); protected: every entry must be one this code takes (SEC_CNT). */
static fc_status check_entries(const uint8_t *slot, size_t off, size_t end, int protected_area,
                               fc_mcuboot_info *info, layout *lay)
{
    size_t len;
    uint32_t type;
    for (off += 4; off < end; off += 4 + len) {
        if (end - off < 4)
            return FC_ERR_ENCODING; /* a TLV header cut by the area's end */
        type = le16(slot + off);
        len = le16(slot + off + 2);
        if (len > end - off - 4)
            return FC_ERR_ENCODING; /* the TLV's length runs past its area */
        if (protected_area) {
            if (type != TLV_SEC_CNT)
                return FC_ERR_UNSUPPORTED; /* a condition nothing here would check */
            if (len != 4)
                return FC_ERR_ENCODING;
            info->security_counter = le32(slot + off + 4);
            info->has_security_counter = 1;
        } else if (type == TLV_SHA256) {
            if (len != FC_MCUBOOT_DIGEST_LEN || lay->sha_off != 0)
                return FC_ERR_ENCODING; /* a digest of another length, or two digests */
            lay->sha_off = off + 4;
        } else if ((type == TLV_KEYHASH && len != FC_MCUBOOT_DIGEST_LEN) ||
                   (type == TLV_ED25519 && len != 64)) {
            return FC_ERR_ENCODING;
        }
    }
    return FC_OK;
}

static int version_below(const fc_mcuboot_version *v, const fc_mcuboot_version *min,
                         unsigned flags)
{
    if (v->major != min->major)
        return v->major < min->major;
    if (v->minor != min->minor)
        return v->minor < min->minor;
    if (v->revision != min->revision)
        return v->revision < min->revision;
    return (flags & FC_MCUBOOT_CMP_BUILD) && v->build < min->build;
}

/* The header, both TLV areas and the policy: everything that needs no key and no hash. */
static fc_status parse_image(fc_mcuboot_info *info, layout *lay, const fc_mcuboot_policy *policy,
                             const uint8_t *slot, size_t slot_len)
{
    size_t hdr_size, img_size, prot_size, off, tot, slot_size;
    fc_status st;

    memset(lay, 0, sizeof(*lay));
    if (slot_len < FC_MCUBOOT_HEADER_LEN)
        return FC_ERR_LENGTH;
    if (le32(slot) != FC_MCUBOOT_IMAGE_MAGIC)
        return FC_ERR_ENCODING;
    hdr_size = le16(slot + 8);
    prot_size = le16(slot + 10);
    img_size = le32(slot + 12);
    info->load_addr = le32(slot + 4);
    info->hdr_size = (uint32_t)hdr_size;
    info->protect_tlv_size = (uint32_t)prot_size;
    info->img_size = (uint32_t)img_size;
    info->flags = le32(slot + 16);
    info->version.major = slot[20];
    info->version.minor = slot[21];
    info->version.revision = (uint16_t)le16(slot + 22);
    info->version.build = le32(slot + 24);
    if (hdr_size < FC_MCUBOOT_HEADER_LEN)
        return FC_ERR_ENCODING;
    if (info->flags & (FC_MCUBOOT_F_ENCRYPTED_AES128 | FC_MCUBOOT_F_ENCRYPTED_AES256))
        return FC_ERR_UNSUPPORTED;
    if (hdr_size > slot_len || img_size > slot_len - hdr_size)
        return FC_ERR_LENGTH; /* truncated: the body runs past the slot */
    off = hdr_size + img_size;

    if (prot_size != 0) {
        if (slot_len - off < 4)
            return FC_ERR_LENGTH;
        if (le16(slot + off) != TLV_PROT_INFO_MAGIC || le16(slot + off + 2) != prot_size ||
            prot_size < 4)
            return FC_ERR_ENCODING;
        if (prot_size > slot_len - off)
            return FC_ERR_LENGTH;
        st = check_entries(slot, off, off + prot_size, 1, info, lay);
        if (st != FC_OK)
            return st;
        off += prot_size;
    }
    lay->prot_end = off;

    if (slot_len - off < 4)
        return FC_ERR_LENGTH;
    tot = le16(slot + off + 2);
    if (le16(slot + off) != TLV_INFO_MAGIC || tot < 4)
        return FC_ERR_ENCODING;
    if (tot > slot_len - off)
        return FC_ERR_LENGTH;
    lay->tlv_off = off;
    lay->total = off + tot;
    st = check_entries(slot, off, off + tot, 0, info, lay);
    if (st != FC_OK)
        return st;
    info->total_size = lay->total;

    slot_size = policy != NULL && policy->slot_size != 0 ? policy->slot_size : slot_len;
    if (lay->total > slot_size)
        return FC_ERR_LENGTH; /* does not fit the slot the device has */
    if (policy != NULL) {
        if (!(policy->flags & FC_MCUBOOT_ALLOW_DOWNGRADE) &&
            version_below(&info->version, &policy->min_version, policy->flags))
            return FC_ERR_DOWNGRADE;
        if ((policy->flags & FC_MCUBOOT_CHECK_LOAD_ADDR) && info->load_addr != policy->load_addr)
            return FC_ERR_ARGUMENT;
    }
    if (lay->sha_off == 0)
        return FC_ERR_VERIFY; /* nothing to check the image against */
    return FC_OK;
}

/* Finds the signature TLV of the key whose SPKI hashes to keyhash: the first TLV of the
 * key's signature type after a KEYHASH equal to keyhash (or a PUBKEY equal to spki) and
 * before the next KEYHASH or PUBKEY (the one after belongs to another key). */
static fc_status find_signature(const uint8_t *slot, const layout *lay, fc_alg alg,
                                const uint8_t *keyhash, const uint8_t *spki, size_t spki_len,
                                size_t *sig_off, size_t *sig_len)
{
    size_t off, len, end = lay->total;
    uint32_t type, sig_type = alg == FC_ED25519 ? TLV_ED25519 : TLV_ECDSASIG;
    int mine = 0;
    for (off = lay->tlv_off + 4; off < end; off += 4 + len) {
        /* parse_image checked every entry; checked again, as the job reads the slot later
         * and memory safety should not rest on the caller keeping it unchanged */
        if (end - off < 4)
            return FC_ERR_ENCODING;
        type = le16(slot + off);
        len = le16(slot + off + 2);
        if (len > end - off - 4 || (type == TLV_KEYHASH && len != FC_MCUBOOT_DIGEST_LEN))
            return FC_ERR_ENCODING;
        if (type == TLV_KEYHASH || type == TLV_PUBKEY) {
            if (type == TLV_KEYHASH)
                mine = fc_ct_equal(slot + off + 4, keyhash, FC_MCUBOOT_DIGEST_LEN);
            else
                mine = len == spki_len && fc_ct_equal(slot + off + 4, spki, spki_len);
        } else if (type == sig_type && mine) {
            *sig_off = off + 4;
            *sig_len = len;
            return FC_OK;
        }
    }
    return FC_ERR_VERIFY; /* no key of ours, or ours without a signature: unsigned for us */
}

/* imgtool may pad an ECDSA DER signature with zeros to 72 bytes (--pad-sig): the DER is the
 * SEQUENCE's own length, the rest must be zeros. */
static size_t ecdsa_der_len(const uint8_t *sig, size_t len)
{
    size_t der, i;
    if (len < 2 || sig[0] != 0x30 || sig[1] >= 0x80 || (size_t)sig[1] + 2 > len)
        return len; /* not short-form DER: the verifier says what it is */
    der = (size_t)sig[1] + 2;
    for (i = der; i < len; i++)
        if (sig[i] != 0)
            return len;
    return der;
}

fc_status fc_mcuboot_check(const fc_provider *provider, fc_mcuboot_info *info,
                           const fc_mcuboot_key *key, const fc_mcuboot_policy *policy,
                           const uint8_t *slot, size_t slot_len)
{
    fc_mcuboot_info got;
    layout lay;
    uint8_t spki[91], keyhash[FC_MCUBOOT_DIGEST_LEN], digest[FC_MCUBOOT_DIGEST_LEN];
    uint8_t spki_len = 0;
    size_t sig_off = 0, sig_len = 0;
    fc_status st;

    if (info == NULL)
        return FC_ERR_NULL;
    memset(info, 0, sizeof(*info));
    if (key == NULL || slot == NULL)
        return FC_ERR_NULL;
    memset(&got, 0, sizeof(got));
    st = key_spki(key, spki, &spki_len);
    if (st == FC_OK)
        st = parse_image(&got, &lay, policy, slot, slot_len);
    if (st == FC_OK)
        st = fc_hash(provider, FC_SHA256, keyhash, sizeof keyhash, spki, spki_len);
    if (st == FC_OK)
        st = find_signature(slot, &lay, key->alg, keyhash, spki, spki_len, &sig_off, &sig_len);
    if (st == FC_OK)
        st = fc_hash(provider, FC_SHA256, digest, sizeof digest, slot, lay.prot_end);
    if (st == FC_OK && !fc_ct_equal(digest, slot + lay.sha_off, sizeof digest))
        st = FC_ERR_VERIFY; /* the image is not the one the digest was made of */
    if (st == FC_OK) {
        if (key->alg == FC_ED25519)
            st = sig_len != 64 ? FC_ERR_ENCODING
                               : fc_eddsa_verify(provider, FC_ED25519, spki + 12, NULL, 0,
                                                 digest, sizeof digest, slot + sig_off);
        else
            st = fc_ecdsa_verify_digest(provider, FC_SECP256R1, spki + 26, 65, digest,
                                        sizeof digest, slot + sig_off,
                                        ecdsa_der_len(slot + sig_off, sig_len), FC_ECDSA_DER);
    }
    if (st == FC_OK) {
        memcpy(got.digest, digest, sizeof digest);
        *info = got;
    }
    return st;
}

/* ---- the job ---- */

static int job_running(const fc_mcuboot_job *job)
{
    return job->magic == JOB_RUNNING;
}

/* Done or failed: what the job holds is released and zeroed but for its end. */
static fc_status job_end(fc_mcuboot_job *job, fc_status st)
{
    fc_mcuboot_info info = job->info;
    fc_job_wipe(&job->job);
    fc_hash_wipe(&job->hash);
    memset(job, 0, sizeof(*job));
    if (st == FC_OK)
        job->info = info;
    job->status = st;
    job->magic = JOB_DONE;
    return st;
}

fc_status fc_mcuboot_start(fc_mcuboot_job *job, const fc_provider *provider,
                           const fc_mcuboot_key *key, const fc_mcuboot_policy *policy,
                           const uint8_t *slot, size_t slot_len)
{
    layout lay;
    fc_status st;
    if (job == NULL || key == NULL || slot == NULL)
        return FC_ERR_NULL;
    if (job_running(job))
        return FC_ERR_STATE;
    memset(job, 0, sizeof(*job));
    st = key_spki(key, job->spki, &job->spki_len);
    if (st == FC_OK)
        st = parse_image(&job->info, &lay, policy, slot, slot_len);
    if (st != FC_OK) {
        memset(job, 0, sizeof(*job));
        return st;
    }
    memcpy(job->expected, slot + lay.sha_off, FC_MCUBOOT_DIGEST_LEN);
    job->provider = provider;
    job->slot = slot;
    job->alg = key->alg;
    job->covered = lay.prot_end;
    job->tlv_off = lay.tlv_off;
    job->tlv_end = lay.total;
    job->phase = PH_KEYHASH;
    job->magic = JOB_RUNNING;
    return FC_OK;
}

/* The key's hash and its signature TLV, then the image hash starts. */
static fc_status step_keyhash(fc_mcuboot_job *job)
{
    layout lay;
    size_t sig_off = 0, sig_len = 0;
    fc_status st;
    st = fc_hash(job->provider, FC_SHA256, job->keyhash, sizeof job->keyhash, job->spki,
                 job->spki_len);
    if (st != FC_OK)
        return st;
    memset(&lay, 0, sizeof(lay));
    lay.tlv_off = job->tlv_off;
    lay.total = job->tlv_end;
    st = find_signature(job->slot, &lay, job->alg, job->keyhash, job->spki, job->spki_len,
                        &sig_off, &sig_len);
    if (st != FC_OK)
        return st;
    job->sig_off = sig_off;
    job->sig_len = sig_len;
    st = fc_hash_init(&job->hash, job->provider, FC_SHA256);
    if (st != FC_OK)
        return st;
    job->phase = PH_HASH;
    return FC_PENDING;
}

fc_status fc_mcuboot_step(fc_mcuboot_job *job, uint32_t budget)
{
    fc_status st;
    size_t n, blocks;
    if (job == NULL)
        return FC_ERR_NULL;
    if (!job_running(job))
        return FC_ERR_STATE;
    if (budget == 0)
        return FC_ERR_ARGUMENT;
    switch (job->phase) {
    case PH_KEYHASH:
        st = step_keyhash(job);
        break;
    case PH_HASH:
        blocks = budget / SHA256_BLOCK_COST;
        n = job->covered - job->hashed;
        if (blocks == 0)
            blocks = 1; /* at least one unit, as the engine */
        if (n / 64 >= blocks)
            n = blocks * 64;
        st = fc_hash_update(&job->hash, job->slot + job->hashed, n);
        job->hashed += n;
        if (st == FC_OK)
            st = FC_PENDING;
        if (job->hashed == job->covered)
            job->phase = PH_HASH_FINAL;
        break;
    case PH_HASH_FINAL:
        st = fc_hash_final(&job->hash, job->info.digest, sizeof job->info.digest);
        if (st == FC_OK && !fc_ct_equal(job->info.digest, job->expected, sizeof job->expected))
            st = FC_ERR_VERIFY;
        if (st == FC_OK) {
            st = FC_PENDING;
            job->phase = PH_VERIFY_START;
        }
        break;
    case PH_VERIFY_START:
        if (job->alg == FC_ED25519)
            st = job->sig_len != 64
                     ? FC_ERR_ENCODING
                     : fc_job_eddsa_verify(&job->job, job->provider, FC_ED25519,
                                           job->spki + 12, NULL, 0, job->info.digest,
                                           sizeof job->info.digest, job->slot + job->sig_off);
        else
            st = fc_job_ecdsa_verify_digest(
                &job->job, job->provider, FC_SECP256R1, job->spki + 26, 65, job->info.digest,
                sizeof job->info.digest, job->slot + job->sig_off,
                ecdsa_der_len(job->slot + job->sig_off, job->sig_len), FC_ECDSA_DER);
        if (st == FC_OK) {
            st = FC_PENDING;
            job->phase = PH_VERIFY;
        }
        break;
    case PH_VERIFY:
        st = fc_job_step(&job->job, budget);
        break;
    default:
        st = FC_ERR_STATE;
        break;
    }
    return st == FC_PENDING ? FC_PENDING : job_end(job, st);
}

fc_status fc_mcuboot_result(const fc_mcuboot_job *job, fc_mcuboot_info *info)
{
    if (info == NULL)
        return FC_ERR_NULL;
    memset(info, 0, sizeof(*info));
    if (job == NULL)
        return FC_ERR_NULL;
    if (job->magic != JOB_DONE || job->status != FC_OK)
        return FC_ERR_STATE;
    *info = job->info;
    return FC_OK;
}

void fc_mcuboot_wipe(fc_mcuboot_job *job)
{
    if (job == NULL)
        return;
    if (job_running(job)) {
        fc_job_wipe(&job->job);
        fc_hash_wipe(&job->hash);
    }
    fc_zeroize(job, sizeof(*job));
}

/* ---- trailer ---- */

/* MCUboot's boot_img_magic (bootutil: four words 0xf395c277 0x7fefd260 0x0f505235
 * 0x8079b62c, little-endian), as imgtool writes it for max_align 8 and below; above that
 * the first two bytes are max_align (little-endian) and the rest the magic's last 14. */
static const uint8_t boot_magic[16] = {0x77, 0xc2, 0x95, 0xf3, 0x60, 0xd2, 0xef, 0x7f,
                                       0x35, 0x52, 0x50, 0x0f, 0x2c, 0xb6, 0x79, 0x80};
static const uint8_t boot_magic_aligned[14] = {0x2d, 0xe1, 0x5d, 0x29, 0x41, 0x0b, 0x8d,
                                               0x77, 0x67, 0x9c, 0x11, 0x0f, 0x1f, 0x8a};

#define SWAP_TYPE_TEST 2u
#define SWAP_TYPE_PERM 3u
#define FLAG_SET 0x01u

size_t fc_mcuboot_trailer_size(size_t max_align)
{
    if (max_align == 0 || max_align > 32 || (max_align & (max_align - 1)) != 0)
        return 0;
    return 4 * max_align + ((16 + max_align - 1) & ~(max_align - 1)); /* a power of two */
}

static void magic_of(uint8_t magic[16], size_t max_align)
{
    if (max_align <= 8) {
        memcpy(magic, boot_magic, 16);
    } else {
        magic[0] = (uint8_t)max_align;
        magic[1] = (uint8_t)(max_align >> 8);
        memcpy(magic + 2, boot_magic_aligned, 14);
    }
}

/* Offsets from the trailer's start (layout above, from the end: magic, image_ok, copy_done,
 * swap_info, swap_size). */
#define OFF_SWAP_INFO(a) (a)
#define OFF_IMAGE_OK(a) (3 * (a))

fc_status fc_mcuboot_trailer(uint8_t *out, size_t out_len, unsigned state, size_t max_align,
                             uint8_t erased)
{
    size_t size = fc_mcuboot_trailer_size(max_align);
    if (out == NULL)
        return FC_ERR_NULL;
    if (size == 0 || (state != FC_MCUBOOT_TRAILER_PENDING &&
                      state != FC_MCUBOOT_TRAILER_PERMANENT &&
                      state != FC_MCUBOOT_TRAILER_CONFIRMED))
        return FC_ERR_ARGUMENT;
    if (out_len != size)
        return FC_ERR_LENGTH;
    memset(out, erased, size);
    magic_of(out + size - 16, max_align);
    if (state == FC_MCUBOOT_TRAILER_PENDING)
        out[OFF_SWAP_INFO(max_align)] = SWAP_TYPE_TEST; /* image 0 in the high nibble */
    else if (state == FC_MCUBOOT_TRAILER_PERMANENT)
        out[OFF_SWAP_INFO(max_align)] = SWAP_TYPE_PERM;
    if (state != FC_MCUBOOT_TRAILER_PENDING)
        out[OFF_IMAGE_OK(max_align)] = FLAG_SET;
    return FC_OK;
}

fc_status fc_mcuboot_trailer_read(unsigned *state, const uint8_t *tail, size_t tail_len,
                                  size_t max_align, uint8_t erased)
{
    size_t size = fc_mcuboot_trailer_size(max_align), i;
    uint8_t magic[16];
    int erased_magic = 1;
    unsigned swap, ok;
    if (state == NULL)
        return FC_ERR_NULL;
    *state = FC_MCUBOOT_TRAILER_NONE;
    if (tail == NULL)
        return FC_ERR_NULL;
    if (size == 0)
        return FC_ERR_ARGUMENT;
    if (tail_len != size)
        return FC_ERR_LENGTH;
    for (i = 0; i < 16; i++)
        erased_magic &= tail[size - 16 + i] == erased;
    if (erased_magic)
        return FC_OK;
    magic_of(magic, max_align);
    if (memcmp(magic, tail + size - 16, 16) != 0)
        return FC_ERR_ENCODING;
    swap = tail[OFF_SWAP_INFO(max_align)];
    ok = tail[OFF_IMAGE_OK(max_align)];
    if (ok != FLAG_SET && ok != erased)
        return FC_ERR_ENCODING;
    if (swap != erased && (swap & 0x0fu) != SWAP_TYPE_TEST && (swap & 0x0fu) != SWAP_TYPE_PERM)
        return FC_ERR_ENCODING;
    if (ok == erased)
        *state = FC_MCUBOOT_TRAILER_PENDING;
    else if (swap != erased && (swap & 0x0fu) == SWAP_TYPE_PERM)
        *state = FC_MCUBOOT_TRAILER_PERMANENT;
    else
        *state = FC_MCUBOOT_TRAILER_CONFIRMED;
    return FC_OK;
}
