/* Zeroization: after each API call returns, on success and on failure, the stack region its
 * callees used holds none of the secrets involved (the shared secret K, the scalar, ISK, the
 * PACE key, HMAC keys), and contexts that ended hold nothing. The region below the caller's
 * frame is painted first, then the call runs, then the region is searched for every 12-byte
 * window of each secret. Every call names the soft provider: it is fieldcrypt's own code, whose
 * wiping this checks (the default on a host build is the openssl chain). */
#include <stdlib.h>
#include <string.h>

#include "fieldcrypt/fieldcrypt.h"
#include "testutil.h"

#define REGION 16384
#define WINDOW 12

#if defined(__clang__)
#define NOINLINE __attribute__((noinline))
#define NO_ASAN __attribute__((no_sanitize("address", "memory")))
#elif defined(__GNUC__)
#define NOINLINE __attribute__((noinline))
#define NO_ASAN __attribute__((no_sanitize("address")))
#else
#define NOINLINE
#define NO_ASAN
#endif

static uintptr_t region_top; /* address just below the frame the calls are made from */
static const fc_provider *soft;

/* Paints REGION bytes of the stack below the current frame, and notes where they end. */
static NOINLINE void paint(void)
{
    volatile uint8_t area[REGION];
    size_t i;
    for (i = 0; i < REGION; i++)
        area[i] = 0xA5;
    region_top = (uintptr_t)(area + REGION);
}

/* 1 if any WINDOW-byte piece of secret[0..len) lies in the painted region. The region is
 * copied out first, into static memory: this function's own small frame overlays only the very
 * top of the region (the callee's outermost frame), the rest is as the call left it. It reads
 * stack memory below the live frames on purpose, hence no AddressSanitizer instrumentation. */
static uint8_t snapshot[REGION];

static NOINLINE NO_ASAN int region_holds(const uint8_t *secret, size_t len)
{
    const volatile uint8_t *base = (const volatile uint8_t *)(region_top - REGION);
    size_t i, j;
    for (i = 0; i < REGION; i++)
        snapshot[i] = base[i];
    for (j = 0; j + WINDOW <= len; j++)
        for (i = 0; i + WINDOW <= REGION; i++)
            if (memcmp(snapshot + i, secret + j, WINDOW) == 0)
                return 1;
    return 0;
}

static int fixed_fill(void *user, uint8_t *out, size_t len)
{
    size_t i;
    for (i = 0; i < len; i++)
        out[i] = (uint8_t)(*(uint8_t *)user + 7 * i);
    return 0;
}

static NOINLINE void x25519_case(void)
{
    uint8_t k[32], u[32], out[32], clamped[32];
    size_t i;
    for (i = 0; i < 32; i++)
        k[i] = (uint8_t)(3 * i + 1), u[i] = (uint8_t)(5 * i + 2);
    paint();
    CHECK(fc_xdh(soft, FC_X25519, out, k, u) == FC_OK, "x25519");
    memcpy(clamped, k, 32);
    clamped[0] &= 248, clamped[31] &= 127, clamped[31] |= 64;
    CHECK(!region_holds(out, 32), "X25519 result left on the stack");
    CHECK(!region_holds(clamped, 32), "clamped scalar left on the stack");
    paint();
    CHECK(fc_xdh(soft, FC_X19119, out, k, u) == FC_OK, "x19119");
    CHECK(!region_holds(out, 24), "X19119 result left on the stack");
}

static NOINLINE void hmac_case(void)
{
    uint8_t key[200], tag[64], prk[64];
    size_t i;
    for (i = 0; i < sizeof(key); i++)
        key[i] = (uint8_t)(i * 13 + 5);
    paint();
    CHECK(fc_mac(soft, FC_HMAC_SHA512, tag, 64, key, 40, key + 40, 100) == FC_OK, "hmac");
    CHECK(!region_holds(key, 40), "HMAC key left on the stack");
    CHECK(!region_holds(tag, 64), "HMAC tag left on the stack");
    paint();
    CHECK(fc_mac(soft, FC_HMAC_SHA256, tag, 64, key, 200, key, 10) == FC_OK, "hmac long key");
    CHECK(!region_holds(key, 200), "long HMAC key left on the stack");
    paint();
    CHECK(fc_kdf_extract(soft, FC_HKDF_SHA512, prk, 64, key, 16, key + 16, 32) == FC_OK, "extract");
    CHECK(!region_holds(prk, 64), "PRK left on the stack");
}

