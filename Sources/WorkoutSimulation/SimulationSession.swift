import Foundation
import WorkoutCore
import WorkoutJSON
import WorkoutPhysiology
import WorkoutScenario
import WorkoutSystem
import WorkoutWatch

/// What the user does on the watch, independent of how it was typed: the commands behind the
/// interactive keys and `--keys` (docs/command-line.md#run).
///
/// Commands that only move wall-clock playback (speed, hold, single steps) are not here: they do
/// not change what happens on virtual time, so headless runs ignore them.
public enum WatchCommand: Sendable, Hashable {
  /// Enter: start the workout (`startActivity`; after an ended session, a new session first).
  /// Nothing when the session is already running or paused, or when the timeline is about to
  /// start the current session itself (a `start` action before any `newSession`).
  case start
  /// Space: pause a running session, resume a paused one; ignored otherwise.
  case pauseOrResume
  /// `s`: `stopActivity`.
  case stop
  /// `e`: end the session, then end collection and finish the workout (saving it) when the
  /// scenario's `finish` is `manual`; with `auto` the app does that by itself.
  case end
  /// `l`: a lap event.
  case lap
  /// `m`: a marker event.
  case marker
  /// `c`: the app crashes.
  case crash
  /// `r`: the app is relaunched and recovers its session.
  case relaunch
  /// `w`: lower the wrist, or raise it when it is down.
  case wrist
  /// `h`: press the Digital Crown (the app goes to the background).
  case crownPress
  /// Up/down arrows, `k`/`j`: turn the Digital Crown by this many key presses (negative:
  /// towards the first item), through the session's ``CrownSelection``; ignored with a log
  /// entry once the app's current session has been prepared or started.
  case crown(keyPresses: Int)
  /// `q`: quit; the run stops at this instant.
  case quit
}

/// A scenario being played on virtual time, one step at a time: the timeline's actions fire as
/// time passes, and the user's ``WatchCommand``s are added on top.
///
/// Headless runs (``Simulation/run(_:overrides:commands:)``) and the interactive watch face drive
/// the same type, so every interactive path gives the same record when replayed with `--keys`.
public struct SimulationSession {
  private let prepared: PreparedScenario
  private let scenario: Scenario
  private let overrides: RunOverrides
  private var engine: WorkoutEngine<PhysiologyDataSource>
  /// The iPhone's own workouts' engine (docs/phone.md#the-iphones-own-workouts): empty until a
  /// timeline action with `"device": "phone"` or the phone app's first session needs it, then
  /// one engine (an array: one word in the session while no phone workout runs).
  private var phoneEngines: [WorkoutEngine<PhysiologyDataSource>] = []
  private var nextAction = 0 { didSet { registerTimeline() } }
  /// The index of the next change of `prepared.timeZones` a timeline `timeZone` action makes.
  private var nextZoneChange = 0
  private var probes: [Probe] = []
  private var stopped: SimulationInstant?
  private var selection: CrownSelection
  /// The session the selector chooses for: the first session, a later one only once the crown
  /// turns while it waits (or Enter opens it on the watch face). A timeline `newSession` is the
  /// next workout with its own `activity` (or the scenario's): the crown's earlier choice does
  /// not carry over to it.
  private var selectedSession: Int? = 0
  /// The command line's app, which makes the timeline's app calls (``init(_:)``), or `nil` when
  /// the app is app code calling the engine itself (the Swift API, ``init(world:)``).
  private let app: ScriptedApp?
  /// The relaunches of an app that is app code (the Swift door's, ``init(world:)``), in order:
  /// for each, whether the world asked for recovery (a timeline `relaunch` with
  /// `recover: true`; ``relaunchApp(recover:at:)``). The engine relaunches such an app without
  /// recovering (recovering is the app's own call); SimulatedWatchKit reads this to launch the
  /// app's code again and tell it to recover (docs/swift-api.md#crash-and-recovery).
  public private(set) var appRelaunches: [Bool] = []
  /// How many of the engine's launches of the not-running app by the phone link
  /// (``WorkoutEngine/linkLaunches``) are in ``appRelaunches``.
  private var linkLaunchesSeen = 0
  /// How many of the engine's launches of the not-running app by a scheduled extended runtime
  /// session (``WorkoutEngine/runtimeLaunches``) are in ``appRelaunches``.
  private var runtimeLaunchesSeen = 0
  /// The swim's lengths and sets (``WorkoutScenario/Scenario/swim``, or a replayed pool swim's
  /// lengths), each due at the end of its interval with the samples the watch adds with it (a
  /// pool length's, ``WorkoutPhysiology/SwimPlan/records(poolLength:)``), and the next one to
  /// record.
  private var swimEvents: [WatchRecord] { didSet { registerTimeline() } }
  /// The activity of the session that records ``swimEvents`` (``PreparedScenario/watchEventActivity``).
  private let watchEventActivity: WorkoutActivityType
  private var nextSwimEvent = 0 { didSet { registerTimeline() } }
  /// Whether ``swimEvents`` from ``nextSwimEvent`` are a pool swim's lengths counted on the
  /// course (``poolSwimBegan(lapLength:at:)``), dropped once the current session or leg is not
  /// a swim.
  private var lengthsFromCourse = false
  /// Whether the lengths counted on the course are a swimming session's
  /// (``poolSessionMade(_:lapLength:)``: counted while the session swims, without a leg or in a
  /// `swimming` one) rather than a pool leg's (counted while that leg, a `swimming` activity,
  /// is current).
  private var lengthsOfSession = false
  /// Warnings about the run made while it plays (the result's `warnings` after the scenario's
  /// own): a pool swim counted on a course that swims no whole length
  /// (``poolSwimBegan(lapLength:at:)``, ``emptyPoolSwimWarning(lapLength:from:)``); an app's
  /// ride on a scenario of another activity that describes unconnected cycling sensors
  /// (``cyclingSessionMade()``). The Swift
  /// door reports each new one as a warning when the call that made it returns.
  package private(set) var runWarnings: [String] = []
  /// Whether the run gave ``PreparedScenario/cyclingSensorsWarning``: with the scenario's
  /// warnings (a cycling scenario), or at the first cycling session an app made
  /// (``cyclingSessionMade()``).
  private var cyclingSensorsWarned: Bool
  /// The timeline's two sources of due instants, in their order at an equal instant: the
  /// swim's next event (the swimmer touches the wall), then the next timeline action (then
  /// presses the button).
  private enum TimelineEntry: Int, CaseIterable {
    case swimEvent, action
  }
  /// The timeline's queue: the swim's next event and the next action, each registered when it
  /// changes (``registerTimeline()``), the one not after `--until`; ``runActions(through:)``
  /// serves it in its order.
  private var timeline = DeadlineQueue<TimelineEntry>()
  /// The pool length the watch counts lengths of: the app's `HKWorkoutConfiguration.lapLength`
  /// (``setPoolLength(_:)``), else the scenario's `swim.lapLength`.
  public private(set) var poolLength: Double?
  /// The line a scripted course follows on the globe (`gps.track`,
  /// ``ResolvedScenario/gpsPath``), for SimulatedCoreLocation's fixes; `nil` without one.
  package let gpsPath: CoursePath?
  /// Whether the engines' or the timeline's next due instants may differ from the ones last
  /// handed out (``takeChangedDue()``): set by every change that can move them (an engine call
  /// through ``withEngine(_:)``, a command, ``finish(at:)``, an ``advance(to:)`` that serves
  /// one of them, ``dueServed()``), cleared when they are handed out again.
  private var dueChanged = true
  /// How many times ``takeChangedDue()`` asked the engine and the timeline for their due
  /// instants (what the tests count: `OneSchedulerTests`).
  package private(set) var dueAsks = 0

