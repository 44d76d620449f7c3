import WorkoutCore

/// What the app's code hears of that its reflexes (``AppReflexes``) may answer within the
/// engine's step, at the instant and in the log's order of the step that caused it.
///
/// The engine raises each where the effect is produced (``WorkoutEngine`` for a session's
/// change, ``LinkStateMachine`` for the phone link), so the calls the reflexes return are made
/// before anything else the step does: the same log as when the app's code answers a delegate
/// call inside that call.
public enum AppEvent: Sendable, Hashable {
  /// Session `session` changed state (`workoutSession(_:didChangeTo:from:date:)`,
  /// https://developer.apple.com/documentation/healthkit/hkworkoutsessiondelegate/workoutsession(_:didchangeto:from:date:)),
  /// with its builder's collection lifecycle as it stands then. `heard` says whether the app
  /// receives the delegate call: it holds the session and its process runs and is not
  /// suspended. Raised for every change, heard or not, after the change's own effects (its
  /// state change and generated event) and before the session samples again.
  case sessionChanged(
    session: Int, change: SessionStateChange, builder: LiveWorkoutBuilder.Lifecycle, heard: Bool)
  /// `device`'s app runs and its `WCSession` is not activated: the app's launch code, where an
  /// app calls `activate()`
  /// (https://developer.apple.com/documentation/watchconnectivity/wcsession/activate()). Raised
  /// whenever the link looks at the devices while that holds (every link step), before it
  /// reports reachability.
  case linkNotActivated(CompanionDevice)
  /// Message `transfer` with a reply handler was delivered to `device`'s app with `payload`
  /// (`session(_:didReceiveMessage:replyHandler:)`,
  /// https://developer.apple.com/documentation/watchconnectivity/wcsessiondelegate/session(_:didreceivemessage:replyhandler:)).
  case messageExpectingReply(transfer: Int, to: CompanionDevice, payload: LinkPayload)
  /// An application context was delivered to `device`'s app with `payload`
  /// (`session(_:didReceiveApplicationContext:)`,
  /// https://developer.apple.com/documentation/watchconnectivity/wcsessiondelegate/session(_:didreceiveapplicationcontext:)),
  /// raised at its delivery, after its `delivered` event.
  case applicationContextReceived(to: CompanionDevice, payload: LinkPayload)
}

/// A call the app's reflexes make in answer to an ``AppEvent``: the same engine call a Swift
/// app's code makes, at the event's instant.
public enum AppCall: Sendable, Hashable {
  /// `beginCollection(withStart:)` on session `session`'s builder, starting at the instant.
  case beginCollection(session: Int)
  /// `endCollection(withEnd:)` on session `session`'s builder, ending at the instant.
  case endCollection(session: Int)
  /// `finishWorkout()` on session `session`'s builder.
  case finishWorkout(session: Int)
  /// A `WCSession` call (``LinkOperation``): `activate()` or a reply handler's call.
  case link(LinkOperation)
}

/// The app's reflexes: the code an app runs inside a callback at the callback's instant, such
/// as the command line's scripted app (WorkoutSimulation's `ScriptedApp`). The engine knows
/// only HealthKit's and WatchConnectivity's rules; whoever the app is, it is a client that
/// reacts to what happens.
///
/// ``react(to:at:)`` is called synchronously where the event is produced, and the engine makes
/// the returned calls at once, in order, as ordinary engine calls; the first that fails ends
/// the reaction (its error is reported as the call's, in the log, as a Swift app's `try` would
/// stop). Within a phone-link step the link makes `activate()` and reply calls itself, at that
/// point of its step; any other call follows the link's step. A Swift app's engine has
/// ``NoAppReflexes``: its code makes its own calls through the Swift API.
public protocol AppReflexes: Sendable {
  /// The calls the app makes in answer to `event` at `instant`, in order (empty: none).
  mutating func react(to event: AppEvent, at instant: SimulationInstant) -> [AppCall]
}

/// No reflexes: the app's code makes its own calls (the Swift door's engine).
public struct NoAppReflexes: AppReflexes {
  /// No reflexes.
  public init() {}

  /// Nothing: returns no calls.
  public func react(to event: AppEvent, at instant: SimulationInstant) -> [AppCall] { [] }
}
