/* Record types of the generated vector tables (vectors.h). Byte strings are hex. */
#ifndef FC_VECTOR_TYPES_H
#define FC_VECTOR_TYPES_H

#include <stddef.h>

#include "fieldcrypt/algorithms.h"

/* alg: the fc_alg of the record's family (FC_SHA256, FC_HMAC_SHA256, FC_HKDF_SHA256, ...) */
typedef struct { fc_alg alg; const char *msg, *md, *source; } hash_vec;
/* NIST SHA-2 Monte Carlo: 'count' checkpoints, their digests concatenated in 'mds' */
typedef struct { fc_alg alg; const char *seed; int count; const char *mds, *source; } hash_monte_vec;
/* valid 0: the tag must not verify (Wycheproof "invalid"); a short tag is compared as a prefix */
typedef struct { fc_alg alg; const char *key, *msg, *tag; int valid; const char *source; } hmac_vec;
/* valid 0: the request must be refused (e.g. size above 255*HashLen) */
typedef struct {
    fc_alg alg;
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

/* CPace draft-21 */
typedef struct { const char *input, *output; } cpace_pl_vec;
typedef struct { int n; const char *inputs[4]; const char *output; } cpace_lv_vec;
typedef struct { const char *a, *b; int larger; } cpace_lex_vec;
typedef struct { const char *a, *b, *output; } cpace_ocat_vec;
typedef struct { int symmetric; const char *ya, *ada, *yb, *adb, *output; } cpace_tr_vec;
typedef struct {
    const char *prs, *ci, *sid, *generator_string, *hash_generator_string, *g;
    const char *ada, *adb, *ya, *Ya, *yb, *Yb, *K;
    const char *transcript_ir, *isk_input_ir, *isk_ir, *transcript_oc, *isk_input_oc, *isk_oc;
    const char *sid_output_ir, *sid_output_oc;
    const char *ta_ir, *tb_ir, *ta_oc, *tb_oc; /* key confirmation example (HMAC-SHA-512) */
} cpace_protocol_vec;
typedef struct { const char *u, *q; int must_abort; } cpace_low_order_vec;
typedef struct {
    const char *password, *device_id, *s, *n, *ya, *t, *yb;  /* inputs */
    const char *kpi, *msg1, *msg2, *msg3, *msg4, *key;       /* outputs */
} pace2017_vec;

/* Curve19119: fieldcrypt's own vectors (tests/vectors/x19119); an all-zero output must abort */
typedef struct { const char *scalar, *u, *output, *comment; } x19119_vec;
typedef struct { const char *scalar, *pub; } x19119_base_vec;
typedef struct {
    const char *prs, *ci, *sid, *ada, *adb, *ya, *yb;             /* inputs */
    const char *generator_string, *hash_generator_string, *g, *Ya, *Yb, *K;
    const char *transcript_ir, *isk_ir, *sid_output_ir, *ta_ir, *tb_ir;
    const char *transcript_oc, *isk_oc, *sid_output_oc, *ta_oc, *tb_oc;
} cpace19119_vec;

#endif
