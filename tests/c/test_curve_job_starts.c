/* The curve jobs' start functions (engine.h): the checks they share with the synchronous calls
 * come back at once, each with the synchronous call's status, and a refused start leaves the
 * job as it was. Whether the soft provider slices an operation is tested with its jobs; here
 * an operation no implementation slices must give FC_ERR_UNSUPPORTED. */
#include <stdlib.h>
#include <string.h>

#include "fieldcrypt/fieldcrypt.h"
#include "testutil.h"

#if FC_WITH_EC && FC_WITH_ENGINE

/* secp256r1's generator, SEC 2 version 2.0 section 2.4.2 */
static const char *G_X = "6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296";
static const char *G_Y = "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5";
static const char *P256_P = "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff";
static const char *P256_N = "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551";

static void hex_into(uint8_t *out, const char *hex)
{
    size_t len;
    uint8_t *b = tu_unhex(hex, &len);
    memcpy(out, b, len);
    free(b);
}

/* A job refused at start is unchanged: a fresh zeroed one stays zero. */
static int untouched(const fc_job *job)
{
    static const fc_job zero;
    return memcmp(job, &zero, sizeof(zero)) == 0;
}

static void test_ecdh_start(void)
{
    uint8_t pub[65], comp[33], priv[32], shared[32];
    fc_job job;
    memset(&job, 0, sizeof(job));
    pub[0] = 0x04;
    hex_into(pub + 1, G_X);
    hex_into(pub + 33, G_Y);
    comp[0] = 0x03; /* y of G is odd */
    memcpy(comp + 1, pub + 1, 32);
    memset(priv, 0x11, sizeof(priv));
    memset(shared, 0xa5, sizeof(shared));

    CHECK(fc_job_ecdh(NULL, NULL, FC_SECP256R1, shared, priv, pub, 65) == FC_ERR_NULL, "NULL job");
    CHECK(fc_job_ecdh(&job, NULL, FC_SECP256R1, NULL, priv, pub, 65) == FC_ERR_NULL, "NULL out");
    CHECK(fc_job_ecdh(&job, NULL, FC_SECP256R1, shared, NULL, pub, 65) == FC_ERR_NULL, "NULL key");
    CHECK(fc_job_ecdh(&job, NULL, FC_SECP256R1, shared, priv, NULL, 65) == FC_ERR_NULL, "NULL peer");
    CHECK(fc_job_ecdh(&job, NULL, FC_SHA256, shared, priv, pub, 65) == FC_ERR_ARGUMENT,
          "not a curve");
    {
        uint8_t zero[32] = {0}, n[32];
        hex_into(n, P256_N);
        CHECK(fc_job_ecdh(&job, NULL, FC_SECP256R1, shared, zero, pub, 65) == FC_ERR_KEY,
              "private key 0");
        CHECK(fc_job_ecdh(&job, NULL, FC_SECP256R1, shared, n, pub, 65) == FC_ERR_KEY,
              "private key n");
    }
    CHECK(fc_job_ecdh(&job, NULL, FC_SECP256R1, shared, priv, pub, 64) == FC_ERR_ENCODING,
          "short point");
    CHECK(fc_job_ecdh(&job, NULL, FC_SECP256R1, shared, priv, comp, 65) == FC_ERR_ENCODING,
          "compressed prefix with an uncompressed length");
    {
        uint8_t bad[65];
        memcpy(bad, pub, 65);
        bad[0] = 0x06; /* hybrid: refused as by fc_ecdh */
        CHECK(fc_job_ecdh(&job, NULL, FC_SECP256R1, shared, priv, bad, 65) == FC_ERR_ENCODING,
              "hybrid form");
        hex_into(bad + 1, P256_P);
        bad[0] = 0x04;
        CHECK(fc_job_ecdh(&job, NULL, FC_SECP256R1, shared, priv, bad, 65) == FC_ERR_POINT,
              "x = p");
        hex_into(bad + 33, P256_P);
        memcpy(bad + 1, pub + 1, 32);
        CHECK(fc_job_ecdh(&job, NULL, FC_SECP256R1, shared, priv, bad, 65) == FC_ERR_POINT,
              "y = p");
    }
    CHECK(untouched(&job), "refused starts leave the job as it was");
    CHECK(shared[0] == 0xa5 && shared[31] == 0xa5, "nothing written");
    /* a running job is refused before anything else is looked at */
    {
        uint8_t k[32] = {9}, out[32], before[sizeof(fc_job)];
        if (fc_job_xdh(&job, NULL, FC_X25519, out, k, NULL) == FC_OK) {
            memcpy(before, &job, sizeof(job));
            CHECK(fc_job_ecdh(&job, NULL, FC_SECP256R1, shared, priv, pub, 65) == FC_ERR_STATE &&
                      memcmp(before, &job, sizeof(job)) == 0,
                  "running job: FC_ERR_STATE, unchanged");
            fc_job_wipe(&job);
        }
    }
#if FC_WITH_EC_ALL_CURVES
    /* no implementation slices secp384r1 */
    {
        uint8_t p384[97] = {0x04}, k384[48];
        memset(k384, 1, sizeof(k384));
        memset(&job, 0, sizeof(job));
        CHECK(fc_job_ecdh(&job, NULL, FC_SECP384R1, shared, k384, p384, 97) ==
                  FC_ERR_UNSUPPORTED && untouched(&job),
              "secp384r1 is not sliced");
    }
#endif
}

