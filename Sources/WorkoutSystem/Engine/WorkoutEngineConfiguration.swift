import WorkoutCore

/// How an app drives its workouts: the engine's fixed settings for a run.
public struct WorkoutEngineConfiguration: Sendable {
  /// The scenario seed; record ids and every random stream derive from it.
  public var seed: UInt64
  /// The activity of session 0 (and of later sessions unless `newSession` names another).
  public var activity: WorkoutActivityType
  /// Indoor, outdoor or unknown.
  public var location: WorkoutSessionLocationType
  /// The builder option of the same name (default `true`).
  public var shouldCollectWorkoutEvents: Bool
  /// Per-type sample timing; a type not listed uses ``SampleSchedule/standard(for:)``.
  public var schedules: [QuantityType: SampleSchedule]
  /// The types the watch's workout data source records once per event of its own instead of on
  /// the sample grid: a pool swim's `distanceSwimming` and `swimmingStrokeCount`, one sample
  /// per length (docs/models.md#swimming). The grid leaves them out;
  /// ``WorkoutEngine/addRecordedSamples(_:toSession:from:to:at:)`` adds them. Default: none.
  public var eventRecordedTypes = QuantityTypeSet()
  /// Extra metadata for every record (`HKTimeZone`, `HKElevationAscended`, ...);
  /// `HKIndoorWorkout` is always set from ``location`` and wins over an entry here.
  public var metadata: [String: MetadataValue]
  /// Extra metadata for the records of sessions of one activity, over ``metadata``, and for the
  /// activities of that type a workout begins (a multisport workout's legs, under the app's own
  /// metadata for them, or left out when the app's names one of its keys:
  /// `WorkoutEngine.activityMetadata(configured:app:)`): a swim's `HKSwimmingLocationType` and
  /// `HKLapLength`, which its `HKWorkoutConfiguration` gives a swimming workout or a swimming
  /// leg only (docs/models.md#swimming). Default: none.
  public var activityMetadata: [WorkoutActivityType: [String: MetadataValue]] = [:]
  /// The watch around the app (the scenario's `watch` key): return to clock, grace period,
  /// extended runtime type, auto-pause. `nil` (the default) turns the lifecycle model off: the
  /// app stays active whatever happens, no `appState` or `extendedRuntime` entries are logged
  /// and the watch actions (`wristDown`, ..., `extendedRuntime`) do nothing (version-1
  /// behaviour). A scenario always has a `watch` value, so a run from a scenario passes one.
  public var watch: WatchConfiguration?
  /// The phone link (WatchConnectivity): pairing, range, the phone app, latencies, the
  /// complication budget (docs/phone-link.md). The default is ``LinkConfiguration/standard``.
  public var link: LinkConfiguration = .standard
  /// The body's motion (the scenario's `motion` key and course): what Core Motion reports and
  /// the watch's workout reminders (``WatchConfiguration/workoutReminders``) read. Default: at
  /// rest.
  public var motion = MotionConfiguration()

  /// The cycling peripherals connected to the watch, as the types they give: `cyclingPower` (a
  /// power meter), `cyclingCadence` (a cadence sensor) and `cyclingSpeed` (a speed sensor, which
  /// indoors also gives `distanceCycling`). A cycling activity records none of the three types
  /// it lacks, and indoors without a speed sensor no `distanceCycling` either
  /// (``unsensedCyclingTypes(activity:location:)``). Default here: all three, the engine's
  /// behaviour before the rule; a scenario's default is none (its `watch.cyclingSensors`, which
  /// WorkoutSimulation passes, docs/scenario-format.md#the-watch).
  public var cyclingSensors = WorkoutEngineConfiguration.allCyclingSensors

  /// Whether the app's crashes and relaunches are logged (`appState` entries, cause `crash` and
  /// `relaunch`) while the lifecycle model is off (``watch`` `nil`): the phone's engine, whose
  /// app has no watch lifecycle but whose process dies and starts again as the watch app's does
  /// (`crash(.phone)`, docs/phone.md#the-iphones-own-workouts). Default `false`.
  public var logsAppProcess = false

  /// The three types a cycling peripheral gives: `cyclingPower`, `cyclingCadence`,
  /// `cyclingSpeed`.
  public static let allCyclingSensors = QuantityTypeSet([
    .cyclingPower, .cyclingCadence, .cyclingSpeed,
  ])

