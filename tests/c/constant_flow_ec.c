/* The constant-flow check's elliptic-curve part (test_constant_flow.c runs it): key generation,
 * public keys, ECDH and ECDSA signing on every Weierstrass curve of the soft provider, Ed25519
 * key generation and signing, X448, and the engine's jobs (secp256r1 ECDH and ECDSA signing,
 * X448, Ed25519 signing), with the private keys (and so the nonces derived from them) marked
 * undefined. A signature is public once made (ecdsa.c declassifies r || s before
 * encoding it); whether a private key is in range is a public verdict. */
#include <string.h>

#include <valgrind/memcheck.h>

#include "fieldcrypt/fieldcrypt.h"
#include "testutil.h"

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))

void check_ec(const fc_provider *soft);

static int fill_rng(void *user, uint8_t *out, size_t len)
{
    size_t i;
    (void)user;
    for (i = 0; i < len; i++)
        out[i] = (uint8_t)(0x3c + 7 * i);
    SECRET(out, len);
    return 0;
}

static void weierstrass(const fc_provider *soft, fc_alg curve)
{
    const fc_rng rng = {fill_rng, NULL};
    uint8_t priv[FC_EC_MAX_LEN], peer_priv[FC_EC_MAX_LEN], pub[FC_EC_POINT_MAX_LEN];
    uint8_t peer[FC_EC_POINT_MAX_LEN], shared[FC_EC_MAX_LEN], sig[FC_ECDSA_DER_MAX_LEN];
    fc_alg_info info;
    size_t k, i, len;
    if (!fc_provider_supports(soft, curve) || fc_alg_get(curve, &info) != FC_OK)
        return;
    k = info.key_len;
    memset(priv, 0, sizeof(priv));
    memset(peer_priv, 0, sizeof(peer_priv));
    for (i = k - 20; i < k; i++) { /* below n on every curve */
        priv[i] = (uint8_t)(0x5b + 13 * i);
        peer_priv[i] = (uint8_t)(0x21 + 5 * i);
    }
    CHECK(fc_ec_public_key(soft, curve, peer, peer_priv) == FC_OK, "%s peer", info.name);
    SECRET(priv, k);
    CHECK(fc_ec_public_key(soft, curve, pub, priv) == FC_OK, "%s public key", info.name);
    CHECK(fc_ecdh(soft, curve, shared, priv, peer, 1 + 2 * info.out_len) == FC_OK,
          "%s ecdh", info.name);
    len = sizeof(sig);
    CHECK(fc_ecdsa_sign(soft, curve, FC_SHA256, NULL, sig, &len, priv, (const uint8_t *)"m", 1,
                        FC_ECDSA_DER) == FC_OK, "%s sign", info.name);
    len = sizeof(sig);
    CHECK(fc_ecdsa_sign(soft, curve, FC_SHA256, &rng, sig, &len, priv, (const uint8_t *)"m", 1,
                        FC_ECDSA_HEDGED | FC_ECDSA_LOW_S) == FC_OK, "%s hedged", info.name);
    CHECK(fc_ec_keypair(soft, curve, &rng, priv, pub) == FC_OK, "%s keypair", info.name);
}

/* The sliced secp256r1 jobs (engine.h) with the private key secret: every step's units and
 * the unit sequence must not depend on it (the nonce's range and r, s != 0 are declassified
 * verdicts, as in the synchronous signature). */
static void p256_jobs(const fc_provider *soft)
{
    const fc_rng rng = {fill_rng, NULL};
    uint8_t priv[32], peer[65], shared[32], sig[64], digest[32];
    fc_job job;
    fc_status st;
    size_t i;
    if (!fc_job_supports(soft, FC_SECP256R1))
        return;
    memset(&job, 0, sizeof(job));
    for (i = 0; i < 32; i++) {
        priv[i] = (uint8_t)(i < 12 ? 0 : 0x5b + 13 * i);
        digest[i] = (uint8_t)(0xa5 ^ i);
    }
    CHECK(fc_ec_public_key(soft, FC_SECP256R1, peer, priv) == FC_OK, "p256 job peer");
    priv[31] ^= 0x42;
    SECRET(priv, 32);
    st = fc_job_ecdh(&job, soft, FC_SECP256R1, shared, priv, peer, 65);
    while (st == FC_PENDING || (st == FC_OK && fc_job_running(&job)))
        st = fc_job_step(&job, 28000);
    CHECK(st == FC_OK, "p256 ecdh job");
    st = fc_job_ecdsa_sign_digest(&job, soft, FC_SECP256R1, FC_SHA256, NULL, sig, priv, digest,
                                  32, 0);
    while (st == FC_PENDING || (st == FC_OK && fc_job_running(&job)))
        st = fc_job_step(&job, 28000);
    CHECK(st == FC_OK, "p256 sign job");
    st = fc_job_ecdsa_sign_digest(&job, soft, FC_SECP256R1, FC_SHA256, &rng, sig, priv, digest,
                                  32, FC_ECDSA_HEDGED | FC_ECDSA_LOW_S);
    while (st == FC_PENDING || (st == FC_OK && fc_job_running(&job)))
        st = fc_job_step(&job, 5000);
    CHECK(st == FC_OK, "p256 hedged sign job");
}

