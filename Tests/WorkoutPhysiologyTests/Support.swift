import Testing
import WorkoutCore
import WorkoutPhysiology

/// `t` whole seconds after the scenario start.
func at(_ seconds: Int64) -> SimulationInstant { .seconds(seconds) }

/// A data source with every noise turned off.
func quietSource(
  athlete: Athlete = .standard, segments: [CourseSegment],
  cyclingModel: CyclingPowerModel? = nil, seed: UInt64 = 1
) throws -> PhysiologyDataSource {
  var sensors: [QuantityType: SensorConfiguration] = [:]
  for type in QuantityType.allCases { sensors[type] = SensorConfiguration(for: type, noise: 0) }
  return PhysiologyDataSource(
    athlete: athlete, course: try Course(segments: segments), sensors: sensors, seed: seed,
    cyclingModel: cyclingModel)
}

/// `|a − b| ≤ tolerance`.
func close(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool { abs(a - b) <= tolerance }

/// The reading of discrete `type` at `instant`; fails the test when there is none.
func reading(
  _ source: inout PhysiologyDataSource, _ type: QuantityType, _ instant: SimulationInstant,
  _ activity: WorkoutActivityType, sourceLocation: SourceLocation = #_sourceLocation
) throws -> Double {
  let value = source.discreteValue(of: type, at: instant, activity: activity)
  return try #require(value, sourceLocation: sourceLocation)
}
