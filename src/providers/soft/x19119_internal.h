/* Internal entry of the soft X19119 for tests (not part of the public API): the ladder on an
 * unclamped scalar, so the group structure can be checked (q times the base point, 8q times a
 * mapped point). */
#ifndef FC_X19119_INTERNAL_H
#define FC_X19119_INTERNAL_H

#include <stdint.h>

#include "fieldcrypt/config.h"

#if FC_WITH_X19119
/* out = u-coordinate of k * (u, .) for the 192-bit little-endian k exactly as given (no
 * clamping; u decoded as X19119 does). Returns 1 when k * (u, .) is the neutral element (out
 * is then 0), else 0: so the neutral element and the point (0, 0), both encoded as 0, are told
 * apart. Constant time like the ladder it shares with fc_x19119. */
uint32_t fc_soft_x19119_raw(uint8_t out[24], const uint8_t k[24], const uint8_t u[24]);
#endif

#endif
