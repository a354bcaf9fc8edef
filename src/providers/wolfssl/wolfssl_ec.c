/* The "wolfssl" provider's short-Weierstrass curves (ec.h): the curves of the list that
 * wolfCrypt has (SEC 2's secp192r1 ... secp521r1, secp192k1 and secp256k1, RFC 5639's
 * brainpool curves). secp224k1 is soft's: its scalars are 29 bytes (n has 225 bits) where
 * wolfCrypt sizes every number of a curve by its 28-byte field. A curve the wolfCrypt build
 * leaves out (wc_ecc_get_curve_idx < 0: e.g. a minimum key size above 192 bits) is declined.
 *
 * Keys go in as raw big-endian numbers (wc_ecc_import_unsigned, wc_ecc_import_private_key_ex)
 * into an ecc_key on the stack (about 4 KiB on a 64-bit host), which is freed and wiped before
 * return. A point from the caller is checked with wc_ecc_check_key (the curve equation, and
 * its order, trivially n with cofactor 1) before the private key meets it: FC_ERR_POINT.
 *
 * ECDH and the public key run wolfCrypt's timing-resistant ladder (ECC_TIMING_RESISTANT) with
 * a WC_RNG for its blinding (randomness of wolfCrypt's own seeding, on a device fieldcrypt's
 * default source: config/wolfssl/user_settings.h; the result does not depend on it). The
 * device build has P-256 alone, on wolfCrypt's SP code, which draws none. ECDSA verification
 * hands wolfCrypt e as a digest it need not truncate and will take (at most
 * WC_MAX_DIGEST_SIZE = 64 bytes: for secp521r1, e without its leading zero bytes; an e of
 * more than 512 bits is soft's); the signature goes in as the DER that wc_ecc_rs_raw_to_sig
 * encodes from r || s, or as r || s itself where wolfCrypt has no ASN.1 (the device build).
 *
 * Signing declines: wolfCrypt takes a caller's nonce only when built with WOLFSSL_ECDSA_SET_K,
 * which Debian's is not; soft signs with the core's RFC 6979 k. Decompression is the next
 * provider's (decompress NULL). Verification and the checks handle public data only. */
#include <string.h>

#include "wolfssl.h"

#include <wolfssl/wolfcrypt/ecc.h>
#include <wolfssl/wolfcrypt/random.h>

#include "fieldcrypt/ec.h"

#ifdef HAVE_ECC
typedef struct {
    uint16_t alg;
    int id;              /* wolfCrypt's ecc_curve_id */
    unsigned order_bits; /* N, the bit length of n */
} wolf_curve;

static const wolf_curve curves[] = {
    {FC_SECP192R1, ECC_SECP192R1, 192},
    {FC_SECP224R1, ECC_SECP224R1, 224},
    {FC_SECP256R1, ECC_SECP256R1, 256},
    {FC_SECP384R1, ECC_SECP384R1, 384},
    {FC_SECP521R1, ECC_SECP521R1, 521},
    {FC_SECP192K1, ECC_SECP192K1, 192},
    {FC_SECP256K1, ECC_SECP256K1, 256},
    {FC_BRAINPOOLP256R1, ECC_BRAINPOOLP256R1, 256},
    {FC_BRAINPOOLP384R1, ECC_BRAINPOOLP384R1, 384},
    {FC_BRAINPOOLP512R1, ECC_BRAINPOOLP512R1, 512},
};

/* A curve's wolfCrypt id and its lengths: L (coordinates) and K (scalars). */
typedef struct {
    const wolf_curve *curve;
    size_t l, k;
} curve_info;

static int curve_get(uint16_t alg, curve_info *ci)
{
    fc_alg_info info;
    size_t i;
    for (i = 0; i < sizeof(curves) / sizeof(curves[0]); i++) {
        if (curves[i].alg == alg && fc_alg_get((fc_alg)alg, &info) == FC_OK &&
            wc_ecc_get_curve_idx(curves[i].id) >= 0) {
            ci->curve = &curves[i];
            ci->l = info.out_len;
            ci->k = info.key_len;
            return 1;
        }
    }
    return 0;
}

