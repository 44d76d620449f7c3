#!/usr/bin/env bash
# Times a 2-hour workout through the Swift API against the same scenario through the command
# line, in the same run (Benchmarks/scenarios/api-2h.json: one running session from 0 to
# 2:00:00, 1441 sample batches). Judged: the in-process line (e); (a) to (d) are whole processes.
# (e), in one process (`workout-sim-apibench --in-process`), timed with `ContinuousClock`,
# interleaved, medians of REPETITIONS (default 201) after 3 warm-up runs of each:
#   (a') what `workout-sim run --scenario Benchmarks/scenarios/api-2h.json --headless --json`
#        does after reading its file: `Simulation.run` on the decoded scenario and the result's
#        canonical JSON through `writeJSON` (the same calls; its bytes are checked once, before
#        timing, against the command line's own output);
#   (b') the app of (b) below on the same decoded scenario, from `HealthKitSimulation(scenario:)`
#        to `settle()`;
#   both from t = 0 to 2:00:00, decoding outside the timing. Target: (b') at most 3x (a').
# Why (e) is judged: the target compares the 2 hours of one scenario through the two doors.
# The process lines get them as a difference: the command line's 2 hours are 1.3 to 2 ms of a
# process of about 15 ms, so its figure is the difference of two medians whose noise (spawn,
# dynamic loading, page faults, waits for a core on a shared machine) is as large as the figure
# itself, and the judged ratio moved from 2.3 to 5.7x from run to run of this script. (e) times
# only those 2 hours on each side, with the same work on both sides left out instead of
# subtracted (process start, reading and decoding the file), many more times. What it leaves
# out that a process has: the command line's write of its 287 KB to standard output (here the
# chunks go to a counter; to /dev/null that write is a few system calls) and the start of the
# concurrency runtime's threads on the API side (in the process lines also in (b)'s subtracted
# start-up). Both sides run warm (allocator, caches) alike, so (e) is the fairer measure of "the
# same scenario through `workout-sim run`".
# The process lines, kept as they were (informational):
#   (a) `workout-sim run --scenario Benchmarks/scenarios/api-2h.json --headless --json`;
#   (b) `workout-sim-apibench` (Benchmarks/workout-sim-apibench): an app object, delegate of the
#       session and its live builder, reading `statistics(for:)` of every collected type on
#       every batch, converting each to the unit it shows and keeping the latest values in the
#       delegate object under a `Mutex`, makes the scenario's calls at its instants through
#       SimulatedHealthKit. The target asks for a delegate that reads the statistics on every
#       batch, not for a main-actor hop per batch: that hop is the informational line (d).
# Each with start-up subtracted (the same run stopped at 0: `--until 0` for (a), a zero-length
# run for (b): process start, decoding, the course); (b)/(a) is printed, not judged.
# The subtraction is the same on both sides: each start-up is the wall time of a whole process
# (spawn to exit, output discarded, as the full run is timed) of the same scenario stopped at
# t = 0 after the same work there (the session started, its first batch, heart rate and speed,
# collected; (b)'s app reads that batch), so what remains is the 2 hours on each side: (a) the
# engine, the record and its 287 KB of JSON; (b) the engine, the 1441 batches' delegate calls
# and reads, end, endCollection, finishWorkout and settle. (b) runs on several threads with a
# main-actor turn at the end of each async call; (a) on one: on a loaded machine the waits for a
# core weigh on both, so only ratios of one run of the script compare.
# Also shown, not judged: (c) the same API run with delegates that do nothing (the driver's own
# cost, without the app's statistics reads); (d) the app of (b) also handing the values to the
# main actor with a `Task { @MainActor }` on every batch, as Apple's sample workout apps do.
# Prints the median of RUNS interleaved runs (default 11) of each process and their ratio, then
# (e)'s medians, ranges and ratio with PASS or FAIL, and the load average before and after;
# exits 1 on FAIL. Usage: scripts/bench-api.sh [RUNS] [REPETITIONS]
# (SCRATCH_PATH overrides the build directory.)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-11}
repetitions=${2:-201}
scratch=${SCRATCH_PATH:-$root/.build}
for product in workout-sim workout-sim-apibench; do
  swift build -c release --product "$product" --scratch-path "$scratch" --package-path "$root" >&2
