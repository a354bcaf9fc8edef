/* MCUboot image verification (mcuboot.h): images built here in imgtool 2.1.0's layout
 * (image.py: header, protected TLVs, SHA256, KEYHASH, ECDSASIG / ED25519) and signed with
 * the library's own P-256 and Ed25519, good and bad, through every provider, whole and
 * sliced; two images signed by imgtool itself (mcuboot_images.h) as known answers; the
 * trailer. tests/python/test_mcuboot.py checks more images imgtool signs at test time. */
#include <stdlib.h>
#include <string.h>

#include "fieldcrypt/fieldcrypt.h"
#include "mcuboot_images.h" /* signed by imgtool 2.1.0: tests/c/gen_mcuboot_images.py */
#include "testutil.h"

#define HDR 64u       /* a header longer than its 32 fixed bytes, as imgtool's 0x200 */
#define BODY 200u
#define CAP 1024u

typedef struct signer {
    fc_alg alg;
    uint8_t priv[32];
    uint8_t pub[65];    /* SEC1 uncompressed, or the 32-byte Ed25519 key */
    size_t pub_len;
    uint8_t spki[91];
    size_t spki_len;
} signer;

static const uint8_t spki_p256[26] = {0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48,
                                      0xce, 0x3d, 0x02, 0x01, 0x06, 0x08, 0x2a, 0x86, 0x48,
                                      0xce, 0x3d, 0x03, 0x01, 0x07, 0x03, 0x42, 0x00};
static const uint8_t spki_ed25519[12] = {0x30, 0x2a, 0x30, 0x05, 0x06, 0x03,
                                         0x2b, 0x65, 0x70, 0x03, 0x21, 0x00};

static signer ec_a, ec_b, ed_a, ed_b;

static void make_signer(signer *s, fc_alg alg, uint8_t seed)
{
    size_t i;
    memset(s, 0, sizeof(*s));
    s->alg = alg;
    for (i = 0; i < 32; i++)
        s->priv[i] = (uint8_t)(seed + 7 * i);
    s->priv[0] = 0x11; /* below the P-256 order */
    if (alg == FC_SECP256R1) {
        CHECK(fc_ec_public_key(NULL, alg, s->pub, s->priv) == FC_OK, "p256 key");
        s->pub_len = 65;
        memcpy(s->spki, spki_p256, 26);
        memcpy(s->spki + 26, s->pub, 65);
        s->spki_len = 91;
    } else {
        CHECK(fc_eddsa_public_key(NULL, alg, s->pub, s->priv) == FC_OK, "ed25519 key");
        s->pub_len = 32;
        memcpy(s->spki, spki_ed25519, 12);
        memcpy(s->spki + 12, s->pub, 32);
        s->spki_len = 44;
    }
}

static fc_mcuboot_key key_of(const signer *s)
{
    fc_mcuboot_key k;
    k.alg = s->alg;
    k.pub = s->pub;
    k.pub_len = s->pub_len;
    return k;
}

/* What an image is made of. */
typedef struct spec {
    const signer *by;
    const signer *also;           /* a second key's KEYHASH + signature first, or NULL */
    uint8_t major, minor;
    uint16_t revision;
    uint32_t build, flags, load_addr;
    const uint8_t *prot;          /* protected TLV entries (without the info), or NULL */
    size_t prot_len;
    int pubkey_tlv;               /* PUBKEY instead of KEYHASH */
    int no_sha, two_sha, pad_sig; /* leave out the SHA256 TLV, write two, pad ECDSA to 72 */
} spec;

static void put16(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}

static void put32(uint8_t *p, uint32_t v)
{
    put16(p, v);
    put16(p + 2, v >> 16);
}

static size_t put_tlv(uint8_t *p, uint32_t type, const uint8_t *v, size_t len)
{
    put16(p, type);
    put16(p + 2, (uint32_t)len);
    memcpy(p + 4, v, len);
    return 4 + len;
}

