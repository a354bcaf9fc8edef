/* A firmware-style configuration for the tests: only what a CPace login on Curve25519 needs. */
#define FC_WITH_SHA224 0
#define FC_WITH_SHA384 0
#define FC_WITH_SALSA20 0
#define FC_WITH_STATUS_STRINGS 0
#define FC_WITH_X19119 0
