import Foundation
import SimulationDriver

/// A task the system runs while the app is in the background (Apple doc:
/// https://developer.apple.com/documentation/backgroundtasks/bgtask): what the launch handler
/// gets. Use ``BGAppRefreshTask`` or ``BGProcessingTask``.
///
/// Virtual time stays at the launch instant until ``setTaskCompleted(success:)`` (or until the
/// simulation's `appWorkGrace` of wall-clock time passes); a task still running at launch +
/// its runtime (30 s refresh, 10 min processing) expires (docs/phone.md#background-tasks).
open class BGTask: @unchecked Sendable {
  /// The task's identifier, as registered (Apple doc:
  /// https://developer.apple.com/documentation/backgroundtasks/bgtask/identifier).
  public let identifier: String

  /// The simulation that launched the task.
  weak var simulation: AppSimulation?
  /// The launch's number in the simulation.
  let number: Int
  /// Guards the mutable fields.
  private let lock = NSLock()
  nonisolated(unsafe) private var handler: (() -> Void)?
  nonisolated(unsafe) private var holdID: Int?
  nonisolated(unsafe) private var finished = false

  init(identifier: String, number: Int, simulation: AppSimulation) {
    self.identifier = identifier
    self.number = number
    self.simulation = simulation
  }

  /// Called shortly before the task's background time runs out: at launch + 30 s (refresh) or
  /// + 10 min (processing) when the task has not completed (Apple doc:
  /// https://developer.apple.com/documentation/backgroundtasks/bgtask/expirationhandler). Set
  /// to `nil` after it ran.
  open var expirationHandler: (() -> Void)? {
    get { lock.withLock { handler } }
    set { lock.withLock { handler = newValue } }
  }

  /// Tells the system the task is done (Apple doc:
  /// https://developer.apple.com/documentation/backgroundtasks/bgtask/settaskcompleted(success:)):
  /// logs `completed` with `success`, ends the task's hold on virtual time. A second call, or
  /// a call after the task expired, does nothing.
  open func setTaskCompleted(success: Bool) {
    let (first, hold) = lock.withLock { () -> (Bool, Int?) in
      defer { finished = true }
      return (!finished, holdID)
    }
    guard first, let simulation else { return }
    simulation.backgroundTaskCompleted(number: number, identifier: identifier, success: success)
    if let hold { simulation.endHold(hold) }
  }

  /// Records the hold the launch began.
  func setHold(_ id: Int) { lock.withLock { holdID = id } }

  /// The task expired: returns the expiration handler (cleared) if the task had not finished.
  func expire() -> (handler: (() -> Void)?, hold: Int?)? {
    lock.withLock {
      guard !finished else { return nil }
      finished = true
      let result = (handler, holdID)
      handler = nil
      return result
    }
  }
}

/// A refresh task: the app brings its content up to date (Apple doc:
/// https://developer.apple.com/documentation/backgroundtasks/bgapprefreshtask).
open class BGAppRefreshTask: BGTask, @unchecked Sendable {}

/// A processing task: long, deferrable work (Apple doc:
/// https://developer.apple.com/documentation/backgroundtasks/bgprocessingtask).
open class BGProcessingTask: BGTask, @unchecked Sendable {}
