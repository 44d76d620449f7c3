import WorkoutCore
import WorkoutPhysiology

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

extension HealthKitSimulation.State {
  /// The locations of every route the app saved as the run result's track, in time order
  /// (altitude only where the location's `verticalAccuracy` is not negative), or `nil` when it
  /// saved none.
  func savedRouteTrack(since start: Date) -> [TrackPoint]? {
    let routes = liveObjects(HKWorkoutRoute.self)
    guard !routes.isEmpty else { return nil }
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
///   workout to the HealthKit store");
/// - any call on a builder the app process made before it crashed: `errorInvalidArgument`,
///   "This object belongs to an app process that crashed; ...", ignored as every call on the
///   crashed process's objects is (docs/swift-api.md#crash-and-recovery): nothing is inserted
///   or saved, and the recovered builder's new route builder never sees the old one's calls.
public final class HKWorkoutRouteBuilder: HKSeriesBuilder, @unchecked Sendable {
  /// The locations inserted, in time-stamp order; for a live workout's route also held by the
  /// simulation (``LiveWorkoutRoutes``), so that the builder of the recovered session starts
  /// with them.
  let kept = RouteLocations()

  /// A route builder for `healthStore` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutroutebuilder/init(healthstore:device:));
  /// Apple discourages it in favour of ``HKWorkoutBuilder/seriesBuilder(for:)``, which gives
  /// the same builder.
  ///
  /// - Parameters:
  ///   - healthStore: the store the route is saved in.
  ///   - device: the device that recorded the locations, or `nil`.
  public convenience init(healthStore: HKHealthStore, device: HKDevice?) {
    self.init(
      simulation: healthStore.simulation, device: device,
      processDevice: healthStore.processDevice)
  }

  /// A builder on `simulation` of the app process running on `processDevice`
  /// (``HKWorkoutBuilder/seriesBuilder(for:)``): after that process crashes, its calls are
  /// ignored (see the type).
  init(
    simulation: HealthKitSimulation, device: HKDevice?, processDevice: HealthKitSimulation.Device
  ) {
    super.init(
      simulation: simulation, device: device, seriesType: .workoutRoute(), noun: "route",
      processDevice: processDevice)
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
    report(insert(routeData), to: completion)
  }

  /// Adds `routeData` to the route (the async form of
  /// `insertRouteData(_:completion:)`).
  ///
  /// - Throws: ``HKError`` as the completion form reports it.
  nonisolated(nonsending) public func insertRouteData(_ routeData: [CLLocation]) async throws {
    try await endCall(insert(routeData))
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
    report(add(metadata), to: completion)
  }

  /// Adds `metadata` (the async form of `addMetadata(_:completion:)`).
  ///
  /// - Throws: ``HKError`` as the completion form reports it.
  nonisolated(nonsending) public func addMetadata(_ metadata: [String: Any]) async throws {
    try await endCall(add(metadata))
  }

  /// Saves the route and associates it with `workout` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutroutebuilder/finishroute(with:metadata:completion:)):
  /// an ``HKWorkoutRoute`` of every inserted location in time-stamp order, with the metadata
  /// added and `metadata`, found by an ``HKSampleQuery`` of ``HKSeriesType/workoutRoute()``
  /// with `HKQuery.predicateForObjects(from: workout)`. The route's start and end (its first
  /// and last locations' timestamps) are read by the wall-clock rule under the name
  /// `finishRoute`; with `HealthKitSimulation.Options.strictDates` a real-clock one is
  /// `errorInvalidArgument` with the rule's message, the builder is finished and nothing is
  /// saved (a project rule: docs/swift-api.md#the-wall-clock-rule).
  ///
  /// - Parameters:
  ///   - workout: a workout already saved in the store (by `finishWorkout` or `save`).
  ///   - metadata: more metadata, or `nil`.
  ///   - completion: `(route, nil)`, or `(nil, HKError)` (see the type).
  public func finishRoute(
    with workout: HKWorkout, metadata: [String: Any]?,
    completion: @escaping @Sendable (HKWorkoutRoute?, (any Error)?) -> Void
  ) {
    report(finish(workout, metadata), to: completion)
  }

  /// Saves the route (the async form of `finishRoute(with:metadata:completion:)`).
  ///
  /// - Returns: the saved route.
  /// - Throws: ``HKError`` as the completion form reports it.
  @discardableResult
  nonisolated(nonsending) public func finishRoute(with workout: HKWorkout, metadata: [String: Any]?)
    async throws
    -> HKWorkoutRoute
  {
    try await endCall(finish(workout, metadata))
  }

  /// Stops the builder without saving (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkseriesbuilder/discard()).
  public override func discard() { super.discard() }

  override func dropData() { kept.removeAll() }

  // MARK: - Rules

  private func insert(_ routeData: [CLLocation]) -> HKError? {
    if let error = callError(.insertRouteData) { return error }
    kept.insert(routeData)
    return nil
  }

  private func finish(_ workout: HKWorkout, _ metadata: [String: Any]?) -> Result<
    HKWorkoutRoute, HKError
  > {
    if let error = callError(.finishRoute) { return .failure(error) }
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
    let (points, allMetadata) = close(adding: metadata) { kept.locations }
    let route = HKWorkoutRoute(
      locations: points, workout: workout, metadata: allMetadata, device: device)
    if let error = keep(route, call: "finishRoute") { return .failure(error) }
    return .success(route)
  }
}

/// A route builder's locations, in time-stamp order (a location arriving late goes after every
/// one not later), behind a lock of their own: the builder and the simulation's
/// ``LiveWorkoutRoutes`` hold them.
final class RouteLocations: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [CLLocation] = []

  /// The locations now.
  var locations: [CLLocation] { lock.withLock { storage } }

  /// Adds `routeData`, keeping the time-stamp order.
  func insert(_ routeData: [CLLocation]) {
    lock.withLock {
      for location in routeData {
        let index = storage.lastIndex { $0.timestamp <= location.timestamp }.map { $0 + 1 } ?? 0
        storage.insert(location, at: index)
      }
    }
  }

  /// Drops every location (``HKSeriesBuilder/discard()``).
  func removeAll() { lock.withLock { storage.removeAll() } }
}

/// The route locations of each live workout (by engine and session), system-side: the route
/// builder of a session's live builder keeps its locations here too, and the builder of the
/// session recovered after a crash starts with them (docs/swift-api.md#crash-and-recovery).
/// Holds the locations, never a builder (a builder holds the simulation: a cycle).
struct LiveWorkoutRoutes: SimulationExtension {
  /// An engine's session.
  struct Key: Hashable {
    var device: WorkoutDevice
    var session: Int
  }
  var routes: [Key: RouteLocations] = [:]
  /// Called with a live workout's route builder once ``HKWorkoutBuilder/seriesBuilder(for:)``
  /// has published it (a test's look at what an app that reads it at once finds), or `nil`.
  var published: (@Sendable (HKWorkoutRouteBuilder) -> Void)?

