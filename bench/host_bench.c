/* Host side of `fieldcrypt bench`: the benchmark image's operations (bench_main.c) through the
 * providers of the host build (soft, openssl) and through libsodium, mbedTLS (-DFC_HAVE_MBEDTLS)
 * and wolfSSL (-DFC_HAVE_WOLFSSL), each result checked against the same known answers (kat.h).
 * bench.py sets the two defines only when the library's header is present.
 *
 *   host_bench callgrind   run every (provider, operation) once after a warm-up call, between
 *                          CALLGRIND_ZERO_STATS and CALLGRIND_DUMP_STATS_AT("<provider> <op>")
 *                          (run it under valgrind --tool=callgrind; a protocol side is dumped once
 *                          per step and the dumps of one label are summed)
 *   host_bench time [MS]   wall-clock: repeat each until MS milliseconds (default 50) have
 *                          passed; prints "<provider> <op> <bytes> <ns per op>" lines
 * Exit status 1 if any result differs from its known answer. */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sodium.h>
#ifdef FC_HAVE_MBEDTLS
#include <mbedtls/ecp.h>
#include <mbedtls/md.h>
#include <mbedtls/sha256.h>
#include <mbedtls/sha512.h>
#endif
#ifdef FC_HAVE_WOLFSSL
#include <wolfssl/options.h>
#include <wolfssl/wolfcrypt/curve25519.h>
#include <wolfssl/wolfcrypt/hash.h>
#include <wolfssl/wolfcrypt/hmac.h>
#endif
#include <valgrind/callgrind.h>

#include "fieldcrypt/fieldcrypt.h"
#include "kat.h"

#define MSG_LEN 2048u

static uint8_t msg[MSG_LEN], out[MSG_LEN];
static int failures, mode_time;
static double min_ns = 50e6;
static const char *cur_provider;

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static uint32_t fnv1a(const uint8_t *p, size_t n)
{
    uint32_t h = 2166136261u;
    while (n--) {
        h ^= *p++;
        h *= 16777619u;
    }
    return h;
}

static void fail(const char *op)
{
    fprintf(stderr, "FAIL %s %s\n", cur_provider, op);
    failures++;
}

static int lcg_fill(void *user, uint8_t *dst, size_t len)
{
    uint32_t *s = (uint32_t *)user;
    size_t i;
    for (i = 0; i < len; i++) {
        *s = *s * 1103515245u + 12345u;
        dst[i] = (uint8_t)(*s >> 24);
    }
    return 0;
}

/* An operation: returns 1 if its result is right, 0 if wrong, -1 if the provider lacks it. */
typedef int (*op_fn)(const fc_provider *p);

/* ---- fieldcrypt providers ---- */

static int st_ok(fc_status st)
{
    return st == FC_ERR_UNSUPPORTED ? -1 : st == FC_OK;
}

static int op_x25519(const fc_provider *p)
{
    uint8_t r[32];
    int ok = st_ok(fc_xdh(p, FC_X25519, r, KAT_X25519_K, KAT_X25519_U));
    return ok == 1 ? !memcmp(r, KAT_X25519_OUT, 32) : ok;
}

static int op_x25519_base(const fc_provider *p)
{
    uint8_t r[32];
    int ok = st_ok(fc_xdh_base(p, FC_X25519, r, KAT_X25519_K));
    return ok == 1 ? !memcmp(r, KAT_X25519_BASE_OUT, 32) : ok;
}

static int op_x19119(const fc_provider *p)
{
    uint8_t r[24];
    int ok = st_ok(fc_xdh(p, FC_X19119, r, KAT_X19119_K, KAT_X19119_U));
    return ok == 1 ? !memcmp(r, KAT_X19119_OUT, 24) : ok;
}

static int op_x19119_base(const fc_provider *p)
{
    uint8_t r[24];
    int ok = st_ok(fc_xdh_base(p, FC_X19119, r, KAT_X19119_K));
    return ok == 1 ? !memcmp(r, KAT_X19119_BASE_OUT, 24) : ok;
}

static int op_ell25519(const fc_provider *p)
{
    uint8_t r[32];
    int ok = st_ok(fc_map(p, FC_ELLIGATOR2_CURVE25519, r, KAT_ELL25519_R));
    return ok == 1 ? !memcmp(r, KAT_ELL25519_OUT, 32) : ok;
}

