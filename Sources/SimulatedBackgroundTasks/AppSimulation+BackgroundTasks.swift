import Foundation
import SimulationDriver
import WorkoutCore
import WorkoutScenario
import WorkoutSimulation
import WorkoutSystem

/// A value the simulation carries across the callback lane: app closures and objects that are
/// only used in the lane, one call at a time.
struct UncheckedBox<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

extension AppSimulation {
  /// How long a launched `BGAppRefreshTask` may run before it expires: 30 s (Apple: "up to 30
  /// seconds", https://developer.apple.com/documentation/backgroundtasks/bgapprefreshtask).
  public static let backgroundRefreshRuntime: Duration = .seconds(30)
  /// How long a launched `BGProcessingTask` may run before it expires: 10 minutes (a model;
  /// Apple: "several minutes", docs/phone.md#background-tasks).
  public static let backgroundProcessingRuntime: Duration = .seconds(600)
  /// How long a `BGContinuedProcessingTask` may go with its `progress.completedUnitCount`
  /// unchanged before it expires: 300 s, the count being read every 300 s from the launch (a
  /// project rule: Apple only says the system ends first the tasks that "reflect minimal or no
  /// progress", https://developer.apple.com/documentation/backgroundtasks/bgcontinuedprocessingtask;
  /// docs/phone.md#continued-processing-tasks).
  public static let continuedProcessingProgressInterval: Duration = .seconds(300)
  /// The most continued processing tasks of the app running at once: 1 (a project rule: Apple
  /// says only that the system may be "at the maximum level of concurrent tasks"); the next
  /// one waits (`queue`) or is refused (`fail`).
  public static let maximumRunningContinuedTasks = 1
  /// The most refresh requests pending at once: 1 (Apple doc of `submit(_:)`).
  public static let maximumPendingRefreshRequests = 1
  /// The most processing requests pending at once: 10 (Apple doc of `submit(_:)`).
  public static let maximumPendingProcessingRequests = 10

  /// The background task scheduler of this simulation (made on first use).
  var taskScheduler: BGTaskScheduler {
    self.mutate { state in
      state.withExtension(BackgroundTasksState.self, of: self) { tasks, _ in
        if let scheduler = tasks.scheduler { return scheduler }
        let scheduler = BGTaskScheduler(simulation: self)
        tasks.scheduler = scheduler
        return scheduler
      }
    }
  }

  /// The instant the simulation launches `request` submitted at `submitted`, or `nil` for
  /// never (within `horizon`): the first local quarter hour (:00, :15, :30, :45) at or after
  /// the later of `submitted` and its earliest begin date, and after `submitted`, at which the
  /// task's conditions hold (docs/phone.md#background-tasks).
  func launchInstant(
    of request: BackgroundTasksState.Request, submitted: SimulationInstant
  ) -> SimulationInstant? {
    var begin = submitted
    if let earliest = request.earliestBegin { begin = max(begin, earliest) }
    let quarter: Int64 = 900_000_000_000
    let time = phoneTimeOfDay(at: begin).components
    let timeNanos = time.seconds * 1_000_000_000 + time.attoseconds / 1_000_000_000
    let up = (quarter - timeNanos % quarter) % quarter
    var candidate = begin.advanced(by: .nanoseconds(up))
    if candidate <= submitted { candidate = candidate.advanced(by: .nanoseconds(quarter)) }
    let limit = SimulationInstant.zero.advanced(by: Self.horizon)
    let locks = state.withLock { $0.healthStorage.lockPeriods }
    while candidate <= limit {
      if backgroundConditionsHold(for: request, at: candidate, locks: locks) { return candidate }
      candidate = candidate.advanced(by: .nanoseconds(quarter))
    }
    return nil
  }

  /// Whether the conditions of `request` hold at `instant`: a refresh needs the network
  /// (Background App Refresh is checked at submit); a processing task needs the phone locked,
  /// on its charger when it requires external power, online when it requires the network.
  func backgroundConditionsHold(
    for request: BackgroundTasksState.Request, at instant: SimulationInstant,
    locks: [Range<SimulationInstant>]
  ) -> Bool {
    switch request.kind {
    case .refresh:
      return phoneIsOnline(at: instant)
    case .processing:
      guard locks.contains(where: { $0.contains(instant) }) else { return false }
      if request.requiresExternalPower, !phoneIsCharging(at: instant) { return false }
      if request.requiresNetworkConnectivity, !phoneIsOnline(at: instant) { return false }
      return true
    case .continued:
      return true
    }
  }

