#!/usr/bin/env bash
# libFuzzer harnesses (tests/fuzz): builds them with clang + ASan + UBSan and runs each in turn.
# New inputs go to build/fuzz/corpus/<harness>; the kept seed corpus is
# tests/fuzz/corpus/<harness>. --merge folds the new finds into the kept corpus (minimised).
#   scripts/fuzz.sh                        short run, 20 s each
#   scripts/fuzz.sh 15                     as CI does (scripts/test.sh)
#   scripts/fuzz.sh 600 --merge            a longer run, finds kept
#   scripts/fuzz.sh --hours H [--jobs J] [--merge]
#       a campaign: every harness for its share of H hours with J parallel workers
#       (libFuzzer -fork=J; crashes are recorded and the run goes on), then the coverage of
#       src/ by the corpus (a separate clang coverage build run over it with -runs=0), and a
#       summary in build/fuzz/summary.md and summary.json: per harness wall and CPU seconds
#       (measured over the fuzzer and its children), execs, execs/s, corpus files before and
#       after, crashes; per file and total line and region coverage of src/.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=20 hours="" jobs=1 merge=""
while [ $# -gt 0 ]; do
  case "$1" in
    --hours) hours=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --merge) merge=--merge; shift ;;
    [0-9]*) seconds=$1; shift ;;
    *) echo "usage: scripts/fuzz.sh [SECONDS] [--merge] | --hours H [--jobs J] [--merge]" >&2; exit 2 ;;
  esac
done

HARNESSES=(fuzz_login_wire fuzz_login_session fuzz_curves fuzz_hash_stream fuzz_ec_decode
           fuzz_aead_open fuzz_mcuboot fuzz_rsa_der fuzz_rsa_oaep fuzz_driver_fallback
           fuzz_openssl_diff fuzz_firmware)

# the login harness runs on the cheap curve stand-in (tests/fuzz/README.md); no shared library
# or examples: only the harnesses are needed
CC=clang cmake -S . -B build/fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DFC_FUZZ=ON \
      -DFC_FUZZ_CHEAP_CURVES=ON -DFC_BUILD_TESTS=OFF -DFC_BUILD_SHARED=OFF \
      -DFC_BUILD_EXAMPLES=OFF -DFC_SANITIZE=fuzzer-no-link,address,undefined >/dev/null
cmake --build build/fuzz

if [ -z "$hours" ]; then
  for h in "${HARNESSES[@]}"; do
    new=build/fuzz/corpus/$h
    kept=tests/fuzz/corpus/$h
    mkdir -p "$new" "$kept"
    echo "== $h: ${seconds}s"
    build/fuzz/tests/fuzz/$h "$new" "$kept" -max_total_time="$seconds" -print_final_stats=1 \
        2> "build/fuzz/$h.log" || { tail -40 "build/fuzz/$h.log"; exit 1; }
    grep -E "stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb" \
        "build/fuzz/$h.log" | sed 's/^/   /'
    if [ "$merge" = "--merge" ]; then
      build/fuzz/tests/fuzz/$h -merge=1 "$kept" "$new" 2>/dev/null
    fi
  done
  echo "fuzz: ${#HARNESSES[@]} harnesses ran ${seconds}s each without a failure"
  exit 0
fi

