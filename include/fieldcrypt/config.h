/* fieldcrypt build configuration.
 *
 * The defaults below suit a host build. A firmware project overrides them by defining
 * FC_CONFIG_FILE (e.g. -DFC_CONFIG_FILE='"my_fc_config.h"'); that file is included first and
 * anything it leaves undefined falls back to the default here. Every macro is listed in this
 * one place:
 *
 *   FC_DEFAULT_PROVIDER   name of the provider (the start of the chain) used when a call passes
 *                         provider NULL. Default: "openssl" on a host build with the OpenSSL
 *                         provider (the chain openssl -> soft), else the driver when
 *                         FC_DRIVER_PROVIDER is set, else "soft". A build with
 *                         FC_PROVIDER_WOLFSSL=ON (CMake) sets it to "wolfssl".
 *   FC_DRIVER_PROVIDER    the C name of a `const fc_provider` the application defines (an
 *                         accelerator driver, driver.h and docs/drivers.md); the registry lists
 *                         it first. Its .next names where its declines go (&fc_provider_soft).
 *   FC_WITH_OPENSSL       1 to build the OpenSSL provider (host only; CMake sets it when found).
 *   FC_WITH_SODIUM        1 to build the libsodium provider (host only; CMake sets it when found).
 *   FC_WITH_MBEDTLS       1 to build the mbedTLS provider (CMake sets it: on a host when
 *                         libmbedcrypto is found, FC_WITH_MBEDTLS=OFF to leave it out; in any
 *                         build with the CMake option FC_PROVIDER_MBEDTLS=ON and
 *                         FC_MBEDTLS_SOURCE=<mbedTLS 3.6 tree>, which compiles the mbedTLS
 *                         files it needs with config/mbedtls/fc_mbedtls_device.h and also sets
 *                         FC_DEFAULT_PROVIDER "mbedtls" and FC_HASH_STATE_SIZE 216).
 *   FC_WITH_WOLFSSL       1 to build the wolfSSL (wolfCrypt) provider: on a host CMake sets it when
 *                         pkg-config finds libwolfssl-dev; on a device FC_PROVIDER_WOLFSSL=ON
 *                         sets it (with FC_WOLFSSL_SOURCE, config/wolfssl/user_settings.h).
 *   FC_WITH_SHA224, FC_WITH_SHA256, FC_WITH_SHA384, FC_WITH_SHA512
 *                         0 drops that hash (and so its HMAC and HKDF) from the soft provider.
 *   FC_WITH_SALSA20       0 drops Salsa20/HSalsa20/XSalsa20 from the soft provider.
 *   FC_WITH_SHA1, FC_WITH_MD5, FC_WITH_SM3
 *                         0 drops that hash (and its HMAC and HKDF). SHA-1 and MD5 are legacy:
 *                         for old protocols only. Default 1.
 *   FC_WITH_AES           0 drops AES and every mode over it (CMAC, GCM, CCM, key wrap,
 *                         CTR_DRBG) from the soft provider. Default 1.
 *   FC_WITH_DES           0 drops DES and 3DES (legacy) from the soft provider. Default 1.
 *   FC_WITH_CHACHA20      0 drops ChaCha20, XChaCha20, HChaCha20 and Poly1305 (and so the
 *                         ChaCha20-Poly1305 AEADs) from the soft provider. Default 1.
 *   FC_WITH_X25519        0 drops X25519 and the Curve25519 Elligator2 map from the soft provider.
 *                         These FC_WITH_ switches are also how a capability is made "no
 *                         fallback": with a driver that has the algorithm and the switch at 0,
 *                         the linker drops the software code and a call the driver declines
 *                         ends with FC_ERR_UNSUPPORTED (PSA's "fallback": false).
 *   FC_WITH_X448          0 drops X448 (RFC 7748) from the soft provider. Default 1.
 *   FC_WITH_ED25519       0 drops Ed25519, Ed25519ctx and Ed25519ph from the soft provider
 *                         (they need FC_WITH_SHA512 and FC_WITH_X25519, whose field they
 *                         use). Default 1.
 *   FC_WITH_EC            0 drops the Weierstrass curves (ec.h) from the soft provider.
 *                         Default 1.
 *   FC_WITH_RSA           0 drops RSA (rsa.h) from the soft provider. Default 1.
 *   FC_RSA_MAX_BITS       the largest RSA modulus: 4096 (default) or 8192. It sizes
 *                         fc_rsa_work.
 *   FC_RSA_LEGACY_BITS    1 also takes RSA moduli of 1024 to 2047 bits (old keys, verification
 *                         of old signatures); default 0: 2048 bits at least.
 *   FC_RSA_WORK_SIZE      bytes of fc_rsa_work (rsa.h): the core's two k-byte buffers and the
 *                         provider's working memory; default 25 bytes per byte of the largest
 *                         modulus, plus 512 (13,312 for 4096 bits). A soft build with a larger
 *                         exponentiation window (FC_RSA_WINDOW 5) needs more; the build says so.
 *   FC_WITH_EC_ALL_CURVES 0 keeps only secp256r1 (NIST P-256, the BLE curve) of them, for
 *                         firmware that needs nothing else. Default 1: all eleven.
 *   FC_WITH_X19119        0 drops X19119 and the Curve19119 Elligator2 map (the 96-bit legacy
 *                         curve of Haase and Labrique, CHES 2017, p = 2^191 - 19, A = 529418)
 *                         and with them the CPace suite FC_CPACE_X19119_SHA512. Its field is
 *                         always the 16-bit-limb code, whatever FC_FE25519_64 says. Default 1.
 *   FC_FE25519_64         1 uses the 64-bit-limb field arithmetic (needs unsigned __int128) as
 *                         the "soft" X25519; 0 uses the 16-bit-limb code of the MCUs (fe16.h:
 *                         per-target assembly, or C over 32-bit words). Default: 1 when the
 *                         compiler has __int128.
 *   FC_HOSTED_RNG         1 makes the default randomness source the OS (getrandom); 0 means
 *                         no source until the firmware installs one with fc_rng_install().
 *                         Default: 1 on a hosted (non-freestanding) build.
 *   FC_WITH_STATUS_STRINGS 0 makes fc_status_str return a fixed text instead of each status's
 *                         name and meaning (saves about 1.6 KiB of flash on Cortex-M0).
 *   FC_STACK_WIPE_BYTES   after each elliptic-curve operation, zero this many bytes of the stack
 *                         its callees used, so field temporaries derived from secrets do not
 *                         outlive the call (0: off). Default on an MCU build: 832 with the field
 *                         assembly of the Cortex-M0/M4 (the deepest curve callee chain below
 *                         the wipe is 584 bytes on the M0+ and 560 on the M4 at -Os, Ed25519
 *                         signing's SHA-512 about 780; X448 and the Weierstrass curves wipe
 *                         their own deeper work areas), 1152 with
 *                         the portable C (996 on the M0+, 1020 at -O2; `fieldcrypt mcu-report`
 *                         with the wipe off); 4096 on a hosted build.
 *   FC_FE16_ASM           0 keeps the portable C field arithmetic of 2^255 - 19 and 2^191 - 19
 *                         on the Cortex-M0/M4 (M0+: about 8.5 KiB less flash, field arithmetic
 *                         2.5x slower; M4: the 32-bit-word C of fe16_w32.c, about 2x slower).
 *   FC_SHA_ASM            0 keeps the C SHA-256/512 block functions on the Cortex-M3/M4
 *                         (default 1: Thumb-2 assembly where gcc builds it).
 *   FC_SALSA20_ASM        0 keeps the C Salsa20 block on the Cortex-M0/M4 (default 1: Thumb-1 /
 *                         Thumb-2 assembly where gcc builds it; about 470 bytes on the M0+).
 *   FC_SMALL              1 takes the smaller of two implementations where the library has both,
 *                         giving speed back for flash (default 0); it sets the defaults of:
 *   FC_SHA512_SMALL       1: SHA-512's rolled Thumb-1 block on the Cortex-M0/M0+ (about 2 KiB
 *                         less flash, 19% slower);
 *   FC_FE16_W32_SMALL     1: fe16_w32.c's rolled loops on RV32 and the other targets of the
 *                         32-bit-word field C (about 5.5 KiB less flash, 3x slower).
 *   FC_WITH_ENGINE        0 drops the soft provider's sliceable jobs (engine.h) and the sliced
 *                         device login. Firmware that never slices should set it: soft's
 *                         descriptors name their jobs, so the linker keeps the job code while
 *                         they are built (about 4.2 KiB on the Cortex-M0).
 *   FC_WITH_CURVE_JOBS    0 drops the soft provider's sliced ECDH/ECDSA on secp256r1, Ed25519
 *                         and X448 jobs; default: on where the engine and those algorithms
 *                         are built. Their state is larger than the X25519 jobs' (below), so
 *                         firmware that slices only the login keeps a 256-byte fc_job with 0.
 *   FC_HASH_STATE_SIZE, FC_MAC_STATE_SIZE, FC_STREAM_STATE_SIZE, FC_JOB_STATE_SIZE,
 *   FC_BLOCK_STATE_SIZE, FC_AEAD_STATE_SIZE
 *                         bytes of implementation state in fc_hash_ctx, fc_mac_ctx,
 *                         fc_stream_ctx, fc_job, fc_block_ctx and fc_cipher_ctx, fc_aead_ctx:
 *                         the largest implementation of the build. Defaults fit the soft
 *                         provider (SHA-384/512: 208, SHA-256 only: 112; MAC: two hash states,
 *                         for the core's HMAC, or a block cipher's state and CMAC's three
 *                         blocks; block cipher: the 3DES key schedule, 384, or without DES the
 *                         AES-256 one, 256; AEAD: the AES-256 state and GCM's hash key, 288;
 *                         Salsa20 and ChaCha20: 64; an X25519, X19119, Elligator2 or SHA-512
 *                         job: seven 32-byte field registers and its control fields, 248 on a
 *                         32-bit target; with FC_WITH_CURVE_JOBS 1016, so that fc_job is
 *                         1 KiB) and OpenSSL's handles. A driver with a larger state raises
 *                         the size here; each provider checks at compile time (FC_STATE_FITS).
 *   FC_ENGINE_WIPE_BYTES  stack zeroed when an engine job ends (default on an MCU build 360,
 *                         440 with the curve jobs: the deepest unit's frames, so the wipe adds
 *                         no stack).
 *   FC_CPACE_MAX_SID      largest CPace session id a context stores, bytes (default 64).
 *   FC_CPACE_MAX_AD       largest own associated data a CPace context stores, bytes (default 64).
 */
