/* DRBG tests (drbg.h): NIST CAVP's DRBG vectors (tests/vectors/cavp_drbg, read at run time)
 * through every provider of the build, then the front end's contract: reseed interval and
 * prediction resistance, length limits, NULLs, the lifecycle, the DRBG as the default
 * randomness source (and never its own source), and wiping.
 *
 * Usage: test_drbg [VECTOR_DIR]; without it, the cavp_drbg directory next to this source. */
#include <stdlib.h>
#include <string.h>

#include "fieldcrypt/fieldcrypt.h"
#include "test_driver.h"
#include "testutil.h"

#define SENTINEL 0xA5
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static const fc_alg drbgs[] = {FC_HMAC_DRBG_SHA256, FC_HMAC_DRBG_SHA512, FC_CTR_DRBG_AES128,
                               FC_CTR_DRBG_AES256};

static int untouched(const uint8_t *buf, size_t len)
{
    size_t i;
    for (i = 0; i < len; i++)
        if (buf[i] != SENTINEL)
            return 0;
    return 1;
}

static int all_zero(const void *p, size_t len)
{
    const uint8_t *b = (const uint8_t *)p;
    size_t i;
    for (i = 0; i < len; i++)
        if (b[i] != 0)
            return 0;
    return 1;
}

/* ---- randomness sources for the tests ---- */

/* Hands out given byte strings in order, each only to a request of its exact length: a
 * vector's EntropyInput, Nonce, EntropyInputReseed or EntropyInputPR values. */
typedef struct {
    const uint8_t *part[4];
    size_t len[4];
    size_t count, next;
} queue_source;

static int queue_fill(void *user, uint8_t *out, size_t len)
{
    queue_source *q = (queue_source *)user;
    if (q->next >= q->count || q->len[q->next] != len)
        return -1;
    memcpy(out, q->part[q->next], len);
    q->next++;
    return 0;
}

static void queue_add(queue_source *q, const uint8_t *bytes, size_t len)
{
    q->part[q->count] = bytes;
    q->len[q->count] = len;
    q->count++;
}

/* Counts its calls and returns a simple byte pattern; fails from call fail_at on (0: never). */
typedef struct {
    unsigned calls, fail_at;
    uint8_t next;
} counting_source;

static int counting_fill(void *user, uint8_t *out, size_t len)
{
    counting_source *c = (counting_source *)user;
    size_t i;
    c->calls++;
    if (c->fail_at != 0 && c->calls >= c->fail_at)
        return -1;
    for (i = 0; i < len; i++)
        out[i] = c->next++;
    return 0;
}

/* ---- CAVP vectors ---- */

typedef struct {
    const fc_provider *provider;
    char file[48];
    unsigned ran, passed, skipped;
} tally;
static tally tallies[64];
static size_t ntallies;

static tally *tally_of(const fc_provider *p, const char *file)
{
    size_t i;
    for (i = 0; i < ntallies; i++)
        if (tallies[i].provider == p && strcmp(tallies[i].file, file) == 0)
            return &tallies[i];
    if (ntallies == COUNT(tallies))
        abort();
    tallies[ntallies].provider = p;
    snprintf(tallies[ntallies].file, sizeof(tallies[ntallies].file), "%s", file);
    return &tallies[ntallies++];
}

/* One record of a CAVP DRBG .rsp file, its values decoded. */
enum { ENTROPY, NONCE, PERS, ENTROPY_RESEED, ADDL_RESEED, ADDL1, ADDL2, ENTROPY_PR1, ENTROPY_PR2,
       RETURNED, FIELDS };
typedef struct {
    char section[40];
    int count;
    uint8_t *v[FIELDS];
    size_t len[FIELDS];
    int have[FIELDS];
} cavp_record;

static void record_clear(cavp_record *r)
{
    int i;
    for (i = 0; i < FIELDS; i++) {
        free(r->v[i]);
        r->v[i] = NULL;
        r->len[i] = 0;
        r->have[i] = 0;
    }
}

/* The DRBG of a CAVP section name; FC_ALG_NONE for the sections this library lacks. */
static fc_alg section_alg(const char *section, unsigned *flags)
{
    *flags = strstr(section, "no df") != NULL ? FC_DRBG_NO_DF : 0;
    if (strcmp(section, "SHA-256") == 0)
        return FC_HMAC_DRBG_SHA256;
    if (strcmp(section, "SHA-512") == 0)
        return FC_HMAC_DRBG_SHA512;
    if (strncmp(section, "AES-128 ", 8) == 0)
        return FC_CTR_DRBG_AES128;
    if (strncmp(section, "AES-256 ", 8) == 0)
        return FC_CTR_DRBG_AES256;
    return FC_ALG_NONE;
}

/* The CAVP procedure on one DRBG: instantiate (done), reseed if the record has one, generate
 * twice (with prediction resistance each generate reseeds from the source first), compare
 * the second output. from_source: instantiate and reseed drew their entropy from the
 * source, which already holds it. */
