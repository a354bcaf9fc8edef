/* RSA keys in DER (rsa.h, src/core/rsa_der.c): keys of 2048, 3072 and 4096 bits that
 * pyca/cryptography wrote in PKCS#1, PKCS#8 and SubjectPublicKeyInfo form read back and
 * written again byte for byte; truncations at every length and the malformed encodings of
 * rsa_der_vectors.h refused with their status and the key left as it was; the writers' room
 * and argument checks. */
#include <stdlib.h>
#include <string.h>

#include "fieldcrypt/fieldcrypt.h"
#include "fieldcrypt/rsa.h"
#include "testutil.h"

#include "rsa_der_vectors.h"

typedef struct {
    unsigned bits;
    const uint8_t *pkcs1;
    size_t pkcs1_len;
    const uint8_t *pkcs8;
    size_t pkcs8_len;
    const uint8_t *spki;
    size_t spki_len;
    const uint8_t *rsapub;
    size_t rsapub_len;
    const uint8_t *n, *d;
    size_t d_len;
} der_key;

static const der_key keys[] = {RSA_DER_KEY(2048), RSA_DER_KEY(3072), RSA_DER_KEY(4096)};

/* The room of the largest output here, and a marker for "not written". */
#define ROOM 4096
#define UNTOUCHED 0xa5

static int same_bytes(const uint8_t *a, size_t a_len, const uint8_t *b, size_t b_len)
{
    return a_len == b_len && memcmp(a, b, a_len) == 0;
}

/* 1 when the pointer lies inside [der, der + len). */
static int inside(const uint8_t *p, const uint8_t *der, size_t len)
{
    return p >= der && p < der + len;
}

static void check_private_fields(const der_key *k, const fc_rsa_private_key *key,
                                 const uint8_t *der, size_t der_len, const char *form)
{
    static const uint8_t e65537[] = {0x01, 0x00, 0x01};
    CHECK(same_bytes(key->pub.n, key->pub.n_len, k->n, k->bits / 8), "%u %s: n", k->bits, form);
    CHECK(same_bytes(key->pub.e, key->pub.e_len, e65537, 3), "%u %s: e", k->bits, form);
    CHECK(same_bytes(key->d, key->d_len, k->d, k->d_len), "%u %s: d", k->bits, form);
    CHECK(inside(key->pub.n, der, der_len) && inside(key->qinv, der, der_len) &&
              key->p_len > 0 && key->q_len > 0 && key->dp_len > 0 && key->dq_len > 0 &&
              key->qinv_len > 0 && (key->p[0] & 0x80) && (key->q[0] & 0x80),
          "%u %s: pointers into the DER, past the sign bytes", k->bits, form);
}

static void test_round_trips(void)
{
    static uint8_t out[ROOM];
    size_t i, len;
    for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
        const der_key *k = &keys[i];
        fc_rsa_private_key priv;
        fc_rsa_public_key pub;

        CHECK(fc_rsa_private_from_der(&priv, k->pkcs1, k->pkcs1_len) == FC_OK, "%u pkcs1",
              k->bits);
        check_private_fields(k, &priv, k->pkcs1, k->pkcs1_len, "pkcs1");
        len = sizeof(out);
        CHECK(fc_rsa_private_to_der(out, &len, &priv) == FC_OK &&
                  same_bytes(out, len, k->pkcs1, k->pkcs1_len),
              "%u pkcs1 written back", k->bits);
        len = sizeof(out);
        CHECK(fc_rsa_public_to_der(out, &len, &priv.pub) == FC_OK &&
                  same_bytes(out, len, k->spki, k->spki_len),
              "%u spki of the private key", k->bits);

        CHECK(fc_rsa_private_from_der(&priv, k->pkcs8, k->pkcs8_len) == FC_OK, "%u pkcs8",
              k->bits);
        check_private_fields(k, &priv, k->pkcs8, k->pkcs8_len, "pkcs8");
        len = sizeof(out);
        CHECK(fc_rsa_private_to_der(out, &len, &priv) == FC_OK &&
                  same_bytes(out, len, k->pkcs1, k->pkcs1_len),
              "%u pkcs8 written as pkcs1", k->bits);

        CHECK(fc_rsa_public_from_der(&pub, k->spki, k->spki_len) == FC_OK &&
                  same_bytes(pub.n, pub.n_len, k->n, k->bits / 8),
              "%u spki", k->bits);
        len = sizeof(out);
        CHECK(fc_rsa_public_to_der(out, &len, &pub) == FC_OK &&
                  same_bytes(out, len, k->spki, k->spki_len),
              "%u spki written back", k->bits);
        CHECK(fc_rsa_public_from_der(&pub, k->rsapub, k->rsapub_len) == FC_OK &&
                  same_bytes(pub.n, pub.n_len, k->n, k->bits / 8),
              "%u RSAPublicKey", k->bits);
        len = sizeof(out);
        CHECK(fc_rsa_public_to_der(out, &len, &pub) == FC_OK &&
                  same_bytes(out, len, k->spki, k->spki_len),
              "%u RSAPublicKey written as spki", k->bits);
    }
}