/* key <- the public point X || Y, checked: 0, or FC_ERR_POINT / FC_ERR_PROVIDER */
static fc_status import_point(ecc_key *key, const curve_info *ci, const uint8_t *point)
{
    if (wc_ecc_import_unsigned(key, point, point + ci->l, NULL, ci->curve->id) != 0)
        return FC_ERR_POINT;
    return wc_ecc_check_key(key) == 0 ? FC_OK : FC_ERR_POINT;
}

static void key_end(ecc_key *key)
{
    wc_ecc_free(key);
    fc_zeroize(key, sizeof(*key));
}

static fc_status ec_public_key(const fc_impl *impl, uint8_t *pub, const uint8_t *priv)
{
    curve_info ci;
    ecc_key key;
    WC_RNG rng;
    word32 xl, yl;
    int ret;
    if (!curve_get(impl->alg, &ci))
        return FC_ERR_UNSUPPORTED;
    if (wc_InitRng(&rng) != 0)
        return FC_ERR_PROVIDER;
    xl = yl = (word32)ci.l;
    ret = wc_ecc_init(&key);
    if (ret == 0)
        ret = wc_ecc_import_private_key_ex(priv, (word32)ci.k, NULL, 0, &key, ci.curve->id);
    if (ret == 0)
        ret = wc_ecc_make_pub_ex(&key, NULL, &rng);
    if (ret == 0)
        ret = wc_ecc_export_public_raw(&key, pub, &xl, pub + ci.l, &yl);
    key_end(&key);
    wc_FreeRng(&rng);
    return ret == 0 && xl == ci.l && yl == ci.l ? FC_OK : FC_ERR_PROVIDER;
}

static fc_status ec_ecdh(const fc_impl *impl, uint8_t *shared, const uint8_t *priv,
                         const uint8_t *peer)
{
    curve_info ci;
    ecc_key key, peer_key;
    WC_RNG rng;
    uint8_t x[FC_EC_MAX_LEN];
    word32 len = sizeof(x);
    fc_status st;
    int ret;
    if (!curve_get(impl->alg, &ci))
        return FC_ERR_UNSUPPORTED;
    if (wc_ecc_init(&peer_key) != 0)
        return FC_ERR_PROVIDER;
    st = import_point(&peer_key, &ci, peer); /* before the private key meets it */
    if (st != FC_OK) {
        key_end(&peer_key);
        return st;
    }
    if (wc_InitRng(&rng) != 0) {
        key_end(&peer_key);
        return FC_ERR_PROVIDER;
    }
    ret = wc_ecc_init(&key);
    if (ret == 0)
        ret = wc_ecc_import_private_key_ex(priv, (word32)ci.k, NULL, 0, &key, ci.curve->id);
    if (ret == 0)
        ret = wc_ecc_set_rng(&key, &rng); /* the ladder's blinding */
    if (ret == 0)
        ret = wc_ecc_shared_secret(&key, &peer_key, x, &len);
    if (ret == 0 && len == ci.l)
        memcpy(shared, x, ci.l);
    fc_zeroize(x, sizeof(x));
    key_end(&key);
    key_end(&peer_key);
    wc_FreeRng(&rng);
    return ret == 0 && len == ci.l ? FC_OK : FC_ERR_PROVIDER;
}

static fc_status ec_sign(const fc_impl *impl, uint8_t *sig, const uint8_t *priv,
                         const uint8_t *e, const uint8_t *k)
{
    (void)impl, (void)sig, (void)priv, (void)e, (void)k;
    return FC_ERR_UNSUPPORTED; /* no caller's nonce in this wolfCrypt: soft signs */
}

