import WorkoutCore
import WorkoutSimulation
import WorkoutSystem

/// The delegate of an ``HKWorkoutSession`` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkworkoutsessiondelegate).
///
/// Calls arrive off the main actor, one at a time, in the engine's order (HealthKit: "an
/// anonymous serial background queue"), during `HealthKitSimulation.advance(by:)`,
/// `HealthKitSimulation.settle()` or an async HealthKit call. `didFailWithError` comes before
/// the `didChangeTo` it causes. The optional requirements of Apple's protocol have empty
/// default implementations here (no `@objc optional` on Linux; docs/swift-api.md).
public protocol HKWorkoutSessionDelegate: NSObjectProtocol {
  /// The session changed from `fromState` to `toState` at `date` (virtual time) (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutsessiondelegate/workoutsession(_:didchangeto:from:date:)).
  func workoutSession(
    _ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
    from fromState: HKWorkoutSessionState, date: Date)
  /// A call on the session failed, or another session started; the error is an ``HKError``
  /// (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutsessiondelegate/workoutsession(_:didfailwitherror:)).
  func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: any Error)
  /// The session generated an event (pause, resume, auto-pause's motion events) (optional in
  /// HealthKit; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutsessiondelegate/workoutsession(_:didgenerate:)).
  func workoutSession(_ workoutSession: HKWorkoutSession, didGenerate event: HKWorkoutEvent)
  /// A new activity began (optional in HealthKit, watchOS 9;
  /// ``HKWorkoutSession/beginNewActivity(configuration:date:metadata:)``).
  func workoutSession(
    _ workoutSession: HKWorkoutSession,
    didBeginActivityWith workoutConfiguration: HKWorkoutConfiguration, date: Date)
  /// The current activity ended (optional in HealthKit, watchOS 9;
  /// ``HKWorkoutSession/endCurrentActivity(on:)`` or the next `beginNewActivity`).
  func workoutSession(
    _ workoutSession: HKWorkoutSession,
    didEndActivityWith workoutConfiguration: HKWorkoutConfiguration, date: Date)
  /// Data from the other side of a mirrored workout arrived, in send order; several sends can
  /// arrive as one call (optional in HealthKit, watchOS 10 / iOS 17; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutsessiondelegate/workoutsession(_:didreceivedatafromremoteworkoutsession:);
  /// docs/phone-link.md#mirrored-workout-sessions).
  func workoutSession(
    _ workoutSession: HKWorkoutSession, didReceiveDataFromRemoteWorkoutSession data: [Data])
  /// The mirroring ended: stopped, the primary ended, or the phone went out of range (optional
  /// in HealthKit, watchOS 10 / iOS 17; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutsessiondelegate/workoutsession(_:diddisconnectfromremotedevicewitherror:)).
  /// A mirrored session is no longer usable after it.
  func workoutSession(
    _ workoutSession: HKWorkoutSession, didDisconnectFromRemoteDeviceWithError error: (any Error)?)
}

extension HKWorkoutSessionDelegate {
  /// Does nothing (optional in HealthKit).
  public func workoutSession(_ workoutSession: HKWorkoutSession, didGenerate event: HKWorkoutEvent)
  {}
  /// Does nothing (optional in HealthKit).
  public func workoutSession(
    _ workoutSession: HKWorkoutSession,
    didBeginActivityWith workoutConfiguration: HKWorkoutConfiguration, date: Date
  ) {}
  /// Does nothing (optional in HealthKit).
  public func workoutSession(
    _ workoutSession: HKWorkoutSession,
    didEndActivityWith workoutConfiguration: HKWorkoutConfiguration, date: Date
  ) {}
  /// Does nothing (optional in HealthKit).
  public func workoutSession(
    _ workoutSession: HKWorkoutSession, didReceiveDataFromRemoteWorkoutSession data: [Data]
  ) {}
  /// Does nothing (optional in HealthKit).
  public func workoutSession(
    _ workoutSession: HKWorkoutSession, didDisconnectFromRemoteDeviceWithError error: (any Error)?
  ) {}
}

