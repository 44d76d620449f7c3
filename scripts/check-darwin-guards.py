#!/usr/bin/env python3
"""Fails when Swift code adds public API to a Foundation type outside `#if !canImport(Darwin)`.

The package is built and tested on Linux, whose Foundation (swift-corelibs-foundation) lacks
parts of Darwin's. A shim that fills such a gap (an initializer, a method, a conformance) must
exist only where Foundation lacks it: on a Mac the same declaration either redeclares Apple's
own (a compile error) or silently shadows it. docs/darwin.md lists every guarded place.

For every .swift file under Sources/, Examples/, Benchmarks/, Tests/ and Fuzz/ (or the files
given), this reports, unless the line sits inside `#if !canImport(Darwin)` (alone or joined by
`&&`) or in the `#else` of `#if canImport(Darwin)`:

- a `public` or `open` extension of a Foundation type;
- a `public` or `open` member (an initializer above all) declared in any extension of one;
- a conformance added to a Foundation type for a protocol the repository does not declare (a
  retroactive conformance Darwin's Foundation may already have).

It also fails on `#if canImport(F)` for an Apple framework F that a Simulated* module stands in
for (HealthKit, WidgetKit, UserNotifications, BackgroundTasks, WatchConnectivity, CoreMotion,
WatchKit, WorkoutKit), in the Swift files above and in the Markdown that shows app code (README.md,
docs/, the DocC catalogs, Examples/): a Mac can import most of them without what
the app uses (its HealthKit has no workout sessions), so the guard that chooses the real
framework names the platforms, `#if os(watchOS) || os(iOS)` (docs/darwin.md).

A Foundation type is one of the names in FOUNDATION_TYPES below, or a name starting with `NS`
and a capital letter, unless the repository declares a type of that name itself. A line may
opt out with the comment `darwin-guard: not a shim` and a reason, for API that exists nowhere
in Apple's Foundation (say so in docs/darwin.md).

Standard library only. Usage: scripts/check-darwin-guards.py [FILE.swift ...]
Exits 1 and lists each finding as `file:line: what`.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FOLDERS = ["Sources", "Examples", "Benchmarks", "Tests", "Fuzz"]
GUARD_FOLDERS = FOLDERS + ["docs"]
SIMULATED_FRAMEWORKS = (
    "HealthKit", "WidgetKit", "UserNotifications", "BackgroundTasks", "WatchConnectivity",
    "CoreMotion", "WatchKit", "WorkoutKit")
FRAMEWORK_GUARD = re.compile(
    r"#\s*(?:if|elseif)\b[^\n]*\bcanImport\s*\(\s*(%s)\s*\)" % "|".join(SIMULATED_FRAMEWORKS))
OPT_OUT = "darwin-guard: not a shim"

# Value and reference types of Foundation (FoundationEssentials and FoundationInternationalization
# included) that an app's code or a shim might extend; names starting with NS are added by rule.
FOUNDATION_TYPES = set(
    """
    AffineTransform AttributedString AttributedSubstring Bundle ByteCountFormatter Calendar
    CharacterSet CocoaError ComparisonResult Data Date DateComponents DateComponentsFormatter
    DateFormatter DateInterval DateIntervalFormatter Decimal DispatchData EnergyFormatter
    FileAttributeKey FileHandle FileManager FormatStyle Formatter HTTPCookie HTTPCookieStorage
    HTTPURLResponse Host IndexPath IndexSet InputStream ISO8601DateFormatter JSONDecoder
    JSONEncoder JSONSerialization LengthFormatter ListFormatter Locale MassFormatter Measurement
    MeasurementFormatter Notification NotificationCenter NotificationQueue NumberFormatter
    Operation OperationQueue OutputStream PersonNameComponents PersonNameComponentsFormatter Pipe
    Port Predicate Process ProcessInfo Progress PropertyListDecoder PropertyListEncoder
    PropertyListSerialization RelativeDateTimeFormatter RunLoop Scanner SortDescriptor Stream
    Thread TimeInterval TimeZone Timer URL URLCache URLComponents URLCredential
    URLCredentialStorage URLError URLProtectionSpace URLProtocol URLQueryItem URLRequest
    URLResourceKey URLResourceValues URLResponse URLSession URLSessionConfiguration
    URLSessionDataTask URLSessionDownloadTask URLSessionStreamTask URLSessionTask
    URLSessionUploadTask URLSessionWebSocketTask UUID Unit UnitAcceleration UnitAngle UnitArea
    UnitConcentrationMass UnitDispersion UnitDuration UnitElectricCharge UnitElectricCurrent
    UnitElectricPotentialDifference UnitElectricResistance UnitEnergy UnitFrequency
    UnitFuelEfficiency UnitIlluminance UnitInformationStorage UnitLength UnitMass UnitPower
    UnitPressure UnitSpeed UnitTemperature UnitVolume UserDefaults XMLDocument XMLElement
    XMLNode XMLParser
    """.split()
)

DECLARATION = re.compile(
    r"^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*"
    r"(?:(?:public|open|internal|package|fileprivate|private|final|static|class|override|"
    r"convenience|required|nonisolated|mutating|nonmutating|dynamic|lazy|weak|unowned)\s+)*"
    r"(?:struct|class|enum|protocol|actor|typealias)\s+([A-Za-z_]\w*)"
)
PROTOCOL = re.compile(r"^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:\w+\s+)*protocol\s+([A-Za-z_]\w*)")
EXTENSION = re.compile(
    r"^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*((?:public|open|internal|package|fileprivate|private)\s+)?"
    r"extension\s+([A-Za-z_][\w.]*)\s*(?::\s*([^{]*?))?\s*(?:where\s[^{]*)?(\{|$)"
)
PUBLIC_MEMBER = re.compile(
    r"^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:\w+\s+)*?(public|open)\s+"
    r"(?:(?:static|class|final|override|convenience|required|nonisolated|mutating|"
    r"nonmutating|dynamic|lazy)\s+)*(init|func|var|let|subscript|typealias|struct|class|enum)\b"
)
DIRECTIVE = re.compile(r"^\s*#(if|elseif|else|endif)\b(.*)$")


def swift_files(arguments):
    if arguments:
        return [os.path.abspath(p) for p in arguments]
    found = []
    for folder in FOLDERS:
        for base, dirs, names in os.walk(os.path.join(ROOT, folder)):
            dirs[:] = [d for d in dirs if not d.startswith(".")]
            found.extend(os.path.join(base, n) for n in names if n.endswith(".swift"))
    return sorted(found)


def code_lines(path):
    """(line number, code) with comments and string literals blanked, plus the raw line."""
    in_block_comment = False
    in_multiline_string = False
    with open(path, encoding="utf-8") as handle:
        for number, raw in enumerate(handle, start=1):
            line = raw.rstrip("\n")
            out = []
            i = 0
            while i < len(line):
                if in_block_comment:
                    end = line.find("*/", i)
                    if end < 0:
                        i = len(line)
                        continue
                    in_block_comment = False
                    i = end + 2
                    continue
                if in_multiline_string:
                    end = line.find('"""', i)
                    if end < 0:
                        i = len(line)
                        continue
                    in_multiline_string = False
                    i = end + 3
                    continue
                if line.startswith("//", i):
                    break
                if line.startswith("/*", i):
                    in_block_comment = True
                    i += 2
                    continue
                if line.startswith('"""', i):
                    in_multiline_string = True
                    i += 3
                    continue
                if line[i] == '"':
                    j = i + 1
                    while j < len(line) and line[j] != '"':
                        j += 2 if line[j] == "\\" else 1
                    out.append('""')
                    i = j + 1
                    continue
                out.append(line[i])
                i += 1
            yield number, "".join(out), line


