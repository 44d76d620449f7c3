import Foundation

/// A request to launch the app in the background for a task (Apple doc:
/// https://developer.apple.com/documentation/backgroundtasks/bgtaskrequest). Use
/// ``BGAppRefreshTaskRequest``, ``BGProcessingTaskRequest`` or
/// ``BGContinuedProcessingTaskRequest``.
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

/// A request for work the user started in the app (tapping a button), which the system begins
/// at once and lets go on when the app moves to the background, showing its progress (iOS 26;
/// Apple doc: https://developer.apple.com/documentation/backgroundtasks/bgcontinuedprocessingtaskrequest).
/// The system launches it with a ``BGContinuedProcessingTask``. The simulated phone's rules
/// (submitted from the foreground, one running at a time, expiry without progress):
/// docs/phone.md#continued-processing-tasks.
@available(iOS 26.0, *)
open class BGContinuedProcessingTaskRequest: BGTaskRequest {
  /// What the scheduler does with a request it cannot start at once (Apple doc:
  /// https://developer.apple.com/documentation/backgroundtasks/bgcontinuedprocessingtaskrequest/submissionstrategy).
  public enum SubmissionStrategy: Int, Sendable, Hashable {
    /// `submit(_:)` throws ``BGTaskScheduler/Error/Code/immediateRunIneligible`` (raw value 0;
    /// Apple doc: https://developer.apple.com/documentation/backgroundtasks/bgcontinuedprocessingtaskrequest/submissionstrategy/fail).
    case fail = 0
    /// The request waits at the back of a queue and starts as soon as it can (raw value 1;
    /// Apple doc: https://developer.apple.com/documentation/backgroundtasks/bgcontinuedprocessingtaskrequest/submissionstrategy/queue).
    case queue = 1
  }

  /// Extra system resources a task needs; `[]` is Apple's default (CPU and network) (Apple
  /// doc: https://developer.apple.com/documentation/backgroundtasks/bgcontinuedprocessingtaskrequest/resources).
  public struct Resources: OptionSet, Sendable, Hashable {
    /// The option bits.
    public let rawValue: Int

    /// Resources from their bits (Apple doc:
    /// https://developer.apple.com/documentation/backgroundtasks/bgcontinuedprocessingtaskrequest/resources/init(rawvalue:)).
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The GPU in the background (Apple doc:
    /// https://developer.apple.com/documentation/backgroundtasks/bgcontinuedprocessingtaskrequest/resources/gpu).
    /// Raw value not published (neither the page nor a header the project could read gives
    /// `BGContinuedProcessingTaskRequestResourcesGPU`'s number); project choice: 1, the first
    /// option bit, `BGContinuedProcessingTaskRequestResourcesDefault` being the empty set.
    /// The simulated phone does not support it: ``BGTaskScheduler/supportedResources`` is
    /// empty and a request that requires it is refused.
    public static var gpu: Resources { Resources(rawValue: 1 << 0) }
  }

  /// The title shown to the user before the task begins (Apple doc:
  /// https://developer.apple.com/documentation/backgroundtasks/bgcontinuedprocessingtaskrequest/title).
  open var title: String
  /// The subtitle shown to the user before the task begins (Apple doc:
  /// https://developer.apple.com/documentation/backgroundtasks/bgcontinuedprocessingtaskrequest/subtitle).
  open var subtitle: String
  /// What to do when the task cannot start at once; ``SubmissionStrategy/queue`` by default
  /// (Apple doc: https://developer.apple.com/documentation/backgroundtasks/bgcontinuedprocessingtaskrequest/strategy).
  open var strategy: SubmissionStrategy = .queue
  /// The extra resources the task needs; `[]` by default (Apple doc:
  /// https://developer.apple.com/documentation/backgroundtasks/bgcontinuedprocessingtaskrequest/requiredresources).
  open var requiredResources: Resources = []

  /// A request for the task `identifier` on behalf of the app in the foreground (Apple doc:
  /// https://developer.apple.com/documentation/backgroundtasks/bgcontinuedprocessingtaskrequest/init(identifier:title:subtitle:)).
  /// `identifier` is the registered wildcard identifier's prefix and a part of the app's own
  /// (`com.example.export.photo1` under `com.example.export.*`). `earliestBeginDate` is
  /// ignored: the task starts now (Apple: the scheduler ignores it "in favor of `NSDate.now`").
  public init(identifier: String, title: String, subtitle: String) {
    self.title = title
    self.subtitle = subtitle
    super.init(identifier: identifier)
  }
}