/// A workout session on the simulated watch (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkworkoutsession), backed by one engine
/// session: the first session the app makes is the scenario's session 0, later ones are new
/// sessions (starting or preparing one ends the others with `errorAnotherWorkoutSessionStarted`).
///
/// The state methods return at once; the engine performs them at virtual now, and the delegate
/// hears of the change at the next delivery (an `advance`, `settle` or async call). ``state``
/// reads the engine, so it is the new state as soon as the call returns. An illegal call
/// reports `HKError.errorInvalidArgument` with HealthKit's text ("Unable to perform 'pause'
/// from current state 'notStarted'") to `didFailWithError` and leaves the state unchanged.
///
/// `Sendable` as in Apple's SDK; the mutable state (delegate, liveness) is behind a lock.
public final class HKWorkoutSession: NSObject, @unchecked Sendable {
  let simulation: HealthKitSimulation
  let store: HKHealthStore
  /// The engine session this object stands for.
  let index: Int
  /// Whose engine runs it: the watch's, or, for a session the phone app made inside
  /// `HealthKitSimulation.on(.phone)` (iOS 26), the iPhone's own (docs/phone.md#the-iphones-own-workouts).
  let engineDevice: WorkoutDevice
  private let configuration: HKWorkoutConfiguration
  private let lock = NSLock()
  private weak var delegateStorage: (any HKWorkoutSessionDelegate)?
  private var alive = true
  private var appStartDate: Date?
  private var builderStorage: HKLiveWorkoutBuilder?
  /// The `Set<HKSampleType>` of each batch type set seen so far (a run has a handful, so a
  /// list searched by the bits is quicker than hashing), so a batch's `didCollectDataOf` set is
  /// not built again for every batch.
  private var batchTypeSets: [(types: QuantityTypeSet, set: Set<HKSampleType>)] = []
  /// The types the live builder collected while it had no delegate, already noted for a stall
  /// (``noteCollectedWithoutDelegate(_:at:)``): each type once, without a note per batch.
  private var collectedWithoutDelegate = QuantityTypeSet()
  /// How many of its builder's events the session's effects have announced (under ``lock``):
  /// the n-th `event` effect is the builder's n-th event in the order added, which its
  /// `workoutBuilderDidCollectEvent` call shows as the last (docs/swift-api.md#builder-events).
  private var eventsAnnounced = 0
  /// `.primary`, or `.mirrored` for the phone's copy (HKWorkoutSession+Mirroring.swift).
  let sessionType: HKWorkoutSessionType
  /// A mirrored session's state, as the phone has heard it, and its mirroring number; whether
  /// it was disconnected (then it is unusable).
  var mirror: (state: HKWorkoutSessionState, mirroring: Int, disconnected: Bool)? {
    get { lock.withLock { mirrorStorage } }
    set { lock.withLock { mirrorStorage = newValue } }
  }
  private var mirrorStorage: (state: HKWorkoutSessionState, mirroring: Int, disconnected: Bool)?

  /// Creates a session for `workoutConfiguration` (copied) in the store's simulation (Apple
  /// doc: https://developer.apple.com/documentation/healthkit/hkworkoutsession/init(healthstore:configuration:)).
  ///
  /// Every activity type but `underwaterDiving` starts a session; what each collects is in
  /// docs/activity-types.md.
  ///
  /// Made with a store made inside `HealthKitSimulation.on(.phone)`, the session is the
  /// iPhone's own workout (iOS 26; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutsession): it runs on the
  /// phone's engine, collects heart rate only from the scenario's `phone.heartRateDevice` (the
  /// iPhone has no heart-rate sensor) and energy, distance and steps from the body's model, and
  /// its app process is the phone app's (`crash(.phone)`, `relaunch(.phone)`;
  /// docs/phone.md#the-iphones-own-workouts).
  ///
  /// - Throws: ``HKError`` `errorWorkoutActivityNotAllowed` ("Workout session does not support
  ///   this activity type") for `underwaterDiving`, which HealthKit refuses;
  ///   `errorInvalidArgument` when the app is not running or is suspended, or when a pool swim's
  ///   `lapLength` is not a length above 0 (project rule).
  ///
  /// A pool swim's `lapLength` is the pool the watch counts lengths of: it replaces the
  /// scenario's `swim.lapLength` for the lengths still to come (the sets keep their distances
  /// and times), and the saved workout's `HKLapLength` is the app's
  /// (docs/scenario-format.md#swim). In a scenario without a pool swim of its own (no `swim`,
  /// no replayed pool swim) the watch counts the app's pool's lengths on the course, the
  /// course's speed the swimmer's pace and the strokes the default swimmer's freestyle (project
  /// rule, docs/models.md#swimming): a `lap` event and one `distanceSwimming` and
  /// `swimmingStrokeCount` sample per length instead of samples every 10 s.
  @available(iOS 26.0, watchOS 5.0, *)
  public init(
    healthStore: HKHealthStore, configuration workoutConfiguration: HKWorkoutConfiguration
  )
    throws
  {
    self.simulation = healthStore.simulation
    self.store = healthStore
    self.sessionType = .primary
    let engineDevice = healthStore.processDevice.workoutDevice
    self.engineDevice = engineDevice
    // The session keeps a copy (Apple: `@NSCopying var workoutConfiguration`).
    self.configuration = workoutConfiguration.copy() as! HKWorkoutConfiguration
    guard let activity = workoutConfiguration.activityType.engineValue else {
      throw HKError(
        .errorWorkoutActivityNotAllowed, "Workout session does not support this activity type")
    }
    let location = workoutConfiguration.locationType.engineValue
    let poolLength = try Self.poolLength(of: workoutConfiguration)
    let made = simulation.mutate { state -> Result<Int, HKError> in
      let engine = state.session.engine(of: engineDevice)
      // Session 0 is the app's first session; a session object released before it was
      // prepared or started left nothing behind (HealthKit keeps no state for it), so the next
      // one the app makes is session 0 again (an app that makes its session anew with the
      // Digital Crown's choice, docs/swift-api.md#the-digital-crown).
      let phone = engineDevice == .phone
      let made = phone ? state.phoneSessions.madeFirstSession : state.madeFirstSession
      let first = (phone ? state.phoneSessions.sessionObjects : state.sessionObjects)[0]
      let firstUnused =
        !made || (first?.object == nil && engine.sessionState(0) == .notStarted)
      if firstUnused, engine.appIsRunning, engine.currentSessionIndex == 0,
        engine.canSelectActivity(ofSession: 0)
      {
        state.setMadeFirstSession(of: engineDevice)
        _ = state.session.withEngine(of: engineDevice) {
          $0.configureSession(0, activity: activity, location: location)
        }
        return .success(0)
      }
      let next = state.session.withEngine(of: engineDevice) {
        $0.newSession(activity: activity, location: location, at: $0.now)
      }
      guard let next else {
        return .failure(HKError(.errorInvalidArgument, "The app is not running or is suspended"))
      }
      state.setMadeFirstSession(of: engineDevice)
      return .success(next)
    }
    switch made {
    case .success(let index): self.index = index
    case .failure(let error): throw error
    }
    let index = self.index
    // A swimming configuration gives the workout its pool as it gives a swimming leg
    // (`HKSwimmingLocationType` and, in a pool, `HKLapLength`; one rule for both:
    // docs/models.md#swimming); the watch counts the lengths of the app's pool.
    let configured = Self.swimmingMetadata(of: workoutConfiguration)
    let driver = simulation
    let warned = driver.mutate { state -> [AppSimulation.Report] in
      let warnings = state.session.runWarnings.count
      if let poolLength, engineDevice == .watch, !state.session.setPoolLength(poolLength) {
        // No pool swim in the scenario: the watch counts the app's pool's lengths on the
        // course, as a pool leg's (docs/models.md#swimming).
        state.session.poolSessionMade(index, lapLength: poolLength)
      }
      if engineDevice == .watch, activity == .cycling {
        // A ride's warning about the sensors the scenario describes but does not connect
        // follows the activity the app starts, not the scenario's `activity` alone.
        state.session.cyclingSessionMade()
      }
      if !configured.isEmpty {
        state.session.withEngine(of: engineDevice) {
          $0.setConfigurationMetadata(configured, ofSession: index)
        }
      }
      return Self.keepRunWarnings(
        since: warnings, call: "HKWorkoutSession(healthStore:configuration:)",
        simulation: driver, in: &state)
    }
    for report in warned { AppSimulation.writeToStandardError(report) }
    super.init()
    let builder = HKLiveWorkoutBuilder(session: self)
    builderStorage = builder
    simulation.mutate { state in
      state.register(self, index: index, of: engineDevice, endpoint: true)
    }
  }

