// The watch app's half of the goal sync: the phone's application context applied to the
// watch's settings (https://developer.apple.com/documentation/watchconnectivity/wcsession/receivedapplicationcontext).
import FitnessTrackerKit
import Foundation

#if os(watchOS) || os(iOS)
  import WatchConnectivity
#else
  import SimulatedWatchConnectivity
#endif

#if os(watchOS) || os(iOS)
  import WidgetKit
#else
  import SimulatedWidgetKit
#endif

/// Applies the step goal the phone app sends (``GoalContext``) to the watch's ``Settings``,
/// which the today screen (``WatchTodayModel``) and the step complication
/// (``StepComplicationProvider``) read; between two contexts, and while the phone is away,
/// they show the last goal received.
///
/// Two paths, both needed:
/// - when the session activates, the last context the watch received
///   (`receivedApplicationContext`, Apple doc:
///   https://developer.apple.com/documentation/watchconnectivity/wcsession/receivedapplicationcontext):
///   a context that arrived while no delegate was listening is applied at launch;
/// - each new context, `session(_:didReceiveApplicationContext:)` (Apple doc:
///   https://developer.apple.com/documentation/watchconnectivity/wcsessiondelegate/session(_:didreceiveapplicationcontext:)):
///   a context the phone set while the watch app was not running arrives shortly after the
///   app activates its session.
///
/// A new goal asks WidgetKit to reload the step complication
/// (`WidgetCenter.shared.reloadTimelines(ofKind:)`), which happens when WidgetKit's budget
/// and spacing allow (docs/phone.md#widgets).
///
/// Make it when the watch app launches, keep it while the app runs (the session holds its
/// delegate weakly), and call ``activate()``. Its state is the watch's ``Settings`` only
/// (thread-safe), so the delegate calls, made on a background queue, need no hop.
public final class WatchGoalSync: NSObject, WCSessionDelegate, Sendable {
  /// The watch's settings (the suite ``Settings/watchAppGroup``).
  public let settings: Settings

  /// A sync into `settings`; ``activate()`` starts it.
  public init(settings: Settings) {
    self.settings = settings
    super.init()
  }

  /// Sets this object as `WCSession.default`'s delegate and activates the session.
  public func activate() {
    guard WCSession.isSupported() else { return }
    let session = WCSession.default
    session.delegate = self
    session.activate()
  }

  /// Stores the step goal of `context` in the watch's settings and, when it changed, reloads
  /// the step complication. A context without a valid goal (``GoalContext/stepGoal(in:)``)
  /// changes nothing. Returns whether the goal changed.
  @discardableResult
  public func apply(_ context: [String: Any]) -> Bool {
    guard let goal = GoalContext.stepGoal(in: context), goal != settings.stepGoal else {
      return false
    }
    settings.stepGoal = goal
    WidgetCenter.shared.reloadTimelines(ofKind: StepComplicationProvider.kind)
    return true
  }

  // MARK: - WCSessionDelegate

  /// Activation finished (Apple doc:
  /// https://developer.apple.com/documentation/watchconnectivity/wcsessiondelegate/session(_:activationdidcompletewith:error:)):
  /// applies the last context received.
  public func session(
    _ session: WCSession, activationDidCompleteWith activationState: WCSessionActivationState,
    error: (any Error)?
  ) {
    guard activationState == .activated else { return }
    apply(session.receivedApplicationContext)
  }

  /// A new context from the phone: applies it.
  public func session(
    _ session: WCSession, didReceiveApplicationContext applicationContext: [String: Any]
  ) {
    apply(applicationContext)
  }
}