/* The signature TLV of s over digest, as imgtool writes it. */
static size_t put_sig(uint8_t *p, const signer *s, const uint8_t *digest, int pad)
{
    uint8_t sig[80];
    size_t len = sizeof sig;
    if (s->alg == FC_ED25519) {
        CHECK(fc_eddsa_sign(NULL, FC_ED25519, sig, s->priv, s->pub, NULL, 0, digest, 32) ==
                  FC_OK, "sign");
        return put_tlv(p, 0x24, sig, 64);
    }
    CHECK(fc_ecdsa_sign_digest(NULL, FC_SECP256R1, FC_SHA256, NULL, sig, &len, s->priv, digest,
                               32, FC_ECDSA_DER) == FC_OK, "sign");
    if (pad) {
        memset(sig + len, 0, 72 - len);
        len = 72;
    }
    return put_tlv(p, 0x22, sig, len);
}

static size_t put_key(uint8_t *p, const signer *s, int pubkey)
{
    uint8_t h[32];
    if (pubkey)
        return put_tlv(p, 0x02, s->spki, s->spki_len);
    CHECK(fc_hash(NULL, FC_SHA256, h, 32, s->spki, s->spki_len) == FC_OK, "keyhash");
    return put_tlv(p, 0x01, h, 32);
}

/* Builds the image into out (CAP bytes, the rest 0xff as erased flash); returns its size. */
static size_t build(uint8_t *out, const spec *sp)
{
    size_t off, tlv, i;
    uint8_t digest[32];
    memset(out, 0xff, CAP);
    memset(out, 0, HDR);
    put32(out, FC_MCUBOOT_IMAGE_MAGIC);
    put32(out + 4, sp->load_addr);
    put16(out + 8, HDR);
    put16(out + 10, sp->prot != NULL ? (uint32_t)(sp->prot_len + 4) : 0);
    put32(out + 12, BODY);
    put32(out + 16, sp->flags);
    out[20] = sp->major;
    out[21] = sp->minor;
    put16(out + 22, sp->revision);
    put32(out + 24, sp->build);
    for (i = 0; i < BODY; i++)
        out[HDR + i] = (uint8_t)(i * 13 + 5);
    off = HDR + BODY;
    if (sp->prot != NULL) {
        put16(out + off, 0x6908);
        put16(out + off + 2, (uint32_t)(sp->prot_len + 4));
        memcpy(out + off + 4, sp->prot, sp->prot_len);
        off += sp->prot_len + 4;
    }
    CHECK(fc_hash(NULL, FC_SHA256, digest, 32, out, off) == FC_OK, "digest");
    tlv = off;
    off += 4;
    if (!sp->no_sha)
        off += put_tlv(out + off, 0x10, digest, 32);
    if (sp->two_sha)
        off += put_tlv(out + off, 0x10, digest, 32);
    if (sp->also != NULL) {
        off += put_key(out + off, sp->also, 0);
        off += put_sig(out + off, sp->also, digest, 0);
    }
    off += put_key(out + off, sp->by, sp->pubkey_tlv);
    off += put_sig(out + off, sp->by, digest, sp->pad_sig);
    put16(out + tlv, 0x6907);
    put16(out + tlv + 2, (uint32_t)(off - tlv));
    return off;
}

static spec plain(const signer *by)
{
    spec sp;
    memset(&sp, 0, sizeof(sp));
    sp.by = by;
    sp.major = 1;
    sp.minor = 2;
    sp.revision = 3;
    sp.build = 4;
    return sp;
}

/* The sliced check with a budget kind (0 random, 1 one, 2 a 28,000 slice, 3 unlimited). */
static fc_status run_sliced(const fc_provider *p, fc_mcuboot_info *info, const fc_mcuboot_key *k,
                            const fc_mcuboot_policy *pol, const uint8_t *slot, size_t len,
                            int kind, unsigned long *steps)
{
    static fc_mcuboot_job job; /* 1.3 KiB: off the stack */
    fc_status st;
    unsigned long n = 0;
    memset(info, 0, sizeof(*info));
    st = fc_mcuboot_start(&job, p, k, pol, slot, len);
    while (st == FC_OK || st == FC_PENDING) {
        uint32_t budget = kind == 0 ? tu_random_budget()
                          : kind == 1 ? 1u
                          : kind == 2 ? 28000u
                                      : 0xffffffffu;
        st = fc_mcuboot_step(&job, budget);
        n++;
        if (st == FC_OK)
            CHECK(fc_mcuboot_result(&job, info) == FC_OK, "result");
        if (st != FC_PENDING)
            break;
    }
    CHECK(fc_mcuboot_step(&job, 100) == FC_ERR_STATE, "a finished job is not stepped");
    if (steps != NULL)
        *steps = n;
    fc_mcuboot_wipe(&job);
    CHECK(tu_all_zero(&job, sizeof(job)), "wiped");
    return st;
}