  /// The metadata a swimming configuration gives its workout activity (a multisport workout's
  /// swimming leg): `HKSwimmingLocationType` (its `swimmingLocationType`'s raw value) when it is
  /// not `.unknown` and, in a pool, `HKLapLength` (its `lapLength` in m) when that is a length
  /// above 0; none for another activity type. The activity's `workoutConfiguration` reads them
  /// back (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutactivity/workoutconfiguration).
  static func swimmingMetadata(of configuration: HKWorkoutConfiguration) -> [String:
    MetadataValue]
  {
    guard configuration.activityType == .swimming, configuration.swimmingLocationType != .unknown
    else { return [:] }
    var values: [String: MetadataValue] = [
      HKMetadataKeySwimmingLocationType: .number(
        Double(configuration.swimmingLocationType.rawValue))
    ]
    if configuration.swimmingLocationType == .pool, let lapLength = configuration.lapLength,
      lapLength.is(compatibleWith: .meter())
    {
      let metres = lapLength.doubleValue(for: .meter())
      if metres > 0, metres.isFinite {
        values[HKMetadataKeyLapLength] = .quantity(metres, unit: "m")
      }
    }
    return values
  }

  /// The pool length, m, of a pool swim's configuration (`activityType` `.swimming`,
  /// `swimmingLocationType` `.pool`, `lapLength` given), else `nil`.
  ///
  /// - Throws: ``HKError`` `errorInvalidArgument` for a `lapLength` that is not a length above 0
  ///   (a project rule: Apple documents no check; docs/scenario-format.md#swim).
  private static func poolLength(of configuration: HKWorkoutConfiguration) throws -> Double? {
    guard configuration.activityType == .swimming, configuration.swimmingLocationType == .pool,
      let lapLength = configuration.lapLength
    else { return nil }
    guard lapLength.is(compatibleWith: .meter()) else {
      throw HKError(
        .errorInvalidArgument,
        "lapLength must be a length (HKUnit.meter() or .yard()), not \(lapLength)")
    }
    let metres = lapLength.doubleValue(for: .meter())
    guard metres > 0, metres.isFinite else {
      throw HKError(
        .errorInvalidArgument,
        "lapLength must be above 0 (the pool's length, for example 25 m), not \(lapLength)")
    }
    return metres
  }

  /// The object for engine session `index` in the process that recovers it (called under the
  /// simulation's lock): `configuration` is the crashed process's object's, or, for a session
  /// no object was made for, one from the engine's activity and location.
  init(
    recovering index: Int, of engineDevice: WorkoutDevice = .watch, store: HKHealthStore,
    state: inout HealthKitSimulation.State, configuration kept: HKWorkoutConfiguration? = nil
  ) {
    self.simulation = store.simulation
    self.store = store
    self.index = index
    self.sessionType = .primary
    self.engineDevice = engineDevice
    let configuration = kept ?? HKWorkoutConfiguration()
    let engine = state.session.engine(of: engineDevice)
    if kept == nil, let activity = engine.activity(ofSession: index) {
      configuration.activityType = HKWorkoutActivityType(activity)
    }
    if kept == nil, let location = engine.builder(ofSession: index)?.locationType {
      configuration.locationType = HKWorkoutSessionLocationType(location)
    }
    self.configuration = configuration
    super.init()
    builderStorage = HKLiveWorkoutBuilder(session: self, appliesTypes: false)
    state.register(self, index: index, of: engineDevice, endpoint: false)
  }