  /// Prepares `scenario` with `overrides` applied, at `t = 0` with nothing run yet.
  ///
  /// - Parameters:
  ///   - scenario: a decoded scenario.
  ///   - overrides: `--type`, `--seed`, `--until`.
  ///
  /// The workout selector (the Digital Crown picker, ``CrownSelection``) comes from the
  /// scenario's `selector` key and stands on `overrides.activity` (`--type`) or the scenario's
  /// activity; the item selected when a session is prepared (or started without `prepare`)
  /// becomes its activity, and a crown turn after that is ignored with a log entry.
  ///
  /// `overrides.activity` replaces the scenario's `activity` as `--type` does
  /// (``WorkoutScenario/Scenario/withActivity(_:fileName:)``), so a library caller gets the run
  /// `workout-sim run --type` gives. The scenario is resolved first (``ResolvedScenario``: the
  /// overrides applied once, the course's recording read).
  /// - Throws: ``SimulationError`` when the scenario's values cannot be simulated, when its
  ///   recording cannot be read, or when `overrides.activity` is not cycling and a segment has
  ///   power (path `course[i].power`).
  public init(_ scenario: Scenario, overrides: RunOverrides = RunOverrides())
    throws(SimulationError)
  {
    try self.init(ResolvedScenario(scenario, overrides: overrides))
  }

  /// Prepares a scenario resolved once (``ResolvedScenario``: `--type` and `--seed` applied,
  /// its files read), at `t = 0` with nothing run yet; reads no file.
  ///
  /// The command line's door: the world with the scenario's app attached (``ScriptedApp``),
  /// which makes the timeline's app calls.
  ///
  /// - Throws: ``SimulationError`` when the scenario's values or its recording's contents
  ///   cannot be simulated.
  public init(_ resolved: ResolvedScenario) throws(SimulationError) {
    try self.init(resolved, app: ScriptedApp(scenario: resolved.scenario))
  }

  /// Prepares `scenario`'s world for app code that makes its own calls (the Swift API door,
  /// SimulatedHealthKit): no ``ScriptedApp`` is attached, so the timeline's app calls are
  /// nobody's (time moves to their instants, nothing is called); its world actions (`crash`,
  /// `relaunch`, `wristDown`, `wristUp`, `crownPress`, `openApp`, `phone`, `crown`, `probe`)
  /// fire at their instants as on the command line, a `relaunch` without recovery (recovering
  /// is the app's `recoverActiveWorkoutSession` call). The engine is HealthKit's: collection
  /// begins at the app's `beginCollection`, and the app ends it and finishes the workout
  /// itself. What the app hears of is queued in the engine's outbox
  /// (``WorkoutEngine/queuesEffects``) for the door's callbacks.
  ///
  /// - Throws: ``SimulationError`` as ``init(_:overrides:)``.
  package init(world scenario: Scenario) throws(SimulationError) {
    try self.init(ResolvedScenario(scenario, overrides: RunOverrides()), app: nil)
    engine.queuesEffects = true
    if !phoneEngines.isEmpty { phoneEngines[0].queuesEffects = true }
  }

  /// The world of `resolved` with `app` attached, if any: the engine asks the app's reflexes
  /// (``ScriptedApp/reflexes(on:)``) within its steps; without one it has none.
  private init(_ resolved: ResolvedScenario, app: ScriptedApp?) throws(SimulationError) {
    self.scenario = resolved.scenario
    self.overrides = resolved.overrides
    self.selection = CrownSelection(scenario: resolved.scenario)
    self.prepared = try PreparedScenario(resolved)
    self.app = app
    self.swimEvents = prepared.watchEvents
    self.watchEventActivity = prepared.watchEventActivity
    self.cyclingSensorsWarned = resolved.scenario.activity == .cycling
    self.gpsPath = resolved.gpsPath
    self.engine = WorkoutEngine(
      configuration: prepared.configuration, dataSource: prepared.dataSource,
      reflexes: app?.reflexes(on: .watch) ?? NoAppReflexes())
    if resolved.scenario.timeline.contains(where: { $0.device == .phone }) {
      makePhoneEngine()
    }
    registerTimeline()
  }

  /// Makes the phone's engine (once), at the watch engine's instant.
  private mutating func makePhoneEngine() {
    guard phoneEngines.isEmpty else { return }
    dueChanged = true
    var phone = WorkoutEngine(
      configuration: prepared.phoneConfiguration, dataSource: prepared.phoneDataSource(),
      reflexes: app?.reflexes(on: .phone) ?? NoAppReflexes())
    phone.queuesEffects = engine.queuesEffects
    if engine.now > .zero { phone.advance(to: engine.now) }
    phoneEngines.append(phone)
  }

  /// Runs `body` on the engine (the Swift API door's calls): the engine's due instants are
  /// handed to the world's agenda again (``takeChangedDue()``) before it is next read.
  package mutating func withEngine<R>(
    _ body: (inout WorkoutEngine<PhysiologyDataSource>) throws -> R
  ) rethrows -> R {
    dueChanged = true
    defer { noteLinkLaunches() }
    return try body(&engine)
  }

