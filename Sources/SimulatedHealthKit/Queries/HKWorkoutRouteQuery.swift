import Synchronization
import WorkoutCore

/// A query of a workout route's locations, HealthKit's `HKWorkoutRouteQuery` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkworkoutroutequery).
///
/// The locations arrive in batches of at most ``batchSize``, in time-stamp order, each batch a
/// call of the data handler in the callback lane; `done` is `true` on the last call only (a
/// route without locations gets one call with an empty array and `done`). Reading needs the
/// app to have asked to read ``HKSeriesType/workoutRoute()``: otherwise one call with `nil`,
/// `done` and `errorAuthorizationNotDetermined` ("Authorization not determined").
public final class HKWorkoutRouteQuery: HKQuery, @unchecked Sendable {
  /// How many locations one call of the data handler carries at most: 100 (a project rule;
  /// Apple: "This block may be called one or more times", without a size).
  public static let batchSize = 100

  private let route: HKWorkoutRoute
  private let interval: DateInterval?
  private let dataHandler:
    @Sendable (HKWorkoutRouteQuery, [CLLocation]?, Bool, (any Error)?) -> Void

  /// A query of every location of `workoutRoute` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutroutequery/init(route:datahandler:)).
  ///
  /// - Parameters:
  ///   - workoutRoute: the route.
  ///   - dataHandler: called with each batch and `done`, or once with `nil`, `true` and an
  ///     ``HKError``.
  public init(
    route workoutRoute: HKWorkoutRoute,
    dataHandler:
      @escaping @Sendable (HKWorkoutRouteQuery, [CLLocation]?, Bool, (any Error)?) ->
      Void
  ) {
    self.route = workoutRoute
    self.interval = nil
    self.dataHandler = dataHandler
    super.init(objectType: HKSeriesType.workoutRoute(), predicate: nil)
  }

  /// A query of the locations of `workoutRoute` whose time stamp lies in `dateInterval`
  /// (start and end included; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutroutequery/init(route:dateinterval:datahandler:)).
  public init(
    route workoutRoute: HKWorkoutRoute, dateInterval: DateInterval,
    dataHandler:
      @escaping @Sendable (HKWorkoutRouteQuery, [CLLocation]?, Bool, (any Error)?) ->
      Void
  ) {
    self.route = workoutRoute
    self.interval = dateInterval
    self.dataHandler = dataHandler
    super.init(objectType: HKSeriesType.workoutRoute(), predicate: nil)
  }

  override func activate(
    in context: QueryContext, state: inout HealthKitSimulation.State
  ) -> [HealthKitSimulation.Callback] {
    guard state.authorization.readGranted(HKWorkoutRouteTypeIdentifier) != nil else {
      return fail(notDeterminedError)
    }
    var locations = route.locations
    if let interval { locations = locations.filter { interval.contains($0.timestamp) } }
    var batches: [[CLLocation]] = []
    var start = 0
    repeat {
      let end = min(start + Self.batchSize, locations.count)
      batches.append(Array(locations[start..<end]))
      start = end
    } while start < locations.count
    return batches.enumerated().map { index, batch in
      let done = index == batches.count - 1
      return { [self] in
        guard !isStopped else { return }
        dataHandler(self, batch, done, nil)
      }
    }
  }

  override func fail(_ error: HKError) -> [HealthKitSimulation.Callback] {
    [
      { [self] in
        guard !isStopped else { return }
        dataHandler(self, nil, true, error)
      }
    ]
  }
}

/// The locations of a workout route with Swift concurrency, HealthKit's
/// `HKWorkoutRouteQueryDescriptor` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkworkoutroutequerydescriptor).
@available(macOS 13.0, iOS 15.4, watchOS 8.5, *)
public struct HKWorkoutRouteQueryDescriptor: HKAsyncSequenceQuery, Sendable {
  /// The route whose locations are read.
  public var workoutRoute: HKWorkoutRoute

  /// A descriptor of `workoutRoute`'s locations (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutroutequerydescriptor/init(_:)).
  public init(_ workoutRoute: HKWorkoutRoute) { self.workoutRoute = workoutRoute }

  /// The locations one by one, in time-stamp order (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutroutequerydescriptor/results(for:)):
  /// iterating runs an ``HKWorkoutRouteQuery`` and throws its error.
  public func results(for healthStore: HKHealthStore) -> Results {
    Results(route: workoutRoute, store: healthStore)
  }

