/* fieldcrypt: cryptography for small field devices.
 *
 * One header for everything. The parts, each usable on its own:
 *   status.h    fc_status codes
 *   config.h    build configuration (FC_CONFIG_FILE)
 *   provider.h  choosing and writing providers
 *   hash.h      SHA-224/256/384/512
 *   mac.h       HMAC
 *   kdf.h       HKDF
 *   stream.h    Salsa20, HSalsa20, XSalsa20
 *   xdh.h       X25519, Elligator2 on Curve25519
 *   rng.h       randomness sources
 *   ct.h        constant-time compare/select, zeroize
 *   ble.h       Bluetooth LE pairing: the Security Manager toolbox, P-256 DHKey
 *   selftest.h  known-answer self-test of a provider
 *   pake.h      CPace password-authenticated key exchange
 *   pace2017.h  the 2017 PACE profile (compatibility only)
 *   mcuboot.h   verification of MCUboot firmware images, their swap trailer
 *   version.h   FC_VERSION_* and fc_version()
 *
 * Conventions: every function returns fc_status; contexts are caller-allocated; nothing
 * allocates memory; a NULL provider means the compile-time default.
 */
#ifndef FIELDCRYPT_H
#define FIELDCRYPT_H

#include "config.h"
#include "status.h"
#include "provider.h"
#include "hash.h"
#include "mac.h"
#include "kdf.h"
#include "stream.h"
#include "cipher.h"
#include "aead.h"
#include "wrap.h"
#include "drbg.h"
#include "xdh.h"
#include "ec.h"
#include "ble.h"
#include "eddsa.h"
#include "rng.h"
#include "ct.h"
#include "selftest.h"
#include "pake.h"
#include "pace2017.h"
#include "engine.h"
#include "login.h"
#include "mcuboot.h"
#include "version.h"

#endif
