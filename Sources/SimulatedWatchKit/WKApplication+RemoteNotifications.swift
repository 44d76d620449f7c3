import Foundation
import SimulationDriver
import WorkoutCore
import WorkoutScenario
import WorkoutSystem

/// The result of the app's handling of a remote notification's content (Apple doc:
/// https://developer.apple.com/documentation/watchkit/wkbackgroundfetchresult; watchOS 6): what
/// the app passes to the completion handler of
/// `WKApplicationDelegate.didReceiveRemoteNotification(_:fetchCompletionHandler:)`. Its
/// `init?(rawValue: UInt)` is Apple's, but the case values are not published (the page lists the
/// cases alphabetically, without numbers); project choice: those of UIKit's
/// `UIBackgroundFetchResult`, the same three cases (`newData` 0, `noData` 1, `failed` 2).
public enum WKBackgroundFetchResult: UInt, Sendable, Hashable {
  /// The download attempt succeeded (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkbackgroundfetchresult/newdata).
  /// Raw value not published; project choice.
  case newData = 0
  /// The notification has no associated content (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkbackgroundfetchresult/nodata).
  /// Raw value not published; project choice.
  case noData = 1
  /// The download attempt failed (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkbackgroundfetchresult/failed).
  /// Raw value not published; project choice.
  case failed = 2

  /// The case's name, as the run's log writes it.
  var name: String {
    switch self {
    case .newData: "newData"
    case .noData: "noData"
    case .failed: "failed"
    }
  }
}

extension WKApplication {
  /// Registers the app with Apple Push Notification service (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkapplication/registerforremotenotifications()).
  ///
  /// The simulation has no APNs: the scenario's `watch.pushToken` (hex digits) is the device
  /// token APNs gives. One second of virtual time after the call (a project rule: the round trip
  /// to APNs; docs/healthkit-behaviour.md#remote-notifications) the app's delegate gets, on the
  /// main actor, `didRegisterForRemoteNotifications(withDeviceToken:)` with the token's bytes,
  /// and ``isRegisteredForRemoteNotifications`` becomes `true`; without `watch.pushToken` it
  /// gets `didFailToRegisterForRemoteNotificationsWithError(_:)` with an `NSError` in
  /// `WKErrorDomain`, code 1 (`WKError.Code.unknown`, a project rule) whose message says what
  /// to put in the scenario. A second call before the answer moves the answer to one second
  /// after it; the answer goes only to the process that asked (a crash before it drops it).
  /// The run's log gets `system` entries of framework `WatchKit`, identifier
  /// `remoteNotifications`: `registering`, `registered` (detail `deviceToken`),
  /// `registrationFailed`, `unregistered`, `dropped`.
  public func registerForRemoteNotifications() { simulation.registerForRemoteNotifications() }

  /// Unregisters the app from remote notifications (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkapplication/unregisterforremotenotifications()):
  /// ``isRegisteredForRemoteNotifications`` becomes `false`, a registration waiting for its
  /// answer is cancelled, and `AppSimulation.deliverRemoteNotification(userInfo:)` no longer
  /// reaches the app until it registers again. Logs `unregistered`.
  public func unregisterForRemoteNotifications() { simulation.unregisterForRemoteNotifications() }

  /// Whether the app registered for remote notifications successfully (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkapplication/isregisteredforremotenotifications):
  /// `true` from the instant `didRegisterForRemoteNotifications(withDeviceToken:)` is due until
  /// ``unregisterForRemoteNotifications()``; kept across the app's relaunches, as a device keeps
  /// its registration. The user's notification permissions do not change it: the simulation's
  /// remote notifications are background notifications, which need no alert permission (a
  /// project rule).
  public var isRegisteredForRemoteNotifications: Bool {
    simulation.isRegisteredForRemoteNotifications
  }

