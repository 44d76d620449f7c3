import SimulationDriver
import WorkoutCore
import WorkoutSimulation
import WorkoutSystem

/// Builds a workout: collection dates, events, statistics, the saved ``HKWorkout`` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkworkoutbuilder): a session's
/// ``HKLiveWorkoutBuilder``, or a builder of a workout the app records itself
/// (``init(healthStore:configuration:device:)``, Workout/HKWorkoutBuilder+Standalone.swift).
///
/// Lifecycle (HealthKit's): notStarted → collecting (`beginCollection`) → ended
/// (`endCollection`) → finished (`finishWorkout`); `discardWorkout()` from any but finished.
/// Out-of-order calls fail with `HKError.errorInvalidArgument` and HealthKit's text ("cannot
/// set endDate without a startDate", "Unable to finish a workout that is not currently
/// ended.", ...), through the completion handler or thrown by the async form.
///
/// Every call has Apple's completion form (the completion runs in the simulation's callback
/// lane, at the next delivery) and its async form (performs, delivers what is pending, then
/// returns or throws). Dates the app passes go through the wall-clock rule
/// (docs/swift-api.md#the-wall-clock-rule).
///
/// `Sendable` as in Apple's SDK; the mutable state is behind a lock.
public class HKWorkoutBuilder: NSObject, @unchecked Sendable {
  let simulation: HealthKitSimulation
  /// The engine session whose builder this is.
  let index: Int
  /// Whose engine: the watch's, or the iPhone's own workouts' (a session made inside
  /// `HealthKitSimulation.on(.phone)`).
  let engineDevice: WorkoutDevice
  private let configuration: HKWorkoutConfiguration
  let lock = NSLock()
  private var metadataStorage: [String: Any] = [:]
  /// While a `workoutBuilderDidCollectEvent(_:)` call runs: how many events (in the order
  /// added) ``workoutEvents`` shows (under ``lock``).
  private var eventHorizon: Int?
  /// The route builder ``seriesBuilder(for:)`` made (Workout/HKWorkoutRouteBuilder.swift).
  var routeBuilder: HKWorkoutRouteBuilder?
  /// The app's zones per type, from `setCustomZoneConfiguration(_:for:)` (under ``lock``).
  var customZones: [QuantityType: HKWorkoutZoneConfiguration] = [:]
  /// The system's zones per type, made once (the athlete's do not change; under ``lock``).
  var systemZones: [QuantityType: HKWorkoutZoneConfiguration?] = [:]
  /// The live statistics ``statistics(for:)`` made last, by type slot, reused in place once
  /// the app has let go of them (``HKStatistics/live(_:of:at:since:reusing:)``; under the
  /// simulation's lock, `simulation.state`, which every read of them holds).
  let liveStatistics = LiveStatistics()

  /// Storage of ``liveStatistics``: a buffer of its own, so that a read does not pay the
  /// dynamic exclusivity check of a class's array property (a tenth of the read's cost).
  final class LiveStatistics {
    /// One object (or `nil`) per ``QuantityType/slot``.
    let slots = UnsafeMutablePointer<HKStatistics?>.allocate(capacity: QuantityType.slotCount)

    init() { slots.initialize(repeating: nil, count: QuantityType.slotCount) }

    deinit {
      slots.deinitialize(count: QuantityType.slotCount)
      slots.deallocate()
    }
  }
  /// The zones ``HKLiveWorkoutBuilder/announceZoneChanges(in:)`` watches after every batch,
  /// fixed at the first batch (custom zones can only be set before collection begins), with
  /// the zone of each one's last `didUpdateWorkoutZone` (under ``lock``).
  var zoneWatch: [ZoneWatch]?
  /// The state of a builder made with ``init(healthStore:configuration:device:)``, `nil` for a
  /// session's builder.
  let standalone: StandaloneWorkout?

  /// One zone type watched for `didUpdateWorkoutZone`.
  struct ZoneWatch {
    let type: QuantityType
    let configuration: HKWorkoutZoneConfiguration
    /// The zone index of the last call, `nil` before the first.
    var announced: Int?
  }

  init(
    simulation: HealthKitSimulation, index: Int, configuration: HKWorkoutConfiguration,
    engineDevice: WorkoutDevice = .watch, standalone: StandaloneWorkout? = nil
  ) {
    self.simulation = simulation
    self.index = index
    self.engineDevice = engineDevice
    self.configuration = configuration
    self.standalone = standalone
    super.init()
  }

  /// A builder not connected to a workout session or other data source, for a workout the app
  /// records itself (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutbuilder/init(healthstore:configuration:device:)).
  ///
  /// Only the app's calls fill it: `beginCollection` and `endCollection` set the dates, `add`
  /// the quantity and category samples, `addWorkoutEvents`, `addMetadata`,
  /// `addWorkoutActivity` and `updateActivity` the rest; `statistics(for:)` and
  /// `allStatistics` are the statistics of the samples added (a sum for a cumulative type;
  /// average, minimum, maximum and most recent for a discrete one). `finishWorkout` saves the
  /// workout with the rules of `HKHealthStore.save(_:withCompletion:)` (sharing
  /// `workoutType()` and the samples' types must be granted: `errorAuthorizationNotDetermined`
  /// or `errorAuthorizationDenied`), saves the samples not saved yet, and associates them
  /// with it (`predicateForObjects(from:)`). Its `totalEnergyBurned` and `totalDistance` are
  /// the sums of `activeEnergyBurned` and of the activity's distance type. Zones are not
  /// computed for it (they are a session builder's).
  public convenience init(
    healthStore: HKHealthStore, configuration: HKWorkoutConfiguration, device: HKDevice?
  ) {
    self.init(
      simulation: healthStore.simulation, index: -1, configuration: configuration,
      engineDevice: .phone,
      standalone: StandaloneWorkout(
        store: healthStore, configuration: configuration, device: device))
  }

  /// Whether the app process that made this builder still runs (else its calls are inert).
  /// A standalone builder's is its store's device's process as it ran at the builder's making
  /// (``StandaloneWorkout/process``): after that process crashed, its calls get the same inert
  /// answer as a series builder's (`errorInvalidArgument`, an error entry in that device's log).
  var isAlive: Bool { standalone.map { simulation.isAlive($0.process) } ?? true }