static NOINLINE void cpace_case(int wrong_tag)
{
    uint8_t sa = 1, sb = 2, ya[32], yb[32], ta[64], tb[64], isk[64], scal[32];
    fc_rng ra = {fixed_fill, &sa}, rb = {fixed_fill, &sb};
    fc_cpace_ctx a, b;
    fc_cpace_params p;
    memset(&p, 0, sizeof(p));
    p.suite = FC_CPACE_X25519_SHA512;
    p.role = FC_CPACE_INITIATOR;
    p.prs = (const uint8_t *)"correct horse battery staple", p.prs_len = 28;
    p.confirm = 1;
    p.provider = soft;
    memset(&a, 0, sizeof(a));
    memset(&b, 0, sizeof(b));
    paint();
    CHECK(fc_cpace_start(&a, &p, &ra, ya, 32) == FC_OK, "start a");
    p.role = FC_CPACE_RESPONDER;
    CHECK(fc_cpace_start(&b, &p, &rb, yb, 32) == FC_OK, "start b");
    fixed_fill(&sa, scal, 32);
    CHECK(!region_holds(scal, 32), "CPace scalar left on the stack");
    paint();
    CHECK(fc_cpace_receive(&a, yb, 32, NULL, 0) == FC_OK && fc_cpace_receive(&b, ya, 32, NULL, 0) == FC_OK,
          "receive");
    CHECK(fc_ct_is_zero(a.scalar, 32), "scalar wiped from the context after receive");
    CHECK(fc_cpace_tag(&a, ta, 64) == FC_OK && fc_cpace_tag(&b, tb, 64) == FC_OK, "tags");
    if (wrong_tag)
        tb[0] ^= 1;
    CHECK(fc_cpace_verify(&a, tb, 64) == (wrong_tag ? FC_ERR_VERIFY : FC_OK), "verify");
    CHECK(fc_cpace_verify(&b, ta, 64) == FC_OK && fc_cpace_isk(&b, isk, 64) == FC_OK, "isk");
    CHECK(!region_holds(isk, 64), "ISK left on the stack");
    if (wrong_tag)
        CHECK(!region_holds(isk, 64) && fc_ct_is_zero(a.isk, 64) && fc_ct_is_zero(a.own_tag, 64),
              "failed side keeps nothing");
    fc_cpace_wipe(&a);
    fc_cpace_wipe(&b);
    CHECK(fc_ct_is_zero(&a, sizeof(a)) && fc_ct_is_zero(&b, sizeof(b)), "fc_cpace_wipe clears");
}

static NOINLINE void pace_case(void)
{
    uint8_t sd = 3, sh = 4, kpi[32], m1[24], m2[48], m3[48], m4[16], key[32];
    fc_rng rd = {fixed_fill, &sd}, rh = {fixed_fill, &sh};
    fc_pace2017_ctx dev, hh;
    memset(&dev, 0, sizeof(dev));
    memset(&hh, 0, sizeof(hh));
    paint();
    CHECK(fc_pace2017_derive_kpi(soft, kpi, (const uint8_t *)"pw", 2, NULL, 0) == FC_OK, "kpi");
    CHECK(!region_holds(kpi, 32), "K_pi left on the stack");
    paint();
    CHECK(fc_pace2017_device_start(&dev, soft, &rd, m1, 24, kpi) == FC_OK &&
          fc_pace2017_handheld_start(&hh, soft, &rh, m2, 48, kpi, m1, 24) == FC_OK &&
          fc_pace2017_device_respond(&dev, m3, 48, m2, 48) == FC_OK &&
          fc_pace2017_handheld_finish(&hh, m4, 16, m3, 48) == FC_OK &&
          fc_pace2017_device_finish(&dev, m4, 16) == FC_OK && fc_pace2017_session_key(&dev, key, 32) == FC_OK,
          "pace run");
    CHECK(!region_holds(key, 32), "PACE key left on the stack");
    CHECK(!region_holds(kpi, 32), "K_pi left on the stack by the run");
    fc_pace2017_wipe(&dev);
    fc_pace2017_wipe(&hh);
}

