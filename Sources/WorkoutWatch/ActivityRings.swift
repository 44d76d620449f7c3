import WorkoutCore

/// The day's goals for the three rings, after `HKActivitySummary`'s `activeEnergyBurnedGoal`
/// and `appleExerciseTimeGoal` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkactivitysummary), with a step-count
/// goal in place of the Stand ring (a project rule: the
/// watch face shows a Steps ring; docs/scenario-format.md#the-watch-face).
///
/// Scenario key `"goals"`; defaults 500 kcal, 30 min, 10 000 steps.
public struct ActivityGoals: Sendable, Hashable {
  /// Move ring goal: active energy in kcal (default 500).
  public var activeEnergyBurned: Double
  /// Exercise ring goal (default 30 min).
  public var appleExerciseTime: Duration
  /// Steps ring goal: a count (default 10 000).
  public var stepCount: Double

  /// Creates goals; the defaults are 500 kcal, 30 min and 10 000 steps.
  public init(
    activeEnergyBurned: Double = 500, appleExerciseTime: Duration = .seconds(30 * 60),
    stepCount: Double = 10_000
  ) {
    self.activeEnergyBurned = activeEnergyBurned
    self.appleExerciseTime = appleExerciseTime
    self.stepCount = stepCount
  }
}

/// Amounts for the three rings: what the day held before `t = 0` (scenario key `"today"`), a
/// workout's running totals, or the ring totals.
public struct ActivityTotals: Sendable, Hashable {
  /// Active energy in kcal (`activeEnergyBurned`).
  public var activeEnergyBurned: Double
  /// Exercise time (`appleExerciseTime`).
  public var appleExerciseTime: Duration
  /// Steps (`stepCount`).
  public var stepCount: Double

  /// Creates totals; all zero by default.
  public init(
    activeEnergyBurned: Double = 0, appleExerciseTime: Duration = .zero, stepCount: Double = 0
  ) {
    self.activeEnergyBurned = activeEnergyBurned
    self.appleExerciseTime = appleExerciseTime
    self.stepCount = stepCount
  }

  /// All zero.
  public static let zero = ActivityTotals()

  /// A workout's contribution to the rings: its active energy (kcal) and steps so far, and its
  /// elapsed time (pauses excluded) as exercise time (project rule: Apple credits exercise
  /// minutes from brisk movement, and "`HKWorkoutSession` sessions also contribute to the
  /// exercise time", Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkactivitysummary/appleexercisetime;
  /// a workout counts in full). The watch face's rings and SimulatedHealthKit's
  /// `HKActivitySummary` both take a workout's energy through it; the summary's exercise time
  /// is the health store's `appleExerciseTime` samples (WorkoutHealth's `ExerciseMinutes`,
  /// whose sum over a finished workout is this elapsed time unless minutes stored before a
  /// pause added after the fact already pass it; docs/healthkit-behaviour.md#exercise-minutes).
  public static func workout(
    activeEnergyBurned: Double, elapsed: Duration, stepCount: Double
  ) -> ActivityTotals {
    ActivityTotals(
      activeEnergyBurned: activeEnergyBurned, appleExerciseTime: max(elapsed, .zero),
      stepCount: stepCount)
  }

  /// The amounts of both, ring by ring.
  public static func + (left: ActivityTotals, right: ActivityTotals) -> ActivityTotals {
    ActivityTotals(
      activeEnergyBurned: left.activeEnergyBurned + right.activeEnergyBurned,
      appleExerciseTime: left.appleExerciseTime + right.appleExerciseTime,
      stepCount: left.stepCount + right.stepCount)
  }
}

/// Which ring.
public enum ActivityRing: String, CaseIterable, Sendable, Hashable {
  /// Move: active energy against its kcal goal (outer ring, red).
  case move
  /// Exercise: minutes against the exercise goal (middle ring, green).
  case exercise
  /// Steps: step count against its goal (inner ring; blue in the Stand ring's place).
  case steps
}

/// Today's activity rings: goals, what the day held before the run, the workout's own amounts
/// added on top, and a reset to zero at each local midnight.
///
/// Apple's rings show the day's progress toward the Move, Exercise and Stand goals, red, green
/// and blue from the outside in (Apple doc:
/// https://developer.apple.com/design/human-interface-guidelines/activity-rings;
/// https://developer.apple.com/documentation/watchkit/wkinterfaceactivityring). The model is pure:
/// the midnight instants are input, computed by the driver with `Calendar` in the scenario's
/// `timeZone`.
///
/// The driver reports the workout's running totals inside the current local day (from
/// ``dayStart``) with ``record(workoutTotals:at:)``; the rings add the increase since the
/// previous report. A sample astride local midnight counts in each day in proportion to its
/// time in it, as `HKStatisticsCollectionQuery` splits a sample across its daily buckets and
/// `HKActivitySummary` sums a day (docs/healthkit-behaviour.md#activity-summaries), so the rings
/// at an instant are the same however often the driver reports.
public struct ActivityRings: Sendable, Hashable {
  /// The goals (the step goal follows a goal the phone sent, ``setStepGoal(_:)``).
  public private(set) var goals: ActivityGoals
  /// The ring totals for the current day.
  public private(set) var totals: ActivityTotals