  /// The device whose app process the builder belongs to: a standalone builder's store's, a
  /// primary session's engine's, a mirrored session's the other device (the iPhone app's
  /// builder of the watch's workout: a crash of the watch app leaves it alive; review 28).
  var processDevice: HealthKitSimulation.Device {
    if let standalone { return standalone.process.device }
    let mirrored = (self as? HKLiveWorkoutBuilder).map { !$0.ofPrimarySession } ?? false
    let engine = HealthKitSimulation.Device(engineDevice)
    guard mirrored else { return engine }
    return engine == .watch ? .phone : .watch
  }

  /// Why the builder's calls are inert when ``isAlive`` is `false`.
  var inertMessage: String { HealthKitSimulation.inertMessage }

  /// Ignores a call while ``isAlive`` is `false` and returns the error it gets; the error entry
  /// goes in the log of the device whose process made the builder.
  func inert(_ action: ErrorReport.BuilderCall) -> HKError {
    let message = inertMessage
    simulation.ignoreInert(action: .builder(action), message: message, device: processDevice)
    return HKError(.errorInvalidArgument, message)
  }

  // MARK: - Properties

  /// The device collecting: the watch (as ``HKDevice/local()`` there); the iPhone for the phone's own
  /// workout (a session made inside `HealthKitSimulation.on(.phone)`).
  public var device: HKDevice? {
    if let standalone { return standalone.device }
    return engineDevice == .phone ? HKDevice.iPhone : HKDevice.appleWatch
  }

  /// The workout's start date from `beginCollection`, or `nil`.
  public var startDate: Date? {
    if let standalone { return standalone.parts.withLock { $0.start } }
    return (engineBuilder { $0.startDate } ?? nil).map { simulation.date(of: $0) }
  }

  /// The workout's end date from `endCollection`, or `nil`.
  public var endDate: Date? {
    if let standalone { return standalone.parts.withLock { $0.end } }
    return (engineBuilder { $0.endDate } ?? nil).map { simulation.date(of: $0) }
  }

  /// A copy of the session's configuration.
  public var workoutConfiguration: HKWorkoutConfiguration {
    configuration.copy() as! HKWorkoutConfiguration
  }

  /// The metadata added with `addMetadata`, numbers and Booleans as `NSNumber` (the saved workout's
  /// ``HKObject/metadata`` and the record's `metadata` hold it too,
  /// docs/swift-api.md#metadata).
  public var metadata: [String: Any] {
    bridgedMetadata(lock.withLock { metadataStorage }) ?? [:]
  }

  /// The events collected so far, in the order they were added ("the list of events added to
  /// the workout", Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutbuilder/workoutevents; not
  /// sorted by date): the session's pause and resume while
  /// ``HKLiveWorkoutBuilder/shouldCollectWorkoutEvents`` (zero-length), the events the data
  /// source adds (a pool swim's laps and segments), and the app's own with their durations
  /// and metadata. During a delegate's `workoutBuilderDidCollectEvent(_:)` the list ends with
  /// the event that call announces ("a new event has been added to the builder", Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkliveworkoutbuilderdelegate/workoutbuilderdidcollectevent(_:)):
  /// events added at the same instant are announced one call each, each call before the next
  /// event is shown (docs/swift-api.md#builder-events).
  public var workoutEvents: [HKWorkoutEvent] {
    if let standalone { return standalone.parts.withLock { $0.events } }
    let events = engineBuilder { $0.eventsInOrderAdded } ?? []
    let shown = lock.withLock { eventHorizon }.map { events.prefix($0) } ?? events[...]
    return shown.map { HKWorkoutEvent($0, since: simulation.startDate) }
  }

  /// Runs `body` (a `workoutBuilderDidCollectEvent(_:)` call) with ``workoutEvents`` showing
  /// the first `count` events in the order added.
  func showingEvents(upTo count: Int, _ body: () -> Void) {
    lock.withLock { eventHorizon = count }
    defer { lock.withLock { eventHorizon = nil } }
    body()
  }

  /// The activities begun so far, in start order (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutbuilder/workoutactivities):
  /// those the app began with `HKWorkoutSession.beginNewActivity(configuration:date:metadata:)`,
  /// each with its events, duration and statistics (the current one's so far, its end date
  /// `nil`); empty when it began none.
  public var workoutActivities: [HKWorkoutActivity] {
    if let standalone { return standalone.parts.withLock { $0.activities } }
    let count = engineBuilder { $0.activities.count } ?? 0
    return (0..<count).compactMap { workoutActivity(at: $0) }
  }

  /// The builder's activity at `position` as it stands at virtual now, or `nil`. Its UUID is
  /// the one the saved workout's activity at `position` has.
  func workoutActivity(at position: Int) -> HKWorkoutActivity? {
    let start = simulation.startDate
    return simulation.state.withLock { state in
      state.session.readEngineInPlace(of: engineDevice) { engine -> HKWorkoutActivity? in
        // The running activity as it stands at virtual now: its duration, events and
        // statistics so far (``LiveWorkoutBuilder/activity(_:at:)``).
        guard let builder = engine.builder(ofSession: index),
          let activity = builder.activity(position, at: engine.now)
        else { return nil }
        let workout = UUID(
          uuidString: WorkoutRecord.makeID(seed: engine.configuration.seed, sessionIndex: index))
        var samples: [QuantityType: SampleSeries] = [:]
        for type in QuantityType.allCases where builder.sampleCount(of: type) > 0 {
          samples[type] = builder.samples(of: type)
        }
        return HKWorkoutActivity(
          activity, samples: samples, now: engine.now, since: start,
          uuid: workout.map { HKWorkout.activityUUID(of: $0, position: position) } ?? UUID())
      }
    }
  }

  /// The statistics of every type with samples so far, at virtual now.
  public var allStatistics: [HKQuantityType: HKStatistics] {
    if let standalone {
      return standalone.parts.withLock {
        StandaloneWorkout.statistics(of: $0.samples, dated: $0.sampleDates, from: nil, to: nil)
      }
    }
    let start = simulation.startDate
    return simulation.state.withLock { state in
      state.session.readEngineInPlace(of: engineDevice) { engine in
        guard let builder = engine.builder(ofSession: index) else { return [:] }
        return HKStatistics.all(of: builder, at: engine.now, since: start)
      }
    }
  }

