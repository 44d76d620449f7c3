import Foundation
import Testing
import WorkoutJSON
import WorkoutSimTestSupport

/// The built `fitness-tracker-phone`.
let phone = Binary("fitness-tracker-phone")

extension Binary {
  /// The path of `Fixtures/<name>` in this target's resources.
  static func fixture(_ name: String) throws -> String {
    try fixture(name, in: .module)
  }
}

/// `fitness-tracker-phone` as a process: the app's own models on the hand-worked day of
/// Fixtures/phone-day.json (the samples of Examples/HealthApp/Scenarios/seed-day.json: Berlin,
/// start Wednesday 2026-06-10 18:00 +02:00).
@Suite struct PhoneEndToEndTests {
  func document(_ arguments: [String]) async throws -> [JSONValue] {
    let outcome = try await phone.run(["--json"] + arguments)
    #expect(outcome.status == 0, "\(outcome.standardError)")
    let document = try JSONParser.parse(Array(outcome.standardOutput))
    #expect(document["generator"] == .string("workout-sim 0.1.0"))
    guard case .array(let instants)? = document["instants"] else { return [] }
    return instants
  }

  func days(_ instant: JSONValue, _ range: String) -> [JSONValue] {
    guard case .array(let days)? = instant["history"]?[range]?["days"] else { return [] }
    return days
  }

  /// The three instants: 18:00 (t = 0), 18:31 (31:00) and 00:01 on Thursday (given as a
  /// date-time, 6 h 1 min = 21 660 s), printed in time order whatever the order given.
  @Test func theDayByTheAppsOwnModels() async throws {
    let instants = try await document([
      "--scenario", try Binary.fixture("phone-day.json"), "--at", "2026-06-11T00:01:00+02:00",
      "--at", "0", "--at", "31:00",
    ])
    try #require(instants.count == 3)
    let (evening, later, midnight) = (instants[0], instants[1], instants[2])
    #expect(evening["at"] == .number(0))
    #expect(evening["local"] == .string("2026-06-10T18:00:00+02:00"))
    #expect(later["at"] == .number(1860))
    #expect(midnight["at"] == .number(21_660))
    #expect(midnight["local"] == .string("2026-06-11T00:01:00+02:00"))

    // Today's steps, merged (Watch before iPhone), today's daily bucket: of the Watch's 120 across
    // midnight only the 60 after it; 60 + 3000 + (iPhone 09:00–09:30 only: 1200) + 2112 + 2000
    // = 8372 (the app's rule: Examples/FitnessTracker's HealthReader.todaySteps).
    let dashboard = try #require(evening["dashboard"])
    #expect(dashboard["steps"] == .number(8372))
    #expect(dashboard["stepGoal"] == .number(10_000))
    // 150 + (iPhone 09:00–09:30: 30) + 162.5 = 342.5 kcal; the goal is the app's default 500.
    #expect(dashboard["activeEnergy"] == .number(342.5))
    #expect(dashboard["activeEnergyGoal"] == .number(500))
    // The latest reading 72 at 17:50; the last 24 h from 18:00 yesterday: 62 (22:00), 95, 110,
    // 72 (58 at 17:00 yesterday is older).
    #expect(dashboard["heartRate"] == .number(72))
    #expect(dashboard["heartRateTime"] == .string("17:50"))
    #expect(
      dashboard["heartRateLast24Hours"]
        == .array([.number(62), .number(95), .number(110), .number(72)]))
    // Asleep: core 2 h + deep 1.5 h + REM 1.5 h + core 2.25 h = 7.25 h; in bed 22:45–06:45 =
    // 8 h; efficiency 7.25 / 8 = 0.90625 (≥ 0.85: 30 points), 7 to 9 h (70 points): 100.
    #expect(dashboard["sleepHours"] == .number(7.25))
    #expect(dashboard["sleepEfficiency"] == .number(0.90625))
    #expect(dashboard["sleepScore"] == .number(100))
    #expect(dashboard["sleepRating"] == .string("Excellent: enough sleep, and efficient"))
    #expect(dashboard["connected"] == .bool(true))