/* Components given by hand with leading zero bytes are written minimally. */
static void test_leading_zeros(void)
{
    static uint8_t n[2 + 256], e[8], d[4 + 256], out[ROOM];
    const der_key *k = &keys[0];
    fc_rsa_private_key priv, padded;
    size_t len = sizeof(out);
    CHECK(fc_rsa_private_from_der(&priv, k->pkcs1, k->pkcs1_len) == FC_OK, "load");
    memset(n, 0, sizeof(n));
    memcpy(n + 2, priv.pub.n, 256);
    memset(e, 0, sizeof(e));
    memcpy(e + 5, priv.pub.e, 3);
    memset(d, 0, sizeof(d));
    memcpy(d + sizeof(d) - priv.d_len, priv.d, priv.d_len);
    padded = priv;
    padded.pub.n = n;
    padded.pub.n_len = sizeof(n);
    padded.pub.e = e;
    padded.pub.e_len = sizeof(e);
    padded.d = d;
    padded.d_len = sizeof(d);
    CHECK(fc_rsa_private_to_der(out, &len, &padded) == FC_OK &&
              same_bytes(out, len, k->pkcs1, k->pkcs1_len),
          "leading zeros: pkcs1");
    len = sizeof(out);
    CHECK(fc_rsa_public_to_der(out, &len, &padded.pub) == FC_OK &&
              same_bytes(out, len, k->spki, k->spki_len),
          "leading zeros: spki");
}

/* Too little room: FC_ERR_LENGTH, nothing written, *der_len unchanged; exact room works. */
static void test_room(void)
{
    static uint8_t out[ROOM];
    const der_key *k = &keys[0];
    fc_rsa_private_key priv;
    size_t len, room;
    CHECK(fc_rsa_private_from_der(&priv, k->pkcs1, k->pkcs1_len) == FC_OK, "load");
    for (room = 0; room <= k->pkcs1_len; room++) {
        fc_status st;
        memset(out, UNTOUCHED, sizeof(out));
        len = room;
        st = fc_rsa_private_to_der(out, &len, &priv);
        if (room < k->pkcs1_len) {
            int clean = 1, j;
            for (j = 0; j < ROOM; j++)
                clean &= out[j] == UNTOUCHED;
            if (st != FC_ERR_LENGTH || len != room || !clean)
                CHECK(0, "private_to_der room %zu: %d", room, (int)st);
        } else {
            CHECK(st == FC_OK && same_bytes(out, len, k->pkcs1, k->pkcs1_len),
                  "private_to_der exact room");
        }
    }
    for (room = 0; room <= k->spki_len; room++) {
        fc_status st;
        memset(out, UNTOUCHED, sizeof(out));
        len = room;
        st = fc_rsa_public_to_der(out, &len, &priv.pub);
        if (room < k->spki_len) {
            int clean = 1, j;
            for (j = 0; j < ROOM; j++)
                clean &= out[j] == UNTOUCHED;
            if (st != FC_ERR_LENGTH || len != room || !clean)
                CHECK(0, "public_to_der room %zu: %d", room, (int)st);
        } else {
            CHECK(st == FC_OK && same_bytes(out, len, k->spki, k->spki_len),
                  "public_to_der exact room");
        }
    }
}