/* Bytes of the painted region at depths [lo, hi) below its top that are neither the paint
 * nor also_ok; *deepest (if not NULL) gets the deepest such byte's depth. */
#define FRAME_SLACK 160

/* The symmetric families: keys, plaintexts and unwrapped keys are gone from the stack after
 * the call, on success and when a tag, padding or integrity check fails. */
static NOINLINE void symmetric_case(void)
{
    static const fc_alg aeads[4] = {FC_AES_GCM, FC_AES_CCM, FC_CHACHA20_POLY1305,
                                    FC_XCHACHA20_POLY1305};
    uint8_t key[48], msg[64], out[80], back[80], tag[16], nonce[24] = {1};
    size_t i, n;
    for (i = 0; i < sizeof(key); i++)
        key[i] = (uint8_t)(i * 7 + 3);
    for (i = 0; i < sizeof(msg); i++)
        msg[i] = (uint8_t)(i * 11 + 1);
    for (i = 0; i < 4; i++) {
        size_t klen = i < 2 ? 16 : 32, nlen = i == 1 ? 13 : i == 3 ? 24 : 12;
        paint();
        CHECK(fc_aead_encrypt(soft, aeads[i], out, tag, 16, key, klen, nonce, nlen, NULL, 0, msg,
                              64) == FC_OK, "seal");
        CHECK(!region_holds(key, klen) && !region_holds(msg, 64), "AEAD key or plaintext left");
        paint();
        tag[0] ^= 1;
        CHECK(fc_aead_decrypt(soft, aeads[i], back, key, klen, nonce, nlen, NULL, 0, out, 64, tag,
                              16) == FC_ERR_VERIFY, "forged open");
        CHECK(!region_holds(key, klen) && !region_holds(msg, 64),
              "AEAD key or plaintext left after a forgery");
    }
    paint();
    n = sizeof(out);
    CHECK(fc_cipher(soft, FC_AES_CBC_PKCS7, FC_ENCRYPT, out, &n, key, 32, nonce, 16, msg, 40) ==
              FC_OK, "cbc");
    CHECK(!region_holds(key, 32) && !region_holds(msg, 40), "CBC key or plaintext left");
    paint();
    n = sizeof(back);
    CHECK(fc_cipher(soft, FC_AES_CBC, FC_DECRYPT, back, &n, key, 32, nonce, 16, out, 48) == FC_OK,
          "cbc raw");
    back[47] ^= 0x40; /* wrong padding once encrypted again */
    n = sizeof(out);
    CHECK(fc_cipher(soft, FC_AES_CBC, FC_ENCRYPT, out, &n, key, 32, nonce, 16, back, 48) ==
              FC_OK, "cbc again");
    paint();
    n = sizeof(back);
    CHECK(fc_cipher(soft, FC_AES_CBC_PKCS7, FC_DECRYPT, back, &n, key, 32, nonce, 16, out, 48) ==
              FC_ERR_PADDING, "bad padding");
    CHECK(!region_holds(msg, 32), "plaintext left after a padding failure");
    paint();
    n = sizeof(out);
    CHECK(fc_wrap(soft, FC_AES_KW, out, &n, key, 16, msg, 32) == FC_OK, "wrap");
    n = sizeof(back);
    CHECK(fc_unwrap(soft, FC_AES_KW, back, &n, key, 16, out, 40) == FC_OK, "unwrap");
    CHECK(!region_holds(msg, 32) && !region_holds(key, 16), "wrapped key or KEK left");
    paint();
    CHECK(fc_mac(soft, FC_AES_CMAC, tag, 16, key, 16, msg, 64) == FC_OK &&
              fc_mac(soft, FC_POLY1305, tag, 16, key, 32, msg, 64) == FC_OK, "cmac, poly1305");
    CHECK(!region_holds(key, 32), "CMAC or Poly1305 key left on the stack");
}

static NOINLINE NO_ASAN size_t stack_used(size_t lo, size_t hi, uint8_t also_ok, size_t *deepest)
{
    const volatile uint8_t *base = (const volatile uint8_t *)(region_top - REGION);
    size_t depth, n = 0;
    for (depth = lo; depth < hi && depth <= REGION; depth++)
        if (base[REGION - depth] != 0xA5 && base[REGION - depth] != also_ok) {
            n++;
            if (deepest != NULL)
                *deepest = depth;
        }
    return n;
}