static int op_ell19119(const fc_provider *p)
{
    uint8_t r[24];
    int ok = st_ok(fc_map(p, FC_ELLIGATOR2_CURVE19119, r, KAT_ELL19119_R));
    return ok == 1 ? !memcmp(r, KAT_ELL19119_OUT, 24) : ok;
}

static int op_sha512_10(const fc_provider *p)
{
    uint8_t d[64];
    int ok = st_ok(fc_hash(p, FC_SHA512, d, 64, msg, 10));
    return ok == 1 ? !memcmp(d, KAT_SHA512_10, 64) : ok;
}

static int op_sha512_2k(const fc_provider *p)
{
    uint8_t d[64];
    int ok = st_ok(fc_hash(p, FC_SHA512, d, 64, msg, MSG_LEN));
    return ok == 1 ? !memcmp(d, KAT_SHA512_2K, 64) : ok;
}

static int op_sha256_2k(const fc_provider *p)
{
    uint8_t d[32];
    int ok = st_ok(fc_hash(p, FC_SHA256, d, 32, msg, MSG_LEN));
    return ok == 1 ? !memcmp(d, KAT_SHA256_2K, 32) : ok;
}

static int op_salsa20_2k(const fc_provider *p)
{
    int ok = st_ok(fc_stream(p, FC_SALSA20, out, msg, MSG_LEN, KAT_SALSA_KEY, 32,
                             KAT_SALSA_NONCE, 8));
    return ok == 1 ? !memcmp(out, KAT_SALSA20_2K_HEAD, 16) && fnv1a(out, MSG_LEN) == KAT_SALSA20_2K_FNV
                   : ok;
}

static int op_hmac512(const fc_provider *p)
{
    uint8_t d[64];
    int ok = st_ok(fc_mac(p, FC_HMAC_SHA512, d, 64, KAT_HMAC_KEY, 32, msg, 64));
    return ok == 1 ? !memcmp(d, KAT_HMAC512, 64) : ok;
}

/* ---- protocol runs: per-side accounting ---- */

static double side_ns[2];
static const char *side_label[2];
static char label_buf[2][64];

#define STEP(side, code)                                                       \
    do {                                                                       \
        double t0_;                                                            \
        CALLGRIND_ZERO_STATS;                                                  \
        t0_ = now_ns();                                                        \
        code;                                                                  \
        side_ns[side] += now_ns() - t0_;                                       \
        if (!mode_time)                                                        \
            CALLGRIND_DUMP_STATS_AT(side_label[side]);                         \
    } while (0)

static int cpace_run(const fc_provider *p)
{
    static const uint8_t prs[] = KAT_CPACE_PRS, ci[] = KAT_CPACE_CI, sid[] = KAT_CPACE_SID;
    static const uint8_t ad_i[] = KAT_CPACE_AD_I, ad_r[] = KAT_CPACE_AD_R;
    fc_cpace_ctx ci_ctx, cr_ctx;
    uint32_t seed_i = KAT_CPACE_SEED_I, seed_r = KAT_CPACE_SEED_R;
    fc_rng rng_i = {lcg_fill, &seed_i}, rng_r = {lcg_fill, &seed_r};
    fc_cpace_params p_i = {FC_CPACE_X25519_SHA512, FC_CPACE_INITIATOR, prs, sizeof prs, ci,
                           sizeof ci, sid, sizeof sid, ad_i, sizeof ad_i, 1, p};
    fc_cpace_params p_r = p_i;
    uint8_t y_i[32], y_r[32], t_i[64], t_r[64], isk_i[64], isk_r[64];
    int ok = 1;
    p_r.role = FC_CPACE_RESPONDER;
    p_r.ad = ad_r;
    p_r.ad_len = sizeof ad_r;
    STEP(0, ok &= fc_cpace_start(&ci_ctx, &p_i, &rng_i, y_i, 32) == FC_OK);
    STEP(1, ok &= fc_cpace_start(&cr_ctx, &p_r, &rng_r, y_r, 32) == FC_OK);
    STEP(0, ok &= fc_cpace_receive(&ci_ctx, y_r, 32, ad_r, sizeof ad_r) == FC_OK;
         ok &= fc_cpace_tag(&ci_ctx, t_i, 64) == FC_OK);
    STEP(1, ok &= fc_cpace_receive(&cr_ctx, y_i, 32, ad_i, sizeof ad_i) == FC_OK;
         ok &= fc_cpace_tag(&cr_ctx, t_r, 64) == FC_OK;
         ok &= fc_cpace_verify(&cr_ctx, t_i, 64) == FC_OK);
    STEP(0, ok &= fc_cpace_verify(&ci_ctx, t_r, 64) == FC_OK);
    ok &= fc_cpace_isk(&ci_ctx, isk_i, 64) == FC_OK && fc_cpace_isk(&cr_ctx, isk_r, 64) == FC_OK;
    fc_cpace_wipe(&ci_ctx);
    fc_cpace_wipe(&cr_ctx);
    return ok && !memcmp(isk_i, KAT_CPACE_ISK, 64) && !memcmp(isk_r, KAT_CPACE_ISK, 64);
}