static void test_ecdsa_starts(void)
{
    uint8_t pub[65], priv[32], digest[32], sig[64], der[72];
    size_t der_len = sizeof(der);
    fc_job job;
    memset(&job, 0, sizeof(job));
    pub[0] = 0x04;
    hex_into(pub + 1, G_X);
    hex_into(pub + 33, G_Y);
    memset(priv, 0x22, sizeof(priv));
    memset(digest, 0x33, sizeof(digest));
    memset(sig, 0x44, sizeof(sig));

    /* verify: the signature's checks */
    CHECK(fc_job_ecdsa_verify_digest(&job, NULL, FC_SECP256R1, pub, 65, digest, 32, sig, 63, 0) ==
              FC_ERR_ENCODING, "raw signature of the wrong length");
    {
        uint8_t s0[64];
        memcpy(s0, sig, 64);
        memset(s0, 0, 32);
        CHECK(fc_job_ecdsa_verify_digest(&job, NULL, FC_SECP256R1, pub, 65, digest, 32, s0, 64,
                                         0) == FC_ERR_VERIFY, "r = 0");
        hex_into(s0 + 32, P256_N);
        memcpy(s0, sig, 32);
        CHECK(fc_job_ecdsa_verify_digest(&job, NULL, FC_SECP256R1, pub, 65, digest, 32, s0, 64,
                                         0) == FC_ERR_VERIFY, "s = n");
        memset(s0 + 32, 0xee, 32); /* above n / 2 but below n: refused under low-s only */
        s0[32] = 0xaa;
        CHECK(fc_job_ecdsa_verify_digest(&job, NULL, FC_SECP256R1, pub, 65, digest, 32, s0, 64,
                                         FC_ECDSA_LOW_S) == FC_ERR_VERIFY, "high s under low-s");
    }
    CHECK(fc_ecdsa_sig_to_der(FC_SECP256R1, der, &der_len, sig) == FC_OK, "to DER");
    CHECK(fc_job_ecdsa_verify_digest(&job, NULL, FC_SECP256R1, pub, 65, digest, 32, der,
                                     der_len - 1, FC_ECDSA_DER) == FC_ERR_ENCODING,
          "truncated DER");
    CHECK(fc_job_ecdsa_verify_digest(&job, NULL, FC_SECP256R1, pub, 65, digest, 32, sig, 64,
                                     FC_ECDSA_HEDGED) == FC_ERR_ARGUMENT, "a signing flag");
    CHECK(fc_job_ecdsa_verify_digest(&job, NULL, FC_SECP256R1, pub, 2, digest, 32, sig, 64, 0) ==
              FC_ERR_ENCODING, "bad point encoding");
    CHECK(fc_job_ecdsa_verify_digest(&job, NULL, FC_SECP256R1, pub, 65, NULL, 32, sig, 64, 0) ==
              FC_ERR_NULL, "NULL digest");

    /* sign: raw output only, a digest of the hash's length, a key in range */
    CHECK(fc_job_ecdsa_sign_digest(&job, NULL, FC_SECP256R1, FC_SHA256, NULL, sig, priv, digest,
                                   32, FC_ECDSA_DER) == FC_ERR_ARGUMENT, "no DER from a job");
    CHECK(fc_job_ecdsa_sign_digest(&job, NULL, FC_SECP256R1, FC_SHA256, NULL, sig, priv, digest,
                                   31, 0) == FC_ERR_LENGTH, "digest length");
    CHECK(fc_job_ecdsa_sign_digest(&job, NULL, FC_SECP256R1, FC_X25519, NULL, sig, priv, digest,
                                   32, 0) == FC_ERR_ARGUMENT, "not a hash");
    {
        uint8_t zero[32] = {0};
        CHECK(fc_job_ecdsa_sign_digest(&job, NULL, FC_SECP256R1, FC_SHA256, NULL, sig, zero,
                                       digest, 32, 0) == FC_ERR_KEY, "key 0");
    }
    CHECK(untouched(&job), "refused starts leave the job as it was");
    CHECK(sig[0] == 0x44 && sig[63] == 0x44, "nothing written");
}