  /// Records each launch of the not-running app the phone link made for content from the phone
  /// since the last look (``WorkoutEngine/linkLaunches``, docs/phone-link.md#waking-the-watch-app)
  /// in ``appRelaunches``, without recovery, so the app's code is launched again as after a
  /// background refresh's launch. App code only (the command line's scripted app has none).
  private mutating func noteLinkLaunches() {
    guard app == nil else { return }
    while linkLaunchesSeen < engine.linkLaunches {
      linkLaunchesSeen += 1
      appRelaunches.append(false)
    }
    // Likewise a scheduled smart alarm's start that launched the app (``WorkoutEngine/runtimeLaunches``).
    while runtimeLaunchesSeen < engine.runtimeLaunches {
      runtimeLaunchesSeen += 1
      appRelaunches.append(false)
    }
  }

  /// Runs `body` on the engine in place for a read, or for taking its outbox, that leaves its
  /// deadlines as they are (statistics, a builder's samples, the log's length, the effects
  /// queued): unlike ``withEngine(_:)``, the due instants handed to the world's agenda stay
  /// valid. In place rather than through ``workoutEngine``, which copies the whole engine.
  package mutating func readEngine<R>(
    _ body: (inout WorkoutEngine<PhysiologyDataSource>) throws -> R
  ) rethrows -> R {
    try body(&engine)
  }

  /// Runs `body` on `device`'s engine: the watch's, or the phone's own workouts' (made on first
  /// use).
  package mutating func withEngine<R>(
    of device: WorkoutDevice, _ body: (inout WorkoutEngine<PhysiologyDataSource>) throws -> R
  ) rethrows -> R {
    dueChanged = true
    return try readEngineInPlace(of: device, body)
  }

  /// Runs `body` on `device`'s engine in place for a read, or for taking its outbox, that
  /// leaves its deadlines as they are (as ``readEngine(_:)`` does for the watch's; the phone's
  /// made on first use).
  package mutating func readEngineInPlace<R>(
    of device: WorkoutDevice, _ body: (inout WorkoutEngine<PhysiologyDataSource>) throws -> R
  ) rethrows -> R {
    switch device {
    case .watch: return try body(&engine)
    case .phone:
      makePhoneEngine()
      return try body(&phoneEngines[0])
    }
  }

  /// `device`'s engine as it stands, for reads (the phone's made on first use). `mutating`, as
  /// ``takeChangedDue()``, so the Swift door's reads are passed the session's address.
  package mutating func engine(of device: WorkoutDevice) -> WorkoutEngine<PhysiologyDataSource> {
    switch device {
    case .watch: return engine
    case .phone:
      makePhoneEngine()
      return phoneEngines[0]
    }
  }

  /// `body` applied to `device`'s engine as it stands (the phone's: `nil` before its first use).
  package func readEngine<R>(
    of device: WorkoutDevice, _ body: (borrowing WorkoutEngine<PhysiologyDataSource>) -> R
  ) -> R? {
    switch device {
    case .watch: return body(engine)
    case .phone: return phoneEngines.isEmpty ? nil : body(phoneEngines[0])
    }
  }

  /// Whether the phone's engine exists (a phone workout was or is being run). `mutating`
  /// although it changes nothing, as ``takeChangedDue()``: the Swift door asks on every call, and a
  /// getter from another module would be passed a copy of the whole session.
  package mutating func hasPhoneEngine() -> Bool { !phoneEngines.isEmpty }

  /// The wall-clock date of scenario time `t = 0`.
  package var startDate: Date { prepared.startDate }

  /// The course the body plays (a recording's carries its ``Course/track``), for the route
  /// SimulatedCoreLocation derives.
  package var course: Course { prepared.dataSource.course }

  /// The speed of the course's segment `index` as the physiology resolves it (a power-only
  /// segment's from the cycling model), m/s.
  package func speed(ofSegment index: Int) -> Double {
    prepared.dataSource.speed(ofSegment: index)
  }

  /// The step cadence of the course's segment `index` as the physiology resolves it (the
  /// segment's `cadence`, or the on-foot model's), steps/min: the wrist motion model's swing
  /// (``WorkoutPhysiology/PhysiologyDataSource/stepCadence(ofSegment:)``).
  package func stepCadence(ofSegment index: Int) -> Double {
    prepared.dataSource.stepCadence(ofSegment: index)
  }

  /// The scenario's seed, which the noise streams derive from (the wrist motion model's).
  package var seed: UInt64 { prepared.dataSource.seed }

  /// `record` with the metadata that depends on the body (`HKElevationAscended`,
  /// `HKAverageMETs`), as ``result`` gives it.
  package func annotated(_ record: WorkoutRecord) -> WorkoutRecord { prepared.annotate(record) }

  /// The current scenario time.
  public var now: SimulationInstant { engine.now }

  /// When the next timeline action or swim event fires (the first of the timeline's queue), or
  /// `nil` when none is left (or the run has stopped).
  @inline(__always)
  public var nextActionTime: SimulationInstant? {
    guard stopped == nil, let first = timeline.nextDeadline else { return nil }
    return SimulationInstant(nanoseconds: first)
  }

  /// Registers the timeline's two entries in its queue (``timeline``) as they stand: the swim's
  /// next event and the next action, each taken out when none is left or it is after
  /// `--until`. Called whenever ``nextAction``, ``nextSwimEvent`` or ``swimEvents`` change.
  private mutating func registerTimeline() {
    let until = overrides.until
    let action = nextAction < scenario.timeline.count ? scenario.timeline[nextAction].at : nil
    func kept(_ at: SimulationInstant?) -> Int64? {
      guard let at, until.map({ at <= $0 }) ?? true else { return nil }
      return at.nanoseconds
    }
    timeline.set(.swimEvent, to: kept(nextSwimEventTime))
    timeline.set(.action, to: kept(action))
  }

  /// When the swim's next length or set ends (its event is due), or `nil`.
  @inline(__always)
  private var nextSwimEventTime: SimulationInstant? {
    guard nextSwimEvent < swimEvents.count else { return nil }
    return swimEvents[nextSwimEvent].end
  }

