import WorkoutCore

/// A person's days as a scenario's `health` key describes them (docs/scenario-format.md#health):
/// how many local days of history, the generator's knobs (habits, a weekly workout plan, ECGs, a
/// trip), device lock periods, the merge priority of the sources, and explicit samples.
///
/// The generator (``HealthGenerator``, docs/health-data.md) turns a plan into ``HealthData``;
/// `WorkoutSimulation.HealthGeneration` does it for a scenario, computing the local days with
/// Foundation's `Calendar` in the scenario's time zone. Every value here has passed
/// ``validationProblem()`` when it came from a decoded scenario.
public struct HealthPlan: Sendable, Equatable {
  /// The number of local days a plan may cover: 1 to 400 (a leap year and a month more).
  public static let dayRange: ClosedRange<Int> = 1...400

  /// The source names a plan's samples and ``priority`` may use, in the default priority order:
  /// `"watch"` (the person's Apple Watch, shown as "Apple Watch") and `"iPhone"` (their iPhone).
  public static let sourceNames = ["watch", "iPhone"]

  /// `days`: local days of history ending with the scenario's start day (today, up to `t = 0`;
  /// the simulated span after it is generated too); 1 to 400, default 7.
  public var days: Int
  /// `generate`: whether the generator makes the person's days; default `true`. When `false`
  /// the data holds only the explicit ``samples`` and ``sleep`` (exact tests need no noise).
  public var generate: Bool
  /// `habits`: the person's daily routine.
  public var habits: Habits
  /// `workouts`: the weekly workout plan, each run through the workout engine.
  public var workouts: [PlannedWorkout]
  /// `ecg.everyDays`: an ECG recording every this many days (counting from the first day);
  /// `nil` (the default): none.
  public var ecgEveryDays: Int?
  /// `lock.periods`: spans (scenario instants) while the phone is locked.
  public var lockPeriods: [Range<SimulationInstant>]
  /// `lock.daily`: spans of local time of day (from local midnight; `to` before `from` runs past
  /// midnight) while the phone is locked, every day.
  public var dailyLock: [TimeOfDaySpan]
  /// `trip`: an optional stay in another time zone.
  public var trip: Trip?
  /// `priority`: source names from the highest merge priority to the lowest; sources left out
  /// follow in the default order (``sourceNames``), apps last. Default `["watch", "iPhone"]`.
  public var priority: [String]
  /// `samples`: explicit quantity samples, in file order.
  public var samples: [HealthPlanSample]
  /// `sleep`: explicit sleep-analysis samples (``HealthDataType/sleepAnalysis``, the value an
  /// `HKCategoryValueSleepAnalysis` raw value), in file order.
  public var sleep: [HealthPlanSample]
  /// `medications`: the medications the person tracks and their logged doses, read-only for
  /// apps (Plan/HealthPlan+Medications.swift); default none.
  public var medications: [Medication] = []

  /// A plan; every parameter defaults to what a `health` object without that key gets.
  public init(
    days: Int = 7, generate: Bool = true, habits: Habits = Habits(),
    workouts: [PlannedWorkout] = [], ecgEveryDays: Int? = nil,
    lockPeriods: [Range<SimulationInstant>] = [], dailyLock: [TimeOfDaySpan] = [],
    trip: Trip? = nil, priority: [String] = HealthPlan.sourceNames,
    samples: [HealthPlanSample] = [], sleep: [HealthPlanSample] = []
  ) {
    self.days = days
    self.generate = generate
    self.habits = habits
    self.workouts = workouts
    self.ecgEveryDays = ecgEveryDays
    self.lockPeriods = lockPeriods
    self.dailyLock = dailyLock
    self.trip = trip
    self.priority = priority
    self.samples = samples
    self.sleep = sleep
  }

  /// A span of local time of day, `{ "from": time, "to": time }`, each from local midnight
  /// (0 to 24 h, exclusive); `to` at or before `from` means the span runs past midnight into the
  /// next day.
  public struct TimeOfDaySpan: Sendable, Equatable {
    /// The start, from local midnight.
    public var from: Duration
    /// The end, from local midnight (on the next day when not after ``from``).
    public var to: Duration

    /// A span from `from` to `to` (local times of day).
    public init(from: Duration, to: Duration) {
      self.from = from
      self.to = to
    }

    /// The span's length: `to − from`, plus 24 h when `to` is not after `from`.
    public var length: Duration {
      to > from ? to - from : to - from + .seconds(86_400)
    }
  }

  /// `habits`: the person's routine, every field optional.
  public struct Habits: Sendable, Equatable {
    /// `wake`: local time of getting up; default 7:00.
    public var wake: Duration
    /// `bed`: local time of going to bed; default 23:00 (before ``wake`` means after midnight).
    public var bed: Duration
    /// `steps`: the range the day's step target is drawn from (uniformly); default 6000 to 10000.
    public var steps: ClosedRange<Double>
    /// `carriesPhone`: the fraction of walking bouts during which the iPhone is carried (0 to 1);
    /// default 0.7.
    public var carriesPhone: Double
    /// `wearsWatch`: whether the person wears the watch (day and night, but while charging);
    /// default `true`.
    public var wearsWatch: Bool
    /// `charging`: daily spans while the watch is off the wrist on its charger; default
    /// 7:30 to 8:15 (a shower and breakfast). `[]`: never.
    public var charging: [TimeOfDaySpan]

