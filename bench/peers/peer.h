/* One library's answers to the peer comparison's operations (bench/peers/peer_main.c). Each
 * bench/peers/peer_<library>.c implements these over that library's own API; an operation the
 * library lacks returns PEER_ABSENT and is left out of the comparison. */
#ifndef FC_PEER_H
#define FC_PEER_H

#include <stddef.h>
#include <stdint.h>

#define PEER_OK 0
#define PEER_ABSENT 1   /* the library has no such operation */
#define PEER_FAILED 2   /* the library reported an error */

int peer_setup(void);   /* once, before the first operation (library init, RNG hooks) */
int peer_x25519(uint8_t out[32], const uint8_t scalar[32], const uint8_t u[32]);
int peer_sha256(uint8_t digest[32], const uint8_t *msg, size_t len);
int peer_sha512(uint8_t digest[64], const uint8_t *msg, size_t len);

#endif
