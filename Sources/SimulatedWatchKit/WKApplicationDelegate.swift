import SimulatedHealthKit
import SimulationDriver
import Synchronization

/// The watch app's delegate, WatchKit's `WKApplicationDelegate` (Apple doc:
/// https://developer.apple.com/documentation/watchkit/wkapplicationdelegate): set it as
/// ``WKApplication/delegate`` (a SwiftUI app's `@WKApplicationDelegateAdaptor` sets it).
///
/// Of its methods the simulation calls `handle(_:)` with a workout configuration: when the
/// phone's app calls `HKHealthStore.startWatchApp(with:completion:)`
/// (docs/phone-link.md#starting-the-watch-app); `handle(_:)` with background tasks: when a
/// refresh the app scheduled launches (docs/healthkit-behaviour.md#background-refresh), and
/// when content from the phone wakes the app (docs/phone-link.md#waking-the-watch-app);
/// `handle(_:)` with an extended runtime session: when a smart alarm the crashed process
/// scheduled starts (docs/healthkit-behaviour.md#extended-runtime-sessions);
/// ``applicationDidFinishLaunching()`` and ``handleActiveWorkoutRecovery()``: for a delegate
/// the simulation launches itself, at first and after every relaunch
/// (`AppSimulation.launchWatchApp(_:)`, docs/swift-api.md#crash-and-recovery); the four
/// life-cycle calls (``applicationWillResignActive()``, ``applicationDidEnterBackground()``,
/// ``applicationWillEnterForeground()``, ``applicationDidBecomeActive()``): at each change of
/// the app's state (docs/healthkit-behaviour.md#app-states).
@MainActor public protocol WKApplicationDelegate: NSObjectProtocol {
  /// The app has finished launching (Apple doc of the same method on the older
  /// `WKExtensionDelegate`:
  /// https://developer.apple.com/documentation/watchkit/wkextensiondelegate/applicationdidfinishlaunching()).
  /// Called on the main actor for a delegate made by `AppSimulation.launchWatchApp(_:)`, at
  /// its launch and at each relaunch after a crash, before ``handleActiveWorkoutRecovery()``
  /// (optional in WatchKit).
  func applicationDidFinishLaunching()

  /// The app was relaunched after it crashed during an active workout session: recover the
  /// session with `HKHealthStore.recoverActiveWorkoutSession(completion:)` (Apple doc of the
  /// same method on the older `WKExtensionDelegate`:
  /// https://developer.apple.com/documentation/watchkit/wkextensiondelegate/handleactiveworkoutrecovery()).
  /// Called on the main actor, after ``applicationDidFinishLaunching()``, for a delegate made
  /// by `AppSimulation.launchWatchApp(_:)`, when the world relaunches the app for recovery (a
  /// timeline `relaunch` with `recover: true`, the `crash-recover` fault) and the crash left a
  /// session open; a `relaunch` with `recover: false` (the `crash` fault) launches the app
  /// without this call (a project rule: docs/swift-api.md#crash-and-recovery). Optional in
  /// WatchKit.
  func handleActiveWorkoutRecovery()

  /// The phone's app started a workout: create and start a workout session with
  /// `workoutConfiguration` (Apple doc of the same method on the older `WKExtensionDelegate`:
  /// https://developer.apple.com/documentation/watchkit/wkextensiondelegate/handle(_:)-f27i).
  /// Called on the main actor, as the watch's code, after the system launched or woke the app
  /// in the background, after ``applicationDidFinishLaunching()`` when the request launched
  /// the app (docs/phone-link.md#starting-the-watch-app; optional in WatchKit).
  func handle(_ workoutConfiguration: HKWorkoutConfiguration)

  /// The system launched or woke the app in the background for `backgroundTasks`: do the work
  /// of each (a HealthKit query, a widget reload, the next
  /// `scheduleBackgroundRefresh(withPreferredDate:userInfo:scheduledCompletion:)`), then call
  /// its `setTaskCompletedWithSnapshot(_:)` (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkapplicationdelegate/handle(_:)-4vdjo;
  /// optional in WatchKit). Called on the main actor with one
  /// ``WKApplicationRefreshBackgroundTask`` at the launch instant of each refresh the app
  /// scheduled (docs/healthkit-behaviour.md#background-refresh), and with one
  /// ``WKWatchConnectivityRefreshBackgroundTask`` when content from the phone wakes or launches
  /// the app (docs/phone-link.md#waking-the-watch-app), after `applicationDidFinishLaunching()`
  /// when the task launched the app.
  func handle(_ backgroundTasks: Set<WKRefreshBackgroundTask>)

