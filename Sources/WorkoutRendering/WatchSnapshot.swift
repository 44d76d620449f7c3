import WorkoutCore
import WorkoutSystem
import WorkoutWatch

/// Everything the watch screen shows at one instant: a plain value the driver fills from the
/// engine, the selector and the rings, and hands to ``WatchScreen/render(_:width:height:options:)``.
///
/// Units: time as `Duration`, heart rate in count/min, energy in kcal, distance in m, speed in
/// m/s, cadence in steps (or revolutions) per minute, power in W. `nil` means "not measured" and
/// shows as `--`.
public struct WatchSnapshot: Sendable {
  /// Which screen the watch shows.
  public enum Phase: Sendable {
    /// The workout picker, before Enter: the crown selector and the haptic ticks of the latest
    /// rotation (shown as marks).
    case selecting(DigitalCrownSelector, recentTicks: [CrownTick])
    /// A workout is open (whatever the session state).
    case workout
    /// The workout has ended (saved or discarded; ``WatchSnapshot/sessionState`` says which).
    case finished
  }

  /// The app around the workout when it is not simply running frontmost with the wrist up
  /// (docs/healthkit-behaviour.md#suspension-and-keep-alive: the screen shows both the state and
  /// what keeps the app running).
  public enum AppStatus: Sendable, Hashable {
    /// The app crashed and has not been relaunched (shown `crashed (r relaunches)`).
    case crashed
    /// The app runs, or is suspended, in `state` (not `active`), kept alive by `keepAlive`
    /// (shown `background, kept alive by workoutSession`).
    case running(AppState, keptAliveBy: KeepAliveReason)
  }

  /// What covers part of the screen.
  public enum Overlay: Sendable, Hashable {
    /// Nothing.
    case none
    /// The key help (`?`), in place of the body.
    case help
    /// The quit confirmation (`q` while a workout is open), in place of the footer.
    case confirmQuit
  }

  /// The screen.
  public var phase: Phase
  /// The workout's activity (the selected item while selecting).
  public var activity: WorkoutActivityType
  /// The app's current session's state (shown by its HealthKit name, `running`), or `nil` when
  /// the app has no session (shown `noSession`).
  public var sessionState: WorkoutSessionState?
  /// The builder's elapsed time (pause-aware), shown as `h:mm:ss`.
  public var elapsed: Duration
  /// Virtual time since the scenario start, shown in the header.
  public var scenarioTime: Duration
  /// The latest heart rate in count/min, or `nil`.
  public var heartRate: Double?
  /// Recent heart-rate values, oldest first, for the sparkline (the last minutes).
  public var recentHeartRates: [Double]
  /// The maximum heart rate for zones, in count/min.
  public var maximumHeartRate: Double
  /// Active energy in kcal (`activeEnergyBurned` sum).
  public var activeEnergyBurned: Double?
  /// Distance in m (the sum of the activity's distance type: `distanceWalkingRunning`,
  /// `distanceCycling` or `distanceSwimming`), or `nil` without one.
  public var distance: Double?
  /// Speed in m/s, or `nil`.
  public var speed: Double?
  /// Show ``speed`` as pace (min/km, running and walking) rather than km/h.
  public var showsPace: Bool
  /// Cadence per minute (running steps, cycling revolutions), or `nil`.
  public var cadence: Double?
  /// Cycling power in W, or `nil`; shown in place of cadence when present.
  public var power: Double?
  /// The latest log entries, oldest first; the screen shows one line per entry
  /// (``WatchScreen/logLine(_:)``; data batches have none) for as many as fit, newest last.
  public var log: [LogEntry]
  /// The activity rings.
  public var rings: ActivityRings
  /// The step complication's count.
  public var complicationSteps: Double
  /// The step complication's goal.
  public var complicationGoal: Double
  /// The playback speed (`--speed`, `+`/`-`).
  public var speedMultiplier: Double
  /// Whether virtual time plays (`true`) or is held (`p`).
  public var isPlaying: Bool
  /// The app's state when not simply active, or `nil`.
  public var appStatus: AppStatus?
  /// The overlay.
  public var overlay: Overlay

  /// Creates a snapshot; everything but the phase and activity has a neutral default.
  public init(
    phase: Phase, activity: WorkoutActivityType,
    sessionState: WorkoutSessionState? = .notStarted,
    elapsed: Duration = .zero, scenarioTime: Duration = .zero, heartRate: Double? = nil,
    recentHeartRates: [Double] = [], maximumHeartRate: Double = 190,
    activeEnergyBurned: Double? = nil, distance: Double? = nil, speed: Double? = nil,
    showsPace: Bool = true, cadence: Double? = nil, power: Double? = nil, log: [LogEntry] = [],
    rings: ActivityRings = ActivityRings(), complicationSteps: Double = 0,
    complicationGoal: Double = 10_000, speedMultiplier: Double = 1, isPlaying: Bool = false,
    appStatus: AppStatus? = nil, overlay: Overlay = .none
  ) {
    self.phase = phase
    self.activity = activity
    self.sessionState = sessionState
    self.elapsed = elapsed
    self.scenarioTime = scenarioTime
    self.heartRate = heartRate
    self.recentHeartRates = recentHeartRates
    self.maximumHeartRate = maximumHeartRate
    self.activeEnergyBurned = activeEnergyBurned
    self.distance = distance
    self.speed = speed
    self.showsPace = showsPace
    self.cadence = cadence
    self.power = power
    self.log = log
    self.rings = rings
    self.complicationSteps = complicationSteps
    self.complicationGoal = complicationGoal
    self.speedMultiplier = speedMultiplier
    self.isPlaying = isPlaying
    self.appStatus = appStatus
    self.overlay = overlay
  }
}

/// Rendering options: colour and character set.
public struct RenderOptions: Sendable, Hashable {
  /// Whether style runs carry colour roles (`false` under `NO_COLOR`, `TERM=dumb`, pipes); bold
  /// and dim are kept.
  public var color: Bool
  /// ASCII only (terminals that cannot show Unicode).
  public var asciiOnly: Bool

  /// Creates options; colour on, Unicode by default.
  public init(color: Bool = true, asciiOnly: Bool = false) {
    self.color = color
    self.asciiOnly = asciiOnly
  }
}
