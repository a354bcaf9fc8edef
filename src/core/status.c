/* Names for status codes. */
#include "fieldcrypt/config.h"
#include "fieldcrypt/status.h"

const char *fc_status_str(fc_status status)
{
#if !FC_WITH_STATUS_STRINGS
    /* firmware without text output: 1.6 KiB of flash saved */
    return status == FC_OK ? "FC_OK" : "fc_status error (strings not built)";
#else
    switch (status) {
    case FC_OK: return "FC_OK: success";
    case FC_PENDING: return "FC_PENDING: work left, step the job again";
    case FC_ERR_NULL: return "FC_ERR_NULL: required pointer is NULL";
    case FC_ERR_LENGTH: return "FC_ERR_LENGTH: length out of range";
    case FC_ERR_STATE: return "FC_ERR_STATE: call out of order or context not initialised";
    case FC_ERR_UNSUPPORTED: return "FC_ERR_UNSUPPORTED: no provider of the chain runs this call";
    case FC_ERR_NO_PROVIDER: return "FC_ERR_NO_PROVIDER: no provider of that name";
    case FC_ERR_NO_RNG: return "FC_ERR_NO_RNG: no randomness source installed";
    case FC_ERR_RNG_FAILED: return "FC_ERR_RNG_FAILED: randomness source failed";
    case FC_ERR_ZERO_SHARED: return "FC_ERR_ZERO_SHARED: all-zero shared secret (low-order point)";
    case FC_ERR_VERIFY: return "FC_ERR_VERIFY: authentication check failed";
    case FC_ERR_PROVIDER: return "FC_ERR_PROVIDER: provider backend failed";
    case FC_ERR_ARGUMENT: return "FC_ERR_ARGUMENT: invalid argument value";
    case FC_ERR_PROTOCOL: return "FC_ERR_PROTOCOL: peer message breaks the protocol";
    case FC_ERR_PADDING: return "FC_ERR_PADDING: invalid padding after decryption";
    case FC_ERR_WEAK_KEY: return "FC_ERR_WEAK_KEY: weak DES key or repeated 3DES key";
    case FC_ERR_RESEED: return "FC_ERR_RESEED: DRBG needs a reseed and has no entropy source";
    case FC_ERR_POINT: return "FC_ERR_POINT: point not on the curve, at infinity or out of range";
    case FC_ERR_KEY: return "FC_ERR_KEY: private key out of range";
    case FC_ERR_ENCODING: return "FC_ERR_ENCODING: malformed encoding";
    case FC_ERR_DECRYPT: return "FC_ERR_DECRYPT: ciphertext did not decrypt";
    case FC_ERR_DOWNGRADE: return "FC_ERR_DOWNGRADE: image version below the one allowed";
    case FC_LOGIN_ERR_VERSION: return "FC_LOGIN_ERR_VERSION: frame version is not 1";
    case FC_LOGIN_ERR_SUITE: return "FC_LOGIN_ERR_SUITE: unknown suite id";
    case FC_LOGIN_ERR_TYPE: return "FC_LOGIN_ERR_TYPE: unknown message type for the suite";
    case FC_LOGIN_ERR_OVERSIZED: return "FC_LOGIN_ERR_OVERSIZED: frame length above the maximum";
    case FC_LOGIN_ERR_TRUNCATED: return "FC_LOGIN_ERR_TRUNCATED: frame shorter than its header says";
    case FC_LOGIN_ERR_TRAILING: return "FC_LOGIN_ERR_TRAILING: bytes after the frame's payload";
    case FC_LOGIN_ERR_PAYLOAD: return "FC_LOGIN_ERR_PAYLOAD: payload length or field wrong for the message";
    case FC_LOGIN_ERR_WRONG_SUITE: return "FC_LOGIN_ERR_WRONG_SUITE: frame of another suite than the session's";
    case FC_LOGIN_ERR_UNEXPECTED: return "FC_LOGIN_ERR_UNEXPECTED: message out of its place in the flow";
    case FC_LOGIN_ERR_REPLAY: return "FC_LOGIN_ERR_REPLAY: message already received (replay)";
    case FC_LOGIN_ERR_PEER: return "FC_LOGIN_ERR_PEER: the peer aborted the login";
    case FC_LOGIN_ERR_TIMEOUT: return "FC_LOGIN_ERR_TIMEOUT: the peer stalled";
    case FC_LOGIN_ERR_CLOSED: return "FC_LOGIN_ERR_CLOSED: the link closed during the login";
    }
    return "unknown fc_status";
#endif
}
