import Testing
import WorkoutCore
import WorkoutPhysiology

/// A reading at the course's end instant reads the body at the course's last moment (its last
/// segment), not the standing still after it (docs/models.md#wrist-sensor): a workout as long
/// as its course gets a last sample like the ones before it.
@Suite struct CourseEndReadingTests {
  /// 10 min at 150 W and 90 rpm, then 5 min at 120 W and 80 rpm: the course ends at 900 s.
  /// At 900 s power and cadence are the last segment's, 120 W and 80 rpm; at 901 s the body
  /// stands still, 0 and 0. At the segments' boundary (600 s) the new segment holds, 120 W.
  @Test func powerAndCadenceAtTheCourseEndAreTheLastSegments() throws {
    var source = try quietSource(segments: [
      CourseSegment(duration: .seconds(600), power: 150, cadence: 90),
      CourseSegment(duration: .seconds(300), power: 120, cadence: 80),
    ])
    #expect(try reading(&source, .cyclingPower, at(600), .cycling) == 120)
    #expect(try reading(&source, .cyclingPower, at(900), .cycling) == 120)
    #expect(try reading(&source, .cyclingCadence, at(900), .cycling) == 80)
    #expect(try reading(&source, .cyclingPower, at(901), .cycling) == 0)
    #expect(try reading(&source, .cyclingCadence, at(901), .cycling) == 0)
  }

  /// The measured heart-rate error at the course's end instant is the running body's, not the
  /// recovering one's (σ × 1.5): a 600 s run read every 5 s up to 600 s gives the same
  /// readings, bit for bit, as a 601 s run read at the same instants (same athlete, same seed,
  /// same draws; the true heart rate is continuous, and at 600 s neither body recovers).
  @Test func theHeartRateAtTheCourseEndIsTheLastSegmentsBody() throws {
    let athlete = try Athlete(
      restingHeartRate: 60, maxHeartRate: 180, vo2Max: 53.5,
      heartRate: HeartRateParameters(driftGain: 0))
    func readings(courseSeconds: Int64) throws -> [Double?] {
      var source = PhysiologyDataSource(
        athlete: athlete,
        course: try Course(segments: [
          CourseSegment(duration: .seconds(courseSeconds), speed: 3)
        ]),
        sensors: [.heartRate: SensorConfiguration(for: .heartRate, heartRateError: .measured)],
        seed: 7)
      return stride(from: Int64(0), through: 600, by: 5).map {
        source.discreteValue(of: .heartRate, at: at($0), activity: .running)
      }
    }
    let ending = try readings(courseSeconds: 600)
    let going = try readings(courseSeconds: 601)
    #expect(ending.count == 121)
    _ = try #require(ending.last ?? nil)
    #expect(ending == going)
  }
}