  /// Asks the system to open `url`, a `tel:` or `sms:` URL: a phone call or a message the user
  /// then confirms (Apple doc of the same method on the older `WKExtension`:
  /// https://developer.apple.com/documentation/watchkit/wkextension/opensystemurl(_:)).
  ///
  /// No system app opens in the simulation: the call is a `system` entry of the run's log
  /// (framework `WatchKit`, event `openSystemURL`, identifier the URL's absolute string,
  /// detail `scheme`), for a test to read from `result.log`. Another scheme opens nothing on a
  /// device: it is logged the same way with `reason: "unsupportedScheme"` and reported as a
  /// `dropped` warning (docs/healthkit-behaviour.md#opening-a-system-url).
  public func openSystemURL(_ url: URL) { simulation.openSystemURL(url, owner: "WKApplication") }
}

extension WKExtension {
  /// Registers the app with Apple Push Notification service, the form before watchOS 7 (Apple
  /// doc: https://developer.apple.com/documentation/watchkit/wkextension/registerforremotenotifications()):
  /// as ``WKApplication/registerForRemoteNotifications()``, the same one registration.
  public func registerForRemoteNotifications() { simulation.registerForRemoteNotifications() }

  /// Unregisters the app from remote notifications (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkextension/unregisterforremotenotifications()):
  /// as ``WKApplication/unregisterForRemoteNotifications()``.
  public func unregisterForRemoteNotifications() { simulation.unregisterForRemoteNotifications() }

  /// Whether the app registered for remote notifications successfully (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkextension/isregisteredforremotenotifications):
  /// as ``WKApplication/isRegisteredForRemoteNotifications``.
  public var isRegisteredForRemoteNotifications: Bool {
    simulation.isRegisteredForRemoteNotifications
  }

  /// Asks the system to open a `tel:` or `sms:` URL (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkextension/opensystemurl(_:)): as
  /// ``WKApplication/openSystemURL(_:)``, logged the same way.
  public func openSystemURL(_ url: URL) { simulation.openSystemURL(url, owner: "WKExtension") }
}

/// Remote notifications in one simulation (part of ``WatchKitState``).
struct RemoteNotificationState: Sendable {
  /// A registration waiting for its answer.
  struct Pending: Sendable {
    /// When the answer is due.
    var at: SimulationInstant
    /// The app process that asked (a crash before the answer drops it).
    var generation: Int
  }

  /// Whether the app is registered (``WKApplication/isRegisteredForRemoteNotifications``).
  var registered = false
  /// The registration waiting for its answer.
  var pending: Pending?
  /// The notifications delivered so far: the last one's number.
  var received = 0
  /// The notifications handed to the app whose completion handler has not been called yet,
  /// each until ``AppSimulation/remoteNotificationRuntime`` after it arrived.
  var handling: [Handling] = []

  /// A notification whose handler runs: what its expiry ends.
  struct Handling: Sendable {
    /// The notification's number (``RemoteNotificationState/received`` when it arrived).
    var number: Int
    /// When it arrived.
    var receivedAt: SimulationInstant
    /// When the system ends its background time if the completion handler was not called.
    var expiresAt: SimulationInstant
    /// The hold on virtual time while the handler runs.
    var hold: Int
    /// Whether it counts as a background task of process `generation` (its keep-alive).
    var counted: Bool
    /// The app process it was handed to.
    var generation: Int
    /// The one claim on its end: the completion handler's or the expiry's, whichever comes
    /// first.
    var latch: CompletionLatch
  }
}

/// A one-time latch for a completion handler the app may call more than once.
final class CompletionLatch: @unchecked Sendable {
  private let lock = NSLock()
  private var done = false

  /// `true` the first time only.
  func claim() -> Bool {
    lock.withLock {
      defer { done = true }
      return !done
    }
  }
}

