import SimulationDriver
import Synchronization
import WorkoutCore
import WorkoutHealth

/// Statistics per time bucket, HealthKit's `HKStatisticsCollectionQuery` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkstatisticscollectionquery).
///
/// Buckets lie on the grid `anchorDate + k × intervalComponents` (k any whole number), computed
/// with `HealthKitSimulation.calendar` from the anchor as the wall-clock rule reads it when the
/// query is executed (`Calendar.current.startOfDay(for: Date())` is virtual today's midnight,
/// with a `wallClockDate` log entry naming `HKStatisticsCollectionQuery(anchorDate:)`; with
/// strict dates the query fails instead; docs/swift-api.md#the-wall-clock-rule), the Gregorian calendar in the scenario's time zone: a
/// daily bucket is a local day, so the DST day is 23 or 25 hours long. A cumulative sample that
/// spans buckets is split in proportion to its time in each (field evidence: tryVital/vital-ios
/// PR #34), and samples astride the predicate's date bounds also give partial buckets outside
/// them, as HealthKit's are observed to. Buckets without samples are made empty on demand.
///
/// Set ``initialResultsHandler`` (the collection, once) and, to keep the query running,
/// ``statisticsUpdateHandler``: called with each bucket whose statistics changed when new
/// samples arrive (as virtual time reaches their `savedAt`) or the app saves or deletes, until
/// ``HKHealthStore/stop(_:)``. Both must be set before `execute`.
public final class HKStatisticsCollectionQuery: HKQuery, @unchecked Sendable {
  /// The date the bucket grid is anchored on, as the app gave it (the grid uses the instant the
  /// wall-clock rule reads it as at `execute`; docs/swift-api.md#the-wall-clock-rule).
  public let anchorDate: Date
  /// The statistics to compute (options rules as ``HKStatisticsQuery``).
  public let options: HKStatisticsOptions
  /// The bucket length (`DateComponents(day: 1)`, `DateComponents(hour: 1)`, ...).
  public let intervalComponents: DateComponents
  private let handlers = Mutex(Handlers())
  private let live = Mutex<Live?>(nil)
  /// ``HKStatisticsCollectionQueryDescriptor/results(for:)``'s handler of one update: every
  /// bucket that changed at once, with the collection (else each changed bucket is one call of
  /// ``statisticsUpdateHandler``).
  let batchedUpdate = Mutex(
    ClosureSlot<(@Sendable ([HKStatistics], HKStatisticsCollection) -> Void)?>(nil))
  /// The anchor on virtual time, as the wall-clock rule read ``anchorDate`` at `execute`.
  private let virtualAnchor = Mutex<Date?>(nil)

  /// The call the wall-clock rule names for the anchor (its log entry, its strict error).
  static let anchorCall = "HKStatisticsCollectionQuery(anchorDate:)"

  override var appDates: [(date: Date, call: String)] {
    super.appDates + [(anchorDate, Self.anchorCall)]
  }

  private struct Handlers {
    var initial:
      (@Sendable (HKStatisticsCollectionQuery, HKStatisticsCollection?, (any Error)?) -> Void)?
    var update:
      (
        @Sendable (
          HKStatisticsCollectionQuery, HKStatistics?, HKStatisticsCollection?, (any Error)?
        ) -> Void
      )?
  }

  /// What a running query saw last.
  private struct Live {
    var kind: HealthDataType
    /// The predicate's filter without the device's view: each look applies the view of its
    /// instant (``HealthKitSimulation/State/viewed(_:kind:on:)``), as a running anchored or
    /// observer query does (docs/phone-link.md#the-two-health-stores).
    var filter: HealthFilter
    var anchor: HealthAnchor
    var buckets: [Date: HealthStatisticsValues]
    /// The samples the store holds but the query's device does not yet, by their sync arrival
    /// (``HealthKitSimulation/State/deviceChanges(of:where:on:after:waiting:)``): the query
    /// wakes at each to count it then.
    var waiting: [HealthSampleID: SimulationInstant] = [:]
    /// The instant of the last look: on the watch, the samples that left its week of history
    /// since then (docs/phone-link.md#the-two-health-stores) change the buckets they were in.
    var looked: SimulationInstant
  }

