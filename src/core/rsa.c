/* RSA front end (RFC 8017): the key checks of rsa.h, the encodings (EMSA-PKCS1-v1_5,
 * EMSA-PSS, EME-OAEP with MGF1), the chain walks to the providers' raw operations and key
 * generation, and the output discipline (nothing written and *len unchanged on failure, the
 * caller's fc_rsa_work wiped on every exit).
 *
 * fc_rsa_work: the core's two k-byte buffers (FC_RSA_CORE_WORK_SIZE, driver.h) hold the
 * operation's input and output; the provider's area after them holds the core's hash context
 * and digests while no provider operation runs (before a private operation, after a public
 * one), so the stack stays small.
 *
 * Constant time: the keys' public parts (n, e, the lengths) steer the flow, and so do the
 * signature encodings (a signature and what it verifies to are public). Secret data: the
 * private operations (the provider's), and OAEP decoding, which follows one flow for every
 * ciphertext (RFC 8017 7.1.2 note, Manger 2001): the Y byte, the lHash comparison and the
 * search for the 0x01 separator are one pass over every byte with masks, the message is moved
 * to the buffer's start by a shift whose steps do not depend on its length, and only the
 * final verdict (and, when it is good, the message's length, which the caller is told) is
 * made public.
 */
#include "core.h"

_Static_assert(FC_RSA_CORE_WORK_SIZE % 8 == 0, "the provider's part of fc_rsa_work is aligned");
_Static_assert(FC_RSA_GENERATE_WORK_SIZE > 0, "FC_RSA_WORK_SIZE too small: see config.h");

#if FC_RSA_LEGACY_BITS
#define RSA_MIN_BITS 1024u
#else
#define RSA_MIN_BITS 2048u
#endif

/* The core's two buffers in a work area. */
#define RSA_BUF_IN(work) ((uint8_t *)(work))
#define RSA_BUF_OUT(work) ((uint8_t *)(work) + FC_RSA_MAX_BYTES)

/* The core's own use of the provider's area between provider operations. */
typedef struct rsa_scratch {
    fc_hash_ctx hash;
    uint8_t digest[FC_HASH_MAX_LEN]; /* mHash (signatures) or lHash (OAEP) */
    uint8_t block[FC_HASH_MAX_LEN];  /* an MGF1 output block, PSS's H' */
} rsa_scratch;
_Static_assert(sizeof(rsa_scratch) <= FC_RSA_GENERATE_WORK_SIZE, "rsa_scratch fits the work");
#define RSA_SCRATCH(work) ((rsa_scratch *)FC_RSA_PROVIDER_WORK(work))

/* Skips the leading zero bytes of a public integer. */
static const uint8_t *rsa_strip(const uint8_t *p, size_t *len)
{
    while (*len > 0 && p[0] == 0) {
        p++;
        (*len)--;
    }
    return p;
}

/* k, the modulus's bytes without leading zeros, when key is one rsa.h takes (n odd,
 * RSA_MIN_BITS <= bits(n) <= FC_RSA_MAX_BITS, 3 <= e < n, e odd); 0 otherwise. */
size_t fc_core_rsa_public_check(const fc_rsa_public_key *key)
{
    size_t k = key->n_len, e_len = key->e_len, bits;
    const uint8_t *n = rsa_strip(key->n, &k), *e = rsa_strip(key->e, &e_len);
    unsigned top;
    if (k == 0 || e_len == 0)
        return 0;
    for (top = n[0], bits = 8 * (k - 1); top != 0; top >>= 1)
        bits++;
    if (bits < RSA_MIN_BITS || bits > FC_RSA_MAX_BITS || (n[k - 1] & 1u) == 0)
        return 0;
    if ((e[e_len - 1] & 1u) == 0 || (e_len == 1 && e[0] < 3) || e_len > k ||
        (e_len == k && !fc_core_be_less(e, n, k)))
        return 0;
    return k;
}

/* The public key's pointers: FC_ERR_NULL for a missing one. */
static fc_status rsa_public_pointers(const fc_rsa_public_key *key)
{
    if (key == NULL || key->n == NULL || key->e == NULL)
        return FC_ERR_NULL;
    return FC_OK;
}

/* A private key's pointers (d is optional): FC_ERR_NULL for a missing one. */
static fc_status rsa_private_pointers(const fc_rsa_private_key *key)
{
    if (key == NULL || rsa_public_pointers(&key->pub) != FC_OK || key->p == NULL ||
        key->q == NULL || key->dp == NULL || key->dq == NULL || key->qinv == NULL ||
        (key->d == NULL && key->d_len > 0))
        return FC_ERR_NULL;
    return FC_OK;
}

/* k of the private key's public part, 0 when refused; the CRT values must be present (the
 * provider checks that they agree). */
size_t fc_core_rsa_private_check(const fc_rsa_private_key *key)
{
    if (key->p_len == 0 || key->q_len == 0 || key->dp_len == 0 || key->dq_len == 0 ||
        key->qinv_len == 0)
        return 0;
    return fc_core_rsa_public_check(&key->pub);
}

