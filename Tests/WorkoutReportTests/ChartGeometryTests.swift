import Testing
import WorkoutWatch

@testable import WorkoutReport

@Suite struct ChartGeometryTests {
  @Test func linearScaleMapsTheDomainOntoTheRange() {
    // 0 ... 3600 s onto 64 ... 904 px: 1800 s is the middle, (64 + 904) / 2 = 484;
    // 900 s is a quarter, 64 + 840 / 4 = 274.
    let x = LinearScale(domain: (0, 3600), range: (64, 904))
    #expect(x(0) == 64)
    #expect(x(1800) == 484)
    #expect(x(900) == 274)
    // A y scale runs downwards: 100 ... 200 bpm onto 150 ... 10 px; 150 bpm is 80 px.
    let y = LinearScale(domain: (100, 200), range: (150, 10))
    #expect(y(150) == 80)
    #expect(y(200) == 10)
    // One value: widened to 41 ... 43, so 42 is in the middle of 0 ... 10.
    let flat = LinearScale(domain: (42, 42), range: (0, 10))
    #expect(flat(42) == 5)
  }

  @Test func tickStepsAreRoundNumbers() {
    // 124 / 5 = 24.8 → 25 (2.5 × 10); 100 / 5 = 20 → 20; 0.9 / 4 = 0.225 → 0.25;
    // 7000 / 5 = 1400 → 2000.
    #expect(Ticks.step(span: 124, maximumCount: 5) == 25)
    #expect(Ticks.step(span: 100, maximumCount: 5) == 20)
    #expect(Ticks.step(span: 0.9, maximumCount: 4) == 0.25)
    #expect(Ticks.step(span: 7000, maximumCount: 5) == 2000)
    #expect(Ticks.step(span: 0, maximumCount: 5) == 1)
    // Multiples of 25 in 63 ... 187: 75, 100, 125, 150, 175.
    #expect(Ticks.values(low: 63, high: 187, maximumCount: 5) == [75, 100, 125, 150, 175])
    // 70 ... 171 (span 101, step 101 / 5 = 20.2 → 25) widens to 50 ... 175.
    let domain = Ticks.niceDomain(low: 70, high: 171, maximumCount: 5)
    #expect(domain.start == 50 && domain.end == 175)
    // Multiples k × step with a tolerance at the ends: 0, 0.1, 0.2 and 0.3, the end kept
    // although 3 × 0.1 is 0.30000000000000004.
    #expect(Ticks.multiples(of: 0.1, from: 0, to: 0.3).count == 4)
  }

