/* Build-time settings of the device firmware. Each can be overridden with -D; the numbers are
 * the ones firmware/README.md documents and tests/python/test_firmware.py checks. */
#ifndef FW_CONFIG_H
#define FW_CONFIG_H

/* 1: the CPace work runs through the slice engine (fc_login_step), FW_SLICE_BUDGET work units
 * (modelled cycles) at a time with a yield point between slices; 0: fc_login_input does the
 * whole step at once. */
#ifndef FW_SLICED
#define FW_SLICED 1
#endif
#ifndef FW_SLICE_BUDGET
#define FW_SLICE_BUDGET 28000u
#endif
/* Rest between two slices, milliseconds: what the energy buffer needs to recharge. 0 in the
 * QEMU demo (energy is modelled by `fieldcrypt device measure`, not waited for). */
#ifndef FW_SLICE_REST_MS
#define FW_SLICE_REST_MS 0u
#endif

/* The handheld's next frame is due within this time after the device's last one; else the
 * session is cancelled and wiped (a disconnect mid-login). */
#ifndef FW_SESSION_TIMEOUT_MS
#define FW_SESSION_TIMEOUT_MS 3000u
#endif
/* A frame whose bytes stop arriving for this long is dropped (truncated). */
#ifndef FW_PARTIAL_TIMEOUT_MS
#define FW_PARTIAL_TIMEOUT_MS 250u
#endif
/* After a framing error every byte is dropped until the line has been quiet this long. */
#ifndef FW_RESYNC_QUIET_MS
#define FW_RESYNC_QUIET_MS 100u
#endif

/* Back-off: after the FW_FREE_FAILURES-th failed login in a row the device refuses logins for
 * FW_BACKOFF_BASE_MS, after each further failure for twice as long as the last time, at most
 * FW_BACKOFF_CAP_MS (2 s, 4 s, ... 1024 s: at the cap about 84 guesses a day). A successful
 * login clears the count. */
#ifndef FW_FREE_FAILURES
#define FW_FREE_FAILURES 3u
#endif
#ifndef FW_BACKOFF_BASE_MS
#define FW_BACKOFF_BASE_MS 2000u
#endif
#ifndef FW_BACKOFF_CAP_MS
#define FW_BACKOFF_CAP_MS 1024000u
#endif

/* Device log over semihosting. Without a debugger attached a semihosting call is a HardFault
 * on a Cortex-M, so it is off unless asked for; the QEMU and Unicorn builds of
 * python/fieldcrypt/firmware.py set FW_LOG 1. */
#ifndef FW_LOG
#define FW_LOG 0
#endif

#endif
