import WorkoutCore
import WorkoutPhysiology
import WorkoutScenario

/// One point of an elevation profile: an instant of scenario time and a height.
public struct ElevationPoint: Sendable, Equatable {
  /// Scenario time, seconds after `t = 0`.
  public var seconds: Double
  /// Height, m.
  public var metres: Double

  /// Creates a point.
  public init(seconds: Double, metres: Double) {
    self.seconds = seconds
    self.metres = metres
  }
}

/// The course as the body plays it, for drawing (`workout-sim report`): the elevation profile the
/// grades give and the recorded altitudes.
///
/// The model's profile is the integral of the course's grades over the distance travelled: at
/// each segment boundary the height grows by speed × duration × grade (grade as rise per metre
/// travelled, the rule of ``PhysiologyDataSource/elevationAscended(over:)``), starting at the
/// first recorded altitude, or at 0 m for a course without altitudes. For a recording the grades
/// are the ones ``RecordingCourse`` smoothed over ±50 m of travelled distance on foot and ±25 m
/// on a bike (``RecordingCourse/smoothingHalfWindow``,
/// ``RecordingCourse/cyclingSmoothingHalfWindow``), so the profile is the smoothed one the model climbs,
/// beside the raw ``recordedAltitude``.
public struct CourseProfile: Sendable, Equatable {
  /// The model's height at each segment start and at the course's end, in time order; empty for
  /// the empty course.
  public var elevation: [ElevationPoint]
  /// The recorded altitude of each track point that has one, in time order (empty for a course
  /// of segments).
  public var recordedAltitude: [ElevationPoint]

  /// Creates a profile.
  public init(elevation: [ElevationPoint], recordedAltitude: [ElevationPoint]) {
    self.elevation = elevation
    self.recordedAltitude = recordedAltitude
  }

  /// The profile of `course`, with each segment's speed from `speed(index)` (the segment's own
  /// speed, or the cycling power model's for a power-only segment).
  public init(course: Course, speed: (Int) -> Double) {
    recordedAltitude = course.track.compactMap { point in
      point.altitude.map { ElevationPoint(seconds: point.instant.seconds, metres: $0) }
    }
    var height = recordedAltitude.first?.metres ?? 0
    var points: [ElevationPoint] = []
    points.reserveCapacity(course.segments.count + 1)
    for (index, segment) in course.segments.enumerated() {
      points.append(ElevationPoint(seconds: course.starts[index].seconds, metres: height))
      height += speed(index) * segment.duration.secondsValue * segment.grade
    }
    if !course.segments.isEmpty {
      points.append(ElevationPoint(seconds: course.end.seconds, metres: height))
    }
    elevation = points
  }
}

extension Simulation {
  /// The course profile of `scenario` (``CourseProfile``), prepared as ``run(_:overrides:commands:)``
  /// prepares it (the recording read and smoothed the same way).
  ///
  /// - Throws: ``SimulationError`` as ``run(_:overrides:commands:)`` does before running.
  public static func courseProfile(
    _ scenario: Scenario, overrides: RunOverrides = RunOverrides()
  ) throws(SimulationError) -> CourseProfile {
    try courseProfile(ResolvedScenario(scenario, overrides: overrides))
  }

  /// The course profile of a scenario resolved once (``ResolvedScenario``), prepared as
  /// ``run(_:commands:)`` prepares it; reads no file.
  ///
  /// - Throws: ``SimulationError`` as ``run(_:commands:)`` does before running.
  public static func courseProfile(_ resolved: ResolvedScenario) throws(SimulationError)
    -> CourseProfile
  {
    let prepared = try PreparedScenario(resolved)
    let source = prepared.dataSource
    return CourseProfile(course: source.course) { source.speed(ofSegment: $0) }
  }
}
