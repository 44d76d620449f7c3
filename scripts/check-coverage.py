#!/usr/bin/env python3
"""The coverage table: checks docs/coverage/*.tsv against what the package declares, and
writes or checks docs/coverage.md.

Each framework's TSV lists Apple symbols (one row per symbol; overloads share a row) with their
status, `simulated`, `no-op` (compiles; documented behaviour that does nothing or gives a fixed
value, with a note) or `missing` (not declared, or declared `@available(*, unavailable)` only
so that the compiler says what to write instead), and their Apple documentation address.

What the package declares comes from the symbol graphs `scripts/docs.sh` makes
(`swift build -emit-symbol-graph`, in .build/docs-build/symbol-graphs): the public symbols whose
source is in `Sources/<Module>/` of the framework's modules. The check fails when
- a row is `simulated` or `no-op` and its symbol is not declared (or declared unavailable),
- a row is `missing` and its symbol is declared usable,
- a declared public symbol is in no row (new API must be classified), unless its type is
  workout-sim's own (listed in OWN below: the simulation's controls, not Apple's API),
- a row is malformed (status, address, `no-op` without a note, the same symbol twice),
- docs/coverage.md is not what the TSVs give (`--write` regenerates it).

Usage: scripts/check-coverage.py [--graphs DIR] [--write] [--add-new]
  --write    regenerate docs/coverage.md from the TSVs (after the checks pass)
  --add-new  append every unclassified declared symbol to its TSV with status `unclassified`
             and an address made from Apple's URL scheme (to be classified by hand; the check
             fails until then)
"""
import argparse, glob, json, os, sys, urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STATUSES = ("simulated", "no-op", "missing")
APPLE = "https://developer.apple.com/documentation/"

# (title, TSV stem, modules, Apple's documentation folder)
FRAMEWORKS = [
    ("HealthKit", "healthkit", ["SimulatedHealthKit"], "healthkit"),
    ("UserNotifications", "usernotifications", ["SimulatedUserNotifications"], "usernotifications"),
    ("WidgetKit", "widgetkit", ["SimulatedWidgetKit"], "widgetkit"),
    ("BackgroundTasks", "backgroundtasks", ["SimulatedBackgroundTasks"], "backgroundtasks"),
    ("WatchKit", "watchkit", ["SimulatedWatchKit"], "watchkit"),
    ("WatchConnectivity", "watchconnectivity", ["SimulatedWatchConnectivity"],
     "watchconnectivity"),
    ("CoreMotion", "coremotion", ["SimulatedCoreMotion"], "coremotion"),
    ("CoreLocation", "corelocation", ["SimulatedCoreLocation", "SimulatedCoreLocationValues"],
     "corelocation"),
    ("Network", "network", ["SimulatedNetwork"], "network"),
]

# Top-level names that are workout-sim's own API (the simulation's controls and helpers), not
# Apple's: their members need no row.
OWN = {
    "HealthKitSimulation", "SimulationClock", "RoutePlan", "SimulatedURLProtocol",
    "NotificationState", "CoreLocationState", "CoreMotionState", "WatchKitState",
    "WatchConnectivityState", "WidgetReload", "WidgetShown", "WidgetStatus",
}

COLUMNS = ["symbol", "kind", "status", "apple", "note"]


def declared(graphs, module):
    """{symbol path: (kind, usable)} of the public symbols whose source is in Sources/<module>/."""
    sources = "file://" + os.path.join(ROOT, "Sources", module) + "/"
    files = [os.path.join(graphs, module + ".symbols.json")]
    files += sorted(glob.glob(os.path.join(graphs, module + "@*.symbols.json")))
    if not os.path.exists(files[0]):
        sys.exit("error: no symbol graph for %s in %s: run scripts/docs.sh first" % (module, graphs))
    found = {}
    for path in files:
        for s in json.load(open(path))["symbols"]:
            uri = urllib.parse.unquote(s.get("location", {}).get("uri", ""))
            if not uri.startswith(sources):
                continue
            key = ".".join(s["pathComponents"])
            usable = not any(a.get("isUnconditionallyUnavailable") for a in s.get("availability", []))
            kind = s["kind"]["displayName"]
            old = found.get(key)
            # Overloads share a row: the symbol is usable when any overload is.
            found[key] = (old[0] if old else kind, usable or bool(old and old[1]))
    return found


