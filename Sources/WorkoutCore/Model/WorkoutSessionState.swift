/// A workout session's state, HealthKit's `HKWorkoutSessionState` with its raw values.
///
/// The raw values are not in lifecycle order (`paused`, `prepared` and `stopped` were added later):
/// notStarted 1, running 2, ended 3, paused 4, prepared 5, stopped 6
/// (docs/healthkit-behaviour.md#session-states-and-transitions; PyObjC `test_hkworkoutsession.py`;
/// Apple doc: https://developer.apple.com/documentation/healthkit/hkworkoutsessionstate).
public enum WorkoutSessionState: Int, CaseIterable, Sendable, Hashable {
  /// Freshly created; nothing running.
  case notStarted = 1
  /// The activity runs; sensors deliver samples.
  case running = 2
  /// Terminal: no more data; the session cannot be reused.
  case ended = 3
  /// Paused by `pause()`.
  case paused = 4
  /// After `prepare()`: session mode without data.
  case prepared = 5
  /// After `stopActivity(with:)`: no new data; only `end()` remains.
  case stopped = 6

  /// The HealthKit case name (`"notStarted"`, ...), as written in errors, logs and probes.
  public var name: String {
    switch self {
    case .notStarted: "notStarted"
    case .running: "running"
    case .ended: "ended"
    case .paused: "paused"
    case .prepared: "prepared"
    case .stopped: "stopped"
    }
  }
}

/// A call an app makes on an `HKWorkoutSession`, with HealthKit's state-machine event numbers
/// (prepare 1, start 2, pause 3, resume 4, stop 5, end 6: the observed behaviour of HealthKit's
/// client library; docs/healthkit-behaviour.md#session-states-and-transitions).
public enum WorkoutSessionCall: Int, CaseIterable, Sendable, Hashable {
  /// `prepare()`.
  case prepare = 1
  /// `startActivity(with:)`.
  case start = 2
  /// `pause()`.
  case pause = 3
  /// `resume()`.
  case resume = 4
  /// `stopActivity(with:)`.
  case stop = 5
  /// `end()`.
  case end = 6

  /// The word used in error messages and reports: `prepare`, `start`, `pause`, `resume`,
  /// `stop`, `end`.
  public var word: String {
    switch self {
    case .prepare: "prepare"
    case .start: "start"
    case .pause: "pause"
    case .resume: "resume"
    case .stop: "stop"
    case .end: "end"
    }
  }
}