  /// The app's pool: its `HKWorkoutConfiguration.lapLength` in metres (above 0) becomes the
  /// length the watch counts in a pool swim (``WorkoutPhysiology/SwimPlan/events(poolLength:)``:
  /// the scenario's sets keep their distances and times, the lengths are the app's), for the
  /// lengths and sets not yet recorded (docs/scenario-format.md#swim). Without a pool swim in
  /// the scenario (no `swim`, open water, a replay) it changes nothing.
  ///
  /// - Returns: whether the scenario's swim now counts lengths of `metres`.
  @discardableResult
  package mutating func setPoolLength(_ metres: Double) -> Bool {
    guard let swim = scenario.swim, swim.location == .pool, metres > 0, metres.isFinite else {
      return false
    }
    poolLength = metres
    // Keep what was recorded; replace what is still to come.
    let recordedEnd = nextSwimEvent > 0 ? swimEvents[nextSwimEvent - 1].end : nil
    let recorded = swimEvents[..<nextSwimEvent]
    let coming = swim.records(poolLength: metres).filter { record in
      recordedEnd.map { record.end > $0 } ?? true
    }
    swimEvents = Array(recorded) + coming
    dueChanged = true
    return true
  }

  /// A pool swim began at `start` with a pool configuration of `lapLength` metres: a
  /// multisport workout's swimming leg (`beginNewActivity` with `swimmingLocationType` `.pool`
  /// and a `lapLength`, or the timeline's `beginActivity` with `"swimmingLocationType": "pool"`),
  /// or a swimming workout's session made with such a configuration
  /// (`HKWorkoutSession(healthStore:configuration:)`). When the scenario has no lengths of its
  /// own (no `swim`, no replayed pool swim), the watch counts the swim's lengths on the course,
  /// one each `lapLength` metres the body swims from `start`
  /// (``WorkoutPhysiology/SwimPlan/courseLengths(course:speed:from:poolLength:limit:)``: the
  /// course's speed is the swimmer's pace, the stroke the default swimmer's freestyle at 1.3 m a
  /// stroke), recorded as a scripted pool swim's are: a `lap` event and one `distanceSwimming`
  /// and `swimmingStrokeCount` sample per length (docs/models.md#swimming). A leg's stop when
  /// the leg is no longer current (another leg, or none); a session's
  /// (``poolSessionMade(_:lapLength:)``) when the current session, or its current leg, is not
  /// a swim.
  ///
  /// - Returns: whether the swim's lengths are counted on the course.
  @discardableResult
  package mutating func poolSwimBegan(lapLength: Double, at start: SimulationInstant) -> Bool {
    guard scenario.swim == nil, lengthsFromCourse || nextSwimEvent >= swimEvents.count,
      lapLength > 0, lapLength.isFinite
    else { return false }
    let from = max(start, engine.now)
    let source = prepared.dataSource
    let lengths = SwimPlan.courseLengths(
      course: source.course, speed: { source.speed(ofSegment: $0) }, from: from,
      poolLength: lapLength)
    if lengths.isEmpty {
      // Nothing silent: the swim records no length, distance or stroke (docs/models.md#swimming).
      runWarnings.append(Self.emptyPoolSwimWarning(lapLength: lapLength, from: from))
    }
    poolLength = lapLength
    lengthsFromCourse = true
    lengthsOfSession = false
    swimEvents = Array(swimEvents[..<nextSwimEvent]) + lengths
    dueChanged = true
    return true
  }

  /// The app made a cycling session on the watch (`HKWorkoutSession(healthStore:configuration:)`
  /// with a `cycling` configuration): on a scenario of another activity (a Swift app picks its
  /// activity and leaves `activity` at its default), the ride's warning about cycling sensors
  /// the scenario describes but does not connect is given now, once
  /// (``PreparedScenario/cyclingSensorsWarning``, docs/healthkit-behaviour.md#cycling-sensors);
  /// a cycling scenario gave it with its own warnings.
  package mutating func cyclingSessionMade() {
    guard !cyclingSensorsWarned, let warning = prepared.cyclingSensorsWarning else { return }
    cyclingSensorsWarned = true
    runWarnings.append(warning)
  }

  /// The warning of a pool swim of `lapLength` m from `from` whose course swims no whole length
  /// after it (a project rule, docs/models.md#swimming: the course is the swimmer and a course
  /// that stands still, such as the default `course: []`, swims no length; the run says so, and
  /// what to write, instead of recording nothing without a word). One text for both doors.
  package static func emptyPoolSwimWarning(lapLength: Double, from: SimulationInstant) -> String {
    "the pool swim from t = \(JSONWriter.number(from.seconds)) s (\(JSONWriter.number(lapLength)) m lengths) "
      + "swims no whole length: the course stands still or moves less than a length after it "
      + "(the default \"course\": [] stands still), so the watch records no length, distance or "
      + "stroke; give \"course\" segments with a speed, such as {\"duration\": 1800, \"speed\": "
      + "0.8} (2:05 per 100 m), or a \"swim\" key with sets"
  }

  /// The watch records a swim's length (`lap`) or set (`segment`), or a downhill run
  /// (`segment`), as it ends: its workout data source adds the record's samples (a pool
  /// length's distance and strokes, over the length) and then the event to the builder of the
  /// app's current session when that session is a running workout of the events' activity
  /// (``watchEventActivity``: `swimming`, or the downhill activity) whose builder collects
  /// (docs/scenario-format.md#swim); otherwise nobody is swimming or skiing with the watch and
  /// nothing is recorded. Both doors play it.
  private mutating func recordSwimEvent(_ record: WatchRecord, at instant: SimulationInstant) {
    var event = record.event
    if instant > engine.now { engine.advance(to: instant) }
    // The leg being recorded while one runs (`beginNewActivity`: a triathlon's swim records its
    // lengths as a swim's does, its run leg none), else the session's activity.
    guard let index = engine.currentSessionIndex,
      let builder = engine.withBuilder(
        ofSession: index,
        { ($0.isActive, $0.startDate, $0.currentActivity?.activityType) })
    else { return }
    let swims =
      lengthsOfSession
      ? (builder.2 ?? engine.activity(ofSession: index)) == .swimming : builder.2 == .swimming
    if lengthsFromCourse, !swims {
      // The pool swim is over (another leg, none, or another workout): its lengths counted on
      // the course stop with it.
      nextSwimEvent = swimEvents.count
      lengthsFromCourse = false
      return
    }
    guard engine.sessionState(index) == .running, builder.0, let collectionStart = builder.1,
      (builder.2 ?? engine.activity(ofSession: index)) == watchEventActivity
    else { return }
    if !record.samples.isEmpty {
      // The engine cuts them to the time the session collected (from collection's start,
      // without its pauses), the length counted whole (docs/models.md#swimming).
      engine.addRecordedSamples(
        record.samples.map { ($0.type, $0.value) }, toSession: index, from: event.date,
        to: record.end, at: instant)
    }
    // A length or set the swimmer began before collection began counts whole, dated from
    // collection's start: HealthKit takes no event dated before a workout's start; one begun
    // while the session was paused is dated from the resume, as its samples are
    // (docs/models.md#swimming).
    var from = max(event.date, collectionStart)
    if let resumed = engine.resumeInstant(ofSession: index, containing: from), resumed <= record.end
    {
      from = resumed
    }
    if event.date < from {
      event.duration = max(.zero, event.duration - event.date.duration(to: from))
      event.date = from
    }
    var metadata = event.metadata
    // A watch that counts no strokes (`sensors.swimmingStrokeCount.enabled: false`) has no
    // SWOLF either: the score is a length's seconds plus its strokes (docs/models.md#swimming).
    if !engine.configuration.schedule(for: .swimmingStrokeCount).enabled {
      metadata[SwimPlan.swolfScoreKey] = nil
    }
    engine.addWorkoutEvent(
      event.type, toSession: index, at: instant, date: event.date, duration: event.duration,
      metadata: metadata)
  }