  /// The sequence of a route's locations.
  public struct Results: AsyncSequence, Sendable {
    /// A location.
    public typealias Element = CLLocation
    let route: HKWorkoutRoute
    let store: HKHealthStore

    /// An iterator that runs the query on its first `next()`.
    public func makeAsyncIterator() -> Iterator { Iterator(route: route, store: store) }

    /// The iterator of ``Results``.
    public struct Iterator: AsyncIteratorProtocol {
      let route: HKWorkoutRoute
      let store: HKHealthStore
      var buffer: [CLLocation]? = nil
      var index = 0

      /// The next location, or `nil` after the last.
      ///
      /// - Throws: the query's ``HKError``.
      public mutating func next() async throws -> CLLocation? {
        if buffer == nil { buffer = try await store.locations(of: route) }
        guard let buffer, index < buffer.count else { return nil }
        defer { index += 1 }
        return buffer[index]
      }
    }
  }
}

extension HKHealthStore {
  /// Every location of `route`, by an ``HKWorkoutRouteQuery`` run to its `done`.
  func locations(of route: HKWorkoutRoute) async throws -> [CLLocation] {
    let box = Mutex<(locations: [CLLocation], error: (any Error)?, done: Bool)>(([], nil, false))
    execute(
      HKWorkoutRouteQuery(route: route) { _, batch, done, error in
        box.withLock {
          $0.locations += batch ?? []
          $0.error = $0.error ?? error
          $0.done = $0.done || done
        }
      })
    await simulation.deliver()
    let (locations, error, done) = box.withLock { $0 }
    if let error { throw error }
    guard done else { throw inertError() }
    return locations
  }
}

extension HealthKitSimulation.State {
  /// The saved routes that match `predicate`, sorted by `sortDescriptors` (else in the order
  /// saved), at most `limit` (0 for all): what an ``HKSampleQuery`` of
  /// ``HKSeriesType/workoutRoute()`` returns.
  func routeSamples(
    predicate: NSPredicate?, limit: Int, sortDescriptors: [NSSortDescriptor]?
  ) -> [HKSample] {
    let routes = extensionState(RouteStore.self)?.routes ?? []
    var found = HKSampleQuery.sorted(
      routes.filter { Self.route($0, matches: predicate) }, by: sortDescriptors ?? [])
    if limit > 0, found.count > limit { found = Array(found.prefix(limit)) }
    return found
  }

  /// Whether `route` matches `predicate`: HKQuery's helpers (the workout, UUIDs, dates, the
  /// app's source, metadata keys), compounds of them, `NSPredicate(value:)`; another predicate
  /// traps as the store's queries do.
  static func route(_ route: HKWorkoutRoute, matches predicate: NSPredicate?) -> Bool {
    guard let predicate else { return true }
    if let compound = predicate as? NSCompoundPredicate {
      let parts = compound.subpredicates
      switch compound.compoundPredicateType {
      case .and: return parts.allSatisfy { Self.route(route, matches: $0) }
      case .or: return parts.contains { Self.route(route, matches: $0) }
      case .not: return !(parts.first.map { Self.route(route, matches: $0) } ?? false)
      @unknown default: return false
      }
    }
    guard let helper = predicate as? HKPredicate else {
      if predicate.isEqual(NSPredicate(value: true)) { return true }
      if predicate.isEqual(NSPredicate(value: false)) { return false }
      preconditionFailure(HKQuery.unreadablePredicateMessage(predicate))
    }
    switch helper.filter {
    case .workout(let uuid): return route.workoutUUID == uuid
    case .uuids(let uuids): return uuids.contains(route.uuid)
    case .sources(let bundles):
      return bundles.contains(route.sourceRevision.source.bundleIdentifier)
    case .metadataKey(let key): return route.metadata?[key] != nil
    case .date(let start, let end, let options):
      let afterStart: Bool
      let beforeEnd: Bool
      if options.contains(.strictStartDate) {
        afterStart = start.map { route.startDate >= $0 } ?? true
        beforeEnd = end.map { route.startDate < $0 } ?? true
      } else if options.contains(.strictEndDate) {
        afterStart = start.map { route.endDate > $0 } ?? true
        beforeEnd = end.map { route.endDate <= $0 } ?? true
      } else {
        afterStart = start.map { route.endDate >= $0 } ?? true
        beforeEnd = end.map { route.startDate < $0 } ?? true
      }
      return afterStart && beforeEnd
    default: return false
    }
  }
}
