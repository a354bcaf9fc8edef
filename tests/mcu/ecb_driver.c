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

/* ---- cycles: 16 blocks, and 256 bytes of CTR, on a context keyed beforehand */
static void timing(const fc_provider *p, uint32_t mark)
{
    static uint8_t buf[256];
    uint8_t key[16], iv[16];
    fc_block_ctx block;
    fc_cipher_ctx ctr;
    size_t n = 0;
    memset(key, 0x2b, sizeof(key));
    memset(iv, 0xf0, sizeof(iv));
    memset(&block, 0, sizeof(block));
    memset(&ctr, 0, sizeof(ctr));
    if (fc_block_init(&block, p, FC_AES, FC_ENCRYPT, key, 16) != FC_OK)
        failures++;
    bench_mark(mark);
    if (fc_block_encrypt(&block, buf, buf, 256) != FC_OK)
        failures++;
    bench_mark(mark + 1);
    fc_block_wipe(&block);
    if (fc_cipher_init(&ctr, p, FC_AES_CTR, FC_ENCRYPT, key, 16, iv, 16) != FC_OK)
        failures++;
    bench_mark(mark + 4);
    if (fc_cipher_update(&ctr, buf, &n, buf, 256) != FC_OK || n != 256)
        failures++;
    bench_mark(mark + 5);
    fc_cipher_wipe(&ctr);
}

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

    mode_check(FC_AES_CTR, FC_ENCRYPT, "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff",
               "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff"
               "5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1792170a0f3009cee",
               "SP 800-38A F.5.1 CTR-AES128.Encrypt");
    mode_check(FC_AES_CTR, FC_DECRYPT, "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff",
               "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff"
               "5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1792170a0f3009cee",
               "SP 800-38A F.5.2 CTR-AES128.Decrypt");
    mode_check(FC_AES_CBC, FC_ENCRYPT, "000102030405060708090a0b0c0d0e0f",
               "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2"
               "73bed6b8e3c1743b7116e69e222295163ff1caa1681fac09120eca307586e1a7",
               "SP 800-38A F.2.1 CBC-AES128.Encrypt");
    mode_check(FC_AES_CBC, FC_DECRYPT, "000102030405060708090a0b0c0d0e0f",
               "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2"
               "73bed6b8e3c1743b7116e69e222295163ff1caa1681fac09120eca307586e1a7",
               "SP 800-38A F.2.2 CBC-AES128.Decrypt");

    for (i = 0; i < sizeof(aead_vectors) / sizeof(aead_vectors[0]); i++)
        aead_check(&aead_vectors[i]);
    for (i = 0; i < sizeof(cmac_vectors) / sizeof(cmac_vectors[0]); i++)
        cmac_check(&cmac_vectors[i]);

    timing(&P, 3);             /* regions 3 -> 4 (16 blocks), 7 -> 8 (CTR) */
    timing(&fc_provider_soft, 5); /* regions 5 -> 6, 9 -> 10 */

    board_puts(failures == 0 ? "OK\n" : "FAILED\n");
    board_exit(failures == 0 ? 0 : 1);
}
