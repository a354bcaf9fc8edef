/* libFuzzer: streaming hashes and HMAC with split points taken from the input must equal the
 * one-shot result, and (differential) the soft provider must equal OpenSSL where present, for
 * SHA-2, HMAC and HKDF. */
#include <stdlib.h>
#include <string.h>

#include "fieldcrypt/fieldcrypt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* data[0] % 4 picks the hash as before the fc_alg ids, so the kept corpus means the same */
    static const fc_alg hashes[4] = {FC_SHA224, FC_SHA256, FC_SHA384, FC_SHA512};
    static const fc_alg macs[4] = {FC_HMAC_SHA224, FC_HMAC_SHA256, FC_HMAC_SHA384, FC_HMAC_SHA512};
    static const fc_alg kdfs[4] = {FC_HKDF_SHA224, FC_HKDF_SHA256, FC_HKDF_SHA384, FC_HKDF_SHA512};
    static const size_t lens[4] = {FC_SHA224_LEN, FC_SHA256_LEN, FC_SHA384_LEN, FC_SHA512_LEN};
    const fc_provider *soft = fc_provider_find("soft"), *ossl = fc_provider_find("openssl");
    uint8_t one[64], streamed[64], ref[64], okm[300], okm_ref[300];
    fc_hash_ctx h;
    fc_mac_ctx m;
    unsigned a;
    size_t pos = 0, klen, olen;
    unsigned split;
    if (size < 3)
        return 0;
    a = data[0] % 4u;
    split = data[1];
    klen = data[2] % 150u;
    data += 3, size -= 3;
    if (klen > size)
        klen = size;

    if (fc_hash(soft, hashes[a], one, sizeof(one), data, size) != FC_OK)
        abort();
    memset(&h, 0, sizeof(h));
    if (fc_hash_init(&h, soft, hashes[a]) != FC_OK)
        abort();
    while (pos < size) {
        size_t n = (split = split * 29u + 11u) % 160u;
        if (n > size - pos)
            n = size - pos;
        if (fc_hash_update(&h, data + pos, n) != FC_OK)
            abort();
        pos += n;
    }
    if (fc_hash_final(&h, streamed, sizeof(streamed)) != FC_OK ||
        memcmp(one, streamed, lens[a]) != 0)
        abort();

    memset(&m, 0, sizeof(m));
    if (fc_mac_init(&m, soft, macs[a], data, klen) != FC_OK ||
        fc_mac_update(&m, data + klen, (size - klen) / 2) != FC_OK ||
        fc_mac_update(&m, data + klen + (size - klen) / 2, size - klen - (size - klen) / 2) != FC_OK ||
        fc_mac_final(&m, streamed, sizeof(streamed)) != FC_OK)
        abort();
    olen = (size_t)(split % 300u);
    if (fc_kdf(soft, kdfs[a], okm, olen, data, klen / 2, data + klen / 2, size - klen / 2, data,
               klen) != FC_OK)
        abort();

    if (ossl != NULL) {
        if (fc_hash(ossl, hashes[a], ref, sizeof(ref), data, size) != FC_OK ||
            memcmp(one, ref, lens[a]) != 0)
            abort();
        if (fc_mac(ossl, macs[a], ref, sizeof(ref), data, klen, data + klen, size - klen) != FC_OK ||
            memcmp(streamed, ref, lens[a]) != 0)
            abort();
        if (fc_kdf(ossl, kdfs[a], okm_ref, olen, data, klen / 2, data + klen / 2, size - klen / 2,
                   data, klen) != FC_OK ||
            memcmp(okm, okm_ref, olen) != 0)
            abort();
    }
    return 0;
}
