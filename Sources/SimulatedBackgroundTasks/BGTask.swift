import Foundation
import SimulationDriver

/// A task the system runs while the app is in the background (Apple doc:
/// https://developer.apple.com/documentation/backgroundtasks/bgtask): what the launch handler
/// gets: a ``BGAppRefreshTask``, ``BGProcessingTask`` or ``BGContinuedProcessingTask``.
///
/// For a refresh or processing task, virtual time stays at the launch instant until
/// ``setTaskCompleted(success:)`` (or until the simulation's `appWorkGrace` of wall-clock time
/// passes); a task still running at launch + its runtime (30 s refresh, 10 min processing)
/// expires (docs/phone.md#background-tasks). A continued processing task holds no time and
/// expires when its progress stops (docs/phone.md#continued-processing-tasks).
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

/// A task the user started in the app that goes on in the background while it makes progress
/// (iOS 26; Apple doc: https://developer.apple.com/documentation/backgroundtasks/bgcontinuedprocessingtask):
/// what the launch handler of a ``BGContinuedProcessingTaskRequest`` gets.
///
/// It starts when submitted from the foreground and runs until ``BGTask/setTaskCompleted(success:)``;
/// virtual time moves meanwhile. The system shows ``progress``: when its
/// `completedUnitCount` has not changed for 300 s (`AppSimulation.continuedProcessingProgressInterval`,
/// a project rule: Apple only says the system ends first the tasks that "reflect minimal or no
/// progress") the task expires and its `expirationHandler` is called
/// (docs/phone.md#continued-processing-tasks).
@available(iOS 26.0, *)
open class BGContinuedProcessingTask: BGTask, @unchecked Sendable {
  /// The task's progress, which the system shows the user and reads to tell whether the task
  /// still moves: set `totalUnitCount` and raise `completedUnitCount` as the work goes (Apple:
  /// the task conforms to `ProgressReporting`,
  /// https://developer.apple.com/documentation/backgroundtasks/bgcontinuedprocessingtask).
  /// A Foundation `Progress` with no parent, 0 of 0 at launch.
  public let progress: Progress
  /// Guards the title and subtitle.
  private let titleLock = NSLock()
  nonisolated(unsafe) private var shownTitle: String
  nonisolated(unsafe) private var shownSubtitle: String

  init(
    identifier: String, number: Int, simulation: AppSimulation, title: String, subtitle: String
  ) {
    progress = Progress(parent: nil, userInfo: nil)
    shownTitle = title
    shownSubtitle = subtitle
    super.init(identifier: identifier, number: number, simulation: simulation)
  }

  /// The title shown to the user: the request's, or the last ``updateTitle(_:subtitle:)``'s
  /// (Apple doc: https://developer.apple.com/documentation/backgroundtasks/bgcontinuedprocessingtask/title).
  open var title: String { titleLock.withLock { shownTitle } }

  /// The subtitle shown to the user (Apple doc:
  /// https://developer.apple.com/documentation/backgroundtasks/bgcontinuedprocessingtask/subtitle).
  open var subtitle: String { titleLock.withLock { shownSubtitle } }

  /// Changes the title and subtitle the system shows (Apple doc:
  /// https://developer.apple.com/documentation/backgroundtasks/bgcontinuedprocessingtask/updatetitle(_:subtitle:)).
  open func updateTitle(_ title: String, subtitle: String) {
    titleLock.withLock {
      shownTitle = title
      shownSubtitle = subtitle
    }
  }

  /// `progress.completedUnitCount`, as the system reads it at each check.
  var progressCount: Int64 { progress.completedUnitCount }
}
