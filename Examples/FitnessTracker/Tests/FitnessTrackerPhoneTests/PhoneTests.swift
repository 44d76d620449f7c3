import Foundation
import Synchronization
import Testing
import WorkoutCore
import WorkoutJSON
import WorkoutRendering
import WorkoutScenario
import WorkoutSimCLI
import WorkoutSimTestSupport
import WorkoutTerminal

@testable import FitnessTrackerPhone

@Suite struct PhoneParsingTests {
  @Test func optionsAndTimes() throws {
    let command = try PhoneCommand.parse([
      "--scenario", "day.json", "--json", "--at", "90", "--at=1:00:00", "--at",
      "2026-06-10T23:59:00+02:00", "--headless",
    ])
    #expect(command.options.scenarioPath == "day.json")
    #expect(command.options.json)
    #expect(command.options.headless)
    #expect(command.options.at.count == 3)
    #expect(command.options.at[0] == .scenarioTime(.seconds(90)))
    #expect(command.options.at[1] == .scenarioTime(.seconds(3600)))
    guard case .date(let date) = command.options.at[2] else {
      Issue.record("not a date-time")
      return
    }
    // 2026-06-10T21:59:00Z: 1 781 128 740 s since 1970 (20 614 days × 86 400 + 21 h 59 min).
    let expected: Double = 20_614 * 86_400 + 21 * 3600 + 59 * 60
    #expect(date.date.timeIntervalSince1970 == expected)
    #expect(date.utcOffsetSeconds == 7200)
  }

  @Test func badInputIsAUsageErrorWithASuggestion() throws {
    #expect(throws: UsageError("Unknown option '--jsn'. Did you mean '--json'?", command: "phone"))
    {
      try PhoneCommand.parse(["--jsn"])
    }
    #expect(
      throws: UsageError(
        "--at: \"1:75\" is not a time (seconds must be below 60).", command: "phone")
    ) {
      try PhoneCommand.parse(["--at", "1:75"])
    }
    #expect(throws: UsageError("Missing value for '--at T'.", command: "phone")) {
      try PhoneCommand.parse(["--at"])
    }
    #expect(throws: UsageError("Unexpected argument 'day.json'.", command: "phone")) {
      try PhoneCommand.parse(["day.json"])
    }
    #expect(throws: UsageError.self) { try PhoneCommand.parse(["--at", "2026-02-30T10:00:00Z"]) }
  }

  /// `--at` date-times against a start of 2026-06-10T18:00:00+02:00: 23:59 the same evening is
  /// 5 h 59 min = 21 540 s later; 17:59 is before the start.
  @Test func dateTimesAreResolvedAgainstTheStart() throws {
    let start = try Scenario.WallClockDate.parse("2026-06-10T18:00:00+02:00")
    let late = try PhoneTime.parse("2026-06-10T23:59:00+02:00")
    #expect(try late.instant(start: start, horizonSeconds: 366 * 86_400) == .seconds(21_540))
    let early = try PhoneTime.parse("2026-06-10T17:59:00+02:00")
    #expect(throws: UsageError.self) {
      try early.instant(start: start, horizonSeconds: 366 * 86_400)
    }
    // 367 days is past the horizon of 366.
    let far = PhoneTime.scenarioTime(.seconds(367 * 86_400))
    #expect(throws: UsageError.self) { try far.instant(start: start, horizonSeconds: 366 * 86_400) }
  }

  @Test func helpAndInteractivity() throws {
    #expect(throws: CleanExit.self) { try PhoneCommand.parse(["--help"]) }
    // The program's own name since `phone` left `workout-sim` (issue 24).
    #expect(
      PhoneCommand.help.contains(
        "USAGE: fitness-tracker-phone [--scenario FILE] [--json] [--headless] [--at T]..."))
    #expect(PhoneCommand.help.split(separator: "\n").allSatisfy { $0.count <= 80 })
    let options = PhoneOptions()
    #expect(options.isInteractive(standardInputIsTerminal: true, standardOutputIsTerminal: true))
    #expect(!options.isInteractive(standardInputIsTerminal: true, standardOutputIsTerminal: false))
    #expect(
      !PhoneOptions(json: true).isInteractive(
        standardInputIsTerminal: true, standardOutputIsTerminal: true))
  }
}