#ifndef FIELDCRYPT_CONFIG_H
#define FIELDCRYPT_CONFIG_H

#ifdef FC_CONFIG_FILE
#include FC_CONFIG_FILE
#endif

#ifndef FC_WITH_OPENSSL
#define FC_WITH_OPENSSL 0
#endif
#ifndef FC_WITH_SODIUM
#define FC_WITH_SODIUM 0
#endif
#ifndef FC_WITH_MBEDTLS
#define FC_WITH_MBEDTLS 0
#endif
#ifndef FC_WITH_WOLFSSL
#define FC_WITH_WOLFSSL 0
#endif

#ifndef FC_DEFAULT_PROVIDER
#if FC_WITH_OPENSSL
#define FC_DEFAULT_PROVIDER "openssl"
#elif defined(FC_DRIVER_PROVIDER)
#define FC_DEFAULT_PROVIDER NULL /* the first of the registry: the driver */
#else
#define FC_DEFAULT_PROVIDER "soft"
#endif
#endif

#ifndef FC_WITH_SHA224
#define FC_WITH_SHA224 1
#endif
#ifndef FC_WITH_SHA256
#define FC_WITH_SHA256 1
#endif
#ifndef FC_WITH_SHA384
#define FC_WITH_SHA384 1
#endif
#ifndef FC_WITH_SHA512
#define FC_WITH_SHA512 1
#endif
#ifndef FC_WITH_SALSA20
#define FC_WITH_SALSA20 1
#endif
#ifndef FC_WITH_SHA1
#define FC_WITH_SHA1 1
#endif
#ifndef FC_WITH_MD5
#define FC_WITH_MD5 1
#endif
#ifndef FC_WITH_SM3
#define FC_WITH_SM3 1
#endif
#ifndef FC_WITH_AES
#define FC_WITH_AES 1
#endif
#ifndef FC_WITH_DES
#define FC_WITH_DES 1
#endif
#ifndef FC_WITH_CHACHA20
#define FC_WITH_CHACHA20 1
#endif
#ifndef FC_WITH_STATUS_STRINGS
#define FC_WITH_STATUS_STRINGS 1
#endif
#ifndef FC_WITH_X25519
#define FC_WITH_X25519 1
#endif
#ifndef FC_WITH_X19119
#define FC_WITH_X19119 1
#endif
#ifndef FC_WITH_X448
#define FC_WITH_X448 1
#endif
#ifndef FC_WITH_RSA
#define FC_WITH_RSA 1
#endif
#ifndef FC_RSA_MAX_BITS
#define FC_RSA_MAX_BITS 4096
#endif
#if FC_RSA_MAX_BITS != 4096 && FC_RSA_MAX_BITS != 8192
#error "FC_RSA_MAX_BITS is 4096 or 8192"
#endif
#ifndef FC_RSA_LEGACY_BITS
#define FC_RSA_LEGACY_BITS 0
#endif
#ifndef FC_RSA_WORK_SIZE
#define FC_RSA_WORK_SIZE (25 * (FC_RSA_MAX_BITS / 8) + 512)
#endif
#ifndef FC_WITH_ED25519
#define FC_WITH_ED25519 1
#endif
#ifndef FC_WITH_EC
#define FC_WITH_EC 1
#endif
#ifndef FC_WITH_EC_ALL_CURVES
#define FC_WITH_EC_ALL_CURVES 1
#endif