static int cavp_generate(fc_drbg_ctx *ctx, const cavp_record *r, int from_source)
{
    uint8_t out[256];
    int ok = 1;
    if (r->have[ENTROPY_RESEED])
        ok &= fc_drbg_reseed(ctx, from_source ? NULL : r->v[ENTROPY_RESEED],
                             from_source ? 0 : r->len[ENTROPY_RESEED], r->v[ADDL_RESEED],
                             r->len[ADDL_RESEED]) == FC_OK;
    ok &= r->len[RETURNED] <= sizeof(out);
    ok &= ok && fc_drbg_generate(ctx, out, r->len[RETURNED], r->v[ADDL1], r->len[ADDL1]) == FC_OK;
    ok &= ok && fc_drbg_generate(ctx, out, r->len[RETURNED], r->v[ADDL2], r->len[ADDL2]) == FC_OK;
    return ok && memcmp(out, r->v[RETURNED], r->len[RETURNED]) == 0;
}

static void cavp_run(const cavp_record *r, const char *file)
{
    unsigned flags;
    fc_alg alg = section_alg(r->section, &flags);
    int pr = r->have[ENTROPY_PR1];
    size_t i;
    if (alg == FC_ALG_NONE)
        return;
    if (pr)
        flags |= FC_DRBG_PREDICTION_RESISTANCE;
    for (i = 0; i < tu_provider_count(); i++) {
        const fc_provider *p = tu_provider_at(i);
        tally *t = tally_of(p, file);
        queue_source q;
        fc_rng src = {queue_fill, &q};
        fc_drbg_ctx ctx;
        int ok;
        if (!fc_provider_supports(p, alg)) {
            t->skipped++;
            continue;
        }
        /* the caller's entropy (fc_drbg_init_seeded, fc_drbg_reseed with entropy) */
        memset(&q, 0, sizeof(q));
        if (pr) {
            queue_add(&q, r->v[ENTROPY_PR1], r->len[ENTROPY_PR1]);
            queue_add(&q, r->v[ENTROPY_PR2], r->len[ENTROPY_PR2]);
        }
        memset(&ctx, 0, sizeof(ctx));
        ok = fc_drbg_init_seeded(&ctx, p, alg, pr ? &src : NULL, flags, r->v[ENTROPY],
                                 r->len[ENTROPY], r->v[NONCE], r->len[NONCE], r->v[PERS],
                                 r->len[PERS]) == FC_OK &&
             cavp_generate(&ctx, r, 0) && q.next == q.count;
        fc_drbg_wipe(&ctx);
        /* the same with every entropy input drawn from the source (fc_drbg_init, fc_drbg_reseed
         * without entropy): the vectors' lengths are the ones init and reseed draw */
        memset(&q, 0, sizeof(q));
        queue_add(&q, r->v[ENTROPY], r->len[ENTROPY]);
        if (r->len[NONCE] > 0)
            queue_add(&q, r->v[NONCE], r->len[NONCE]);
        if (r->have[ENTROPY_RESEED])
            queue_add(&q, r->v[ENTROPY_RESEED], r->len[ENTROPY_RESEED]);
        if (pr) {
            queue_add(&q, r->v[ENTROPY_PR1], r->len[ENTROPY_PR1]);
            queue_add(&q, r->v[ENTROPY_PR2], r->len[ENTROPY_PR2]);
        }
        ok &= fc_drbg_init(&ctx, p, alg, &src, flags, r->v[PERS], r->len[PERS]) == FC_OK &&
              cavp_generate(&ctx, r, 1) && q.next == q.count;
        fc_drbg_wipe(&ctx);
        CHECK(ok, "%s %s [%s] COUNT = %d", p->name, file, r->section, r->count);
        t->ran++;
        t->passed += ok ? 1u : 0u;
    }
}

static int field_of(const char *key, const cavp_record *r)
{
    if (strcmp(key, "EntropyInput") == 0)
        return ENTROPY;
    if (strcmp(key, "Nonce") == 0)
        return NONCE;
    if (strcmp(key, "PersonalizationString") == 0)
        return PERS;
    if (strcmp(key, "EntropyInputReseed") == 0)
        return ENTROPY_RESEED;
    if (strcmp(key, "AdditionalInputReseed") == 0)
        return ADDL_RESEED;
    if (strcmp(key, "AdditionalInput") == 0)
        return r->have[ADDL1] ? ADDL2 : ADDL1;
    if (strcmp(key, "EntropyInputPR") == 0)
        return r->have[ENTROPY_PR1] ? ENTROPY_PR2 : ENTROPY_PR1;
    if (strcmp(key, "ReturnedBits") == 0)
        return RETURNED;
    return -1;
}

/* Reads a .rsp file record by record and runs each as its ReturnedBits line ends it. */
static unsigned cavp_file(const char *dir, const char *file)
{
    char path[1200], line[4096], section[40] = "";
    cavp_record r;
    unsigned records = 0;
    FILE *f;
    snprintf(path, sizeof(path), "%s/%s", dir, file);
    f = fopen(path, "r");
    CHECK(f != NULL, "cannot open %s", path);
    if (f == NULL)
        return 0;
    memset(&r, 0, sizeof(r));
    while (fgets(line, sizeof(line), f) != NULL) {
        char *eq, *key = line, *val, *end;
        int field;
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '[' && strchr(line, '=') == NULL) {
            end = strchr(line, ']');
            if (end != NULL)
                *end = '\0';
            snprintf(section, sizeof(section), "%.*s", (int)sizeof(section) - 1, line + 1);
            continue;
        }
        if (line[0] == '#' || line[0] == '[' || (eq = strchr(line, '=')) == NULL)
            continue;
        *eq = '\0';
        for (end = eq; end > key && end[-1] == ' '; end--)
            end[-1] = '\0';
        for (val = eq + 1; *val == ' '; val++)
            ;
        if (strcmp(key, "COUNT") == 0) {
            record_clear(&r);
            snprintf(r.section, sizeof(r.section), "%s", section);
            r.count = atoi(val);
            continue;
        }
        field = field_of(key, &r);
        if (field < 0)
            continue;
        free(r.v[field]);
        r.v[field] = tu_unhex(val, &r.len[field]);
        r.have[field] = 1;
        if (field == RETURNED) {
            cavp_run(&r, file);
            records++;
        }
    }
    record_clear(&r);
    fclose(f);
    return records;
}