@Suite struct PhoneFaceTests {
  /// Berlin, Saturday 2026-03-28 12:00 +01:00; summer time begins on Sunday 29 March at 02:00
  /// (clocks go to 03:00), so that day has 23 hours.
  func face() throws -> PhoneFace {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: "Europe/Berlin"))
    let start = try Scenario.WallClockDate.parse("2026-03-28T12:00:00+01:00").date
    return PhoneFace(
      now: .zero, limit: .seconds(366 * 86_400), startDate: start, calendar: calendar)
  }

  @Test func timeKeysAcrossADSTChange() throws {
    var face = try face()
    #expect(face.handle(.right) == .moveTime(to: .seconds(60)))
    #expect(face.handle(.character("k")) == .moveTime(to: .seconds(3660)))
    // `>` from 13:01 on the 28th: midnight of the 29th, 12 h after the 12:00 start = 43 200 s.
    #expect(face.handle(.character(">")) == .moveTime(to: .seconds(43_200)))
    // `n` from 00:00 +01:00 on the 29th: 00:00 +02:00 on the 30th, 23 h later: 43 200 + 82 800.
    #expect(face.handle(.character("n")) == .moveTime(to: .seconds(126_000)))
    // Left and down do nothing: time only moves forward.
    #expect(face.handle(.left) == .redraw)
    #expect(face.handle(.down) == .redraw)
    #expect(face.now == .seconds(126_000))
  }

  @Test func timeStopsAtTheLimit() throws {
    let start = Date(timeIntervalSince1970: 0)
    var face = PhoneFace(
      now: .seconds(3000), limit: .seconds(3630), startDate: start, calendar: Calendar.current)
    #expect(face.handle(.up) == .moveTime(to: .seconds(3630)))
    #expect(face.handle(.up) == .redraw)
  }

  @Test func tabsHelpAndQuit() throws {
    var face = try face()
    #expect(face.tab == .dashboard)
    #expect(face.handle(.character("3")) == .redraw)
    #expect(face.tab == .settings)
    _ = face.handle(.tab)
    #expect(face.tab == .homeScreen)
    _ = face.handle(.tab)
    #expect(face.tab == .dashboard)
    _ = face.handle(.character("?"))
    #expect(face.showsHelp)
    _ = face.handle(.escape)
    #expect(!face.showsHelp)
    #expect(face.handle(.character("q")) == .exit(.success))
    #expect(face.handle(.interrupt) == .exit(.interrupt))
  }
}

/// Screens built by hand: the hand-worked day of the renderer tests.
enum PhoneSamples {
  static let day: PhoneScreens = {
    let week = [
      ("2026-06-04", 0.0), ("2026-06-05", 4000), ("2026-06-06", 12_000), ("2026-06-07", 6000),
      ("2026-06-08", 3000), ("2026-06-09", 5060), ("2026-06-10", 8432),
    ].map { PhoneScreens.Day(date: $0.0, steps: $0.1, goalMet: $0.1 >= 10_000) }
    // The 23 days before: 12 to 31 May, 1 to 3 June, without data.
    var monthDays = ((12...31).map { "2026-05-\($0)" } + (1...3).map { "2026-06-0\($0)" }).map {
      PhoneScreens.Day(date: $0, steps: nil)
    }
    monthDays += week
    return PhoneScreens(
      clock: .init(
        scenarioSeconds: 0, local: "2026-06-10T18:00:00+02:00", timeZone: "Europe/Berlin"),
      dashboard: .init(
        steps: 8432, stepGoal: 10_000, activeEnergy: 342.5, activeEnergyGoal: 500,
        heartRate: 72, heartRateTime: "17:50", heartRateLast24Hours: [62, 95, 110, 72],
        sleepHours: 7.25, sleepScore: 83, sleepRating: "Good", sleepEfficiency: 0.9),
      history: .init(
        week: .init(days: week, totalSteps: 38_492, averageSteps: 5499),
        month: .init(days: monthDays, totalSteps: 38_492, averageSteps: 5499)),
      settings: .init(
        stepGoal: 10_000, notificationsEnabled: true, notificationPermission: "allowed",
        healthKitStatus: "requested"),
      widgets: [
        .init(
          family: "systemSmall", entryDate: "2026-06-10T18:00:00+02:00", steps: 8432,
          stepGoal: 10_000, url: "fitnesstracker://dashboard",
          dataAsOf: "2026-06-10T18:00:00+02:00"),
        .init(
          family: "systemMedium", entryDate: "2026-06-10T18:00:00+02:00", steps: 8432,
          stepGoal: 10_000, activeEnergy: 342.5, heartRate: 72, url: "fitnesstracker://dashboard",
          dataAsOf: "2026-06-10T18:00:00+02:00"),
      ],
      nextNotification: .init(
        identifier: "weekly-summary", title: "Your week",
        body: "Last week: 38492 steps, average heart rate 85 bpm, 2 workouts.",
        fireDate: "2026-06-15T09:00:00+02:00", repeats: true))
  }()