  /// The workout's due instants, each an entry of the world's agenda (docs/architecture.md,
  /// "One agenda"): the fronts of each engine's two queues and of the timeline's two sources.
  package struct DueInstants: Sendable {
    /// The watch engine's first timer deadline (``WorkoutEngine/nextDeadlinesInPlace()``).
    package var watchTimers: SimulationInstant?
    /// The watch engine's first sample deadline.
    package var watchSamples: SimulationInstant?
    /// The phone's own workouts' engine's first timer deadline (`nil` without one).
    package var phoneTimers: SimulationInstant?
    /// The phone engine's first sample deadline.
    package var phoneSamples: SimulationInstant?
    /// The swim's next length or set (`nil` once stopped).
    package var swimEvent: SimulationInstant?
    /// The next timeline action (`nil` once stopped).
    package var action: SimulationInstant?
  }

  /// The workout's due instants (``DueInstants``) when any may have changed since they were
  /// last handed out, else `nil`: how the workout registers its entries in the world's agenda
  /// (docs/architecture.md, "One agenda") when it changes rather than being asked at every step.
  ///
  /// They may have changed after an engine call (``withEngine(_:)``, ``withEngine(of:_:)``), a
  /// command, ``finish(at:)``, or a step that served one of them (the world says so with
  /// ``dueServed()``); a step to an earlier instant serves nothing of the engines' or the
  /// timeline's and leaves them as they were.
  package mutating func takeChangedDue() -> DueInstants? {
    guard dueChanged else { return nil }
    dueChanged = false
    dueAsks += 1
    let watch = engine.nextDeadlinesInPlace()
    let phone: (timers: SimulationInstant?, samples: SimulationInstant?) =
      phoneEngines.isEmpty ? (nil, nil) : phoneEngines[0].nextDeadlinesInPlace()
    let live = stopped == nil
    return DueInstants(
      watchTimers: watch.timers, watchSamples: watch.samples, phoneTimers: phone.timers,
      phoneSamples: phone.samples,
      swimEvent: live
        ? timeline.deadline(of: .swimEvent).map { SimulationInstant(nanoseconds: $0) } : nil,
      action: live ? timeline.deadline(of: .action).map { SimulationInstant(nanoseconds: $0) } : nil
    )
  }

  /// The world is about to serve an instant at which one of the entries last handed out
  /// (``takeChangedDue()``) is due: they are handed out again before the agenda is next read.
  package mutating func dueServed() {
    dueChanged = true
  }

  /// When the run stops by itself: `--until`, else the last timeline action.
  public var plannedEnd: SimulationInstant {
    overrides.until ?? scenario.timeline.last?.at ?? .zero
  }

  /// Whether the run has stopped (``quit`` or ``finish(at:)``).
  public var isStopped: Bool { stopped != nil }

  /// The engine, for reading live state (session state, builder, log).
  public var workoutEngine: WorkoutEngine<PhysiologyDataSource> { engine }

  /// The step goal the command line's scripted watch app took from the last application
  /// context it received with a `"stepGoal"` that is a whole number from 1 to 100 000 (its
  /// `didReceiveApplicationContext` reflex; project rule,
  /// docs/phone-link.md#the-scripted-apps-command-line), or `nil` when none arrived or no
  /// scripted app is attached (the Swift door's world, ``init(world:)``). The watch face's ring
  /// reads it as a query of the app's state; nothing reads the log back for it.
  public var scriptedAppStepGoal: Double? {
    (engine.reflexes as? ScriptedApp.Reflexes)?.stepGoal
  }

  /// The workout selector, as it stands now.
  public var activitySelection: CrownSelection { selection }

  /// Whether the crown still selects: the app's current session exists, has been neither
  /// prepared nor started (`notStarted`), and has not begun collection
  /// (``WorkoutSystem/WorkoutEngine/canSelectActivity(ofSession:)``). The one rule of both doors,
  /// the command line's and the Swift API's, and of the watch face, which shows the selector
  /// exactly while it holds.
  public var isSelecting: Bool {
    guard let index = engine.currentSessionIndex else { return false }
    return engine.canSelectActivity(ofSession: index)
  }

  /// The scenario times after `t = 0` and at or before `end` at which a new local day begins:
  /// the local midnights of the zone in force, and a timeline `timeZone` action into a later
  /// local date (``LocalMidnights/instants(start:zones:through:)``).
  public func localMidnights(through end: SimulationInstant) -> [SimulationInstant] {
    LocalMidnights.instants(start: prepared.startDate, zones: prepared.timeZones, through: end)
  }

  /// Plays time forward to `instant`: every timeline action at or before it fires in file order,
  /// and samples are collected on the way. Instants before ``now`` are ignored.
  public mutating func advance(to instant: SimulationInstant) {
    runActions(through: instant)
    if stopped == nil, instant > engine.now {
      engine.advance(to: instant)
      selection.advance(to: instant)
    }
    noteLinkLaunches()
    if stopped == nil, !phoneEngines.isEmpty, instant > phoneEngines[0].now {
      phoneEngines[0].advance(to: instant)
    }
  }

  /// Applies the selected item to the app's current session when it is the one the selector
  /// chooses for and it can still change (before `prepare` or `start`), snapping a crown value
  /// still between items first.
  private mutating func applySelection(at instant: SimulationInstant) {
    guard let index = engine.currentSessionIndex, index == selectedSession,
      engine.canSelectActivity(ofSession: index)
    else { return }
    selection.settle(at: instant)
    engine.selectActivity(selection.selectedActivity, ofSession: index)
  }