/* 1 when in (k bytes) < n: a public verdict on public data. */
static int rsa_below_n(const fc_rsa_public_key *key, size_t k, const uint8_t *in)
{
    return (int)fc_core_be_less(in, key->n + (key->n_len - k), k);
}

/* The randomness source of a private operation, NULL when there is none. */
static const fc_rng *rsa_rng(const fc_rng *rng)
{
    return rng != NULL ? rng : fc_core_rng_default();
}

/* RSA_BUF_OUT(work) = in^e mod n (in: k bytes < n) on the first provider that does it. */
static fc_status rsa_public_op(const fc_provider *provider, fc_rsa_work *work,
                               const fc_rsa_public_key *key, const uint8_t *in)
{
    const fc_provider *p;
    const fc_impl *impl;
    fc_status st = FC_ERR_UNSUPPORTED;
    for (p = fc_core_provider(provider); p != NULL && st == FC_ERR_UNSUPPORTED; p = p->next)
        if ((impl = fc_core_own(p, FC_RSA)) != NULL && impl->ops.rsa.public_op != NULL)
            st = impl->ops.rsa.public_op(impl, FC_RSA_PROVIDER_WORK(work), RSA_BUF_OUT(work),
                                         key, in);
    return st;
}

/* RSA_BUF_OUT(work) = in^d mod n (in: k bytes < n); rng is not NULL. */
static fc_status rsa_private_op(const fc_provider *provider, const fc_rng *rng,
                                fc_rsa_work *work, const fc_rsa_private_key *key,
                                const uint8_t *in)
{
    const fc_provider *p;
    const fc_impl *impl;
    fc_status st = FC_ERR_UNSUPPORTED;
    for (p = fc_core_provider(provider); p != NULL && st == FC_ERR_UNSUPPORTED; p = p->next)
        if ((impl = fc_core_own(p, FC_RSA)) != NULL && impl->ops.rsa.private_op != NULL)
            st = impl->ops.rsa.private_op(impl, FC_RSA_PROVIDER_WORK(work), RSA_BUF_OUT(work),
                                          key, in, rng);
    return st;
}

/* Wipes the work area and returns st. */
static fc_status rsa_done(fc_rsa_work *work, fc_status st)
{
    fc_zeroize(work, sizeof(*work));
    return st;
}

fc_status fc_rsa_public_raw(const fc_provider *provider, fc_rsa_work *work, uint8_t *out,
                            const fc_rsa_public_key *key, const uint8_t *in, size_t in_len)
{
    size_t k;
    fc_status st;
    if (work == NULL)
        return FC_ERR_NULL;
    if (out == NULL || in == NULL || rsa_public_pointers(key) != FC_OK)
        return rsa_done(work, FC_ERR_NULL);
    k = fc_core_rsa_public_check(key);
    if (k == 0)
        return rsa_done(work, FC_ERR_KEY);
    if (in_len != k)
        return rsa_done(work, FC_ERR_LENGTH);
    if (!rsa_below_n(key, k, in))
        return rsa_done(work, FC_ERR_ARGUMENT);
    memcpy(RSA_BUF_IN(work), in, k);
    st = rsa_public_op(provider, work, key, RSA_BUF_IN(work));
    if (st == FC_OK)
        memcpy(out, RSA_BUF_OUT(work), k);
    return rsa_done(work, st);
}

fc_status fc_rsa_private_raw(const fc_provider *provider, const fc_rng *rng, fc_rsa_work *work,
                             uint8_t *out, const fc_rsa_private_key *key, const uint8_t *in,
                             size_t in_len)
{
    size_t k;
    fc_status st;
    if (work == NULL)
        return FC_ERR_NULL;
    if (out == NULL || in == NULL || rsa_private_pointers(key) != FC_OK)
        return rsa_done(work, FC_ERR_NULL);
    k = fc_core_rsa_private_check(key);
    if (k == 0)
        return rsa_done(work, FC_ERR_KEY);
    if (in_len != k)
        return rsa_done(work, FC_ERR_LENGTH);
    if (!rsa_below_n(&key->pub, k, in))
        return rsa_done(work, FC_ERR_ARGUMENT);
    if ((rng = rsa_rng(rng)) == NULL)
        return rsa_done(work, FC_ERR_NO_RNG);
    memcpy(RSA_BUF_IN(work), in, k);
    st = rsa_private_op(provider, rng, work, key, RSA_BUF_IN(work));
    if (st == FC_OK)
        memcpy(out, RSA_BUF_OUT(work), k);
    return rsa_done(work, st);
}

/* ---- hashes ---- */

/* The hashes of rsa.h and their lengths; 0 for any other algorithm. SHA-1 only where
 * allow_sha1 (verification and OAEP: RFC 8017's default; not for new signatures). */
static size_t rsa_hash_len(fc_alg hash, int allow_sha1)
{
    switch (hash) {
    case FC_SHA1:
        return allow_sha1 ? 20 : 0;
    case FC_SHA224:
        return 28;
    case FC_SHA256:
        return 32;
    case FC_SHA384:
        return 48;
    case FC_SHA512:
        return 64;
    default:
        return 0;
    }
}

