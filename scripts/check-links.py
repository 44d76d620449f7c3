#!/usr/bin/env python3
"""Checks the relative links of the repository's Markdown: README.md, the other top-level .md
files, docs/**/*.md and the README.md files of the repository's folders (not the DocC catalogs,
whose links are DocC's own and which scripts/docs.sh checks).

Every link `[text](target)`, image `![alt](target)` and reference definition `[name]: target`
whose target is not another site (http:, https:, mailto:) must name a file or folder that
exists, relative to the Markdown file; a `#anchor` (alone, or after a .md file) must name a
heading of that file, or an explicit `id`/`name` attribute in it. Anchors follow GitHub's rule:
the heading's text (inline code kept, link targets and emphasis marks dropped) in lower case,
each space turned into `-`, every character that is not a letter, a digit, `-` or `_`
dropped, and `-1`, `-2`, ... appended to the second, third, ... heading with the same anchor.
Links inside fenced code blocks and inline code are not links and are skipped.

Standard library only. Usage: scripts/check-links.py [FILE.md ...] (default: the set above).
Exits 1 and lists every broken link as `file:line: target: reason`.
"""
import os
import re
import subprocess
import sys
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

FENCE = re.compile(r"^\s{0,3}(```|~~~)")
INLINE_CODE = re.compile(r"(`+)(.+?)\1")
# `](target)` or `](target "title")`: every inline link and image, nested ones included.
INLINE_LINK = re.compile(r"\]\(\s*(<[^>]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*(\S+)")
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
EXPLICIT_ANCHOR = re.compile(r"<[^>]+\b(?:id|name)=\"([^\"]+)\"")
EXTERNAL = ("http:", "https:", "mailto:", "ftp:")


def markdown_files():
    """README.md, the top-level .md files, docs/**/*.md, and the tracked README.md files of the
    repository's folders, sorted."""
    try:
        tracked = subprocess.run(
            ["git", "ls-files", "--cached", "--others", "--exclude-standard", "*.md"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        tracked = []
        for folder, _, names in os.walk(ROOT):
            if "/.build" in folder or "/.git" in folder:
                continue
            for name in names:
                if name.endswith(".md"):
                    tracked.append(os.path.relpath(os.path.join(folder, name), ROOT))
    chosen = set()
    for path in tracked:
        if ".docc/" in path:
            continue
        if "/" not in path or path.startswith("docs/") or os.path.basename(path) == "README.md":
            chosen.add(path)
    return sorted(chosen)


def strip_code(line):
    """The line with its inline code spans blanked (same length, so columns stay)."""
    return INLINE_CODE.sub(lambda m: " " * len(m.group(0)), line)


def slug(heading_text):
    """GitHub's anchor for a heading's text."""
    text = heading_text
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)  # links and images: their text
    text = re.sub(r"<[^>]+>", "", text)  # inline HTML tags
    text = text.replace("`", "")
    text = re.sub(r"(\*+|(?<!\w)_+|_+(?!\w))", "", text)  # emphasis marks, not snake_case
    text = text.strip().lower()
    kept = "".join(ch for ch in text if ch.isalnum() or ch in "-_ ")
    return kept.replace(" ", "-")


def lines_outside_code(path):
    """(line number, line) for every line of the file outside fenced code blocks."""
    fence = None
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            match = FENCE.match(line)
            if match:
                if fence is None:
                    fence = match.group(1)
                elif line.strip().startswith(fence):
                    fence = None
                continue
            if fence is None:
                yield number, line.rstrip("\n")


anchor_cache = {}


def anchors(path):
    """The anchors of a Markdown file: its headings' (with GitHub's numbering of repeats) and
    its explicit id/name attributes."""
    if path not in anchor_cache:
        found = set()
        counts = {}
        for _, line in lines_outside_code(path):
            for name in EXPLICIT_ANCHOR.findall(line):
                found.add(name)
            match = HEADING.match(line)
            if not match:
                continue
            base = slug(match.group(2))
            count = counts.get(base, 0)
            counts[base] = count + 1
            found.add(base if count == 0 else "%s-%d" % (base, count))
        anchor_cache[path] = found
    return anchor_cache[path]


def check_target(source, target):
    """Why `target`, linked from `source`, is broken, or None."""
    if target.startswith("<") and target.endswith(">"):
        target = target[1:-1]
    if not target or target.lower().startswith(EXTERNAL):
        return None
    if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):
        return None  # another scheme (data:, tel:, ...): not a file
    file_part, _, anchor = target.partition("#")
    file_part = urllib.parse.unquote(file_part)
    anchor = urllib.parse.unquote(anchor)
    if file_part.startswith("/"):
        resolved = os.path.join(ROOT, file_part.lstrip("/"))
    elif file_part:
        resolved = os.path.normpath(os.path.join(os.path.dirname(source), file_part))
    else:
        resolved = source
    if not os.path.exists(resolved):
        return "no such file or folder (%s)" % os.path.relpath(resolved, ROOT)
    if not os.path.realpath(resolved).startswith(ROOT + os.sep) and resolved != ROOT:
        return "points outside the repository"
    if anchor:
        if not resolved.endswith(".md") or os.path.isdir(resolved):
            return None  # an anchor into another kind of file is not checked
        if anchor not in anchors(resolved):
            return "no heading with the anchor #%s in %s" % (anchor, os.path.relpath(resolved, ROOT))
    return None


def check(path):
    """Every broken link of one file, as `file:line: target: reason`."""
    problems = []
    for number, line in lines_outside_code(path):
        text = strip_code(line)
        targets = [m.group(1) for m in INLINE_LINK.finditer(text)]
        reference = REFERENCE.match(text)
        if reference:
            targets.append(reference.group(1))
        for target in targets:
            reason = check_target(path, target)
            if reason:
                problems.append("%s:%d: %s: %s" % (os.path.relpath(path, ROOT), number, target, reason))
    return problems


def main(arguments):
    paths = arguments or markdown_files()
    problems = []
    for path in paths:
        full = path if os.path.isabs(path) else os.path.join(ROOT, path)
        problems.extend(check(os.path.normpath(full)))
    for problem in problems:
        print("error: broken link: " + problem, file=sys.stderr)
    if problems:
        print("%d broken link(s) in %d file(s)" % (len(problems), len(paths)), file=sys.stderr)
        return 1
    print("links: %d Markdown files, every relative link and anchor resolves" % len(paths))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
