import Testing
import WorkoutText

@Suite struct ISO8601Tests {
  @Test func civilArithmetic() {
    // 2026-01-05: 56 years from 1970 with 14 leap days (1972 ... 2024) = 56 × 365 + 14 = 20454
    // days to 2026-01-01, plus 4 = 20458.
    #expect(ISO8601.daysSince1970(year: 2026, month: 1, day: 5) == 20458)
    #expect(ISO8601.civil(days: 20458) == (2026, 1, 5))
    // 1969-12-31 is day −1; 2000-02-29 is 30 × 365 + 7 + 31 + 28 = 11016.
    #expect(ISO8601.daysSince1970(year: 1969, month: 12, day: 31) == -1)
    #expect(ISO8601.daysSince1970(year: 2000, month: 2, day: 29) == 11016)
    #expect(ISO8601.daysIn(month: 2, year: 1900) == 28)
    #expect(ISO8601.daysIn(month: 2, year: 2000) == 29)
  }

  @Test func formatWithOffsetAndMilliseconds() {
    // 1767600000 s is 2026-01-05T08:00:00Z (20458 × 86400 + 8 × 3600).
    #expect(
      ISO8601.format(secondsSince1970: 1_767_600_000, offsetSeconds: 3600)
        == "2026-01-05T09:00:00+01:00")
    #expect(
      ISO8601.format(secondsSince1970: 1_767_600_003.5, offsetSeconds: -18_000)
        == "2026-01-05T03:00:03.500-05:00")
    #expect(
      ISO8601.format(secondsSince1970: 1_767_600_000, offsetSeconds: 3600, utcDesignator: true)
        == "2026-01-05T08:00:00Z")
    // Local mean time of Amsterdam until 1937: +00:19:32.
    #expect(
      ISO8601.format(secondsSince1970: 0, offsetSeconds: 1172) == "1970-01-01T00:19:32+00:19:32")
  }

  @Test func parseLeniently() {
    #expect(ISO8601.parse("2026-01-05T09:00:00+01:00") == 1_767_600_000)
    #expect(ISO8601.parse("2026-01-05T08:00:00.25Z") == 1_767_600_000.25)
    #expect(ISO8601.parse("2026-01-05 08:00:00") == 1_767_600_000)
    #expect(ISO8601.parse("2026-01-05T08:00") == nil)
  }
}

@Suite struct TextFormatTests {
  @Test func clockTenthsTruncates() {
    // 65.533647658 s: 655 tenths → 0:01:05.5; 3725.96 s → 1:02:05.9.
    #expect(TextFormat.clockTenths(nanoseconds: 65_533_647_658) == "0:01:05.5")
    #expect(TextFormat.clockTenths(nanoseconds: 600_000_000_000) == "0:10:00.0")
    #expect(TextFormat.clockTenths(nanoseconds: 3_725_960_000_000) == "1:02:05.9")
    #expect(TextFormat.clockTenths(nanoseconds: -1) == "0:00:00.0")
  }

  @Test func paceAndFixed() {
    // 747 / 1931 × 1000 = 386.85 s/km → 387 s = 6:27.
    #expect(TextFormat.pace(metres: 1931, seconds: 747) == "6:27")
    #expect(TextFormat.pace(metres: 0, seconds: 747) == nil)
    #expect(TextFormat.fixed(2.5, decimals: 0) == "3")
    #expect(TextFormat.fixed(.infinity, decimals: 0) == nil)
  }
}

@Suite struct ClockTests {
  @Test func clocks() {
    // 754 s = 12 min 34 s; 3725 s = 1 h 2 min 5 s.
    #expect(TextFormat.shortClock(wholeSeconds: 754) == "12:34")
    #expect(TextFormat.shortClock(wholeSeconds: 3725) == "1:02:05")
    #expect(TextFormat.shortClock(wholeSeconds: -3) == "0:00")
    #expect(TextFormat.clock(seconds: 747.9) == "0:12:27")
    #expect(TextFormat.clock(wholeSeconds: 36_000) == "10:00:00")
  }
}
