/* CPace (draft-irtf-cfrg-cpace-21), written against the public API so it runs on any provider;
 * suites X25519-SHA512 and fieldcrypt's own X19119-SHA512 (pake.h).
 * Constant time: the password only enters SHA-512 and Elligator2, the scalar only X25519 or
 * X19119; the branches below depend on public values (shares, AD, lengths, suite, state). */
#include <string.h>

#include "core/core.h"
#include "cpace_internal.h"

#define MAGIC 0x43504331u /* "CPC1" */

enum { ST_STARTED = 1, ST_RECEIVED = 2, ST_CONFIRMED = 3, ST_FAILED = 4 };

typedef struct {
    uint8_t id;           /* fc_cpace_suite */
    uint8_t map, curve;   /* fc_alg: the Elligator2 map and the curve */
    const char *dsi;      /* domain separation identifier */
    const char *dsi_isk;  /* DSI || "_ISK" */
    size_t share_len;     /* field size in bytes = scalar size */
    size_t s_in_bytes;    /* input block size of the hash (SHA-512: 128) */
} suite_desc;

static const suite_desc suites[] = {
    {FC_CPACE_X25519_SHA512, FC_ELLIGATOR2_CURVE25519, FC_X25519, "CPace255", "CPace255_ISK",
     32, 128},
#if FC_WITH_X19119
    {FC_CPACE_X19119_SHA512, FC_ELLIGATOR2_CURVE19119, FC_X19119, "CPace19119",
     "CPace19119_ISK", 24, 128},
#endif
};

static const suite_desc *suite_of(int suite)
{
    size_t i;
    for (i = 0; i < sizeof(suites) / sizeof(suites[0]); i++)
        if (suites[i].id == suite)
            return &suites[i];
    return NULL;
}

/* The map masks the top bit of r (decodeUCoordinate); scalar_mult_vfy is fc_xdh, whose
 * all-zero result is FC_ERR_ZERO_SHARED. */
static fc_status suite_map(const suite_desc *sd, const fc_provider *p, uint8_t *u, const uint8_t *r)
{
    return fc_map(p, (fc_alg)sd->map, u, r);
}

static fc_status suite_mult(const suite_desc *sd, const fc_provider *p, uint8_t *out,
                            const uint8_t *scalar, const uint8_t *u)
{
    return fc_xdh(p, (fc_alg)sd->curve, out, scalar, u);
}

const char *fc_cpace_dsi(int suite, int isk)
{
    const suite_desc *sd = suite_of(suite);
    return sd == NULL ? NULL : isk ? sd->dsi_isk : sd->dsi;
}

size_t fc_cpace_share_len(fc_cpace_suite suite)
{
    const suite_desc *sd = suite_of(suite);
    return sd != NULL ? sd->share_len : 0;
}

/* ---- string functions ---- */

/* LEB128: 7 bits per byte, least significant first, high bit set when more bytes follow */
static size_t leb128(uint8_t out[10], size_t v)
{
    size_t n = 0;
    do {
        out[n] = (uint8_t)(v & 0x7f);
        v >>= 7;
        if (v != 0)
            out[n] |= 0x80;
        n++;
    } while (v != 0);
    return n;
}

void fc_cpace_put_lv(fc_sink *s, const uint8_t *data, size_t len)
{
    uint8_t leb[10];
    fc_sink_put(s, leb, leb128(leb, len));
    fc_sink_put(s, data, len);
}

/* A byte string made of up to four pieces, e.g. lv_cat(Y, AD) = len(Y) || Y || len(AD) || AD,
 * so o_cat can compare and emit such strings without copying them into a buffer. */
typedef struct {
    const uint8_t *ptr[4];
    size_t len[4];
    uint8_t leb[2][10];
} pieces;

static size_t pieces_len(const pieces *p)
{
    return p->len[0] + p->len[1] + p->len[2] + p->len[3];
}

static uint8_t pieces_at(const pieces *p, size_t i)
{
    int k;
    for (k = 0; i >= p->len[k]; k++)
        i -= p->len[k];
    return p->ptr[k][i];
}

static void pieces_put(fc_sink *s, const pieces *p)
{
    int k;
    for (k = 0; k < 4; k++)
        fc_sink_put(s, p->ptr[k], p->len[k]);
}

static void pieces_raw(pieces *p, const uint8_t *a, size_t alen)
{
    memset(p, 0, sizeof(*p));
    p->ptr[0] = a;
    p->len[0] = alen;
}

