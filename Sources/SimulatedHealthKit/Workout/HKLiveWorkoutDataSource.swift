import WorkoutCore

/// Where a live builder's samples come from (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkliveworkoutdatasource): the simulated
/// body and wrist sensor.
///
/// ``typesToCollect`` starts as the types the engine collects for the configuration's activity
/// (`WorkoutActivityType.collectedTypes`, listed per activity in
/// docs/scenario-format.md#collected-types: a run's include running power and form, a hike's
/// flights climbed; every activity has heart rate, active and basal energy). ``enableCollection(for:predicate:)`` and
/// ``disableCollection(for:)`` apply to the builders using it at virtual now: a running interval
/// is cut there and goes on with the new types (docs/swift-api.md#the-data-source).
/// Predicates are accepted and ignored.
///
/// `Sendable` as in Apple's SDK; the mutable state is behind a lock.
public final class HKLiveWorkoutDataSource: NSObject, @unchecked Sendable {
  private let lock = NSLock()
  private var types: Set<HKQuantityType>
  /// Whether the app changed the types (`enableCollection`, `disableCollection`): then a new
  /// activity leaves them alone.
  private var modified = false
  private var builders: [WeakBuilder] = []

  private struct WeakBuilder {
    weak var builder: HKLiveWorkoutBuilder?
  }

  /// Creates a data source collecting the default types of `configuration` (none without one).
  public init(
    healthStore: HKHealthStore, workoutConfiguration configuration: HKWorkoutConfiguration?
  ) {
    let activity = configuration?.activityType.engineValue
    self.types = Set((activity?.collectedTypes ?? []).map { HKQuantityType(engine: $0) })
    super.init()
  }

  /// The types the data source collects.
  public var typesToCollect: Set<HKQuantityType> { lock.withLock { types } }

  /// Collects `quantityType` too, from virtual now: a builder collecting with this source gets
  /// its samples from this instant, not from its next running interval (Apple: "Begins
  /// automatically calculating statistics for samples that match the quantity type",
  /// https://developer.apple.com/documentation/healthkit/hkliveworkoutdatasource/enablecollection(for:predicate:)).
  /// A type the engine does not produce for the activity yields no samples; `predicate` is
  /// ignored.
  public func enableCollection(for quantityType: HKQuantityType, predicate: NSPredicate?) {
    lock.withLock {
      modified = true
      _ = types.insert(quantityType)
    }
    changed()
  }

  /// Stops collecting `quantityType`, from virtual now: a builder collecting with this source
  /// gets no more of its samples (Apple: "Stops automatically calculating statistics for the
  /// quantity type",
  /// https://developer.apple.com/documentation/healthkit/hkliveworkoutdatasource/disablecollection(for:)).
  public func disableCollection(for quantityType: HKQuantityType) {
    lock.withLock {
      modified = true
      _ = types.remove(quantityType)
    }
    changed()
  }

  /// The types to collect for a new activity of `activity` (`beginNewActivity`, or the
  /// session's own after `endCurrentActivity`), or `nil` when the app changed the types: Apple
  /// sets ``typesToCollect`` for the new activity unless the app changed them (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutsession/beginnewactivity(configuration:date:metadata:)).
  func typesFollowing(_ activity: WorkoutActivityType) -> QuantityTypeSet? {
    lock.withLock { modified ? nil : QuantityTypeSet(activity.collectedTypes) }
  }

  /// Takes `types` as ``typesToCollect`` (the engine already collects them).
  func adopt(_ types: QuantityTypeSet) {
    lock.withLock { self.types = Set(types.types.map { HKQuantityType(engine: $0) }) }
  }

  func attach(_ builder: HKLiveWorkoutBuilder) {
    lock.withLock {
      builders.removeAll { $0.builder == nil || $0.builder === builder }
      builders.append(WeakBuilder(builder: builder))
    }
  }

  private func changed() {
    let attached = lock.withLock { builders.compactMap(\.builder) }
    for builder in attached where builder.dataSource === self {
      builder.applyCollectedTypes(now: true)
    }
  }
}
