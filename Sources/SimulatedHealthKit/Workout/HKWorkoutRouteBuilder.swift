import WorkoutCore
import WorkoutPhysiology

/// A sample whose data is a series, HealthKit's `HKSeriesSample` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkseriessample).
public class HKSeriesSample: HKSample, @unchecked Sendable {
  /// The number of values in the series.
  public let count: Int

  init(
    type: HKSeriesType, count: Int, startDate: Date, endDate: Date, metadata: [String: Any]?,
    device: HKDevice?
  ) {
    self.count = count
    super.init(
      sampleType: type, startDate: startDate, endDate: endDate, uuid: UUID(), metadata: metadata,
      device: device, sourceRevision: HKSourceRevision(source: .default(), version: nil))
  }

  /// Writes the sample's fields and the count.
  public override func encode(with coder: NSCoder) {
    super.encode(with: coder)
    coder.encode(count, forKey: "count")
  }

  /// Reads what ``encode(with:)`` wrote; `nil` unless the type is a series type.
  public required init?(coder: NSCoder) {
    count = coder.decodeInteger(forKey: "count")
    super.init(coder: coder)
    guard sampleType is HKSeriesType else { return nil }
  }
}

/// A workout's route, HealthKit's `HKWorkoutRoute` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkworkoutroute): made only by
/// ``HKWorkoutRouteBuilder/finishRoute(with:metadata:completion:)``, saved in the store and
/// associated with its workout; its locations are read with ``HKWorkoutRouteQuery``. Its
/// ``HKSample/startDate`` and ``HKSample/endDate`` are the first and last location's time stamps
/// (the workout's when it has none).
public final class HKWorkoutRoute: HKSeriesSample, @unchecked Sendable {
  /// The locations, in time-stamp order (the order of insertion for equal time stamps).
  let locations: [CLLocation]
  /// The workout the route is associated with.
  let workoutUUID: UUID

  init(
    locations: [CLLocation], workout: HKWorkout, metadata: [String: Any]?, device: HKDevice?
  ) {
    self.locations = locations
    self.workoutUUID = workout.uuid
    super.init(
      type: HKSeriesType.workoutRoute(), count: locations.count,
      startDate: locations.first?.timestamp ?? workout.startDate,
      endDate: locations.last?.timestamp ?? workout.endDate, metadata: metadata, device: device)
  }

  /// Writes the series' fields, the locations and the workout's UUID.
  public override func encode(with coder: NSCoder) {
    super.encode(with: coder)
    coder.encode(locations as NSArray, forKey: "locations")
    coder.encode(workoutUUID as NSUUID, forKey: "workout")
  }

  /// Reads what ``encode(with:)`` wrote; `nil` without locations or the workout's UUID.
  public required init?(coder: NSCoder) {
    guard
      let locations = coder.decodeObject(
        of: [NSArray.self, CLLocation.self], forKey: "locations") as? [CLLocation],
      let workout = coder.decodeObject(of: NSUUID.self, forKey: "workout")
    else { return nil }
    self.locations = locations
    self.workoutUUID = workout as UUID
    super.init(coder: coder)
  }
}

/// The base of the builders of series samples, HealthKit's `HKSeriesBuilder` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkseriesbuilder).
public class HKSeriesBuilder: NSObject, @unchecked Sendable {
  /// Stops the builder: nothing is saved; later calls fail (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkseriesbuilder/discard()).
  public func discard() {}
}

/// The routes the app saved, in the simulation's state (made on first use).
struct RouteStore: SimulationExtension {
  /// Every saved route, in the order saved.
  var routes: [HKWorkoutRoute] = []

  init(simulation: HealthKitSimulation) {}
}

extension HealthKitSimulation.State {
  /// The locations of every route the app saved as the run result's track, in time order
  /// (altitude only where the location's `verticalAccuracy` is not negative), or `nil` when it
  /// saved none.
  func savedRouteTrack(since start: Date) -> [TrackPoint]? {
    guard let routes = extensionState(RouteStore.self)?.routes, !routes.isEmpty else {
      return nil
    }
    let points = routes.flatMap(\.locations).map { location in
      TrackPoint(
        instant: .rounding(seconds: location.timestamp.timeIntervalSince(start)),
        latitude: location.coordinate.latitude, longitude: location.coordinate.longitude,
        altitude: location.verticalAccuracy >= 0 ? location.altitude : nil)
    }
    return points.enumerated().sorted {
      ($0.element.instant, $0.offset) < ($1.element.instant, $1.offset)
    }.map(\.element)
  }
}

