/* The nRF51 ECB driver (src/drivers/nrf51_ecb.c) on the Unicorn runner, through the chain
 * "nrf51-ecb -> soft" (tests/python/test_ecb_driver.py runs it with the ECB model on, off, and
 * faulty): the AES-128 known answers of the C tests for the raw block (ECB), CTR, CBC, GCM,
 * CCM and CMAC, which the peripheral serves, and AES-192/256 and decryption, which it declines
 * to soft. One line per check: "ok hw|soft SOURCE" (hw: the context's block cipher is the
 * peripheral's) or "FAIL status N SOURCE"; then the cycles regions (3 -> 4: 16 blocks on the
 * nrf51-ecb chain, 5 -> 6: the same on soft; 7 -> 8 and 9 -> 10: 256 bytes of AES-128-CTR) and
 * "OK" or "FAILED". Exit 0 when every check passed. */
#include <stdint.h>
#include <string.h>

#include "board.h"
#include "fieldcrypt/driver.h"
#include "fieldcrypt/drivers/nrf51_ecb.h"
#include "fieldcrypt/fieldcrypt.h"

int main(void);

#define P fc_provider_nrf51_ecb
#include "driver_checks.h"

int main(void)
{
    size_t i;
    bench_mark(1);
    bench_mark(2);
    board_puts(fc_nrf51_ecb_ready() ? "aes-128: nrf51-ecb\n" : "aes-128: soft\n");

    for (i = 0; i < sizeof(block_vectors) / sizeof(block_vectors[0]); i++)
        block_check(&block_vectors[i], FC_ENCRYPT, FC_ENCRYPT, block_vectors[i].source);
    /* decryption: declined whatever the key size */
    block_check(&block_vectors[0], FC_DECRYPT, FC_DECRYPT, "FIPS 197 C.1 decrypt");
    block_check(&block_vectors[1], FC_ENCRYPT | FC_DECRYPT, FC_DECRYPT,
                "SP 800-38A F.1.2 decrypt (context for both directions)");

    aes_mode_checks();

    aes_timing(&P, 3);             /* regions 3 -> 4 (16 blocks), 7 -> 8 (CTR) */
    aes_timing(&fc_provider_soft, 5); /* regions 5 -> 6, 9 -> 10 */

    board_puts(failures == 0 ? "OK\n" : "FAILED\n");
    board_exit(failures == 0 ? 0 : 1);
}
