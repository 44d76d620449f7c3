import WorkoutCore
import WorkoutSystem

/// The body's speed for the auto-pause detector: the course's piecewise-constant speed.
extension PhysiologyDataSource: MotionSource {
  /// The speed of the segment in play at `instant`, m/s: the segment's `speed`, or for a
  /// power-only segment the speed the cycling power model gives for that power and grade (as
  /// the data source's own distance uses); 0 before `t = 0` and from the course end on.
  public func speed(at instant: SimulationInstant) -> Double {
    guard let index = course.segmentIndex(at: instant) else { return 0 }
    let segment = course.segments[index]
    return segment.speed
      ?? cyclingModel.speed(power: segment.power ?? 0, grade: segment.grade)
  }

  /// The next segment start after `instant`, or the course end; `nil` from the course end on
  /// (the body stands still for ever).
  public func nextSpeedChange(after instant: SimulationInstant) -> SimulationInstant? {
    guard instant < course.end else { return nil }
    guard let index = course.segmentIndex(at: instant) else {
      return course.starts.first { $0 > instant } ?? course.end
    }
    let next = index + 1
    return next < course.starts.count ? course.starts[next] : course.end
  }
}

/// The body's motion class from the course (docs/scenario-format.md#motion), the one home of
/// the rule (project rules; Core Motion publishes no speed thresholds):
/// - below ``stationarySpeed`` (0.5 m/s): stationary;
/// - a segment the body covers on foot in any activity (``CourseSegment/onFoot``: a recorded
///   ride's gap walked beside the bike, docs/models.md#on-foot-on-a-ride): walking below
///   ``runningSpeed``, else running;
/// - a cycling activity: cycling;
/// - a walking or hiking activity, or on foot below ``runningSpeed`` (2.0 m/s, about the
///   walk–run transition speed): walking;
/// - running, and the other activities: running when on foot (running, other), else `moving`
///   (swimming, strength training, yoga, intervals and every other activity: moving in none of
///   Core Motion's classes).
///
/// Confidence is always high.
public enum MotionClassification {
  /// Below this speed the body is stationary: 0.5 m/s.
  public static let stationarySpeed = 0.5
  /// Below this speed a body on foot walks: 2.0 m/s.
  public static let runningSpeed = 2.0

  /// The class of moving at `speed` m/s during a workout of `activity`, `onFoot` when the body
  /// covers the segment on foot whatever the activity (a ride's walked gap).
  public static func state(
    speed: Double, activity: WorkoutActivityType, onFoot: Bool = false
  ) -> MotionState {
    if speed < stationarySpeed { return MotionState(.stationary) }
    if onFoot { return MotionState(speed < runningSpeed ? .walking : .running) }
    switch activity {
    case .cycling: return MotionState(.cycling)
    case .walking, .hiking, .transition: return MotionState(.walking)
    case .running, .other, .swimBikeRun:
      return MotionState(speed < runningSpeed ? .walking : .running)
    default:
      return MotionState(.moving)
    }
  }
}

extension PhysiologyDataSource {
  /// The course's motion spans from `t = 0` to its end, one per run of segments of one class
  /// (``MotionClassification``), for `activity`.
  public func motionSpans(activity: WorkoutActivityType) -> [MotionSpan] {
    var spans: [MotionSpan] = []
    for (index, start) in course.starts.enumerated() {
      let end = index + 1 < course.starts.count ? course.starts[index + 1] : course.end
      guard start < end else { continue }
      let state = MotionClassification.state(
        speed: speed(at: start), activity: activity, onFoot: course.segments[index].onFoot)
      if let last = spans.last, last.state == state, last.range.upperBound == start {
        spans[spans.count - 1] = MotionSpan(last.range.lowerBound..<end, state)
      } else {
        spans.append(MotionSpan(start..<end, state))
      }
    }
    return spans
  }
}
