import SimulationDriver

// The background task classes the simulation declares but never delivers, so that an app's
// `handle(_:)` that switches over every kind compiles: the simulated system launches only the
// app refreshes the app schedules (docs/healthkit-behaviour.md#background-refresh). A snapshot
// needs a drawn interface, a URL session task a background `URLSession`, the other two Siri and
// shortcuts, none of which the simulation has; nothing ever makes these tasks, so the app's
// cases for them never run.

/// A background task to bring the interface up to date before the system takes a snapshot of
/// it (Apple doc:
/// https://developer.apple.com/documentation/watchkit/wksnapshotrefreshbackgroundtask). Never
/// delivered: the simulation takes no snapshots.
open class WKSnapshotRefreshBackgroundTask: WKRefreshBackgroundTask, @unchecked Sendable {
  /// Why the system takes the snapshot (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wksnapshotrefreshbackgroundtask/reasonforsnapshot):
  /// ``WKSnapshotReason/appScheduled`` (no task is ever delivered to read it).
  open var reasonForSnapshot: WKSnapshotReason { .appScheduled }

  /// Tells the system the interface is ready for its snapshot (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wksnapshotrefreshbackgroundtask/settaskcompleted(restoreddefaultstate:estimatedsnapshotexpiration:userinfo:)):
  /// completes the task as ``WKRefreshBackgroundTask/setTaskCompletedWithSnapshot(_:)`` with
  /// `false` does (once).
  ///
  /// - Parameters:
  ///   - restoredDefaultState: whether the interface is in its default state.
  ///   - estimatedSnapshotExpiration: when the snapshot should be replaced, or `nil`.
  ///   - userInfo: an object for the next snapshot task.
  open func setTaskCompleted(
    restoredDefaultState: Bool, estimatedSnapshotExpiration: Date?,
    userInfo: (any NSSecureCoding & NSObjectProtocol)?
  ) {
    setTaskCompletedWithSnapshot(false)
  }
}

/// Why the system takes a snapshot, with Apple's raw values (Apple doc:
/// https://developer.apple.com/documentation/watchkit/wksnapshotreason).
public enum WKSnapshotReason: Int, Sendable, Hashable {
  /// The app scheduled the snapshot (raw value 0).
  case appScheduled = 0
  /// More than an hour passed since the user's last interaction: return to the default state
  /// (raw value 1).
  case returnToDefaultState = 1
  /// The complication's timeline changed (raw value 2).
  case complicationUpdate = 2
  /// The Dock needs a snapshot of the app, not launched yet (raw value 3).
  case prelaunch = 3
  /// The app went from the foreground to the background (raw value 4).
  case appBackgrounded = 4
}

/// A background task for the events of the app's background `URLSession` (Apple doc:
/// https://developer.apple.com/documentation/watchkit/wkurlsessionrefreshbackgroundtask).
/// Never delivered: the simulation has no background URL sessions.
open class WKURLSessionRefreshBackgroundTask: WKRefreshBackgroundTask, @unchecked Sendable {
  /// The identifier of the URL session whose events the task is for (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkurlsessionrefreshbackgroundtask/sessionidentifier):
  /// `""` (no task is ever delivered to read it).
  open var sessionIdentifier: String { "" }
}

/// A background task to donate the app's relevant shortcuts to the Siri watch face (Apple doc:
/// https://developer.apple.com/documentation/watchkit/wkrelevantshortcutrefreshbackgroundtask).
/// Never delivered: the simulation has no Siri watch face.
open class WKRelevantShortcutRefreshBackgroundTask: WKRefreshBackgroundTask, @unchecked Sendable {
}

/// A background task after the user ran one of the app's intents (Apple doc:
/// https://developer.apple.com/documentation/watchkit/wkintentdidrunrefreshbackgroundtask).
/// Never delivered: the simulation runs no intents.
open class WKIntentDidRunRefreshBackgroundTask: WKRefreshBackgroundTask, @unchecked Sendable {}
