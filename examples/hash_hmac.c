/* Hashing and HMAC: SHA-256 one-shot and streaming, HMAC-SHA-256 and its constant-time check.
 *
 * Known answers: SHA-256("abc") from FIPS 180-4 (NIST's SHA256.pdf example) and RFC 4231 test
 * case 2 (key "Jefe"). Exit status 0 when every result is right. */
#include <string.h>

#include <fieldcrypt/fieldcrypt.h>

#include "example_io.h"

int main(void)
{
    static const uint8_t sha256_abc[32] = { /* FIPS 180-4, SHA-256("abc") */
        0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea, 0x41, 0x41, 0x40, 0xde, 0x5d, 0xae, 0x22, 0x23,
        0xb0, 0x03, 0x61, 0xa3, 0x96, 0x17, 0x7a, 0x9c, 0xb4, 0x10, 0xff, 0x61, 0xf2, 0x00, 0x15, 0xad};
    static const uint8_t rfc4231_2[32] = { /* RFC 4231 4.3, HMAC-SHA-256 */
        0x5b, 0xdc, 0xc1, 0x46, 0xbf, 0x60, 0x75, 0x4e, 0x6a, 0x04, 0x24, 0x26, 0x08, 0x95, 0x75, 0xc7,
        0x5a, 0x00, 0x3f, 0x08, 0x9d, 0x27, 0x39, 0x83, 0x9d, 0xec, 0x58, 0xb9, 0x64, 0xec, 0x38, 0x43};
    const uint8_t *key = (const uint8_t *)"Jefe";
    const uint8_t *msg = (const uint8_t *)"what do ya want for nothing?";
    size_t msg_len = strlen((const char *)msg);
    uint8_t digest[FC_SHA256_LEN], tag[FC_SHA256_LEN];
    fc_hash_ctx h = {0};  /* contexts start zeroed; init refuses one that looks live */
    fc_status st;

    /* one-shot; provider NULL: the build's default chain */
    st = fc_hash(NULL, FC_SHA256, digest, sizeof digest, (const uint8_t *)"abc", 3);
    if (st != FC_OK)
        return fail("fc_hash", st);
    if (memcmp(digest, sha256_abc, sizeof digest) != 0)
        return fail("SHA-256(\"abc\") differs", FC_ERR_VERIFY);

    /* streaming: the same bytes in pieces of any size give the same digest */
    memset(digest, 0, sizeof digest);
    if ((st = fc_hash_init(&h, NULL, FC_SHA256)) != FC_OK ||
        (st = fc_hash_update(&h, (const uint8_t *)"a", 1)) != FC_OK ||
        (st = fc_hash_update(&h, (const uint8_t *)"bc", 2)) != FC_OK ||
        (st = fc_hash_final(&h, digest, sizeof digest)) != FC_OK) {
        fc_hash_wipe(&h);  /* an abandoned context is wiped */
        return fail("streaming SHA-256", st);
    }
    if (memcmp(digest, sha256_abc, sizeof digest) != 0)
        return fail("streaming SHA-256 differs", FC_ERR_VERIFY);
    say_hex("SHA-256(\"abc\")    = ", digest, sizeof digest);

    st = fc_mac(NULL, FC_HMAC_SHA256, tag, sizeof tag, key, 4, msg, msg_len);
    if (st != FC_OK)
        return fail("fc_mac", st);
    if (memcmp(tag, rfc4231_2, sizeof tag) != 0)
        return fail("HMAC-SHA-256 differs", FC_ERR_VERIFY);
    say_hex("HMAC-SHA-256      = ", tag, sizeof tag);

    /* checking a received tag: fc_mac_verify compares in constant time; a 16-byte truncated
     * tag is checked against the first 16 bytes */
    if ((st = fc_mac_verify(NULL, FC_HMAC_SHA256, tag, 16, key, 4, msg, msg_len)) != FC_OK)
        return fail("fc_mac_verify of the right tag", st);
    tag[0] ^= 1;
    st = fc_mac_verify(NULL, FC_HMAC_SHA256, tag, sizeof tag, key, 4, msg, msg_len);
    if (st != FC_ERR_VERIFY)
        return fail("fc_mac_verify accepted a wrong tag", st);
    say("a wrong tag       : FC_ERR_VERIFY, as it must\nhash_hmac: ok\n");
    return 0;
}
