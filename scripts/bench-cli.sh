#!/usr/bin/env bash
# Times the release `workout-sim` as a user runs it, process start-up included:
#   - `run --json` on the 12-hour ultra (Scenarios/ultra-12h.json): target <= 0.25 s wall time;
#   - `run --json` on a 30-minute scenario (the built-in default): target <= 50 ms.
# Prints the median of N runs (default 9) for each. Usage: scripts/bench-cli.sh [runs]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-9}
scratch=${SCRATCH_PATH:-$root/.build}
swift build -c release --product workout-sim --scratch-path "$scratch" --package-path "$root" >&2
bin=$(swift build -c release --scratch-path "$scratch" --package-path "$root" --show-bin-path)/workout-sim

# median_ms CMD...: runs CMD $runs times (output discarded) and prints the median wall time in ms.
median_ms() {
  python3 - "$runs" "$@" <<'PY'
import subprocess, sys, time
runs = int(sys.argv[1]); cmd = sys.argv[2:]
times = []
for _ in range(runs):
    start = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True)
    times.append((time.perf_counter() - start) * 1000)
times.sort()
print(f"{times[len(times) // 2]:.1f}")
PY
}

cd "$root"
ultra=$(median_ms "$bin" run --scenario Scenarios/ultra-12h.json --json)
short=$(median_ms "$bin" run --json)
bytes=$("$bin" run --scenario Scenarios/ultra-12h.json --json | wc -c)
echo "12-hour ultra, run --json: ${ultra} ms (target <= 250 ms), ${bytes} bytes of JSON"
echo "30-minute default scenario, run --json, with start-up: ${short} ms (target <= 50 ms)"
