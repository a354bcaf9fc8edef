/* STAND-IN for the library's MCUboot image check until it exists (see fieldcrypt/mcuboot.h
 * here). The format as imgtool 2.1.0 writes it (little-endian): a 32-byte header (magic
 * 0x96f3b83d, load address, header size, protected TLV size, body size, flags, version
 * major.minor.revision+build), the body, the protected TLV area (info magic 0x6908) if any,
 * the TLV area (info 0x6907 || total length, then type || 0 || length16 || value). SHA-256
 * covers header, body and protected TLVs; ECDSA P-256 signs that (DER signature, TLV 0x22),
 * Ed25519 signs the 32-byte digest (TLV 0x24); KEYHASH (0x01) is SHA-256 of the key's DER.
 * Every length is checked against the slot before it is read. Public data only. */
#include <fieldcrypt/mcuboot.h>

#include <string.h>

#include <fieldcrypt/ec.h>
#include <fieldcrypt/eddsa.h>

enum { HASHING = 1, VERIFYING, DONE };
#define HASH_UNIT_BYTES 64u
#define HASH_UNIT_COST 4000u /* a SHA-256 block on the Cortex-M0, roughly, in work units */

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint16_t le16(const uint8_t *p)
{
    return (uint16_t)(p[0] | p[1] << 8);
}

static int older(const fc_mcuboot_version *a, const fc_mcuboot_version *b)
{
    if (a->major != b->major)
        return a->major < b->major;
    if (a->minor != b->minor)
        return a->minor < b->minor;
    if (a->revision != b->revision)
        return a->revision < b->revision;
    return a->build < b->build;
}

fc_status fc_mcuboot_start(fc_mcuboot_job *job, const fc_provider *provider,
                           const fc_mcuboot_key *key, const fc_mcuboot_policy *policy,
                           const uint8_t *slot, size_t slot_len)
{
    static const uint8_t ed_spki[12] = {0x30, 0x2a, 0x30, 0x05, 0x06, 0x03,
                                        0x2b, 0x65, 0x70, 0x03, 0x21, 0x00};
    size_t hdr, body, prot, off, end, tlv_end, pub_len = sizeof job->pub;
    const uint8_t *keyhash = NULL, *hash = NULL;
    uint8_t kh[32];
    fc_alg curve;
    fc_status st;
    (void)provider;
    if (job == NULL || key == NULL || policy == NULL || slot == NULL)
        return FC_ERR_NULL;
    memset(job, 0, sizeof *job);
    if (slot_len < 32 || le32(slot) != 0x96f3b83du)
        return FC_ERR_ENCODING;
    hdr = le16(slot + 8);
    prot = le16(slot + 10);
    body = le32(slot + 12);
    job->info.version.major = slot[20];
    job->info.version.minor = slot[21];
    job->info.version.revision = le16(slot + 22);
    job->info.version.build = le32(slot + 24);
    if (hdr < 32 || hdr > slot_len || body > slot_len - hdr)
        return FC_ERR_ENCODING;
    off = hdr + body;
    if (prot != 0) {
        /* the protected area: only its info header; any protected TLV is refused (this
         * device understands none of them, and they are signed: ignoring one is unsafe) */
        if (prot > slot_len - off || prot < 4 || le16(slot + off) != 0x6908 ||
            le16(slot + off + 2) != prot)
            return FC_ERR_ENCODING;
        if (prot != 4)
            return FC_ERR_UNSUPPORTED;
        off += prot;
    }
    job->hash_len = off;
    if (slot_len - off < 4 || le16(slot + off) != 0x6907)
        return FC_ERR_ENCODING;
    end = le16(slot + off + 2);
    if (end < 4 || end > slot_len - off)
        return FC_ERR_ENCODING;
    tlv_end = off + end;
    if (tlv_end > policy->slot_size)
        return FC_ERR_LENGTH;
    for (off += 4; off < tlv_end;) {
        unsigned type;
        size_t len;
        if (tlv_end - off < 4)
            return FC_ERR_ENCODING;
        type = slot[off];
        len = le16(slot + off + 2);
        off += 4;
        if (len > tlv_end - off)
            return FC_ERR_ENCODING;
        if (type == 0x01 && len == 32)
            keyhash = slot + off;
        else if (type == 0x10 && len == 32)
            hash = slot + off;
        else if ((type == 0x22 && key->alg == FC_SECP256R1) ||
                 (type == 0x24 && key->alg == FC_ED25519 && len == 64)) {
            job->sig = slot + off;
            job->sig_len = len;
        }
        off += len;
    }
    if (hash == NULL || keyhash == NULL || job->sig == NULL)
        return FC_ERR_VERIFY;
    st = fc_hash(NULL, FC_SHA256, kh, sizeof kh, key->pub, key->pub_len);
    if (st != FC_OK)
        return st;
    if (memcmp(kh, keyhash, 32) != 0)
        return FC_ERR_VERIFY; /* signed by another key */
    if (older(&job->info.version, &policy->min_version))
        return FC_ERR_ARGUMENT; /* downgrade */
    if (key->alg == FC_SECP256R1) {
        st = fc_ec_spki_parse(&curve, job->pub, &pub_len, key->pub, key->pub_len);
        if (st == FC_OK && (curve != FC_SECP256R1 || pub_len != 65))
            st = FC_ERR_KEY;
    } else if (key->alg == FC_ED25519 && key->pub_len == 44 &&
               memcmp(key->pub, ed_spki, sizeof ed_spki) == 0) {
        memcpy(job->pub, key->pub + 12, 32);
        st = FC_OK;
    } else {
        st = FC_ERR_KEY;
    }
    if (st != FC_OK)
        return st;
    memcpy(job->expect, hash, 32);
    job->alg = key->alg;
    job->slot = slot;
    job->info.image_size = (uint32_t)tlv_end;
    st = fc_hash_init(&job->hash, NULL, FC_SHA256);
    if (st != FC_OK)
        return st;
    job->stage = HASHING;
    return FC_OK;
}

