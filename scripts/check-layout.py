#!/usr/bin/env python3
"""Checks the package's layout against docs/architecture.md (Python 3, standard library only).

1. Every target Package.swift declares is named in docs/architecture.md (in backticks).
2. No product's target depends, directly or through other targets, on example code (a target
   whose path is under Examples/).
3. Every dependency a target of docs/architecture.md's module table declares in Package.swift
   is named in that target's "may import" cell (a cell may name `systemFramework`, the
   dependencies Package.swift gives that name).

Exits 1 with one line per problem, 0 when the layout holds. `--self-test` first breaks a copy
of the inputs once per rule and fails unless each is caught.
"""

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def parse_package(text):
    """Targets as {name: (dependencies, path or None)}, products as [target names]."""
    lists = {}
    for match in re.finditer(
        r"let\s+(\w+)\s*:\s*\[Target\.Dependency\]\s*=\s*\[(.*?)\]", text, re.S
    ):
        lists[match.group(1)] = re.findall(r'"([^"]+)"', match.group(2))
    targets = {}
    starts = [m.start() for m in re.finditer(r"\.(?:target|executableTarget|testTarget)\(", text)]
    for index, start in enumerate(starts):
        end = starts[index + 1] if index + 1 < len(starts) else len(text)
        block = text[start:end]
        name = re.search(r'name:\s*"([^"]+)"', block)
        if not name:
            continue
        dependencies = []
        found = re.search(r"dependencies:\s*(\[.*?\]|\w+)(\s*\+\s*(\[.*?\]|\w+))*", block, re.S)
        if found:
            for part in re.findall(r"\[.*?\]|\b\w+\b", found.group(0)[len("dependencies:"):], re.S):
                if part.startswith("["):
                    dependencies += re.findall(r'"([^"]+)"', part)
                elif part in lists:
                    dependencies += lists[part]
        path = re.search(r'path:\s*"([^"]+)"', block)
        targets[name.group(1)] = (dependencies, path.group(1) if path else None)
    products = []
    for match in re.finditer(r"\.(?:executable|library)\(\s*name:[^)]*?targets:\s*\[(.*?)\]", text, re.S):
        products += re.findall(r'"([^"]+)"', match.group(1))
    return targets, products, lists


def module_table(text):
    """The first table of architecture.md: {module: may-import cell}."""
    rows = {}
    for line in text.splitlines():
        if line.startswith("## ") and rows:
            break
        if not line.startswith("| `"):
            continue
        cells = line.split(" | ")
        if len(cells) < 3:
            continue
        for name in re.findall(r"`([\w-]+)`", cells[0]):
            rows.setdefault(name, cells[1])
    return rows


def problems(package_text, architecture_text):
    targets, products, lists = parse_package(package_text)
    found = []
    for name in sorted(targets):
        if f"`{name}`" not in architecture_text:
            found.append(f"docs/architecture.md: target {name} of Package.swift is not named")
    examples = {n for n, (_, path) in targets.items() if path and path.startswith("Examples/")}
    for product in sorted(set(products)):
        seen, stack = set(), [(product, [product])]
        while stack:
            name, chain = stack.pop()
            if name in examples:
                found.append(
                    "Package.swift: product target "
                    + product
                    + " depends on example code: "
                    + " -> ".join(chain)
                )
                break
            for dependency in targets.get(name, ([], None))[0]:
                if dependency not in seen:
                    seen.add(dependency)
                    stack.append((dependency, chain + [dependency]))
    rows = module_table(architecture_text)
    for name, cell in sorted(rows.items()):
        if name not in targets:
            continue
        allowed = set(re.findall(r"`([\w-]+)`", cell))
        for list_name, members in lists.items():
            if list_name in cell:
                allowed |= set(members)
        for dependency in targets[name][0]:
            if dependency not in allowed:
                found.append(
                    f"docs/architecture.md: {name} depends on {dependency} in Package.swift, "
                    + "which its \"may import\" cell does not name"
                )
    return found


def self_test(package_text, architecture_text):
    assert not problems(package_text, architecture_text), "the real inputs must pass first"
    broken = {
        "an unnamed target": (
            package_text.replace(
                '.target(name: "WorkoutCore",', '.target(name: "WorkoutCoreRenamed",', 1
            ),
            architecture_text,
        ),
        "a product on example code": (
            re.sub(
                r'(name: "WorkoutSimCLI",\s*dependencies: \[)',
                r'\1"WorkoutAppExample", ',
                package_text,
                count=1,
            ),
            architecture_text,
        ),
        "an undocumented import": (
            re.sub(
                r'(\.target\(name: "WorkoutSystem", dependencies: \[)',
                r'\1"WorkoutJSON", ',
                package_text,
                count=1,
            ),
            architecture_text,
        ),
    }
    for rule, (package, architecture) in broken.items():
        if package == package_text and architecture == architecture_text:
            sys.exit(f"self-test: could not break the inputs for {rule}")
        if not problems(package, architecture):
            sys.exit(f"self-test: {rule} was not caught")
    print(f"self-test: {len(broken)} broken copies caught")


def main():
    package_text = (ROOT / "Package.swift").read_text()
    architecture_text = (ROOT / "docs" / "architecture.md").read_text()
    if "--self-test" in sys.argv[1:]:
        self_test(package_text, architecture_text)
    found = problems(package_text, architecture_text)
    for line in found:
        print(line)
    if found:
        sys.exit(1)
    targets, products, _ = parse_package(package_text)
    print(f"layout: {len(targets)} targets named, {len(set(products))} product targets free of example code")


if __name__ == "__main__":
    main()
