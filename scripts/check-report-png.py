#!/usr/bin/env python3
"""Checks a screenshot of a `workout-sim report` page taken by headless Chromium (the CI step
"reports"): the picture is not blank and shows the charts where the page puts them.

- Not blank: at least 3 % of the pixels differ from the background (the top-left pixel), and
  the picture has at least 24 distinct colours.
- The chart regions: the line colours of the light scheme (Sources/WorkoutReport/
  ReportStyle.swift) each cover at least MIN_PIXELS pixels: heart rate #e0245e, speed #0a6ed1,
  cadence #188038, active energy #e37400; and the charts come in the page's order, heart rate
  above speed above cadence above energy (the median row of each colour's pixels).
- The heart-rate zones are shaded: pixels of zone 1's tint (#3b82c4 at 16 % over the plot's
  #fbfbfd) lie in the rows of the heart-rate chart.
- With --route: the route (#0a6ed1 as well, 2.2 px) gives pixels below the energy chart.

Usage: scripts/check-report-png.py PICTURE.png [--route]   (Pillow from
scripts/requirements.txt)
"""
import sys

from PIL import Image, ImageChops

MIN_PIXELS = 150
TOLERANCE = 26
COLOURS = {
    "heart rate": (0xE0, 0x24, 0x5E),
    "speed": (0x0A, 0x6E, 0xD1),
    "cadence": (0x18, 0x80, 0x38),
    "energy": (0xE3, 0x74, 0x00),
}


def blend(colour, over, alpha):
    return tuple(round(c * alpha + o * (1 - alpha)) for c, o in zip(colour, over))


ZONE1 = blend((0x3B, 0x82, 0xC4), (0xFB, 0xFB, 0xFD), 0.16)


def mask(image, colour, tolerance=TOLERANCE):
    """A mode-L image, 255 where every channel is within `tolerance` of `colour`, else 0."""
    bands = [
        band.point(lambda v, c=c: 255 if abs(v - c) <= tolerance else 0)
        for band, c in zip(image.split(), colour)
    ]
    return ImageChops.multiply(ImageChops.multiply(bands[0], bands[1]), bands[2])


def row_counts(found):
    """Pixels set per row of a mask (the mask summed across its width)."""
    width, height = found.size
    data = found.tobytes()
    return [data[y * width:(y + 1) * width].count(255) for y in range(height)]


def median_row(counts):
    total = sum(counts)
    seen = 0
    for y, count in enumerate(counts):
        seen += count
        if seen * 2 >= total:
            return y
    return None


def main(arguments):
    paths = [a for a in arguments if not a.startswith("--")]
    route = "--route" in arguments
    if len(paths) != 1:
        print("usage: check-report-png.py PICTURE.png [--route]", file=sys.stderr)
        return 64
    path = paths[0]
    image = Image.open(path).convert("RGB")
    width, height = image.size
    background = image.getpixel((0, 0))
    problems = []
    solid = Image.new("RGB", image.size, background)
    drawn = ImageChops.difference(image, solid).convert("L").point(lambda v: 255 if v else 0)
    share = drawn.histogram()[255] / (width * height)
    if share < 0.03:
        problems.append(f"blank: only {share:.1%} of the pixels differ from the background")
    colours = image.getcolors(maxcolors=1 << 20)
    distinct = len(colours) if colours else 1 << 20
    if distinct < 24:
        problems.append(f"only {distinct} distinct colours")
    counts = {name: row_counts(mask(image, colour)) for name, colour in COLOURS.items()}
    medians = {}
    for name, rows in counts.items():
        total = sum(rows)
        if total < MIN_PIXELS:
            problems.append(f"{name}: {total} pixels of its line colour, fewer than {MIN_PIXELS}")
        else:
            medians[name] = median_row(rows)
    order = [name for name in COLOURS if name in medians]
    if [medians[n] for n in order] != sorted(medians[n] for n in order):
        problems.append(
            "charts out of order: " + ", ".join(f"{n} at row {medians[n]}" for n in order))
    heart = [y for y, count in enumerate(counts["heart rate"]) if count]
    if heart:
        zone = row_counts(mask(image, ZONE1, 3))
        inside = sum(zone[max(0, heart[0] - 60):heart[-1] + 61])
        if inside < MIN_PIXELS:
            problems.append(f"zone 1 shading: {inside} pixels in the heart-rate chart's rows")
    energy = [y for y, count in enumerate(counts["energy"]) if count]
    if route and energy:
        below = sum(counts["speed"][energy[-1] + 1:])
        if below < MIN_PIXELS:
            problems.append(f"route: {below} pixels of its colour below the energy chart")
    if problems:
        for problem in problems:
            print(f"{path}: {problem}", file=sys.stderr)
        return 1
    summary = ", ".join(f"{n} {sum(counts[n])} px at row {medians[n]}" for n in order)
    print(f"{path}: ok ({width}x{height}, {share:.0%} drawn, {distinct} colours; {summary})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