    // The week by local day: the sample across midnight split 60 / 60; Tuesday 5000 + 60 =
    // 5060, Wednesday 8372 as the dashboard; the 5 days before have none. Total 13 432, average
    // over the 2 days with data 6716.
    let week = days(evening, "week")
    try #require(week.count == 7)
    #expect(week[0]["date"] == .string("2026-06-04"))
    #expect(week[0]["steps"] == .null)
    #expect(week[5]["steps"] == .number(5060))
    #expect(week[6]["date"] == .string("2026-06-10"))
    #expect(week[6]["steps"] == .number(8372))
    #expect(week[6]["activeEnergy"] == .number(342.5))
    // Tuesday's night: core 00:30–06:00 = 5.5 h.
    #expect(week[5]["sleepHours"] == .number(5.5))
    #expect(evening["history"]?["week"]?["totalSteps"] == .number(13_432))
    #expect(evening["history"]?["week"]?["averageSteps"] == .number(6716))
    #expect(days(evening, "month").count == 30)
    #expect(evening["settings"]?["healthKitStatus"] == .string("requested"))
    #expect(evening["settings"]?["stepGoal"] == .number(10_000))
    // The widget shows the snapshot the dashboard just wrote: its provider is registered at
    // launch, after the launch's dashboard load, so the first (free) timeline at 18:00 has it.
    #expect(evening["widgets"]?["systemSmall"]?["steps"] == .number(8372))
    #expect(
      evening["widgets"]?["systemSmall"]?["entryDate"] == .string("2026-06-10T18:00:00+02:00"))
    #expect(evening["widgets"]?["systemMedium"]?["heartRate"] == .number(72))
    #expect(evening["widgets"]?["systemSmall"]?["url"] == .string("fitnesstracker://dashboard"))

    // The launch scheduled the weekly summary (permission granted by default): Monday 09:00
    // local, the first after Wednesday 10 June 18:00 is Monday 15 June, repeating.
    #expect(evening["settings"]?["notificationPermission"] == .string("allowed"))
    #expect(evening["nextNotification"]?["fireDate"] == .string("2026-06-15T09:00:00+02:00"))
    #expect(evening["nextNotification"]?["repeats"] == .bool(true))

    // 18:31: the Watch's 300 (saved 18:15) and 150 (saved 18:30) have arrived: 8822.
    #expect(later["dashboard"]?["steps"] == .number(8822))
    // The widget shows WidgetKit's timeline, not the dashboard: the provider's policy is
    // `.after(now + 15 min)`, so it reloaded at 18:15 and 18:30 (budget 40: 2 used), each time
    // reading the snapshot written at 18:00 (8372 steps); the 18:31 load writes 8822 but does
    // not ask WidgetKit to reload. The 18:30 timeline's first entry is at 18:30.
    let laterSmall = try #require(later["widgets"]?["systemSmall"])
    #expect(laterSmall["entryDate"] == .string("2026-06-10T18:30:00+02:00"))
    #expect(laterSmall["steps"] == .number(8372))
    #expect(laterSmall["dataAsOf"] == .string("2026-06-10T18:00:00+02:00"))
    #expect(
      later["widgets"]?["systemMedium"]?["entryDate"] == .string("2026-06-10T18:30:00+02:00"))

    // 00:01 Thursday: a new local day without steps; Wednesday's column now has everything:
    // 8372 + 300 + 150 = 8822; no sleep yet for the night ending Thursday; the last 24 h from
    // 00:01 Wednesday: 95, 110, 72.
    #expect(midnight["dashboard"]?["steps"] == .null)
    #expect(midnight["dashboard"]?["sleepHours"] == .null)
    #expect(midnight["dashboard"]?["heartRate"] == .number(72))
    #expect(
      midnight["dashboard"]?["heartRateLast24Hours"]
        == .array([.number(95), .number(110), .number(72)]))
    let thursdayWeek = days(midnight, "week")
    #expect(thursdayWeek.last?["date"] == .string("2026-06-11"))
    #expect(thursdayWeek.last?["steps"] == .null)
    #expect(thursdayWeek.dropLast().last?["steps"] == .number(8822))
    // The widget: reloads every 15 min from 18:30 to 00:00 (23 on Wednesday, within 40); the
    // 00:00 timeline read the 18:31 snapshot (Wednesday's, so no steps on Thursday's face), its
    // first entry at 00:00; the Medium face keeps the heart rate (72 at 17:50).
    let midnightSmall = try #require(midnight["widgets"]?["systemSmall"])
    #expect(midnightSmall["steps"] == .null)
    #expect(midnightSmall["entryDate"] == .string("2026-06-11T00:00:00+02:00"))
    #expect(midnightSmall["dataAsOf"] == .string("2026-06-10T18:31:00+02:00"))
    #expect(midnight["widgets"]?["systemMedium"]?["heartRate"] == .number(72))
  }

  /// A budget of 2 reloads a day (Fixtures/phone-budget.json, otherwise phone-day.json): the
  /// free first timeline at 18:00, the policy's reloads at 18:15 (1 left) and 18:30 (0 left);
  /// the one due at 18:45 waits for local midnight, so the faces stop refreshing after the 2nd
  /// reload. Thursday's budget is 2 again: the deferred reload happens at 00:00.
  @Test func aSpentWidgetBudgetFreezesTheFacesUntilMidnight() async throws {
    let instants = try await document([
      "--scenario", try Binary.fixture("phone-budget.json"), "--at", "31:00", "--at", "1:00:00",
      "--at", "2026-06-11T00:01:00+02:00",
    ])
    try #require(instants.count == 3)
    let (later, hour, midnight) = (instants[0], instants[1], instants[2])
    // 18:31: the 18:30 timeline, of the 18:00 snapshot (8372), as with the default budget.
    #expect(
      later["widgets"]?["systemSmall"]?["entryDate"] == .string("2026-06-10T18:30:00+02:00"))
    #expect(later["widgets"]?["systemSmall"]?["steps"] == .number(8372))
    // 19:00: with budget left it would show the 19:00 reload of the 18:31 snapshot (8822);
    // spent, it still shows the 18:30 entry and 8372, while the dashboard has 8822.
    let hourSmall = try #require(hour["widgets"]?["systemSmall"])
    #expect(hour["dashboard"]?["steps"] == .number(8822))
    #expect(hourSmall["entryDate"] == .string("2026-06-10T18:30:00+02:00"))
    #expect(hourSmall["steps"] == .number(8372))
    #expect(hourSmall["dataAsOf"] == .string("2026-06-10T18:00:00+02:00"))
    #expect(
      hour["widgets"]?["systemMedium"]?["entryDate"] == .string("2026-06-10T18:30:00+02:00"))
    // 00:01: the deferred reload at 00:00 read the 19:00 snapshot (Wednesday's: no steps).
    let midnightSmall = try #require(midnight["widgets"]?["systemSmall"])
    #expect(midnightSmall["entryDate"] == .string("2026-06-11T00:00:00+02:00"))
    #expect(midnightSmall["steps"] == .null)
    #expect(midnightSmall["dataAsOf"] == .string("2026-06-10T19:00:00+02:00"))
  }

  /// Without `--at`: t = 0 and the scenario's end, its last timeline action (6:01:00).
  @Test func defaultInstantsAreTheStartAndTheEnd() async throws {
    let instants = try await document(["--scenario", try Binary.fixture("phone-day.json")])
    #expect(instants.map { $0["at"] } == [.number(0), .number(21_660)])
  }

  /// A denied heart-rate read shows no data (HealthKit returns none and no error); the other
  /// types are still read.
  @Test func aDeniedReadIsAPlaceholder() async throws {
    let instants = try await document(["--scenario", try Binary.fixture("phone-denied.json")])
    try #require(instants.count == 1)
    #expect(instants[0]["dashboard"]?["heartRate"] == .null)
    #expect(instants[0]["dashboard"]?["heartRateLast24Hours"] == .array([]))
    #expect(instants[0]["dashboard"]?["steps"] == .number(8372))
  }

  /// Without a terminal and without `--json`: a short summary, not the JSON document (issue 26,
  /// bug 6c: it printed the whole document, about 900 lines); `--headless` the same; `--json`
  /// the document. The values are those of ``theDayByTheAppsOwnModels()``.
  @Test func withoutATerminalASummaryUnlessJSON() async throws {
    let scenario = try Binary.fixture("phone-day.json")
    let summary = try await phone.run(["--scenario", scenario])
    #expect(summary.status == 0, "\(summary.standardError)")
    #expect(summary.standardError == "")
    let lines = summary.text.split(separator: "\n", omittingEmptySubsequences: false)
    // The header, then a blank line and six lines for each of t = 0 and the end, and the
    // final newline.
    #expect(lines.count == 16)
    #expect(lines.first?.hasPrefix("FitnessTracker on \"") == true)
    #expect(lines.first?.hasSuffix(": 2 instants (--json prints every value)") == true)
    #expect(lines[2] == "2026-06-10 18:00 +02:00  t 0:00:00  Europe/Berlin")
    #expect(
      lines[3]
        == "  dashboard   steps 8372 / 10000, energy 342 / 500 kcal, heart rate 72 bpm at 17:50, sleep 7 h 15 min (score 100)"
    )
    #expect(lines[9] == "2026-06-11 00:01 +02:00  t 6:01:00  Europe/Berlin")
    #expect(lines[14] == "  next        \"Your week\" at 2026-06-15 09:00 +02:00, repeats")
    #expect((try? JSONParser.parse(Array(summary.standardOutput))) == nil)
    let headless = try await phone.run(["--scenario", scenario, "--headless"])
    #expect(headless.standardOutput == summary.standardOutput)
    let json = try await phone.run(["--scenario", scenario, "--json"])
    #expect(json.status == 0)
    let document = try JSONParser.parse(Array(json.standardOutput))
    guard case .array(let instants)? = document["instants"] else {
      Issue.record("no instants")
      return
    }
    #expect(instants.map { $0["at"] } == [.number(0), .number(21_660)])
    #expect(instants.first?["dashboard"]?["steps"] == .number(8372))
  }

  @Test func badInputGetsRunsMessagesAndCodes() async throws {
    let missing = try await phone.run(["--scenario", "no-such-file.json"])
    #expect(missing.status == 66)
    #expect(missing.standardError.hasPrefix("Error: no-such-file.json: cannot open the file"))
    let run = try await Binary.run(["run", "--scenario", "no-such-file.json"])
    #expect(run.standardError == missing.standardError)
    let unknown = try await phone.run(["--jsno"])
    #expect(unknown.status == 64)
    #expect(
      unknown.standardError.hasPrefix("Error: Unknown option '--jsno'. Did you mean '--json'?"))
    let before = try await phone.run([
      "--scenario", try Binary.fixture("phone-day.json"), "--at", "2026-06-10T17:00:00+02:00",
    ])
    #expect(before.status == 64)
    #expect(before.standardError.contains("is before the scenario's start"))
    let badTime = try await phone.run(["--at", "1:75"])
    #expect(badTime.status == 64)
    #expect(
      badTime.standardError.hasPrefix(
        "Error: --at: \"1:75\" is not a time (seconds must be below 60)."))
    let folder = try makeTemporaryFolder()
    let bad = folder + "/bad.json"
    try Data("{ \"version\": 1, }".utf8).write(to: URL(fileURLWithPath: bad))
    let syntax = try await phone.run(["--scenario", bad])
    #expect(syntax.status == 65)
    #expect(
      syntax.standardError == (try await Binary.run(["run", "--scenario", bad])).standardError)
  }
}