  /// The phone's mirrored copy of engine session `index` (its mirroring `mirroring`, in
  /// `state`), made under the simulation's lock when the mirroring reaches the phone.
  init(
    mirroring index: Int, number: Int, state: HKWorkoutSessionState, store: HKHealthStore,
    configuration: HKWorkoutConfiguration
  ) {
    self.simulation = store.simulation
    self.store = store
    self.index = index
    self.engineDevice = .watch
    self.sessionType = .mirrored
    self.configuration = configuration
    self.mirrorStorage = (state, number, false)
    super.init()
    builderStorage = HKLiveWorkoutBuilder(session: self, appliesTypes: false)
  }

  /// The object that receives the session's calls (held weakly, as in HealthKit).
  public weak var delegate: (any HKWorkoutSessionDelegate)? {
    get { lock.withLock { delegateStorage } }
    set { lock.withLock { delegateStorage = newValue } }
  }

  /// The session's state, read from the engine (`notStarted` 1, `running` 2, `ended` 3,
  /// `paused` 4, `prepared` 5, `stopped` 6).
  public var state: HKWorkoutSessionState {
    if let mirror { return mirror.state }
    let state = simulation.state.withLock {
      $0.session.engine(of: engineDevice).sessionState(index)
    }
    return HKWorkoutSessionState(state ?? .notStarted)
  }

  /// `.primary` for a session the watch app made, `.mirrored` for the one the phone's
  /// `workoutSessionMirroringStartHandler` receives (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutsession/type).
  public var type: HKWorkoutSessionType { sessionType }

  /// A copy of the configuration the session was made with.
  public var workoutConfiguration: HKWorkoutConfiguration {
    configuration.copy() as! HKWorkoutConfiguration
  }

  /// When the session first ran: the date the app passed to ``startActivity(with:)`` (after the
  /// wall-clock rule), else the virtual instant it started; `nil` before.
  public var startDate: Date? {
    let started = simulation.state.withLock {
      $0.session.engine(of: engineDevice).sessionStartDate(index)
    }
    guard let started else { return nil }
    return lock.withLock { appStartDate } ?? simulation.date(of: started)
  }

  /// When the session ended (virtual time), or `nil`.
  public var endDate: Date? {
    simulation.state.withLock { $0.session.engine(of: engineDevice).sessionEndDate(index) }.map {
      simulation.date(of: $0)
    }
  }

  /// The current activity, a copy on every call (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutsession/currentactivity):
  /// the activity the app began with ``beginNewActivity(configuration:date:metadata:)`` while
  /// it runs (its statistics so far), the same as the builder's
  /// ``HKLiveWorkoutBuilder/currentWorkoutActivity``; otherwise (none begun, or the last one
  /// ended: Apple's Objective-C property is then `nil`, which Swift's non-optional type cannot
  /// hold) the main activity, the session's configuration from its start date (virtual now
  /// before it starts) to its end date.
  public var currentActivity: HKWorkoutActivity {
    if let current = associatedWorkoutBuilder().currentWorkoutActivity { return current }
    return HKWorkoutActivity(
      workoutConfiguration: configuration, startDate: startDate ?? simulation.now,
      endDate: endDate, metadata: nil, workoutEvents: [], duration: 0, allStatistics: [:],
      uuid: activityID)
  }

  private let activityID = UUID()

  /// The session's live builder: the same instance on every call (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutsession/associatedworkoutbuilder();
  /// iOS 26 on the phone).
  @available(iOS 26.0, watchOS 5.0, *)
  public func associatedWorkoutBuilder() -> HKLiveWorkoutBuilder {
    lock.withLock { builderStorage! }
  }

