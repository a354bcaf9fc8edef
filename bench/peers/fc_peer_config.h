/* fieldcrypt's configuration for the peer comparison image (FC_CONFIG_FILE): the library with
 * what the compared operations need and nothing else, as a device that uses them would build
 * it, so that its image flash is comparable with the peers' (which link only these). */
#ifndef FC_PEER_CONFIG_H
#define FC_PEER_CONFIG_H

#define FC_WITH_SHA224 0
#define FC_WITH_SHA384 0
#define FC_WITH_SALSA20 0
#define FC_WITH_SHA1 0
#define FC_WITH_MD5 0
#define FC_WITH_SM3 0
#define FC_WITH_AES 0
#define FC_WITH_DES 0
#define FC_WITH_CHACHA20 0
#define FC_WITH_X19119 0
#define FC_WITH_X448 0
#define FC_WITH_RSA 0
#define FC_WITH_ED25519 0
#define FC_WITH_EC 0
#define FC_WITH_ENGINE 0

#endif
