/* mbedTLS 3.6 (peers/peers.json) through its classic API, configured by
 * bench/peers/fc_mbedtls_config.h. X25519 is mbedtls_ecp_mul on Curve25519, which randomises
 * its projective coordinates with the RNG it is given (here a fixed xorshift: the cycles do
 * not depend on its values). */
#include <string.h>

#include "mbedtls/ecp.h"
#include "mbedtls/memory_buffer_alloc.h"
#include "mbedtls/sha256.h"
#include "mbedtls/sha512.h"
#include "peer.h"

static unsigned char heap[12 * 1024];
static uint32_t rng_state = 0x9e3779b9u;

static int rng(void *ctx, unsigned char *out, size_t len)
{
    (void)ctx;
    while (len--) {
        rng_state ^= rng_state << 13;
        rng_state ^= rng_state >> 17;
        rng_state ^= rng_state << 5;
        *out++ = (unsigned char)rng_state;
    }
    return 0;
}

void *peer_no_calloc(size_t n, size_t size)
{
    (void)n; (void)size;
    return NULL;
}

void peer_no_free(void *p)
{
    (void)p;
}

int peer_setup(void)
{
    mbedtls_memory_buffer_alloc_init(heap, sizeof heap);
    return PEER_OK;
}

int peer_x25519(uint8_t out[32], const uint8_t scalar[32], const uint8_t u[32])
{
    mbedtls_ecp_group grp;
    mbedtls_ecp_point p, r;
    mbedtls_mpi k;
    int ret;

    mbedtls_ecp_group_init(&grp);
    mbedtls_ecp_point_init(&p);
    mbedtls_ecp_point_init(&r);
    mbedtls_mpi_init(&k);
    ret = mbedtls_ecp_group_load(&grp, MBEDTLS_ECP_DP_CURVE25519);
    if (ret == 0) /* RFC 7748 decoding: little-endian, bit 255 of u masked, scalar clamped */
        ret = mbedtls_ecp_point_read_binary(&grp, &p, u, 32);
    if (ret == 0)
        ret = mbedtls_mpi_read_binary_le(&k, scalar, 32);
    if (ret == 0)
        ret = mbedtls_mpi_set_bit(&k, 0, 0) | mbedtls_mpi_set_bit(&k, 1, 0) |
              mbedtls_mpi_set_bit(&k, 2, 0) | mbedtls_mpi_set_bit(&k, 255, 0) |
              mbedtls_mpi_set_bit(&k, 254, 1);
    if (ret == 0)
        ret = mbedtls_ecp_mul(&grp, &r, &k, &p, rng, NULL);
    if (ret == 0)
        ret = mbedtls_ecp_point_write_binary(&grp, &r, MBEDTLS_ECP_PF_UNCOMPRESSED, &(size_t){0},
                                             out, 32);
    mbedtls_mpi_free(&k);
    mbedtls_ecp_point_free(&r);
    mbedtls_ecp_point_free(&p);
    mbedtls_ecp_group_free(&grp);
    return ret == 0 ? PEER_OK : PEER_FAILED;
}

int peer_sha256(uint8_t digest[32], const uint8_t *msg, size_t len)
{
    return mbedtls_sha256(msg, len, digest, 0) == 0 ? PEER_OK : PEER_FAILED;
}

int peer_sha512(uint8_t digest[64], const uint8_t *msg, size_t len)
{
    return mbedtls_sha512(msg, len, digest, 0) == 0 ? PEER_OK : PEER_FAILED;
}
