import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSimulation

/// A triathlon's pool leg from the command line (swim26 item 2): `beginActivity` with
/// `swimmingLocationType` and `lapLength` makes the leg a pool the watch counts lengths of on
/// the course, as the Swift door's `beginNewActivity` does (docs/models.md#swimming).
@Suite struct PoolLegTimelineTests {
  /// A `swimBikeRun` workout: the course swims 0.8 m/s for 100 s, then runs 3.2 m/s; the swim
  /// leg `leg` (the `beginActivity` entry's swimming keys) from 0 to 100 s, the run leg to
  /// 200 s.
  func triathlon(_ leg: String) throws -> WorkoutRecord {
    let scenario = try decodeScenario(
      """
      { "version": 1, "activity": "swimBikeRun", "location": "outdoor",
        "course": [ { "duration": 100, "speed": 0.8 }, { "duration": 100, "speed": 3.2 } ],
        "timeline": [
          { "at": 0, "do": "start" },
          { "at": 0, "do": "beginActivity", "activity": "swimming"\(leg) },
          { "at": 100, "do": "beginActivity", "activity": "running" },
          { "at": 200, "do": "end" } ] }
      """)
    return try #require(try Simulation.run(scenario).records.first)
  }

  func sum(_ type: QuantityType, of activity: WorkoutActivityRecord) -> Double? {
    guard case .cumulative(let values) = activity.statistics[type] else { return nil }
    return values.sum
  }

  /// A 25 m pool leg at 0.8 m/s: a length every 25 / 0.8 = 31.25 s, ending at 31.25, 62.5 and
  /// 93.75 s (the 4th would end at 125 s, in the run leg): three `lap` events of 31.25 s from
  /// 0, 31.25 and 62.5 s, 3 × 25 = 75 m of `distanceSwimming` (not the 100 × 0.8 = 80 m of
  /// samples every 10 s) and 19 + 19 + 20 = 58 strokes (25 / 1.3 = 19.23 a length, whole
  /// strokes carried: round(57.69) = 58); the leg's metadata is its pool (1, 25 m); the run
  /// leg has no lengths.
  @Test func aTimelinePoolLegRecordsLengths() throws {
    let record = try triathlon(#", "swimmingLocationType": "pool", "lapLength": 25"#)
    #expect(record.activities.count == 2)
    let swim = record.activities[0]
    let laps = swim.events.filter { $0.type == .lap }
    #expect(laps.map(\.date.seconds) == [0, 31.25, 62.5])
    #expect(
      laps.map(\.duration) == [.milliseconds(31_250), .milliseconds(31_250), .milliseconds(31_250)])
    #expect(sum(.distanceSwimming, of: swim) == 75)
    #expect(sum(.swimmingStrokeCount, of: swim) == 58)
    #expect(
      swim.metadata == [
        "HKSwimmingLocationType": .number(1), "HKLapLength": .quantity(25, unit: "m"),
      ])
    #expect(record.activities[1].events.filter { $0.type == .lap }.isEmpty)
  }

  /// The control: an open-water leg keeps its samples every 10 s, 100 × 0.8 = 80 m, and
  /// records no lengths; its metadata is open water (2) alone.
  @Test func aTimelineOpenWaterLegKeepsItsSamples() throws {
    let record = try triathlon(#", "swimmingLocationType": "openWater""#)
    let swim = record.activities[0]
    #expect(swim.events.filter { $0.type == .lap }.isEmpty)
    let metres = try #require(sum(.distanceSwimming, of: swim))
    #expect(abs(metres - 80) < 1e-9)
    #expect(swim.metadata == ["HKSwimmingLocationType": .number(2)])
  }

  /// A pool leg on a course that swims no whole length says so in the result's warnings (a
  /// project rule, docs/models.md#swimming): with no course (the default `course: []`, standing
  /// still) the 25 m leg from 0 s records no lap, and the warning names the leg's start and
  /// pool and what to write. A course of 0.8 m/s for 20 s swims 16 m, less than a length: the
  /// same warning. The course of ``aTimelinePoolLegRecordsLengths`` (three lengths) has none.
  @Test func aPoolLegOnACourseThatSwimsNoLengthWarns() throws {
    func run(_ course: String) throws -> RunResult {
      try Simulation.run(
        try decodeScenario(
          """
          { "version": 1, "activity": "swimBikeRun", "location": "outdoor", "course": [\(course)],
            "timeline": [
              { "at": 0, "do": "start" },
              { "at": 0, "do": "beginActivity", "activity": "swimming",
                "swimmingLocationType": "pool", "lapLength": 25 },
              { "at": 100, "do": "end" } ] }
          """))
    }
    let warning =
      #"the pool swim from t = 0 s (25 m lengths) swims no whole length: the course stands still or moves less than a length after it (the default "course": [] stands still), so the watch records no length, distance or stroke; give "course" segments with a speed, such as {"duration": 1800, "speed": 0.8} (2:05 per 100 m), or a "swim" key with sets"#
    let still = try run("")
    #expect(still.warnings == [warning])
    #expect(still.records.first?.events.contains { $0.type == .lap } == false)
    #expect(try run(#"{ "duration": 20, "speed": 0.8 }"#).warnings == [warning])
    #expect(try run(#"{ "duration": 100, "speed": 0.8 }"#).warnings.isEmpty)
  }

  /// The seconds of the run result's route points of a `swimBikeRun` workout placed on the
  /// equator: the course swims 0.8 m/s for 100 s then goes 8 m/s for 100 s; the swim leg
  /// `leg` (the `beginActivity` entry's swimming keys) from 0 to 100 s, the bike leg to the end
  /// at 200 s.
  func routeSeconds(_ leg: String) throws -> [Int] {
    let scenario = try decodeScenario(
      """
      { "version": 1, "activity": "swimBikeRun", "location": "outdoor",
        "gps": { "latitude": 0, "longitude": 0, "heading": 90 },
        "course": [ { "duration": 100, "speed": 0.8 }, { "duration": 100, "speed": 8 } ],
        "timeline": [
          { "at": 0, "do": "start" },
          { "at": 0, "do": "beginActivity", "activity": "swimming"\(leg) },
          { "at": 100, "do": "beginActivity", "activity": "cycling" },
          { "at": 200, "do": "end" } ] }
      """)
    let track = try Simulation.run(scenario).track
    return track.filter { $0.latitude != nil }.map { Int($0.instant.seconds) }
  }

  /// The command line's open-water leg (new-user trial 29): `beginActivity` with
  /// `"swimmingLocationType": "openWater"` gives the run result's route a fix every 5 s while
  /// the leg is current, 0, 5, ..., 95 s (20), and one a second on the bike leg from 100 s to
  /// the end at 200 s (101): 121 points, not 201.
  @Test func aTimelineOpenWaterLegsRouteHasAFixEveryFiveSeconds() throws {
    let seconds = try routeSeconds(#", "swimmingLocationType": "openWater""#)
    #expect(seconds == Array(stride(from: 0, to: 100, by: 5)) + Array(100...200))
    #expect(seconds.count == 121)
  }

  /// The command line's pool leg (session 25, the lead's decision: a pool leg gets no GPS fix,
  /// as a standalone pool swim has no route): the route has no point while the pool leg is
  /// current, 0 to 99 s, and one a second on the bike leg from 100 s to the end at 200 s:
  /// 200 − 100 + 1 = 101 points, not 201.
  @Test func aTimelinePoolLegHasNoRoute() throws {
    let seconds = try routeSeconds(#", "swimmingLocationType": "pool", "lapLength": 25"#)
    #expect(seconds == Array(100...200))
    #expect(seconds.count == 101)
  }
}
