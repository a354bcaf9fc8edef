/* Power-on known-answer tests: one short public vector per algorithm, run through a provider.
 * Firmware can call it at start-up; the host CLI runs it for every provider. */
#ifndef FIELDCRYPT_SELFTEST_H
#define FIELDCRYPT_SELFTEST_H

#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif


/* Called once per algorithm: result FC_OK (pass), FC_ERR_VERIFY (wrong answer),
 * FC_ERR_UNSUPPORTED (the provider lacks it: skipped) or the error the call returned. */
typedef void (*fc_selftest_report_fn)(void *user, const char *alg, fc_status result);

/* FC_OK when every supported algorithm passed; otherwise the first failure. report may be NULL. */
fc_status fc_selftest(const fc_provider *provider, fc_selftest_report_fn report, void *user);

#ifdef __cplusplus
}
#endif
#endif