  /// Registers `handler` for `identifier` in the current app process; `mainQueue`: the app
  /// gave `DispatchQueue.main` (the handler, and the task's expiration handler, run on the main
  /// actor). `nil` when the process registered `identifier` already.
  func registerBackgroundTask(
    identifier: String, mainQueue: Bool, handler: @escaping (BGTask) -> Void
  ) -> Bool {
    let box = UncheckedBox(handler)
    let outcome = mutate { state -> Bool? in
      state.withExtension(BackgroundTasksState.self, of: self) { tasks, state in
        if let permitted = tasks.permitted, !permitted.contains(identifier) { return false }
        let generation = state.processGeneration(of: BackgroundTasksState.device)
        if let existing = tasks.registrations[identifier],
          state.isAlive(BackgroundTasksState.process(existing.generation))
        {
          return nil
        }
        tasks.registrations[identifier] = BackgroundTasksState.Registration(
          generation: generation, handler: box, mainQueue: mainQueue)
        return true
      }
    }
    guard let outcome else {
      fatalError(
        "Launch handler for task with identifier \(identifier) has already been registered")
    }
    startBackgroundTaskTimer()
    return outcome
  }

  func submitBackgroundTask(_ taskRequest: BGTaskRequest) throws {
    if let continued = taskRequest as? BGContinuedProcessingTaskRequest {
      return try submitContinuedTask(continued)
    }
    let processing = taskRequest as? BGProcessingTaskRequest
    let identifier = taskRequest.identifier
    let refreshOn = scenario.phone.backgroundAppRefresh
    // The identifier and Background App Refresh are checked before the request's date is read,
    // as on a device, where those errors come first.
    let refused = mutate { state -> BGTaskScheduler.Error? in
      state.withExtension(BackgroundTasksState.self, of: self) { tasks, _ in
        if let permitted = tasks.permitted, !permitted.contains(identifier) {
          return BGTaskScheduler.Error(
            .notPermitted,
            "The task identifier \(identifier) is not in the Info.plist's BGTaskSchedulerPermittedIdentifiers"
          )
        }
        guard refreshOn else {
          return BGTaskScheduler.Error(
            .unavailable, "Background App Refresh is off for the app (phone.backgroundAppRefresh)")
        }
        return nil
      }
    }
    if let refused { throw refused }
    // The earliest begin date on virtual time (the wall-clock rule: `Date() + 900` is virtual
    // now plus 15 minutes); with strict dates a real-clock date refuses the submit.
    var earliestBegin: SimulationInstant?
    if let date = taskRequest.earliestBeginDate {
      switch readAppDate(
        date, call: "BGTaskRequest.earliestBeginDate", framework: .backgroundTasks)
      {
      case .success(let instant): earliestBegin = instant
      case .failure(let error): throw BGTaskScheduler.Error(.unavailable, error.message)
      }
    }
    let request = BackgroundTasksState.Request(
      identifier: identifier, kind: processing == nil ? .refresh : .processing,
      earliestBeginDate: taskRequest.earliestBeginDate, earliestBegin: earliestBegin,
      requiresNetworkConnectivity: processing?.requiresNetworkConnectivity ?? false,
      requiresExternalPower: processing?.requiresExternalPower ?? false)
    let now = state.withLock { $0.session.now }
    let launch = launchInstant(of: request, submitted: now)
    let error = mutate { state -> BGTaskScheduler.Error? in
      state.withExtension(BackgroundTasksState.self, of: self) { tasks, state in
        let others = tasks.pending.filter {
          $0.request.kind == request.kind && $0.request.identifier != request.identifier
        }
        let maximum =
          request.kind == .refresh
          ? Self.maximumPendingRefreshRequests : Self.maximumPendingProcessingRequests
        guard others.count < maximum else {
          return BGTaskScheduler.Error(
            .tooManyPendingTaskRequests,
            "Too many pending \(request.kind.rawValue) task requests (at most \(maximum))")
        }
        tasks.pending.removeAll { $0.request.identifier == request.identifier }
        tasks.pending.append(
          BackgroundTasksState.Pending(request: request, submitted: now, launchAt: launch))
        var details: [String: SystemEvent.Value] = ["type": .string(request.kind.rawValue)]
        if let launch { details["launchAt"] = .instant(launch) }
        if let earliest = request.earliestBegin {
          details["earliestBeginDate"] = .instant(earliest)
        }
        state.log(
          SystemEvent(
            framework: .backgroundTasks, event: "submitted", identifier: request.identifier,
            details: details))
        return nil
      }
    }
    if let error { throw error }
    startBackgroundTaskTimer()
  }