fc_status fc_mcuboot_step(fc_mcuboot_job *job, uint32_t budget)
{
    fc_status st;
    if (job == NULL)
        return FC_ERR_NULL;
    if (job->stage == HASHING) {
        size_t n = (budget / HASH_UNIT_COST + 1) * HASH_UNIT_BYTES;
        if (n > job->hash_len - job->hashed)
            n = job->hash_len - job->hashed;
        st = fc_hash_update(&job->hash, job->slot + job->hashed, n);
        job->hashed += n;
        if (st == FC_OK && job->hashed == job->hash_len)
            st = fc_hash_final(&job->hash, job->info.digest, 32);
        if (st != FC_OK || job->hashed < job->hash_len)
            return st != FC_OK ? (job->stage = 0, st) : FC_PENDING;
        if (memcmp(job->info.digest, job->expect, 32) != 0) {
            job->stage = 0;
            return FC_ERR_VERIFY;
        }
        if (job->alg == FC_SECP256R1)
            st = fc_job_ecdsa_verify_digest(&job->job, NULL, FC_SECP256R1, job->pub, 65,
                                            job->info.digest, 32, job->sig, job->sig_len,
                                            FC_ECDSA_DER);
        else
            st = fc_job_eddsa_verify(&job->job, NULL, FC_ED25519, job->pub, NULL, 0,
                                     job->info.digest, 32, job->sig);
        if (st != FC_OK) {
            job->stage = 0;
            return st == FC_ERR_ENCODING ? FC_ERR_VERIFY : st;
        }
        job->stage = VERIFYING;
        return FC_PENDING;
    }
    if (job->stage == VERIFYING) {
        st = fc_job_step(&job->job, budget);
        if (st == FC_PENDING)
            return st;
        job->stage = st == FC_OK ? DONE : 0;
        return st == FC_OK ? FC_OK : FC_ERR_VERIFY;
    }
    return FC_ERR_STATE;
}

fc_status fc_mcuboot_result(const fc_mcuboot_job *job, fc_mcuboot_info *info)
{
    if (job == NULL || info == NULL)
        return FC_ERR_NULL;
    if (job->stage != DONE)
        return FC_ERR_STATE;
    *info = job->info;
    return FC_OK;
}
