import WorkoutCore

/// One session the engine runs, system-side.
struct EngineSession {
  var activity: WorkoutActivityType
  var machine = WorkoutSessionStateMachine()
  var builder: LiveWorkoutBuilder
  /// Whether the app holds a handle (gets notifications).
  var attached = true
  /// The types the app's data source collects (the Swift API's `HKLiveWorkoutDataSource`), or
  /// `nil` for every type the activity collects (the scenario's way).
  var collectedTypes: QuantityTypeSet? = nil
  /// The metadata the app added to the builder (the Swift API's `addMetadata`), merged into
  /// its record's metadata (the app's keys win over the configuration's).
  var appMetadata: [String: MetadataValue] = [:]
  /// The metadata the app's configuration gives its record (the Swift API's swimming location
  /// and pool length), which replaces the configuration's for the activity whole when it names
  /// one of its keys (``WorkoutEngine/activityMetadata(configured:app:)``, the legs' rule).
  var configurationMetadata: [String: MetadataValue] = [:]
  /// Whether the watch counts this swimming session's pool lengths on the course (a pool
  /// configuration in a scenario without lengths of its own:
  /// ``WorkoutEngine/setCountsPoolLengths(ofSession:)``): its `distanceSwimming` and
  /// `swimmingStrokeCount` are recorded once per length, not on the grid.
  var countsPoolLengths = false
  /// The spans in which the session collected, nanoseconds, in order: each running interval
  /// from its opening (not before collection's start) to its closing (`end` `nil` while it is
  /// open), touching spans merged (an activity switch closes and opens at one instant). The
  /// data source's per-event samples are cut to them
  /// (``WorkoutEngine/addRecordedSamples(_:toSession:from:to:at:)``).
  var collectedSpans: [(start: Int64, end: Int64?)] = []

  /// The parts of `[from, to]` in ``collectedSpans``, in order (none empty, except the one
  /// instant `[from, from]` when `from == to` lies in a span).
  func collectedParts(from: Int64, to: Int64) -> [(start: Int64, end: Int64)] {
    var parts: [(start: Int64, end: Int64)] = []
    for span in collectedSpans {
      let end = span.end ?? Int64.max
      if from == to {
        if span.start <= from && from <= end { return [(from, to)] }
        continue
      }
      let start = max(from, span.start)
      let stop = min(to, end)
      if start < stop { parts.append((start, stop)) }
    }
    return parts
  }

  /// The start of the span in ``collectedSpans`` after the gap that holds `instant` (a pause:
  /// the session collected before it and resumed at that start), or `nil` when `instant` lies
  /// in a span, before the first or after the last.
  func resume(after instant: Int64) -> Int64? {
    for (position, span) in collectedSpans.enumerated() {
      if instant < span.start { return position > 0 ? span.start : nil }
      if instant < span.end ?? Int64.max { return nil }
    }
    return nil
  }
}