static void test_cavp(const char *dir)
{
    static const char *const files[] = {
        "drbgvectors_no_reseed/HMAC_DRBG.rsp", "drbgvectors_pr_false/HMAC_DRBG.rsp",
        "drbgvectors_pr_true/HMAC_DRBG.rsp",   "drbgvectors_no_reseed/CTR_DRBG.rsp",
        "drbgvectors_pr_false/CTR_DRBG.rsp",   "drbgvectors_pr_true/CTR_DRBG.rsp"};
    size_t i;
    test_driver_reset(50, 0xD4B6);
    for (i = 0; i < COUNT(files); i++)
        CHECK(cavp_file(dir, files[i]) >= 60, "%s: too few records", files[i]);
    for (i = 0; i < ntallies; i++)
        printf("%-10s %-36s %4u ran, %4u passed, %4u skipped (provider lacks it)\n",
               tallies[i].provider->name, tallies[i].file, tallies[i].ran, tallies[i].passed,
               tallies[i].skipped);
}

/* ---- the front end's contract ---- */

static const uint8_t entropy64[64] = {
    0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f,
    0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x2b, 0x2c, 0x2d, 0x2e, 0x2f,
    0x30, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x3b, 0x3c, 0x3d, 0x3e, 0x3f,
    0x40, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4a, 0x4b, 0x4c, 0x4d, 0x4e, 0x4f};

/* entropy bytes a seeded instantiate or reseed of alg takes (the seed without df) */
static size_t seed_len(fc_alg alg, unsigned flags)
{
    fc_alg_info info;
    fc_alg_get(alg, &info);
    return info.key_len + ((flags & FC_DRBG_NO_DF) ? 16u : 0u);
}

/* a DRBG seeded from entropy64, no source unless given */
static fc_status seeded(fc_drbg_ctx *ctx, const fc_provider *p, fc_alg alg, unsigned flags,
                        const fc_rng *source)
{
    memset(ctx, 0, sizeof(*ctx));
    return fc_drbg_init_seeded(ctx, p, alg, source, flags, entropy64, seed_len(alg, flags),
                               (flags & FC_DRBG_NO_DF) ? NULL : entropy64 + 48,
                               (flags & FC_DRBG_NO_DF) ? 0 : 16, (const uint8_t *)"pers", 4);
}

/* The interval: the third generate of interval 2 without a source refuses with nothing
 * written; with one it reseeds itself, and the automatic reseed is reseed(entropy, addl) then a generate
 * without additional input (SP 800-90A 9.3.1). */
static void test_reseed_interval(const fc_provider *p, fc_alg alg, unsigned flags)
{
    const char *name = fc_alg_name(alg);
    uint8_t out[40], want[40], drawn[48];
    counting_source c = {0, 0, 0x77};
    fc_rng src = {counting_fill, &c};
    fc_drbg_ctx a, b;
    size_t n = seed_len(alg, flags);
    CHECK(seeded(&a, p, alg, flags, NULL) == FC_OK, "%s %s seeded", p->name, name);
    CHECK(fc_drbg_set_reseed_interval(&a, 2) == FC_OK, "interval");
    CHECK(fc_drbg_generate(&a, out, sizeof(out), NULL, 0) == FC_OK &&
              fc_drbg_generate(&a, out, sizeof(out), NULL, 0) == FC_OK, "%s two generates", name);
    memset(out, SENTINEL, sizeof(out));
    CHECK(fc_drbg_generate(&a, out, sizeof(out), NULL, 0) == FC_ERR_RESEED &&
              untouched(out, sizeof(out)), "%s %s third generate without a source", p->name, name);
    CHECK(fc_drbg_generate(&a, out, sizeof(out), NULL, 0) == FC_ERR_RESEED, "still refused");
    CHECK(fc_drbg_reseed(&a, NULL, 0, NULL, 0) == FC_ERR_NO_RNG, "reseed without a source");
    CHECK(fc_drbg_reseed(&a, entropy64, n, NULL, 0) == FC_OK &&
              fc_drbg_generate(&a, out, sizeof(out), NULL, 0) == FC_OK, "%s reseeded by hand", name);
    fc_drbg_wipe(&a);

    /* with a source: the third generate reseeds (one draw), then two more without a draw */
    CHECK(seeded(&a, p, alg, flags, &src) == FC_OK && seeded(&b, p, alg, flags, NULL) == FC_OK,
          "%s seeded pair", name);
    CHECK(fc_drbg_set_reseed_interval(&a, 2) == FC_OK, "interval");
    CHECK(fc_drbg_generate(&a, out, sizeof(out), NULL, 0) == FC_OK &&
              fc_drbg_generate(&b, want, sizeof(want), NULL, 0) == FC_OK &&
              memcmp(out, want, sizeof(out)) == 0, "%s same seed, same output", name);
    CHECK(fc_drbg_generate(&a, out, sizeof(out), entropy64, 7) == FC_OK &&
              fc_drbg_generate(&b, want, sizeof(want), entropy64, 7) == FC_OK && c.calls == 0,
          "second generate, no draw");
    CHECK(fc_drbg_generate(&a, out, sizeof(out), entropy64 + 3, 9) == FC_OK && c.calls == 1,
          "%s %s third generate reseeded from the source", p->name, name);
    counting_fill(&(counting_source){0, 0, 0x77}, drawn, n); /* what the source gave */
    CHECK(fc_drbg_reseed(&b, drawn, n, entropy64 + 3, 9) == FC_OK &&
              fc_drbg_generate(&b, want, sizeof(want), NULL, 0) == FC_OK &&
              memcmp(out, want, sizeof(out)) == 0,
          "%s %s automatic reseed = reseed(entropy, addl) + generate()", p->name, name);
    /* the reseeding generate was the first of the new interval: one more, then a reseed */
    CHECK(fc_drbg_generate(&a, out, sizeof(out), NULL, 0) == FC_OK && c.calls == 1,
          "counter restarted after the reseed");
    CHECK(fc_drbg_generate(&a, out, sizeof(out), NULL, 0) == FC_OK && c.calls == 2,
          "and reseeds again after two");
    fc_drbg_wipe(&a);
    fc_drbg_wipe(&b);
}

