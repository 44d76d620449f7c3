#!/usr/bin/env bash
# The report's size and time on a 12-hour run (Benchmarks/scenarios/report-12h.json: 36 000
# heart-rate samples at 1 s, the other types every 10 s, twelve pauses and eleven laps): prints
# the page's size in bytes and the wall time of `workout-sim report` (run and page together),
# and fails when the page is over 2 000 000 bytes (docs/command-line.md#report).
# Usage: scripts/bench-report.sh [BINARY] (default: the debug build's workout-sim).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$root/.build/debug/workout-sim}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
start=$(date +%s%N)
"$bin" report --scenario "$root/Benchmarks/scenarios/report-12h.json" --out "$tmp/report-12h.html" >/dev/null
end=$(date +%s%N)
bytes=$(wc -c <"$tmp/report-12h.html")
milliseconds=$(((end - start) / 1000000))
echo "report-12h: ${bytes} bytes (bound 2000000), ${milliseconds} ms"
[ "$bytes" -le 2000000 ]