def declared_names(files):
    """Types and protocols the repository declares (its own, even when named like Foundation's)."""
    types, protocols = set(), set()
    for path in files:
        for _, code, _ in code_lines(path):
            match = DECLARATION.match(code)
            if match:
                types.add(match.group(1))
            match = PROTOCOL.match(code)
            if match:
                protocols.add(match.group(1))
    return types, protocols


def is_darwin_guard(condition):
    """Whether a (branch's) condition holds only where Darwin cannot be imported."""
    condition = condition.strip()
    if "||" in condition:
        return False
    conjuncts = [c.strip() for c in condition.split("&&")]
    return any(
        re.fullmatch(r"\(*\s*!\s*canImport\s*\(\s*Darwin\s*\)\s*\)*", c) for c in conjuncts)


def is_foundation(name, own_types):
    base = name.split(".")[0]
    if base == "Foundation" and "." in name:
        base = name.split(".")[1]
    if base in own_types:
        return False
    return base in FOUNDATION_TYPES or re.fullmatch(r"NS[A-Z]\w*", base) is not None


def check(path, own_types, own_protocols):
    findings = []
    # Each open #if: [guarded in the current branch, a previous branch was `canImport(Darwin)`].
    stack = []
    extension = None  # (type name, brace depth at which its body opens, guarded)
    depth = 0
    for number, code, raw in code_lines(path):
        directive = DIRECTIVE.match(code)
        if directive:
            kind, condition = directive.group(1), directive.group(2)
            if kind == "if":
                positive_darwin = re.fullmatch(r"\s*canImport\s*\(\s*Darwin\s*\)\s*", condition)
                stack.append([is_darwin_guard(condition), bool(positive_darwin)])
            elif kind == "elseif" and stack:
                stack[-1][0] = is_darwin_guard(condition)
            elif kind == "else" and stack:
                stack[-1][0] = stack[-1][1]  # the #else of `#if canImport(Darwin)` is guarded
                stack[-1][1] = False
            elif kind == "endif" and stack:
                stack.pop()
            continue
        guarded = any(entry[0] for entry in stack)
        opted_out = OPT_OUT in raw
        relative = os.path.relpath(path, ROOT)
        match = EXTENSION.match(code)
        if match and is_foundation(match.group(2), own_types):
            name = match.group(2)
            access = (match.group(1) or "").strip()
            if access in ("public", "open") and not guarded and not opted_out:
                findings.append(
                    "%s:%d: `%s extension %s` outside #if !canImport(Darwin)"
                    % (relative, number, access, name))
            conformances = [c.strip() for c in (match.group(3) or "").split(",") if c.strip()]
            for conformance in conformances:
                protocol = conformance.replace("@retroactive", "").strip().split("<")[0]
                protocol = protocol.split(".")[-1]
                if protocol and protocol not in own_protocols and not guarded and not opted_out:
                    findings.append(
                        "%s:%d: %s gains the conformance %s outside #if !canImport(Darwin)"
                        % (relative, number, name, protocol))
            extension = (name, depth, guarded)
        elif extension is not None and depth > extension[1]:
            member = PUBLIC_MEMBER.match(code)
            if member and not guarded and not extension[2] and not opted_out:
                findings.append(
                    "%s:%d: public `%s` added to %s outside #if !canImport(Darwin)"
                    % (relative, number, member.group(2), extension[0]))
        depth += code.count("{") - code.count("}")
        if extension is not None and depth <= extension[1] and "}" in code:
            extension = None
    return findings


