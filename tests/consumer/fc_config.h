/* The consumer's fieldcrypt configuration (FC_CONFIG_FILE): a firmware that needs SHA-2 and
 * P-256 only, without the legacy algorithms. */
#define FC_WITH_DES 0
#define FC_WITH_MD5 0
#define FC_WITH_SHA1 0
#define FC_WITH_EC_ALL_CURVES 0
