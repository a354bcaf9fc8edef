/* The constant-time AES of aes_ct.c (internal): which of its parts run in assembly. */
#ifndef FC_SOFT_AES_CT_H
#define FC_SOFT_AES_CT_H

#include <stddef.h>
#include <stdint.h>

#include "fieldcrypt/config.h"

/* aes_ct_armv7m.c encrypts in Thumb-2 assembly on the Cortex-M3/M4/M33 (gcc with
 * optimization: the rounds use every register but r0, r7 and lr included, as in
 * p256_field_armv6m.c); it reads and writes the blocks with single LDR and STR, which these
 * cores do at any alignment (__ARM_FEATURE_UNALIGNED, off with -mno-unaligned-access).
 * FC_AES_ASM 0 keeps the portable C. */
#ifndef FC_AES_ASM
#define FC_AES_ASM 1
#endif
#if FC_AES_ASM &&                                                                          \
    (defined(__ARM_ARCH_7M__) || defined(__ARM_ARCH_7EM__) || defined(__ARM_ARCH_8M_MAIN__)) && \
    defined(__ARM_FEATURE_UNALIGNED) && defined(__OPTIMIZE__) && defined(__GNUC__) &&      \
    !defined(__clang__)
#define AES_CT_THUMB2 1
#else
#define AES_CT_THUMB2 0
#endif

/* Encrypts pairs * 2 blocks of in to out (out == in allowed) with the round keys of aes_ct.c's
 * state: rk its round key 0 and bitsliced pairs, nr its round count. */
void aes_ct_encrypt_armv7m(const uint32_t *rk, uint32_t nr, uint8_t *out, const uint8_t *in,
                           size_t pairs);

#endif
