// The values each screen of the fitness tracker shows at one instant: the iPhone app's three
// tabs, the widget's two faces, the watch's today screen and step complication, and the next
// notification. The SwiftUI views (not built on Linux) and the terminal renderer of
// `fitness-tracker-phone` draw exactly these; the models produce them from the health store and the
// shared settings (Examples/FitnessTracker/README.md).
//
// Units everywhere: steps as a count, energy in kilocalories (kcal), heart rate in beats per
// minute (bpm), durations of sleep in hours, progress as a fraction of the goal (1 = the goal
// reached; it may exceed 1). Dates are instants; a local day is named by its local midnight in
// the device's time zone at the time of reading.
import Foundation

/// A value a screen shows, or why it shows a placeholder instead.
///
/// HealthKit hides a denied read: a query of a type the user did not allow returns no data and
/// no error (https://developer.apple.com/documentation/healthkit/authorizing-access-to-health-data),
/// so a denied type is ``noData`` like an empty day. ``notConnected`` is the state before the app
/// asked for authorization at all, or on a device without Health data.
public enum Reading<Value: Sendable & Equatable>: Sendable, Equatable {
  /// The store had data: the value.
  case value(Value)
  /// No sample in the range (nothing recorded, or the read is denied): show a placeholder.
  case noData
  /// HealthKit is unavailable or the app has not requested authorization yet: show a
  /// placeholder with a "connect Health" hint.
  case notConnected

  /// The value, or `nil` for either placeholder state.
  public var value: Value? {
    if case .value(let value) = self { return value }
    return nil
  }
}

/// What the app knows of its HealthKit access (the settings tab's "HealthKit status").
public enum HealthAccess: String, Sendable, Equatable {
  /// `HKHealthStore.isHealthDataAvailable()` is `false` (an iPad without Health, for example).
  case unavailable
  /// The app has not asked yet (`getRequestStatusForAuthorization` answers `.shouldRequest`).
  case notRequested
  /// The user answered the prompt (`.unnecessary`). Whether reads were allowed is not
  /// knowable (HealthKit hides read denial): empty values are placeholders.
  case requested
}

/// One heart-rate reading on the dashboard's small line chart.
public struct HeartRatePoint: Sendable, Equatable {
  /// When the reading was taken (the sample's start).
  public var date: Date
  /// Beats per minute.
  public var bpm: Double

  /// A reading of `bpm` beats per minute at `date`.
  public init(date: Date, bpm: Double) {
    self.date = date
    self.bpm = bpm
  }
}

/// The dashboard's heart-rate card: the latest reading and the last 24 hours.
public struct HeartRateCard: Sendable, Equatable {
  /// The most recent reading, any time before now.
  public var latest: HeartRatePoint
  /// The readings from now − 24 h to now, oldest first (may be empty when the latest is older).
  public var last24Hours: [HeartRatePoint]

  /// A card with `latest` and the chart's `last24Hours`.
  public init(latest: HeartRatePoint, last24Hours: [HeartRatePoint]) {
    self.latest = latest
    self.last24Hours = last24Hours
  }
}

/// The dashboard's sleep card: last night's sleep, its score and its rating text
/// (docs/phone.md, "The example app's rules").
public struct SleepCard: Sendable, Equatable {
  /// Hours asleep (core, deep, REM and unspecified asleep; overlaps counted once).
  public var asleepHours: Double
  /// Hours in bed (the union of in-bed and asleep spans), the denominator of the efficiency.
  public var inBedHours: Double
  /// Asleep ÷ in bed, 0...1.
  public var efficiency: Double
  /// The sleep score, 0...100 (``SleepScore``).
  public var score: Int
  /// The rating of the score.
  public var rating: SleepRating
  /// The bar chart: hours per stage, in the order core, deep, REM, unspecified asleep, awake.
  public var stages: [SleepStageBar]

  /// A card of these values.
  public init(
    asleepHours: Double, inBedHours: Double, efficiency: Double, score: Int,
    rating: SleepRating, stages: [SleepStageBar]
  ) {
    self.asleepHours = asleepHours
    self.inBedHours = inBedHours
    self.efficiency = efficiency
    self.score = score
    self.rating = rating
    self.stages = stages
  }
}

