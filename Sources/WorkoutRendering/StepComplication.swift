/// The watchOS accessory families the step complication mirrors (WidgetKit's `WidgetFamily`).
///
/// Apple doc: https://developer.apple.com/documentation/widgetkit/widgetfamily (cases
/// `accessoryCircular`, `accessoryCorner`, `accessoryRectangular`, `accessoryInline`, watchOS 9).
public enum ComplicationFamily: String, CaseIterable, Sendable, Hashable {
  /// `accessoryCircular`: a small circle (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/widgetfamily/accessorycircular), here a
  /// ring gauge open at the bottom with 0 and the goal in the gap, the percentage and the step
  /// count in the centre, like SwiftUI's `Gauge` in `.accessoryCircular` style with min/max labels
  /// (https://developer.apple.com/documentation/swiftui/gaugestyle/accessorycircular).
  case circular
  /// `accessoryCorner`: a watch-face corner, a value with a gauge curving along the bezel
  /// (Apple doc: https://developer.apple.com/documentation/appintents/intentwidgetfamily/accessorycorner).
  case corner
  /// `accessoryRectangular`: a few lines of text with a gauge (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/widgetfamily/accessoryrectangular).
  case rectangular
  /// `accessoryInline`: a single row of text (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/widgetfamily/accessoryinline).
  case inline

  /// The family named `name` (`"circular"`, `"corner"`, `"rectangular"`, `"inline"`), or `nil`.
  public init?(name: String) {
    self.init(rawValue: name)
  }
}

/// The step-ring complication: today's step count against a goal, drawn as text.
///
/// Full at 100 %; above the goal the gauge stays full and an over-goal mark (`▲`, ASCII `^`)
/// appears above it (circular) or before the percentage (the other families). Colour role
/// ``ColorRole/steps`` for the fill, ``ColorRole/accent`` for the mark.
public struct StepComplication: Sendable, Hashable {
  /// Steps so far (a count); negative or non-finite shows as 0.
  public let steps: Double
  /// The goal (a count); not positive gives an empty gauge.
  public let goal: Double

  /// Creates the complication for `steps` of `goal`.
  public init(steps: Double, goal: Double) {
    self.steps = steps.isFinite && steps > 0 ? steps : 0
    self.goal = goal.isFinite ? goal : 0
  }

  /// The step count as shown (rounded down) over the goal (0 when the goal is not positive),
  /// not clamped: the percentage, the over-goal mark and the gauge follow the number beside
  /// them (0.6 steps of 10 000 show `0%`).
  public var fraction: Double { Format.shownFraction(steps, of: goal) }

  /// Width of the circular family: 11 columns (6 rows).
  public static let circularWidth = 11

  /// Renders `family` in at most `width` columns.
  ///
  /// - Parameters:
  ///   - family: the accessory family.
  ///   - width: the columns available (the circular family needs ``circularWidth`` and falls back
  ///     to the inline form when narrower; the others cut their text with `…`).
  ///   - asciiOnly: ASCII only.
  /// - Returns: circular 6 lines, corner 2, rectangular 3, inline 1.
  public func render(family: ComplicationFamily, width: Int, asciiOnly: Bool = false) -> Frame {
    switch family {
    case .circular where width >= Self.circularWidth: circular(asciiOnly: asciiOnly)
    case .circular, .inline: inline(width: width, asciiOnly: asciiOnly)
    case .corner: corner(width: width, asciiOnly: asciiOnly)
    case .rectangular: rectangular(width: width, asciiOnly: asciiOnly)
    }
  }

  private var stepsText: String { Format.amount(steps) }
  private var goalText: String { Format.whole(goal) }
  private var percentText: String { "\(LinearGauge.percent(of: fraction))%" }

  /// Ring cells in clockwise order from the bottom left, on a 5 x 11 grid below the mark row.
  private static let ringCells: [(row: Int, column: Int)] =
    [(4, 1), (3, 0), (2, 1)] + (2...8).map { (1, $0) } + [(2, 9), (3, 10), (4, 9)]

  private func circular(asciiOnly: Bool) -> Frame {
    var canvas = Canvas(width: Self.circularWidth, height: 6)
    let count = Self.ringCells.count
    var filled = Int((min(fraction, 1) * Double(count) + 1e-9).rounded(.down))
    if fraction < 1 { filled = min(filled, count - 1) }
    let fillStyle = TextStyle(bold: true, color: .steps)
    for (index, cell) in Self.ringCells.enumerated() {
      let on = index < filled
      canvas.put(
        on ? (asciiOnly ? "#" : "●") : (asciiOnly ? "." : "·"), row: cell.row, column: cell.column,
        style: on ? fillStyle : .faint)
    }
    if fraction > 1 {
      canvas.put(
        asciiOnly ? "^" : "▲", row: 0, column: 5, style: TextStyle(bold: true, color: .accent))
    }
    canvas.put(centered(percentText, width: 7), row: 2, column: 2, style: .strong)
    canvas.put(centered(truncate(stepsText, to: 9), width: 9), row: 3, column: 1)
    canvas.put(centered("steps", width: 7), row: 4, column: 2, style: .faint)
    let goal = truncate(goalText, to: 7)
    canvas.put("0", row: 5, column: 1, style: .faint)
    canvas.put(goal, row: 5, column: 10 - goal.count, style: .faint)
    return canvas.frame()
  }

  private func corner(width: Int, asciiOnly: Bool) -> Frame {
    var canvas = Canvas(width: width, height: 2)
    canvas.put(stepsText, row: 0, column: 0, limit: width, style: .strong)
    let gauge = LinearGauge(fraction: fraction, style: .line, asciiOnly: asciiOnly)
    let curve = asciiOnly ? "\\" : "╰"
    canvas.put(
      curve + gauge.render(width: width - 1), row: 1, column: 0, limit: width,
      style: TextStyle(color: .steps))
    return canvas.frame()
  }

  private func rectangular(width: Int, asciiOnly: Bool) -> Frame {
    var canvas = Canvas(width: width, height: 3)
    canvas.put(
      "Steps", row: 0, column: 0, limit: width, style: TextStyle(bold: true, color: .steps))
    canvas.put(stepsText + " / " + goalText, row: 1, column: 0, limit: width)
    let gauge = LinearGauge(fraction: fraction, style: .bar, asciiOnly: asciiOnly)
    canvas.put(
      gauge.render(width: width), row: 2, column: 0, limit: width, style: TextStyle(color: .steps))
    return canvas.frame()
  }

  private func inline(width: Int, asciiOnly: Bool) -> Frame {
    var canvas = Canvas(width: width, height: 1)
    let over = fraction > 1 ? (asciiOnly ? "^" : "▲") : ""
    canvas.put(
      "Steps " + stepsText + "/" + goalText + " " + over + percentText, row: 0, column: 0,
      limit: width)
    return canvas.frame()
  }

  private func centered(_ text: String, width: Int) -> String {
    let pad = max(width - text.count, 0)
    return String(repeating: " ", count: pad / 2) + text
  }
}
