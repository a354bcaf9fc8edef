/* Every public vector of tests/vectors, run through every provider whose chain has the
 * algorithm (fc_provider_supports: "openssl" runs what OpenSSL lacks on soft, behind it).
 * Prints, per provider and source file, how many vectors ran and passed.
 * --x25519-million adds RFC 7748's 1,000,000-iteration vector (minutes). */
#include <stdlib.h>
#include <string.h>

#include "fieldcrypt/fieldcrypt.h"
#include "test_driver.h"
#include "testutil.h"
#include "vectors.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* per provider x source tallies, printed at the end */
typedef struct { const char *provider, *source; unsigned ran, passed; } tally;
static tally tallies[256];
static size_t ntallies;

static void note(const fc_provider *p, const char *source, int ok)
{
    size_t i;
    for (i = 0; i < ntallies; i++)
        if (tallies[i].provider == p->name && strcmp(tallies[i].source, source) == 0)
            break;
    if (i == ntallies) {
        if (ntallies == COUNT(tallies))
            abort();
        tallies[ntallies].provider = p->name;
        tallies[ntallies].source = source;
        ntallies++;
    }
    tallies[i].ran++;
    tallies[i].passed += ok ? 1u : 0u;
}

static uint32_t prng_state = 12345;
static uint32_t prng(void)
{
    prng_state = prng_state * 1103515245u + 12345u;
    return prng_state >> 8;
}

static void run_hash(const fc_provider *p)
{
    size_t i;
    for (i = 0; i < COUNT(hash_vectors); i++) {
        const hash_vec *v = &hash_vectors[i];
        size_t mlen, dlen;
        uint8_t *msg, *md, out[64], out2[64];
        fc_hash_ctx ctx;
        size_t off = 0;
        int ok;
        if (!fc_provider_supports(p, v->alg))
            continue;
        msg = tu_unhex(v->msg, &mlen);
        md = tu_unhex(v->md, &dlen);
        ok = fc_hash(p, v->alg, out, sizeof(out), msg, mlen) == FC_OK &&
             memcmp(out, md, dlen) == 0;
        /* the same message again, streamed in random pieces */
        memset(&ctx, 0, sizeof(ctx));
        ok &= fc_hash_init(&ctx, p, v->alg) == FC_OK;
        while (off < mlen) {
            size_t n = prng() % 200;
            if (n > mlen - off)
                n = mlen - off;
            ok &= fc_hash_update(&ctx, msg + off, n) == FC_OK;
            off += n;
        }
        ok &= fc_hash_final(&ctx, out2, sizeof(out2)) == FC_OK && memcmp(out2, md, dlen) == 0;
        CHECK(ok, "%s %s vector %zu (%s)", p->name, fc_alg_name(v->alg), i, v->source);
        note(p, v->source, ok);
        free(msg);
        free(md);
    }
}

/* NIST SHAVS Monte Carlo: MD_i = H(MD_{i-3} || MD_{i-2} || MD_{i-1}), 1000 per checkpoint. */
static void run_hash_monte(const fc_provider *p)
{
    size_t i;
    for (i = 0; i < COUNT(hash_monte_vectors); i++) {
        const hash_monte_vec *v = &hash_monte_vectors[i];
        size_t slen, mlen, d;
        uint8_t *seed, *mds, m[3 * 64];
        int j, k, ok = 1;
        if (!fc_provider_supports(p, v->alg))
            continue;
        seed = tu_unhex(v->seed, &slen);
        mds = tu_unhex(v->mds, &mlen);
        d = slen;
        for (j = 0; j < v->count && ok; j++) {
            memcpy(m, seed, d);
            memcpy(m + d, seed, d);
            memcpy(m + 2 * d, seed, d);
            for (k = 0; k < 1000; k++) {
                uint8_t next[64];
                ok &= fc_hash(p, v->alg, next, sizeof(next), m, 3 * d) == FC_OK;
                memmove(m, m + d, 2 * d);
                memcpy(m + 2 * d, next, d);
            }
            memcpy(seed, m + 2 * d, d);
            ok &= memcmp(seed, mds + (size_t)j * d, d) == 0;
        }
        CHECK(ok, "%s monte %s", p->name, v->source);
        note(p, v->source, ok);
        free(seed);
        free(mds);
    }
}

