/* The login's keys (login.h, "Credentials" and "Session key"): the device credential, the
 * handheld's half of it, and the session key both sides derive. */
#include <string.h>

#include "fieldcrypt/kdf.h"
#include "login_internal.h"

const char fc_login_prs_salt[] = "fieldcrypt login PRS v1";
/* pace2017.c's salt: the handheld splits fc_pace2017_derive_kpi into extract and expand */
const char fc_login_kpi_salt[] = "fieldcrypt PACE2017 K_pi v1";
const char fc_login_key_salt[] = "fieldcrypt login v1";

fc_status fc_login_credential(const fc_provider *provider, unsigned suite, uint8_t *cred,
                              size_t cred_len, const uint8_t *password, size_t password_len,
                              const uint8_t *device_id, size_t device_id_len)
{
    const fc_login_suite_info *s = fc_login_suite(suite);
    if (cred == NULL || device_id == NULL || (password == NULL && password_len > 0))
        return FC_ERR_NULL;
    if (s == NULL)
        return FC_ERR_ARGUMENT;
    if (!s->available)
        return FC_ERR_UNSUPPORTED;
    if (cred_len != FC_LOGIN_CRED_LEN || device_id_len < 1 || device_id_len > FC_LOGIN_MAX_ID)
        return FC_ERR_LENGTH;
    if (s->family == FC_LOGIN_FAMILY_PACE2017)
        return fc_pace2017_derive_kpi(provider, cred, password, password_len, device_id,
                                      device_id_len);
    return fc_kdf(provider, FC_HKDF_SHA512, cred, cred_len, (const uint8_t *)fc_login_prs_salt,
                  sizeof(fc_login_prs_salt) - 1, password, password_len, device_id,
                  device_id_len);
}

fc_status fc_login_handheld_credential(const fc_login *ctx, uint8_t cred[FC_LOGIN_CRED_LEN])
{
    return fc_kdf_expand(ctx->provider, FC_HKDF_SHA512, cred, FC_LOGIN_CRED_LEN, ctx->secret,
                         sizeof(ctx->secret), ctx->peer_id, ctx->peer_id_len);
}

fc_status fc_login_derive_okm(fc_login *ctx, const uint8_t *ikm, size_t ikm_len,
                              size_t okm_len)
{
    uint8_t info[1 + 2 * (1 + FC_LOGIN_MAX_ID)];
    int device = ctx->role == FC_LOGIN_DEVICE;
    size_t n = 0;
    info[n++] = ctx->suite;
    n += fc_login_put_id(info + n, device ? ctx->own_id : ctx->peer_id,
                         device ? ctx->own_id_len : ctx->peer_id_len);
    n += fc_login_put_id(info + n, device ? ctx->peer_id : ctx->own_id,
                         device ? ctx->peer_id_len : ctx->own_id_len);
    return fc_kdf(ctx->provider, FC_HKDF_SHA512, ctx->okm, okm_len,
                  (const uint8_t *)fc_login_key_salt, sizeof(fc_login_key_salt) - 1, ikm,
                  ikm_len, info, n);
}