    /// Habits; every parameter defaults to the value given above.
    public init(
      wake: Duration = .seconds(7 * 3600), bed: Duration = .seconds(23 * 3600),
      steps: ClosedRange<Double> = 6000...10_000, carriesPhone: Double = 0.7,
      wearsWatch: Bool = true,
      charging: [TimeOfDaySpan] = [
        TimeOfDaySpan(from: .seconds(7 * 3600 + 1800), to: .seconds(8 * 3600 + 900))
      ]
    ) {
      self.wake = wake
      self.bed = bed
      self.steps = steps
      self.carriesPhone = carriesPhone
      self.wearsWatch = wearsWatch
      self.charging = charging
    }
  }

  /// One entry of the weekly workout plan: `{ "weekday", "at", "activity", "duration" }`.
  public struct PlannedWorkout: Sendable, Equatable {
    /// `weekday`: 1 Sunday to 7 Saturday (Foundation's `Calendar` numbering); the file names
    /// the day (`"monday"`).
    public var weekday: Int
    /// `at`: local time of day of the start (from local midnight).
    public var at: Duration
    /// `activity`: the workout's activity.
    public var activity: WorkoutActivityType
    /// `duration`: how long the workout runs (above 0, at most 6 h).
    public var duration: Duration

    /// A planned workout.
    public init(weekday: Int, at: Duration, activity: WorkoutActivityType, duration: Duration) {
      self.weekday = weekday
      self.at = at
      self.activity = activity
      self.duration = duration
    }

    /// The weekday names of the file, `"sunday"` (1) to `"saturday"` (7).
    public static let weekdayNames = [
      "sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
    ]
  }

  /// `trip`: the person stays in another time zone from a local date on, for some days (or to
  /// the end). The person's routine follows the local time where they are; the device's calendar
  /// (day buckets, the day table) stays in the scenario's time zone.
  public struct Trip: Sendable, Equatable {
    /// `date`: the first local day in the other zone, `YYYY-MM-DD`.
    public var date: String
    /// `timeZone`: the IANA name of the zone.
    public var timeZone: String
    /// `days`: how many days the stay lasts; `nil`: to the end.
    public var days: Int?

    /// A trip.
    public init(date: String, timeZone: String, days: Int? = nil) {
      self.date = date
      self.timeZone = timeZone
      self.days = days
    }
  }
}

/// One explicit sample of a plan: `{ "type", "source", "start", "end", "value", "savedAt" }`
/// (quantities) or `{ "source", "start", "end", "stage", "savedAt" }` (sleep).
public struct HealthPlanSample: Sendable, Equatable {
  /// The kind of data.
  public var type: HealthDataType
  /// The source's name, one of ``HealthPlan/sourceNames``.
  public var source: String
  /// The start (scenario instant; negative before `t = 0`).
  public var start: SimulationInstant
  /// The end (scenario instant), at or after ``start``.
  public var end: SimulationInstant
  /// The value in the type's canonical unit (``HealthDataType/unit``); for sleep the
  /// `HKCategoryValueSleepAnalysis` raw value.
  public var value: Double
  /// When the sample reaches the store; `nil`: at ``end``.
  public var savedAt: SimulationInstant?

  /// An explicit sample.
  public init(
    type: HealthDataType, source: String, start: SimulationInstant, end: SimulationInstant,
    value: Double, savedAt: SimulationInstant? = nil
  ) {
    self.type = type
    self.source = source
    self.start = start
    self.end = end
    self.value = value
    self.savedAt = savedAt
  }
}

/// `HKCategoryValueSleepAnalysis` raw values (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkcategoryvaluesleepanalysis) and the
/// `stage` names of a plan's `sleep` entries.
public enum SleepStage: Int, CaseIterable, Sendable {
  /// In bed (0).
  case inBed = 0
  /// Asleep, stage not known (1; HealthKit's `asleepUnspecified`).
  case asleepUnspecified = 1
  /// Awake (2).
  case awake = 2
  /// Core (light) sleep (3).
  case asleepCore = 3
  /// Deep sleep (4).
  case asleepDeep = 4
  /// REM sleep (5).
  case asleepREM = 5

  /// The name used in scenario files: HealthKit's case name (`"asleepCore"`).
  public var name: String {
    switch self {
    case .inBed: "inBed"
    case .asleepUnspecified: "asleepUnspecified"
    case .awake: "awake"
    case .asleepCore: "asleepCore"
    case .asleepDeep: "asleepDeep"
    case .asleepREM: "asleepREM"
    }
  }

  /// Whether the stage counts as asleep (HealthKit's `HKCategoryValueSleepAnalysis.allAsleepValues`:
  /// unspecified, core, deep and REM).
  public var isAsleep: Bool {
    switch self {
    case .asleepUnspecified, .asleepCore, .asleepDeep, .asleepREM: true
    case .inBed, .awake: false
    }
  }
}
