// The phone app's "start a workout?" prompt: a run detected by Core Motion
// (https://developer.apple.com/documentation/coremotion/cmmotionactivitymanager) while no
// workout is recorded becomes a local notification.
import Foundation

#if os(watchOS) || os(iOS)
  import CoreMotion
#else
  import SimulatedCoreMotion
#endif

#if os(watchOS) || os(iOS)
  import UserNotifications
#else
  import SimulatedUserNotifications
#endif

/// Watches the phone's motion activity (`CMMotionActivityManager.startActivityUpdates(to:withHandler:)`,
/// Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmmotionactivitymanager/startactivityupdates(to:withhandler:))
/// and, when the person is running while no workout is recorded, posts a local notification
/// asking to start one (the example's rules, docs/phone.md):
///
/// - **A run**: an activity with `running` set and a `confidence` of `.medium` or `.high`
///   (a `.low` one is too uncertain to interrupt the person with).
/// - **A bout**: from the first such activity to the next activity that is not running (any
///   other class, any confidence, or `unknown`). A running activity of low confidence inside a
///   bout does not end it.
/// - **At most one prompt per bout**: the first run of a bout posts it, at the instant the
///   update arrives (Core Motion reports a change some time after it happened; the
///   notification comes with the report). A later bout can prompt again.
/// - **No prompt during a workout**: while ``workoutRunning`` is `true` (the app sets it from
///   its workout's state, for example the watch's mirrored session), a run is not prompted,
///   and a bout that began during the workout is not prompted when the workout ends.
///
/// The notification is an immediate request (`trigger: nil`) with the identifier
/// ``identifier``, title ``title`` and body ``body`` (Apple doc:
/// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/add(_:withcompletionhandler:));
/// shown only when the person allowed notifications (the weekly summary asks).
///
/// Activity handlers run on the queue given (here `OperationQueue.main` on a device; the
/// simulation runs them in its callback lane), so the state is behind a lock.
public final class WorkoutPrompt: @unchecked Sendable {
  /// The notification's identifier (a new prompt replaces a delivered one).
  public static let identifier = "start-workout"
  /// The notification's title.
  public static let title = "Start a workout?"
  /// The notification's body.
  public static let body =
    "It looks like you're running. Start a workout on your Apple Watch to record it."

  private let lock = NSLock()
  private var manager: CMMotionActivityManager?
  private var inBout = false
  private var running = false
  private var prompts: [Date] = []

  /// A prompt; ``start()`` starts the updates.
  public init() {}

  /// Whether a workout is being recorded (default `false`): no prompt while it is.
  public var workoutRunning: Bool {
    get { lock.withLock { running } }
    set { lock.withLock { running = newValue } }
  }

  /// The dates of the activities that posted a prompt, in order (each the activity's
  /// `startDate`, when the run began).
  public var promptedRuns: [Date] { lock.withLock { prompts } }

  /// Starts motion activity updates when the device has them
  /// (`CMMotionActivityManager.isActivityAvailable()`); a second call does nothing.
  public func start() {
    guard CMMotionActivityManager.isActivityAvailable() else { return }
    let manager = lock.withLock { () -> CMMotionActivityManager? in
      guard self.manager == nil else { return nil }
      let manager = CMMotionActivityManager()
      self.manager = manager
      return manager
    }
    manager?.startActivityUpdates(to: .main) { [weak self] activity in
      guard let self, let activity else { return }
      self.receive(activity)
    }
  }

  /// Stops the updates (`stopActivityUpdates()`).
  public func stop() {
    let manager = lock.withLock { () -> CMMotionActivityManager? in
      defer { self.manager = nil }
      return self.manager
    }
    manager?.stopActivityUpdates()
  }

  /// Takes one activity update: posts the prompt at the first run of a bout (the rules above).
  /// Returns whether it posted.
  @discardableResult
  public func receive(_ activity: CMMotionActivity) -> Bool {
    let post = lock.withLock { () -> Bool in
      guard activity.running else {
        inBout = false
        return false
      }
      guard activity.confidence != .low, !inBout else { return false }
      inBout = true
      guard !running else { return false }
      prompts.append(activity.startDate)
      return true
    }
    if post { Self.post() }
    return post
  }

  /// Adds the immediate notification request.
  private static func post() {
    let content = UNMutableNotificationContent()
    content.title = title
    content.body = body
    content.sound = .default
    UNUserNotificationCenter.current().add(
      UNNotificationRequest(identifier: identifier, content: content, trigger: nil),
      withCompletionHandler: nil)
  }
}