  /// The statistics of `quantityType` so far (at virtual now), or `nil` without samples:
  /// average, minimum, maximum and most recent for a discrete type (heart rate), the sum for a
  /// cumulative one (energy, distance, steps), in the engine's units (count/min, kcal, m,
  /// count, m/s, W) (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutbuilder/statistics(for:)).
  ///
  /// Each call's object holds the values of its call and never changes while the app holds
  /// it. One the app no longer holds may be handed out again with the new values (an app
  /// that reads the statistics on every batch costs no allocation per read); Apple documents
  /// nothing on the objects' identity.
  @discardableResult
  public func statistics(for quantityType: HKQuantityType) -> HKStatistics? {
    if standalone != nil { return allStatistics[quantityType] }
    guard let type = quantityType.engineType else { return nil }
    let start = simulation.startDate
    // In place (`readEngine`): reading `state.session.workoutEngine` or `.now` here copies the
    // whole engine, data source included, on every call.
    return simulation.state.withLock { state in
      state.session.readEngineInPlace(of: engineDevice) { engine in
        let now = engine.now
        return engine.withBuilderInPlace(ofSession: index) {
          HKStatistics.live(
            type, of: $0, at: now, since: start, reusing: &liveStatistics.slots[type.slot])
        } ?? nil
      }
    }
  }

  /// The time collected up to `date`, excluding pauses, in seconds (HealthKit's rule: only
  /// `pause` and `resume` events stop and restart the clock; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutbuilder/elapsedtime(at:)).
  ///
  /// `date` goes through the wall-clock rule (docs/swift-api.md#the-wall-clock-rule): Apple's
  /// sample app drives its timer with `elapsedTime(at: Date())`, which is read on virtual time (a `Date()` read now is virtual now). A
  /// timer calls it many times a second, so the rule's `wallClockDate` log entry (or, with
  /// `HealthKitSimulation.Options.strictDates`, its error entry; the value is then still the
  /// one at virtual now, as a getter cannot fail) is made once per builder, naming
  /// `elapsedTime`; for the same reason its date becomes no base of the rule's dates derived
  /// from an earlier one, except the first one read, with that entry.
  public func elapsedTime(at date: Date) -> TimeInterval {
    if let standalone {
      // As the live builder's below: the rule's entry (or strict error) once per builder, and
      // a getter cannot fail, so a strict read is the rule's reading all the same.
      let simulation = self.simulation
      let noted = lock.withLock { wallClockElapsedNoted }
      let (at, leaked) = simulation.mutate { state -> (Date, Bool) in
        guard simulation.isWallClockLeak(date, now: state.session.now) else { return (date, false) }
        if !noted { _ = simulation.readAppDate(date, call: "elapsedTime", in: &state) }
        return (
          simulation.date(of: simulation.wallClockInstant(date, in: state, keepingBase: false)),
          true
        )
      }
      if leaked { lock.withLock { wallClockElapsedNoted = true } }
      return standalone.parts.withLock { parts in
        guard let start = parts.start, at > start else { return 0 }
        return HKWorkout.activeDuration(
          start: start, end: min(at, parts.end ?? at), events: parts.events)
      }
    }
    let index = self.index
    let simulation = self.simulation
    // Read before the simulation's lock is taken (the builder's lock is never held inside it).
    let noted = lock.withLock { wallClockElapsedNoted }
    let (elapsed, leaked) = simulation.mutate { state -> (Duration, Bool) in
      let now = state.session.now
      let leak = simulation.isWallClockLeak(date, now: now)
      var instant =
        leak
        ? simulation.wallClockInstant(date, in: state, keepingBase: false)
        : simulation.instant(of: date)
      if leak, !noted {
        // The rule's entry (or strict error), once per builder.
        if case .success(let read) = simulation.appInstant(
          date, call: "elapsedTime", action: .builder(.elapsedTime), session: index, in: &state)
        {
          instant = read
        }
      }
      let elapsed =
        state.session.readEngineInPlace(of: engineDevice) { $0.builder(ofSession: index) }
        .map { $0.elapsedTime(at: instant) } ?? .zero
      return (elapsed, leak)
    }
    if leaked { lock.withLock { wallClockElapsedNoted = true } }
    return elapsed.timeInterval
  }

  /// Whether ``elapsedTime(at:)`` has had its wall-clock entry (made once per builder).
  private var wallClockElapsedNoted = false

  // MARK: - Collection

  /// Begins collection with `startDate` as the workout's start (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutbuilder/begincollection(withstart:completion:)).
  /// Samples flow while the session runs.
  ///
  /// - Parameters:
  ///   - startDate: the workout's start, read by the wall-clock rule (`Date()` near the real
  ///     clock is virtual now).
  ///   - completion: `(true, nil)`, or `(false, HKError)`: "Unable to begin a workout that has
  ///     already started.", or a strict-mode date.
  public func beginCollection(
    withStart startDate: Date, completion: @escaping @Sendable (Bool, (any Error)?) -> Void
  ) {
    let error = begin(startDate)
    simulation.enqueue { completion(error == nil, error) }
  }

  /// Begins collection (the async form of `beginCollection(withStart:completion:)`).
  ///
  /// - Throws: ``HKError`` `errorInvalidArgument` as the completion form reports it.
  nonisolated(nonsending) public func beginCollection(at startDate: Date) async throws {
    let error = begin(startDate)
    await simulation.deliver()
    if let error { throw error }
  }

  /// Ends collection with `endDate` as the workout's end (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutbuilder/endcollection(withend:completion:)).
  /// A date before virtual now is used as given: samples already collected after it stay.
  ///
  /// - Parameters:
  ///   - endDate: the workout's end, after its start, read by the wall-clock rule.
  ///   - completion: `(true, nil)`, or `(false, HKError)`: "cannot set endDate without a
  ///     startDate", "endDate must be after startDate", "Unable to end a workout that is not
  ///     currently active.", or a strict-mode date.
  public func endCollection(
    withEnd endDate: Date, completion: @escaping @Sendable (Bool, (any Error)?) -> Void
  ) {
    let error = end(endDate)
    simulation.enqueue { completion(error == nil, error) }
  }

  /// Ends collection (the async form of `endCollection(withEnd:completion:)`).
  ///
  /// - Throws: ``HKError`` `errorInvalidArgument` as the completion form reports it.
  nonisolated(nonsending) public func endCollection(at endDate: Date) async throws {
    let error = end(endDate)
    await simulation.deliver()
    if let error { throw error }
  }

