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
- a row is malformed (status, an address not on developer.apple.com/documentation/ or with a
  dotted path, `no-op` without a note, the same symbol twice),
- a row's address is not the one the symbol's doc comment cites for that member (when it
  cites one: the doc comments' addresses were looked up in Apple's documentation),
- docs/coverage.md is not what the TSVs give (`--write` regenerates it).

Usage: scripts/check-coverage.py [--graphs DIR] [--write] [--add-new]
  --write    regenerate docs/coverage.md from the TSVs (after the checks pass)
  --add-new  append every unclassified declared symbol to its TSV with status `unclassified`
             and an address made from Apple's URL scheme (to be classified by hand; the check
             fails until then)
"""
import argparse, glob, json, os, re, sys, urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STATUSES = ("simulated", "no-op", "missing")
APPLE = "https://developer.apple.com/documentation/"

# (title, TSV stem, modules, Apple's documentation folder)
FRAMEWORKS = [
    ("HealthKit", "healthkit", ["SimulatedHealthKit"], "healthkit"),
    ("UserNotifications", "usernotifications", ["SimulatedUserNotifications"], "usernotifications"),
    ("WidgetKit", "widgetkit", ["SimulatedWidgetKit"], "widgetkit"),
    ("RelevanceKit", "relevancekit", ["SimulatedRelevanceKit"], "relevancekit"),
    ("BackgroundTasks", "backgroundtasks", ["SimulatedBackgroundTasks"], "backgroundtasks"),
    ("WatchKit", "watchkit", ["SimulatedWatchKit"], "watchkit"),
    ("WatchConnectivity", "watchconnectivity", ["SimulatedWatchConnectivity"],
     "watchconnectivity"),
    ("CoreMotion", "coremotion", ["SimulatedCoreMotion"], "coremotion"),
    ("CoreLocation", "corelocation", ["SimulatedCoreLocation", "SimulatedCoreLocationValues"],
     "corelocation"),
    ("Network", "network", ["SimulatedNetwork"], "network"),
    ("WorkoutKit", "workoutkit", ["SimulatedWorkoutKit"], "workoutkit"),
]

# Top-level names that are workout-sim's own API (the simulation's controls and helpers), not
# Apple's: their members need no row. `AppSimulation` is the simulation driver's (the frameworks
# extend it), `HealthKitSimulation` SimulatedHealthKit's name for it; `SimulationClock` lives in
# the driver with it (SimulationDriver, no framework of its own).
OWN = {
    "AppSimulation", "HealthKitSimulation", "WidgetReload", "WidgetShown", "WidgetStatus",
    "SuggestedWidget",
}

COLUMNS = ["symbol", "kind", "status", "apple", "note"]


_declared = {}
CITED = re.compile(r"https://developer\.apple\.com/documentation/[^\s`<>]+")


def cited_address(url):
    """An address as a doc comment cites it, without the sentence's punctuation, lower case."""
    url = url.lower().rstrip(".,;:")
    while url.endswith(")") and url.count(")") > url.count("("):
        url = url[:-1].rstrip(".,;:")
    return url


def page_name(url):
    """The last segment of an address without Apple's overload suffix (`handle(_:)-4vdjo`)."""
    return re.sub(r"-[0-9a-z]{4,5}$", "", url.rsplit("/", 1)[-1])


def declared(graphs, module):
    if (graphs, module) not in _declared:
        _declared[(graphs, module)] = read_graphs(graphs, module)
    return _declared[(graphs, module)]


def read_graphs(graphs, module):
    """{symbol path: (kind, usable, cited)} of the public symbols whose source is in
    Sources/<module>/; `cited`: the Apple addresses their doc comments cite."""
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
            text = " ".join(line["text"] for line in s.get("docComment", {}).get("lines", []))
            cited = {cited_address(u) for u in CITED.findall(text)}
            old = found.get(key)
            # Overloads share a row: the symbol is usable when any overload is.
            found[key] = (old[0] if old else kind, usable or bool(old and old[1]),
                          cited | (old[2] if old else set()))
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


# Apple's suffix for a name that differs from a sibling's only by case (`Code` and `code`).
SUFFIX = {"Enumeration": "enum", "Structure": "struct", "Class": "class", "Protocol": "protocol",
          "Instance Property": "property", "Type Property": "type.property",
          "Type Alias": "typealias", "Instance Method": "method", "Type Method": "type.method"}


