/* X448 (RFC 7748): the section 5.2 vectors, the iterated vectors after 1 and 1,000 iterations
 * and the section 6.2 Diffie-Hellman example through every provider whose chain has X448, by
 * fc_xdh, fc_xdh_base and fc_xdh_keypair; u of low order (all-zero result: FC_ERR_ZERO_SHARED
 * and out zeroed), non-canonical u (>= p, reduced), the API's refusals.
 * --x448-million adds RFC 7748's 1,000,000-iteration vector (the slow tier). */
#include <stdlib.h>
#include <string.h>

#include "fieldcrypt/fieldcrypt.h"
#include "testutil.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

#if FC_WITH_X448

/* hex of exactly 56 bytes into out */
static void unhex56(uint8_t out[56], const char *hex)
{
    size_t n;
    uint8_t *b = tu_unhex(hex, &n);
    if (n != 56) {
        fprintf(stderr, "vector is not 56 bytes: %s\n", hex);
        exit(2);
    }
    memcpy(out, b, 56);
    free(b);
}

typedef struct { const char *name, *scalar, *u, *out; } x448_vec;

static const x448_vec vectors[] = {
    {"RFC 7748 5.2 X448 #1",
     "3d262fddf9ec8e88495266fea19a34d28882acef045104d0d1aae121700a779c984c24f8cdd78fbff44943eba368f54b29259a4f1c600ad3",
     "06fce640fa3487bfda5f6cf2d5263f8aad88334cbd07437f020f08f9814dc031ddbdc38c19c6da2583fa5429db94ada18aa7a7fb4ef8a086",
     "ce3e4ff95a60dc6697da1db1d85e6afbdf79b50a2412d7546d5f239fe14fbaadeb445fc66a01b0779d98223961111e21766282f73dd96b6f"},
    {"RFC 7748 5.2 X448 #2",
     "203d494428b8399352665ddca42f9de8fef600908e0d461cb021f8c538345dd77c3e4806e25f46d3315c44e0a5b4371282dd2c8d5be3095f",
     "0fbcc2f993cd56d3305b0b7d9e55d4c1a8fb5dbb52f8e9a1e9b6201b165d015894e56c4d3570bee52fe205e28a78b91cdfbde71ce8d157db",
     "884a02576239ff7a2f2f63b2db6a9ff37047ac13568e1e30fe63c4a7ad1b3ee3a5700df34321d62077e63633c575c1c954514e99da7c179d"},
};

/* RFC 7748 5.2, X448 iterated: k = u = 5, then k, u = X448(k, u), k. */
typedef struct { const char *name; unsigned long iterations; const char *k; } x448_iter_vec;

static const x448_iter_vec iterated[] = {
    {"RFC 7748 5.2 X448 after 1 iteration", 1,
     "3f482c8a9f19b01e6c46ee9711d9dc14fd4bf67af30765c2ae2b846a4d23a8cd0db897086239492caf350b51f833868b9bc2b3bca9cf4113"},
    {"RFC 7748 5.2 X448 after 1,000 iterations", 1000,
     "aa3b4749d55b9daf1e5b00288826c467274ce3ebbdd5c17b975e09d4af6c67cf10d087202db88286e2b79fceea3ec353ef54faa26e219f38"},
};
static const x448_iter_vec iterated_million = {
    "RFC 7748 5.2 X448 after 1,000,000 iterations", 1000000,
    "077f453681caca3693198420bbe515cae0002472519b3e67661a7e89cab94695c8f4bcd66e61b9b9c946da8d524de3d69bd9d9d66b997e37"};

/* RFC 7748 6.2, X448 Diffie-Hellman */
static const char *const alice_sk =
    "9a8f4925d1519f5775cf46b04b5800d4ee9ee8bae8bc5565d498c28dd9c9baf574a9419744897391006382a6f127ab1d9ac2d8c0a598726b";
