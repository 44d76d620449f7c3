/// A colour by meaning; the terminal layer picks the actual colour.
///
/// The ring colours follow Apple's Activity rings: Move red, Exercise green, and the Steps ring
/// in the Stand ring's blue (cyan on a terminal) (Apple doc:
/// https://developer.apple.com/documentation/watchkit/wkinterfaceactivityring).
public enum ColorRole: String, CaseIterable, Sendable, Hashable {
  /// The Move ring (red).
  case move
  /// The Exercise ring (green).
  case exercise
  /// The Steps ring (blue / cyan).
  case steps
  /// Heart rate (red).
  case heartRate
  /// Highlights: the selected item, the over-goal mark, the play state (yellow).
  case accent
  /// Warnings: crashed app, quit prompt (magenta).
  case alert
}

/// How a run of characters is drawn: bold, dim and an optional colour role.
public struct TextStyle: Sendable, Hashable {
  /// Bold (SGR 1).
  public var bold: Bool
  /// Dim (SGR 2).
  public var dim: Bool
  /// The colour role, or `nil` for the terminal's default colour.
  public var color: ColorRole?

  /// Creates a style; plain by default.
  public init(bold: Bool = false, dim: Bool = false, color: ColorRole? = nil) {
    self.bold = bold
    self.dim = dim
    self.color = color
  }

  /// No attributes.
  public static let plain = TextStyle()
  /// Bold only.
  public static let strong = TextStyle(bold: true)
  /// Dim only.
  public static let faint = TextStyle(dim: true)
}

/// A styled stretch of one line of a ``Frame``.
public struct StyleRun: Sendable, Hashable {
  /// Row index (0 = top).
  public var line: Int
  /// First column (0-based, in `Character`s).
  public var column: Int
  /// Number of columns (`Character`s).
  public var length: Int
  /// The style of these columns.
  public var style: TextStyle

  /// Creates a run of `length` columns from `column` on `line`.
  public init(line: Int, column: Int, length: Int, style: TextStyle) {
    self.line = line
    self.column = column
    self.length = length
    self.style = style
  }
}

/// A rendered screen: lines of plain text plus style runs, with no escape codes.
///
/// Columns are counted in `Character`s; every glyph the renderers use (box drawing, blocks,
/// `…`, `▲`, `♥`) is one terminal column wide. Lines carry no trailing spaces; the terminal layer
/// clears the rest of each row. Escape codes are added last, by `ANSIScreen` in
/// `WorkoutTerminal`.
public struct Frame: Sendable, Hashable {
  /// The lines, top to bottom, without trailing spaces or newlines.
  public var lines: [String]
  /// Style runs, sorted by line then column; unstyled text has none.
  public var runs: [StyleRun]

  /// Creates a frame from `lines` and `runs`.
  public init(lines: [String], runs: [StyleRun] = []) {
    self.lines = lines
    self.runs = runs
  }

  /// The lines joined with `"\n"` (no final newline): what a snapshot file holds.
  public var text: String { lines.joined(separator: "\n") }

  /// The runs on row `line`, in column order.
  public func runs(onLine line: Int) -> [StyleRun] {
    runs.filter { $0.line == line }
  }
}

/// Cuts `text` to at most `width` columns, ending with `…` when cut; empty when `width <= 0`.
package func truncate(_ text: String, to width: Int) -> String {
  guard width > 0 else { return "" }
  guard text.count > width else { return text }
  return String(text.prefix(width - 1)) + "…"
}

/// A character grid with per-cell styles, turned into a ``Frame`` at the end (shared with the
/// phone screens of the example's `fitness-tracker-phone`, FitnessTrackerPhone).
package struct Canvas {
  package let width: Int
  package let height: Int
  private var cells: [[Character]]
  private var styles: [[TextStyle]]

  package init(width: Int, height: Int) {
    self.width = max(width, 0)
    self.height = max(height, 0)
    cells = Array(repeating: Array(repeating: " ", count: self.width), count: self.height)
    styles = Array(repeating: Array(repeating: .plain, count: self.width), count: self.height)
  }

  /// Writes `text` at (`row`, `column`), clipped to the grid (no ellipsis).
  package mutating func put(_ text: String, row: Int, column: Int, style: TextStyle = .plain) {
    guard row >= 0, row < height else { return }
    var col = column
    for character in text {
      if col >= width { break }
      if col >= 0 {
        cells[row][col] = character
        styles[row][col] = style
      }
      col += 1
    }
  }

  /// Writes `text` cut with `…` to fit `limit` columns (and the grid).
  package mutating func put(
    _ text: String, row: Int, column: Int, limit: Int, style: TextStyle = .plain
  ) {
    put(truncate(text, to: min(limit, width - column)), row: row, column: column, style: style)
  }

  /// Copies `frame` with its styles so that its top-left corner lands at (`row`, `column`).
  package mutating func draw(_ frame: Frame, row: Int, column: Int) {
    for (index, line) in frame.lines.enumerated() {
      put(line, row: row + index, column: column)
    }
    for run in frame.runs {
      let r = row + run.line
      guard r >= 0, r < height else { continue }
      for c in (column + run.column)..<(column + run.column + run.length) where c >= 0 && c < width
      {
        styles[r][c] = run.style
      }
    }
  }

  /// The frame: trailing spaces removed, runs merged per line.
  package func frame() -> Frame {
    var lines: [String] = []
    var runs: [StyleRun] = []
    for row in 0..<height {
      var end = width
      while end > 0, cells[row][end - 1] == " ", styles[row][end - 1] == .plain { end -= 1 }
      lines.append(String(cells[row][0..<end]))
      var col = 0
      while col < end {
        let style = styles[row][col]
        var next = col + 1
        while next < end, styles[row][next] == style { next += 1 }
        if style != .plain {
          runs.append(StyleRun(line: row, column: col, length: next - col, style: style))
        }
        col = next
      }
    }
    return Frame(lines: lines, runs: runs)
  }
}