  /// Turns the crown (a `crown` action or crown keys) while the workout can still be chosen
  /// (``isSelecting``); otherwise logs that it was ignored and changes neither the session's
  /// activity nor the selection.
  private mutating func turnCrown(
    at instant: SimulationInstant, _ turn: (inout CrownSelection) -> Void
  ) {
    if instant > engine.now { engine.advance(to: instant) }
    guard isSelecting else {
      engine.logIgnoredCrown(at: instant)
      return
    }
    turn(&selection)
    selectedSession = engine.currentSessionIndex
  }

  /// Whether a timeline action still to come starts the current session (a `start` before any
  /// `newSession`): Enter then leaves the start to the scenario, which uses the crown's selection.
  private var timelineStartsCurrentSession: Bool {
    for action in scenario.timeline[nextAction...] where action.device == .watch {
      switch action.kind {
      case .app(.start): return true
      case .app(.newSession): return false
      case .app, .probe, .crown, .timeZone: continue
      }
    }
    return false
  }

  /// Fires the timeline actions at or before `instant`, leaving the samples due at the last
  /// action's instant for the engine to deliver after anything else performed there.
  private mutating func runActions(through instant: SimulationInstant) {
    while stopped == nil, let (due, entry) = timeline.first, due <= instant.nanoseconds {
      let at = SimulationInstant(nanoseconds: due)
      // A length that ends at an action's instant is recorded first (the queue's order): the
      // swimmer touches the wall, then presses the button.
      if entry == .swimEvent {
        let event = swimEvents[nextSwimEvent]
        nextSwimEvent += 1
        recordSwimEvent(event, at: at)
        continue
      }
      let action = scenario.timeline[nextAction]
      nextAction += 1
      if action.device == .phone {
        runPhoneAction(action)
        continue
      }
      switch action.kind {
      case .probe:
        engine.advance(to: at)
        probes.append(engine.probe(at: at))
      case .crown(let strides):
        turnCrown(at: at) { $0.crown(by: strides, at: at) }
      case .timeZone(let name):
        changeTimeZone(to: name, at: at)
      case .app(.relaunch(let recover)):
        // The world relaunches the app; recovering is the app's code (its launch's
        // `recoverActiveWorkoutSession`): the scripted app's at once, a Swift app's by its call.
        if let app {
          engine.perform(app.relaunch(recover: recover), at: at)
        } else {
          relaunchApp(recover: recover, at: at)
        }
      case .app(let call) where !ScriptedApp.isAppCode(call):
        // The world's action that starts a not-running app (`openApp`) launches its process:
        // recorded in ``appRelaunches`` as the system's launches into the background are, so
        // the app's code is launched again (a new delegate) before it sees the state change.
        let wasRunning = engine.appIsRunning
        engine.perform(call, at: at, timeline: action.location)
        if !wasRunning, engine.appIsRunning { appRelaunches.append(false) }
      case .app(let call):
        // App code: the scripted app's call; without one, app code makes its own calls.
        guard app != nil else {
          if at > engine.now { engine.advance(to: at) }
          continue
        }
        switch call {
        case .prepare, .start: applySelection(at: at)
        default: break
        }
        engine.perform(call, at: at, timeline: action.location)
        if case .beginActivity(.swimming, _) = call { timelineSwimLegBegan(at: at) }
      }
    }
  }

  /// The app made swimming session `index` with a pool configuration of `lapLength` metres
  /// (`HKWorkoutSession(healthStore:configuration:)` with `swimmingLocationType` `.pool` and a
  /// `lapLength`) in a scenario without lengths of its own: the watch counts the session's
  /// lengths on the course from now (``poolSwimBegan(lapLength:at:)``), and records its
  /// `distanceSwimming` and `swimmingStrokeCount` once per length, not every 10 s
  /// (docs/models.md#swimming). A scenario with a pool swim of its own takes the app's pool
  /// through ``setPoolLength(_:)`` instead.
  ///
  /// - Returns: whether the session's lengths are counted on the course.
  @discardableResult
  package mutating func poolSessionMade(_ index: Int, lapLength: Double) -> Bool {
    guard poolSwimBegan(lapLength: lapLength, at: engine.now) else { return false }
    lengthsOfSession = true
    engine.setCountsPoolLengths(ofSession: index)
    return true
  }

  /// After the timeline's `beginActivity` of a swimming activity at `instant`: when it began a
  /// pool leg (its metadata, the entry's `swimmingLocationType` `pool` and `lapLength` under the
  /// scenario's, has `HKSwimmingLocationType` 1 and an `HKLapLength` in metres), the watch
  /// counts its lengths on the course as the Swift door's `beginNewActivity` does
  /// (``poolSwimBegan(lapLength:at:)``, one home for both).
  private mutating func timelineSwimLegBegan(at instant: SimulationInstant) {
    guard let index = engine.currentSessionIndex,
      let leg = engine.withBuilder(ofSession: index, { $0.currentActivity }) ?? nil,
      leg.activityType == .swimming, leg.startDate == instant,
      leg.metadata[SwimPlan.locationTypeKey] == .number(Double(SwimPlan.Location.pool.rawValue)),
      case .quantity(let metres, "m")? = leg.metadata[SwimPlan.lapLengthKey]
    else { return }
    poolSwimBegan(lapLength: metres, at: instant)
  }

  /// The device's time zone becomes `name` at `instant` (a timeline `timeZone` action): one
  /// `system` log entry of framework `Foundation`, event `timeZoneChanged`, identifier the new
  /// zone, details `from` (the zone before) and `offset` (the new UTC offset at `instant`, s).
  /// An action naming the zone already in force is not one of ``TimeZoneSchedule``'s changes
  /// (``WorkoutScenario/Scenario/timeZoneChanges``) and logs nothing. The dates, midnights and
  /// `HKTimeZone`s that follow read the change from ``TimeZoneSchedule``; the Swift door's
  /// frameworks from the device's zones.
  private mutating func changeTimeZone(to name: String, at instant: SimulationInstant) {
    if instant > engine.now { engine.advance(to: instant) }
    let changes = prepared.timeZones.changes
    guard nextZoneChange < changes.count, changes[nextZoneChange].at == instant,
      changes[nextZoneChange].name == name
    else { return }
    let change = changes[nextZoneChange]
    let before = nextZoneChange > 0 ? changes[nextZoneChange - 1].name : prepared.timeZones.homeName
    nextZoneChange += 1
    let offset = change.zone.secondsFromGMT(for: change.date)
    engine.logSystem(
      SystemEvent(
        framework: .foundation, event: "timeZoneChanged", identifier: name,
        details: ["from": .string(before), "offset": .integer(offset)]))
  }