  /// Begins a new activity of the workout (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutsession/beginnewactivity(configuration:date:metadata:)):
  /// ends the current one at `date` first, as HealthKit does; the delegate gets
  /// `workoutSession(_:didEndActivityWith:date:)` for it, then
  /// `workoutSession(_:didBeginActivityWith:date:)`, and the builder's delegate
  /// `workoutBuilder(_:didEnd:)` / `workoutBuilder(_:didBegin:)`. From then on the data source
  /// collects for the activity's type (a swim leg's swimming distance, a bike leg's cycling
  /// power) and ``HKLiveWorkoutBuilder/currentWorkoutActivity`` is the activity.
  ///
  /// In a `swimBikeRun` workout the activity is `swimming`, `cycling`, `running` or
  /// `transition`; in any other workout (interval training) it has the workout's own type.
  /// `date` passes the wall-clock rule. An illegal call reports
  /// `workoutSession(_:didFailWithError:)` with ``HKError`` `errorInvalidArgument` (3): while
  /// the session is not running ("Unable to perform 'beginNewActivity' from current state
  /// 'paused'"), after the builder ended collection, for an activity type the workout does not
  /// allow, for a date before the current activity's start, for a metadata value HealthKit does
  /// not take (an array, a dictionary, ...: `addMetadata`'s rule, docs/swift-api.md#metadata)
  /// (Apple documents no text: the texts are the project's;
  /// docs/healthkit-behaviour.md#workout-activities).
  public func beginNewActivity(
    configuration workoutConfiguration: HKWorkoutConfiguration, date: Date,
    metadata: [String: Any]?
  ) {
    let type = workoutConfiguration.activityType.engineValue
    let location = workoutConfiguration.locationType.engineValue
    let refusal = HKWorkoutBuilder.metadataRefusal(metadata, of: " of a workout activity")
    // A swimming leg's configuration gives its activity its pool, as it gives a swimming
    // workout: `HKSwimmingLocationType` and, in a pool, `HKLapLength` (under the app's own
    // metadata; docs/models.md#swimming).
    var values = Self.swimmingMetadata(of: workoutConfiguration)
    for (key, value) in metadata ?? [:] {
      values[key] = HKWorkoutBuilder.metadataValue(value, key: key, since: simulation.startDate)
    }
    let raw = workoutConfiguration.activityType.rawValue
    // A pool leg's lengths: the watch counts them on the course (docs/models.md#swimming). The
    // app's `HKLapLength` may be in any length unit (a 25 yd pool is 22.86 m of lengths); the
    // course counts in metres.
    var legPool: Double?
    if values[HKMetadataKeySwimmingLocationType] == .number(1),
      case .quantity(let number, let unit) = values[HKMetadataKeyLapLength],
      let factors = UnitParser.parse(unit)
    {
      let length = HKQuantity(unit: HKUnit(factors: factors), doubleValue: number)
      if length.is(compatibleWith: .meter()) {
        let metres = length.doubleValue(for: .meter())
        if metres > 0, metres.isFinite { legPool = metres }
      }
    }
    activityCall(.beginNewActivity, date: date, types: type) { session, instant in
      let began = session.withEngine(of: engineDevice) { engine in
        if let refusal {
          engine.reportAPIError(
            .invalidArgument(refusal), call: .activity(.beginNewActivity), session: index)
          return false
        }
        guard let type else {
          let error = WorkoutError.invalidArgument("Activity type \(raw) is not simulated")
          engine.reportAPIError(error, call: .activity(.beginNewActivity), session: index)
          return false
        }
        return engine.beginActivity(
          type, location: location, metadata: values, ofSession: index, at: engine.now,
          date: instant)
      }
      if began, engineDevice == .watch, let legPool {
        session.poolSwimBegan(lapLength: legPool, at: instant)
      }
      return began
    }
  }

  /// Ends the current activity at `date` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutsession/endcurrentactivity(on:)):
  /// the delegate gets `workoutSession(_:didEndActivityWith:date:)` and the builder's
  /// `workoutBuilder(_:didEnd:)`; ``HKLiveWorkoutBuilder/currentWorkoutActivity`` is `nil` until
  /// the next ``beginNewActivity(configuration:date:metadata:)``, and the data source collects
  /// for the session's own activity type. `date` passes the wall-clock rule. An illegal call
  /// (no current activity, the session neither running nor paused, a date before the
  /// activity's start) reports `workoutSession(_:didFailWithError:)` with ``HKError``
  /// `errorInvalidArgument` (project texts).
  public func endCurrentActivity(on date: Date) {
    activityCall(.endCurrentActivity, date: date, types: configuration.activityType.engineValue) {
      session, instant in
      session.withEngine(of: engineDevice) {
        $0.endActivity(ofSession: index, at: $0.now, date: instant)
      }
    }
  }

  /// Runs an activity call with the app's `date` read under the wall-clock rule (a mirrored
  /// or inert session refuses it as the other session calls do). Unless the app changed its
  /// data source's types, the types of activity `types` are collected from the call on (the
  /// engine's next interval opens with them; a failed call keeps the old ones).
  private func activityCall(
    _ call: WorkoutActivityCall, date: Date, types activity: WorkoutActivityType?,
    _ body: (inout SimulationSession, SimulationInstant) -> Bool
  ) {
    guard sessionType == .primary, isAlive else {
      simulation.ignoreInert(
        action: .activity(call), device: processDevice)
      return
    }
    let source = associatedWorkoutBuilder().dataSource
    let following = activity.flatMap { source?.typesFollowing($0) }
    let warned = simulation.mutate { state -> [AppSimulation.Report] in
      guard
        case .success(let instant) = simulation.appInstant(
          date, call: call.rawValue, action: .activity(call), session: index, in: &state)
      else { return [] }
      let warnings = state.session.runWarnings.count
      let before = state.session.engine(of: engineDevice).collectedTypes(ofSession: index)
      if let following {
        state.session.withEngine(of: engineDevice) {
          $0.setCollectedTypes(following, ofSession: index)
        }
      }
      if body(&state.session, instant) {
        if let following { source?.adopt(following) }
      } else if following != nil {
        state.session.withEngine(of: engineDevice) {
          $0.setCollectedTypes(before, ofSession: index)
        }
      }
      return Self.keepRunWarnings(
        since: warnings, call: call.rawValue, simulation: simulation, in: &state)
    }
    for report in warned { AppSimulation.writeToStandardError(report) }
  }

  /// Keeps the run's warnings made since the first `count` (``WorkoutSimulation/SimulationSession/runWarnings``:
  /// a pool swim counted on a course that swims no whole length, docs/models.md#swimming) as
  /// ``SimulationDriver/AppSimulation/Report/Kind-swift.enum/notDelivered`` warnings of `call`,
  /// for the caller to write to standard error once the lock is released.
  static func keepRunWarnings(
    since count: Int, call: String, simulation: AppSimulation, in state: inout AppSimulation.State
  ) -> [AppSimulation.Report] {
    let warnings = state.session.runWarnings
    guard warnings.count > count else { return [] }
    return simulation.keepReports(
      .notDelivered, Array(warnings[count...]), framework: "HealthKit", call: call, in: &state)
  }

