import WorkoutCore
import WorkoutWatch

/// The series a record's charts draw, derived from its samples (x in scenario seconds).
public enum RecordSeries {
  /// A discrete type's samples as points (`x` the sample's instant, `y` the value times
  /// `factor`); empty when the record has none.
  public static func discrete(_ record: WorkoutRecord, _ type: QuantityType, factor: Double = 1)
    -> [ChartPoint]
  {
    guard let series = record.samples[type] else { return [] }
    return series.map { ChartPoint(x: $0.start.seconds, y: $0.value * factor) }
  }

  /// A cumulative type's samples as a rate: each sample's value over its span in seconds, times
  /// `factor`, at the middle of the span (distance in m per 10 s span × 3.6 → km/h); spans of
  /// zero length are left out.
  public static func rate(_ record: WorkoutRecord, _ type: QuantityType, factor: Double)
    -> [ChartPoint]
  {
    guard let series = record.samples[type] else { return [] }
    var points: [ChartPoint] = []
    points.reserveCapacity(series.count)
    for sample in series {
      let seconds = sample.start.duration(to: sample.end).secondsValue
      guard seconds > 0 else { continue }
      points.append(
        ChartPoint(
          x: (sample.start.seconds + sample.end.seconds) / 2, y: sample.value / seconds * factor))
    }
    return points
  }

  /// A cumulative type's running total at the end of each sample; empty without samples.
  public static func cumulative(_ record: WorkoutRecord, _ type: QuantityType) -> [ChartPoint] {
    guard let series = record.samples[type] else { return [] }
    var total = 0.0
    var points: [ChartPoint] = []
    points.reserveCapacity(series.count + 1)
    if let first = series.first { points.append(ChartPoint(x: first.start.seconds, y: 0)) }
    for sample in series {
      total += sample.value
      points.append(ChartPoint(x: sample.end.seconds, y: total))
    }
    return points
  }

  /// Speed in km/h: the `runningSpeed` samples (m/s × 3.6) when the record has them, else the
  /// activity's distance samples as a rate.
  public static func speed(_ record: WorkoutRecord) -> [ChartPoint] {
    let running = discrete(record, .runningSpeed, factor: 3.6)
    if !running.isEmpty { return running }
    guard let type = record.activityType.distanceType else { return [] }
    return rate(record, type, factor: 3.6)
  }

  /// Cadence: `cyclingCadence` (rpm) when present, else steps per minute from `stepCount`
  /// (count per span × 60).
  public static func cadence(_ record: WorkoutRecord) -> (points: [ChartPoint], unit: String) {
    let pedal = discrete(record, .cyclingCadence)
    if !pedal.isEmpty { return (pedal, "rpm") }
    return (rate(record, .stepCount, factor: 60), "steps/min")
  }
}
