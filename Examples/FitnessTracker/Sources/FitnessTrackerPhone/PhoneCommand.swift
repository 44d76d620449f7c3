import WorkoutCore
import WorkoutJSON
import WorkoutScenario
import WorkoutSimCLI

/// One `--at` value of `fitness-tracker-phone`: a scenario time, or a wall-clock date-time that is
/// turned into one against the scenario's `start` once the scenario is read.
public enum PhoneTime: Sendable, Equatable {
  /// Seconds, `mm:ss` or `h:mm:ss` from `t = 0` (docs/scenario-format.md#times).
  case scenarioTime(SimulationInstant)
  /// An RFC 3339 date-time with a UTC offset (`2026-06-10T23:59:00+02:00`), as the scenario's
  /// `start` is written.
  case date(Scenario.WallClockDate)

  /// Parses `text`: a date-time when it contains `T` (as the scenario's dated health samples),
  /// else a scenario time (`--until`'s forms).
  ///
  /// - Throws: ``TimeFormatError`` naming the text and what would be valid.
  public static func parse(_ text: String) throws(TimeFormatError) -> PhoneTime {
    if text.contains("T") || text.contains("t") {
      return .date(try Scenario.WallClockDate.parse(text))
    }
    return .scenarioTime(try ScenarioTime.parse(text, allowPlainSeconds: true))
  }

  /// The scenario time of this value for a scenario whose `t = 0` is `start`.
  ///
  /// - Throws: ``UsageError`` (64) for a date-time before `start` or more than
  ///   `horizonSeconds` after it, naming the value as given.
  public func instant(start: Scenario.WallClockDate, horizonSeconds: Int64) throws(UsageError)
    -> SimulationInstant
  {
    switch self {
    case .scenarioTime(let instant):
      guard instant.nanoseconds <= horizonSeconds * 1_000_000_000 else {
        throw UsageError(
          "--at: \(JSONWriter.number(Double(instant.nanoseconds) / 1e9)) s is more than \(horizonSeconds / 86_400) days after the scenario's start.",
          command: "phone")
      }
      return instant
    case .date(let date):
      let shown = date.text ?? "\(date.date)"
      let seconds = date.date.timeIntervalSince(start.date)
      guard seconds >= 0 else {
        throw UsageError(
          "--at: \"\(shown)\" is before the scenario's start \(start.text.map { "\"\($0)\"" } ?? "") (time only moves forward from t = 0).",
          command: "phone")
      }
      guard seconds <= Double(horizonSeconds) else {
        throw UsageError(
          "--at: \"\(shown)\" is more than \(horizonSeconds / 86_400) days after the scenario's start.",
          command: "phone")
      }
      return SimulationInstant.rounding(seconds: seconds)
    }
  }
}

/// The options of `fitness-tracker-phone` (docs/phone.md#fitness-tracker-phone).
public struct PhoneOptions: Sendable, Equatable {
  /// `--scenario FILE`: the scenario file, as given; `nil` runs the built-in default scenario.
  public var scenarioPath: String?
  /// `--json`: print the screens' values as one JSON document (never interactive).
  public var json: Bool
  /// `--headless`: never interactive, even on a terminal (prints the summary, or the JSON
  /// document with `--json`).
  public var headless: Bool
  /// `--at T` (repeatable): the instants printed, as given; empty means `t = 0` and the
  /// scenario's end. Interactive, the first one is where the screens open.
  public var at: [PhoneTime]

  /// Creates options; the defaults are those of `fitness-tracker-phone` with no flags.
  public init(
    scenarioPath: String? = nil, json: Bool = false, headless: Bool = false, at: [PhoneTime] = []
  ) {
    self.scenarioPath = scenarioPath
    self.json = json
    self.headless = headless
    self.at = at
  }

  /// Whether the screens open on the terminal: standard input and output are terminals and
  /// neither `--json` nor `--headless` is given.
  public func isInteractive(standardInputIsTerminal: Bool, standardOutputIsTerminal: Bool) -> Bool {
    standardInputIsTerminal && standardOutputIsTerminal && !json && !headless
  }
}

/// `fitness-tracker-phone`: the fitness tracker's iPhone screens (dashboard, history,
/// settings), its widget's Small and Medium faces and the next notification, computed by the
/// app's own models (Examples/FitnessTracker) on a SimulatedHealthKit simulation of the scenario
/// (docs/phone.md#fitness-tracker-phone). Until issue 24 it was `workout-sim phone`; the product
/// now only says where it went.
public struct PhoneCommand: Sendable, Equatable {
  /// The parsed options.
  public var options: PhoneOptions

  /// Creates the command.
  public init(options: PhoneOptions) {
    self.options = options
  }

  /// The program's name, as its help and its usage errors show it.
  public static let programName = "fitness-tracker-phone"

  /// The usage line without the program's name.
  public static let usage = "[--scenario FILE] [--json] [--headless] [--at T]..."

