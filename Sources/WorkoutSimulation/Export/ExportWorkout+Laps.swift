import Foundation
import WorkoutCore
import WorkoutJSON
import WorkoutText

/// The lap and pause arithmetic every format shares: pauses by HealthKit's rule
/// (`PauseRule`), timer time without paused spans, and the laps between lap events.
extension ExportWorkout {
  /// How many pauses ended (with a resume before the workout's end) at or before `at`: points
  /// with different counts have a pause between them (a new TCX `Track`, a new GPX `trkseg`).
  func resumesBefore(_ at: Double) -> Int {
    pauses.filter { $0.to < end && $0.to > $0.from && $0.to <= at }.count
  }

  /// Seconds in `[from, to]` not inside a pause.
  func timerTime(from: Double, to: Double) -> Double {
    var paused = 0.0
    for pause in pauses {
      paused += max(0, min(to, pause.to) - max(from, pause.from))
    }
    return (to - from) - paused
  }

  /// The lap index of a discrete time: `[bound_i, bound_i+1)`, the last lap closed; times
  /// before the start go to the first lap and after the end to the last.
  func lapIndex(discrete at: Double) -> Int {
    var index = 0
    while index + 1 < lapBounds.count - 1 && at >= lapBounds[index + 1] { index += 1 }
    return index
  }

  /// The lap index of a cumulative sample ending at `to`: `(bound_i, bound_i+1]`.
  func lapIndex(cumulativeEnd to: Double) -> Int {
    var index = 0
    while index + 1 < lapBounds.count - 1 && to > lapBounds[index + 1] { index += 1 }
    return index
  }

  /// Totals per lap.
  struct Lap {
    var start: Double
    var end: Double
    var timerTime: Double
    var distance: Double = 0
    var energy: Double = 0
    var averageHeartRate: Double?
    var maximumHeartRate: Double?
    var maximumSpeed: Double?
    var averagePower: Double?
  }

  func laps() -> [Lap] {
    var laps = (0..<(lapBounds.count - 1)).map { index in
      Lap(
        start: lapBounds[index], end: lapBounds[index + 1],
        timerTime: timerTime(from: lapBounds[index], to: lapBounds[index + 1]))
    }
    for sample in distances { laps[lapIndex(cumulativeEnd: sample.to)].distance += sample.value }
    for sample in energies { laps[lapIndex(cumulativeEnd: sample.to)].energy += sample.value }
    var heartSums = [(sum: Double, count: Double)](repeating: (0, 0), count: laps.count)
    for sample in heartRates {
      let index = lapIndex(discrete: sample.at)
      heartSums[index].sum += sample.value
      heartSums[index].count += 1
      laps[index].maximumHeartRate = max(laps[index].maximumHeartRate ?? 0, sample.value)
    }
    var powerSums = [(sum: Double, count: Double)](repeating: (0, 0), count: laps.count)
    for sample in powers {
      let index = lapIndex(discrete: sample.at)
      powerSums[index].sum += sample.value
      powerSums[index].count += 1
    }
    for sample in speeds {
      let index = lapIndex(discrete: sample.at)
      laps[index].maximumSpeed = max(laps[index].maximumSpeed ?? 0, sample.value)
    }
    for index in laps.indices {
      if heartSums[index].count > 0 {
        laps[index].averageHeartRate = heartSums[index].sum / heartSums[index].count
      }
      if powerSums[index].count > 0 {
        laps[index].averagePower = powerSums[index].sum / powerSums[index].count
      }
    }
    return laps
  }
}
