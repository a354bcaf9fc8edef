#!/usr/bin/env bash
# libFuzzer harnesses (tests/fuzz): builds them with clang + ASan + UBSan and runs each for
# SECONDS (default 20). New inputs go to build/fuzz/corpus/<harness>; the kept seed corpus is
# tests/fuzz/corpus/<harness>. --merge folds the new finds into the kept corpus (minimised).
#   scripts/fuzz.sh            short run, as CI does
#   scripts/fuzz.sh 600        a longer run, on request
#   scripts/fuzz.sh 600 --merge
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
merge=${2:-}
CC=clang cmake -S . -B build/fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DFC_FUZZ=ON \
      -DFC_BUILD_TESTS=OFF -DFC_SANITIZE=fuzzer-no-link,address,undefined >/dev/null
cmake --build build/fuzz
for h in fuzz_login_wire fuzz_login_session fuzz_curves fuzz_hash_stream fuzz_ec_decode \
         fuzz_aead_open fuzz_mcuboot fuzz_rsa_der fuzz_rsa_oaep; do
  new=build/fuzz/corpus/$h
  kept=tests/fuzz/corpus/$h
  mkdir -p "$new" "$kept"
  echo "== $h: ${seconds}s"
  build/fuzz/tests/fuzz/$h "$new" "$kept" -max_total_time="$seconds" -print_final_stats=1 \
      2> "build/fuzz/$h.log" || { tail -40 "build/fuzz/$h.log"; exit 1; }
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "build/fuzz/$h.log" | sed 's/^/   /'
  if [ "$merge" = "--merge" ]; then
    build/fuzz/tests/fuzz/$h -merge=1 "$kept" "$new" 2>/dev/null
  fi
done
echo "fuzz: 9 harnesses ran ${seconds}s each without a failure"