/* out (hash's length) = Hash(pieces[0] || ... ) with ctx (in the work area, any contents). */
static fc_status rsa_hash(const fc_provider *provider, fc_hash_ctx *ctx, fc_alg hash,
                          uint8_t *out, const fc_core_bytes *pieces, size_t count)
{
    size_t i;
    fc_status st;
    memset(ctx, 0, sizeof(*ctx));
    st = fc_hash_init(ctx, provider, hash);
    for (i = 0; i < count && st == FC_OK; i++)
        st = fc_hash_update(ctx, pieces[i].bytes, pieces[i].len);
    if (st == FC_OK)
        return fc_hash_final(ctx, out, FC_HASH_MAX_LEN);
    fc_hash_wipe(ctx);
    return st;
}

/* out[0..out_len) ^= MGF1(seed), over hash (RFC 8017 B.2.1). seed and out do not overlap. */
static fc_status rsa_mgf1_xor(const fc_provider *provider, rsa_scratch *s, fc_alg hash,
                              size_t hlen, uint8_t *out, size_t out_len, const uint8_t *seed,
                              size_t seed_len)
{
    uint8_t counter[4];
    fc_core_bytes pieces[2];
    uint32_t c;
    size_t done, i, n;
    fc_status st;
    pieces[0].bytes = seed;
    pieces[0].len = seed_len;
    pieces[1].bytes = counter;
    pieces[1].len = sizeof(counter);
    for (c = 0, done = 0; done < out_len; c++, done += n) {
        counter[0] = (uint8_t)(c >> 24);
        counter[1] = (uint8_t)(c >> 16);
        counter[2] = (uint8_t)(c >> 8);
        counter[3] = (uint8_t)c;
        st = rsa_hash(provider, &s->hash, hash, s->block, pieces, 2);
        if (st != FC_OK)
            return st;
        n = out_len - done < hlen ? out_len - done : hlen;
        for (i = 0; i < n; i++)
            out[done + i] ^= s->block[i];
    }
    return FC_OK;
}

/* ---- signatures ---- */

/* What a signature call signs or verifies. */
typedef struct rsa_sig_req {
    fc_alg hash;
    int pss;            /* EMSA-PSS, else EMSA-PKCS1-v1_5 */
    int prehashed;      /* data is the digest */
    size_t salt_len;    /* PSS */
    const uint8_t *data;
    size_t data_len;
} rsa_sig_req;

/* DigestInfo's DER before the digest (RFC 8017 9.2, note 1), with the NULL parameters. */
static const uint8_t rsa_prefix_sha1[15] = {0x30, 0x21, 0x30, 0x09, 0x06, 0x05, 0x2b, 0x0e,
                                            0x03, 0x02, 0x1a, 0x05, 0x00, 0x04, 0x14};
static const uint8_t rsa_prefix_sha224[19] = {0x30, 0x2d, 0x30, 0x0d, 0x06, 0x09, 0x60,
                                              0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02,
                                              0x04, 0x05, 0x00, 0x04, 0x1c};
static const uint8_t rsa_prefix_sha256[19] = {0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60,
                                              0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02,
                                              0x01, 0x05, 0x00, 0x04, 0x20};
static const uint8_t rsa_prefix_sha384[19] = {0x30, 0x41, 0x30, 0x0d, 0x06, 0x09, 0x60,
                                              0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02,
                                              0x02, 0x05, 0x00, 0x04, 0x30};
static const uint8_t rsa_prefix_sha512[19] = {0x30, 0x51, 0x30, 0x0d, 0x06, 0x09, 0x60,
                                              0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02,
                                              0x03, 0x05, 0x00, 0x04, 0x40};

static const uint8_t *rsa_digest_info(fc_alg hash, size_t *len)
{
    *len = 19;
    switch (hash) {
    case FC_SHA1:
        *len = 15;
        return rsa_prefix_sha1;
    case FC_SHA224:
        return rsa_prefix_sha224;
    case FC_SHA256:
        return rsa_prefix_sha256;
    case FC_SHA384:
        return rsa_prefix_sha384;
    default:
        return rsa_prefix_sha512;
    }
}

/* The bits of the modulus (k bytes without leading zeros). */
static size_t rsa_modulus_bits(const fc_rsa_public_key *key, size_t k)
{
    unsigned top = key->n[key->n_len - k];
    size_t bits = 8 * (k - 1);
    for (; top != 0; top >>= 1)
        bits++;
    return bits;
}

