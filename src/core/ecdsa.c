/* ECDSA over the EC family's sign and verify (ec.h): FIPS 186-5 hash truncation, RFC 6979
 * deterministic nonces (hedged with extra randomness on request, RFC 6979 3.6), low-s, and the
 * raw and DER signature forms. The nonce's HMAC runs through the public fc_mac API on the
 * call's provider chain, so a provider's own HMAC, or the core's HMAC over its hash, runs it.
 *
 * Constant time: the private key, h1 and the nonce only pass through HMAC, the byte shift of
 * bits2int and fc_core_be_less, none of which branches on them; whether a candidate nonce is
 * in [1, n - 1] is declassified (a refused candidate is discarded, as RFC 6979 does, and the
 * refusal says nothing of the nonce used). Verification handles public data only. */
#include "core.h"

/* e = bits2int(in) (RFC 6979 2.3.2, FIPS 186-5 6.4.1): in's leftmost nbits bits as a K-byte
 * big-endian integer (in_len bytes; shorter inputs are taken whole). */
static void bits2int(uint8_t *e, size_t k, unsigned nbits, const uint8_t *in, size_t in_len)
{
    unsigned shift = (unsigned)(8 * k - nbits), carry = 0;
    size_t i;
    if (in_len <= nbits / 8) { /* 8 in_len <= nbits, without overflow */
        memset(e, 0, k - in_len);
        if (in_len > 0)
            memcpy(e + k - in_len, in, in_len);
        return;
    }
    memcpy(e, in, k);
    for (i = 0; i < k && shift != 0; i++) { /* e >>= shift, shift < 8 */
        unsigned b = e[i];
        e[i] = (uint8_t)((b >> shift) | carry);
        carry = (b << (8 - shift)) & 0xffu;
    }
}

/* The HMAC algorithm over hash, FC_ALG_NONE if the list has none. */
static fc_alg hmac_of(fc_alg hash)
{
    unsigned a;
    for (a = 1; a < FC_ALG_COUNT; a++) {
        const fc_alg_entry *e = fc_core_alg((fc_alg)a);
        if (e->family == FC_FAMILY_MAC && e->mode == FC_MODE_HMAC && e->base == hash)
            return (fc_alg)a;
    }
    return FC_ALG_NONE;
}

/* RFC 6979 3.2's HMAC_DRBG-like state: K and V of the hash's length. */
typedef struct nonce_gen {
    const fc_provider *provider;
    fc_alg mac;
    size_t hlen;
    uint8_t key[FC_HASH_MAX_LEN], v[FC_HASH_MAX_LEN];
} nonce_gen;

/* tag = HMAC_K(pieces...); tag may be K or V (the key is taken at init, the pieces before
 * final writes). */
static fc_status hmac(const nonce_gen *g, uint8_t *tag, const fc_core_bytes *in, size_t count)
{
    fc_mac_ctx mac;
    fc_status st;
    size_t i;
    mac.magic = 0;
    st = fc_mac_init(&mac, g->provider, g->mac, g->key, g->hlen);
    for (i = 0; i < count && st == FC_OK; i++)
        st = fc_mac_update(&mac, in[i].bytes, in[i].len);
    if (st == FC_OK)
        st = fc_mac_final(&mac, tag, g->hlen);
    fc_mac_wipe(&mac);
    return st;
}

/* K = HMAC_K(V || sep [|| seed pieces]), V = HMAC_K(V): steps d to g of 3.2 (sep 0x00 and
 * 0x01 with the seed), and the refresh of step h.3 (0x00 alone). */
static fc_status nonce_mix(nonce_gen *g, uint8_t sep, const fc_core_bytes *seed, size_t count)
{
    fc_core_bytes in[2 + 3];
    fc_status st;
    size_t i;
    in[0].bytes = g->v;
    in[0].len = g->hlen;
    in[1].bytes = &sep;
    in[1].len = 1;
    for (i = 0; i < count; i++)
        in[2 + i] = seed[i];
    st = hmac(g, g->key, in, 2 + count);
    if (st == FC_OK)
        st = hmac(g, g->v, in, 1);
    return st;
}