  static let empty = PhoneScreens(
    clock: .init(
      scenarioSeconds: 90, local: "2026-06-10T18:01:30+02:00", timeZone: "Europe/Berlin"),
    dashboard: .init(connected: false))
}

@Suite struct PhoneRendererTests {
  /// The reviewed snapshot `name` (Examples/FitnessTracker/Tests/FitnessTrackerPhoneTests/
  /// Fixtures/phone); with
  /// `WORKOUT_SIM_RECORD_SNAPSHOTS=1` the frame is written there first (then review the diff).
  func snapshot(_ name: String, recording frame: Frame) throws -> String {
    if ProcessInfo.processInfo.environment["WORKOUT_SIM_RECORD_SNAPSHOTS"] == "1" {
      let path = packageRoot.appendingPathComponent(
        "Examples/FitnessTracker/Tests/FitnessTrackerPhoneTests/Fixtures/phone/" + name)
      try (frame.text + "\n").write(to: path, atomically: true, encoding: .utf8)
      return frame.text
    }
    let url = try #require(
      Bundle.module.url(forResource: "Fixtures/phone/" + name, withExtension: nil))
    var text = try String(contentsOf: url, encoding: .utf8)
    while text.hasSuffix("\n") { text.removeLast() }
    return text
  }

  /// The dashboard at 100 × 30, the Home Screen beside it (100 ≥ 96 columns).
  @Test func dashboardWithTheHomeScreenBeside() throws {
    let frame = PhoneScreenRenderer.render(
      PhoneSamples.day, tab: .dashboard, width: 100, height: 30, options: RenderOptions())
    #expect(frame.lines.count == 30)
    #expect(frame.lines.allSatisfy { $0.count <= 100 })
    // The step gauge in the app's 54 columns: 54 − 5 (label) − 2 (brackets) = 47 cells;
    // 8432 / 10 000 × 47 × 8 = 317.04 eighths → 39 full cells and 5 eighths (▋), 7 empty; 84 %.
    let gauge =
      "[" + String(repeating: "█", count: 39) + "▋" + String(repeating: " ", count: 7)
      + "]  84%"
    #expect(frame.lines[5].hasPrefix(gauge + "│"))
    #expect(frame.lines[4].hasPrefix("Steps          8432 / 10000"))
    // 342.5 kcal shows rounded down, as the watch face's amounts, and its gauge follows the
    // written 342: 342 / 500 = 68.4 % -> 68 % (not 342.5 / 500 = 68.5 % -> 69 %).
    #expect(frame.lines[7].hasPrefix("Active energy  342 kcal / 500 kcal"))
    #expect(frame.lines[8].contains("]  68%│"))
    #expect(frame.lines[13].hasPrefix("Sleep          7 h 15 min · score 83 "))
    #expect(frame.lines[15].hasPrefix("Good "))
    #expect(frame.text == (try snapshot("dashboard-100x30.txt", recording: frame)))
  }

  @Test func historyAt80Columns() throws {
    let frame = PhoneScreenRenderer.render(
      PhoneSamples.day, tab: .history, width: 80, height: 40, options: RenderOptions())
    // The week's bars: 80 − 10 (label) − 8 (count) = 62 cells; 12 000 is the top.
    #expect(frame.lines[4] == "Thu 06-04 " + String(repeating: " ", count: 62) + "       0")
    #expect(frame.lines[6] == "Sat 06-06 " + String(repeating: "█", count: 62) + "   12000")
    // 6000 / 12 000 × 62 cells = 31 cells exactly.
    #expect(
      frame.lines[7] == "Sun 06-07 " + String(repeating: "█", count: 31)
        + String(repeating: " ", count: 31) + "    6000")
    // The month: 23 days without data (·), then the week: 0 → ▁; 4000/12000 × 8 = 2.67 → 3rd
    // level ▃; 12000 → █; 6000 → ▄; 3000 → ▂; 5060 → 3.37 → ▄; 8432 → 5.62 → ▆.
    #expect(frame.lines[13] == String(repeating: "·", count: 23) + "▁▃█▄▂▄▆")
    #expect(frame.text == (try snapshot("history-80x40.txt", recording: frame)))
  }

  @Test func settingsAndHomeScreenAt60Columns() throws {
    let settings = PhoneScreenRenderer.render(
      PhoneSamples.day, tab: .settings, width: 60, height: 20, options: RenderOptions())
    #expect(settings.text == (try snapshot("settings-60x20.txt", recording: settings)))
    let home = PhoneScreenRenderer.render(
      PhoneSamples.day, tab: .homeScreen, width: 60, height: 30, options: RenderOptions())
    #expect(home.text == (try snapshot("home-60x30.txt", recording: home)))
  }

  /// Missing values before the app asked for Health access: placeholders with the hint, ASCII.
  @Test func placeholdersInASCII() throws {
    let frame = PhoneScreenRenderer.render(
      PhoneSamples.empty, tab: .dashboard, width: 70, height: 24,
      options: RenderOptions(color: false, asciiOnly: true))
    #expect(frame.lines[4] == "Steps          -- / 10000  connect Health in Settings")
    #expect(frame.lines.allSatisfy { $0.allSatisfy(\.isASCII) })
    #expect(frame.runs.allSatisfy { $0.style.color == nil })
    #expect(frame.text == (try snapshot("empty-ascii-70x24.txt", recording: frame)))
  }

  @Test func tinySizesDoNotCrash() {
    for (width, height) in [(0, 0), (1, 1), (10, 3), (20, 6), (5, 40)] {
      let frame = PhoneScreenRenderer.render(
        PhoneSamples.day, tab: .homeScreen, width: width, height: height)
      #expect(frame.lines.count == height)
      #expect(frame.lines.allSatisfy { $0.count <= width })
    }
  }

  @Test func statusLineForDumbTerminals() {
    #expect(
      PhoneDriver.statusLine(PhoneSamples.day, tab: .history)
        == "2026-06-10 18:00 +02:00  tab 2 History  steps 8432/10000  energy 342 kcal  heart rate 72 bpm  (keys: 1-4 tabs, l +1 min, k +1 h, n next day, > midnight, q quit)"
    )
  }
}

