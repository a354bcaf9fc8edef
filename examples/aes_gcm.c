/* AES-GCM: a context keyed once seals and opens messages, each under its own nonce; a
 * tampered message is refused and its plaintext never released.
 *
 * Known answer: Test Case 4 of McGrew and Viega, "The Galois/Counter Mode of Operation (GCM)"
 * (AES-128, 12-byte IV, 20 bytes of associated data, 60 bytes of plaintext). */
#include <string.h>

#include <fieldcrypt/fieldcrypt.h>

#include "example_io.h"

static const uint8_t key[16] = {0xfe, 0xff, 0xe9, 0x92, 0x86, 0x65, 0x73, 0x1c,
                                0x6d, 0x6a, 0x8f, 0x94, 0x67, 0x30, 0x83, 0x08};
static const uint8_t iv[12] = {0xca, 0xfe, 0xba, 0xbe, 0xfa, 0xce, 0xdb, 0xad,
                               0xde, 0xca, 0xf8, 0x88};
static const uint8_t aad[20] = {0xfe, 0xed, 0xfa, 0xce, 0xde, 0xad, 0xbe, 0xef, 0xfe, 0xed,
                                0xfa, 0xce, 0xde, 0xad, 0xbe, 0xef, 0xab, 0xad, 0xda, 0xd2};
static const uint8_t plaintext[60] = {
    0xd9, 0x31, 0x32, 0x25, 0xf8, 0x84, 0x06, 0xe5, 0xa5, 0x59, 0x09, 0xc5, 0xaf, 0xf5, 0x26,
    0x9a, 0x86, 0xa7, 0xa9, 0x53, 0x15, 0x34, 0xf7, 0xda, 0x2e, 0x4c, 0x30, 0x3d, 0x8a, 0x31,
    0x8a, 0x72, 0x1c, 0x3c, 0x0c, 0x95, 0x95, 0x68, 0x09, 0x53, 0x2f, 0xcf, 0x0e, 0x24, 0x49,
    0xa6, 0xb5, 0x25, 0xb1, 0x6a, 0xed, 0xf5, 0xaa, 0x0d, 0xe6, 0x57, 0xba, 0x63, 0x7b, 0x39};
static const uint8_t ciphertext[60] = {
    0x42, 0x83, 0x1e, 0xc2, 0x21, 0x77, 0x74, 0x24, 0x4b, 0x72, 0x21, 0xb7, 0x84, 0xd0, 0xd4,
    0x9c, 0xe3, 0xaa, 0x21, 0x2f, 0x2c, 0x02, 0xa4, 0xe0, 0x35, 0xc1, 0x7e, 0x23, 0x29, 0xac,
    0xa1, 0x2e, 0x21, 0xd5, 0x14, 0xb2, 0x54, 0x66, 0x93, 0x1c, 0x7d, 0x8f, 0x6a, 0x5a, 0xac,
    0x84, 0xaa, 0x05, 0x1b, 0xa3, 0x0b, 0x39, 0x6a, 0x0a, 0xac, 0x97, 0x3d, 0x58, 0xe0, 0x91};
static const uint8_t expected_tag[16] = {0x5b, 0xc9, 0x4f, 0xbc, 0x32, 0x21, 0xa5, 0xdb,
                                         0x94, 0xfa, 0xe9, 0x5a, 0xe7, 0x12, 0x1a, 0x47};

int main(void)
{
    fc_aead_ctx gcm = {0};
    uint8_t sealed[60], opened[60], tag[16];
    fc_status st;

    /* one key schedule for every message of the link */
    if ((st = fc_aead_init(&gcm, NULL, FC_AES_GCM, key, sizeof key)) != FC_OK)
        return fail("fc_aead_init", st);

    st = fc_aead_seal(&gcm, sealed, tag, sizeof tag, iv, sizeof iv, aad, sizeof aad, plaintext,
                      sizeof plaintext);
    if (st != FC_OK) {
        fc_aead_wipe(&gcm);
        return fail("fc_aead_seal", st);
    }
    if (memcmp(sealed, ciphertext, sizeof sealed) != 0 || memcmp(tag, expected_tag, 16) != 0) {
        fc_aead_wipe(&gcm);
        return fail("GCM test case 4 differs", FC_ERR_VERIFY);
    }
    say_hex("tag         = ", tag, sizeof tag);

    st = fc_aead_open(&gcm, opened, iv, sizeof iv, aad, sizeof aad, sealed, sizeof sealed, tag,
                      sizeof tag);
    if (st != FC_OK || memcmp(opened, plaintext, sizeof opened) != 0) {
        fc_aead_wipe(&gcm);
        return fail("fc_aead_open", st);
    }
    say("opened      : the plaintext\n");

    /* a flipped ciphertext bit: FC_ERR_VERIFY, out wiped; the context stays keyed */
    sealed[7] ^= 0x20;
    st = fc_aead_open(&gcm, opened, iv, sizeof iv, aad, sizeof aad, sealed, sizeof sealed, tag,
                      sizeof tag);
    if (st != FC_ERR_VERIFY) {
        fc_aead_wipe(&gcm);
        return fail("a tampered message was not refused", st);
    }
    {
        uint8_t zero[60] = {0};
        if (memcmp(opened, zero, sizeof opened) != 0) {
            fc_aead_wipe(&gcm);
            return fail("plaintext of a tampered message released", FC_ERR_VERIFY);
        }
    }
    say("tampered    : FC_ERR_VERIFY, nothing released\n");
    sealed[7] ^= 0x20;
    st = fc_aead_open(&gcm, opened, iv, sizeof iv, aad, sizeof aad, sealed, sizeof sealed, tag,
                      sizeof tag);
    fc_aead_wipe(&gcm);  /* wipes the key schedule */
    if (st != FC_OK)
        return fail("the next message after a forgery", st);
    say("aes_gcm: ok\n");
    return 0;
}