/* k = the next candidate of step h: V = HMAC_K(V) until K bytes are drawn, bits2int. */
static FC_NOINLINE fc_status nonce_draw(nonce_gen *g, uint8_t *k, size_t klen, unsigned nbits)
{
    uint8_t t[FC_EC_MAX_LEN + FC_HASH_MAX_LEN];
    fc_core_bytes in;
    fc_status st = FC_OK;
    size_t have = 0;
    in.bytes = g->v;
    in.len = g->hlen;
    while (have < klen && st == FC_OK) {
        st = hmac(g, g->v, &in, 1);
        memcpy(t + have, g->v, g->hlen);
        have += g->hlen;
    }
    if (st == FC_OK)
        bits2int(k, klen, nbits, t, have);
    fc_zeroize(t, sizeof(t));
    return st;
}

/* The raw signature in sig (2K bytes) to the caller's form. */
static FC_NOINLINE fc_status write_sig(fc_alg curve, uint8_t *out, size_t *out_len, const uint8_t *sig,
                           size_t k, unsigned flags)
{
    uint8_t der[FC_ECDSA_DER_MAX_LEN];
    size_t der_len = sizeof(der);
    fc_status st;
    if (!(flags & FC_ECDSA_DER)) {
        if (*out_len < 2 * k)
            return FC_ERR_LENGTH;
        memcpy(out, sig, 2 * k);
        *out_len = 2 * k;
        return FC_OK;
    }
    st = fc_ecdsa_sig_to_der(curve, der, &der_len, sig);
    if (st == FC_OK && *out_len < der_len)
        st = FC_ERR_LENGTH;
    if (st == FC_OK) {
        memcpy(out, der, der_len);
        *out_len = der_len;
    }
    return st;
}

/* s = n - s when s > n / 2 (s public: it is about to be released) */
static void low_s(const fc_core_curve *c, uint8_t *s, size_t k)
{
    uint8_t half[FC_EC_MAX_LEN] = {0};
    unsigned carry = 0, borrow = 0;
    size_t i;
    for (i = 0; i < k; i++) { /* half = n >> 1 */
        half[i] = (uint8_t)((c->n[i] >> 1) | carry);
        carry = (c->n[i] & 1u) << 7;
    }
    if (!fc_core_be_less(half, s, k))
        return;
    for (i = k; i-- > 0;) {
        unsigned v = (unsigned)c->n[i] - s[i] - borrow;
        s[i] = (uint8_t)v;
        borrow = (v >> 8) & 1u;
    }
}

/* Steps a to g of RFC 6979 3.2 for the truncated digest e: h1 = bits2octets(H(m)) = e mod n
 * (e < 2^nbits < 2n: at most one subtraction), K and V seeded with the key, h1 and (hedged) K
 * random bytes. Apart from the signing function, so that h1 and the random bytes are off the
 * stack during the scalar multiplication. */
static FC_NOINLINE fc_status nonce_seed(nonce_gen *g, const fc_core_curve *c, size_t k,
                                        const fc_rng *rng, const uint8_t *priv,
                                        const uint8_t *e, unsigned flags)
{
    uint8_t h1[FC_EC_MAX_LEN], d[FC_EC_MAX_LEN], extra[FC_EC_MAX_LEN];
    fc_core_bytes seed[3];
    fc_status st = FC_OK;
    unsigned borrow = 0;
    size_t i;
    for (i = k; i-- > 0;) {
        unsigned v = (unsigned)e[i] - c->n[i] - borrow;
        d[i] = (uint8_t)v;
        borrow = (v >> 8) & 1u;
    }
    fc_ct_select(h1, e, d, k, borrow); /* e < n: e; else e - n */
    seed[0].bytes = priv;
    seed[0].len = k;
    seed[1].bytes = h1;
    seed[1].len = k;
    seed[2].bytes = extra;
    seed[2].len = 0;
    if (flags & FC_ECDSA_HEDGED) {
        st = fc_random_bytes(rng, extra, k);
        seed[2].len = k;
    }
    memset(g->key, 0x00, g->hlen);
    memset(g->v, 0x01, g->hlen);
    if (st == FC_OK)
        st = nonce_mix(g, 0x00, seed, 3);
    if (st == FC_OK)
        st = nonce_mix(g, 0x01, seed, 3);
    fc_zeroize(h1, sizeof(h1));
    fc_zeroize(d, sizeof(d));
    fc_zeroize(extra, sizeof(extra));
    return st;
}