/* em[0..k) = EMSA-PKCS1-v1_5(digest) (RFC 8017 9.2): 00 01 FF .. FF 00 DigestInfo. */
static fc_status rsa_pkcs1_encode(uint8_t *em, size_t k, fc_alg hash, const uint8_t *digest,
                                  size_t hlen)
{
    size_t prefix_len;
    const uint8_t *prefix = rsa_digest_info(hash, &prefix_len);
    size_t t_len = prefix_len + hlen;
    if (k < t_len + 11)
        return FC_ERR_LENGTH;
    em[0] = 0x00;
    em[1] = 0x01;
    memset(em + 2, 0xff, k - t_len - 3);
    em[k - t_len - 1] = 0x00;
    memcpy(em + k - t_len, prefix, prefix_len);
    memcpy(em + k - hlen, digest, hlen);
    return FC_OK;
}

/* The 8 zero bytes that start PSS's M' (RFC 8017 9.1.1 step 5). */
static const uint8_t rsa_pss_zeros[8] = {0};

/* H = Hash(00 x 8 || mHash || salt) into h. */
static fc_status rsa_pss_h(const fc_provider *provider, rsa_scratch *s, fc_alg hash,
                           size_t hlen, uint8_t *h, const uint8_t *salt, size_t salt_len)
{
    fc_core_bytes pieces[3];
    pieces[0].bytes = rsa_pss_zeros;
    pieces[0].len = sizeof(rsa_pss_zeros);
    pieces[1].bytes = s->digest;
    pieces[1].len = hlen;
    pieces[2].bytes = salt;
    pieces[2].len = salt_len;
    return rsa_hash(provider, &s->hash, hash, h, pieces, 3);
}

/* out[0..k) = the integer of EMSA-PSS-ENCODE(mHash = s->digest, emBits = modBits - 1)
 * (RFC 8017 9.1.1), the salt drawn from rng. */
static fc_status rsa_pss_encode(const fc_provider *provider, const fc_rng *rng, rsa_scratch *s,
                                uint8_t *out, size_t k, size_t mod_bits, fc_alg hash,
                                size_t hlen, size_t salt_len)
{
    size_t em_bits = mod_bits - 1, em_len = (em_bits + 7) / 8, db_len;
    uint8_t *em = out + (k - em_len), *salt;
    fc_status st;
    if (em_len < hlen + 2 || salt_len > em_len - hlen - 2)
        return FC_ERR_LENGTH;
    db_len = em_len - hlen - 1;
    salt = em + db_len - salt_len;
    memset(out, 0, k);
    em[db_len - salt_len - 1] = 0x01; /* DB = PS || 0x01 || salt */
    st = salt_len > 0 ? fc_random_bytes(rng, salt, salt_len) : FC_OK;
    if (st == FC_OK)
        st = rsa_pss_h(provider, s, hash, hlen, em + db_len, salt, salt_len);
    if (st == FC_OK)
        st = rsa_mgf1_xor(provider, s, hash, hlen, em, db_len, em + db_len, hlen);
    if (st != FC_OK)
        return st;
    em[0] &= (uint8_t)(0xffu >> (8 * em_len - em_bits));
    em[em_len - 1] = 0xbc;
    return FC_OK;
}

/* EMSA-PSS-VERIFY (RFC 8017 9.1.2) of the integer in[0..k) against mHash = s->digest; in is
 * modified. All of it is public. */
static fc_status rsa_pss_verify(const fc_provider *provider, rsa_scratch *s, uint8_t *in,
                                size_t k, size_t mod_bits, fc_alg hash, size_t hlen,
                                size_t salt_len)
{
    size_t em_bits = mod_bits - 1, em_len = (em_bits + 7) / 8, db_len, i;
    uint8_t *em = in + (k - em_len), top = (uint8_t)(0xffu >> (8 * em_len - em_bits));
    fc_status st;
    if (em_len < hlen + 2 || (k > em_len && in[0] != 0) || em[em_len - 1] != 0xbc ||
        (em[0] & (uint8_t)~top) != 0)
        return FC_ERR_VERIFY;
    db_len = em_len - hlen - 1;
    st = rsa_mgf1_xor(provider, s, hash, hlen, em, db_len, em + db_len, hlen);
    if (st != FC_OK)
        return st;
    em[0] &= top;
    for (i = 0; i < db_len && em[i] == 0; i++)
        ;
    if (i == db_len || em[i] != 0x01)
        return FC_ERR_VERIFY;
    if (salt_len == FC_RSA_PSS_SALT_AUTO)
        salt_len = db_len - i - 1;
    else if (salt_len != db_len - i - 1)
        return FC_ERR_VERIFY;
    st = rsa_pss_h(provider, s, hash, hlen, s->block, em + db_len - salt_len, salt_len);
    if (st != FC_OK)
        return st;
    return memcmp(s->block, em + db_len, hlen) == 0 ? FC_OK : FC_ERR_VERIFY;
}

/* s->digest = the message's digest, or the caller's. */
static fc_status rsa_digest(const fc_provider *provider, rsa_scratch *s, const rsa_sig_req *req,
                            size_t hlen)
{
    fc_core_bytes piece;
    if (req->prehashed) {
        memcpy(s->digest, req->data, hlen);
        return FC_OK;
    }
    piece.bytes = req->data;
    piece.len = req->data_len;
    return rsa_hash(provider, &s->hash, req->hash, s->digest, &piece, 1);
}