/* Both forms give want (and the same info on success). */
static void expect(const fc_provider *p, const signer *s, const fc_mcuboot_policy *pol,
                   const uint8_t *slot, size_t len, fc_status want, const char *what)
{
    fc_mcuboot_key k = key_of(s);
    fc_mcuboot_info a, b;
    fc_status st = fc_mcuboot_check(p, &a, &k, pol, slot, len);
    CHECK(st == want, "%s (%s, %s): check %d, want %d", what, p ? p->name : "default",
          s->alg == FC_ED25519 ? "ed25519" : "p256", st, want);
    if (st != FC_OK)
        CHECK(tu_all_zero(&a, sizeof(a)), "%s: info zeroed", what);
    st = run_sliced(p, &b, &k, pol, slot, len, (int)(tu_rand() % 4), NULL);
    CHECK(st == want, "%s (%s): sliced %d, want %d", what, p ? p->name : "default", st, want);
    if (st == FC_OK && want == FC_OK)
        CHECK(memcmp(&a, &b, sizeof(a)) == 0, "%s: the same info", what);
}

static int provider_runs(const fc_provider *p, fc_alg alg)
{
    return fc_provider_supports(p, FC_SHA256) && fc_provider_supports(p, alg);
}

static void test_good(const fc_provider *p, const signer *s)
{
    static uint8_t img[CAP];
    static const uint8_t sec_cnt[8] = {0x50, 0, 4, 0, 0x03, 0x00, 0x02, 0x01};
    fc_mcuboot_key k = key_of(s), kspki;
    fc_mcuboot_info info;
    fc_mcuboot_policy pol;
    spec sp = plain(s);
    size_t len = build(img, &sp);
    uint8_t digest[32];
    int kind;

    CHECK(fc_mcuboot_check(p, &info, &k, NULL, img, CAP) == FC_OK, "%s: good", p->name);
    CHECK(info.version.major == 1 && info.version.minor == 2 && info.version.revision == 3 &&
              info.version.build == 4 && info.hdr_size == HDR && info.img_size == BODY &&
              info.protect_tlv_size == 0 && info.total_size == len && !info.has_security_counter,
          "info");
    fc_hash(NULL, FC_SHA256, digest, 32, img, HDR + BODY);
    CHECK(memcmp(info.digest, digest, 32) == 0, "digest");
    for (kind = 0; kind < 4; kind++) {
        fc_mcuboot_info b;
        unsigned long steps = 0;
        CHECK(run_sliced(p, &b, &k, NULL, img, len, kind, &steps) == FC_OK, "sliced %d", kind);
        CHECK(memcmp(&info, &b, sizeof(info)) == 0, "sliced info %d", kind);
        CHECK(kind != 1 || steps > 10, "budget 1 runs in many steps");
    }
    /* the key as its SubjectPublicKeyInfo */
    kspki = k;
    kspki.pub = s->spki;
    kspki.pub_len = s->spki_len;
    CHECK(fc_mcuboot_check(p, &info, &kspki, NULL, img, len) == FC_OK, "spki key");

    /* policies */
    memset(&pol, 0, sizeof(pol));
    pol.min_version.major = 1;
    pol.min_version.minor = 2;
    pol.min_version.revision = 3;
    pol.min_version.build = 5;
    expect(p, s, &pol, img, len, FC_OK, "same version (build not compared)");
    pol.flags = FC_MCUBOOT_CMP_BUILD;
    expect(p, s, &pol, img, len, FC_ERR_DOWNGRADE, "build below");
    pol.flags = 0;
    pol.min_version.revision = 4;
    expect(p, s, &pol, img, len, FC_ERR_DOWNGRADE, "downgrade");
    pol.flags = FC_MCUBOOT_ALLOW_DOWNGRADE;
    expect(p, s, &pol, img, len, FC_OK, "downgrade allowed");
    memset(&pol, 0, sizeof(pol));
    pol.min_version.major = 2;
    expect(p, s, &pol, img, len, FC_ERR_DOWNGRADE, "downgrade (major)");
    memset(&pol, 0, sizeof(pol));
    pol.slot_size = len;
    expect(p, s, &pol, img, CAP, FC_OK, "fits the slot exactly");
    pol.slot_size = len - 1;
    expect(p, s, &pol, img, CAP, FC_ERR_LENGTH, "oversized");
    memset(&pol, 0, sizeof(pol));
    pol.flags = FC_MCUBOOT_CHECK_LOAD_ADDR;
    expect(p, s, &pol, img, len, FC_OK, "load address 0");
    pol.load_addr = 0x20000000u;
    expect(p, s, &pol, img, len, FC_ERR_ARGUMENT, "load address");

    /* other good shapes */
    sp = plain(s);
    sp.prot = sec_cnt;
    sp.prot_len = sizeof sec_cnt;
    len = build(img, &sp);
    CHECK(fc_mcuboot_check(p, &info, &k, NULL, img, len) == FC_OK &&
              info.has_security_counter && info.security_counter == 0x01020003u &&
              info.protect_tlv_size == 12,
          "security counter");
    expect(p, s, NULL, img, len, FC_OK, "protected SEC_CNT");
    sp = plain(s);
    sp.pubkey_tlv = 1;
    len = build(img, &sp);
    expect(p, s, NULL, img, len, FC_OK, "PUBKEY TLV");
    sp = plain(s);
    sp.pad_sig = 1;
    len = build(img, &sp);
    expect(p, s, NULL, img, len, FC_OK, "padded signature");
    sp = plain(s);
    sp.also = s->alg == FC_ED25519 ? &ed_b : &ec_b;
    len = build(img, &sp);
    expect(p, s, NULL, img, len, FC_OK, "another key's signature first");
    expect(p, sp.also, NULL, img, len, FC_OK, "the other key's own");
    sp = plain(s);
    sp.also = s->alg == FC_ED25519 ? &ec_a : &ed_a;
    len = build(img, &sp);
    expect(p, s, NULL, img, len, FC_OK, "a key of the other type first");
}