/* Output of generate(n) is the first n bytes of generate(m > n) from the same state: the
 * tail block and the batched counter blocks line up. */
static void test_lengths_line_up(const fc_provider *p, fc_alg alg, unsigned flags)
{
    uint8_t longer[200], shorter[200];
    fc_drbg_ctx a, b;
    size_t n;
    int ok = seeded(&a, p, alg, flags, NULL) == FC_OK;
    for (n = 0; n <= 160 && ok; n++) {
        b = a; /* the state is plain memory: a copy is a clone */
        ok &= fc_drbg_generate(&b, longer, 160, NULL, 0) == FC_OK;
        b = a;
        ok &= fc_drbg_generate(&b, shorter, n, NULL, 0) == FC_OK &&
              memcmp(shorter, longer, n) == 0;
        ok &= fc_drbg_generate(&a, shorter, 1 + n % 3, NULL, 0) == FC_OK; /* move on */
    }
    CHECK(ok, "%s %s%s: outputs line up", p->name, fc_alg_name(alg),
          (flags & FC_DRBG_NO_DF) ? " no df" : "");
    fc_drbg_wipe(&a);
    fc_drbg_wipe(&b);
}

static void test_bad_input(const fc_provider *p, fc_alg alg, unsigned flags)
{
    static uint8_t big[FC_DRBG_MAX_REQUEST + 1];
    const char *name = fc_alg_name(alg);
    size_t n = seed_len(alg, flags), in_max = (flags & FC_DRBG_NO_DF) ? n : FC_DRBG_MAX_INPUT;
    uint8_t input[FC_DRBG_MAX_INPUT + 1], out[32];
    fc_drbg_ctx ctx, copy;
    memset(input, 0x5a, sizeof(input));
    memset(&ctx, 0, sizeof(ctx));

    /* instantiate: lengths */
    CHECK(fc_drbg_init_seeded(&ctx, p, alg, NULL, flags, entropy64, n, NULL, 0, input,
                              in_max + 1) == FC_ERR_LENGTH && all_zero(&ctx, sizeof(ctx)),
          "%s pers too long", name);
    CHECK(fc_drbg_init(&ctx, p, alg, NULL, flags, input, in_max + 1) == FC_ERR_LENGTH,
          "%s init pers too long", name);
    if (flags & FC_DRBG_NO_DF) {
        CHECK(fc_drbg_init_seeded(&ctx, p, alg, NULL, flags, entropy64, n - 1, NULL, 0, NULL,
                                  0) == FC_ERR_LENGTH &&
                  fc_drbg_init_seeded(&ctx, p, alg, NULL, flags, entropy64, n + 1, NULL, 0, NULL,
                                      0) == FC_ERR_LENGTH,
              "%s no df: entropy must be the seed length", name);
        CHECK(fc_drbg_init_seeded(&ctx, p, alg, NULL, flags, entropy64, n, entropy64, 8, NULL,
                                  0) == FC_ERR_LENGTH, "%s no df: no nonce", name);
    } else {
        CHECK(fc_drbg_init_seeded(&ctx, p, alg, NULL, flags, entropy64, n - 1, NULL, 0, NULL,
                                  0) == FC_ERR_LENGTH,
              "%s entropy below the security strength", name);
        CHECK(fc_drbg_init_seeded(&ctx, p, alg, NULL, flags, input, FC_DRBG_MAX_INPUT + 1, NULL,
                                  0, NULL, 0) == FC_ERR_LENGTH &&
                  fc_drbg_init_seeded(&ctx, p, alg, NULL, flags, entropy64, n, input,
                                      FC_DRBG_MAX_INPUT + 1, NULL, 0) == FC_ERR_LENGTH,
              "%s entropy or nonce too long", name);
        CHECK(fc_drbg_init_seeded(&ctx, p, alg, NULL, flags, input, FC_DRBG_MAX_INPUT, input,
                                  FC_DRBG_MAX_INPUT, input, FC_DRBG_MAX_INPUT) == FC_OK,
              "%s longest inputs", name);
        fc_drbg_wipe(&ctx);
    }
    CHECK(all_zero(&ctx, sizeof(ctx)), "nothing written to the context");

    /* NULLs and arguments */
    CHECK(fc_drbg_init_seeded(NULL, p, alg, NULL, flags, entropy64, n, NULL, 0, NULL, 0) ==
              FC_ERR_NULL &&
              fc_drbg_init_seeded(&ctx, p, alg, NULL, flags, NULL, n, NULL, 0, NULL, 0) ==
                  FC_ERR_NULL &&
              fc_drbg_init_seeded(&ctx, p, alg, NULL, flags, entropy64, n, NULL, 4, NULL, 0) ==
                  FC_ERR_NULL &&
              fc_drbg_init_seeded(&ctx, p, alg, NULL, flags, entropy64, n, NULL, 0, NULL, 4) ==
                  FC_ERR_NULL &&
              fc_drbg_init(NULL, p, alg, NULL, flags, NULL, 0) == FC_ERR_NULL &&
              fc_drbg_init(&ctx, p, alg, NULL, flags, NULL, 4) == FC_ERR_NULL,
          "%s init NULLs", name);
    CHECK(fc_drbg_init_seeded(&ctx, p, FC_SHA256, NULL, 0, entropy64, 32, NULL, 0, NULL, 0) ==
              FC_ERR_ARGUMENT &&
              fc_drbg_init(&ctx, p, FC_AES, NULL, 0, NULL, 0) == FC_ERR_ARGUMENT &&
              fc_drbg_init(&ctx, p, alg, NULL, flags | 0x80u, NULL, 0) == FC_ERR_ARGUMENT &&
              fc_drbg_init_seeded(&ctx, p, alg, NULL, flags | FC_DRBG_PREDICTION_RESISTANCE,
                                  entropy64, n, NULL, 0, NULL, 0) == FC_ERR_ARGUMENT,
          "%s init arguments (prediction resistance needs a source)", name);
    CHECK(fc_drbg_init(&ctx, p, FC_HMAC_DRBG_SHA256, NULL, FC_DRBG_NO_DF, NULL, 0) ==
              FC_ERR_ARGUMENT, "HMAC_DRBG has no df to leave out");
    CHECK(all_zero(&ctx, sizeof(ctx)), "nothing written to the context");

    /* generate and reseed: nothing written, the state unchanged */
    CHECK(seeded(&ctx, p, alg, flags, NULL) == FC_OK, "%s seeded", name);
    copy = ctx;
    memset(big, SENTINEL, sizeof(big));
    memset(out, SENTINEL, sizeof(out));
    CHECK(fc_drbg_generate(&ctx, big, FC_DRBG_MAX_REQUEST + 1, NULL, 0) == FC_ERR_LENGTH &&
              untouched(big, sizeof(big)), "%s request too long", name);
    CHECK(fc_drbg_generate(&ctx, out, sizeof(out), input, in_max + 1) == FC_ERR_LENGTH &&
              fc_drbg_generate(NULL, out, sizeof(out), NULL, 0) == FC_ERR_NULL &&
              fc_drbg_generate(&ctx, NULL, 4, NULL, 0) == FC_ERR_NULL &&
              fc_drbg_generate(&ctx, out, sizeof(out), NULL, 4) == FC_ERR_NULL &&
              untouched(out, sizeof(out)), "%s generate refusals", name);
    CHECK(fc_drbg_reseed(&ctx, entropy64, n, input, in_max + 1) == FC_ERR_LENGTH &&
              fc_drbg_reseed(&ctx, entropy64, (flags & FC_DRBG_NO_DF) ? n + 1 : n - 1, NULL,
                             0) == FC_ERR_LENGTH &&
              fc_drbg_reseed(&ctx, input, FC_DRBG_MAX_INPUT + 1, NULL, 0) == FC_ERR_LENGTH &&
              fc_drbg_reseed(NULL, entropy64, n, NULL, 0) == FC_ERR_NULL &&
              fc_drbg_reseed(&ctx, NULL, n, NULL, 0) == FC_ERR_NULL &&
              fc_drbg_reseed(&ctx, entropy64, n, NULL, 4) == FC_ERR_NULL,
          "%s reseed refusals", name);
    CHECK(fc_drbg_set_reseed_interval(&ctx, 0) == FC_ERR_ARGUMENT &&
              fc_drbg_set_reseed_interval(NULL, 5) == FC_ERR_NULL, "interval refusals");
    CHECK(memcmp(&ctx, &copy, sizeof(ctx)) == 0, "%s state unchanged by refused calls", name);
    CHECK(fc_drbg_generate(&ctx, big, FC_DRBG_MAX_REQUEST, input, in_max) == FC_OK &&
              fc_drbg_generate(&ctx, NULL, 0, NULL, 0) == FC_OK,
          "%s longest request and input, empty request", name);
    fc_drbg_wipe(&ctx);
}

