/* Record types of the generated vector tables (vectors.h). Byte strings are hex. */
#ifndef FC_VECTOR_TYPES_H
#define FC_VECTOR_TYPES_H

#include <stddef.h>

typedef struct { int alg; const char *msg, *md, *source; } hash_vec;
/* NIST SHA-2 Monte Carlo: 'count' checkpoints, their digests concatenated in 'mds' */
typedef struct { int alg; const char *seed; int count; const char *mds, *source; } hash_monte_vec;
/* valid 0: the tag must not verify (Wycheproof "invalid"); a short tag is compared as a prefix */
typedef struct { int alg; const char *key, *msg, *tag; int valid; const char *source; } hmac_vec;
/* valid 0: the request must be refused (e.g. size above 255*HashLen) */
typedef struct {
    int alg;
    const char *ikm, *salt, *info;
    size_t size;
    const char *okm;
    int valid;
    const char *source;
} hkdf_vec;
typedef struct { const char *scalar, *u, *shared, *source; } x25519_vec;
typedef struct { unsigned long iterations; const char *k; } x25519_iter_vec;
typedef struct { const char *r, *u, *source; } ell2_vec;
typedef struct { size_t offset; const char *hex; } stream_chunk;
typedef struct {
    const char *key, *iv;
    int nchunks;
    stream_chunk chunks[4];
    const char *xor_digest;
    const char *source;
} salsa20_vec;

#endif