/* Each byte of the image changed: refused, whole and sliced. */
static void test_flips(const fc_provider *p, const signer *s)
{
    static uint8_t img[CAP];
    static const uint8_t sec_cnt[8] = {0x50, 0, 4, 0, 1, 0, 0, 0};
    fc_mcuboot_key k = key_of(s);
    fc_mcuboot_info info;
    spec sp = plain(s);
    size_t len, i;
    unsigned refused = 0;
    sp.prot = sec_cnt;
    sp.prot_len = sizeof sec_cnt;
    len = build(img, &sp);
    for (i = 0; i < len; i++) {
        fc_status st;
        img[i] ^= (uint8_t)(1u << (i % 8));
        st = fc_mcuboot_check(p, &info, &k, NULL, img, CAP);
        refused += st != FC_OK;
        CHECK(st != FC_OK, "%s: byte %u flipped, accepted", p->name, (unsigned)i);
        if (i % 16 == 0 || i < 32 || i >= HDR + BODY) { /* sliced: a sample */
            fc_mcuboot_info b;
            CHECK(run_sliced(p, &b, &k, NULL, img, CAP, (int)(i % 4), NULL) == st,
                  "byte %u: sliced agrees", (unsigned)i);
        }
        img[i] ^= (uint8_t)(1u << (i % 8));
    }
    CHECK(refused == len, "every flip refused");
    /* bytes after the image (erased flash) are not the image's */
    img[len + 3] = 0;
    expect(p, s, NULL, img, CAP, FC_OK, "after the image");
}