/// One bar of the sleep card's chart.
public struct SleepStageBar: Sendable, Equatable {
  /// The stage.
  public enum Stage: String, Sendable, Equatable, CaseIterable {
    /// Core (light) sleep.
    case core
    /// Deep sleep.
    case deep
    /// REM sleep.
    case rem
    /// Asleep without a stage (older devices, other apps).
    case unspecified
    /// Awake within the night.
    case awake
  }

  /// The stage.
  public var stage: Stage
  /// Hours in the stage (overlaps counted once).
  public var hours: Double

  /// A bar of `hours` in `stage`.
  public init(stage: Stage, hours: Double) {
    self.stage = stage
    self.hours = hours
  }
}

/// The rating text band of a sleep score (docs/phone.md, "The example app's rules").
public enum SleepRating: String, Sendable, Equatable, CaseIterable {
  /// Score 85...100.
  case excellent
  /// Score 70...84.
  case good
  /// Score 50...69.
  case fair
  /// Score 0...49.
  case poor

  /// The text the card shows under the score.
  public var text: String {
    switch self {
    case .excellent: return "Excellent: enough sleep, and efficient"
    case .good: return "Good: close to the recommended sleep"
    case .fair: return "Fair: short or restless night"
    case .poor: return "Poor: far from the recommended 7 to 9 hours"
    }
  }
}

/// The iPhone app's dashboard tab at one instant.
public struct DashboardScreen: Sendable, Equatable {
  /// The instant shown.
  public var date: Date
  /// Today's steps (local midnight to now, all sources merged).
  public var steps: Reading<Int>
  /// The step goal from the settings, steps.
  public var stepGoal: Int
  /// Steps ÷ goal (0 when there are no steps), may exceed 1.
  public var stepProgress: Double
  /// Today's active energy, kcal.
  public var activeEnergy: Reading<Double>
  /// The active-energy ring's goal, kcal.
  public var energyGoal: Double
  /// Active energy ÷ its goal (0 without data), may exceed 1.
  public var energyProgress: Double
  /// The heart-rate card.
  public var heartRate: Reading<HeartRateCard>
  /// Last night's sleep.
  public var sleep: Reading<SleepCard>

  /// A dashboard of these values.
  public init(
    date: Date, steps: Reading<Int>, stepGoal: Int, stepProgress: Double,
    activeEnergy: Reading<Double>, energyGoal: Double, energyProgress: Double,
    heartRate: Reading<HeartRateCard>, sleep: Reading<SleepCard>
  ) {
    self.date = date
    self.steps = steps
    self.stepGoal = stepGoal
    self.stepProgress = stepProgress
    self.activeEnergy = activeEnergy
    self.energyGoal = energyGoal
    self.energyProgress = energyProgress
    self.heartRate = heartRate
    self.sleep = sleep
  }
}

/// The history tab's range: the last 7 or the last 30 local days, today included.
public enum HistoryRange: String, Sendable, Equatable, CaseIterable {
  /// 7 local days.
  case week
  /// 30 local days.
  case month

  /// The number of local days.
  public var days: Int { self == .week ? 7 : 30 }
}

/// One local day of the history tab (a bar of the chart and a row of the detail list).
public struct HistoryDayRow: Sendable, Equatable {
  /// The day's local midnight.
  public var day: Date
  /// The day as `yyyy-MM-dd` (Gregorian, the device's zone).
  public var label: String
  /// Steps of the day (daily statistics from local midnight to the next; a sample across
  /// midnight is split by time), `nil` when none were recorded.
  public var steps: Int?
  /// Active energy of the day, kcal, `nil` when none.
  public var activeEnergy: Double?
  /// Hours asleep in the night that ended that morning (as ``SleepCard/asleepHours``), `nil`
  /// when none.
  public var sleepHours: Double?
  /// Whether ``steps`` reached the goal.
  public var goalMet: Bool

