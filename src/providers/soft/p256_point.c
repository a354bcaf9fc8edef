/* secp256r1 with 8-limb elements in a build with every curve: ecw_point.c and ec_soft.c compiled
 * a second time with ECW_MAX_LIMBS 8 and ECW_P256_COPY, their external functions renamed
 * p256w_*, so that P-256's points, tables and work areas are sized for 256 bits instead of
 * secp521r1's 17 limbs (about 900 bytes less stack for ECDH). The field code (ecw_field.c,
 * p256_field.c) takes pointers and limb counts and is shared. This copy defines
 * fc_soft_secp256r1; ec_soft.c's own copy leaves it out (ecw.h, ECW_P256_SPLIT). The constant-time
 * arguments are those of the two files.
 */
#include "fieldcrypt/config.h"

#if FC_WITH_EC && FC_WITH_EC_ALL_CURVES

#define ECW_P256_COPY 1
#include "p256w.h"

#include "ecw_point.c"
#include "ec_soft.c"

#endif
