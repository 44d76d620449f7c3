import WorkoutCore

/// Instant `seconds` s after t = 0.
func t(_ seconds: Int64) -> SimulationInstant { .seconds(seconds) }

/// `seconds` in nanoseconds.
func ns(_ seconds: Int64) -> Int64 { seconds * 1_000_000_000 }