  /// `notStarted` → `prepared` (ends every other open session first).
  public func prepare() { sessionCall(.prepare, date: nil, dated: false) }

  /// → `running` (ends every other open session first). The builder does not begin
  /// collecting: call `beginCollection(at:)`. `date` passes the wall-clock rule; `nil` is now.
  public func startActivity(with date: Date?) { sessionCall(.start, date: date, dated: true) }

  /// `running` → `paused`; the session generates a `pause` event.
  public func pause() { sessionCall(.pause, date: nil, dated: false) }

  /// `paused` → `running`; the session generates a `resume` event.
  public func resume() { sessionCall(.resume, date: nil, dated: false) }

  /// `running` or `paused` → `stopped`. `date` passes the wall-clock rule; the change happens
  /// at virtual now.
  public func stopActivity(with date: Date?) { sessionCall(.stop, date: date, dated: true) }

  /// → `ended` (from `prepared`, `running`, `paused` or `stopped`).
  public func end() { sessionCall(.end, date: nil, dated: false) }

  private func sessionCall(_ call: WorkoutSessionCall, date: Date?, dated: Bool) {
    if sessionType == .mirrored {
      forwardToPrimary(call)
      return
    }
    guard isAlive else {
      simulation.ignoreInert(
        action: .session(call), device: processDevice)
      return
    }
    simulation.mutate { state in
      var given: SimulationInstant?
      if dated {
        let name = call == .start ? "startActivity" : "stopActivity"
        switch simulation.appInstant(
          date, call: name, action: .session(call), session: index, in: &state)
        {
        case .failure: return
        case .success(let instant): given = date == nil ? nil : instant
        }
      }
      let startedBefore = state.session.engine(of: engineDevice).sessionStartDate(index) != nil
      state.session.withEngine(of: engineDevice) { $0.perform(call, onSession: index, at: $0.now) }
      let started = state.session.engine(of: engineDevice).sessionStartDate(index) != nil
      if call == .start, !startedBefore, started, let given {
        let date = simulation.date(of: given)
        lock.withLock { appStartDate = date }
      }
      if engineDevice == .phone, call == .start, !startedBefore, started,
        state.healthKit.lockedWorkoutPrompt == nil
      {
        // The system's one-time prompt (project rule): shown as the app's first phone
        // workout starts, answered by the scenario.
        state.healthKit.lockedWorkoutPrompt = (
          state.session.now, simulation.scenario.phone.lockedWorkoutAccess
        )
      }
    }
  }

  // MARK: - Simulation side

  /// Whether the object belongs to the running app process.
  var isAlive: Bool { lock.withLock { alive } }

  /// The device whose app process made the session: its engine's for a primary session, the
  /// other device for a mirrored one (the iPhone app's copy of the watch's workout).
  var processDevice: HealthKitSimulation.Device {
    let engine = HealthKitSimulation.Device(engineDevice)
    guard sessionType == .mirrored else { return engine }
    return engine == .watch ? .phone : .watch
  }

  /// Sets the count of its builder's events already announced to `count` (on registration as
  /// the endpoint of its engine session).
  fileprivate func setEventsAnnounced(_ count: Int) {
    lock.withLock { eventsAnnounced = count }
  }

  /// Recovery: alive again in the new process, delegates cleared (the app attaches its own).
  func recovered() {
    let builder = lock.withLock { () -> HKLiveWorkoutBuilder? in
      alive = true
      delegateStorage = nil
      return builderStorage
    }
    builder?.recovered()
  }
}

extension HealthKitSimulation.State {
  /// Notes that `device`'s app made its first session.
  mutating func setMadeFirstSession(of device: WorkoutDevice) {
    switch device {
    case .watch: madeFirstSession = true
    case .phone: phoneSessions.madeFirstSession = true
    }
  }

  /// Registers `session` as `device`'s object for its engine session `index` (and, with
  /// `endpoint`, as the one its effects are delivered to).
  mutating func register(
    _ session: HKWorkoutSession, index: Int, of device: WorkoutDevice, endpoint: Bool
  ) {
    let weak = HealthKitSimulation.WeakEndpoint(object: session)
    if endpoint {
      // The events its builder already holds were announced to an earlier object (a
      // recovered session's).
      let held = self.session.readEngineInPlace(of: device) { engine in
        engine.builder(ofSession: index)?.eventsInOrderAdded.count
      }
      session.setEventsAnnounced(held ?? 0)
    }
    switch device {
    case .watch:
      sessionObjects[index] = weak
      if endpoint { endpoints[index] = weak }
    case .phone:
      phoneSessions.sessionObjects[index] = weak
      if endpoint { phoneSessions.endpoints[index] = weak }
    }
  }

  /// `device`'s object for its engine session `index`, if the app still holds it.
  func sessionObject(_ index: Int, of device: WorkoutDevice) -> HKWorkoutSession? {
    switch device {
    case .watch: sessionObjects[index]?.object as? HKWorkoutSession
    case .phone: phoneSessions.sessionObjects[index]?.object as? HKWorkoutSession
    }
  }
}