  /// Saves the workout (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutbuilder/finishworkout(completion:)):
  /// the ``HKWorkout`` goes into the store and the run's records, and the samples the builder
  /// collected and the app added go into the store with it (sample, statistics, anchored and
  /// observer queries find them, `predicateForObjects(from:)` of the workout too).
  ///
  /// - Parameter completion: `(workout, nil)`, or `(nil, HKError)`: "Unable to finish a workout
  ///   that is not currently ended.".
  ///
  /// The iPhone's own workout finished while the phone is locked is saved, but the completion
  /// gets `nil` for it unless the person allowed health data while locked at the one-time
  /// prompt (`phone.lockedWorkoutAccess`; Apple: "If the device is locked, finishing a workout
  /// will succeed but will not be able to return the HKWorkout object",
  /// https://developer.apple.com/forums/thread/695853; docs/phone.md#the-iphones-own-workouts).
  public func finishWorkout(completion: @escaping @Sendable (HKWorkout?, (any Error)?) -> Void) {
    let (outcome, hidden) = finish()
    simulation.enqueue {
      switch outcome {
      case .success(let workout): completion(hidden ? nil : workout, nil)
      case .failure(let error): completion(nil, error)
      }
    }
  }

  /// Saves the workout (the async form of `finishWorkout(completion:)`).
  ///
  /// - Returns: the saved workout; `nil` only for the iPhone's own workout finished while the
  ///   phone is locked without the person's leave (the completion form's rule; the simulated
  ///   watch is never locked).
  /// - Throws: ``HKError`` `errorInvalidArgument` as the completion form reports it.
  @discardableResult
  nonisolated(nonsending) public func finishWorkout() async throws -> HKWorkout? {
    let (outcome, hidden) = finish()
    await simulation.deliver()
    let workout = try outcome.get()
    return hidden ? nil : workout
  }

  /// Discards the workout: nothing is saved; collection stops.
  public func discardWorkout() {
    guard isAlive else {
      _ = inert(.discardWorkout)
      return
    }
    if let standalone {
      standalone.parts.withLock { parts in
        if parts.phase != .finished { parts.phase = .discarded }
      }
      return
    }
    simulation.mutate { state in
      state.session.withEngine(of: engineDevice) {
        _ = $0.discardWorkout(ofSession: index, at: $0.now)
      }
      // What the builder collected was saved as it was collected: it stays in the store
      // (docs/healthkit-behaviour.md#a-live-workouts-samples). The samples nobody read yet
      // come in now (this workout's and any other live workout's); only the listeners of their
      // types hear of it (nothing else changed), whether or not this session had a marker.
      let changed = state.bringLiveSamplesIn()
      _ = state.endLiveSamples(device: engineDevice, session: index)
      state.wakeLiveListeners(of: changed)
    }
  }

  /// Adds events (lap, marker, segment, ...) at their start dates (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutbuilder/addworkoutevents(_:completion:)).
  /// Each event keeps its type, start date, duration (`dateInterval.duration`, to the
  /// nanosecond) and metadata (values as ``addMetadata(_:completion:)`` takes them), in
  /// ``workoutEvents``, the saved workout and the record (docs/run-result.md). Only pause and
  /// resume events change elapsed time, at their start dates (HealthKit's rule).
  ///
  /// - Parameters:
  ///   - workoutEvents: the events; each `dateInterval`'s start and end are read by the
  ///     wall-clock rule in one reading, and the duration kept is the distance between the
  ///     two dates read (docs/swift-api.md#builder-events).
  ///   - completion: `(true, nil)`, or `(false, HKError)` for a finished or discarded builder,
  ///     an event metadata value HealthKit does not take, or a strict-mode date.
  public func addWorkoutEvents(
    _ workoutEvents: [HKWorkoutEvent],
    completion: @escaping @Sendable (Bool, (any Error)?) -> Void
  ) {
    let error = add(workoutEvents)
    simulation.enqueue { completion(error == nil, error) }
  }

  /// Adds events (the async form of `addWorkoutEvents(_:completion:)`).
  ///
  /// - Throws: ``HKError`` `errorInvalidArgument` as the completion form reports it.
  nonisolated(nonsending) public func addWorkoutEvents(_ workoutEvents: [HKWorkoutEvent])
    async throws
  {
    let error = add(workoutEvents)
    await simulation.deliver()
    if let error { throw error }
  }

  /// Adds samples the app made to the workout (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutbuilder/add(_:completion:)):
  /// they join ``statistics(for:)``, ``allStatistics``, the saved workout's statistics and the
  /// record's samples, and the live builder's delegate gets one
  /// `workoutBuilder(_:didCollectDataOf:)` with their types (docs/swift-api.md#samples-the-app-adds).
  ///
  /// Every sample is checked first; if one fails, none is added. Accepted: ``HKQuantitySample``s
  /// of the types the engine models (heart rate, active and basal energy, distance
  /// walking/running and cycling, steps, running speed, cycling power and cadence), dated from
  /// the workout's start date to virtual now (discrete samples count at their start date).
  /// Dates are used as given (a sample is not moved by the wall-clock rule: a `Date()` sample
  /// lies after virtual now and is refused).
  ///
  /// - Parameters:
  ///   - samples: the samples to add.
  ///   - completion: `(true, nil)`, or `(false, HKError)` with `errorInvalidArgument`:
  ///   "HKSample data cannot be nil or empty", "Unable to add samples to a workout that is not
  ///   currently active." (before `beginCollection`, after `endCollection`), a sample type the
  ///   simulation does not model, a sample before the start date or after now, an effort score
  ///   ("HKWorkout: Sample of type <identifier> must be related to a workout", the text apps
  ///   get, https://developer.apple.com/forums/thread/763539: relate it to the saved workout
  ///   with `relateWorkoutEffortSample(_:with:activity:)`).
  public func add(
    _ samples: [HKSample], completion: @escaping @Sendable (Bool, (any Error)?) -> Void
  ) {
    let error = addAppSamples(samples)
    simulation.enqueue { completion(error == nil, error) }
  }

  /// Adds samples (the async form of `add(_:completion:)`).
  ///
  /// - Parameter samples: the samples to add.
  /// - Throws: ``HKError`` `errorInvalidArgument` as the completion form reports it.
  nonisolated(nonsending) public func addSamples(_ samples: [HKSample]) async throws {
    let error = addAppSamples(samples)
    await simulation.deliver()
    if let error { throw error }
  }

  /// Adds metadata to the workout (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutbuilder/addmetadata(_:completion:)):
  /// later values win; the saved ``HKObject/metadata`` and the record's `metadata` get it
  /// (docs/swift-api.md#metadata). Values: `String`, `Bool`, numbers (`Int`, `Double`, ...,
  /// `NSNumber`), `Date`, ``HKQuantity``; the app's keys win over `HKTimeZone`,
  /// `HKElevationAscended` and `HKAverageMETs`; `HKIndoorWorkout` follows the configuration's
  /// location.
  ///
  /// - Parameters:
  ///   - metadata: HealthKit metadata keys and values (later values win).
  ///   - completion: `(true, nil)`, or `(false, HKError)` with `errorInvalidArgument`
  ///   for a value of another type, an ``HKQuantity`` under `HKElevationAscended` or
  ///   `HKAverageMETs` in an incompatible unit, or a finished or discarded workout ("Unable to add
  ///   metadata to a workout that is finished.", unless the metadata is already present as given).
  public func addMetadata(
    _ metadata: [String: Any], completion: @escaping @Sendable (Bool, (any Error)?) -> Void
  ) {
    let error = addAppMetadata(metadata)
    simulation.enqueue { completion(error == nil, error) }
  }

