#!/usr/bin/env bash
# Builds the DocC documentation of the simulated frameworks with the toolchain's own `docc`
# (the Swift-DocC package plugin cannot be fetched here): symbol graphs from
# `swift build -Xswiftc -emit-symbol-graph` in a scratch folder of their own (so every module is
# compiled and emits its graph), then `docc convert` of each catalog with warnings as errors.
# Output: .build/docs/<Module>.doccarchive (static hosting layout; open index.html through any
# web server). Usage: scripts/docs.sh [Module ...] (default: every Sources/*/*.docc catalog).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
scratch=${SCRATCH_PATH:-$root/.build/docs-build}
out=$root/.build/docs
graphs=$scratch/symbol-graphs

if [ "$#" -gt 0 ]; then
  modules=("$@")
else
  modules=()
  for catalog in Sources/*/*.docc; do
    modules+=("$(basename "$(dirname "$catalog")")")
  done
fi

rm -rf "$graphs" && mkdir -p "$graphs" "$out"
for module in "${modules[@]}"; do
  swift build --scratch-path "$scratch" --target "$module" \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" \
    -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public >&2
done

for module in "${modules[@]}"; do
  catalog=Sources/$module/$module.docc
  # Only the module's own graphs (and its extensions of other modules): the dependencies'
  # graphs would add their symbols to the page.
  own=$scratch/symbol-graphs-$module
  rm -rf "$own" && mkdir -p "$own"
  cp "$graphs/$module.symbols.json" "$own/"
  for extension in "$graphs/$module"@*.symbols.json; do
    [ -e "$extension" ] && cp "$extension" "$own/"
  done
  rm -rf "$out/$module.doccarchive"
  docc convert "$catalog" --additional-symbol-graph-dir "$own" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.workout-sim.$module" \
    --transform-for-static-hosting --warnings-as-errors \
    --output-path "$out/$module.doccarchive"
  echo "$module: $out/$module.doccarchive"
done
