import WorkoutText

/// One point of a chart series in data units: `x` is scenario time in seconds, `y` the value in
/// the quantity's unit.
public struct ChartPoint: Sendable, Equatable {
  /// Scenario time, s (or any x value in data units).
  public var x: Double
  /// The value, in the series' unit.
  public var y: Double

  /// Creates a point.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
}

/// A linear map from data units to pixels: `domainStart` goes to `rangeStart` and `domainEnd` to
/// `rangeEnd` (a y scale runs from the bottom pixel to the top one, so its range decreases).
///
/// A domain of zero width (one value) is widened by 1 on each side, so that a flat series draws
/// in the middle instead of dividing by zero.
public struct LinearScale: Sendable, Equatable {
  /// The data value at ``rangeStart``.
  public var domainStart: Double
  /// The data value at ``rangeEnd``.
  public var domainEnd: Double
  /// The pixel of ``domainStart``.
  public var rangeStart: Double
  /// The pixel of ``domainEnd``.
  public var rangeEnd: Double

  /// Creates a scale from `domain.start ... domain.end` (data units) to `range.start ...
  /// range.end` (pixels).
  public init(domain: (start: Double, end: Double), range: (start: Double, end: Double)) {
    if domain.start == domain.end {
      domainStart = domain.start - 1
      domainEnd = domain.end + 1
    } else {
      domainStart = domain.start
      domainEnd = domain.end
    }
    rangeStart = range.start
    rangeEnd = range.end
  }

  /// The pixel of `value`: `rangeStart + (value − domainStart) / (domainEnd − domainStart) ×
  /// (rangeEnd − rangeStart)`; values outside the domain map outside the range (not clamped).
  public func callAsFunction(_ value: Double) -> Double {
    rangeStart + (value - domainStart) / (domainEnd - domainStart) * (rangeEnd - rangeStart)
  }
}

/// Axis ticks at round values.
public enum Ticks {
  /// The multipliers of a power of ten a value step may have: 1, 2, 2.5, 5.
  public static let multipliers = [1.0, 2.0, 2.5, 5.0]

  /// The smallest round step (a multiplier of ``multipliers`` times a power of ten) that splits
  /// `span` into at most `maximumCount` steps: for 124 and 5, the raw step is 24.8 and the step
  /// 25. Returns 1 for a span that is not finite and above zero.
  public static func step(span: Double, maximumCount: Int) -> Double {
    guard span.isFinite, span > 0, maximumCount > 0 else { return 1 }
    let raw = span / Double(maximumCount)
    var power = 1.0
    while power * 10 <= raw { power *= 10 }
    while power > raw { power /= 10 }
    for multiplier in multipliers + [10] where multiplier * power >= raw * (1 - 1e-12) {
      return multiplier * power
    }
    return 10 * power
  }

  /// The multiples of `step` from `start` to `end` inclusive (with a tolerance of a millionth
  /// of a step at both ends), each computed as `k × step` so that no error accumulates.
  public static func multiples(of step: Double, from start: Double, to end: Double) -> [Double] {
    guard step > 0, start.isFinite, end.isFinite, start <= end else { return [] }
    let first = (start / step - 1e-6).rounded(.up)
    let last = (end / step + 1e-6).rounded(.down)
    guard first <= last, last - first < 10_000 else { return [] }
    return stride(from: first, through: last, by: 1).map { $0 * step }
  }

  /// Round value ticks for the data range `low ... high`: ``multiples(of:from:to:)`` of
  /// ``step(span:maximumCount:)``.
  public static func values(low: Double, high: Double, maximumCount: Int) -> [Double] {
    multiples(of: step(span: high - low, maximumCount: maximumCount), from: low, to: high)
  }

  /// The range `low ... high` widened outwards to multiples of its tick step, so that the axis
  /// starts and ends on a tick (70 ... 171 with 5 ticks: step 25, 50 ... 175). A range of zero
  /// width is first widened by 1 on each side.
  public static func niceDomain(low: Double, high: Double, maximumCount: Int) -> (
    start: Double, end: Double
  ) {
    let (a, b) = low == high ? (low - 1, high + 1) : (low, high)
    let step = step(span: b - a, maximumCount: maximumCount)
    return ((a / step + 1e-9).rounded(.down) * step, (b / step - 1e-9).rounded(.up) * step)
  }

