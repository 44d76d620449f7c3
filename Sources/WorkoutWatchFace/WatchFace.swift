import WorkoutCore
import WorkoutRendering
import WorkoutScenario
import WorkoutSimulation
import WorkoutTerminal
import WorkoutText
import WorkoutWatch

/// The interactive watch face's state, without any I/O: the simulation session, the playback
/// clock, the rings and the overlay. The driver feeds it keys and wall-clock readings (from an
/// injected clock) and renders ``snapshot()``; tests do the same without a terminal.
public struct WatchFace {
  /// What the driver does after a key.
  public enum Outcome: Sendable, Equatable {
    /// Keep going (redraw).
    case continueRunning
    /// Leave the loop for this reason (`q` confirmed: ``Exit/success``; Ctrl-C:
    /// ``Exit/interrupt``).
    case exit(Exit)
  }

  /// Why the watch face ended; the command line exits with the status each case names
  /// (docs/command-line.md#exit-codes: 128 + the signal's number for a signal).
  public enum Exit: Sendable, Equatable, CaseIterable {
    /// The user quit (`q`, confirmed while a workout is open): exit status 0.
    case success
    /// Ctrl-C or SIGINT: exit status 130.
    case interrupt
    /// SIGTERM: exit status 143.
    case terminate
    /// SIGHUP or the end of input (the terminal went away): exit status 129.
    case hangup
  }

  /// The session (the scenario on virtual time with the user's commands on top).
  public private(set) var session: SimulationSession
  /// The playback clock.
  public private(set) var playback: Playback
  /// The activity rings (goals, today's totals, midnight resets).
  public private(set) var rings: ActivityRings
  /// The overlay shown.
  public private(set) var overlay: WatchSnapshot.Overlay = .none
  /// The virtual time shown (the session's time after the latest ``update(atWall:)``).
  public private(set) var now: SimulationInstant = .zero

  private let scenario: Scenario
  /// The step goal: the scenario's, then the last one a delivered application context gave
  /// the scripted watch app (``WorkoutSimulation/SimulationSession/scriptedAppStepGoal``).
  private var stepGoal: Double

  /// Creates the face at `t = 0`, held, on the workout selector.
  ///
  /// - Parameters:
  ///   - scenario: the decoded scenario (with `--type` applied).
  ///   - overrides: `--type`, `--seed`, `--until` and what the run keeps per sample (for the
  ///     memory budget).
  ///   - speed: virtual seconds per wall-clock second (`--speed`), above 0.
  /// - Throws: ``SimulationError`` when the scenario cannot be simulated (exit 65).
  public init(scenario: Scenario, overrides: RunOverrides, speed: Double) throws(SimulationError) {
    try self.init(ResolvedScenario(scenario, overrides: overrides), speed: speed)
  }

  /// Creates the face at `t = 0`, held, on the workout selector, for a scenario resolved once
  /// (``WorkoutSimulation/ResolvedScenario``: `--type` and `--seed` applied, its files read).
  ///
  /// - Parameters:
  ///   - resolved: the scenario with `--until` and what the run keeps per sample (for the
  ///     memory budget).
  ///   - speed: virtual seconds per wall-clock second (`--speed`), above 0.
  /// - Throws: ``SimulationError`` when the scenario cannot be simulated (exit 65).
  public init(_ resolved: ResolvedScenario, speed: Double) throws(SimulationError) {
    let scenario = resolved.scenario
    let overrides = resolved.overrides
    self.scenario = scenario
    self.session = try SimulationSession(resolved)
    // Time holds at `--until`, or where the samples would pass the memory budget, whichever
    // comes first, however fast it plays.
    let memoryHorizon = MemoryBudget.horizon(
      scenario, overrides: overrides, latest: Playback.latest)
    self.playback = Playback(
      speed: speed, limit: min(overrides.until ?? memoryHorizon, memoryHorizon))
    // Midnights for a week past the planned end: enough for any interactive session.
    let horizon = session.plannedEnd.advanced(by: .seconds(7 * 86_400))
    self.rings = ActivityRings(
      goals: ActivityGoals(
        activeEnergyBurned: scenario.goals.activeEnergyBurned,
        appleExerciseTime: scenario.goals.appleExerciseTime,
        stepCount: scenario.goals.stepCount),
      today: ActivityTotals(
        activeEnergyBurned: scenario.today.activeEnergyBurned,
        appleExerciseTime: scenario.today.appleExerciseTime,
        stepCount: scenario.today.stepCount),
      midnights: session.localMidnights(through: horizon))
    self.stepGoal = scenario.goals.stepCount
    // The timeline's actions at t = 0 (a `prepare`, say) have happened when the face opens.
    session.advance(to: .zero)
    rings.record(workoutTotals: .zero, at: .zero)
  }

