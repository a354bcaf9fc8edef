/* Constant-time helpers and secure wiping.
 *
 * Their time depends on the lengths only, never on the bytes compared or selected.
 * fc_ct_equal and fc_ct_is_zero return a verdict meant to be acted on (tag accepted, shared
 * secret all zero): the result is public, only which bytes differ stays hidden. The
 * constant-flow check (tests/c/test_constant_flow.c) treats it that way.
 */
#ifndef FIELDCRYPT_CT_H
#define FIELDCRYPT_CT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* 1 if a[0..len) == b[0..len), else 0. */
int fc_ct_equal(const void *a, const void *b, size_t len);
/* 1 if every byte of a[0..len) is zero, else 0. */
int fc_ct_is_zero(const void *a, size_t len);
/* out = choose ? a : b, for choose in {0, 1}. out may alias a or b. */
void fc_ct_select(void *out, const void *a, const void *b, size_t len, uint32_t choose);
/* Swap a and b when swap == 1, leave them when swap == 0. */
void fc_ct_swap(void *a, void *b, size_t len, uint32_t swap);
/* Overwrite with zeros in a way the compiler may not remove. */
void fc_zeroize(void *p, size_t len);

#ifdef __cplusplus
}
#endif
#endif
