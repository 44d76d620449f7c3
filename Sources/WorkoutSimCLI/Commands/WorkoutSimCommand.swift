import WorkoutScenario

/// The `workout-sim` tool: picks the subcommand, parses, validates and runs it, and maps every
/// error to a message and an exit status in one place (``DiagnosticMessage``).
public enum WorkoutSimCommand {
  /// The parsed command line.
  public enum Parsed: Sendable, Equatable {
    /// `workout-sim run ...`.
    case run(RunCommand)
    /// `workout-sim replay ...`.
    case replay(ReplayCommand)
    /// `workout-sim check ...`.
    case check(CheckCommand)
    /// `workout-sim explore ...`.
    case explore(ExploreCommand)
    /// `workout-sim validate ...`.
    case validate(ValidateCommand)
    /// `workout-sim complication ...`.
    case complication(ComplicationCommand)
    /// `workout-sim report ...`.
    case report(ReportCommand)
    /// `workout-sim calibrate ...`.
    case calibrate(CalibrateCommand)

    /// The subcommand as its protocol.
    public var command: any WorkoutSimSubcommand {
      switch self {
      case .run(let command): command
      case .replay(let command): command
      case .check(let command): command
      case .explore(let command): command
      case .validate(let command): command
      case .complication(let command): command
      case .report(let command): command
      case .calibrate(let command): command
      }
    }
  }

  /// Runs the tool and returns the exit status; never exits the process itself.
  ///
  /// Help and `--version` print to standard output and return 0; every diagnostic goes to
  /// standard error (docs/command-line.md#streams-and-colour).
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the program name (`CommandLine.arguments.dropFirst()`).
  ///   - environment: Streams, terminal state and the wired runner.
  /// - Returns: The exit status for `exit(_:)`.
  public static func main(arguments: [String], environment: CLIEnvironment) -> Int32 {
    main(environment: environment, message: DiagnosticMessage.init(error:)) {
      let parsed = try parse(arguments)
      try parsed.command.validate()
      return try parsed.command.run(in: environment)
    }
  }

  /// Runs `body` as a program's command and returns the exit status: what it throws is mapped
  /// by `message` (help to standard output, diagnostics to standard error), and a failed write
  /// to standard output then exits 74. `workout-sim`'s ``main(arguments:environment:)``, and
  /// the example's `fitness-tracker-phone` with its own name in `message`.
  package static func main(
    environment: CLIEnvironment, message: (any Error) -> DiagnosticMessage,
    _ body: () throws -> ExitCode
  ) -> Int32 {
    let status = run(environment: environment, message: message, body)
    // Output that could not be written is incomplete: 74 (`EX_IOERR`), unless the command
    // already failed with its own status (its message says why).
    guard let failure = environment.standardOutputFailure(),
      status == ExitCode.success.rawValue || status == ExitCode.checkFailed.rawValue
    else { return status }
    let failed = DiagnosticMessage(error: StandardOutputError(errno: failure))
    environment.writeStandardError(failed.text + "\n")
    return failed.exitCode.rawValue
  }

  /// ``main(environment:message:_:)`` before the check of standard output.
  private static func run(
    environment: CLIEnvironment, message: (any Error) -> DiagnosticMessage,
    _ body: () throws -> ExitCode
  ) -> Int32 {
    do {
      return try body().rawValue
    } catch {
      let diagnostic = message(error)
      if !diagnostic.text.isEmpty {
        switch diagnostic.stream {
        case .standardOutput: environment.writeStandardOutput(diagnostic.text + "\n")
        case .standardError: environment.writeStandardError(diagnostic.text + "\n")
        }
      }
      return diagnostic.exitCode.rawValue
    }
  }

  /// Parses a command line (without the program name).
  ///
  /// No arguments, `-h`, `--help` and `help` give the tool's help; `help SUBCOMMAND` and
  /// `SUBCOMMAND --help` give that subcommand's; `--version` gives `workout-sim 0.1.0`.
  ///
  /// - Throws: ``CleanExit`` for help and version; ``UsageError`` for an unknown subcommand or
  ///   flag, a missing or bad value, or a subcommand that moved out of the tool (`phone`, now
  ///   the example's `fitness-tracker-phone`: the message says where it went).
  public static func parse(_ arguments: [String]) throws -> Parsed {
    guard let first = arguments.first else { throw CleanExit(text: HelpText.tool) }
    let rest = Array(arguments.dropFirst())
    switch first {
    case "-h", "--help": throw CleanExit(text: HelpText.tool)
    case "--version": throw CleanExit(text: HelpText.version)
    case "help":
      guard let name = rest.first else { throw CleanExit(text: HelpText.tool) }
      if let moved = movedSubcommands[name] { throw UsageError(moved) }
      guard let type = subcommand(named: name) else { throw unknownSubcommand(name) }
      throw CleanExit(text: HelpText.help(for: type.configuration))
    case "run": return .run(try RunCommand.parse(rest))
    case "replay": return .replay(try ReplayCommand.parse(rest))
    case "check": return .check(try CheckCommand.parse(rest))
    case "explore": return .explore(try ExploreCommand.parse(rest))
    case "validate": return .validate(try ValidateCommand.parse(rest))
    case "complication": return .complication(try ComplicationCommand.parse(rest))
    case "report": return .report(try ReportCommand.parse(rest))
    case "calibrate": return .calibrate(try CalibrateCommand.parse(rest))
    default:
      if let moved = movedSubcommands[first] { throw UsageError(moved) }
      if first.hasPrefix("-") {
        var message = "Unknown option '\(first)'."
        if let suggestion = closestName(to: first, among: ["--help", "--version"]) {
          message += " Did you mean '\(suggestion)'?"
        }
        throw UsageError(message)
      }
      throw unknownSubcommand(first)
    }
  }

  /// Subcommands that left the tool, each with where it went: typing one is a usage error (64)
  /// that says so, rather than "Unknown subcommand".
  static let movedSubcommands: [String: String] = [
    "phone":
      "'phone' moved to the example fitness tracker (the tool no longer ships example code): "
      + "run 'swift run fitness-tracker-phone [--scenario FILE] [--json] [--headless] [--at T]...' "
      + "in the package's folder (docs/phone.md#fitness-tracker-phone)."
  ]

  private static func subcommand(named name: String) -> (any WorkoutSimSubcommand.Type)? {
    HelpText.subcommands.first { $0.configuration.name == name }
  }

  private static func unknownSubcommand(_ name: String) -> UsageError {
    var message = "Unknown subcommand '\(name)'."
    let names = HelpText.subcommands.map { $0.configuration.name }
    if let suggestion = closestName(to: name, among: names) {
      message += " Did you mean '\(suggestion)'?"
    }
    return UsageError(message)
  }
}