  /// Creates a configuration; every parameter has the default of docs/scenario-format.md.
  public init(
    seed: UInt64 = 1, activity: WorkoutActivityType = .running,
    location: WorkoutSessionLocationType = .outdoor, shouldCollectWorkoutEvents: Bool = true,
    schedules: [QuantityType: SampleSchedule] = [:],
    metadata: [String: MetadataValue] = [:], watch: WatchConfiguration? = nil
  ) {
    self.watch = watch
    self.seed = seed
    self.activity = activity
    self.location = location
    self.shouldCollectWorkoutEvents = shouldCollectWorkoutEvents
    self.schedules = schedules
    self.metadata = metadata
  }

  /// The types a session of `activity` at `location` collects in Apple's list
  /// (``WorkoutCore/WorkoutActivityType/collectedTypes``) but cannot record without a
  /// peripheral: for cycling, each of `cyclingPower`, `cyclingCadence` and `cyclingSpeed` not in
  /// ``cyclingSensors``, and indoors `distanceCycling` without a speed sensor; empty for every
  /// other activity. Outdoors (and at an unknown location) the watch's GPS gives
  /// `distanceCycling`. The live data source still lists these types (its `typesToCollect`
  /// follows the configuration, Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkliveworkoutdatasource/typestocollect);
  /// their samples never arrive.
  ///
  /// Apple docs: "Cycling power can be automatically collected by peripherals connected to an
  /// Apple Watch during cycling workouts"
  /// (https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/cyclingpower;
  /// the same for https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/cyclingcadence
  /// and https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/cyclingspeed);
  /// indoors the watch records distance "when connected to a peripheral that provides cycling
  /// speed" (https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/distancecycling).
  /// docs/healthkit-behaviour.md#cycling-sensors.
  public func unsensedCyclingTypes(
    activity: WorkoutActivityType, location: WorkoutSessionLocationType
  ) -> QuantityTypeSet {
    guard activity == .cycling else { return QuantityTypeSet() }
    var missing = Self.allCyclingSensors.subtracting(cyclingSensors)
    if location == .indoor, !cyclingSensors.contains(.cyclingSpeed) {
      missing.insert(.distanceCycling)
    }
    return missing
  }

  /// The schedule of `type`: the configured one or the standard one.
  public func schedule(for type: QuantityType) -> SampleSchedule {
    schedules[type] ?? .standard(for: type)
  }
}

/// What the app does at an instant (docs/scenario-format.md#timeline-actions).
public enum AppAction: Sendable, Hashable {
  /// Session `prepare()`.
  case prepare
  /// Session `startActivity(at)` (the command line's app then begins collection at the same
  /// instant, its reflex, WorkoutSimulation's `ScriptedApp`).
  case start
  /// Session `pause()`.
  case pause
  /// Session `resume()`.
  case resume
  /// Session `stopActivity(at)`.
  case stop
  /// Session `end()`.
  case end
  /// Builder `endCollection(withEnd:)`.
  case endCollection
  /// Builder `finishWorkout()`; saves the record.
  case finishWorkout
  /// Adds a `lap` event to the builder.
  case lap
  /// Adds a `marker` event to the builder.
  case marker
  /// Adds a `segment` event to the builder.
  case segment
  /// The app adds an event of any type to the builder itself.
  case addEvent(WorkoutEventType)
  /// The app creates its next session and builder (index + 1), optionally with another
  /// activity.
  case newSession(activity: WorkoutActivityType?)
  /// The app begins an activity of this type in its current session's workout at the action's
  /// instant (`beginNewActivity(configuration:date:metadata:)`, the session's location): a leg
  /// of a `swimBikeRun` workout or an interval (WorkoutEngine+Activities.swift). `metadata` is
  /// what the activity's `HKWorkoutConfiguration` gives it: a swimming leg's
  /// `HKSwimmingLocationType` and, in a pool, `HKLapLength` in metres (the timeline's
  /// `swimmingLocationType` and `lapLength`, docs/scenario-format.md#timeline-actions); empty
  /// for a configuration of the activity type alone.
  case beginActivity(WorkoutActivityType, metadata: [String: MetadataValue] = [:])
  /// The app ends the current activity at the action's instant (`endCurrentActivity(on:)`).
  case endActivity
  /// The app process dies; sessions and builders go on system-side.
  case crash
  /// The app starts again; `recover: true` gets a new handle to the active session.
  case relaunch(recover: Bool)
  /// The user lowers the wrist: an active app becomes inactive; after the return-to-clock time
  /// it goes to the background.
  case wristDown
  /// The user raises the wrist: an inactive app becomes active; a background app whose workout
  /// session is alive comes back to the front.
  case wristUp
  /// The user presses the Digital Crown: a frontmost app goes to the background at once (a
  /// frontmost extended runtime session ends with `resignedFrontmost`).
  case crownPress
  /// The user opens the app: it becomes active (launched, without recovery, if not running).
  case openApp
  /// The app starts, schedules or invalidates an extended runtime session, or uses the
  /// reference-counting helper (field case F08).
  case extendedRuntime(ExtendedRuntimeOperation)
  /// The app mirrors its session to the phone, sends data to the other side, or (the phone
  /// app) calls its mirrored session (docs/phone-link.md#mirrored-workout-sessions).
  case mirroring(MirroringOperation)
  /// A `WCSession` call of the watch app or the phone app (the command line's link actions,
  /// docs/phone-link.md#calls).
  case link(LinkOperation)
  /// The world around the phone link: the phone app's state, range, Wi-Fi, the complication,
  /// the watch app's installation (docs/phone-link.md#world).
  case phone(PhoneAction)

