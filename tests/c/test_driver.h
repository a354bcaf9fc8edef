/* "testdrv": an accelerator driver for the tests (driver.h), chained to soft.
 *
 * It stands for a peripheral that does some algorithms of every family and not others, and is
 * sometimes busy: it implements SHA-256 and SHA-512 (hash), HMAC-SHA-384 (its own MAC),
 * HKDF-SHA-256 (its own KDF), Salsa20 with HSalsa20 as its subkey function (stream), X25519
 * with a sliceable job (xdh) and the Curve25519 Elligator2 map (map: declines every call).
 * Everything else is the core's modes over its algorithms (HMAC-SHA-256 over its SHA-256,
 * XSalsa20 over its Salsa20 ...) or soft's. Its hashes have a release operation and check
 * that init gets a zeroed state, and it counts both. Each entry point that may decline (init, one-shot, job start) declines at random
 * with the probability set by test_driver_reset, and can be made to fail once. It counts
 * every call per family. Its arithmetic is soft's, reached through soft's descriptors: the
 * tests are about the dispatch, the vectors about the arithmetic.
 */
#ifndef FC_TEST_DRIVER_H
#define FC_TEST_DRIVER_H

#include "fieldcrypt/driver.h"

extern const fc_provider fc_test_driver;

typedef struct {
    unsigned served[FC_FAMILY_COUNT];    /* entry-point calls the driver ran */
    unsigned declined[FC_FAMILY_COUNT];  /* entry-point calls it handed to the next provider */
    unsigned jobs_served, jobs_declined; /* job starts */
    /* for the whole program, not reset: */
    unsigned hash_bound, hash_released;  /* hash states whose init succeeded; releases */
    unsigned dirty_states;               /* inits that found their state area not zeroed */
} test_driver_counts;

/* Zeroes the per-call counts; from now on each entry point declines with probability percent / 100
 * (0: never, 100: always), drawn from a generator seeded with seed. */
void test_driver_reset(unsigned percent, uint32_t seed);
/* The next call of any operation of family (an entry point, or update / final / block on a
 * bound context) fails with st. st may be FC_ERR_UNSUPPORTED, to play a driver that wrongly
 * declines a bound call. */
void test_driver_fail_next(fc_family family, fc_status st);
const test_driver_counts *test_driver_counts_get(void);

#endif
