/* The soft provider's RSA descriptor (driver.h fc_rsa_ops) over rsa_soft.c (raw public and
 * private operations) and rsa_keygen_soft.c (key generation). Constant time as those files
 * say: this file only converts the key structs and passes the provider's part of the work
 * area on. */
#include "rsa_soft.h"
#include "soft.h"
#include "../rsa_modulus.h"

/* The raw operations run in the provider's part of fc_rsa_work. */
_Static_assert(sizeof(fc_rsa_soft_work) <= FC_RSA_PROVIDER_WORK_SIZE,
               "fc_rsa_soft_work larger than the provider's part of fc_rsa_work: raise "
               "FC_RSA_WORK_SIZE (config.h)");

static void soft_public_key(fc_rsa_soft_public *soft, const fc_rsa_public_key *key)
{
    soft->n = key->n;
    soft->n_len = key->n_len;
    soft->e = key->e;
    soft->e_len = key->e_len;
}

static fc_status soft_public_op(const fc_impl *impl, void *work, uint8_t *out,
                                const fc_rsa_public_key *key, const uint8_t *in)
{
    fc_rsa_soft_public soft;
    size_t k = fc_rsa_modulus_len(key);
    (void)impl;
    soft_public_key(&soft, key);
    return fc_rsa_soft_public_op((fc_rsa_soft_work *)work, out, k, &soft, in, k);
}

static fc_status soft_private_op(const fc_impl *impl, void *work, uint8_t *out,
                                 const fc_rsa_private_key *key, const uint8_t *in,
                                 const fc_rng *rng)
{
    fc_rsa_soft_private soft;
    size_t k = fc_rsa_modulus_len(&key->pub);
    (void)impl;
    soft_public_key(&soft.pub, &key->pub);
    soft.p = key->p;
    soft.p_len = key->p_len;
    soft.q = key->q;
    soft.q_len = key->q_len;
    soft.dp = key->dp;
    soft.dp_len = key->dp_len;
    soft.dq = key->dq;
    soft.dq_len = key->dq_len;
    soft.qinv = key->qinv;
    soft.qinv_len = key->qinv_len;
    return fc_rsa_soft_private_op((fc_rsa_soft_work *)work, out, k, &soft, in, k, rng);
}

static fc_status soft_generate(const fc_impl *impl, void *work, const fc_rng *rng,
                               uint8_t *parts, unsigned bits, uint32_t e)
{
    (void)impl;
    return fc_rsa_soft_generate(work, FC_RSA_GENERATE_WORK_SIZE, rng, parts, bits, e);
}

const fc_impl fc_soft_rsa = {
    .alg = FC_RSA,
#if FC_WITH_ENGINE
    .flags = FC_IMPL_CONSTANT_TIME | FC_IMPL_SLICEABLE,
    .job_state_size = FC_SOFT_RSA_JOB_STATE,
    .job = {fc_soft_rsa_job_start, fc_soft_rsa_job_run},
#else
    .flags = FC_IMPL_CONSTANT_TIME,
#endif
    .ops.rsa = {.public_op = soft_public_op,
                .private_op = soft_private_op,
                .generate = soft_generate},
};