  /// The scenario's `do` word for this action (`"pause"`, `"addEvent"`, `"newSession"`, ...).
  public var word: String {
    switch self {
    case .prepare: "prepare"
    case .start: "start"
    case .pause: "pause"
    case .resume: "resume"
    case .stop: "stop"
    case .end: "end"
    case .endCollection: "endCollection"
    case .finishWorkout: "finishWorkout"
    case .lap: "lap"
    case .marker: "marker"
    case .segment: "segment"
    case .addEvent: "addEvent"
    case .newSession: "newSession"
    case .beginActivity: "beginActivity"
    case .endActivity: "endActivity"
    case .crash: "crash"
    case .relaunch: "relaunch"
    case .wristDown: "wristDown"
    case .wristUp: "wristUp"
    case .crownPress: "crownPress"
    case .openApp: "openApp"
    case .extendedRuntime: "extendedRuntime"
    case .mirroring(let operation): operation.word
    case .link(let operation): operation.word
    case .phone(let action): action.word
    }
  }
}

/// A failed call as the delegate or completion handler reports it, with the action that made it
/// and when (docs/run-result.md#errors).
public struct ErrorReport: Sendable, Hashable {
  /// The error.
  public var error: WorkoutError
  /// What failed: the call or action the error answers.
  public var call: Call
  /// When it was reported.
  public var at: SimulationInstant
  /// The session it was reported to, or `nil` when the app had none.
  public var session: Int?
  /// Whose engine reported it: the watch's, or the iPhone's own workouts' (iOS 26;
  /// docs/phone.md#the-iphones-own-workouts). An engine reports as the watch; the session
  /// tags the phone engine's reports as it gathers the result (`"device": "phone"` in the run
  /// result's `errors` and `log`, docs/run-result.md#errors).
  public var device: WorkoutDevice = .watch

  /// Creates a report.
  public init(error: WorkoutError, call: Call, at: SimulationInstant, session: Int?) {
    self.error = error
    self.call = call
    self.at = at
    self.session = session
  }

  /// Creates the report of an extended runtime session error (domain
  /// `WKExtendedRuntimeSessionErrorDomain`): ``error`` carries that domain and the message, and
  /// ``extendedRuntimeError`` the code; read ``code`` rather than `error.code`.
  public init(extendedRuntimeError: ExtendedRuntimeSessionErrorCode, at: SimulationInstant) {
    self.error = WorkoutError(
      domain: ExtendedRuntimeSessionErrorCode.domain, code: .invalidArgument,
      message: extendedRuntimeError.message)
    self.extendedRuntimeError = extendedRuntimeError
    self.call = .extendedRuntime
    self.at = at
    self.session = nil
  }

