import WorkoutCore

/// Turns a ``HealthPlan`` into ``HealthData``: the explicit samples, the lock periods, the
/// merge priority and (with ``HealthPlan/generate``) the person's generated days
/// (docs/health-data.md).
///
/// Pure: no clock, no time zone database. Local days come in as ``LocalDay`` values (computed
/// with Foundation's `Calendar` by `WorkoutSimulation.HealthGeneration`), workouts as records and
/// samples the workout engine made. Every random quantity draws from its own SplitMix64 stream
/// named `health.<purpose>.<day index>` from the scenario seed, so the same plan and seed give the
/// same data, and changing one day's draws leaves the others alone.
public enum HealthGenerator {
  /// The source table every plan's data starts with: index 0 the person's Apple Watch, index 1
  /// their iPhone (apps saving through the store are added after them).
  public static let sources = [HealthSource.appleWatch, .iPhone]

  /// The index of the watch source in ``sources``.
  public static let watch: UInt16 = 0
  /// The index of the iPhone source in ``sources``.
  public static let iPhone: UInt16 = 1

  /// The source index of a plan's source name (`"watch"` 0, `"iPhone"` 1).
  ///
  /// - Parameter name: one of ``HealthPlan/sourceNames``.
  /// - Returns: the index, or `nil` for another name.
  public static func sourceIndex(named name: String) -> UInt16? {
    HealthPlan.sourceNames.firstIndex(of: name).map { UInt16($0) }
  }

  /// The merge priority: the plan's names first, then the remaining sources in the default
  /// order (watch, iPhone).
  ///
  /// - Parameter plan: the plan, or `nil` (no `health` key).
  /// - Returns: source indices, highest priority first.
  public static func priority(for plan: HealthPlan?) -> [UInt16] {
    var result = (plan?.priority ?? []).compactMap(sourceIndex(named:))
    for index in sources.indices.map({ UInt16($0) }) where !result.contains(index) {
      result.append(index)
    }
    return result
  }

  /// The plan's explicit `samples` and `sleep` as store samples (savedAt the given one, else
  /// the end), in file order.
  ///
  /// - Parameter plan: a valid plan.
  /// - Returns: the samples, unsorted.
  public static func explicitSamples(of plan: HealthPlan) -> [HealthSample] {
    (plan.samples + plan.sleep).map { sample in
      HealthSample(
        type: sample.type, source: sourceIndex(named: sample.source) ?? watch, start: sample.start,
        end: sample.end, value: sample.value, savedAt: sample.savedAt)
    }
  }

  /// The lock periods: the plan's own spans and its daily pattern on every device day, merged
  /// where they touch or overlap, in time order.
  ///
  /// - Parameters:
  ///   - plan: a valid plan.
  ///   - days: the device's local days (the scenario's time zone), in order.
  /// - Returns: disjoint spans in increasing order.
  public static func lockPeriods(of plan: HealthPlan, days: [LocalDay])
    -> [Range<SimulationInstant>]
  {
    merged(plan.lockPeriods + expand(plan.dailyLock, on: days))
  }

  /// Spans sorted and merged where they overlap or touch.
  static func merged(_ spans: [Range<SimulationInstant>]) -> [Range<SimulationInstant>] {
    let sorted = spans.sorted { ($0.lowerBound, $0.upperBound) < ($1.lowerBound, $1.upperBound) }
    var result: [Range<SimulationInstant>] = []
    for span in sorted {
      if let last = result.last, span.lowerBound <= last.upperBound {
        result[result.count - 1] = last.lowerBound..<max(last.upperBound, span.upperBound)
      } else {
        result.append(span)
      }
    }
    return result
  }

  /// Samples in the store's order: by ``HealthSample/savedAt``, then start, end, type, source
  /// (a total order on the fields that matter, so the result does not depend on the input order
  /// of equal keys beyond value).
  static func sortForStore(_ samples: inout [HealthSample]) {
    samples.sort {
      if $0.savedAt != $1.savedAt { return $0.savedAt < $1.savedAt }
      if $0.start != $1.start { return $0.start < $1.start }
      if $0.end != $1.end { return $0.end < $1.end }
      if $0.type != $1.type { return $0.type.rawValue < $1.type.rawValue }
      if $0.source != $1.source { return $0.source < $1.source }
      return $0.value < $1.value
    }
  }

  /// The data of a plan with generation off: the explicit samples (sorted for the store), the
  /// lock periods and the priority, no workouts or ECGs.
  ///
  /// - Parameters:
  ///   - plan: a valid plan.
  ///   - deviceDays: the device's local days, for the daily lock pattern.
  /// - Returns: the data.
  public static func explicitData(of plan: HealthPlan, deviceDays: [LocalDay]) -> HealthData {
    var samples = explicitSamples(of: plan)
    sortForStore(&samples)
    return HealthData(
      sources: sources, samples: samples, priority: priority(for: plan),
      lockPeriods: lockPeriods(of: plan, days: deviceDays))
  }
}
