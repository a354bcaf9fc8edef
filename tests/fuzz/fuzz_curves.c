/* libFuzzer: X25519, X19119 and both Elligator2 maps on arbitrary inputs. Outputs must be
 * canonical (below p), the all-zero X25519 result must come with FC_ERR_ZERO_SHARED, and the
 * soft X25519 must agree with OpenSSL's where the build has it, and the slice engine's jobs
 * (started on the default chain) with soft's synchronous calls (both curves, both maps,
 * SHA-512 of the input), at a budget taken from the input.
 *
 * Speed: a ladder costs about five maps under the sanitizers, so every input runs the maps
 * (synchronous and sliced), the SHA-512 job and the checks, but only 1 input in 32 (by a hash of
 * the whole input: a selector byte would let the ladder inputs, which bring new edges first,
 * and their mutants fill the corpus) the ladders: four per input (X25519 and X19119,
 * synchronous and sliced) plus OpenSSL's. The synchronous results serve as the references of
 * the sliced ones instead of being computed twice. With the field, curve and SHA-512 files
 * built without comparison tracing (CMakeLists.txt) this took the harness from 60 to 134
 * inputs a second to 1,200 to 2,400 under ASan + UBSan (60 s runs on a shared 2-core machine
 * at two loads); the ladders still run on 40 to 75 inputs a second. */
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

/* FNV-1a: which inputs run the ladders, spread over the inputs whatever the corpus holds */
static uint32_t input_hash(const uint8_t *data, size_t size)
{
    uint32_t h = 2166136261u;
    size_t i;
    for (i = 0; i < size; i++)
        h = (h ^ data[i]) * 16777619u;
    return h;
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

/* the synchronous results: status and output of each curve (ladders: only if computed) */
typedef struct {
    fc_status x25519, x19119;
    uint8_t x25519_out[32], map25519[32], x19119_out[24], map19119[24];
} sync_results;

static void check_engine(const uint8_t in[64], const sync_results *r, int ladders,
                         uint32_t budget)
{
    uint8_t out[32];
    fc_job job;
    memset(&job, 0, sizeof(job));
    memset(out, 0, sizeof(out));
    /* jobs on the default chain (soft's sliceable implementations) against soft's calls */
    if (ladders && (fc_job_xdh(&job, NULL, FC_X25519, out, in, in + 32) != FC_OK ||
                    run_job(&job, budget) != r->x25519 ||
                    (r->x25519 == FC_OK && memcmp(out, r->x25519_out, 32) != 0)))
        abort();
    if (fc_job_map(&job, NULL, FC_ELLIGATOR2_CURVE25519, out, in) != FC_OK ||
        run_job(&job, budget) != FC_OK || memcmp(out, r->map25519, 32) != 0)
        abort();
    if (ladders && (fc_job_xdh(&job, NULL, FC_X19119, out, in, in + 24) != FC_OK ||
                    run_job(&job, budget) != r->x19119 ||
                    (r->x19119 == FC_OK && memcmp(out, r->x19119_out, 24) != 0)))
        abort();
    if (fc_job_map(&job, NULL, FC_ELLIGATOR2_CURVE19119, out, in) != FC_OK ||
        run_job(&job, budget) != FC_OK || memcmp(out, r->map19119, 24) != 0)
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
    uint8_t in[64], ref[32];
    sync_results r;
    fc_status st2;
    int ladders;
    if (size < 64)
        return 0;
    memcpy(in, data, 64);
    ladders = input_hash(data, size) % 32 == 0; /* 1 input in 32 */
    memset(&r, 0, sizeof(r));
    if (ladders) {
        r.x25519 = fc_xdh(soft, FC_X25519, r.x25519_out, in, in + 32);
        if (r.x25519 == FC_OK && (!canonical(r.x25519_out, 32, 255) || fc_ct_is_zero(r.x25519_out, 32)))
            abort();
        if (r.x25519 == FC_ERR_ZERO_SHARED && !fc_ct_is_zero(r.x25519_out, 32))
            abort();
        if (ossl != NULL) { /* OpenSSL's own X25519: the openssl provider implements it */
            st2 = fc_xdh(ossl, FC_X25519, ref, in, in + 32);
            if (r.x25519 != st2 || (st2 == FC_OK && memcmp(r.x25519_out, ref, 32) != 0))
                abort();
        }
        r.x19119 = fc_xdh(soft, FC_X19119, r.x19119_out, in, in + 24);
        if (r.x19119 == FC_OK && !canonical(r.x19119_out, 24, 191))
            abort();
    }
    if (fc_map(soft, FC_ELLIGATOR2_CURVE25519, r.map25519, in) != FC_OK ||
        !canonical(r.map25519, 32, 255))
        abort();
    if (fc_map(soft, FC_ELLIGATOR2_CURVE19119, r.map19119, in) != FC_OK ||
        !canonical(r.map19119, 24, 191))
        abort();
    if (size > 64) {
        check_engine(in, &r, ladders, 1u + (uint32_t)data[64] * 131u);
        check_sha512_job(soft, data, size, 1u + (uint32_t)data[64] * 211u);
    }
    return 0;
}