/// The workout engine: an app's `HKWorkoutSession`s and their `HKLiveWorkoutBuilder`s on virtual
/// time, fed by a ``WorkoutDataSource``.
///
/// The driver calls ``perform(_:at:)`` for each timeline action, ``probe(at:)`` for snapshots and
/// ``finishRun(at:)`` at the end, with non-decreasing instants (an earlier instant is treated as
/// ``now``). Everything the app would see comes out in ``log``, ``errors`` and ``records``.
///
/// Rules (docs/scenario-format.md#sample-timing, #timeline-actions, #ending-a-workout):
/// - Session 0 exists at the start (`notStarted`); ``AppAction/newSession(activity:)`` creates
///   the next. Preparing or starting a session ends every other prepared, running, paused or
///   stopped session with `anotherWorkoutSessionStarted` (error first, then the state change).
/// - Collection begins only at the app's `beginCollection`
///   (``beginCollection(ofSession:at:date:)``, or a call of its reflexes), as in HealthKit; the
///   engine knows no door. The app's code is a
///   client (``AppReflexes``, given at ``init(configuration:dataSource:reflexes:)``): after each
///   session change (``AppEvent/sessionChanged(session:change:builder:heard:)``) and at the
///   link's app events, its reflexes are asked, and the calls they return are made within the
///   same step, before anything else the step does. The command line's scripted app begins
///   collection at `start` and, with `finish: auto`, ends collection and finishes the workout
///   when its session reaches stopped or ended (docs/scenario-format.md#ending-a-workout).
/// - Samples exist only in running intervals (session running and builder active). Each
///   interval `[s, e]` has its own grid `s + k × interval` per type: a discrete sample at each
///   grid point in `[s, e]`, a cumulative sample for each span `[s + k × interval,
///   s + (k + 1) × interval)`, the last one cut at `e`. No sample before collection start +
///   `lockOn`; none whose instant (span start for cumulative types) lies in a dropout. A
///   discrete value of `nil` from the source is no sample. All samples produced at one instant
///   form one `dataCollected` batch.
/// - Crash: the app's handles go; collection goes on; batches are not delivered. Relaunch with
///   recovery re-attaches the active session and delivers what was missed as one batch; without
///   recovery the app has no session (`noSession` errors) and the orphaned session saves no
///   record unless the app recovers it later (``recoverActiveSession(at:)``): it stays open
///   system-side and what it collects is kept for that batch. `relaunch(recover: true)` is
///   exactly `relaunch(recover: false)` followed by ``recoverActiveSession(at:)`` at the same
///   instant.
public struct WorkoutEngine<Source: WorkoutDataSource> {
  /// The fixed settings.
  public let configuration: WorkoutEngineConfiguration
  /// Everything that happened, in order: the record (the app hears of the effects among it
  /// through the outbox, ``takeEffects(into:)``).
  public internal(set) var log: [LogEntry] = []
  /// Whether effects are queued for ``takeEffects(into:)`` besides being logged (the Swift
  /// door, which turns them into callbacks, sets it; a run that only keeps the record leaves it
  /// off, so nothing queues up untaken).
  public var queuesEffects = false
  /// The outbox: the effects not taken yet (``EngineEffect``), in order.
  public internal(set) var effects: [EngineEffect] = []
  /// Every failed call, in order.
  public internal(set) var errors: [ErrorReport] = []
  /// The error the latest call reported (``perform(_:at:)``, an API call such as
  /// ``beginCollection(ofSession:at:date:)``, ``reportAPIError(_:call:session:)``), or `nil`
  /// when it reported none: the call's typed outcome, which the Swift door turns into the
  /// error it throws or passes, so that nothing reads ``errors`` (the record) back. A call
  /// clears it when it begins, after the deadlines due before its instant were served; an
  /// error a deadline reports between calls sets it too.
  public internal(set) var callError: ErrorReport?
  /// The JSON path of the scenario timeline's action being performed
  /// (``perform(_:at:timeline:)``), `nil` between actions and for any other call.
  var timelineAction: String?
  /// Saved records, in save order.
  public private(set) var records: [WorkoutRecord] = []
  /// The engine's current instant.
  public internal(set) var now: SimulationInstant = .zero
  /// Whether the app process is running (false between `crash` and `relaunch`).
  public var appIsRunning: Bool { app.isRunning }
  /// How many times the app process has crashed (`crash` while it was running).
  public internal(set) var crashCount = 0
  /// The index of the app's current session, or `nil` when it has none.
  public internal(set) var currentSessionIndex: Int? = 0

  var sessions: [EngineSession] = []
  /// When samples are due (idle outside running intervals).
  var sampler = SampleProductionStateMachine()
  var missedTypes = QuantityTypeSet()
  var missedCount = 0
  /// The open session a relaunch without recovery left behind (the app may still recover it),
  /// with what it collected since the crash.
  var orphan: (index: Int, types: QuantityTypeSet, count: Int)?
  var runFinished = false
  var cumulativeIntervals: [QuantityType: Duration] = [:]
  /// What the last ``reserveStorage(through:)`` made room for: the sampling interval, its
  /// stream count and the instant (nanoseconds), so that a pump within it (the Swift door pumps
  /// at every instant it stops at) does not count the streams' samples again.
  var reserved: (interval: SampleProductionStateMachine.Interval, streams: Int, through: Int64)?
  /// Whether the lifecycle model is on (the configuration has a `watch`).
  let lifecycleEnabled: Bool
  /// The engine's timers (``EngineTimer``): each state machine registers its next deadline here
  /// whenever it changes (the observers below), and the engine reads the earliest.
  var timers = DeadlineQueue<EngineTimer>()
  /// The app process and the wrist (crash and relaunch also while the lifecycle model is off).
  var app: AppLifecycleStateMachine { didSet { timers.set(.app, to: app.deadline) } }
  /// The app's extended runtime sessions, in creation order.
  var runtimes: [ExtendedRuntimeSessionStateMachine] = [] {
    didSet { timers.set(.extendedRuntime, to: liveRuntimeDeadline) }
  }
  /// The first of ``runtimes`` created by the app's current process.
  var runtimeBase = 0
  /// How many times the phone link woke a suspended watch app, or launched a not-running one,
  /// into the background for content from the phone (cause `watchConnectivity`: a queued
  /// transfer or an urgent complication transfer, docs/phone-link.md#waking-the-watch-app),
  /// (``linkLaunches``: how many of those were launches). A framework compares them with what
  /// it saw to hand the app its background task (SimulatedWatchKit's
  /// `WKWatchConnectivityRefreshBackgroundTask`) and to launch the app's code again.
  public internal(set) var linkWakes = 0
  /// How many of ``linkWakes`` launched the app (it was not running).
  public internal(set) var linkLaunches = 0
  /// How many times a scheduled extended runtime session that outlived its app's process
  /// started while the app was not running and launched it into the background (cause
  /// `extendedRuntimeSession`; Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkextendedruntimesession/start(at:)): a
  /// framework compares it with what it saw to launch the app's code again.
  public internal(set) var runtimeLaunches = 0
  /// How many background refresh tasks the system launched the app's current process for and
  /// the app has not finished (completed or expired): while one runs it keeps the app alive
  /// (``KeepAliveReason/backgroundTask``).
  var backgroundTasksRunning = 0
  /// The reference-counting helper (F08).
  var helper = RuntimeHelperStateMachine()
  /// The auto-pause detector, or `nil` when auto-pause is off.
  var autoPause: AutoPauseStateMachine? {
    didSet { timers.set(.autoPause, to: autoPause?.deadline) }
  }
  /// The mirroring of a session to the phone (docs/phone-link.md#mirrored-workout-sessions).
  var mirroring = MirroringStateMachine() {
    didSet { timers.set(.mirroring, to: mirroring.deadline) }
  }
  /// The objects saved on each device and when the other device's store gets them (record ids
  /// and the Swift door's UUIDs; docs/phone-link.md#the-two-health-stores).
  var healthSync:
    [String: (device: CompanionDevice, saved: SimulationInstant, arrival: SimulationInstant?)] =
      [:]
  /// The phone link (docs/phone-link.md).
  var linkState: LinkStateMachine { didSet { timers.set(.link, to: linkState.deadline) } }
  /// The watch app started not running and has not been launched yet: its first launch keeps
  /// session 0 (docs/phone-link.md#the-watch-app).
  var firstLaunchPending: Bool
  /// The watch's workout reminders of the run, in time order, and the next one to log.
  let reminderPlan: [ReminderItem]
  var reminderCursor = 0 { didSet { timers.set(.reminder, to: reminderDeadline) } }
  /// The starts of the detected workouts whose start reminder was logged.
  var remindedStarts: Set<Int64> = []
  /// Whether the app receives callbacks: running and not suspended.
  var appReceives: Bool { app.receivesCallbacks }
  /// The app's reflexes (``AppReflexes``): the code the app runs inside a callback, asked where
  /// the effect is produced; ``NoAppReflexes`` for an app whose code makes its own calls.
  public internal(set) var reflexes: any AppReflexes
  /// The data source (kept last: its size is unknown to unspecialised code).
  public private(set) var dataSource: Source

