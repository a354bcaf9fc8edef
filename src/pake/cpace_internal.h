/* CPace string functions (draft-irtf-cfrg-cpace-21 section "Definitions and notation"),
 * shared by cpace.c and its tests. Each writes into a sink that either appends to a buffer or
 * feeds a hash, so the tests check the very code that builds the hash inputs. */
#ifndef FC_CPACE_INTERNAL_H
#define FC_CPACE_INTERNAL_H

#include "fieldcrypt/fieldcrypt.h"

typedef struct cpace_sink {
    fc_hash_ctx *hash;   /* non-NULL: feed this hash */
    uint8_t *buf;        /* else append here */
    size_t cap, len;
    fc_status status;    /* first error; later writes are ignored */
    /* window mode (the slice engine's hashes): count every byte in total and keep only bytes
     * [skip, skip + cap) of the whole string, at buf (buf may be NULL: count only) */
    int window;
    size_t skip, total;
} cpace_sink;

void fc_cpace_put(cpace_sink *s, const uint8_t *data, size_t len);
/* prepend_len(data): LEB128 length, then the data */
void fc_cpace_put_lv(cpace_sink *s, const uint8_t *data, size_t len);
/* lexiographically_larger(a, b) of the draft: 1 or 0 */
int fc_cpace_lex_larger(const uint8_t *a, size_t alen, const uint8_t *b, size_t blen);
/* o_cat(a, b) = "oc" || larger || smaller */
void fc_cpace_put_ocat(cpace_sink *s, const uint8_t *a, size_t alen, const uint8_t *b, size_t blen);
/* transcript_ir = lv_cat(Ya, ADa) || lv_cat(Yb, ADb);
 * transcript_oc = o_cat(lv_cat(Ya, ADa), lv_cat(Yb, ADb)). symmetric selects the second. */
void fc_cpace_put_transcript(cpace_sink *s, int symmetric, const uint8_t *ya, size_t ya_len,
                             const uint8_t *ada, size_t ada_len, const uint8_t *yb, size_t yb_len,
                             const uint8_t *adb, size_t adb_len);
/* the suite's DSI (isk = 0) or DSI_ISK (isk = 1), NULL for an unknown suite */
const char *fc_cpace_dsi(int suite, int isk);
/* generator_string(DSI, PRS, CI, sid, s_in_bytes) */
void fc_cpace_put_generator_string(cpace_sink *s, const uint8_t *dsi, size_t dsi_len,
                                   const uint8_t *prs, size_t prs_len, const uint8_t *ci,
                                   size_t ci_len, const uint8_t *sid, size_t sid_len,
                                   size_t s_in_bytes);

#endif