/// Builds a workout's route from the app's `CLLocation`s, HealthKit's `HKWorkoutRouteBuilder`
/// (Apple doc: https://developer.apple.com/documentation/healthkit/hkworkoutroutebuilder;
/// "Creating a workout route",
/// https://developer.apple.com/documentation/healthkit/creating-a-workout-route). Get one with
/// ``HKWorkoutBuilder/seriesBuilder(for:)``, insert locations as Core Location delivers them,
/// and after `finishWorkout` call ``finishRoute(with:metadata:completion:)``.
///
/// Errors (`HKError`, through the completion or thrown by the async form):
/// - sharing ``HKSeriesType/workoutRoute()`` never asked for: `errorAuthorizationNotDetermined`
///   ("Authorization not determined"); denied: `errorAuthorizationDenied` ("Not authorized"),
///   the health store's own rule for saving a type (insert and finish);
/// - a call after the route was finished or the builder discarded: `errorInvalidArgument`
///   ("The route builder has already been finished" or "... discarded"; Apple publishes no
///   text, the words are this project's);
/// - finishing with a workout not in the store: `errorInvalidArgument` ("The workout must be
///   saved before a route is associated with it"; Apple: "You must have already saved this
///   workout to the HealthKit store").
public final class HKWorkoutRouteBuilder: HKSeriesBuilder, @unchecked Sendable {
  let simulation: HealthKitSimulation
  private let device: HKDevice?
  private let lock = NSLock()
  private var locations: [CLLocation] = []
  private var metadataStorage: [String: Any] = [:]
  private var finished = false
  private var discarded = false

  /// A route builder for `healthStore` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutroutebuilder/init(healthstore:device:));
  /// Apple discourages it in favour of ``HKWorkoutBuilder/seriesBuilder(for:)``, which gives
  /// the same builder.
  ///
  /// - Parameters:
  ///   - healthStore: the store the route is saved in.
  ///   - device: the device that recorded the locations, or `nil`.
  public convenience init(healthStore: HKHealthStore, device: HKDevice?) {
    self.init(simulation: healthStore.simulation, device: device)
  }

  /// A builder on `simulation` (``HKWorkoutBuilder/seriesBuilder(for:)``).
  init(simulation: HealthKitSimulation, device: HKDevice?) {
    self.simulation = simulation
    self.device = device
    super.init()
  }

  /// Adds `routeData` to the route (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutroutebuilder/insertroutedata(_:completion:)).
  /// The locations are kept in time-stamp order, whatever order they arrive in.
  ///
  /// - Parameters:
  ///   - routeData: one or more locations.
  ///   - completion: `(true, nil)`, or `(false, HKError)` (see the type).
  public func insertRouteData(
    _ routeData: [CLLocation], completion: @escaping @Sendable (Bool, (any Error)?) -> Void
  ) {
    let error = insert(routeData)
    simulation.enqueue { completion(error == nil, error) }
  }

  /// Adds `routeData` to the route (the async form of
  /// `insertRouteData(_:completion:)`).
  ///
  /// - Throws: ``HKError`` as the completion form reports it.
  nonisolated(nonsending) public func insertRouteData(_ routeData: [CLLocation]) async throws {
    let error = insert(routeData)
    await simulation.deliver()
    if let error { throw error }
  }

  /// Adds `metadata` to the route's (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutroutebuilder/addmetadata(_:completion:)).
  ///
  /// - Parameters:
  ///   - metadata: keys and values; a later value replaces an earlier one of the same key.
  ///   - completion: `(true, nil)`, or `(false, HKError)` after the builder was finished.
  public func addMetadata(
    _ metadata: [String: Any], completion: @escaping @Sendable (Bool, (any Error)?) -> Void
  ) {
    let error = add(metadata)
    simulation.enqueue { completion(error == nil, error) }
  }

  /// Adds `metadata` (the async form of `addMetadata(_:completion:)`).
  ///
  /// - Throws: ``HKError`` as the completion form reports it.
  nonisolated(nonsending) public func addMetadata(_ metadata: [String: Any]) async throws {
    let error = add(metadata)
    await simulation.deliver()
    if let error { throw error }
  }