static const char *const alice_pk =
    "9b08f7cc31b7e3e67d22d5aea121074a273bd2b83de09c63faa73d2c22c5d9bbc836647241d953d40c5b12da88120d53177f80e532c41fa0";
static const char *const bob_sk =
    "1c306a7ac2a0e2e0990b294470cba339e6453772b075811d8fad0d1d6927c120bb5ee8972b0d3e21374c9c921b09d1b0366f10b65173992d";
static const char *const bob_pk =
    "3eb7a829b0cd20f5bcfc0b599b6feccf6da4627107bdb0d4f345b43027d8b972fc3e34fb4232a13ca706dcb57aec3dae07bdc1c67bf33609";
static const char *const shared_k =
    "07fff4181ac6cc95ec1c16a94a0f74d12da232ce40a77552281d282bb60c0b56fd2464c335543936521c24403085d59a449a5037514a879d";

static void run_vectors(const fc_provider *p)
{
    size_t i;
    for (i = 0; i < COUNT(vectors); i++) {
        uint8_t k[56], u[56], out[56];
        fc_status st;
        unhex56(k, vectors[i].scalar);
        unhex56(u, vectors[i].u);
        memset(out, 0xa5, sizeof(out));
        st = fc_xdh(p, FC_X448, out, k, u);
        CHECK(st == FC_OK && tu_hex_eq(out, 56, vectors[i].out), "%s %s: %s", p->name,
              vectors[i].name, fc_status_str(st));
    }
}

/* k and u after v->iterations rounds, checked against v->k */
static void run_iterated(const fc_provider *p, const x448_iter_vec *v)
{
    uint8_t k[56] = {5}, u[56] = {5}, r[56];
    unsigned long j;
    int ok = 1;
    for (j = 0; j < v->iterations && ok; j++) {
        ok = fc_xdh(p, FC_X448, r, k, u) == FC_OK;
        memcpy(u, k, 56);
        memcpy(k, r, 56);
    }
    CHECK(ok && tu_hex_eq(k, 56, v->k), "%s %s", p->name, v->name);
}

static void run_dh(const fc_provider *p)
{
    static const uint8_t five[56] = {5};
    uint8_t a[56], b[56], pa[56], pb[56], out[56], sk[56], pk[56];
    tu_fixed_bytes fb;
    fc_rng rng = {tu_fixed_fill, &fb};
    unhex56(a, alice_sk);
    unhex56(b, bob_sk);
    CHECK(fc_xdh_base(p, FC_X448, pa, a) == FC_OK && tu_hex_eq(pa, 56, alice_pk),
          "%s RFC 7748 6.2 Alice's public key (fc_xdh_base)", p->name);
    CHECK(fc_xdh_base(p, FC_X448, pb, b) == FC_OK && tu_hex_eq(pb, 56, bob_pk),
          "%s RFC 7748 6.2 Bob's public key (fc_xdh_base)", p->name);
    CHECK(fc_xdh(p, FC_X448, out, a, five) == FC_OK && tu_hex_eq(out, 56, alice_pk),
          "%s RFC 7748 6.2 Alice's public key (fc_xdh, u = 5)", p->name);
    CHECK(fc_xdh(p, FC_X448, out, b, five) == FC_OK && tu_hex_eq(out, 56, bob_pk),
          "%s RFC 7748 6.2 Bob's public key (fc_xdh, u = 5)", p->name);
    CHECK(fc_xdh(p, FC_X448, out, a, pb) == FC_OK && tu_hex_eq(out, 56, shared_k),
          "%s RFC 7748 6.2 shared secret X448(a, K_B)", p->name);
    CHECK(fc_xdh(p, FC_X448, out, b, pa) == FC_OK && tu_hex_eq(out, 56, shared_k),
          "%s RFC 7748 6.2 shared secret X448(b, K_A)", p->name);

    /* a key pair from a source that returns Alice's key */
    fb.bytes = a, fb.len = 56;
    memset(sk, 0, sizeof(sk));
    memset(pk, 0, sizeof(pk));
    CHECK(fc_xdh_keypair(p, FC_X448, &rng, sk, pk) == FC_OK && memcmp(sk, a, 56) == 0 &&
              tu_hex_eq(pk, 56, alice_pk), "%s RFC 7748 6.2 Alice's pair (fc_xdh_keypair)", p->name);
    /* a source that fails: nothing written */
    fb.len = 10;
    memset(sk, 0xa5, sizeof(sk));
    memset(pk, 0xa5, sizeof(pk));
    CHECK(fc_xdh_keypair(p, FC_X448, &rng, sk, pk) != FC_OK && sk[0] == 0xa5 && sk[55] == 0xa5,
          "%s failing source: no secret", p->name);
    /* the default source: a pair that agrees with Bob */
    CHECK(fc_xdh_keypair(p, FC_X448, NULL, sk, pk) == FC_OK &&
              fc_xdh(p, FC_X448, out, sk, pb) == FC_OK && fc_xdh(p, FC_X448, pa, b, pk) == FC_OK &&
              memcmp(out, pa, 56) == 0, "%s fresh pair agrees", p->name);
}

