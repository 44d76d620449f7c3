#!/usr/bin/env bash
# The long exploration (docs/explore.md#in-ci-and-the-long-run); CI runs a few worlds of the
# first part only (.ci/run).
#   1. `workout-sim explore` of bundled scenarios whose checks hold in every world: SEEDS worlds
#      each (default 2000), the failing worlds (none expected) written under
#      .build/explore-long/.
#   2. The Swift door, through `swift test`: the fitness tracker's sync with offline and lock
#      faults, and with server errors, hangs and expiring tasks (SyncExploreTests: the server ends with exactly the store's samples) and the
#      recovery example's fixed manager (RecoveryExploreTests), and the step goal's sync with
#      the phone away (GoalSyncExploreTests: the watch ends with the phone's goal), SWIFT_SEEDS worlds each
#      (default 200; WORKOUT_SIM_EXPLORE_SEEDS). Each sync world crosses a real loopback HTTP
#      server on the wall clock: about 0.2 s a world here (100 in 16 s).
# Exits non-zero when a world fails. Usage: scripts/explore-long.sh [SEEDS] [SWIFT_SEEDS]
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
seeds=${1:-2000}
swift_seeds=${2:-200}
swift build --product workout-sim
bin=$(swift build --show-bin-path)
out=.build/explore-long
rm -rf "$out" && mkdir -p "$out"
status=0
# Scenario and the faults its checks must survive: hills.json without crashes (a crash over a
# lap loses it, which its checks count, docs/command-line.md#explore); tempo-ride.json and the
# recovery run with crash-recover, which the command line's scripted app survives (a plain
# crash loses any workout, so it is left out; docs/explore.md#in-ci-and-the-long-run).
while read -r scenario faults; do
  name=$(basename "$scenario" .json)
  echo "== $scenario: $seeds worlds, faults $faults"
  "$bin/workout-sim" explore --scenario "$scenario" --seeds "$seeds" --faults "$faults" \
    --out "$out/$name" --junit "$out/$name.xml" || status=1
done <<'LIST'
Scenarios/hills.json wrist,phone-away,sensor-dropout,offline,notifications-off,auth-denied
Scenarios/tempo-ride.json crash-recover,wrist,phone-away,sensor-dropout,offline,notifications-off,auth-denied,http-error,http-hang,task-expiry
Examples/RecoveryApp/Scenarios/recovery-run.json crash-recover,wrist,phone-away,sensor-dropout
LIST
echo "== swift test: the syncs and the recovery example, $swift_seeds worlds each"
WORKOUT_SIM_EXPLORE_SEEDS=$swift_seeds swift test \
  --filter 'SyncExploreTests|GoalSyncExploreTests|RecoveryExploreTests/theFixedManagerPassesTheSameWorlds' || status=1
exit $status