extension AppSimulation {
  /// How long after `registerForRemoteNotifications()` the answer comes: 1 s of virtual time (a
  /// project rule for the round trip to APNs; Apple gives no figure).
  static let remoteRegistrationDelay: Duration = .seconds(1)
  /// The identifier of the registration's log entries.
  static let remoteRegistrationIdentifier = "remoteNotifications"
  /// The identifier of a delivered notification's log entries.
  static let remoteNotificationIdentifier = "remoteNotification"
  /// The delegate method a remote notification is handed to (its reports' call).
  static let remoteNotificationCall = "didReceiveRemoteNotification(_:fetchCompletionHandler:)"
  /// How long after a remote notification arrives the system waits for the completion handler
  /// of `didReceiveRemoteNotification(_:fetchCompletionHandler:)` before it ends the app's
  /// background time: 30 s (a project rule: WatchKit's page gives no figure; UIKit's page of the
  /// same method gives the app "up to 30 seconds of wall-clock time to process the notification
  /// and call the specified completion handler block",
  /// https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:didreceiveremotenotification:fetchcompletionhandler:);
  /// docs/healthkit-behaviour.md#remote-notifications).
  static let remoteNotificationRuntime: Duration = .seconds(30)

  /// `registerForRemoteNotifications()`: the answer is due ``remoteRegistrationDelay`` from now
  /// (``WatchRefreshTimer`` serves it).
  func registerForRemoteNotifications() {
    mutate { state in
      let generation = state.processGeneration()
      let due = state.session.now.advanced(by: Self.remoteRegistrationDelay)
      state.withExtension(WatchKitState.self, of: self) { watchKit, state in
        watchKit.remote.pending = RemoteNotificationState.Pending(at: due, generation: generation)
        state.log(
          SystemEvent(
            framework: .watchKit, event: "registering",
            identifier: Self.remoteRegistrationIdentifier, details: ["answerAt": .instant(due)]))
      }
    }
    addSystemTimer(key: ObjectIdentifier(WatchKitState.self), WatchRefreshTimer(simulation: self))
  }

  /// `unregisterForRemoteNotifications()`.
  func unregisterForRemoteNotifications() {
    mutate { state in
      state.withExtension(WatchKitState.self, of: self) { watchKit, state in
        watchKit.remote.registered = false
        watchKit.remote.pending = nil
        state.log(
          SystemEvent(
            framework: .watchKit, event: "unregistered",
            identifier: Self.remoteRegistrationIdentifier))
      }
    }
  }

  /// `isRegisteredForRemoteNotifications`.
  var isRegisteredForRemoteNotifications: Bool {
    state.withLock { $0.extensionState(WatchKitState.self)?.remote.registered ?? false }
  }

  /// The registration's answer, when it is due at `now` (under the lock, from the timer): the
  /// scenario's `watch.pushToken` or the failure, logged, and the delegate's call on the main
  /// actor.
  func answerRemoteRegistration(
    at now: SimulationInstant, _ watchKit: inout WatchKitState, _ state: inout State
  ) -> [Callback] {
    guard let pending = watchKit.remote.pending, pending.at <= now else { return [] }
    watchKit.remote.pending = nil
    guard pending.generation == state.processGeneration() else {
      state.log(
        SystemEvent(
          framework: .watchKit, event: "dropped", identifier: Self.remoteRegistrationIdentifier,
          details: ["reason": .string("appCrashed")]))
      return []
    }
    guard let token = scenario.pushToken else {
      state.log(
        SystemEvent(
          framework: .watchKit, event: "registrationFailed",
          identifier: Self.remoteRegistrationIdentifier,
          details: ["reason": .string("noPushToken")]))
      return [
        { [self] in
          AppSimulation.onMainActor { [self] in
            guard let delegate = watchApplication.appDelegate else {
              return noteNoAppDelegate("failed to register for remote notifications")
            }
            delegate.didFailToRegisterForRemoteNotificationsWithError(Self.noPushTokenError())
          }
        }
      ]
    }
    watchKit.remote.registered = true
    let hex = token.map { byte in
      let digits = Array("0123456789abcdef")
      return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }.joined()
    state.log(
      SystemEvent(
        framework: .watchKit, event: "registered", identifier: Self.remoteRegistrationIdentifier,
        details: ["deviceToken": .string(hex)]))
    let data = Data(token)
    return [
      { [self] in
        AppSimulation.onMainActor { [self] in
          guard let delegate = watchApplication.appDelegate else {
            return noteNoAppDelegate("registered for remote notifications")
          }
          delegate.didRegisterForRemoteNotifications(withDeviceToken: data)
        }
      }
    ]
  }

