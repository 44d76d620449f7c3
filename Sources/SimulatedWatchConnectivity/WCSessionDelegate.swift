/// The state of a session's activation (Apple doc:
/// https://developer.apple.com/documentation/watchconnectivity/wcsessionactivationstate).
public enum WCSessionActivationState: Int, Sendable, Hashable, CaseIterable {
  /// Not activated: nothing can be sent or received; sending is a programmer error (0).
  case notActivated = 0
  /// Was active and is moving to deactivated (the user switched watches; never in the
  /// simulation, which has one watch) (1).
  case inactive = 1
  /// Active: the two apps can communicate (2).
  case activated = 2
}

/// The delegate of a ``WCSession`` (Apple doc:
/// https://developer.apple.com/documentation/watchconnectivity/wcsessiondelegate).
///
/// Calls arrive off the main actor, one at a time, in the engine's order (Apple: "a non-main
/// serial queue"), during `AppSimulation.advance(by:)`, `settle()` or a call that delivers
/// (`activate()` delivers its completion before it returns its turn to the caller's next
/// `advance`). Each call runs as its device's code: `WCSession.default` inside a watch session's
/// delegate is the watch's, inside the phone session's the phone's.
///
/// One module cannot have per-platform requirements, so the iOS-only required methods
/// (``sessionDidBecomeInactive(_:)``, ``sessionDidDeactivate(_:)``) and every optional method
/// have empty default implementations (no `@objc optional` on Linux). A delegate that does not
/// implement a `didReceiveMessage` variant loses the message, as on a device whose delegate lacks
/// the method (the sender expecting a reply gets `messageReplyTimedOut`).
public protocol WCSessionDelegate: NSObjectProtocol {
  /// Activation completed: `activationState` is ``WCSessionActivationState/activated`` (or
  /// ``WCSessionActivationState/notActivated`` with `error`) (required; Apple doc:
  /// https://developer.apple.com/documentation/watchconnectivity/wcsessiondelegate/session(_:activationdidcompletewith:error:)).
  func session(
    _ session: WCSession, activationDidCompleteWith activationState: WCSessionActivationState,
    error: (any Error)?)
  /// The phone's session became inactive (iOS only, required there; never called: the
  /// simulation has one watch) (Apple doc:
  /// https://developer.apple.com/documentation/watchconnectivity/wcsessiondelegate/sessiondidbecomeinactive(_:)).
  func sessionDidBecomeInactive(_ session: WCSession)
  /// The phone's session was deactivated (iOS only, required there; never called: the
  /// simulation has one watch) (Apple doc:
  /// https://developer.apple.com/documentation/watchconnectivity/wcsessiondelegate/sessiondiddeactivate(_:)).
  func sessionDidDeactivate(_ session: WCSession)
  /// The watch's state seen from the phone changed: ``WCSession/isPaired``,
  /// ``WCSession/isWatchAppInstalled``, ``WCSession/isComplicationEnabled`` (iOS only, optional).
  func sessionWatchStateDidChange(_ session: WCSession)
  /// ``WCSession/isCompanionAppInstalled`` changed (watchOS only, optional; never called: the
  /// companion app is always installed).
  func sessionCompanionAppInstalledDidChange(_ session: WCSession)
  /// ``WCSession/isReachable`` changed (optional).
  func sessionReachabilityDidChange(_ session: WCSession)
  /// A message sent without a reply handler arrived (optional; Apple doc:
  /// https://developer.apple.com/documentation/watchconnectivity/wcsessiondelegate/session(_:didreceivemessage:)).
  func session(_ session: WCSession, didReceiveMessage message: [String: Any])
  /// A message whose sender waits for a reply arrived: call `replyHandler` once (optional;
  /// Apple doc:
  /// https://developer.apple.com/documentation/watchconnectivity/wcsessiondelegate/session(_:didreceivemessage:replyhandler:)).
  func session(
    _ session: WCSession, didReceiveMessage message: [String: Any],
    replyHandler: @escaping ([String: Any]) -> Void)
  /// Message data sent without a reply handler arrived (optional; Apple doc:
  /// https://developer.apple.com/documentation/watchconnectivity/wcsessiondelegate/session(_:didreceivemessagedata:)).
  func session(_ session: WCSession, didReceiveMessageData messageData: Data)
  /// Message data whose sender waits for a reply arrived: call `replyHandler` once (optional;
  /// Apple doc:
  /// https://developer.apple.com/documentation/watchconnectivity/wcsessiondelegate/session(_:didreceivemessagedata:replyhandler:)).
  func session(
    _ session: WCSession, didReceiveMessageData messageData: Data,
    replyHandler: @escaping (Data) -> Void)
  /// A new application context arrived (``WCSession/receivedApplicationContext`` is it now)
  /// (optional; Apple doc:
  /// https://developer.apple.com/documentation/watchconnectivity/wcsessiondelegate/session(_:didreceiveapplicationcontext:)).
  func session(_ session: WCSession, didReceiveApplicationContext applicationContext: [String: Any])
  /// A user-info dictionary (or complication user info) arrived, in send order (optional;
  /// Apple doc:
  /// https://developer.apple.com/documentation/watchconnectivity/wcsessiondelegate/session(_:didreceiveuserinfo:)).
  func session(_ session: WCSession, didReceiveUserInfo userInfo: [String: Any])
  /// A user-info transfer this side sent finished: delivered (`error` nil) (optional; Apple doc:
  /// https://developer.apple.com/documentation/watchconnectivity/wcsessiondelegate/session(_:didfinish:error:)-8627b).
  func session(
    _ session: WCSession, didFinish userInfoTransfer: WCSessionUserInfoTransfer,
    error: (any Error)?)
  /// A file arrived: it is in a temporary Inbox folder and is deleted when this returns; move
  /// it synchronously to keep it (optional; Apple doc:
  /// https://developer.apple.com/documentation/watchconnectivity/wcsessiondelegate/session(_:didreceive:)).
  func session(_ session: WCSession, didReceive file: WCSessionFile)
  /// A file transfer this side sent finished: delivered (`error` nil) or failed (a
  /// ``WCError``, `fileAccessDenied` when the file could not be read) (optional; Apple doc:
  /// https://developer.apple.com/documentation/watchconnectivity/wcsessiondelegate/session(_:didfinish:error:)-6dtcu).
  func session(
    _ session: WCSession, didFinish fileTransfer: WCSessionFileTransfer, error: (any Error)?)
}

