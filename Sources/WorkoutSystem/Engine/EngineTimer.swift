import WorkoutCore

/// The engine's own timers besides its samples: each a state machine's next deadline, which the
/// machine registers in the engine's one queue (`WorkoutEngine.timers`, a ``DeadlineQueue``)
/// whenever it changes, and at one instant fired in this order (docs/architecture.md, "One
/// agenda").
///
/// The order is the engine's rule for equal instants: the motion the watch detects first (an
/// auto-pause changes the session before anything looks at it), then the workout reminders, the
/// extended runtime session, the app's lifecycle, the phone link, and the mirroring's
/// deliveries last, so a delivery sees the link as it stands at that instant.
enum EngineTimer: Int, CaseIterable, Sendable {
  /// The auto-pause machine's next motion change (`AutoPauseStateMachine`).
  case autoPause
  /// The next workout reminder the watch shows (`watch.workoutReminders`).
  case reminder
  /// The live extended runtime session's start or expiry (`ExtendedRuntimeSessionStateMachine`).
  case extendedRuntime
  /// The app's lifecycle: the return to the clock, suspension (`AppLifecycleStateMachine`).
  case app
  /// The phone link's next delivery, timeout or change (`LinkStateMachine`).
  case link
  /// The next mirroring delivery to the other device (`MirroringStateMachine`).
  case mirroring
}
