import Testing
import WorkoutCore
import WorkoutJSON

@testable import WorkoutScenario

@Suite("Scenario times")
struct ScenarioTimeTests {
  @Test(
    "accepts every time form of the spec",
    arguments: [
      // 600 s = 600 × 10^9 ns.
      (JSONValue.number(600), Int64(600_000_000_000)),
      (.number(0), 0),
      // 0.1 s: 0.1 × 1e9 = 100000000.00000001 in floating point, rounded to 100000000 ns.
      (.number(0.1), 100_000_000),
      // 10 × 60 = 600 s.
      (.string("10:00"), 600_000_000_000),
      // mm:ss allows any whole number of minutes: 75 × 60 = 4500 s.
      (.string("75:00"), 4_500_000_000_000),
      // 1 × 3600 + 2 × 60 + 3.5 = 3723.5 s.
      (.string("1:02:03.5"), 3_723_500_000_000),
      // 0 × 60 + 59.25 = 59.25 s.
      (.string("0:59.25"), 59_250_000_000),
      // Fractions are exact decimals rounded to the nanosecond, ties up: .0000000005 → 1 ns,
      // .0000000004 → 0 ns.
      (.string("0:00.0000000005"), 1),
      (.string("0:00.0000000004"), 0),
      // 100 h = 360000 s.
      (.string("100:00:00"), 360_000_000_000_000),
    ])
  func accepted(value: JSONValue, nanoseconds: Int64) throws {
    #expect(try ScenarioTime.instant(from: value) == SimulationInstant(nanoseconds: nanoseconds))
  }

  @Test(
    "rejects everything else, saying why",
    arguments: [
      (JSONValue.string("1:75"), #""1:75" is not a time (seconds must be below 60)"#),
      (.string("90"), #""90" is not a time (a number of seconds is written without quotes: 90)"#),
      (.number(-1), "-1 is not a time (times must not be negative)"),
      (.number(-0.5), "-0.5 is not a time (times must not be negative)"),
      (.string("-1:00"), #""-1:00" is not a time (times must not be negative)"#),
      (.string("1:60:00"), #""1:60:00" is not a time (minutes must be below 60)"#),
      (.string("1:5"), #""1:5" is not a time (seconds are two digits, for example "1:05")"#),
      (
        .string("1:5:00"),
        #""1:5:00" is not a time (minutes in h:mm:ss are two digits, for example "1:05:00")"#
      ),
      (
        .string("ten"),
        #""ten" is not a time (expected seconds as a number, or "mm:ss" or "h:mm:ss", for example 600, "10:00" or "1:02:03.5")"#
      ),
      (
        .string("1:00:00:00"),
        #""1:00:00:00" is not a time (expected seconds as a number, or "mm:ss" or "h:mm:ss", for example 600, "10:00" or "1:02:03.5")"#
      ),
      (
        .string("1:00."),
        #""1:00." is not a time (expected seconds as a number, or "mm:ss" or "h:mm:ss", for example 600, "10:00" or "1:02:03.5")"#
      ),
      (
        .bool(true),
        #"true is not a time (expected seconds as a number, or "mm:ss" or "h:mm:ss", for example 600, "10:00" or "1:02:03.5")"#
      ),
      (.number(1e10), "10000000000 is not a time (at most 9000000000 seconds)"),
      // 2500001 h = 9000003600 s, above the maximum.
      (.string("2500001:00:00"), #""2500001:00:00" is not a time (at most 9000000000 seconds)"#),
    ])
  func rejected(value: JSONValue, message: String) {
    #expect(throws: TimeFormatError(message: message)) {
      try ScenarioTime.instant(from: value)
    }
  }

  @Test("command-line times also take plain seconds")
  func commandLine() throws {
    #expect(try ScenarioTime.parse("90", allowPlainSeconds: true) == .seconds(90))
    // 90.5 s = 90 500 000 000 ns.
    #expect(
      try ScenarioTime.parse("90.5", allowPlainSeconds: true)
        == SimulationInstant(nanoseconds: 90_500_000_000))
    #expect(try ScenarioTime.parse("1:30", allowPlainSeconds: true) == .seconds(90))
    #expect(throws: TimeFormatError.self) {
      try ScenarioTime.parse("1.2.3", allowPlainSeconds: true)
    }
    #expect(throws: TimeFormatError.self) {
      try ScenarioTime.parse("99999999999", allowPlainSeconds: true)
    }
  }
}
