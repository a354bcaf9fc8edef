/* Internal entry of the soft X19119 for tests (not part of the public API): the ladder on an
 * unclamped scalar, so the group structure can be checked (q times the base point, 8q times a
 * mapped point). */
#ifndef FC_X19119_INTERNAL_H
#define FC_X19119_INTERNAL_H

#include <stdint.h>

#include "fieldcrypt/config.h"

#if FC_WITH_X19119
/* out = u-coordinate of k * (u, .) for the 192-bit little-endian k exactly as given (no
 * clamping; u decoded as X19119 does). Returns 1 when the ladder ends with Z = 0, which for
 * u != 0 means that k * (u, .) is the neutral element (out is then 0), else 0: so the neutral
 * element and a point (0, 0) result, both encoded 0, are told apart. (For u = 0 the ladder's
 * differential additions degenerate and it always ends with Z = 0.) Constant time, the ladder
 * of fc_xdh(FC_X19119). */
uint32_t fc_soft_x19119_raw(uint8_t out[24], const uint8_t k[24], const uint8_t u[24]);
#endif

#endif