fc_status fc_ecdsa_sign_digest(const fc_provider *provider, fc_alg curve, fc_alg hash,
                               const fc_rng *rng, uint8_t *sig, size_t *sig_len,
                               const uint8_t *priv, const uint8_t *digest, size_t digest_len,
                               unsigned flags)
{
    const fc_alg_entry *ce = fc_core_alg_of(curve, FC_FAMILY_EC);
    const fc_alg_entry *he = fc_core_alg_of(hash, FC_FAMILY_HASH);
    const fc_core_curve *c = ce != NULL ? fc_core_curve_of(curve) : NULL;
    uint8_t e[FC_EC_MAX_LEN], nonce[FC_EC_MAX_LEN], raw[FC_ECDSA_MAX_LEN];
    nonce_gen g;
    const fc_provider *p;
    const fc_impl *impl;
    fc_status st;
    unsigned tries;
    size_t k;
    int ok;
    if (sig == NULL || sig_len == NULL || priv == NULL || digest == NULL)
        return FC_ERR_NULL;
    if (c == NULL || he == NULL || (flags & ~(FC_ECDSA_DER | FC_ECDSA_HEDGED | FC_ECDSA_LOW_S)))
        return FC_ERR_ARGUMENT;
    if (digest_len != he->out)
        return FC_ERR_LENGTH;
    k = ce->key;
    if (*sig_len < ((flags & FC_ECDSA_DER) ? 8 : 2 * k))
        return FC_ERR_LENGTH;
    ok = (int)(fc_core_be_less(priv, c->n, k) & (unsigned)!fc_ct_is_zero(priv, k));
    FC_DECLASSIFY(&ok, sizeof(ok));
    if (!ok)
        return FC_ERR_KEY;
    g.provider = provider;
    g.mac = hmac_of(hash);
    g.hlen = he->out;
    if (g.mac == FC_ALG_NONE)
        return FC_ERR_UNSUPPORTED;

    bits2int(e, k, c->nbits, digest, digest_len);
    st = nonce_seed(&g, c, k, rng, priv, e, flags);

    /* step h: candidates until one is in [1, n - 1] and gives r, s != 0. A candidate has
     * n's bit length, so it is refused with probability 1 - n / 2^nbits: below 2^-32 on the
     * NIST and k1 curves but 1/2 on secp224k1 (n just above 2^224, candidates of 225 bits)
     * and 0.45 on brainpoolP384r1. A refusal costs HMACs only; 256 in a row (2^-256 on
     * secp224k1) mean a fault. */
    for (tries = 0; st == FC_OK && tries < 256; tries++) {
        if (tries > 0)
            st = nonce_mix(&g, 0x00, NULL, 0);
        if (st == FC_OK)
            st = nonce_draw(&g, nonce, k, c->nbits);
        if (st != FC_OK)
            break;
        ok = (int)(fc_core_be_less(nonce, c->n, k) & (unsigned)!fc_ct_is_zero(nonce, k));
        FC_DECLASSIFY(&ok, sizeof(ok));
        if (!ok)
            continue;
        st = FC_ERR_UNSUPPORTED;
        for (p = fc_core_provider(provider); p != NULL && st == FC_ERR_UNSUPPORTED;
             p = p->next)
            if ((impl = fc_core_own(p, curve)) != NULL)
                st = impl->ops.ec.sign(impl, raw, priv, e, nonce);
        if (st != FC_ERR_ARGUMENT) /* r or s was 0: the next candidate */
            break;
        st = FC_OK;
    }
    if (st == FC_OK && tries == 256)
        st = FC_ERR_PROVIDER;
    FC_DECLASSIFY(raw, 2 * k); /* the signature is public from here on */
    if (st == FC_OK && (flags & FC_ECDSA_LOW_S))
        low_s(c, raw + k, k);
    if (st == FC_OK)
        st = write_sig(curve, sig, sig_len, raw, k, flags);
    fc_zeroize(&g, sizeof(g));
    fc_zeroize(nonce, sizeof(nonce));
    fc_zeroize(raw, sizeof(raw));
    fc_core_burn_stack();
    return st;
}

