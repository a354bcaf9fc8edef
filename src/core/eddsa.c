/* EDDSA front end (Ed25519, Ed25519ctx, Ed25519ph): argument checks, Ed25519ph's prehash, the
 * chain walks and the output discipline; and the conversions of Ed25519 keys to X25519 keys.
 * A provider's decline (FC_ERR_UNSUPPORTED) passes the call to the next one; any other status
 * is the answer. */
#include "core.h"

#define ED25519_PUB_LEN FC_ED25519_PUBLIC_LEN
#define ED25519_SIG_LEN FC_ED25519_SIG_LEN

/* The context rules of eddsa.h: none for Ed25519, 1..255 bytes for Ed25519ctx, 0..255 for
 * Ed25519ph. */
static fc_status context_check(fc_alg alg, const uint8_t *context, size_t context_len)
{
    if (context == NULL && context_len > 0)
        return FC_ERR_NULL;
    if (alg == FC_ED25519 && context_len != 0)
        return FC_ERR_LENGTH;
    if (alg == FC_ED25519CTX && context_len == 0)
        return FC_ERR_LENGTH;
    if (context_len > FC_EDDSA_MAX_CONTEXT)
        return FC_ERR_LENGTH;
    return FC_OK;
}

/* The message the provider gets: Ed25519ph's is the SHA-512 of the caller's (through the same
 * chain), the others' the caller's own. */
static fc_status prehash(const fc_provider *provider, fc_alg alg, uint8_t ph[64],
                         const uint8_t **msg, size_t *msg_len)
{
    fc_status st;
    if (alg != FC_ED25519PH)
        return FC_OK;
    st = fc_hash(provider, FC_SHA512, ph, 64, *msg, *msg_len);
    if (st == FC_OK) {
        *msg = ph;
        *msg_len = 64;
    }
    return st;
}

/* The chain walks below are written out in each function rather than shared, so no frame
 * sits between a public function and the curve code (the stack wipe's reach, config.h). */
fc_status fc_eddsa_public_key(const fc_provider *provider, fc_alg alg, uint8_t *pub,
                              const uint8_t *seed)
{
    uint8_t tmp[ED25519_PUB_LEN];
    const fc_provider *p;
    const fc_impl *impl;
    fc_status st = FC_ERR_UNSUPPORTED;
    if (pub == NULL || seed == NULL)
        return FC_ERR_NULL;
    if (fc_core_alg_of(alg, FC_FAMILY_EDDSA) == NULL)
        return FC_ERR_ARGUMENT;
    for (p = fc_core_provider(provider); p != NULL && st == FC_ERR_UNSUPPORTED; p = p->next)
        if ((impl = fc_core_own(p, alg)) != NULL && impl->ops.eddsa.public_key != NULL)
            st = impl->ops.eddsa.public_key(impl, tmp, seed);
    return fc_core_curve_finish(st, pub, tmp, ED25519_PUB_LEN);
}

fc_status fc_eddsa_keypair(const fc_provider *provider, fc_alg alg, const fc_rng *rng,
                           uint8_t *seed, uint8_t *pub)
{
    uint8_t sk[FC_ED25519_SEED_LEN];
    fc_status st;
    if (seed == NULL || pub == NULL)
        return FC_ERR_NULL;
    if (fc_core_alg_of(alg, FC_FAMILY_EDDSA) == NULL)
        return FC_ERR_ARGUMENT;
    if (!fc_provider_supports(provider, alg))
        return FC_ERR_UNSUPPORTED;
    st = fc_random_bytes(rng, sk, sizeof(sk));
    if (st == FC_OK)
        st = fc_eddsa_public_key(provider, alg, pub, sk);
    if (st == FC_OK)
        memcpy(seed, sk, sizeof(sk));
    fc_zeroize(sk, sizeof(sk));
    return st;
}

fc_status fc_eddsa_sign(const fc_provider *provider, fc_alg alg, uint8_t *sig,
                        const uint8_t *seed, const uint8_t *pub, const uint8_t *context,
                        size_t context_len, const uint8_t *msg, size_t msg_len)
{
    uint8_t tmp[ED25519_SIG_LEN];
    uint8_t own_pub[ED25519_PUB_LEN];
    uint8_t ph[64];
    const fc_provider *p;
    const fc_impl *impl;
    fc_status st;
    if (sig == NULL || seed == NULL || (msg == NULL && msg_len > 0))
        return FC_ERR_NULL;
    if (fc_core_alg_of(alg, FC_FAMILY_EDDSA) == NULL)
        return FC_ERR_ARGUMENT;
    st = context_check(alg, context, context_len);
    if (st != FC_OK)
        return st;

    st = prehash(provider, alg, ph, &msg, &msg_len);
    if (st == FC_OK && pub == NULL) {
        /* the seed's own key: a wrong one would reuse the nonce with another challenge */
        st = FC_ERR_UNSUPPORTED;
        for (p = fc_core_provider(provider); p != NULL && st == FC_ERR_UNSUPPORTED; p = p->next)
            if ((impl = fc_core_own(p, alg)) != NULL && impl->ops.eddsa.public_key != NULL)
                st = impl->ops.eddsa.public_key(impl, own_pub, seed);
        pub = own_pub;
    }
    if (st == FC_OK) {
        st = FC_ERR_UNSUPPORTED;
        for (p = fc_core_provider(provider); p != NULL && st == FC_ERR_UNSUPPORTED; p = p->next)
            if ((impl = fc_core_own(p, alg)) != NULL && impl->ops.eddsa.sign != NULL)
                st = impl->ops.eddsa.sign(impl, tmp, seed, pub, context, context_len, msg,
                                          msg_len);
    }
    fc_zeroize(own_pub, sizeof(own_pub));
    fc_zeroize(ph, sizeof(ph));
    return fc_core_curve_finish(st, sig, tmp, ED25519_SIG_LEN);
}

