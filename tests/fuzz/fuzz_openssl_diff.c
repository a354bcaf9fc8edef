/* libFuzzer: soft against OpenSSL (differential) where no other harness compares them:
 * X448 and Ed25519. Byte 0 picks the work.
 *   X448 (byte 0 even): scalar and u from the input (56 bytes each, zero-padded): both give
 *     the same status (FC_ERR_ZERO_SHARED for the low-order u) and the same bytes.
 *   Ed25519 (byte 0 odd): a seed from the input signs the rest of the input on both: the same
 *     public key and the same signature (Ed25519 is deterministic), and both verify it. Then
 *     byte 1 picks a position of pub || sig and byte 2 a mask for it: soft verifies the
 *     changed signature only if OpenSSL does (soft's rules are stricter, eddsa.h: canonical S,
 *     R and A, no small-order R or A, so the other direction may differ by design), and an
 *     unchanged one still verifies on both.
 * Without the openssl provider (a build without OpenSSL) the harness checks soft alone. */
#include <stdlib.h>
#include <string.h>

#include "fieldcrypt/fieldcrypt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void x448(const fc_provider *soft, const fc_provider *ossl, const uint8_t *data,
                 size_t size)
{
    uint8_t in[112], a[56], b[56];
    fc_status sa, sb;
    memset(in, 0, sizeof(in));
    memcpy(in, data, size < sizeof(in) ? size : sizeof(in));
    sa = fc_xdh(soft, FC_X448, a, in, in + 56);
    if (sa != FC_OK && sa != FC_ERR_ZERO_SHARED)
        abort();
    if (ossl == NULL)
        return;
    sb = fc_xdh(ossl, FC_X448, b, in, in + 56);
    if (sa != sb || (sa == FC_OK && memcmp(a, b, 56) != 0))
        abort(); /* soft and OpenSSL disagree on X448 */
}

static void ed25519(const fc_provider *soft, const fc_provider *ossl, const uint8_t *data,
                    size_t size)
{
    uint8_t seed[32], pub[32], sig[64], pub2[32], sig2[64], kp[96];
    const uint8_t *msg = data + 3;
    size_t msg_len = size - 3, pos = data[1] % 96u;
    fc_status vs, vo = FC_ERR_VERIFY;
    memset(seed, 0, sizeof(seed));
    memcpy(seed, msg, msg_len < 32 ? msg_len : 32);
    if (fc_eddsa_public_key(soft, FC_ED25519, pub, seed) != FC_OK ||
        fc_eddsa_sign(soft, FC_ED25519, sig, seed, pub, NULL, 0, msg, msg_len) != FC_OK ||
        fc_eddsa_verify(soft, FC_ED25519, pub, NULL, 0, msg, msg_len, sig) != FC_OK)
        abort();
    if (ossl != NULL) {
        if (fc_eddsa_public_key(ossl, FC_ED25519, pub2, seed) != FC_OK ||
            fc_eddsa_sign(ossl, FC_ED25519, sig2, seed, NULL, NULL, 0, msg, msg_len) != FC_OK ||
            memcmp(pub, pub2, 32) != 0 || memcmp(sig, sig2, 64) != 0 ||
            fc_eddsa_verify(ossl, FC_ED25519, pub, NULL, 0, msg, msg_len, sig) != FC_OK)
            abort(); /* a different key or signature, or OpenSSL refuses soft's */
    }
    memcpy(kp, pub, 32);
    memcpy(kp + 32, sig, 64);
    kp[pos] ^= data[2];
    vs = fc_eddsa_verify(soft, FC_ED25519, kp, NULL, 0, msg, msg_len, kp + 32);
    if (ossl != NULL)
        vo = fc_eddsa_verify(ossl, FC_ED25519, kp, NULL, 0, msg, msg_len, kp + 32);
    if (vs != FC_OK && vs != FC_ERR_VERIFY)
        abort();
    if (data[2] == 0 && (vs != FC_OK || (ossl != NULL && vo != FC_OK)))
        abort(); /* unchanged: both verify */
    if (vs == FC_OK && ossl != NULL && vo != FC_OK)
        abort(); /* soft accepts what OpenSSL, the laxer, refuses */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const fc_provider *soft = fc_provider_find("soft"), *ossl = fc_provider_find("openssl");
    if (size < 3)
        return 0;
    if (ossl != NULL && (!fc_provider_supports(ossl, FC_X448) ||
                         !fc_provider_supports(ossl, FC_ED25519)))
        ossl = NULL;
    if (data[0] & 1)
        ed25519(soft, ossl, data, size);
    else
        x448(soft, ossl, data + 1, size - 1);
    return 0;
}