  /// The app became active: frontmost with the wrist raised (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkapplicationdelegate/applicationdidbecomeactive()).
  /// Called on the main actor when the app state becomes `active`: the wrist raised on an
  /// inactive app, after ``applicationWillEnterForeground()`` for a background or suspended app
  /// brought to the front (`wristUp` with a live workout session, `openApp`), and after
  /// ``applicationDidFinishLaunching()`` for a launch into the foreground
  /// (docs/healthkit-behaviour.md#app-states). Optional in WatchKit.
  func applicationDidBecomeActive()

  /// The app is about to stop being active (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkapplicationdelegate/applicationwillresignactive()).
  /// Called on the main actor when an active app becomes inactive (`wristDown`) or goes to the
  /// background at once (a Digital Crown press: then ``applicationDidEnterBackground()``
  /// follows) (docs/healthkit-behaviour.md#app-states). Optional in WatchKit.
  func applicationWillResignActive()

  /// The app is about to come from the background to the foreground (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkapplicationdelegate/applicationwillenterforeground()).
  /// Called on the main actor when a background or suspended app becomes frontmost (`wristUp`
  /// with a live workout session, `openApp`), before ``applicationDidBecomeActive()``, and at
  /// a launch into the foreground after ``applicationDidFinishLaunching()``
  /// (docs/healthkit-behaviour.md#app-states). Optional in WatchKit.
  func applicationWillEnterForeground()

  /// The app went from the foreground to the background (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkapplicationdelegate/applicationdidenterbackground()).
  /// Called on the main actor when a frontmost app goes to the background: the return-to-clock
  /// time after a wrist-down, or a Digital Crown press (after
  /// ``applicationWillResignActive()`` when the app was active)
  /// (docs/healthkit-behaviour.md#app-states). Not called when a background app is suspended,
  /// or when it crashes. Optional in WatchKit.
  func applicationDidEnterBackground()

  /// The app registered with Apple Push Notification service; `deviceToken` is the token to
  /// send to the app's server (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkapplicationdelegate/didregisterforremotenotifications(withdevicetoken:)).
  /// Called on the main actor one second after
  /// ``WKApplication/registerForRemoteNotifications()`` when the scenario gives
  /// `watch.pushToken` (its bytes) (docs/healthkit-behaviour.md#remote-notifications). Optional
  /// in WatchKit.
  func didRegisterForRemoteNotifications(withDeviceToken deviceToken: Data)

  /// The registration with Apple Push Notification service failed (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkapplicationdelegate/didfailtoregisterforremotenotificationswitherror(_:)).
  /// Called on the main actor one second after
  /// ``WKApplication/registerForRemoteNotifications()`` when the scenario gives no
  /// `watch.pushToken`: an `NSError` in `WKErrorDomain`, code 1, whose message says what to add
  /// (docs/healthkit-behaviour.md#remote-notifications). Optional in WatchKit.
  func didFailToRegisterForRemoteNotificationsWithError(_ error: any Error)

  /// A background notification arrived with `userInfo`, its payload: do the work it asks for,
  /// then call `completionHandler` with the result (Apple doc of the same method on the older
  /// `WKExtensionDelegate`:
  /// https://developer.apple.com/documentation/watchkit/wkextensiondelegate/didreceiveremotenotification(_:fetchcompletionhandler:)).
  /// Called on the main actor for each `AppSimulation.deliverRemoteNotification(userInfo:)` to a
  /// registered app, after `applicationDidFinishLaunching()` when the notification launched it;
  /// virtual time holds until `completionHandler` is called
  /// (docs/healthkit-behaviour.md#remote-notifications). Optional in WatchKit: the default calls
  /// the async form ``didReceiveRemoteNotification(_:)`` and passes on its result.
  func didReceiveRemoteNotification(
    _ userInfo: [AnyHashable: Any],
    fetchCompletionHandler completionHandler: @escaping (WKBackgroundFetchResult) -> Void)