  /// Creates an engine with session 0 in `notStarted`.
  ///
  /// - Parameters:
  ///   - configuration: seed, activity, location, builder option, schedules, metadata, the
  ///     watch and the link.
  ///   - dataSource: what the body and wrist deliver.
  ///   - reflexes: the app's reflexes (``AppReflexes``), asked within each step; default
  ///     none (``NoAppReflexes``: the app's code makes its own calls, the Swift door).
  public init(
    configuration: WorkoutEngineConfiguration, dataSource: Source,
    reflexes: any AppReflexes = NoAppReflexes()
  ) {
    self.configuration = configuration
    self.dataSource = dataSource
    self.reflexes = reflexes
    self.lifecycleEnabled = configuration.watch != nil
    self.app = AppLifecycleStateMachine(
      watch: configuration.watch ?? .standard,
      startsNotRunning: configuration.link.watchStartsNotRunning)
    self.firstLaunchPending = configuration.link.watchStartsNotRunning
    self.linkState = LinkStateMachine(settings: configuration.link)
    self.autoPause = configuration.watch?.autoPause.map { AutoPauseStateMachine(settings: $0) }
    self.reminderPlan = Self.reminderPlan(configuration)
    for type in QuantityType.allCases where type.isCumulative {
      cumulativeIntervals[type] = configuration.schedule(for: type).interval
    }
    sessions.append(makeSession(activity: configuration.activity))
    registerTimers()
    refreshLink(at: .zero)
  }

  func makeSession(
    activity: WorkoutActivityType, location: WorkoutSessionLocationType? = nil
  ) -> EngineSession {
    EngineSession(
      activity: activity,
      builder: LiveWorkoutBuilder(
        activityType: activity, locationType: location ?? configuration.location,
        shouldCollectWorkoutEvents: configuration.shouldCollectWorkoutEvents,
        cumulativeIntervals: cumulativeIntervals))
  }

  // MARK: - Inspection

  /// The number of sessions created so far.
  public var sessionCount: Int { sessions.count }

  /// The state of session `index`, or `nil` if there is no such session.
  public func sessionState(_ index: Int) -> WorkoutSessionState? {
    sessions.indices.contains(index) ? sessions[index].machine.state : nil
  }

  /// The builder of session `index` (system-side, whatever the app holds), or `nil`.
  public func builder(ofSession index: Int) -> LiveWorkoutBuilder? {
    sessions.indices.contains(index) ? sessions[index].builder : nil
  }

