#!/usr/bin/env bash
# Benchmarks the interactive watch face of the release `workout-sim` in a pseudo-terminal
# (scripts/pty-watch.py), with the driver's own timing figures (WORKOUT_SIM_WATCH_STATS):
#   - frame render time (snapshot, layout, escape codes): target < 1 ms for the mean and for at
#     least 99 % of frames (the maximum is printed too: one frame can lose the CPU to another
#     process on a shared machine);
#   - keypress to screen: the time from writing a key to the pty until the redraw arrives,
#     on the held selector, at --speed 1 and --speed 600: target < 30 ms (max);
#   - at --speed 1, virtual time against the wall clock over SECONDS (default 60): target
#     within 5 ms (the largest gap seen at any frame).
# Usage: scripts/bench-watch.sh [SECONDS]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-60}
scratch=${SCRATCH_PATH:-$root/.build}
swift build -c release --product workout-sim --scratch-path "$scratch" --package-path "$root" >&2
bin=$(swift build -c release --scratch-path "$scratch" --package-path "$root" --show-bin-path)/workout-sim
pty="$root/scripts/pty-watch.py"
stats=$(mktemp)
trap 'rm -f "$stats"' EXIT

python3 - "$pty" "$bin" "$stats" "$seconds" <<'PY'
import json, subprocess, sys
pty, binary, stats, seconds = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])

def drive(steps, speed, timeout=30):
    out = subprocess.run(
        [sys.executable, pty, "--timeout", str(timeout), "--env", "LANG=C.UTF-8",
         "--env", "WORKOUT_SIM_WATCH_STATS=" + stats, "--steps", steps, "--",
         binary, "run", "--speed", str(speed)],
        capture_output=True, text=True, check=False)
    result = json.loads(out.stdout)
    if result["failed"] or not result["restored"]:
        sys.exit("bench-watch: the pty run failed: %s" % result["failed"])
    figures = dict(item.split("=") for item in open(stats).read().split())
    return result, {key: float(value) for key, value in figures.items()}

ok = True
def report(name, value, unit, limit):
    global ok
    passed = value < limit
    ok = ok and passed
    print("%-44s %10.3f %s  (target < %g %s) %s" % (name, value, unit, limit, unit,
          "ok" if passed else "OVER"))

presses = ";".join(["key:j", "sleep:0.1", "key:k", "sleep:0.1"] * 15)
for speed in (1, 600):
    # Held on the selector: nothing else redraws, so the first output after a key is its frame.
    result, figures = drive("wait:Choose a workout;" + presses + ";send:q;sleep:0.5;send:y", speed)
    latencies = sorted(result["latencies_ms"])
    report("keypress to screen, max, --speed %g" % speed, latencies[-1], "ms", 30)
    print("%-44s %10.3f ms" % ("keypress to screen, median, --speed %g" % speed,
          latencies[len(latencies) // 2]))
# Playing at --speed 600 (a frame every 50 ms anyway): the driver's own key-to-written time.
_, figures = drive("wait:Choose a workout;send:\\r;sleep:1;" + presses + ";send:q;sleep:0.5;send:y",
                   600)
report("key handled and written while playing x600", figures["key_max_us"] / 1000, "ms", 30)

# --speed 1 for the given time: render times and drift.
_, figures = drive("wait:Choose a workout;send:\\r;sleep:%g;send:q;sleep:0.5;send:y" % seconds,
                   1, timeout=seconds + 30)
report("frame render, mean (%d frames)" % figures["frames"], figures["render_mean_us"] / 1000,
       "ms", 1)
print("%-44s %10.3f ms" % ("frame render, max (information)", figures["render_max_us"] / 1000))
report("frames at or over 1 ms, share", 100.0 * figures["render_slow"] / max(figures["frames"], 1),
       "%", 1)
report("virtual vs wall clock at x1 over %.1f s" % figures["played_s"],
       figures["drift_max_us"] / 1000, "ms", 5)
sys.exit(0 if ok else 1)
PY