  /// Adds metadata (the async form of `addMetadata(_:completion:)`; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutbuilder/addmetadata(_:completion:)).
  ///
  /// - Parameter metadata: HealthKit metadata keys and values (later values win).
  /// - Throws: ``HKError`` `errorInvalidArgument` as the completion form reports it.
  nonisolated(nonsending) public func addMetadata(_ metadata: [String: Any]) async throws {
    let error = addAppMetadata(metadata)
    await simulation.deliver()
    if let error { throw error }
  }

  // MARK: - Engine calls

  func engineBuilder<R: Sendable>(_ read: (LiveWorkoutBuilder) -> R) -> R? {
    simulation.state.withLock { state in
      state.session.readEngineInPlace(of: engineDevice) { $0.builder(ofSession: index) }.map(read)
    }
  }

  /// The error of the engine's last failed call, which `body` made.
  /// `call` is the HealthKit method's name (the wall-clock rule's log entry), `action` the
  /// engine's word for it (errors); they differ only for `addWorkoutEvents` (`addEvent`).
  /// `liveTypes`: the quantity types of samples the app adds (`add(_:)`): a live workout's
  /// store, which holds its samples as they are collected, is given the added ones at once
  /// (``AppSimulation/State/bringInAdded(device:session:previous:)``).
  private func engineCall(
    _ action: ErrorReport.BuilderCall, call: String? = nil, date: Date?,
    liveTypes: [QuantityType] = [],
    _ body: (inout SimulationSession, SimulationInstant) -> Bool
  ) -> HKError? {
    engineCall(action, call: call, dates: date.map { [$0] } ?? [], liveTypes: liveTypes) {
      session, read in
      let now = session.now
      return body(&session, read.instants.first ?? now)
    }
  }

  /// The dates of one engine call as the wall-clock rule read them: their `instants`, and
  /// whether any was the real clock (`realClock`).
  private struct ReadDates {
    let instants: [SimulationInstant]
    let realClock: Bool
  }

  /// ``engineCall(_:call:date:liveTypes:_:)`` for a call with several dates (an event's start
  /// and end), read together by the wall-clock rule (one reading, its order rule included).
  private func engineCall(
    _ action: ErrorReport.BuilderCall, call: String? = nil, dates: [Date],
    liveTypes: [QuantityType] = [],
    _ body: (inout SimulationSession, ReadDates) -> Bool
  ) -> HKError? {
    guard isAlive else { return inert(action) }
    return simulation.mutate { state -> HKError? in
      let now = state.session.now
      let realClock = dates.contains { simulation.isWallClockLeak($0, now: now) }
      switch simulation.readAppDates(
        dates, call: call ?? action.rawValue, session: index, reportAs: .builder(action),
        in: &state)
      {
      case .failure(let error):
        return HKError(error)
      case .success(let instants):
        let previous =
          liveTypes.isEmpty
          ? nil : state.liveSeries(device: engineDevice, session: index, types: liveTypes)
        if body(&state.session, ReadDates(instants: instants, realClock: realClock)) {
          if let previous {
            state.bringInAdded(device: engineDevice, session: index, previous: previous)
          }
          return nil
        }
        // The call's own typed outcome (`callError`), not the run's error list read back.
        let report = state.session.readEngineInPlace(of: engineDevice) { $0.callError }
        return report.map { HKError($0.error) }
          ?? HKError(.errorInvalidArgument, "The call failed")
      }
    }
  }

  private func begin(_ date: Date) -> HKError? {
    if let standalone { return isAlive ? standalone.begin(date) : inert(.beginCollection) }
    let error = engineCall(.beginCollection, date: date) { session, instant in
      session.withEngine(of: engineDevice) {
        $0.beginCollection(ofSession: index, at: $0.now, date: instant)
      }
    }
    guard error == nil else { return error }
    // From now on its samples reach the store as they are collected
    // (docs/healthkit-behaviour.md#a-live-workouts-samples).
    let units = LiveSampleUnits.table
    simulation.mutate { state in
      // The system writes the workout's exercise minutes as they are earned
      // (docs/healthkit-behaviour.md#exercise-minutes).
      let exerciseSource = state.health.exerciseSource(for: .session(engineDevice))
      state.startLiveSamples(
        LiveWorkoutSamples(
          device: engineDevice, session: index, source: state.appSourceIndex(),
          kinds: units.kinds, factors: units.factors, exerciseSource: exerciseSource,
          at: state.session.now))
      // The batch collection began with is in the store now: the listeners of its types hear
      // of it.
      let collected = state.session.readEngineInPlace(of: engineDevice) { engine in
        engine.withBuilder(ofSession: index) { builder in
          QuantityTypeSet(QuantityType.allCases.filter { !builder.samples(of: $0).isEmpty })
        }
      }
      state.wakeLiveListeners(collected: collected ?? [])
    }
    return nil
  }

  private func end(_ date: Date) -> HKError? {
    if let standalone { return isAlive ? standalone.end(date) : inert(.endCollection) }
    return engineCall(.endCollection, date: date) { session, instant in
      session.withEngine(of: engineDevice) {
        $0.endCollection(ofSession: index, at: $0.now, date: instant)
      }
    }
  }

  private func add(_ events: [HKWorkoutEvent]) -> HKError? {
    if let standalone { return isAlive ? standalone.add(events) : inert(.addEvent) }
    for event in events {
      let type = event.type.engineValue
      if let message = Self.metadataRefusal(event.metadata, of: " of a workout event") {
        return refuse(HKError(.errorInvalidArgument, message), action: .addEvent)
      }
      // Its duration and metadata in the record's form (the conversion's one home, which
      // `save` of a workout's events uses too); its start and end are the instants the
      // wall-clock rule reads (`wallClockDates`: both dates of the interval).
      let startDate = simulation.startDate
      let error = engineCall(
        .addEvent, call: "addWorkoutEvents", dates: event.wallClockDates
      ) { session, read in
        let kept = event.engineEvent(
          read: read.instants[...], realClock: read.realClock, since: startDate)
        return session.withEngine(of: engineDevice) { engine in
          engine.addWorkoutEvent(
            type, toSession: index, at: engine.now, date: kept.date, duration: kept.duration,
            metadata: kept.metadata)
          return engine.callError == nil
        }
      }
      if let error { return error }
    }
    return nil
  }