  /// Whether a workout is open: the app's current session is prepared, running, paused or
  /// stopped, or its builder is collecting (then `q` asks to confirm).
  public var workoutIsOpen: Bool {
    let engine = session.workoutEngine
    guard let index = engine.currentSessionIndex else { return false }
    return engine.isSessionOpen(index)
  }

  /// Whether the run has stopped (quit, or ``finish()``).
  public var isStopped: Bool { session.isStopped }

  // MARK: - Time

  /// Plays virtual time up to the playback clock's reading at `wall`: timeline actions fire,
  /// samples arrive, the rings take the workout's new amounts.
  public mutating func update(atWall wall: Duration) {
    let target = playback.virtualTime(atWall: wall)
    guard target > now, !session.isStopped else { return }
    session.advance(to: target)
    now = target
    updateRings()
  }

  private mutating func updateRings() {
    let engine = session.workoutEngine
    if let goal = session.scriptedAppStepGoal, goal != stepGoal {
      stepGoal = goal
      rings.setStepGoal(goal)
    }
    rings.advance(to: now)
    guard let index = engine.currentSessionIndex, let builder = engine.builder(ofSession: index)
    else { return }
    rings.record(
      workoutTotals: Self.totals(of: builder, from: rings.dayStart, to: now), at: now)
  }

  /// A workout's contribution to the day from `dayStart` to `instant`, by the rings' one rule
  /// (``WorkoutWatch/ActivityTotals/workout(activeEnergyBurned:elapsed:stepCount:)``): its
  /// active energy and steps collected so far inside the day, a sample astride `dayStart`
  /// counted in proportion to its time after it (as `HKStatisticsCollectionQuery` splits it,
  /// docs/scenario-format.md#the-watch-face), and its elapsed time inside the day as exercise
  /// time. The same at `instant` whatever the instants reported before it.
  static func totals(
    of builder: LiveWorkoutBuilder, from dayStart: SimulationInstant, to instant: SimulationInstant
  ) -> ActivityTotals {
    .workout(
      activeEnergyBurned: amount(of: .activeEnergyBurned, in: builder, after: dayStart),
      elapsed: builder.elapsedTime(at: instant) - builder.elapsedTime(at: dayStart),
      stepCount: amount(of: .stepCount, in: builder, after: dayStart))
  }

  /// The amount of cumulative `type` the builder collected after `dayStart`: whole samples
  /// starting at or after it, the part after it of one astride it. Reads back from the latest
  /// sample only as far as `dayStart` (the samples are in time order).
  static func amount(
    of type: QuantityType, in builder: LiveWorkoutBuilder, after dayStart: SimulationInstant
  ) -> Double {
    if let start = builder.startDate, start >= dayStart { return builder.sum(of: type) ?? 0 }
    var total = 0.0
    for sample in builder.samples(of: type).reversed() {
      guard sample.end > dayStart else { break }
      if sample.start >= dayStart {
        total += sample.value
      } else {
        let span = Double(sample.end.nanoseconds - sample.start.nanoseconds)
        total += sample.value * Double(sample.end.nanoseconds - dayStart.nanoseconds) / span
      }
    }
    return total
  }

  // MARK: - Keys

  /// Handles one key at wall-clock reading `wall` (time is brought up to date first).
  public mutating func handle(_ key: KeyEvent, atWall wall: Duration) -> Outcome {
    update(atWall: wall)
    if overlay == .confirmQuit {
      overlay = .none
      if key == .character("y") || key == .character("Y") { return quit(.success) }
      return .continueRunning
    }
    switch key {
    case .interrupt: return quit(.interrupt)
    case .character("?"):
      overlay = overlay == .help ? .none : .help
      return .continueRunning
    case .escape:
      overlay = .none
      return .continueRunning
    case .character("q"):
      if workoutIsOpen {
        overlay = .confirmQuit
        return .continueRunning
      }
      return quit(.success)
    case .character("+"): playback.faster(atWall: wall)
    case .character("-"): playback.slower(atWall: wall)
    case .character("p"): playback.toggle(atWall: wall)
    case .character("."): playback.step(by: .seconds(1), atWall: wall)
    case .character("n"): playback.step(by: .seconds(60), atWall: wall)
    case .character(">"):
      if let next = session.nextActionTime { playback.jump(to: next, atWall: wall) }
    default:
      guard let pressed = Self.keyPressKey(key), let command = KeyBindings.command(for: pressed)
      else { return .continueRunning }
      session.perform(command, at: now)
      if command == .start { playback.play(atWall: wall) }
    }
    update(atWall: wall)
    updateRings()
    return .continueRunning
  }

  private mutating func quit(_ code: Exit) -> Outcome {
    session.finish(at: now)
    return .exit(code)
  }

  /// The `--keys` key for a decoded terminal key, or `nil` for keys `--keys` cannot name.
  static func keyPressKey(_ key: KeyEvent) -> KeyPress.Key? {
    switch key {
    case .character(let character): .character(character)
    case .space: .space
    case .enter: .enter
    case .up: .up
    case .down: .down
    case .left: .left
    case .right: .right
    case .escape: .escape
    case .tab, .backspace, .control: nil
    }
  }

