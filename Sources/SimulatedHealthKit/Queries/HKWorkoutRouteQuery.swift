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
    guard state.readAskedFor(identifier: HKWorkoutRouteTypeIdentifier) else {
      return fail(notDeterminedError)
    }
    var locations = route.locations
    if let interval { locations = locations.filter { interval.contains($0.timestamp) } }
    let batches = stride(from: 0, to: locations.count, by: Self.batchSize).map {
      Array(locations[$0..<min($0 + Self.batchSize, locations.count)])
    }
    return seriesCallbacks(batches, orWhenEmpty: []) { [self] batch, done in
      dataHandler(self, batch, done, nil)
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
    public func makeAsyncIterator() -> Iterator {
      Iterator(buffer: SeriesBuffer { [route, store] in try await store.locations(of: route) })
    }

    /// The iterator of ``Results``.
    public struct Iterator: AsyncIteratorProtocol {
      var buffer: SeriesBuffer<CLLocation>

      /// The next location, or `nil` after the last.
      ///
      /// - Throws: the query's ``HKError``.
      public mutating func next() async throws -> CLLocation? { try await buffer.next() }
    }
  }
}

extension HKHealthStore {
  /// Every location of `route`, by an ``HKWorkoutRouteQuery`` run to its `done`.
  func locations(of route: HKWorkoutRoute) async throws -> [CLLocation] {
    try await collectSeries { finish in
      HKWorkoutRouteQuery(route: route) { _, batch, done, error in finish(batch ?? [], done, error)
      }
    }
  }
}
