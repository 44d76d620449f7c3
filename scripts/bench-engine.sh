#!/usr/bin/env bash
# Runs the C reference kernel (Benchmarks/baseline/kernel.c) and the engine benchmark
# (workout-sim-bench, release) on the same 24-hour session length, and prints their ratio.
# Target: engine at most 3x the kernel per simulated second.
# Usage: scripts/bench-engine.sh [seconds]   (SCRATCH_PATH overrides the build directory)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-86400}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cc -O2 -o "$tmp/kernel" "$root/Benchmarks/baseline/kernel.c" -lm
scratch=${SCRATCH_PATH:-$root/.build}
swift build -c release --product workout-sim-bench --scratch-path "$scratch" --package-path "$root" >&2
bin=$(swift build -c release --scratch-path "$scratch" --package-path "$root" --show-bin-path)

echo "== kernel.c"
kernel_out=$("$tmp/kernel" "$seconds")
echo "$kernel_out"
echo "== workout-sim-bench"
bench_out=$("$bin/workout-sim-bench" "$seconds")
echo "$bench_out"

k=$(awk '/ns per simulated second/ { print $1 }' <<<"$kernel_out")
s=$(awk '/ns per simulated second \(synthetic/ { print $1 }' <<<"$bench_out")
m=$(awk '/ns per simulated second \(physiology/ { print $1 }' <<<"$bench_out")
awk -v b="$s" -v k="$k" 'BEGIN { printf "ratio engine (synthetic body)/kernel: %.2fx (target <= 3x)\n", b / k }'
awk -v b="$m" -v k="$k" 'BEGIN { printf "ratio engine (physiology models)/kernel: %.2fx (target <= 3x)\n", b / k }'