#ifndef FC_FE25519_64
#if defined(__SIZEOF_INT128__)
#define FC_FE25519_64 1
#else
#define FC_FE25519_64 0
#endif
#endif

#ifndef FC_HOSTED_RNG
#if defined(__STDC_HOSTED__) && __STDC_HOSTED__ && defined(__linux__)
#define FC_HOSTED_RNG 1
#else
#define FC_HOSTED_RNG 0
#endif
#endif

/* Thumb assembly for the 16-bit-limb field multiplication and squaring where gcc builds it
 * (src/providers/soft/fe16_armv6m.c, fe16_armv7m.c). */
#ifndef FC_FE16_ASM
#define FC_FE16_ASM 1
#endif
#ifndef FC_SHA_ASM
#define FC_SHA_ASM 1
#endif
#ifndef FC_SALSA20_ASM
#define FC_SALSA20_ASM 1
#endif

/* Size against speed: FC_SMALL sets the defaults of the per-primitive choices. */
#ifndef FC_SMALL
#define FC_SMALL 0
#endif
#ifndef FC_SHA512_SMALL
#define FC_SHA512_SMALL FC_SMALL
#endif
#ifndef FC_FE16_W32_SMALL
#define FC_FE16_W32_SMALL FC_SMALL
#endif

#ifndef FC_STACK_WIPE_BYTES
#if FC_HOSTED_RNG
#define FC_STACK_WIPE_BYTES 4096
#elif FC_FE16_ASM && (defined(__ARM_ARCH_6M__) || defined(__ARM_ARCH_7EM__)) && \
    defined(__OPTIMIZE__) && defined(__GNUC__) && !defined(__clang__)
