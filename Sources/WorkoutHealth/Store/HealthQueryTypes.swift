import WorkoutCore

/// A stored sample's identity: its index in the store (app saves append).
///
/// Generated samples keep the index they have in ``HealthData/samples``; the UUID an app sees is
/// derived from the store's seed and this index (``HealthStore/uuid(of:)``), so an id fits in 4
/// bytes and a UUID costs nothing per sample (docs/health-store.md#ids-and-uuids).
public struct HealthSampleID: Hashable, Sendable, Comparable {
  /// The index in the store, 0 for the first sample.
  public var index: Int32

  /// The sample at `index`.
  public init(index: Int32) {
    self.index = index
  }

  /// Orders by index (the order samples were put in the store).
  public static func < (lhs: HealthSampleID, rhs: HealthSampleID) -> Bool {
    lhs.index < rhs.index
  }
}

/// A position in the store's change history, HealthKit's `HKQueryAnchor` (its `init(fromValue:)`
/// value; https://developer.apple.com/documentation/healthkit/hkqueryanchor).
///
/// The value packs two counters: the number of arrivals (samples in arrival order, by
/// ``HealthSample/savedAt``) in the high 36 bits and the number of deletions in the low 28 bits
/// (docs/health-store.md#anchors-and-deleted-objects). Value 0 is the beginning, as `nil` is.
public struct HealthAnchor: Hashable, Sendable {
  /// The packed value (`HKQueryAnchor(fromValue:)`).
  public var value: Int64

  /// The anchor with `value`.
  public init(value: Int64) {
    self.value = value
  }

  /// The anchor after `arrivals` arrivals and `deletions` deletions.
  public init(arrivals: Int, deletions: Int) {
    self.value = Int64(arrivals) << 28 | Int64(deletions)
  }

  /// The number of arrivals before the anchor (0 for a negative value).
  public var arrivals: Int { value < 0 ? 0 : Int(value >> 28) }
  /// The number of deletions before the anchor (0 for a negative value).
  public var deletions: Int { value < 0 ? 0 : Int(value & 0x0FFF_FFFF) }
}

/// The comparison of a quantity predicate (`NSComparisonPredicate.Operator` as
/// `HKQuery.predicateForQuantitySamples(with:quantity:)` takes it), sample value on the left.
public enum HealthComparison: Sendable, Equatable {
  /// `value < operand`.
  case lessThan
  /// `value <= operand`.
  case lessThanOrEqual
  /// `value == operand`.
  case equal
  /// `value != operand`.
  case notEqual
  /// `value >= operand`.
  case greaterThanOrEqual
  /// `value > operand`.
  case greaterThan

  /// Whether `value` compares to `operand` as this operator says (numbers, and the strings and
  /// dates of metadata predicates).
  public func holds<Value: Comparable>(_ value: Value, _ operand: Value) -> Bool {
    switch self {
    case .lessThan: value < operand
    case .lessThanOrEqual: value <= operand
    case .equal: value == operand
    case .notEqual: value != operand
    case .greaterThanOrEqual: value >= operand
    case .greaterThan: value > operand
    }
  }
}