  /// The `WKExtendedRuntimeSessionErrorCode` when this is an extended runtime session error,
  /// else `nil`.
  public var extendedRuntimeError: ExtendedRuntimeSessionErrorCode? = nil

  /// The action word, the edge's rendering of ``call`` (`"pause"`, `"endCollection"`, ...;
  /// ``Call/word``).
  public var action: String { call.word }
  /// The error domain (`HKErrorDomain`, or `WKExtendedRuntimeSessionErrorDomain`; for a
  /// strict-dates refusal, its framework's: ``AppDateFramework/refusalDomain``).
  public var domain: String { error.domain }
  /// The code name (`invalidArgument`, `anotherWorkoutSessionStarted`, `noSession`, an
  /// extended runtime code such as `mustBeActiveToStartOrSchedule`, or for a strict-dates
  /// refusal its framework's, ``AppDateFramework/refusalCode``).
  public var code: String { extendedRuntimeError?.name ?? call.refusalCode ?? error.code.rawValue }
  /// The description.
  public var message: String { error.message }
}

/// What a ``LogEntry/Kind/backgroundDelivery(_:)`` entry says happened.
public struct BackgroundDeliveryLog: Sendable, Hashable {
  /// What happened to the type's background delivery.
  public enum Event: String, Sendable, Hashable {
    /// `enableBackgroundDelivery(for:frequency:)` (``frequency`` is the effective one).
    case enabled
    /// `disableBackgroundDelivery(for:)` or `disableAllBackgroundDelivery()`.
    case disabled
    /// HealthKit woke the app for new samples of the type (``attempt`` 1) or launched it
    /// again because it did not call the observer query's completion handler (2, 3).
    case wake
    /// The app did not answer three wakes: delivery stopped for the type.
    case stopped
  }

  /// The sample type's identifier (`HKQuantityTypeIdentifierStepCount`).
  public var type: String
  /// What happened.
  public var event: Event
  /// The effective frequency's name (`immediate`, `hourly`, `daily`, `weekly`) for `enabled`.
  public var frequency: String?
  /// The launch's number for `wake` (1 the first, 2 and 3 the retries) and the misses for
  /// `stopped`.
  public var attempt: Int?

  /// An entry's payload.
  public init(type: String, event: Event, frequency: String? = nil, attempt: Int? = nil) {
    self.type = type
    self.event = event
    self.frequency = frequency
    self.attempt = attempt
  }
}

/// Something a simulated system framework other than HealthKit did (an extension of the Swift
/// API door, docs/run-result.md#log): a notification scheduled or delivered, a widget timeline
/// reloaded or a reload deferred for the budget, a background task submitted, launched, expired
/// or completed, a network request failed for an offline span. One shape for every framework:
/// the framework, an event word from that framework's documented vocabulary, the identifier the
/// app gave (a request identifier, a widget kind, a task identifier), and details by name.
public struct SystemEvent: Sendable, Hashable {
  /// The simulated framework that logged it; the raw value is Apple's framework name.
  public enum Framework: String, Sendable, Hashable, CaseIterable {
    /// `SimulatedUserNotifications` (UNUserNotificationCenter).
    case userNotifications = "UserNotifications"
    /// `SimulatedWidgetKit` (WidgetCenter, TimelineProvider).
    case widgetKit = "WidgetKit"
    /// `SimulatedBackgroundTasks` (BGTaskScheduler).
    case backgroundTasks = "BackgroundTasks"
    /// The simulated network under `URLSession` (offline spans).
    case network = "Network"
    /// `SimulatedWatchConnectivity` (WCSession).
    case watchConnectivity = "WatchConnectivity"
    /// `SimulatedWatchKit` (WKExtendedRuntimeSession, WKInterfaceDevice).
    case watchKit = "WatchKit"
    /// `SimulatedCoreMotion` (CMMotionActivityManager, CMPedometer).
    case coreMotion = "CoreMotion"
    /// `SimulatedWorkoutKit` (WorkoutScheduler: the coach's workouts scheduled to the watch).
    case workoutKit = "WorkoutKit"
    /// `SimulatedHealthKit`'s mirrored workout sessions (docs/phone-link.md).
    case healthKit = "HealthKit"
    /// The device's clock: its time zone changed (a timeline `timeZone` action; Foundation
    /// posts `NSSystemTimeZoneDidChange`).
    case foundation = "Foundation"
    /// workout-sim itself: a framework entry point called where no task-local simulation was
    /// (a `DispatchQueue` block, `Task.detached`, a `Thread`) was attributed to the one
    /// simulation whose `run` was in progress in the process (event `attributed`, identifier
    /// the call, detail `queue` `main` or `other`; docs/swift-api.md#traps).
    case simulation = "Simulation"
  }