/* The secp256r1 jobs: RFC 6979 A.2.5's key and nonce (P-256, SHA-256, "sample") are not on
 * the stack after a sliced signature; an ECDH job wiped half way leaves nothing of its steps. */
static NOINLINE void p256_engine_case(void)
{
    static const char d_hex[] =
        "c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721";
    static const char e_hex[] =
        "af2bdbe1aa9b6ec1e2ade1d694f41fc71a831d0268e9891562113d8a62add1bf";
    static const char k_hex[] =
        "a6e3c57dd01abe90086538398355dd4c3b17aa873382b0f24d6129493d8aad60";
    static fc_job job;
    uint8_t *d, *e, *k, sig[64], pub[65], out[32];
    size_t n, i, dirty, left, deepest = 0;
    fc_status st;
    if (!fc_job_supports(soft, FC_SECP256R1))
        return;
    d = tu_unhex(d_hex, &n);
    e = tu_unhex(e_hex, &n);
    k = tu_unhex(k_hex, &n);
    memset(&job, 0, sizeof(job));
    paint();
    CHECK(fc_job_ecdsa_sign_digest(&job, soft, FC_SECP256R1, FC_SHA256, NULL, sig, d, e, 32, 0) ==
              FC_OK, "p256 sign job start");
    do
        st = fc_job_step(&job, 28000);
    while (st == FC_PENDING);
    CHECK(st == FC_OK, "p256 sign job");
    CHECK(!region_holds(d, 32) && !region_holds(k, 32),
          "engine: P-256 key or nonce left on the stack by a sliced signature");
    CHECK(fc_ct_is_zero((const uint8_t *)&job + 4, sizeof(job) - 4), "engine: p256 job wiped");
    CHECK(fc_ec_public_key(soft, FC_SECP256R1, pub, e) == FC_OK, "p256 peer");
    paint();
    CHECK(fc_job_ecdh(&job, soft, FC_SECP256R1, out, d, pub, 65) == FC_OK, "p256 ecdh start");
    for (i = 0; i < 30; i++)
        fc_job_step(&job, 1);
    dirty = stack_used(FRAME_SLACK, REGION, 0xA5, &deepest);
    fc_job_wipe(&job);
    left = stack_used(FRAME_SLACK, deepest + 1, 0, NULL);
    CHECK(dirty > 64, "engine: the P-256 steps used the stack (%zu bytes)", dirty);
    CHECK(left == 0, "engine: a wiped P-256 job left %zu of the %zu bytes its steps wrote", left,
          dirty);
    free(d);
    free(e);
    free(k);
}

/* The Ed25519 and X448 jobs: the seed, the expanded key, X448's clamped scalar and result
 * are not on the stack after the job, the job is wiped, and an Ed25519 verification wiped half
 * way leaves nothing of its steps. */