def guard_files():
    """Swift and Markdown files where a `canImport` guard of a simulated framework may appear."""
    found = [os.path.join(ROOT, "README.md")]
    for folder in GUARD_FOLDERS:
        for base, dirs, names in os.walk(os.path.join(ROOT, folder)):
            dirs[:] = [d for d in dirs if not d.startswith(".") and d not in ("Fixtures", "Data")]
            found.extend(
                os.path.join(base, n) for n in names if n.endswith(".swift") or n.endswith(".md"))
    return sorted(p for p in found if os.path.exists(p))


def check_framework_guards(paths):
    findings = []
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            for number, line in enumerate(handle, start=1):
                match = FRAMEWORK_GUARD.search(line)
                if match and OPT_OUT not in line:
                    findings.append(
                        "%s:%d: `canImport(%s)` chooses the real framework on a Mac too: use"
                        " `#if os(watchOS) || os(iOS)` (or the platforms the code is for)"
                        % (os.path.relpath(path, ROOT), number, match.group(1)))
    return findings


def main(arguments):
    everything = swift_files([])
    own_types, own_protocols = declared_names(everything)
    files = swift_files(arguments)
    findings = []
    for path in files:
        findings.extend(check(path, own_types, own_protocols))
    findings.extend(check_framework_guards(files if arguments else guard_files()))
    for finding in findings:
        print("error: " + finding, file=sys.stderr)
    if findings:
        print(
            "%d finding(s): guard each Foundation shim with #if !canImport(Darwin) and list it in"
            " docs/darwin.md; choose real frameworks by platform" % len(findings), file=sys.stderr)
        return 1
    print("darwin guards: %d Swift files, every Foundation shim is behind #if !canImport(Darwin);"
          " no canImport guard of a simulated framework" % len(files))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