static void pieces_lv2(pieces *p, const uint8_t *y, size_t ylen, const uint8_t *ad, size_t adlen)
{
    memset(p, 0, sizeof(*p));
    p->ptr[0] = p->leb[0];
    p->len[0] = leb128(p->leb[0], ylen);
    p->ptr[1] = y;
    p->len[1] = ylen;
    p->ptr[2] = p->leb[1];
    p->len[2] = leb128(p->leb[1], adlen);
    p->ptr[3] = ad;
    p->len[3] = adlen;
}

/* lexiographically_larger: the first differing byte decides, else the longer string */
static int pieces_larger(const pieces *a, const pieces *b)
{
    size_t i, alen = pieces_len(a), blen = pieces_len(b), n = alen < blen ? alen : blen;
    for (i = 0; i < n; i++) {
        uint8_t x = pieces_at(a, i), y = pieces_at(b, i);
        if (x != y)
            return x > y;
    }
    return alen > blen;
}

static void pieces_ocat(fc_sink *s, const pieces *a, const pieces *b)
{
    static const uint8_t oc[2] = {'o', 'c'};
    int larger = pieces_larger(a, b);
    fc_sink_put(s, oc, 2);
    pieces_put(s, larger ? a : b);
    pieces_put(s, larger ? b : a);
}

int fc_cpace_lex_larger(const uint8_t *a, size_t alen, const uint8_t *b, size_t blen)
{
    pieces pa, pb;
    pieces_raw(&pa, a, alen);
    pieces_raw(&pb, b, blen);
    return pieces_larger(&pa, &pb);
}

void fc_cpace_put_ocat(fc_sink *s, const uint8_t *a, size_t alen, const uint8_t *b, size_t blen)
{
    pieces pa, pb;
    pieces_raw(&pa, a, alen);
    pieces_raw(&pb, b, blen);
    pieces_ocat(s, &pa, &pb);
}

void fc_cpace_put_transcript(fc_sink *s, int symmetric, const uint8_t *ya, size_t ya_len,
                             const uint8_t *ada, size_t ada_len, const uint8_t *yb, size_t yb_len,
                             const uint8_t *adb, size_t adb_len)
{
    pieces pa, pb;
    pieces_lv2(&pa, ya, ya_len, ada, ada_len);
    pieces_lv2(&pb, yb, yb_len, adb, adb_len);
    if (symmetric) {
        pieces_ocat(s, &pa, &pb);
    } else {
        pieces_put(s, &pa);
        pieces_put(s, &pb);
    }
}

void fc_cpace_put_generator_string(fc_sink *s, const uint8_t *dsi, size_t dsi_len,
                                   const uint8_t *prs, size_t prs_len, const uint8_t *ci,
                                   size_t ci_len, const uint8_t *sid, size_t sid_len,
                                   size_t s_in_bytes)
{
    static const uint8_t zeros[16];
    uint8_t leb[10];
    /* len_zpad = max(0, s_in_bytes - len(prepend_len(PRS)) - len(prepend_len(DSI)) - 1) */
    size_t used = leb128(leb, prs_len) + prs_len + leb128(leb, dsi_len) + dsi_len + 1;
    size_t zpad = used < s_in_bytes ? s_in_bytes - used : 0;

    fc_cpace_put_lv(s, dsi, dsi_len);
    fc_cpace_put_lv(s, prs, prs_len);
    fc_sink_put(s, leb, leb128(leb, zpad)); /* lv of zpad zero bytes, fed in pieces */
    while (zpad > 0) {
        size_t n = zpad < sizeof(zeros) ? zpad : sizeof(zeros);
        fc_sink_put(s, zeros, n);
        zpad -= n;
    }
    fc_cpace_put_lv(s, ci, ci_len);
    fc_cpace_put_lv(s, sid, sid_len);
}

/* ---- protocol ---- */

/* Hashing a string built by the functions above, one 32-byte window at a time: the caller
 * rebuilds the whole string into the sink for every window (cheap next to a compression):
 *     size_t off = 0;
 *     do { window_open(&s, block, off); ...put the string...; } while (window_feed(...));
 * so no buffer for the string is needed and the string code never calls the hash. */
#define WINDOW 32

static void window_open(fc_sink *s, uint8_t block[WINDOW], size_t off)
{
    fc_sink_window(s, block, WINDOW, off);
}

/* Feeds the window's bytes to h; 1 while the string goes on past it. */
static int window_feed(const fc_sink *s, fc_hash_ctx *h, const uint8_t block[WINDOW],
                       size_t *off, fc_status *st)
{
    size_t n = s->total - *off < WINDOW ? s->total - *off : WINDOW;
    if (*st == FC_OK && n > 0)
        *st = fc_hash_update(h, block, n);
    *off += n;
    return *st == FC_OK && *off < s->total;
}