# Members that Apple documents once, on the protocol or root class that declares them (NSObject's
# equality, NSCoding, RawRepresentable, ...), not on each type's page.
INHERITED = {
    "hash": "objectivec/nsobjectprotocol/hash",
    "isEqual(_:)": "objectivec/nsobjectprotocol/isequal(_:)",
    "description": "objectivec/nsobjectprotocol/description",
    "debugDescription": "swift/customdebugstringconvertible/debugdescription",
    "copy(with:)": "foundation/nscopying/copy(with:)",
    "encode(with:)": "foundation/nscoding/encode(with:)",
    "init(coder:)": "foundation/nscoding/init(coder:)",
    "supportsSecureCoding": "foundation/nssecurecoding/supportssecurecoding",
    "rawValue": "swift/rawrepresentable/rawvalue",
    "init(rawValue:)": "swift/rawrepresentable/init(rawvalue:)",
    "hash(into:)": "swift/hashable/hash(into:)",
    "==(_:_:)": "swift/equatable/==(_:_:)",
    "<(_:_:)": "swift/comparable/<(_:_:)",
    "id": "swift/identifiable/id-swift.property",
    "makeAsyncIterator()": "swift/asyncsequence/makeasynciterator()",
    "next()": "swift/asynciteratorprotocol/next()",
}


def apple_address(folder, key):
    """The address in Apple's URL scheme: /documentation/<framework>/<type>/<member>, lower case."""
    member = key.split(".")[-1]
    if "." in key and member in INHERITED:
        return APPLE + INHERITED[member]
    return APPLE + folder + "/" + key.lower().replace(".", "/")


def read_rows(path):
    rows, errors = [], []
    if not os.path.exists(path):
        return rows, errors
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    if lines[0].split("\t") != COLUMNS:
        errors.append("%s:1: the header must be %s" % (path, "\\t".join(COLUMNS)))
    for number, line in enumerate(lines[1:], start=2):
        if not line:
            continue
        fields = line.split("\t")
        if len(fields) != len(COLUMNS):
            errors.append("%s:%d: %d fields, expected %d" % (path, number, len(fields), len(COLUMNS)))
            continue
        row = dict(zip(COLUMNS, fields))
        row["line"] = number
        rows.append(row)
    return rows, errors


def check(framework, graphs):
    title, stem, modules, folder = framework
    path = os.path.join(ROOT, "docs", "coverage", stem + ".tsv")
    rel = os.path.relpath(path, ROOT)
    rows, errors = read_rows(path)
    symbols = {}
    for module in modules:
        symbols.update(declared(graphs, module))
    seen = {}
    for row in rows:
        where = "%s:%d: %s" % (rel, row["line"], row["symbol"])
        if row["symbol"] in seen:
            errors.append("%s: also on line %d" % (where, seen[row["symbol"]]))
        seen[row["symbol"]] = row["line"]
        status = row["status"]
        if status not in STATUSES:
            errors.append("%s: status %r (one of %s)" % (where, status, ", ".join(STATUSES)))
            continue
        if not row["apple"].startswith(APPLE):
            errors.append("%s: the address must start with %s" % (where, APPLE))
        if status == "no-op" and not row["note"]:
            errors.append("%s: a no-op row needs a note saying what it does" % where)
        entry = symbols.get(row["symbol"])
        if status in ("simulated", "no-op") and not entry:
            errors.append("%s: marked %s but not declared in %s" % (where, status, ", ".join(modules)))
        elif status in ("simulated", "no-op") and not entry[1]:
            errors.append("%s: marked %s but declared unavailable: mark it missing" % (where, status))
        elif status == "missing" and entry and entry[1]:
            errors.append("%s: marked missing but declared: classify it simulated or no-op" % where)
    new = sorted(k for k in symbols if k not in seen and k.split(".")[0] not in OWN)
    for key in new:
        errors.append("%s: %s (%s) is declared but in no row: classify it" % (rel, key, symbols[key][0]))
    return rows, errors, new, symbols, path


def cell(text):
    return text.replace("|", "\\|")


