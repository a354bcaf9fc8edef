/* fieldcrypt's version (semantic versioning; CHANGELOG.md says what each release holds).
 *
 * The macros give the version of the headers a program was compiled with, fc_version() that
 * of the library it runs with: a program that loads the shared library can compare the two.
 * CMakeLists.txt's project() VERSION is the source; the configure step fails when this file
 * disagrees with it.
 */
#ifndef FIELDCRYPT_VERSION_H
#define FIELDCRYPT_VERSION_H

#ifdef __cplusplus
extern "C" {
#endif

/* Major version: changes when the API or ABI breaks (while 0, a minor version may too). */
#define FC_VERSION_MAJOR 0
/* Minor version: new functions and algorithms, compatible within the major version. */
#define FC_VERSION_MINOR 2
/* Patch version: fixes only. */
#define FC_VERSION_PATCH 0
/* "MAJOR.MINOR.PATCH" of the headers. */
#define FC_VERSION_STRING "0.2.0"
/* One number for comparisons: MAJOR * 10000 + MINOR * 100 + PATCH (0.2.0 is 200). */
#define FC_VERSION_NUMBER (FC_VERSION_MAJOR * 10000 + FC_VERSION_MINOR * 100 + FC_VERSION_PATCH)

/* The library's version string ("0.2.0"), the FC_VERSION_STRING it was built with; never
 * NULL. */
const char *fc_version(void);

#ifdef __cplusplus
}
#endif
#endif
