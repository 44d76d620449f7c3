import Foundation

/// The user typed something wrong on the command line: exit 64 (`EX_USAGE`).
///
/// Printed by ``DiagnosticMessage`` as an `Error:` line, a `Usage:` line for the command and a
/// pointer to its `--help`.
public struct UsageError: Error, Sendable, Equatable {
  /// What is wrong, one sentence without the `Error:` prefix
  /// (`Unknown option '--sed'. Did you mean '--seed'?`).
  public var message: String
  /// The subcommand the error belongs to (`"run"`), or `nil` for the tool itself; selects the
  /// `Usage:` line and the help pointer.
  public var command: String?

  /// Creates a usage error.
  public init(_ message: String, command: String? = nil) {
    self.message = message
    self.command = command
  }
}

/// An informational early exit with status 0: help or version text for standard output.
public struct CleanExit: Error, Sendable, Equatable {
  /// The text to print on standard output (without a trailing newline).
  public var text: String

  /// Creates a clean exit that prints `text`.
  public init(text: String) {
    self.text = text
  }
}

/// An output file that cannot be created or written: exit 73 (`EX_CANTCREAT`).
public struct OutputError: Error, Sendable, Equatable {
  /// The file that could not be written, as given on the command line.
  public var path: String
  /// Why, from the system (`strerror(errno)`: `No such file or directory`).
  public var reason: String

  /// Creates an output error for `path`.
  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }
}

/// An input file or folder that cannot be opened or listed: exit 66 (`EX_NOINPUT`).
public struct InputError: Error, Sendable, Equatable {
  /// The file or folder, as given on the command line.
  public var path: String
  /// Why (`No such file or directory`, `contains no .json files`).
  public var reason: String

  /// Creates an input error for `path`.
  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }
}

/// An error that knows its own diagnostic text and exit status.
///
/// Other modules' errors join the single mapper by conforming here (for example
/// `extension ScenarioError: DiagnosticError` with `exitCode` 65 or 66 and a message that names
/// the file, the JSON path or line and column).
public protocol DiagnosticError: Error {
  /// The complete message for standard error, naming the file, without an `Error:` prefix.
  var diagnosticText: String { get }
  /// The exit status this error ends the process with.
  var diagnosticExitCode: ExitCode { get }
}

/// Standard output could not be written: exit 74 (`EX_IOERR`). What was written before the
/// failure stays; nothing after it is written.
public struct StandardOutputError: DiagnosticError, Sendable, Equatable {
  /// The failed write's `errno` (`ENOSPC` = 28 on a full disk or `/dev/full`).
  public var errno: Int32

  /// Creates the error.
  public init(errno: Int32) {
    self.errno = errno
  }

  /// `standard output: cannot write: No space left on device (errno 28); the output is
  /// incomplete: send it to a file system with room, a pipe or a terminal`.
  public var diagnosticText: String {
    "standard output: cannot write: \(String(cString: strerror(errno))) (errno \(errno)); the "
      + "output is incomplete: send it to a file system with room, a pipe or a terminal"
  }

  /// 74.
  public var diagnosticExitCode: ExitCode { .ioError }
}