static fc_status rsa_sign(const fc_provider *provider, const fc_rng *rng, fc_rsa_work *work,
                          uint8_t *sig, size_t *sig_len, const fc_rsa_private_key *key,
                          const rsa_sig_req *req)
{
    size_t k, hlen;
    fc_status st;
    rsa_scratch *s;
    if (work == NULL)
        return FC_ERR_NULL;
    if (sig == NULL || sig_len == NULL || rsa_private_pointers(key) != FC_OK ||
        (req->data == NULL && req->data_len > 0))
        return rsa_done(work, FC_ERR_NULL);
    if ((hlen = rsa_hash_len(req->hash, 0)) == 0)
        return rsa_done(work, FC_ERR_ARGUMENT);
    if (req->prehashed && req->data_len != hlen)
        return rsa_done(work, FC_ERR_LENGTH);
    if ((k = fc_core_rsa_private_check(key)) == 0)
        return rsa_done(work, FC_ERR_KEY);
    if (*sig_len < k)
        return rsa_done(work, FC_ERR_LENGTH);
    if ((rng = rsa_rng(rng)) == NULL)
        return rsa_done(work, FC_ERR_NO_RNG);
    s = RSA_SCRATCH(work);
    st = rsa_digest(provider, s, req, hlen);
    if (st == FC_OK && req->pss)
        st = rsa_pss_encode(provider, rng, s, RSA_BUF_IN(work), k,
                            rsa_modulus_bits(&key->pub, k), req->hash, hlen,
                            req->salt_len == FC_RSA_PSS_SALT_AUTO ? hlen : req->salt_len);
    else if (st == FC_OK)
        st = rsa_pkcs1_encode(RSA_BUF_IN(work), k, req->hash, s->digest, hlen);
    if (st == FC_OK) {
        fc_zeroize(s, sizeof(*s)); /* the provider's area is its own again */
        st = rsa_private_op(provider, rng, work, key, RSA_BUF_IN(work));
    }
    if (st == FC_OK) {
        memcpy(sig, RSA_BUF_OUT(work), k);
        *sig_len = k;
    }
    return rsa_done(work, st);
}

static fc_status rsa_verify(const fc_provider *provider, fc_rsa_work *work,
                            const fc_rsa_public_key *key, const rsa_sig_req *req,
                            const uint8_t *sig, size_t sig_len)
{
    size_t k, hlen;
    fc_status st;
    rsa_scratch *s;
    if (work == NULL)
        return FC_ERR_NULL;
    if (sig == NULL || rsa_public_pointers(key) != FC_OK ||
        (req->data == NULL && req->data_len > 0))
        return rsa_done(work, FC_ERR_NULL);
    if ((hlen = rsa_hash_len(req->hash, 1)) == 0)
        return rsa_done(work, FC_ERR_ARGUMENT);
    if (req->prehashed && req->data_len != hlen)
        return rsa_done(work, FC_ERR_LENGTH);
    if ((k = fc_core_rsa_public_check(key)) == 0)
        return rsa_done(work, FC_ERR_KEY);
    if (sig_len != k)
        return rsa_done(work, FC_ERR_LENGTH);
    if (!rsa_below_n(key, k, sig))
        return rsa_done(work, FC_ERR_VERIFY);
    memcpy(RSA_BUF_IN(work), sig, k);
    st = rsa_public_op(provider, work, key, RSA_BUF_IN(work));
    s = RSA_SCRATCH(work);
    if (st == FC_OK)
        st = rsa_digest(provider, s, req, hlen);
    if (st == FC_OK && req->pss)
        st = rsa_pss_verify(provider, s, RSA_BUF_OUT(work), k, rsa_modulus_bits(key, k),
                            req->hash, hlen, req->salt_len);
    else if (st == FC_OK) {
        st = rsa_pkcs1_encode(RSA_BUF_IN(work), k, req->hash, s->digest, hlen);
        if (st == FC_OK && memcmp(RSA_BUF_IN(work), RSA_BUF_OUT(work), k) != 0)
            st = FC_ERR_VERIFY;
    }
    return rsa_done(work, st);
}

fc_status fc_rsa_sign_pkcs1v15(const fc_provider *provider, fc_alg hash, const fc_rng *rng,
                               fc_rsa_work *work, uint8_t *sig, size_t *sig_len,
                               const fc_rsa_private_key *key, const uint8_t *msg,
                               size_t msg_len)
{
    rsa_sig_req req = {hash, 0, 0, 0, msg, msg_len};
    return rsa_sign(provider, rng, work, sig, sig_len, key, &req);
}

fc_status fc_rsa_verify_pkcs1v15(const fc_provider *provider, fc_alg hash, fc_rsa_work *work,
                                 const fc_rsa_public_key *key, const uint8_t *msg,
                                 size_t msg_len, const uint8_t *sig, size_t sig_len)
{
    rsa_sig_req req = {hash, 0, 0, 0, msg, msg_len};
    return rsa_verify(provider, work, key, &req, sig, sig_len);
}