done
bin=$(swift build -c release --scratch-path "$scratch" --package-path "$root" --show-bin-path)

python3 - "$runs" "$bin" "$root/Benchmarks/scenarios/api-2h.json" "$repetitions" <<'PY'
import os, subprocess, sys, tempfile, time

runs, bin, scenario, repetitions = int(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
limit = 3

def load():
    with open("/proc/loadavg") as f:
        return f.read().split()[0]

load_before = load()

def median(values):
    values = sorted(values)
    return values[len(values) // 2]

def run(args):
    """Wall time (s) of one run of `args`, output discarded."""
    start = time.perf_counter()
    status = subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
    wall = time.perf_counter() - start
    if status != 0:
        sys.exit(f"{' '.join(args)} failed with status {status}")
    return wall

# Interleaved, so that a busy machine slows both doors alike.
cli = [f"{bin}/workout-sim", "run", "--scenario", scenario, "--headless", "--json"]
api = [f"{bin}/workout-sim-apibench", scenario]
commands = {
    "cli startup": cli + ["--until", "0"], "cli": cli,
    "api startup": api + ["0"], "api": api + ["7200"], "api empty": api + ["7200", "empty"],
    "api hop": api + ["7200", "hop"],
}
walls = {k: [] for k in commands}
for _ in range(runs):
    for name, args in commands.items():
        walls[name].append(run(args))
m = {k: median(v) for k, v in walls.items()}
cli_work = m["cli"] - m["cli startup"]
api_work = m["api"] - m["api startup"]
empty_work = m["api empty"] - m["api startup"]
hop_work = m["api hop"] - m["api startup"]
ratio = api_work / cli_work

print(f"(a) run --headless --json: {m['cli'] * 1000:.1f} ms, start-up (--until 0) "
      f"{m['cli startup'] * 1000:.1f} ms: {cli_work * 1000:.1f} ms for 2 simulated hours")
print(f"(b) workout-sim-apibench: {m['api'] * 1000:.1f} ms, start-up (zero-length run) "
      f"{m['api startup'] * 1000:.1f} ms: {api_work * 1000:.1f} ms for 2 simulated hours")
print(f"(c) workout-sim-apibench, empty delegates: {m['api empty'] * 1000:.1f} ms: "
      f"{empty_work * 1000:.1f} ms, {empty_work / cli_work:.2f}x (a) (the driver alone; not judged)")
print(f"(d) workout-sim-apibench, (b) with a main-actor hop per batch: {m['api hop'] * 1000:.1f} ms: "
      f"{hop_work * 1000:.1f} ms, {hop_work / cli_work:.2f}x (a) (not judged)")
print(f"median of {runs} interleaved runs: (b)/(a) = {ratio:.2f}x (not judged)")

# (e): the command line's own output first, which (a') must equal byte for byte.
with tempfile.TemporaryDirectory() as directory:
    expected = os.path.join(directory, "cli.json")
    with open(expected, "wb") as out:
        if subprocess.run(cli, stdout=out).returncode != 0:
            sys.exit(f"{' '.join(cli)} failed")
    inproc = subprocess.run(
        [f"{bin}/workout-sim-apibench", "--in-process", str(repetitions), scenario, expected],
        stdout=subprocess.PIPE, text=True)
if inproc.returncode != 0:
    sys.exit(f"workout-sim-apibench --in-process failed with status {inproc.returncode}")
lines = inproc.stdout.strip().splitlines()
for line in lines[:-1]:
    print(f"(e) {line}")
fields = dict(field.split("=") for field in lines[-1].split()[1:])
inproc_ratio = float(fields["b"]) / float(fields["a"])
ok = inproc_ratio <= limit
print(f"judged, (e) in one process, medians of {repetitions} interleaved repetitions: "
      f"(b')/(a') = {inproc_ratio:.2f}x (target <= {limit}x): " + ("PASS" if ok else "FAIL"))
print(f"load average (1 min): {load_before} before, {load()} after")
sys.exit(0 if ok else 1)
PY