static void test_bad(const fc_provider *p, const signer *s)
{
    static uint8_t img[CAP];
    static const uint8_t dep[16] = {0x40, 0, 12, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0};
    static const uint8_t sec_short[6] = {0x50, 0, 2, 0, 1, 0};
    const signer *other = s->alg == FC_ED25519 ? &ed_b : &ec_b;
    const signer *cross = s->alg == FC_ED25519 ? &ec_a : &ed_a;
    spec sp = plain(s);
    size_t len = build(img, &sp), tlv = HDR + BODY, cut;
    uint8_t save[4];

    for (cut = 0; cut < len; cut += cut < 40 ? 1 : 7)
        expect(p, s, NULL, img, cut, FC_ERR_LENGTH, "truncated");
    expect(p, s, NULL, img, len - 1, FC_ERR_LENGTH, "truncated by one");
    expect(p, other, NULL, img, len, FC_ERR_VERIFY, "another key");
    expect(p, cross, NULL, img, len, FC_ERR_VERIFY, "a key of the other type");

    img[0] ^= 1;
    expect(p, s, NULL, img, len, FC_ERR_ENCODING, "header magic");
    img[0] ^= 1;
    put16(img + 8, 31);
    expect(p, s, NULL, img, len, FC_ERR_ENCODING, "hdr_size below 32");
    put16(img + 8, HDR);
    put32(img + 12, 0xfffffff0u);
    expect(p, s, NULL, img, len, FC_ERR_LENGTH, "img_size past the slot");
    put32(img + 12, BODY);
    img[tlv] ^= 1;
    expect(p, s, NULL, img, len, FC_ERR_ENCODING, "TLV info magic");
    img[tlv] ^= 1;
    memcpy(save, img + tlv, 4);
    put16(img + tlv + 2, 3);
    expect(p, s, NULL, img, len, FC_ERR_ENCODING, "TLV total below its info");
    put16(img + tlv + 2, (uint32_t)(len - tlv + 8));
    expect(p, s, NULL, img, CAP, FC_ERR_ENCODING, "TLV total longer than its entries");
    expect(p, s, NULL, img, len + 4, FC_ERR_LENGTH, "TLV total past the slot");
    put16(img + tlv + 2, (uint32_t)(len - tlv - 2));
    expect(p, s, NULL, img, CAP, FC_ERR_ENCODING, "TLV total cuts an entry");
    memcpy(img + tlv, save, 4);
    put16(img + tlv + 6, 0x7000); /* the SHA256 TLV's length */
    expect(p, s, NULL, img, CAP, FC_ERR_ENCODING, "TLV length lying");
    put16(img + tlv + 6, 31);
    expect(p, s, NULL, img, CAP, FC_ERR_ENCODING, "SHA256 TLV of 31 bytes");
    put16(img + tlv + 6, 32);
    expect(p, s, NULL, img, len, FC_OK, "restored");

    if (s->alg == FC_SECP256R1) { /* a key off the curve, named by the image's KEYHASH */
        signer bogus = *s;
        bogus.pub[64] ^= 1;
        bogus.spki[90] ^= 1;
        sp = plain(&bogus);
        len = build(img, &sp);
        expect(p, &bogus, NULL, img, len, FC_ERR_POINT, "key off the curve");
    }

    sp = plain(s);
    sp.no_sha = 1;
    len = build(img, &sp);
    expect(p, s, NULL, img, len, FC_ERR_VERIFY, "no SHA256 TLV");
    sp = plain(s);
    sp.two_sha = 1;
    len = build(img, &sp);
    expect(p, s, NULL, img, len, FC_ERR_ENCODING, "two SHA256 TLVs");
    sp = plain(s);
    sp.prot = dep;
    sp.prot_len = sizeof dep;
    len = build(img, &sp);
    expect(p, s, NULL, img, len, FC_ERR_UNSUPPORTED, "a dependency TLV");
    sp.prot = sec_short;
    sp.prot_len = sizeof sec_short;
    len = build(img, &sp);
    expect(p, s, NULL, img, len, FC_ERR_ENCODING, "SEC_CNT of 2 bytes");
    put16(img + tlv + 2, 12); /* protect_tlv_size says 10 */
    expect(p, s, NULL, img, len, FC_ERR_ENCODING, "protected total disagrees with the header");
    sp = plain(s);
    sp.flags = FC_MCUBOOT_F_ENCRYPTED_AES128;
    len = build(img, &sp);
    expect(p, s, NULL, img, len, FC_ERR_UNSUPPORTED, "encrypted");
    sp = plain(s);
    sp.flags = FC_MCUBOOT_F_RAM_LOAD;
    sp.load_addr = 0x20001000u;
    len = build(img, &sp);
    {
        fc_mcuboot_policy pol;
        memset(&pol, 0, sizeof(pol));
        pol.flags = FC_MCUBOOT_CHECK_LOAD_ADDR;
        pol.load_addr = 0x20001000u;
        expect(p, s, &pol, img, len, FC_OK, "RAM load at its address");
    }
}

