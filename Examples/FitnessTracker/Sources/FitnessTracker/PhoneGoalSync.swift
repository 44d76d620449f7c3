// The phone app's half of the goal sync: the step goal as WatchConnectivity's application
// context (https://developer.apple.com/documentation/watchconnectivity/wcsession/updateapplicationcontext(_:)).
import FitnessTrackerKit
import Foundation

#if os(watchOS) || os(iOS)
  import WatchConnectivity
#else
  import SimulatedWatchConnectivity
#endif

/// Sends the settings' step goal to the watch app as the session's application context
/// (``GoalContext``): when the session activates, and whenever the goal changes
/// (``SettingsModel/setStepGoal(_:)``).
///
/// An application context is the latest state, kept by the system until the watch app runs
/// and delivered to it then (Apple doc:
/// https://developer.apple.com/documentation/watchconnectivity/wcsession/updateapplicationcontext(_:)),
/// so a goal set while the watch app is not running or the phone is away reaches the watch
/// when it can, and only the latest one does. An interactive message would be lost in both
/// cases (it needs the watch to be reachable).
///
/// The session's delegate: hold the object for as long as the app runs (the session keeps its
/// delegate weakly). Its state is the shared ``Settings`` only (thread-safe), so the delegate
/// calls, which WatchConnectivity makes on a background queue, need no hop.
public final class PhoneGoalSync: NSObject, WCSessionDelegate, Sendable {
  /// The settings whose step goal is sent.
  public let settings: Settings

  /// A sync of `settings`' step goal; ``activate()`` starts it.
  public init(settings: Settings) {
    self.settings = settings
    super.init()
  }

  /// Sets this object as `WCSession.default`'s delegate and activates the session, when the
  /// phone supports sessions (`WCSession.isSupported()`). The goal is sent once the session
  /// reports `.activated`.
  public func activate() {
    guard WCSession.isSupported() else { return }
    let session = WCSession.default
    session.delegate = self
    session.activate()
  }

  /// Sends the current goal as the application context, when the session is activated, a
  /// watch is paired and the watch app is installed, and the last context sent does not
  /// already hold it (the system keeps only the latest context; sending the same one again
  /// would change nothing). Returns whether it was sent.
  ///
  /// - Throws: what `updateApplicationContext(_:)` throws (`WCError`, for example
  ///   `payloadTooLarge`).
  @discardableResult
  public func sendGoal() throws -> Bool {
    guard WCSession.isSupported() else { return false }
    let session = WCSession.default
    guard session.activationState == .activated, session.isPaired, session.isWatchAppInstalled
    else { return false }
    let goal = settings.stepGoal
    guard GoalContext.stepGoal(in: session.applicationContext) != goal else { return false }
    try session.updateApplicationContext(GoalContext.context(stepGoal: goal))
    return true
  }

  // MARK: - WCSessionDelegate

  /// Activation finished (Apple doc:
  /// https://developer.apple.com/documentation/watchconnectivity/wcsessiondelegate/session(_:activationdidcompletewith:error:)):
  /// sends the current goal.
  public func session(
    _ session: WCSession, activationDidCompleteWith activationState: WCSessionActivationState,
    error: (any Error)?
  ) {
    guard activationState == .activated else { return }
    _ = try? sendGoal()
  }

  /// The user is switching watches (Apple doc:
  /// https://developer.apple.com/documentation/watchconnectivity/wcsessiondelegate/sessiondidbecomeinactive(_:)):
  /// nothing to finish.
  public func sessionDidBecomeInactive(_ session: WCSession) {}

  /// The switch finished (Apple doc:
  /// https://developer.apple.com/documentation/watchconnectivity/wcsessiondelegate/sessiondiddeactivate(_:)):
  /// activates again, for the new watch, which then gets the goal.
  public func sessionDidDeactivate(_ session: WCSession) {
    session.activate()
  }

  /// A watch was paired, or the watch app installed (Apple doc:
  /// https://developer.apple.com/documentation/watchconnectivity/wcsessiondelegate/sessionwatchstatedidchange(_:)):
  /// sends the goal if it could not be sent before.
  public func sessionWatchStateDidChange(_ session: WCSession) {
    _ = try? sendGoal()
  }
}
