#!/usr/bin/env bash
# Builds the DocC documentation of the simulated frameworks (SimulatedHealthKit,
# SimulatedUserNotifications, SimulatedWidgetKit, SimulatedBackgroundTasks, SimulatedNetwork,
# SimulatedWatchKit, SimulatedCoreMotion, SimulatedCoreLocation, SimulatedWatchConnectivity,
# SimulatedRelevanceKit, SimulatedWorkoutKit, and SimulationDriver, the simulation they build on: every
# module with a `Sources/<Module>/<Module>.docc` catalog) with the toolchain's own `docc`
# (the Swift-DocC package plugin cannot be fetched here): symbol graphs from
# `swift build -Xswiftc -emit-symbol-graph` in a scratch folder of their own (so every module is
# compiled and emits its graph), then `docc convert` of each catalog with warnings as errors
# (an unresolved ``link`` is a warning); a public declaration without a doc comment fails too.
# Output: .build/docs/<Module>.doccarchive (static hosting layout: serve it with any web server;
# the script prints each archive's path and the command to view it). Usage: scripts/docs.sh
# [Module ...] (default: every Sources/*/*.docc catalog); DOCS_SKIP_BUILD=1 reuses the symbol
# graphs of the last run (for editing the catalogs' articles).
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

if [ "${DOCS_SKIP_BUILD:-0}" = 1 ] && [ -d "$graphs" ]; then
  echo "DOCS_SKIP_BUILD=1: reusing the symbol graphs in $graphs" >&2
else
  # The graphs folder is kept between runs: an up-to-date module is not compiled again, so it
  # emits no new graph and its last one is still current.
  mkdir -p "$graphs"
  for module in "${modules[@]}"; do
    swift build --scratch-path "$scratch" --target "$module" \
      -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" \
      -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public >&2
  done
fi
mkdir -p "$out"

for module in "${modules[@]}"; do
  catalog=Sources/$module/$module.docc
  # Only the module's own graphs (and its extensions of other modules): the dependencies'
  # graphs would add their symbols to the page.
  # A module that re-exports Foundation (`@_exported import Foundation`, as SimulatedHealthKit
  # does, like `import HealthKit`) gets all of Foundation's and Glibc's symbols in its graph:
  # keep only the symbols declared in Sources/<Module>/ and the members the compiler synthesizes
  # for them (`Hashable`, `OptionSet`, ...), and the relationships that start at a kept symbol;
  # fails when a public declaration of the module has no doc comment.
  own=$scratch/symbol-graphs-$module
  if [ ! -e "$graphs/$module.symbols.json" ]; then
    echo "error: no symbol graph for $module in $graphs (remove $scratch and run again)" >&2
    exit 1
  fi
  rm -rf "$own" && mkdir -p "$own"
  python3 - "$root/" "$root/Sources/$module/" "$own" "$graphs/$module.symbols.json" \
    "$graphs/$module"@*.symbols.json <<'PY'
import json, os, sys, urllib.parse
root, sources, out = sys.argv[1], sys.argv[2], sys.argv[3]
paths = [p for p in sys.argv[4:] if os.path.exists(p)]
graphs = [(p, json.load(open(p))) for p in paths]
def declared_here(symbol):
    uri = urllib.parse.unquote(symbol.get("location", {}).get("uri", ""))
    return uri.startswith("file://" + sources)
tops = {s["pathComponents"][0] for _, g in graphs for s in g["symbols"] if declared_here(s)}
for path, graph in graphs:
    graph["symbols"] = [
        s for s in graph["symbols"] if declared_here(s) or s["pathComponents"][0] in tops]
    kept = {s["identifier"]["precise"] for s in graph["symbols"]}
    graph["relationships"] = [r for r in graph["relationships"] if r["source"] in kept]
    # The module's own graph is kept even without symbols (a module whose public API is still
    # to come): docc needs it for the catalog's ``Module`` root page.
    if graph["symbols"] or path == paths[0]:
        json.dump(graph, open(os.path.join(out, os.path.basename(path)), "w"))
# Every public declaration has a doc comment (docc itself does not warn about a missing one).
missing = sorted(
    "%s:%d: %s" % (urllib.parse.unquote(s["location"]["uri"])[len("file://" + root):],
                   s["location"]["position"]["line"] + 1, ".".join(s["pathComponents"]))
    for _, g in graphs for s in g["symbols"] if declared_here(s) and "docComment" not in s)
for line in missing:
    print("error: no doc comment: " + line, file=sys.stderr)
sys.exit(1 if missing else 0)
PY
  rm -rf "$out/$module.doccarchive"
  docc convert "$catalog" --additional-symbol-graph-dir "$own" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.workout-sim.$module" \
    --transform-for-static-hosting --warnings-as-errors \
    --output-path "$out/$module.doccarchive"
  echo "$module: $out/$module.doccarchive"
done

# How to read them: the archives are laid out for static hosting, so any web server will do.
for module in "${modules[@]}"; do
  page=$(printf '%s' "$module" | tr '[:upper:]' '[:lower:]')
  echo "View $module: python3 -m http.server 8000 --directory $out/$module.doccarchive," \
    "then open http://localhost:8000/documentation/$page/ (on macOS, Xcode also opens the archive)"
done
