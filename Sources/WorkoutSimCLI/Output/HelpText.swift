import WorkoutSimulation

/// The help texts of `workout-sim` and its subcommands.
///
/// Sections as in swift-argument-parser: OVERVIEW, USAGE, ARGUMENTS, OPTIONS (with defaults),
/// EXAMPLES, and for the tool SUBCOMMANDS and EXIT CODES. Lines stay within 80 columns.
public enum HelpText {
  /// `workout-sim 0.1.0`, the `--version` text and the result's `generator`: the one version
  /// constant, `WorkoutSimulation`'s `workoutSimVersion`, by way of `Simulation.generator`.
  public static let version = Simulation.generator

  /// The subcommands, in help order.
  public static let subcommands: [any WorkoutSimSubcommand.Type] = [
    RunCommand.self, ReplayCommand.self, CheckCommand.self, ExploreCommand.self,
    ValidateCommand.self, ComplicationCommand.self, ReportCommand.self, CalibrateCommand.self,
  ]

  /// The usage line (without `Usage: `) of subcommand `command`, or of the tool for `nil` or
  /// an unknown name.
  public static func usage(for command: String?) -> String {
    if let command, let type = subcommands.first(where: { $0.configuration.name == command }) {
      return "workout-sim " + type.configuration.usage
    }
    return "workout-sim <subcommand> [options] | --help | --version"
  }

  /// The help of the tool itself (`workout-sim --help`).
  public static var tool: String {
    var lines = [
      "OVERVIEW: Simulates the Apple Watch workout engine (HKWorkoutSession,",
      "HKLiveWorkoutBuilder and the body that feeds it) deterministically on virtual",
      "time, driven by scenario JSON files, and writes finished workout records.",
      "",
      "USAGE: " + usage(for: nil),
      "",
      "OPTIONS:",
      row("-h, --help", "Show help information."),
      row("--version", "Show the version (\(version))."),
      "",
      "SUBCOMMANDS:",
    ]
    for type in subcommands {
      lines.append(row(type.configuration.name, type.configuration.abstract))
    }
    lines += [
      "",
      "  See 'workout-sim help <subcommand>' for detailed help.",
      "",
      "EXAMPLES:",
      "  workout-sim run",
      "      The built-in 30-minute outdoor run: the watch face when standard input",
      "      and output are terminals, else (or with --headless) a printed summary.",
      "  workout-sim run --scenario hills.json --json > result.json",
      "      Run a scenario headless and write the run result as JSON.",
      "  workout-sim check Scenarios/",
      "      Run every scenario in a folder and evaluate its expectations.",
      "",
      "EXIT CODES:",
      row("0", "success (a session left open exits 0 with a warning)"),
      row("1", "check: at least one expectation failed"),
      row(
        "64", "usage error: unknown subcommand or flag, bad flag value, an output that is an input"),
      row(
        "65",
        "data error: a file that does not decode or validate, a start outside 1990-01-01T00:00:00Z to 2099-12-31T23:59:59Z, a run over the 4 GiB memory budget, a recording that cannot calibrate"
      ),
      row(
        "66",
        "an input file that cannot be opened (missing, a folder, a FIFO, a device, a symlink loop)"),
      row("70", "internal error (a bug)"),
      row(
        "73",
        "an output file that cannot be created (checked before any work); calibrate: one that exists"
      ),
      row("74", "standard output could not be written (the output is incomplete)"),
      row("129, 130, 143", "ended by SIGHUP, SIGINT, SIGTERM (temporary files removed)"),
    ]
    return lines.joined(separator: "\n")
  }

  /// The help of one subcommand (`workout-sim run --help`, `workout-sim help run`).
  public static func help(for configuration: CommandConfiguration) -> String {
    help(for: configuration, program: "workout-sim")
  }

  /// The help of a command of `program`, in the sections of ``help(for:)``: its USAGE line is
  /// `program` and the configuration's usage (the example's `fitness-tracker-phone`).
  package static func help(for configuration: CommandConfiguration, program: String) -> String {
    var lines = ["OVERVIEW: " + configuration.abstract]
    if !configuration.discussion.isEmpty {
      lines += ["", configuration.discussion]
    }
    lines += ["", "USAGE: " + program + " " + configuration.usage]
    if !configuration.arguments.isEmpty {
      lines += ["", "ARGUMENTS:"]
      lines += configuration.arguments.map { row($0.name, $0.help) }
    }
    lines += ["", "OPTIONS:"]
    lines += configuration.options.map { row($0.name, $0.help) }
    lines.append(row("-h, --help", "Show help information."))
    if !configuration.examples.isEmpty {
      lines += ["", "EXAMPLES:"]
      for example in configuration.examples {
        lines += ["  " + example.command, "      " + example.comment]
      }
    }
    return lines.joined(separator: "\n")
  }

  /// One two-column row: the name indented by 2 and padded to 24 columns, then the help
  /// word-wrapped to 80 columns (continuation lines at column 26); a name longer than 22
  /// characters puts the help on the next line.
  static func row(_ name: String, _ help: String) -> String {
    let indent = String(repeating: " ", count: 26)
    var helpLines: [String] = []
    for paragraph in help.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = ""
      for word in paragraph.split(separator: " ") {
        if !line.isEmpty && line.count + 1 + word.count > 54 {
          helpLines.append(line)
          line = ""
        }
        line += (line.isEmpty ? "" : " ") + word
      }
      helpLines.append(line)
    }
    var text = "  " + name
    if name.count <= 22 {
      text += String(repeating: " ", count: 24 - name.count)
    } else {
      text += "\n" + indent
    }
    text += helpLines.joined(separator: "\n" + indent)
    return text
  }
}