static NOINLINE void ed_x448_engine_case(void)
{
    static fc_job job;
    uint8_t seed[32], h[64], pub[32], msg[48], sig[64], xk[56], xu[56], xout[56], clamped[56];
    size_t i, dirty, left, deepest = 0;
    fc_status st;
    if (!fc_job_supports(soft, FC_ED25519) || !fc_job_supports(soft, FC_X448))
        return;
    for (i = 0; i < 32; i++)
        seed[i] = (uint8_t)(13 * i + 7);
    for (i = 0; i < sizeof(msg); i++)
        msg[i] = (uint8_t)(5 * i + 1);
    CHECK(fc_hash(soft, FC_SHA512, h, 64, seed, 32) == FC_OK, "expanded key");
    h[0] &= 248, h[31] = (uint8_t)((h[31] & 127) | 64);
    memset(&job, 0, sizeof(job));
    paint();
    CHECK(fc_job_eddsa_sign(&job, soft, FC_ED25519, sig, seed, NULL, NULL, 0, msg,
                            sizeof(msg)) == FC_OK, "ed25519 sign job start");
    do
        st = fc_job_step(&job, 28000);
    while (st == FC_PENDING);
    CHECK(st == FC_OK, "ed25519 sign job");
    CHECK(!region_holds(seed, 32), "engine: Ed25519 seed left on the stack by a sliced signature");
    CHECK(!region_holds(h, 32) && !region_holds(h + 32, 32),
          "engine: Ed25519 scalar or prefix left on the stack by a sliced signature");
    CHECK(fc_ct_is_zero((const uint8_t *)&job + 4, sizeof(job) - 4), "engine: ed25519 job wiped");

    CHECK(fc_eddsa_public_key(soft, FC_ED25519, pub, seed) == FC_OK, "ed25519 public key");
    paint();
    CHECK(fc_job_eddsa_verify(&job, soft, FC_ED25519, pub, NULL, 0, msg, sizeof(msg), sig) ==
              FC_OK, "ed25519 verify job start");
    for (i = 0; i < 30; i++)
        fc_job_step(&job, 1);
    dirty = stack_used(FRAME_SLACK, REGION, 0xA5, &deepest);
    fc_job_wipe(&job);
    left = stack_used(FRAME_SLACK, deepest + 1, 0, NULL);
    CHECK(dirty > 64, "engine: the Ed25519 steps used the stack (%zu bytes)", dirty);
    CHECK(left == 0, "engine: a wiped Ed25519 job left %zu of the %zu bytes its steps wrote",
          left, dirty);

    for (i = 0; i < 56; i++)
        xk[i] = (uint8_t)(9 * i + 2), xu[i] = (uint8_t)(5 * i + 3);
    memcpy(clamped, xk, 56);
    clamped[0] &= 252, clamped[55] |= 128;
    paint();
    CHECK(fc_job_xdh(&job, soft, FC_X448, xout, xk, xu) == FC_OK, "x448 job start");
    do
        st = fc_job_step(&job, 28000);
    while (st == FC_PENDING);
    CHECK(st == FC_OK, "x448 job");
    CHECK(!region_holds(clamped, 56), "engine: X448 scalar left on the stack by a job");
    CHECK(!region_holds(xout, 56), "engine: X448 result left on the stack by a job");
    CHECK(fc_ct_is_zero((const uint8_t *)&job + 4, sizeof(job) - 4), "engine: x448 job wiped");
}

/* The slice engine wipes the stack its steps used when a job ends, done or wiped. */
static NOINLINE void engine_case(void)
{
    static fc_job job;
    uint8_t k[32], u[32], out[32], digest[64];
    fc_status st;
    size_t i, dirty, left, deepest = 0;
    for (i = 0; i < 32; i++)
        k[i] = (uint8_t)(11 * i + 9), u[i] = (uint8_t)(7 * i + 4);
    memset(&job, 0, sizeof(job));
    paint();
    CHECK(fc_job_xdh(&job, soft, FC_X25519, out, k, u) == FC_OK, "job start");
    do
        st = fc_job_step(&job, 9000);
    while (st == FC_PENDING);
    CHECK(st == FC_OK, "job x25519");
    CHECK(!region_holds(out, 32), "engine: X25519 result left on the stack");
    CHECK(fc_ct_is_zero((const uint8_t *)&job + 4, sizeof(job) - 4), "engine: job wiped");
    paint();
    CHECK(fc_job_hash(&job, soft, FC_SHA512, digest, k, 32) == FC_OK, "job sha512 start");
    do
        st = fc_job_step(&job, 1);
    while (st == FC_PENDING);
    CHECK(st == FC_OK && !region_holds(digest, 64), "engine: digest left on the stack");
    /* Wiped half way (fc_job_wipe): whatever the units left on the stack below the step's own
     * frames must be zero afterwards (the top FRAME_SLACK bytes hold the frames of the calls
     * made since: return addresses and saved registers). */
    paint();
    CHECK(fc_job_map(&job, soft, FC_ELLIGATOR2_CURVE25519, out, k) == FC_OK, "job map start");
    for (i = 0; i < 30; i++)
        fc_job_step(&job, 1);
    dirty = stack_used(FRAME_SLACK, REGION, 0xA5, &deepest);
    fc_job_wipe(&job);
    left = stack_used(FRAME_SLACK, deepest + 1, 0, NULL);
    CHECK(dirty > 64, "engine: the steps used the stack (%zu bytes)", dirty);
    CHECK(left == 0, "engine: a wiped job left %zu of the %zu bytes its steps wrote", left,
          dirty);
    p256_engine_case();
    ed_x448_engine_case();
}