/* little-endian encoding of c (plus_p 0) or p + c (plus_p 1), |c| small */
static void small_u(uint8_t out[56], int c, int plus_p)
{
    int i, t = c;
    memset(out, 0, 56);
    if (plus_p) { /* p = 2^448 - 2^224 - 1 */
        memset(out, 0xff, 56);
        out[28] = 0xfe;
    }
    for (i = 0; i < 56; i++) { /* out += c, borrowing or carrying through */
        t += out[i];
        out[i] = (uint8_t)t;
        t = t < 0 ? -1 : t >> 8;
    }
}

/* u of low order gives the all-zero result: 0 (order 2), 1 and p - 1 (order 4), and the
 * non-canonical forms p and p + 1 of 0 and 1. Other non-canonical u: p + 5 is the base point
 * 5, and 2^448 - 1 is 2^224 (all 448 bits count, none is masked). */
static void run_special_u(const fc_provider *p)
{
    static const struct { const char *name; int c, plus_p; } low[] = {
        {"0", 0, 0}, {"1", 1, 0}, {"p - 1", -1, 1}, {"p", 0, 1}, {"p + 1", 1, 1}};
    uint8_t k[56], u[56], out[56], ref[56];
    size_t i;
    fc_status st;
    unhex56(k, vectors[0].scalar);
    for (i = 0; i < COUNT(low); i++) {
        small_u(u, low[i].c, low[i].plus_p);
        memset(out, 0xa5, sizeof(out));
        st = fc_xdh(p, FC_X448, out, k, u);
        CHECK(st == FC_ERR_ZERO_SHARED && fc_ct_is_zero(out, 56), "%s low-order u = %s: %s",
              p->name, low[i].name, fc_status_str(st));
    }
    small_u(u, 5, 1);
    CHECK(fc_xdh(p, FC_X448, out, k, u) == FC_OK && fc_xdh_base(p, FC_X448, ref, k) == FC_OK &&
              memcmp(out, ref, 56) == 0, "%s u = p + 5 is the base point", p->name);
    memset(u, 0xff, sizeof(u));
    memset(ref, 0, sizeof(ref));
    ref[28] = 1; /* 2^224 */
    CHECK(fc_xdh(p, FC_X448, out, k, u) == FC_OK && fc_xdh(p, FC_X448, ref, k, ref) == FC_OK &&
              memcmp(out, ref, 56) == 0, "%s u = 2^448 - 1 is 2^224", p->name);
}