  /// A detail's value: typed until the JSON edge.
  public enum Value: Sendable, Hashable {
    /// Text.
    case string(String)
    /// A whole number.
    case integer(Int)
    /// A flag.
    case bool(Bool)
    /// An instant on the scenario's clock (encoded as seconds from `t = 0`, as `at`).
    case instant(SimulationInstant)
  }

  /// The framework.
  public var framework: Framework
  /// What happened, a word from the framework's vocabulary (docs/run-result.md#log):
  /// `scheduled`, `delivered`, `reloaded`, `launched`, ...
  public var event: String
  /// The identifier the app gave: a notification request's identifier, a widget kind, a task
  /// identifier, a request's URL host and path.
  public var identifier: String
  /// Further values by name (encoded with sorted keys).
  public var details: [String: Value]

  /// An entry's payload.
  public init(
    framework: Framework, event: String, identifier: String, details: [String: Value] = [:]
  ) {
    self.framework = framework
    self.event = event
    self.identifier = identifier
    self.details = details
  }
}

/// One thing that happened, in order (docs/run-result.md#log).
public struct LogEntry: Sendable, Hashable {
  /// The kinds of log entries of version 1.
  public enum Kind: Sendable, Hashable {
    /// The session delegate's `didChangeTo`.
    case stateChange(from: WorkoutSessionState, to: WorkoutSessionState)
    /// The builder delegate's `workoutBuilderDidCollectEvent`.
    case event(WorkoutEventType)
    /// An error delivered to the app.
    // Boxed: a report (104 bytes) inline would make every entry of the log that size
    // (scripts/bench-output.sh's peak memory); errors are rare.
    indirect case error(ErrorReport)
    /// The builder delegate's `didCollectDataOf`: one batch, the set of types and the number of
    /// samples in it.
    case dataCollected(types: QuantityTypeSet, count: Int)
    /// A record was saved, with its id.
    case record(id: String)
    /// A session was still open when the run stopped; it saves no record.
    case unfinished
    /// The app's lifecycle state or keep-alive reason changed (``AppStateChange``; the entry's
    /// session is `nil`). JSON: `from`, `to`, `cause`, `keepAlive`.
    case appState(AppStateChange)
    /// Something happened to an extended runtime session (``ExtendedRuntimeEvent``; the entry's
    /// session is `nil`). JSON: `runtimeSession`, `sessionType`, `event`, `state`, and
    /// `scheduledFor`, `expiresAt`, `reason`, `reasonRawValue`, `errorCode` where they apply.
    case extendedRuntime(ExtendedRuntimeEvent)
    /// A `Date` the app passed to `action` (through the Swift API) was within 5 minutes of the
    /// real wall clock and more than 5 minutes from virtual now, and was read as virtual now (an
    /// extension of the Swift API door, docs/swift-api.md#the-wall-clock-rule). JSON: `action`.
    case wallClockDate(action: String)
    /// HealthKit's background delivery of one sample type (``BackgroundDeliveryLog``; the
    /// entry's session is `nil`): enabled, disabled, a wake of the app, or the stop after three
    /// unanswered wakes (an extension of the Swift API door,
    /// docs/swift-api.md#observer-queries-and-background-delivery). JSON: `type`, `event`, and
    /// `frequency` or `attempt` where they apply.
    case backgroundDelivery(BackgroundDeliveryLog)
    /// HealthKit's authorization sheet was shown (through the Swift API): the type identifiers
    /// asked for sharing and reading that had no answer yet, each sorted (an extension of the
    /// Swift API door, docs/swift-api.md#authorization). JSON: `share`, `read`.
    case authorizationSheet(share: [String], read: [String])
    /// A simulated system framework other than HealthKit did something (``SystemEvent``; the
    /// entry's session is `nil`; an extension of the Swift API door). JSON: `framework`,
    /// `event`, `identifier`, `details`.
    case system(SystemEvent)
    /// Something happened on the phone link (``LinkEvent``; the entry's session is `nil`;
    /// docs/phone-link.md). JSON kind `link`: `change`, `transfer`, and `device`, `transferKind`,
    /// `payload`, `bytes`, `isReachable`, `state`, `replyExpected`, `errorCode`, `code` where
    /// they apply (docs/run-result.md#log).
    case link(LinkEvent)
    /// The watch reminded the user to start or end a workout it detected on its own
    /// (``MotionEvent``; the entry's session is `nil`; `watch.workoutReminders`). JSON: `event`,
    /// `activity`, `start`, and `end`, `duration` for `endReminder`.
    case motion(MotionEvent)
    /// Something happened to the mirroring of a workout session to the phone
    /// (``MirroringEvent``; the entry's session is `nil`; docs/phone-link.md). Typed so that the
    /// Swift door reads what happened from ``MirroringEvent/Change`` rather than from words;
    /// JSON: the `system` entry of framework `HealthKit` of ``MirroringEvent/systemEvent``, as
    /// before this case existed (docs/run-result.md#log).
    case mirroring(MirroringEvent)
    /// An activity of the session's workout began or ended (`beginNewActivity`,
    /// `endCurrentActivity`; the session delegate's `didBeginActivityWith` /
    /// `didEndActivityWith` and the builder delegate's `didBegin` / `didEnd`): the change (its
    /// index in the builder's activities) and the activity's type. JSON kind `activity`:
    /// `change` (`began` or `ended`), `index`, `activity` (docs/run-result.md#log).
    case activity(WorkoutActivityChange, WorkoutActivityType)
  }