  /// The error of a registration without `watch.pushToken`.
  static func noPushTokenError() -> NSError {
    NSError(
      domain: "WKErrorDomain", code: 1,
      userInfo: [
        NSLocalizedDescriptionKey:
          "registerForRemoteNotifications() failed: the simulation has no Apple Push "
          + "Notification service, and the scenario gives the watch no device token. Add one as "
          + "hex digits to the scenario's \"watch\" object, e.g. \"watch\": {\"pushToken\": "
          + "\"a1b2c3d4\"} (docs/scenario-format.md#the-watch), then deliver notifications with "
          + "simulation.deliverRemoteNotification(userInfo:)"
      ])
  }

  /// The simulation's `WKApplication.shared()`, which keeps the one delegate.
  @MainActor var watchApplication: WKApplication {
    watchKitShared(\.application) { WKApplication(simulation: self) }
  }

  /// Notes that the app `what` at virtual now while it had no delegate
  /// (`noteNoDelegate(_:kind:at:advice:)`).
  func noteNoAppDelegate(_ what: String) {
    noteNoDelegate(
      "the watch app \(what)", at: now.timeIntervalSince(startDate),
      advice: "set WKApplication.shared().delegate (or launch the app with "
        + "simulation.launchWatchApp { MyAppDelegate() })")
  }

  /// A remote notification with `userInfo` (its payload: property-list values) reaches the
  /// watch app, as Apple Push Notification service delivers a background notification
  /// (docs/healthkit-behaviour.md#remote-notifications). Not part of WatchKit: a control, in
  /// place of the app's server.
  ///
  /// The app must be registered (``WKApplication/isRegisteredForRemoteNotifications``: its
  /// server has no device token otherwise): if not, nothing is delivered, the log gets
  /// `dropped` (`reason: "notRegistered"`) and the call returns `false`. Otherwise the system
  /// wakes a suspended app into the background or launches a not-running one into it (an
  /// `appState` change with cause `remoteNotification`; a frontmost app stays as it is) and
  /// hands the payload to the delegate's
  /// `didReceiveRemoteNotification(_:fetchCompletionHandler:)` on the main actor (after
  /// `applicationDidFinishLaunching()` when it launched the app). Virtual time holds at the
  /// instant, and the app stays alive, until the app calls the completion handler (logged
  /// `completed` with `result`); a handler never called is dropped after `appWorkGrace` and
  /// reported (`holdExpired`), as every held answer is. A delegate that implements neither form
  /// of the method gets a `notDelivered` warning. Logs `received` (details `appState`,
  /// `number`), identifier `remoteNotification`. Returns when the delegate's call has run and
  /// its completion handler was called (or the hold was dropped).
  ///
  /// - Returns: whether the notification reached the app (it was registered).
  @discardableResult
  public func deliverRemoteNotification(userInfo: [AnyHashable: Any]) async -> Bool {
    let info = RefreshBox(userInfo)
    let hold = beginHold(framework: "WatchKit", call: Self.remoteNotificationCall, device: .watch)
    let work = mutate { state -> [Callback]? in
      let generation = state.processGeneration()
      return state.withExtension(WatchKitState.self, of: self) { watchKit, state -> [Callback]? in
        guard watchKit.remote.registered else {
          state.log(
            SystemEvent(
              framework: .watchKit, event: "dropped", identifier: Self.remoteNotificationIdentifier,
              details: ["reason": .string("notRegistered")]))
          return nil
        }
        let before = state.session.readEngine { $0.appState }
        let (counted, launched) = state.session.launchForRemoteNotification(
          at: state.session.now)
        watchKit.remote.received += 1
        let number = watchKit.remote.received
        state.log(
          SystemEvent(
            framework: .watchKit, event: "received", identifier: Self.remoteNotificationIdentifier,
            details: ["appState": .string(before.rawValue), "number": .integer(number)]))
        let latch = CompletionLatch()
        let now = state.session.now
        watchKit.remote.handling.append(
          RemoteNotificationState.Handling(
            number: number, receivedAt: now,
            expiresAt: now.advanced(by: Self.remoteNotificationRuntime), hold: hold,
            counted: counted, generation: generation, latch: latch))
        let handed = HandedNotification(
          number: number, hold: hold, counted: counted, generation: generation, latch: latch)
        return state.afterBackgroundLaunch(launched: launched) { [weak self] in
          guard let self else { return }
          AppSimulation.onMainActor { [self] in handRemoteNotification(info, handed) }
        }
      }
    }
    guard let work else {
      endHold(hold)
      return false
    }
    // The expiry of the notification's background time (`WatchRefreshTimer`).
    addSystemTimer(key: ObjectIdentifier(WatchKitState.self), WatchRefreshTimer(simulation: self))
    enqueue(work, owedBy: nil)
    await deliverRemoteNotificationWork()
    return true
  }