static void test_lifecycle(const fc_provider *p, fc_alg alg, unsigned flags)
{
    const char *name = fc_alg_name(alg);
    counting_source c = {0, 0, 1};
    fc_rng src = {counting_fill, &c};
    uint8_t out[16], one[16], two[16];
    fc_drbg_ctx ctx;
    memset(&ctx, 0, sizeof(ctx));
    memset(out, SENTINEL, sizeof(out));
    CHECK(fc_drbg_generate(&ctx, out, sizeof(out), NULL, 0) == FC_ERR_STATE &&
              fc_drbg_reseed(&ctx, entropy64, 32, NULL, 0) == FC_ERR_STATE &&
              fc_drbg_set_reseed_interval(&ctx, 3) == FC_ERR_STATE && untouched(out, sizeof(out)),
          "%s before init", name);
    CHECK(fc_drbg_init(&ctx, p, alg, &src, flags, NULL, 0) == FC_OK, "%s init", name);
    CHECK(c.calls == ((flags & FC_DRBG_NO_DF) ? 1u : 2u), "%s init draws entropy and nonce", name);
    CHECK(fc_drbg_init(&ctx, p, alg, &src, flags, NULL, 0) == FC_ERR_STATE &&
              seeded(&ctx, p, alg, flags, NULL) == FC_OK, "%s init twice", name);
    fc_drbg_wipe(&ctx);
    CHECK(all_zero(&ctx, sizeof(ctx)), "%s wiped", name);
    CHECK(fc_drbg_generate(&ctx, out, sizeof(out), NULL, 0) == FC_ERR_STATE, "after wipe");
    fc_drbg_wipe(NULL);

    /* explicit reseed from the source draws the security strength (the seed without df) */
    c.calls = 0;
    CHECK(fc_drbg_init(&ctx, p, alg, &src, flags, NULL, 0) == FC_OK &&
              fc_drbg_reseed(&ctx, NULL, 0, NULL, 0) == FC_OK, "%s reseed from source", name);
    CHECK(c.calls == ((flags & FC_DRBG_NO_DF) ? 2u : 3u), "one more draw");
    fc_drbg_wipe(&ctx);

    /* the default (system) source: two DRBGs differ */
    if (fc_rng_system() != NULL) {
        fc_drbg_ctx other;
        memset(&other, 0, sizeof(other));
        CHECK(fc_drbg_init(&ctx, p, alg, NULL, flags, NULL, 0) == FC_OK &&
                  fc_drbg_init(&other, p, alg, NULL, flags | FC_DRBG_PREDICTION_RESISTANCE,
                               (const uint8_t *)"x", 1) == FC_OK,
              "%s from the system source", name);
        CHECK(fc_drbg_generate(&ctx, one, sizeof(one), NULL, 0) == FC_OK &&
                  fc_drbg_generate(&other, two, sizeof(two), NULL, 0) == FC_OK &&
                  memcmp(one, two, sizeof(one)) != 0, "%s two DRBGs differ", name);
        fc_drbg_wipe(&other);
        fc_drbg_wipe(&ctx);
    }
}

