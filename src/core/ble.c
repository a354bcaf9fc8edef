/* The Bluetooth LE Security Manager's crypto toolbox (Core v5.x Vol 3 Part H 2.2) over the
 * public front ends: AES-CMAC (fc_mac), AES (fc_block) and P-256 (fc_ec_keypair, fc_ecdh).
 *
 * Every value is MSB first, as the specification writes it, which is also the byte order AES
 * and CMAC take: the spec's concatenation X || Y puts X's most significant octet first, so a
 * message is the inputs copied one after the other.
 *
 * Constant time: the messages are assembled by fixed-length copies, the results are written
 * under the front end's status only (public), and the secret-bearing work is CMAC, AES and
 * fc_ecdh, constant time themselves. The peer key checks of fc_ble_dhkey read public data. g2's
 * reduction mod 10^6 divides a value both users are shown, so it need not be hidden.
 * Temporaries that held keys, W, the DHKey or derived material are wiped on every path, and
 * each function but ah ends with fc_core_burn_stack, as the curve front ends do: the AES and
 * CMAC code below it leaves its last block (an LTK, an STK, a confirm value) on the stack, and
 * the wipe clears FC_STACK_WIPE_BYTES of it. */
#include <string.h>

#include "core.h"
#include "fieldcrypt/ble.h"
#include "fieldcrypt/cipher.h"
#include "fieldcrypt/ct.h"
#include "fieldcrypt/ec.h"
#include "fieldcrypt/mac.h"

/* Vol 3 Part H 2.3.5.6.1: the debug private key and its public key X || Y */
const uint8_t fc_ble_debug_private[32] = {
    0x3f, 0x49, 0xf6, 0xd4, 0xa3, 0xc5, 0x5f, 0x38, 0x74, 0xc9, 0xb3, 0xe3, 0xd2, 0x10, 0x3f, 0x50,
    0x4a, 0xff, 0x60, 0x7b, 0xeb, 0x40, 0xb7, 0x99, 0x58, 0x99, 0xb8, 0xa6, 0xcd, 0x3c, 0x1a, 0xbd};
const uint8_t fc_ble_debug_public[64] = {
    0x20, 0xb0, 0x03, 0xd2, 0xf2, 0x97, 0xbe, 0x2c, 0x5e, 0x2c, 0x83, 0xa7, 0xe9, 0xf9, 0xa5, 0xb9,
    0xef, 0xf4, 0x91, 0x11, 0xac, 0xf4, 0xfd, 0xdb, 0xcc, 0x03, 0x01, 0x48, 0x0e, 0x35, 0x9d, 0xe6,
    0xdc, 0x80, 0x9c, 0x49, 0x65, 0x2a, 0xeb, 0x6d, 0x63, 0x32, 0x9a, 0xbf, 0x5a, 0x52, 0x15, 0x5c,
    0x76, 0x63, 0x45, 0xc2, 0x8f, 0xed, 0x30, 0x24, 0x74, 0x1c, 0x8e, 0xd0, 0x15, 0x89, 0xd2, 0x8b};

/* f5's SALT (2.2.7) and keyID "btle" */
static const uint8_t f5_salt[16] = {0x6c, 0x88, 0x83, 0x91, 0xaa, 0xf5, 0xa5, 0x38,
                                    0x60, 0x37, 0x0b, 0xdb, 0x5a, 0x60, 0x83, 0xbe};
static const uint8_t f5_keyid[4] = {0x62, 0x74, 0x6c, 0x65};

void fc_ble_reverse(uint8_t *out, const uint8_t *in, size_t len)
{
    size_t i;
    if (out == NULL || in == NULL)
        return;
    /* pairwise swaps: correct in place too */
    for (i = 0; i < len / 2; i++) {
        uint8_t lo = in[i], hi = in[len - 1 - i];
        out[i] = hi;
        out[len - 1 - i] = lo;
    }
    if (len & 1)
        out[len / 2] = in[len / 2];
}

/* tag = AES-CMAC_key(msg), 16-byte key */
static fc_status cmac(const fc_provider *provider, uint8_t tag[16], const uint8_t key[16],
                      const uint8_t *msg, size_t len)
{
    return fc_mac(provider, FC_AES_CMAC, tag, 16, key, 16, msg, len);
}