  /// The results handler: the whole collection once, in the callback lane, or `nil` and an
  /// error. Traps with "HKStatisticsCollectionQuery: setInitialResultsHandler: not callable
  /// after first execution" when set after `execute`.
  public var initialResultsHandler:
    (@Sendable (HKStatisticsCollectionQuery, HKStatisticsCollection?, (any Error)?) -> Void)?
  {
    get { handlers.withLock { $0.initial } }
    set {
      requireNotExecuted(setter: "setInitialResultsHandler:")
      handlers.withLock { $0.initial = newValue }
      if newValue != nil { noteHandlerSet() }
    }
  }

  /// The update handler: one call per changed bucket (its statistics and the whole collection)
  /// while the query runs. Traps with "HKStatisticsCollectionQuery: setStatisticsUpdateHandler:
  /// not callable after first execution" when set after `execute`.
  public var statisticsUpdateHandler:
    (
      @Sendable (
        HKStatisticsCollectionQuery, HKStatistics?, HKStatisticsCollection?, (any Error)?
      ) -> Void
    )?
  {
    get { handlers.withLock { $0.update } }
    set {
      requireNotExecuted(setter: "setStatisticsUpdateHandler:")
      handlers.withLock { $0.update = newValue }
      if newValue != nil { noteHandlerSet() }
    }
  }

  /// A query for the statistics of `quantityType` in buckets of `intervalComponents` anchored at
  /// `anchorDate` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkstatisticscollectionquery/init(quantitytype:quantitysamplepredicate:options:anchordate:intervalcomponents:)).
  ///
  /// Traps with "HKStatisticsCollectionQuery: intervalComponents must describe a positive
  /// length" when the components add no time (workout-sim's message).
  public init(
    quantityType: HKQuantityType, quantitySamplePredicate: NSPredicate?,
    options: HKStatisticsOptions = [], anchorDate: Date, intervalComponents: DateComponents
  ) {
    self.anchorDate = anchorDate
    self.options = options
    self.intervalComponents = intervalComponents
    super.init(objectType: quantityType, predicate: quantitySamplePredicate)
  }

  /// Made without a handler: the app sets ``initialResultsHandler`` or
  /// ``statisticsUpdateHandler`` after `init`.
  override class var handlerGivenAtInit: Bool { false }

  override func activate(
    in context: QueryContext, state: inout HealthKitSimulation.State
  ) -> [HealthKitSimulation.Callback] {
    // The initializer only takes quantity types.
    let type = objectType as! HKQuantityType
    HKStatisticsQuery.validate(options, for: type)
    let (initial, update) = handlers.withLock { ($0.initial, $0.update) }
    guard state.readAskedFor(type) else {
      return fail(notDeterminedError)
    }
    // The anchor on virtual time (strict dates refused a real-clock one at `execute`).
    let simulation = context.simulation
    let anchor =
      (try? simulation.readAppDatesOnVirtualTime(
        [anchorDate], call: Self.anchorCall, in: &state
      ).get())?[0] ?? anchorDate
    virtualAnchor.withLock { $0 = anchor }
    let grid = BucketGrid(
      anchor: anchor, components: intervalComponents, calendar: simulation.calendar)
    guard let kind = type.healthDataType else {
      let empty = HKStatisticsCollection(
        type: type, grid: grid, buckets: [:], simulation: simulation)
      return initial.map { handler in [{ [self] in handler(self, empty, nil) }] } ?? []
    }
    let base = state.filter(
      for: predicate, type: kind, identifier: type.identifier, context: context, view: false)
    let buckets = Self.buckets(
      kind: kind, filter: state.viewed(base, kind: kind, on: context.device), options: options,
      grid: grid, predicate: predicate, context: context, state: state)
    let collection = state.collection(buckets, type: type, kind: kind, grid: grid, context: context)
    if update != nil {
      var waiting: [HealthSampleID: SimulationInstant] = [:]
      let anchor = state.deviceChanges(
        of: kind, where: base, on: context.device, after: nil, waiting: &waiting
      ).anchor
      live.withLock {
        $0 = Live(
          kind: kind, filter: base, anchor: anchor, buckets: buckets, waiting: waiting,
          looked: state.session.now)
      }
      state.healthListeners.append(self)
    }
    guard let initial else { return [] }
    return [
      { [self] in
        guard !isStopped else { return }
        initial(self, collection, nil)
      }
    ]
  }

