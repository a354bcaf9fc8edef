/* Ed25519 verification's double multiplication [S]B - [k]A and its end, as units of the soft
 * provider's Ed25519 job (ed25519_job.c runs them, after k = SHA-512(dom2 || R || A || M)
 * mod L and A decoded and checked): verification's sliding windows (ge25519.c), each doubling
 * and addition in two units; then the encoding of the result (its inversion chain in units,
 * ed25519_job.c) compared with R. Verification handles public data only and runs in variable
 * time, as the synchronous one.
 */
#include "fieldcrypt/config.h"
#include "soft.h"

#if FC_WITH_CURVE_JOBS && FC_SOFT_ED25519

#include <stdint.h>

#include "fieldcrypt/ct.h"
#include "ed25519_job_internal.h"

/* ---- verification's double multiplication [S]B - [k]A (ge25519.c) ---- */

/* the precomputation of A, 3A, 5A, 7A into a_odd, as fc_ge25519_double_scalarmult_vartime:
 * p = A; a_odd[0] = A; p = 2A; a_odd[3] = 2A; p = 0 + A, then three times p += 2A, a_odd[i] =
 * p. Part sub's unit kind: */
unsigned ed25519_pre_kind(unsigned sub)
{
    static const uint8_t kinds[15] = {C_CACHED, C_DBL_B, C_DBL_E, C_CACHED, C_ADD_B, C_ADD_E,
                                      C_ADD_B, C_ADD_E, C_CACHED, C_ADD_B, C_ADD_E, C_CACHED,
                                      C_ADD_B, C_ADD_E, C_CACHED};
    return kinds[sub];
}

ED_NOINLINE void ed25519_pre_unit(ed_job *job)
{
    fc_ge25519 *p = &job->p;
    fc_ge25519_cached *a_odd = job->u.dsm.a_odd;
    unsigned sub = job->sub;
    switch (sub) {
    case 0: fc_ge25519_to_cached(&a_odd[0], p); break;
    case 1: fc_ge25519_dbl_begin(p, p); break;
    case 2: fc_ge25519_dbl_end(p, 1); break;
    case 3: fc_ge25519_to_cached(&a_odd[3], p); break;
    case 4:
        fc_ge25519_identity(p);
        fc_ge25519_add_cached_begin(p, p, &a_odd[0], 0);
        break;
    case 6: case 9: case 12: fc_ge25519_add_cached_begin(p, p, &a_odd[3], 0); break;
    case 5: case 7: case 10: case 13: fc_ge25519_add_end(p); break;
    default: fc_ge25519_to_cached(&a_odd[(sub - 5) / 3], p); break; /* 8, 11, 14 */
    }
    if (++job->sub == 15) { /* the loop's start */
        fc_ge25519_identity(p);
        fc_ge25519_next_window(job->k, 255, 3, &job->pos_k, &job->digit_k);
        fc_ge25519_next_window(job->sig + 32, 255, 4, &job->pos_s, &job->digit_s);
        job->bit = 255;
        job->sub = 0;
        job->stage = ST_DSM;
    }
}

/* Moves to the loop's next piece of work (sub: 0, 1 the doubling, 2, 3 [k]A's addition, 4, 5
 * B's) and returns its unit kind, or C_COUNT when the loop is over. Public data only. */
unsigned ed25519_dsm_seek(ed_job *job)
{
    static const uint8_t kinds[6] = {C_DBL_B, C_DBL_E, C_ADD_B, C_ADD_E, C_MADD_B, C_ADD_E};
    for (;;) {
        int add_k = job->bit == job->pos_k, add_s = job->bit == job->pos_s;
        if (job->bit < 0)
            return C_COUNT;
        if (job->sub < 2 && !job->started)
            job->sub = 2;
        else if (job->sub >= 2 && job->sub < 4 && !add_k)
            job->sub = 4;
        else if (job->sub >= 4 && !add_s) {
            job->sub = 0;
            job->bit--;
        } else {
            return kinds[job->sub];
        }
    }
}

ED_NOINLINE void ed25519_dsm_unit(ed_job *job)
{
    fc_ge25519 *p = &job->p;
    fc_ge25519_niels b;
    switch (job->sub) {
    case 0: fc_ge25519_dbl_begin(p, p); break;
    case 1: fc_ge25519_dbl_end(p, (unsigned)(job->bit == job->pos_k ||
                                             job->bit == job->pos_s)); break;
    case 2: fc_ge25519_add_cached_begin(p, p, &job->u.dsm.a_odd[job->digit_k >> 1], 1); break;
    case 4:
        fc_ge25519_odd_base(&b, job->digit_s >> 1);
        fc_ge25519_madd_begin(p, p, &b, 0);
        break;
    default: fc_ge25519_add_end(p); break; /* 3, 5 */
    }
    if (job->sub == 3) {
        fc_ge25519_next_window(job->k, job->bit - 1, 3, &job->pos_k, &job->digit_k);
        job->started = 1;
    }
    if (job->sub == 5) {
        fc_ge25519_next_window(job->sig + 32, job->bit - 1, 4, &job->pos_s, &job->digit_s);
        job->started = 1;
        job->sub = 0;
        job->bit--;
    } else {
        job->sub++;
    }
}

/* Verification's end: 1 when p encodes to R. Its buffer stays off the units' deepest path. */
ED_NOINLINE int ed25519_encodes_r(ed_job *job)
{
    uint8_t enc[32];
    fc_ge25519_tobytes_inverse(enc, &job->p, &job->u.enc.c[RT]);
    return fc_ct_equal(enc, job->sig, 32);
}

#endif /* FC_WITH_CURVE_JOBS && FC_SOFT_ED25519 */
