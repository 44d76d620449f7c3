import WorkoutWatch

/// The three activity rings drawn as concentric text rings, with a legend of percentages.
///
/// Outer Move (``ColorRole/move``), middle Exercise (``ColorRole/exercise``), inner Steps
/// (``ColorRole/steps``), as Apple draws Move, Exercise and Stand from the outside in (Apple doc:
/// https://developer.apple.com/design/human-interface-guidelines/activity-rings). Each ring is a
/// rectangle whose border fills clockwise from the top centre in proportion to its fraction (full
/// at 100 %); filled cells are heavy lines, the rest light dim lines (ASCII `=`/`H` and `-`/`|`).
/// The legend gives name, percentage (with `▲` above the goal) and amount against goal; the
/// percentage, the mark and the fill follow the amount as written (rounded down,
/// `Format.shownFraction(_:of:)`).
public struct ActivityRingsView: Sendable, Hashable {
  /// The rings model.
  public let rings: ActivityRings
  /// ASCII only.
  public var asciiOnly: Bool

  /// Creates the view of `rings`.
  public init(rings: ActivityRings, asciiOnly: Bool = false) {
    self.rings = rings
    self.asciiOnly = asciiOnly
  }

  /// Rows the view takes: 7.
  public static let height = 7
  /// Columns of the ring drawing alone: 15.
  public static let ringsWidth = 15

  /// Renders the rings and, when `width` allows, the legend to their right (two columns apart).
  ///
  /// - Parameter width: columns available; below ``ringsWidth`` only the legend is drawn.
  /// - Returns: ``height`` lines.
  public func render(width: Int) -> Frame {
    var canvas = Canvas(width: width, height: Self.height)
    let legendColumn: Int
    if width >= Self.ringsWidth {
      drawRing(&canvas, .move, top: 0, left: 0, height: 7, width: 15)
      drawRing(&canvas, .exercise, top: 1, left: 2, height: 5, width: 11)
      drawRing(&canvas, .steps, top: 2, left: 4, height: 3, width: 7)
      legendColumn = Self.ringsWidth + 2
    } else {
      legendColumn = 0
    }
    for (offset, ring) in ActivityRing.allCases.enumerated() {
      canvas.put(
        legend(ring), row: 2 + offset, column: legendColumn, limit: width - legendColumn,
        style: TextStyle(color: Self.color(ring)))
    }
    return canvas.frame()
  }

  /// The fraction of `ring` the view shows: its amount as the legend writes it over the goal
  /// (``Format/shownFraction(_:of:)``), for the percentage, the mark and the fill alike.
  func shownFraction(_ ring: ActivityRing) -> Double {
    let (value, goal) = rings.amounts(ring)
    return Format.shownFraction(value, of: goal)
  }

  /// One legend line: `Move      74%  370/500 kcal`.
  func legend(_ ring: ActivityRing) -> String {
    let fraction = shownFraction(ring)
    let (value, goal) = rings.amounts(ring)
    let name: String
    let unit: String
    switch ring {
    case .move: (name, unit) = ("Move", " kcal")
    case .exercise: (name, unit) = ("Exercise", " min")
    case .steps: (name, unit) = ("Steps", "")
    }
    let number = "\(LinearGauge.percent(of: fraction))%"
    let mark = fraction > 1 ? (asciiOnly ? "^" : "▲") : " "
    let padded = String(repeating: " ", count: max(4 - number.count, 0)) + number
    let amount = Format.amount(value) + "/" + Format.whole(goal) + unit
    return name + String(repeating: " ", count: 9 - name.count) + mark + padded + "  " + amount
  }

  static func color(_ ring: ActivityRing) -> ColorRole {
    switch ring {
    case .move: .move
    case .exercise: .exercise
    case .steps: .steps
    }
  }

  private func drawRing(
    _ canvas: inout Canvas, _ ring: ActivityRing, top: Int, left: Int, height: Int, width: Int
  ) {
    let cells = Self.perimeter(top: top, left: left, height: height, width: width)
    let fraction = shownFraction(ring)
    var filled = Int((min(fraction, 1) * Double(cells.count) + 1e-9).rounded(.down))
    if fraction < 1 { filled = min(filled, cells.count - 1) }
    let bottom = top + height - 1
    let right = left + width - 1
    for (index, cell) in cells.enumerated() {
      let on = index < filled
      let glyph: String
      let vertical = cell.column == left || cell.column == right
      let horizontal = cell.row == top || cell.row == bottom
      if asciiOnly {
        glyph = vertical && horizontal ? "+" : vertical ? (on ? "H" : "|") : (on ? "=" : "-")
      } else {
        switch (cell.row, cell.column) {
        case (top, left): glyph = on ? "┏" : "┌"
        case (top, right): glyph = on ? "┓" : "┐"
        case (bottom, left): glyph = on ? "┗" : "└"
        case (bottom, right): glyph = on ? "┛" : "┘"
        default: glyph = vertical ? (on ? "┃" : "│") : (on ? "━" : "─")
        }
      }
      canvas.put(
        glyph, row: cell.row, column: cell.column,
        style: on ? TextStyle(bold: true, color: Self.color(ring)) : .faint)
    }
  }

  /// The border cells of a rectangle, clockwise from the top centre.
  static func perimeter(top: Int, left: Int, height: Int, width: Int) -> [(row: Int, column: Int)] {
    let bottom = top + height - 1
    let right = left + width - 1
    let centre = left + width / 2
    var cells: [(row: Int, column: Int)] = []
    for column in centre...right { cells.append((top, column)) }
    for row in (top + 1)...bottom { cells.append((row, right)) }
    for column in stride(from: right - 1, through: left, by: -1) { cells.append((bottom, column)) }
    for row in stride(from: bottom - 1, through: top, by: -1) { cells.append((row, left)) }
    for column in (left + 1)..<centre { cells.append((top, column)) }
    return cells
  }
}