/* A failing source ends the context: FC_ERR_RNG_FAILED, context zero, nothing written. */
static void test_failing_source(const fc_provider *p, fc_alg alg, unsigned flags)
{
    const char *name = fc_alg_name(alg);
    counting_source c = {0, 1, 0};
    fc_rng src = {counting_fill, &c};
    uint8_t out[24];
    fc_drbg_ctx ctx;
    memset(&ctx, 0, sizeof(ctx));
    CHECK(fc_drbg_init(&ctx, p, alg, &src, flags, NULL, 0) == FC_ERR_RNG_FAILED &&
              all_zero(&ctx, sizeof(ctx)), "%s init from a failing source", name);
    c.calls = 0;
    c.fail_at = 2; /* the reseed of the first generate */
    CHECK(seeded(&ctx, p, alg, flags | FC_DRBG_PREDICTION_RESISTANCE, &src) == FC_OK, "seeded");
    memset(out, SENTINEL, sizeof(out));
    CHECK(fc_drbg_generate(&ctx, out, sizeof(out), NULL, 0) == FC_OK, "%s first PR generate", name);
    memset(out, SENTINEL, sizeof(out));
    CHECK(fc_drbg_generate(&ctx, out, sizeof(out), NULL, 0) == FC_ERR_RNG_FAILED &&
              untouched(out, sizeof(out)) && all_zero(&ctx, sizeof(ctx)),
          "%s %s source fails at a PR reseed: context wiped, nothing written", p->name, name);
    CHECK(fc_drbg_generate(&ctx, out, sizeof(out), NULL, 0) == FC_ERR_STATE, "then unusable");
    c.calls = 0;
    c.fail_at = 1;
    CHECK(seeded(&ctx, p, alg, flags, &src) == FC_OK &&
              fc_drbg_reseed(&ctx, NULL, 0, NULL, 0) == FC_ERR_RNG_FAILED &&
              all_zero(&ctx, sizeof(ctx)), "%s explicit reseed from a failing source", name);
}

