import SimulationDriver
import Synchronization
import WorkoutCore
import WorkoutHealth

/// A query for the days' activity summaries, HealthKit's `HKActivitySummaryQuery` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkactivitysummaryquery).
///
/// The results handler gets the summaries of the local days that match the predicate, in
/// ascending date order: the days of the scenario's `health` data (the day of `t = 0` without
/// one) through the day holding virtual now (docs/healthkit-behaviour.md#activity-summaries).
/// With ``updateHandler`` set the query keeps running until ``HKHealthStore/stop(_:)``: the
/// handler gets the summaries that changed (a workout ended, samples arrived as virtual time
/// reached their `savedAt`, the app saved or deleted) or appeared (a new day at local midnight).
///
/// Reading needs read authorization of ``HKObjectType/activitySummaryType()``: never asked, the
/// handler gets `errorAuthorizationNotDetermined`; denied, it gets no summaries (an empty
/// array), as HealthKit hides a denied read as no data (Apple doc:
/// https://developer.apple.com/documentation/healthkit/authorizing-access-to-health-data).
/// While the phone is locked the handler gets `errorDatabaseInaccessible`.
public final class HKActivitySummaryQuery: HKQuery, @unchecked Sendable {
  /// The handler of the results and the updates.
  public typealias Handler =
    @Sendable (HKActivitySummaryQuery, [HKActivitySummary]?, (any Error)?) -> Void

  private let resultsHandler: Handler
  private let update = Mutex(ClosureSlot<Handler?>(nil))
  /// What the running query saw last (accessed under the simulation's lock).
  private let live = Mutex<Live?>(nil)

  /// A running query's view: its matching days, what it reported for each, and how far it read
  /// the store's changes of each listened type.
  private struct Live {
    var days: [HealthKitSimulation.SummaryDay]
    /// The next local midnight when ``days`` was made: a new day begins there.
    var daysUntil: SimulationInstant?
    var seen: [HKActivitySummary.Values]
    var anchors: [HealthDataType: HealthAnchor]
  }

  /// A query for the summaries matching `predicate` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkactivitysummaryquery/init(predicate:resultshandler:)).
  ///
  /// - Parameters:
  ///   - predicate: ``HKQuery/predicate(forActivitySummariesBetweenStart:end:)``,
  ///     ``HKQuery/predicateForActivitySummary(with:)``, an `NSCompoundPredicate` of them,
  ///     `NSPredicate(value:)`, or `nil` for every day.
  ///   - handler: called once in the callback lane with the summaries, or `nil` and an error.
  public init(predicate: NSPredicate?, resultsHandler handler: @escaping Handler) {
    self.resultsHandler = handler
    super.init(objectType: HKObjectType.activitySummaryType(), predicate: predicate)
  }

  /// The update handler: the new or changed summaries while the query runs (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkactivitysummaryquery/updatehandler).
  /// Traps with "HKActivitySummaryQuery: setUpdateHandler: not callable after first execution"
  /// when set after `execute`.
  public var updateHandler: Handler? {
    get { update.withLock { $0.function } }
    set {
      requireNotExecuted(setter: "setUpdateHandler:")
      update.withLock { $0.function = newValue }
    }
  }

  override func activate(
    in context: QueryContext, state: inout HealthKitSimulation.State
  ) -> [HealthKitSimulation.Callback] {
    guard let type = objectType, state.readAskedFor(type) else {
      return fail(notDeterminedError)
    }
    let granted = state.authorization.readGranted(type.identifier) == true
    let simulation = context.simulation
    let days = granted ? Self.days(matching: predicate, simulation, state: state) : []
    let summaries = days.map { simulation.summaryValues(of: $0, state: state) }
    if granted, update.withLock({ $0.function }) != nil {
      var anchors: [HealthDataType: HealthAnchor] = [:]
      for type in listenedTypes {
        anchors[type] =
          state.health.changes(of: type, where: .all, after: nil, limit: nil, at: state.session.now)
          .anchor
      }
      let until = nextMidnight(after: state.session.now, simulation)
      live.withLock {
        $0 = Live(days: days, daysUntil: until, seen: summaries, anchors: anchors)
      }
      state.healthListeners.append(self)
    }
    let objects = summaries.map(HKActivitySummary.init)
    return [
      { [self] in
        guard !isStopped else { return }
        resultsHandler(self, objects, nil)
      }
    ]
  }

  override func fail(_ error: HKError) -> [HealthKitSimulation.Callback] {
    [
      { [self] in
        guard !isStopped else { return }
        resultsHandler(self, nil, error)
      }
    ]
  }

  /// The days that match `predicate` at virtual now, in date order.
  static func days(
    matching predicate: NSPredicate?, _ simulation: HealthKitSimulation,
    state: HealthKitSimulation.State
  ) -> [HealthKitSimulation.SummaryDay] {
    simulation.summaryDays(through: state.session.now).filter { day in
      predicate.map {
        HKActivitySummaryPredicate.matches($0, day.components, simulation, now: state.session.now)
      } ?? true
    }
  }

