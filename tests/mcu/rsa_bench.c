/* RSA on the MCU models (`fieldcrypt bench --rsa`, python/fieldcrypt/rsabench.py): the public
 * and the private operation of the first RSA_BITS-bit key of tests/c/rsa_vectors.h, in one
 * call each (fc_rsa_public_raw, fc_rsa_private_raw) and as jobs stepped with budget RSA_BUDGET
 * (default 28,000), each checked against the vector. Regions: 11 -> 12 the public call,
 * 13 -> 14 the private call, 9 -> 10 the public job and 7 -> 8 the private job, whole; 3 -> 4
 * every step of the public job and 5 -> 6 every step of the private job (the runner's
 * entries() lists them one by one). With RSA_JOB_ONLY defined, the jobs alone. Prints OK and
 * exits 0, or exits 1. Built against the target's libfieldcrypt.a with
 * -Wl,--defsym=RAM_SIZE=64K (the work area is about 13 KB). */
#include <stdint.h>
#include <string.h>

#include "board.h"
#include "fieldcrypt/fieldcrypt.h"
#include "fieldcrypt/rsa.h"
#include "rsa_vectors.h"

#ifndef RSA_BUDGET
#define RSA_BUDGET 28000u
#endif
#ifndef RSA_BITS
#define RSA_BITS 2048u
#endif

int main(void);

static fc_rsa_work work;
static fc_job job;
static uint8_t bytes[5][256], m[512], c[512], out[512];

static size_t unhex(uint8_t *dst, const char *hex)
{
    size_t n = 0;
    for (; hex[0] && hex[1]; hex += 2) {
        unsigned v = 0, i;
        for (i = 0; i < 2; i++) {
            char ch = hex[i];
            v = v * 16 + (unsigned)(ch <= '9' ? ch - '0' : ch - 'a' + 10);
        }
        dst[n++] = (uint8_t)v;
    }
    return n;
}

static uint32_t rng_state = 0x2545f491u;
static int fill(void *user, uint8_t *dst, size_t len)
{
    (void)user;
    while (len--) { /* xorshift32: a stand-in for a TRNG */
        rng_state ^= rng_state << 13;
        rng_state ^= rng_state >> 17;
        rng_state ^= rng_state << 5;
        *dst++ = (uint8_t)rng_state;
    }
    return 0;
}

static uint8_t nbuf[512], ebuf[8];

static int run(fc_status st, uint32_t mark)
{
    if (st != FC_OK)
        return 1;
    do {
        bench_mark(mark);
        st = fc_job_step(&job, RSA_BUDGET);
        bench_mark(mark + 1);
    } while (st == FC_PENDING);
    return st != FC_OK;
}

int main(void)
{
    const fc_rng rng = {fill, NULL};
    const rsa_vector *v = NULL;
    fc_rsa_private_key key;
    size_t k, i, lens[7];
    int bad = 0;
    for (i = 0; i < sizeof(rsa_vectors) / sizeof(rsa_vectors[0]); i++)
        if (rsa_vectors[i].bits == RSA_BITS) {
            v = &rsa_vectors[i];
            break;
        }
    if (v == NULL)
        board_exit(1);
    memset(&key, 0, sizeof(key));
    key.pub.n_len = unhex(nbuf, v->n);
    key.pub.n = nbuf;
    key.pub.e_len = unhex(ebuf, v->e);
    key.pub.e = ebuf;
    {
        const char *hex[5] = {v->p, v->q, v->dp, v->dq, v->qinv};
        for (i = 0; i < 5; i++)
            lens[i] = unhex(bytes[i], hex[i]);
    }
    key.p = bytes[0], key.p_len = lens[0];
    key.q = bytes[1], key.q_len = lens[1];
    key.dp = bytes[2], key.dp_len = lens[2];
    key.dq = bytes[3], key.dq_len = lens[3];
    key.qinv = bytes[4], key.qinv_len = lens[4];
    k = unhex(m, v->m);
    (void)unhex(c, v->c);

    bench_mark(1);
    bench_mark(2);
#ifndef RSA_JOB_ONLY
    bench_mark(11);
    bad |= fc_rsa_public_raw(NULL, &work, out, &key.pub, m, k) != FC_OK;
    bench_mark(12);
    bad |= memcmp(out, c, k) != 0;
    bench_mark(13);
    bad |= fc_rsa_private_raw(NULL, &rng, &work, out, &key, c, k) != FC_OK;
    bench_mark(14);
    bad |= memcmp(out, m, k) != 0;
#endif
    bench_mark(9);
    bad |= run(fc_job_rsa_public(&job, NULL, &work, out, &key.pub, m, k), 3);
    bench_mark(10);
    bad |= memcmp(out, c, k) != 0;
    bench_mark(7);
    bad |= run(fc_job_rsa_private(&job, NULL, &rng, &work, out, &key, c, k), 5);
    bench_mark(8);
    bad |= memcmp(out, m, k) != 0;
    board_puts(bad ? "FAIL\n" : "OK\n");
    board_exit(bad);
}