  /// `body` applied to the builder of session `index`, or `nil` if there is no such session:
  /// the reads made on every batch (`statistics(for:)`). The builder is lent, not returned: its
  /// sample series are retained for the call, never copied element by element (a caller of
  /// ``builder(ofSession:)`` that kept the value would make the next append copy them).
  public func withBuilder<R>(ofSession index: Int, _ body: (borrowing LiveWorkoutBuilder) -> R)
    -> R?
  {
    sessions.indices.contains(index) ? body(sessions[index].builder) : nil
  }

  /// `body` applied to the builder of session `index` through exclusive access, or `nil` if
  /// there is no such session. Unlike ``withBuilder(ofSession:_:)`` this never copies the
  /// builder: a borrowed element of `sessions` handed to an opaque closure is copied (a retain
  /// and release of every series), an `inout` one is not. `body` must only read.
  package mutating func withBuilderInPlace<R>(
    ofSession index: Int, _ body: (inout LiveWorkoutBuilder) -> R
  ) -> R? {
    sessions.indices.contains(index) ? body(&sessions[index].builder) : nil
  }

  // MARK: - Driving

  /// Advances to `instant` (delivering samples due before it), then performs `action`, then
  /// delivers samples due at `instant` that are still open (such as the first grid point after
  /// `start` or `resume`).
  ///
  /// Illegal calls are reported in ``errors`` and ``log``; the run goes on.
  public mutating func perform(_ action: AppAction, at instant: SimulationInstant) {
    perform(action, at: instant, timeline: nil)
  }

  /// ``perform(_:at:)`` for the scenario timeline's action at the JSON path `location`
  /// (`"timeline[5]"`, or `nil` for an action the timeline did not write: a key the person
  /// pressed, an app's call): a refusal's advice that depends on the caller names the path and
  /// the value to change in the scenario file instead of a Swift call (a `lap` after the
  /// workout's end: ``WorkoutRecord/EventCheck/timeline(_:)``).
  public mutating func perform(
    _ action: AppAction, at instant: SimulationInstant, timeline location: String?
  ) {
    timelineAction = location
    defer { timelineAction = nil }
    let date = max(instant, now)
    if timersDue(through: date) { runLifecycleTimers(through: date.nanoseconds) }
    pump(through: SimulationInstant(nanoseconds: date.nanoseconds - 1))
    now = date
    callError = nil
    apply(action, at: date)
    pump(through: date)
  }

  /// Delivers every sample due at or before `instant` and moves ``now`` there.
  public mutating func advance(to instant: SimulationInstant) {
    let date = max(instant, now)
    if timersDue(through: date) { runLifecycleTimers(through: date.nanoseconds) }
    pump(through: date)
    now = date
  }

  /// Advances to `instant` and snapshots the app's current session (system-side values, even
  /// while the app is not running), with the app state and keep-alive reason when the lifecycle
  /// model is on.
  public mutating func probe(at instant: SimulationInstant) -> Probe {
    advance(to: instant)
    var probe = sessionProbe()
    if lifecycleEnabled {
      probe.appState = app.appState
      probe.keepAlive = keepAlive
    }
    return probe
  }

  private func sessionProbe() -> Probe {
    guard let index = currentSessionIndex else {
      return Probe(
        at: now, state: nil, elapsed: nil, heartRate: nil, activeEnergyBurned: nil,
        distance: nil, stepCount: nil)
    }
    let session = sessions[index]
    let builder = session.builder
    return Probe(
      at: now, state: session.machine.state, elapsed: builder.elapsedTime(at: now),
      heartRate: builder.mostRecent(of: .heartRate),
      activeEnergyBurned: builder.sum(of: .activeEnergyBurned),
      distance: session.activity.distanceType.flatMap { builder.sum(of: $0) },
      stepCount: builder.sum(of: .stepCount))
  }

  /// Ends the run at `instant`: advances there, and logs `unfinished` for every session still
  /// open (prepared, running, paused or stopped, or with collection begun but not finished);
  /// those save no record. Only the first call has an effect.
  public mutating func finishRun(at instant: SimulationInstant) {
    advance(to: instant)
    guard !runFinished else { return }
    runFinished = true
    for index in sessions.indices where isOpen(index) {
      log.append(LogEntry(at: now, session: index, kind: .unfinished))
    }
  }

  private func isOpen(_ index: Int) -> Bool { isSessionOpen(index) }

  // MARK: - Actions

