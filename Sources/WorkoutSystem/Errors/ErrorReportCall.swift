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
    /// `HKHealthStore.getRequestStatusForAuthorization(toShare:read:completion:)` or its async
    /// form, whose sets HealthKit validates as the request's.
    case getRequestStatusForAuthorization
    /// (Swift API only) a call of the app's that passed a date the strict-dates rule refused
    /// (docs/swift-api.md#the-wall-clock-rule) and that no other case names: its framework and
    /// name (`save`, `predicateForSamples`, `enumerateStatistics(from:to:with:)`,
    /// `CMPedometer.queryPedometerData(from:to:withHandler:)`, ...), the name the run result's
    /// `action`, the framework the error's domain and code (``AppDateFramework``).
    case appDate(AppDateCall)

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
    /// `requestAuthorization`, `getRequestStatusForAuthorization`, or the name of an app's call
    /// whose date strict dates refused.
    public var word: String {
      switch self {
      case .session(let call): call.word
      case .builder(let call): call.rawValue
      case .activity(let call): call.rawValue
      case .engine(let action): action.word
      case .extendedRuntime: "extendedRuntime"
      case .crown: "crown"
      case .requestAuthorization: "requestAuthorization"
      case .getRequestStatusForAuthorization: "getRequestStatusForAuthorization"
      case .appDate(let call): call.name
      }
    }

    /// The code name of a strict-dates refusal of another framework than HealthKit
    /// (``AppDateFramework/refusalCode``), else `nil` (the error's own code).
    var refusalCode: String? {
      guard case .appDate(let call) = self else { return nil }
      return call.framework.refusalCode
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
    /// A route builder's `insertRouteData(_:completion:)`.
    case insertRouteData
    /// A route builder's `finishRoute(with:metadata:completion:)`.
    case finishRoute
    /// A heartbeat series builder's
    /// `addHeartbeatWithTimeInterval(sinceSeriesStartDate:precededByGap:completion:)`.
    case addHeartbeatWithTimeInterval
    /// A heartbeat series builder's `finishSeries(completion:)`.
    case finishSeries
    /// A series builder's `discard()`.
    case discard
    /// A standalone workout builder's `addWorkoutActivity(_:completion:)`.
    case addWorkoutActivity
    /// A standalone workout builder's `updateActivity(uuid:end:completion:)` or
    /// `updateActivity(uuid:adding:completion:)`.
    case updateActivity
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

/// A call of the app's that takes a date, as the table of
/// docs/swift-api.md#every-call-that-takes-an-app-date names it: its framework and its name
/// (`HealthKit`, `save`; `CoreMotion`, `CMPedometer.queryPedometerData(from:to:withHandler:)`).
public struct AppDateCall: Sendable, Hashable {
  /// The framework the call belongs to.
  public var framework: AppDateFramework
  /// The call's name (the run result's `action` of its strict-dates refusal, the
  /// `wallClockDate` log entry's `action`).
  public var name: String

  /// The call `name` of `framework`.
  public init(_ framework: AppDateFramework, _ name: String) {
    self.framework = framework
    self.name = name
  }
}

/// A framework with calls that take the app's dates (docs/swift-api.md#every-call-that-takes-an-app-date),
/// and the error a strict-dates refusal of its calls gives the app, which the run result's
/// `errors` record (docs/run-result.md#errors). The raw value is the framework's name in reports.
public enum AppDateFramework: String, Sendable, Hashable, CaseIterable {
  /// HealthKit: `HKErrorDomain`, `invalidArgument` (3).
  case healthKit = "HealthKit"
  /// Core Motion: `CMErrorDomain`, `CMErrorInvalidParameter` (107; Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmerrorinvalidparameter).
  case coreMotion = "CoreMotion"
  /// WatchKit's `WKExtendedRuntimeSession.start(at:)`: the session becomes invalid with
  /// `WKExtendedRuntimeSessionErrorDomain` code `unknown` (1; Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkextendedruntimesessionerrorcode/unknown;
  /// WatchKit has no code for a bad argument).
  case watchKit = "WatchKit"
  /// BackgroundTasks' `submit(_:)`: `BGTaskSchedulerErrorDomain` code `unavailable` (1; Apple
  /// doc: https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/error/code/unavailable;
  /// BackgroundTasks has no code for a bad argument).
  case backgroundTasks = "BackgroundTasks"
  /// WidgetKit's timelines and relevance clues: the calls have no error path, so the app gets
  /// no error; recorded under this package's domain `WorkoutSimDatesDomain`, code
  /// `wallClockDate` (a project rule, docs/run-result.md#errors).
  case widgetKit = "WidgetKit"
  /// UserNotifications' `UNCalendarNotificationTrigger` date components (read at `add`): the
  /// simulation's `add` reports no error of its own (UNError has no code for a bad date), so
  /// the app gets none; recorded, as WidgetKit's, under `WorkoutSimDatesDomain`, code
  /// `wallClockDate` (a project rule, docs/run-result.md#errors).
  case userNotifications = "UserNotifications"

  /// The error domain of a refusal (`HKErrorDomain`, `CMErrorDomain`, ...).
  public var refusalDomain: String {
    switch self {
    case .healthKit: WorkoutError.healthKitDomain
    case .coreMotion: "CMErrorDomain"
    case .watchKit: ExtendedRuntimeSessionErrorCode.domain
    case .backgroundTasks: "BGTaskSchedulerErrorDomain"
    case .widgetKit, .userNotifications: "WorkoutSimDatesDomain"
    }
  }

  /// The code name of a refusal, as the run result's `errors` write codes (the platform's name
  /// without its prefix): `invalidArgument`, `invalidParameter`, `unknown`, `unavailable`,
  /// `wallClockDate`.
  public var refusalCode: String {
    switch self {
    case .healthKit: WorkoutError.Code.invalidArgument.rawValue
    case .coreMotion: "invalidParameter"
    case .watchKit: "unknown"
    case .backgroundTasks: "unavailable"
    case .widgetKit, .userNotifications: "wallClockDate"
    }
  }

  /// The error a refusal with `message` is recorded with: ``refusalDomain``, HealthKit's
  /// `invalidArgument` code (``ErrorReport/code`` names the framework's, ``refusalCode``).
  public func refusal(message: String) -> WorkoutError {
    WorkoutError(domain: refusalDomain, code: .invalidArgument, message: message)
  }
}
