import WorkoutText

/// One chart over a record's time axis as inline SVG: value ticks with the unit, elapsed and
/// wall-clock ticks, shaded bands (heart-rate zones), paused spans, event lines, and the series
/// cut at gaps and decimated per pixel (``Gaps``, ``Decimation``).
struct TimeChart {
  /// A line to draw.
  struct Line {
    /// The CSS class of the stroke (`s-hr`, `s-model`).
    var cssClass: String
    /// The points in data units, x in scenario seconds, in time order.
    var points: [ChartPoint]
    /// The gap interval: steps above ``Gaps/factor`` times it are gaps; `nil` uses the series'
    /// typical interval (``Gaps/typicalInterval(_:)``).
    var interval: Double? = nil
  }

  /// A horizontal band of values (a heart-rate zone).
  struct Band {
    var low: Double
    var high: Double
    var color: String
    var label: String
  }

  /// A vertical mark at an instant (lap, marker, error) or over a span (paused).
  struct Mark {
    var from: Double
    var to: Double
    var cssClass: String
    var title: String
  }

  /// What every chart of a record shares: the span drawn and the ticks of time.
  struct Axis {
    /// Scenario seconds at the left and right edges.
    var start: Double
    var end: Double
    /// Elapsed ticks: scenario second and label.
    var elapsed: [(seconds: Double, label: String)]
    /// Wall-clock ticks: scenario second and label.
    var clock: [(seconds: Double, label: String)]
    /// The marks drawn on every chart.
    var marks: [Mark]
  }

  static let width = 960.0
  static let left = 64.0
  static let right = 904.0
  static let top = 10.0

  var id: String
  var title: String
  var height = 190.0
  var lines: [Line]
  var bands: [Band] = []
  /// The value range: nice-rounded around the lines' values unless given.
  var domain: (start: Double, end: Double)? = nil
  /// Whether the value axis reaches down (or up) to 0 (speeds, energies).
  var includesZero = false
  /// A tick's label from its value (the unit goes in the title).
  var label: (Double) -> String = { TextFormat.fixed($0, decimals: 0) ?? "-" }
  /// A second label per tick on the right of the plot (the pace of a speed), or `nil`.
  var rightLabel: ((Double) -> String?)? = nil

  var bottom: Double { height - 40 }

  /// The SVG element.
  func svg(axis: Axis) -> String {
    let x = LinearScale(domain: (axis.start, axis.end), range: (Self.left, Self.right))
    var low = Double.infinity
    var high = -Double.infinity
    for line in lines {
      for point in line.points where point.x >= axis.start && point.x <= axis.end {
        low = min(low, point.y)
        high = max(high, point.y)
      }
    }
    if !low.isFinite {
      low = 0
      high = 1
    }
    let (domainStart, domainEnd) =
      domain
      ?? Ticks.niceDomain(
        low: includesZero ? min(low, 0) : low, high: includesZero ? max(high, 0) : high,
        maximumCount: 5)
    let y = LinearScale(domain: (domainStart, domainEnd), range: (bottom, Self.top))
    let step = Ticks.step(span: y.domainEnd - y.domainStart, maximumCount: 5)
    var out =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" id=\"\(id)\" viewBox=\"0 0 "
    out += PathText.number(Self.width) + " " + PathText.number(height)
    out += "\" role=\"img\" aria-label=\"" + HTML.escape(title) + "\">"
    out += "<title>" + HTML.escape(title) + "</title>"
    out += rect(Self.left, Self.top, Self.right - Self.left, bottom - Self.top, "plot")
    for band in bands {
      let from = max(band.low, y.domainStart)
      let to = min(band.high, y.domainEnd)
      guard to > from else { continue }
      out += "<rect x=\"" + PathText.number(Self.left) + "\" y=\"" + PathText.number(y(to))
      out += "\" width=\"" + PathText.number(Self.right - Self.left) + "\" height=\""
      out += PathText.number(y(from) - y(to)) + "\" fill=\"" + band.color
      out += "\" fill-opacity=\"0.16\"><title>" + HTML.escape(band.label) + "</title></rect>"
    }
    out += marksSVG(axis.marks.filter { $0.to > $0.from }, x: x)
    for value in Ticks.multiples(of: step, from: y.domainStart, to: y.domainEnd) {
      let py = PathText.number(y(value))
      out += "<path class=\"grid\" d=\"M" + PathText.number(Self.left) + "," + py + "H"
      out += PathText.number(Self.right) + "\"/>"
      out += "<text class=\"tick\" x=\"" + PathText.number(Self.left - 6) + "\" y=\"" + py
      out += "\" dy=\"4\" text-anchor=\"end\">" + HTML.escape(label(value)) + "</text>"
      if let right = rightLabel?(value) {
        out += "<text class=\"tick\" x=\"" + PathText.number(Self.right + 6) + "\" y=\"" + py
        out += "\" dy=\"4\">" + HTML.escape(right) + "</text>"
      }
    }
    for tick in axis.elapsed {
      let px = PathText.number(x(tick.seconds))
      out += "<path class=\"grid\" d=\"M" + px + "," + PathText.number(Self.top) + "V"
      out += PathText.number(bottom) + "\"/>"
      out += "<text class=\"tick\" x=\"" + px + "\" y=\"" + PathText.number(bottom + 14)
      out += "\" text-anchor=\"middle\">" + tick.label + "</text>"
    }
    for tick in axis.clock {
      out += "<text class=\"tick clock\" x=\"" + PathText.number(x(tick.seconds)) + "\" y=\""
      out += PathText.number(bottom + 28) + "\" text-anchor=\"middle\">" + tick.label + "</text>"
    }
    out += "<text class=\"axis\" x=\"" + PathText.number(Self.left - 22) + "\" y=\""
    out += PathText.number(bottom + 14) + "\" text-anchor=\"end\">elapsed</text>"
    out += "<text class=\"axis\" x=\"" + PathText.number(Self.left - 22) + "\" y=\""
    out += PathText.number(bottom + 28) + "\" text-anchor=\"end\">local</text>"
    for line in lines {
      let inside = Self.clip(line.points, start: axis.start, end: axis.end)
      guard let interval = line.interval ?? Gaps.typicalInterval(inside) else {
        if let only = inside.first {
          out += "<path class=\"line " + line.cssClass + "\" d=\""
          out += PathText.polyline([ChartPoint(x: x(only.x), y: y(only.y))]) + "\"/>"
        }
        continue
      }
      var d = ""
      for run in Gaps.runs(inside, interval: interval) {
        let kept = Decimation.perPixel(run, scale: x)
        d += PathText.polyline(kept.map { ChartPoint(x: x($0.x), y: y($0.y)) })
      }
      out += "<path class=\"line " + line.cssClass + "\" d=\"" + d + "\"/>"
    }
    out += marksSVG(axis.marks.filter { $0.to <= $0.from }, x: x)
    out += rect(Self.left, Self.top, Self.right - Self.left, bottom - Self.top, "frame")
    out += "</svg>"
    return out
  }

