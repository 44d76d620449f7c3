#!/usr/bin/env python3
"""Refuses a `Mutex` whose value is a closure, an optional closure or a tuple holding one.

Why (found by scripts/bench-api.sh, 2026-12-07): `Mutex<Value>` is generic, so it stores a
closure at the most general abstraction, while the body of `withLock` sees it at the concrete
one. The body's parameter is `inout`, so every `withLock` wraps the stored closure in a
reabstraction thunk on the way in and another on the way out and writes the wrapped value back,
even when the body only reads it (`withLock { $0 }`): the closure grows by two thunks per call,
each later call runs through all of them (time quadratic in the number of calls) and a long run
ends in a stack overflow. A struct field is stored at the concrete abstraction, so a closure
kept in a struct (`Mutex<ClosureSlot<Handler?>>`, SimulationDriver) is not rewrapped;
an array or dictionary of closures is not either. This script looks at every `Mutex<...>` (and Darwin's
`OSAllocatedUnfairLock<...>`) type written in Sources, Tests, Benchmarks and Examples, at the
function-type aliases declared there (an alias of such an alias too), and at `Mutex(...)` made
from a closure literal or a value cast to a function type, and fails on a value type that is (or
holds, outside an array, a dictionary or a `ClosureSlot`) a function. Not seen: a generic holder
of a `Mutex<Value>` instantiated with a closure type.
Exit 0 when none, 1 with each place otherwise.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FOLDERS = ["Sources", "Tests", "Benchmarks", "Examples"]


def swift_files(root):
    for folder in FOLDERS:
        for directory, _, names in os.walk(os.path.join(root, folder)):
            for name in sorted(names):
                if name.endswith(".swift"):
                    yield os.path.join(directory, name)


def balanced(text, start, open_char, close_char):
    """The text from `start` (just after an opening character) to its closing one, or None."""
    depth = 1
    for index in range(start, len(text)):
        char = text[index]
        if char == open_char:
            depth += 1
        elif char == close_char:
            if text[index - 1] == "-":  # the `>` of `->`
                continue
            depth -= 1
            if depth == 0:
                return text[start:index]
    return None


def without_collections(type_text):
    """The type with every `[...]` (array or dictionary) and `ClosureSlot<...>` removed: their
    closures are not rewrapped."""
    while True:
        found = re.search(r"\bClosureSlot<", type_text)
        if not found:
            break
        inner = balanced(type_text, found.end(), "<", ">")
        end = found.end() + len(inner) + 1 if inner is not None else len(type_text)
        type_text = type_text[: found.start()] + type_text[end:]
    out, depth = [], 0
    for char in type_text:
        if char == "[":
            depth += 1
        elif char == "]":
            depth -= 1
        elif depth == 0:
            out.append(char)
    return "".join(out)


def main(root=ROOT):
    sources = {path: open(path, encoding="utf-8").read() for path in swift_files(root)}
    # Every alias with its right-hand side; an alias is a function type when its right-hand
    # side holds `->` or another such alias (outside arrays and dictionaries), to a fixed point.
    declared = {}
    for text in sources.values():
        for match in re.finditer(r"typealias\s+(\w+)\s*=\s*", text):
            rest = text[match.end():]
            rhs = rest.split("\n\n", 1)[0]
            rhs = re.split(r"\n\s*(?:///|//|public|package|private|fileprivate|internal|func|var|let|init)", rhs)[0]
            declared.setdefault(match.group(1), []).append(without_collections(rhs))
    aliases = set()
    while True:
        pattern = re.compile(r"\b(" + "|".join(sorted(aliases)) + r")\b") if aliases else None
        more = {
            name for name, sides in declared.items() if name not in aliases
            and any("->" in side or (pattern and pattern.search(side)) for side in sides)
        }
        if not more:
            break
        aliases |= more
    alias_pattern = re.compile(r"\b(" + "|".join(sorted(aliases)) + r")\b") if aliases else None
    found = []
    for path, text in sources.items():
        # `Mutex(` with a closure literal, or a value cast to a function type: the type is
        # inferred, so no `Mutex<...>` names it.
        for match in re.finditer(r"\bMutex\(", text):
            argument = balanced(text, match.end(), "(", ")") or ""
            cast = re.search(r"\bas\b(.*)", argument, re.S)
            if argument.lstrip().startswith("{") or (
                cast and ("->" in cast.group(1) or (alias_pattern and alias_pattern.search(cast.group(1))))
            ):
                line = text.count("\n", 0, match.start()) + 1
                found.append(f"{os.path.relpath(path, root)}:{line}: Mutex({' '.join(argument.split())[:60]})")
        for match in re.finditer(r"\b(?:Mutex|OSAllocatedUnfairLock)<", text):
            line_start = text.rfind("\n", 0, match.start()) + 1
            if text[line_start:match.start()].lstrip().startswith("//"):
                continue  # documentation
            value = balanced(text, match.end(), "<", ">")
            if value is None:
                continue
            bare = without_collections(value)
            if "->" in bare or (alias_pattern and alias_pattern.search(bare)):
                line = text.count("\n", 0, match.start()) + 1
                found.append(f"{os.path.relpath(path, root)}:{line}: Mutex<{' '.join(value.split())}>")
    if found:
        print("A Mutex holds a closure (each withLock wraps it in two more thunks; keep it in a struct field):")
        print("\n".join(found))
        return 1
    print(f"check-closure-locks: no Mutex holds a closure ({len(sources)} files, {len(aliases)} function aliases)")
    return 0


SELF_TEST = """typealias Handler = @Sendable () -> Void
typealias MaybeHandler = Handler?
let a = Mutex<MaybeHandler>(nil)
let b = Mutex<(ClosureSlot<Int>, () -> Void)>((ClosureSlot(1), {}))
let c = Mutex(h as Handler?)
let d = Mutex({ 1 })
let e = Mutex<ClosureSlot<Handler?>>(ClosureSlot(nil))
let f = Mutex([Handler]())
let g = Mutex<[Int: Handler]>([:])
// let h = Mutex<Handler?>(nil)
let i = OSAllocatedUnfairLock<Handler?>(initialState: nil)
"""


def self_test():
    """The check on a made-up file: lines 3, 4, 5, 6 and 11 are refused, the rest are not."""
    import contextlib
    import io
    import tempfile

    with tempfile.TemporaryDirectory() as root:
        os.makedirs(os.path.join(root, "Sources", "X"))
        with open(os.path.join(root, "Sources", "X", "a.swift"), "w", encoding="utf-8") as out:
            out.write(SELF_TEST)
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            status = main(root)
        lines = sorted(int(line.split(":")[1]) for line in printed.getvalue().splitlines()[1:])
        if status != 1 or lines != [3, 4, 5, 6, 11]:
            print(f"check-closure-locks self-test FAILED: status {status}, lines {lines}")
            return 1
    print("check-closure-locks self-test: the five made-up closures are refused, the four others pass")
    return 0


if __name__ == "__main__":
    if "--self-test" in sys.argv[1:] and self_test() != 0:
        sys.exit(1)
    sys.exit(main())