  private mutating func apply(_ action: AppAction, at date: SimulationInstant) {
    switch action {
    case .crash:
      if appIsRunning {
        crashCount += 1
        missedTypes = QuantityTypeSet()
        missedCount = 0
        appCrashed(at: date)
      }
      return
    case .relaunch(let recover):
      relaunch(recover: recover, at: date)
      return
    case .wristDown, .wristUp, .crownPress, .openApp:
      if lifecycleEnabled { userAction(action, at: date) }
      return
    case .extendedRuntime(let operation):
      guard lifecycleEnabled else { return }
      if appIsRunning && !appReceives {
        report(.appSuspended, call: ErrorReport.Call(action), session: nil, at: date)
        return
      }
      guard appIsRunning else { break }
      extendedRuntime(operation, at: date)
      return
    case .mirroring(let operation):
      // The phone's calls do not depend on the watch app; the watch's need it running.
      switch operation {
      case .send(from: .phone, byteCount: _), .remoteCall:
        mirroringCall(operation, at: date)
        return
      case .start, .stop, .send:
        guard appIsRunning else { break }
        guard appReceives else { break }
        mirroringCall(operation, at: date)
        return
      }
    case .link(let operation):
      linkOperation(operation, at: date)
      return
    case .phone(let action):
      phoneAction(action, at: date)
      linkConnectivityChecked(at: date)
      return
    case .prepare, .start, .pause, .resume, .stop, .end, .endCollection, .finishWorkout, .lap,
      .marker, .segment, .addEvent, .newSession, .beginActivity, .endActivity:
      break
    }
    guard appIsRunning else {
      report(.appNotRunning, call: ErrorReport.Call(action), session: nil, at: date)
      return
    }
    guard appReceives else {
      report(.appSuspended, call: ErrorReport.Call(action), session: nil, at: date)
      return
    }
    if case .newSession(let activity) = action {
      sessions.append(makeSession(activity: activity ?? configuration.activity))
      currentSessionIndex = sessions.count - 1
      return
    }
    guard let index = currentSessionIndex else {
      report(.noSession, call: ErrorReport.Call(action), session: nil, at: date)
      return
    }
    switch action {
    case .prepare: sessionCall(.prepare, session: index, at: date)
    case .start: sessionCall(.start, session: index, at: date)
    case .pause: sessionCall(.pause, session: index, at: date)
    case .resume: sessionCall(.resume, session: index, at: date)
    case .stop: sessionCall(.stop, session: index, at: date)
    case .end: sessionCall(.end, session: index, at: date)
    case .endCollection: endCollection(session: index, at: date)
    case .finishWorkout: finishWorkout(session: index, at: date)
    case .lap: addEvent(.lap, session: index, at: date, call: .engine(action))
    case .marker: addEvent(.marker, session: index, at: date, call: .engine(action))
    case .segment: addEvent(.segment, session: index, at: date, call: .engine(action))
    case .addEvent(let type): addEvent(type, session: index, at: date, call: .builder(.addEvent))
    case .beginActivity(let type, let metadata):
      beginActivity(
        type, location: sessions[index].builder.locationType, metadata: metadata, session: index,
        at: date, date: date)
    case .endActivity: endActivity(session: index, at: date, date: date)
    case .newSession, .crash, .relaunch, .wristDown, .wristUp, .crownPress, .openApp,
      .extendedRuntime, .mirroring, .link, .phone:
      preconditionFailure("action \(action.word) already handled before dispatch")
    }
  }

  /// A relaunch: without recovery every handle goes (the open session, if any, becomes the
  /// ``orphan`` with what it missed); with recovery, ``recoverActiveSession(at:)`` follows at the
  /// same instant.
  mutating func relaunch(
    recover: Bool, at date: SimulationInstant, inBackgroundFor cause: AppStateCause? = nil
  ) {
    guard !appIsRunning else { return }
    if firstLaunchPending {
      // The first launch of an app that started not running: session 0 is its own.
      firstLaunchPending = false
      applyApp(
        app.relaunch(at: date.nanoseconds, keepAlive: keepAlive, inBackgroundFor: cause),
        at: date)
      return
    }
    applyApp(
      app.relaunch(at: date.nanoseconds, keepAlive: keepAlive, inBackgroundFor: cause),
      at: date)
    orphan = nil
    if let index = currentSessionIndex, sessions[index].attached, isOpen(index) {
      orphan = (index, missedTypes, missedCount)
    }
    for index in sessions.indices { sessions[index].attached = false }
    currentSessionIndex = nil
    missedTypes = QuantityTypeSet()
    missedCount = 0
    if recover { recoverActiveSession(at: date) }
  }

  /// `recoverActiveWorkoutSession`: attaches the session a relaunch left open (when it is still
  /// open), makes it the app's current session and delivers what it collected since the crash
  /// as one `dataCollected` batch; with auto-pause's `pausesSession`, the app answers a motion
  /// event it missed while away (docs/healthkit-behaviour.md#auto-pause). Returns its index,
  /// or `nil` when there is nothing to recover: no relaunch left one, it is no longer open
  /// (``isSessionOpen(_:)``), or the app has made a session of its own since the relaunch.
  @discardableResult
  public mutating func recoverActiveSession(at instant: SimulationInstant) -> Int? {
    let date = max(instant, now)
    guard let left = orphan else { return nil }
    orphan = nil
    guard isOpen(left.index), appIsRunning, currentSessionIndex == nil else { return nil }
    sessions[left.index].attached = true
    currentSessionIndex = left.index
    if left.count > 0 {
      notify(left.index, at: date, .dataCollected(types: left.types, count: left.count))
    }
    autoPauseRecovered(session: left.index, at: date)
    return left.index
  }