/* X448(a, X448(b, 5)) = X448(b, X448(a, 5)) for scalars that walk through many bit patterns */
static void run_commutes(const fc_provider *p)
{
    uint8_t a[56], b[56], pa[56], pb[56], ka[56], kb[56];
    uint32_t x = 0x12345678u;
    unsigned n, i;
    for (n = 0; n < 4; n++) {
        for (i = 0; i < 56; i++) {
            x = x * 1103515245u + 12345u;
            a[i] = (uint8_t)(x >> 24);
            x = x * 1103515245u + 12345u;
            b[i] = (uint8_t)(x >> 24);
        }
        if (n == 1) { /* extremes: all ones, and the smallest clamped scalar */
            memset(a, 0xff, 56);
            memset(b, 0, 56);
        }
        CHECK(fc_xdh_base(p, FC_X448, pa, a) == FC_OK && fc_xdh_base(p, FC_X448, pb, b) == FC_OK &&
                  fc_xdh(p, FC_X448, ka, a, pb) == FC_OK && fc_xdh(p, FC_X448, kb, b, pa) == FC_OK &&
                  memcmp(ka, kb, 56) == 0, "%s agreement %u", p->name, n);
    }
}

static void run_api(const fc_provider *p)
{
    uint8_t k[56] = {1}, u[56] = {9}, out[56];
    memset(out, 0xa5, sizeof(out));
    CHECK(fc_xdh(p, FC_X448, NULL, k, u) == FC_ERR_NULL &&
              fc_xdh(p, FC_X448, out, NULL, u) == FC_ERR_NULL &&
              fc_xdh(p, FC_X448, out, k, NULL) == FC_ERR_NULL, "%s NULL x448", p->name);
    CHECK(fc_xdh_base(p, FC_X448, NULL, k) == FC_ERR_NULL &&
              fc_xdh_base(p, FC_X448, out, NULL) == FC_ERR_NULL, "%s NULL x448 base", p->name);
    CHECK(fc_xdh_keypair(p, FC_X448, NULL, NULL, out) == FC_ERR_NULL &&
              fc_xdh_keypair(p, FC_X448, NULL, out, NULL) == FC_ERR_NULL, "%s NULL x448 keypair",
          p->name);
    CHECK(fc_map(p, FC_X448, out, k) == FC_ERR_ARGUMENT, "%s x448 is no map", p->name);
    CHECK(out[0] == 0xa5 && out[55] == 0xa5, "%s nothing written on refusal", p->name);
}

int main(int argc, char **argv)
{
    const fc_provider *soft = fc_provider_find("soft");
    int million = argc > 1 && strcmp(argv[1], "--x448-million") == 0;
    size_t i, j;
    unsigned ran = 0;
    CHECK(soft != NULL && fc_provider_implements(soft, FC_X448, NULL), "soft has x448");
    for (i = 0; i < tu_provider_count(); i++) {
        const fc_provider *p = tu_provider_at(i);
        uint8_t k[56] = {5}, out[56];
        run_api(p);
        if (!fc_provider_supports(p, FC_X448)) {
            CHECK(fc_xdh(p, FC_X448, out, k, k) == FC_ERR_UNSUPPORTED, "%s declines", p->name);
            continue;
        }
        ran++;
        if (million) { /* the slow tier: the soft ladder alone is enough, once */
            if (p == soft)
                run_iterated(p, &iterated_million);
            continue;
        }
        run_vectors(p);
        for (j = 0; j < COUNT(iterated); j++)
            run_iterated(p, &iterated[j]);
        run_dh(p);
        run_special_u(p);
        run_commutes(p);
    }
    CHECK(ran > 0, "some provider has x448");
    return tu_finish(million ? "test_x448 --x448-million" : "test_x448");
}

#else /* !FC_WITH_X448 */

/* Built without X448: everything refuses it. */
int main(void)
{
    uint8_t b[56] = {5}, out[56];
    CHECK(fc_xdh(NULL, FC_X448, out, b, b) == FC_ERR_UNSUPPORTED, "x448 unsupported");
    CHECK(fc_xdh_base(NULL, FC_X448, out, b) == FC_ERR_UNSUPPORTED, "x448 base unsupported");
    CHECK(!fc_provider_supports(fc_provider_default(), FC_X448), "not supported");
    return tu_finish("test_x448 (FC_WITH_X448 0)");
}

#endif
