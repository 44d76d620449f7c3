#!/usr/bin/env bash
# Benchmarks the heart-rate fit behind `workout-sim calibrate` (docs/models.md#calibration): one
# hour of 1 Hz heart rate, fitted in a release build; target under 2 s (a benchmark, not a
# timed test). Prints the best of REPEATS fits and the fitted athlete.
# Usage: scripts/bench-calibrate.sh [REPEATS]   (SCRATCH_PATH overrides the build folder)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
repeats=${1:-3}
scratch=${SCRATCH_PATH:-$root/.build}
swift build -c release --product workout-sim-fitbench --scratch-path "$scratch" \
  --package-path "$root" >&2
bin=$(swift build -c release --scratch-path "$scratch" --package-path "$root" --show-bin-path)
output=$("$bin/workout-sim-fitbench" "$repeats")
echo "$output"
seconds=$(echo "$output" | sed -n 's/^fit of 3600 s at 1 Hz: \([0-9.e-]*\) s.*/\1/p')
if awk -v s="$seconds" 'BEGIN { exit !(s < 2) }'; then
  echo "ok: ${seconds} s is under the 2 s target"
else
  echo "FAIL: ${seconds} s is not under the 2 s target"
  exit 1
fi