  override func fail(_ error: HKError) -> [HealthKitSimulation.Callback] {
    let (initial, update) = handlers.withLock { ($0.initial, $0.update) }
    if let initial { return [{ [self] in initial(self, nil, error) }] }
    if let update { return [{ [self] in update(self, nil, nil, error) }] }
    return []
  }

  /// The bucket values by bucket start: the grid over the span of the matching samples (their
  /// whole intervals, so a sample astride the predicate's bounds gives its partial bucket outside
  /// them). Buckets without samples are not computed: the collection makes them empty on demand,
  /// so a predicate from `Date.distantPast` costs nothing.
  private static func buckets(
    kind: HealthDataType, filter: HealthFilter, options: HKStatisticsOptions, grid: BucketGrid,
    predicate: NSPredicate?, context: QueryContext, state: HealthKitSimulation.State
  ) -> [Date: HealthStatisticsValues] {
    let now = state.session.now
    guard let span = state.healthStorage.dataSpan(of: kind, where: filter, at: now) else {
      return [:]
    }
    let low = span.lowerBound
    let high = span.upperBound
    let edges = grid.edges(covering: context.date(low), context.date(max(high, low)))
    let instants = edges.map(context.instant)
    let values = state.healthStorage.collection(
      of: kind, where: filter, options: options.health, edges: instants, at: now)
    var result: [Date: HealthStatisticsValues] = [:]
    for (index, value) in values.enumerated() where value.hasData {
      result[edges[index]] = value
    }
    return result
  }
}

extension HKStatisticsCollectionQuery: HealthQueryListener {
  package var listenedTypes: Set<HealthDataType> {
    live.withLock { $0.map { [$0.kind] } ?? [] }
  }

  package var isFinished: Bool { isStopped }

  /// The next sync arrival of a sample the query's device does not hold yet (its store
  /// changes then).
  package func nextDue(after now: SimulationInstant) -> SimulationInstant? {
    live.withLock { live in
      live?.waiting.values.filter { $0 > now && $0.nanoseconds != .max }.min()
    }
  }

  /// A look at the store through the device's view of now (the view applied per look, the
  /// samples still on their way waiting): the buckets whose values changed since the last look
  /// each get an update (one ``batchedUpdate`` of all of them for the descriptor).
  ///
  /// Only the buckets the look's changes touch are computed again (``touchedBuckets``): those
  /// the samples added and deleted since the last look span, and on the watch those before the
  /// start of its week of history when that start moved; the others keep their values, which
  /// are the values a computation of every bucket gives (the buckets are independent). A look
  /// without changes costs no bucket, so a long heart-rate run pays per wake for its new
  /// samples, not for all of them.
  package func wake(at now: SimulationInstant, state: inout HealthKitSimulation.State)
    -> [HealthKitSimulation.Callback]
  {
    guard let seen = live.withLock({ $0 }), isRunning(in: &state),
      !state.healthDataIsInaccessible(at: now),
      let update = handlers.withLock({ $0.update }),
      let simulation = executedIn.withLock({ $0.simulation })
    else { return [] }
    let context = QueryContext(
      simulation: simulation, device: executedIn.withLock { $0.device })
    var waiting = seen.waiting
    let changes = state.deviceChanges(
      of: seen.kind, where: seen.filter, on: context.device, after: seen.anchor,
      waiting: &waiting)
    // The initializer only takes quantity types.
    let type = objectType as! HKQuantityType
    let grid = BucketGrid(
      anchor: virtualAnchor.withLock { $0 } ?? anchorDate, components: intervalComponents,
      calendar: context.simulation.calendar)
    var buckets = seen.buckets
    let changed = touchedBuckets(
      &buckets, changes: changes, seen: seen,
      filter: state.viewed(seen.filter, kind: seen.kind, on: context.device), grid: grid,
      context: context, state: state)
    live.withLock {
      $0?.anchor = changes.anchor
      $0?.buckets = buckets
      $0?.waiting = waiting
      $0?.looked = now
    }
    guard !changed.isEmpty else { return [] }
    let collection = state.collection(
      buckets, type: type, kind: seen.kind, grid: grid, context: context)
    let statistics = changed.map { collection.bucketStatistics(holding: $0) }
    if let batched = batchedUpdate.withLock({ $0.function }) {
      return [
        { [self] in
          guard !isStopped else { return }
          batched(statistics, collection)
        }
      ]
    }
    return statistics.map { statistics -> HealthKitSimulation.Callback in
      { [self] in
        guard !isStopped else { return }
        update(self, statistics, collection, nil)
      }
    }
  }
}

