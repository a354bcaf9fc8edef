/* fieldcrypt consumer: hashes "abc" with SHA-256 and checks the digest of FIPS 180-4 (NIST's
 * SHA-256 example, "abc"). Exit status 0 when right. On a board-less Cortex-M image the text
 * goes out by semihosting (targets/board.h). */
#include <string.h>

#include <fieldcrypt/fieldcrypt.h>

#ifdef FC_CONSUMER_BOARD
#include "board.h"
#define SAY(s) board_puts(s)
#else
#include <stdio.h>
#define SAY(s) fputs((s), stdout)
#endif

int main(void)
{
    /* FIPS 180-4 / NIST "SHA256.pdf" example: SHA-256("abc") */
    static const uint8_t expected[FC_SHA256_LEN] = {
        0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea, 0x41, 0x41, 0x40, 0xde, 0x5d, 0xae,
        0x22, 0x23, 0xb0, 0x03, 0x61, 0xa3, 0x96, 0x17, 0x7a, 0x9c, 0xb4, 0x10, 0xff, 0x61,
        0xf2, 0x00, 0x15, 0xad};
    uint8_t digest[FC_SHA256_LEN];
    fc_status st = fc_hash(NULL, FC_SHA256, digest, sizeof digest, (const uint8_t *)"abc", 3);
    if (st != FC_OK || memcmp(digest, expected, sizeof digest) != 0) {
        SAY("consumer: SHA-256(\"abc\") WRONG\n");
        return 1;
    }
    if (strcmp(fc_version(), FC_VERSION_STRING) != 0) {
        SAY("consumer: library and header versions differ\n");
        return 1;
    }
#ifdef FC_CONSUMER_CONFIG
    /* built with fc_config.h: DES is out of soft, and the consumer sees the same state sizes */
    if (fc_provider_supports(fc_provider_find("soft"), FC_DES) ||
        FC_BLOCK_STATE_SIZE != 256) {
        SAY("consumer: fc_config.h not applied\n");
        return 1;
    }
#endif
    SAY("consumer: SHA-256(\"abc\") ok, fieldcrypt ");
    SAY(fc_version());
    SAY("\n");
    return 0;
}