  /// Submits a continued processing request: checks it, then launches it now, queues it
  /// behind the running one, or refuses it (docs/phone.md#continued-processing-tasks).
  func submitContinuedTask(_ taskRequest: BGContinuedProcessingTaskRequest) throws {
    let identifier = taskRequest.identifier
    let strategy = taskRequest.strategy
    let resources = taskRequest.requiredResources
    let request = BackgroundTasksState.Request(
      identifier: identifier, kind: .continued, earliestBeginDate: taskRequest.earliestBeginDate,
      earliestBegin: nil, requiresNetworkConnectivity: false, requiresExternalPower: false,
      title: taskRequest.title, subtitle: taskRequest.subtitle, strategy: strategy,
      requiredResources: resources)
    let refused = mutate { state -> BGTaskScheduler.Error? in
      state.withExtension(BackgroundTasksState.self, of: self) { tasks, state in
        if let permitted = tasks.permitted,
          !permitted.contains(where: { BackgroundTasksState.matches($0, identifier) })
        {
          return BGTaskScheduler.Error(
            .notPermitted,
            "The task identifier \(identifier) is not under any of the Info.plist's BGTaskSchedulerPermittedIdentifiers (a continued processing task's identifier extends a wildcard entry such as com.example.export.*)"
          )
        }
        guard resources.isSubset(of: BGTaskScheduler.supportedResources) else {
          return BGTaskScheduler.Error(
            .unavailable,
            "The continued processing task \(identifier) requires resources the device does not support (requiredResources \(resources.rawValue), BGTaskScheduler.supportedResources \(BGTaskScheduler.supportedResources.rawValue)): check supportedResources before asking for .gpu"
          )
        }
        guard state.phoneAppState() == .foreground else {
          return BGTaskScheduler.Error(
            .unavailable,
            "A continued processing task is submitted from the foreground, as the result of the user's action (Apple); the app is in the background (set simulation.phoneAppState = .foreground where the user has the app open)"
          )
        }
        let now = state.session.now
        var details: [String: SystemEvent.Value] = ["type": .string(request.kind.rawValue)]
        let running = tasks.running.filter { $0.progressSeen != nil }.count
        if running >= AppSimulation.maximumRunningContinuedTasks {
          guard strategy == .queue else {
            return BGTaskScheduler.Error(
              .immediateRunIneligible,
              "The continued processing task \(identifier) cannot run immediately: another continued processing task is running (at most \(AppSimulation.maximumRunningContinuedTasks)), and its strategy is .fail"
            )
          }
          tasks.pending.removeAll { $0.request.identifier == identifier }
          tasks.pending.append(
            BackgroundTasksState.Pending(request: request, submitted: now, launchAt: nil))
          details["queued"] = .bool(true)
          state.log(
            SystemEvent(
              framework: .backgroundTasks, event: "submitted", identifier: identifier,
              details: details))
          return nil
        }
        state.log(
          SystemEvent(
            framework: .backgroundTasks, event: "submitted", identifier: identifier,
            details: details))
        let callbacks = tasks.launch(request, at: now, state: &state, simulation: self)
        if !callbacks.isEmpty {
          state.enqueue(callbacks)
          state.turnDue = true
        }
        return nil
      }
    }
    if let refused { throw refused }
    startBackgroundTaskTimer()
  }

  func cancelBackgroundTasks(identifier: String?) {
    mutate { state in
      state.withExtension(BackgroundTasksState.self, of: self) { tasks, state in
        let cancelled = tasks.pending.filter {
          identifier == nil || $0.request.identifier == identifier
        }
        tasks.pending.removeAll { identifier == nil || $0.request.identifier == identifier }
        for pending in cancelled {
          state.log(
            SystemEvent(
              framework: .backgroundTasks, event: "cancelled",
              identifier: pending.request.identifier))
        }
      }
    }
  }