/// The screens in a pseudo-terminal (scripts/pty-watch.py drives any binary of the package).
@Suite(.serialized) struct PhoneTerminalEndToEndTests {
  @Test func tabsAndTimeKeysAndQuitRestoresTheTerminal() async throws {
    let scenario = try Binary.fixture("phone-day.json")
    let run = try await PseudoTerminalRun.run(
      steps: "wait:Steps          ;send:2;wait:This week;send:3;wait:Health access;"
        + "send:1;send:k;wait:t 1:00:00;wait:2026-06-10 19:00;send:>;wait:2026-06-11 00:00;send:q",
      binary: phone, arguments: ["--scenario", scenario], env: ["LANG=C.UTF-8"], columns: 100)
    #expect(run.failed == nil, "\(run.screen.suffix(3000))")
    #expect(run.exit == 0)
    #expect(run.restored)
    // 100 columns: the Home Screen stands beside the dashboard.
    #expect(run.screen.contains("Next notification"))
  }

  @Test func sigtermExits143AndEndOfInputRestores() async throws {
    let scenario = try Binary.fixture("phone-day.json")
    let run = try await PseudoTerminalRun.run(
      steps: "wait:FitnessTracker;signal:TERM", binary: phone, arguments: ["--scenario", scenario])
    #expect(run.failed == nil)
    #expect(run.exit == 143)
    #expect(run.restored)
  }