/// Which samples a query matches: HealthKit's predicates (`HKQuery.predicateFor...`) as a value.
///
/// Instants are ns from `t = 0`; quantities in the type's canonical unit
/// (``HealthDataType/unit``). The date case follows `HKQueryOptions`
/// (https://developer.apple.com/documentation/healthkit/hkqueryoptions) with a missing bound
/// unbounded; see ``matchesDates(start:end:from:to:strictStart:strictEnd:)`` for the exact
/// inequalities (docs/health-store.md#filters).
public indirect enum HealthFilter: Sendable, Equatable {
  /// Every sample.
  case all
  /// `predicateForSamples(withStart:end:options:)`.
  case date(start: SimulationInstant?, end: SimulationInstant?, strictStart: Bool, strictEnd: Bool)
  /// `predicateForObjects(from:)`: samples of these source indices.
  case sources(Set<UInt16>)
  /// `predicateForObjects(with:)`: these samples.
  case ids(Set<HealthSampleID>)
  /// `predicateForQuantitySamples(with:quantity:)`: `value <op> operand` (canonical unit).
  case quantity(HealthComparison, Double)
  /// `predicateForCategorySamples(valueIn:)`: category raw values.
  case categoryValues(Set<Int>)
  /// `predicateForObjects(from: workout)`: samples of the workout's source inside its interval
  /// (start ≥ the workout's start, end ≤ its end); the argument indexes
  /// ``HealthStore/workouts``.
  case workout(Int)
  /// `predicateForWorkouts(with:)`: workout samples of this `HKWorkoutActivityType` raw value.
  case workoutActivity(UInt)
  /// `NSCompoundPredicate(andPredicateWithSubpredicates:)` (empty: every sample).
  case and([HealthFilter])
  /// `NSCompoundPredicate(orPredicateWithSubpredicates:)` (empty: no sample).
  case or([HealthFilter])
  /// `NSCompoundPredicate(notPredicateWithSubpredicate:)`.
  case not(HealthFilter)

  /// HealthKit's date-predicate test for a sample over `start...end` against the target
  /// `from..<to` (a `nil` bound is unbounded on its side):
  ///
  /// - no option (`HKQueryOptionNone`, Apple: "The sample's end time must be equal to or later
  ///   than the target's start time, and the sample's start time must be earlier than the
  ///   target's end time"): `end >= from && start < to`;
  /// - `strictStart` (Apple: "The sample's start time must be equal to or later than the
  ///   target's start time, and the sample's start time must also be earlier than the target's
  ///   end time"): `start >= from && start < to`;
  /// - `strictEnd` ("The sample's end time must fall within the target time period"; the
  ///   exact inequality is this package's reading, the mirror of `strictStart`): `end > from &&
  ///   end <= to`;
  /// - both: both conditions.
  ///
  /// Generic over the time's form, so that the store's instants (`Int64` ns) and the objects
  /// kept outside it (Foundation dates, SimulatedHealthKit's `HKPredicate.Filter.datesMatch`)
  /// share this one test.
  @inlinable
  public static func matchesDates<Time: Comparable>(
    start: Time, end: Time, from: Time?, to: Time?, strictStart: Bool, strictEnd: Bool
  ) -> Bool {
    if !strictStart && !strictEnd {
      if let from, end < from { return false }
      if let to, start >= to { return false }
      return true
    }
    if strictStart {
      if let from, start < from { return false }
      if let to, start >= to { return false }
    }
    if strictEnd {
      if let from, end <= from { return false }
      if let to, end > to { return false }
    }
    return true
  }
}

/// What a statistics query computes, HealthKit's `HKStatisticsOptions` with the same bits
/// (https://developer.apple.com/documentation/healthkit/hkstatisticsoptions).
public struct HealthStatisticsOptions: OptionSet, Sendable, Hashable {
  /// The option bits (`HKStatisticsOptions.rawValue`).
  public var rawValue: UInt

  /// Options from their bits.
  public init(rawValue: UInt) {
    self.rawValue = rawValue
  }

  /// Per-source statistics beside the merged ones (1 << 0).
  public static let separateBySource = HealthStatisticsOptions(rawValue: 1 << 0)
  /// Average of a discrete type (1 << 1).
  public static let discreteAverage = HealthStatisticsOptions(rawValue: 1 << 1)
  /// Minimum of a discrete type (1 << 2).
  public static let discreteMin = HealthStatisticsOptions(rawValue: 1 << 2)
  /// Maximum of a discrete type (1 << 3).
  public static let discreteMax = HealthStatisticsOptions(rawValue: 1 << 3)
  /// Merged sum of a cumulative type (1 << 4).
  public static let cumulativeSum = HealthStatisticsOptions(rawValue: 1 << 4)
  /// The most recent sample's value (1 << 5).
  public static let mostRecent = HealthStatisticsOptions(rawValue: 1 << 5)
  /// The time covered by samples, s (1 << 6).
  public static let duration = HealthStatisticsOptions(rawValue: 1 << 6)
}