static int pace_run(const fc_provider *p)
{
    fc_pace2017_ctx d, h;
    uint32_t seed_d = KAT_PACE_SEED_D, seed_h = KAT_PACE_SEED_H;
    fc_rng rng_d = {lcg_fill, &seed_d}, rng_h = {lcg_fill, &seed_h};
    uint8_t m1[24], m2[48], m3[48], m4[16], key_d[32], key_h[32];
    int ok = 1;
    STEP(0, ok &= fc_pace2017_device_start(&d, p, &rng_d, m1, 24, KAT_PACE_KPI) == FC_OK);
    STEP(1, ok &= fc_pace2017_handheld_start(&h, p, &rng_h, m2, 48, KAT_PACE_KPI, m1, 24) == FC_OK);
    STEP(0, ok &= fc_pace2017_device_respond(&d, m3, 48, m2, 48) == FC_OK);
    STEP(1, ok &= fc_pace2017_handheld_finish(&h, m4, 16, m3, 48) == FC_OK);
    STEP(0, ok &= fc_pace2017_device_finish(&d, m4, 16) == FC_OK);
    ok &= fc_pace2017_session_key(&d, key_d, 32) == FC_OK && fc_pace2017_session_key(&h, key_h, 32) == FC_OK;
    fc_pace2017_wipe(&d);
    fc_pace2017_wipe(&h);
    return ok && !memcmp(key_d, KAT_PACE_KEY, 32) && !memcmp(key_h, KAT_PACE_KEY, 32);
}

/* ---- libsodium ---- */

static int na_x25519(const fc_provider *p)
{
    uint8_t r[32];
    (void)p;
    return crypto_scalarmult(r, KAT_X25519_K, KAT_X25519_U) == 0 && !memcmp(r, KAT_X25519_OUT, 32);
}

static int na_x25519_base(const fc_provider *p)
{
    uint8_t r[32];
    (void)p;
    return crypto_scalarmult_base(r, KAT_X25519_K) == 0 && !memcmp(r, KAT_X25519_BASE_OUT, 32);
}

static int na_sha512_10(const fc_provider *p)
{
    uint8_t d[64];
    (void)p;
    crypto_hash_sha512(d, msg, 10);
    return !memcmp(d, KAT_SHA512_10, 64);
}

static int na_sha512_2k(const fc_provider *p)
{
    uint8_t d[64];
    (void)p;
    crypto_hash_sha512(d, msg, MSG_LEN);
    return !memcmp(d, KAT_SHA512_2K, 64);
}

static int na_sha256_2k(const fc_provider *p)
{
    uint8_t d[32];
    (void)p;
    crypto_hash_sha256(d, msg, MSG_LEN);
    return !memcmp(d, KAT_SHA256_2K, 32);
}

static int na_salsa20_2k(const fc_provider *p)
{
    (void)p;
    crypto_stream_salsa20_xor(out, msg, MSG_LEN, KAT_SALSA_NONCE, KAT_SALSA_KEY);
    return !memcmp(out, KAT_SALSA20_2K_HEAD, 16) && fnv1a(out, MSG_LEN) == KAT_SALSA20_2K_FNV;
}

static int na_hmac512(const fc_provider *p)
{
    /* crypto_auth_hmacsha512 takes a 32-byte key: the same key as the others */
    uint8_t d[64];
    crypto_auth_hmacsha512_state st;
    (void)p;
    crypto_auth_hmacsha512_init(&st, KAT_HMAC_KEY, 32);
    crypto_auth_hmacsha512_update(&st, msg, 64);
    crypto_auth_hmacsha512_final(&st, d);
    return !memcmp(d, KAT_HMAC512, 64);
}

