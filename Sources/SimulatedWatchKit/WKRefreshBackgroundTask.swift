import SimulationDriver

/// A background task the system hands the watch app's delegate in
/// `WKApplicationDelegate.handle(_:)` (background tasks) (Apple doc:
/// https://developer.apple.com/documentation/watchkit/wkrefreshbackgroundtask). The simulation
/// makes ``WKApplicationRefreshBackgroundTask``s, for the refreshes the app schedules with
/// ``WKApplication/scheduleBackgroundRefresh(withPreferredDate:userInfo:scheduledCompletion:)``.
///
/// The task keeps the app running and virtual time at its launch instant until the app calls
/// ``setTaskCompletedWithSnapshot(_:)`` (or until the simulation's `appWorkGrace` of wall-clock
/// time passes); a task still running 30 s after its launch expires: ``expirationHandler`` runs
/// and the run's log gets an `expired` entry (docs/healthkit-behaviour.md#background-refresh).
open class WKRefreshBackgroundTask: NSObject, @unchecked Sendable {
  /// The simulation that launched the task.
  weak var simulation: AppSimulation?
  /// The launch's number in the simulation.
  let number: Int
  /// The object the app passed when it scheduled the refresh.
  private let info: (any NSSecureCoding & NSObjectProtocol)?
  /// Guards the mutable fields.
  private let lock = NSLock()
  nonisolated(unsafe) private var handler: (() -> Void)?
  nonisolated(unsafe) private var finished = false

  init(
    number: Int, userInfo: (any NSSecureCoding & NSObjectProtocol)?, simulation: AppSimulation
  ) {
    self.number = number
    self.info = userInfo
    self.simulation = simulation
  }

  /// The object the app passed as `userInfo` when it scheduled the task, the same object, or
  /// `nil` (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkrefreshbackgroundtask/userinfo).
  open var userInfo: (any NSSecureCoding & NSObjectProtocol)? { info }

  /// Called when the task's time runs out before the app completed it: 30 s after the launch
  /// (a project rule: Apple gives no number for watchOS; the BackgroundTasks framework's app
  /// refresh runs "up to 30 seconds") (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkrefreshbackgroundtask/expirationhandler).
  /// Set to `nil` after it ran.
  open var expirationHandler: (() -> Void)? {
    get { lock.withLock { handler } }
    set { lock.withLock { handler = newValue } }
  }

  /// Tells the system the task is done (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkrefreshbackgroundtask/settaskcompletedwithsnapshot(_:)):
  /// logs `completed` with `snapshot`, ends the task's hold on virtual time, and the task no
  /// longer keeps the app alive (a background app is suspended after the grace period when
  /// nothing else does). A second call, or a call after the task expired, does nothing.
  ///
  /// - Parameter refreshSnapshot: whether the app asks for a new snapshot of its interface
  ///   (recorded in the log entry; the simulation draws no snapshot).
  open func setTaskCompletedWithSnapshot(_ refreshSnapshot: Bool) {
    finish(snapshot: refreshSnapshot)
  }

  /// Tells the system the task is done, the form before watchOS 4 (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkrefreshbackgroundtask/settaskcompleted()):
  /// as ``setTaskCompletedWithSnapshot(_:)``, its log entry without `snapshot`.
  @available(
    *, deprecated,
    message:
      "Use setTaskCompletedWithSnapshot(_:) instead, pass false to duplicate existing behavior"
  )
  open func setTaskCompleted() {
    finish(snapshot: nil)
  }

  /// The default `handle(_:)`'s completion: reports that no code of the app handled the task
  /// (``AppSimulation/Report/Kind-swift.enum/notDelivered``), then completes it without a
  /// snapshot.
  func completeUnhandled() {
    simulation?.reportUnhandledRefresh(message: unhandledMessage, call: reportCall)
    finish(snapshot: false)
  }

  /// The identifier of the task's `system` log entries (framework `WatchKit`).
  var logIdentifier: String { AppSimulation.watchRefreshIdentifier }
  /// The call a ``AppSimulation/Report/Kind-swift.enum/notDelivered`` report of the task names.
  var reportCall: String { AppSimulation.scheduleRefreshCall }
  /// The report's message when the default `handle(_:)` completed the task.
  var unhandledMessage: String { AppSimulation.refreshUnhandledMessage }
  /// The report's message when the task found no delegate.
  var undeliveredMessage: String { AppSimulation.refreshUndeliveredMessage }

  /// The completion, once.
  private func finish(snapshot: Bool?) {
    let first = lock.withLock { () -> Bool in
      defer { finished = true }
      return !finished
    }
    guard first, let simulation else { return }
    simulation.backgroundRefreshCompleted(number: number, snapshot: snapshot)
  }

  /// The task expired: returns the expiration handler (cleared) if the task had not finished.
  func expire() -> (() -> Void)?? {
    lock.withLock {
      guard !finished else { return nil }
      finished = true
      let result = handler
      handler = nil
      return .some(result)
    }
  }
}

/// A background refresh task: the app brings its data up to date, at about the time it asked
/// for with ``WKApplication/scheduleBackgroundRefresh(withPreferredDate:userInfo:scheduledCompletion:)``
/// (Apple doc:
/// https://developer.apple.com/documentation/watchkit/wkapplicationrefreshbackgroundtask).
open class WKApplicationRefreshBackgroundTask: WKRefreshBackgroundTask, @unchecked Sendable {}
