import WorkoutCore

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
