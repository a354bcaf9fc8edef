/* STAND-IN for the library's src/core/ble.c until it exists (see fieldcrypt/ble.h here):
 * Bluetooth Core v5.3 Vol 3 Part H 2.2.6 (f4), 2.2.7 (f5), 2.2.8 (f6), 2.2.9 (g2), all AES-CMAC
 * (fc_mac, FC_AES_CMAC) over byte strings MSB first, as the specification writes them.
 * Constant time: CMAC over secrets, no branch on data; message buffers are wiped. */
#include <fieldcrypt/ble.h>

#include <string.h>

#include <fieldcrypt/ct.h>
#include <fieldcrypt/ec.h>
#include <fieldcrypt/mac.h>

/* Vol 3 Part H 2.3.5.6.1: the debug public key (its private key is published). */
const uint8_t fc_ble_debug_public[64] = {
    0x20, 0xb0, 0x03, 0xd2, 0xf2, 0x97, 0xbe, 0x2c, 0x5e, 0x2c, 0x83, 0xa7, 0xe9, 0xf9, 0xa5, 0xb9,
    0xef, 0xf4, 0x91, 0x11, 0xac, 0xf4, 0xfd, 0xdb, 0xcc, 0x03, 0x01, 0x48, 0x0e, 0x35, 0x9d, 0xe6,
    0xdc, 0x80, 0x9c, 0x49, 0x65, 0x2a, 0xeb, 0x6d, 0x63, 0x32, 0x9a, 0xbf, 0x5a, 0x52, 0x15, 0x5c,
    0x76, 0x63, 0x45, 0xc2, 0x8f, 0xed, 0x30, 0x24, 0x74, 0x1c, 0x8e, 0xd0, 0x15, 0x89, 0xd2, 0x8b};

static fc_status cmac(const fc_provider *p, uint8_t out[16], const uint8_t key[16],
                      const uint8_t *msg, size_t len)
{
    return fc_mac(p, FC_AES_CMAC, out, 16, key, 16, msg, len);
}

fc_status fc_ble_f4(const fc_provider *p, uint8_t out[16], const uint8_t u[32],
                    const uint8_t v[32], const uint8_t x[16], uint8_t z)
{
    uint8_t m[65];
    fc_status st;
    memcpy(m, u, 32);
    memcpy(m + 32, v, 32);
    m[64] = z;
    st = cmac(p, out, x, m, sizeof m);
    fc_zeroize(m, sizeof m);
    return st;
}

fc_status fc_ble_f5(const fc_provider *p, uint8_t mackey[16], uint8_t ltk[16],
                    const uint8_t w[32], const uint8_t n1[16], const uint8_t n2[16],
                    const uint8_t a1[7], const uint8_t a2[7])
{
    static const uint8_t salt[16] = {0x6c, 0x88, 0x83, 0x91, 0xaa, 0xf5, 0xa5, 0x38,
                                     0x60, 0x37, 0x0b, 0xdb, 0x5a, 0x60, 0x83, 0xbe};
    uint8_t t[16], m[53];
    fc_status st = cmac(p, t, salt, w, 32);
    m[0] = 0;
    memcpy(m + 1, "btle", 4);
    memcpy(m + 5, n1, 16);
    memcpy(m + 21, n2, 16);
    memcpy(m + 37, a1, 7);
    memcpy(m + 44, a2, 7);
    m[51] = 0x01;
    m[52] = 0x00;
    if (st == FC_OK)
        st = cmac(p, mackey, t, m, sizeof m);
    m[0] = 1;
    if (st == FC_OK)
        st = cmac(p, ltk, t, m, sizeof m);
    fc_zeroize(t, sizeof t);
    fc_zeroize(m, sizeof m);
    return st;
}

fc_status fc_ble_f6(const fc_provider *p, uint8_t out[16], const uint8_t w[16],
                    const uint8_t n1[16], const uint8_t n2[16], const uint8_t r[16],
                    const uint8_t iocap[3], const uint8_t a1[7], const uint8_t a2[7])
{
    uint8_t m[65];
    fc_status st;
    memcpy(m, n1, 16);
    memcpy(m + 16, n2, 16);
    memcpy(m + 32, r, 16);
    memcpy(m + 48, iocap, 3);
    memcpy(m + 51, a1, 7);
    memcpy(m + 58, a2, 7);
    st = cmac(p, out, w, m, sizeof m);
    fc_zeroize(m, sizeof m);
    return st;
}

fc_status fc_ble_g2(const fc_provider *p, uint32_t *value, const uint8_t u[32],
                    const uint8_t v[32], const uint8_t x[16], const uint8_t y[16])
{
    uint8_t m[80], out[16];
    fc_status st;
    memcpy(m, u, 32);
    memcpy(m + 32, v, 32);
    memcpy(m + 64, y, 16);
    st = cmac(p, out, x, m, sizeof m);
    if (st == FC_OK)
        *value = ((uint32_t)out[12] << 24 | (uint32_t)out[13] << 16 | (uint32_t)out[14] << 8 |
                  out[15]) % 1000000u;
    fc_zeroize(out, sizeof out);
    return st;
}

fc_status fc_ble_keypair(const fc_provider *p, const fc_rng *rng, uint8_t priv[32],
                         uint8_t pub[64])
{
    uint8_t point[65];
    fc_status st = fc_ec_keypair(p, FC_SECP256R1, rng, priv, point);
    if (st == FC_OK)
        memcpy(pub, point + 1, 64);
    return st;
}
