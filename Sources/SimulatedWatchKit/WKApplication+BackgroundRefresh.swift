import SimulationDriver
import WorkoutCore
import WorkoutSystem

/// A value the simulation carries across its lock and callback lane: app closures and objects
/// that are only used in the lane or on the main actor, one call at a time.
struct RefreshBox<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

/// The object an app passes as a background refresh's `userInfo`.
typealias RefreshUserInfo = (any NSSecureCoding & NSObjectProtocol)?

extension WKApplication {
  /// Schedules a background refresh: the system launches or wakes the app in the background at
  /// about `preferredFireDate` and hands its delegate a ``WKApplicationRefreshBackgroundTask``
  /// (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkapplication/schedulebackgroundrefresh(withpreferreddate:userinfo:scheduledcompletion:)).
  ///
  /// The rules (docs/healthkit-behaviour.md#background-refresh): one refresh is scheduled at a
  /// time, a second call cancels the first (Apple); the task launches at `preferredFireDate`,
  /// but no sooner than 15 minutes after the previous launch (a project rule for Apple's budget
  /// of "approximately four tasks per hour") and at least 1 s after the call (a date already
  /// past launches 1 s later: a project rule for "shortly after the scheduled time"). At the
  /// launch instant a frontmost app (active or inactive) ignores the task (Apple: "If the app
  /// is still running in the foreground at the scheduled time, the system ignores the task"),
  /// logged `ignored`; otherwise a suspended app wakes into the background and a not-running
  /// app is launched into it, and the delegate's
  /// `WKApplicationDelegate.handle(_:)` (background tasks) gets the task on the
  /// main actor. The run's log gets `system` entries of framework `WatchKit`, identifier
  /// `backgroundRefresh`: `scheduled`, `cancelled`, `launched`, `ignored`, `completed`,
  /// `expired`, `dropped`, `undelivered`.
  ///
  /// - Parameters:
  ///   - preferredFireDate: when the app would like the task, read on virtual time by the
  ///     wall-clock rule (`Date() + 1200` is virtual now plus 20 minutes).
  ///   - userInfo: any object, handed back as the task's ``WKRefreshBackgroundTask/userInfo``.
  ///   - scheduledCompletion: called on the main actor, as the watch's code, right after the
  ///     scheduling (the next delivery), with `nil`; with `HealthKitSimulation.Options.strictDates` and a real-clock
  ///     date, with an `NSError` in `WKErrorDomain`, code 1 (`WKError.Code.unknown`: WatchKit
  ///     has no code for a bad argument, a project rule) carrying the wall-clock rule's
  ///     message, and nothing is scheduled.
  public func scheduleBackgroundRefresh(
    withPreferredDate preferredFireDate: Date, userInfo: (any NSSecureCoding & NSObjectProtocol)?,
    scheduledCompletion: @escaping ((any Error)?) -> Void
  ) {
    let error = simulation.scheduleBackgroundRefresh(
      at: preferredFireDate, userInfo: userInfo, call: Self.scheduleRefreshCall)
    let completion = RefreshBox(scheduledCompletion)
    simulation.enqueue(of: "WKApplication") {
      AppSimulation.onMainActor { completion.value(error?.value) }
    }
  }

  /// Schedules a background refresh, the async form Swift imports of
  /// ``scheduleBackgroundRefresh(withPreferredDate:userInfo:scheduledCompletion:)`` (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkapplication/schedulebackgroundrefresh(withpreferreddate:userinfo:scheduledcompletion:)).
  ///
  /// - Throws: with `HealthKitSimulation.Options.strictDates` and a real-clock date, the
  ///   `NSError` the completion handler form gets (`WKErrorDomain`, code 1).
  public func scheduleBackgroundRefresh(
    withPreferredDate preferredFireDate: Date, userInfo: (any NSSecureCoding & NSObjectProtocol)?
  ) async throws {
    let error = simulation.scheduleBackgroundRefresh(
      at: preferredFireDate, userInfo: userInfo, call: Self.scheduleRefreshCall)
    await simulation.deliver(of: "WKApplication")
    if let error { throw error.value }
  }