  /// Stops the run now (a signal, or the end of input); later calls do nothing.
  public mutating func finish() {
    session.finish(at: now)
  }

  // MARK: - Screen

  /// What the screen shows now.
  public func snapshot() -> WatchSnapshot {
    let engine = session.workoutEngine
    let index = engine.currentSessionIndex
    let builder = index.flatMap { engine.builder(ofSession: $0) }
    let state = index.flatMap { engine.sessionState($0) }
    let crown = session.activitySelection
    let phase: WatchSnapshot.Phase
    if session.isSelecting {
      phase = .selecting(crown.selector, recentTicks: crown.recentTicks)
    } else if state == .ended {
      phase = .finished
    } else {
      phase = .workout
    }
    let activity =
      session.isSelecting
      ? crown.selectedActivity
      : (index.flatMap { engine.activity(ofSession: $0) } ?? scenario.activity)
    var snapshot = WatchSnapshot(phase: phase, activity: activity)
    snapshot.sessionState = state
    snapshot.scenarioTime = SimulationInstant.zero.duration(to: now)
    snapshot.maximumHeartRate = scenario.athlete.maxHeartRate
    if let builder {
      snapshot.elapsed = builder.elapsedTime(at: now)
      snapshot.heartRate = builder.mostRecent(of: .heartRate)
      snapshot.recentHeartRates = Self.recent(builder.samples(of: .heartRate), before: now)
      snapshot.activeEnergyBurned = builder.sum(of: .activeEnergyBurned)
      if let distanceType = activity.distanceType {
        snapshot.distance = builder.sum(of: distanceType)
        snapshot.speed =
          builder.mostRecent(of: .runningSpeed)
          ?? Self.recentRate(of: distanceType, in: builder, before: now)
      }
      snapshot.showsPace = activity != .cycling
      snapshot.power = builder.mostRecent(of: .cyclingPower)
      // Pedal rpm on a bike; on foot, steps per minute from the recent step samples.
      snapshot.cadence =
        builder.mostRecent(of: .cyclingCadence)
        ?? Self.recentRate(of: .stepCount, in: builder, before: now).map { $0 * 60 }
    }
    snapshot.log = Array(engine.log.suffix(200))
    snapshot.rings = rings
    snapshot.complicationSteps = rings.totals.stepCount
    snapshot.complicationGoal = stepGoal
    snapshot.speedMultiplier = playback.speed
    snapshot.isPlaying = playback.isPlaying
    if !engine.appIsRunning {
      snapshot.appStatus = .crashed
    } else if engine.appState != .active {
      snapshot.appStatus = .running(engine.appState, keptAliveBy: engine.keepAlive)
    }
    snapshot.overlay = overlay
    return snapshot
  }

  /// Up to 60 heart-rate values of the last five minutes before `instant`, oldest first.
  static func recent(_ samples: SampleSeries, before instant: SimulationInstant) -> [Double] {
    let from = instant.advanced(by: .seconds(-300))
    var values: [Double] = []
    var index = samples.endIndex
    while index > samples.startIndex {
      index -= 1
      let sample = samples[index]
      if sample.start < from { break }
      if sample.start <= instant { values.append(sample.value) }
    }
    values.reverse()
    guard values.count > 60 else { return values }
    let stride = Double(values.count) / 60
    return (0..<60).map { values[Int(Double($0) * stride)] }
  }

  /// The rate of the cumulative quantity `type` over `builder`'s samples that lie in the 30 s
  /// before `instant` (per second: m/s for distance, steps/s for steps), or `nil` without such
  /// samples. A 30 s window holds at least two 10 s samples, so the value does not blink between
  /// them. The amount is divided by the workout's running time between the first sample's start
  /// and the last one's end (the builder's pause-aware elapsed time), so a pause inside the
  /// window does not dilute the rate after a resume.
  static func recentRate(
    of type: QuantityType, in builder: LiveWorkoutBuilder, before instant: SimulationInstant
  ) -> Double? {
    let samples = builder.samples(of: type)
    let from = instant.advanced(by: .seconds(-30))
    var amount = 0.0
    var earliest: SimulationInstant?
    var latest: SimulationInstant?
    var index = samples.endIndex
    while index > samples.startIndex {
      index -= 1
      let sample = samples[index]
      if sample.end < from { break }
      guard sample.end <= instant, sample.start >= from else { continue }
      amount += sample.value
      earliest = sample.start
      latest = max(latest ?? sample.end, sample.end)
    }
    guard let earliest, let latest else { return nil }
    let running = builder.elapsedTime(at: latest) - builder.elapsedTime(at: earliest)
    guard running > .zero else { return nil }
    return amount / running.secondsValue
  }
}