  mutating func sessionCall(
    _ call: WorkoutSessionCall, session index: Int, at date: SimulationInstant
  ) {
    switch sessions[index].machine.perform(call, at: date) {
    case .changed(let change):
      // Preparing or starting ends every other open session first: their errors and changes
      // are delivered before this session's change.
      if call == .prepare || call == .start {
        endOtherSessions(except: index, at: date, call: call)
      }
      applyChange(change, session: index)
    case .rejected(let error):
      report(error, call: .session(call), session: index, at: date)
    }
  }

  private mutating func endOtherSessions(
    except current: Int, at date: SimulationInstant, call: WorkoutSessionCall
  ) {
    for index in sessions.indices where index != current {
      switch sessions[index].machine.state {
      case .prepared, .running, .paused, .stopped:
        report(.anotherWorkoutSessionStarted, call: .session(call), session: index, at: date)
        if let change = sessions[index].machine.fail(at: date) {
          applyChange(change, session: index)
        }
      case .notStarted, .ended:
        continue
      }
    }
  }

  private mutating func applyChange(_ change: SessionStateChange, session index: Int) {
    let date = change.date
    if change.from == .running && sampler.interval?.session == index { closeInterval(at: date) }
    notify(index, at: date, .stateChange(from: change.from, to: change.to))
    if let type = change.generatedEvent,
      sessions[index].builder.collectSessionEvent(WorkoutEvent(type, at: date))
    {
      notify(index, at: date, .event(type))
    }
    // The app's code answers the change here, within the step (its `beginCollection` opens
    // the sampling interval when the session runs).
    react(
      to: .sessionChanged(
        session: index, change: change, builder: sessions[index].builder.lifecycle,
        heard: appReceives && sessions[index].attached),
      at: date)
    if change.to == .running, sessions[index].builder.isActive, sampler.interval == nil {
      openInterval(session: index, at: date)
    }
    if lifecycleEnabled { lifecycleSessionChanged(change, session: index) }
    mirroringSessionChanged(change, session: index)
  }

  // MARK: - The app's reflexes

  /// Asks the app's reflexes (``reflexes``) to answer `event` at `date` and makes the calls
  /// they return at once, in order, as the app's code would; the first that fails ends the
  /// reaction (its error is reported as that call's).
  mutating func react(to event: AppEvent, at date: SimulationInstant) {
    for call in reflexes.react(to: event, at: date) {
      guard makeAppCall(call, at: date) else { return }
    }
  }

  /// Makes `call` of the app's reflexes at `date` as the engine call of the same name;
  /// returns whether it succeeded (a failure is reported in ``errors`` and ``log``).
  @discardableResult
  mutating func makeAppCall(_ call: AppCall, at date: SimulationInstant) -> Bool {
    switch call {
    case .beginCollection(let index):
      precondition(sessions.indices.contains(index), "beginCollection: no session \(index)")
      return beginCollection(session: index, at: date, startDate: date)
    case .endCollection(let index):
      precondition(sessions.indices.contains(index), "endCollection: no session \(index)")
      return endCollection(session: index, at: date)
    case .finishWorkout(let index):
      precondition(sessions.indices.contains(index), "finishWorkout: no session \(index)")
      let saved = records.count
      finishWorkout(session: index, at: date)
      return records.count > saved
    case .link(let operation):
      let reported = errors.count
      linkOperation(operation, at: date)
      return errors.count == reported
    }
  }

  /// Begins collection of session `index` with start date `startDate` at `date` (HealthKit's
  /// `beginCollection(withStart:)`); the sampling interval opens at once when the session runs.
  /// Returns whether collection began (else the error is reported).
  mutating func beginCollection(
    session index: Int, at date: SimulationInstant, startDate: SimulationInstant
  ) -> Bool {
    do throws(WorkoutError) {
      try sessions[index].builder.beginCollection(at: startDate)
    } catch {
      report(error, call: .builder(.beginCollection), session: index, at: date)
      return false
    }
    if sessions[index].machine.state == .running, sampler.interval == nil {
      openInterval(session: index, at: date)
    }
    return true
  }

  /// Ends collection of session `index` with end date `endDate` (the app's date; the CLI's is
  /// the action's instant), closing its sampling interval at ``now``.
  @discardableResult
  mutating func endCollection(
    session index: Int, at date: SimulationInstant, endDate: SimulationInstant? = nil
  ) -> Bool {
    do {
      try sessions[index].builder.endCollection(at: endDate ?? date)
    } catch {
      report(error, call: .builder(.endCollection), session: index, at: date)
      return false
    }
    if sampler.interval?.session == index { closeInterval(at: date) }
    return true
  }