/* Every proper prefix of each encoding: FC_ERR_ENCODING, the key untouched. */
static void test_truncations(void)
{
    size_t i, cut;
    for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
        const der_key *k = &keys[i];
        const uint8_t *forms[4] = {k->pkcs1, k->pkcs8, k->spki, k->rsapub};
        size_t lens[4] = {k->pkcs1_len, k->pkcs8_len, k->spki_len, k->rsapub_len};
        unsigned f, bad = 0;
        for (f = 0; f < 4; f++) {
            for (cut = 0; cut < lens[f]; cut++) {
                uint8_t *copy = malloc(cut + 1); /* exactly cut bytes: ASan sees overreads */
                fc_rsa_private_key priv, priv_before;
                fc_rsa_public_key pub, pub_before;
                fc_status st;
                memcpy(copy, forms[f], cut);
                memset(&priv, UNTOUCHED, sizeof(priv));
                memset(&pub, UNTOUCHED, sizeof(pub));
                priv_before = priv;
                pub_before = pub;
                if (f < 2)
                    st = fc_rsa_private_from_der(&priv, copy, cut);
                else
                    st = fc_rsa_public_from_der(&pub, copy, cut);
                if (st != FC_ERR_ENCODING || memcmp(&priv, &priv_before, sizeof(priv)) != 0 ||
                    memcmp(&pub, &pub_before, sizeof(pub)) != 0)
                    bad++;
                free(copy);
            }
        }
        CHECK(bad == 0, "%u: %u truncations not refused cleanly", k->bits, bad);
    }
}

static void test_malformed(void)
{
    size_t i;
    for (i = 0; i < sizeof(rsa_der_bad) / sizeof(rsa_der_bad[0]); i++) {
        const struct rsa_der_bad *b = &rsa_der_bad[i];
        fc_rsa_private_key priv, priv_before;
        fc_rsa_public_key pub, pub_before;
        uint8_t *copy = malloc(b->len);
        fc_status st;
        memcpy(copy, b->der, b->len);
        memset(&priv, UNTOUCHED, sizeof(priv));
        memset(&pub, UNTOUCHED, sizeof(pub));
        priv_before = priv;
        pub_before = pub;
        st = b->public_key ? fc_rsa_public_from_der(&pub, copy, b->len)
                           : fc_rsa_private_from_der(&priv, copy, b->len);
        CHECK(st == b->want, "%s: status %d, want %d", b->name, (int)st, (int)b->want);
        CHECK(memcmp(&priv, &priv_before, sizeof(priv)) == 0 &&
                  memcmp(&pub, &pub_before, sizeof(pub)) == 0,
              "%s: key written", b->name);
        free(copy);
    }
}

