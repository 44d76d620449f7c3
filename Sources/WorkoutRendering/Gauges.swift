/// A horizontal gauge: a bar filled in proportion to `value / goal`, then the percentage.
///
/// A value type with a pure ``render(width:)``, in the manner of console-kit's `ActivityBar`
/// (vapor/console-kit): the fill is clamped to 0…1 (full at 100 %), and above the goal an
/// over-goal mark (`▲`, ASCII `^`) replaces the space before the percentage, which shows the true
/// value (140 %). Shapes: ``Style-swift.enum/bar`` `[████▍     ] 37%`, ``Style-swift.enum/line``
/// `━━━━─────── 37%` (the corner family's curve along the bezel).
public struct LinearGauge: Sendable, Hashable {
  /// The gauge's drawing.
  public enum Style: Sendable, Hashable {
    /// Brackets, full blocks with eighths, empty cells as spaces (ASCII `#` and `.`).
    case bar
    /// No brackets, heavy line for the fill, light line for the rest (ASCII `=` and `-`).
    case line
  }

  /// `value / goal`, not clamped; 0 for non-finite, negative input or a non-positive goal.
  public let fraction: Double
  /// The drawing.
  public var style: Style
  /// Use ASCII only.
  public var asciiOnly: Bool

  /// Creates a gauge for `value` of `goal`.
  ///
  /// - Parameters:
  ///   - value: the current amount (any unit); negative or non-finite counts as 0.
  ///   - goal: the amount at which the gauge is full; not positive gives an empty gauge.
  ///   - style: the drawing (default ``Style-swift.enum/bar``).
  ///   - asciiOnly: use ASCII only.
  public init(value: Double, goal: Double, style: Style = .bar, asciiOnly: Bool = false) {
    self.init(fraction: goal > 0 ? value / goal : 0, style: style, asciiOnly: asciiOnly)
  }

  /// Creates a gauge for an amount that only grows during a day (steps, active energy,
  /// exercise minutes), which screens write rounded down: the fill, the over-goal mark and the
  /// percentage follow the amount as written (`Format.shownFraction(_:of:)`: 0.4 kcal of 500
  /// is `0%`, 500.9 is `100%` without the mark), as the watch face's rings do.
  ///
  /// - Parameters:
  ///   - amount: the day's amount so far (any unit); negative or non-finite counts as 0.
  ///   - goal: the amount at which the gauge is full; not positive gives an empty gauge.
  ///   - style: the drawing (default ``Style-swift.enum/bar``).
  ///   - asciiOnly: use ASCII only.
  public init(amount: Double, goal: Double, style: Style = .bar, asciiOnly: Bool = false) {
    self.init(
      fraction: Format.shownFraction(amount, of: goal), style: style, asciiOnly: asciiOnly)
  }

  /// Creates a gauge for a fraction (1 = 100 %); negative or non-finite counts as 0.
  public init(fraction: Double, style: Style = .bar, asciiOnly: Bool = false) {
    self.fraction = fraction.isFinite && fraction > 0 ? fraction : 0
    self.style = style
    self.asciiOnly = asciiOnly
  }

  /// Whether the value is above the goal (fraction > 1).
  public var isOverGoal: Bool { fraction > 1 }

  /// The percentage shown: rounded half away from zero, but 99 until the goal is really reached
  /// and 1 for any progress below 0.5 %; capped at 999.
  public var percent: Int { Self.percent(of: fraction) }

  /// The percentage rule of ``percent`` for any fraction (shared with the rings and the
  /// complication).
  public static func percent(of fraction: Double) -> Int {
    guard fraction.isFinite, fraction > 0 else { return 0 }
    let rounded = Int(min(fraction * 100, 999).rounded(.toNearestOrAwayFromZero))
    if fraction < 1 { return min(max(rounded, 1), 99) }
    return max(rounded, 100)
  }

  /// The gauge in at most `width` columns.
  ///
  /// The label takes five columns (mark or space, then the percentage right-aligned in four);
  /// the bar gets the rest. Below two bar cells the brackets go; with no room for a bar, only
  /// the label remains, cut with `…`. Width 0 or less gives `""`.
  public func render(width: Int) -> String {
    let mark = isOverGoal ? (asciiOnly ? "^" : "▲") : " "
    let number = "\(percent)%"
    let label = mark + String(repeating: " ", count: max(4 - number.count, 0)) + number
    let brackets = style == .bar ? 2 : 0
    var cells = width - label.count - brackets
    if cells >= 2 {
      let bar = drawBar(cells: cells)
      return style == .bar ? "[" + bar + "]" + label : bar + label
    }
    cells = width - label.count
    if cells >= 1 { return drawBar(cells: cells) + label }
    return truncate(mark == " " ? number : mark + number, to: width)
  }

  /// The bar alone, `cells` columns wide (also the phone's history bars in WorkoutSimCLI).
  package func drawBar(cells: Int) -> String {
    guard cells > 0 else { return "" }
    let clamped = min(fraction, 1)
    switch style {
    case .bar:
      // Eighths of a cell, rounded down; never full below the goal.
      var eighths = Int((clamped * Double(cells * 8) + 1e-9).rounded(.down))
      if fraction < 1 { eighths = min(eighths, cells * 8 - 1) }
      let full = eighths / 8
      let rest = eighths % 8
      let fill: Character = asciiOnly ? "#" : "█"
      let empty: Character = asciiOnly ? "." : " "
      var text = String(repeating: fill, count: full)
      if full < cells {
        if rest > 0 && !asciiOnly {
          text.append(Self.eighthBlocks[rest])
        } else {
          text.append(empty)
        }
        text += String(repeating: empty, count: cells - full - 1)
      }
      return text
    case .line:
      var filled = Int((clamped * Double(cells) + 1e-9).rounded(.down))
      if fraction < 1 { filled = min(filled, cells - 1) }
      let fill = asciiOnly ? "=" : "━"
      let empty = asciiOnly ? "-" : "─"
      return String(repeating: fill, count: filled)
        + String(repeating: empty, count: cells - filled)
    }
  }

  private static let eighthBlocks: [Character] = [" ", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
}

/// A one-line chart of recent values (heart rate), scaled between their minimum and maximum.
///
/// Eight levels, `▁▂▃▄▅▆▇█` (ASCII `_.-:=+*#`); equal values draw at the fourth level.
public struct Sparkline: Sendable, Hashable {
  /// The values, oldest first; non-finite ones are dropped.
  public let values: [Double]
  /// Use ASCII only.
  public var asciiOnly: Bool

  /// Creates a sparkline of `values` (oldest first).
  public init(values: [Double], asciiOnly: Bool = false) {
    self.values = values.filter(\.isFinite)
    self.asciiOnly = asciiOnly
  }

  /// The last `width` values, one column each (shorter when there are fewer values; `""` for
  /// none or `width <= 0`).
  public func render(width: Int) -> String {
    guard width > 0 else { return "" }
    let shown = values.suffix(width)
    guard let low = shown.min(), let high = shown.max() else { return "" }
    let levels: [Character] = asciiOnly ? Array("_.-:=+*#") : Array("▁▂▃▄▅▆▇█")
    return String(
      shown.map { value in
        guard high > low else { return levels[3] }
        let index = Int(((value - low) / (high - low) * 7).rounded(.toNearestOrAwayFromZero))
        return levels[min(max(index, 0), 7)]
      })
  }
}
