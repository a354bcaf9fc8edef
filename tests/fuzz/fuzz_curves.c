/* libFuzzer: X25519, X19119 and both Elligator2 maps on arbitrary inputs. Outputs must be
 * canonical (below p), the all-zero X25519 result must come with FC_ERR_ZERO_SHARED, and the
 * soft X25519 must agree with OpenSSL's where the build has it, and the slice engine's jobs
 * (started on the default chain) with soft's synchronous calls (both curves, both maps,
 * SHA-512 of the input), at a budget taken from the input. */
#include <stdlib.h>
#include <string.h>

#include "fieldcrypt/fieldcrypt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* little-endian a < 2^bits - 19 (canonical field element), for bits = 255 or 191 */
static int canonical(const uint8_t *a, size_t len, unsigned bits)
{
    uint8_t p[32];
    size_t i;
    memset(p, 0, sizeof(p));
    memset(p, 0xff, bits / 8);
    p[bits / 8] = (uint8_t)((1u << (bits % 8)) - 1u);
    p[0] = 0xed;
    for (i = len; i-- > 0;) {
        if (a[i] != p[i])
            return a[i] < p[i];
    }
    return 0;
}

static fc_status run_job(fc_job *job, uint32_t budget)
{
    fc_status st;
    unsigned long n = 0;
    do
        st = fc_job_step(job, budget);
    while (st == FC_PENDING && ++n < 10000000ul);
    return st;
}

static void check_engine(const fc_provider *soft, const uint8_t in[64], uint32_t budget)
{
    uint8_t out[32], ref[32];
    fc_status st;
    fc_job job;
    memset(&job, 0, sizeof(job));
    memset(out, 0, sizeof(out));
    /* jobs on the default chain (soft's sliceable implementations) against soft's calls */
    st = fc_xdh(soft, FC_X25519, ref, in, in + 32);
    if (fc_job_xdh(&job, NULL, FC_X25519, out, in, in + 32) != FC_OK ||
        run_job(&job, budget) != st || (st == FC_OK && memcmp(out, ref, 32) != 0))
        abort();
    if (fc_map(soft, FC_ELLIGATOR2_CURVE25519, ref, in) != FC_OK ||
        fc_job_map(&job, NULL, FC_ELLIGATOR2_CURVE25519, out, in) != FC_OK ||
        run_job(&job, budget) != FC_OK || memcmp(out, ref, 32) != 0)
        abort();
    st = fc_xdh(soft, FC_X19119, ref, in, in + 24);
    if (fc_job_xdh(&job, NULL, FC_X19119, out, in, in + 24) != FC_OK ||
        run_job(&job, budget) != st || (st == FC_OK && memcmp(out, ref, 24) != 0))
        abort();
    if (fc_map(soft, FC_ELLIGATOR2_CURVE19119, ref, in) != FC_OK ||
        fc_job_map(&job, NULL, FC_ELLIGATOR2_CURVE19119, out, in) != FC_OK ||
        run_job(&job, budget) != FC_OK || memcmp(out, ref, 24) != 0)
        abort();
}

/* SHA-512 of the whole input through the engine, at a budget from the input */
static void check_sha512_job(const fc_provider *soft, const uint8_t *data, size_t size,
                             uint32_t budget)
{
    uint8_t digest[64], ref[64];
    fc_job job;
    memset(&job, 0, sizeof(job));
    if (fc_hash(soft, FC_SHA512, ref, 64, data, size) != FC_OK ||
        fc_job_hash(&job, NULL, FC_SHA512, digest, data, size) != FC_OK ||
        run_job(&job, budget) != FC_OK || memcmp(digest, ref, 64) != 0)
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const fc_provider *soft = fc_provider_find("soft"), *ossl = fc_provider_find("openssl");
    uint8_t in[64], out[32], ref[32];
    fc_status st, st2;
    if (size < 64)
        return 0;
    memcpy(in, data, 64);
    st = fc_xdh(soft, FC_X25519, out, in, in + 32);
    if (st == FC_OK && (!canonical(out, 32, 255) || fc_ct_is_zero(out, 32)))
        abort();
    if (st == FC_ERR_ZERO_SHARED && !fc_ct_is_zero(out, 32))
        abort();
    if (ossl != NULL) { /* OpenSSL's own X25519: the openssl provider implements it */
        st2 = fc_xdh(ossl, FC_X25519, ref, in, in + 32);
        if (st != st2 || (st == FC_OK && memcmp(out, ref, 32) != 0))
            abort();
    }
    if (fc_map(soft, FC_ELLIGATOR2_CURVE25519, out, in) != FC_OK || !canonical(out, 32, 255))
        abort();
    st = fc_xdh(soft, FC_X19119, out, in, in + 24);
    if (st == FC_OK && !canonical(out, 24, 191))
        abort();
    if (fc_map(soft, FC_ELLIGATOR2_CURVE19119, out, in) != FC_OK || !canonical(out, 24, 191))
        abort();
    if (size > 64) {
        check_engine(soft, in, 1u + (uint32_t)data[64] * 131u);
        check_sha512_job(soft, data, size, 1u + (uint32_t)data[64] * 211u);
    }
    return 0;
}