/* out = tmp[0..out_len) when st is FC_OK; tmp and the message buffer wiped either way */
static fc_status finish(fc_status st, uint8_t *out, uint8_t *tmp, size_t out_len, void *msg,
                        size_t msg_len)
{
    if (st == FC_OK)
        memcpy(out, tmp, out_len);
    fc_zeroize(tmp, out_len);
    fc_zeroize(msg, msg_len);
    return st;
}

fc_status fc_ble_f4(const fc_provider *provider, uint8_t out[16], const uint8_t u[32],
                    const uint8_t v[32], const uint8_t x[16], uint8_t z)
{
    uint8_t msg[32 + 32 + 1], tag[16];
    fc_status st;
    if (out == NULL || u == NULL || v == NULL || x == NULL)
        return FC_ERR_NULL;
    memcpy(msg, u, 32);
    memcpy(msg + 32, v, 32);
    msg[64] = z;
    st = cmac(provider, tag, x, msg, sizeof(msg));
    st = finish(st, out, tag, 16, msg, sizeof(msg));
    fc_core_burn_stack(); /* last: the CMAC temporaries below this frame */
    return st;
}

fc_status fc_ble_f5(const fc_provider *provider, uint8_t mackey[16], uint8_t ltk[16],
                    const uint8_t w[32], const uint8_t n1[16], const uint8_t n2[16],
                    const uint8_t a1[7], const uint8_t a2[7])
{
    /* counter || keyID || N1 || N2 || A1 || A2 || Length = 256 */
    uint8_t msg[1 + 4 + 16 + 16 + 7 + 7 + 2], t[16], mk[16], lk[16];
    fc_status st;
    if (mackey == NULL || ltk == NULL || w == NULL || n1 == NULL || n2 == NULL || a1 == NULL ||
        a2 == NULL)
        return FC_ERR_NULL;
    msg[0] = 0;
    memcpy(msg + 1, f5_keyid, 4);
    memcpy(msg + 5, n1, 16);
    memcpy(msg + 21, n2, 16);
    memcpy(msg + 37, a1, 7);
    memcpy(msg + 44, a2, 7);
    msg[51] = 0x01;
    msg[52] = 0x00;
    st = cmac(provider, t, f5_salt, w, 32);
    if (st == FC_OK)
        st = cmac(provider, mk, t, msg, sizeof(msg));
    msg[0] = 1;
    if (st == FC_OK)
        st = cmac(provider, lk, t, msg, sizeof(msg));
    if (st == FC_OK) {
        /* both at once: mackey and ltk may alias the inputs, which are read by now */
        memcpy(mackey, mk, 16);
        memcpy(ltk, lk, 16);
    }
    fc_zeroize(t, sizeof(t));
    fc_zeroize(mk, sizeof(mk));
    fc_zeroize(lk, sizeof(lk));
    fc_zeroize(msg, sizeof(msg));
    fc_core_burn_stack(); /* last: the CMAC temporaries below this frame (LTK, T) */
    return st;
}

fc_status fc_ble_f6(const fc_provider *provider, uint8_t out[16], const uint8_t w[16],
                    const uint8_t n1[16], const uint8_t n2[16], const uint8_t r[16],
                    const uint8_t iocap[3], const uint8_t a1[7], const uint8_t a2[7])
{
    uint8_t msg[16 + 16 + 16 + 3 + 7 + 7], tag[16];
    fc_status st;
    if (out == NULL || w == NULL || n1 == NULL || n2 == NULL || r == NULL || iocap == NULL ||
        a1 == NULL || a2 == NULL)
        return FC_ERR_NULL;
    memcpy(msg, n1, 16);
    memcpy(msg + 16, n2, 16);
    memcpy(msg + 32, r, 16);
    memcpy(msg + 48, iocap, 3);
    memcpy(msg + 51, a1, 7);
    memcpy(msg + 58, a2, 7);
    st = cmac(provider, tag, w, msg, sizeof(msg));
    st = finish(st, out, tag, 16, msg, sizeof(msg));
    fc_core_burn_stack(); /* last: the CMAC temporaries below this frame */
    return st;
}

