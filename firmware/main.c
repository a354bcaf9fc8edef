/* Field device firmware: serves password logins (fieldcrypt's device login, CPace) on the
 * UART of QEMU's micro:bit (nRF51822) or MPS2-AN386. See firmware/README.md. */
#include <fieldcrypt/rng.h>

#include "board.h"
#include "config.h"
#include "log.h"
#include "provision.h"
#include "service.h"

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