  /// Saves session `index`'s workout. Each event the builder accepted before its end was known
  /// and left out for lying after it (``LiveWorkoutBuilder/eventsOutsideSpan``) is an error
  /// entry of the call (never dropped silently: docs/healthkit-behaviour.md#the-finished-workout);
  /// the workout is saved all the same.
  mutating func finishWorkout(session index: Int, at date: SimulationInstant) {
    let id = WorkoutRecord.makeID(seed: configuration.seed, sessionIndex: index)
    do {
      // The session's configuration is its part of the workout as a leg's is (one rule:
      // docs/models.md#swimming), then the app's own keys.
      let configured = Self.activityMetadata(
        configured: configuration.activityMetadata[sessions[index].activity] ?? [:],
        app: sessions[index].configurationMetadata)
      let metadata = configuration.metadata
        .merging(configured) { $1 }
        .merging(sessions[index].appMetadata) { $1 }
      let outside = sessions[index].builder.eventsOutsideSpan
      let record = try sessions[index].builder.finishWorkout(id: id, metadata: metadata)
      for event in outside {
        if let message = WorkoutRecord.eventOutsideMessage(
          event, start: record.startDate, end: record.endDate, when: .finishing)
        {
          report(
            .invalidArgument(message), call: .builder(.finishWorkout), session: index, at: date)
        }
      }
      records.append(record)
      log.append(LogEntry(at: date, session: index, kind: .record(id: id)))
      // The watch's builder saved it: the phone's store gets it by HealthKit's sync.
      noteHealthSave(identifier: id, on: .watch, at: date)
    } catch {
      report(error, call: .builder(.finishWorkout), session: index, at: date)
    }
  }

  mutating func addEvent(
    _ type: WorkoutEventType, session index: Int, at date: SimulationInstant,
    call: ErrorReport.Call,
    eventDate: SimulationInstant? = nil, duration: Duration = .zero,
    metadata: [String: MetadataValue] = [:]
  ) {
    do {
      // A scenario timeline's action gets advice for the scenario file, the app's call for
      // its code.
      try sessions[index].builder.addWorkoutEvent(
        WorkoutEvent(type, at: eventDate ?? date, duration: duration, metadata: metadata),
        check: timelineAction.map { .timeline($0) } ?? .adding)
      notify(index, at: date, .event(type))
    } catch {
      report(error, call: call, session: index, at: date)
    }
  }

  // MARK: - Notifications

  mutating func notify(_ index: Int, at date: SimulationInstant, _ kind: EngineEffect.Kind) {
    guard appReceives && sessions[index].attached else { return }
    emit(EngineEffect(at: date, session: index, kind: kind))
  }

  mutating func report(
    _ error: WorkoutError, call: ErrorReport.Call, session index: Int?,
    at date: SimulationInstant
  ) {
    if let index, !(appReceives && sessions[index].attached) { return }
    let report = ErrorReport(error: error, call: call, at: date, session: index)
    errors.append(report)
    callError = report
    emit(EngineEffect(at: date, session: index, kind: .error(report)))
  }

  mutating func deliverBatch(
    session index: Int, at instant: Int64, types: QuantityTypeSet, count: Int
  ) {
    guard count > 0 else { return }
    guard sessions[index].attached else {
      if orphan?.index == index {
        orphan?.types.formUnion(types)
        orphan?.count += count
      }
      return
    }
    guard appReceives else {
      missedTypes.formUnion(types)
      missedCount += count
      return
    }
    let date = SimulationInstant(nanoseconds: instant)
    if !growLastBatch(session: index, at: date, types: types, count: count) {
      emitBatch(session: index, at: date, types: types, count: count)
    }
  }

  // MARK: - Sampling

  /// The types session `index`'s data source records per event rather than on the grid:
  /// ``WorkoutEngineConfiguration/eventRecordedTypes`` (a scripted or replayed pool swim's), and
  /// `distanceSwimming` and `swimmingStrokeCount`, recorded once per length
  /// (docs/models.md#swimming), while a pool leg is current (a `swimming` activity whose
  /// metadata has `HKSwimmingLocationType` 1, `HKWorkoutSwimmingLocationType.pool`, as a
  /// multisport workout's leg begun with a pool configuration has) or while a pool swimming
  /// session whose lengths the watch counts (``setCountsPoolLengths(ofSession:)``) swims (no
  /// leg, or a `swimming` one).
  func eventRecordedTypes(ofSession index: Int) -> QuantityTypeSet {
    var types = configuration.eventRecordedTypes
    let leg = sessions[index].builder.currentActivity
    let poolLeg =
      leg.map {
        $0.activityType == .swimming && $0.metadata["HKSwimmingLocationType"] == .number(1)
      }
      ?? false
    let poolSession =
      sessions[index].countsPoolLengths
      && (leg?.activityType ?? sessions[index].activity) == .swimming
    if poolLeg || poolSession {
      types.insert(.distanceSwimming)
      types.insert(.swimmingStrokeCount)
    }
    return types
  }

