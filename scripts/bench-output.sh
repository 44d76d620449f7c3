#!/usr/bin/env bash
# Times what `workout-sim run` costs to print its output, against the C reference kernel
# (Benchmarks/baseline/kernel.c) in the same run, on the 7-day continuous run
# (Benchmarks/scenarios/continuous-7d.json: one record, about 121 000 log entries, 24 MB of
# JSON). Per simulated second, with start-up subtracted (the same scenario stopped at 0 with
# `--until 0`: process start, decoding, the course), the release binary must cost:
#   - the summary (`run --headless`):        at most 3x the kernel;
#   - the JSON result (`run --headless --json`, to /dev/null): at most 6x the kernel;
#   - peak memory (maximum resident set) of either: at most 100 MB.
# Prints the median of N runs (default 5) of each, the ratios and PASS or FAIL per target;
# exits 1 when a target is missed. Usage: scripts/bench-output.sh [runs]
# (SCRATCH_PATH overrides the build directory.)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cc -O2 -o "$tmp/kernel" "$root/Benchmarks/baseline/kernel.c" -lm
scratch=${SCRATCH_PATH:-$root/.build}
swift build -c release --product workout-sim --scratch-path "$scratch" --package-path "$root" >&2
bin=$(swift build -c release --scratch-path "$scratch" --package-path "$root" --show-bin-path)/workout-sim

python3 - "$runs" "$tmp/kernel" "$bin" "$root/Benchmarks/scenarios/continuous-7d.json" <<'PY'
import os, re, subprocess, sys, time

runs, kernel, binary, scenario = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
seconds = 7 * 86400

def median(values):
    values = sorted(values)
    return values[len(values) // 2]

def run(args):
    """Wall time (s) and maximum resident set (MB) of one run of `args`, output discarded."""
    start = time.perf_counter()
    process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        sys.exit(f"{' '.join(args)} failed with status {status}")
    return wall, usage.ru_maxrss / 1024  # Linux reports KiB

def kernel_run():
    out = subprocess.run([kernel, str(seconds)], capture_output=True, text=True, check=True).stdout
    return float(re.search(r"([0-9.]+) ns per simulated second", out).group(1))

# Interleaved, so that a busy machine slows the kernel and the binary alike.
base = [binary, "run", "--scenario", scenario, "--headless"]
commands = {"startup": base + ["--until", "0"], "summary": base, "json": base + ["--json"]}
kernels, walls, peaks = [], {k: [] for k in commands}, {k: 0.0 for k in commands}
for _ in range(runs):
    kernels.append(kernel_run())
    for name, args in commands.items():
        wall, peak = run(args)
        walls[name].append(wall)
        peaks[name] = max(peaks[name], peak)
kernel_ns = median(kernels)
startup, startup_peak = median(walls["startup"]), peaks["startup"]
summary, summary_peak = median(walls["summary"]), peaks["summary"]
json, json_peak = median(walls["json"]), peaks["json"]

failed = False
def report(name, wall, peak, limit):
    global failed
    ns = (wall - startup) * 1e9 / seconds
    ratio = ns / kernel_ns
    ok = ratio <= limit and peak <= 100
    failed |= not ok
    print(f"{name}: {wall * 1000:.0f} ms, {ns:.1f} ns per simulated second after start-up, "
          f"{ratio:.2f}x the kernel (target <= {limit}x), peak {peak:.0f} MB (target <= 100 MB): "
          + ("PASS" if ok else "FAIL"))

print(f"kernel.c: {kernel_ns:.2f} ns per simulated second ({seconds} s)")
print(f"start-up (--until 0): {startup * 1000:.0f} ms, peak {startup_peak:.0f} MB")
report("summary (run --headless)", summary, summary_peak, 3)
report("JSON (run --headless --json)", json, json_peak, 6)
sys.exit(1 if failed else 0)
PY