fc_status fc_cpace_generator(const fc_provider *provider, fc_cpace_suite suite, uint8_t *g,
                             size_t g_len, const uint8_t *prs, size_t prs_len, const uint8_t *ci,
                             size_t ci_len, const uint8_t *sid, size_t sid_len)
{
    const suite_desc *sd = suite_of(suite);
    uint8_t digest[64], block[WINDOW];
    size_t off = 0;
    fc_hash_ctx h;
    fc_sink s;
    fc_status st;
    if (g == NULL || (prs == NULL && prs_len > 0) || (ci == NULL && ci_len > 0) ||
        (sid == NULL && sid_len > 0))
        return FC_ERR_NULL;
    if (sd == NULL)
        return FC_ERR_ARGUMENT;
    if (g_len < sd->share_len)
        return FC_ERR_LENGTH;
    h.magic = 0;
    st = fc_hash_init(&h, provider, FC_SHA512);
    if (st != FC_OK)
        return st;
    do {
        window_open(&s, block, off);
        fc_cpace_put_generator_string(&s, (const uint8_t *)sd->dsi, strlen(sd->dsi), prs, prs_len,
                                      ci, ci_len, sid, sid_len, sd->s_in_bytes);
    } while (window_feed(&s, &h, block, &off, &st));
    if (st == FC_OK)
        st = fc_hash_final(&h, digest, sizeof(digest));
    fc_hash_wipe(&h);
    fc_zeroize(block, sizeof(block)); /* holds password-derived bytes */
    /* the map decodes the first share_len bytes as a field element (decodeUCoordinate) */
    if (st == FC_OK)
        st = suite_map(sd, provider, g, digest);
    fc_zeroize(digest, sizeof(digest));
    return st;
}

static void fail(fc_cpace_ctx *ctx)
{
    fc_zeroize(ctx, sizeof(*ctx));
    ctx->magic = MAGIC;
    ctx->state = ST_FAILED;
}

void fc_cpace_wipe(fc_cpace_ctx *ctx)
{
    if (ctx != NULL)
        fc_zeroize(ctx, sizeof(*ctx));
}

fc_status fc_cpace_start(fc_cpace_ctx *ctx, const fc_cpace_params *p, const fc_rng *rng,
                         uint8_t *share, size_t share_len)
{
    const suite_desc *sd;
    uint8_t g[FC_CPACE_MAX_SHARE];
    fc_status st;
    if (ctx == NULL || p == NULL || share == NULL || (p->prs == NULL && p->prs_len > 0) ||
        (p->ci == NULL && p->ci_len > 0) || (p->sid == NULL && p->sid_len > 0) ||
        (p->ad == NULL && p->ad_len > 0))
        return FC_ERR_NULL;
    sd = suite_of(p->suite);
    if (sd == NULL || p->role < FC_CPACE_INITIATOR || p->role > FC_CPACE_SYMMETRIC ||
        (p->confirm != 0 && p->confirm != 1))
        return FC_ERR_ARGUMENT;
    if (share_len < sd->share_len || p->sid_len > FC_CPACE_MAX_SID || p->ad_len > FC_CPACE_MAX_AD)
        return FC_ERR_LENGTH;
    /* a context in use must be finished or aborted first: no silent loss of a session */
    if (ctx->magic == MAGIC && ctx->state != ST_FAILED)
        return FC_ERR_STATE;

    fc_zeroize(ctx, sizeof(*ctx));
    st = fc_cpace_generator(p->provider, p->suite, g, sizeof(g), p->prs, p->prs_len, p->ci,
                            p->ci_len, p->sid, p->sid_len);
    if (st == FC_OK)
        st = fc_random_bytes(rng, ctx->scalar, sd->share_len);
    /* Y = scalar_mult(y, g); the identity only comes from a low-order g */
    if (st == FC_OK)
        st = suite_mult(sd, p->provider, ctx->share, ctx->scalar, g);
    FC_DECLASSIFY(ctx->share, sizeof(ctx->share)); /* Y goes on the wire */
    fc_zeroize(g, sizeof(g)); /* g is password-derived */
    if (st != FC_OK) {
        fc_zeroize(ctx, sizeof(*ctx));
        return st;
    }
    ctx->magic = MAGIC;
    ctx->state = ST_STARTED;
    ctx->suite = (uint8_t)p->suite;
    ctx->role = (uint8_t)p->role;
    ctx->confirm = (uint8_t)p->confirm;
    ctx->provider = p->provider;
    if (p->sid_len > 0) /* memcpy from NULL is undefined even for 0 bytes */
        memcpy(ctx->sid, p->sid, p->sid_len);
    ctx->sid_len = (uint8_t)p->sid_len;
    if (p->ad_len > 0)
        memcpy(ctx->ad, p->ad, p->ad_len);
    ctx->ad_len = (uint8_t)p->ad_len;
    memcpy(share, ctx->share, sd->share_len);
    return FC_OK;
}