  /// A row of these values.
  public init(
    day: Date, label: String, steps: Int?, activeEnergy: Double?, sleepHours: Double?,
    goalMet: Bool
  ) {
    self.day = day
    self.label = label
    self.steps = steps
    self.activeEnergy = activeEnergy
    self.sleepHours = sleepHours
    self.goalMet = goalMet
  }
}

/// The history tab at one instant.
public struct HistoryScreen: Sendable, Equatable {
  /// The instant shown.
  public var date: Date
  /// The range shown.
  public var range: HistoryRange
  /// The local days, oldest first (``HistoryRange/days`` of them, today last).
  public var days: [HistoryDayRow]
  /// The sum of the days' steps.
  public var totalSteps: Int
  /// The mean steps of the days with data (rounded to the nearest step), `nil` when none.
  public var averageSteps: Int?
  /// The step goal (the chart's goal line), steps.
  public var stepGoal: Int
  /// Whether HealthKit is connected (else every row is empty and the tab shows a hint).
  public var access: HealthAccess

  /// A history tab of these values.
  public init(
    date: Date, range: HistoryRange, days: [HistoryDayRow], totalSteps: Int, averageSteps: Int?,
    stepGoal: Int, access: HealthAccess
  ) {
    self.date = date
    self.range = range
    self.days = days
    self.totalSteps = totalSteps
    self.averageSteps = averageSteps
    self.stepGoal = stepGoal
    self.access = access
  }
}

/// Whether the app may post notifications (`UNAuthorizationStatus`, simplified).
public enum NotificationPermission: String, Sendable, Equatable {
  /// Not asked yet.
  case notDetermined
  /// Allowed (authorized, provisional or ephemeral).
  case allowed
  /// Denied in the prompt or in Settings.
  case denied
}

/// The next notification the app has scheduled (the weekly summary).
public struct NextNotification: Sendable, Equatable {
  /// The request's identifier.
  public var identifier: String
  /// The title.
  public var title: String
  /// The body (as last refreshed by the app).
  public var body: String
  /// The next instant the trigger fires (`nextTriggerDate()`), `nil` if it never will.
  public var fireDate: Date?
  /// Whether the trigger repeats.
  public var repeats: Bool

  /// A notification of these values.
  public init(identifier: String, title: String, body: String, fireDate: Date?, repeats: Bool) {
    self.identifier = identifier
    self.title = title
    self.body = body
    self.fireDate = fireDate
    self.repeats = repeats
  }
}

/// The settings tab at one instant.
public struct SettingsScreen: Sendable, Equatable {
  /// The step goal, steps.
  public var stepGoal: Int
  /// The goals the stepper offers, steps (``Settings/stepGoalRange``).
  public var stepGoalRange: ClosedRange<Int>
  /// The stepper's increment, steps.
  public var stepGoalStep: Int
  /// The weekly summary toggle.
  public var notificationsEnabled: Bool
  /// What the system allows.
  public var notificationPermission: NotificationPermission
  /// HealthKit's state.
  public var healthAccess: HealthAccess
  /// The pending weekly summary, `nil` when the toggle is off (or the system refused it).
  public var nextNotification: NextNotification?

  /// A settings tab of these values.
  public init(
    stepGoal: Int, stepGoalRange: ClosedRange<Int>, stepGoalStep: Int,
    notificationsEnabled: Bool, notificationPermission: NotificationPermission,
    healthAccess: HealthAccess, nextNotification: NextNotification?
  ) {
    self.stepGoal = stepGoal
    self.stepGoalRange = stepGoalRange
    self.stepGoalStep = stepGoalStep
    self.notificationsEnabled = notificationsEnabled
    self.notificationPermission = notificationPermission
    self.healthAccess = healthAccess
    self.nextNotification = nextNotification
  }
}

/// What a home-screen widget of the fitness tracker shows: one of its two sizes.
public enum WidgetFace: Sendable, Equatable {
  /// The Small (2×2) widget: steps and the ring.
  case small(Small)
  /// The Medium (4×2) widget: steps, energy and heart rate side by side.
  case medium(Medium)

