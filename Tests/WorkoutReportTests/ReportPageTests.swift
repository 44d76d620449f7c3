import Foundation
import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSimulation

@testable import WorkoutReport

/// A 10-minute run at 3 m/s up 5 %, paused from 2:00 to 4:00, a lap at 5:00 and a marker at
/// 6:00, in Europe/Berlin (+01:00 in March).
private let pausedRun = """
  {
    "version": 1, "name": "Paused <run> & lap", "seed": 3, "activity": "running",
    "timeZone": "Europe/Berlin", "start": "2026-03-02T07:30:00+01:00",
    "athlete": { "age": 40, "maxHeartRate": 180 },
    "course": [{ "duration": 600, "speed": 3, "grade": 0.05 }],
    "sensors": { "heartRate": { "error": "off" } },
    "timeline": [
      { "at": 0, "do": "start" },
      { "at": 120, "do": "pause" },
      { "at": 240, "do": "resume" },
      { "at": 300, "do": "lap" },
      { "at": 360, "do": "marker" },
      { "at": 600, "do": "end" }
    ]
  }
  """

private func input(_ json: String) throws -> ReportInput {
  let scenario = try decodeScenario(json, fileName: "test.json")
  let result = try Simulation.run(scenario)
  return ReportInput(
    result: result, source: "test.json", maximumHeartRate: scenario.athlete.maxHeartRate,
    profile: try Simulation.courseProfile(scenario))
}

/// The `d` attribute of the first path with CSS class `cssClass` in the chart `id`.
private func pathData(_ page: String, chart id: String, cssClass: String) -> String? {
  guard let chart = page.range(of: "id=\"" + id + "\"") else { return nil }
  let rest = page[chart.upperBound...]
  guard let end = rest.range(of: "</svg>") else { return nil }
  let svg = rest[..<end.lowerBound]
  guard let path = svg.range(of: "class=\"line " + cssClass + "\" d=\"") else { return nil }
  let data = svg[path.upperBound...]
  guard let quote = data.firstIndex(of: "\"") else { return nil }
  return String(data[..<quote])
}