/* HMAC-SHA-512(mac_key, lv_cat(Y, AD)) */
static fc_status confirmation_tag(const fc_provider *prov, const uint8_t mac_key[64],
                                  const uint8_t *y, size_t ylen, const uint8_t *ad, size_t adlen,
                                  uint8_t tag[64])
{
    fc_mac_ctx m;
    uint8_t leb[10];
    fc_status st;
    m.magic = 0;
    st = fc_mac_init(&m, prov, FC_HMAC_SHA512, mac_key, 64);
    if (st == FC_OK)
        st = fc_mac_update(&m, leb, leb128(leb, ylen));
    if (st == FC_OK)
        st = fc_mac_update(&m, y, ylen);
    if (st == FC_OK)
        st = fc_mac_update(&m, leb, leb128(leb, adlen));
    if (st == FC_OK)
        st = fc_mac_update(&m, ad, adlen);
    if (st == FC_OK)
        return fc_mac_final(&m, tag, 64);
    fc_mac_wipe(&m);
    return st;
}

fc_status fc_cpace_receive(fc_cpace_ctx *ctx, const uint8_t *peer_share, size_t peer_share_len,
                           const uint8_t *peer_ad, size_t peer_ad_len)
{
    const suite_desc *sd;
    const uint8_t *ya, *ada, *yb, *adb;
    size_t ada_len, adb_len, n;
    uint8_t k[FC_CPACE_MAX_SHARE], mac_key[64], block[WINDOW];
    size_t off;
    fc_hash_ctx h;
    fc_sink s;
    fc_status st;
    if (ctx == NULL || peer_share == NULL || (peer_ad == NULL && peer_ad_len > 0))
        return FC_ERR_NULL;
    if (ctx->magic != MAGIC || ctx->state != ST_STARTED)
        return FC_ERR_STATE;
    sd = suite_of(ctx->suite);
    n = sd->share_len;
    if (peer_share_len != n)
        return FC_ERR_LENGTH;

    /* A share equal to our own is our message reflected back: refuse it (a peer that picked
     * the same scalar is astronomically unlikely). Shares are public: memcmp is fine. */
    if (fc_core_same_u(peer_share, ctx->share, n)) {
        fail(ctx);
        return FC_ERR_PROTOCOL;
    }
    /* K = scalar_mult_vfy(y, Y_peer): the all-zero result (identity) aborts */
    st = suite_mult(sd, ctx->provider, k, ctx->scalar, peer_share);
    fc_zeroize(ctx->scalar, sizeof(ctx->scalar));
    if (st != FC_OK) {
        fc_zeroize(k, sizeof(k));
        fail(ctx);
        return st;
    }

    if (ctx->role == FC_CPACE_RESPONDER) {
        ya = peer_share, ada = peer_ad, ada_len = peer_ad_len;
        yb = ctx->share, adb = ctx->ad, adb_len = ctx->ad_len;
    } else {
        ya = ctx->share, ada = ctx->ad, ada_len = ctx->ad_len;
        yb = peer_share, adb = peer_ad, adb_len = peer_ad_len;
    }

    /* ISK = H(lv_cat(DSI_ISK, sid, K) || transcript) */
    h.magic = 0;
    st = fc_hash_init(&h, ctx->provider, FC_SHA512);
    off = 0;
    if (st == FC_OK) {
        do {
            window_open(&s, block, off);
            fc_cpace_put_lv(&s, (const uint8_t *)sd->dsi_isk, strlen(sd->dsi_isk));
            fc_cpace_put_lv(&s, ctx->sid, ctx->sid_len);
            fc_cpace_put_lv(&s, k, n);
            fc_cpace_put_transcript(&s, ctx->role == FC_CPACE_SYMMETRIC, ya, n, ada, ada_len, yb,
                                    n, adb, adb_len);
        } while (window_feed(&s, &h, block, &off, &st));
        if (st == FC_OK)
            st = fc_hash_final(&h, ctx->isk, sizeof(ctx->isk));
        fc_hash_wipe(&h);
    }
    fc_zeroize(k, sizeof(k));
    fc_zeroize(block, sizeof(block));

    /* sid_output = H("CPaceSidOutput" || transcript) */
    if (st == FC_OK)
        st = fc_hash_init(&h, ctx->provider, FC_SHA512);
    off = 0;
    if (st == FC_OK) {
        static const char label[] = "CPaceSidOutput";
        do {
            window_open(&s, block, off);
            fc_sink_put(&s, (const uint8_t *)label, sizeof(label) - 1);
            fc_cpace_put_transcript(&s, ctx->role == FC_CPACE_SYMMETRIC, ya, n, ada, ada_len, yb,
                                    n, adb, adb_len);
        } while (window_feed(&s, &h, block, &off, &st));
        if (st == FC_OK)
            st = fc_hash_final(&h, ctx->sid_output, 64);
        fc_hash_wipe(&h);
    }

    /* mac_key = H("CPaceMac" || sid || ISK); each side tags its own lv_cat(Y, AD) */
    if (st == FC_OK && ctx->confirm) {
        static const char label[] = "CPaceMac";
        st = fc_hash_init(&h, ctx->provider, FC_SHA512);
        if (st == FC_OK)
            st = fc_hash_update(&h, (const uint8_t *)label, sizeof(label) - 1);
        if (st == FC_OK)
            st = fc_hash_update(&h, ctx->sid, ctx->sid_len);
        if (st == FC_OK)
            st = fc_hash_update(&h, ctx->isk, sizeof(ctx->isk));
        if (st == FC_OK)
            st = fc_hash_final(&h, mac_key, sizeof(mac_key));
        fc_hash_wipe(&h);
        if (st == FC_OK)
            st = confirmation_tag(ctx->provider, mac_key, ctx->share, n, ctx->ad, ctx->ad_len,
                                  ctx->own_tag);
        if (st == FC_OK)
            st = confirmation_tag(ctx->provider, mac_key, peer_share, n, peer_ad, peer_ad_len,
                                  ctx->peer_tag);
        fc_zeroize(mac_key, sizeof(mac_key));
    }
    if (st != FC_OK) {
        fail(ctx);
        return st;
    }
    ctx->state = ST_RECEIVED;
    return FC_OK;
}

