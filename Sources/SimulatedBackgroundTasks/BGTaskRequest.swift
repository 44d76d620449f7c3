import Foundation

/// A request to launch the app in the background for a task (Apple doc:
/// https://developer.apple.com/documentation/backgroundtasks/bgtaskrequest). Use
/// ``BGAppRefreshTaskRequest`` or ``BGProcessingTaskRequest``.
open class BGTaskRequest: CustomStringConvertible {
  /// The task's identifier: one of the Info.plist's `BGTaskSchedulerPermittedIdentifiers`
  /// (Apple doc: https://developer.apple.com/documentation/backgroundtasks/bgtaskrequest/identifier).
  public let identifier: String
  /// The earliest date the task may start, or `nil` for no delay (Apple doc:
  /// https://developer.apple.com/documentation/backgroundtasks/bgtaskrequest/earliestbegindate).
  /// The simulation launches at the first local quarter hour at or after it (docs/phone.md#background-tasks).
  open var earliestBeginDate: Date?

  init(identifier: String) {
    self.identifier = identifier
  }

  /// The request's class, identifier and earliest begin date.
  open var description: String {
    "<\(type(of: self)): \(identifier), earliestBeginDate: \(earliestBeginDate.map { "\($0)" } ?? "(null)")>"
  }
}

/// A request to launch the app in the background to refresh its content: a short task, at
/// most 30 s in the simulation (Apple doc:
/// https://developer.apple.com/documentation/backgroundtasks/bgapprefreshtaskrequest).
open class BGAppRefreshTaskRequest: BGTaskRequest {
  /// A refresh request for the task `identifier` (Apple doc:
  /// https://developer.apple.com/documentation/backgroundtasks/bgapprefreshtaskrequest/init(identifier:)).
  public override init(identifier: String) {
    super.init(identifier: identifier)
  }
}

/// A request to launch the app in the background for a long, deferrable task: while the
/// phone is locked, and on its charger or online when required; up to 10 minutes in the
/// simulation (Apple doc:
/// https://developer.apple.com/documentation/backgroundtasks/bgprocessingtaskrequest).
open class BGProcessingTaskRequest: BGTaskRequest {
  /// Whether the task needs the network; `false` by default (Apple doc:
  /// https://developer.apple.com/documentation/backgroundtasks/bgprocessingtaskrequest/requiresnetworkconnectivity).
  open var requiresNetworkConnectivity = false
  /// Whether the task runs only on external power (the phone's `phone.charging` spans);
  /// `false` by default (Apple doc:
  /// https://developer.apple.com/documentation/backgroundtasks/bgprocessingtaskrequest/requiresexternalpower).
  open var requiresExternalPower = false

  /// A processing request for the task `identifier` (Apple doc:
  /// https://developer.apple.com/documentation/backgroundtasks/bgprocessingtaskrequest/init(identifier:)).
  public override init(identifier: String) {
    super.init(identifier: identifier)
  }
}
