import Foundation
import Synchronization
import WorkoutJSON
import WorkoutScenario
import WorkoutSimulation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Everything the commands touch outside themselves: the output streams, the terminal, the files
/// they read, and the functions that decode and run scenarios. The integrator wires the runner in here; tests pass
/// closures that capture output and return fixed results.
public struct CLIEnvironment: Sendable {
  /// Writes text to standard output as it is (callers add newlines).
  public var writeStandardOutput: @Sendable (String) -> Void
  /// Writes text to standard error as it is (callers add newlines).
  public var writeStandardError: @Sendable (String) -> Void
  /// Writes bytes to standard output as they are (the `--json` document, without a copy into a
  /// `String`); `nil` sends them through ``writeStandardOutput`` as UTF-8 text.
  public var writeStandardOutputBytes: (@Sendable ([UInt8]) -> Void)?
  /// Whether standard input is a terminal (`isatty(0)`).
  public var standardInputIsTerminal: Bool
  /// Whether standard output is a terminal (`isatty(1)`).
  public var standardOutputIsTerminal: Bool
  /// Whether standard error is a terminal (`isatty(2)`).
  public var standardErrorIsTerminal: Bool
  /// The process environment (`NO_COLOR`, `TERM`, `COLUMNS`).
  public var variables: [String: String]
  /// The `errno` of the first write to standard output that failed (`ENOSPC` on a full disk or
  /// `/dev/full`, `EBADF` when it is closed), or `nil` when every write succeeded; read after
  /// the command, which then exits 74 (docs/command-line.md#exit-codes). The default reads what
  /// ``writeToStandardOutput(_:)`` and ``writeBytesToStandardOutput(_:)`` recorded.
  public var standardOutputFailure: @Sendable () -> Int32?

  /// `run`, headless: decodes the scenario (``RunOptions/scenarioPath``, or the built-in one),
  /// applies the overrides (`--type`, `--seed`, `--until`, `--keys`, `--samples`), runs it on
  /// virtual time and returns the typed run result (encoded only for `--json`,
  /// docs/run-result.md).
  ///
  /// Must throw a data error (65) for a `.gpx` export of a course without positions before
  /// running. Errors thrown should conform to ``DiagnosticError`` (others map to 70).
  public var runScenario: @Sendable (RunOptions) throws -> RunResult
  /// `run`, interactive: drives the terminal watch face; `nil` until wired (then `run` is always
  /// headless). Returns the exit status (129/130/143 after a signal, once the terminal is
  /// restored).
  public var runInteractive: (@Sendable (RunOptions, CLIEnvironment) throws -> ExitCode)?
  /// `run --export`: the bytes of one file per finished record of `result`, in record order, in
  /// `format`. The default, ``defaultExportRecords(result:format:)``, is the typed exporters'
  /// (``RunResult/exportRecords(as:)``).
  public var exportRecords:
    @Sendable (_ result: RunResult, _ format: ExportFormat) throws -> [[UInt8]]
  /// `validate`: decodes and validates the scenario file at the URL without running it.
  ///
  /// - Throws: A ``DiagnosticError`` naming the file (65 for a data error, 66 when the file
  ///   cannot be opened).
  public var validateScenario: @Sendable (URL) throws -> Void
  /// `check`: decodes the scenario at the URL, runs it headless with no overrides, and returns
  /// its name, its `expect` list and the run result.
  ///
  /// - Throws: As ``validateScenario``; the file then counts as failed.
  public var checkScenario: @Sendable (URL) throws -> CheckSubject
  /// The files the scenario at a path reads besides itself (the recording its course replays,
  /// as the simulation resolves it), for ``OutputPlan``; empty when there are none or the file
  /// does not decode (the run reports that). The default returns none.
  public var scenarioInputs: @Sendable (String) -> [OutputPlan.Input]
  /// The most records a run of the scenario at a path (`nil`: the built-in one) can save: one
  /// for its first session and one per `newSession` action; 1 when it does not decode (the run
  /// reports that). For the `-2`, `-3`, ... export names checked before the run. The default
  /// returns 1.
  public var scenarioRecordLimit: @Sendable (String?) -> Int
  /// The files the commands read, each once (``InputFiles``): `replay` and `report` resolve
  /// their runs through it (``resolve(_:)``), and the live environment's `run` does too. The
  /// default reads the real files.
  public var inputFiles: InputFiles
  /// How a command this tool prints for the user to copy starts (explore's `check` hint):
  /// `workout-sim` by default; ``commandName(programPath:currentDirectory:)`` of the live
  /// program.
  public var commandName = "workout-sim"