fc_status fc_rsa_sign_pss(const fc_provider *provider, fc_alg hash, const fc_rng *rng,
                          fc_rsa_work *work, uint8_t *sig, size_t *sig_len,
                          const fc_rsa_private_key *key, size_t salt_len, const uint8_t *msg,
                          size_t msg_len)
{
    rsa_sig_req req = {hash, 1, 0, salt_len, msg, msg_len};
    return rsa_sign(provider, rng, work, sig, sig_len, key, &req);
}

fc_status fc_rsa_verify_pss(const fc_provider *provider, fc_alg hash, fc_rsa_work *work,
                            const fc_rsa_public_key *key, size_t salt_len, const uint8_t *msg,
                            size_t msg_len, const uint8_t *sig, size_t sig_len)
{
    rsa_sig_req req = {hash, 1, 0, salt_len, msg, msg_len};
    return rsa_verify(provider, work, key, &req, sig, sig_len);
}

fc_status fc_rsa_sign_pkcs1v15_digest(const fc_provider *provider, fc_alg hash,
                                      const fc_rng *rng, fc_rsa_work *work, uint8_t *sig,
                                      size_t *sig_len, const fc_rsa_private_key *key,
                                      const uint8_t *digest, size_t digest_len)
{
    rsa_sig_req req = {hash, 0, 1, 0, digest, digest_len};
    return rsa_sign(provider, rng, work, sig, sig_len, key, &req);
}

fc_status fc_rsa_verify_pkcs1v15_digest(const fc_provider *provider, fc_alg hash,
                                        fc_rsa_work *work, const fc_rsa_public_key *key,
                                        const uint8_t *digest, size_t digest_len,
                                        const uint8_t *sig, size_t sig_len)
{
    rsa_sig_req req = {hash, 0, 1, 0, digest, digest_len};
    return rsa_verify(provider, work, key, &req, sig, sig_len);
}

fc_status fc_rsa_sign_pss_digest(const fc_provider *provider, fc_alg hash, const fc_rng *rng,
                                 fc_rsa_work *work, uint8_t *sig, size_t *sig_len,
                                 const fc_rsa_private_key *key, size_t salt_len,
                                 const uint8_t *digest, size_t digest_len)
{
    rsa_sig_req req = {hash, 1, 1, salt_len, digest, digest_len};
    return rsa_sign(provider, rng, work, sig, sig_len, key, &req);
}

fc_status fc_rsa_verify_pss_digest(const fc_provider *provider, fc_alg hash, fc_rsa_work *work,
                                   const fc_rsa_public_key *key, size_t salt_len,
                                   const uint8_t *digest, size_t digest_len,
                                   const uint8_t *sig, size_t sig_len)
{
    rsa_sig_req req = {hash, 1, 1, salt_len, digest, digest_len};
    return rsa_verify(provider, work, key, &req, sig, sig_len);
}

/* ---- OAEP ---- */

/* s->digest = lHash = Hash(label). */
static fc_status rsa_label_hash(const fc_provider *provider, rsa_scratch *s, fc_alg hash,
                                const uint8_t *label, size_t label_len)
{
    fc_core_bytes piece;
    piece.bytes = label;
    piece.len = label_len;
    return rsa_hash(provider, &s->hash, hash, s->digest, &piece, 1);
}

fc_status fc_rsa_encrypt_oaep(const fc_provider *provider, fc_alg hash, const fc_rng *rng,
                              fc_rsa_work *work, uint8_t *ct, size_t *ct_len,
                              const fc_rsa_public_key *key, const uint8_t *label,
                              size_t label_len, const uint8_t *msg, size_t msg_len)
{
    size_t k, hlen, db_len;
    uint8_t *em, *db;
    rsa_scratch *s;
    fc_status st;
    if (work == NULL)
        return FC_ERR_NULL;
    if (ct == NULL || ct_len == NULL || rsa_public_pointers(key) != FC_OK ||
        (label == NULL && label_len > 0) || (msg == NULL && msg_len > 0))
        return rsa_done(work, FC_ERR_NULL);
    if ((hlen = rsa_hash_len(hash, 1)) == 0)
        return rsa_done(work, FC_ERR_ARGUMENT);
    if ((k = fc_core_rsa_public_check(key)) == 0)
        return rsa_done(work, FC_ERR_KEY);
    if (*ct_len < k || k < 2 * hlen + 2 || msg_len > k - 2 * hlen - 2)
        return rsa_done(work, FC_ERR_LENGTH);
    /* EM = 0x00 || seed || DB, DB = lHash || PS || 0x01 || M (RFC 8017 7.1.1) */
    em = RSA_BUF_IN(work);
    db = em + 1 + hlen;
    db_len = k - hlen - 1;
    s = RSA_SCRATCH(work);
    memset(em, 0, k);
    db[db_len - msg_len - 1] = 0x01;
    if (msg_len > 0)
        memcpy(db + db_len - msg_len, msg, msg_len);
    st = rsa_label_hash(provider, s, hash, label, label_len);
    if (st == FC_OK) {
        memcpy(db, s->digest, hlen);
        st = fc_random_bytes(rng, em + 1, hlen);
    }
    if (st == FC_OK)
        st = rsa_mgf1_xor(provider, s, hash, hlen, db, db_len, em + 1, hlen);
    if (st == FC_OK)
        st = rsa_mgf1_xor(provider, s, hash, hlen, em + 1, hlen, db, db_len);
    if (st == FC_OK) {
        fc_zeroize(s, sizeof(*s));
        st = rsa_public_op(provider, work, key, em);
    }
    if (st == FC_OK) {
        memcpy(ct, RSA_BUF_OUT(work), k);
        *ct_len = k;
    }
    return rsa_done(work, st);
}