  private func addAppSamples(_ samples: [HKSample]) -> HKError? {
    if let standalone { return isAlive ? standalone.add(samples) : inert(.addSamples) }
    var converted: [AppQuantitySample] = []
    // Dates made with `Date()` are read on virtual time (the wall-clock rule, as `save` reads
    // them), with one `wallClockDate` entry naming `add` for the call; with strict dates they
    // refuse the call.
    guard isAlive else { return inert(.addSamples) }
    let simulation = self.simulation
    let read = simulation.mutate { state in
      simulation.readAppDates(
        samples.flatMap { [$0.startDate, $0.endDate] }, call: "add", session: index,
        reportAs: .builder(.addSamples), in: &state)
    }
    let dates: [SimulationInstant]
    switch read {
    case .success(let instants): dates = instants
    case .failure(let error): return HKError(error)
    }
    let instants = samples.indices.map { (dates[2 * $0], dates[2 * $0 + 1]) }
    for (sample, (start, end)) in zip(samples, instants) {
      if let error = HKHealthStore.unrelatedEffortError(sample.sampleType) {
        return refuse(error, action: .addSamples)
      }
      guard let quantitySample = sample as? HKQuantitySample,
        let type = quantitySample.quantityType.engineType
      else {
        let message =
          "SimulatedHealthKit does not simulate samples of \(sample.sampleType.identifier) yet; the builder takes HKQuantitySample of \(QuantityType.allCases.map { HKQuantityTypeIdentifier(engine: $0).rawValue }.joined(separator: ", "))"
        return refuse(HKError(.errorInvalidArgument, message), action: .addSamples)
      }
      let value = quantitySample.quantity.doubleValue(for: type.healthKitUnit)
      converted.append(.init(type, QuantitySample(start: start, end: end, value: value)))
    }
    // A live workout's store holds its samples as they are collected: an added sample can go
    // before ones it holds, so the series are compared with what it held before the call.
    var types: [QuantityType] = []
    for item in converted where !types.contains(item.type) { types.append(item.type) }
    return engineCall(.addSamples, call: "add", date: nil, liveTypes: types) { session, _ in
      session.withEngine(of: engineDevice) {
        $0.addSamples(converted, toSession: index, at: $0.now)
      }
    }
  }

  private func addAppMetadata(_ metadata: [String: Any]) -> HKError? {
    if let message = Self.metadataRefusal(metadata) {
      return refuse(HKError(.errorInvalidArgument, message), action: .addMetadata)
    }
    var converted: [String: MetadataValue] = [:]
    for (key, value) in metadata {
      converted[key] = Self.metadataValue(value, key: key, since: simulation.startDate)
    }
    if let standalone {
      guard isAlive else { return inert(.addMetadata) }
      let error = standalone.change("add metadata") { parts in
        parts.metadata.merge(metadata) { $1 }
        return nil
      }
      if error == nil { lock.withLock { metadataStorage.merge(metadata) { $1 } } }
      return error
    }
    let error = engineCall(.addMetadata, date: nil) { session, _ in
      session.withEngine(of: engineDevice) {
        $0.addMetadata(converted, toSession: index, at: $0.now)
      }
    }
    if error == nil { lock.withLock { metadataStorage.merge(metadata) { $1 } } }
    return error
  }

  /// A call refused before it reached the engine: in the run's errors and log, returned.
  private func refuse(_ error: HKError, action: ErrorReport.BuilderCall) -> HKError {
    guard isAlive else { return inert(action) }
    simulation.mutate { state in
      state.session.withEngine(of: engineDevice) {
        $0.reportAPIError(
          WorkoutError.invalidArgument(error.localizedDescription), call: .builder(action),
          session: index)
      }
    }
    return error
  }

  /// Why `metadata` cannot be HealthKit's, or `nil` when every value is one HealthKit takes
  /// (``metadataValue(_:key:since:)``): the message names the first key (in sorted order) whose
  /// value is of another type (an array, a dictionary, a `UUID`, ...), the value's type and the
  /// types HealthKit takes. `owner` says whose metadata it is in the message (`" of a workout
  /// event"`, `" of an HKQuantitySample"`), empty for the builder's own. The one home of the
  /// rule for `addMetadata`, `addWorkoutEvents`, `beginNewActivity` and `save` (HealthKit:
  /// values are `NSString`, `NSNumber`, `NSDate`, or for some keys `HKQuantity`, Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkobject/metadata;
  /// docs/swift-api.md#metadata).
  static func metadataRefusal(_ metadata: [String: Any]?, of owner: String = "") -> String? {
    guard let metadata else { return nil }
    for key in metadata.keys.sorted() {
      let value = metadata[key]!
      guard metadataValue(value, key: key, since: Date(timeIntervalSince1970: 0)) == nil else {
        continue
      }
      let unit =
        key == HKMetadataKeyElevationAscended
        ? " (a length)" : key == HKMetadataKeyAverageMETs ? " (kcal/(kg*hr))" : ""
      return
        "Metadata value for key \(key)\(owner) is a \(type(of: value)); HealthKit takes String, NSNumber (Bool, Int, Double), Date or HKQuantity\(unit)"
    }
    return nil
  }

  /// The record's form of one metadata value (docs/swift-api.md#metadata), or `nil` for a type
  /// HealthKit does not take. `HKElevationAscended` and `HKAverageMETs` quantities become numbers
  /// in their fixed units (m, kcal/(kg·hr)), as the simulation writes them.
  static func metadataValue(_ value: Any, key: String, since start: Date) -> MetadataValue? {
    switch value {
    case let text as String: return .string(text)
    case let flag as Bool where type(of: value) == Bool.self: return .bool(flag)
    case let date as Date: return .date(SimulationInstant(date, since: start))
    case let quantity as HKQuantity:
      let fixed: HKUnit? =
        switch key {
        case HKMetadataKeyElevationAscended: .meter()
        case HKMetadataKeyAverageMETs: HKUnit(from: "kcal/(kg*hr)")
        default: nil
        }
      guard let fixed else { return .quantity(quantity.value, unit: quantity.unit.unitString) }
      guard quantity.is(compatibleWith: fixed) else { return nil }
      return .number(quantity.doubleValue(for: fixed))
    // A Boolean as an NSNumber (an event's or activity's metadata, read back as NSNumber:
    // docs/swift-api.md#metadata) stays a Boolean; its class is the one of `true`'s NSNumber.
    case let number as NSNumber where type(of: number) == type(of: NSNumber(value: true)):
      return .bool(number.boolValue)
    case let number as NSNumber: return .number(number.doubleValue)
    case let number as any BinaryInteger: return .number(Double(number))
    case let number as any BinaryFloatingPoint: return .number(Double(number))
    default: return nil
    }
  }

