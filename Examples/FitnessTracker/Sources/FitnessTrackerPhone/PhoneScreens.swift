/// What the fitness tracker's iPhone screens, its widget and the next notification show at one
/// instant: the values `fitness-tracker-phone` draws on the terminal (``PhoneScreenRenderer``) and
/// prints as JSON (``PhoneDocument``), taken from the app's own models (Examples/FitnessTracker)
/// by ``PhoneApp``.
///
/// A value the app has no data for (nothing in the health store, or a read the user denied:
/// HealthKit answers both the same way) is `nil`: a placeholder on the screen, `null` in JSON.
/// Units as the screens show them: steps as counts, energy in kilocalories, heart rate in beats
/// per minute, sleep in hours.
public struct PhoneScreens: Sendable, Equatable {
  /// The instant: scenario time and the local date-time on the phone.
  public struct Clock: Sendable, Equatable {
    /// Scenario time, seconds from `t = 0`.
    public var scenarioSeconds: Double
    /// The local date-time with its UTC offset, RFC 3339 (`2026-06-10T18:00:00+02:00`).
    public var local: String
    /// The device time zone's identifier (`Europe/Berlin`).
    public var timeZone: String

    /// Creates a clock reading.
    public init(scenarioSeconds: Double, local: String, timeZone: String) {
      self.scenarioSeconds = scenarioSeconds
      self.local = local
      self.timeZone = timeZone
    }
  }

  /// The dashboard tab: today's steps against the goal, the active energy ring, the latest heart
  /// rate with the last 24 hours, last night's sleep with its score.
  public struct Dashboard: Sendable, Equatable {
    /// Today's steps (local midnight to now), or `nil` without data.
    public var steps: Double?
    /// The step goal (Settings).
    public var stepGoal: Double
    /// Today's active energy, kcal, or `nil`.
    public var activeEnergy: Double?
    /// The active energy ring's goal, kcal, or `nil` when the app has none.
    public var activeEnergyGoal: Double?
    /// The most recent heart rate, bpm, or `nil`.
    public var heartRate: Double?
    /// When it was measured (local `HH:mm`), or `nil`.
    public var heartRateTime: String?
    /// The last 24 hours of heart-rate values, bpm, oldest first.
    public var heartRateLast24Hours: [Double]
    /// Hours asleep last night, or `nil`.
    public var sleepHours: Double?
    /// The sleep score, 0 to 100, or `nil`.
    public var sleepScore: Double?
    /// The score's rating text, or `nil`.
    public var sleepRating: String?
    /// Hours asleep ÷ hours in bed, 0 to 1, or `nil`.
    public var sleepEfficiency: Double?
    /// Whether the app is connected to Health (it asked for authorization): `false` shows a
    /// "connect Health" hint instead of "no data".
    public var connected: Bool

    /// Creates the dashboard's values.
    public init(
      steps: Double? = nil, stepGoal: Double = 10_000, activeEnergy: Double? = nil,
      activeEnergyGoal: Double? = nil, heartRate: Double? = nil, heartRateTime: String? = nil,
      heartRateLast24Hours: [Double] = [], sleepHours: Double? = nil, sleepScore: Double? = nil,
      sleepRating: String? = nil, sleepEfficiency: Double? = nil, connected: Bool = true
    ) {
      self.steps = steps
      self.stepGoal = stepGoal
      self.activeEnergy = activeEnergy
      self.activeEnergyGoal = activeEnergyGoal
      self.heartRate = heartRate
      self.heartRateTime = heartRateTime
      self.heartRateLast24Hours = heartRateLast24Hours
      self.sleepHours = sleepHours
      self.sleepScore = sleepScore
      self.sleepRating = sleepRating
      self.sleepEfficiency = sleepEfficiency
      self.connected = connected
    }
  }

  /// One local day of the history tab.
  public struct Day: Sendable, Equatable {
    /// The local date, `YYYY-MM-DD`.
    public var date: String
    /// Steps that day, or `nil` without data.
    public var steps: Double?
    /// Active energy that day, kcal, or `nil`.
    public var activeEnergy: Double?
    /// Hours asleep the night that ended that day, or `nil`.
    public var sleepHours: Double?
    /// Whether the steps reached the goal.
    public var goalMet: Bool

    /// Creates a day.
    public init(
      date: String, steps: Double?, activeEnergy: Double? = nil, sleepHours: Double? = nil,
      goalMet: Bool = false
    ) {
      self.date = date
      self.steps = steps
      self.activeEnergy = activeEnergy
      self.sleepHours = sleepHours
      self.goalMet = goalMet
    }
  }

