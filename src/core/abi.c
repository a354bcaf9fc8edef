/* Facts about the ABI that language bindings need and cannot get from the headers. */
#include "core.h"

size_t fc_context_size(const char *type_name)
{
    if (type_name == NULL)
        return 0;
    if (strcmp(type_name, "fc_hash_ctx") == 0)
        return sizeof(fc_hash_ctx);
    if (strcmp(type_name, "fc_hmac_ctx") == 0)
        return sizeof(fc_hmac_ctx);
    if (strcmp(type_name, "fc_salsa20_ctx") == 0)
        return sizeof(fc_salsa20_ctx);
    if (strcmp(type_name, "fc_cpace_ctx") == 0)
        return sizeof(fc_cpace_ctx);
    if (strcmp(type_name, "fc_cpace_params") == 0)
        return sizeof(fc_cpace_params);
    if (strcmp(type_name, "fc_pace2017_ctx") == 0)
        return sizeof(fc_pace2017_ctx);
    if (strcmp(type_name, "fc_login") == 0)
        return sizeof(fc_login);
    if (strcmp(type_name, "fc_login_config") == 0)
        return sizeof(fc_login_config);
    if (strcmp(type_name, "fc_job") == 0)
        return sizeof(fc_job);
    if (strcmp(type_name, "fc_login_reasm") == 0)
        return sizeof(fc_login_reasm);
    return 0;
}

const char *fc_provider_name(const fc_provider *provider)
{
    return fc_core_provider(provider)->name;
}

const char *fc_provider_description(const fc_provider *provider)
{
    return fc_core_provider(provider)->description;
}