# ---- a campaign ----
share=$(python3 -c "print(max(10, int(float('$hours') * 3600 / ${#HARNESSES[@]})))")
echo "fuzz: ${#HARNESSES[@]} harnesses, ${share}s each, ${jobs} worker(s)"
results=build/fuzz/results.tsv
printf 'harness\twall_s\tcpu_s\texecs\texecs_per_s\tcorpus_before\tcorpus_after\tnew_files\tcrashes\n' > "$results"
failed=0
for h in "${HARNESSES[@]}"; do
  new=build/fuzz/corpus/$h
  kept=tests/fuzz/corpus/$h
  art=build/fuzz/artifacts/$h/
  mkdir -p "$new" "$kept" "$art"
  before=$(find "$kept" "$new" -type f | wc -l)
  new_before=$(find "$new" -type f | wc -l)
  if [ "$jobs" -gt 1 ]; then
    mode=(-fork="$jobs" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
  else
    mode=()
  fi
  echo "== $h: ${share}s"
  stamp=$(mktemp)   # the artifacts of this run are the ones newer than it
  # wall and CPU seconds of the fuzzer and all its children (getrusage of the children)
  python3 - "$h" "$results.time" build/fuzz/tests/fuzz/$h "$new" "$kept" \
      -max_total_time="$share" -print_final_stats=1 -artifact_prefix="$art" "${mode[@]}" \
      2> "build/fuzz/$h.log" <<'EOF' || true
import resource, subprocess, sys, time
name, out, cmd = sys.argv[1], sys.argv[2], sys.argv[3:]
t0 = time.monotonic()
rc = subprocess.call(cmd)
wall = time.monotonic() - t0
ru = resource.getrusage(resource.RUSAGE_CHILDREN)
with open(out, "w") as f:
    f.write("%.1f %.1f %d\n" % (wall, ru.ru_utime + ru.ru_stime, rc))
EOF
  read -r wall cpu rc < "$results.time"
  log=build/fuzz/$h.log
  # execs: the final stats (one process) or the fork mode's last progress line (#N: ...)
  # (|| true: under pipefail a grep that finds nothing would end the campaign)
  execs=$(grep -E "stat::number_of_executed_units" "$log" | tail -1 | awk '{print $2}' || true)
  if [ -z "$execs" ]; then
    execs=$(grep -Eo "^#[0-9]+" "$log" | tail -1 | tr -d '#' || true)
  fi
  execs=${execs:-0}
  crashes=$(find "$art" -maxdepth 1 -type f -newer "$stamp" \( -name 'crash-*' -o -name 'leak-*' \
             -o -name 'timeout-*' -o -name 'oom-*' \) | wc -l)
  rm -f "$stamp"
  [ "$rc" = 0 ] || [ "$crashes" -gt 0 ] || crashes=1  # a failure without an artifact
  [ "$crashes" = 0 ] || { failed=1; echo "   FAILED: see $log and $art"; }
  if [ "$merge" = "--merge" ]; then
    build/fuzz/tests/fuzz/$h -merge=1 "$kept" "$new" 2>/dev/null || true
  fi
  after=$(find "$kept" "$new" -type f | wc -l)
  newfiles=$(( $(find "$new" -type f | wc -l) - new_before ))
  eps=$(python3 -c "print(round($execs / max($wall, 1e-9)))")
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$h" "$wall" "$cpu" "$execs" "$eps" "$before" \
      "$after" "$newfiles" "$crashes" >> "$results"
  echo "   wall ${wall}s, cpu ${cpu}s, ${execs} execs, ${eps}/s, ${newfiles} new inputs"
done
rm -f "$results.time"

# ---- coverage of src/ by the corpus (kept, and the new finds when not merged) ----
# (real curves in every harness: llvm-cov cannot merge a file built two ways)
CC=clang cmake -S . -B build/fuzz-cov -G Ninja -DCMAKE_BUILD_TYPE=Debug -DFC_FUZZ=ON \
      -DFC_FUZZ_CHEAP_CURVES=OFF -DFC_BUILD_TESTS=OFF -DFC_BUILD_SHARED=OFF \
      -DFC_BUILD_EXAMPLES=OFF -DFC_SANITIZE= \
      -DCMAKE_C_FLAGS="-fprofile-instr-generate -fcoverage-mapping" >/dev/null
cmake --build build/fuzz-cov
rm -rf build/fuzz-cov/prof && mkdir -p build/fuzz-cov/prof
objects=()
for h in "${HARNESSES[@]}"; do
  dirs=(tests/fuzz/corpus/$h)
  [ "$merge" = "--merge" ] || dirs+=(build/fuzz/corpus/$h)
  LLVM_PROFILE_FILE="build/fuzz-cov/prof/$h-%p.profraw" \
      build/fuzz-cov/tests/fuzz/$h -runs=0 "${dirs[@]}" >/dev/null 2>&1 || true
  # llvm-cov takes the first binary as an argument, the others with -object
  [ ${#objects[@]} -eq 0 ] || objects+=(-object)
  objects+=("build/fuzz-cov/tests/fuzz/$h")
done
llvm-profdata merge -sparse build/fuzz-cov/prof/*.profraw -o build/fuzz-cov/fuzz.profdata
llvm-cov report -instr-profile build/fuzz-cov/fuzz.profdata "${objects[@]}" "$PWD/src" \
    > build/fuzz/coverage.txt
llvm-cov export -summary-only -instr-profile build/fuzz-cov/fuzz.profdata "${objects[@]}" \
    "$PWD/src" > build/fuzz-cov/coverage.json

# ---- summary ----
python3 - "$hours" "$jobs" "$share" "$merge" <<'EOF'
import csv, json, os, sys
hours, jobs, share, merge = sys.argv[1:]
rows = list(csv.DictReader(open("build/fuzz/results.tsv"), delimiter="\t"))
cov = json.load(open("build/fuzz-cov/coverage.json"))["data"][0]
root = os.path.join(os.getcwd(), "src") + os.sep
files = [{"file": f["filename"][len(root):] if f["filename"].startswith(root) else f["filename"],
          "lines": f["summary"]["lines"], "regions": f["summary"]["regions"]}
         for f in cov["files"]]
files.sort(key=lambda f: f["file"])
total = cov["totals"]
summary = {"hours": float(hours), "jobs": int(jobs), "seconds_per_harness": int(share),
           "merged": merge == "--merge", "harnesses": rows,
           "coverage_src": {"lines": total["lines"], "regions": total["regions"], "files": files}}
json.dump(summary, open("build/fuzz/summary.json", "w"), indent=1)
md = ["# Fuzzing campaign", "",
      f"{hours} h over {len(rows)} harnesses ({share} s each), {jobs} worker(s), "
      f"finds {'merged into' if merge else 'not merged into'} tests/fuzz/corpus/.", "",
      "| harness | wall s | CPU s | execs | execs/s | corpus before | after | new inputs | crashes |",
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
for r in rows:
    md.append("| {harness} | {wall_s} | {cpu_s} | {execs} | {execs_per_s} | {corpus_before} | "
              "{corpus_after} | {new_files} | {crashes} |".format(**r))
pct = lambda d: "%.1f%% (%d of %d)" % (d["percent"], d["covered"], d["count"])
md += ["", f"Coverage of src/ by the corpus: lines {pct(total['lines'])}, "
       f"regions {pct(total['regions'])}.", "",
       "| file | lines | regions |", "| --- | ---: | ---: |"]
for f in files:
    md.append("| %s | %.1f%% | %.1f%% |" % (f["file"], f["lines"]["percent"],
                                            f["regions"]["percent"]))
open("build/fuzz/summary.md", "w").write("\n".join(md) + "\n")
print("\n".join(md[:len(rows) + 8]))
EOF
echo "fuzz: summary in build/fuzz/summary.md and build/fuzz/summary.json"
exit $failed