#if FC_WITH_CURVE_JOBS
/* a started job to its end, in slices (the budget is public) */
static void run_job(fc_job *job, const char *what)
{
    fc_status st;
    do
        st = fc_job_step(job, 9000);
    while (st == FC_PENDING);
    CHECK(st == FC_OK, "%s", what);
}

/* the X448 and Ed25519 signing jobs (fc_job_supports: where the chain slices them) */
static void curve_jobs(const fc_provider *soft, const uint8_t seed[32], const uint8_t pub[32],
                       const uint8_t k[56])
{
    static const fc_alg variants[3] = {FC_ED25519, FC_ED25519CTX, FC_ED25519PH};
    uint8_t out[64];
    fc_job job;
    unsigned i;
    memset(&job, 0, sizeof(job));
    if (fc_job_supports(soft, FC_X448)) {
        CHECK(fc_job_xdh(&job, soft, FC_X448, out, k, NULL) == FC_OK, "x448 job");
        run_job(&job, "x448 job");
    }
    for (i = 0; i < 3 && fc_job_supports(soft, FC_ED25519); i++) {
        CHECK(fc_job_eddsa_sign(&job, soft, variants[i], out, seed, i == 1 ? pub : NULL,
                                (const uint8_t *)"c", i == 0 ? 0 : 1,
                                (const uint8_t *)"msg", 3) == FC_OK, "ed25519 sign job");
        run_job(&job, "ed25519 sign job");
    }
}
#endif

void check_ec(const fc_provider *soft)
{
    static const fc_alg curves[] = {FC_SECP192R1, FC_SECP224R1, FC_SECP256R1, FC_SECP384R1,
                                    FC_SECP521R1, FC_SECP192K1, FC_SECP224K1, FC_SECP256K1,
                                    FC_BRAINPOOLP256R1, FC_BRAINPOOLP384R1, FC_BRAINPOOLP512R1};
    uint8_t seed[32], pub[32], sig[64], k[56], u[56], out[56];
    size_t i;
    for (i = 0; i < sizeof(curves) / sizeof(curves[0]); i++)
        weierstrass(soft, curves[i]);
    p256_jobs(soft);
    if (fc_provider_supports(soft, FC_ED25519)) {
        memset(seed, 0x77, sizeof(seed));
        SECRET(seed, sizeof(seed));
        CHECK(fc_eddsa_public_key(soft, FC_ED25519, pub, seed) == FC_OK, "ed25519 public");
        CHECK(fc_eddsa_sign(soft, FC_ED25519, sig, seed, NULL, NULL, 0,
                            (const uint8_t *)"msg", 3) == FC_OK, "ed25519 sign");
        CHECK(fc_eddsa_sign(soft, FC_ED25519CTX, sig, seed, pub, (const uint8_t *)"c", 1,
                            (const uint8_t *)"msg", 3) == FC_OK, "ed25519ctx sign");
        CHECK(fc_ed25519_to_x25519_secret(soft, out, seed) == FC_OK, "ed25519 to x25519");
    }
    if (fc_provider_supports(soft, FC_X448)) {
        memset(k, 0x99, sizeof(k));
        memset(u, 0, sizeof(u));
        u[0] = 5;
        SECRET(k, sizeof(k));
        CHECK(fc_xdh(soft, FC_X448, out, k, u) == FC_OK, "x448");
        CHECK(fc_xdh_base(soft, FC_X448, out, k) == FC_OK, "x448 base");
    }
#if FC_WITH_CURVE_JOBS
    memset(seed, 0x77, sizeof(seed));
    memset(k, 0x99, sizeof(k));
    memset(pub, 0, sizeof(pub));
    if (fc_provider_supports(soft, FC_ED25519))
        fc_eddsa_public_key(soft, FC_ED25519, pub, seed);
    SECRET(seed, sizeof(seed));
    SECRET(k, sizeof(k));
    curve_jobs(soft, seed, pub, k);
#endif
}
