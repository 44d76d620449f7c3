/// The static description of a subcommand: its name and the texts its help is built from
/// (shaped like swift-argument-parser's `CommandConfiguration`).
public struct CommandConfiguration: Sendable {
  /// The subcommand name (`run`).
  public var name: String
  /// One line for the tool's SUBCOMMANDS list and the help's OVERVIEW.
  public var abstract: String
  /// Further OVERVIEW paragraphs.
  public var discussion: String
  /// The usage line without the leading `workout-sim ` (`check PATH... [--junit FILE]`).
  public var usage: String
  /// ARGUMENTS: positional arguments and what they mean.
  public var arguments: [(name: String, help: String)]
  /// OPTIONS: each option with its value name, and its meaning with the default.
  public var options: [(name: String, help: String)]
  /// EXAMPLES: command lines, each with a comment.
  public var examples: [(command: String, comment: String)]

  /// Creates a configuration.
  public init(
    name: String, abstract: String, discussion: String, usage: String,
    arguments: [(name: String, help: String)], options: [(name: String, help: String)],
    examples: [(command: String, comment: String)]
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.usage = usage
    self.arguments = arguments
    self.options = options
    self.examples = examples
  }
}

/// A subcommand of `workout-sim`, shaped like swift-argument-parser's `ParsableCommand` but
/// parsed by hand (style guide item 9).
public protocol WorkoutSimSubcommand: Sendable {
  /// Name, abstract and help texts.
  static var configuration: CommandConfiguration { get }
  /// Parses the arguments after the subcommand name.
  ///
  /// - Throws: ``UsageError`` for an unknown flag, a missing or bad value; ``CleanExit`` with the
  ///   help text for `-h` / `--help`.
  static func parse(_ arguments: [String]) throws -> Self
  /// Checks the parsed options against each other.
  ///
  /// - Throws: ``UsageError``.
  func validate() throws
  /// Runs the command.
  ///
  /// - Returns: The exit status (0, or 1 for failed checks).
  /// - Throws: Any error; ``DiagnosticMessage`` maps it to text and an exit status.
  func run(in environment: CLIEnvironment) throws -> ExitCode
}