  /// Finishes the workout; `hidden` when it is the iPhone's own, finished while the phone is
  /// locked without the person's leave at the one-time prompt (saved, but not returned).
  private func finish() -> (Result<HKWorkout, HKError>, hidden: Bool) {
    if let standalone {
      guard isAlive else { return (.failure(inert(.finishWorkout)), false) }
      // After the app's termination nothing is saved (the store is inert, as for `save`).
      return (standalone.finish() ?? .failure(HKError(.errorInvalidArgument, inertMessage)), false)
    }
    guard isAlive else { return (.failure(inert(.finishWorkout)), false) }
    // Read before the simulation's lock is taken (the builder's lock is never held inside it).
    let zones = zoneConfigurations()
    let (outcome, hidden, dropped) = simulation.mutate {
      state -> (Result<HKWorkout, HKError>, hidden: Bool, dropped: [HealthKitSimulation.Report]) in
      // Events accepted before the end was known and dated after it: left out of the workout,
      // each an error entry of the engine's and a `dropped` report (docs/swift-api.md#nothing-silent).
      let outside = state.session.readEngineInPlace(of: engineDevice) { engine -> [String] in
        guard let builder = engine.builder(ofSession: index), builder.lifecycle == .ended,
          let start = builder.startDate
        else { return [] }
        return builder.eventsOutsideSpan.compactMap {
          WorkoutRecord.eventOutsideMessage(
            $0, start: start, end: builder.endDate, when: .finishing)
        }
      }
      let record = state.session.withEngine(of: engineDevice) {
        $0.finishWorkout(ofSession: index, at: $0.now)
      }
      guard let record else {
        let report = state.session.readEngineInPlace(of: engineDevice) { $0.callError }
        let error =
          report.map { HKError($0.error) }
          ?? HKError(
            .errorInvalidArgument, "Unable to finish a workout that is not currently ended.")
        return (.failure(error), false, [])
      }
      let dropped = simulation.keepDropped(
        outside, framework: "HealthKit", call: "finishWorkout", in: &state)
      var annotated = state.session.annotated(record)
      let phone = engineDevice == .phone
      if phone {
        // The iPhone's own workout: saved on the phone; the watch's store gets it by
        // HealthKit's sync (docs/phone-link.md#the-two-health-stores).
        annotated.device = .phone
        state.session.withEngine(of: .watch) {
          $0.noteHealthSave(identifier: record.id, on: .phone, at: $0.now)
        }
      }
      let workout = HKWorkout(
        annotated, since: simulation.startDate, zoneConfigurations: zones,
        device: phone ? HKDevice.iPhone : .appleWatch)
      state.saved.append(workout)
      // The workout lands in the health store under the app's source, as a save would, with
      // the samples the builder collected that the store does not hold yet
      // (``WorkoutRecord/storeSamples(source:after:)``): the ones it holds keep their ids,
      // and `predicateForObjects(from:)` (the source within the workout's dates) finds them.
      // The marker ends first, bringing in the samples collected since the store's last look
      // at their own collection instants, as a read would have: what a query finds after the
      // finish, and in which order, does not depend on whether the store was read during the
      // workout (docs/healthkit-behaviour.md#a-live-workouts-samples).
      let live = state.endLiveSamples(device: engineDevice, session: index)
      let source = state.appSourceIndex()
      let id = state.health.addWorkout(
        annotated, source: source, uuid: HealthKitSimulation.State.storeUUID(workout.uuid),
        samples: annotated.storeSamples(source: source, after: live?.stored),
        withSamples: live?.stored.contains { $0 > 0 } ?? false, at: state.session.now)
      // The system's exercise minutes of the workout not in the store yet: the rest of its
      // running time (docs/healthkit-behaviour.md#exercise-minutes).
      state.health.addExerciseMinutes(
        of: annotated, after: live?.exerciseThrough, at: state.session.now)
      state.healthListenersChanged()
      state.keepAppObject(workout, id: id)
      state.saveEstimatedEffort(of: annotated, workoutID: id, simulation: simulation)
      // The watch's cardio fitness estimate of an outdoor walk, run or hike
      // (docs/healthkit-behaviour.md#cardio-fitness-vo2max).
      state.saveCardioFitnessEstimate(of: annotated, simulation: simulation)
      state.wakeHealthListeners(after: nil, at: state.session.now)
      let hidden =
        phone && state.health.isLocked(at: state.session.now)
        && state.healthKit.lockedWorkoutPrompt?.allowed != true
      return (.success(workout), hidden, dropped)
    }
    for report in dropped { HealthKitSimulation.writeToStandardError(report) }
    return (outcome, hidden)
  }
}

/// The delegate of an ``HKLiveWorkoutBuilder`` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkliveworkoutbuilderdelegate). Calls
/// arrive off the main actor, serially, in the engine's order; `statistics(for:)` already holds
/// a batch's samples when `didCollectDataOf` arrives.
public protocol HKLiveWorkoutBuilderDelegate: NSObjectProtocol {
  /// New samples of `collectedTypes` arrived (one engine batch: the samples of one instant, or
  /// what a crashed or suspended app missed).
  func workoutBuilder(
    _ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>)
  /// A new event was collected; read `workoutEvents.last`.
  func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder)
  /// An activity began (optional in HealthKit, watchOS 9; after the session delegate's
  /// `didBeginActivityWith`).
  func workoutBuilder(
    _ workoutBuilder: HKLiveWorkoutBuilder, didBegin workoutActivity: HKWorkoutActivity)
  /// An activity ended (optional in HealthKit, watchOS 9; after the session delegate's
  /// `didEndActivityWith`).
  func workoutBuilder(
    _ workoutBuilder: HKLiveWorkoutBuilder, didEnd workoutActivity: HKWorkoutActivity)
  /// The person moved into another zone (optional in HealthKit, iOS/watchOS 27; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkliveworkoutbuilderdelegate/workoutbuilder(_:didupdateworkoutzone:)):
  /// called right after the `didCollectDataOf` of the batch whose last heart-rate (or
  /// cycling-power) sample lies in another zone than the last call's, the first zone of the
  /// workout included (its `previousZoneDuration` is `nil`); never for a sample in the same zone.
  func workoutBuilder(
    _ workoutBuilder: HKLiveWorkoutBuilder, didUpdateWorkoutZone zoneUpdate: HKLiveWorkoutZoneUpdate
  )
}

