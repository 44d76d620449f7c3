import WorkoutSimulation

/// A recording's own totals for one record, beside the replay's (`nil` where the file has none).
/// Units: seconds, metres, kilocalories, metres, beats per minute.
public struct ReportTotals: Sendable, Equatable {
  /// Time with the device's timer running, s (FIT `total_timer_time`, TCX `TotalTimeSeconds`).
  public var duration: Double?
  /// Distance, m.
  public var distance: Double?
  /// Energy, kcal.
  public var energy: Double?
  /// Sum of climbs, m.
  public var ascent: Double?
  /// Mean heart rate, bpm.
  public var averageHeartRate: Double?
  /// Maximum heart rate, bpm.
  public var maximumHeartRate: Double?

  /// Creates totals.
  public init(
    duration: Double? = nil, distance: Double? = nil, energy: Double? = nil,
    ascent: Double? = nil, averageHeartRate: Double? = nil, maximumHeartRate: Double? = nil
  ) {
    self.duration = duration
    self.distance = distance
    self.energy = energy
    self.ascent = ascent
    self.averageHeartRate = averageHeartRate
    self.maximumHeartRate = maximumHeartRate
  }
}

/// What a replayed recording itself holds, drawn beside the model: its heart rate as recorded
/// and its own totals per record.
public struct ReportRecording: Sendable, Equatable {
  /// The file's name as shown (`run.fit`).
  public var name: String
  /// The recorded heart rate, x in scenario seconds (the file's time stamp minus its first kept
  /// one), y in bpm, in time order.
  public var heartRate: [ChartPoint]
  /// The file's totals for each record, by record index (shorter than the records when the
  /// file has fewer parts; `nil` for a part without totals, as in GPX).
  public var totals: [ReportTotals?]

  /// Creates the recording's side.
  public init(name: String, heartRate: [ChartPoint], totals: [ReportTotals?]) {
    self.name = name
    self.heartRate = heartRate
    self.totals = totals
  }
}

/// Everything one report page draws: the typed run result and what only the command knows
/// (the course's profile, the recording's own series, the model's heart rate of a replay).
public struct ReportInput: Sendable {
  /// The run.
  public var result: RunResult
  /// The input as the user named it (`Scenarios/hills.json`, `run.fit`), for the page's header.
  public var source: String
  /// The athlete's maximum heart rate, bpm: the zones are fractions of it
  /// (`HeartRateZone.zone(heartRate:maximumHeartRate:)`).
  public var maximumHeartRate: Double
  /// The course's elevation profile and recorded altitudes, or `nil` to draw no elevation.
  public var profile: CourseProfile?
  /// A replay's recording, or `nil`.
  public var recording: ReportRecording?
  /// The model's heart rate for each record (the same run with the heart rate modelled instead
  /// of recorded), by record index; empty when the run's own heart rate is the model's.
  public var modelHeartRate: [[ChartPoint]]
  /// The health store's days, for the page of days (``HealthDayValues``); empty draws the run
  /// result's own `days` (``Report/healthDayValues(_:)``), if any.
  public var healthDays: [HealthDayValues]

  /// Creates the input.
  public init(
    result: RunResult, source: String, maximumHeartRate: Double, profile: CourseProfile? = nil,
    recording: ReportRecording? = nil, modelHeartRate: [[ChartPoint]] = [],
    healthDays: [HealthDayValues] = []
  ) {
    self.result = result
    self.source = source
    self.maximumHeartRate = maximumHeartRate
    self.profile = profile
    self.recording = recording
    self.modelHeartRate = modelHeartRate
    self.healthDays = healthDays
  }
}

/// One day of the health store, as the page of days draws it: the seam where the store's
/// per-day values come in (steps by source and merged, the night's sleep stages, resting heart
/// rate). Arrays keep their given order, so the page's bytes follow the caller's order.
public struct HealthDayValues: Sendable, Equatable {
  /// The local calendar date, `yyyy-mm-dd`.
  public var date: String
  /// Steps per source (`Watch`, `iPhone`), in the order to draw them.
  public var stepsBySource: [(source: String, steps: Double)]
  /// Steps after merging the sources (HealthKit's statistics de-duplicate overlapping
  /// sources), or `nil` when not computed.
  public var mergedSteps: Double?
  /// Minutes per stage (`core`, `deep`, `rem`, `awake`, `asleep` for asleep without a stage,
  /// `inBed`) of the night ending that day, in the order to stack them (`inBed`, which spans the
  /// others, is listed in the table but not stacked).
  public var sleepMinutes: [(stage: String, minutes: Double)]
  /// The night's samples in time order: the stage (a name of ``sleepMinutes``) and its start and
  /// end in seconds from the day's local midnight (negative the evening before). When any day
  /// has them, the sleep chart is a strip per night on the time of night instead of stacked
  /// totals (a day without them is an empty column there).
  public var sleepIntervals: [(stage: String, start: Double, end: Double)]
  /// Resting heart rate, bpm, or `nil`.
  public var restingHeartRate: Double?

  /// Creates a day.
  public init(
    date: String, stepsBySource: [(source: String, steps: Double)], mergedSteps: Double?,
    sleepMinutes: [(stage: String, minutes: Double)], restingHeartRate: Double?,
    sleepIntervals: [(stage: String, start: Double, end: Double)] = []
  ) {
    self.date = date
    self.stepsBySource = stepsBySource
    self.mergedSteps = mergedSteps
    self.sleepMinutes = sleepMinutes
    self.sleepIntervals = sleepIntervals
    self.restingHeartRate = restingHeartRate
  }

  /// Two days are equal when every value is.
  public static func == (lhs: HealthDayValues, rhs: HealthDayValues) -> Bool {
    lhs.date == rhs.date && lhs.mergedSteps == rhs.mergedSteps
      && lhs.restingHeartRate == rhs.restingHeartRate
      && lhs.stepsBySource.map(\.source) == rhs.stepsBySource.map(\.source)
      && lhs.stepsBySource.map(\.steps) == rhs.stepsBySource.map(\.steps)
      && lhs.sleepMinutes.map(\.stage) == rhs.sleepMinutes.map(\.stage)
      && lhs.sleepMinutes.map(\.minutes) == rhs.sleepMinutes.map(\.minutes)
      && lhs.sleepIntervals.map(\.stage) == rhs.sleepIntervals.map(\.stage)
      && lhs.sleepIntervals.map(\.start) == rhs.sleepIntervals.map(\.start)
      && lhs.sleepIntervals.map(\.end) == rhs.sleepIntervals.map(\.end)
  }
}