  mutating func openInterval(session index: Int, at date: SimulationInstant) {
    // The current activity's type while one runs (a multisport leg), else the session's.
    let activity = sessions[index].builder.currentActivity?.activityType ?? sessions[index].activity
    let collectionStart = sessions[index].builder.startDate?.nanoseconds ?? date.nanoseconds
    // A collection the app begins at a later date (`beginCollection(at: now + 0.001)`) samples
    // from that date: a grid from the call's instant would put its first span before the
    // start, and lock-on would drop that whole span.
    // The types the data source records per event (a pool's lengths) are not on the grid.
    var only = sessions[index].collectedTypes
    let perEvent = eventRecordedTypes(ofSession: index)
    if !perEvent.isEmpty {
      only = (only ?? QuantityTypeSet(activity.collectedTypes)).subtracting(perEvent)
    }
    // A ride records power, cadence and speed only from the peripherals connected, and indoors
    // distance only from a speed sensor (``WorkoutEngineConfiguration/unsensedCyclingTypes``).
    let unsensed = configuration.unsensedCyclingTypes(
      activity: activity, location: sessions[index].builder.locationType)
    if !unsensed.isEmpty {
      only = (only ?? QuantityTypeSet(activity.collectedTypes)).subtracting(unsensed)
    }
    let opened = max(date.nanoseconds, collectionStart)
    sampler.open(
      session: index, activity: activity, at: opened,
      collectionStart: collectionStart, schedule: configuration.schedule(for:), only: only)
    if let last = sessions[index].collectedSpans.last, last.end == opened {
      sessions[index].collectedSpans[sessions[index].collectedSpans.count - 1].end = nil
    } else {
      sessions[index].collectedSpans.append((opened, nil))
    }
  }

  /// Ends the running interval at `date`: the discrete grid points at `date` and the cut
  /// cumulative spans `[grid, date)` still pending form the interval's last batch.
  mutating func closeInterval(at date: SimulationInstant) {
    guard let (interval, requests) = sampler.close(at: date.nanoseconds) else { return }
    if let last = sessions[interval.session].collectedSpans.indices.last {
      sessions[interval.session].collectedSpans[last].end = max(
        date.nanoseconds, sessions[interval.session].collectedSpans[last].start)
    }
    var types = QuantityTypeSet()
    var count = 0
    for request in requests {
      Self.produce(
        request, activity: interval.activity, source: &dataSource,
        builder: &sessions[interval.session].builder, types: &types, count: &count)
    }
    deliverBatch(session: interval.session, at: date.nanoseconds, types: types, count: count)
  }

  /// Delivers every sample due at or before `limit`, one batch per instant.
  mutating func pump(through limit: SimulationInstant) {
    guard let interval = sampler.interval else { return }
    reserveStorage(through: limit)
    while let deadline = sampler.due(through: limit.nanoseconds) {
      var types = QuantityTypeSet()
      var count = 0
      // The sampler, the source and the collecting builder are disjoint stored parts of the
      // engine: held for the whole instant, the session array is checked for a unique buffer
      // once per batch rather than once per sample.
      Self.produceDue(
        at: deadline, activity: interval.activity, sampler: &sampler, source: &dataSource,
        builder: &sessions[interval.session].builder, types: &types, count: &count)
      deliverBatch(session: interval.session, at: deadline, types: types, count: count)
    }
  }

  /// Every sample `sampler` hands out at `deadline`, asked of `source` and appended to
  /// `builder`.
  @inline(__always)
  private static func produceDue(
    at deadline: Int64, activity: WorkoutActivityType,
    sampler: inout SampleProductionStateMachine, source: inout Source,
    builder: inout LiveWorkoutBuilder, types: inout QuantityTypeSet, count: inout Int
  ) {
    while true {
      switch sampler.next(dueAt: deadline) {
      case .sample(let request):
        produce(
          request, activity: activity, source: &source, builder: &builder, types: &types,
          count: &count)
      case .suppressed:
        continue
      case .done:
        return
      }
    }
  }

  /// Asks `source` for `request` and appends it to the collecting session's `builder` (a
  /// discrete value of `nil` is no sample).
  @inline(__always)
  private static func produce(
    _ request: SampleRequest, activity: WorkoutActivityType, source: inout Source,
    builder: inout LiveWorkoutBuilder, types: inout QuantityTypeSet, count: inout Int
  ) {
    if request.cumulative {
      let value = source.cumulativeAmount(
        of: request.type, from: SimulationInstant(nanoseconds: request.start),
        to: SimulationInstant(nanoseconds: request.end), activity: activity)
      builder.appendCumulative(
        slot: request.slot, start: request.start, end: request.end, value: value)
    } else {
      guard
        let value = source.discreteValue(
          of: request.type, at: SimulationInstant(nanoseconds: request.start),
          activity: activity)
      else { return }
      builder.appendDiscrete(slot: request.slot, at: request.start, value: value)
    }
    types.insert(request.type)
    count += 1
  }
}

extension WorkoutEngine: Sendable where Source: Sendable {}