extension HKWorkoutSession: HealthKitSimulation.Endpoint {
  /// Calls the live builder delegate's `didCollectDataOf` with the HealthKit types of a batch
  /// of `types` (the same set object for the same types, made once per combination), then the
  /// builder's zone announcements, unless the app process died. A builder without a delegate
  /// has the batch noted for a stall (``noteCollectedWithoutDelegate(_:at:)``).
  package func deliverCollected(_ types: QuantityTypeSet, at instant: SimulationInstant) {
    // The builder without a retain of its own (its data source holds it weakly, so its retains
    // go through a side table): this session, which the lane holds while the call runs, holds
    // it for its whole life (`builderStorage` is only set by the initializers). The type set
    // and the builder are read under one lock.
    let found = lock.withLock { () -> (Unmanaged<HKLiveWorkoutBuilder>, Set<HKSampleType>)? in
      guard alive, let builder = builderStorage else { return nil }
      for known in batchTypeSets where known.types == types {
        return (Unmanaged.passUnretained(builder), known.set)
      }
      let set = Set<HKSampleType>(types.types.map { HKQuantityType.shared(engine: $0) })
      batchTypeSets.append((types, set))
      return (Unmanaged.passUnretained(builder), set)
    }
    guard let (builder, set) = found else { return }
    // As the code of the device whose app made the session (a phone workout's delegate is the
    // phone app's: `WidgetCenter.shared` inside it is the phone's), one task-local binding per
    // batch (docs/swift-api.md#whose-code-a-callback-runs-as).
    HealthKitSimulation.run(as: processDevice) {
      builder._withUnsafeGuaranteedRef { builder in
        if let delegate = builder.delegate {
          delegate.workoutBuilder(builder, didCollectDataOf: set)
        } else {
          noteCollectedWithoutDelegate(types, at: instant)
        }
        builder.announceZoneChanges(in: types)
      }
    }
  }

  /// Notes that the live builder collected `types` at `instant` while it had no delegate, so
  /// its `didCollectDataOf` was delivered to no one: a stall names each type once, at the
  /// first batch that had it ("HKLiveWorkoutBuilder collected heart rate and active energy
  /// burned at t = 1 s but had no delegate: ...", ``HealthKitSimulation/noteNoDelegate(_:kind:at:advice:)``,
  /// docs/swift-api.md#nothing-silent).
  private func noteCollectedWithoutDelegate(
    _ types: QuantityTypeSet, at instant: SimulationInstant
  ) {
    let new = lock.withLock { () -> QuantityTypeSet in
      let new = QuantityTypeSet(rawValue: types.rawValue & ~collectedWithoutDelegate.rawValue)
      collectedWithoutDelegate.formUnion(types)
      return new
    }
    guard !new.isEmpty else { return }
    simulation.noteNoDelegate(
      "HKLiveWorkoutBuilder collected \(Self.listed(new.types.map(Self.words)))",
      at: instant.seconds, advice: "set builder.delegate before beginCollection")
  }

  /// A quantity type's identifier in words (`distanceWalkingRunning` → `distance walking
  /// running`).
  private static func words(_ type: QuantityType) -> String {
    var text = ""
    for character in type.rawValue {
      if character.isUppercase {
        text += " " + character.lowercased()
      } else {
        text.append(character)
      }
    }
    return text
  }

  /// `items` as a list in words: `a`, `a and b`, `a, b and c`.
  private static func listed(_ items: [String]) -> String {
    guard let last = items.last, items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " and " + last
  }

  package func processDied() {
    lock.withLock { alive = false }
  }

  /// Notes that this session `what` (changed to a state, failed, received data) at `date`
  /// while it had no delegate, so the call was delivered to no one: a stall names it
  /// (``HealthKitSimulation/noteNoDelegate(_:kind:at:advice:)``,
  /// docs/swift-api.md#nothing-silent). `kind`: a call that recurs is noted once.
  func noteNoDelegate(_ what: String, kind: String? = nil, date: Date, advice: String) {
    simulation.noteNoDelegate(
      "HKWorkoutSession \(what)", kind: kind,
      at: date.timeIntervalSince(simulation.startDate), advice: advice)
  }

  /// Notes that this session's `workoutSession(_:didBeginActivityWith:date:)` (`what`
  /// `began`) or `didEndActivityWith` (`ended`) at `date` went to no delegate: once per call,
  /// at its first instant (``noteNoDelegate(_:kind:date:advice:)``,
  /// docs/swift-api.md#nothing-silent).
  private func noteActivityWithoutDelegate(_ what: String, date: Date) {
    noteNoDelegate(
      "\(what) an activity", kind: "HKWorkoutSession.activity.\(what)", date: date,
      advice: what == "began"
        ? "set session.delegate before beginNewActivity"
        : "set session.delegate before endCurrentActivity")
  }

