/* fieldcrypt status codes.
 *
 * Every fieldcrypt function returns an fc_status. FC_OK is zero; every error is negative and
 * distinct, so a caller can tell a wrong length from a NULL pointer from misuse. On any error
 * the function has written nothing to its outputs (or has wiped them, where it had to write
 * before it could check, which the function's comment then says).
 */
#ifndef FIELDCRYPT_STATUS_H
#define FIELDCRYPT_STATUS_H

#ifdef __cplusplus
extern "C" {
#endif

/* What every function returns: FC_OK, FC_PENDING, or a negative error (docs/errors.md
 * says which function returns which, and the test that proves it). */
typedef enum fc_status {
    FC_OK = 0,                   /* success */
    FC_PENDING = 1,            /* engine.h: a job (or sliced login) has work left: step it again */
    FC_ERR_NULL = -1,          /* a required pointer was NULL */
    FC_ERR_LENGTH = -2,        /* a length is outside what the function accepts */
    FC_ERR_STATE = -3,         /* call out of order: context not initialised, finished, or reused */
    FC_ERR_UNSUPPORTED = -4,   /* no provider of the chain runs this call (or, from a driver: declined) */
    FC_ERR_NO_PROVIDER = -5,   /* no provider of that name in this build */
    FC_ERR_NO_RNG = -6,        /* randomness needed but no source is installed */
    FC_ERR_RNG_FAILED = -7,    /* the randomness source reported a failure */
    FC_ERR_ZERO_SHARED = -8,   /* X25519 result is all zero (low-order input): abort the protocol */
    FC_ERR_VERIFY = -9,        /* an authentication check failed */
    FC_ERR_PROVIDER = -10,     /* the provider's backend failed internally */
    FC_ERR_ARGUMENT = -11,     /* an argument value (not its length) is invalid, e.g. unknown algorithm */
    FC_ERR_PROTOCOL = -12,     /* the peer's message breaks the protocol (e.g. a reflected share) */
    FC_ERR_PADDING = -13,      /* decrypted data does not end in valid padding (PKCS#7) */
    FC_ERR_WEAK_KEY = -14,     /* a weak or semi-weak DES key; 3DES with K1 = K2 or K2 = K3 */
    FC_ERR_RESEED = -15,       /* a DRBG is past its reseed interval and has no entropy source */
    FC_ERR_POINT = -16,        /* a public key or point is not on the curve, is the point at
                                * infinity or has a coordinate >= p */
    FC_ERR_KEY = -17,          /* a private key is 0 or >= the group order, or not canonical */
    FC_ERR_ENCODING = -18,     /* malformed encoding: SEC1 point prefix, DER (not minimal,
                                * trailing bytes, wrong tag), wrong-length field */
    FC_ERR_DECRYPT = -19,      /* a ciphertext did not decrypt (RSA-OAEP: one status for every
                                * decoding failure) */
    FC_ERR_DOWNGRADE = -20,    /* a firmware image's version is below the one allowed */

    /* the login wire format and session (login.h) */
    FC_LOGIN_ERR_VERSION = -64,     /* frame version is not 1 */
    FC_LOGIN_ERR_SUITE = -65,       /* suite id unknown to wire version 1 */
    FC_LOGIN_ERR_TYPE = -66,        /* message type unknown for the suite */
    FC_LOGIN_ERR_OVERSIZED = -67,   /* length field above FC_LOGIN_MAX_PAYLOAD */
    FC_LOGIN_ERR_TRUNCATED = -68,   /* frame shorter than its header says */
    FC_LOGIN_ERR_TRAILING = -69,    /* bytes after the frame's payload */
    FC_LOGIN_ERR_PAYLOAD = -70,     /* payload length or id field wrong for the type */
    FC_LOGIN_ERR_WRONG_SUITE = -71, /* a known suite, not this session's */
    FC_LOGIN_ERR_UNEXPECTED = -72,  /* type out of order, or one this side sends */
    FC_LOGIN_ERR_REPLAY = -73,      /* a type this session already received */
    FC_LOGIN_ERR_PEER = -74,        /* the peer sent ERROR (fc_login_error) */
    FC_LOGIN_ERR_TIMEOUT = -75,     /* for fc_login_abort: the peer stalled */
    FC_LOGIN_ERR_CLOSED = -76       /* for fc_login_abort: link closed mid-run */
} fc_status;

/* A provider (provider.h). Declared here, in the header every other one includes, because C99
 * allows a typedef only once. */
typedef struct fc_provider fc_provider;

/* Short English name of a status ("FC_ERR_LENGTH: length out of range"); never NULL. */
const char *fc_status_str(fc_status status);

#ifdef __cplusplus
}
#endif
#endif
