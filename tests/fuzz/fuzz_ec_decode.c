/* libFuzzer: the elliptic-curve decoders and verification on arbitrary bytes. The first byte
 * picks a curve of ec.h and a path:
 * - the strict DER reader of ECDSA signatures: what it accepts, the writer must give back byte
 *   for byte (one encoding per signature);
 * - SubjectPublicKeyInfo: an accepted key names a curve of the list and a point no longer than
 *   the input;
 * - SEC1 points: soft and OpenSSL give the same verdict, and an accepted point survives
 *   compression and decompression unchanged;
 * - ECDSA verification of a signature made by soft and then changed by the input (most inputs
 *   change nothing, so valid and invalid signatures both come up): soft and OpenSSL agree.
 * Any disagreement aborts. */
#include <stdlib.h>
#include <string.h>

#include "fieldcrypt/fieldcrypt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const fc_alg curves[11] = {FC_SECP192R1, FC_SECP224R1, FC_SECP256R1, FC_SECP384R1,
                                  FC_SECP521R1, FC_SECP192K1, FC_SECP224K1, FC_SECP256K1,
                                  FC_BRAINPOOLP256R1, FC_BRAINPOOLP384R1, FC_BRAINPOOLP512R1};

static void der(fc_alg curve, const uint8_t *in, size_t len)
{
    uint8_t raw[FC_ECDSA_MAX_LEN], back[FC_ECDSA_DER_MAX_LEN];
    size_t n = sizeof(back);
    if (fc_ecdsa_sig_from_der(curve, raw, in, len) != FC_OK)
        return;
    if (fc_ecdsa_sig_to_der(curve, back, &n, raw) != FC_OK || n != len ||
        memcmp(back, in, len) != 0)
        abort();
}

static void spki(const uint8_t *in, size_t len)
{
    uint8_t point[FC_EC_POINT_MAX_LEN + 8];
    size_t n = sizeof(point);
    fc_alg curve = FC_ALG_NONE;
    fc_alg_info info;
    if (fc_ec_spki_parse(&curve, point, &n, in, len) != FC_OK)
        return;
    if (fc_alg_get(curve, &info) != FC_OK || info.family != FC_FAMILY_EC || n >= len)
        abort();
}

static void points(const fc_provider *soft, const fc_provider *ossl, fc_alg curve,
                   const uint8_t *in, size_t len)
{
    uint8_t full[FC_EC_POINT_MAX_LEN], comp[FC_EC_MAX_LEN + 1], back[FC_EC_POINT_MAX_LEN];
    fc_alg_info info;
    fc_status st = fc_ec_check_public(soft, curve, in, len);
    if (ossl != NULL && fc_provider_supports(ossl, curve) &&
        (fc_ec_check_public(ossl, curve, in, len) == FC_OK) != (st == FC_OK))
        abort();
    if (st != FC_OK || fc_alg_get(curve, &info) != FC_OK)
        return;
    if (fc_ec_decompress(soft, curve, full, in, len) != FC_OK ||
        fc_ec_compress(soft, curve, comp, full, 1 + 2 * info.out_len) != FC_OK ||
        fc_ec_decompress(soft, curve, back, comp, 1 + info.out_len) != FC_OK ||
        memcmp(back, full, 1 + 2 * info.out_len) != 0)
        abort();
}

/* A soft signature of a fixed digest (made once per curve), XORed with the input, and the
 * digest's first bytes XORed with the input's first (an empty change keeps it valid). */
static void verify(const fc_provider *soft, const fc_provider *ossl, size_t index,
                   const uint8_t *in, size_t len)
{
    static uint8_t pub[11][FC_EC_POINT_MAX_LEN], sig[11][FC_ECDSA_MAX_LEN];
    static size_t sig_len[11];
    uint8_t priv[FC_EC_MAX_LEN], digest[32], changed[FC_ECDSA_MAX_LEN];
    fc_alg curve = curves[index];
    size_t i;
    fc_alg_info info;
    fc_status a, b;
    if (ossl == NULL || !fc_provider_supports(ossl, curve) || fc_alg_get(curve, &info) != FC_OK)
        return;
    memset(digest, 0x5c, sizeof(digest));
    if (sig_len[index] == 0) {
        memset(priv, 0, sizeof(priv));
        priv[info.key_len - 1] = 7;
        sig_len[index] = sizeof(sig[index]);
        if (fc_ec_public_key(soft, curve, pub[index], priv) != FC_OK ||
            fc_ecdsa_sign_digest(soft, curve, FC_SHA256, NULL, sig[index], &sig_len[index],
                                 priv, digest, 32, 0) != FC_OK)
            abort();
    }
    memcpy(changed, sig[index], sig_len[index]);
    for (i = 0; i < len && i < sig_len[index]; i++)
        changed[i] ^= in[i];
    if (len > sig_len[index])
        digest[0] ^= in[sig_len[index]];
    a = fc_ecdsa_verify_digest(soft, curve, pub[index], 1 + 2 * info.out_len, digest, 32,
                               changed, sig_len[index], 0);
    b = fc_ecdsa_verify_digest(ossl, curve, pub[index], 1 + 2 * info.out_len, digest, 32,
                               changed, sig_len[index], 0);
    if (a != b || (fc_ct_is_zero(in, len) && a != FC_OK))
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const fc_provider *soft, *ossl;
    fc_alg curve;
    size_t index;
    if (soft == NULL) {
        soft = fc_provider_find("soft");
        ossl = fc_provider_find("openssl");
    }
    if (size < 1)
        return 0;
    index = (size_t)(data[0] & 0x3f) % 11;
    curve = curves[index];
    switch (data[0] >> 6) {
    case 0: der(curve, data + 1, size - 1); break;
    case 1: spki(data + 1, size - 1); break;
    case 2: points(soft, ossl, curve, data + 1, size - 1); break;
    default: verify(soft, ossl, index, data + 1, size - 1); break;
    }
    return 0;
}