  package func callbacks(for effect: EngineEffect, date: Date) -> [HealthKitSimulation.Callback] {
    let builder = associatedWorkoutBuilder()
    switch effect.kind {
    case .stateChange(let from, let to):
      let (old, new) = (HKWorkoutSessionState(from), HKWorkoutSessionState(to))
      var calls: [HealthKitSimulation.Callback] = [
        { [self] in
          guard isAlive else { return }
          guard let delegate else {
            let call: String? =
              switch (old, new) {
              case (.notStarted, .running), (.prepared, .running): "startActivity"
              case (_, .prepared): "prepare"
              default: nil
              }
            noteNoDelegate(
              "changed to \(new)", date: date,
              advice: call.map { "set session.delegate before \($0)" }
                ?? "set session.delegate when the session is made")
            return
          }
          delegate.workoutSession(self, didChangeTo: new, from: old, date: date)
        }
      ]
      // The session's pause and resume events are the session's own, whether or not its
      // builder collects them (`shouldCollectWorkoutEvents`): they come from the state change
      // (running → paused, paused → running), so the delegate hears them either way, right
      // after the change.
      let generated: HKWorkoutEventType? =
        switch (from, to) {
        case (.running, .paused): .pause
        case (.paused, .running): .resume
        default: nil
        }
      if let generated {
        calls.append { [self] in
          guard isAlive else { return }
          let event = HKWorkoutEvent(
            type: generated, dateInterval: DateInterval(start: date, duration: 0), metadata: nil)
          delegate?.workoutSession(self, didGenerate: event)
        }
      }
      return calls
    case .error(let report):
      // Session calls (this session's, its sub-activity calls, or another session's prepare or
      // start that ended this one) go to the session's delegate; builder calls report through
      // their own completion handlers, other actions to no delegate.
      switch report.call {
      case .session, .activity: break
      default: return []
      }
      let error = HKError(report.error)
      return [
        { [self] in
          guard isAlive else { return }
          guard let delegate else {
            noteNoDelegate(
              "failed (\(error.localizedDescription))", date: date,
              advice: "set session.delegate when the session is made")
            return
          }
          delegate.workoutSession(self, didFailWithError: error)
        }
      ]
    case .event(let type):
      let eventType = HKWorkoutEventType(type)
      var calls: [HealthKitSimulation.Callback] = []
      switch type {
      case .pause, .resume:
        // Generated from the state change above (an app-added pause or resume is not the
        // session's).
        break
      case .motionPaused, .motionResumed, .pauseOrResumeRequest:
        calls.append { [self] in
          guard isAlive else { return }
          guard let delegate else {
            noteNoDelegate(
              "generated a \(eventType) event", kind: "HKWorkoutSession.didGenerate.\(eventType)",
              date: date, advice: "set session.delegate when the session is made")
            return
          }
          let event = HKWorkoutEvent(
            type: eventType, dateInterval: DateInterval(start: date, duration: 0), metadata: nil)
          delegate.workoutSession(self, didGenerate: event)
        }
      case .lap, .marker, .segment:
        break
      }
      // This event is the builder's `position`-th in the order added: during the call the
      // builder's `workoutEvents` ends with it, as if the next had not been added yet.
      let position = lock.withLock {
        eventsAnnounced += 1
        return eventsAnnounced
      }
      calls.append { [self] in
        guard isAlive else { return }
        guard let delegate = builder.delegate else {
          // Noted for a builder the app began collecting with (one it never used is not
          // waited on).
          guard builder.startDate != nil else { return }
          simulation.noteNoDelegate(
            "HKLiveWorkoutBuilder collected a \(eventType) event",
            kind: "HKLiveWorkoutBuilder.didCollectEvent.\(eventType)",
            at: date.timeIntervalSince(simulation.startDate),
            advice: "set builder.delegate before beginCollection")
          return
        }
        builder.showingEvents(upTo: position) { delegate.workoutBuilderDidCollectEvent(builder) }
      }
      return calls
    case .dataCollected:
      // Delivered without a closure: `deliverCollected(_:)`.
      return []
    case .activity(let change, _):
      // The session's delegate with the activity's configuration and date, then the
      // builder's with the activity (as it stands when the call runs); to no delegate, each is
      // noted for a stall.
      return [
        { [self] in
          guard isAlive else { return }
          switch change {
          case .began(let position):
            guard let activity = builder.workoutActivity(at: position) else { return }
            if let delegate {
              delegate.workoutSession(
                self, didBeginActivityWith: activity.workoutConfiguration,
                date: activity.startDate)
            } else {
              noteActivityWithoutDelegate("began", date: date)
            }
            if let builderDelegate = builder.delegate {
              builderDelegate.workoutBuilder(builder, didBegin: activity)
            } else {
              builder.noteActivityWithoutDelegate("began", date: date)
            }
          case .ended(let position):
            guard let activity = builder.workoutActivity(at: position) else { return }
            if let delegate {
              delegate.workoutSession(
                self, didEndActivityWith: activity.workoutConfiguration,
                date: activity.endDate ?? date)
            } else {
              noteActivityWithoutDelegate("ended", date: date)
            }
            if let builderDelegate = builder.delegate {
              builderDelegate.workoutBuilder(builder, didEnd: activity)
            } else {
              builder.noteActivityWithoutDelegate("ended", date: date)
            }
          }
        }
      ]
    case .extendedRuntime, .link, .mirroring, .appState:
      // No session's: the frameworks' listeners (`EffectListener`) hear of them.
      return []
    }
  }
}

extension HKLiveWorkoutBuilder {
  /// Notes that this builder's `workoutBuilder(_:didBegin:)` (`what` `began`) or
  /// `workoutBuilder(_:didEnd:)` (`ended`) at `date` went to no delegate, for a builder the app
  /// began collecting with (one it never used is not waited on), as its collected events are:
  /// once per call, at its first instant (`HealthKitSimulation.noteNoDelegate(_:kind:at:advice:)`,
  /// docs/swift-api.md#nothing-silent).
  func noteActivityWithoutDelegate(_ what: String, date: Date) {
    guard startDate != nil else { return }
    simulation.noteNoDelegate(
      "HKLiveWorkoutBuilder \(what) an activity", kind: "HKLiveWorkoutBuilder.activity.\(what)",
      at: date.timeIntervalSince(simulation.startDate),
      advice: "set builder.delegate before beginCollection")
  }
}