  @Test func elapsedTicksUseRoundTimeSteps() {
    // 43 min 44 s = 2624 s in at most 10 steps: 262.4 s → 300 s (5 min): 0, 5:00, ..., 40:00.
    let ticks = Ticks.elapsed(span: 2624, maximumCount: 10)
    #expect(ticks.map(\.seconds) == [0, 300, 600, 900, 1200, 1500, 1800, 2100, 2400])
    #expect(ticks.map(\.label).prefix(3) == ["0:00", "5:00", "10:00"])
    // 12 h = 43200 s: 4320 s → 7200 s (2 h): labels h:mm:ss.
    let long = Ticks.elapsed(span: 43200, maximumCount: 10)
    #expect(
      long.map(\.label) == [
        "0:00", "2:00:00", "4:00:00", "6:00:00", "8:00:00", "10:00:00", "12:00:00",
      ])
  }

  @Test func wallClockTicksFollowTheZoneOffset() {
    // 2026-03-02T07:25:00+01:00 is 1772432700 s since 1970 (06:25 UTC: 20514 days × 86400
    // = 1772409600, + 6 h 25 min = 23100 s). Over 30 min with at most 10 ticks the step is
    // 300 s; local ticks at 07:25, 07:30, ..., 07:55.
    let start = 1_772_432_700.0
    let ticks = Ticks.wallClock(start: start, end: start + 1800, maximumCount: 10) { _ in 3600 }
    #expect(ticks.map(\.label) == ["07:25", "07:30", "07:35", "07:40", "07:45", "07:50", "07:55"])
    #expect(ticks.first?.instant == start)
    // The same span in UTC is 06:25 ... 06:55.
    let utc = Ticks.wallClock(start: start, end: start + 1800, maximumCount: 10) { _ in 0 }
    #expect(utc.first?.label == "06:25")
    // A change of offset inside the span (+1 h to +2 h at start + 600 s, a spring-forward):
    // local 07:35 is start + 600 in the new offset's clock, 08:35; ticks jump by an hour.
    let shifted = Ticks.wallClock(start: start, end: start + 1800, maximumCount: 10) {
      $0 < start + 600 ? 3600 : 7200
    }
    #expect(shifted.map(\.label).first == "07:25")
    #expect(shifted.map(\.label).contains("08:40"))
    // Exactly: 07:25 and 07:30 in +1 h (before start + 600), then 08:35 (start + 600) to
    // 08:55 (start + 1800) in +2 h.
    #expect(
      shifted.map(\.label) == ["07:25", "07:30", "08:35", "08:40", "08:45", "08:50", "08:55"])
  }

  /// Trial 31 (`trip-zones.json`): New York (−4 h) from 2026-07-01T22:00Z, 1782943200 s since
  /// 1970 (20635 days × 86400 = 1782864000, + 22 h = 79200 s), Los Angeles (−7 h) from 1:00:00,
  /// Denver (−6 h) from 1:20:00, over 1:30:00 with at most 10 ticks: step 5400/10 = 540 → 600 s.
  /// New York 18:00 ... 18:50 (19:00 is already Los Angeles' 16:00), Los Angeles 16:00 and 16:10
  /// (16:20 is Denver's 17:20), Denver 17:20 and 17:30: the local times after the westward
  /// change are labelled though they come before 18:50 on the clock.
  @Test func wallClockTicksAfterAWestwardZoneChange() {
    let start = 1_782_943_200.0
    let ticks = Ticks.wallClock(start: start, end: start + 5400, maximumCount: 10) {
      $0 < start + 3600 ? -14400 : $0 < start + 4800 ? -25200 : -21600
    }
    #expect(
      ticks.map(\.label) == [
        "18:00", "18:10", "18:20", "18:30", "18:40", "18:50", "16:00", "16:10", "17:20", "17:30",
      ])
    #expect(
      ticks.map { $0.instant - start } == [
        0, 600, 1200, 1800, 2400, 3000, 3600, 4200, 4800, 5400,
      ])
  }

  @Test func gapsSplitWhereSamplesAreMissing() {
    // Samples every 5 s with a dropout from 15 to 40 s (25 s > 2.5 × 5 = 12.5 s) and a
    // late sample at 52 s (12 s ≤ 12.5 s: no gap).
    let xs: [Double] = [0, 5, 10, 15, 40, 45, 52]
    let points = xs.map { ChartPoint(x: $0, y: 1) }
    #expect(Gaps.typicalInterval(points) == 5)
    let runs = Gaps.runs(points, interval: 5)
    #expect(runs.map { $0.map(\.x) } == [[0, 5, 10, 15], [40, 45, 52]])
    // Exactly 2.5 intervals is not a gap; a little more is.
    #expect(Gaps.runs([ChartPoint(x: 0, y: 0), ChartPoint(x: 12.5, y: 0)], interval: 5).count == 1)
    #expect(Gaps.runs([ChartPoint(x: 0, y: 0), ChartPoint(x: 12.6, y: 0)], interval: 5).count == 2)
    #expect(Gaps.typicalInterval([ChartPoint(x: 1, y: 1)]) == nil)
  }

  @Test func decimationKeepsFirstLowestHighestAndLastPerColumn() {
    // 0 ... 10 s onto 0 ... 2 px: x < 5 s is column 0, 5 ≤ x < 10 column 1, 10 column 2.
    let x = LinearScale(domain: (0, 10), range: (0, 2))
    let values: [Double] = [5, 9, 1, 7, 3, 4, 8, 2, 6, 5, 0]
    let points = values.enumerated().map { ChartPoint(x: Double($0.offset), y: $0.element) }
    let kept = Decimation.perPixel(points, scale: x)
    // Column 0 (x 0...4: 5, 9, 1, 7, 3): first 0, max at 1 (9), min at 2 (1), last 4.
    // Column 1 (x 5...9: 4, 8, 2, 6, 5): first 5, max at 6 (8), min at 7 (2), last 9.
    // Column 2: x 10 alone.
    #expect(kept.map(\.x) == [0, 1, 2, 4, 5, 6, 7, 9, 10])
    #expect(kept.map(\.y) == [5, 9, 1, 3, 4, 8, 2, 5, 0])
    // The extremes survive: the overall maximum 9 and minimum 0.
    #expect(kept.map(\.y).max() == 9 && kept.map(\.y).min() == 0)
    // Four points or fewer are returned as they are.
    #expect(Decimation.perPixel(Array(points.prefix(4)), scale: x).count == 4)
  }

  @Test func decimationBoundsALongSeries() {
    // 12 h of 1 s samples (43200 points) over 840 px keeps at most 4 per column: ≤ 4 × 841.
    let x = LinearScale(domain: (0, 43200), range: (64, 904))
    let points = (0..<43200).map { ChartPoint(x: Double($0), y: Double($0 % 97)) }
    let kept = Decimation.perPixel(points, scale: x)
    #expect(kept.count <= 4 * 841)
    #expect(kept.map(\.y).max() == 96)
    #expect(kept.map(\.y).min() == 0)
  }

  @Test func pathTextRoundsToOneDecimalAndDropsRepeats() {
    let points = [
      ChartPoint(x: 1.04, y: 2), ChartPoint(x: 1.01, y: 2.04), ChartPoint(x: 3.25, y: 4),
    ]
    // 1.04 and 1.01 both print 1.0, 2 and 2.04 both 2.0: the second point is left out;
    // 3.25 rounds half away from zero to 3.3.
    #expect(PathText.polyline(points) == "M1.0,2.0L3.3,4.0")
    #expect(PathText.polyline([ChartPoint(x: 5, y: 6)]) == "M5.0,6.0h0.1")
    #expect(PathText.polyline([]) == "")
  }

  @Test func zoneColoursAndBounds() {
    // The palette of the zones, zone 1 to 5, and each zone's lower bound in % of maximum.
    #expect(HeartRateZone.color(ofZone: 1) == "#3b82c4")
    #expect(HeartRateZone.color(ofZone: 3) == "#6aa92b")
    #expect(HeartRateZone.color(ofZone: 5) == "#d7263d")
    #expect(HeartRateZone.color(ofZone: 0) == nil)
    #expect(HeartRateZone.color(ofZone: 6) == nil)
    #expect(HeartRateZone.lowerFraction(ofZone: 1) == 0.5)
    #expect(HeartRateZone.lowerFraction(ofZone: 5) == 0.9)
    // 148 bpm of 185: 148 × 10 = 1480 ≥ 185 × 8 = 1480: zone 4, whose colour is orange.
    let zone = HeartRateZone.zone(heartRate: 148, maximumHeartRate: 185)
    #expect(zone == 4)
    #expect(zone.flatMap { HeartRateZone.color(ofZone: $0) } == "#e8891c")
  }

  @Test func routeKeepsItsProportions() {
    // At the equator cos(0) = 1: a route 0.01° east and 0.005° north spans 2:1, scaled by
    // min(416 / 0.01, 306 / 0.005) = 41600 px per degree (cos of the mean latitude 0.0025° is
    // 1 within 1e-9): 416 × 208 px, centred in 440 × 330
    // (x from 12, y from (330 − 208) / 2 = 61 to 269).
    let points = RouteMap.project([(0, 0), (0.005, 0.01)])
    #expect(abs(points[0].x - 12) < 1e-6)
    #expect(abs(points[1].x - 428) < 1e-6)
    #expect(abs(points[0].y - 269) < 1e-6)
    #expect(abs(points[1].y - 61) < 1e-6)
  }

  @Test func chartDrawsItsLineInThePlot() {
    // Axis 0 ... 10 s onto x 64 ... 904, values 0 ... 10 onto y 150 ... 10 (height 190, bottom
    // 190 − 40): (0, 0) is (64, 150), (5, 2.5) is (64 + 420, 150 − 35) = (484, 115), (10, 10) is
    // (904, 10), all in one run (steps of 5 s, no gap).
    let chart = TimeChart(
      id: "c", title: "t",
      lines: [
        TimeChart.Line(
          cssClass: "s-hr",
          points: [ChartPoint(x: 0, y: 0), ChartPoint(x: 5, y: 2.5), ChartPoint(x: 10, y: 10)])
      ], domain: (0, 10))
    let axis = TimeChart.Axis(start: 0, end: 10, elapsed: [], clock: [], marks: [])
    #expect(
      chart.svg(axis: axis).contains(
        "<path class=\"line s-hr\" d=\"M64.0,150.0L484.0,115.0L904.0,10.0\"/>"))
    // A point outside the axis is not drawn: the line starts at 5 s.
    let later = TimeChart.Axis(start: 5, end: 10, elapsed: [], clock: [], marks: [])
    // 5 ... 10 s onto 64 ... 904: 5 s is 64, 10 s is 904.
    #expect(chart.svg(axis: later).contains("d=\"M64.0,115.0L904.0,10.0\"/>"))
  }

  @Test func escapingCoversMarkup() {
    #expect(HTML.escape("a<b & \"c\" 'd'>") == "a&lt;b &amp; &quot;c&quot; &#39;d&#39;&gt;")
  }

  /// HTML forbids C0 controls but tab, line feed and carriage return, DEL, C1 controls and
  /// noncharacters in a document: shown as Control Pictures (U+2400 + the code; DEL U+2421) or
  /// U+FFFD.
  @Test func escapingShowsTheCodePointsHTMLForbids() {
    // Noncharacters cannot be written as literals: made from their code points.
    let nonCharacters = String(
      String.UnicodeScalarView([0xFDD0, 0xFFFF, 0x10FFFE].compactMap(Unicode.Scalar.init)))
    #expect(nonCharacters.unicodeScalars.count == 3)
    #expect(
      HTML.escape("run\u{0}\u{1B}[31m\u{7F}\u{85}" + nonCharacters + "\tx\ny\rz\u{C}")
        == "run\u{2400}\u{241B}[31m\u{2421}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\tx\ny\rz\u{240C}")
    // Letters, marks and emoji pass unchanged.
    #expect(HTML.escape("Läufe e\u{301} 🏃") == "Läufe e\u{301} 🏃")
  }
}
