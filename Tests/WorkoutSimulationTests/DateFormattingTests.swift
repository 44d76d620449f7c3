import Foundation
import Testing
import WorkoutSimulation

@Suite struct DateFormattingTests {
  private func zone(_ identifier: String) throws -> TimeZone {
    try #require(TimeZone(identifier: identifier))
  }

  // Days from 1970-01-01 to 2026-01-01: 56 years × 365 + 14 leap days (1972 ... 2024) = 20454.
  // 2026-03-02 = 20454 + 31 + 28 + 1 = 20514 days → 20514 × 86400 = 1772409600 s.
  // 06:30:03Z adds 6 × 3600 + 30 × 60 + 3 = 23403 → 1772433003.
  static let march2 = 1_772_433_003.0

  @Test func berlinWinterIsPlusOne() throws {
    #expect(
      formatDate(secondsSince1970: Self.march2, timeZone: try zone("Europe/Berlin"))
        == "2026-03-02T07:30:03+01:00")
    #expect(
      formatDate(secondsSince1970: Self.march2 + 0.5, timeZone: try zone("Europe/Berlin"))
        == "2026-03-02T07:30:03.500+01:00")
    #expect(
      formatDate(
        Date(timeIntervalSince1970: Self.march2 + 0.25), timeZone: try zone("Europe/Berlin"))
        == "2026-03-02T07:30:03.250+01:00")
  }

  @Test func millisecondsAreRounded() throws {
    let berlin = try zone("Europe/Berlin")
    // 0.0004 s rounds to 0 ms: no fraction. 0.9996 s rounds up into the next second.
    #expect(
      formatDate(secondsSince1970: Self.march2 + 0.0004, timeZone: berlin)
        == "2026-03-02T07:30:03+01:00")
    #expect(
      formatDate(secondsSince1970: Self.march2 + 0.9996, timeZone: berlin)
        == "2026-03-02T07:30:04+01:00")
    #expect(
      formatDate(secondsSince1970: Self.march2 + 0.0015, timeZone: berlin)
        == "2026-03-02T07:30:03.002+01:00")
  }

  @Test func berlinSummerIsPlusTwo() throws {
    // 2026-07-15: 20454 + 181 (January to June) + 14 = 20649 days → 1784073600 s; 10:00Z → +36000.
    #expect(
      formatDate(secondsSince1970: 1_784_109_600.5, timeZone: try zone("Europe/Berlin"))
        == "2026-07-15T12:00:00.500+02:00")
  }

  @Test func berlinSpringForward() throws {
    // Summer time begins 2026-03-29 at 01:00Z: day 20454 + 31 + 28 + 28 = 20541 → 1774742400 s.
    let berlin = try zone("Europe/Berlin")
    #expect(
      formatDate(secondsSince1970: 1_774_745_999, timeZone: berlin) == "2026-03-29T01:59:59+01:00")
    #expect(
      formatDate(secondsSince1970: 1_774_746_000, timeZone: berlin) == "2026-03-29T03:00:00+02:00")
  }

  @Test func utcIsPlusZero() throws {
    #expect(
      formatDate(secondsSince1970: 0, timeZone: try zone("UTC")) == "1970-01-01T00:00:00+00:00")
    #expect(
      formatDate(secondsSince1970: Self.march2 + 0.125, timeZone: try zone("UTC"))
        == "2026-03-02T06:30:03.125+00:00")
  }

  @Test func halfHourOffsets() throws {
    // 06:30:03Z + 5:30 = 12:00:03; 06:30:03Z − 3:30 = 03:00:03 (Newfoundland standard time).
    #expect(
      formatDate(secondsSince1970: Self.march2, timeZone: try zone("Asia/Kolkata"))
        == "2026-03-02T12:00:03+05:30")
    #expect(
      formatDate(secondsSince1970: Self.march2, timeZone: try zone("America/St_Johns"))
        == "2026-03-02T03:00:03-03:30")
  }
}
