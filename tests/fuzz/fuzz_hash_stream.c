/* libFuzzer: streaming hashes and HMAC with split points taken from the input must equal the
 * one-shot result, and (differential) the soft provider must equal OpenSSL where present, for
 * SHA-2, HMAC and HKDF. */
#include <stdlib.h>
#include <string.h>

#include "fieldcrypt/fieldcrypt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const fc_provider *soft = fc_provider_find("soft"), *ossl = fc_provider_find("openssl");
    uint8_t one[64], streamed[64], ref[64], okm[300], okm_ref[300];
    fc_hash_ctx h;
    fc_hmac_ctx m;
    fc_hash_alg alg;
    size_t pos = 0, klen, olen;
    unsigned split;
    if (size < 3)
        return 0;
    alg = (fc_hash_alg)(data[0] % FC_HASH_ALG_COUNT);
    split = data[1];
    klen = data[2] % 150u;
    data += 3, size -= 3;
    if (klen > size)
        klen = size;

    if (fc_hash(alg, soft, data, size, one, sizeof(one)) != FC_OK)
        abort();
    memset(&h, 0, sizeof(h));
    if (fc_hash_init(&h, alg, soft) != FC_OK)
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
        memcmp(one, streamed, fc_hash_digest_len(alg)) != 0)
        abort();

    memset(&m, 0, sizeof(m));
    if (fc_hmac_init(&m, alg, soft, data, klen) != FC_OK ||
        fc_hmac_update(&m, data + klen, (size - klen) / 2) != FC_OK ||
        fc_hmac_update(&m, data + klen + (size - klen) / 2, size - klen - (size - klen) / 2) != FC_OK ||
        fc_hmac_final(&m, streamed, sizeof(streamed)) != FC_OK)
        abort();
    olen = (size_t)(split % 300u);
    if (fc_hkdf(alg, soft, data, klen / 2, data + klen / 2, size - klen / 2, data, klen, okm, olen) != FC_OK)
        abort();

    if (ossl != NULL) {
        if (fc_hash(alg, ossl, data, size, ref, sizeof(ref)) != FC_OK ||
            memcmp(one, ref, fc_hash_digest_len(alg)) != 0)
            abort();
        if (fc_hmac(alg, ossl, data, klen, data + klen, size - klen, ref, sizeof(ref)) != FC_OK ||
            memcmp(streamed, ref, fc_hash_digest_len(alg)) != 0)
            abort();
        if (fc_hkdf(alg, ossl, data, klen / 2, data + klen / 2, size - klen / 2, data, klen, okm_ref, olen) != FC_OK ||
            memcmp(okm, okm_ref, olen) != 0)
            abort();
    }
    return 0;
}