  func pendingBackgroundTasks() -> [BackgroundTasksState.Request] {
    mutate { state in
      state.withExtension(BackgroundTasksState.self, of: self) { tasks, _ in
        tasks.pending.map(\.request)
      }
    }
  }

  /// The launched tasks' `setTaskCompleted(success:)`; a continued processing request queued
  /// behind the completed task starts then.
  func backgroundTaskCompleted(number: Int, identifier: String, success: Bool) {
    mutate { state in
      state.withExtension(BackgroundTasksState.self, of: self) { tasks, state in
        tasks.running.removeAll { $0.number == number }
        state.log(
          SystemEvent(
            framework: .backgroundTasks, event: "completed", identifier: identifier,
            details: ["success": .bool(success)]))
        let callbacks = tasks.launchQueued(at: state.session.now, state: &state, simulation: self)
        if !callbacks.isEmpty {
          state.enqueue(callbacks)
          state.turnDue = true
        }
      }
    }
  }

  /// The pending requests and their launch instants (for tests and the phone screen).
  public var pendingBackgroundTaskLaunches: [(identifier: String, launchAt: Date?)] {
    state.withLock { state in
      (state.extensionState(BackgroundTasksState.self)?.pending ?? []).map {
        ($0.request.identifier, $0.launchAt.map { date(of: $0) })
      }
    }
  }

  func startBackgroundTaskTimer() {
    addSystemTimer(
      key: ObjectIdentifier(BackgroundTasksState.self), BackgroundTaskTimer(simulation: self))
    addEffectListener(
      key: ObjectIdentifier(BackgroundTasksState.self), BackgroundTasksListener(simulation: self))
  }
}

/// Ends the running tasks of the crashed iPhone app process at the crash
/// (``BackgroundTasksState/processDied(state:simulation:)``).
struct BackgroundTasksListener: EffectListener {
  weak let simulation: AppSimulation?

  func callbacks(for effect: EngineEffect, date: Date, state: inout AppSimulation.State)
    -> [AppSimulation.Callback]
  { [] }

  func processDied(of device: AppSimulation.Device, state: inout AppSimulation.State)
    -> [AppSimulation.Callback]
  {
    guard device == BackgroundTasksState.device, let simulation,
      state.extensionState(BackgroundTasksState.self) != nil
    else { return [] }
    return state.withExtension(BackgroundTasksState.self, of: simulation) { tasks, state in
      tasks.processDied(state: &state, simulation: simulation)
    }
  }
}

/// Launches due requests and expires tasks that ran out of time.
struct BackgroundTaskTimer: SystemTimer {
  weak let simulation: AppSimulation?

  func nextDue(after now: SimulationInstant, state: AppSimulation.State)
    -> SimulationInstant?
  {
    guard let tasks = state.extensionState(BackgroundTasksState.self) else { return nil }
    var next: SimulationInstant?
    for instant in tasks.pending.compactMap(\.launchAt) + tasks.running.map(\.expiresAt)
    where instant > now {
      if next.map({ instant < $0 }) ?? true { next = instant }
    }
    return next
  }

  func fire(at now: SimulationInstant, state: inout AppSimulation.State)
    -> [AppSimulation.Callback]
  {
    guard let simulation else { return [] }
    return state.withExtension(BackgroundTasksState.self, of: simulation) { tasks, state in
      var callbacks: [AppSimulation.Callback] = []
      // Expirations first: a task's time runs out before another launches at the instant. A
      // continued processing task's instant is a check of its progress: moved since the last
      // check, it goes on to the next.
      for running in tasks.running where running.expiresAt <= now {
        if let seen = running.progressSeen,
          let continued = running.task.value as? BGContinuedProcessingTask,
          case let count = continued.progressCount, count != seen
        {
          tasks.sawProgress(
            running.number, count: count,
            next: now.advanced(by: AppSimulation.continuedProcessingProgressInterval))
          continue
        }
        if let expiry = tasks.expire(running, early: false, state: &state, simulation: simulation) {
          callbacks.append(expiry)
        }
      }
      callbacks += tasks.launchQueued(at: now, state: &state, simulation: simulation)
      let due = tasks.pending.filter { ($0.launchAt ?? .init(nanoseconds: .max)) <= now }
      tasks.pending.removeAll { ($0.launchAt ?? .init(nanoseconds: .max)) <= now }
      for pending in due {
        callbacks += tasks.launch(pending.request, at: now, state: &state, simulation: simulation)
      }
      return callbacks
    }
  }
}