  /// A background notification arrived: return the result when the work is done (the async
  /// form of `didReceiveRemoteNotification(_:fetchCompletionHandler:)`). Called on the main
  /// actor when the delegate does not implement the completion handler form.
  ///
  /// Apple's, though Apple's page shows only the completion-handler declaration: Swift
  /// imports an Objective-C method whose last parameter is a completion handler block named
  /// `completionHandler` as two methods, the completion form and an `async` one returning what
  /// the block is given (SE-0297,
  /// https://github.com/swiftlang/swift-evolution/blob/main/proposals/0297-concurrency-objc.md,
  /// whose protocol rule lets a conforming type implement either one), and the two "share the
  /// same page in the documentation" (Apple:
  /// https://developer.apple.com/documentation/swift/calling-objective-c-apis-asynchronously).
  /// WatchKit's method is `didReceiveRemoteNotification:fetchCompletionHandler:` with the
  /// block parameter `completionHandler`
  /// (https://developer.apple.com/documentation/watchkit/wkextensiondelegate/didreceiveremotenotification(_:fetchcompletionhandler:)),
  /// so its async form is this one; UIKit's and UserNotifications' delegate pages likewise show
  /// only the completion form of methods apps implement in async form
  /// (docs/healthkit-behaviour.md#remote-notifications).
  func didReceiveRemoteNotification(_ userInfo: [AnyHashable: Any]) async
    -> WKBackgroundFetchResult

  /// The system launched the app to resume `extendedRuntimeSession`, a session the app
  /// scheduled before its process ended: set the session's delegate to keep it (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkextensiondelegate/handle(_:)-4qxgv;
  /// optional in WatchKit). Called on the main actor when a smart alarm scheduled with
  /// `WKExtendedRuntimeSession.start(at:)` reaches its date after the process that scheduled
  /// it crashed (Apple: "If your app isn't running, the system launches your app and calls
  /// your extension delegate's handle(_:) method to start the session",
  /// https://developer.apple.com/documentation/watchkit/wkextendedruntimesession/start(at:)):
  /// the app is launched into the background (after `applicationDidFinishLaunching()` of a
  /// delegate made by `AppSimulation.launchWatchApp(_:)`) and `extendedRuntimeSession`, a new
  /// object, is already ``WKExtendedRuntimeSessionState/running`` (its delegate gets no
  /// `extendedRuntimeSessionDidStart`: this call is the start's, a project rule). A session
  /// whose delegate is still `nil` when the call returns is ended (`invalidate()`: Apple, "If
  /// you do not set the session's delegate, the system ends the session") and reported as a
  /// `notDelivered` warning (docs/healthkit-behaviour.md#extended-runtime-sessions). A session
  /// that starts while the process that scheduled it runs goes to its own object's delegate.
  func handle(_ extendedRuntimeSession: WKExtendedRuntimeSession)
}

extension WKApplicationDelegate {
  /// Does nothing (optional in WatchKit).
  public func didRegisterForRemoteNotifications(withDeviceToken deviceToken: Data) {}

  /// Does nothing (optional in WatchKit).
  public func didFailToRegisterForRemoteNotificationsWithError(_ error: any Error) {}

  /// Calls the async form ``didReceiveRemoteNotification(_:)`` on the main actor and passes its
  /// result to `completionHandler` (optional in WatchKit; a project rule: an app implements
  /// one form or the other).
  public func didReceiveRemoteNotification(
    _ userInfo: [AnyHashable: Any],
    fetchCompletionHandler completionHandler: @escaping (WKBackgroundFetchResult) -> Void
  ) {
    RemoteNotificationDefaults.callAsyncForm(of: self, userInfo, completionHandler) {
      await $0.didReceiveRemoteNotification($1)
    }
  }

  /// Answers ``WKBackgroundFetchResult/noData`` at once and reports it as a `notDelivered`
  /// warning (optional in WatchKit; a project rule: the payload reached none of the app's code,
  /// often a method whose signature differs).
  public func didReceiveRemoteNotification(_ userInfo: [AnyHashable: Any]) async
    -> WKBackgroundFetchResult
  {
    RemoteNotificationDefaults.unhandled(owner: "WKApplication")
  }

  /// Does nothing (optional in WatchKit).
  public func handle(_ extendedRuntimeSession: WKExtendedRuntimeSession) {}

  /// Does nothing (optional in WatchKit).
  public func applicationDidBecomeActive() {}

  /// Does nothing (optional in WatchKit).
  public func applicationWillResignActive() {}

  /// Does nothing (optional in WatchKit).
  public func applicationWillEnterForeground() {}

