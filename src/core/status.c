/* Names for status codes. */
#include "fieldcrypt/status.h"

const char *fc_status_str(fc_status status)
{
    switch (status) {
    case FC_OK: return "FC_OK: success";
    case FC_ERR_NULL: return "FC_ERR_NULL: required pointer is NULL";
    case FC_ERR_LENGTH: return "FC_ERR_LENGTH: length out of range";
    case FC_ERR_STATE: return "FC_ERR_STATE: call out of order or context not initialised";
    case FC_ERR_UNSUPPORTED: return "FC_ERR_UNSUPPORTED: provider lacks this algorithm";
    case FC_ERR_NO_PROVIDER: return "FC_ERR_NO_PROVIDER: no provider of that name";
    case FC_ERR_NO_RNG: return "FC_ERR_NO_RNG: no randomness source installed";
    case FC_ERR_RNG_FAILED: return "FC_ERR_RNG_FAILED: randomness source failed";
    case FC_ERR_ZERO_SHARED: return "FC_ERR_ZERO_SHARED: all-zero shared secret (low-order point)";
    case FC_ERR_VERIFY: return "FC_ERR_VERIFY: authentication check failed";
    case FC_ERR_PROVIDER: return "FC_ERR_PROVIDER: provider backend failed";
    case FC_ERR_ARGUMENT: return "FC_ERR_ARGUMENT: invalid argument value";
    case FC_ERR_PROTOCOL: return "FC_ERR_PROTOCOL: peer message breaks the protocol";
    }
    return "unknown fc_status";
}