#if FC_WITH_ED25519
static void test_eddsa_starts(void)
{
    uint8_t seed[32] = {1}, pub[32] = {2}, sig[64], ctx[256];
    fc_job job;
    memset(&job, 0, sizeof(job));
    memset(sig, 0x55, sizeof(sig));
    memset(ctx, 7, sizeof(ctx));
    CHECK(fc_job_eddsa_sign(&job, NULL, FC_ED25519, sig, seed, NULL, ctx, 1, NULL, 0) ==
              FC_ERR_LENGTH, "Ed25519 takes no context");
    CHECK(fc_job_eddsa_sign(&job, NULL, FC_ED25519CTX, sig, seed, NULL, NULL, 0, NULL, 0) ==
              FC_ERR_LENGTH, "Ed25519ctx needs one");
    CHECK(fc_job_eddsa_sign(&job, NULL, FC_ED25519PH, sig, seed, NULL, ctx, 256, NULL, 0) ==
              FC_ERR_LENGTH, "context of 256 bytes");
    CHECK(fc_job_eddsa_sign(&job, NULL, FC_ED25519, sig, seed, NULL, NULL, 0, NULL, 5) ==
              FC_ERR_NULL, "NULL message with a length");
    CHECK(fc_job_eddsa_sign(&job, NULL, FC_SECP256R1, sig, seed, NULL, NULL, 0, NULL, 0) ==
              FC_ERR_ARGUMENT, "not an EdDSA algorithm");
    CHECK(fc_job_eddsa_verify(&job, NULL, FC_ED25519, pub, ctx, 1, NULL, 0, sig) == FC_ERR_LENGTH,
          "verify: Ed25519 takes no context");
    CHECK(fc_job_eddsa_verify(&job, NULL, FC_ED25519, NULL, NULL, 0, NULL, 0, sig) == FC_ERR_NULL,
          "verify: NULL key");
    CHECK(fc_job_eddsa_verify(&job, NULL, FC_ED25519, pub, NULL, 0, NULL, 0, NULL) == FC_ERR_NULL,
          "verify: NULL signature");
    CHECK(untouched(&job), "refused starts leave the job as it was");
    CHECK(sig[0] == 0x55 && sig[63] == 0x55, "nothing written");
}
#endif

int main(void)
{
    test_ecdh_start();
    test_ecdsa_starts();
#if FC_WITH_ED25519
    test_eddsa_starts();
#endif
    return tu_finish("curve job starts");
}

#else
int main(void)
{
    return tu_finish("curve job starts (no curves in this build)");
}
#endif
