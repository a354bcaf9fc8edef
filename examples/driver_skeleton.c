/* A driver skeleton (docs/drivers.md): a provider for an AES peripheral that only encrypts,
 * with 128-bit keys. It implements one operation, AES block encryption, and declines the
 * rest; the core and the next provider (soft) do everything else:
 *   - AES-128 encryption runs on the "peripheral": ECB, CTR, GCM, CCM, CMAC all use it, as
 *     the core's modes over this block cipher;
 *   - decryption and 192/256-bit keys: init declines (FC_ERR_UNSUPPORTED), soft runs them;
 *   - every other algorithm: not in the list, so soft.
 *
 * The peripheral here is a register block simulated in software (so the example runs
 * anywhere); on a chip, aes_hw_* write its key and data registers and wait for DONE. Copy
 * this file, replace those functions, keep the descriptor.
 *
 * Known answer: FIPS 197 Appendix C.1 (AES-128). */
#include <string.h>

#include <fieldcrypt/driver.h>
#include <fieldcrypt/fieldcrypt.h>

#include "example_io.h"

/* ---- the peripheral (simulated) ----------------------------------------------------------
 * KEY[4], DIN[4], DOUT[4], CTRL.START, STATUS.DONE/BUSY. The simulation computes with soft's
 * AES; a real driver never calls back into fieldcrypt from here. */
static struct {
    uint8_t key[16], din[16], dout[16];
    int busy;             /* another user holds it: the driver declines, soft runs the call */
    unsigned long blocks; /* blocks it has encrypted, to show who served a call */
} aes_hw;

static int aes_hw_acquire(void)
{
    return !aes_hw.busy;
}

static fc_status aes_hw_encrypt_block(const uint8_t key[16], uint8_t out[16],
                                      const uint8_t in[16])
{
    size_t n = 16;
    fc_status st;
    memcpy(aes_hw.key, key, 16); /* write KEY */
    memcpy(aes_hw.din, in, 16);  /* write DIN, set CTRL.START, wait for STATUS.DONE */
    st = fc_cipher(&fc_provider_soft, FC_AES_ECB, FC_ENCRYPT, aes_hw.dout, &n, aes_hw.key, 16,
                   NULL, 0, aes_hw.din, 16);
    memcpy(out, aes_hw.dout, 16); /* read DOUT */
    fc_zeroize(aes_hw.key, sizeof aes_hw.key); /* the simulation's registers held the key */
    fc_zeroize(aes_hw.din, sizeof aes_hw.din);
    fc_zeroize(aes_hw.dout, sizeof aes_hw.dout);
    aes_hw.blocks++;
    return st == FC_OK ? FC_OK : FC_ERR_PROVIDER; /* a fault is final, never a decline */
}

/* ---- the driver ----------------------------------------------------------------------- */

/* What a context keeps between calls, in its state area (zeroed before init, wiped by the
 * core when the context ends): the key, loaded into KEY for each call. */
typedef struct {
    uint8_t key[16];
} skel_aes_state;

FC_STATE_FITS(skel_aes_state, FC_BLOCK_STATE_SIZE);

/* init may decline: nothing written, the core tries the next provider */
static fc_status skel_aes_init(const fc_impl *impl, void *state, unsigned dir,
                               const uint8_t *key, size_t key_len)
{
    (void)impl;
    if ((dir & FC_DECRYPT) || key_len != 16 || !aes_hw_acquire())
        return FC_ERR_UNSUPPORTED;
    memcpy(((skel_aes_state *)state)->key, key, 16);
    return FC_OK;
}

/* bound to this driver since init: completes or fails, never declines */
static fc_status skel_aes_encrypt(const fc_impl *impl, void *state, uint8_t *out,
                                  const uint8_t *in, size_t blocks)
{
    const skel_aes_state *s = (const skel_aes_state *)state;
    (void)impl;
    for (; blocks; blocks--, in += 16, out += 16) {
        fc_status st = aes_hw_encrypt_block(s->key, out, in);
        if (st != FC_OK)
            return st;
    }
    return FC_OK;
}

/* never reached (init declines decryption), but every slot is filled */
static fc_status skel_aes_decrypt(const fc_impl *impl, void *state, uint8_t *out,
                                  const uint8_t *in, size_t blocks)
{
    (void)impl, (void)state, (void)out, (void)in, (void)blocks;
    return FC_ERR_PROVIDER;
}

static const fc_impl skel_aes = {
    .alg = FC_AES,
    .flags = FC_IMPL_HARDWARE, /* add FC_IMPL_CONSTANT_TIME only if the peripheral is */
    .state_size = sizeof(skel_aes_state),
    .ops.block = {.init = skel_aes_init, .encrypt = skel_aes_encrypt, .decrypt = skel_aes_decrypt},
};

