/* CPace string functions (draft-irtf-cfrg-cpace-21 section "Definitions and notation"),
 * shared by cpace.c, the sliced login (login_messages.c) and the tests. Each writes into a
 * sink (sink.h), never into a hash: a hash input is built once per window of it and the window
 * is hashed, so these functions never reach the hash code and their stack stays small wherever
 * they run (a sliced hash job calls them inside a step). */
#ifndef FC_CPACE_INTERNAL_H
#define FC_CPACE_INTERNAL_H

#include "fieldcrypt/fieldcrypt.h"

/* prepend_len(data): LEB128 length, then the data */
void fc_cpace_put_lv(fc_sink *s, const uint8_t *data, size_t len);
/* lexiographically_larger(a, b) of the draft: 1 or 0 */
int fc_cpace_lex_larger(const uint8_t *a, size_t alen, const uint8_t *b, size_t blen);
/* o_cat(a, b) = "oc" || larger || smaller */
void fc_cpace_put_ocat(fc_sink *s, const uint8_t *a, size_t alen, const uint8_t *b, size_t blen);
/* transcript_ir = lv_cat(Ya, ADa) || lv_cat(Yb, ADb);
 * transcript_oc = o_cat(lv_cat(Ya, ADa), lv_cat(Yb, ADb)). symmetric selects the second. */
void fc_cpace_put_transcript(fc_sink *s, int symmetric, const uint8_t *ya, size_t ya_len,
                             const uint8_t *ada, size_t ada_len, const uint8_t *yb, size_t yb_len,
                             const uint8_t *adb, size_t adb_len);
/* the suite's DSI (isk = 0) or DSI_ISK (isk = 1), NULL for an unknown suite */
const char *fc_cpace_dsi(int suite, int isk);
/* generator_string(DSI, PRS, CI, sid, s_in_bytes) */
void fc_cpace_put_generator_string(fc_sink *s, const uint8_t *dsi, size_t dsi_len,
                                   const uint8_t *prs, size_t prs_len, const uint8_t *ci,
                                   size_t ci_len, const uint8_t *sid, size_t sid_len,
                                   size_t s_in_bytes);

#endif