  /// Delivers the lane and waits for the delegate's answer.
  nonisolated(nonsending) private func deliverRemoteNotificationWork() async {
    await deliver()
    await waitForHolds()
  }

  /// A notification on its way to the delegate: its number, its hold on virtual time, whether
  /// it counts as a background task of process `generation`.
  struct HandedNotification: Sendable {
    var number: Int
    var hold: Int
    var counted: Bool
    var generation: Int
    /// The claim the completion handler and the expiry share.
    var latch: CompletionLatch
  }

  /// Hands the notification to the live process's delegate (on the main actor).
  @MainActor func handRemoteNotification(
    _ info: RefreshBox<[AnyHashable: Any]>, _ handed: HandedNotification
  ) {
    guard let delegate = watchApplication.appDelegate else {
      let reports = mutate { state in
        state.log(
          SystemEvent(
            framework: .watchKit, event: "undelivered",
            identifier: Self.remoteNotificationIdentifier,
            details: ["reason": .string("no WKApplication delegate")]))
        return keepReports(
          .notDelivered, [Self.remoteNotificationUndeliveredMessage], framework: "WatchKit",
          call: Self.remoteNotificationCall, in: &state)
      }
      reports.forEach(Self.writeToStandardError)
      if handed.latch.claim() { remoteNotificationCompleted(handed, result: nil) }
      return
    }
    let latch = handed.latch
    delegate.didReceiveRemoteNotification(info.value) { [self] result in
      // A second call, or a call after the notification's time ran out, does nothing.
      guard latch.claim() else { return }
      remoteNotificationCompleted(handed, result: result)
    }
  }

  /// The app called the notification's completion handler with `result` (`nil`: no delegate
  /// took it): logs `completed`, ends its keep-alive and its hold.
  func remoteNotificationCompleted(_ handed: HandedNotification, result: WKBackgroundFetchResult?) {
    mutate { state in
      state.withExtension(WatchKitState.self, of: self) { watchKit, _ in
        watchKit.remote.handling.removeAll { $0.number == handed.number }
      }
      if let result {
        state.log(
          SystemEvent(
            framework: .watchKit, event: "completed",
            identifier: Self.remoteNotificationIdentifier,
            details: ["number": .integer(handed.number), "result": .string(result.name)]))
      }
      if handed.counted, handed.generation == state.processGeneration() {
        state.session.withEngine { $0.backgroundRefreshEnded(at: $0.now) }
      }
    }
    endHold(handed.hold)
  }

