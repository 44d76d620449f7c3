import Foundation

/// `workout-sim validate`: decodes and validates scenario files without running them
/// (docs/command-line.md#validate).
public struct ValidateCommand: WorkoutSimSubcommand, Equatable {
  /// The parsed options.
  public var options: ValidateOptions

  /// Creates the command.
  public init(options: ValidateOptions) {
    self.options = options
  }

  /// Name and help texts of `validate`.
  public static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "validate",
      abstract: "Decode and validate scenario files, without running.",
      discussion: """
        Prints 'FILE: ok' per valid file; errors go to standard error with the file,
        the line and column or the JSON path, and what would be valid.
        """,
      usage: "validate FILE...",
      arguments: [
        (
          "FILE...",
          "Scenario files (a folder means its *.json files); - reads one from standard input."
        )
      ],
      options: [],
      examples: [
        ("workout-sim validate hills.json", "Check one scenario file for mistakes.")
      ])
  }

  /// Parses the arguments after `validate`.
  ///
  /// - Throws: ``CleanExit`` for `--help`; ``UsageError`` for any flag.
  public static func parse(_ arguments: [String]) throws -> ValidateCommand {
    if asksForHelp(arguments) { throw CleanExit(text: HelpText.help(for: configuration)) }
    var scanner = ArgumentScanner(arguments, command: "validate")
    var options = ValidateOptions(paths: [])
    while let token = scanner.next() {
      switch token {
      case .positional(let path):
        options.paths.append(try scanner.file(path, valueName: "FILE"))
      case .option(let name, _): throw scanner.unknownOption(name, known: ["--help"])
      }
    }
    return ValidateCommand(options: options)
  }

  /// Requires at least one file.
  ///
  /// - Throws: ``UsageError`` `Missing expected argument 'FILE...'.`
  public func validate() throws {
    if options.paths.isEmpty {
      throw UsageError("Missing expected argument 'FILE...'.", command: "validate")
    }
  }

  /// Validates every file, printing `FILE: ok` or the error.
  ///
  /// - Returns: 0 when all are valid, else the exit code of the first invalid file's error
  ///   (65 data error, 66 cannot be opened).
  public func run(in environment: CLIEnvironment) throws -> ExitCode {
    var firstError: ExitCode?
    for path in options.paths {
      let files: [String]
      switch expandScenarioPath(path) {
      case .success(let found): files = found
      case .failure(let error):
        let message = DiagnosticMessage(error: error)
        environment.writeStandardError(message.text + "\n")
        firstError = firstError ?? message.exitCode
        continue
      }
      for file in files {
        do {
          try environment.validateScenario(URL(fileURLWithPath: file))
          environment.writeStandardOutput("\(InputFiles.displayName(ofScenarioAt: file)): ok\n")
        } catch {
          let message = DiagnosticMessage(error: error)
          environment.writeStandardError(message.text + "\n")
          firstError = firstError ?? message.exitCode
        }
      }
    }
    return firstError ?? .success
  }
}