  /// When it happened.
  public var at: SimulationInstant
  /// The session index it concerns, or `nil` (errors when the app had no session).
  public var session: Int?
  /// Whose engine wrote it: the watch's (and the world's frameworks'), or the iPhone's own
  /// workouts' (iOS 26; docs/phone.md#the-iphones-own-workouts), tagged by the session as it
  /// gathers the result (`"device": "phone"` in the run result, docs/run-result.md#log).
  /// Declared after ``session``: it takes a byte of that field's padding, so an entry is no
  /// larger than before.
  public var device: WorkoutDevice = .watch
  /// What happened.
  public var kind: Kind

  /// Creates an entry.
  public init(at: SimulationInstant, session: Int?, kind: Kind) {
    self.at = at
    self.session = session
    self.kind = kind
  }
}

/// A snapshot of the live values (docs/run-result.md#probes).
public struct Probe: Sendable, Hashable {
  /// When it was taken.
  public var at: SimulationInstant
  /// The app's session state, or `nil` when the app has no session.
  public var state: WorkoutSessionState?
  /// The builder's elapsed time at ``at``; zero before collection, `nil` without a session.
  public var elapsed: Duration?
  /// The most recent heart rate, bpm.
  public var heartRate: Double?
  /// The sum of active energy, kcal.
  public var activeEnergyBurned: Double?
  /// The sum of the activity's distance type, m.
  public var distance: Double?
  /// The sum of steps.
  public var stepCount: Double?
  /// The app's lifecycle state, or `nil` when the lifecycle model is off.
  public var appState: AppState? = nil
  /// What keeps the app running in the background, or `nil` when the lifecycle model is off.
  public var keepAlive: KeepAliveReason? = nil
  /// Whose session it reads: the watch app's, or the phone app's own workout (a timeline
  /// `probe` with `"device": "phone"`; docs/scenario-format.md#the-iphones-own-workouts).
  public var device: WorkoutDevice = .watch

  /// Creates a probe.
  public init(
    at: SimulationInstant, state: WorkoutSessionState?, elapsed: Duration?,
    heartRate: Double?, activeEnergyBurned: Double?, distance: Double?, stepCount: Double?
  ) {
    self.at = at
    self.state = state
    self.elapsed = elapsed
    self.heartRate = heartRate
    self.activeEnergyBurned = activeEnergyBurned
    self.distance = distance
    self.stepCount = stepCount
  }
}