  /// The call's name in the wall-clock rule's entries and messages.
  nonisolated static let scheduleRefreshCall =
    "WKApplication.scheduleBackgroundRefresh(withPreferredDate:)"
}

extension WKExtension {
  /// Schedules a background refresh, the form before watchOS 7 (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkextension/schedulebackgroundrefresh(withpreferreddate:userinfo:scheduledcompletion:)):
  /// as ``WKApplication/scheduleBackgroundRefresh(withPreferredDate:userInfo:scheduledCompletion:)``,
  /// the same one scheduled refresh (docs/healthkit-behaviour.md#background-refresh).
  public func scheduleBackgroundRefresh(
    withPreferredDate preferredFireDate: Date, userInfo: (any NSSecureCoding & NSObjectProtocol)?,
    scheduledCompletion: @escaping ((any Error)?) -> Void
  ) {
    let error = simulation.scheduleBackgroundRefresh(
      at: preferredFireDate, userInfo: userInfo, call: Self.scheduleRefreshCall)
    let completion = RefreshBox(scheduledCompletion)
    simulation.enqueue(of: "WKExtension") {
      AppSimulation.onMainActor { completion.value(error?.value) }
    }
  }

  /// Schedules a background refresh, the async form Swift imports of
  /// ``scheduleBackgroundRefresh(withPreferredDate:userInfo:scheduledCompletion:)`` (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkextension/schedulebackgroundrefresh(withpreferreddate:userinfo:scheduledcompletion:)).
  ///
  /// - Throws: as ``WKApplication/scheduleBackgroundRefresh(withPreferredDate:userInfo:)``.
  public func scheduleBackgroundRefresh(
    withPreferredDate preferredFireDate: Date, userInfo: (any NSSecureCoding & NSObjectProtocol)?
  ) async throws {
    let error = simulation.scheduleBackgroundRefresh(
      at: preferredFireDate, userInfo: userInfo, call: Self.scheduleRefreshCall)
    await simulation.deliver(of: "WKExtension")
    if let error { throw error.value }
  }

  /// The call's name in the wall-clock rule's entries and messages.
  nonisolated static let scheduleRefreshCall =
    "WKExtension.scheduleBackgroundRefresh(withPreferredDate:)"
}

/// Background refresh in one simulation (part of ``WatchKitState``).
struct BackgroundRefreshState: Sendable {
  /// The one scheduled refresh.
  struct Scheduled: Sendable {
    var launchAt: SimulationInstant
    var userInfo: RefreshBox<RefreshUserInfo>
  }
  /// A launched task the app has not finished (a refresh's, or a
  /// ``WKWatchConnectivityRefreshBackgroundTask``).
  struct Running: Sendable {
    var number: Int
    var task: RefreshBox<WKRefreshBackgroundTask>
    var expiresAt: SimulationInstant
    /// The app process it was launched for (its crash drops the task:
    /// ``AppSimulation/backgroundTasksEnded(in:)``).
    var generation: Int
    /// The hold on virtual time until the app completes it, once begun.
    var hold: Int?
    /// Whether the delegate was handed it.
    var delivered: Bool
    /// Whether its time ran out and its expiration handler is running (the task stays until
    /// the handler completes it or returns).
    var expiring = false
  }

  var scheduled: Scheduled?
  var running: [Running] = []
  /// The previous launch (for the 15-minute budget).
  var lastLaunch: SimulationInstant?
  /// The tasks handed so far (refreshes and Watch Connectivity tasks): the last task's number.
  var launches = 0
}