fc_status fc_ble_g2(const fc_provider *provider, uint32_t *value, const uint8_t u[32],
                    const uint8_t v[32], const uint8_t x[16], const uint8_t y[16])
{
    uint8_t msg[32 + 32 + 16], tag[16];
    uint32_t low;
    fc_status st;
    if (value == NULL || u == NULL || v == NULL || x == NULL || y == NULL)
        return FC_ERR_NULL;
    memcpy(msg, u, 32);
    memcpy(msg + 32, v, 32);
    memcpy(msg + 64, y, 16);
    st = cmac(provider, tag, x, msg, sizeof(msg));
    /* mod 2^32: the last four octets, MSB first */
    low = (uint32_t)tag[12] << 24 | (uint32_t)tag[13] << 16 | (uint32_t)tag[14] << 8 | tag[15];
    if (st == FC_OK)
        *value = low % 1000000u;
    fc_zeroize(tag, sizeof(tag));
    fc_zeroize(msg, sizeof(msg));
    fc_core_burn_stack(); /* last: the CMAC temporaries below this frame */
    return st;
}

fc_status fc_ble_h6(const fc_provider *provider, uint8_t out[16], const uint8_t w[16],
                    const uint8_t keyid[4])
{
    uint8_t msg[4], tag[16];
    fc_status st;
    if (out == NULL || w == NULL || keyid == NULL)
        return FC_ERR_NULL;
    memcpy(msg, keyid, 4);
    st = cmac(provider, tag, w, msg, sizeof(msg));
    st = finish(st, out, tag, 16, msg, sizeof(msg));
    fc_core_burn_stack(); /* last: the CMAC temporaries below this frame */
    return st;
}

fc_status fc_ble_h7(const fc_provider *provider, uint8_t out[16], const uint8_t salt[16],
                    const uint8_t w[16])
{
    uint8_t msg[16], tag[16];
    fc_status st;
    if (out == NULL || salt == NULL || w == NULL)
        return FC_ERR_NULL;
    memcpy(msg, w, 16);
    st = cmac(provider, tag, salt, msg, sizeof(msg));
    st = finish(st, out, tag, 16, msg, sizeof(msg));
    fc_core_burn_stack(); /* last: the CMAC temporaries below this frame */
    return st;
}

/* Keys ctx for AES-128 encryption (ah, c1, s1: one or two blocks under one key); the caller
 * wipes it with fc_block_wipe on every path. */
static fc_status aes_key(fc_block_ctx *ctx, const fc_provider *provider, const uint8_t k[16])
{
    memset(ctx, 0, sizeof(*ctx));
    return fc_block_init(ctx, provider, FC_AES, FC_ENCRYPT, k, 16);
}

fc_status fc_ble_ah(const fc_provider *provider, uint8_t out[3], const uint8_t irk[16],
                    const uint8_t r[3])
{
    fc_block_ctx ctx;
    uint8_t block[16];
    fc_status st;
    if (out == NULL || irk == NULL || r == NULL)
        return FC_ERR_NULL;
    /* r' = padding (104 zero bits) || r */
    memset(block, 0, 13);
    memcpy(block + 13, r, 3);
    st = aes_key(&ctx, provider, irk);
    if (st == FC_OK)
        st = fc_block_encrypt(&ctx, block, block, 16);
    fc_block_wipe(&ctx);
    /* mod 2^24: the last three octets */
    /* no stack burn: ah runs for every bonded IRK on every advertisement seen, its result goes
     * on the air, and AES leaves only that result below this frame (the key schedule is in
     * ctx, wiped) */
    return finish(st, out, block + 13, 3, block, 13);
}