extension AppSimulation {
  /// Expires launched task `number` now if it is still running (a launch in a
  /// `phone.taskExpiry` span), from the callback lane right after its launch handler returned.
  func expireBackgroundTaskEarly(_ number: Int) {
    let expiry = mutate { state in
      state.withExtension(BackgroundTasksState.self, of: self) { tasks, state in
        tasks.running.first { $0.number == number }.flatMap { running in
          tasks.expire(running, early: true, state: &state, simulation: self).map(UncheckedBox.init)
        }
      }
    }
    expiry?.value()
    let queued = mutate { state in
      state.withExtension(BackgroundTasksState.self, of: self) { tasks, state in
        tasks.launchQueued(at: state.session.now, state: &state, simulation: self)
      }
    }
    if !queued.isEmpty { enqueue(queued, owedBy: nil) }
  }
}

extension BackgroundTasksState {
  /// Whether the Info.plist entry or registered identifier `pattern` covers `identifier`: the
  /// same string, or a wildcard `prefix*` of which `identifier` extends the prefix
  /// (`com.example.export.*` covers `com.example.export.photo1`; continued processing tasks,
  /// Apple doc: https://developer.apple.com/documentation/backgroundtasks/bgcontinuedprocessingtaskrequest/init(identifier:title:subtitle:)).
  static func matches(_ pattern: String, _ identifier: String) -> Bool {
    if pattern == identifier { return true }
    guard pattern.hasSuffix("*") else { return false }
    let prefix = pattern.dropLast()
    return identifier.count > prefix.count && identifier.hasPrefix(prefix)
  }

  /// The registration whose handler `request` launches: its identifier's; for a continued
  /// processing request with none, the longest wildcard registration covering it.
  func registration(for request: Request) -> Registration? {
    if let exact = registrations[request.identifier] { return exact }
    guard request.kind == .continued else { return nil }
    return
      registrations
      .filter { $0.key.hasSuffix("*") && Self.matches($0.key, request.identifier) }
      .max { $0.key.count < $1.key.count }?.value
  }

  /// Launches `request` at `now` with the current process's handler for it: appends the
  /// task to ``running``, logs `launched` (or `unregistered` with no handler) and returns the
  /// lane's callbacks that call the handler. A refresh or processing task holds virtual time
  /// until it completes; a continued processing task does not (its work goes on while time
  /// moves, measured by its progress) and its first progress check is at
  /// `now` + ``AppSimulation/continuedProcessingProgressInterval``.
  mutating func launch(
    _ request: Request, at now: SimulationInstant, state: inout AppSimulation.State,
    simulation: AppSimulation
  ) -> [AppSimulation.Callback] {
    let identifier = request.identifier
    guard let registration = registration(for: request),
      state.isAlive(Self.process(registration.generation))
    else {
      state.log(
        SystemEvent(
          framework: .backgroundTasks, event: "unregistered", identifier: identifier,
          details: [
            "reason": .string("No launch handler registered for task with identifier \(identifier)")
          ]))
      // A continued processing task is the user's action in the foreground: dropped with only
      // a log entry, the work the user asked for would vanish silently. Apple's `submit`
      // documents no error for it (`notPermitted` is the Info.plist's), so the submit
      // succeeds and a warning says what to write (project rule,
      // docs/phone.md#continued-processing-tasks).
      guard request.kind == .continued else { return [] }
      let reports = simulation.keepReports(
        .notDelivered, [Self.unregisteredMessage(identifier)], framework: "BackgroundTasks",
        call: "BGTaskScheduler.submit(_:) \(identifier)", in: &state)
      return [{ reports.forEach(AppSimulation.writeToStandardError) }]
    }
    launches += 1
    let number = launches
    let task: BGTask
    let runtime: Duration
    switch request.kind {
    case .refresh:
      task = BGAppRefreshTask(identifier: identifier, number: number, simulation: simulation)
      runtime = AppSimulation.backgroundRefreshRuntime
    case .processing:
      task = BGProcessingTask(identifier: identifier, number: number, simulation: simulation)
      runtime = AppSimulation.backgroundProcessingRuntime
    case .continued:
      task = BGContinuedProcessingTask(
        identifier: identifier, number: number, simulation: simulation, title: request.title,
        subtitle: request.subtitle)
      runtime = AppSimulation.continuedProcessingProgressInterval
    }
    let box = UncheckedBox(task)
    running.append(
      Running(
        number: number, task: box, expiresAt: now.advanced(by: runtime),
        generation: registration.generation, mainQueue: registration.mainQueue,
        progressSeen: request.kind == .continued ? 0 : nil))
    state.log(
      SystemEvent(
        framework: .backgroundTasks, event: "launched", identifier: identifier,
        details: ["type": .string(request.kind.rawValue)]))
    let handler = registration.handler
    let held = request.kind != .continued
    // A launch in a `phone.taskExpiry` span: the system takes the time back as soon as the
    // launch handler has returned (Apple: the expiration handler "may be called before the
    // background process uses the full amount of its allocated time").
    let expiresEarly = simulation.scenario.phone.taskExpiry.contains { $0.contains(now) }
    if registration.mainQueue {
      // `using: .main`: the handler is "executed on the specified queue" (Apple doc:
      // https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/register(fortaskwithidentifier:using:launchhandler:)),
      // so on the main actor, where a handler written in a `@MainActor` type is isolated;
      // the simulation runs that task before time moves (as Core Motion's main-queue
      // handlers). An early expiry follows the handler there.
      return [
        { [weak simulation] in
          guard let simulation else { return }
          if held { Self.holdLaunch(of: box.value, identifier, in: simulation) }
          Task { @MainActor [weak simulation] in
            // The phone app's code (docs/swift-api.md#whose-code-a-callback-runs-as).
            AppSimulation.$currentDevice.withValue(.phone) { handler.value(box.value) }
            if expiresEarly { simulation?.expireBackgroundTaskEarly(number) }
          }
        }
      ]
    }
    var callbacks: [AppSimulation.Callback] = [
      { [weak simulation] in
        guard let simulation else { return }
        if held { Self.holdLaunch(of: box.value, identifier, in: simulation) }
        AppSimulation.$currentDevice.withValue(.phone) { handler.value(box.value) }
      }
    ]
    if expiresEarly {
      callbacks.append { [weak simulation] in simulation?.expireBackgroundTaskEarly(number) }
    }
    return callbacks
  }