extension AppSimulation {
  /// How long a launched watch background refresh task may run before it expires: 30 s (a
  /// project rule: Apple gives no number for watchOS; the BackgroundTasks framework's app
  /// refresh runs "up to 30 seconds",
  /// https://developer.apple.com/documentation/backgroundtasks/bgapprefreshtask).
  static let watchRefreshRuntime: Duration = .seconds(30)
  /// The least time between two launches of the watch app's background refresh: 15 minutes (a
  /// project rule for Apple's "approximately four tasks per hour for each app with a
  /// complication on the active watch face",
  /// https://developer.apple.com/documentation/watchkit/wkapplicationrefreshbackgroundtask).
  static let watchRefreshSpacing: Duration = .seconds(900)
  /// How long after the scheduling call a date already past launches: 1 s (a project rule).
  static let watchRefreshLeastDelay: Duration = .seconds(1)
  /// The log entries' identifier.
  static let watchRefreshIdentifier = "backgroundRefresh"

  /// Schedules the refresh (replacing the scheduled one); the error for the completion, if the
  /// date is refused.
  func scheduleBackgroundRefresh(at date: Date, userInfo: RefreshUserInfo, call: String)
    -> RefreshBox<any Error>?
  {
    let info = RefreshBox(userInfo)
    let error = mutate { state -> RefreshBox<any Error>? in
      let preferred: SimulationInstant
      switch readAppDate(date, call: call, framework: .watchKit, in: &state) {
      case .success(let instant): preferred = instant
      case .failure(let error):
        return RefreshBox(
          NSError(
            domain: "WKErrorDomain", code: 1,
            userInfo: [NSLocalizedDescriptionKey: error.message]))
      }
      let now = state.session.now
      return state.withExtension(WatchKitState.self, of: self) { watchKit, state in
        var launchAt = max(preferred, now.advanced(by: Self.watchRefreshLeastDelay))
        if let last = watchKit.refresh.lastLaunch {
          launchAt = max(launchAt, last.advanced(by: Self.watchRefreshSpacing))
        }
        if watchKit.refresh.scheduled != nil {
          state.log(
            SystemEvent(
              framework: .watchKit, event: "cancelled", identifier: Self.watchRefreshIdentifier,
              details: ["reason": .string("replaced")]))
        }
        watchKit.refresh.scheduled = BackgroundRefreshState.Scheduled(
          launchAt: launchAt, userInfo: info)
        state.log(
          SystemEvent(
            framework: .watchKit, event: "scheduled", identifier: Self.watchRefreshIdentifier,
            details: ["preferredDate": .instant(preferred), "launchAt": .instant(launchAt)]))
        return nil
      }
    }
    if error == nil {
      addSystemTimer(
        key: ObjectIdentifier(WatchKitState.self), WatchRefreshTimer(simulation: self))
    }
    return error
  }

  /// A task's `setTaskCompletedWithSnapshot(_:)` (`snapshot` `nil`: the deprecated
  /// `setTaskCompleted()`): logs `completed`, ends its hold; the task no longer keeps the app
  /// alive.
  func backgroundRefreshCompleted(number: Int, snapshot: Bool?) {
    mutate { state in
      state.withExtension(WatchKitState.self, of: self) { watchKit, state in
        guard let index = watchKit.refresh.running.firstIndex(where: { $0.number == number })
        else { return }
        let running = watchKit.refresh.running.remove(at: index)
        if let hold = running.hold { state.holds.removeValue(forKey: hold) }
        var details: [String: SystemEvent.Value] = [:]
        if let snapshot { details["snapshot"] = .bool(snapshot) }
        state.log(
          SystemEvent(
            framework: .watchKit, event: "completed",
            identifier: running.task.value.logIdentifier, details: details))
        if running.generation == state.processGeneration() {
          state.session.withEngine { $0.backgroundRefreshEnded(at: $0.now) }
        }
      }
    }
  }

