/// Turns frames into escape codes, redrawing only the rows that changed.
///
/// After TermKit's double-buffered Unix driver (migueldeicaza/TermKit): the screen remembers the
/// previous frame and emits, for each changed row, a cursor move, the styled text and an
/// erase-to-end-of-line; rows that disappeared are erased. It returns strings and performs no
/// I/O, so it is tested without a terminal; the driver writes the result with ``writeAll(_:to:)``.
public struct ANSIScreen: Sendable {
  private var previous: [ScreenLine]?
  /// Whether colour (SGR 30–37) is emitted; bold and dim are kept without it (`NO_COLOR`).
  public var color: Bool

  /// Creates a screen with nothing drawn yet.
  public init(color: Bool = true) {
    self.color = color
    self.previous = nil
  }

  /// The sequence that starts full-screen drawing: alternate screen, hidden cursor, cleared.
  public func begin() -> String {
    EscapeSequence.enterAlternateScreen + EscapeSequence.hideCursor + EscapeSequence.clearScreen
  }

  /// The sequence that ends it: attributes reset, cursor shown, alternate screen left (the
  /// user's screen comes back as it was).
  public func end() -> String {
    EscapeSequence.emergencyReset
  }

  /// Forgets what is on screen so the next ``update(_:)`` redraws every row (after a resize,
  /// `SIGWINCH`, or after anything else wrote to the terminal); returns the clear-screen
  /// sequence to write first.
  public mutating func invalidate() -> String {
    previous = nil
    return EscapeSequence.clearScreen
  }

  /// The escape codes that turn the screen from the previous frame into `lines`.
  ///
  /// - Returns: `""` when nothing changed.
  public mutating func update(_ lines: [ScreenLine]) -> String {
    var output = ""
    let old = previous ?? []
    let full = previous == nil
    for (index, line) in lines.enumerated() where full || index >= old.count || old[index] != line {
      output += EscapeSequence.moveTo(row: index + 1, column: 1)
      output += styled(line) + EscapeSequence.clearToEndOfLine
    }
    if old.count > lines.count {
      for index in lines.count..<old.count {
        output += EscapeSequence.moveTo(row: index + 1, column: 1) + EscapeSequence.clearToEndOfLine
      }
    }
    previous = lines
    return output
  }

  /// One line with its spans as SGR sequences; attributes are reset after every styled span.
  func styled(_ line: ScreenLine) -> String {
    let characters = Array(line.text)
    var output = ""
    var column = 0
    for span in line.spans.sorted(by: { $0.column < $1.column }) {
      let start = min(max(span.column, column), characters.count)
      let end = min(max(span.column + span.length, start), characters.count)
      output += String(characters[column..<start])
      var attributes = span.attributes
      if !color { attributes.color = nil }
      if attributes != .plain && start < end {
        output += EscapeSequence.graphicRendition(attributes)
        output += String(characters[start..<end]) + EscapeSequence.resetAttributes
      } else {
        output += String(characters[start..<end])
      }
      column = end
    }
    output += String(characters[column...])
    return output
  }
}

/// Output without escape sequences, for `TERM=dumb`, pipes and files: one line per significant
/// change, append-only.
///
/// After SwiftPM's progress animations for dumb terminals and files and TermKit's `TTYDriver`
/// (swiftlang/swift-package-manager, migueldeicaza/TermKit). The driver passes a status line built
/// only from what matters (state, whole minutes of elapsed time, a new log line); the screen prints
/// it when it differs from the last one printed.
public struct PlainScreen: Sendable {
  private var last: String?

  /// Creates a screen that has printed nothing.
  public init() {
    self.last = nil
  }

  /// The text to write for `status`: the line and `"\n"`, or `""` when it equals the last one
  /// printed. Control characters in `status` (escape, carriage return, ...) become spaces.
  public mutating func update(_ status: String) -> String {
    let clean = String(status.map { $0.isASCII && ($0.asciiValue ?? 32) < 32 ? " " : $0 })
    guard clean != last else { return "" }
    last = clean
    return clean + "\n"
  }

  /// A whole frame as plain text, one line each, no escapes (`"\n"` after every line).
  public static func text(of lines: [ScreenLine]) -> String {
    lines.map { $0.text + "\n" }.joined()
  }
}
