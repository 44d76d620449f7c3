import WorkoutCore

extension ErrorReport {
  /// What failed: the session call, builder call or engine action an error answers, typed, so
  /// that the Swift door routes an error by what was called (a session call's error to the
  /// session delegate, a builder call's to its completion handler) and the word (``word``, the
  /// run result's `action`, docs/run-result.md#errors) is written only at the edge.
  public enum Call: Sendable, Hashable {
    /// A session call (`prepare()`, `startActivity(with:)`, `pause()`, `resume()`,
    /// `stopActivity(with:)`, `end()`), made by the app's code or the scenario's timeline, or
    /// another session's `prepare()` / `startActivity(with:)` that ended this one
    /// (`errorAnotherWorkoutSessionStarted`).
    case session(WorkoutSessionCall)
    /// A builder call, made by the app's code or the scenario's timeline.
    case builder(BuilderCall)
    /// A sub-activity call on a session (`beginNewActivity(configuration:date:metadata:)`,
    /// `endCurrentActivity(on:)`), made by the app's code or the scenario's timeline
    /// (`beginActivity`, `endActivity`); its error goes to the session's delegate as a session
    /// call's does.
    case activity(WorkoutActivityCall)
    /// Any other engine action (``AppAction``: `lap`, `newSession`, `crash`, a mirroring, link
    /// or phone action, ...). ``init(_:)`` files session and builder calls and extended runtime
    /// operations under their own cases, so an action has one value.
    case engine(AppAction)
    /// An extended runtime session's call or its invalidation with an error
    /// (`WKExtendedRuntimeSessionErrorDomain`).
    case extendedRuntime
    /// A Digital Crown turn the watch ignored (domain `WorkoutSimWatchDomain`).
    case crown
    /// `HKHealthStore.requestAuthorization(toShare:read:)`.
    case requestAuthorization
    /// (Swift API only) a call of the app's that passed a date the strict-dates rule refused
    /// (docs/swift-api.md#the-wall-clock-rule) and that no other case names: the call's name
    /// (`save`, `predicateForSamples`, `enumerateStatistics(from:to:with:)`,
    /// `CMPedometer.queryPedometerData(from:to:withHandler:)`, ...), the run result's `action`.
    case appDate(String)

    /// The call of a timeline or engine action: session calls as ``session(_:)``,
    /// `endCollection`, `finishWorkout` and `addEvent` as ``builder(_:)``, extended runtime
    /// operations as ``extendedRuntime``, any other action as ``engine(_:)``.
    public init(_ action: AppAction) {
      switch action {
      case .prepare: self = .session(.prepare)
      case .start: self = .session(.start)
      case .pause: self = .session(.pause)
      case .resume: self = .session(.resume)
      case .stop: self = .session(.stop)
      case .end: self = .session(.end)
      case .endCollection: self = .builder(.endCollection)
      case .finishWorkout: self = .builder(.finishWorkout)
      case .addEvent: self = .builder(.addEvent)
      case .beginActivity: self = .activity(.beginNewActivity)
      case .endActivity: self = .activity(.endCurrentActivity)
      case .extendedRuntime: self = .extendedRuntime
      case .lap, .marker, .segment, .newSession, .crash, .relaunch, .wristDown, .wristUp,
        .crownPress, .openApp, .mirroring, .link, .phone:
        self = .engine(action)
      }
    }

    /// The run result's `action` (docs/run-result.md#errors): the session call's word
    /// (`pause`), the builder call's (`beginCollection`), the scenario's `do` word of an engine
    /// action (`newSession`, `startMirroring`), `extendedRuntime`, `crown`,
    /// `requestAuthorization`, or the name of an app's call whose date strict dates refused.
    public var word: String {
      switch self {
      case .session(let call): call.word
      case .builder(let call): call.rawValue
      case .activity(let call): call.rawValue
      case .engine(let action): action.word
      case .extendedRuntime: "extendedRuntime"
      case .crown: "crown"
      case .requestAuthorization: "requestAuthorization"
      case .appDate(let call): call
      }
    }
  }

  /// A builder call that can fail, named as the engine names it (the raw value is the run
  /// result's `action`).
  public enum BuilderCall: String, Sendable, Hashable, CaseIterable {
    /// `beginCollection(withStart:completion:)`.
    case beginCollection
    /// `endCollection(withEnd:completion:)`.
    case endCollection
    /// `finishWorkout(completion:)`.
    case finishWorkout
    /// `discardWorkout()`.
    case discardWorkout
    /// `addWorkoutEvents(_:completion:)` (the timeline's `addEvent`).
    case addEvent
    /// `add(_:completion:)` (samples).
    case addSamples
    /// `addMetadata(_:completion:)`.
    case addMetadata
    /// `elapsedTime(at:)`.
    case elapsedTime
  }
}

/// A session's sub-activity call (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkworkoutsession/beginnewactivity(configuration:date:metadata:)
/// and
/// https://developer.apple.com/documentation/healthkit/hkworkoutsession/endcurrentactivity(on:));
/// the raw value is the run result's `action` of its error.
public enum WorkoutActivityCall: String, CaseIterable, Sendable, Hashable {
  /// `beginNewActivity(configuration:date:metadata:)` (the timeline's `beginActivity`).
  case beginNewActivity
  /// `endCurrentActivity(on:)` (the timeline's `endActivity`).
  case endCurrentActivity
}