  /// Begins the hold of launched task `number` (from the callback lane, at its launch or its
  /// expiry): virtual time stays at the instant until the app completes the task, or its
  /// expiration handler returns (or `appWorkGrace` passes).
  /// The hold's call (a stall or `appWorkGrace` report names it) is the task's kind's
  /// (``WKRefreshBackgroundTask/handleHoldCall``, or ``WKRefreshBackgroundTask/expirationHoldCall``
  /// when `expiring`).
  func beginBackgroundRefreshHold(_ number: Int, expiring: Bool = false) {
    let task = state.withLock { state in
      state.extensionState(WatchKitState.self)?.refresh.running.first { $0.number == number }?
        .task.value
    }
    guard let task else { return }
    let hold = beginHold(
      framework: "WatchKit", call: expiring ? task.expirationHoldCall : task.handleHoldCall,
      device: .watch)
    let stillRunning = mutate { state in
      let generation = state.processGeneration()
      return state.withExtension(WatchKitState.self, of: self) { watchKit, _ -> Bool in
        // A task whose process ended before this callback ran: no code will complete it.
        guard
          let index = watchKit.refresh.running.firstIndex(where: {
            $0.number == number && $0.generation == generation
          })
        else { return false }
        watchKit.refresh.running[index].hold = hold
        return true
      }
    }
    if !stillRunning { endHold(hold) }
  }

  /// Runs the expiration handler of task `number`, whose time ran out (from the callback lane,
  /// at the expiry instant): on the main actor, as the watch's code, with virtual time held at
  /// the instant until it returns (docs/healthkit-behaviour.md#background-refresh).
  func runExpirationHandler(_ number: Int, _ handler: RefreshBox<() -> Void>) {
    beginBackgroundRefreshHold(number, expiring: true)
    Task { @MainActor in
      AppSimulation.$currentDevice.withValue(.watch) { handler.value() }
      self.expirationHandlerReturned(number)
    }
  }

  /// Task `number`'s expiration handler returned: a task it did not complete ends now (its hold
  /// and its keep-alive), without a `completed` entry (its `expired` entry is logged).
  func expirationHandlerReturned(_ number: Int) {
    mutate { state in
      state.withExtension(WatchKitState.self, of: self) { watchKit, state in
        // Completed inside the handler: `backgroundRefreshCompleted` removed it. Completed on
        // another thread and not applied yet: it stays for `backgroundRefreshCompleted`.
        guard let index = watchKit.refresh.running.firstIndex(where: { $0.number == number }),
          watchKit.refresh.running[index].task.value.abandon()
        else { return }
        let running = watchKit.refresh.running.remove(at: index)
        if let hold = running.hold { state.holds.removeValue(forKey: hold) }
        if running.generation == state.processGeneration() {
          state.session.withEngine { $0.backgroundRefreshEnded(at: $0.now) }
        }
      }
    }
  }

  /// The app's process ended (the `appState` effect of its crash, under the lock): its running
  /// tasks went with it, whatever the order of the effects of the take the crash came in. Each
  /// is dropped now, at the crash's instant (logged `dropped`, reason `appCrashed`): it no
  /// longer holds virtual time nor can be handed, completed or expire; and the content from
  /// the phone held for the hand-over of a wake's task waits no more: a relaunched process's
  /// session gets it when it activates (docs/phone-link.md#waking-the-watch-app). Returns the
  /// held content's callbacks.
  func backgroundTasksEnded(in state: inout State) -> [Callback] {
    if state.extensionState(WatchKitState.self)?.remote.handling.isEmpty == false {
      state.withExtension(WatchKitState.self, of: self) { watchKit, state in
        remoteNotificationsEnded(&watchKit, &state)
      }
    }
    if state.extensionState(WatchKitState.self)?.refresh.running.isEmpty == false {
      state.withExtension(WatchKitState.self, of: self) { watchKit, state in
        for running in watchKit.refresh.running {
          if let hold = running.hold { state.holds.removeValue(forKey: hold) }
          _ = running.task.value.abandon()
          state.log(
            SystemEvent(
              framework: .watchKit, event: "dropped", identifier: running.task.value.logIdentifier,
              details: ["reason": .string("appCrashed")]))
        }
        watchKit.refresh.running = []
      }
    }
    return state.releaseWatchLinkContent(of: self)
  }