/* the search must be able to find something: a secret deliberately left behind */
static NOINLINE void leave_secret(const uint8_t *s)
{
    volatile uint8_t copy[64];
    size_t i;
    for (i = 0; i < 64; i++)
        copy[i] = s[i];
    (void)copy[0];
}

/* The curves: private keys, ECDSA's RFC 6979 nonce (RFC 6979 A.2.5 gives it for its P-256
 * key and "sample" under SHA-256), ECDH secrets, Ed25519's seed and expanded key, X448's
 * scalar and result; after success and after a refused peer point. */
static NOINLINE void ec_case(void)
{
    static const char d_hex[] =
        "c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721";
    static const char k_hex[] =
        "a6e3c57dd01abe90086538398355dd4c3b17aa873382b0f24d6129493d8aad60";
    uint8_t *d, *k, pub[65], peer[65], shared[32], sig[64], seed[32], h[64], esig[64];
    uint8_t xk[56], xu[56], xout[56], clamped[56];
    size_t d_len, k_len, len = sizeof(sig), i;
    d = tu_unhex(d_hex, &d_len);
    k = tu_unhex(k_hex, &k_len);
    CHECK(fc_ec_public_key(soft, FC_SECP256R1, pub, d) == FC_OK, "public key");
    memset(peer, 0, sizeof(peer));
    peer[31] = 0x42;
    CHECK(fc_ec_public_key(soft, FC_SECP256R1, peer, peer) == FC_OK, "peer");
    paint();
    CHECK(fc_ecdsa_sign(soft, FC_SECP256R1, FC_SHA256, NULL, sig, &len, d,
                        (const uint8_t *)"sample", 6, 0) == FC_OK, "sign");
    CHECK(!region_holds(d, 32), "ECDSA private key left on the stack");
    CHECK(!region_holds(k, 32), "ECDSA nonce left on the stack");
    paint();
    CHECK(fc_ecdh(soft, FC_SECP256R1, shared, d, peer, 65) == FC_OK, "ecdh");
    CHECK(!region_holds(d, 32), "ECDH private key left on the stack");
    CHECK(!region_holds(shared, 32), "ECDH secret left on the stack");
    peer[64] ^= 1; /* off the curve */
    paint();
    CHECK(fc_ecdh(soft, FC_SECP256R1, shared, d, peer, 65) == FC_ERR_POINT, "bad peer");
    CHECK(!region_holds(d, 32), "private key left after a refused point");

    for (i = 0; i < 32; i++)
        seed[i] = (uint8_t)(11 * i + 3);
    CHECK(fc_hash(soft, FC_SHA512, h, 64, seed, 32) == FC_OK, "expanded key");
    paint();
    CHECK(fc_eddsa_sign(soft, FC_ED25519, esig, seed, NULL, NULL, 0, seed, 32) == FC_OK,
          "ed25519");
    CHECK(!region_holds(seed, 32), "Ed25519 seed left on the stack");
    CHECK(!region_holds(h, 64), "Ed25519 expanded key left on the stack");

    for (i = 0; i < 56; i++)
        xk[i] = (uint8_t)(7 * i + 1), xu[i] = (uint8_t)(3 * i + 5);
    memcpy(clamped, xk, 56);
    clamped[0] &= 252, clamped[55] |= 128;
    paint();
    CHECK(fc_xdh(soft, FC_X448, xout, xk, xu) == FC_OK, "x448");
    CHECK(!region_holds(clamped, 56), "X448 scalar left on the stack");
    CHECK(!region_holds(xout, 56), "X448 result left on the stack");
    free(d);
    free(k);
}

static NOINLINE void control_case(void)
{
    uint8_t s[64];
    size_t i;
    for (i = 0; i < 64; i++)
        s[i] = (uint8_t)(i * 29 + 3);
    paint();
    leave_secret(s);
    CHECK(region_holds(s, 64), "the search finds a secret left on the stack");
}

int main(void)
{
    soft = fc_provider_find("soft");
    control_case();
    x25519_case();
    hmac_case();
    cpace_case(0);
    cpace_case(1);
    pace_case();
    engine_case();
    symmetric_case();
    ec_case();
    return tu_finish("test_zeroize");
}
