#!/usr/bin/env python3
"""Checks `workout-sim report` pages with real parsers (the CI step "reports").

For each HTML file given:
- it parses as HTML5 with html5lib in strict mode (any parse error fails);
- every inline <svg>...</svg> parses as XML with lxml, with the SVG namespace on its root;
- it is self-contained: no <script>, no src=, href=, url(...) or @import, and the only
  address in it is the SVG namespace;
- it is at most 2,000,000 bytes (the bound for a 12-hour run).

Usage: scripts/check-report.py PAGE.html...   (with html5lib and lxml from
scripts/requirements.txt and scripts/requirements-exports.txt)
"""
import re
import sys

import html5lib
from lxml import etree

SVG = "http://www.w3.org/2000/svg"
LIMIT = 2_000_000


def check(path):
    data = open(path, "rb").read()
    problems = []
    if len(data) > LIMIT:
        problems.append(f"{len(data)} bytes, over the {LIMIT}-byte bound")
    text = data.decode("utf-8")
    try:
        html5lib.HTMLParser(strict=True, namespaceHTMLElements=False).parse(text)
    except Exception as error:  # html5lib raises ParseError with the position
        problems.append(f"not valid HTML5: {error}")
    svgs = re.findall(r"<svg\b.*?</svg>", text, flags=re.S)
    if not svgs:
        problems.append("no inline SVG")
    for index, svg in enumerate(svgs):
        try:
            root = etree.fromstring(svg.encode("utf-8"))
        except etree.XMLSyntaxError as error:
            problems.append(f"SVG {index + 1} is not well-formed XML: {error}")
            continue
        if root.tag != "{%s}svg" % SVG:
            problems.append(f"SVG {index + 1}: root is {root.tag}, not an SVG element")
    for pattern, what in [
        (r"<script", "a script"),
        (r"\bsrc\s*=", "a src attribute"),
        (r"\bhref\s*=", "an href attribute"),
        (r"url\(", "a CSS url()"),
        (r"@import", "a CSS @import"),
    ]:
        if re.search(pattern, text, flags=re.I):
            problems.append(f"contains {what}")
    addresses = re.findall(r"https?://[^\s\"'<>]*", text)
    foreign = sorted(set(a for a in addresses if a != SVG))
    if foreign:
        problems.append("refers to " + ", ".join(foreign))
    if problems:
        for problem in problems:
            print(f"{path}: {problem}", file=sys.stderr)
        return False
    print(f"{path}: ok ({len(data)} bytes, HTML5 and {len(svgs)} SVG valid, self-contained)")
    return True


def main(paths):
    if not paths:
        print("usage: check-report.py PAGE.html...", file=sys.stderr)
        return 64
    results = [check(path) for path in paths]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