/* imgtool's own images: accepted with imgtool's digest, whole and sliced at every budget
 * kind, and refused with a byte of the body changed. */
static void test_imgtool(const fc_provider *p, fc_alg alg, const uint8_t *image, size_t len,
                         const uint8_t *pub, size_t pub_len, const uint8_t *digest)
{
    static uint8_t copy[512];
    fc_mcuboot_key k;
    fc_mcuboot_info info, b;
    int kind;
    k.alg = alg;
    k.pub = pub;
    k.pub_len = pub_len;
    CHECK(fc_mcuboot_check(p, &info, &k, NULL, image, len) == FC_OK, "imgtool image (%s)",
          p->name);
    CHECK(memcmp(info.digest, digest, 32) == 0 && info.version.major == 1 &&
              info.version.minor == 2 && info.version.revision == 3 && info.version.build == 4 &&
              info.has_security_counter && info.security_counter == 5 && info.hdr_size == 32 &&
              info.img_size == 300 && info.protect_tlv_size == 12 && info.total_size == len,
          "imgtool image's info");
    for (kind = 0; kind < 4; kind++) {
        CHECK(run_sliced(p, &b, &k, NULL, image, len, kind, NULL) == FC_OK &&
                  memcmp(&b, &info, sizeof(b)) == 0,
              "imgtool image sliced (%d)", kind);
    }
    CHECK(len <= sizeof copy, "image size");
    memcpy(copy, image, len);
    copy[100] ^= 0x40;
    CHECK(fc_mcuboot_check(p, &info, &k, NULL, copy, len) == FC_ERR_VERIFY &&
              run_sliced(p, &b, &k, NULL, copy, len, 2, NULL) == FC_ERR_VERIFY,
          "imgtool image changed");
}

static void test_misuse(void)
{
    static uint8_t img[CAP];
    static fc_mcuboot_job job;
    spec sp = plain(&ec_a);
    size_t len = build(img, &sp);
    fc_mcuboot_key k = key_of(&ec_a), bad;
    fc_mcuboot_info info;
    uint8_t pub[65];

    memset(&info, 0xaa, sizeof(info));
    CHECK(fc_mcuboot_check(NULL, &info, NULL, NULL, img, len) == FC_ERR_NULL &&
              tu_all_zero(&info, sizeof(info)), "NULL key");
    CHECK(fc_mcuboot_check(NULL, NULL, &k, NULL, img, len) == FC_ERR_NULL, "NULL info");
    CHECK(fc_mcuboot_check(NULL, &info, &k, NULL, NULL, len) == FC_ERR_NULL, "NULL slot");
    bad = k;
    bad.pub = NULL;
    CHECK(fc_mcuboot_check(NULL, &info, &bad, NULL, img, len) == FC_ERR_NULL, "NULL pub");
    bad = k;
    bad.alg = FC_SHA256;
    CHECK(fc_mcuboot_check(NULL, &info, &bad, NULL, img, len) == FC_ERR_ARGUMENT, "alg");
    bad = k;
    bad.pub_len = 33;
    CHECK(fc_mcuboot_check(NULL, &info, &bad, NULL, img, len) == FC_ERR_LENGTH, "compressed");
    memcpy(pub, ec_a.pub, 65);
    pub[0] = 0x05;
    bad.pub = pub;
    bad.pub_len = 65;
    CHECK(fc_mcuboot_check(NULL, &info, &bad, NULL, img, len) == FC_ERR_ENCODING, "prefix");
    bad = key_of(&ed_a);
    bad.pub_len = 31;
    CHECK(fc_mcuboot_check(NULL, &info, &bad, NULL, img, len) == FC_ERR_LENGTH, "ed25519 len");

    memset(&job, 0, sizeof(job));
    CHECK(fc_mcuboot_step(&job, 1000) == FC_ERR_STATE, "step before start");
    CHECK(fc_mcuboot_step(NULL, 1000) == FC_ERR_NULL, "step NULL");
    CHECK(fc_mcuboot_result(&job, &info) == FC_ERR_STATE && tu_all_zero(&info, sizeof(info)),
          "result before start");
    CHECK(fc_mcuboot_start(NULL, NULL, &k, NULL, img, len) == FC_ERR_NULL, "start NULL");
    CHECK(fc_mcuboot_start(&job, NULL, &k, NULL, img, 10) == FC_ERR_LENGTH &&
              fc_mcuboot_step(&job, 1000) == FC_ERR_STATE,
          "a refused start leaves no job");
    CHECK(fc_mcuboot_start(&job, NULL, &k, NULL, img, len) == FC_OK, "start");
    CHECK(fc_mcuboot_start(&job, NULL, &k, NULL, img, len) == FC_ERR_STATE, "start twice");
    CHECK(fc_mcuboot_step(&job, 0) == FC_ERR_ARGUMENT, "budget 0");
    CHECK(fc_mcuboot_step(&job, 1) == FC_PENDING, "a step");
    CHECK(fc_mcuboot_result(&job, &info) == FC_ERR_STATE, "result while running");
    fc_mcuboot_wipe(&job);
    CHECK(tu_all_zero(&job, sizeof(job)), "wipe zeroes a running job");
    CHECK(fc_mcuboot_step(&job, 1000) == FC_ERR_STATE, "step after wipe");
    fc_mcuboot_wipe(NULL);
    img[HDR] ^= 1; /* a failed job: no result */
    CHECK(fc_mcuboot_start(&job, NULL, &k, NULL, img, len) == FC_OK, "start");
    while (fc_mcuboot_step(&job, 50000) == FC_PENDING) {
    }
    CHECK(fc_mcuboot_result(&job, &info) == FC_ERR_STATE, "no result after a failure");
    img[HDR] ^= 1;
    fc_mcuboot_wipe(&job);
}

