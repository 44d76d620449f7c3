import WorkoutCore

extension PhysiologyDataSource {
  /// The speed the body moves at in course segment `index`, m/s: the segment's `speed`, or for a
  /// power-only segment the speed the cycling power model gives
  /// (docs/models.md#cycling-power-and-speed).
  ///
  /// - Parameter index: a segment index of the course, `0 ..< course.segments.count`.
  public func speed(ofSegment index: Int) -> Double { speeds[index] }

  /// Metres climbed while the body moves through `intervals` of scenario time: the sum of
  /// distance × grade over the uphill segments (`HKElevationAscended`).
  ///
  /// Grade is taken as rise per metre travelled, a project rule: for a grade G measured as rise
  /// over horizontal run the exact rise is smaller by the factor 1/√(1 + G²), 0.3 % at G = 0.08.
  /// Recorded courses are built from many short segments, so the same sum applies to them.
  ///
  /// - Parameter intervals: half-open spans of scenario time, for example a workout's running
  ///   intervals; overlapping spans count twice.
  /// - Returns: metres, ≥ 0.
  public func elevationAscended(over intervals: [Range<SimulationInstant>]) -> Double {
    var climb = 0.0
    for (index, segment) in course.segments.enumerated() where segment.grade > 0 {
      let speed = speeds[index]
      guard speed > 0 else { continue }
      let segmentStart = course.starts[index]
      let segmentEnd = segmentStart.advanced(by: segment.duration)
      for interval in intervals {
        let from = max(segmentStart, interval.lowerBound)
        let to = min(segmentEnd, interval.upperBound)
        if from < to { climb += speed * from.duration(to: to).secondsValue * segment.grade }
      }
    }
    return climb
  }
}