static void run_hmac(const fc_provider *p)
{
    size_t i;
    for (i = 0; i < COUNT(hmac_vectors); i++) {
        const hmac_vec *v = &hmac_vectors[i];
        size_t klen, mlen, tlen;
        uint8_t *key, *msg, *tag, out[64];
        fc_status st;
        int ok;
        if (!fc_provider_supports(p, v->alg))
            continue;
        key = tu_unhex(v->key, &klen);
        msg = tu_unhex(v->msg, &mlen);
        tag = tu_unhex(v->tag, &tlen);
        st = fc_mac(p, v->alg, out, sizeof(out), key, klen, msg, mlen);
        if (v->valid)
            ok = st == FC_OK && memcmp(out, tag, tlen) == 0 &&
                 fc_mac_verify(p, v->alg, tag, tlen, key, klen, msg, mlen) == FC_OK;
        else
            ok = fc_mac_verify(p, v->alg, tag, tlen, key, klen, msg, mlen) == FC_ERR_VERIFY;
        CHECK(ok, "%s %s vector %zu (%s)", p->name, fc_alg_name(v->alg), i, v->source);
        note(p, v->source, ok);
        free(key);
        free(msg);
        free(tag);
    }
}

static void run_hkdf(const fc_provider *p)
{
    size_t i;
    for (i = 0; i < COUNT(hkdf_vectors); i++) {
        const hkdf_vec *v = &hkdf_vectors[i];
        size_t ilen, slen, nlen, olen;
        uint8_t *ikm, *salt, *info, *okm, *out;
        fc_status st;
        int ok;
        if (!fc_provider_supports(p, v->alg))
            continue;
        ikm = tu_unhex(v->ikm, &ilen);
        salt = tu_unhex(v->salt, &slen);
        info = tu_unhex(v->info, &nlen);
        okm = tu_unhex(v->okm, &olen);
        out = malloc(v->size + 1);
        st = fc_kdf(p, v->alg, out, v->size, salt, slen, ikm, ilen, info, nlen);
        if (v->valid)
            ok = st == FC_OK && olen == v->size && memcmp(out, okm, olen) == 0;
        else
            ok = st == FC_ERR_LENGTH;
        CHECK(ok, "%s %s vector %zu (%s): %s", p->name, fc_alg_name(v->alg), i, v->source,
              fc_status_str(st));
        note(p, v->source, ok);
        free(ikm);
        free(salt);
        free(info);
        free(okm);
        free(out);
    }
}

static void run_x25519(const fc_provider *p)
{
    size_t i, n;
    if (!fc_provider_supports(p, FC_X25519))
        return;
    for (i = 0; i < COUNT(x25519_vectors); i++) {
        const x25519_vec *v = &x25519_vectors[i];
        uint8_t *k = tu_unhex(v->scalar, &n), *u = tu_unhex(v->u, &n), *want = tu_unhex(v->shared, &n);
        uint8_t out[32];
        fc_status st = fc_xdh(p, FC_X25519, out, k, u);
        int ok;
        if (fc_ct_is_zero(want, 32))
            ok = st == FC_ERR_ZERO_SHARED && fc_ct_is_zero(out, 32);
        else
            ok = st == FC_OK && memcmp(out, want, 32) == 0;
        CHECK(ok, "%s x25519 vector %zu (%s): %s", p->name, i, v->source, fc_status_str(st));
        note(p, v->source, ok);
        free(k);
        free(u);
        free(want);
    }
}

static void run_x25519_iterated(const fc_provider *p, unsigned long max_iterations)
{
    size_t i;
    if (!fc_provider_supports(p, FC_X25519))
        return;
    for (i = 0; i < COUNT(x25519_iterated); i++) {
        const x25519_iter_vec *v = &x25519_iterated[i];
        uint8_t k[32] = {9}, u[32] = {9}, r[32];
        size_t n;
        uint8_t *want;
        unsigned long j;
        int ok = 1;
        if (v->iterations > max_iterations)
            continue;
        for (j = 0; j < v->iterations && ok; j++) {
            ok = fc_xdh(p, FC_X25519, r, k, u) == FC_OK;
            memcpy(u, k, 32);
            memcpy(k, r, 32);
        }
        want = tu_unhex(v->k, &n);
        ok &= memcmp(k, want, 32) == 0;
        CHECK(ok, "%s x25519 after %lu iterations", p->name, v->iterations);
        note(p, "rfc7748_x25519.json (iterated)", ok);
        free(want);
    }
}

