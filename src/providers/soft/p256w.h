/* The names of the 8-limb copy of ecw_point.c and ec_soft.c that serves secp256r1 in a build
 * with every curve (p256_point.c): the files that use that copy (p256_point.c, p256_job*.c)
 * include this before ecw.h. In a P-256-only build ecw_point.c itself has 8 limbs and the
 * plain names stay. Internal. */
#ifndef FC_SOFT_P256W_H
#define FC_SOFT_P256W_H

#include "fieldcrypt/config.h"

#if FC_WITH_EC_ALL_CURVES
#define ECW_MAX_LIMBS 8

#define ecw_ctx_init p256w_ctx_init
#define ecw_point_add p256w_point_add
#define ecw_point_add_first p256w_point_add_first
#define ecw_point_add_second p256w_point_add_second
#define ecw_point_double p256w_point_double
#define ecw_point_double_first p256w_point_double_first
#define ecw_point_double_second p256w_point_double_second
#define ecw_point_base p256w_point_base
#define ecw_curve_rhs p256w_curve_rhs
#define ecw_point_load p256w_point_load
#define ecw_point_store p256w_point_store
#define ecw_scalar_mul p256w_scalar_mul
#define ecw_scalar_pick p256w_scalar_pick
#define ecw_comb_mul p256w_comb_mul
#define ecw_comb_column p256w_comb_column
#define ecw_base_mul p256w_base_mul
#define ecw_double_mul p256w_double_mul
#define ecw_jacobian_from_projective p256w_jacobian_from_projective
#define ecw_jacobian_to_projective p256w_jacobian_to_projective
#define ecw_jacobian_double p256w_jacobian_double
#endif

#endif
