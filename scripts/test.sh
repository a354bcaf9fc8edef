#!/usr/bin/env bash
# The whole test suite: C tests (ctest) and Python tests (pytest) on the host build, the same
# again under AddressSanitizer + UndefinedBehaviorSanitizer with the Cortex-M0 field arithmetic,
# the constant-flow check under valgrind, short libFuzzer runs, and the freestanding cross builds
# (Cortex-M0/M0+/M4, RV32IMAC) with their stack budgets.
# FC_SLOW_TESTS=1 adds the slow tier (RFC 7748's 1,000,000-iteration X25519 vector).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
slow=${FC_SLOW_TESTS:-0}

echo "== host build: ctest"
cmake -S . -B build/host -DFC_SLOW_TESTS="$slow" >/dev/null
cmake --build build/host
ctest --test-dir build/host --output-on-failure

echo "== version: CMake project(), version.h, CHANGELOG.md, pyproject, fc_version() agree"
.venv/bin/python scripts/check_version.py build/host/libfieldcrypt.so

echo "== install and use from other projects: find_package, pkg-config, add_subdirectory, Cortex-M0+"
scripts/test_consumer.sh

echo "== API reference: every public symbol documented, docs/api/ current, the check bites"
python3 scripts/apiref.py --check
apiref_tmp=$(mktemp -d)
cp -r include/fieldcrypt "$apiref_tmp/"
sed -i 's|^/\* Adds len bytes (any length, data may be NULL when len is 0). \*/$||' "$apiref_tmp/fieldcrypt/hash.h"
if python3 scripts/apiref.py --check --include "$apiref_tmp/fieldcrypt" > "$apiref_tmp/out.txt"; then
  echo "apiref --check passed with fc_hash_update undocumented"; exit 1
fi
grep -q "undocumented function: fc_hash_update" "$apiref_tmp/out.txt"
rm -rf "$apiref_tmp"

echo "== pip install . in a fresh venv: the bundled library, fieldcrypt selftest from elsewhere"
scripts/test_pip_install.sh

echo "== examples/: on the host, and the Cortex-M0+ images in the MCU runner"
scripts/test_examples.sh

echo "== sanitizer build (ASan + UBSan, 32-bit field arithmetic): ctest"
cmake -S . -B build/host-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DFC_SANITIZE=address,undefined \
      -DFC_FE25519_64=OFF -DFC_SLOW_TESTS=0 >/dev/null
cmake --build build/host-asan
ASAN_OPTIONS=detect_leaks=1 ctest --test-dir build/host-asan --output-on-failure

echo "== MemorySanitizer build (clang; without the OpenSSL, libsodium, mbedTLS and wolfSSL providers, which are not instrumented): ctest"
CC=clang cmake -S . -B build/host-msan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DFC_SANITIZE=memory \
      -DFC_WITH_OPENSSL=OFF -DFC_WITH_SODIUM=OFF -DFC_WITH_MBEDTLS=OFF -DFC_WITH_WOLFSSL=OFF \
      -DFC_SLOW_TESTS=0 >/dev/null
cmake --build build/host-msan
ctest --test-dir build/host-msan --output-on-failure

echo "== constant-flow check (valgrind memcheck with secrets marked undefined)"
cmake -S . -B build/host-ctgrind -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DFC_CTGRIND=ON \
      -DFC_WITH_OPENSSL=OFF -DFC_WITH_SODIUM=OFF -DFC_WITH_MBEDTLS=OFF -DFC_WITH_WOLFSSL=OFF \
      -DFC_FE25519_64=OFF >/dev/null
cmake --build build/host-ctgrind
ctest --test-dir build/host-ctgrind -R constant_flow --output-on-failure

echo "== libFuzzer harnesses, a short bounded run each (longer: scripts/fuzz.sh SECONDS)"
scripts/fuzz.sh "${FC_FUZZ_SECONDS:-15}"

echo "== pytest (host build, then the sanitizer build preloaded)"
.venv/bin/python -m pytest -q tests/python
# -s: a sanitizer report must reach the log even though it ends the process. pycryptodome
# dlopens with RTLD_DEEPBIND, which the sanitizer runtime refuses unless told not to; capstone
# does too and cannot be told, so the emulator tests (all "cross", deselected anyway: every test
# file that imports the emulator or a module built on it) are not even collected.
emulator_tests=$(grep -l -E "import .*(mcusim|mcubench|peerbench|accelbench|cttrace)" tests/python/test_*.py |
                 sed 's/^/--ignore=/')
# shellcheck disable=SC2086  # one --ignore per word
FIELDCRYPT_LIB="$PWD/build/host-asan/libfieldcrypt.so" \
  LD_PRELOAD="$(gcc -print-file-name=libasan.so):$(gcc -print-file-name=libubsan.so)" \
  ASAN_OPTIONS=detect_leaks=0 PYCRYPTODOME_DISABLE_DEEPBIND=1 \
  .venv/bin/python -m pytest -q -s tests/python -m "not cross and not slow and not bulk" -p no:cacheprovider \
    $emulator_tests
