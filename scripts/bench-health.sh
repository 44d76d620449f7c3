#!/usr/bin/env bash
# The health store against SQLite, side by side in one run: a year of two-source step data
# (366 days x 150 walking bouts x 2 sources = 109 800 samples, generated deterministically with
# SplitMix64 by Benchmarks/workout-sim-healthbench) and
#   (a) the store's daily cumulative-sum collection query with the two-source merge over the
#       year (367 edges 86 400 s apart; the calendar is the edge's job), in process;
#   (b) Python's sqlite3 (standard library) on the same samples, loaded from the CSV the
#       benchmark writes into an in-memory table indexed on the start: the plain
#       `SELECT date(start, 'unixepoch'), SUM(value) ... GROUP BY` local day (UTC here).
# Each query is timed alone (median of N runs, default 11). Target: (a) at most 2x (b); also
# printed: bytes per stored sample (the store's structures, target 64; resident memory growth
# while generating and storing, informational) and the generation time.
# Then, in the same run, the health generator: a year of one person's data
# (Benchmarks/scenarios/health-year.json: 366 local days in Europe/Berlin, two step sources,
# background heart rate, sleep stages, three workouts a week through the workout engine, a weekly
# ECG, a nightly lock) made by HealthGeneration.data(for:through:) in process
# (Benchmarks/workout-sim-healthgen, decoding outside the timing; median of N): target at most 1 s.
# And the health store a simulation starts with, built from that year: HealthStore(data:seed:)
# and the system's exercise minutes of its generated workouts (addExerciseMinutesOfGenerated-
# Workouts, what AppSimulation adds at creation; median of N): target at most 0.25 times the
# generation.
# Exits 1 when the ratio, the bytes, the generation or the store miss their target.
# Usage: scripts/bench-health.sh [runs]
# (SCRATCH_PATH overrides the build directory.)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-11}
scratch=${SCRATCH_PATH:-$root/.build}
for product in workout-sim-healthbench workout-sim-healthgen; do
  swift build -c release --product "$product" --scratch-path "$scratch" \
    --package-path "$root" >&2
done
bin=$(swift build -c release --scratch-path "$scratch" --package-path "$root" --show-bin-path)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$bin/workout-sim-healthbench" "$work/samples.csv" "$runs" > "$work/swift.txt"

status=0
python3 - "$runs" "$work/samples.csv" "$work/swift.txt" <<'PY' || status=$?
import csv, sqlite3, sys, time

runs, path, swift_path = int(sys.argv[1]), sys.argv[2], sys.argv[3]
swift = dict(line.strip().split("=", 1) for line in open(swift_path) if "=" in line)

def median(values):
    values = sorted(values)
    return values[len(values) // 2]

db = sqlite3.connect(":memory:")
db.execute("CREATE TABLE samples (start INTEGER, end INTEGER, value REAL, source INTEGER)")
with open(path, newline="") as f:
    rows = csv.reader(f)
    next(rows)
    db.executemany("INSERT INTO samples VALUES (?, ?, ?, ?)",
                   ((int(a), int(b), float(v), int(s)) for a, b, v, s in rows))
db.execute("CREATE INDEX samples_start ON samples (start)")
db.commit()
epoch = 1_735_689_600
first, last = epoch, epoch + 366 * 86_400
query = ("SELECT date(start, 'unixepoch') AS day, SUM(value) FROM samples "
         "WHERE start >= ? AND start < ? GROUP BY day ORDER BY day")
times, days = [], []
for _ in range(runs):
    t = time.perf_counter()
    days = db.execute(query, (first, last)).fetchall()
    times.append((time.perf_counter() - t) * 1e3)
sqlite_ms = median(times)
sqlite_total = sum(total for _, total in days)

store_ms = float(swift["query_ms"])
ratio = store_ms / sqlite_ms
bytes_per_sample = float(swift["store_bytes_per_sample"])
print(f"samples                      {swift['samples']}")
print(f"generation (bench data)      {float(swift['generate_ms']):8.1f} ms")
print(f"store build                  {float(swift['store_build_ms']):8.1f} ms")
print(f"store daily merged sum       {store_ms:8.2f} ms  (median of {runs}; total {float(swift['merged_total']):.0f} steps)")
print(f"  with separateBySource      {float(swift['query_by_source_ms']):8.2f} ms  (informational)")
print(f"sqlite GROUP BY local day    {sqlite_ms:8.2f} ms  (median of {runs}; {len(days)} days, total {sqlite_total:.0f} steps unmerged)")
print(f"ratio store / sqlite         {ratio:8.2f}  (target <= 2)")
print(f"bytes per sample, structures {bytes_per_sample:8.2f}  (target <= 64; model {swift['model_bytes_per_sample']})")
print(f"bytes per sample, RSS growth {float(swift['rss_bytes_per_sample']):8.2f}  (informational: generation and store)")
unmerged = float(swift["unmerged_total"])
if abs(unmerged - sqlite_total) > 0.5:
    sys.exit(f"per-source totals {unmerged} differ from SQLite's {sqlite_total}")
ok = ratio <= 2 and bytes_per_sample <= 64
print("PASS" if ok else "FAIL")
sys.exit(0 if ok else 1)
PY

# The generator: a year of the health plan in at most 1 s.
output=$(cd "$root" && "$bin/workout-sim-healthgen" Benchmarks/scenarios/health-year.json "$runs")
line=$(echo "$output" | grep '^generate')
echo "health plan: $line"
median=$(echo "$line" | sed -E 's/.*median ([0-9.]+) s.*/\1/')
if python3 -c "import sys; sys.exit(0 if float('$median') <= 1.0 else 1)"; then
  echo "PASS: a year generated in $median s (target: at most 1 s)"
else
  echo "FAIL: a year generated in $median s (target: at most 1 s)"
  status=1
fi
# The store a simulation starts with, exercise minutes included: at most 0.25 times the
# generation (a ratio, as the query's against SQLite, so the machine's load cancels out).
store=$(echo "$output" | grep '^store')
echo "health store: $store"
built=$(echo "$store" | sed -E 's/^store with exercise minutes: median ([0-9.]+) s.*/\1/')
if ratio=$(python3 -c "
import sys
ratio = float('$built') / float('$median')
print(f'{ratio:.2f}')
sys.exit(0 if ratio <= 0.25 else 1)"); then
  echo "PASS: the store with its exercise minutes built in $built s: ratio store / generation $ratio (target <= 0.25)"
else
  echo "FAIL: the store with its exercise minutes built in $built s: ratio store / generation $ratio (target <= 0.25)"
  status=1
fi
exit "$status"