@Suite struct ReportPageTests {
  @Test func courseProfileIntegratesTheGrades() throws {
    // 600 s at 3 m/s up 5 %: 3 × 600 × 0.05 = 90 m above the start (no recorded altitude: 0 m).
    let scenario = try decodeScenario(pausedRun, fileName: "test.json")
    let profile = try Simulation.courseProfile(scenario)
    #expect(
      profile.elevation == [
        ElevationPoint(seconds: 0, metres: 0), ElevationPoint(seconds: 600, metres: 90),
      ])
    #expect(profile.recordedAltitude.isEmpty)
  }

  @Test func pageHasTheChartsAndMarksOfTheRecord() throws {
    let page = Report.page(try input(pausedRun))
    #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
    // Title escaped.
    #expect(page.contains("<h1>Paused &lt;run&gt; &amp; lap</h1>"))
    for id in ["r1-states", "r1-heart-rate", "r1-speed", "r1-cadence", "r1-elevation", "r1-energy"]
    {
      #expect(page.contains("id=\"" + id + "\""), "chart \(id)")
    }
    // A run has no power.
    #expect(!page.contains("id=\"r1-power\""))
    // The pause from 2:00 to 4:00 as a shaded span, with its local times (+01:00).
    #expect(
      page.contains(
        "<title>paused 2026-03-02T07:32:00+01:00 to 2026-03-02T07:34:00+01:00</title>"))
    #expect(page.contains("<title>lap 2026-03-02T07:35:00+01:00</title>"))
    #expect(page.contains("<title>marker 2026-03-02T07:36:00+01:00</title>"))
    // Heart rate every 5 s (the measured error off: no missing readings) with no samples from
    // 120 to 240 s: 120 s > 2.5 × 5 s, so the line is two runs, two `M` commands.
    let heartRate = try #require(pathData(page, chart: "r1-heart-rate", cssClass: "s-hr"))
    #expect(heartRate.filter { $0 == "M" }.count == 2)
    // The zones of 180 bpm: zone 1 from 90 bpm, in its colour.
    #expect(page.contains("fill=\"#3b82c4\" fill-opacity=\"0.16\"><title>zone 1</title>"))
    // Elapsed ticks over 600 s (60 s steps, at most 10) and the wall clock in Berlin.
    #expect(page.contains(">10:00</text>"))
    #expect(page.contains(">07:30</text>") && page.contains(">07:40</text>"))
    // The totals: 8 minutes of running (600 − 120 s paused), one pause, one lap, one marker.
    #expect(page.contains("<tr><th>duration</th><td>0:08:00</td></tr>"))
    #expect(page.contains("<tr><th>pauses</th><td>1</td></tr>"))
    #expect(page.contains("<tr><th>laps</th><td>1</td></tr>"))
    #expect(page.contains("<tr><th>markers</th><td>1</td></tr>"))
  }

  @Test func pageIsSelfContained() throws {
    let page = Report.page(try input(pausedRun))
    #expect(!page.contains("<script"))
    #expect(!page.contains("src="))
    #expect(!page.contains("href="))
    #expect(!page.contains("url("))
    #expect(!page.contains("@import"))
    // The only address is the SVG namespace.
    let addresses = page.components(separatedBy: "http").count - 1
    let namespaces = page.components(separatedBy: "xmlns=\"http://www.w3.org/2000/svg\"").count - 1
    #expect(addresses == namespaces)
    #expect(page.contains("@media (prefers-color-scheme: dark)"))
    #expect(page.contains("@media print"))
  }

  /// A scenario name with NUL and ESC (a JSON string may hold them as `\u0000`, `\u001b`):
  /// the page holds no control character but tab, line feed and carriage return.
  @Test func controlCharactersOfTheUsersTextNeverReachThePage() throws {
    let named = pausedRun.replacingOccurrences(
      of: "Paused <run> & lap", with: "Evil\\u0000\\u001b[2Jrun")
    let page = Report.page(try input(named))
    let forbidden = page.unicodeScalars.filter {
      ($0.value < 0x20 && ![0x09, 0x0A, 0x0D].contains($0.value))
        || (0x7F...0x9F).contains($0.value)
    }
    #expect(forbidden.isEmpty)
    #expect(page.contains("<h1>Evil\u{2400}\u{241B}[2Jrun</h1>"))
  }

  @Test func aRunWithoutARecordStillShowsItsSession() throws {
    // Started at 0 and never ended: the session is still running at the last action (a probe
    // at 5:00), so no record is saved; the run's strip shows session 0 running from the start.
    let page = Report.page(
      try input(
        """
        {
          "version": 1, "name": "Open", "activity": "walking", "timeZone": "UTC",
          "start": "2026-03-02T07:30:00+00:00",
          "course": [{ "duration": 300, "speed": 1.2 }],
          "timeline": [{ "at": 0, "do": "start" }, { "at": 300, "do": "probe" }]
        }
        """))
    #expect(page.contains("No finished workout: the run saved no record."))
    #expect(page.contains("id=\"run-timeline\""))
    #expect(page.contains("<title>session 0 running from 2026-03-02T07:30:00+00:00</title>"))
    #expect(page.contains("<title>session left open 2026-03-02T07:35:00+00:00</title>"))
    #expect(!page.contains("id=\"r1-heart-rate\""))
  }

  @Test func sameRunGivesTheSameBytes() throws {
    let first = Report.html(try input(pausedRun))
    let second = Report.html(try input(pausedRun))
    #expect(first == second)
  }

  @Test func twelveHourRunStaysUnderTwoMegabytes() throws {
    // Benchmarks/scenarios/report-12h.json: 36000 heart-rate readings at 1 s, of which the
    // measured sensor misses at most 10 % (1 % + 9 % at full intensity), so at least 32400
    // samples; the page keeps at most 4 points per pixel column per line, so it is far below
    // the 2 MB bound.
    let url = packageRoot.appendingPathComponent("Benchmarks/scenarios/report-12h.json")
    let scenario = try Scenario.load(contentsOf: url, displayName: "report-12h.json")
    let result = try Simulation.run(scenario)
    let record = try #require(result.records.first)
    #expect(record.samples[.heartRate]?.count ?? 0 >= 32400)
    let bytes = Report.html(
      ReportInput(
        result: result, source: "report-12h.json",
        maximumHeartRate: scenario.athlete.maxHeartRate,
        profile: try Simulation.courseProfile(scenario)))
    #expect(bytes.count <= 2_000_000)
    // The line of heart rate has at most 4 points per column of the 840-pixel plot (841
    // columns, plus a column shared by two of the 12 runs between pauses): far fewer than its
    // 36000 samples.
    let page = String(decoding: bytes, as: UTF8.self)
    let heartRate = try #require(pathData(page, chart: "r1-heart-rate", cssClass: "s-hr"))
    let commands = heartRate.filter { $0 == "L" || $0 == "M" }.count
    #expect(commands <= 4 * (841 + 12))
    #expect(commands > 841)
  }

  @Test func healthDaysPageDrawsEveryDay() {
    // Two days: steps by source with the merged count, sleep stacked, resting heart rate.
    let days = [
      HealthDayValues(
        date: "2026-03-28", stepsBySource: [("Watch", 8000), ("iPhone", 6000)],
        mergedSteps: 9000, sleepMinutes: [("core", 240), ("deep", 60), ("rem", 90)],
        restingHeartRate: 52),
      HealthDayValues(
        date: "2026-03-29", stepsBySource: [("Watch", 4000)], mergedSteps: 4000,
        sleepMinutes: [("core", 200), ("awake", 20)], restingHeartRate: 55),
    ]
    let section = Report.healthDaysSection(days)
    #expect(section.contains("<title>2026-03-28 Watch: 8000</title>"))
    #expect(section.contains("<title>2026-03-28 merged: 9000</title>"))
    #expect(section.contains("<title>2026-03-29 awake: 20 min</title>"))
    // Steps axis: 0 ... 9000 with at most 5 ticks: step 2000 (9000 / 5 = 1800 → 2000),
    // widened to 0 ... 10000.
    #expect(section.contains(">10000</text>"))
    #expect(
      section.contains(
        "<tr><th>2026-03-29</th><td>Watch 4000</td><td>4000</td><td>core 200 min, awake 20 min</td><td>55 bpm</td></tr>"
      ))
    #expect(Report.healthDaysSection([]) == "")
  }

  /// Resting heart rate 52 and 55 bpm: with 1 bpm of room each side, 51 ... 56 rounds out to
  /// 50 ... 56 in steps of 2 (a span of 5 in at most 4 steps: 1.25 → 2), so the lowest day is
  /// drawn 2 bpm above the axis line rather than on it (without the room: 52 ... 55 in steps
  /// of 1, the 52 on the axis).
  @Test func theRestingHeartRateChartKeepsItsLowestDayOffTheAxis() throws {
    let days = [
      HealthDayValues(
        date: "2026-03-28", stepsBySource: [], mergedSteps: 0, sleepMinutes: [],
        restingHeartRate: 52),
      HealthDayValues(
        date: "2026-03-29", stepsBySource: [], mergedSteps: 0, sleepMinutes: [],
        restingHeartRate: 55),
    ]
    let section = Report.healthDaysSection(days)
    let chart = try #require(section.components(separatedBy: "id=\"days-resting\"").last)
    #expect(chart.contains(">50</text>"))
    #expect(chart.contains(">56</text>"))
    #expect(!chart.contains(">57</text>") && !chart.contains(">48</text>"))
  }

  @Test func theRunResultsDaysMakeThePageOfDays() throws {
    // Two days put into the result by hand: the page draws them without being given days.
    var run = try input(pausedRun)
    run.result.days = [
      HealthDay(
        date: "2026-03-02", start: .zero, end: SimulationInstant(nanoseconds: 86_400_000_000_000),
        steps: HealthDay.Steps(merged: 7200, watch: 6000, iPhone: 4500), activeEnergy: 300,
        restingHeartRate: 54, sleep: 7 * 3600, workouts: 1),
      HealthDay(
        date: "2026-03-03", start: SimulationInstant(nanoseconds: 86_400_000_000_000),
        end: SimulationInstant(nanoseconds: 172_800_000_000_000),
        steps: HealthDay.Steps(merged: 3000, watch: 3000, iPhone: 0), activeEnergy: 100,
        restingHeartRate: nil, sleep: 0, workouts: 0),
    ]
    let page = Report.page(run)
    #expect(page.contains("<h2>Health days</h2>"))
    #expect(page.contains("<title>2026-03-02 Watch: 6000</title>"))
    #expect(page.contains("<title>2026-03-02 iPhone: 4500</title>"))
    #expect(page.contains("<title>2026-03-02 merged: 7200</title>"))
    // 7 h asleep = 420 min, one bar; the second night has none.
    #expect(page.contains("<title>2026-03-02 asleep: 420 min</title>"))
    #expect(!page.contains("2026-03-03 asleep"))
    #expect(
      page.contains(
        "<tr><th>2026-03-03</th><td>Watch 3000, iPhone 0</td><td>3000</td><td></td><td>-</td></tr>"
      ))
    // Without days, no page of days.
    #expect(!Report.page(try input(pausedRun)).contains("Health days"))
  }

  @Test func aYearOfDaysStaysUnderTwoMegabytes() {
    // 366 days of two sources, merged steps, four sleep stages and a resting heart rate: one
    // column per day, labels on every 30th day (366 / 12 = 30), far below the 2 MB bound.
    let days = (0..<366).map { index in
      HealthDayValues(
        date: "day-" + String(index), stepsBySource: [("Watch", 8000), ("iPhone", 6500)],
        mergedSteps: 9000,
        sleepMinutes: [("core", 230), ("deep", 70), ("rem", 95), ("awake", 25)],
        restingHeartRate: 50 + Double(index % 7))
    }
    let section = Report.healthDaysSection(days)
    #expect(section.utf8.count <= 2_000_000)
    // Labels: days 0, 30, ..., 360: 13 per chart, three charts.
    #expect(section.components(separatedBy: ">day-30</text>").count - 1 == 3)
    #expect(section.components(separatedBy: ">day-31</text>").count - 1 == 0)
  }
}

/// The totals table's time in zones is the record's `zones`.
@Suite struct ReportZoneTests {
  @Test func timeInZonesIsTheRecordsZonesWithThePauseExcluded() throws {
    // A constant 150 bpm for 10 minutes, paused from 2:00 to 4:00, maximum 180 bpm: boundaries
    // 108, 126, 144, 162; 150 ≥ 144 is zone 4 for 600 − 120 = 480 s = 0:08:00.
    let json = pausedRun.replacingOccurrences(
      of: #"{ "error": "off" }"#, with: #"{ "constant": 150 }"#)
    let built = try input(json)
    let record = try #require(built.result.records.first)
    #expect(built.result.heartRateZoneDurations(of: record) == [0, 0, 0, 480, 0])
    let page = Report.page(built)
    #expect(page.contains("<tr><th>time in zone 4</th><td>0:08:00</td></tr>"))
    #expect(page.contains("<tr><th>time in zone 3</th><td>0:00:00</td></tr>"))
  }
}