static void run_elligator2(const fc_provider *p)
{
    size_t i, n;
    if (!fc_provider_supports(p, FC_ELLIGATOR2_CURVE25519))
        return;
    for (i = 0; i < COUNT(elligator2_vectors); i++) {
        const ell2_vec *v = &elligator2_vectors[i];
        uint8_t *r = tu_unhex(v->r, &n), *want = tu_unhex(v->u, &n), out[32];
        int ok = fc_map(p, FC_ELLIGATOR2_CURVE25519, out, r) == FC_OK &&
                 memcmp(out, want, 32) == 0;
        CHECK(ok, "%s elligator2 vector %zu (%s)", p->name, i, v->source);
        note(p, v->source, ok);
        free(r);
        free(want);
    }
}

static void run_salsa20(const fc_provider *p)
{
    size_t i, n;
    if (!fc_provider_supports(p, FC_SALSA20))
        return;
    for (i = 0; i < COUNT(salsa20_vectors); i++) {
        const salsa20_vec *v = &salsa20_vectors[i];
        uint8_t *key, *iv, *digest, *stream, xd[64] = {0};
        size_t klen, ivlen, dlen, len = 0, j;
        int c, ok;
        if (v->nchunks == 0)
            continue;
        for (c = 0; c < v->nchunks; c++) {
            size_t end = v->chunks[c].offset + strlen(v->chunks[c].hex) / 2;
            len = end > len ? end : len;
        }
        len = (len + 63) / 64 * 64;
        key = tu_unhex(v->key, &klen);
        iv = tu_unhex(v->iv, &ivlen);
        digest = tu_unhex(v->xor_digest, &dlen);
        stream = calloc(len, 1);
        ok = fc_stream(p, FC_SALSA20, stream, stream, len, key, klen, iv, ivlen) == FC_OK;
        for (c = 0; c < v->nchunks; c++) {
            uint8_t *want = tu_unhex(v->chunks[c].hex, &n);
            ok &= memcmp(stream + v->chunks[c].offset, want, n) == 0;
            free(want);
        }
        /* eSTREAM xor-digest: XOR of all 64-byte blocks of the stream */
        for (j = 0; j < len; j++)
            xd[j % 64] ^= stream[j];
        ok &= dlen == 64 && memcmp(xd, digest, 64) == 0;
        CHECK(ok, "%s salsa20 vector %zu (%s)", p->name, i, v->source);
        note(p, v->source, ok);
        free(key);
        free(iv);
        free(digest);
        free(stream);
    }
}

static void run_all(const fc_provider *p, unsigned long max_iter)
{
    if (max_iter > 1000) {
        run_x25519_iterated(p, max_iter);
        return;
    }
    run_hash(p);
    run_hash_monte(p);
    run_hmac(p);
    run_hkdf(p);
    run_x25519(p);
    run_x25519_iterated(p, max_iter);
    run_elligator2(p);
    run_salsa20(p);
}

/* Every vector again through "testdrv -> soft" (test_driver.h), the driver declining half of
 * the calls it gets at random: each family must have been both served and declined. */
static void run_through_driver(unsigned long max_iter)
{
    static const fc_family families[] = {FC_FAMILY_HASH, FC_FAMILY_MAC, FC_FAMILY_KDF,
                                         FC_FAMILY_STREAM, FC_FAMILY_XDH};
    const test_driver_counts *c = test_driver_counts_get();
    size_t i;
    test_driver_reset(50, 2024);
    run_all(&fc_test_driver, max_iter);
    if (max_iter > 1000)
        return;
    for (i = 0; i < sizeof(families) / sizeof(families[0]); i++)
        CHECK(c->served[families[i]] > 0 && c->declined[families[i]] > 0,
              "testdrv: family %s served %u and declined %u calls", fc_family_name(families[i]),
              c->served[families[i]], c->declined[families[i]]);
    CHECK(c->declined[FC_FAMILY_MAP] > 0, "testdrv: the map declined %u calls",
          c->declined[FC_FAMILY_MAP]);
    CHECK(c->hash_released == c->hash_bound && c->dirty_states == 0,
          "testdrv: %u hash states bound, %u released, %u inits on an unzeroed state",
          c->hash_bound, c->hash_released, c->dirty_states);
}

int main(int argc, char **argv)
{
    unsigned long max_iter = 1000;
    size_t i;
    if (argc > 1 && strcmp(argv[1], "--x25519-million") == 0)
        max_iter = 1000000;
    for (i = 0; i < fc_provider_count(); i++)
        run_all(fc_provider_at(i), max_iter);
    run_through_driver(max_iter);
    for (i = 0; i < ntallies; i++)
        printf("  %-8s %-40s %5u ran %5u passed\n", tallies[i].provider, tallies[i].source,
               tallies[i].ran, tallies[i].passed);
    return tu_finish("test_vectors");
}
