import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSimulation

@testable import WorkoutReport

/// Three UTC days, February 28 to March 2, 2026 (t = 0 is March 2 08:00; midnights at
/// −201 600, −115 200 and −28 800 s): the night ending February 28 is the iPhone's `inBed` alone,
/// 22:00 to 06:00; the night ending March 2 the watch's `inBed` 22:00 to 07:30 and seven stages
/// in time order, the first two ending before midnight, so in March 1's day (the same nights as
/// Tests/WorkoutSimulationTests/SleepStagesTests.swift).
private let twoNights = #"""
  { "version": 1, "start": "2026-03-02T08:00:00Z",
    "timeline": [ { "at": 0, "do": "probe" } ],
    "health": { "generate": false, "days": 3,
      "sleep": [
        { "source": "iPhone", "start": -208800, "end": -180000, "stage": "inBed" },
        { "source": "iPhone", "start": -36600, "end": -1200, "stage": "inBed" },
        { "source": "watch", "start": -36000, "end": -1800, "stage": "inBed" },
        { "source": "watch", "start": -36000, "end": -35100, "stage": "awake" },
        { "source": "watch", "start": -35100, "end": -30600, "stage": "asleepCore" },
        { "source": "watch", "start": -30600, "end": -27000, "stage": "asleepDeep" },
        { "source": "watch", "start": -27000, "end": -25200, "stage": "asleepREM" },
        { "source": "watch", "start": -25200, "end": -21600, "stage": "asleepUnspecified" },
        { "source": "watch", "start": -21600, "end": -21000, "stage": "awake" },
        { "source": "watch", "start": -21000, "end": -3600, "stage": "asleepCore" } ] } }
  """#

private func count(_ text: String, _ part: String) -> Int {
  text.components(separatedBy: part).count - 1
}

@Suite("The page of days draws each night's stages as a strip in time order")
struct SleepStripTests {
  private func page() throws -> String {
    let scenario = try decodeScenario(twoNights, fileName: "sleep.json")
    let result = try Simulation.run(scenario)
    return Report.page(
      ReportInput(
        result: result, source: "sleep.json", maximumHeartRate: scenario.athlete.maxHeartRate))
  }

  @Test("one rectangle per sample of the counted source, by stage, in the night's column")
  func rectangles() throws {
    let page = try page()
    // February 28: the iPhone's inBed (1). March 1: none (its two samples end at 22:15 and
    // 23:30, after noon, so they are drawn in March 2's night). March 2: the watch's inBed and
    // its seven stages (8); the iPhone's inBed that night is not the counted source's.
    #expect(count(page, "<rect class=\"sleep-") == 9)
    #expect(count(page, "<rect class=\"sleep-inBed\"") == 2)
    #expect(count(page, "<rect class=\"sleep-awake\"") == 2)
    #expect(count(page, "<rect class=\"sleep-core\"") == 2)
    #expect(count(page, "<rect class=\"sleep-deep\"") == 1)
    #expect(count(page, "<rect class=\"sleep-rem\"") == 1)
    #expect(count(page, "<rect class=\"sleep-asleep\"") == 1)
    // One group per night, titled with the minutes it draws: March 2 inBed 34 200 s = 570 min,
    // awake 900 + 600 = 1500 s = 25, REM 30, core 4500 + 17 400 = 21 900 s = 365, deep 60,
    // unspecified 60.
    #expect(count(page, "<g><title>") == 2)
    #expect(page.contains("<g><title>2026-02-28 night: inBed 480 min</title>"))
    #expect(
      page.contains(
        "<g><title>2026-03-02 night: inBed 570 min, awake 25 min, rem 30 min, core 365 min, deep 60 min, asleep 60 min</title>"
      ))
  }

  @Test("the time of night runs down the chart: positions worked by hand")
  func positions() throws {
    let page = try page()
    // Relative to the midnight of its night's day the samples span −7200 s (22:00) to
    // 27 000 s (07:30): 34 200 s / 6 = 5700 → a 2-hour step, the axis −7200 … 28 800 (22:00
    // to 08:00) over y 10 … 174 (164 px for 36 000 s). Three columns of (904 − 64) / 3 = 280 px.
    // February 28's inBed, −7200 … 21 600: y 10, height 28 800 / 36 000 × 164 = 131.2; the
    // wide bar x 64 + 28 = 92, width 224.
    #expect(
      page.contains(
        "<rect class=\"sleep-inBed\" x=\"92.0\" y=\"10.0\" width=\"224.0\" height=\"131.2\"/>"))
    // March 2's deep sleep, −30 600 + 28 800 = −1800 … 1800: y 10 + 5400 / 36 000 × 164 = 34.6,
    // height 3600 / 36 000 × 164 = 16.4; the narrow bar x 64 + 560 + 56 = 680, width 168.
    #expect(
      page.contains(
        "<rect class=\"sleep-deep\" x=\"680.0\" y=\"34.6\" width=\"168.0\" height=\"16.4\"/>"))
    // March 1's awake, drawn in March 2's column: −36 000 + 28 800 = −7200 … −6300: y 10,
    // height 900 / 36 000 × 164 = 4.1.
    #expect(
      page.contains(
        "<rect class=\"sleep-awake\" x=\"680.0\" y=\"10.0\" width=\"168.0\" height=\"4.1\"/>"))
    // In time order: March 2's inBed, then awake, core, deep, REM, unspecified, awake, core.
    let strip = try #require(page.range(of: "<g><title>2026-03-02"))
    let classes = page[strip.upperBound...].components(separatedBy: "<rect class=\"sleep-")
      .dropFirst().map { $0.prefix { $0 != "\"" } }
    #expect(classes == ["inBed", "awake", "core", "deep", "rem", "asleep", "awake", "core"])
    // Ticks every 2 h from 22:00 to 08:00.
    for label in ["22:00", "00:00", "02:00", "04:00", "06:00", "08:00"] {
      #expect(page.contains("text-anchor=\"end\">" + label + "</text>"))
    }
  }

  @Test("a legend of the stages drawn, and the stage rules only on a page with days")
  func legend() throws {
    let page = try page()
    #expect(
      page.contains(
        "<span class=\"key\"><span class=\"swatch sleep-inBed\"></span>inBed</span> <span class=\"key\"><span class=\"swatch sleep-awake\"></span>awake</span> <span class=\"key\"><span class=\"swatch sleep-rem\"></span>rem</span>"
      ))
    #expect(page.contains(".swatch.sleep-deep {"))
    #expect(
      page.contains(
        "<tr><th>2026-03-02</th><td>Watch 0, iPhone 0</td><td>0</td><td>inBed 570 min, awake 10 min, rem 30 min, core 290 min, deep 60 min, asleep 60 min</td><td>-</td></tr>"
      ))
    // The table keeps the result's days: March 1 holds the two samples ending before midnight.
    #expect(
      page.contains(
        "<tr><th>2026-03-01</th><td>Watch 0, iPhone 0</td><td>0</td><td>awake 15 min, core 75 min</td><td>-</td></tr>"
      ))
    let plain = try decodeScenario(
      #"{ "version": 1, "timeline": [ { "at": 0, "do": "probe" } ] }"#,
      fileName: "plain.json")
    let plainPage = Report.page(
      ReportInput(
        result: try Simulation.run(plain), source: "plain.json",
        maximumHeartRate: plain.athlete.maxHeartRate))
    #expect(!plainPage.contains("sleep-inBed"))
    #expect(plainPage.contains("<style>\n" + Report.css + "</style>"))
  }

  @Test("a year of nights, 25 samples each, stays under two megabytes")
  func aYearOfNights() {
    // 366 nights of an inBed 23:00 to 07:00 and 24 stages of 20 min each from 23:00 (cycling
    // awake, core, deep, REM): 366 × 25 = 9150 rectangles.
    let stages = ["awake", "core", "deep", "rem"]
    let days = (0..<366).map { index in
      HealthDayValues(
        date: "day-" + String(index), stepsBySource: [("Watch", 8000), ("iPhone", 6500)],
        mergedSteps: 9000, sleepMinutes: [("inBed", 480), ("core", 240)],
        restingHeartRate: 50,
        sleepIntervals: [("inBed", -3600, 25_200)]
          + (0..<24).map { (stages[$0 % 4], -3600 + 1200 * Double($0), -2400 + 1200 * Double($0)) }
      )
    }
    let section = Report.healthDaysSection(days)
    #expect(count(section, "<rect class=\"sleep-") == 9150)
    #expect(count(section, "<rect class=\"sleep-inBed\"") == 366)
    #expect(section.utf8.count <= 2_000_000)
  }
}
