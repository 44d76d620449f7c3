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
an array or dictionary of closures is not either. This script looks at every `Mutex<...>` type
written in Sources, Tests, Benchmarks and Examples, and at the function-type aliases declared
there, and fails on a value type that is (or holds, outside an array or dictionary) a function.
Exit 0 when none, 1 with each place otherwise.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FOLDERS = ["Sources", "Tests", "Benchmarks", "Examples"]


def swift_files():
    for folder in FOLDERS:
        for directory, _, names in os.walk(os.path.join(ROOT, folder)):
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
    type_text = re.sub(r"\bClosureSlot<.*", "", type_text)
    out, depth = [], 0
    for char in type_text:
        if char == "[":
            depth += 1
        elif char == "]":
            depth -= 1
        elif depth == 0:
            out.append(char)
    return "".join(out)


def main():
    sources = {path: open(path, encoding="utf-8").read() for path in swift_files()}
    aliases = set()
    for text in sources.values():
        for match in re.finditer(r"typealias\s+(\w+)\s*=\s*", text):
            rest = text[match.end():]
            rhs = rest.split("\n\n", 1)[0]
            rhs = re.split(r"\n\s*(?:///|//|public|package|private|fileprivate|internal|func|var|let|init)", rhs)[0]
            if "->" in without_collections(rhs):
                aliases.add(match.group(1))
    alias_pattern = re.compile(r"\b(" + "|".join(sorted(aliases)) + r")\b") if aliases else None
    found = []
    for path, text in sources.items():
        for match in re.finditer(r"\bMutex<", text):
            line_start = text.rfind("\n", 0, match.start()) + 1
            if text[line_start:match.start()].lstrip().startswith("//"):
                continue  # documentation
            value = balanced(text, match.end(), "<", ">")
            if value is None:
                continue
            bare = without_collections(value)
            if "->" in bare or (alias_pattern and alias_pattern.search(bare)):
                line = text.count("\n", 0, match.start()) + 1
                found.append(f"{os.path.relpath(path, ROOT)}:{line}: Mutex<{' '.join(value.split())}>")
    if found:
        print("A Mutex holds a closure (each withLock wraps it in two more thunks; keep it in a struct field):")
        print("\n".join(found))
        return 1
    print(f"check-closure-locks: no Mutex holds a closure ({len(sources)} files, {len(aliases)} function aliases)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