  /// Begins the hold of `task`'s launch handler (`identifier`'s, on either queue): virtual time
  /// stays at the launch until the task's `setTaskCompleted(success:)`, or until the grace
  /// passes (``AppSimulation/beginHold(framework:call:device:)``); the task keeps the hold's number to
  /// end it. The one home of the hold for both queues of `register`.
  static func holdLaunch(of task: BGTask, _ identifier: String, in simulation: AppSimulation) {
    task.setHold(
      simulation.beginHold(
        framework: "BackgroundTasks", call: "the launch handler of \(identifier)",
        device: .phone))
  }

  /// The ``AppSimulation/Report/Kind-swift.enum/notDelivered`` message of continued processing
  /// task `identifier` launched with no launch handler in the live app process.
  static func unregisteredMessage(_ identifier: String) -> String {
    "the continued processing task \(identifier) was launched, but the app process has no launch handler for it, so it did not run: call BGTaskScheduler.shared.register(forTaskWithIdentifier:using:launchHandler:) for \(identifier) (or a wildcard such as com.example.export.* that covers it) before submitting the request, and again in the relaunched process after a crash"
  }

  /// The device whose app process runs the tasks: the iPhone (BGTaskScheduler is iOS's; the
  /// handlers are the iPhone app's code). Its crash (`crash(.phone)`, a timeline `crash` with
  /// `"device": "phone"`) ends the registrations and running tasks; the watch app's does not.
  static let device = AppSimulation.Device.phone

  /// The phone app's process number `generation` as an ``AppProcess`` (whose liveness
  /// `AppSimulation.State.isAlive(_:)` judges: the one rule).
  static func process(_ generation: Int) -> AppProcess {
    AppProcess(device: device, generation: generation)
  }