extension WCSessionDelegate {
  /// Does nothing (iOS only in WatchConnectivity; never called).
  public func sessionDidBecomeInactive(_ session: WCSession) {}
  /// Does nothing (iOS only in WatchConnectivity; never called).
  public func sessionDidDeactivate(_ session: WCSession) {}
  /// Does nothing (optional in WatchConnectivity).
  public func sessionWatchStateDidChange(_ session: WCSession) {}
  /// Does nothing (optional in WatchConnectivity).
  public func sessionCompanionAppInstalledDidChange(_ session: WCSession) {}
  /// Does nothing (optional in WatchConnectivity).
  public func sessionReachabilityDidChange(_ session: WCSession) {}
  /// Does nothing: the message is lost (optional in WatchConnectivity).
  public func session(_ session: WCSession, didReceiveMessage message: [String: Any]) {}
  /// Does nothing: the sender gets `messageReplyTimedOut` (optional in WatchConnectivity).
  public func session(
    _ session: WCSession, didReceiveMessage message: [String: Any],
    replyHandler: @escaping ([String: Any]) -> Void
  ) {}
  /// Does nothing: the data is lost (optional in WatchConnectivity).
  public func session(_ session: WCSession, didReceiveMessageData messageData: Data) {}
  /// Does nothing: the sender gets `messageReplyTimedOut` (optional in WatchConnectivity).
  public func session(
    _ session: WCSession, didReceiveMessageData messageData: Data,
    replyHandler: @escaping (Data) -> Void
  ) {}
  /// Does nothing (optional in WatchConnectivity).
  public func session(
    _ session: WCSession, didReceiveApplicationContext applicationContext: [String: Any]
  ) {}
  /// Does nothing (optional in WatchConnectivity).
  public func session(_ session: WCSession, didReceiveUserInfo userInfo: [String: Any]) {}
  /// Does nothing (optional in WatchConnectivity).
  public func session(
    _ session: WCSession, didFinish userInfoTransfer: WCSessionUserInfoTransfer,
    error: (any Error)?
  ) {}
  /// Does nothing: the file is deleted (optional in WatchConnectivity).
  public func session(_ session: WCSession, didReceive file: WCSessionFile) {}
  /// Does nothing (optional in WatchConnectivity).
  public func session(
    _ session: WCSession, didFinish fileTransfer: WCSessionFileTransfer, error: (any Error)?
  ) {}
}