/// The sort of a sample query (`NSSortDescriptor` on `HKSampleSortIdentifierStartDate` /
/// `HKSampleSortIdentifierEndDate`).
public enum HealthSort: Sendable, Equatable, Hashable {
  /// By start date.
  case startDate(ascending: Bool)
  /// By end date.
  case endDate(ascending: Bool)
}

/// The most recent sample of a statistics range (`mostRecentQuantity()` and
/// `mostRecentQuantityDateInterval()`).
public struct HealthMostRecent: Sendable, Equatable {
  /// Its value in the canonical unit.
  public var value: Double
  /// Its start (ns from `t = 0`).
  public var start: SimulationInstant
  /// Its end (ns from `t = 0`).
  public var end: SimulationInstant

  /// A most-recent value over `start...end`.
  public init(value: Double, start: SimulationInstant, end: SimulationInstant) {
    self.value = value
    self.start = start
    self.end = end
  }
}

/// One `HKStatistics`: a statistics query's result or one bucket of a collection.
///
/// Values are in the type's canonical unit, ``duration`` in seconds; a value is `nil` when the
/// option was not asked, does not apply to the type (a sum of a discrete type), or no sample
/// counts in the range. docs/health-store.md describes the rules.
public struct HealthStatisticsValues: Sendable, Equatable {
  /// The start of the range: a bucket's start; for a statistics query the earliest start of the
  /// matched samples (the predicate's start, or `t = 0`, when none matched).
  public var start: SimulationInstant
  /// The end of the range: a bucket's end; for a statistics query the latest end of the matched
  /// samples (Apple: https://developer.apple.com/documentation/healthkit/hkstatistics/enddate).
  public var end: SimulationInstant
  /// The number of samples counted in the range (all sources, before the merge; each quantity
  /// of a series sample counts as one, docs/health-store.md#series-samples).
  public var count: Int
  /// The merged sum (cumulative types, ``HealthStatisticsOptions/cumulativeSum``).
  public var sum: Double?
  /// The average (discrete types): time-weighted when every sample has a duration, else the
  /// arithmetic mean.
  public var average: Double?
  /// The minimum (discrete types).
  public var minimum: Double?
  /// The maximum (discrete types).
  public var maximum: Double?
  /// The time covered by at least one sample, s (overlaps counted once).
  public var duration: Double?
  /// The sample with the latest end (ties: latest start, then the highest id).
  public var mostRecent: HealthMostRecent?
  /// Per-source statistics (source index → values, unmerged), only with
  /// ``HealthStatisticsOptions/separateBySource``; only sources with samples in the range.
  public var bySource: [UInt16: HealthStatisticsValues]

  /// Statistics over `start..<end`.
  public init(
    start: SimulationInstant, end: SimulationInstant, count: Int = 0, sum: Double? = nil,
    average: Double? = nil, minimum: Double? = nil, maximum: Double? = nil,
    duration: Double? = nil, mostRecent: HealthMostRecent? = nil,
    bySource: [UInt16: HealthStatisticsValues] = [:]
  ) {
    self.start = start
    self.end = end
    self.count = count
    self.sum = sum
    self.average = average
    self.minimum = minimum
    self.maximum = maximum
    self.duration = duration
    self.mostRecent = mostRecent
    self.bySource = bySource
  }
}

/// What changed since an anchor (``HealthStore/changes(of:where:after:limit:at:)``).
public typealias HealthChanges = (
  added: [HealthSampleID], deleted: [(id: HealthSampleID, uuid: (UInt64, UInt64))],
  anchor: HealthAnchor
)
