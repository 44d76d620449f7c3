/// The single mapping from any thrown error to the text printed and the exit status
/// (style guide item 8, after swift-argument-parser's `MessageInfo`).
///
/// | error | stream | exit |
/// |---|---|---|
/// | ``CleanExit`` | standard output: its text | 0 |
/// | ``ExitCode`` | nothing | its value |
/// | ``UsageError`` | standard error: `Error: ...`, `Usage: ...`, `  See 'workout-sim ... --help' ...` | 64 |
/// | ``OutputError`` | standard error: `Error: cannot create 'f': reason` | 73 |
/// | ``InputError`` | standard error: `Error: cannot open 'f': reason` | 66 |
/// | ``DiagnosticError`` | standard error: `Error: ` + its text | its code |
/// | anything else | standard error: `Error: internal error: ...` | 70 |
///
/// Nothing but `main.swift` calls `exit`; commands throw and this mapper decides.
public struct DiagnosticMessage: Sendable, Equatable {
  /// Where ``text`` goes.
  public enum Stream: Sendable, Equatable {
    /// Standard output (help and version only).
    case standardOutput
    /// Standard error (every diagnostic).
    case standardError
  }

  /// The text to print, without a trailing newline; empty for nothing.
  public var text: String
  /// Where to print it.
  public var stream: Stream
  /// The exit status.
  public var exitCode: ExitCode

  /// Maps `error` to its message and exit status (see the table on ``DiagnosticMessage``).
  public init(error: any Error) {
    switch error {
    case let clean as CleanExit:
      self.init(text: clean.text, stream: .standardOutput, exitCode: .success)
    case let code as ExitCode:
      self.init(text: "", stream: .standardError, exitCode: code)
    case let usage as UsageError:
      let name = usage.command.map { "workout-sim \($0)" } ?? "workout-sim"
      let text = """
        Error: \(usage.message)
        Usage: \(HelpText.usage(for: usage.command))
          See '\(name) --help' for more information.
        """
      self.init(text: text, stream: .standardError, exitCode: .usage)
    case let output as OutputError:
      self.init(
        text: "Error: cannot create '\(output.path)': \(output.reason)", stream: .standardError,
        exitCode: .cannotCreate)
    case let input as InputError:
      self.init(
        text: "Error: cannot open '\(input.path)': \(input.reason)", stream: .standardError,
        exitCode: .noInput)
    case let diagnostic as any DiagnosticError:
      self.init(
        text: "Error: \(diagnostic.diagnosticText)", stream: .standardError,
        exitCode: diagnostic.diagnosticExitCode)
    default:
      self.init(
        text: "Error: internal error: \(String(describing: error))", stream: .standardError,
        exitCode: .internalError)
    }
  }

  /// Maps `error` as ``init(error:)`` does for a program other than `workout-sim` (the
  /// example's `fitness-tracker-phone`): a ``UsageError`` names `program` and its `usage` line
  /// (with the program's name), whatever its subcommand.
  package init(error: any Error, program: String, usage: String) {
    guard let usageError = error as? UsageError else {
      self.init(error: error)
      return
    }
    let text = """
      Error: \(usageError.message)
      Usage: \(usage)
        See '\(program) --help' for more information.
      """
    self.init(text: text, stream: .standardError, exitCode: .usage)
  }

  /// Creates a message directly.
  public init(text: String, stream: Stream, exitCode: ExitCode) {
    self.text = text
    self.stream = stream
    self.exitCode = exitCode
  }
}