  init(simulation: HealthKitSimulation) {}
}

extension HKWorkoutBuilder {
  /// The builder of the series `seriesType` for this workout (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutbuilder/seriesbuilder(for:),
  /// "Returns the series builder for the specified type, creating a new builder, if
  /// necessary"): an ``HKWorkoutRouteBuilder`` for ``HKSeriesType/workoutRoute()`` (the same
  /// one on every call), `nil` for another type (a heartbeat series is built with
  /// ``HKHeartbeatSeriesBuilder/init(healthStore:device:start:)``; Apple documents no
  /// workout builder's heartbeat builder).
  ///
  /// The route of a live workout belongs to the workout, not to the app process: the builder
  /// of a session recovered after a crash (`HKHealthStore.recoverActiveWorkoutSession()`)
  /// gives a new route builder for the new process that already has every location inserted
  /// before the crash (not the metadata added to the old one), and the route it saves starts
  /// where the workout's did (project reading of the page above and of Apple's recovery,
  /// which restores the session and its builder's data; new-user trial 27:
  /// docs/swift-api.md#workout-routes).
  public func seriesBuilder(for seriesType: HKSeriesType) -> HKSeriesBuilder? {
    guard seriesType.identifier == HKWorkoutRouteTypeIdentifier else { return nil }
    if let existing = lock.withLock({ routeBuilder }) { return existing }
    // The app process whose object it is: the workout builder's (``processDevice``).
    let made = HKWorkoutRouteBuilder(
      simulation: simulation, device: device, processDevice: processDevice)
    let key = liveRouteKey
    // The locations of the route before a crash are copied into the new builder, and its
    // locations kept system-side, before the builder is published: an app that reads or
    // finishes it at once (on another thread too) has every location. Outside the builder's
    // lock: the simulation's lock is taken after it nowhere else.
    let published = key.flatMap { key in
      simulation.mutate { state in
        state.withExtension(LiveWorkoutRoutes.self, of: simulation) { routes, _ in
          if let before = routes.routes[key]?.locations, !before.isEmpty {
            made.kept.insert(before)
          }
          routes.routes[key] = made.kept
          return routes.published
        }
      }
    }
    let chosen = lock.withLock { () -> HKWorkoutRouteBuilder in
      if let existing = routeBuilder { return existing }
      routeBuilder = made
      return made
    }
    guard chosen === made else {
      // Another caller published its builder first (it had copied the same locations): the
      // system-side locations are its builder's, unless yet another caller has replaced them.
      if let key {
        simulation.mutate { state in
          state.withExtension(LiveWorkoutRoutes.self, of: simulation) { routes, _ in
            if routes.routes[key] === made.kept { routes.routes[key] = chosen.kept }
          }
        }
      }
      return chosen
    }
    published?(made)
    return made
  }

  /// Where a live workout's route is kept system-side: the engine and session of a primary
  /// session's live builder; `nil` for a standalone builder and a mirrored session's.
  private var liveRouteKey: LiveWorkoutRoutes.Key? {
    guard let live = self as? HKLiveWorkoutBuilder, live.ofPrimarySession else { return nil }
    return LiveWorkoutRoutes.Key(device: engineDevice, session: index)
  }
}
