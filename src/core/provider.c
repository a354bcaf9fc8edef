/* The providers compiled into this build, lookup by name, and capability queries. */
#include "core.h"

#include <string.h>

extern const fc_provider fc_provider_soft;
#if FC_WITH_OPENSSL
extern const fc_provider fc_provider_openssl;
#endif

static const fc_provider *const registry[] = {
    &fc_provider_soft,
#if FC_WITH_OPENSSL
    &fc_provider_openssl,
#endif
};

#define REGISTRY_COUNT (sizeof(registry) / sizeof(registry[0]))

size_t fc_provider_count(void)
{
    return REGISTRY_COUNT;
}

const fc_provider *fc_provider_at(size_t i)
{
    return i < REGISTRY_COUNT ? registry[i] : NULL;
}

const fc_provider *fc_provider_find(const char *name)
{
    size_t i;
    if (name == NULL)
        return NULL;
    for (i = 0; i < REGISTRY_COUNT; i++)
        if (strcmp(registry[i]->name, name) == 0)
            return registry[i];
    return NULL;
}

const fc_provider *fc_provider_default(void)
{
    const fc_provider *p = fc_provider_find(FC_DEFAULT_PROVIDER);
    return p != NULL ? p : registry[0];
}

const fc_provider *fc_core_provider(const fc_provider *provider)
{
    return provider != NULL ? provider : fc_provider_default();
}

int fc_core_hash_alg_valid(fc_hash_alg alg)
{
    return (unsigned)alg < FC_HASH_ALG_COUNT;
}

static const char *const hash_names[FC_HASH_ALG_COUNT] = {"sha224", "sha256", "sha384", "sha512"};

int fc_provider_supports(const fc_provider *provider, const char *alg)
{
    size_t i;
    if (provider == NULL || alg == NULL)
        return 0;
    for (i = 0; i < FC_HASH_ALG_COUNT; i++) {
        if (strcmp(alg, hash_names[i]) == 0)
            return provider->hash[i] != NULL;
        if (strncmp(alg, "hmac-", 5) == 0 && strcmp(alg + 5, hash_names[i]) == 0)
            return provider->hmac[i] != NULL;
        if (strncmp(alg, "hkdf-", 5) == 0 && strcmp(alg + 5, hash_names[i]) == 0)
            return provider->hkdf != NULL && provider->hmac[i] != NULL;
    }
    if (strcmp(alg, "salsa20") == 0 || strcmp(alg, "hsalsa20") == 0 || strcmp(alg, "xsalsa20") == 0)
        return provider->salsa20 != NULL;
    if (strcmp(alg, "x25519") == 0)
        return provider->x25519 != NULL;
    if (strcmp(alg, "elligator2-curve25519") == 0)
        return provider->x25519 != NULL && provider->x25519->elligator2 != NULL;
    if (strcmp(alg, "x19119") == 0)
        return provider->x19119 != NULL;
    if (strcmp(alg, "elligator2-curve19119") == 0)
        return provider->x19119 != NULL && provider->x19119->elligator2 != NULL;
    return 0;
}