#define FC_STACK_WIPE_BYTES 832  /* the field assembly's chain, and Ed25519 signing's SHA-512 */
#else
#define FC_STACK_WIPE_BYTES 1152
#endif
#endif

/* The slice engine (engine.h) and the sliced device login: on by default where its curve and
 * hash are built. */
#ifndef FC_WITH_ENGINE
#define FC_WITH_ENGINE ((FC_WITH_X25519 || FC_WITH_X19119) && FC_WITH_SHA512)
#endif
/* The curve jobs (engine.h): with the engine and any of their curves. */
#ifndef FC_WITH_CURVE_JOBS
#define FC_WITH_CURVE_JOBS (FC_WITH_ENGINE && (FC_WITH_EC || FC_WITH_ED25519 || FC_WITH_X448))
#endif

/* Stack zeroed when an engine job ends: what its deepest unit uses below the engine's step
 * loop (a SHA-512 block, 368 bytes on the Cortex-M0+ at -Os; with the curve jobs the static
 * bound of their units, about 440; `fieldcrypt mcu-report`), less the wipe's own frame. The
 * Cortex-M4's field squares, called from inline assembly, take up to 44 bytes that report
 * cannot see (the M0/M0+ products and squares, called the same way, 8); the deepest M4 unit,
 * painted, goes 424 bytes down, inside the 440.
 * fc_job_wipe, called from higher up, zeroes FC_ENGINE_WIPE_EXTRA more. */
