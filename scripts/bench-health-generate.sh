#!/usr/bin/env bash
# Times the health generator: a year of one person's data (Benchmarks/scenarios/health-year.json:
# 366 local days in Europe/Berlin, two step sources, background heart rate, sleep stages, three
# workouts a week run through the workout engine, a weekly ECG, a nightly lock) made by
# HealthGeneration.data(for:through:) in a release build of Benchmarks/workout-sim-healthgen,
# in process (decoding outside the timing). Target: the median of N generations (default 5) at
# most 1 s. Prints the generator's line and PASS or FAIL; exits 1 on FAIL.
# Usage: scripts/bench-health-generate.sh [runs]   (SCRATCH_PATH overrides the build directory.)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-5}
scratch=${SCRATCH_PATH:-$root/.build}
swift build -c release --product workout-sim-healthgen --scratch-path "$scratch" \
  --package-path "$root" >&2
bin=$(swift build -c release --scratch-path "$scratch" --package-path "$root" --show-bin-path)
line=$(cd "$root" && "$bin/workout-sim-healthgen" Benchmarks/scenarios/health-year.json "$runs")
echo "$line"
median=$(echo "$line" | sed -E 's/.*median ([0-9.]+) s.*/\1/')
if python3 -c "import sys; sys.exit(0 if float('$median') <= 1.0 else 1)"; then
  echo "PASS: a year generated in $median s (target: at most 1 s)"
else
  echo "FAIL: a year generated in $median s (target: at most 1 s)"
  exit 1
fi