@Suite struct PhoneDocumentTests {
  @Test func keysSortedAndNullsForMissingValues() throws {
    let document = PhoneDocument.document(scenarioName: "Day", instants: [PhoneSamples.empty])
    let text = JSONWriter.encode(document, style: .compact)
    #expect(text.hasPrefix("{\"generator\":\"workout-sim 0.1.0\",\"instants\":[{\"at\":90,"))
    #expect(
      text.contains(
        "\"dashboard\":{\"activeEnergy\":null,\"activeEnergyGoal\":null,\"connected\":false,\"heartRate\":null,"
      ))
    #expect(text.contains("\"nextNotification\":null"))
    #expect(text.hasSuffix("\"widgets\":{}}],\"scenario\":\"Day\"}"))
  }

  @Test func widgetsByFamily() throws {
    let document = PhoneDocument.document(scenarioName: "Day", instants: [PhoneSamples.day])
    guard case .array(let instants)? = document["instants"], let instant = instants.first else {
      Issue.record("no instants")
      return
    }
    #expect(instant["widgets"]?["systemSmall"]?["steps"] == .number(8432))
    #expect(instant["widgets"]?["systemSmall"]?["heartRate"] == .null)
    #expect(instant["widgets"]?["systemMedium"]?["activeEnergy"] == .number(342.5))
    #expect(instant["history"]?["week"]?["totalSteps"] == .number(38_492))
    #expect(instant["nextNotification"]?["fireDate"] == .string("2026-06-15T09:00:00+02:00"))
  }

  /// The device's local date-time: 2026-03-29T01:30:00Z is 03:30 +02:00 in Berlin (summer time
  /// from 01:00Z), 2026-03-29T00:30:00Z is 01:30 +01:00.
  @Test func localTextAcrossTheDSTChange() throws {
    let zone = try #require(TimeZone(identifier: "Europe/Berlin"))
    let after = try Scenario.WallClockDate.parse("2026-03-29T01:30:00Z").date
    let before = try Scenario.WallClockDate.parse("2026-03-29T00:30:00Z").date
    #expect(PhoneApp.localText(after, in: zone) == "2026-03-29T03:30:00+02:00")
    #expect(PhoneApp.localText(before, in: zone) == "2026-03-29T01:30:00+01:00")
  }
}