  /// Ends the notifications whose completion handler was not called within
  /// ``remoteNotificationRuntime`` (under the lock, from ``WatchRefreshTimer`` at `now`): as
  /// for an expired background task, each no longer holds virtual time nor keeps the app
  /// alive (a background app's grace period starts, then it is suspended), a later call of its
  /// completion handler does nothing, the log says `expired`, and a
  /// ``Report/Kind-swift.enum/notDelivered`` warning names the handler and what to write
  /// (docs/healthkit-behaviour.md#remote-notifications). Returns the reports' writing.
  func expireRemoteNotifications(
    at now: SimulationInstant, _ watchKit: inout WatchKitState, _ state: inout State
  ) -> [Callback] {
    let generation = state.processGeneration()
    var reports: [Report] = []
    for handling in watchKit.remote.handling where handling.expiresAt <= now {
      // The completion handler claimed it first: it ends it itself (`remoteNotificationCompleted`).
      guard handling.latch.claim() else { continue }
      watchKit.remote.handling.removeAll { $0.number == handling.number }
      state.holds.removeValue(forKey: handling.hold)
      state.log(
        SystemEvent(
          framework: .watchKit, event: "expired", identifier: Self.remoteNotificationIdentifier,
          details: ["number": .integer(handling.number)]))
      if handling.counted, handling.generation == generation {
        state.session.withEngine { $0.backgroundRefreshEnded(at: now) }
      }
      let owner = watchKit.application?.delegateBox.withLock { $0.owner } ?? "WKApplication"
      reports += keepReports(
        .notDelivered,
        [Self.remoteNotificationExpiredMessage(receivedAt: handling.receivedAt, owner: owner)],
        framework: "WatchKit", call: Self.remoteNotificationCall, in: &state)
    }
    guard !reports.isEmpty else { return [] }
    let kept = reports
    return [{ kept.forEach(AppSimulation.writeToStandardError) }]
  }

  /// The app's process ended (a crash, under the lock): the notifications its handlers were
  /// working on went with it. Each is dropped now (logged `dropped`, `reason` `appCrashed`): it
  /// no longer holds virtual time, and its completion handler does nothing.
  func remoteNotificationsEnded(_ watchKit: inout WatchKitState, _ state: inout State) {
    for handling in watchKit.remote.handling where handling.latch.claim() {
      state.holds.removeValue(forKey: handling.hold)
      state.log(
        SystemEvent(
          framework: .watchKit, event: "dropped", identifier: Self.remoteNotificationIdentifier,
          details: ["number": .integer(handling.number), "reason": .string("appCrashed")]))
    }
    watchKit.remote.handling = []
  }

  /// The ``Report/Kind-swift.enum/notDelivered`` message of a notification received at
  /// `receivedAt` whose completion handler the `owner` delegate did not call in time.
  static func remoteNotificationExpiredMessage(receivedAt: SimulationInstant, owner: String)
    -> String
  {
    let received = secondsText(receivedAt.seconds)
    let ended = secondsText(receivedAt.advanced(by: remoteNotificationRuntime).seconds)
    return "the completion handler of the \(owner) delegate's "
      + "didReceiveRemoteNotification(_:fetchCompletionHandler:) for the remote notification "
      + "received at t = \(received) s was never called: watchOS ended the app's background time "
      + "at t = \(ended) s (30 s later), so the app no longer runs for it and is suspended as "
      + "after an expired background task. Call completionHandler on every path of the handler, "
      + "also when the work fails or finds nothing: completionHandler(.failed) or "
      + "completionHandler(.noData) (docs/healthkit-behaviour.md#remote-notifications)"
  }

