import WorkoutSimCLI

/// What `fitness-tracker-phone` touches outside its command: the terminal and the streams
/// (WorkoutSimCLI's ``CLIEnvironment``, whose scenario closures it does not use), and the two
/// ways of running the app; tests pass their own.
public struct PhoneEnvironment: Sendable {
  /// Standard output and error, whether standard input and output are terminals, the process
  /// environment (`TERM`, `NO_COLOR`, the locale).
  public var terminal: CLIEnvironment
  /// Headless: the scenario's name and the screens at each `--at` instant, in time order
  /// (default: ``PhoneRun/screens(options:)``, the app on a simulation of the scenario).
  public var readScreens: @Sendable (PhoneOptions) throws -> PhoneRun.Screens
  /// Interactive: the screens on the terminal, returning the exit status; `nil` never opens
  /// them (then the program always prints).
  public var runInteractive: (@Sendable (PhoneOptions, CLIEnvironment) throws -> ExitCode)?

  /// Creates an environment.
  public init(
    terminal: CLIEnvironment = CLIEnvironment(),
    readScreens: @escaping @Sendable (PhoneOptions) throws -> PhoneRun.Screens = {
      try PhoneRun.screens(options: $0)
    },
    runInteractive: (@Sendable (PhoneOptions, CLIEnvironment) throws -> ExitCode)? = nil
  ) {
    self.terminal = terminal
    self.readScreens = readScreens
    self.runInteractive = runInteractive
  }

  /// The environment of the real process: its streams and terminal, the app headless and on
  /// the terminal.
  public static func live() -> PhoneEnvironment {
    PhoneEnvironment(
      terminal: CLIEnvironment(writeStandardOutputBytes: { writeBytesToStandardOutput($0) }),
      runInteractive: { options, terminal in
        try PhoneRun.interactive(options: options, environment: terminal)
      })
  }
}

extension PhoneCommand {
  /// Runs `fitness-tracker-phone` and returns the exit status; never exits the process itself.
  ///
  /// Errors map to messages and statuses as `workout-sim`'s do (``DiagnosticMessage``), with
  /// this program's name and usage line; help goes to standard output; a failed write to
  /// standard output exits 74.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the program name (`CommandLine.arguments.dropFirst()`).
  ///   - environment: Streams, terminal state and the app's runners.
  /// - Returns: The exit status for `exit(_:)`.
  public static func main(arguments: [String], environment: PhoneEnvironment) -> Int32 {
    let message = { (error: any Error) in
      DiagnosticMessage(error: error, program: programName, usage: programName + " " + usage)
    }
    return WorkoutSimCommand.main(environment: environment.terminal, message: message) {
      try PhoneCommand.parse(arguments).run(in: environment)
    }
  }
}
