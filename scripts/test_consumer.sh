#!/usr/bin/env bash
# fieldcrypt as other projects use it (tests/consumer: hashes "abc", checks SHA-256):
#   1. the host build installed to a prefix: find_package(fieldcrypt CONFIG COMPONENTS soft
#      openssl), then pkg-config (shared and --static); asking for a provider the build lacks
#      must fail find_package
#   2. a Cortex-M0+ build installed to its own prefix: find_package with the toolchain file,
#      a board-less image run in the MCU runner (python/fieldcrypt/mcusim.py)
#   3. add_subdirectory for the Cortex-M0+ with the consumer's FC_CONFIG_FILE
# HOST_BUILD: an already built host tree to install (default build/host); M0PLUS_BUILD: the
# Cortex-M0+ tree (default build/pkg-m0plus, shared with scripts/test_examples.sh); everything
# else goes to build/consumer/ (incremental on a second run).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
host_build=${HOST_BUILD:-build/host}
case $host_build in /*) ;; *) host_build=$root/$host_build ;; esac
out=${CONSUMER_BUILD:-build/consumer}
py=${PYTHON:-$root/.venv/bin/python}
m0p_toolchain=$root/cmake/toolchains/cortex-m0plus.cmake
m0p_build=${M0PLUS_BUILD:-build/pkg-m0plus}
mkdir -p "$out" "$m0p_build"
out=$(cd "$out" && pwd)
m0p_build=$(cd "$m0p_build" && pwd)
gen=(-G Ninja)

echo "-- host: install $host_build, find_package"
[ -f "$host_build/CMakeCache.txt" ] || cmake -S . -B "$host_build" "${gen[@]}" >/dev/null
cmake --build "$host_build" --target fieldcrypt fieldcrypt_shared >/dev/null
rm -rf "$out/prefix-host"
cmake --install "$host_build" --prefix "$out/prefix-host" >/dev/null
components=$(PKG_CONFIG_PATH="$out/prefix-host/lib/pkgconfig" pkg-config --variable=providers fieldcrypt)
echo "   providers: $components"
cmake -S tests/consumer -B "$out/host-package" "${gen[@]}" -DCMAKE_PREFIX_PATH="$out/prefix-host" \
      -DFC_CONSUMER_COMPONENTS="${components// /;}" >/dev/null
cmake --build "$out/host-package" >/dev/null
"$out/host-package/consumer"

echo "-- host: a provider the build lacks fails find_package"
rm -rf "$out/host-missing"
if cmake -S tests/consumer -B "$out/host-missing" "${gen[@]}" -DCMAKE_PREFIX_PATH="$out/prefix-host" \
      -DFC_CONSUMER_COMPONENTS="soft;nosuch" >"$out/host-missing.log" 2>&1; then
  echo "find_package(fieldcrypt COMPONENTS nosuch) succeeded"; exit 1
fi
tr -s ' \n' ' ' < "$out/host-missing.log" | grep -q "has no provider 'nosuch'"  # CMake wraps lines

echo "-- host: pkg-config (shared, then --static)"
export PKG_CONFIG_PATH="$out/prefix-host/lib/pkgconfig"
[ "$(pkg-config --modversion fieldcrypt)" = "$(sed -n 's/^#define FC_VERSION_STRING "\(.*\)"/\1/p' include/fieldcrypt/version.h)" ]
# shellcheck disable=SC2046
cc -std=c99 -Wall -Werror tests/consumer/main.c -o "$out/consumer-pc-shared" $(pkg-config --cflags --libs fieldcrypt) \
   -Wl,-rpath,"$out/prefix-host/lib"
"$out/consumer-pc-shared"
ldd "$out/consumer-pc-shared" | grep -q "$out/prefix-host/lib/libfieldcrypt.so"
# shellcheck disable=SC2046
cc -std=c99 -Wall -Werror tests/consumer/main.c -o "$out/consumer-pc-static" \
   $(pkg-config --cflags fieldcrypt) -Wl,-Bstatic $(pkg-config --libs-only-L --libs-only-l fieldcrypt | sed 's/ -lcrypto//') \
   -Wl,-Bdynamic $(pkg-config --static --libs fieldcrypt | grep -o -- '-lcrypto\|-lsodium\|-lmbedcrypto\|-lwolfssl' || true)
"$out/consumer-pc-static"
! ldd "$out/consumer-pc-static" | grep -q libfieldcrypt
unset PKG_CONFIG_PATH

echo "-- cortex-m0plus: install, find_package with the toolchain file, run in the MCU runner"
cmake -S . -B "$m0p_build" "${gen[@]}" -DCMAKE_TOOLCHAIN_FILE="$m0p_toolchain" \
      -DCMAKE_BUILD_TYPE=MinSizeRel -DFC_INSTALL=ON >/dev/null
cmake --build "$m0p_build" >/dev/null
rm -rf "$out/prefix-m0plus"
cmake --install "$m0p_build" --prefix "$out/prefix-m0plus" >/dev/null
cmake -S tests/consumer -B "$out/m0plus-package" "${gen[@]}" -DCMAKE_TOOLCHAIN_FILE="$m0p_toolchain" \
      -DCMAKE_BUILD_TYPE=MinSizeRel -DCMAKE_PREFIX_PATH="$out/prefix-m0plus" \
      -DFC_TARGETS_DIR="$root/targets" >/dev/null
cmake --build "$out/m0plus-package" >/dev/null
run_mcu() {
  PYTHONPATH="$root/python" FIELDCRYPT_LIB="${FIELDCRYPT_LIB:-$host_build/libfieldcrypt.so}" \
    "$py" -m fieldcrypt.mcusim "$1" --target cortex-m0plus > "$1.log"
  sed -n '/^consumer:/p' "$1.log"
  grep -q "exit 0 " "$1.log" || { cat "$1.log"; exit 1; }
}
run_mcu "$out/m0plus-package/consumer.elf"

echo "-- cortex-m0plus: add_subdirectory with the consumer's FC_CONFIG_FILE"
cmake -S tests/consumer -B "$out/m0plus-subdir" "${gen[@]}" -DCMAKE_TOOLCHAIN_FILE="$m0p_toolchain" \
      -DCMAKE_BUILD_TYPE=MinSizeRel -DFC_CONSUMER_MODE=subdirectory -DFIELDCRYPT_SOURCE_DIR="$root" \
      -DFC_TARGETS_DIR="$root/targets" >/dev/null
cmake --build "$out/m0plus-subdir" >/dev/null
run_mcu "$out/m0plus-subdir/consumer.elf"
echo "consumer: all ways ok"