  /// The ``commandName`` for a program started as `programPath` (`CommandLine.arguments[0]`)
  /// in `currentDirectory` (where the command the user copies will run), so that the command
  /// works as copied there (docs/command-line.md#explore):
  /// - a program in the SwiftPM build folder of the package in `currentDirectory` (a path with a
  ///   `.build` component: `swift run workout-sim` and `.build/debug/workout-sim` from the
  ///   package's folder both start it so): `swift run workout-sim`, the same bytes on every
  ///   machine;
  /// - a program in another package's build folder (`../workout-sim/.build/debug/workout-sim`
  ///   run from a folder of scenarios, where `swift run` finds no Package.swift or another
  ///   package): the path as it was started, quoted for a POSIX shell when it holds other
  ///   characters than letters, digits and `/._+-@%=:,`;
  /// - anything else (the name on the PATH, an installed copy): `workout-sim`.
  public static func commandName(
    programPath: String, currentDirectory: String = FileManager.default.currentDirectoryPath
  ) -> String {
    let parts = programPath.split(separator: "/", omittingEmptySubsequences: false)
    guard let build = parts.firstIndex(of: ".build") else { return "workout-sim" }
    let folder = parts[..<build].joined(separator: "/")
    let package =
      programPath.hasPrefix("/")
      ? folder : currentDirectory + (folder.isEmpty ? "" : "/" + folder)
    func canonical(_ path: String) -> String {
      URL(fileURLWithPath: path.isEmpty ? "/" : path).standardizedFileURL
        .resolvingSymlinksInPath().path
    }
    if canonical(package) == canonical(currentDirectory) { return "swift run workout-sim" }
    let plain = programPath.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        || "/._+-@%=:,".unicodeScalars.contains($0)
    }
    return plain
      ? programPath : "'" + programPath.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// Creates an environment; every closure defaults to one that throws
  /// ``NotWiredError`` (exit 70), and the streams default to the process's.
  public init(
    writeStandardOutput: @escaping @Sendable (String) -> Void = { writeToStandardOutput($0) },
    writeStandardError: @escaping @Sendable (String) -> Void = { writeToStandardError($0) },
    writeStandardOutputBytes: (@Sendable ([UInt8]) -> Void)? = nil,
    standardInputIsTerminal: Bool = isatty(0) == 1,
    standardOutputIsTerminal: Bool = isatty(1) == 1,
    standardErrorIsTerminal: Bool = isatty(2) == 1,
    variables: [String: String] = ProcessInfo.processInfo.environment,
    standardOutputFailure: @escaping @Sendable () -> Int32? = { recordedStandardOutputFailure() },
    runScenario: @escaping @Sendable (RunOptions) throws -> RunResult = { _ in
      throw NotWiredError(function: "runScenario")
    },
    runInteractive: (@Sendable (RunOptions, CLIEnvironment) throws -> ExitCode)? = nil,
    exportRecords: @escaping @Sendable (RunResult, ExportFormat) throws -> [[UInt8]] =
      defaultExportRecords(result:format:),
    validateScenario: @escaping @Sendable (URL) throws -> Void = { _ in
      throw NotWiredError(function: "validateScenario")
    },
    checkScenario: @escaping @Sendable (URL) throws -> CheckSubject = { _ in
      throw NotWiredError(function: "checkScenario")
    },
    scenarioInputs: @escaping @Sendable (String) -> [OutputPlan.Input] = { _ in [] },
    scenarioRecordLimit: @escaping @Sendable (String?) -> Int = { _ in 1 },
    inputFiles: InputFiles = InputFiles()
  ) {
    self.writeStandardOutput = writeStandardOutput
    self.writeStandardError = writeStandardError
    self.writeStandardOutputBytes = writeStandardOutputBytes
    self.standardInputIsTerminal = standardInputIsTerminal
    self.standardOutputIsTerminal = standardOutputIsTerminal
    self.standardErrorIsTerminal = standardErrorIsTerminal
    self.variables = variables
    self.standardOutputFailure = standardOutputFailure
    self.runScenario = runScenario
    self.runInteractive = runInteractive
    self.exportRecords = exportRecords
    self.validateScenario = validateScenario
    self.checkScenario = checkScenario
    self.scenarioInputs = scenarioInputs
    self.scenarioRecordLimit = scenarioRecordLimit
    self.inputFiles = inputFiles
  }

  /// Resolves `request` once through ``inputFiles`` (``RunInput``): the one way `run`, `replay`
  /// and `report` turn their inputs into a run.
  ///
  /// - Throws: As ``RunInput/init(resolving:files:)``.
  public func resolve(_ request: RunRequest) throws -> RunInput {
    try RunInput(resolving: request, files: inputFiles)
  }

  /// Writes `bytes` to standard output: through ``writeStandardOutputBytes`` when set, else as
  /// text through ``writeStandardOutput``.
  public func writeStandardOutput(bytes: [UInt8]) {
    if let writeStandardOutputBytes {
      writeStandardOutputBytes(bytes)
    } else {
      writeStandardOutput(String(decoding: bytes, as: UTF8.self))
    }
  }

