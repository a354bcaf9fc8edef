/* Cycle image of raw RSA (src/providers/soft/rsa_soft.c) on the MCU models: the public and the
 * private operation of the first 2048-bit key of tests/c/rsa_vectors.h, each checked against
 * the vector. Regions: 3 -> 4 the public operation (e = 65537), 5 -> 6 the private one (CRT,
 * blinding, check by e); and its parts: 7 -> 8 one 1024-bit power (window FC_RSA_WINDOW, dP
 * mod p), 9 -> 10 an inverse modulo p (binary Euclid; the private operation makes two),
 * 11 -> 12 one Montgomery product modulo p. Prints OK and exits 0, or exits 1.
 * Built like tests/mcu/field_products.c (mcubench._gcc with targets/board.c and startup_cm.c)
 * plus bn.c, rsa_soft.c, src/core/ct.c, -I tests/c and -Wl,--defsym=RAM_SIZE=64K (the work
 * area is 11.6 KB); run with python -m fieldcrypt.mcusim rsa.elf --target cortex-m0plus. */
#include <stdint.h>
#include <string.h>

#include "board.h"
#include "providers/soft/rsa_soft.h"
#include "rsa_vectors.h"

int main(void);

static fc_rsa_soft_work work;
static uint8_t bytes[7][256], m[256], c[256], out[256];
static size_t lens[7];

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

int main(void)
{
    const rsa_vector *v = &rsa_vectors[0];
    const char *hex[7] = {v->n, v->e, v->p, v->q, v->dp, v->dq, v->qinv};
    const fc_rng rng = {fill, NULL};
    fc_rsa_soft_private key;
    size_t k;
    int i, bad = 0;
    for (i = 0; i < 7; i++)
        lens[i] = unhex(bytes[i], hex[i]);
    k = unhex(m, v->m);
    (void)unhex(c, v->c);
    key.pub.n = bytes[0];
    key.pub.n_len = lens[0];
    key.pub.e = bytes[1];
    key.pub.e_len = lens[1];
    key.p = bytes[2];
    key.p_len = lens[2];
    key.q = bytes[3];
    key.q_len = lens[3];
    key.dp = bytes[4];
    key.dp_len = lens[4];
    key.dq = bytes[5];
    key.dq_len = lens[5];
    key.qinv = bytes[6];
    key.qinv_len = lens[6];

    bench_mark(1);
    bench_mark(2);
    bench_mark(3);
    bad |= fc_rsa_soft_public_op(&work, out, k, &key.pub, m, k) != FC_OK;
    bench_mark(4);
    bad |= memcmp(out, c, k) != 0;
    bench_mark(5);
    bad |= fc_rsa_soft_private_op(&work, out, k, &key, c, k, &rng) != FC_OK;
    bench_mark(6);
    bad |= memcmp(out, m, k) != 0;
    {
        /* the parts, on the key's own numbers (reusing the work area's buffers) */
        unsigned half = (unsigned)(lens[2] / 4), limbs = (unsigned)(k / 4);
        (void)fc_bn_from_bytes(work.p, half, bytes[2], lens[2]);
        (void)fc_bn_from_bytes(work.dp, half, bytes[4], lens[4]);
        (void)fc_bn_from_bytes(work.in, limbs, c, k);
        fc_bn_mont_init(&work.mont_p, work.p, half, work.p_rr, work.scratch);
        bench_mark(7);
        fc_bn_mont_exp(&work.mont_p, work.mp, work.in, work.dp, half, FC_RSA_WINDOW,
                       work.scratch);
        bench_mark(8);
        bench_mark(9);
        bad |= fc_bn_mod_inverse(work.x, work.mp, work.p, half, work.scratch) == 0;
        bench_mark(10);
        bench_mark(11);
        fc_bn_mont_mul(&work.mont_p, work.mq, work.mp, work.p_rr, work.scratch);
        bench_mark(12);
    }
    board_puts(bad ? "FAIL\n" : "OK\n");
    board_exit(bad);
}