  /// The Small face.
  public struct Small: Sendable, Equatable {
    /// The timeline entry's date.
    public var date: Date
    /// Steps of the snapshot's day, `nil` before the app wrote a snapshot, or when the
    /// snapshot is of an earlier local day than the entry (the widget does not show
    /// yesterday's steps as today's).
    public var steps: Int?
    /// The step goal, steps.
    public var stepGoal: Int
    /// Steps ÷ goal (0 without steps), may exceed 1.
    public var progress: Double
    /// When the app wrote the data shown, `nil` without a snapshot.
    public var dataAsOf: Date?
    /// The deep link a tap opens (`fitnesstracker://dashboard`).
    public var url: URL

    /// A Small face of these values.
    public init(
      date: Date, steps: Int?, stepGoal: Int, progress: Double, dataAsOf: Date?, url: URL
    ) {
      self.date = date
      self.steps = steps
      self.stepGoal = stepGoal
      self.progress = progress
      self.dataAsOf = dataAsOf
      self.url = url
    }
  }

  /// The Medium face.
  public struct Medium: Sendable, Equatable {
    /// The Small face's values (steps, goal, ring, data date, link).
    public var steps: Small
    /// Active energy of the snapshot's day, kcal, `nil` as for steps.
    public var activeEnergy: Double?
    /// The latest heart rate the snapshot holds, bpm, `nil` without one.
    public var heartRate: Double?

    /// A Medium face of these values.
    public init(steps: Small, activeEnergy: Double?, heartRate: Double?) {
      self.steps = steps
      self.activeEnergy = activeEnergy
      self.heartRate = heartRate
    }
  }
}

/// The watch app's today screen: steps and energy rings against the phone's goals.
public struct WatchTodayScreen: Sendable, Equatable {
  /// The instant shown.
  public var date: Date
  /// Today's steps (local midnight to now, merged).
  public var steps: Reading<Int>
  /// The step goal the phone shares, steps.
  public var stepGoal: Int
  /// Steps ÷ goal (0 without data), may exceed 1.
  public var stepProgress: Double
  /// Today's active energy, kcal.
  public var activeEnergy: Reading<Double>
  /// The energy goal the phone shares, kcal.
  public var energyGoal: Double
  /// Energy ÷ goal (0 without data), may exceed 1.
  public var energyProgress: Double

  /// A today screen of these values.
  public init(
    date: Date, steps: Reading<Int>, stepGoal: Int, stepProgress: Double,
    activeEnergy: Reading<Double>, energyGoal: Double, energyProgress: Double
  ) {
    self.date = date
    self.steps = steps
    self.stepGoal = stepGoal
    self.stepProgress = stepProgress
    self.activeEnergy = activeEnergy
    self.energyGoal = energyGoal
    self.energyProgress = energyProgress
  }
}

/// The watch's step complication (an `accessoryCircular` gauge, the seed's CircularGauge).
public struct ComplicationFace: Sendable, Equatable {
  /// The timeline entry's date.
  public var date: Date
  /// Today's steps, `nil` without data.
  public var steps: Int?
  /// The step goal the phone shares, steps.
  public var stepGoal: Int
  /// The gauge's value: steps ÷ goal clamped to 0...1 (a gauge cannot overflow).
  public var gauge: Double
  /// The text in the gauge's middle: the steps in full below 1000, else thousands with one
  /// decimal and "k" (8432 → "8.4k"); "--" without data.
  public var text: String

  /// A complication of these values.
  public init(date: Date, steps: Int?, stepGoal: Int, gauge: Double, text: String) {
    self.date = date
    self.steps = steps
    self.stepGoal = stepGoal
    self.gauge = gauge
    self.text = text
  }
}

extension Reading {
  /// The reading with its value transformed; placeholders stay as they are.
  public func map<Other>(_ transform: (Value) -> Other) -> Reading<Other> {
    switch self {
    case .value(let value): return .value(transform(value))
    case .noData: return .noData
    case .notConnected: return .notConnected
    }
  }
}