  /// Does nothing (optional in WatchKit).
  public func applicationDidEnterBackground() {}

  /// Does nothing (optional in WatchKit).
  public func handle(_ workoutConfiguration: HKWorkoutConfiguration) {}

  /// Does nothing (optional in WatchKit).
  public func applicationDidFinishLaunching() {}

  /// Does nothing (optional in WatchKit): the relaunched app does not recover its session.
  public func handleActiveWorkoutRecovery() {}

  /// Completes every task at once with `setTaskCompletedWithSnapshot(false)` (optional in
  /// WatchKit; a project rule: a delegate without the method does no work for the task, and
  /// completing it is what Apple asks of every task the app does not need), and reports it as
  /// a `notDelivered` warning (the app scheduled a refresh that none of its code handles: often
  /// a method whose signature differs, such as a `Set<WKApplicationRefreshBackgroundTask>`
  /// parameter).
  public func handle(_ backgroundTasks: Set<WKRefreshBackgroundTask>) {
    for task in backgroundTasks { task.completeUnhandled(owner: "WKApplication") }
  }
}

/// The delegate as ``WKApplication`` keeps it (set and read on the main actor): the app's one
/// delegate, an ``WKApplicationDelegate`` or the older ``WKExtensionDelegate``, whichever the
/// app set (``WKApplication/delegate`` or ``WKExtension/delegate``: one box for both).
struct ApplicationDelegateBox: @unchecked Sendable {
  var delegate: WatchAppDelegate?
  /// The owner of the delegate's protocol, for reports made off the main actor:
  /// `"WKExtension"` while the delegate is a `WKExtensionDelegate`, else `"WKApplication"`.
  var owner = "WKApplication"
}

/// The app's delegate, whichever of WatchKit's two delegate protocols it adopts: the calls the
/// simulation makes, each to the protocol's method of the same name.
@MainActor enum WatchAppDelegate {
  /// A `WKApplicationDelegate` (``WKApplication/delegate``).
  case application(any WKApplicationDelegate)
  /// A `WKExtensionDelegate` (``WKExtension/delegate``).
  case `extension`(any WKExtensionDelegate)

  /// The delegate object.
  var object: AnyObject {
    switch self {
    case .application(let delegate): delegate
    case .extension(let delegate): delegate
    }
  }

  /// Runs `body`, a call into the watch app's delegate, as the watch app's code
  /// (`AppSimulation.$currentDevice` `.watch`), whoever's task makes it: `WidgetCenter.shared`,
  /// `WCSession.default` and an `HKHealthStore()` made there are the watch's, and the tasks it
  /// starts inherit that (project rule: every callback into an app runs as its device's code,
  /// docs/swift-api.md#whose-code-a-callback-runs-as).
  private func asWatch(_ body: () -> Void) {
    AppSimulation.$currentDevice.withValue(.watch, operation: body)
  }

  /// The protocol's `applicationDidFinishLaunching()`.
  func applicationDidFinishLaunching() {
    asWatch {
      switch self {
      case .application(let delegate): delegate.applicationDidFinishLaunching()
      case .extension(let delegate): delegate.applicationDidFinishLaunching()
      }
    }
  }

  /// The protocol's `handleActiveWorkoutRecovery()`.
  func handleActiveWorkoutRecovery() {
    asWatch {
      switch self {
      case .application(let delegate): delegate.handleActiveWorkoutRecovery()
      case .extension(let delegate): delegate.handleActiveWorkoutRecovery()
      }
    }
  }

  /// The protocol's `handle(_:)` of a workout configuration.
  func handle(_ workoutConfiguration: HKWorkoutConfiguration) {
    asWatch {
      switch self {
      case .application(let delegate): delegate.handle(workoutConfiguration)
      case .extension(let delegate): delegate.handle(workoutConfiguration)
      }
    }
  }

  /// The protocol's `handle(_:)` of background tasks.
  func handle(_ backgroundTasks: Set<WKRefreshBackgroundTask>) {
    asWatch {
      switch self {
      case .application(let delegate): delegate.handle(backgroundTasks)
      case .extension(let delegate): delegate.handle(backgroundTasks)
      }
    }
  }