  /// Name and help texts of `fitness-tracker-phone`.
  public static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: programName,
      abstract: "Show the fitness tracker's iPhone screens, widget and notification.",
      discussion: """
        Runs the example fitness-tracker app's own models on the scenario's health
        data. On a terminal it shows the app's tabs (1 dashboard, 2 history,
        3 settings, 4 the Home Screen: widget faces and the next notification, also
        beside the app when the terminal is wide enough); time is held and moves
        forward by keys: Right or l +1 min, Up or k +1 h, n the next day at the same
        local time, > the next local midnight; Tab the next tab, ? help, q quit.

        With --headless, or when standard input or output is not a terminal, it
        prints a short summary of what the screens show at each --at instant
        (default: t = 0 and the scenario's end, the last timeline action), in time
        order; with --json, one JSON document of every value instead. From the
        package's folder: swift run fitness-tracker-phone [options].
        """,
      usage: usage,
      arguments: [],
      options: [
        (
          "--scenario FILE",
          "The scenario whose health data the app reads (default: the built-in run)."
        ),
        (
          "--json",
          "Print every screen's values as one JSON document (default: the screens on a terminal, else a summary)."
        ),
        (
          "--headless",
          "Never interactive, even on a terminal: print the summary (default: off)."
        ),
        (
          "--at T",
          "An instant to show: seconds, [h:]mm:ss from t = 0, or a date-time such as 2026-06-10T23:59:00+02:00; repeatable (default: t = 0 and the scenario's end; interactive: opens at the first)."
        ),
      ],
      examples: [
        (
          "fitness-tracker-phone --scenario Examples/HealthApp/Scenarios/seed-day.json",
          "The screens on the terminal, held at the scenario's start."
        ),
        (
          "fitness-tracker-phone --scenario day.json --json --at 5:59:00 --at 6:01:00",
          "The values each screen shows just before and after local midnight."
        ),
      ])
  }

  /// The help text (`--help`).
  public static var help: String {
    HelpText.help(for: configuration, program: programName)
  }

  /// The flags `fitness-tracker-phone` knows, for did-you-mean suggestions.
  static let knownOptions = ["--scenario", "--json", "--headless", "--at", "--help"]

  /// Parses the program's arguments (without its name).
  ///
  /// - Throws: ``CleanExit`` for `--help`; ``UsageError`` for an unknown flag, an unexpected
  ///   argument, or a missing or bad value.
  public static func parse(_ arguments: [String]) throws -> PhoneCommand {
    if asksForHelp(arguments) { throw CleanExit(text: help) }
    var scanner = ArgumentScanner(arguments, command: "phone")
    var options = PhoneOptions()
    while let token = scanner.next() {
      switch token {
      case .positional(let argument):
        throw UsageError("Unexpected argument '\(argument)'.", command: "phone")
      case .option(let name, let inline):
        switch name {
        case "--scenario":
          options.scenarioPath = try scanner.value(for: name, inline: inline, valueName: "FILE")
        case "--json":
          try scanner.rejectValue(inline, for: name)
          options.json = true
        case "--headless":
          try scanner.rejectValue(inline, for: name)
          options.headless = true
        case "--at":
          let value = try scanner.value(for: name, inline: inline, valueName: "T")
          do throws(TimeFormatError) {
            options.at.append(try PhoneTime.parse(value))
          } catch {
            throw UsageError("--at: \(error.message).", command: "phone")
          }
        default:
          throw scanner.unknownOption(name, known: knownOptions)
        }
      }
    }
    return PhoneCommand(options: options)
  }

  /// Opens the screens on the terminal (``PhoneEnvironment/runInteractive``) when
  /// ``PhoneOptions/isInteractive(standardInputIsTerminal:standardOutputIsTerminal:)``; else
  /// reads the screens at each instant (``PhoneEnvironment/readScreens``) and prints them: one
  /// JSON document with `--json` (``PhoneDocument``), else a short summary (``PhoneSummary``).
  ///
  /// - Throws: ``ScenarioError`` and ``SimulationError`` (65, 66) for the scenario;
  ///   ``UsageError`` (64) for an `--at` outside the scenario's time; ``TerminalError``.
  public func run(in environment: PhoneEnvironment) throws -> ExitCode {
    let terminal = environment.terminal
    if let interactive = environment.runInteractive,
      options.isInteractive(
        standardInputIsTerminal: terminal.standardInputIsTerminal,
        standardOutputIsTerminal: terminal.standardOutputIsTerminal)
    {
      return try interactive(options, terminal)
    }
    let read = try environment.readScreens(options)
    if options.json {
      let document = PhoneDocument.document(scenarioName: read.scenarioName, instants: read.screens)
      terminal.writeStandardOutput(bytes: JSONWriter.encodedBytes(document) + [0x0A])
    } else {
      terminal.writeStandardOutput(
        PhoneSummary.text(scenarioName: read.scenarioName, instants: read.screens) + "\n")
    }
    return .success
  }
}
