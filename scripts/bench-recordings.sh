#!/usr/bin/env bash
# Benchmarks the recording readers side by side in one run and prints the ratios:
#   our FIT reader on the 41 km ride (4700 records) against garmin-fit-sdk and fitdecode
#     (target: at least 50x faster than the faster of them);
#   our GPX reader on the GPX ride against gpxpy (target: at least 5x faster), and against a bare
#     Foundation XMLParser pass with an empty delegate (target: within 2x of it).
# Every timing is the best of N passes that each read the file from disk and decode it.
# Usage: scripts/bench-recordings.sh [REPEATS]   (SCRATCH_PATH overrides the build folder,
#        PYTHON a Python with fitdecode, garmin-fit-sdk and gpxpy; by default a venv under
#        .build/bench-venv is made and the pinned versions of scripts/requirements-exports.txt
#        installed into it)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
repeats=${1:-20}
data="$root/Tests/Data/recordings"
fit="$data/ride-power--Edge810-Vector-2013-08-16-15-35-10.fit"
gpx="$data/ride-hilly--riderx3.gpx"

if [ -z "${PYTHON:-}" ]; then
  python3 -m venv "$root/.build/bench-venv"
  "$root/.build/bench-venv/bin/pip" install --quiet --disable-pip-version-check \
    -r "$root/scripts/requirements-exports.txt"
  PYTHON="$root/.build/bench-venv/bin/python"
fi
scratch=${SCRATCH_PATH:-$root/.build}
swift build -c release --product workout-sim-readbench --scratch-path "$scratch" \
  --package-path "$root" >&2
bin=$(swift build -c release --scratch-path "$scratch" --package-path "$root" --show-bin-path)

ours_fit=$("$bin/workout-sim-readbench" fit "$fit" "$repeats")
ours_gpx=$("$bin/workout-sim-readbench" gpx "$gpx" "$repeats")
bare_xml=$("$bin/workout-sim-readbench" xml "$gpx" "$repeats")
echo "ours:      $ours_fit"
echo "ours:      $ours_gpx"
echo "XMLParser: $bare_xml"
python_out=$("$PYTHON" - "$fit" "$gpx" "$repeats" <<'PY'
import sys, time
fit, gpx, repeats = sys.argv[1], sys.argv[2], int(sys.argv[3])
def best(fn, n):
    times = []
    for _ in range(n):
        start = time.perf_counter(); fn(); times.append(time.perf_counter() - start)
    return min(times) * 1000
def fitdecode_read():
    import fitdecode
    with fitdecode.FitReader(fit, check_crc=fitdecode.CrcCheck.RAISE) as reader:
        return sum(1 for f in reader if isinstance(f, fitdecode.FitDataMessage) and f.name == "record")
def sdk_read():
    from garmin_fit_sdk import Decoder, Stream
    messages, errors = Decoder(Stream.from_file(fit)).read()
    assert not errors, errors
    return len(messages["record_mesgs"])
def gpxpy_read():
    import gpxpy
    with open(gpx, encoding="utf-8") as handle:
        return sum(len(s.points) for t in gpxpy.parse(handle).tracks for s in t.segments)
n = max(3, repeats // 4)  # the Python readers are slow; fewer passes
print("fitdecode %.3f %d" % (best(fitdecode_read, n), fitdecode_read()))
print("garmin-fit-sdk %.3f %d" % (best(sdk_read, n), sdk_read()))
print("gpxpy %.3f %d" % (best(gpxpy_read, n), gpxpy_read()))
PY
)
echo "$python_out" | awk '{ printf "%-10s best %s ms points %s\n", $1 ":", $2, $3 }'

ms() { awk '{ for (i = 1; i < NF; i++) if ($i == "best") print $(i + 1) }' <<<"$1"; }
fd=$(awk '$1 == "fitdecode" { print $2 }' <<<"$python_out")
sdk=$(awk '$1 == "garmin-fit-sdk" { print $2 }' <<<"$python_out")
gp=$(awk '$1 == "gpxpy" { print $2 }' <<<"$python_out")
of=$(ms "$ours_fit"); og=$(ms "$ours_gpx"); bx=$(ms "$bare_xml")
awk -v o="$of" -v a="$fd" -v b="$sdk" 'BEGIN {
  f = (a < b) ? a : b
  printf "FIT: %.1fx faster than the faster Python reader (fitdecode %.1fx, garmin-fit-sdk %.1fx; target >= 50x)\n", f / o, a / o, b / o }'
awk -v o="$og" -v g="$gp" 'BEGIN { printf "GPX: %.1fx faster than gpxpy (target >= 5x)\n", g / o }'
awk -v o="$og" -v x="$bx" 'BEGIN { printf "GPX: %.2fx the time of a bare XMLParser pass (target <= 2x)\n", o / x }'