  /// The spans of the samples of the listened types that arrived since `anchors` (which move
  /// on), or `nil` when something was deleted (every day may have changed).
  private func arrivedSpans(
    since anchors: inout [HealthDataType: HealthAnchor], state: HealthKitSimulation.State
  ) -> [Range<SimulationInstant>]? {
    var spans: [Range<SimulationInstant>] = []
    var deleted = false
    for type in listenedTypes {
      let news = state.healthStorage.changes(
        of: type, where: .all, after: anchors[type], limit: nil, at: state.session.now)
      anchors[type] = news.anchor
      deleted = deleted || !news.deleted.isEmpty
      for id in news.added {
        let sample = state.healthStorage.sample(id)
        spans.append(sample.start..<max(sample.end, sample.start.advanced(by: .nanoseconds(1))))
      }
    }
    return deleted ? nil : spans
  }
}

extension HKActivitySummaryQuery: HealthQueryListener {
  /// The store types a day's rings are made of.
  package var listenedTypes: Set<HealthDataType> {
    [.activeEnergyBurned, .stepCount, .workout, ExerciseMinutes.kind]
  }

  package var isFinished: Bool { isStopped }

  /// The next local midnight: a new day's summary appears.
  package func nextDue(after now: SimulationInstant) -> SimulationInstant? {
    guard let simulation = executedIn.withLock({ $0.simulation }) else { return nil }
    return nextMidnight(after: now, simulation)
  }

  /// The first local midnight after `now` in the simulation's calendar.
  private func nextMidnight(after now: SimulationInstant, _ simulation: HealthKitSimulation)
    -> SimulationInstant?
  {
    let calendar = simulation.calendar
    let day = calendar.startOfDay(for: simulation.date(of: now))
    return calendar.date(byAdding: .day, value: 1, to: day).map { simulation.instant(of: $0) }
  }

  package func wake(at now: SimulationInstant, state: inout HealthKitSimulation.State)
    -> [HealthKitSimulation.Callback]
  {
    guard isRunning(in: &state), !state.healthDataIsInaccessible(at: now),
      let update = update.withLock({ $0.function }),
      let simulation = executedIn.withLock({ $0.simulation })
    else { return [] }
    // Only the days a new sample touches are computed again (and new days, after a midnight);
    // a deletion recomputes every day.
    let changed = live.withLock { live -> [HKActivitySummary.Values] in
      guard var current = live else { return [] }
      let spans = arrivedSpans(since: &current.anchors, state: state)
      if current.daysUntil.map({ now >= $0 }) ?? true {
        current.days = Self.days(matching: predicate, simulation, state: state)
        current.daysUntil = nextMidnight(after: now, simulation)
      }
      var before: [DateComponents: HKActivitySummary.Values] = [:]
      for summary in current.seen { if let day = summary.day { before[day] = summary } }
      var result: [HKActivitySummary.Values] = []
      var seen: [HKActivitySummary.Values] = []
      for day in current.days {
        let window = day.start..<day.end
        let touched = spans.map { $0.contains { $0.overlaps(window) } } ?? true
        if !touched, let old = before[day.components] {
          seen.append(old)
          continue
        }
        let summary = simulation.summaryValues(of: day, state: state)
        seen.append(summary)
        if before[day.components] != summary { result.append(summary) }
      }
      current.seen = seen
      live = current
      return result
    }
    guard !changed.isEmpty else { return [] }
    let objects = changed.map(HKActivitySummary.init)
    return [
      { [self] in
        guard !isStopped else { return }
        update(self, objects, nil)
      }
    ]
  }
}

/// A predicate of activity summaries by day, made by
/// ``HKQuery/predicate(forActivitySummariesBetweenStart:end:)`` and
/// ``HKQuery/predicateForActivitySummary(with:)``: the days from `start` through `end`
/// (inclusive), each named by date components with their calendar.
public final class HKActivitySummaryPredicate: NSPredicate {
  /// The first day.
  let start: DateComponents
  /// The last day.
  let end: DateComponents

  init(start: DateComponents, end: DateComponents) {
    precondition(start.calendar != nil, Self.noCalendarMessage(start))
    precondition(end.calendar != nil, Self.noCalendarMessage(end))
    self.start = start
    self.end = end
    super.init(value: true)
  }

  /// Not decodable (the simulation never archives predicates).
  public required init?(coder: NSCoder) { nil }

  /// The trap message of components without a calendar (HealthKit requires one).
  static func noCalendarMessage(_ components: DateComponents) -> String {
    "HKQuery.predicate(forActivitySummariesBetweenStart:end:) and predicateForActivitySummary(with:): the date components \(components) have no calendar; set components.calendar = Calendar.current (HealthKit requires a valid calendar)"
  }

