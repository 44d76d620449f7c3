/// The ANSI / ECMA-48 escape sequences the screens use, in one namespace (after SwiftTUI's
/// `EscapeSequence`, rensbreur/SwiftTUI). Rows and columns are 1-based, as the terminal counts.
public enum EscapeSequence {
  /// Control Sequence Introducer, `ESC [`.
  public static let csi = "\u{1B}["
  /// Hide the cursor (DECTCEM off).
  public static let hideCursor = csi + "?25l"
  /// Show the cursor (DECTCEM on).
  public static let showCursor = csi + "?25h"
  /// Switch to the alternate screen buffer (xterm 1049, saves the cursor).
  public static let enterAlternateScreen = csi + "?1049h"
  /// Leave the alternate screen buffer (xterm 1049, restores the cursor).
  public static let leaveAlternateScreen = csi + "?1049l"
  /// Erase the whole display.
  public static let clearScreen = csi + "2J"
  /// Erase from the cursor to the end of the line.
  public static let clearToEndOfLine = csi + "K"
  /// Reset all attributes (SGR 0).
  public static let resetAttributes = csi + "0m"
  /// What to write when leaving in a hurry (signal paths): reset attributes, show the cursor,
  /// leave the alternate screen.
  public static let emergencyReset = resetAttributes + showCursor + leaveAlternateScreen

  /// Moves the cursor to `row`, `column` (1-based; smaller values count as 1).
  public static func moveTo(row: Int, column: Int) -> String {
    csi + "\(max(row, 1));\(max(column, 1))H"
  }

  /// Select Graphic Rendition for `attributes`, starting from a reset: `ESC [ 0 ; 1 ; 31 m`.
  public static func graphicRendition(_ attributes: ScreenAttributes) -> String {
    var codes = ["0"]
    if attributes.bold { codes.append("1") }
    if attributes.dim { codes.append("2") }
    if let color = attributes.color { codes.append(String(color.foregroundCode)) }
    return csi + codes.joined(separator: ";") + "m"
  }
}

/// The eight basic terminal colours (SGR 30–37 for the foreground).
public enum TerminalColor: Int, CaseIterable, Sendable, Hashable {
  /// Black (30).
  case black = 0
  /// Red (31).
  case red
  /// Green (32).
  case green
  /// Yellow (33).
  case yellow
  /// Blue (34).
  case blue
  /// Magenta (35).
  case magenta
  /// Cyan (36).
  case cyan
  /// White (37).
  case white

  /// The SGR foreground code, 30...37.
  public var foregroundCode: Int { 30 + rawValue }
}

/// Attributes of a stretch of text on screen.
public struct ScreenAttributes: Sendable, Hashable {
  /// Bold.
  public var bold: Bool
  /// Dim.
  public var dim: Bool
  /// Foreground colour, or `nil` for the default.
  public var color: TerminalColor?

  /// Creates attributes; plain by default.
  public init(bold: Bool = false, dim: Bool = false, color: TerminalColor? = nil) {
    self.bold = bold
    self.dim = dim
    self.color = color
  }

  /// No attributes.
  public static let plain = ScreenAttributes()
}

/// One styled stretch of a ``ScreenLine``.
public struct ScreenSpan: Sendable, Hashable {
  /// First column, 0-based, in `Character`s.
  public var column: Int
  /// Number of columns.
  public var length: Int
  /// The attributes.
  public var attributes: ScreenAttributes

  /// Creates a span.
  public init(column: Int, length: Int, attributes: ScreenAttributes) {
    self.column = column
    self.length = length
    self.attributes = attributes
  }
}

/// One row of a frame as the terminal layer sees it: plain text plus styled spans.
///
/// `WorkoutTerminal` depends on nothing else in the package, so the driver maps a rendered
/// `Frame` (lines and style runs) to `[ScreenLine]` (a colour role to a ``TerminalColor``).
public struct ScreenLine: Sendable, Hashable {
  /// The text, one column per `Character`, no control characters.
  public var text: String
  /// Styled spans, non-overlapping, in column order.
  public var spans: [ScreenSpan]

  /// Creates a line.
  public init(_ text: String, spans: [ScreenSpan] = []) {
    self.text = text
    self.spans = spans
  }
}