fc_status fc_ecdsa_sign(const fc_provider *provider, fc_alg curve, fc_alg hash,
                        const fc_rng *rng, uint8_t *sig, size_t *sig_len, const uint8_t *priv,
                        const uint8_t *msg, size_t msg_len, unsigned flags)
{
    uint8_t digest[FC_HASH_MAX_LEN];
    const fc_alg_entry *he = fc_core_alg_of(hash, FC_FAMILY_HASH);
    fc_status st;
    if (msg == NULL && msg_len > 0)
        return FC_ERR_NULL;
    if (he == NULL)
        return FC_ERR_ARGUMENT;
    st = fc_hash(provider, hash, digest, he->out, msg, msg_len);
    if (st == FC_OK)
        st = fc_ecdsa_sign_digest(provider, curve, hash, rng, sig, sig_len, priv, digest,
                                  he->out, flags);
    fc_zeroize(digest, sizeof(digest));
    return st;
}

/* The checks of a verification that need no curve arithmetic: raw = the signature r || s in
 * [1, n - 1] (low-s too when asked), e = the digest truncated. */
static fc_status verify_prepare(const fc_core_curve *c, size_t k, uint8_t *raw, uint8_t *e,
                                const uint8_t *digest, size_t digest_len, const uint8_t *sig,
                                size_t sig_len, unsigned flags)
{
    fc_status st;
    if (flags & FC_ECDSA_DER) {
        st = fc_ecdsa_sig_from_der((fc_alg)c->alg, raw, sig, sig_len);
        if (st != FC_OK)
            return st;
    } else {
        if (sig_len != 2 * k)
            return FC_ERR_ENCODING;
        memcpy(raw, sig, 2 * k);
    }
    if (fc_ct_is_zero(raw, k) || fc_ct_is_zero(raw + k, k) || !fc_core_be_less(raw, c->n, k) ||
        !fc_core_be_less(raw + k, c->n, k))
        return FC_ERR_VERIFY;
    if (flags & FC_ECDSA_LOW_S) {
        uint8_t s[FC_EC_MAX_LEN];
        memcpy(s, raw + k, k);
        low_s(c, s, k);
        if (memcmp(s, raw + k, k) != 0) /* s was above n / 2 */
            return FC_ERR_VERIFY;
    }
    bits2int(e, k, c->nbits, digest, digest_len);
    return FC_OK;
}

fc_status fc_ecdsa_verify_digest(const fc_provider *provider, fc_alg curve, const uint8_t *pub,
                                 size_t pub_len, const uint8_t *digest, size_t digest_len,
                                 const uint8_t *sig, size_t sig_len, unsigned flags)
{
    const fc_alg_entry *ce = fc_core_alg_of(curve, FC_FAMILY_EC);
    const fc_core_curve *c = ce != NULL ? fc_core_curve_of(curve) : NULL;
    uint8_t xy[2 * FC_EC_MAX_LEN], e[FC_EC_MAX_LEN], raw[FC_ECDSA_MAX_LEN];
    const fc_provider *p;
    const fc_impl *impl;
    fc_status st;
    if (pub == NULL || sig == NULL || (digest == NULL && digest_len > 0))
        return FC_ERR_NULL;
    if (c == NULL || (flags & ~(FC_ECDSA_DER | FC_ECDSA_LOW_S)))
        return FC_ERR_ARGUMENT;
    st = fc_core_ec_point(provider, c, xy, pub, pub_len, 0);
    if (st != FC_OK)
        return st;
    st = verify_prepare(c, ce->key, raw, e, digest, digest_len, sig, sig_len, flags);
    if (st != FC_OK)
        return st;
    st = FC_ERR_UNSUPPORTED;
    for (p = fc_core_provider(provider); p != NULL && st == FC_ERR_UNSUPPORTED; p = p->next)
        if ((impl = fc_core_own(p, curve)) != NULL)
            st = impl->ops.ec.verify(impl, xy, e, raw);
    return st;
}