fc_status fc_cpace_tag(fc_cpace_ctx *ctx, uint8_t *tag, size_t tag_len)
{
    if (ctx == NULL || tag == NULL)
        return FC_ERR_NULL;
    if (ctx->magic != MAGIC || !ctx->confirm ||
        (ctx->state != ST_RECEIVED && ctx->state != ST_CONFIRMED))
        return FC_ERR_STATE;
    if (tag_len < FC_CPACE_TAG_LEN)
        return FC_ERR_LENGTH;
    memcpy(tag, ctx->own_tag, FC_CPACE_TAG_LEN);
    return FC_OK;
}

fc_status fc_cpace_verify(fc_cpace_ctx *ctx, const uint8_t *peer_tag, size_t peer_tag_len)
{
    if (ctx == NULL || peer_tag == NULL)
        return FC_ERR_NULL;
    if (ctx->magic != MAGIC || !ctx->confirm || ctx->state != ST_RECEIVED)
        return FC_ERR_STATE;
    if (peer_tag_len != FC_CPACE_TAG_LEN)
        return FC_ERR_LENGTH;
    if (!fc_ct_equal(peer_tag, ctx->peer_tag, FC_CPACE_TAG_LEN)) {
        fail(ctx); /* a reflected tag (our own) lands here too: it covers our share, not the peer's */
        return FC_ERR_VERIFY;
    }
    ctx->state = ST_CONFIRMED;
    return FC_OK;
}

fc_status fc_cpace_isk(fc_cpace_ctx *ctx, uint8_t *isk, size_t isk_len)
{
    if (ctx == NULL || isk == NULL)
        return FC_ERR_NULL;
    if (ctx->magic != MAGIC || ctx->state != (ctx->confirm ? ST_CONFIRMED : ST_RECEIVED))
        return FC_ERR_STATE;
    if (isk_len < FC_CPACE_ISK_LEN)
        return FC_ERR_LENGTH;
    memcpy(isk, ctx->isk, FC_CPACE_ISK_LEN);
    return FC_OK;
}

fc_status fc_cpace_sid_output(fc_cpace_ctx *ctx, uint8_t *out, size_t out_len)
{
    if (ctx == NULL || out == NULL)
        return FC_ERR_NULL;
    if (ctx->magic != MAGIC || (ctx->state != ST_RECEIVED && ctx->state != ST_CONFIRMED))
        return FC_ERR_STATE;
    if (out_len < 64)
        return FC_ERR_LENGTH;
    memcpy(out, ctx->sid_output, 64);
    return FC_OK;
}