#if defined(FC_HAVE_MBEDTLS) || defined(FC_HAVE_WOLFSSL)
/* X25519 scalar clamping (RFC 7748), for the libraries that want a clamped scalar as input */
static void clamp25519(uint8_t k[32], const uint8_t in[32])
{
    memcpy(k, in, 32);
    k[0] &= 248;
    k[31] &= 127;
    k[31] |= 64;
}
#endif

/* ---- mbedTLS 2.28 ---- */
#ifdef FC_HAVE_MBEDTLS
#define MB(f) f

/* X25519 through the generic ECP layer: scalar little-endian and clamped (mbedtls_ecp_mul checks
 * a Montgomery private key is clamped), u little-endian (point_read_binary drops the top bit). */
static int mb_x25519_mul(uint8_t r[32], const uint8_t k[32], const uint8_t *u)
{
    mbedtls_ecp_group grp;
    mbedtls_ecp_point Q, R;
    mbedtls_mpi d;
    uint8_t kc[32];
    int ok;
    clamp25519(kc, k);
    mbedtls_ecp_group_init(&grp);
    mbedtls_ecp_point_init(&Q);
    mbedtls_ecp_point_init(&R);
    mbedtls_mpi_init(&d);
    ok = mbedtls_ecp_group_load(&grp, MBEDTLS_ECP_DP_CURVE25519) == 0 &&
         mbedtls_mpi_read_binary_le(&d, kc, 32) == 0 &&
         (u ? mbedtls_ecp_point_read_binary(&grp, &Q, u, 32) == 0 : 1) &&
         mbedtls_ecp_mul(&grp, &R, &d, u ? &Q : &grp.G, NULL, NULL) == 0 &&
         mbedtls_mpi_write_binary_le(&R.X, r, 32) == 0;
    mbedtls_mpi_free(&d);
    mbedtls_ecp_point_free(&R);
    mbedtls_ecp_point_free(&Q);
    mbedtls_ecp_group_free(&grp);
    return ok;
}

static int mb_x25519(const fc_provider *p)
{
    uint8_t r[32];
    (void)p;
    return mb_x25519_mul(r, KAT_X25519_K, KAT_X25519_U) && !memcmp(r, KAT_X25519_OUT, 32);
}

static int mb_x25519_base(const fc_provider *p)
{
    uint8_t r[32];
    (void)p;
    return mb_x25519_mul(r, KAT_X25519_K, NULL) && !memcmp(r, KAT_X25519_BASE_OUT, 32);
}

static int mb_sha512_10(const fc_provider *p)
{
    uint8_t d[64];
    (void)p;
    return mbedtls_sha512_ret(msg, 10, d, 0) == 0 && !memcmp(d, KAT_SHA512_10, 64);
}

static int mb_sha512_2k(const fc_provider *p)
{
    uint8_t d[64];
    (void)p;
    return mbedtls_sha512_ret(msg, MSG_LEN, d, 0) == 0 && !memcmp(d, KAT_SHA512_2K, 64);
}

static int mb_sha256_2k(const fc_provider *p)
{
    uint8_t d[32];
    (void)p;
    return mbedtls_sha256_ret(msg, MSG_LEN, d, 0) == 0 && !memcmp(d, KAT_SHA256_2K, 32);
}

static int mb_hmac512(const fc_provider *p)
{
    uint8_t d[64];
    (void)p;
    return mbedtls_md_hmac(mbedtls_md_info_from_type(MBEDTLS_MD_SHA512), KAT_HMAC_KEY, 32, msg, 64,
                           d) == 0 && !memcmp(d, KAT_HMAC512, 64);
}
#else
#define MB(f) NULL
#endif

/* ---- wolfSSL 5.5 (wolfCrypt) ---- */
#ifdef FC_HAVE_WOLFSSL
#define WO(f) f