/* All ones when the bytes a and b are equal, else zero: a ^ b - 1 borrows only from zero. */
static uint32_t rsa_eq_mask(uint32_t a, uint32_t b)
{
    return 0u - (((a ^ b) - 1u) >> 31);
}

/* EME-OAEP decoding (RFC 8017 7.1.2 step 3) of em[0..k) in constant time: returns all ones
 * when the encoding is good, zero when not, and in both cases moves what would be the message
 * to em[0..) and sets *msg_len to its length (meaningful only when good). lhash: the label's
 * hash. Which check failed, where the separator is and how long the message is do not steer
 * the flow or the addresses. */
static uint32_t rsa_oaep_decode(uint8_t *em, size_t k, size_t hlen, const uint8_t *lhash,
                                size_t *msg_len)
{
    const uint8_t *db = em + 1 + hlen;
    size_t db_len = k - hlen - 1, i, shift, j, bit;
    uint32_t good, diff = 0, found = 0, bad = 0, sep = 0, zero, first, len;
    /* Y == 0 and lHash' == lHash */
    for (i = 0; i < hlen; i++)
        diff |= (uint32_t)(db[i] ^ lhash[i]);
    good = rsa_eq_mask(diff | em[0], 0);
    /* PS (zeros) then 0x01: the first non-zero byte after lHash', in one pass over all */
    for (i = hlen; i < db_len; i++) {
        zero = rsa_eq_mask(db[i], 0);
        first = ~found & ~zero;
        sep |= first & (uint32_t)i;
        bad |= first & ~rsa_eq_mask(db[i], 1);
        found |= ~zero;
    }
    good &= found & ~bad;
    /* the message starts at db + sep + 1: shift db[hlen..db_len) left by sep + 1 - hlen (1 to
     * db_len - hlen) into em[0..), a power of two at a time, each step over every byte */
    len = (uint32_t)(db_len - 1) - sep;
    shift = (size_t)(sep + 1u - (uint32_t)hlen);
    memmove(em, db + hlen, db_len - hlen);
    for (j = 1, bit = 0; j < db_len - hlen + 1; j <<= 1, bit++) {
        uint8_t mask = (uint8_t)(0u - ((shift >> bit) & 1u));
        for (i = 0; i + j < db_len - hlen; i++)
            em[i] = (uint8_t)(em[i] ^ (mask & (em[i] ^ em[i + j])));
    }
    *msg_len = len;
    return good;
}

fc_status fc_rsa_decrypt_oaep(const fc_provider *provider, fc_alg hash, const fc_rng *rng,
                              fc_rsa_work *work, uint8_t *msg, size_t *msg_len,
                              const fc_rsa_private_key *key, const uint8_t *label,
                              size_t label_len, const uint8_t *ct, size_t ct_len)
{
    size_t k, hlen, len = 0;
    uint8_t *em;
    rsa_scratch *s;
    uint32_t good;
    fc_status st;
    if (work == NULL)
        return FC_ERR_NULL;
    if (msg_len == NULL || (msg == NULL && *msg_len > 0) || ct == NULL ||
        rsa_private_pointers(key) != FC_OK || (label == NULL && label_len > 0))
        return rsa_done(work, FC_ERR_NULL);
    if ((hlen = rsa_hash_len(hash, 1)) == 0)
        return rsa_done(work, FC_ERR_ARGUMENT);
    if ((k = fc_core_rsa_private_check(key)) == 0)
        return rsa_done(work, FC_ERR_KEY);
    if (ct_len != k)
        return rsa_done(work, FC_ERR_LENGTH);
    if (k < 2 * hlen + 2 || !rsa_below_n(&key->pub, k, ct))
        return rsa_done(work, FC_ERR_DECRYPT);
    if ((rng = rsa_rng(rng)) == NULL)
        return rsa_done(work, FC_ERR_NO_RNG);
    memcpy(RSA_BUF_IN(work), ct, k);
    st = rsa_private_op(provider, rng, work, key, RSA_BUF_IN(work));
    em = RSA_BUF_OUT(work);
    s = RSA_SCRATCH(work);
    if (st == FC_OK)
        st = rsa_label_hash(provider, s, hash, label, label_len);
    /* seed = maskedSeed ^ MGF(maskedDB), DB = maskedDB ^ MGF(seed) */
    if (st == FC_OK)
        st = rsa_mgf1_xor(provider, s, hash, hlen, em + 1, hlen, em + 1 + hlen, k - hlen - 1);
    if (st == FC_OK)
        st = rsa_mgf1_xor(provider, s, hash, hlen, em + 1 + hlen, k - hlen - 1, em + 1, hlen);
    if (st != FC_OK)
        return rsa_done(work, st);
    good = rsa_oaep_decode(em, k, hlen, s->digest, &len);
    FC_DECLASSIFY(&good, sizeof(good)); /* the one verdict: FC_ERR_DECRYPT for every failure */
    if (!good)
        return rsa_done(work, FC_ERR_DECRYPT);
    FC_DECLASSIFY(&len, sizeof(len)); /* a good message's length is the caller's to know */
    if (*msg_len < len)
        return rsa_done(work, FC_ERR_LENGTH);
    if (len > 0)
        memcpy(msg, em, len);
    *msg_len = len;
    return rsa_done(work, FC_OK);
}

