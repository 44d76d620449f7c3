import WorkoutCore

/// Instant `seconds` s after t = 0.
func t(_ seconds: Int64) -> SimulationInstant { .seconds(seconds) }

/// Schedules with only `enabled` types on (at `intervals`), every other type off.
func only(_ intervals: [QuantityType: Int64]) -> [QuantityType: SampleSchedule] {
  var schedules: [QuantityType: SampleSchedule] = [:]
  for type in QuantityType.allCases {
    if let interval = intervals[type] {
      schedules[type] = SampleSchedule(interval: .seconds(interval))
    } else {
      schedules[type] = SampleSchedule(enabled: false, interval: .seconds(10))
    }
  }
  return schedules
}

/// `seconds` in nanoseconds.
func ns(_ seconds: Int64) -> Int64 { seconds * 1_000_000_000 }