def page(results):
    out = [
        "# Coverage: which Apple symbols work",
        "",
        "Generated by `scripts/check-coverage.py --write` from [docs/coverage/](coverage/) (one",
        "TSV per framework); CI checks that every row is true of the code. Before you write code",
        "against a framework, look up the symbols it uses here:",
        "",
        "- **simulated**: declared with Apple's name and signature, and it behaves as Apple",
        "  documents (on virtual time; [healthkit-behaviour.md](healthkit-behaviour.md) and each",
        "  module's DocC catalog say how).",
        "- **no-op**: compiles, and does what the note says: nothing, or a fixed value.",
        "- **missing**: not declared (your code does not compile: file an issue), or declared",
        "  unavailable so that the compiler says what to write instead.",
        "",
        "How the lists were made: every public symbol that the package declares for a framework has",
        "a row (the check fails on a declared symbol without one, so new API is classified when it",
        "is added), with the address of Apple's documentation page of that symbol (Apple's URL",
        "scheme: `developer.apple.com/documentation/<framework>/<type>/<member>`, lower case, the",
        "types' and members' pages looked up in Apple's documentation). Overloads share a row.",
        "Rows marked missing are the commonly used types and members that are not declared (from",
        "the frameworks' main pages and the members of the types we declare); they are not every",
        "symbol of each SDK: UIKit/SwiftUI-only API, deprecated API and clinical records, for",
        "example, are left out. workout-sim's own controls (`HealthKitSimulation`, the",
        "`...State` types, `RoutePlan`, ...) are not Apple's and have no rows: see",
        "[swift-api.md](swift-api.md).",
        "",
        "| Framework | simulated | no-op | missing |",
        "|---|---:|---:|---:|",
    ]
    for (title, stem, _, _), rows in results:
        counts = {s: sum(1 for r in rows if r["status"] == s) for s in STATUSES}
        out.append("| [%s](#%s) | %d | %d | %d |" % (
            title, title.lower(), counts["simulated"], counts["no-op"], counts["missing"]))
    for (title, stem, modules, _), rows in results:
        counts = {s: sum(1 for r in rows if r["status"] == s) for s in STATUSES}
        out += [
            "",
            "## %s" % title,
            "",
            "Module%s %s; data: [coverage/%s.tsv](coverage/%s.tsv). %d simulated, %d no-op, %d"
            " missing." % ("s" if len(modules) > 1 else "", ", ".join("`%s`" % m for m in modules),
                           stem, stem, counts["simulated"], counts["no-op"], counts["missing"]),
            "",
            "| Symbol | Kind | Status | Note |",
            "|---|---|---|---|",
        ]
        for r in rows:
            out.append("| [`%s`](%s) | %s | %s | %s |" % (
                cell(r["symbol"]), r["apple"], r["kind"], r["status"], cell(r["note"])))
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--graphs", default=os.path.join(ROOT, ".build", "docs-build", "symbol-graphs"))
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--add-new", action="store_true")
    args = parser.parse_args()
    results, errors = [], []
    for framework in FRAMEWORKS:
        rows, errs, new, symbols, path = check(framework, args.graphs)
        if args.add_new and new:
            exists = os.path.exists(path)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "a", encoding="utf-8") as f:
                if not exists:
                    f.write("\t".join(COLUMNS) + "\n")
                for key in new:
                    kind, usable = symbols[key]
                    status, note = ("unclassified", "") if usable else (
                        "missing", "declared unavailable: the compiler's message says what to use")
                    f.write("\t".join([key, kind, status, apple_address(framework[3], key), note])
                            + "\n")
            print("%s: %d rows added, to classify" % (os.path.relpath(path, ROOT), len(new)))
        results.append((framework, rows))
        errors += errs
    target = os.path.join(ROOT, "docs", "coverage.md")
    text = page(results)
    if not errors:
        if args.write:
            open(target, "w", encoding="utf-8").write(text)
        elif not os.path.exists(target) or open(target, encoding="utf-8").read() != text:
            errors.append("docs/coverage.md is not what docs/coverage/*.tsv give: run "
                          "scripts/check-coverage.py --write")
    for e in errors:
        print("error: " + e, file=sys.stderr)
    if errors:
        sys.exit(1)
    total = sum(len(rows) for _, rows in results)
    print("coverage: %d rows in %d frameworks agree with the symbol graphs; docs/coverage.md is "
          "up to date" % (total, len(results)))


if __name__ == "__main__":
    main()
