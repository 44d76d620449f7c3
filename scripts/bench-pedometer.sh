#!/usr/bin/env bash
# The live pedometer's cost per update over a long span (docs/performance.md#core-motion).
# Benchmarks/scenarios/pedometer-week.json: 7 generated days of steps and distance from the
# Watch and the iPhone before t = 0. In one process (Benchmarks/workout-sim-pedometerbench),
# interleaved, medians of REPETITIONS (default 7) after one warm-up of each, release build:
#   (a) `CMPedometer.startUpdates(from:)` at t = 0 from 7 days back, then 24 hours of virtual
#       time (an update look every 60 s: 1440), the span holding every sample of the week;
#   (b) the same from t = 0: the baseline, the same simulation, timers and updates with an
#       empty span.
# Each simulation is made (its health data generated) outside the timing. An update reads only
# what is new since the last one (running totals), so (a) costs about what (b) does; reading
# the whole span at every update made (a) grow with the week's samples.
# Prints both medians and ranges, (a)/(b) with PASS or FAIL (target at most 1.5), the load
# average before and after; exits 1 on FAIL.
# Usage: scripts/bench-pedometer.sh [REPETITIONS] [SECONDS]   (defaults 7, 86400;
# SCRATCH_PATH overrides the build directory)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
repetitions=${1:-7}
seconds=${2:-86400}
scratch=${SCRATCH_PATH:-$root/.build}
swift build -c release --product workout-sim-pedometerbench --scratch-path "$scratch" \
  --package-path "$root" >&2
bin=$(swift build -c release --scratch-path "$scratch" --package-path "$root" --show-bin-path)
cd "$root"
load_before=$(cut -d' ' -f1 /proc/loadavg)
out=$("$bin/workout-sim-pedometerbench" "$repetitions" "$seconds" \
  "$root/Benchmarks/scenarios/pedometer-week.json")
load_after=$(cut -d' ' -f1 /proc/loadavg)
echo "$out"
ratio=$(echo "$out" | awk '$1 == "ratio" { print $2 }')
echo "load average $load_before before, $load_after after"
if python3 -c "import sys; sys.exit(0 if float('$ratio') <= 1.5 else 1)"; then
  echo "PASS: updates from a week back cost ${ratio}x updates from now (target at most 1.5)"
else
  echo "FAIL: updates from a week back cost ${ratio}x updates from now (target at most 1.5)"
  exit 1
fi
