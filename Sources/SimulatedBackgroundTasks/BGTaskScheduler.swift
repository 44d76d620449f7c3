import Foundation
import SimulationDriver
import WorkoutCore

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The BackgroundTasks error domain, `"BGTaskSchedulerErrorDomain"` (Apple doc:
/// https://developer.apple.com/documentation/backgroundtasks/bgtaskschedulererrordomain).
public let BGTaskSchedulerErrorDomain = "BGTaskSchedulerErrorDomain"

/// The system's scheduler of background tasks (Apple doc:
/// https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler).
///
/// One per simulation: ``shared`` inside `simulation.run { }` is that simulation's. A launch
/// handler belongs to the iPhone app's process that registered it (the phone app's crash,
/// `crash(.phone)`, drops it and ends its running tasks; the relaunched app registers again;
/// the watch app's crash touches neither); submitted requests belong to the system and survive
/// a crash (docs/phone.md#background-tasks).
public final class BGTaskScheduler: Sendable {
  /// The simulation this scheduler belongs to.
  unowned let simulation: AppSimulation

  init(simulation: AppSimulation) {
    self.simulation = simulation
  }

  /// The current simulation's scheduler (Apple doc:
  /// https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/shared); traps
  /// outside a simulation's `run`.
  public static var shared: BGTaskScheduler {
    AppSimulation.requireCurrent("BGTaskScheduler.shared").taskScheduler
  }

  /// The extra resources a continued processing task can require on this device (Apple doc:
  /// https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/supportedresources):
  /// none on the simulated phone (a project rule: Apple says not every device supports
  /// background GPU use and names none that does; an app checks this before asking for
  /// ``BGContinuedProcessingTaskRequest/Resources/gpu``, so its fallback runs).
  @available(iOS 26.0, *)
  public class var supportedResources: BGContinuedProcessingTaskRequest.Resources { [] }

  /// Registers the launch handler of the task `identifier` for this app process (Apple doc:
  /// https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/register(fortaskwithidentifier:using:launchhandler:)).
  ///
  /// - Parameters:
  ///   - identifier: one of the Info.plist's `BGTaskSchedulerPermittedIdentifiers`; for
  ///     continued processing tasks a wildcard one (`com.example.export.*`) whose handler gets
  ///     every request under it.
  ///   - queue: Apple: the handler is "executed on the specified queue". `DispatchQueue.main`
  ///     runs it (and the task's expiration handler) on the main actor, so a handler written
  ///     in a `@MainActor` type runs isolated, as on a device; `nil` or another queue runs it
  ///     in the simulation's callback lane, in order, as HealthKit's handlers (a project rule:
  ///     another queue's thread would run it outside virtual time's order). With `nil` a
  ///     handler written in a `@MainActor` type traps as on a device (Swift checks its
  ///     isolation): give `.main`, or write `{ @Sendable task in Task { @MainActor in ... } }`
  ///     (docs/swift-api.md#background-tasks).
  ///   - launchHandler: called with a ``BGAppRefreshTask`` or ``BGProcessingTask`` when the
  ///     system launches the task.
  /// - Returns: `false` when the scenario's Info.plist does not permit `identifier`.
  ///   Registering an identifier twice in one process traps with Apple's message.
  @discardableResult
  public func register(
    forTaskWithIdentifier identifier: String, using queue: DispatchQueue?,
    launchHandler: @escaping (BGTask) -> Void
  ) -> Bool {
    simulation.registerBackgroundTask(
      identifier: identifier, mainQueue: queue.map(MainQueue.isMain) ?? false,
      handler: launchHandler)
  }

  /// Submits a request to launch the app in the background; a request with the same
  /// identifier is replaced (Apple doc:
  /// https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/submit(_:)).
  /// Logs `submitted` with the instant the simulation will launch it (`launchAt`, if any).
  ///
  /// - Throws: ``Error`` with ``Error/Code/notPermitted`` when the Info.plist does not permit
  ///   the identifier, ``Error/Code/unavailable`` when Background App Refresh is off
  ///   (`phone.backgroundAppRefresh`), ``Error/Code/tooManyPendingTaskRequests`` beyond 1
  ///   refresh and 10 processing requests pending; with
  ///   `HealthKitSimulation.Options.strictDates`, ``Error/Code/unavailable`` with the
  ///   wall-clock rule's message when `earliestBeginDate` is the real clock (no code of
  ///   BackgroundTasks names a bad argument, https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/error/code,
  ///   and `unavailable`, "the app or extension can't schedule background work", is the
  ///   nearest; a project rule, docs/swift-api.md#the-wall-clock-rule), also a `strictDate`
  ///   report, so `try? submit(request)` does not hide it. The date is read after the
  ///   identifier and Background App Refresh are checked, as those errors come first on a
  ///   device. Without the option such a date is read on virtual time (`Date() + 900` is
  ///   virtual now plus 15 minutes). A ``BGContinuedProcessingTaskRequest`` starts now or is
  ///   refused: ``Error/Code/notPermitted`` outside the Info.plist's identifiers (a wildcard
  ///   entry `com.example.export.*` permits `com.example.export.photo1`),
  ///   ``Error/Code/unavailable`` when the app is not in the foreground
  ///   (`simulation.phoneAppState`) or it requires resources the phone lacks
  ///   (``supportedResources``), ``Error/Code/immediateRunIneligible`` with the
  ///   ``BGContinuedProcessingTaskRequest/SubmissionStrategy/fail`` strategy while another
  ///   runs (with `queue` it starts when that one ends) (docs/phone.md#continued-processing-tasks).
  public func submit(_ taskRequest: BGTaskRequest) throws {
    try simulation.submitBackgroundTask(taskRequest)
  }

  /// Cancels the pending request `identifier`, if any (Apple doc:
  /// https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/cancel(taskrequestwithidentifier:)).
  public func cancel(taskRequestWithIdentifier identifier: String) {
    simulation.cancelBackgroundTasks(identifier: identifier)
  }

  /// Cancels every pending request (Apple doc:
  /// https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/cancelalltaskrequests()).
  public func cancelAllTaskRequests() {
    simulation.cancelBackgroundTasks(identifier: nil)
  }

  /// The pending requests, through `completionHandler` in the simulation's callback lane (Apple
  /// doc: https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/getpendingtaskrequests(completionhandler:)).
  public func getPendingTaskRequests(completionHandler: @escaping ([BGTaskRequest]) -> Void) {
    let pending = simulation.pendingBackgroundTasks()
    let box = UncheckedBox(completionHandler)
    simulation.enqueue(of: "BGTaskScheduler") { box.value(pending.map { $0.request() }) }
  }

  /// The pending requests, in submission order (copies) (Apple doc:
  /// https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/pendingtaskrequests()).
  @discardableResult
  nonisolated(nonsending) public func pendingTaskRequests() async -> [BGTaskRequest] {
    let pending = simulation.pendingBackgroundTasks()
    await simulation.deliver(of: "BGTaskScheduler")
    return pending.map { $0.request() }
  }

  /// Recognizes `DispatchQueue.main`: on Linux each `DispatchQueue.main` is a new wrapper of the
  /// one main queue (`===` is false), so the main queue carries a private specific value,
  /// which `getSpecific(key:)` reads from the underlying queue whichever wrapper is given.
  enum MainQueue {
    /// The key, set on the main queue once (boxed: the key class is `Sendable` in
    /// swift-corelibs-libdispatch, not declared so on every platform).
    static let key: UncheckedBox<DispatchSpecificKey<Bool>> = {
      let key = DispatchSpecificKey<Bool>()
      DispatchQueue.main.setSpecific(key: key, value: true)
      return UncheckedBox(key)
    }()

    /// Whether `queue` is the main queue (not merely a queue targeting it).
    static func isMain(_ queue: DispatchQueue) -> Bool {
      queue.getSpecific(key: key.value) ?? false
    }
  }

  /// A scheduling error in ``BGTaskSchedulerErrorDomain`` (Apple doc:
  /// https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/error), shaped like
  /// the struct Swift imports for the domain: `catch BGTaskScheduler.Error.notPermitted`,
  /// `(error as NSError).code == 3`.
  public struct Error: CustomNSError, Hashable, Sendable, LocalizedError {
    /// The error codes with Apple's raw values (Apple doc:
    /// https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/error/code).
    public enum Code: Int, Sendable, Hashable {
      /// The app cannot schedule background work (Background App Refresh is off) (1).
      case unavailable = 1
      /// Too many pending requests of the type (2).
      case tooManyPendingTaskRequests = 2
      /// The identifier is not in `BGTaskSchedulerPermittedIdentifiers` (3).
      case notPermitted = 3
      /// A continued processing request with the `fail` strategy could not run immediately:
      /// another one was running (4).
      case immediateRunIneligible = 4

      /// `catch BGTaskScheduler.Error.Code.notPermitted`: true when `error` has this code.
      public static func ~= (code: Code, error: any Swift.Error) -> Bool {
        (error as? BGTaskScheduler.Error)?.code == code
      }
    }

    /// The code.
    public let code: Code
    /// The description.
    public let message: String

    init(_ code: Code, _ message: String) {
      self.code = code
      self.message = message
    }

    /// ``BGTaskSchedulerErrorDomain``.
    public static var errorDomain: String { BGTaskSchedulerErrorDomain }
    /// The code's raw value.
    public var errorCode: Int { code.rawValue }
    /// `NSLocalizedDescriptionKey`: the message.
    public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: message] }
    /// The message.
    public var errorDescription: String? { message }

    /// ``Code/unavailable`` (Apple doc:
    /// https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/error/unavailable).
    public static var unavailable: Code { .unavailable }
    /// ``Code/tooManyPendingTaskRequests`` (Apple doc:
    /// https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/error/toomanypendingtaskrequests).
    public static var tooManyPendingTaskRequests: Code { .tooManyPendingTaskRequests }
    /// ``Code/notPermitted`` (Apple doc:
    /// https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/error/notpermitted).
    public static var notPermitted: Code { .notPermitted }
    /// ``Code/immediateRunIneligible`` (Apple doc:
    /// https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/error/immediaterunineligible).
    public static var immediateRunIneligible: Code { .immediateRunIneligible }
  }
}