  /// The points inside `start ... end` (points in `x` order): nothing is drawn outside the
  /// plot, so a line starts at its first sample inside the span.
  static func clip(_ points: [ChartPoint], start: Double, end: Double) -> [ChartPoint] {
    guard let first = points.firstIndex(where: { $0.x >= start }),
      let last = points.lastIndex(where: { $0.x <= end }), last >= first
    else { return [] }
    return Array(points[first...last])
  }

  private func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double, _ cssClass: String)
    -> String
  {
    "<rect class=\"" + cssClass + "\" x=\"" + PathText.number(x) + "\" y=\"" + PathText.number(y)
      + "\" width=\"" + PathText.number(width) + "\" height=\"" + PathText.number(height)
      + "\"/>"
  }

  private func marksSVG(_ marks: [Mark], x: LinearScale) -> String {
    var out = ""
    for mark in marks {
      let from = min(max(x(mark.from), Self.left), Self.right)
      let to = min(max(x(mark.to), Self.left), Self.right)
      if mark.to > mark.from {
        out += "<rect class=\"" + mark.cssClass + "\" x=\"" + PathText.number(from) + "\" y=\""
        out += PathText.number(Self.top) + "\" width=\"" + PathText.number(to - from)
        out += "\" height=\"" + PathText.number(bottom - Self.top) + "\"><title>"
        out += HTML.escape(mark.title) + "</title></rect>"
      } else {
        out += "<path class=\"" + mark.cssClass + "\" d=\"M" + PathText.number(from) + ","
        out += PathText.number(Self.top) + "V" + PathText.number(bottom) + "\"><title>"
        out += HTML.escape(mark.title) + "</title></path>"
      }
    }
    return out
  }
}

/// Text escaping for HTML and XML (the same five characters in text and attributes).
enum HTML {
  /// Text as HTML character data or an attribute value: `&`, `<`, `>`, `"` and `'` as entities,
  /// and the code points HTML forbids in a document (the HTML Living Standard, "Parsing HTML
  /// documents", `control-character-in-input-stream`, `noncharacter-in-input-stream` and
  /// `unexpected-null-character`; no character reference may stand for them either) drawn
  /// visibly: a C0 control other than tab, line feed and carriage return as its Control
  /// Pictures symbol (U+0000 NUL as U+2400 ␀, U+001B ESC as U+241B ␛), DEL as U+2421 ␡, a C1
  /// control or a noncharacter as U+FFFD. A scenario name or file name with such bytes then
  /// shows where they are, and the page stays valid.
  static func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x26: out += "&amp;"
      case 0x3C: out += "&lt;"
      case 0x3E: out += "&gt;"
      case 0x22: out += "&quot;"
      case 0x27: out += "&#39;"
      case 0x09, 0x0A, 0x0D: out.unicodeScalars.append(scalar)
      case 0x00...0x1F: out.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value)!)
      case 0x7F: out += "\u{2421}"
      case 0x80...0x9F, 0xFDD0...0xFDEF: out += "\u{FFFD}"
      case let value where value & 0xFFFE == 0xFFFE: out += "\u{FFFD}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