fc_status fc_eddsa_verify(const fc_provider *provider, fc_alg alg, const uint8_t *pub,
                          const uint8_t *context, size_t context_len, const uint8_t *msg,
                          size_t msg_len, const uint8_t *sig)
{
    uint8_t ph[64];
    const fc_provider *p;
    const fc_impl *impl;
    fc_status st;
    if (pub == NULL || sig == NULL || (msg == NULL && msg_len > 0))
        return FC_ERR_NULL;
    if (fc_core_alg_of(alg, FC_FAMILY_EDDSA) == NULL)
        return FC_ERR_ARGUMENT;
    st = context_check(alg, context, context_len);
    if (st != FC_OK)
        return st;
    st = prehash(provider, alg, ph, &msg, &msg_len);
    if (st != FC_OK)
        return st;
    /* public data only: no wipe needed */
    st = FC_ERR_UNSUPPORTED;
    for (p = fc_core_provider(provider); p != NULL && st == FC_ERR_UNSUPPORTED; p = p->next)
        if ((impl = fc_core_own(p, alg)) != NULL && impl->ops.eddsa.verify != NULL)
            st = impl->ops.eddsa.verify(impl, pub, context, context_len, msg, msg_len, sig);
    return st;
}

/* The jobs take the caller's message as it is (Ed25519ph's job hashes it first) and read it
 * during the steps; everything else is checked here and copied at start. */
static fc_status job_start(fc_job *job, const fc_provider *provider, fc_alg alg,
                           fc_job_input *in)
{
    fc_status st;
    if (job == NULL || (in->msg == NULL && in->msg_len > 0))
        return FC_ERR_NULL;
    if (fc_core_alg_of(alg, FC_FAMILY_EDDSA) == NULL)
        return FC_ERR_ARGUMENT;
    st = context_check(alg, in->context, in->context_len);
    if (st != FC_OK)
        return st;
    if (in->msg_len > 0xffffffffu)
        return FC_ERR_LENGTH;
    return fc_core_job_start(job, provider, alg, FC_FAMILY_EDDSA, in);
}

fc_status fc_job_eddsa_sign(fc_job *job, const fc_provider *provider, fc_alg alg, uint8_t *sig,
                            const uint8_t *seed, const uint8_t *pub, const uint8_t *context,
                            size_t context_len, const uint8_t *msg, size_t msg_len)
{
    fc_job_input in;
    if (sig == NULL || seed == NULL)
        return FC_ERR_NULL;
    memset(&in, 0, sizeof(in));
    in.op = FC_JOB_OP_SIGN;
    in.out = sig;
    in.data = seed;
    in.point = pub;
    in.context = context;
    in.context_len = context_len;
    in.msg = msg;
    in.msg_len = msg_len;
    return job_start(job, provider, alg, &in);
}

fc_status fc_job_eddsa_verify(fc_job *job, const fc_provider *provider, fc_alg alg,
                              const uint8_t *pub, const uint8_t *context, size_t context_len,
                              const uint8_t *msg, size_t msg_len, const uint8_t *sig)
{
    fc_job_input in;
    if (pub == NULL || sig == NULL)
        return FC_ERR_NULL;
    memset(&in, 0, sizeof(in));
    in.op = FC_JOB_OP_VERIFY;
    in.point = pub;
    in.sig = sig;
    in.context = context;
    in.context_len = context_len;
    in.msg = msg;
    in.msg_len = msg_len;
    return job_start(job, provider, alg, &in);
}

fc_status fc_ed25519_to_x25519_public(const fc_provider *provider, uint8_t *x25519_pub,
                                      const uint8_t *ed25519_pub)
{
    uint8_t tmp[32];
    const fc_provider *p;
    const fc_impl *impl;
    fc_status st = FC_ERR_UNSUPPORTED;
    if (x25519_pub == NULL || ed25519_pub == NULL)
        return FC_ERR_NULL;
    /* an Ed25519 implementation without the conversion passes it on */
    for (p = fc_core_provider(provider); p != NULL && st == FC_ERR_UNSUPPORTED; p = p->next)
        if ((impl = fc_core_own(p, FC_ED25519)) != NULL && impl->ops.eddsa.to_x25519 != NULL)
            st = impl->ops.eddsa.to_x25519(impl, tmp, ed25519_pub);
    if (st == FC_OK)
        memcpy(x25519_pub, tmp, sizeof(tmp));
    return st;
}

fc_status fc_ed25519_to_x25519_secret(const fc_provider *provider, uint8_t *x25519_secret,
                                      const uint8_t *seed)
{
    uint8_t h[64];
    fc_status st;
    if (x25519_secret == NULL || seed == NULL)
        return FC_ERR_NULL;
    /* RFC 8032 5.1.5: the scalar is the first half of SHA-512(seed); X25519 clamps it */
    st = fc_hash(provider, FC_SHA512, h, sizeof(h), seed, FC_ED25519_SEED_LEN);
    fc_zeroize(h + 32, 32); /* the signing prefix */
    return fc_core_curve_finish(st, x25519_secret, h, 32);
}