extension HKLiveWorkoutBuilderDelegate {
  /// Does nothing (optional in HealthKit).
  public func workoutBuilder(
    _ workoutBuilder: HKLiveWorkoutBuilder, didBegin workoutActivity: HKWorkoutActivity
  ) {}
  /// Does nothing (optional in HealthKit).
  public func workoutBuilder(
    _ workoutBuilder: HKLiveWorkoutBuilder, didEnd workoutActivity: HKWorkoutActivity
  ) {}
  /// Does nothing (optional in HealthKit).
  public func workoutBuilder(
    _ workoutBuilder: HKLiveWorkoutBuilder, didUpdateWorkoutZone zoneUpdate: HKLiveWorkoutZoneUpdate
  ) {}
}

/// A session's live builder (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkliveworkoutbuilder): samples arrive
/// from its ``dataSource`` while the session runs and collection has begun.
public final class HKLiveWorkoutBuilder: HKWorkoutBuilder, @unchecked Sendable {
  private weak var sessionStorage: HKWorkoutSession?
  private weak var delegateStorage: (any HKLiveWorkoutBuilderDelegate)?
  private var dataSourceStorage: HKLiveWorkoutDataSource?
  /// Whether the session is a primary one (not the phone's mirrored copy), known at creation:
  /// the session is held weakly, and its route is kept system-side even when the app lets the
  /// session go (``HKWorkoutBuilder/seriesBuilder(for:)``).
  let ofPrimarySession: Bool

  /// The builder of `session`; `appliesTypes` tells the engine it collects nothing until a
  /// data source is set (HealthKit's live builder collects nothing without one).
  init(session: HKWorkoutSession, appliesTypes: Bool = true) {
    self.sessionStorage = session
    self.ofPrimarySession = session.sessionType == .primary
    super.init(
      simulation: session.simulation, index: session.index,
      configuration: session.workoutConfiguration, engineDevice: session.engineDevice)
    if appliesTypes { applyCollectedTypes() }
  }

  override var isAlive: Bool { lock.withLock { sessionStorage }?.isAlive ?? false }

  /// Why the calls are inert: the crashed process's builder, or one whose session the app let
  /// go (`workoutSession` is weak, as in HealthKit:
  /// https://developer.apple.com/documentation/healthkit/hkliveworkoutbuilder/workoutsession).
  override var inertMessage: String {
    lock.withLock { sessionStorage } == nil
      ? Self.releasedSessionMessage : HealthKitSimulation.inertMessage
  }

  /// The error of a call on a builder whose session was released.
  static let releasedSessionMessage =
    "This builder's HKWorkoutSession was released (the builder holds it weakly): keep a strong reference to the session, as to the builder, until the workout is finished"

  /// The object that receives the builder's calls (held weakly).
  public weak var delegate: (any HKLiveWorkoutBuilderDelegate)? {
    get { lock.withLock { delegateStorage } }
    set {
      lock.withLock { delegateStorage = newValue }
      // A recovered session's missed batch, held for this delegate, goes out now.
      if newValue != nil, let simulation = workoutSession?.simulation {
        simulation.state.withLock { $0.releaseRecoveryHold() }
      }
    }
  }

  /// The session this builder belongs to.
  public var workoutSession: HKWorkoutSession? { lock.withLock { sessionStorage } }

  /// Where samples come from (held strongly). `nil` (the start): nothing is collected. A data
  /// source set here applies from the next running interval (`beginCollection`, `resume`); its
  /// `enableCollection` and `disableCollection` apply at once
  /// (docs/swift-api.md#the-data-source).
  public var dataSource: HKLiveWorkoutDataSource? {
    get { lock.withLock { dataSourceStorage } }
    set {
      lock.withLock { dataSourceStorage = newValue }
      newValue?.attach(self)
      applyCollectedTypes()
    }
  }

  /// Whether the session's pause and resume become builder events (default `true`). Changing
  /// it after `beginCollection` has no effect.
  public var shouldCollectWorkoutEvents: Bool {
    get { engineBuilder { $0.shouldCollectWorkoutEvents } ?? true }
    set {
      simulation.mutate { state in
        state.session.withEngine(of: engineDevice) {
          _ = $0.setCollectsSessionEvents(newValue, ofSession: index)
        }
      }
    }
  }

  /// The elapsed time at virtual now (``HKWorkoutBuilder/elapsedTime(at:)`` of `HealthKitSimulation.now`).
  public var elapsedTime: TimeInterval {
    let elapsed = simulation.state.withLock { state in
      state.session.withEngine(of: engineDevice) { engine in
        engine.builder(ofSession: index).map { $0.elapsedTime(at: engine.now) }
      }
    }
    return (elapsed ?? .zero).timeInterval
  }

  /// The activity in progress (its end date `nil`), or `nil` before the first
  /// `beginNewActivity` and after `endCurrentActivity` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkliveworkoutbuilder/currentworkoutactivity).
  /// Its statistics are those of its samples so far.
  public var currentWorkoutActivity: HKWorkoutActivity? {
    guard let count = engineBuilder({ $0.currentActivity == nil ? nil : $0.activities.count }),
      let count
    else { return nil }
    return workoutActivity(at: count - 1)
  }

  /// Tells the engine which types this builder gets (its data source's, or none): from the next
  /// running interval, or, for the data source's `enableCollection` and `disableCollection`
  /// (`now`), from virtual now, cutting a running interval there
  /// (``WorkoutEngine/changeCollectedTypes(_:ofSession:)``).
  func applyCollectedTypes(now: Bool = false) {
    let types = dataSource.map { source in
      QuantityTypeSet(source.typesToCollect.compactMap(\.engineType))
    }
    simulation.mutate { state in
      state.session.withEngine(of: engineDevice) {
        if now {
          $0.changeCollectedTypes(types ?? QuantityTypeSet(), ofSession: index)
        } else {
          $0.setCollectedTypes(types ?? QuantityTypeSet(), ofSession: index)
        }
      }
    }
  }

  /// Recovery: the delegate and data source are cleared; the app attaches its own (the engine
  /// keeps collecting what it collected until the next running interval).
  func recovered() {
    lock.withLock {
      delegateStorage = nil
      dataSourceStorage = nil
    }
  }
}
