#!/usr/bin/env bash
# Peak memory of a long workout with a 1 Hz route (docs/performance.md#long-runs-with-a-route).
# Benchmarks/scenarios/route-12h.json: one running session of 12 hours (43200 s) with a GPS fix
# every second. Release builds; each line is one whole process's peak resident memory:
#   (a) `workout-sim-routebench none`: the 12 hours through the Swift API (SimulatedHealthKit:
#       session, live builder, data source), no location manager: the baseline;
#   (b) `workout-sim-routebench route`: the same, with a CLLocationManager whose delegate
#       inserts every location into the live builder's HKWorkoutRouteBuilder, and the route
#       finished after the workout (43201 locations);
#   (c) `workout-sim run --scenario Benchmarks/scenarios/route-12h.json --headless --json`:
#       the same 12 hours through the command line (which has no location manager).
# Prints each peak (kB), (b)/(a) and (b)/(c), and the route's cost per point: ((b) − (a)) /
# locations, against (d) `workout-sim-routebench size`: the resident bytes of one CLLocation and
# its array slot (100 000 made and kept in an array), what the app itself holds per point.
# PASS when the cost per point is at most 1.5 × (d) (room for an array's doubling and the
# allocator): the route keeps the app's CLLocation objects and nothing else per point.
# Exits 1 on FAIL.
# Usage: scripts/bench-route.sh [SECONDS]   (default 43200; SCRATCH_PATH overrides the build
# directory)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-43200}
scratch=${SCRATCH_PATH:-$root/.build}
for product in workout-sim workout-sim-routebench; do
  swift build -c release --product "$product" --scratch-path "$scratch" --package-path "$root" >&2
done
bin=$(swift build -c release --scratch-path "$scratch" --package-path "$root" --show-bin-path)
scenario="$root/Benchmarks/scenarios/route-12h.json"
cd "$root"

python3 - "$bin" "$scenario" "$seconds" <<'PY'
import subprocess, sys

bin, scenario, seconds = sys.argv[1], sys.argv[2], sys.argv[3]

def bench(mode):
    out = subprocess.run(
        [f"{bin}/workout-sim-routebench", mode, seconds, scenario],
        check=True, capture_output=True, text=True).stdout
    values = {}
    for line in out.splitlines():
        words = line.split()
        for key, value in zip(words[::2], words[1::2]):
            values[key] = value
    return values

def cli_peak():
    done = subprocess.run(
        ["/usr/bin/time", "-f", "%M", f"{bin}/workout-sim", "run", "--scenario", scenario,
         "--headless", "--json"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True)
    return int(done.stderr.strip().splitlines()[-1])

none = bench("none")
route = bench("route")
cli = cli_peak()
a, b = int(none["peakKB"]), int(route["peakKB"])
points = int(route["inserted"])
per_point = (b - a) * 1024 / points if points else float("nan")
location_bytes = int(bench("size")["bytesPerLocation"])
limit = 1.5 * location_bytes
print(f"(a) API, no route          peak {a} kB")
print(f"(b) API, 1 Hz route        peak {b} kB   ({points} locations inserted, route of {route['route']})")
print(f"(c) command line (--json)  peak {cli} kB")
print(f"(b)/(a) = {b / a:.2f}   (b)/(c) = {b / cli:.2f}")
print(f"route per point: {per_point:.0f} bytes; (d) one CLLocation and its slot {location_bytes} bytes, limit {limit:.0f}")
verdict = "PASS" if per_point <= limit else "FAIL"
print(verdict)
sys.exit(0 if verdict == "PASS" else 1)
PY