static void test_arguments(void)
{
    static uint8_t out[ROOM];
    const der_key *k = &keys[0];
    fc_rsa_private_key priv, no_d;
    fc_rsa_public_key pub;
    size_t len = sizeof(out);
    CHECK(fc_rsa_private_from_der(NULL, k->pkcs1, k->pkcs1_len) == FC_ERR_NULL, "NULL key");
    CHECK(fc_rsa_private_from_der(&priv, NULL, k->pkcs1_len) == FC_ERR_NULL, "NULL der");
    CHECK(fc_rsa_public_from_der(NULL, k->spki, k->spki_len) == FC_ERR_NULL, "NULL key");
    CHECK(fc_rsa_public_from_der(&pub, NULL, 0) == FC_ERR_NULL, "NULL der");
    CHECK(fc_rsa_private_from_der(&priv, k->pkcs1, 0) == FC_ERR_ENCODING, "empty");
    CHECK(fc_rsa_private_from_der(&priv, k->pkcs1, k->pkcs1_len) == FC_OK, "load");
    CHECK(fc_rsa_public_to_der(NULL, &len, &priv.pub) == FC_ERR_NULL, "NULL out");
    CHECK(fc_rsa_public_to_der(out, NULL, &priv.pub) == FC_ERR_NULL, "NULL len");
    CHECK(fc_rsa_public_to_der(out, &len, NULL) == FC_ERR_NULL, "NULL key");
    CHECK(fc_rsa_private_to_der(NULL, &len, &priv) == FC_ERR_NULL, "NULL out");
    CHECK(fc_rsa_private_to_der(out, NULL, &priv) == FC_ERR_NULL, "NULL len");
    CHECK(fc_rsa_private_to_der(out, &len, NULL) == FC_ERR_NULL, "NULL key");
    /* PKCS#1 needs d; a key the reader would refuse is not written either */
    no_d = priv;
    no_d.d = NULL;
    no_d.d_len = 0;
    memset(out, UNTOUCHED, sizeof(out));
    len = sizeof(out);
    CHECK(fc_rsa_private_to_der(out, &len, &no_d) == FC_ERR_KEY && len == sizeof(out) &&
              out[0] == UNTOUCHED,
          "private_to_der without d");
    no_d = priv;
    no_d.pub.e_len = 0;
    CHECK(fc_rsa_public_to_der(out, &len, &no_d.pub) == FC_ERR_KEY && out[0] == UNTOUCHED,
          "public_to_der without e");
    no_d = priv;
    no_d.p = NULL;
    CHECK(fc_rsa_private_to_der(out, &len, &no_d) == FC_ERR_NULL && out[0] == UNTOUCHED,
          "private_to_der without p");
    no_d = priv;
    no_d.pub.n = NULL;
    CHECK(fc_rsa_public_to_der(out, &len, &no_d.pub) == FC_ERR_NULL && out[0] == UNTOUCHED,
          "public_to_der without n");
}

static int random_fill(void *user, uint8_t *out, size_t len)
{
    (void)user;
    tu_fill_random(out, len);
    return 0;
}

/* The parsed keys work through every provider: x^d^e = x, every provider's x^d the same
 * (it is unique), and a key with a faulty dP refused with nothing written. */
static void test_providers(void)
{
    static fc_rsa_work work;
    static uint8_t x[512], y[512], first[512], back[512], bad_dp[256];
    const fc_rng rng = {random_fill, NULL};
    size_t i, j;
    tu_seed(0x5eed);
    for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
        const der_key *k = &keys[i];
        size_t len = k->bits / 8;
        fc_rsa_private_key priv;
        fc_rsa_public_key pub;
        int have_first = 0;
        CHECK(fc_rsa_private_from_der(&priv, k->pkcs8, k->pkcs8_len) == FC_OK &&
                  fc_rsa_public_from_der(&pub, k->spki, k->spki_len) == FC_OK,
              "load %u", k->bits);
        tu_fill_random(x, len);
        x[0] &= 0x7f; /* below n */
        for (j = 0; j < tu_provider_count(); j++) {
            const fc_provider *p = tu_provider_at(j);
            fc_status st;
            if (!fc_provider_supports(p, FC_RSA))
                continue;
            st = fc_rsa_private_raw(p, &rng, &work, y, &priv, x, len);
            CHECK(st == FC_OK, "%s %u: private %d", p->name, k->bits, (int)st);
            CHECK(tu_all_zero(&work, sizeof(work)), "%s %u: work wiped", p->name, k->bits);
            if (st != FC_OK)
                continue;
            if (!have_first) {
                memcpy(first, y, len);
                have_first = 1;
            }
            CHECK(memcmp(first, y, len) == 0, "%s %u: same x^d", p->name, k->bits);
            st = fc_rsa_public_raw(p, &work, back, &pub, y, len);
            CHECK(st == FC_OK && memcmp(back, x, len) == 0, "%s %u: x^d^e = x (%d)", p->name,
                  k->bits, (int)st);
            if (i == 0) { /* dP + 2: still odd-sized, wrong */
                fc_rsa_private_key faulty = priv;
                size_t b = priv.dp_len;
                memcpy(bad_dp, priv.dp, priv.dp_len);
                while (b-- > 0 && ++bad_dp[b] == 0)
                    ;
                faulty.dp = bad_dp;
                memset(y, UNTOUCHED, len);
                st = fc_rsa_private_raw(p, &rng, &work, y, &faulty, x, len);
                CHECK((st == FC_ERR_KEY || st == FC_ERR_PROVIDER) && y[0] == UNTOUCHED &&
                          y[len - 1] == UNTOUCHED,
                      "%s: faulty dP gives %d", p->name, (int)st);
            }
        }
    }
}