fc_status fc_ble_c1(const fc_provider *provider, uint8_t out[16], const uint8_t k[16],
                    const uint8_t r[16], const uint8_t preq[7], const uint8_t pres[7],
                    uint8_t iat, uint8_t rat, const uint8_t ia[6], const uint8_t ra[6])
{
    fc_block_ctx ctx;
    uint8_t p1[16], p2[16], block[16];
    fc_status st;
    size_t i;
    if (out == NULL || k == NULL || r == NULL || preq == NULL || pres == NULL || ia == NULL ||
        ra == NULL)
        return FC_ERR_NULL;
    if (iat > 1 || rat > 1)
        return FC_ERR_ARGUMENT;
    /* p1 = pres || preq || rat' || iat', p2 = padding (32 zero bits) || ia || ra */
    memcpy(p1, pres, 7);
    memcpy(p1 + 7, preq, 7);
    p1[14] = rat;
    p1[15] = iat;
    memset(p2, 0, 4);
    memcpy(p2 + 4, ia, 6);
    memcpy(p2 + 10, ra, 6);
    for (i = 0; i < 16; i++)
        block[i] = (uint8_t)(r[i] ^ p1[i]);
    st = aes_key(&ctx, provider, k);
    if (st == FC_OK)
        st = fc_block_encrypt(&ctx, block, block, 16);
    for (i = 0; i < 16; i++)
        block[i] ^= p2[i];
    if (st == FC_OK)
        st = fc_block_encrypt(&ctx, block, block, 16);
    fc_block_wipe(&ctx);
    fc_zeroize(p1, sizeof(p1));
    fc_zeroize(p2, sizeof(p2));
    st = finish(st, out, block, 16, block, sizeof(block));
    fc_core_burn_stack(); /* last: the AES temporaries below this frame */
    return st;
}

fc_status fc_ble_s1(const fc_provider *provider, uint8_t out[16], const uint8_t k[16],
                    const uint8_t r1[16], const uint8_t r2[16])
{
    fc_block_ctx ctx;
    uint8_t block[16];
    fc_status st;
    if (out == NULL || k == NULL || r1 == NULL || r2 == NULL)
        return FC_ERR_NULL;
    /* r' = r1' || r2', each the least significant 64 bits (the last eight octets) */
    memcpy(block, r1 + 8, 8);
    memcpy(block + 8, r2 + 8, 8);
    st = aes_key(&ctx, provider, k);
    if (st == FC_OK)
        st = fc_block_encrypt(&ctx, block, block, 16);
    fc_block_wipe(&ctx);
    st = finish(st, out, block, 16, block, sizeof(block));
    fc_core_burn_stack(); /* last: the AES temporaries below this frame */
    return st;
}

fc_status fc_ble_keypair(const fc_provider *provider, const fc_rng *rng, uint8_t priv[32],
                         uint8_t pub[64])
{
    uint8_t sk[32], point[65];
    fc_status st;
    if (priv == NULL || pub == NULL)
        return FC_ERR_NULL;
    st = fc_ec_keypair(provider, FC_SECP256R1, rng, sk, point);
    if (st == FC_OK) {
        memcpy(priv, sk, 32);
        memcpy(pub, point + 1, 64); /* drop SEC1's 0x04 */
    }
    fc_zeroize(sk, sizeof(sk));
    return st;
}

fc_status fc_ble_dhkey(const fc_provider *provider, uint8_t dhkey[32], const uint8_t priv[32],
                       const uint8_t peer[64], unsigned flags)
{
    uint8_t point[65], shared[32];
    fc_status st;
    if (dhkey == NULL || priv == NULL || peer == NULL)
        return FC_ERR_NULL;
    point[0] = 0x04;
    memcpy(point + 1, peer, 64);
    /* public data: the full SEC1 3.2.2.1 check (coordinates < p, on the curve) before the
     * private key is touched; the point at infinity has no X || Y form, (0, 0) is off the
     * curve */
    st = fc_ec_check_public(provider, FC_SECP256R1, point, sizeof(point));
    if (st == FC_ERR_ENCODING) /* cannot happen with the 0x04 prefix; keep the promise anyway */
        st = FC_ERR_POINT;
    if (st == FC_OK && !(flags & FC_BLE_ALLOW_DEBUG_KEY) &&
        memcmp(peer, fc_ble_debug_public, 64) == 0)
        st = FC_ERR_KEY;
    if (st == FC_OK)
        st = fc_ecdh(provider, FC_SECP256R1, shared, priv, point, sizeof(point));
    if (st == FC_OK)
        memcpy(dhkey, shared, 32);
    fc_zeroize(shared, sizeof(shared));
    return st;
}
