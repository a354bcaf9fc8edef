/* Field device firmware: serves password logins (fieldcrypt's device login, CPace) on the
 * UART of QEMU's micro:bit (nRF51822) or MPS2-AN386. See firmware/README.md. */
#include <fieldcrypt/rng.h>
#include <string.h>

#include "board.h"
#include "config.h"
#include "log.h"
#include "provision.h"
#include "service.h"

#if FC_WITH_NRF51_ECB
#include <fieldcrypt/cipher.h>
#include <fieldcrypt/driver.h>

/* Which implementation the default chain (nrf51-ecb -> soft) gives AES-128: one block of
 * FIPS 197 Appendix C.1 through it, and the bound implementation's FC_IMPL_HARDWARE flag. */
static void log_aes128(void)
{
    static const uint8_t key[16] = {0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
                                    0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f};
    static const uint8_t plain[16] = {0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                                      0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff};
    static const uint8_t cipher[16] = {0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30,
                                       0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a};
    const char *who = "none (AES unavailable)";
    uint8_t out[16];
    fc_block_ctx ctx;
    memset(&ctx, 0, sizeof(ctx));
    if (fc_block_init(&ctx, NULL, FC_AES, FC_ENCRYPT, key, sizeof(key)) == FC_OK) {
        int hw = (ctx.impl->flags & FC_IMPL_HARDWARE) != 0;
        if (fc_block_encrypt(&ctx, out, plain, sizeof(plain)) == FC_OK &&
            memcmp(out, cipher, sizeof(out)) == 0)
            who = hw ? "nrf51-ecb" : "soft (no ECB peripheral)";
        else
            who = "FAILED its known answer";
    }
    fc_block_wipe(&ctx);
    fw_log("aes-128: %s", who);
}
#endif

int main(void)
{
    static const fc_rng rng = {board_random, 0};
    board_init();
    fc_rng_install(&rng); /* every draw of the library (nonce, CPace scalar) comes from here */
    if (FW_SLICED)
        fw_log("boot: %s; login suite cpace, sliced: fc_login_step with budget %u, rest %u ms",
               board_name(), (unsigned)FW_SLICE_BUDGET, (unsigned)FW_SLICE_REST_MS);
    else
        fw_log("boot: %s; login suite cpace, synchronous: fc_login_input", board_name());
#if FC_WITH_NRF51_ECB
    log_aes128();
#endif
    if (!board_random_is_secure())
        fw_log("WARNING: no hardware RNG on this board: demo random source, NOT secure");
    svc_init(fw_record_get());
    for (;;) {
        int c, i;
        /* a bounded batch: a flood on the UART cannot starve the timers in svc_poll */
        for (i = 0; i < 64 && (c = board_uart_getc()) >= 0; i++)
            svc_rx((uint8_t)c, board_ms());
        svc_poll(board_ms());
        if (svc_busy()) {
            /* the yield point between two slices: a device with a tiny energy buffer sleeps
             * here until it has recharged */
            if (FW_SLICE_REST_MS > 0)
                board_sleep(FW_SLICE_REST_MS);
            continue;
        }
        board_sleep(svc_idle_ms(board_ms()));
    }
}