/* A provider failing under the mechanism: the output is wiped and so is the context. */
static void test_failing_provider(void)
{
    uint8_t out[40];
    fc_drbg_ctx ctx;
    test_driver_reset(0, 1); /* testdrv serves every call */
    CHECK(seeded(&ctx, &fc_test_driver, FC_HMAC_DRBG_SHA256, 0, NULL) == FC_OK, "seeded");
    memset(out, SENTINEL, sizeof(out));
    test_driver_fail_next(FC_FAMILY_HASH, FC_ERR_PROVIDER);
    CHECK(fc_drbg_generate(&ctx, out, sizeof(out), NULL, 0) == FC_ERR_PROVIDER &&
              all_zero(out, sizeof(out)) && all_zero(&ctx, sizeof(ctx)),
          "provider fault: output and context wiped");
    test_driver_reset(50, 2);
}

/* The DRBG as the library's default source, and never its own source. */
static void test_as_default_source(const fc_provider *p, fc_alg alg)
{
    const char *name = fc_alg_name(alg);
    static uint8_t got[2 * FC_DRBG_MAX_REQUEST + 5], want[2 * FC_DRBG_MAX_REQUEST + 5];
    counting_source c = {0, 0, 9};
    fc_rng src = {counting_fill, &c}, a_rng, b_rng, self_rng;
    fc_drbg_ctx a, clone, b, self;
    size_t off;
    int ok = 1;
    CHECK(seeded(&a, p, alg, 0, &src) == FC_OK, "%s seeded", name);
    fc_drbg_rng(&a, &a_rng);
    fc_rng_install(&a_rng);
    clone = a;
    CHECK(fc_random_bytes(NULL, got, 100) == FC_OK &&
              fc_drbg_generate(&clone, want, 100, NULL, 0) == FC_OK &&
              memcmp(got, want, 100) == 0, "%s %s drives fc_random_bytes(NULL)", p->name, name);
    /* longer than one request: in requests of FC_DRBG_MAX_REQUEST */
    ok &= fc_random_bytes(NULL, got, sizeof(got)) == FC_OK;
    for (off = 0; off < sizeof(want); off += FC_DRBG_MAX_REQUEST) {
        size_t n = sizeof(want) - off < FC_DRBG_MAX_REQUEST ? sizeof(want) - off
                                                             : FC_DRBG_MAX_REQUEST;
        ok &= fc_drbg_generate(&clone, want + off, n, NULL, 0) == FC_OK;
    }
    CHECK(ok && memcmp(got, want, sizeof(got)) == 0, "%s long fill in chunks", name);

    /* a DRBG instantiated from the default now draws from a, and does not recurse */
    memset(&b, 0, sizeof(b));
    clone = a;
    CHECK(fc_drbg_init(&b, p, alg, NULL, 0, NULL, 0) == FC_OK, "%s from the installed DRBG", name);
    CHECK(fc_drbg_generate(&clone, want, 48, NULL, 0) == FC_OK &&
              fc_drbg_generate(&a, got, 48, NULL, 0) == FC_OK && memcmp(got, want, 48) != 0,
          "%s init drew from the installed DRBG", name);
    CHECK(fc_drbg_reseed(&b, NULL, 0, NULL, 0) == FC_OK &&
              fc_drbg_generate(&b, got, 48, NULL, 0) == FC_OK, "b reseeds from a");

    /* a itself instantiated again from the default would draw from itself: refused */
    fc_drbg_wipe(&a);
    CHECK(fc_drbg_init(&a, p, alg, NULL, 0, NULL, 0) == FC_ERR_ARGUMENT &&
              all_zero(&a, sizeof(a)), "%s %s: the installed DRBG cannot draw from itself",
          p->name, name);
    fc_rng_install(NULL);
    /* nor through its own rng given as the source, nor through a cycle of two */
    memset(&self, 0, sizeof(self));
    fc_drbg_rng(&self, &self_rng);
    CHECK(fc_drbg_init_seeded(&self, p, alg, &self_rng, 0, entropy64, 32, NULL, 0, NULL, 0) ==
              FC_ERR_ARGUMENT && fc_drbg_init(&self, p, alg, &self_rng, 0, NULL, 0) ==
              FC_ERR_ARGUMENT, "%s own rng as source", name);
    fc_drbg_wipe(&b);
    fc_drbg_rng(&b, &b_rng);
    CHECK(seeded(&b, p, alg, 0, NULL) == FC_OK && seeded(&a, p, alg, 0, &b_rng) == FC_OK,
          "a from b");
    fc_drbg_wipe(&b);
    CHECK(fc_drbg_init_seeded(&b, p, alg, &a_rng, 0, entropy64, 32, NULL, 0, NULL, 0) ==
              FC_ERR_ARGUMENT && all_zero(&b, sizeof(b)), "%s b from a from b: refused", name);
    fc_drbg_wipe(&a);
    fc_drbg_wipe(&clone);
}

/* "countaes": another provider's AES (OpenSSL's, when the build has it) behind a descriptor
 * that counts the encrypt calls and the most blocks one call carried: CTR_DRBG hands the
 * cipher its counter blocks in batches. */
static const fc_impl *inner_aes;
static unsigned encrypt_calls, most_blocks, fail_encrypt_at; /* 0: never */

static fc_status count_init(const fc_impl *impl, void *state, unsigned dir, const uint8_t *key,
                            size_t key_len)
{
    (void)impl;
    return inner_aes->ops.block.init(inner_aes, state, dir, key, key_len);
}

