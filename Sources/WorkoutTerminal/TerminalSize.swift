#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal's size in character cells.
public struct TerminalSize: Sendable, Hashable {
  /// Columns.
  public var columns: Int
  /// Rows.
  public var rows: Int

  /// Creates a size.
  public init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }

  /// The fallback when nothing else answers: 80 x 24.
  public static let fallback = TerminalSize(columns: 80, rows: 24)

  /// The size of the terminal on `fd`: the `TIOCGWINSZ` ioctl, then the `COLUMNS` and `LINES`
  /// environment variables, then 80 x 24 (each dimension on its own; zero or unparsable values
  /// fall through).
  ///
  /// - Parameters:
  ///   - fd: the descriptor to ask (standard output by default).
  ///   - environment: the environment to read `COLUMNS`/`LINES` from; `nil` reads the process's
  ///     own with `getenv`.
  public static func current(fd: Int32 = STDOUT_FILENO, environment: [String: String]? = nil)
    -> TerminalSize
  {
    var size = winsize()
    let fromIoctl: (columns: Int, rows: Int)? =
      ioctl(fd, UInt(TIOCGWINSZ), &size) == 0
      ? (Int(size.ws_col), Int(size.ws_row)) : nil
    let lookup: (String) -> String? = { name in
      if let environment { return environment[name] }
      return getenv(name).map { String(cString: $0) }
    }
    return resolve(ioctl: fromIoctl, columns: lookup("COLUMNS"), lines: lookup("LINES"))
  }

  /// The resolution rule of ``current(fd:environment:)`` as a pure function.
  ///
  /// - Parameters:
  ///   - ioctl: what `TIOCGWINSZ` returned, or `nil` if it failed.
  ///   - columns: `COLUMNS`, if set.
  ///   - lines: `LINES`, if set.
  public static func resolve(
    ioctl: (columns: Int, rows: Int)?, columns: String?, lines: String?
  ) -> TerminalSize {
    func pick(_ measured: Int?, _ variable: String?, _ fallback: Int) -> Int {
      if let measured, measured > 0 { return measured }
      if let variable, let value = Int(variable.trimmingSpaces()), value > 0 { return value }
      return fallback
    }
    return TerminalSize(
      columns: pick(ioctl?.columns, columns, fallback.columns),
      rows: pick(ioctl?.rows, lines, fallback.rows))
  }
}

extension String {
  fileprivate func trimmingSpaces() -> Substring {
    let trimmed = drop(while: { $0 == " " })
    return trimmed.prefix(while: { $0 != " " })
  }
}