  /// One range of the history tab (the week or the month).
  public struct Range: Sendable, Equatable {
    /// The local days, oldest first (today last).
    public var days: [Day]
    /// The sum of the days' steps.
    public var totalSteps: Double
    /// The mean steps of the days with data, or `nil` when none has data.
    public var averageSteps: Double?

    /// Creates a range.
    public init(days: [Day] = [], totalSteps: Double = 0, averageSteps: Double? = nil) {
      self.days = days
      self.totalSteps = totalSteps
      self.averageSteps = averageSteps
    }
  }

  /// The history tab: steps per local day for the week and the month, and the daily detail
  /// list (newest first).
  public struct History: Sendable, Equatable {
    /// The last 7 local days.
    public var week: Range
    /// The last 30 local days.
    public var month: Range
    /// The daily detail list: the month's days, newest first.
    public var details: [Day] { month.days.reversed() }

    /// Creates the history.
    public init(week: Range = Range(), month: Range = Range()) {
      self.week = week
      self.month = month
    }
  }

  /// The settings tab.
  public struct Settings: Sendable, Equatable {
    /// The step goal.
    public var stepGoal: Double
    /// Whether the weekly summary notification is on.
    public var notificationsEnabled: Bool
    /// The notification permission (`notDetermined`, `granted`, `denied`).
    public var notificationPermission: String
    /// HealthKit's status as the app shows it (`sharingAuthorized`, `notDetermined`, ...).
    public var healthKitStatus: String

    /// Creates the settings.
    public init(
      stepGoal: Double = 10_000, notificationsEnabled: Bool = true,
      notificationPermission: String = "notDetermined", healthKitStatus: String = "notDetermined"
    ) {
      self.stepGoal = stepGoal
      self.notificationsEnabled = notificationsEnabled
      self.notificationPermission = notificationPermission
      self.healthKitStatus = healthKitStatus
    }
  }

  /// One widget face (WidgetKit's `systemSmall`: steps and ring; `systemMedium`: steps,
  /// energy, heart rate), from the timeline entry the widget shows now.
  public struct WidgetFace: Sendable, Equatable {
    /// WidgetKit's family name (`systemSmall`, `systemMedium`).
    public var family: String
    /// The entry's date, local RFC 3339.
    public var entryDate: String
    /// Steps, or `nil`.
    public var steps: Double?
    /// The step goal.
    public var stepGoal: Double
    /// Active energy, kcal, or `nil` (Medium).
    public var activeEnergy: Double?
    /// Heart rate, bpm, or `nil` (Medium).
    public var heartRate: Double?
    /// Where a tap goes (`fitnesstracker://dashboard`).
    public var url: String
    /// When the app wrote the data shown, local RFC 3339, or `nil` without data.
    public var dataAsOf: String?

    /// Creates a face.
    public init(
      family: String, entryDate: String, steps: Double?, stepGoal: Double,
      activeEnergy: Double? = nil, heartRate: Double? = nil, url: String, dataAsOf: String? = nil
    ) {
      self.dataAsOf = dataAsOf
      self.family = family
      self.entryDate = entryDate
      self.steps = steps
      self.stepGoal = stepGoal
      self.activeEnergy = activeEnergy
      self.heartRate = heartRate
      self.url = url
    }
  }

  /// The next notification the system will deliver.
  public struct Notification: Sendable, Equatable {
    /// The request's identifier.
    public var identifier: String
    /// The title.
    public var title: String
    /// The body.
    public var body: String
    /// When it fires next, local RFC 3339, or `nil` when it never will.
    public var fireDate: String?
    /// Whether the trigger repeats.
    public var repeats: Bool

    /// Creates a notification.
    public init(
      identifier: String, title: String, body: String, fireDate: String?, repeats: Bool = false
    ) {
      self.repeats = repeats
      self.identifier = identifier
      self.title = title
      self.body = body
      self.fireDate = fireDate
    }
  }

  /// The instant.
  public var clock: Clock
  /// The dashboard tab.
  public var dashboard: Dashboard
  /// The history tab.
  public var history: History
  /// The settings tab.
  public var settings: Settings
  /// The widget's faces, Small then Medium (empty when the app has no widget timeline yet).
  public var widgets: [WidgetFace]
  /// The next notification, or `nil` when none is pending.
  public var nextNotification: Notification?

  /// Creates the screens' values.
  public init(
    clock: Clock, dashboard: Dashboard = Dashboard(), history: History = History(),
    settings: Settings = Settings(), widgets: [WidgetFace] = [],
    nextNotification: Notification? = nil
  ) {
    self.clock = clock
    self.dashboard = dashboard
    self.history = history
    self.settings = settings
    self.widgets = widgets
    self.nextNotification = nextNotification
  }
}
