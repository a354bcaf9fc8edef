#!/usr/bin/env bash
# The example programs of examples/: on the host (the host tree's builds: HOST_BUILD, default
# build/host) each runs and must succeed; ecdsa_verify also checks a blob signed just now by
# Python's `cryptography` and must refuse it altered; x25519_cpace_pipe must fail with two
# different passwords. Then the Cortex-M0+ images (M0PLUS_BUILD, default build/pkg-m0plus,
# shared with scripts/test_consumer.sh) run in the MCU runner and must exit 0
# (x25519_cpace_pipe has no MCU build: it forks and uses pipes).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
host_build=${HOST_BUILD:-build/host}
case $host_build in /*) ;; *) host_build=$root/$host_build ;; esac
m0p_build=${M0PLUS_BUILD:-build/pkg-m0plus}
py=${PYTHON:-$root/.venv/bin/python}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "-- host"
[ -f "$host_build/CMakeCache.txt" ] || cmake -S . -B "$host_build" -G Ninja >/dev/null
cmake -S . -B "$host_build" -DFC_BUILD_EXAMPLES=ON >/dev/null
cmake --build "$host_build" >/dev/null
ex=$host_build/examples
for e in hash_hmac aes_gcm sliced_job ecdsa_verify driver_skeleton x25519_cpace_pipe; do
  "$ex/$e" > "$tmp/$e.log" 2>&1 || { cat "$tmp/$e.log"; echo "$e failed"; exit 1; }
  tail -n 1 "$tmp/$e.log" | sed 's/^/   /'
done
"$py" examples/make_ecdsa_blob.py --files "$tmp/blob"
"$ex/ecdsa_verify" "$tmp/blob/pub.der" "$tmp/blob/blob.bin" "$tmp/blob/blob.sig" | sed 's/^/   fresh blob: /'
printf 'x' >> "$tmp/blob/blob.bin"
if "$ex/ecdsa_verify" "$tmp/blob/pub.der" "$tmp/blob/blob.bin" "$tmp/blob/blob.sig" > "$tmp/bad.log"; then
  echo "ecdsa_verify accepted an altered blob"; exit 1
fi
grep -q FC_ERR_VERIFY "$tmp/bad.log" && echo "   altered blob: refused (FC_ERR_VERIFY)"
if "$ex/x25519_cpace_pipe" "correct horse battery staple" "Tr0ub4dor&3" > "$tmp/wrong.log"; then
  echo "x25519_cpace_pipe: a session with two passwords"; exit 1
fi
grep -q "no session" "$tmp/wrong.log" && echo "   wrong password: no session"

echo "-- cortex-m0plus images in the MCU runner"
cmake -S . -B "$m0p_build" -G Ninja -DCMAKE_TOOLCHAIN_FILE="$root/cmake/toolchains/cortex-m0plus.cmake" \
      -DCMAKE_BUILD_TYPE=MinSizeRel -DFC_BUILD_EXAMPLES=ON >/dev/null
cmake --build "$m0p_build" >/dev/null
for e in hash_hmac aes_gcm sliced_job ecdsa_verify driver_skeleton; do
  PYTHONPATH="$root/python" FIELDCRYPT_LIB="${FIELDCRYPT_LIB:-$host_build/libfieldcrypt.so}" \
    "$py" -m fieldcrypt.mcusim "$m0p_build/examples/$e.elf" --target cortex-m0plus > "$tmp/$e.mcu.log"
  grep -q "exit 0 " "$tmp/$e.mcu.log" && grep -q "^$e: ok" "$tmp/$e.mcu.log" ||
    { cat "$tmp/$e.mcu.log"; echo "$e failed on the Cortex-M0+ model"; exit 1; }
  printf '   %-16s %s\n' "$e" "$(sed -n 's/^total \([0-9]*\) insns, \([0-9]*\) cycles.*flash \([0-9]*\) B.*/\2 cycles, flash \3 B/p' "$tmp/$e.mcu.log")"
done
echo "examples: ok"