  /// The ``Report/Kind-swift.enum/notDelivered`` message of a notification that found no
  /// delegate.
  static let remoteNotificationUndeliveredMessage =
    "a remote notification reached the watch app but the app has no WKApplication delegate to "
    + "hand it to: set WKApplication.shared().delegate (or WKExtension.shared().delegate for a "
    + "WKExtensionDelegate, or launch the app with simulation.launchWatchApp { MyAppDelegate() }) "
    + "and implement didReceiveRemoteNotification(_:fetchCompletionHandler:)"

  /// The ``Report/Kind-swift.enum/notDelivered`` message of a notification the delegate of
  /// `owner` (`WKApplication` or `WKExtension`) has no method for.
  static func remoteNotificationUnhandledMessage(owner: String) -> String {
    "the app's \(owner) delegate implements neither "
      + "didReceiveRemoteNotification(_:fetchCompletionHandler:) nor its async form "
      + "didReceiveRemoteNotification(_:) async -> WKBackgroundFetchResult, so the remote "
      + "notification's payload reached none of the app's code (answered .noData): implement "
      + "one of them (exactly this signature)"
  }

  /// `openSystemURL(_:)` of `owner`.
  func openSystemURL(_ url: URL, owner: String) {
    let scheme = url.scheme?.lowercased() ?? ""
    let supported = scheme == "tel" || scheme == "sms"
    let reports = mutate { state -> [Report] in
      var details: [String: SystemEvent.Value] = ["scheme": .string(scheme)]
      if !supported { details["reason"] = .string("unsupportedScheme") }
      state.log(
        SystemEvent(
          framework: .watchKit, event: "openSystemURL", identifier: url.absoluteString,
          details: details))
      guard !supported else { return [] }
      return keepDropped(
        [
          "\(owner).openSystemURL(_:) was given \(url.absoluteString), but it opens only tel: "
            + "and sms: URLs (a phone call or a message), so nothing opened: use a tel: or sms: "
            + "URL"
        ], framework: "WatchKit", call: "\(owner).openSystemURL(_:)", in: &state)
    }
    reports.forEach(Self.writeToStandardError)
  }
}

/// The default bodies of the remote-notification methods of WatchKit's two delegate protocols
/// (``WKApplicationDelegate`` and the older ``WKExtensionDelegate``, whose methods are the
/// same): one home for both, each protocol's default calling it with its own delegate and
/// owner's name.
enum RemoteNotificationDefaults {
  /// The default `didReceiveRemoteNotification(_:fetchCompletionHandler:)`: calls the async
  /// form (`asyncForm`, the delegate's `didReceiveRemoteNotification(_:)`) on the main actor
  /// and passes its result to `completionHandler` (a project rule: an app implements one form
  /// or the other).
  @MainActor static func callAsyncForm<Delegate>(
    of delegate: Delegate, _ userInfo: [AnyHashable: Any],
    _ completionHandler: @escaping (WKBackgroundFetchResult) -> Void,
    asyncForm:
      @escaping @Sendable @MainActor (Delegate, [AnyHashable: Any]) async ->
      WKBackgroundFetchResult
  ) {
    // One box each (a box of a tuple of them was released once too often on Linux).
    let delegate = RefreshBox(delegate)
    let payload = RefreshBox(userInfo)
    let completion = RefreshBox(completionHandler)
    Task { @MainActor in
      let result = await asyncForm(delegate.value, payload.value)
      completion.value(result)
    }
  }

  /// The default async `didReceiveRemoteNotification(_:)`: answers
  /// ``WKBackgroundFetchResult/noData`` at once and reports it as a `notDelivered` warning
  /// naming `owner` (`"WKApplication"` or `"WKExtension"`; a project rule: the payload reached
  /// none of the app's code, often a method whose signature differs).
  static func unhandled(owner: String) -> WKBackgroundFetchResult {
    AppSimulation.running?.reportUnhandledRefresh(
      message: AppSimulation.remoteNotificationUnhandledMessage(owner: owner),
      call: AppSimulation.remoteNotificationCall)
    return .noData
  }
}