static fc_status ec_verify(const fc_impl *impl, const uint8_t *pub, const uint8_t *e,
                           const uint8_t *sig)
{
    curve_info ci;
    ecc_key key;
    uint8_t der[2 * FC_EC_MAX_LEN + 9], digest[FC_EC_MAX_LEN];
    word32 der_len = sizeof(der);
    size_t digest_len;
    fc_status st;
    int ret, res = 0;
    if (!curve_get(impl->alg, &ci))
        return FC_ERR_UNSUPPORTED;
    /* e < 2^N goes in as a digest wolfCrypt need not truncate and will take: without the
     * leading zero bytes that make it longer than WC_MAX_DIGEST_SIZE (64; a longer digest is
     * refused) or than N bits (secp521r1: 65 bytes at most). An e that needs more is not a hash
     * of 512 bits or less: soft takes it. */
    digest_len = ci.k;
    while (digest_len > 0 && (digest_len > WC_MAX_DIGEST_SIZE ||
                              8 * digest_len > ci.curve->order_bits)) {
        if (e[ci.k - digest_len] != 0)
            return FC_ERR_UNSUPPORTED;
        digest_len--;
    }
    memcpy(digest, e + ci.k - digest_len, digest_len);
#ifdef NO_ASN
    /* a wolfCrypt without ASN.1 (our device build) takes r || s as it is */
    memcpy(der, sig, 2 * ci.k);
    der_len = (word32)(2 * ci.k);
#else
    if (wc_ecc_rs_raw_to_sig(sig, (word32)ci.k, sig + ci.k, (word32)ci.k, der, &der_len) != 0)
        return FC_ERR_PROVIDER;
#endif
    if (wc_ecc_init(&key) != 0)
        return FC_ERR_PROVIDER;
    st = import_point(&key, &ci, pub);
    if (st == FC_OK) {
        ret = wc_ecc_verify_hash(der, der_len, digest, (word32)digest_len, &res, &key);
        /* res 1: valid; a failure of the arithmetic on these public inputs (a sum at
         * infinity) is an invalid signature too */
        st = ret == 0 && res == 1 ? FC_OK : FC_ERR_VERIFY;
        if (ret == MEMORY_E || ret == BAD_FUNC_ARG)
            st = FC_ERR_PROVIDER;
    }
    key_end(&key);
    return st;
}

static fc_status ec_check(const fc_impl *impl, const uint8_t *pub)
{
    curve_info ci;
    ecc_key key;
    fc_status st;
    if (!curve_get(impl->alg, &ci))
        return FC_ERR_UNSUPPORTED;
    if (wc_ecc_init(&key) != 0)
        return FC_ERR_PROVIDER;
    st = import_point(&key, &ci, pub);
    key_end(&key);
    return st;
}

#define WOLF_EC(id)                                                                          \
    {                                                                                        \
        .alg = id, .flags = FC_IMPL_CONSTANT_TIME,                                           \
        .ops.ec = {.public_key = ec_public_key, .ecdh = ec_ecdh, .sign = ec_sign,            \
                   .verify = ec_verify, .decompress = NULL, .check = ec_check},              \
    }

const fc_impl fc_wolf_secp192r1 = WOLF_EC(FC_SECP192R1);
const fc_impl fc_wolf_secp224r1 = WOLF_EC(FC_SECP224R1);
const fc_impl fc_wolf_secp256r1 = WOLF_EC(FC_SECP256R1);
const fc_impl fc_wolf_secp384r1 = WOLF_EC(FC_SECP384R1);
const fc_impl fc_wolf_secp521r1 = WOLF_EC(FC_SECP521R1);
const fc_impl fc_wolf_secp192k1 = WOLF_EC(FC_SECP192K1);
const fc_impl fc_wolf_secp256k1 = WOLF_EC(FC_SECP256K1);
const fc_impl fc_wolf_brainpoolp256r1 = WOLF_EC(FC_BRAINPOOLP256R1);
const fc_impl fc_wolf_brainpoolp384r1 = WOLF_EC(FC_BRAINPOOLP384R1);
const fc_impl fc_wolf_brainpoolp512r1 = WOLF_EC(FC_BRAINPOOLP512R1);
#endif