  /// Hands the launched tasks of the live process that its delegate has not had yet to
  /// `WKApplicationDelegate.handle(_:)` (background tasks) (on the main actor;
  /// after the process's launch when the refresh launched it). Without a delegate the tasks
  /// stay running until they expire (they no longer hold virtual time: no code of the app
  /// will complete them), the log gets `undelivered`, and a
  /// ``Report/Kind-swift.enum/notDelivered`` warning says what to set.
  @MainActor func deliverBackgroundRefreshTasks() {
    var numbers: [Int] = []
    // The Watch Connectivity content a wake's task held comes after the task was handed.
    defer { releaseWatchLinkContent(tasks: numbers) }
    let tasks: [RefreshBox<WKRefreshBackgroundTask>]
    (numbers, tasks) = mutate { state -> ([Int], [RefreshBox<WKRefreshBackgroundTask>]) in
      let generation = state.processGeneration()
      return state.withExtension(WatchKitState.self, of: self) { watchKit, _ in
        var numbers: [Int] = []
        var tasks: [RefreshBox<WKRefreshBackgroundTask>] = []
        for index in watchKit.refresh.running.indices
        where !watchKit.refresh.running[index].delivered
          && watchKit.refresh.running[index].generation == generation
        {
          watchKit.refresh.running[index].delivered = true
          numbers.append(watchKit.refresh.running[index].number)
          tasks.append(watchKit.refresh.running[index].task)
        }
        return (numbers, tasks)
      }
    }
    guard !tasks.isEmpty else { return }
    let application = watchKitShared(\.application) { WKApplication(simulation: self) }
    guard let delegate = application.appDelegate else {
      let first = tasks[0].value
      let reports = mutate { state in
        state.withExtension(WatchKitState.self, of: self) { watchKit, state in
          for index in watchKit.refresh.running.indices
          where numbers.contains(watchKit.refresh.running[index].number) {
            if let hold = watchKit.refresh.running[index].hold {
              state.holds.removeValue(forKey: hold)
            }
            watchKit.refresh.running[index].hold = nil
          }
        }
        state.log(
          SystemEvent(
            framework: .watchKit, event: "undelivered", identifier: first.logIdentifier,
            details: ["reason": .string("no WKApplication delegate")]))
        return keepReports(
          .notDelivered, [first.undeliveredMessage], framework: "WatchKit",
          call: first.reportCall, in: &state)
      }
      reports.forEach(Self.writeToStandardError)
      return
    }
    delegate.handle(Set(tasks.map(\.value)))
  }
}

/// Launches the scheduled refresh, expires tasks that ran out of time, answers a registration
/// for remote notifications and ends the remote notifications whose handler ran out of time.
struct WatchRefreshTimer: SystemTimer {
  weak let simulation: AppSimulation?

  func nextDue(after now: SimulationInstant, state: AppSimulation.State) -> SimulationInstant? {
    guard let refresh = state.extensionState(WatchKitState.self)?.refresh else { return nil }
    var next: SimulationInstant?
    let remote = state.extensionState(WatchKitState.self)?.remote
    for instant in [refresh.scheduled?.launchAt, remote?.pending?.at].compactMap({ $0 })
      + refresh.running.map(\.expiresAt) + (remote?.handling.map(\.expiresAt) ?? [])
    where instant > now {
      if next.map({ instant < $0 }) ?? true { next = instant }
    }
    return next
  }