  /// A resize redraws at the new width: at 80 columns (below 96) the Home Screen leaves the
  /// dashboard's side; the rule then spans 80 columns.
  @Test func resizeRedrawsAtTheNewWidth() async throws {
    let scenario = try Binary.fixture("phone-day.json")
    let run = try await PseudoTerminalRun.run(
      steps: "wait:Next notification;resize:80x24;waitre:(?<!\\u2500)\\u2500{80}1-4 Tab;send:q",
      binary: phone, arguments: ["--scenario", scenario], env: ["LANG=C.UTF-8"], columns: 100)
    #expect(run.exit == 0)
    #expect(run.restored)
    #expect(run.screen.contains(String(repeating: "─", count: 80) + "1-4 Tab"))
  }

  /// `TERM=dumb`: one status line per change, no full screen.
  @Test func dumbTerminalGetsStatusLines() async throws {
    let scenario = try Binary.fixture("phone-day.json")
    let run = try await PseudoTerminalRun.run(
      steps: "wait:tab 1 Dashboard;send:2;wait:tab 2 History;send:q",
      binary: phone, arguments: ["--scenario", scenario], env: ["TERM=dumb", "LANG=C.UTF-8"])
    #expect(run.failed == nil)
    #expect(run.exit == 0)
    #expect(run.restored)
    #expect(!run.screen.contains("Next notification"))
  }
}
