#!/usr/bin/env bash
# Worlds per second per core of `workout-sim explore` on a 30-minute workout
# (Benchmarks/scenarios/explore-30min.json: one running session from 0 to 1800 s, one check
# that every world passes, faults wrist, phone-away, sensor-dropout and offline, so each world
# is one run and nothing is shrunk), beside one plain `workout-sim run --headless --json` of the
# same scenario. Release build. Prints:
#   run:     the median wall time of RUNS (default 11) whole `run` processes (start-up included);
#   explore: SEEDS (default 400) worlds in one process: wall time, CPU time (user + system of
#            the process, every core) and worlds per CPU second, i.e. per core;
#   ratio:   CPU time per world / the median `run` process's wall time: what a world costs
#            against one run (below 1: a world is cheaper than a process, which pays start-up
#            and the JSON write); then the same against the run's CPU time (user + system), the
#            measure a loaded machine disturbs least.
# Not a timed test: numbers only, on a machine shared with other builds they vary.
# Usage: scripts/bench-explore.sh [SEEDS] [RUNS] (SCRATCH_PATH overrides the build directory.)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seeds=${1:-400}
runs=${2:-11}
scratch=${SCRATCH_PATH:-$root/.build}
swift build -c release --product workout-sim --scratch-path "$scratch" --package-path "$root" >&2
bin=$(swift build -c release --scratch-path "$scratch" --package-path "$root" --show-bin-path)
scenario=$root/Benchmarks/scenarios/explore-30min.json
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
python3 - "$bin/workout-sim" "$scenario" "$out" "$seeds" "$runs" <<'PY'
import os, resource, statistics, subprocess, sys, time
binary, scenario, out, seeds, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])

def timed(arguments):
    """Wall seconds and CPU seconds (user + system) of one child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(arguments, stdout=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)

run_times = [timed([binary, "run", "--scenario", scenario, "--headless", "--json"]) for _ in range(runs)]
run = statistics.median(t[0] for t in run_times)
run_cpu = statistics.median(t[1] for t in run_times)
wall, cpu = timed([binary, "explore", "--scenario", scenario, "--seeds", str(seeds),
                   "--faults", "wrist,phone-away,sensor-dropout,offline", "--out", out + "/worlds"])
cores = os.cpu_count()
print(f"run:     median {run * 1000:.1f} ms wall, {run_cpu * 1000:.1f} ms CPU per process ({runs} runs)")
print(f"explore: {seeds} worlds in {wall:.2f} s wall, {cpu:.2f} s CPU on {cores} cores: "
      f"{seeds / cpu:.1f} worlds per second per core")
print(f"ratio:   {cpu / seeds * 1000:.2f} ms CPU per world / {run * 1000:.1f} ms wall per run = "
      f"{cpu / seeds / run:.3f}")
if run_cpu > 0:
    # CPU against CPU: the same measure on both sides, steady on a loaded machine.
    print(f"ratio (CPU): {cpu / seeds * 1000:.2f} ms CPU per world / {run_cpu * 1000:.1f} ms CPU "
          f"per run = {cpu / seeds / run_cpu:.3f}")
print(f"load average: {os.getloadavg()[0]:.2f}")
PY