  /// The start of the current local day: the last midnight passed, or `t = 0` on the day of
  /// `t = 0` (what came before it is ``totals``' `today`).
  public private(set) var dayStart: SimulationInstant

  private var midnights: [SimulationInstant]
  private var lastWorkoutTotals: ActivityTotals
  private var now: SimulationInstant

  /// Creates the rings at `t = 0`.
  ///
  /// - Parameters:
  ///   - goals: the goals (scenario `"goals"`).
  ///   - today: what the day held before `t = 0` (scenario `"today"`).
  ///   - midnights: the instants of local midnight after `t = 0` in the scenario's time zone, in
  ///     any order (instants at or before `t = 0` are ignored).
  public init(
    goals: ActivityGoals = ActivityGoals(), today: ActivityTotals = .zero,
    midnights: [SimulationInstant] = []
  ) {
    self.goals = goals
    self.totals = today
    self.midnights = midnights.filter { $0 > .zero }.sorted()
    self.lastWorkoutTotals = .zero
    self.now = .zero
    self.dayStart = .zero
  }

  /// Sets the step goal (the watch app applied a goal the phone sent by application context,
  /// docs/phone-link.md#the-scripted-apps).
  public mutating func setStepGoal(_ steps: Double) {
    goals.stepCount = steps
  }

  /// Lets time reach `instant`, resetting the totals to zero at each midnight passed or reached
  /// (``dayStart`` becomes the last one, and the workout's day totals start again from zero).
  /// Instants earlier than the last one seen are ignored.
  public mutating func advance(to instant: SimulationInstant) {
    guard instant >= now else { return }
    now = instant
    var reset = false
    while let first = midnights.first, first <= instant {
      midnights.removeFirst()
      dayStart = first
      reset = true
    }
    if reset {
      totals = .zero
      lastWorkoutTotals = .zero
    }
  }

  /// Takes the workout's running totals inside the current day at `instant` (its amounts from
  /// ``dayStart``, or from its start when that is later, to `instant`: the parts of its samples
  /// inside the day, its elapsed time inside the day) and adds their increase since the previous
  /// report to the rings (after any midnight reset up to `instant`: call ``advance(to:)`` first
  /// to know the day). Decreases (a new workout starting from zero) start a new baseline.
  public mutating func record(workoutTotals: ActivityTotals, at instant: SimulationInstant) {
    advance(to: instant)
    let last = lastWorkoutTotals
    add(
      ActivityTotals(
        activeEnergyBurned: max(workoutTotals.activeEnergyBurned - last.activeEnergyBurned, 0),
        appleExerciseTime: max(workoutTotals.appleExerciseTime - last.appleExerciseTime, .zero),
        stepCount: max(workoutTotals.stepCount - last.stepCount, 0)))
    lastWorkoutTotals = workoutTotals
  }

  /// Adds `amounts` to the current day's totals (a workout's contribution,
  /// ``ActivityTotals/workout(activeEnergyBurned:elapsed:stepCount:)``, or what a store holds
  /// for the day): the day's rings are what the day held plus everything added.
  public mutating func add(_ amounts: ActivityTotals) {
    totals = totals + amounts
  }

  /// The fraction of `ring`'s goal reached (`total / goal`, not capped: 1.4 is 140 %); 0 when
  /// the goal is not positive.
  public func fraction(_ ring: ActivityRing) -> Double {
    let (value, goal) = amounts(ring)
    guard goal > 0, value.isFinite else { return 0 }
    return max(value, 0) / goal
  }

  /// The current total and the goal of `ring`, in display units: kcal for move, minutes for
  /// exercise, a count for steps.
  public func amounts(_ ring: ActivityRing) -> (value: Double, goal: Double) {
    switch ring {
    case .move: (totals.activeEnergyBurned, goals.activeEnergyBurned)
    case .exercise:
      (totals.appleExerciseTime.secondsValue / 60, goals.appleExerciseTime.secondsValue / 60)
    case .steps: (totals.stepCount, goals.stepCount)
    }
  }
}