extension HKStatisticsCollectionQuery {
  /// Computes again, in `buckets`, the buckets a look's `changes` touch, and returns the
  /// starts of those whose values changed, ascending: the buckets spanned by each sample added
  /// or deleted since the last look, and on the watch, when the start of its week of history
  /// moved since `seen.looked`, every bucket with data that begins before the new start (the
  /// samples that left the view were in those). Spans that overlap are computed together;
  /// `filter` is the query's with the device's view of now.
  private func touchedBuckets(
    _ buckets: inout [Date: HealthStatisticsValues], changes: HealthChanges, seen: Live,
    filter: HealthFilter, grid: BucketGrid, context: QueryContext,
    state: HealthKitSimulation.State
  ) -> [Date] {
    let now = state.session.now
    var spans: [(low: SimulationInstant, high: SimulationInstant)] = []
    for id in changes.added + changes.deleted.map(\.id) {
      let sample = state.healthStorage.sample(id)
      spans.append((sample.start, max(sample.start, sample.end)))
    }
    if let device = context.device, device != .phone, now > seen.looked,
      let first = buckets.keys.min()
    {
      let history = HealthKitSimulation.State.watchHistory.components.seconds * 1_000_000_000
      let start = SimulationInstant(nanoseconds: now.nanoseconds - history)
      let low = context.instant(first)
      if low < start { spans.append((low, start)) }
    }
    guard !spans.isEmpty else { return [] }
    spans.sort { $0.low < $1.low }
    var merged: [(low: SimulationInstant, high: SimulationInstant)] = []
    for span in spans {
      if let last = merged.last, span.low <= last.high {
        merged[merged.count - 1].high = max(last.high, span.high)
      } else {
        merged.append(span)
      }
    }
    var changed = Set<Date>()
    for span in merged {
      let edges = grid.edges(covering: context.date(span.low), context.date(span.high))
      let values = state.healthStorage.collection(
        of: seen.kind, where: filter, options: options.health, edges: edges.map(context.instant),
        at: now)
      for (index, value) in values.enumerated() {
        let start = edges[index]
        let fresh = value.hasData ? value : nil
        if buckets[start] != fresh {
          buckets[start] = fresh
          changed.insert(start)
        }
      }
    }
    return changed.sorted()
  }
}

/// The bucket grid of a collection query: `anchor + k × components` in a calendar.
struct BucketGrid: @unchecked Sendable {
  let anchor: Date
  let components: DateComponents
  let calendar: Calendar

  /// Edge `k`.
  func edge(_ k: Int) -> Date {
    var scaled = DateComponents()
    scaled.year = components.year.map { $0 * k }
    scaled.month = components.month.map { $0 * k }
    scaled.weekOfYear = components.weekOfYear.map { $0 * k }
    scaled.day = components.day.map { $0 * k }
    scaled.hour = components.hour.map { $0 * k }
    scaled.minute = components.minute.map { $0 * k }
    scaled.second = components.second.map { $0 * k }
    scaled.nanosecond = components.nanosecond.map { $0 * k }
    return calendar.date(byAdding: scaled, to: anchor) ?? anchor
  }

  /// The trap message of components that add no time.
  static let emptyIntervalMessage =
    "HKStatisticsCollectionQuery: intervalComponents must describe a positive length"

  /// The index of the bucket holding `date`: the largest `k` with `edge(k) <= date`.
  func index(of date: Date) -> Int {
    let step = edge(1).timeIntervalSince(anchor)
    precondition(step > 0, Self.emptyIntervalMessage)
    var k = Int((date.timeIntervalSince(anchor) / step).rounded(.down))
    while edge(k) > date { k -= 1 }
    while edge(k + 1) <= date { k += 1 }
    return k
  }

  /// The edges of the buckets that cover `start...end`: from the bucket holding `start` to the
  /// first edge after `end` (at least two edges).
  func edges(covering start: Date, _ end: Date) -> [Date] {
    var k = index(of: start)
    var result = [edge(k)]
    repeat {
      k += 1
      result.append(edge(k))
    } while result[result.count - 1] <= end
    return result
  }
}

