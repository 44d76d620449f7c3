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
    /// `workout-sim validate ...`.
    case validate(ValidateCommand)
    /// `workout-sim complication ...`.
    case complication(ComplicationCommand)
    /// `workout-sim report ...`.
    case report(ReportCommand)
    /// `workout-sim phone ...`.
    case phone(PhoneCommand)

    /// The subcommand as its protocol.
    public var command: any WorkoutSimSubcommand {
      switch self {
      case .run(let command): command
      case .replay(let command): command
      case .check(let command): command
      case .validate(let command): command
      case .complication(let command): command
      case .report(let command): command
      case .phone(let command): command
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
    let status = run(arguments: arguments, environment: environment)
    // Output that could not be written is incomplete: 74 (`EX_IOERR`), unless the command
    // already failed with its own status (its message says why).
    guard let failure = environment.standardOutputFailure(),
      status == ExitCode.success.rawValue || status == ExitCode.checkFailed.rawValue
    else { return status }
    let message = DiagnosticMessage(error: StandardOutputError(errno: failure))
    environment.writeStandardError(message.text + "\n")
    return message.exitCode.rawValue
  }

  /// ``main(arguments:environment:)`` before the check of standard output.
  private static func run(arguments: [String], environment: CLIEnvironment) -> Int32 {
    do {
      let parsed = try parse(arguments)
      try parsed.command.validate()
      return try parsed.command.run(in: environment).rawValue
    } catch {
      let message = DiagnosticMessage(error: error)
      if !message.text.isEmpty {
        switch message.stream {
        case .standardOutput: environment.writeStandardOutput(message.text + "\n")
        case .standardError: environment.writeStandardError(message.text + "\n")
        }
      }
      return message.exitCode.rawValue
    }
  }

  /// Parses a command line (without the program name).
  ///
  /// No arguments, `-h`, `--help` and `help` give the tool's help; `help SUBCOMMAND` and
  /// `SUBCOMMAND --help` give that subcommand's; `--version` gives `workout-sim 0.1.0`.
  ///
  /// - Throws: ``CleanExit`` for help and version; ``UsageError`` for an unknown subcommand or
  ///   flag, or a missing or bad value.
  public static func parse(_ arguments: [String]) throws -> Parsed {
    guard let first = arguments.first else { throw CleanExit(text: HelpText.tool) }
    let rest = Array(arguments.dropFirst())
    switch first {
    case "-h", "--help": throw CleanExit(text: HelpText.tool)
    case "--version": throw CleanExit(text: HelpText.version)
    case "help":
      guard let name = rest.first else { throw CleanExit(text: HelpText.tool) }
      guard let type = subcommand(named: name) else { throw unknownSubcommand(name) }
      throw CleanExit(text: HelpText.help(for: type.configuration))
    case "run": return .run(try RunCommand.parse(rest))
    case "replay": return .replay(try ReplayCommand.parse(rest))
    case "check": return .check(try CheckCommand.parse(rest))
    case "validate": return .validate(try ValidateCommand.parse(rest))
    case "complication": return .complication(try ComplicationCommand.parse(rest))
    case "report": return .report(try ReportCommand.parse(rest))
    case "phone": return .phone(try PhoneCommand.parse(rest))
    default:
      if first.hasPrefix("-") {
        var message = "Unknown option '\(first)'."
        if let suggestion = closestMatch(to: first, among: ["--help", "--version"]) {
          message += " Did you mean '\(suggestion)'?"
        }
        throw UsageError(message)
      }
      throw unknownSubcommand(first)
    }
  }

  private static func subcommand(named name: String) -> (any WorkoutSimSubcommand.Type)? {
    HelpText.subcommands.first { $0.configuration.name == name }
  }

  private static func unknownSubcommand(_ name: String) -> UsageError {
    var message = "Unknown subcommand '\(name)'."
    let names = HelpText.subcommands.map { $0.configuration.name }
    if let suggestion = closestMatch(to: name, among: names) {
      message += " Did you mean '\(suggestion)'?"
    }
    return UsageError(message)
  }
}