  /// Whether `predicate` matches the day `day` (simulation calendar components) at virtual
  /// `now`.
  static func matches(
    _ predicate: NSPredicate, _ day: DateComponents, _ simulation: HealthKitSimulation,
    now: SimulationInstant
  ) -> Bool {
    if let compound = predicate as? NSCompoundPredicate {
      let parts = compound.subpredicates.map { matches($0, day, simulation, now: now) }
      switch compound.compoundPredicateType {
      case .and: return parts.allSatisfy { $0 }
      case .or: return parts.contains(true)
      case .not: return !parts.allSatisfy { $0 }
      @unknown default: preconditionFailure(HKQuery.unreadablePredicateMessage(compound))
      }
    }
    guard let days = predicate as? HKActivitySummaryPredicate else {
      if predicate.isEqual(NSPredicate(value: true)) { return true }
      if predicate.isEqual(NSPredicate(value: false)) { return false }
      preconditionFailure(HKQuery.unreadablePredicateMessage(predicate))
    }
    let key = dayKey(day, in: simulation, now: now, realClock: false)
    return dayKey(days.start, in: simulation, now: now)
      <= key && key <= dayKey(days.end, in: simulation, now: now)
  }

  /// A sortable key of the simulation-calendar day holding the noon of `components`' day.
  ///
  /// The app's days go through the wall-clock rule by whole days (`realClock`;
  /// docs/swift-api.md#the-wall-clock-rule; its one home, `AppSimulation.virtualDay`): a
  /// real-clock day, judged by whole days (today's rings asked with
  /// `calendar.dateComponents(..., from: Date())` when virtual today is another day), is the
  /// virtual day as many days from virtual today as it is from the real today.
  private static func dayKey(
    _ components: DateComponents, in simulation: HealthKitSimulation, now: SimulationInstant,
    realClock: Bool = true
  ) -> Int {
    let calendar = components.calendar ?? simulation.calendar
    if realClock,
      let day = simulation.virtualDay(
        of: components, in: calendar, virtualCalendar: simulation.calendar, now: now)
    {
      return (day.year ?? 0) * 10_000 + (day.month ?? 0) * 100 + (day.day ?? 0)
    }
    var noon = components
    noon.hour = 12
    noon.minute = 0
    noon.second = 0
    guard let date = calendar.date(from: noon) else { return 0 }
    let local = simulation.calendar.dateComponents([.year, .month, .day], from: date)
    return (local.year ?? 0) * 10_000 + (local.month ?? 0) * 100 + (local.day ?? 0)
  }
}

extension HKQuery {
  /// Activity summaries of the days from `startDateComponents` through `endDateComponents`,
  /// both included (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicate(foractivitysummariesbetweenstart:end:)).
  ///
  /// Traps when either has no `calendar` (HealthKit: "The date components must have a valid
  /// calendar property"), with a message saying to set it.
  public class func predicate(
    forActivitySummariesBetweenStart startDateComponents: DateComponents,
    end endDateComponents: DateComponents
  ) -> NSPredicate {
    HKActivitySummaryPredicate(start: startDateComponents, end: endDateComponents)
  }

  /// The activity summary of the day `dateComponents` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforactivitysummary(with:)).
  ///
  /// Traps when it has no `calendar`, as
  /// ``predicate(forActivitySummariesBetweenStart:end:)``.
  public class func predicateForActivitySummary(with dateComponents: DateComponents)
    -> NSPredicate
  {
    HKActivitySummaryPredicate(start: dateComponents, end: dateComponents)
  }
}

/// The async form of ``HKActivitySummaryQuery``, HealthKit's
/// `HKActivitySummaryQueryDescriptor` (iOS 15.4; Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkactivitysummaryquerydescriptor).
public struct HKActivitySummaryQueryDescriptor: HKAsyncQuery, HKAsyncSequenceQuery, Sendable {
  /// The predicate of the days, or `nil` for all.
  nonisolated(unsafe) public var predicate: NSPredicate?

  /// A descriptor (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkactivitysummaryquerydescriptor/init(predicate:)).
  public init(predicate: NSPredicate?) {
    self.predicate = predicate
  }

  /// The summaries in ascending date order (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkactivitysummaryquerydescriptor/result(for:)).
  ///
  /// - Throws: the ``HKError`` the class query's handler would get.
  nonisolated(nonsending) public func result(for healthStore: HKHealthStore) async throws
    -> [HKActivitySummary]
  {
    nonisolated(unsafe) let predicate = predicate
    return try await healthStore.run { finish in
      HKActivitySummaryQuery(predicate: predicate) { _, summaries, error in
        finish(summaries.map { .success($0) } ?? .failure(error ?? HKError(.unknownError)))
      }
    }
  }

  /// The async sequence of summaries.
  public typealias Results = HKQueryResults<[HKActivitySummary]>

  /// All matching summaries, then each batch of new or changed ones (the class query's results
  /// and ``HKActivitySummaryQuery/updateHandler``; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkactivitysummaryquerydescriptor/results(for:)).
  public func results(for healthStore: HKHealthStore) -> Results {
    nonisolated(unsafe) let predicate = predicate
    return .running(on: healthStore, call: "HKActivitySummaryQueryDescriptor.results(for:)") {
      continuation in
      let handler: HKActivitySummaryQuery.Handler = { _, summaries, error in
        if let summaries {
          continuation.yield(summaries)
        } else {
          continuation.finish(throwing: error ?? HKError(.unknownError))
        }
      }
      let query = HKActivitySummaryQuery(predicate: predicate, resultsHandler: handler)
      query.updateHandler = handler
      return query
    }
  }
}