static fc_status count_encrypt(const fc_impl *impl, void *state, uint8_t *out,
                               const uint8_t *in, size_t blocks)
{
    (void)impl;
    encrypt_calls++;
    most_blocks = blocks > most_blocks ? (unsigned)blocks : most_blocks;
    if (encrypt_calls == fail_encrypt_at)
        return FC_ERR_PROVIDER;
    return inner_aes->ops.block.encrypt(inner_aes, state, out, in, blocks);
}

static void count_release(const fc_impl *impl, void *state)
{
    (void)impl;
    if (inner_aes->ops.block.release != NULL)
        inner_aes->ops.block.release(inner_aes, state);
}

static void test_batching(void)
{
    static fc_impl counting_aes;
    static const fc_impl *impls[1] = {&counting_aes};
    static const fc_provider countaes = {"countaes", "counts AES calls", impls, 1, NULL};
    const fc_provider *ossl = fc_provider_find("openssl");
    uint8_t out[1024], want[1024];
    fc_drbg_ctx a, b;
    size_t i;
    for (i = 0; ossl != NULL && i < ossl->impl_count && inner_aes == NULL; i++)
        if (ossl->impls[i]->alg == FC_AES)
            inner_aes = ossl->impls[i];
    if (inner_aes == NULL) {
        printf("batching: no AES to count (no OpenSSL provider)\n");
        return;
    }
    counting_aes.alg = FC_AES;
    counting_aes.flags = inner_aes->flags;
    counting_aes.state_size = inner_aes->state_size;
    counting_aes.ops.block.init = count_init;
    counting_aes.ops.block.encrypt = count_encrypt;
    counting_aes.ops.block.release = count_release;
    CHECK(seeded(&a, &countaes, FC_CTR_DRBG_AES256, 0, NULL) == FC_OK &&
              seeded(&b, ossl, FC_CTR_DRBG_AES256, 0, NULL) == FC_OK, "countaes seeded");
    /* the derivation function's three BCC chains side by side */
    CHECK(most_blocks == 3, "df chains batched: %u blocks", most_blocks);
    encrypt_calls = most_blocks = 0;
    CHECK(fc_drbg_generate(&a, out, sizeof(out), NULL, 0) == FC_OK &&
              fc_drbg_generate(&b, want, sizeof(want), NULL, 0) == FC_OK &&
              memcmp(out, want, sizeof(out)) == 0, "countaes output");
    CHECK(encrypt_calls == 2 && most_blocks == sizeof(out) / 16,
          "generate: 64 counter blocks in one call, then Update's 3 (%u calls, %u blocks)",
          encrypt_calls, most_blocks);
    /* the cipher failing on the output's counter blocks (written into out to be encrypted
     * there): output and context wiped */
    encrypt_calls = 0;
    fail_encrypt_at = 1;
    memset(out, SENTINEL, sizeof(out));
    CHECK(fc_drbg_generate(&a, out, sizeof(out), NULL, 0) == FC_ERR_PROVIDER &&
              all_zero(out, sizeof(out)) && all_zero(&a, sizeof(a)),
          "AES fault in generate: output and context wiped");
    fail_encrypt_at = 0;
    fc_drbg_wipe(&a);
    fc_drbg_wipe(&b);
}

static void test_context_size(void)
{
    CHECK(fc_context_size("fc_drbg_ctx") == sizeof(fc_drbg_ctx), "fc_drbg_ctx size");
}

/* the vector directory: argv[1], else tests/vectors/cavp_drbg beside this file's tests/c */
static void vector_dir(char *dir, size_t size, int argc, char **argv)
{
    const char *here = __FILE__;
    const char *slash = strrchr(here, '/');
    size_t n;
    if (argc > 1) {
        snprintf(dir, size, "%s", argv[1]);
        return;
    }
    n = slash != NULL ? (size_t)(slash - here) : 0;
    snprintf(dir, size, "%.*s/../vectors/cavp_drbg", (int)n, here);
}

int main(int argc, char **argv)
{
    static const unsigned flag_sets[2] = {0, FC_DRBG_NO_DF};
    char dir[1024];
    size_t i, a, f;
    vector_dir(dir, sizeof(dir), argc, argv);
    test_context_size();
    test_cavp(dir);
    for (i = 0; i < tu_provider_count(); i++) {
        const fc_provider *p = tu_provider_at(i);
        for (a = 0; a < COUNT(drbgs); a++) {
            if (!fc_provider_supports(p, drbgs[a]))
                continue;
            for (f = 0; f < 2; f++) {
                unsigned flags = flag_sets[f];
                if ((flags & FC_DRBG_NO_DF) && drbgs[a] != FC_CTR_DRBG_AES128 &&
                    drbgs[a] != FC_CTR_DRBG_AES256)
                    continue;
                test_reseed_interval(p, drbgs[a], flags);
                test_lengths_line_up(p, drbgs[a], flags);
                test_bad_input(p, drbgs[a], flags);
                test_lifecycle(p, drbgs[a], flags);
                test_failing_source(p, drbgs[a], flags);
            }
            test_as_default_source(p, drbgs[a]);
        }
    }
    test_failing_provider();
    test_batching();
    return tu_finish("test_drbg");
}