static const fc_impl *const skel_impls[] = {&skel_aes};

/* Pass &skeleton_provider to calls, or make it the build's default with
 * #define FC_DRIVER_PROVIDER skeleton_provider in the FC_CONFIG_FILE header. */
const fc_provider skeleton_provider = {
    .name = "skeleton",
    .description = "AES-128 encryption peripheral (driver skeleton)",
    .impls = skel_impls,
    .impl_count = 1,
    .next = &fc_provider_soft, /* what it declines, soft runs */
};

/* ---- using it ----------------------------------------------------------------------------- */

int main(void)
{
    static const uint8_t key[16] = {0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, /* FIPS 197 C.1 */
                                    0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f};
    static const uint8_t plain[16] = {0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                                      0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff};
    static const uint8_t cipher[16] = {0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30,
                                       0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a};
    static const uint8_t nonce[12] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
    uint8_t out[32], gcm_hw[32], gcm_soft[32], tag_hw[16], tag_soft[16], key256[32] = {0};
    size_t n;
    unsigned long before;
    unsigned flags = 0;
    fc_status st;

    /* 1. AES-128 ECB encryption: the peripheral */
    n = sizeof plain;
    before = aes_hw.blocks;
    st = fc_cipher(&skeleton_provider, FC_AES_ECB, FC_ENCRYPT, out, &n, key, 16, NULL, 0, plain,
                   16);
    if (st != FC_OK || memcmp(out, cipher, 16) != 0 || aes_hw.blocks != before + 1)
        return fail("AES-128 encryption on the driver (FIPS 197 C.1)", st);
    say("AES-128 encrypt : the driver (FIPS 197 C.1 ok)\n");

    /* 2. AES-GCM: the core's GCM over the driver's block, same bytes as soft's */
    before = aes_hw.blocks;
    st = fc_aead_encrypt(&skeleton_provider, FC_AES_GCM, gcm_hw, tag_hw, 16, key, 16, nonce, 12,
                         NULL, 0, plain, 16);
    if (st == FC_OK)
        st = fc_aead_encrypt(&fc_provider_soft, FC_AES_GCM, gcm_soft, tag_soft, 16, key, 16,
                             nonce, 12, NULL, 0, plain, 16);
    if (st != FC_OK || aes_hw.blocks == before || memcmp(gcm_hw, gcm_soft, 16) != 0 ||
        memcmp(tag_hw, tag_soft, 16) != 0)
        return fail("AES-GCM over the driver", st);
    say("AES-128-GCM     : the core's GCM over the driver, same as soft\n");

    /* 3. decryption: the driver declines, soft decrypts */
    n = sizeof cipher;
    before = aes_hw.blocks;
    st = fc_cipher(&skeleton_provider, FC_AES_ECB, FC_DECRYPT, out, &n, key, 16, NULL, 0, cipher,
                   16);
    if (st != FC_OK || memcmp(out, plain, 16) != 0 || aes_hw.blocks != before)
        return fail("AES-128 decryption (declined to soft)", st);
    say("AES-128 decrypt : declined, soft\n");

    /* 4. a key the peripheral does not take: declined, soft */
    n = 16;
    st = fc_cipher(&skeleton_provider, FC_AES_ECB, FC_ENCRYPT, out, &n, key256, 32, NULL, 0,
                   plain, 16);
    if (st != FC_OK || aes_hw.blocks != before)
        return fail("AES-256 (declined to soft)", st);
    say("AES-256 encrypt : declined, soft\n");

    /* 5. a busy peripheral: declined at init, soft; the result does not change */
    aes_hw.busy = 1;
    n = 16;
    st = fc_cipher(&skeleton_provider, FC_AES_ECB, FC_ENCRYPT, out, &n, key, 16, NULL, 0, plain,
                   16);
    aes_hw.busy = 0;
    if (st != FC_OK || memcmp(out, cipher, 16) != 0 || aes_hw.blocks != before)
        return fail("busy peripheral (declined to soft)", st);
    say("busy peripheral : declined, soft\n");

    /* 6. what the provider runs itself, and what its chain runs */
    if (!fc_provider_implements(&skeleton_provider, FC_AES, &flags) || !(flags & FC_IMPL_HARDWARE) ||
        !fc_provider_implements(&skeleton_provider, FC_AES_GCM, NULL) ||
        fc_provider_implements(&skeleton_provider, FC_SHA256, NULL) ||
        !fc_provider_supports(&skeleton_provider, FC_SHA256))
        return fail("fc_provider_implements / supports", FC_ERR_STATE);
    say("implements AES and the modes over it; SHA-256 comes from soft\n");
    say("driver_skeleton: ok\n");
    return 0;
}
