import Foundation
import Testing
import WorkoutPhysiology
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSimulation

@testable import SimulatedCoreLocation
@testable import SimulatedHealthKit

/// The receiver without `sensors.location` (the new-user trial's finding 4: independent ±3 m
/// noise every second made a 10-minute run at 3 m/s 2501.7 m long when an app summed its route,
/// for the 1800 m run): the defaults' Gauss–Markov error, 5 m, 10 m, 60 s
/// (docs/models.md#gps-fixes).
@Suite("GPS fixes without sensors.location: the default receiver")
struct DefaultLocationNoiseTests {
  /// A 10-minute run at 3 m/s on the equator heading east, no `sensors.location`: 601 fixes
  /// (t = 0 ... 600 s). Each fix-to-fix step is the 3 m run plus the change of the error, whose
  /// north and east parts are independent normals of variance 2σ²(1 − ρ) with σ² = 5² / 2 and
  /// ρ = exp(−1 / 60): s² = 25 × 0.0165285 = 0.413214 m². A step's expected length is the
  /// Rice mean of |(3, 0) + N(0, s² I)|, 3.069724 m (≈ 3 + s² / (2 × 3)), so the 600 steps sum
  /// to 1841.83 m on average (+2.32 %). The along-track parts add up to the last error less
  /// the first, standard deviation √(2σ²(1 − ρ⁶⁰⁰)) = 5.00 m; the across-track parts' sum has
  /// one of √600 × √2 × s² / 6 = 2.39 m: 5.54 m together. The bound is 4 of those, 22 m: the
  /// route is 1819.8 ... 1863.8 m, within 3.6 % of the 1800 m run (it was 2501.7 m, +39 %).
  @Test func aSteadyRunsRouteKeepsItsDistance() async throws {
    let scenario = try decodeScenario(
      """
      { "version": 1, "seed": 1, "start": "2026-06-01T07:00:00Z", "activity": "running",
        "course": [ { "duration": "10:00", "speed": 3 } ],
        "gps": { "latitude": 0, "longitude": 0, "altitude": 10, "heading": 90 } }
      """)
    let (simulation, recorder) = try await updates(of: scenario, seconds: 600)
    let locations = recorder.locations
    #expect(
      locations.map { $0.timestamp.timeIntervalSince(simulation.startDate) }
        == Array(0...600).map(Double.init))
    var summed = 0.0
    for index in locations.indices.dropFirst() {
      summed += locations[index].distance(from: locations[index - 1])
    }
    #expect(abs(summed - 1841.83) <= 22, "route \(summed) m for the 1800 m run")
    #expect(locations.allSatisfy { $0.horizontalAccuracy == 5 && $0.verticalAccuracy == 10 })
  }

  /// The default error over 200 000 fixes (55.6 h at 1 Hz) of a body standing still, through a
  /// plan given no sensor: the model's spread and correlation
  /// (``StandingErrors/expectTheDefaultModel()``: north and east variance 12.5 m², up 100 m²,
  /// ρ = 0.983471), each fix reporting 5 m and 10 m. (The uniform ±3 m noise it replaces had
  /// variance 3 m² and no correlation.)
  @Test func theDefaultErrorHasTheModelsSpreadAndCorrelation() throws {
    var plan = RoutePlan(
      course: try Course(segments: []), speed: { _ in 0 },
      gps: Scenario.GPS(latitude: 0, longitude: 0, altitude: 0, heading: 0), seed: 11)
    let measured = StandingErrors(of: &plan, count: 200_000)
    let errors = try #require(measured)
    #expect(errors.reportedDefaults)
    errors.expectTheDefaultModel()
  }
}