static void test_trailer(void)
{
    /* MCUboot's boot_img_magic (bootutil_misc.c's four words, little-endian) */
    static const uint8_t magic[16] = {0x77, 0xc2, 0x95, 0xf3, 0x60, 0xd2, 0xef, 0x7f,
                                      0x35, 0x52, 0x50, 0x0f, 0x2c, 0xb6, 0x79, 0x80};
    uint8_t t[160], want[160];
    unsigned state = 99;
    size_t a, n;

    CHECK(fc_mcuboot_trailer_size(8) == 48 && fc_mcuboot_trailer_size(4) == 32 &&
              fc_mcuboot_trailer_size(32) == 160 && fc_mcuboot_trailer_size(16) == 80 && fc_mcuboot_trailer_size(1) == 20 &&
              fc_mcuboot_trailer_size(3) == 0 && fc_mcuboot_trailer_size(0) == 0 &&
              fc_mcuboot_trailer_size(64) == 0,
          "trailer sizes");
    /* pending, max_align 8: swap_size, swap_info = TEST, copy_done, image_ok, magic */
    memset(want, 0xff, 48);
    want[8] = 0x02;
    memcpy(want + 32, magic, 16);
    CHECK(fc_mcuboot_trailer(t, 48, FC_MCUBOOT_TRAILER_PENDING, 8, 0xff) == FC_OK &&
              memcmp(t, want, 48) == 0,
          "pending");
    want[8] = 0x03;
    want[24] = 0x01;
    CHECK(fc_mcuboot_trailer(t, 48, FC_MCUBOOT_TRAILER_PERMANENT, 8, 0xff) == FC_OK &&
              memcmp(t, want, 48) == 0,
          "permanent");
    /* max_align 16: the magic starts with the alignment */
    CHECK(fc_mcuboot_trailer(t, 80, FC_MCUBOOT_TRAILER_PENDING, 16, 0xff) == FC_OK &&
              t[64] == 16 && t[65] == 0 && t[66] == 0x2d && t[79] == 0x8a && t[16] == 2 &&
              t[48] == 0xff,
          "max_align 16");
    for (a = 1; a <= 32; a *= 2) {
        unsigned s;
        n = fc_mcuboot_trailer_size(a);
        for (s = FC_MCUBOOT_TRAILER_PENDING; s <= FC_MCUBOOT_TRAILER_CONFIRMED; s++) {
            CHECK(fc_mcuboot_trailer(t, n, s, a, 0x00) == FC_OK &&
                      fc_mcuboot_trailer_read(&state, t, n, a, 0x00) == FC_OK && state == s,
                  "round trip %u at %u", s, (unsigned)a);
        }
        memset(t, 0xff, n);
        CHECK(fc_mcuboot_trailer_read(&state, t, n, a, 0xff) == FC_OK &&
                  state == FC_MCUBOOT_TRAILER_NONE,
              "erased");
    }
    fc_mcuboot_trailer(t, 48, FC_MCUBOOT_TRAILER_PENDING, 8, 0xff);
    t[40] ^= 1;
    CHECK(fc_mcuboot_trailer_read(&state, t, 48, 8, 0xff) == FC_ERR_ENCODING &&
              state == FC_MCUBOOT_TRAILER_NONE, "bad magic");
    t[40] ^= 1;
    t[24] = 0x55;
    CHECK(fc_mcuboot_trailer_read(&state, t, 48, 8, 0xff) == FC_ERR_ENCODING, "bad image_ok");
    t[24] = 0xff;
    t[8] = 0x07;
    CHECK(fc_mcuboot_trailer_read(&state, t, 48, 8, 0xff) == FC_ERR_ENCODING, "bad swap_info");
    memset(t, 0xee, sizeof t);
    CHECK(fc_mcuboot_trailer(t, 47, FC_MCUBOOT_TRAILER_PENDING, 8, 0xff) == FC_ERR_LENGTH &&
              t[0] == 0xee, "short");
    CHECK(fc_mcuboot_trailer(t, 48, 0, 8, 0xff) == FC_ERR_ARGUMENT &&
              fc_mcuboot_trailer(t, 48, 4, 8, 0xff) == FC_ERR_ARGUMENT &&
              fc_mcuboot_trailer(t, 48, 1, 3, 0xff) == FC_ERR_ARGUMENT && t[0] == 0xee,
          "bad state or alignment");
    CHECK(fc_mcuboot_trailer(NULL, 48, 1, 8, 0xff) == FC_ERR_NULL &&
              fc_mcuboot_trailer_read(NULL, t, 48, 8, 0xff) == FC_ERR_NULL &&
              fc_mcuboot_trailer_read(&state, NULL, 48, 8, 0xff) == FC_ERR_NULL &&
              fc_mcuboot_trailer_read(&state, t, 47, 8, 0xff) == FC_ERR_LENGTH,
          "trailer misuse");
}

