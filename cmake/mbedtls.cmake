# The "mbedtls" provider (src/providers/mbedtls/), included by the top CMakeLists.txt.
#
# Host: FC_WITH_MBEDTLS (default ON) builds it over the system's libmbedcrypto (Debian 12's
# libmbedtls-dev, mbedTLS 2.28; 3.x builds too) when its headers and library are found, and
# says so otherwise. It appends to FC_SOURCES and FC_DEFINES and sets FC_HAVE_MBEDTLS;
# fc_mbedtls_link(target) links what the provider needs.
set(FC_MBEDTLS_PROVIDER_SOURCES
  src/providers/mbedtls/provider_mbedtls.c
  src/providers/mbedtls/mbedtls_mac.c
  src/providers/mbedtls/mbedtls_cipher.c
  src/providers/mbedtls/mbedtls_aead.c
  src/providers/mbedtls/mbedtls_stream.c
  src/providers/mbedtls/mbedtls_ec.c
  src/providers/mbedtls/mbedtls_rsa.c)

set(FC_HAVE_MBEDTLS OFF)
set(FC_MBEDTLS_FROM_SOURCE OFF)

# Device (or any build from sources): FC_PROVIDER_MBEDTLS=ON with FC_MBEDTLS_SOURCE=<the
# unpacked mbedTLS 3.6 tree> compiles the provider and only the mbedTLS files it calls, with
# config/mbedtls/fc_mbedtls_device.h as mbedTLS's configuration (see there: no heap by default;
# FC_MBEDTLS_ARENA=ON adds the curves, RSA, HMAC and CMAC over an arena the application gives
# mbedTLS), and makes "mbedtls" the default provider of the build (FC_DEFAULT_PROVIDER).
option(FC_PROVIDER_MBEDTLS "Build the mbedtls provider from FC_MBEDTLS_SOURCE and make it the default" OFF)
set(FC_MBEDTLS_SOURCE "" CACHE PATH "The unpacked mbedTLS 3.6 source tree (FC_PROVIDER_MBEDTLS)")
option(FC_MBEDTLS_ARENA "FC_PROVIDER_MBEDTLS: mbedTLS's heap over an application arena, and with it the curves, RSA, HMAC, CMAC" OFF)
if(FC_PROVIDER_MBEDTLS)
  if(NOT EXISTS "${FC_MBEDTLS_SOURCE}/include/mbedtls/build_info.h")
    message(FATAL_ERROR "FC_PROVIDER_MBEDTLS: FC_MBEDTLS_SOURCE='${FC_MBEDTLS_SOURCE}' is no "
                        "mbedTLS 3.x tree (include/mbedtls/build_info.h); fetch it with "
                        "`python -m fieldcrypt.peers --fetch`")
  endif()
  set(fc_mbed_files aes.c block_cipher.c ccm.c chacha20.c chachapoly.c constant_time.c gcm.c
      md5.c platform_util.c poly1305.c sha1.c sha256.c sha512.c)
  set(fc_mbed_config "${PROJECT_SOURCE_DIR}/config/mbedtls/fc_mbedtls_device.h")
  set(fc_mbed_defines "MBEDTLS_CONFIG_FILE=\"${fc_mbed_config}\"")
  if(FC_MBEDTLS_ARENA)
    list(APPEND fc_mbed_files asn1parse.c asn1write.c bignum.c bignum_core.c cipher.c
         cipher_wrap.c cmac.c ecdsa.c ecp.c ecp_curves.c md.c memory_buffer_alloc.c platform.c
         rsa.c rsa_alt_helpers.c)
    list(APPEND fc_mbed_defines FC_MBEDTLS_ARENA=1)
  endif()
  list(TRANSFORM fc_mbed_files PREPEND "${FC_MBEDTLS_SOURCE}/library/")
  # mbedTLS's own code is built with its own warnings, not fieldcrypt's -Werror set
  set_source_files_properties(${fc_mbed_files} PROPERTIES COMPILE_OPTIONS "-w")
  set(FC_HAVE_MBEDTLS ON)
  set(FC_MBEDTLS_FROM_SOURCE ON)
  list(APPEND FC_SOURCES ${FC_MBEDTLS_PROVIDER_SOURCES} ${fc_mbed_files})
  # SHA-512's context (216 bytes) in fc_hash_ctx; "mbedtls" first in line
  list(APPEND FC_DEFINES FC_WITH_MBEDTLS=1 "FC_DEFAULT_PROVIDER=\"mbedtls\""
       FC_HASH_STATE_SIZE=216 ${fc_mbed_defines})
  set(FC_MBEDTLS_INCLUDE_DIR "${FC_MBEDTLS_SOURCE}/include")
  message(STATUS "fieldcrypt: mbedtls provider from ${FC_MBEDTLS_SOURCE} (default provider, arena=${FC_MBEDTLS_ARENA})")
elseif(NOT FC_FREESTANDING AND FC_WITH_MBEDTLS)
  # the host's libmbedcrypto
  find_path(FC_MBEDTLS_INCLUDE_DIR mbedtls/version.h)
  find_library(FC_MBEDCRYPTO_LIBRARY mbedcrypto)
  if(FC_MBEDTLS_INCLUDE_DIR AND FC_MBEDCRYPTO_LIBRARY)
    set(FC_HAVE_MBEDTLS ON)
    list(APPEND FC_SOURCES ${FC_MBEDTLS_PROVIDER_SOURCES})
    list(APPEND FC_DEFINES FC_WITH_MBEDTLS=1)
  else()
    message(STATUS "fieldcrypt: mbedTLS not found (mbedtls/version.h, libmbedcrypto): no mbedtls provider")
  endif()
endif()

function(fc_mbedtls_link tgt)
  if(FC_MBEDTLS_FROM_SOURCE)
    # public: an application that gives mbedTLS its arena includes mbedTLS's headers
    target_include_directories(${tgt} PUBLIC $<BUILD_INTERFACE:${FC_MBEDTLS_INCLUDE_DIR}>
                               PRIVATE ${FC_MBEDTLS_SOURCE}/library)
  elseif(FC_HAVE_MBEDTLS)
    target_include_directories(${tgt} PRIVATE ${FC_MBEDTLS_INCLUDE_DIR})
    target_link_libraries(${tgt} PRIVATE ${FC_MBEDCRYPTO_LIBRARY})
  endif()
endfunction()