def apple_address(folder, key, kinds=None):
    """The address in Apple's URL scheme: /documentation/<framework>/<type>/<member>, lower case;
    `kinds` ({symbol: kind} of the type's declared symbols) adds Apple's `-swift.<kind>` to a
    component that only case tells from a sibling's."""
    member = key.split(".")[-1]
    if "." in key and member in INHERITED:
        return APPLE + INHERITED[member]
    parts = key.split(".")
    path = []
    for i, part in enumerate(parts):
        here = ".".join(parts[:i + 1])
        # An imported error's `Code` and its `code` (from the error protocol) are not told apart.
        twins = [k for k in (kinds or {}) if k != here and k.lower() == here.lower()
                 and k.count(".") == i] if i and part.lower() != "code" else []
        kind = (kinds or {}).get(here)
        path.append(part.lower() + ("-swift." + SUFFIX[kind] if twins and kind in SUFFIX else ""))
    return APPLE + folder + "/" + "/".join(path)


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


def check(framework, graphs, data):
    title, stem, modules, folder = framework
    path = os.path.join(data, stem + ".tsv")
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
        elif "." in re.sub(r"-swift\.[a-z.]+", "", row["apple"][len(APPLE):]):
            errors.append("%s: a dot in the address's path (Apple's paths are /type/member)" % where)
        if status == "no-op" and not row["note"]:
            errors.append("%s: a no-op row needs a note saying what it does" % where)
        entry = symbols.get(row["symbol"])
        if status in ("simulated", "no-op") and not entry:
            errors.append("%s: marked %s but not declared in %s" % (where, status, ", ".join(modules)))
        elif status in ("simulated", "no-op") and not entry[1]:
            errors.append("%s: marked %s but declared unavailable: mark it missing" % (where, status))
        elif status == "missing" and entry and entry[1]:
            errors.append("%s: marked missing but declared: classify it simulated or no-op" % where)
        # The doc comment names Apple's page of this member: the row points at the same page.
        same = sorted(u for u in (entry[2] if entry else ()) if page_name(u) == page_name(row["apple"]))
        if same and row["apple"] not in same:
            errors.append("%s: the address is not the one its doc comment cites (%s)" % (where, same[0]))
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
        "How the lists were made: every public symbol that the package declares for a framework",
        "has a row (the check fails on a declared symbol without one, so new API is classified",
        "when it is added; overloads share a row). The status comes from the symbol's doc comment",
        "and [swift-api.md](swift-api.md#not-simulated-yet): `no-op` where the comment says the",
        "symbol does nothing, is never called or gives a fixed value. The address is Apple's page",
        "of the symbol: where the doc comment cites Apple's page of that member (most types,",
        "initializers and methods), the same address (checked); otherwise Apple's URL scheme",
        "(`developer.apple.com/documentation/<framework>/<type>/<member>`, lower case; members",
        "that Apple documents once on a protocol, such as `hash`, `encode(with:)` or `rawValue`,",
        "point at the protocol's page), spot-checked. Rows marked missing are commonly used",
        "types and members that are not declared (from the frameworks' main pages, the members",
        "of the types declared, and the lists of what is not simulated); they are not every",
        "symbol of each SDK: SwiftUI and UIKit API, deprecated API and clinical records, for",
        "example, are left out. workout-sim's own controls (`HealthKitSimulation`,",
        "`SimulationClock`, the widget log's `WidgetReload`, `WidgetShown` and `WidgetStatus`) are",
        "not Apple's and have no rows: see [swift-api.md](swift-api.md).",
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


def run(graphs, data, target, write=False, add_new=False):
    """The errors of the TSVs in `data` and the page `target` (written when `write`)."""
    results, errors = [], []
    for framework in FRAMEWORKS:
        rows, errs, new, symbols, path = check(framework, graphs, data)
        if add_new and new:
            exists = os.path.exists(path)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            kinds = {k: v[0] for k, v in symbols.items()}
            with open(path, "a", encoding="utf-8") as f:
                if not exists:
                    f.write("\t".join(COLUMNS) + "\n")
                for key in new:
                    kind, usable, _ = symbols[key]
                    status, note = ("unclassified", "") if usable else (
                        "missing", "declared unavailable: the compiler's message says what to use")
                    f.write("\t".join([key, kind, status, apple_address(framework[3], key, kinds), note])
                            + "\n")
            print("%s: %d rows added, to classify" % (os.path.relpath(path, ROOT), len(new)))
        results.append((framework, rows))
        errors += errs
    text = page(results)
    if not errors:
        if write:
            open(target, "w", encoding="utf-8").write(text)
        elif not os.path.exists(target) or open(target, encoding="utf-8").read() != text:
            errors.append("docs/coverage.md is not what docs/coverage/*.tsv give: run "
                          "scripts/check-coverage.py --write")
    declared_tops = {k.split(".")[0] for _, _, modules, _ in FRAMEWORKS for m in modules
                     for k in declared(graphs, m)}
    for name in sorted(OWN - declared_tops):
        errors.append("scripts/check-coverage.py: OWN names %s, which no module declares" % name)
    return results, errors