fc_status fc_job_ecdsa_verify_digest(fc_job *job, const fc_provider *provider, fc_alg curve,
                                     const uint8_t *pub, size_t pub_len, const uint8_t *digest,
                                     size_t digest_len, const uint8_t *sig, size_t sig_len,
                                     unsigned flags)
{
    const fc_alg_entry *ce = fc_core_alg_of(curve, FC_FAMILY_EC);
    const fc_core_curve *c = ce != NULL ? fc_core_curve_of(curve) : NULL;
    uint8_t xy[2 * FC_EC_MAX_LEN], e[FC_EC_MAX_LEN], raw[FC_ECDSA_MAX_LEN];
    fc_job_input in;
    fc_status st;
    if (job == NULL || pub == NULL || sig == NULL || (digest == NULL && digest_len > 0))
        return FC_ERR_NULL;
    if (c == NULL || (flags & ~(FC_ECDSA_DER | FC_ECDSA_LOW_S)))
        return FC_ERR_ARGUMENT;
    if (fc_job_running(job))
        return FC_ERR_STATE;
    memset(&in, 0, sizeof(in));
    st = fc_core_ec_encoding(c, xy, &in.point_form, pub, pub_len);
    if (st != FC_OK)
        return st;
    st = verify_prepare(c, ce->key, raw, e, digest, digest_len, sig, sig_len, flags);
    if (st != FC_OK)
        return st;
    in.op = FC_JOB_OP_VERIFY;
    in.data = e;
    in.point = xy;
    in.sig = raw;
    return fc_core_job_start(job, provider, curve, FC_FAMILY_EC, &in);
}

fc_status fc_job_ecdsa_sign_digest(fc_job *job, const fc_provider *provider, fc_alg curve,
                                   fc_alg hash, const fc_rng *rng, uint8_t *sig,
                                   const uint8_t *priv, const uint8_t *digest,
                                   size_t digest_len, unsigned flags)
{
    const fc_alg_entry *ce = fc_core_alg_of(curve, FC_FAMILY_EC);
    const fc_alg_entry *he = fc_core_alg_of(hash, FC_FAMILY_HASH);
    const fc_core_curve *c = ce != NULL ? fc_core_curve_of(curve) : NULL;
    uint8_t e[FC_EC_MAX_LEN], extra[FC_EC_MAX_LEN];
    fc_job_input in;
    fc_status st = FC_OK;
    if (job == NULL || sig == NULL || priv == NULL || digest == NULL)
        return FC_ERR_NULL;
    if (c == NULL || he == NULL || (flags & ~(FC_ECDSA_HEDGED | FC_ECDSA_LOW_S)))
        return FC_ERR_ARGUMENT;
    if (digest_len != he->out)
        return FC_ERR_LENGTH;
    if (fc_job_running(job))
        return FC_ERR_STATE;
    if (!fc_core_ec_private_ok(c, priv, ce->key))
        return FC_ERR_KEY;
    if (hmac_of(hash) == FC_ALG_NONE)
        return FC_ERR_UNSUPPORTED;
    memset(&in, 0, sizeof(in));
    bits2int(e, ce->key, c->nbits, digest, digest_len);
    if (flags & FC_ECDSA_HEDGED) {
        st = fc_random_bytes(rng, extra, ce->key);
        in.entropy = extra;
    }
    if (st == FC_OK) {
        in.op = FC_JOB_OP_SIGN;
        in.out = sig;
        in.data = priv;
        in.msg = e;
        in.msg_len = ce->key;
        in.hash = (uint16_t)hash;
        in.flags = (uint8_t)(flags & FC_ECDSA_LOW_S);
        st = fc_core_job_start(job, provider, curve, FC_FAMILY_EC, &in);
    }
    fc_zeroize(e, sizeof(e));
    fc_zeroize(extra, sizeof(extra));
    return st;
}

fc_status fc_ecdsa_verify(const fc_provider *provider, fc_alg curve, fc_alg hash,
                          const uint8_t *pub, size_t pub_len, const uint8_t *msg,
                          size_t msg_len, const uint8_t *sig, size_t sig_len, unsigned flags)
{
    uint8_t digest[FC_HASH_MAX_LEN];
    const fc_alg_entry *he = fc_core_alg_of(hash, FC_FAMILY_HASH);
    fc_status st;
    if (msg == NULL && msg_len > 0)
        return FC_ERR_NULL;
    if (he == NULL)
        return FC_ERR_ARGUMENT;
    st = fc_hash(provider, hash, digest, he->out, msg, msg_len);
    if (st == FC_OK)
        st = fc_ecdsa_verify_digest(provider, curve, pub, pub_len, digest, he->out, sig,
                                    sig_len, flags);
    return st;
}