static int wo_x25519(const fc_provider *p)
{
    curve25519_key priv, pub;
    uint8_t kc[32], r[32];
    word32 rlen = sizeof r;
    int ok;
    (void)p;
    clamp25519(kc, KAT_X25519_K);
    wc_curve25519_init(&priv);
    wc_curve25519_init(&pub);
    ok = wc_curve25519_import_private_ex(kc, 32, &priv, EC25519_LITTLE_ENDIAN) == 0 &&
         wc_curve25519_import_public_ex(KAT_X25519_U, 32, &pub, EC25519_LITTLE_ENDIAN) == 0 &&
         wc_curve25519_shared_secret_ex(&priv, &pub, r, &rlen, EC25519_LITTLE_ENDIAN) == 0 &&
         rlen == 32;
    wc_curve25519_free(&pub);
    wc_curve25519_free(&priv);
    return ok && !memcmp(r, KAT_X25519_OUT, 32);
}

static int wo_x25519_base(const fc_provider *p)
{
    uint8_t kc[32], r[32];
    (void)p;
    clamp25519(kc, KAT_X25519_K);
    return wc_curve25519_make_pub(32, r, 32, kc) == 0 && !memcmp(r, KAT_X25519_BASE_OUT, 32);
}

static int wo_sha512_10(const fc_provider *p)
{
    uint8_t d[64];
    (void)p;
    return wc_Sha512Hash(msg, 10, d) == 0 && !memcmp(d, KAT_SHA512_10, 64);
}

static int wo_sha512_2k(const fc_provider *p)
{
    uint8_t d[64];
    (void)p;
    return wc_Sha512Hash(msg, MSG_LEN, d) == 0 && !memcmp(d, KAT_SHA512_2K, 64);
}

static int wo_sha256_2k(const fc_provider *p)
{
    uint8_t d[32];
    (void)p;
    return wc_Sha256Hash(msg, MSG_LEN, d) == 0 && !memcmp(d, KAT_SHA256_2K, 32);
}

static int wo_hmac512(const fc_provider *p)
{
    Hmac h;
    uint8_t d[64];
    int ok;
    (void)p;
    if (wc_HmacInit(&h, NULL, INVALID_DEVID) != 0)
        return 0;
    ok = wc_HmacSetKey(&h, WC_SHA512, KAT_HMAC_KEY, 32) == 0 && wc_HmacUpdate(&h, msg, 64) == 0 &&
         wc_HmacFinal(&h, d) == 0;
    wc_HmacFree(&h);
    return ok && !memcmp(d, KAT_HMAC512, 64);
}
#else
#define WO(f) NULL
#endif

struct op {
    const char *name;
    unsigned bytes;
    fc_alg alg;           /* what a fieldcrypt provider must implement itself to be timed */
    op_fn fc, na, mb, wo; /* fieldcrypt providers, libsodium, mbedTLS, wolfSSL (NULL: not offered) */
};

static const struct op ops[] = {
    {"x25519", 0, FC_X25519, op_x25519, na_x25519, MB(mb_x25519), WO(wo_x25519)},
    {"x25519_base", 0, FC_X25519, op_x25519_base, na_x25519_base, MB(mb_x25519_base),
     WO(wo_x25519_base)},
    {"x19119", 0, FC_X19119, op_x19119, NULL, NULL, NULL},
    {"x19119_base", 0, FC_X19119, op_x19119_base, NULL, NULL, NULL},
    {"elligator2_25519", 0, FC_ELLIGATOR2_CURVE25519, op_ell25519, NULL, NULL, NULL},
    {"elligator2_19119", 0, FC_ELLIGATOR2_CURVE19119, op_ell19119, NULL, NULL, NULL},
    {"sha512_10", 10, FC_SHA512, op_sha512_10, na_sha512_10, MB(mb_sha512_10), WO(wo_sha512_10)},
    {"sha512_2k", MSG_LEN, FC_SHA512, op_sha512_2k, na_sha512_2k, MB(mb_sha512_2k),
     WO(wo_sha512_2k)},
    {"sha256_2k", MSG_LEN, FC_SHA256, op_sha256_2k, na_sha256_2k, MB(mb_sha256_2k),
     WO(wo_sha256_2k)},
    /* neither mbedTLS nor wolfSSL has Salsa20 */
    {"salsa20_2k", MSG_LEN, FC_SALSA20, op_salsa20_2k, na_salsa20_2k, NULL, NULL},
    {"hmac_sha512_64", 64, FC_HMAC_SHA512, op_hmac512, na_hmac512, MB(mb_hmac512),
     WO(wo_hmac512)},
};