/* ---- key generation ---- */

/* The pairwise consistency test of FIPS 186-5 5.1 on the new key (parsed back from its DER):
 * x = 2, the private operation, then the public one must give x again. */
static fc_status rsa_pairwise_test(const fc_provider *provider, const fc_rng *rng,
                                   fc_rsa_work *work, const fc_rsa_private_key *key, size_t k)
{
    uint8_t *x = RSA_BUF_IN(work), *y = RSA_BUF_OUT(work);
    fc_status st;
    memset(x, 0, k);
    x[k - 1] = 2;
    st = rsa_private_op(provider, rng, work, key, x);
    if (st == FC_OK) {
        memcpy(x, y, k);
        st = rsa_public_op(provider, work, &key->pub, x);
    }
    if (st == FC_OK && (!fc_ct_is_zero(y, k - 1) || y[k - 1] != 2))
        st = FC_ERR_PROVIDER;
    return st;
}

fc_status fc_rsa_generate(const fc_provider *provider, const fc_rng *rng, fc_rsa_work *work,
                          uint8_t *der, size_t *der_len, unsigned bits, uint32_t e)
{
    const fc_provider *p;
    const fc_impl *impl;
    fc_rsa_private_key key;
    uint8_t *parts, e_bytes[4];
    size_t k = bits / 8, half = k / 2, room;
    fc_status st = FC_ERR_UNSUPPORTED;
    if (work == NULL)
        return FC_ERR_NULL;
    if (der == NULL || der_len == NULL)
        return rsa_done(work, FC_ERR_NULL);
    /* new keys of 2048 bits and up only, whatever FC_RSA_LEGACY_BITS (that is for old keys) */
    if (bits % 64 != 0 || bits < 2048u || bits > FC_RSA_MAX_BITS || e < 3 || (e & 1u) == 0)
        return rsa_done(work, FC_ERR_ARGUMENT);
    if (*der_len < FC_RSA_PRIVATE_DER_SIZE(bits))
        return rsa_done(work, FC_ERR_LENGTH);
    if ((rng = rsa_rng(rng)) == NULL)
        return rsa_done(work, FC_ERR_NO_RNG);
    parts = FC_RSA_PARTS(work);
    for (p = fc_core_provider(provider); p != NULL && st == FC_ERR_UNSUPPORTED; p = p->next)
        if ((impl = fc_core_own(p, FC_RSA)) != NULL && impl->ops.rsa.generate != NULL)
            st = impl->ops.rsa.generate(impl, FC_RSA_PROVIDER_WORK(work), rng, parts, bits, e);
    if (st != FC_OK)
        return rsa_done(work, st);
    /* the parts (driver.h's layout) as a key, written as PKCS#1 RSAPrivateKey */
    e_bytes[0] = (uint8_t)(e >> 24);
    e_bytes[1] = (uint8_t)(e >> 16);
    e_bytes[2] = (uint8_t)(e >> 8);
    e_bytes[3] = (uint8_t)e;
    key.pub.n = parts;
    key.pub.n_len = k;
    key.pub.e = e_bytes;
    key.pub.e_len = sizeof(e_bytes);
    key.d = parts + k;
    key.d_len = k;
    key.p = parts + 2 * k;
    key.q = key.p + half;
    key.dp = key.q + half;
    key.dq = key.dp + half;
    key.qinv = key.dq + half;
    key.p_len = key.q_len = key.dp_len = key.dq_len = key.qinv_len = half;
    room = *der_len;
    st = (parts[0] & 0x80) != 0 ? fc_rsa_private_to_der(der, &room, &key) : FC_ERR_PROVIDER;
    fc_zeroize(parts, FC_RSA_PARTS_SIZE(k));
    if (st == FC_OK)
        st = fc_rsa_private_from_der(&key, der, room);
    if (st == FC_OK)
        st = rsa_pairwise_test(provider, rng, work, &key, k);
    if (st == FC_OK)
        *der_len = room;
    else
        fc_zeroize(der, *der_len);
    fc_zeroize(&key, sizeof(key));
    return rsa_done(work, st);
}
