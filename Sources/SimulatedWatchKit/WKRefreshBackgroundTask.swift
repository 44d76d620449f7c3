import SimulationDriver

/// A background task the system hands the watch app's delegate in
/// `WKApplicationDelegate.handle(_:)` (background tasks) (Apple doc:
/// https://developer.apple.com/documentation/watchkit/wkrefreshbackgroundtask). The simulation
/// makes ``WKApplicationRefreshBackgroundTask``s, for the refreshes the app schedules with
/// ``WKApplication/scheduleBackgroundRefresh(withPreferredDate:userInfo:scheduledCompletion:)``.
///
/// The task keeps the app running and virtual time at its launch instant until the app calls
/// ``setTaskCompletedWithSnapshot(_:)`` (or until the simulation's `appWorkGrace` of wall-clock
/// time passes); a task still running 30 s after its launch expires: the run's log gets an
/// `expired` entry and ``expirationHandler`` runs on the main actor at that instant
/// (docs/healthkit-behaviour.md#background-refresh).
///
/// Open with a public ``init()``, as Apple's Objective-C class is in Swift, so an app's unit
/// test can hand its delegate's `handle(_:)` a task it made (Apple's page says not to create
/// instances; the simulation's own tasks come from the scheduled refresh).
open class WKRefreshBackgroundTask: NSObject, @unchecked Sendable {
  /// The simulation that launched the task; `nil` for a task made with ``init()``.
  weak var simulation: AppSimulation?
  /// The launch's number in the simulation (0 for a task made with ``init()``).
  let number: Int
  /// The object the app passed when it scheduled the refresh.
  private let info: (any NSSecureCoding & NSObjectProtocol)?
  /// Guards the mutable fields.
  private let lock = NSLock()
  nonisolated(unsafe) private var handler: (() -> Void)?
  nonisolated(unsafe) private var finished = false
  /// The completions the app asked for, in order (`nil`: the deprecated `setTaskCompleted()`);
  /// only the first counts.
  nonisolated(unsafe) private var completions: [Bool?] = []

  /// A task that belongs to no simulation, for an app's unit test of its delegate's
  /// `handle(_:)` (Apple's class is an `NSObject` subclass with `init()`): ``userInfo`` is
  /// `nil`, the system never calls its ``expirationHandler``, and
  /// ``setTaskCompletedWithSnapshot(_:)`` (or `setTaskCompleted()`) only records the call,
  /// inside the object (a project rule: no simulation waits for it, so nothing is logged,
  /// held or suspended, and it does not trap). A test that checks the completion subclasses
  /// the task and overrides the open method, as with Apple's class
  /// (docs/healthkit-behaviour.md#background-refresh). Not a foreign object: it is never
  /// reported, in or outside a simulation's `run`.
  public override init() {
    number = 0
    info = nil
    simulation = nil
    super.init()
  }

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

  /// Called when the task's time runs out before the app completed it (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkrefreshbackgroundtask/expirationhandler:
  /// "A block that the system calls when the available runtime for a background task is about
  /// to expire", in which the app cleans up and "prepare[s] for the system to suspend your
  /// app"): 30 s after the launch (a project rule: Apple gives no number for watchOS; the
  /// BackgroundTasks framework's app refresh runs "up to 30 seconds").
  ///
  /// It runs on the main actor, as the watch's code (a project rule: Apple's page does not
  /// name a thread; the handler is set in the delegate's main-actor `handle(_:)` and apps touch
  /// main-actor state in it), at the expiry instant: virtual time stays there until it has
  /// returned. A ``setTaskCompletedWithSnapshot(_:)`` inside it completes the task at that
  /// instant (logged `completed`); a task the handler did not complete ends when it returns.
  /// Cleared when the system takes it to call it.
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
  /// (``AppSimulation/Report/Kind-swift.enum/notDelivered``), naming the delegate's protocol
  /// by its `owner` (`WKApplication` or `WKExtension`), then completes it without a snapshot.
  func completeUnhandled(owner: String) {
    simulation?.reportUnhandledRefresh(
      message: unhandledMessage(owner: owner), call: unhandledCall(owner: owner))
    finish(snapshot: false)
  }

  /// The identifier of the task's `system` log entries (framework `WatchKit`).
  var logIdentifier: String { AppSimulation.watchRefreshIdentifier }
  /// The call a ``AppSimulation/Report/Kind-swift.enum/notDelivered`` report of the task names.
  var reportCall: String { AppSimulation.scheduleRefreshCall }
  /// The report's message when the default `handle(_:)` of the `owner`'s delegate
  /// (`WKApplication`, `WKExtension`) completed the task.
  func unhandledMessage(owner: String) -> String {
    AppSimulation.refreshUnhandledMessage(owner: owner)
  }
  /// The call that report names.
  func unhandledCall(owner: String) -> String { reportCall }
  /// The report's message when the task found no delegate.
  var undeliveredMessage: String { AppSimulation.refreshUndeliveredMessage }
  /// What the task's hold on virtual time waits for while the delegate has it (the call a
  /// stall or an `appWorkGrace` report names).
  var handleHoldCall: String { "the delegate's handle(_:) of a background refresh" }
  /// What the task's hold waits for while its expiration handler runs.
  var expirationHoldCall: String { "the expirationHandler of a background refresh task" }

  /// The completion, once (recorded for a task of no simulation).
  private func finish(snapshot: Bool?) {
    let first = lock.withLock { () -> Bool in
      completions.append(snapshot)
      defer { finished = true }
      return !finished
    }
    guard first, let simulation else { return }
    simulation.backgroundRefreshCompleted(number: number, snapshot: snapshot)
  }

  /// The completions the app asked for, in order (`nil` for `setTaskCompleted()`).
  var completionsAsked: [Bool?] { lock.withLock { completions } }

  /// The task's time ran out: returns the expiration handler (cleared) if the task had not
  /// finished (`.some(nil)`: it had none). Without a handler the task is finished now; with
  /// one it stays open for the handler's completion (``expirationHandlerReturned()``).
  func expire() -> (() -> Void)?? {
    lock.withLock {
      guard !finished else { return nil }
      let result = handler
      handler = nil
      if result == nil { finished = true }
      return .some(result)
    }
  }

  /// Finishes the task without a completion (its process crashed, or its expiration handler
  /// returned without completing it); whether it was still open.
  func abandon() -> Bool {
    lock.withLock {
      defer { finished = true }
      return !finished
    }
  }
}

/// A background refresh task: the app brings its data up to date, at about the time it asked
/// for with ``WKApplication/scheduleBackgroundRefresh(withPreferredDate:userInfo:scheduledCompletion:)``
/// (Apple doc:
/// https://developer.apple.com/documentation/watchkit/wkapplicationrefreshbackgroundtask).
open class WKApplicationRefreshBackgroundTask: WKRefreshBackgroundTask, @unchecked Sendable {}
