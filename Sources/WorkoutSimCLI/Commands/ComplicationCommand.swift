import WorkoutRendering
import WorkoutScenario

/// The options of `workout-sim complication`.
public struct ComplicationOptions: Sendable, Equatable {
  /// `--steps N`: the step count (a whole number ≥ 0).
  public var steps: Double?
  /// `--goal N`: the goal (a whole number above 0); default 10 000.
  public var goal: Double
  /// `--family NAME`: the accessory family; default circular.
  public var family: ComplicationFamily

  /// Creates options; the defaults are those of the command without flags.
  public init(steps: Double? = nil, goal: Double = 10_000, family: ComplicationFamily = .circular) {
    self.steps = steps
    self.goal = goal
    self.family = family
  }
}

/// `workout-sim complication`: draws the step-ring complication on its own (docs/command-line.md#complication), from the
/// same pure renderer as the watch face, in one of watchOS's accessory families.
public struct ComplicationCommand: WorkoutSimSubcommand, Equatable {
  /// The parsed options.
  public var options: ComplicationOptions

  /// Creates the command.
  public init(options: ComplicationOptions) {
    self.options = options
  }

  /// Name and help texts of `complication`.
  public static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "complication",
      abstract: "Draw the step-ring complication for a step count and a goal.",
      discussion: """
        Mirrors watchOS's accessory families as text: a circular gauge with the
        percentage, the count and the goal; full at 100 % with an over-goal mark
        above it. ASCII when the terminal cannot show Unicode (TERM=dumb, or a
        locale without UTF-8 in LC_ALL, LC_CTYPE or LANG).
        """,
      usage: "complication --steps N [--goal N] [--family FAMILY]",
      arguments: [],
      options: [
        ("--steps N", "Steps so far, a whole number >= 0 below 10^15 (1e3 too; required)."),
        ("--goal N", "The step goal, a whole number above 0 below 10^15 (default: 10000)."),
        (
          "--family FAMILY",
          "One of: circular, corner, rectangular, inline (default: circular)."
        ),
      ],
      examples: [
        ("workout-sim complication --steps 6432 --goal 10000", "The circular gauge at 64 %."),
        (
          "workout-sim complication --steps 12000 --family inline",
          "One line of text, over the goal."
        ),
      ])
  }

  /// Parses the arguments after `complication`.
  ///
  /// - Throws: ``CleanExit`` for `--help`; ``UsageError`` for an unknown flag or a bad value.
  public static func parse(_ arguments: [String]) throws -> ComplicationCommand {
    if asksForHelp(arguments) { throw CleanExit(text: HelpText.help(for: configuration)) }
    var scanner = ArgumentScanner(arguments, command: "complication")
    var options = ComplicationOptions()
    func count(_ value: String, for name: String, allowZero: Bool) throws -> Double {
      guard
        let number = NumberText.wholeNumber(value, in: (allowZero ? 0 : 1)...999_999_999_999_999)
      else {
        let expected =
          (allowZero ? "a whole number from 0" : "a whole number from 1") + " to 999999999999999"
        throw UsageError(
          "'\(value)' is not a count for '\(name)' (expected \(expected)).",
          command: "complication")
      }
      return Double(number)
    }
    while let token = scanner.next() {
      switch token {
      case .positional(let argument):
        throw UsageError("Unexpected argument '\(argument)'.", command: "complication")
      case .option(let name, let inline):
        switch name {
        case "--steps":
          let value = try scanner.value(for: name, inline: inline, valueName: "N")
          options.steps = try count(value, for: name, allowZero: true)
        case "--goal":
          let value = try scanner.value(for: name, inline: inline, valueName: "N")
          options.goal = try count(value, for: name, allowZero: false)
        case "--family":
          let value = try scanner.value(for: name, inline: inline, valueName: "FAMILY")
          guard let family = ComplicationFamily(name: value) else {
            let names = ComplicationFamily.allCases.map(\.rawValue)
            var message = "'\(value)' is not a family for '--family'."
            if let suggestion = closestName(to: value, among: names) {
              message += " Did you mean '\(suggestion)'?"
            } else {
              message += " Expected one of: " + names.joined(separator: ", ") + "."
            }
            throw UsageError(message, command: "complication")
          }
          options.family = family
        default:
          throw scanner.unknownOption(
            name, known: ["--steps", "--goal", "--family", "--help"])
        }
      }
    }
    return ComplicationCommand(options: options)
  }

  /// Requires `--steps`.
  ///
  /// - Throws: ``UsageError`` `Missing expected option '--steps N'.`
  public func validate() throws {
    if options.steps == nil {
      throw UsageError("Missing expected option '--steps N'.", command: "complication")
    }
  }

  /// Prints the complication (no colour: it is text for any stream).
  public func run(in environment: CLIEnvironment) throws -> ExitCode {
    environment.writeStandardOutput(text(variables: environment.variables) + "\n")
    return .success
  }

  /// The complication's lines, joined with newlines, trailing spaces removed; ASCII unless
  /// `variables` say the terminal shows Unicode.
  public func text(variables: [String: String]) -> String {
    let complication = StepComplication(steps: options.steps ?? 0, goal: options.goal)
    let ascii = !InteractiveRun.unicodeCapable(variables)
    let width = options.family == .circular ? StepComplication.circularWidth : 40
    let frame = complication.render(family: options.family, width: width, asciiOnly: ascii)
    return frame.lines.map { line in
      var line = Substring(line)
      while line.last == " " { line.removeLast() }
      return String(line)
    }.joined(separator: "\n")
  }
}