  /// The iPhone app's process died (a crash): its running tasks end now, logged `dropped`
  /// (reason `appCrashed`): a refresh or processing task's launch handler owed
  /// `setTaskCompleted(success:)` to a process that is gone (its hold ended with the crash,
  /// logged `holdEnded`), and a continued processing task would otherwise keep the running
  /// slot until its next progress check. Their expiration handlers, the dead process's code,
  /// are not called (Apple calls the handler "shortly before the task's background time
  /// expires", https://developer.apple.com/documentation/backgroundtasks/bgtask/expirationhandler,
  /// in a live process; the terminated app has none). A queued request then starts (project
  /// rule, docs/phone.md#background-tasks).
  mutating func processDied(state: inout AppSimulation.State, simulation: AppSimulation)
    -> [AppSimulation.Callback]
  {
    let dead = running.filter { !state.isAlive(Self.process($0.generation)) }
    guard !dead.isEmpty else { return [] }
    for task in dead {
      running.removeAll { $0.number == task.number }
      // Under the simulation's lock: the hold (already ended by the crash) goes here too.
      if let hold = task.task.value.expire()?.hold { state.holds[hold] = nil }
      state.log(
        SystemEvent(
          framework: .backgroundTasks, event: "dropped", identifier: task.task.value.identifier,
          details: ["reason": .string("appCrashed")]))
    }
    return launchQueued(at: state.session.now, state: &state, simulation: simulation)
  }

  /// Launches the first queued continued processing request when fewer than
  /// ``AppSimulation/maximumRunningContinuedTasks`` run (after one completed or expired).
  mutating func launchQueued(
    at now: SimulationInstant, state: inout AppSimulation.State, simulation: AppSimulation
  ) -> [AppSimulation.Callback] {
    let runningContinued = running.filter { $0.progressSeen != nil }.count
    guard runningContinued < AppSimulation.maximumRunningContinuedTasks,
      let index = pending.firstIndex(where: { $0.request.kind == .continued })
    else { return [] }
    let next = pending.remove(at: index)
    return launch(next.request, at: now, state: &state, simulation: simulation)
  }

  /// Running continued processing task `number` made progress (its count is now `count`): its
  /// next check is at `next`.
  mutating func sawProgress(_ number: Int, count: Int64, next: SimulationInstant) {
    guard let index = running.firstIndex(where: { $0.number == number }) else { return }
    running[index].progressSeen = count
    running[index].expiresAt = next
  }

  /// Ends `running`'s time: removes it, logs `expired` (`handler`: whether the app set an
  /// expiration handler and its process is alive; `early`: a `phone.taskExpiry` span's), and
  /// returns the lane's callback that calls the handler and ends the task's hold, or `nil`
  /// when the task had completed. Without a handler the task counts as completed and
  /// unsuccessful (Apple: "Not setting an expiration handler results in the system marking
  /// your task as complete and unsuccessful",
  /// https://developer.apple.com/documentation/backgroundtasks/bgtask/expirationhandler).
  mutating func expire(
    _ running: Running, early: Bool, state: inout AppSimulation.State, simulation: AppSimulation
  ) -> AppSimulation.Callback? {
    self.running.removeAll { $0.number == running.number }
    guard let (handler, hold) = running.task.value.expire() else { return nil }
    let alive = state.isAlive(Self.process(running.generation))
    var details: [String: SystemEvent.Value] = ["handler": .bool(handler != nil && alive)]
    if early { details["early"] = .bool(true) }
    if running.progressSeen != nil, !early { details["reason"] = .string("noProgress") }
    state.log(
      SystemEvent(
        framework: .backgroundTasks, event: "expired", identifier: running.task.value.identifier,
        details: details))
    let box = UncheckedBox(handler)
    // A task launched on the main queue: its expiration handler, set in a handler that may be
    // main-actor isolated, runs on the main actor too (a project rule: Apple's page names no
    // queue for it; docs/phone.md#background-tasks).
    if running.mainQueue {
      return { [weak simulation] in
        Task { @MainActor [weak simulation] in
          if alive { AppSimulation.$currentDevice.withValue(.phone) { _ = box.value?() } }
          if let hold { simulation?.endHold(hold) }
        }
      }
    }
    return { [weak simulation] in
      if alive { AppSimulation.$currentDevice.withValue(.phone) { _ = box.value?() } }
      if let hold { simulation?.endHold(hold) }
    }
  }
}