/* The providers' own key generation (driver.h generate), where they have it: the parts make a
 * 2048-bit key with p > q that the DER writer and reader take and that works (x^d^e = x; d
 * itself is checked against cryptography in test_rsa.py). */
static void test_generate_ops(void)
{
    static fc_rsa_work work;
    static uint8_t parts[FC_RSA_PARTS_SIZE(256)], der[ROOM], x[256], y[256], back[256];
    const fc_rng rng = {random_fill, NULL};
    size_t i, j, k = 256, h = 128, len;
    for (i = 0; i < fc_provider_count(); i++) {
        const fc_provider *p = fc_provider_at(i);
        for (j = 0; j < p->impl_count; j++) {
            const fc_impl *impl = p->impls[j];
            fc_rsa_private_key key, again;
            fc_status st;
            if (impl->alg != FC_RSA || impl->ops.rsa.generate == NULL)
                continue;
            memset(&work, 0, sizeof(work));
            st = impl->ops.rsa.generate(impl, FC_RSA_PROVIDER_WORK(&work), &rng, FC_RSA_PARTS(&work),
                                        2048, 65537);
            CHECK(st == FC_OK, "%s generate: %d", p->name, (int)st);
            if (st != FC_OK)
                continue;
            memcpy(parts, FC_RSA_PARTS(&work), sizeof(parts));
            memset(&key, 0, sizeof(key));
            key.pub.n = parts;
            key.pub.n_len = k;
            key.pub.e = (const uint8_t *)"\x01\x00\x01";
            key.pub.e_len = 3;
            key.d = parts + k;
            key.d_len = k;
            key.p = parts + 2 * k;
            key.q = key.p + h;
            key.dp = key.q + h;
            key.dq = key.dp + h;
            key.qinv = key.dq + h;
            key.p_len = key.q_len = key.dp_len = key.dq_len = key.qinv_len = h;
            CHECK((parts[0] & 0x80) && memcmp(key.p, key.q, h) > 0, "%s: 2048 bits, p > q",
                  p->name);
            len = sizeof(der);
            CHECK(fc_rsa_private_to_der(der, &len, &key) == FC_OK &&
                      fc_rsa_private_from_der(&again, der, len) == FC_OK,
                  "%s: generated key through DER", p->name);
            tu_fill_random(x, k);
            x[0] &= 0x7f;
            CHECK(fc_rsa_private_raw(p, &rng, &work, y, &again, x, k) == FC_OK &&
                      fc_rsa_public_raw(p, &work, back, &again.pub, y, k) == FC_OK &&
                      memcmp(back, x, k) == 0,
                  "%s: generated key works", p->name);
            fc_zeroize(parts, sizeof(parts));
        }
    }
}

int main(void)
{
    test_round_trips();
    test_leading_zeros();
    test_room();
    test_truncations();
    test_malformed();
    test_arguments();
    test_providers();
    test_generate_ops();
    return tu_finish("test_rsa_der");
}
