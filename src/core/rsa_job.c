/* RSA's sliced raw operations (rsa.h, engine.h): the front end's checks, then the engine's
 * start on the first provider that can slice RSA. The job works in the provider's part of the
 * caller's fc_rsa_work until it ends; the core's part is not used. */
#include "core.h"

static fc_status rsa_job_start(fc_job *job, const fc_provider *provider, const fc_rng *rng,
                               fc_rsa_work *work, uint8_t *out, const void *key, size_t k,
                               const fc_rsa_public_key *pub, const uint8_t *in, size_t in_len,
                               uint8_t op)
{
    fc_job_input input;
    if (k == 0)
        return FC_ERR_KEY;
    if (in_len != k)
        return FC_ERR_LENGTH;
    if (!fc_core_be_less(in, pub->n + (pub->n_len - k), k))
        return FC_ERR_ARGUMENT;
    memset(&input, 0, sizeof(input));
    input.op = op;
    input.out = out;
    input.data = in;
    input.data_len = in_len;
    input.key = key;
    input.work = FC_RSA_PROVIDER_WORK(work);
    input.rng = rng;
    return fc_core_job_start(job, provider, FC_RSA, FC_FAMILY_RSA, &input);
}

fc_status fc_job_rsa_public(fc_job *job, const fc_provider *provider, fc_rsa_work *work,
                            uint8_t *out, const fc_rsa_public_key *key, const uint8_t *in,
                            size_t in_len)
{
    if (job == NULL || work == NULL || out == NULL || in == NULL || key == NULL ||
        key->n == NULL || key->e == NULL)
        return FC_ERR_NULL;
    return rsa_job_start(job, provider, NULL, work, out, key, fc_core_rsa_public_check(key),
                         key, in, in_len, FC_JOB_OP_RSA_PUBLIC);
}

fc_status fc_job_rsa_private(fc_job *job, const fc_provider *provider, const fc_rng *rng,
                             fc_rsa_work *work, uint8_t *out, const fc_rsa_private_key *key,
                             const uint8_t *in, size_t in_len)
{
    if (job == NULL || work == NULL || out == NULL || in == NULL || key == NULL ||
        key->pub.n == NULL || key->pub.e == NULL || key->p == NULL || key->q == NULL ||
        key->dp == NULL || key->dq == NULL || key->qinv == NULL)
        return FC_ERR_NULL;
    if (rng == NULL)
        rng = fc_core_rng_default();
    if (rng == NULL)
        return FC_ERR_NO_RNG;
    return rsa_job_start(job, provider, rng, work, out, key, fc_core_rsa_private_check(key),
                         &key->pub, in, in_len, FC_JOB_OP_RSA_PRIVATE);
}