  /// Relaunches app code that crashed (the Swift door) at `instant` (now when earlier), without
  /// recovering its session: the app recovers it with its own call. Recorded in
  /// ``appRelaunches`` with `recover`, the world's wish that the system relaunch it for
  /// recovery; nothing happens when the app is running.
  public mutating func relaunchApp(recover: Bool, at instant: SimulationInstant) {
    dueChanged = true
    let wasRunning = engine.appIsRunning
    engine.perform(.relaunch(recover: false), at: instant)
    if !wasRunning, engine.appIsRunning { appRelaunches.append(recover) }
  }

  /// The system launches the watch app's background refresh task at `instant`
  /// (``WorkoutEngine/backgroundRefreshLaunched(at:)``) through ``launchIntoBackground(_:)``.
  /// Returns whether the task runs (`false`: the app is frontmost and the system ignores it)
  /// and whether it launched a process that was not running.
  package mutating func launchBackgroundRefresh(at instant: SimulationInstant)
    -> (runs: Bool, launched: Bool)
  {
    let (runs, launched) = launchIntoBackground { $0.backgroundRefreshLaunched(at: instant) }
    return (runs, launched)
  }

  /// A remote notification reaches the watch app at `instant`
  /// (``WorkoutEngine/remoteNotificationArrived(at:)``) through ``launchIntoBackground(_:)``.
  /// Returns whether its handler counts as a background task and whether it launched a
  /// process that was not running.
  package mutating func launchForRemoteNotification(at instant: SimulationInstant)
    -> (counted: Bool, launched: Bool)
  {
    let (counted, launched) = launchIntoBackground { $0.remoteNotificationArrived(at: instant) }
    return (counted, launched)
  }

  /// A fall the user authorized fall detection for is detected at `instant`
  /// (``WorkoutEngine/fallDetected(at:)``) through ``launchIntoBackground(_:)``: a not-running
  /// watch app is launched into the background. Returns whether it was launched.
  package mutating func launchForFall(at instant: SimulationInstant) -> Bool {
    launchIntoBackground { $0.fallDetected(at: instant) }.launched
  }

  /// The phone's `HKHealthStore.startWatchApp` reaches the watch at `instant`
  /// (``WorkoutEngine/launchWatchAppForWorkout(at:)``) through ``launchIntoBackground(_:)``.
  /// Returns whether it launched a process that was not running.
  package mutating func launchWatchAppForWorkout(at instant: SimulationInstant) -> Bool {
    launchIntoBackground { $0.launchWatchAppForWorkout(at: instant) }.launched
  }

  /// The system launches or wakes the watch app into the background by `body` (the engine's
  /// step for the reason: a background refresh, the phone's workout). A launch of a process
  /// that was not running is recorded in ``appRelaunches`` (without recovery), so the app's
  /// code is launched again as after a relaunch, before the delegate call the launch is for
  /// (the one home of the rule, docs/healthkit-behaviour.md#background-refresh). Returns
  /// `body`'s result and whether a process was launched.
  private mutating func launchIntoBackground<R>(
    _ body: (inout WorkoutEngine<PhysiologyDataSource>) -> R
  ) -> (result: R, launched: Bool) {
    dueChanged = true
    let wasRunning = engine.appIsRunning
    let result = body(&engine)
    let launched = !wasRunning && engine.appIsRunning
    if launched { appRelaunches.append(false) }
    return (result, launched)
  }

  /// A timeline action with `"device": "phone"` on the phone's engine: the world's `crash` and
  /// `relaunch` of the phone app, a `probe` of the phone app's session (both doors), the app's
  /// calls by the scripted app (nobody's without one, as on the watch).
  private mutating func runPhoneAction(_ action: Scenario.Action) {
    dueChanged = true
    makePhoneEngine()
    let at = action.at
    if case .probe = action.kind {
      if at > phoneEngines[0].now { phoneEngines[0].advance(to: at) }
      var probe = phoneEngines[0].probe(at: at)
      probe.device = .phone
      probes.append(probe)
      return
    }
    guard case .app(let call) = action.kind else { return }
    switch call {
    case .relaunch(let recover):
      performPhoneAppProcess(
        app?.relaunch(recover: recover) ?? .relaunch(recover: false), at: at,
        timeline: action.location)
    case .crash:
      performPhoneAppProcess(.crash, at: at, timeline: action.location)
    case _ where !ScriptedApp.isAppCode(call):
      phoneEngines[0].perform(call, at: at, timeline: action.location)
    default:
      guard app != nil else {
        if at > phoneEngines[0].now { phoneEngines[0].advance(to: at) }
        return
      }
      phoneEngines[0].perform(call, at: at, timeline: action.location)
    }
  }

  /// The phone app's process dies (`call` `.crash`) or starts again (`.relaunch`) at `instant`
  /// on the phone's engine (both doors: a timeline action with `"device": "phone"`, the Swift
  /// door's `crash(.phone)` and `relaunch(.phone)`), and the phone link on the watch's engine
  /// hears it when the phone's process did die or start (``PhoneAction/appCrashed``,
  /// ``PhoneAction/appRelaunched``): transfers to a dead phone app wait for its relaunched
  /// process's `activate()` (the one home of the rule, docs/phone-link.md#the-phone-app).
  package mutating func performPhoneAppProcess(
    _ call: AppAction, at instant: SimulationInstant, timeline location: String? = nil
  ) {
    dueChanged = true
    makePhoneEngine()
    let (crashes, wasRunning) = (phoneEngines[0].crashCount, phoneEngines[0].appIsRunning)
    phoneEngines[0].perform(call, at: instant, timeline: location)
    if phoneEngines[0].crashCount != crashes {
      engine.perform(.phone(.appCrashed), at: instant)
    } else if !wasRunning, phoneEngines[0].appIsRunning {
      engine.perform(.phone(.appRelaunched), at: instant)
    }
  }