  /// The steps a time axis may have, s: 1, 2, 5, 10, 15, 30 s, 1, 2, 5, 10, 15, 20, 30 min, 1,
  /// 2, 3, 4, 6, 12 h, 1 day.
  public static let timeSteps: [Double] = [
    1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1200, 1800, 3600, 7200, 10800, 14400, 21600,
    43200, 86400,
  ]

  /// The smallest of ``timeSteps`` that splits `span` seconds into at most `maximumCount`
  /// steps (the largest, one day, for longer spans).
  public static func timeStep(span: Double, maximumCount: Int) -> Double {
    let raw = span / Double(max(maximumCount, 1))
    return timeSteps.first { $0 >= raw } ?? 86400
  }

  /// Ticks of elapsed time over a span of `span` seconds: multiples of
  /// ``timeStep(span:maximumCount:)`` from 0, labelled `m:ss` or `h:mm:ss`
  /// (`TextFormat.shortClock`).
  public static func elapsed(span: Double, maximumCount: Int) -> [(seconds: Double, label: String)]
  {
    let step = timeStep(span: span, maximumCount: maximumCount)
    return multiples(of: step, from: 0, to: span).map {
      ($0, TextFormat.shortClock(wholeSeconds: Int64($0.rounded())))
    }
  }

  /// Ticks of wall-clock time over the instants `start ... end` (seconds since 1970): the
  /// instants whose local time (`instant + offset(instant)`) is a multiple of the
  /// ``timeStep(span:maximumCount:)``, labelled `hh:mm` in local time (`hh:mm:ss` below a
  /// one-minute step), in instant order. `offset` gives the zone's offset from UTC in seconds
  /// east at an instant, so a daylight-saving change or a change of zone inside the span moves
  /// the ticks with it: each offset in force somewhere in the span (read at the start, the end
  /// and every step, at most an hour apart) gives the ticks of the instants it is in force at.
  /// A change that sets the clock back (flying west, the autumn change) repeats local times,
  /// and each repetition gets its ticks: New York 18:50 then Los Angeles 16:00.
  public static func wallClock(
    start: Double, end: Double, maximumCount: Int, offset: (Double) -> Int
  ) -> [(instant: Double, label: String)] {
    guard end >= start else { return [] }
    let step = timeStep(span: end - start, maximumCount: maximumCount)
    var offsets: [Int] = []
    var probe = start
    while true {
      let seen = offset(probe)
      if !offsets.contains(seen) { offsets.append(seen) }
      guard probe < end else { break }
      probe = min(probe + min(step, 3600), end)
    }
    var ticks: [(instant: Double, label: String)] = []
    for zoneOffset in offsets {
      let shift = Double(zoneOffset)
      for local in multiples(of: step, from: start + shift - step, to: end + shift + step) {
        let instant = local - shift
        // This local time is a tick where this offset is in force at its instant.
        guard instant >= start - 1e-6, instant <= end + 1e-6, offset(instant) == zoneOffset
        else { continue }
        ticks.append((instant, clockLabel(localSeconds: local, withSeconds: step < 60)))
      }
    }
    ticks.sort { $0.instant < $1.instant }
    return ticks
  }

  /// `hh:mm` (or `hh:mm:ss`) of a local time given as seconds since 1970 in local time.
  static func clockLabel(localSeconds: Double, withSeconds: Bool) -> String {
    var second = Int64(localSeconds.rounded(.down)) % 86400
    if second < 0 { second += 86400 }
    func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let text = two(second / 3600) + ":" + two(second % 3600 / 60)
    return withSeconds ? text + ":" + two(second % 60) : text
  }
}