#ifndef FC_ENGINE_WIPE_BYTES
#if FC_HOSTED_RNG
#define FC_ENGINE_WIPE_BYTES 2048
#elif FC_WITH_CURVE_JOBS
#define FC_ENGINE_WIPE_BYTES 440
#else
#define FC_ENGINE_WIPE_BYTES 360
#endif
#endif
#ifndef FC_ENGINE_WIPE_EXTRA
#define FC_ENGINE_WIPE_EXTRA 96
#endif

/* State areas of the contexts (see the list at the top). */
#ifndef FC_HASH_STATE_SIZE
#if FC_WITH_SHA384 || FC_WITH_SHA512
#define FC_HASH_STATE_SIZE 208
#else
#define FC_HASH_STATE_SIZE 112
#endif
#endif
#ifndef FC_BLOCK_STATE_SIZE
#if FC_WITH_DES
#define FC_BLOCK_STATE_SIZE 384
#else
#define FC_BLOCK_STATE_SIZE 256
#endif
#endif
#ifndef FC_MAC_STATE_SIZE
#if 2 * FC_HASH_STATE_SIZE >= FC_BLOCK_STATE_SIZE + 48
#define FC_MAC_STATE_SIZE (2 * FC_HASH_STATE_SIZE)
#else
#define FC_MAC_STATE_SIZE (FC_BLOCK_STATE_SIZE + 48)
#endif
#endif
#ifndef FC_AEAD_STATE_SIZE
#define FC_AEAD_STATE_SIZE (256 + 32) /* AES-256 (modes over 16-byte blocks only) */
#endif
#ifndef FC_STREAM_STATE_SIZE
#define FC_STREAM_STATE_SIZE 64
#endif
#ifndef FC_JOB_STATE_SIZE
#if FC_WITH_CURVE_JOBS
#define FC_JOB_STATE_SIZE (1024 - 8)
#else
#define FC_JOB_STATE_SIZE (8 * ((3 * sizeof(void *) + 19) / 8) + 7 * 32)
#endif
#endif

#ifndef FC_CPACE_MAX_SID
#define FC_CPACE_MAX_SID 64
#endif
#ifndef FC_CPACE_MAX_AD
#define FC_CPACE_MAX_AD 64
#endif
#if FC_CPACE_MAX_SID > 255 || FC_CPACE_MAX_AD > 255
#error "FC_CPACE_MAX_SID and FC_CPACE_MAX_AD are stored in one byte: at most 255"
#endif

#endif
