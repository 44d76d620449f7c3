/// The process exit statuses of `workout-sim` (docs/command-line.md#exit-codes; BSD `sysexits.h`
/// where one fits, `128 + signal` for signals).
///
/// Also usable as an error: throwing an ``ExitCode`` ends the command with that status and no
/// message (``DiagnosticMessage`` maps it to empty text).
public enum ExitCode: Int32, Error, Sendable, Equatable, CaseIterable {
  /// 0: success (a run whose session stayed open also exits 0, with a warning).
  case success = 0
  /// 1: `check`: at least one expectation failed.
  case checkFailed = 1
  /// 64, `EX_USAGE`: unknown subcommand or flag, missing or bad flag value.
  case usage = 64
  /// 65, `EX_DATAERR`: a scenario or input file that does not decode or validate.
  case dataError = 65
  /// 66, `EX_NOINPUT`: an input file that cannot be opened.
  case noInput = 66
  /// 70, `EX_SOFTWARE`: internal error (a bug).
  case internalError = 70
  /// 73, `EX_CANTCREAT`: an output file that cannot be created.
  case cannotCreate = 73
  /// 74, `EX_IOERR`: standard output could not be written (a full disk, `/dev/full`, a closed
  /// descriptor); the output is incomplete.
  case ioError = 74
  /// 129: ended by SIGHUP (128 + 1), after the terminal is restored.
  case hangup = 129
  /// 130: ended by SIGINT (128 + 2), after the terminal is restored.
  case interrupt = 130
  /// 143: ended by SIGTERM (128 + 15), after the terminal is restored.
  case terminate = 143
}