  func fire(at now: SimulationInstant, state: inout AppSimulation.State)
    -> [AppSimulation.Callback]
  {
    guard let simulation else { return [] }
    return state.withExtension(WatchKitState.self, of: simulation) { watchKit, state in
      // The answer of a registration for remote notifications due now.
      var callbacks = simulation.answerRemoteRegistration(at: now, &watchKit, &state)
      // Remote notifications whose completion handler was not called in time.
      callbacks += simulation.expireRemoteNotifications(at: now, &watchKit, &state)
      let identifier = AppSimulation.watchRefreshIdentifier
      let generation = state.processGeneration()
      // Expirations first: a task's time runs out before another launches at the instant.
      for running in watchKit.refresh.running where running.expiresAt <= now && !running.expiring {
        // A task the app completed on another thread whose completion is not applied yet stays
        // for `backgroundRefreshCompleted` to find (it logs it and ends its keep-alive).
        guard let handler = running.task.value.expire() else { continue }
        if let hold = running.hold { state.holds.removeValue(forKey: hold) }
        // A Watch Connectivity task never handed: the content held for it waits no more.
        if !running.delivered, running.task.value is WKWatchConnectivityRefreshBackgroundTask {
          callbacks += state.releaseWatchLinkContent(of: simulation, tasks: [running.number])
        }
        state.log(
          SystemEvent(
            framework: .watchKit, event: "expired", identifier: running.task.value.logIdentifier,
            details: ["handler": .bool(handler != nil)]))
        if !running.delivered {
          // The live process's delegate never got it: no code of the app ran for it. The call
          // names the protocol of the delegate the app set.
          let owner = watchKit.application?.delegateBox.withLock { $0.owner } ?? "WKApplication"
          let reports = simulation.keepReports(
            .notDelivered,
            [
              AppSimulation.unhandedTaskMessage(
                running.task.value,
                launchedAt: running.expiresAt.advanced(
                  by: .zero - AppSimulation.watchRefreshRuntime),
                expiredAt: now)
            ], framework: "WatchKit", call: running.task.value.unhandledCall(owner: owner),
            in: &state)
          callbacks.append { reports.forEach(AppSimulation.writeToStandardError) }
        }
        guard let handler,
          let index = watchKit.refresh.running.firstIndex(where: {
            $0.number == running.number
          })
        else {
          watchKit.refresh.running.removeAll { $0.number == running.number }
          state.session.withEngine { $0.backgroundRefreshEnded(at: now) }
          continue
        }
        // The handler runs on the main actor at this instant (a hold keeps virtual time here
        // until it returns); the task keeps the app alive until it completes it or returns.
        watchKit.refresh.running[index].hold = nil
        watchKit.refresh.running[index].expiring = true
        let box = RefreshBox(handler)
        let number = running.number
        callbacks.append { [weak simulation] in
          simulation?.runExpirationHandler(number, box)
        }
      }
      guard let scheduled = watchKit.refresh.scheduled, scheduled.launchAt <= now else {
        return callbacks
      }
      watchKit.refresh.scheduled = nil
      let before = state.session.readEngine { $0.appState }
      let (runs, launched) = state.session.launchBackgroundRefresh(at: now)
      guard runs else {
        state.log(
          SystemEvent(
            framework: .watchKit, event: "ignored", identifier: identifier,
            details: ["reason": .string("frontmost"), "appState": .string(before.rawValue)]))
        let reports = simulation.keepReports(
          .notDelivered, [AppSimulation.refreshIgnoredMessage(at: now, state: before)],
          framework: "WatchKit", call: AppSimulation.scheduleRefreshCall, in: &state)
        callbacks.append { reports.forEach(AppSimulation.writeToStandardError) }
        return callbacks
      }
      watchKit.refresh.launches += 1
      watchKit.refresh.lastLaunch = now
      let number = watchKit.refresh.launches
      let task = WKApplicationRefreshBackgroundTask(
        number: number, userInfo: scheduled.userInfo.value, simulation: simulation)
      watchKit.refresh.running.append(
        BackgroundRefreshState.Running(
          number: number, task: RefreshBox(task),
          expiresAt: now.advanced(by: AppSimulation.watchRefreshRuntime),
          generation: generation, hold: nil, delivered: false))
      state.log(
        SystemEvent(
          framework: .watchKit, event: "launched", identifier: identifier,
          details: ["appState": .string(before.rawValue)]))
      // Virtual time waits at the instant for the app's completion. The delegate gets the task
      // now, or, when the refresh launched a new process, after its launch
      // (`afterBackgroundLaunch`, the rule's one home).
      callbacks.append { [weak simulation] in simulation?.beginBackgroundRefreshHold(number) }
      callbacks += state.afterBackgroundLaunch(launched: launched) { [weak simulation] in
        guard let simulation else { return }
        Task { @MainActor in simulation.deliverBackgroundRefreshTasks() }
      }
      return callbacks
    }
  }
}

