#!/usr/bin/env bash
# Fuzzes the input readers with libFuzzer and AddressSanitizer (leak checks included):
#   scenario  the strict JSON parser and the scenario decoder with its validation
#   fit, tcx, gpx  the recording readers
#   course    any recording decoded, then turned into a course (RecordingCourse)
# Builds the targets of Fuzz/ (declared in Package.swift only when WORKOUT_SIM_FUZZ=1) in their
# own scratch folder, .build/fuzz, so plain `swift build` and `swift test` are untouched. Each
# target runs SECONDS from the seed corpus Fuzz/Corpus/<target>/ (read only; new inputs go to
# .build/fuzz/corpus/<target>/), with a time limit per input and a memory limit. It prints the
# executions per target and exits 1 on any crash, leak, timeout or out-of-memory; the input that
# caused it is saved in .build/fuzz/findings/<target>/ (libFuzzer's crash-, leak-, timeout- or
# oom- file) and its path printed. Reproduce with: .build/fuzz/release/Fuzz<Target> FILE
# Leaks inside the toolchain's own libraries are suppressed by Fuzz/lsan.supp (each one named
# there with its reason); any other leak fails.
# Usage: scripts/fuzz.sh [SECONDS] [TARGET...]   (default 60 s each, every target; with
#        FUZZ_RUNS=N in the environment each target stops after N executions, SECONDS at most)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export PATH="/opt/swift/usr/bin:$PATH"
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(scenario fit tcx gpx course)
timeout_per_input=10   # s; any single input taking longer is a finding
rss_limit_mb=2048      # per process; more is a finding (out of memory)
max_len=16384          # bytes; the seeds are at most 6.5 KB

product() {
  case "$1" in
    scenario) echo FuzzScenario ;; fit) echo FuzzFIT ;; tcx) echo FuzzTCX ;;
    gpx) echo FuzzGPX ;; course) echo FuzzCourse ;;
    *) echo "fuzz.sh: unknown target '$1' (scenario, fit, tcx, gpx, course)" >&2; exit 64 ;;
  esac
}

scratch="$root/.build/fuzz"
build() {
  # --sanitize=fuzzer makes SwiftPM link libFuzzer's main; -sanitize=fuzzer,address as one
  # swiftc flag instruments every module for coverage and ASan (two separate --sanitize flags
  # reach swiftc as two -sanitize= options, and only the last one counts).
  WORKOUT_SIM_FUZZ=1 swift build -c release --scratch-path "$scratch" \
    --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address --product "$1" >&2
}
for target in "${targets[@]}"; do build "$(product "$target")"; done
bin="$scratch/release"

failed=0
summary=()
for target in "${targets[@]}"; do
  name=$(product "$target")
  work="$scratch/corpus/$target"
  findings="$scratch/findings/$target"
  log="$scratch/logs/$target.log"
  mkdir -p "$work" "$findings" "$(dirname "$log")"
  echo "== $target: ${FUZZ_RUNS:+$FUZZ_RUNS executions, at most }$seconds s from Fuzz/Corpus/$target ($(ls "Fuzz/Corpus/$target" | wc -l) seeds)"
  status=0
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 \
    LSAN_OPTIONS="suppressions=$root/Fuzz/lsan.supp:print_suppressions=0" "$bin/$name" \
    -max_total_time="$seconds" -timeout="$timeout_per_input" -rss_limit_mb="$rss_limit_mb" \
    -max_len="$max_len" -detect_leaks=1 -print_final_stats=1 ${FUZZ_RUNS:+-runs=$FUZZ_RUNS} \
    -artifact_prefix="$findings/" "$work" "Fuzz/Corpus/$target" >"$log" 2>&1 || status=$?
  runs=$(awk '/stat::number_of_executed_units/ { print $NF }' "$log" | tail -1)
  rate=$(awk '/stat::average_exec_per_sec/ { print $NF }' "$log" | tail -1)
  took=$(awk '/^Done [0-9]+ runs in/ { print $5 }' "$log" | tail -1)
  corpus=$(ls "$work" | wc -l)
  artifact=$(grep -o "Test unit written to [^ ]*" "$log" | tail -1 | sed 's/Test unit written to //' || true)
  if [ "$status" -ne 0 ] || [ -n "$artifact" ]; then
    failed=1
    kind=$(grep -m1 -oE "ERROR: (libFuzzer|AddressSanitizer|LeakSanitizer): [a-z-]+|Fatal error|deadly signal|timeout|out-of-memory" "$log" || echo "exit $status")
    echo "   FAILED ($kind) after ${runs:-?} executions; input: ${artifact:-none}; log: $log"
    grep -m20 -E "Fatal error|ERROR:|#[0-9]+ 0x.* in " "$log" | sed 's/^/   | /' || true
    summary+=("$target: FAILED ($kind) after ${runs:-?} executions, input ${artifact:-none}")
  else
    echo "   ok: ${runs:-?} executions (${rate:-?}/s), corpus $corpus inputs, no crash, leak or timeout"
    summary+=("$target: ${runs:-?} executions in ${took:-$seconds} s (${rate:-?}/s), corpus $corpus inputs")
  fi
done
echo
printf '%s\n' "${summary[@]}"
exit "$failed"