static void run_op(const char *prov, const struct op *o, op_fn fn, const fc_provider *p)
{
    char label[96];
    int r;
    cur_provider = prov;
    r = fn(p); /* warm-up, and: is it offered? */
    if (r < 0)
        return;
    if (r == 0) {
        fail(o->name);
        return;
    }
    snprintf(label, sizeof label, "%s %s", prov, o->name);
    if (mode_time) {
        /* best of batches of at least 1 ms: the least disturbed estimate on a shared machine */
        double start = now_ns(), best = 1e300;
        unsigned long k = 1, n;
        for (;;) {
            double t0 = now_ns(), t;
            for (n = 0; n < k; n++)
                fn(p);
            t = now_ns() - t0;
            if (t < 1e6) {
                k *= 2;
                continue;
            }
            if (t / (double)k < best)
                best = t / (double)k;
            if (now_ns() - start >= min_ns)
                break;
        }
        printf("%s %u %.1f\n", label, o->bytes, best);
    } else {
        CALLGRIND_ZERO_STATS;
        fn(p);
        CALLGRIND_DUMP_STATS_AT(label);
    }
}

static void run_protocol(const char *prov, const fc_provider *p, int (*run)(const fc_provider *),
                         const char *side0, const char *side1)
{
    unsigned long n = 0;
    double t0, best[2];
    cur_provider = prov;
    /* the protocols need the map, which OpenSSL lacks: through its chain they would time a
     * mix with soft's map, not OpenSSL's own code */
    if (!fc_provider_implements(p, FC_ELLIGATOR2_CURVE25519, NULL))
        return;
    snprintf(label_buf[0], sizeof label_buf[0], "%s %s", prov, side0);
    snprintf(label_buf[1], sizeof label_buf[1], "%s %s", prov, side1);
    side_label[0] = "warmup";
    side_label[1] = "warmup";
    if (!run(p)) { /* warm-up, checked */
        fail(side0);
        return;
    }
    side_label[0] = label_buf[0];
    side_label[1] = label_buf[1];
    t0 = now_ns();
    best[0] = best[1] = 1e300;
    do { /* best run per side */
        side_ns[0] = side_ns[1] = 0;
        run(p);
        n++;
        best[0] = side_ns[0] < best[0] ? side_ns[0] : best[0];
        best[1] = side_ns[1] < best[1] ? side_ns[1] : best[1];
    } while (mode_time && (now_ns() - t0 < min_ns || n < 5));
    if (mode_time) {
        printf("%s 0 %.1f\n", label_buf[0], best[0]);
        printf("%s 0 %.1f\n", label_buf[1], best[1]);
    }
}

int main(int argc, char **argv)
{
    static const char *provs[] = {"soft", "openssl"};
    size_t i, j;
    if (argc < 2 || (strcmp(argv[1], "time") && strcmp(argv[1], "callgrind"))) {
        fprintf(stderr, "usage: host_bench callgrind | time [MS]\n");
        return 2;
    }
    mode_time = !strcmp(argv[1], "time");
    if (mode_time && argc > 2)
        min_ns = atof(argv[2]) * 1e6;
    if (sodium_init() < 0)
        return 2;
    for (i = 0; i < MSG_LEN; i++)
        msg[i] = (uint8_t)(i * 7u + 1u);
    for (j = 0; j < sizeof provs / sizeof provs[0]; j++) {
        const fc_provider *p = fc_provider_find(provs[j]);
        if (!p)
            continue;
        /* a provider's column is its own code: what it hands down its chain (OpenSSL's
         * Salsa20, X19119, Elligator2 go to soft) is soft's column already */
        for (i = 0; i < sizeof ops / sizeof ops[0]; i++)
            if (fc_provider_implements(p, ops[i].alg, NULL))
                run_op(provs[j], &ops[i], ops[i].fc, p);
        run_protocol(provs[j], p, cpace_run, "cpace_initiator", "cpace_responder");
        run_protocol(provs[j], p, pace_run, "pace2017_device", "pace2017_handheld");
    }
    for (i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (ops[i].na)
            run_op("libsodium", &ops[i], ops[i].na, NULL);
    for (i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (ops[i].mb)
            run_op("mbedtls", &ops[i], ops[i].mb, NULL);
    for (i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (ops[i].wo)
            run_op("wolfssl", &ops[i], ops[i].wo, NULL);
    fflush(stdout);
    return failures ? 1 : 0;
}
