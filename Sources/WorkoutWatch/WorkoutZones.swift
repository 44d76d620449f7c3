import WorkoutCore

/// Workout zones: the one home of the rule that splits a workout's samples into time in zones
/// (HealthKit's `HKWorkoutZoneConfiguration` and `HKWorkoutZoneGroup`, Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkworkoutzoneconfiguration). Pure: the
/// same samples, events and boundaries always give the same durations, to the nanosecond.
///
/// A configuration is given by its boundaries: the upper bound of each zone but the last, in
/// the type's unit (count/min, W), strictly increasing; the first zone has no lower bound and
/// the last no upper bound (Apple's `init(quantityType:zoneBoundaries:)`). A value equal to a
/// boundary belongs to the zone above it (project rule, as ``HeartRateZone`` counts 60 %
/// exactly in zone 2; Apple does not say).
public enum WorkoutZones {
  /// How many zones a configuration may have: 3 to 9, so 2 to 8 boundaries (project rule from
  /// issue 28; Apple's documentation names no count).
  public static let zoneCounts = 3...9

  /// Why boundaries cannot make a configuration.
  public enum Problem: Sendable, Hashable {
    /// The boundaries make `zones` zones, outside ``zoneCounts``.
    case zoneCount(zones: Int)
    /// Boundary `index` (0-based) is not a finite number above zero.
    case notPositive(index: Int)
    /// Boundary `index` (0-based) is not above the one before it.
    case outOfOrder(index: Int)
  }

  /// What is wrong with `boundaries`, or `nil` when they make a configuration: checked in the
  /// order count, then each boundary from the first (finite and positive, above the previous).
  public static func problem(boundaries: [Double]) -> Problem? {
    let zones = boundaries.count + 1
    guard zoneCounts.contains(zones) else { return .zoneCount(zones: zones) }
    for (index, boundary) in boundaries.enumerated() {
      guard boundary.isFinite, boundary > 0 else { return .notPositive(index: index) }
      if index > 0, boundary <= boundaries[index - 1] { return .outOfOrder(index: index) }
    }
    return nil
  }

  /// The 0-based zone of `value` among `boundaries`: the number of boundaries at or below it.
  public static func zone(of value: Double, boundaries: [Double]) -> Int {
    var zone = 0
    while zone < boundaries.count, value >= boundaries[zone] { zone += 1 }
    return zone
  }

  /// The system's heart-rate boundaries for `maximumHeartRate` (count/min): 60, 70, 80 and
  /// 90 % of it, five zones. Project rule, the %HRmax model of ``HeartRateZone`` (its zones 2 to
  /// 5 start at these fractions; below 60 % is zone 1 here, open below as Apple's first zone
  /// is). Apple computes personal zones from age and resting heart rate, which it does not
  /// publish.
  /// Multiplied by the whole percentage before dividing by 100, so 60 % of 183.5 is the double
  /// nearest 110.1.
  public static func heartRateBoundaries(maximumHeartRate: Double) -> [Double] {
    (2...5).compactMap { zone in
      HeartRateZone.lowerFraction(ofZone: zone).map {
        ($0 * 100).rounded() * maximumHeartRate / 100
      }
    }
  }

  /// The percentages of functional threshold power that bound the six power zones: 55, 75, 90,
  /// 105 and 120 % (project rule: Andrew Coggan's power-based training levels 1 to 6, active
  /// recovery below 55 %, endurance to 75, tempo to 90, threshold to 105, VO2max to 120,
  /// anaerobic capacity above, his level 7 falling in the sixth, open above; Coggan's post of
  /// 15 October 2001: https://brown-snout.com/cycling/training/ac_training_program.html and
  /// http://lwcoaching.com/power-based-training-levels/). Apple does not publish its rule.
  public static let powerPercentages: [Double] = [55, 75, 90, 105, 120]

  /// The system's cycling-power boundaries for `functionalThresholdPower` (W), six zones
  /// (multiplied before dividing by 100, so 55 % of 200 W is exactly 110 W).
  public static func powerBoundaries(functionalThresholdPower: Double) -> [Double] {
    powerPercentages.map { $0 * functionalThresholdPower / 100 }
  }

  /// The time in each zone, in nanoseconds, `boundaries.count + 1` entries from the lowest.
  ///
  /// Each sample's value holds from its start until the next sample's start, the last one until
  /// `limit` (as the builder's time-weighted average holds it); only the running spans count
  /// (`PauseRule.runningSpans(of:start:limit:)`: paused time is excluded, as HealthKit
  /// excludes it from the workout's duration). Samples before `start` hold from `start`.
  ///
  /// - Parameters:
  ///   - samples: one type's samples in start order (a ``SampleSeries`` is read in place).
  ///   - events: the workout's events in date order (its pauses and resumes).
  ///   - start: the workout's start; `limit`: its end, or now while it runs.
  public static func durations(
    of samples: some Collection<QuantitySample>, events: [WorkoutEvent],
    start: SimulationInstant, limit: SimulationInstant, boundaries: [Double]
  ) -> [Int64] {
    if let series = samples as? SampleSeries {
      return durations(
        starts: series.sampleStarts, values: series.sampleValues, events: events, start: start,
        limit: limit, boundaries: boundaries)
    }
    return durations(
      starts: samples.map(\.start.nanoseconds), values: samples.map(\.value), events: events,
      start: start, limit: limit, boundaries: boundaries)
  }

  /// ``durations(of:events:start:limit:boundaries:)`` of the samples starting at `starts`
  /// (nanoseconds, in order) with `values` (as many).
  public static func durations(
    starts: [Int64], values: [Double], events: [WorkoutEvent], start: SimulationInstant,
    limit: SimulationInstant, boundaries: [Double]
  ) -> [Int64] {
    precondition(starts.count == values.count, "one value per sample start")
    var result = [Int64](repeating: 0, count: boundaries.count + 1)
    let running = PauseRule.runningSpans(of: events, start: start, limit: limit)
    guard !running.isEmpty else { return result }
    var spanIndex = 0
    for position in starts.indices {
      let from = max(starts[position], start.nanoseconds)
      let next = position + 1 < starts.count ? starts[position + 1] : limit.nanoseconds
      let to = min(next, limit.nanoseconds)
      guard from < to else { continue }
      let zone = zone(of: values[position], boundaries: boundaries)
      // Spans ending at or before `from` are behind every later sample too.
      while spanIndex < running.count, running[spanIndex].to.nanoseconds <= from {
        spanIndex += 1
      }
      var index = spanIndex
      while index < running.count, running[index].from.nanoseconds < to {
        let overlap =
          min(to, running[index].to.nanoseconds) - max(from, running[index].from.nanoseconds)
        if overlap > 0 { result[zone] += overlap }
        index += 1
      }
    }
    return result
  }
}
