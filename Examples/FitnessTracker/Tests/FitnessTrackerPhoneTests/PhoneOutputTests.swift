import Foundation
import Synchronization
import Testing
import WorkoutJSON
import WorkoutSimCLI

@testable import FitnessTrackerPhone

/// What the program prints without a terminal: a short summary, or the JSON document with
/// `--json` (issue 26, bug 6c: it used to print the whole document, about 900 lines, whenever
/// standard output was not a terminal).
@Suite struct PhoneOutputTests {
  /// Runs `fitness-tracker-phone arguments` in process on `PhoneSamples.day` read at t = 0, on
  /// terminals or not: the exit status and standard output.
  func run(_ arguments: [String], terminal: Bool = false) -> (status: Int32, output: String) {
    let output = Mutex("")
    let opened = Mutex(false)
    let environment = PhoneEnvironment(
      terminal: CLIEnvironment(
        writeStandardOutput: { text in output.withLock { $0 += text } },
        writeStandardError: { _ in }, standardInputIsTerminal: terminal,
        standardOutputIsTerminal: terminal, standardErrorIsTerminal: terminal, variables: [:],
        standardOutputFailure: { nil }),
      readScreens: { _ in PhoneRun.Screens(scenarioName: "Day", screens: [PhoneSamples.day]) },
      runInteractive: { _, _ in
        opened.withLock { $0 = true }
        return .success
      })
    let status = PhoneCommand.main(arguments: arguments, environment: environment)
    let text = output.withLock { $0 }
    return (status, opened.withLock { $0 } ? "<screens>" : text)
  }

  /// The hand-worked day's summary, every line.
  @Test func summaryOfTheDay() {
    #expect(
      PhoneSummary.text(scenarioName: "Day", instants: [PhoneSamples.day]) == """
        FitnessTracker on "Day": 1 instant (--json prints every value)

        2026-06-10 18:00 +02:00  t 0:00:00  Europe/Berlin
          dashboard   steps 8432 / 10000, energy 342 / 500 kcal, heart rate 72 bpm at 17:50, sleep 7 h 15 min (score 83)
          history     this week 38492 steps (5499 a day with data), 30 days 38492 steps
          settings    goal 10000 steps, weekly summary on, notifications allowed, Health requested
          widgets     systemSmall 8432 steps (18:00), systemMedium 8432 steps (18:00)
          next        "Your week" at 2026-06-15 09:00 +02:00, repeats
        """)
  }

  /// Before the app asked for Health access: no data anywhere, no widget, nothing pending.
  @Test func summaryWithoutData() {
    #expect(
      PhoneSummary.lines(PhoneSamples.empty) == [
        "2026-06-10 18:01 +02:00  t 0:01:30  Europe/Berlin",
        "  dashboard   not connected to Health (steps goal 10000)",
        "  history     this week 0 steps, 0 days 0 steps",
        "  settings    goal 10000 steps, weekly summary on, notifications notDetermined, Health notDetermined",
        "  widgets     none installed",
        "  next        no notification pending",
      ])
  }

  /// Not a terminal: the summary (a few lines, not JSON) unless `--json`; `--headless` on a
  /// terminal prints the summary too; a terminal without either opens the screens.
  @Test func summaryUnlessJSON() throws {
    let piped = run([])
    #expect(piped.status == 0)
    #expect(piped.output.hasPrefix("FitnessTracker on \"Day\": 1 instant"))
    // The header, a blank line, six lines for the instant, and the final newline.
    #expect(piped.output.split(separator: "\n", omittingEmptySubsequences: false).count == 9)
    #expect((try? JSONParser.parse(Array(piped.output.utf8))) == nil)

    let json = run(["--json"])
    #expect(json.status == 0)
    let document = try JSONParser.parse(Array(json.output.utf8))
    #expect(document == PhoneDocument.document(scenarioName: "Day", instants: [PhoneSamples.day]))

    #expect(run(["--headless"], terminal: true).output == piped.output)
    #expect(run(["--json"], terminal: true).output == json.output)
    #expect(run([], terminal: true).output == "<screens>")
  }

  /// Usage errors name this program, not `workout-sim`.
  @Test func usageErrorsNameTheProgram() {
    let errors = Mutex("")
    let environment = PhoneEnvironment(
      terminal: CLIEnvironment(
        writeStandardOutput: { _ in },
        writeStandardError: { text in errors.withLock { $0 += text } },
        standardInputIsTerminal: false, standardOutputIsTerminal: false,
        standardErrorIsTerminal: false, variables: [:], standardOutputFailure: { nil }))
    #expect(PhoneCommand.main(arguments: ["--jsno"], environment: environment) == 64)
    #expect(
      errors.withLock { $0 } == """
        Error: Unknown option '--jsno'. Did you mean '--json'?
        Usage: fitness-tracker-phone [--scenario FILE] [--json] [--headless] [--at T]...
          See 'fitness-tracker-phone --help' for more information.

        """)
  }
}