extension AppSimulation {
  /// The call a ``Report/Kind-swift.enum/notDelivered`` report of a background refresh names.
  static let scheduleRefreshCall =
    "scheduleBackgroundRefresh(withPreferredDate:userInfo:scheduledCompletion:)"

  /// The ``Report/Kind-swift.enum/notDelivered`` message of a refresh ignored at `instant`
  /// because the app was frontmost (`state`): Apple's rule, and how a test puts the app in the
  /// background (docs/healthkit-behaviour.md#background-refresh).
  static func refreshIgnoredMessage(at instant: SimulationInstant, state: AppState) -> String {
    let at = secondsText(instant.seconds)
    return "the background refresh due at t = \(at) s was ignored: the app was \(state.rawValue) "
      + "(frontmost), and watchOS ignores a refresh while the app is in the foreground. The "
      + "simulated app starts active with the wrist raised and stays so until the scenario's "
      + "timeline moves it: to test the refresh, put the app in the background first, e.g. "
      + "{\"at\": 1, \"do\": \"crownPress\"} in the scenario's \"timeline\" (or a "
      + "\"wristDown\", which sends it to the background after the return-to-clock time) "
      + "(docs/healthkit-behaviour.md#background-refresh)"
  }

  /// Reports, as a ``Report/Kind-swift.enum/notDelivered`` warning, that the delegate's
  /// default `handle(_:)` completed a background task no code of the app handled (`message`
  /// and `call` name the task's kind: a refresh's by default).
  func reportUnhandledRefresh(
    message: String = AppSimulation.refreshUnhandledMessage(owner: "WKApplication"),
    call: String = AppSimulation.scheduleRefreshCall
  ) {
    let reports = mutate { state in
      keepReports(.notDelivered, [message], framework: "WatchKit", call: call, in: &state)
    }
    reports.forEach(Self.writeToStandardError)
  }

  /// The ``Report/Kind-swift.enum/notDelivered`` message of a task the default `handle(_:)`
  /// of the app's `WKApplication` or `WKExtension` (`owner`) delegate completed.
  static func refreshUnhandledMessage(owner: String) -> String {
    "the app's \(owner) delegate does not implement "
      + "handle(_ backgroundTasks: Set<WKRefreshBackgroundTask>), so the background refresh task "
      + "was completed at once without running any of the app's code: implement that method "
      + "(exactly this signature: a Set<WKApplicationRefreshBackgroundTask> parameter is another "
      + "method, which the system never calls)"
  }

  /// The ``Report/Kind-swift.enum/notDelivered`` message of a launched task (`task`'s kind)
  /// whose time ran out before the system ever handed it to the app's delegate (project rule:
  /// nothing silent; docs/healthkit-behaviour.md#background-refresh).
  static func unhandedTaskMessage(
    _ task: WKRefreshBackgroundTask, launchedAt: SimulationInstant, expiredAt: SimulationInstant
  ) -> String {
    "the \(type(of: task)) the system launched at t = \(secondsText(launchedAt.seconds)) s "
      + "expired at t = \(secondsText(expiredAt.seconds)) s without ever being handed to the "
      + "app's delegate: no handle(_:) of the app ran for it, so the work it was for (its "
      + "content from the phone, its refresh) never reached the app's code. The process it was "
      + "launched for never took it: launch the app's code with "
      + "simulation.launchWatchApp { MyAppDelegate() } so that every process the system launches "
      + "makes its delegate"
  }

  /// The ``Report/Kind-swift.enum/notDelivered`` message of a launched refresh task that found
  /// no delegate.
  static let refreshUndeliveredMessage =
    "a background refresh task was launched but the app has no WKApplication delegate to hand "
    + "it to, so it runs until it expires: set WKApplication.shared().delegate (or "
    + "WKExtension.shared().delegate for a WKExtensionDelegate, or launch the "
    + "app with simulation.launchWatchApp { MyAppDelegate() }) and implement "
    + "handle(_ backgroundTasks: Set<WKRefreshBackgroundTask>)"
}