int main(void)
{
    size_t i;
    tu_seed(20261124u);
    make_signer(&ec_a, FC_SECP256R1, 1);
    make_signer(&ec_b, FC_SECP256R1, 2);
    make_signer(&ed_a, FC_ED25519, 3);
    make_signer(&ed_b, FC_ED25519, 4);
    for (i = 0; i < tu_provider_count(); i++) {
        const fc_provider *p = tu_provider_at(i);
        const signer *both[2];
        size_t j;
        both[0] = &ec_a;
        both[1] = &ed_a;
        for (j = 0; j < 2; j++) {
            if (!provider_runs(p, both[j]->alg))
                continue;
            test_good(p, both[j]);
            test_flips(p, both[j]);
            test_bad(p, both[j]);
            if (both[j]->alg == FC_SECP256R1)
                test_imgtool(p, FC_SECP256R1, imgtool_p256_image, sizeof imgtool_p256_image,
                             imgtool_p256_pub, sizeof imgtool_p256_pub, imgtool_p256_digest);
            else
                test_imgtool(p, FC_ED25519, imgtool_ed25519_image,
                             sizeof imgtool_ed25519_image, imgtool_ed25519_pub,
                             sizeof imgtool_ed25519_pub, imgtool_ed25519_digest);
            printf("test_mcuboot: %s images through %s\n",
                   both[j]->alg == FC_ED25519 ? "ed25519" : "p256", p->name);
        }
    }
    test_misuse();
    test_trailer();
    return tu_finish("test_mcuboot");
}