  /// Saves the route and associates it with `workout` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutroutebuilder/finishroute(with:metadata:completion:)):
  /// an ``HKWorkoutRoute`` of every inserted location in time-stamp order, with the metadata
  /// added and `metadata`, found by an ``HKSampleQuery`` of ``HKSeriesType/workoutRoute()``
  /// with `HKQuery.predicateForObjects(from: workout)`.
  ///
  /// - Parameters:
  ///   - workout: a workout already saved in the store (by `finishWorkout` or `save`).
  ///   - metadata: more metadata, or `nil`.
  ///   - completion: `(route, nil)`, or `(nil, HKError)` (see the type).
  public func finishRoute(
    with workout: HKWorkout, metadata: [String: Any]?,
    completion: @escaping @Sendable (HKWorkoutRoute?, (any Error)?) -> Void
  ) {
    let outcome = finish(workout, metadata)
    simulation.enqueue {
      switch outcome {
      case .success(let route): completion(route, nil)
      case .failure(let error): completion(nil, error)
      }
    }
  }

  /// Saves the route (the async form of `finishRoute(with:metadata:completion:)`).
  ///
  /// - Returns: the saved route.
  /// - Throws: ``HKError`` as the completion form reports it.
  nonisolated(nonsending) public func finishRoute(with workout: HKWorkout, metadata: [String: Any]?)
    async throws
    -> HKWorkoutRoute
  {
    let outcome = finish(workout, metadata)
    await simulation.deliver()
    return try outcome.get()
  }

  /// Stops the builder without saving (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkseriesbuilder/discard()).
  public override func discard() {
    lock.withLock {
      discarded = true
      locations.removeAll()
    }
  }

  // MARK: - Rules

  /// The error of a call to a finished or discarded builder, or `nil`.
  private func closedError() -> HKError? {
    lock.withLock {
      if finished {
        return HKError(.errorInvalidArgument, "The route builder has already been finished")
      }
      if discarded {
        return HKError(.errorInvalidArgument, "The route builder has been discarded")
      }
      return nil
    }
  }

  /// The authorization error of saving a route, or `nil` when sharing routes was granted.
  private func authorizationError() -> HKError? {
    simulation.state.withLock { state in
      switch state.authorization.shareGranted(HKWorkoutRouteTypeIdentifier) {
      case nil: HKError(.errorAuthorizationNotDetermined, "Authorization not determined")
      case false?: HKError(.errorAuthorizationDenied, "Not authorized")
      case true?: nil
      }
    }
  }

  private func insert(_ routeData: [CLLocation]) -> HKError? {
    if let error = closedError() ?? authorizationError() { return error }
    lock.withLock {
      for location in routeData {
        // Kept sorted by time stamp; a location arriving late goes after every one not later.
        let index =
          locations.lastIndex { $0.timestamp <= location.timestamp }.map { $0 + 1 } ?? 0
        locations.insert(location, at: index)
      }
    }
    return nil
  }

  private func add(_ metadata: [String: Any]) -> HKError? {
    if let error = closedError() { return error }
    lock.withLock { metadataStorage.merge(metadata) { $1 } }
    return nil
  }

  private func finish(_ workout: HKWorkout, _ metadata: [String: Any]?) -> Result<
    HKWorkoutRoute, HKError
  > {
    if let error = closedError() ?? authorizationError() { return .failure(error) }
    let simulation = self.simulation
    let saved = simulation.state.withLock { state in
      state.appObjects.values.contains { $0.uuid == workout.uuid }
    }
    guard saved else {
      return .failure(
        HKError(
          .errorInvalidArgument,
          "The workout must be saved before a route is associated with it: call finishRoute(with:metadata:) with the workout finishWorkout returned"
        ))
    }
    let (points, allMetadata) = lock.withLock { () -> ([CLLocation], [String: Any]) in
      finished = true
      return (locations, metadataStorage.merging(metadata ?? [:]) { $1 })
    }
    let route = HKWorkoutRoute(
      locations: points, workout: workout, metadata: allMetadata.isEmpty ? nil : allMetadata,
      device: device)
    simulation.mutate { state in
      state.withExtension(RouteStore.self, of: simulation) { store, _ in
        store.routes.append(route)
      }
      state.saved.append(route)
    }
    return .success(route)
  }
}

extension HKWorkoutBuilder {
  /// The builder of the series `seriesType` for this workout (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutbuilder/seriesbuilder(for:)):
  /// an ``HKWorkoutRouteBuilder`` for ``HKSeriesType/workoutRoute()`` (the same one on every
  /// call), `nil` for another type (heartbeat series are not simulated).
  public func seriesBuilder(for seriesType: HKSeriesType) -> HKSeriesBuilder? {
    guard seriesType.identifier == HKWorkoutRouteTypeIdentifier else { return nil }
    return lock.withLock {
      if let existing = routeBuilder { return existing }
      let builder = HKWorkoutRouteBuilder(simulation: simulation, device: device)
      routeBuilder = builder
      return builder
    }
  }
}