def self_test(graphs):
    """Each rule fails on a copy of the data broken on purpose (so the check cannot pass by
    checking nothing)."""
    import shutil, tempfile
    data = os.path.join(ROOT, "docs", "coverage")
    target = os.path.join(ROOT, "docs", "coverage.md")

    def broken(stem, edit):
        with tempfile.TemporaryDirectory() as tmp:
            copy = os.path.join(tmp, "coverage")
            shutil.copytree(data, copy)
            shutil.copy(target, os.path.join(tmp, "coverage.md"))
            path = os.path.join(copy, stem + ".tsv")
            lines = open(path, encoding="utf-8").read().split("\n")
            open(path, "w", encoding="utf-8").write("\n".join(edit(lines)))
            return run(graphs, copy, os.path.join(tmp, "coverage.md"))[1]

    def replace(symbol, status):
        def edit(lines):
            return [("\t".join([f[0], f[1], status] + f[3:]) if f[0] == symbol else l)
                    for l, f in ((l, l.split("\t")) for l in lines)]
        return edit

    cases = [
        ("a declared symbol without a row", "watchkit",
         lambda lines: [l for l in lines if not l.startswith("WKInterfaceDevice.play(_:)\t")],
         "WKInterfaceDevice.play(_:) (Instance Method) is declared but in no row"),
        ("a simulated row of a symbol not declared", "coremotion",
         lambda lines: lines[:-1] + ["CMHeadphoneMotionManager.startDeviceMotionUpdates(to:withHandler:)"
                                     "\tInstance Method\tsimulated\t" + APPLE + "coremotion/x\t", ""],
         "marked simulated but not declared"),
        ("a missing row of a declared symbol", "healthkit",
         replace("HKWorkoutSession.pause()", "missing"), "marked missing but declared"),
        ("a no-op row without a note", "healthkit",
         replace("HKWorkoutSession.resume()", "no-op"), "a no-op row needs a note"),
        ("an address other than the doc comment's", "healthkit",
         lambda lines: [l.replace("save(_:withcompletion:)-47iwb", "save(_:withcompletion:)")
                        for l in lines],
         "the address is not the one its doc comment cites"),
        ("a dotted address", "coremotion",
         lambda lines: [l.replace("/coremotion/cmaltimeter", "/coremotion/cmpedometer.cmaltimeter")
                        for l in lines],
         "a dot in the address's path"),
        ("a page out of date", "watchconnectivity",
         lambda lines: [l + " (edited)" if l.startswith("WCSession.isSupported()\t") else l
                        for l in lines],
         "docs/coverage.md is not what"),
    ]
    failures = 0
    for name, stem, edit, expected in cases:
        errors = broken(stem, edit)
        if any(expected in e for e in errors):
            print("self-test: %s fails the check" % name)
        else:
            failures += 1
            print("error: self-test: %s passed the check (errors: %s)" % (name, errors[:3]),
                  file=sys.stderr)
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--graphs", default=os.path.join(ROOT, ".build", "docs-build", "symbol-graphs"))
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--add-new", action="store_true")
    parser.add_argument("--self-test", action="store_true")
    args = parser.parse_args()
    if args.self_test and self_test(args.graphs):
        sys.exit(1)
    results, errors = run(args.graphs, os.path.join(ROOT, "docs", "coverage"),
                          os.path.join(ROOT, "docs", "coverage.md"), args.write, args.add_new)
    for e in errors:
        print("error: " + e, file=sys.stderr)
    if errors:
        sys.exit(1)
    total = sum(len(rows) for _, rows in results)
    print("coverage: %d rows in %d frameworks agree with the symbol graphs; docs/coverage.md is "
          "up to date" % (total, len(results)))


if __name__ == "__main__":
    main()
