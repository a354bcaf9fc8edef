#!/usr/bin/env bash
# OSS-Fuzz build (https://google.github.io/oss-fuzz/getting-started/new-project-guide/): every
# harness of tests/fuzz from $CC, $CFLAGS and $LIB_FUZZING_ENGINE into $OUT, each with its seed
# corpus as $OUT/<harness>_seed_corpus.zip. Run from anywhere; $SRC/fieldcrypt is not assumed.
#   local check: CC=clang CFLAGS="-fsanitize=address,fuzzer-no-link" \
#                LIB_FUZZING_ENGINE=-fsanitize=fuzzer OUT=/tmp/fuzz-out tests/fuzz/oss-fuzz/build.sh
# The library is built by CMake with FC_FUZZ=ON (the constant-time field, curve and SHA-512
# files without comparison tracing) but without FC_SANITIZE: the sanitizers come from $CFLAGS.
# fuzz_login_session and fuzz_firmware also get the cheap curve stand-in (tests/fuzz/README.md),
# and fuzz_firmware the firmware's service.c, pairing.c and update.c; compiled here
# with FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION, which OSS-Fuzz's $CFLAGS define anyway.
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
: "${CC:?}" "${OUT:?}" "${LIB_FUZZING_ENGINE:?}"
CFLAGS=${CFLAGS:-}
work=${WORK:-$(mktemp -d)}/fieldcrypt-build
mkdir -p "$OUT" "$work"

cmake -S "$root" -B "$work" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER="$CC" \
      -DCMAKE_C_FLAGS="$CFLAGS" -DFC_FUZZ=ON -DFC_SANITIZE= -DFC_BUILD_TESTS=OFF \
      -DFC_BUILD_SHARED=OFF -DFC_BUILD_EXAMPLES=OFF -DFC_INSTALL=OFF > "$work/cmake.log"
cmake --build "$work" --target fieldcrypt -j"$(nproc)"
libs=("$work/libfieldcrypt.a")
defs=()
if grep -q "openssl=ON" "$work/cmake.log"; then  # the differential harnesses compare with it
  libs+=(-lcrypto)
  defs+=(-DFC_WITH_OPENSSL=1)
fi
if grep -q "sodium=ON" "$work/cmake.log"; then  # the library's libsodium provider
  libs+=(-lsodium)
  defs+=(-DFC_WITH_SODIUM=1)
fi
if grep -q "mbedtls=ON" "$work/cmake.log"; then  # the library's mbedTLS provider
  libs+=(-lmbedcrypto)
  defs+=(-DFC_WITH_MBEDTLS=1)
fi
if grep -q "wolfssl=ON" "$work/cmake.log"; then  # the library's wolfSSL provider
  libs+=(-lwolfssl)
  defs+=(-DFC_WITH_WOLFSSL=1)
fi

harnesses=$(sed -n '/set(FC_FUZZ_HARNESSES/,/)/p' "$root/tests/fuzz/CMakeLists.txt" |
            grep -o 'fuzz_[a-z0-9_]*')
soft=$root/src/providers/soft
for h in $harnesses; do
  extra=()
  inc=()
  if [ "$h" = fuzz_login_session ] || [ "$h" = fuzz_firmware ]; then  # the stand-in's objects before the library
    for f in fuzz_cheap_curves x25519 x19119 curve_jobs elligator2_25519 elligator2_19119; do
      $CC $CFLAGS "${defs[@]}" -DFC_FUZZ_CHEAP_CURVES=1 -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION \
          -std=c99 -I"$root/include" -I"$root/src" -c "$soft/$f.c" -o "$work/cheap_$f.o"
      extra+=("$work/cheap_$f.o")
    done
  fi
  if [ "$h" = fuzz_firmware ]; then  # the device firmware's services over the harness's board
    inc=(-I"$root/firmware" -DFW_HOST_FLASH=fw_fuzz_flash -Wno-unknown-attributes)
    for f in service pairing update; do
      $CC $CFLAGS "${defs[@]}" "${inc[@]}" -std=c99 -I"$root/include" -c "$root/firmware/$f.c" \
          -o "$work/fw_$f.o"
      extra+=("$work/fw_$f.o")
    done
  fi
  $CC $CFLAGS "${defs[@]}" "${inc[@]}" -std=c99 -I"$root/include" -I"$root/src" \
      -c "$root/tests/fuzz/$h.c" -o "$work/$h.o"
  # the engine's main may be C++ (libFuzzer): link with the C++ driver when there is one
  ${CXX:-$CC} $CFLAGS "$work/$h.o" "${extra[@]}" "${libs[@]}" $LIB_FUZZING_ENGINE -o "$OUT/$h"
  if [ -n "$(ls -A "$root/tests/fuzz/corpus/$h" 2>/dev/null)" ]; then
    rm -f "$OUT/${h}_seed_corpus.zip"
    (cd "$root/tests/fuzz/corpus/$h" && zip -q -r "$OUT/${h}_seed_corpus.zip" .)
  fi
  echo "built $OUT/$h"
done
