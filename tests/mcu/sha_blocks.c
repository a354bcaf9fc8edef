/* Model check of the SHA-2 block functions (tests/python/test_mcu_sha.py runs it on the
 * Cortex-M0, M0+ and M4 models at -O2 and -Os: the Thumb-1 assembly of sha512_armv6m.c, the
 * Thumb-2 of sha512_armv7m.c and sha256_armv7m.c, the C of sha256.c on ARMv6-M) through the
 * soft provider's hash operations, against NIST CAVP known answers (tests/vectors/sha2, which
 * the test turns into sha_vectors.h):
 *   - every ShortMsg record of SHA-512 and SHA-384 (0..1024 bits: one and two blocks, the
 *     padding in a block of its own) and of SHA-256, and the first LongMsg records of SHA-256,
 *     each at byte offsets 0..3 (the block functions read whole blocks from the caller's
 *     buffer, word-aligned or not) and fed whole, byte by byte and in 7-byte pieces (through
 *     the state's buffer);
 *   - the first checkpoint of the SHA-512 and SHA-256 Monte Carlo tests (1,000 chained
 *     hashes of three digests), with the message off word boundaries.
 * Prints OK and exits 0, or names the first mismatches and exits 1. */
#include <stdint.h>
#include <string.h>

#include "board.h"
#include "providers/soft/soft.h"
#include "sha_vectors.h"

int main(void);

/* the context's state area: 8-byte aligned, zeroed before init (driver.h) */
static uint64_t state[64];
/* a message copied to an offset of a word-aligned buffer */
static uint64_t area[SHA_VECTOR_MAX_LEN / 8 + 2];

static const fc_impl *impl_of(unsigned alg)
{
    return alg == 0 ? &fc_soft_sha256 : alg == 1 ? &fc_soft_sha512 : &fc_soft_sha384;
}

/* digest of msg[0..len) fed in pieces of step bytes (0: whole) */
static void hash(const fc_impl *impl, uint8_t *out, const uint8_t *msg, uint32_t len,
                 uint32_t step)
{
    uint32_t off = 0;
    memset(state, 0, sizeof state);
    impl->ops.hash.init(impl, state);
    if (step == 0)
        impl->ops.hash.update(impl, state, msg, len);
    else
        for (; off < len; off += step)
            impl->ops.hash.update(impl, state, msg + off, len - off < step ? len - off : step);
    impl->ops.hash.final(impl, state, out);
}

static int check_records(void)
{
    static const uint32_t steps[3] = {0, 1, 7};
    uint8_t out[64];
    unsigned i, shift, s;
    int bad = 0;

    for (i = 0; i < sizeof sha_vectors / sizeof sha_vectors[0]; i++) {
        const sha_vector *v = &sha_vectors[i];
        const fc_impl *impl = impl_of(v->alg);
        for (shift = 0; shift < 4; shift++) {
            uint8_t *msg = (uint8_t *)area + shift;
            memcpy(msg, v->msg, v->len);
            for (s = 0; s < 3; s++) {
                if (v->len > 300 && steps[s] == 1)
                    continue; /* byte by byte for the short ones only */
                hash(impl, out, msg, v->len, steps[s]);
                if (memcmp(out, v->md, v->md_len) != 0 && bad++ < 4) {
                    board_puts("record ");
                    board_putu(i);
                    board_puts(" shift ");
                    board_putu(shift);
                    board_puts(" step ");
                    board_putu(steps[s]);
                    board_puts(" mismatch\n");
                    board_puthex(out, v->md_len);
                }
            }
        }
    }
    return bad;
}

/* SHAVS Monte Carlo, first checkpoint: MD0 = MD1 = MD2 = seed, MDi = H(MDi-3 || MDi-2 ||
 * MDi-1) for i = 3..1002; the checkpoint is MD1002. The three digests sit at offset 1. */
static int check_monte(unsigned alg, const uint8_t *seed, const uint8_t *want, uint32_t n)
{
    const fc_impl *impl = impl_of(alg);
    uint8_t *m = (uint8_t *)area + 1;
    uint8_t md[64];
    unsigned i;

    memcpy(m, seed, n);
    memcpy(m + n, seed, n);
    memcpy(m + 2 * n, seed, n);
    for (i = 3; i <= 1002; i++) {
        hash(impl, md, m, 3 * n, 0);
        memmove(m, m + n, 2 * n);
        memcpy(m + 2 * n, md, n);
    }
    if (memcmp(md, want, n) == 0)
        return 0;
    board_puts(alg ? "monte sha512 mismatch\n" : "monte sha256 mismatch\n");
    board_puthex(md, n);
    return 1;
}

int main(void)
{
    int bad = check_records();
    bad += check_monte(1, SHA512_MONTE_SEED, SHA512_MONTE_MD0, 64);
    bad += check_monte(0, SHA256_MONTE_SEED, SHA256_MONTE_MD0, 32);
    board_putu(sizeof sha_vectors / sizeof sha_vectors[0]);
    board_puts(" records\n");
    if (bad) {
        board_puts("FAIL\n");
        board_exit(1);
    }
    board_puts("OK\n");
    board_exit(0);
}