/// The buckets of a collection query, HealthKit's `HKStatisticsCollection` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkstatisticscollection). No public
/// initializer.
///
/// Its buckets and their statistics' dates are on virtual time. The dates the app passes
/// (``statistics(for:)``, ``enumerateStatistics(from:to:with:)``) go through the wall-clock rule
/// (docs/swift-api.md#the-wall-clock-rule): `Date()` is virtual now,
/// `Date().addingTimeInterval(-7 * 86_400)` virtual now a week earlier, with a `wallClockDate`
/// log entry naming the method. These methods have no error to report, so with strict dates
/// such a date is read all the same and the run's errors get the strict error (action: the
/// method).
public final class HKStatisticsCollection: NSObject, @unchecked Sendable {
  private let type: HKQuantityType
  private let grid: BucketGrid
  private let buckets: [Date: HKStatistics]
  private let sourceSet: Set<HKSource>
  /// The simulation whose wall-clock rule reads the app's dates (weak: an app may keep the
  /// collection after the run; then dates are taken as given).
  private weak var simulation: HealthKitSimulation?

  init(
    type: HKQuantityType, grid: BucketGrid, buckets: [Date: HKStatistics],
    simulation: HealthKitSimulation?
  ) {
    self.type = type
    self.grid = grid
    self.buckets = buckets
    self.sourceSet = Set(buckets.values.flatMap { $0.sources ?? [] })
    self.simulation = simulation
  }

  /// `dates` the app passed to `call` on virtual time (the wall-clock rule).
  private func read(_ dates: [Date], call: String) -> [Date] {
    guard let simulation else { return dates }
    return simulation.readAppDatesOnVirtualTimeCannotFail(dates, call: call)
  }

  /// The statistics of the bucket holding `date` (read by the wall-clock rule); a bucket
  /// without samples gives statistics whose quantities are `nil` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkstatisticscollection/statistics(for:)).
  public func statistics(for date: Date) -> HKStatistics? {
    bucketStatistics(holding: read([date], call: "statistics(for:)")[0])
  }

  /// The statistics of the bucket holding `date`, a date on virtual time.
  func bucketStatistics(holding date: Date) -> HKStatistics {
    let k = grid.index(of: date)
    return bucket(start: grid.edge(k), end: grid.edge(k + 1))
  }

  /// Calls `block` with the statistics of every bucket from the one holding `startDate` through
  /// the one holding `endDate`, a bucket starting exactly at `endDate` included (Apple: "The
  /// final statistics come from the time interval that contains the end date"), in time order,
  /// empty buckets included with `nil` quantities; set `stop.pointee = true` to end early; both
  /// dates are read by the wall-clock rule (see the type) (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkstatisticscollection/enumeratestatistics(from:to:with:)).
  public func enumerateStatistics(
    from startDate: Date, to endDate: Date,
    with block: (HKStatistics, UnsafeMutablePointer<ObjCBool>) -> Void
  ) {
    let dates = read([startDate, endDate], call: "enumerateStatistics(from:to:with:)")
    let (startDate, endDate) = (dates[0], dates[1])
    guard endDate >= startDate else { return }
    let last = grid.index(of: endDate)
    var stop = ObjCBool(false)
    for k in grid.index(of: startDate)...last {
      let statistics = bucket(start: grid.edge(k), end: grid.edge(k + 1))
      withUnsafeMutablePointer(to: &stop) { block(statistics, $0) }
      if stop.boolValue { return }
    }
  }

  /// The statistics of the buckets that have samples, in time order.
  public func statistics() -> [HKStatistics] {
    buckets.keys.sorted().compactMap { buckets[$0] }
  }

  /// The sources of the buckets' statistics (with `separateBySource`; else empty).
  public func sources() -> Set<HKSource> { sourceSet }

  private func bucket(start: Date, end: Date) -> HKStatistics {
    buckets[start] ?? HKStatistics(quantityType: type, startDate: start, endDate: end)
  }
}

extension HealthKitSimulation.State {
  /// The collection of bucket values.
  func collection(
    _ values: [Date: HealthStatisticsValues], type: HKQuantityType, kind: HealthDataType,
    grid: BucketGrid, context: QueryContext
  ) -> HKStatisticsCollection {
    var buckets: [Date: HKStatistics] = [:]
    for (start, value) in values {
      buckets[start] = statistics(value, type: type, kind: kind, context: context)
    }
    return HKStatisticsCollection(
      type: type, grid: grid, buckets: buckets, simulation: context.simulation)
  }
}