/// BackgroundTasks' state in one simulation (behind the simulation's lock).
struct BackgroundTasksState: SimulationExtension {
  /// A request's values, copied at submit.
  struct Request: Sendable {
    enum Kind: String, Sendable { case refresh, processing, continued }
    var identifier: String
    var kind: Kind
    /// As the app set it (what ``BGTaskScheduler/pendingTaskRequests()`` gives back).
    var earliestBeginDate: Date?
    /// ``earliestBeginDate`` on virtual time, as the wall-clock rule read it at submit.
    var earliestBegin: SimulationInstant?
    var requiresNetworkConnectivity: Bool
    var requiresExternalPower: Bool
    /// A continued processing request's title, subtitle, strategy and resources.
    var title = ""
    var subtitle = ""
    var strategy = BGContinuedProcessingTaskRequest.SubmissionStrategy.queue
    var requiredResources: BGContinuedProcessingTaskRequest.Resources = []

    /// A new request object with these values.
    func request() -> BGTaskRequest {
      switch kind {
      case .refresh:
        let request = BGAppRefreshTaskRequest(identifier: identifier)
        request.earliestBeginDate = earliestBeginDate
        return request
      case .processing:
        let request = BGProcessingTaskRequest(identifier: identifier)
        request.earliestBeginDate = earliestBeginDate
        request.requiresNetworkConnectivity = requiresNetworkConnectivity
        request.requiresExternalPower = requiresExternalPower
        return request
      case .continued:
        let request = BGContinuedProcessingTaskRequest(
          identifier: identifier, title: title, subtitle: subtitle)
        request.earliestBeginDate = earliestBeginDate
        request.strategy = strategy
        request.requiredResources = requiredResources
        return request
      }
    }
  }
  /// A submitted request.
  struct Pending: Sendable {
    var request: Request
    var submitted: SimulationInstant
    var launchAt: SimulationInstant?
  }
  /// A launch handler of one app process.
  struct Registration: Sendable {
    var generation: Int
    var handler: UncheckedBox<(BGTask) -> Void>
    /// Whether the app gave `DispatchQueue.main` (the handler runs on the main actor).
    var mainQueue: Bool
  }
  /// A launched task not completed yet.
  struct Running: Sendable {
    var number: Int
    var task: UncheckedBox<BGTask>
    var expiresAt: SimulationInstant
    var generation: Int
    /// Whether its handler was registered with `DispatchQueue.main`.
    var mainQueue: Bool
    /// A continued processing task's `progress.completedUnitCount` at its last check (0 at
    /// the launch); `nil` for a refresh or processing task. Its ``expiresAt`` is the next check.
    var progressSeen: Int64? = nil
    /// Whether the task, still running when a run returned, was reported then.
    var reportedAtEnd = false
  }

  var registrations: [String: Registration] = [:]
  var pending: [Pending] = []
  var running: [Running] = []
  var launches = 0
  var scheduler: BGTaskScheduler?
  /// The Info.plist's `BGTaskSchedulerPermittedIdentifiers`, or `nil` (no Info.plist in the
  /// scenario: any identifier).
  let permitted: Set<String>?

  init(simulation: AppSimulation) {
    permitted = Self.permittedIdentifiers(of: simulation.scenario)
  }

  /// A continued processing task still running when the outermost `run` returns, each once: the
  /// user would still see it in its Live Activity, and the test's world ended before the
  /// app's work did (project rule, docs/phone.md#continued-processing-tasks).
  mutating func endOfRunWarnings(stalled: Bool, in state: inout AppSimulation.State) -> [(
    framework: String, call: String, message: String
  )] {
    var warnings: [(framework: String, call: String, message: String)] = []
    for index in running.indices where running[index].progressSeen != nil {
      guard !running[index].reportedAtEnd else { continue }
      running[index].reportedAtEnd = true
      if stalled { continue }
      let identifier = running[index].task.value.identifier
      warnings.append(
        (
          framework: "BackgroundTasks", call: "BGContinuedProcessingTask \(identifier)",
          message:
            "when run(_:) returned, the continued processing task \(identifier) was still running (not completed, not expired): call setTaskCompleted(success:) when its work ends, and advance inside run until it has"
        ))
    }
    return warnings
  }

  /// The scenario's permitted identifiers: `nil` without `app.infoPlist` (the default
  /// Info.plist: any identifier); else its `BGTaskSchedulerPermittedIdentifiers` array, inline
  /// or in the `.plist` file (none when the key is absent or not an array of strings).
  static func permittedIdentifiers(of scenario: Scenario) -> Set<String>? {
    guard scenario.app.infoPlist != nil else { return nil }
    let strings = try? scenario.infoPlistStringArray("BGTaskSchedulerPermittedIdentifiers")
    return Set((strings ?? nil) ?? [])
  }
}