  /// The protocol's `didRegisterForRemoteNotifications(withDeviceToken:)`.
  func didRegisterForRemoteNotifications(withDeviceToken deviceToken: Data) {
    asWatch {
      switch self {
      case .application(let delegate):
        delegate.didRegisterForRemoteNotifications(withDeviceToken: deviceToken)
      case .extension(let delegate):
        delegate.didRegisterForRemoteNotifications(withDeviceToken: deviceToken)
      }
    }
  }

  /// The protocol's `didFailToRegisterForRemoteNotificationsWithError(_:)`.
  func didFailToRegisterForRemoteNotificationsWithError(_ error: any Error) {
    asWatch {
      switch self {
      case .application(let delegate):
        delegate.didFailToRegisterForRemoteNotificationsWithError(error)
      case .extension(let delegate):
        delegate.didFailToRegisterForRemoteNotificationsWithError(error)
      }
    }
  }

  /// The protocol's `didReceiveRemoteNotification(_:fetchCompletionHandler:)`.
  func didReceiveRemoteNotification(
    _ userInfo: [AnyHashable: Any],
    fetchCompletionHandler completionHandler: @escaping (WKBackgroundFetchResult) -> Void
  ) {
    asWatch {
      switch self {
      case .application(let delegate):
        delegate.didReceiveRemoteNotification(userInfo, fetchCompletionHandler: completionHandler)
      case .extension(let delegate):
        delegate.didReceiveRemoteNotification(userInfo, fetchCompletionHandler: completionHandler)
      }
    }
  }

  /// The protocol's `handle(_:)` of an extended runtime session.
  func handle(_ extendedRuntimeSession: WKExtendedRuntimeSession) {
    asWatch {
      switch self {
      case .application(let delegate): delegate.handle(extendedRuntimeSession)
      case .extension(let delegate): delegate.handle(extendedRuntimeSession)
      }
    }
  }

  /// Makes the life-cycle call `call`.
  func lifecycle(_ call: WatchLifecycleCall) {
    asWatch {
      switch (self, call) {
      case (.application(let delegate), .didBecomeActive): delegate.applicationDidBecomeActive()
      case (.application(let delegate), .willResignActive): delegate.applicationWillResignActive()
      case (.application(let delegate), .willEnterForeground):
        delegate.applicationWillEnterForeground()
      case (.application(let delegate), .didEnterBackground):
        delegate.applicationDidEnterBackground()
      case (.extension(let delegate), .didBecomeActive): delegate.applicationDidBecomeActive()
      case (.extension(let delegate), .willResignActive): delegate.applicationWillResignActive()
      case (.extension(let delegate), .willEnterForeground):
        delegate.applicationWillEnterForeground()
      case (.extension(let delegate), .didEnterBackground): delegate.applicationDidEnterBackground()
      }
    }
  }
}

extension WKApplication {
  /// The app's delegate (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkapplication/delegate), kept strongly:
  /// setting it makes the simulation call its `handle(_:)` with a workout configuration when
  /// the phone starts the watch app for a workout, with background tasks when a scheduled
  /// refresh launches, and its life-cycle methods at each change of the app's state
  /// (docs/healthkit-behaviour.md#app-states). The app has one delegate:
  /// ``WKExtension/delegate`` reads and sets the same one (reading here a delegate that adopts
  /// only ``WKExtensionDelegate`` gives `nil`).
  @MainActor public var delegate: (any WKApplicationDelegate)? {
    get { appDelegate?.object as? any WKApplicationDelegate }
    set { appDelegate = newValue.map { .application($0) } }
  }

  /// The app's one delegate, of either protocol (``delegate``, ``WKExtension/delegate``):
  /// setting it installs the handler of the phone's workout starts and WatchKit's listener of
  /// the app's state changes.
  @MainActor var appDelegate: WatchAppDelegate? {
    get { delegateBox.withLock { $0 }.delegate }
    set {
      let owner: String
      if case .extension = newValue { owner = "WKExtension" } else { owner = "WKApplication" }
      delegateBox.withLock {
        $0.delegate = newValue
        $0.owner = owner
      }
      simulation.startWatchConnectivityTasks()
      guard newValue != nil else { return simulation.setWatchAppWorkoutHandler(nil) }
      simulation.startWatchKit()
      let application = self
      let handler: @Sendable (HKWorkoutConfiguration) -> Void = { configuration in
        nonisolated(unsafe) let configuration = configuration
        Task { @MainActor in application.appDelegate?.handle(configuration) }
      }
      simulation.setWatchAppWorkoutHandler(handler)
    }
  }
}
