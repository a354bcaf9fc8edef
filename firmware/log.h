/* The device log: one line per event, over semihosting (QEMU's -semihosting, a debugger, or
 * fieldcrypt's Unicorn runner). Never given a secret: the session key appears only as the
 * fingerprint the handheld prints too. FW_LOG 0 compiles the log away. */
#ifndef FW_LOG_H
#define FW_LOG_H

#include "config.h"

#if FW_LOG
/* printf subset: %s, %d (int), %u (unsigned), %x (unsigned, hex), %%. The line gets a "fw: " prefix and a newline. */
void fw_log(const char *fmt, ...);
#else
/* arguments still count as used, so a build without the log has no unused-variable noise */
static inline void fw_log(const char *fmt, ...)
{
    (void)fmt;
}
#endif

#endif