  /// Performs the user's `command` at `instant`, after the timeline actions at that instant.
  public mutating func perform(_ command: WatchCommand, at instant: SimulationInstant) {
    dueChanged = true
    runActions(through: instant)
    guard stopped == nil else { return }
    let at = max(instant, engine.now)
    let state = engine.currentSessionIndex.flatMap { engine.sessionState($0) }
    switch command {
    case .start:
      // Enter starts the workout; when it is already going, or the scenario's own timeline is
      // about to start the current session, there is nothing for the user's key to do.
      if state == .running || state == .paused || timelineStartsCurrentSession { break }
      if state == .ended || state == .stopped {
        engine.perform(.newSession(activity: nil), at: at)
        // The face shows the selector for the workout Enter opens: its choice applies to it.
        selectedSession = engine.currentSessionIndex
      }
      applySelection(at: at)
      engine.perform(.start, at: at)
    case .pauseOrResume:
      switch state {
      case .running: engine.perform(.pause, at: at)
      case .paused: engine.perform(.resume, at: at)
      case .notStarted, .prepared, .stopped, .ended, nil: break
      }
    case .stop: engine.perform(.stop, at: at)
    case .end:
      engine.perform(.end, at: at)
      if scenario.finish == .manual {
        engine.perform(.endCollection, at: at)
        engine.perform(.finishWorkout, at: at)
      }
    case .lap: engine.perform(.lap, at: at)
    case .marker: engine.perform(.marker, at: at)
    case .crash: engine.perform(.crash, at: at)
    case .relaunch: engine.perform(.relaunch(recover: true), at: at)
    case .wrist:
      // The engine's wrist (``WorkoutEngine/isWristUp``): `openApp` raises it too.
      engine.perform(engine.isWristUp ? .wristDown : .wristUp, at: at)
    case .crownPress: engine.perform(.crownPress, at: at)
    case .crown(let presses): turnCrown(at: at) { $0.turn(keyPresses: presses, at: at) }
    case .quit: finish(at: at)
    }
  }

  /// Stops the run at `instant` (a session still open saves no record and is logged
  /// `unfinished`); later calls do nothing.
  public mutating func finish(at instant: SimulationInstant) {
    dueChanged = true
    guard stopped == nil else { return }
    if instant > engine.now { engine.advance(to: instant) }
    engine.finishRun(at: engine.now)
    if !phoneEngines.isEmpty {
      if engine.now > phoneEngines[0].now { phoneEngines[0].advance(to: engine.now) }
      phoneEngines[0].finishRun(at: phoneEngines[0].now)
    }
    stopped = engine.now
  }

  /// The route the watch's GPS gave: a scripted course's fixes
  /// (``PreparedScenario/scriptedRoute(_:course:speed:path:)``) without those it missed while
  /// it recorded a swim (``RoutePlan/receivesFix(at:openWater:pool:)`` over
  /// `WorkoutEngine.openWaterSwimSpans()` and `poolSwimSpans()`: whatever began the swim, the
  /// scenario's `swim`, a swimming workout or the timeline's `beginActivity`), a recording's as
  /// recorded.
  var surfacedRoute: [TrackPoint] {
    guard case .segments = scenario.course else { return prepared.route }
    let openWater = engine.openWaterSwimSpans()
    let pool = engine.poolSwimSpans()
    guard !openWater.isEmpty || !pool.isEmpty else { return prepared.route }
    let interval = scenario.locationSensor?.interval
    return prepared.route.filter {
      RoutePlan.receivesFix(at: $0.instant, openWater: openWater, pool: pool, interval: interval)
    }
  }

  /// Everything the run produced so far, records annotated with their metadata.
  public var result: RunResult {
    var result = RunResult(
      scenarioName: scenario.name, seed: prepared.configuration.seed,
      startDate: prepared.startDate, timeZone: prepared.timeZone,
      records: engine.records.map { prepared.annotate($0) } + phoneRecords, probes: probes,
      errors: phoneEngines.isEmpty
        ? engine.errors : Self.merged(engine.errors, phone: phoneEngines[0].errors, at: \.at),
      log: phoneEngines.isEmpty
        ? engine.log : Self.merged(engine.log, phone: phoneEngines[0].log, at: \.at),
      track: surfacedRoute, timeZoneName: scenario.timeZone,
      timeZones: prepared.timeZones)
    result.warnings = prepared.warnings + runWarnings
    result.strength = scenario.strength
    result.heartRateZoneBoundaries = WorkoutZones.heartRateBoundaries(
      maximumHeartRate: scenario.athlete.maxHeartRate)
    result.cyclingPowerZoneBoundaries =
      scenario.athlete.functionalThresholdPower.map {
        WorkoutZones.powerBoundaries(functionalThresholdPower: $0)
      } ?? []
    return result
  }
}

extension SimulationSession {
  /// The watch's entries (`watch`: its engine's, with the world's frameworks') and the phone
  /// engine's (`phone`, each tagged ``WorkoutDevice/phone``) as one list in time order: merged by
  /// `at`, the watch's first at equal instants, each list keeping its own order
  /// (docs/run-result.md#log). So the watch's entries are the same, in the same order, as in a
  /// run without the phone's own workouts.
  static func merged<Element: PhoneTaggable>(
    _ watch: [Element], phone: [Element], at: (Element) -> SimulationInstant
  ) -> [Element] {
    var merged: [Element] = []
    merged.reserveCapacity(watch.count + phone.count)
    var next = 0
    for var entry in phone {
      entry.tagAsPhones()
      while next < watch.count, at(watch[next]) <= at(entry) {
        merged.append(watch[next])
        next += 1
      }
      merged.append(entry)
    }
    merged += watch[next...]
    return merged
  }

  /// The phone's saved workouts, annotated, each marked as the phone's (after the watch's in
  /// ``result``).
  private var phoneRecords: [WorkoutRecord] {
    guard let phone = phoneEngines.first else { return [] }
    return phone.records.map {
      var record = prepared.annotate($0)
      record.device = .phone
      return record
    }
  }
}

/// What the session tags as the phone's when it gathers the result (``SimulationSession/result``):
/// a log entry and an error report.
protocol PhoneTaggable {
  /// Marks it as the phone engine's (``WorkoutDevice/phone``).
  mutating func tagAsPhones()
}

extension LogEntry: PhoneTaggable {
  /// The entry, and the report of an `error` entry, so that it equals the result's `errors`
  /// item.
  mutating func tagAsPhones() {
    device = .phone
    if case .error(var report) = kind {
      report.device = .phone
      kind = .error(report)
    }
  }
}

extension ErrorReport: PhoneTaggable {
  mutating func tagAsPhones() { device = .phone }
}
