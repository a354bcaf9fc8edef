/* fieldcrypt's configuration for the peer comparison image (FC_CONFIG_FILE): the library with
 * what the compared operations need (X25519, Ed25519, P-256, SHA-2, AES, ChaCha20-Poly1305)
 * and nothing else, as a device that uses them would build it. */
#ifndef FC_PEER_CONFIG_H
#define FC_PEER_CONFIG_H

#define FC_WITH_SHA224 0
#define FC_WITH_SHA384 0
#define FC_WITH_SALSA20 0
#define FC_WITH_SHA1 0
#define FC_WITH_MD5 0
#define FC_WITH_SM3 0
#define FC_WITH_DES 0
#define FC_WITH_X19119 0
#define FC_WITH_X448 0
#ifndef FC_WITH_RSA /* on in an image with the RSA operations (peerbench.py) */
#define FC_WITH_RSA 0
#endif
#define FC_WITH_EC_ALL_CURVES 0
#define FC_WITH_ENGINE 0

#endif