/// Where a series has no samples: a run of points ends where the next one comes more than
/// ``factor`` sensor intervals later (a dropout, a pause), and the chart leaves a gap there
/// instead of drawing a line across.
public enum Gaps {
  /// A gap is a step in `x` of more than this many sensor intervals: 2.5 (one or two missing
  /// samples in a row are a gap; the jitter of a cut-short last span is not).
  public static let factor = 2.5

  /// The typical spacing of `points`: the median of the positive steps in `x` (the lower of the
  /// two middle steps for an even count), or `nil` with fewer than two distinct `x`.
  public static func typicalInterval(_ points: [ChartPoint]) -> Double? {
    var steps: [Double] = []
    steps.reserveCapacity(points.count)
    for index in points.indices.dropFirst() {
      let step = points[index].x - points[index - 1].x
      if step > 0 { steps.append(step) }
    }
    guard !steps.isEmpty else { return nil }
    steps.sort()
    return steps[(steps.count - 1) / 2]
  }

  /// `points` (in `x` order) cut into runs at every step in `x` above `factor × interval`.
  public static func runs(_ points: [ChartPoint], interval: Double, factor: Double = factor)
    -> [[ChartPoint]]
  {
    guard !points.isEmpty else { return [] }
    var runs: [[ChartPoint]] = []
    var current: [ChartPoint] = [points[0]]
    for index in points.indices.dropFirst() {
      if points[index].x - points[index - 1].x > factor * interval {
        runs.append(current)
        current = []
      }
      current.append(points[index])
    }
    runs.append(current)
    return runs
  }
}

/// Per-pixel decimation that keeps the extremes: a long series is cut down to at most four
/// points per pixel column (the column's first, lowest, highest and last point, in time order), so
/// a 12-hour run draws the same spikes and troughs as its full series with a few thousand points.
public enum Decimation {
  /// The points of `points` (in `x` order) to draw with `scale`: per pixel column
  /// (`floor(scale(x))`) the first, the minimum, the maximum and the last point, each once, in
  /// their original order. A column of up to four points keeps them all.
  public static func perPixel(_ points: [ChartPoint], scale: LinearScale) -> [ChartPoint] {
    guard points.count > 4 else { return points }
    var kept: [ChartPoint] = []
    kept.reserveCapacity(min(points.count, 4 * 2048))
    var columnStart = 0
    func flush(_ end: Int) {
      let count = end - columnStart
      if count <= 4 {
        kept.append(contentsOf: points[columnStart..<end])
        return
      }
      var low = columnStart
      var high = columnStart
      for index in columnStart..<end {
        if points[index].y < points[low].y { low = index }
        if points[index].y > points[high].y { high = index }
      }
      var indices = [columnStart, low, high, end - 1]
      indices.sort()
      var previous = -1
      for index in indices where index != previous {
        kept.append(points[index])
        previous = index
      }
    }
    var column = scale(points[0].x).rounded(.down)
    for index in points.indices.dropFirst() {
      let next = scale(points[index].x).rounded(.down)
      if next != column {
        flush(index)
        columnStart = index
        column = next
      }
    }
    flush(points.count)
    return kept
  }
}

/// SVG path text from pixel coordinates, one decimal place (`TextFormat.fixed`), locale-free.
public enum PathText {
  /// A number with one decimal, `0.0` for a value that is not finite.
  public static func number(_ value: Double) -> String {
    TextFormat.fixed(value, decimals: 1) ?? "0.0"
  }

  /// `Mx,yLx,y...` through `points` (already in pixels), leaving out a point that rounds to the
  /// same text as the one before; empty for no points, and a run that draws a single point
  /// becomes a dot (`Mx,yh0.1`, visible with a round line cap).
  public static func polyline(_ points: [ChartPoint]) -> String {
    guard let first = points.first else { return "" }
    var text = "M" + number(first.x) + "," + number(first.y)
    if points.count == 1 { return text + "h0.1" }
    var last = number(first.x) + "," + number(first.y)
    var drawn = 1
    for point in points.dropFirst() {
      let pair = number(point.x) + "," + number(point.y)
      if pair == last { continue }
      text += "L" + pair
      last = pair
      drawn += 1
    }
    return drawn == 1 ? text + "h0.1" : text
  }
}
