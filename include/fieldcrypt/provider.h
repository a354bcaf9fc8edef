/* Providers: interchangeable implementations behind the one API, chained.
 *
 * A provider is a list of implementations (driver.h), each of one algorithm, and may name the
 * provider after it (fc_provider_next). A call walks that chain: the first provider with an
 * implementation of the algorithm gets it, either its own or the core's generic mode over an
 * algorithm it has (HMAC over its hash, HKDF over its HMAC, XSalsa20 over its Salsa20:
 * algorithms.def's mode column). An implementation may decline one call (FC_ERR_UNSUPPORTED,
 * having written nothing: a length it cannot do, a busy or absent peripheral); the call then
 * goes to the next provider. Any other status ends the call: a failure is never retried. A
 * chain with nothing for the algorithm, or whose every implementation declined, returns
 * FC_ERR_UNSUPPORTED. Streaming contexts (hash, MAC, stream cipher) are bound to the
 * implementation that accepted their init; its later calls do not decline.
 *
 * Choosing one: pass NULL for the compile-time default (FC_DEFAULT_PROVIDER in config.h: the
 * chain openssl -> soft on a host build with OpenSSL, soft alone or a driver -> soft chain on
 * a device), or a pointer from fc_provider_find("soft") at run time.
 *
 * The public functions (hash.h, mac.h, ...) check arguments, lengths and context lifecycle
 * before any provider sees a call, and apply the output discipline after it (copy on success,
 * wipe on failure, the all-zero check of X25519), so every provider behaves the same at the
 * edges.
 */
#ifndef FIELDCRYPT_PROVIDER_H
#define FIELDCRYPT_PROVIDER_H

#include <stddef.h>
#include <stdint.h>
#include "status.h"
#include "algorithms.h"

#ifdef __cplusplus
extern "C" {
#endif

/* NULL: default provider. Never returns NULL in a build with at least one provider. */
const fc_provider *fc_provider_default(void);
/* Provider by name, or NULL when this build has none of that name. */
const fc_provider *fc_provider_find(const char *name);
/* Providers of this build, i = 0 .. fc_provider_count()-1; NULL past the end. */
size_t fc_provider_count(void);
const fc_provider *fc_provider_at(size_t i);
/* Name, one-line description and the next provider of the chain (NULL at its end);
 * provider NULL means the default. */
const char *fc_provider_name(const fc_provider *provider);
const char *fc_provider_description(const fc_provider *provider);
const fc_provider *fc_provider_next(const fc_provider *provider);

/* 1 when the chain starting at provider can run alg, else 0. */
int fc_provider_supports(const fc_provider *provider, fc_alg alg);
/* 1 when provider itself (not the providers after it) can run alg: an implementation of its
 * own, or the core's mode over one; *flags (may be NULL) gets that implementation's FC_IMPL_*
 * flags (driver.h); for a mode, its base's without FC_IMPL_SLICEABLE. NULL: the default. */
int fc_provider_implements(const fc_provider *provider, fc_alg alg, unsigned *flags);

/* sizeof the type of that name ("fc_hash_ctx", "fc_login", ...: FC_CONTEXT in
 * algorithms.def), 0 for other names. For bindings that allocate contexts without seeing the
 * C headers. */
size_t fc_context_size(const char *type_name);

#ifdef __cplusplus
}
#endif
#endif
