/* The providers compiled into this build, the chain walk and capability queries. */
#include "core.h"

_Static_assert(FC_ALG_COUNT <= 256, "fc_alg_entry keeps an id in a byte");

#ifdef FC_DRIVER_PROVIDER
extern const fc_provider FC_DRIVER_PROVIDER;
#endif
#if FC_WITH_OPENSSL
extern const fc_provider fc_provider_openssl;
#endif
#if FC_WITH_SODIUM
extern const fc_provider fc_provider_sodium;
#endif
#if FC_WITH_MBEDTLS
extern const fc_provider fc_provider_mbedtls;
#endif
#if FC_WITH_WOLFSSL
extern const fc_provider fc_provider_wolfssl;
#endif

static const fc_provider *const registry[] = {
#ifdef FC_DRIVER_PROVIDER
    &FC_DRIVER_PROVIDER,
#endif
#if FC_WITH_OPENSSL
    &fc_provider_openssl,
#endif
#if FC_WITH_SODIUM
    &fc_provider_sodium,
#endif
#if FC_WITH_MBEDTLS
    &fc_provider_mbedtls,
#endif
#if FC_WITH_WOLFSSL
    &fc_provider_wolfssl,
#endif
    &fc_provider_soft,
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

const char *fc_provider_name(const fc_provider *provider)
{
    return fc_core_provider(provider)->name;
}

const char *fc_provider_description(const fc_provider *provider)
{
    return fc_core_provider(provider)->description;
}

const fc_provider *fc_provider_next(const fc_provider *provider)
{
    return fc_core_provider(provider)->next;
}

const fc_impl *fc_core_own(const fc_provider *provider, fc_alg alg)
{
    size_t i;
    for (i = 0; i < provider->impl_count; i++)
        if (provider->impls[i]->alg == (uint16_t)alg)
            return provider->impls[i];
    return NULL;
}

/* What p itself runs alg with: its own implementation, or that of the base the mode runs over
 * (HKDF over HMAC over a hash: down to the hash). NULL if neither; *mode says whether a mode
 * was needed. */
static const fc_impl *implementation(const fc_provider *p, fc_alg alg, int *mode)
{
    const fc_alg_entry *e;
    const fc_impl *impl;
    *mode = 0;
    while ((impl = fc_core_own(p, alg)) == NULL) {
        e = fc_core_alg(alg);
        if (e == NULL || e->mode == FC_MODE_NONE)
            return NULL;
        alg = (fc_alg)e->base;
        *mode = e->mode;
    }
    /* the stream modes need the base's subkey function */
    if ((*mode == FC_MODE_XNONCE || *mode == FC_MODE_SUBKEY) && impl->ops.stream.subkey == NULL)
        return NULL;
    return impl;
}

int fc_provider_implements(const fc_provider *provider, fc_alg alg, unsigned *flags)
{
    const fc_impl *impl;
    int mode;
    if (fc_core_alg(alg) == NULL)
        return 0;
    impl = implementation(fc_core_provider(provider), alg, &mode);
    /* a mode is as constant time and as hardware as its base; it has no job of its own */
    if (impl != NULL && flags != NULL)
        *flags = mode ? impl->flags & ~FC_IMPL_SLICEABLE : impl->flags;
    return impl != NULL;
}

int fc_provider_supports(const fc_provider *provider, fc_alg alg)
{
    const fc_provider *p;
    for (p = fc_core_provider(provider); p != NULL; p = p->next)
        if (fc_provider_implements(p, alg, NULL))
            return 1;
    return 0;
}
