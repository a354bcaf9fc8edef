/* libFuzzer: X25519, X19119 and both Elligator2 maps on arbitrary inputs. Outputs must be
 * canonical (below p), the all-zero X25519 result must come with FC_ERR_ZERO_SHARED, and the
 * soft X25519 must agree with OpenSSL's where the build has it, and the slice engine's jobs
 * with the synchronous calls (both curves, both maps, SHA-512 of the input), at a budget taken
 * from the input. */
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

static void check_engine(const uint8_t in[64], uint32_t budget)
{
    uint8_t out[32], ref[32];
    fc_status st;
    fc_job job;
    memset(&job, 0, sizeof(job));
    memset(out, 0, sizeof(out));
    st = fc_x25519(NULL, ref, in, in + 32);
    if (fc_job_x25519(&job, out, in, in + 32) != FC_OK || run_job(&job, budget) != st ||
        (st == FC_OK && memcmp(out, ref, 32) != 0))
        abort();
    if (fc_elligator2_curve25519(NULL, ref, in) != FC_OK ||
        fc_job_elligator2_curve25519(&job, out, in) != FC_OK || run_job(&job, budget) != FC_OK ||
        memcmp(out, ref, 32) != 0)
        abort();
    st = fc_x19119(NULL, ref, in, in + 24);
    if (fc_job_x19119(&job, out, in, in + 24) != FC_OK || run_job(&job, budget) != st ||
        (st == FC_OK && memcmp(out, ref, 24) != 0))
        abort();
    if (fc_elligator2_curve19119(NULL, ref, in) != FC_OK ||
        fc_job_elligator2_curve19119(&job, out, in) != FC_OK || run_job(&job, budget) != FC_OK ||
        memcmp(out, ref, 24) != 0)
        abort();
}

/* SHA-512 of the whole input through the engine, at a budget from the input */
static void check_sha512_job(const uint8_t *data, size_t size, uint32_t budget)
{
    uint8_t digest[64], ref[64];
    fc_job job;
    memset(&job, 0, sizeof(job));
    if (fc_hash(FC_SHA512, NULL, data, size, ref, 64) != FC_OK ||
        fc_job_sha512(&job, digest, data, size) != FC_OK || run_job(&job, budget) != FC_OK ||
        memcmp(digest, ref, 64) != 0)
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const fc_provider *ossl = fc_provider_find("openssl");
    uint8_t in[64], out[32], ref[32];
    fc_status st, st2;
    if (size < 64)
        return 0;
    memcpy(in, data, 64);
    st = fc_x25519(NULL, out, in, in + 32);
    if (st == FC_OK && (!canonical(out, 32, 255) || fc_ct_is_zero(out, 32)))
        abort();
    if (st == FC_ERR_ZERO_SHARED && !fc_ct_is_zero(out, 32))
        abort();
    if (ossl != NULL) {
        st2 = fc_x25519(ossl, ref, in, in + 32);
        if (st != st2 || (st == FC_OK && memcmp(out, ref, 32) != 0))
            abort();
    }
    if (fc_elligator2_curve25519(NULL, out, in) != FC_OK || !canonical(out, 32, 255))
        abort();
    st = fc_x19119(NULL, out, in, in + 24);
    if (st == FC_OK && !canonical(out, 24, 191))
        abort();
    if (fc_elligator2_curve19119(NULL, out, in) != FC_OK || !canonical(out, 24, 191))
        abort();
    if (size > 64) {
        check_engine(in, 1u + (uint32_t)data[64] * 131u);
        check_sha512_job(data, size, 1u + (uint32_t)data[64] * 211u);
    }
    return 0;
}
