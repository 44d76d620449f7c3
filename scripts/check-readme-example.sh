#!/usr/bin/env bash
# Builds and tests README.md's first example ("Test your app's HealthKit code") exactly as a
# user would write it: a package of its own beside this checkout (reached through a symbolic
# link named workout-sim, as the example's `.package(path: "../workout-sim")` expects), made of
# the README's code blocks: the block whose second line is `// Package.swift`, and each block
# right after a line that names its file (`Sources/...`, `Tests/...`). Fails when a block is
# missing, when the package does not build with warnings as errors, or when its test fails.
# Usage: scripts/check-readme-example.sh   (scratch folder: .build/readme-example)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$root/.build/readme-example
rm -rf "$work/MyWorkoutApp"
mkdir -p "$work"
ln -sfn "$root" "$work/workout-sim"

python3 - "$root/README.md" "$work/MyWorkoutApp" <<'PY'
import os, re, sys
readme, out = sys.argv[1], sys.argv[2]
text = open(readme, encoding="utf-8").read()
section = text.split("## 1. ", 1)[1].split("\n## ", 1)[0]
files = {}
for match in re.finditer(r"(?:^|\n)([^\n]*)\n\n```(\w*)\n(.*?)```", section, re.S):
    before, body = match.group(1), match.group(3)
    if body.startswith("// swift-tools-version") and body.split("\n")[1] == "// Package.swift":
        files["Package.swift"] = body
        continue
    named = re.match(r"^`((?:Sources|Tests)/[^`]+)`", before)
    if named:
        files[named.group(1)] = body
expected = {"Package.swift"}
if not expected <= set(files) or not any(p.startswith("Sources/") for p in files) \
        or not any(p.endswith(".swift") and p.startswith("Tests/") for p in files):
    sys.exit("error: README.md's first example lacks a Package.swift, a source or a test file"
             " (found: %s)" % ", ".join(sorted(files)))
for path, body in files.items():
    target = os.path.join(out, path)
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with open(target, "w", encoding="utf-8") as handle:
        handle.write(body)
    print("README example: " + path)
PY

cd "$work/MyWorkoutApp"
swift build --build-tests -Xswiftc -warnings-as-errors
swift test --skip-build
echo "README example: builds without warnings and its test passes"