  /// Whether colour may be written to standard output: it is a terminal, `NO_COLOR` is unset
  /// (https://no-color.org) and `TERM` is not `dumb` (docs/command-line.md#streams-and-colour).
  public var colorEnabled: Bool {
    standardOutputIsTerminal && variables["NO_COLOR"] == nil && variables["TERM"] != "dumb"
  }
}

/// What `check` needs from one scenario file: its name, its checks and its run result.
public struct CheckSubject: Sendable, Equatable {
  /// The scenario's `name`.
  public var scenarioName: String
  /// The scenario's `expect` list, in file order.
  public var checks: [Check]
  /// The run result document (docs/run-result.md), read back from its encoded bytes: the
  /// JSON that `check`'s paths address.
  public var result: JSONValue

  /// Creates a subject.
  public init(scenarioName: String, checks: [Check], result: JSONValue) {
    self.scenarioName = scenarioName
    self.checks = checks
    self.result = result
  }
}

/// A function of ``CLIEnvironment`` that has not been wired to the runner yet: exit 70.
public struct NotWiredError: DiagnosticError, Equatable {
  /// The closure's name (`runScenario`).
  public var function: String

  /// Creates the error.
  public init(function: String) {
    self.function = function
  }

  /// `internal error: CLIEnvironment.runScenario is not wired to the simulation yet`.
  public var diagnosticText: String {
    "internal error: CLIEnvironment.\(function) is not wired to the simulation yet"
  }

  /// 70.
  public var diagnosticExitCode: ExitCode { .internalError }
}

/// The default ``CLIEnvironment/exportRecords``: one file per record of `result` in `format`,
/// written by the typed exporters (``RunResult/exportRecords(as:)``).
///
/// - Throws: ``ExportFailure`` (65) for a `.gpx` export of a record without a route.
@Sendable public func defaultExportRecords(result: RunResult, format: ExportFormat) throws
  -> [[UInt8]]
{
  do {
    return try result.exportRecords(as: format)
  } catch {
    throw ExportFailure(format: format, error: error)
  }
}

/// The `errno` of the first failed write to the process's standard output (0: none yet).
private let standardOutputErrno = Atomic<Int32>(0)

/// The `errno` of the first write to the process's standard output that failed, or `nil` (the
/// default ``CLIEnvironment/standardOutputFailure``).
@Sendable public func recordedStandardOutputFailure() -> Int32? {
  let value = standardOutputErrno.load(ordering: .acquiring)
  return value == 0 ? nil : value
}

/// Writes all of `bytes` to file descriptor `descriptor` with `write(2)`, retrying after
/// partial writes and `EINTR`.
///
/// - Returns: `nil` when every byte was written, else the `errno` of the failed write.
private func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
  guard let base = bytes.baseAddress else { return nil }
  var offset = 0
  while offset < bytes.count {
    let written = write(descriptor, base + offset, bytes.count - offset)
    if written > 0 {
      offset += written
    } else if written < 0 && errno == EINTR {
      continue
    } else {
      return written < 0 ? errno : EIO
    }
  }
  return nil
}

/// Writes `bytes` to standard output unless an earlier write failed; records the first
/// failure's `errno` (``recordedStandardOutputFailure()``) and writes nothing after it, so the
/// output stops at the failure rather than going on with a gap.
private func writeToStandardOutputRecording(_ bytes: UnsafeRawBufferPointer) {
  guard standardOutputErrno.load(ordering: .acquiring) == 0 else { return }
  if let failure = writeAll(bytes, to: 1) {
    _ = standardOutputErrno.compareExchange(
      expected: 0, desired: failure, ordering: .acquiringAndReleasing)
  }
}

/// Writes `text` to the process's standard output as UTF-8 (the default
/// ``CLIEnvironment/writeStandardOutput``); a failure is recorded, not thrown
/// (``recordedStandardOutputFailure()``): the command then exits 74.
@Sendable public func writeToStandardOutput(_ text: String) {
  var text = text
  text.withUTF8 { writeToStandardOutputRecording(UnsafeRawBufferPointer($0)) }
}

/// Writes `bytes` to the process's standard output (file descriptor 1) with `write(2)`,
/// retrying after partial writes and `EINTR`; a failure is recorded, not thrown, as in
/// ``writeToStandardOutput(_:)``.
@Sendable public func writeBytesToStandardOutput(_ bytes: [UInt8]) {
  bytes.withUnsafeBytes { writeToStandardOutputRecording($0) }
}

/// Writes `text` to the process's standard error as UTF-8 (the default
/// ``CLIEnvironment/writeStandardError``); a failure is ignored (there is nowhere left to
/// report it).
@Sendable public func writeToStandardError(_ text: String) {
  var text = text
  _ = text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: 2) }
}
