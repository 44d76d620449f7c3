import WorkoutCore
import WorkoutHealth
import WorkoutSystem

extension Scenario {
  /// `phone`: the paired iPhone around the app's iOS code: its network, the widgets on its Home
  /// Screen and their reload budget, Background App Refresh and charging
  /// (docs/scenario-format.md#the-phone), and its link to the watch (WatchConnectivity:
  /// docs/scenario-format.md#the-paired-phones-link). Without the key: always online, no widgets installed,
  /// a budget of 40 reloads a day, Background App Refresh on, charging 0:00 to 6:00 local time.
  ///
  /// The phone's lock periods are `health.lock`; its time zone is the scenario's `timeZone`,
  /// and `health.trip`'s zone during a trip (iOS sets the zone automatically).
  public struct Phone: Sendable, Equatable {
    /// One widget on the Home Screen: its kind (the `kind` string of the app's widget
    /// configuration) and family.
    public struct Widget: Sendable, Equatable {
      /// The widget's `kind` (`"StepsWidget"`).
      public var kind: String
      /// WidgetKit's `WidgetFamily` case name: `systemSmall`, `systemMedium`, `systemLarge`,
      /// `systemExtraLarge`, `accessoryCircular`, `accessoryRectangular`, `accessoryInline`.
      public var family: String

      /// A widget of `kind` in `family`.
      public init(kind: String, family: String) {
        self.kind = kind
        self.family = family
      }
    }

    /// `network.offline`: spans of scenario time (instants, as `health.lock.periods`) while the
    /// phone has no network: requests through the simulation's `URLSession` configuration fail
    /// with `URLError(.notConnectedToInternet)`.
    public var offline: [Range<SimulationInstant>] = []
    /// `network.offlineDaily`: the same every day, in local time of day.
    public var offlineDaily: [HealthPlan.TimeOfDaySpan] = []
    /// `network.serverErrors`: spans of scenario time (as ``offline``) while every server the
    /// app calls answers `503 Service Unavailable`: a request started in a span gets that
    /// status at once and never reaches the server (a project rule,
    /// docs/phone.md#server-faults).
    public var serverErrors: [Range<SimulationInstant>] = []
    /// `network.hangs`: spans of scenario time (as ``offline``) while servers never answer: a
    /// request started in a span fails with `URLError(.timedOut)` its `timeoutInterval` of
    /// virtual time later (docs/phone.md#server-faults).
    public var hangs: [Range<SimulationInstant>] = []
    /// `taskExpiry`: spans of scenario time (as ``offline``) in which the system takes a
    /// launched background task's time back at once: a `BGTask` launched in a span expires
    /// right after its launch handler returns (docs/phone.md#background-tasks).
    public var taskExpiry: [Range<SimulationInstant>] = []
    /// `widgets`: the widgets on the Home Screen, in order.
    public var widgets: [Widget] = []
    /// `widgetBudget`: the timeline reloads WidgetKit grants each widget per local day (1 to
    /// 1000; default 40, the low end of Apple's "40 to 70 refreshes a day" for a frequently
    /// viewed widget; a model, docs/phone.md#widgets).
    public var widgetBudget: Int = 40
    /// `backgroundAppRefresh`: Settings > General > Background App Refresh for the app
    /// (default `true`); off, no `BGAppRefreshTask` is launched.
    public var backgroundAppRefresh: Bool = true
    /// `charging`: daily spans of local time while the phone is on its charger (default
    /// 0:00 to 6:00), when `BGProcessingTaskRequest`s that require external power run.
    public var charging: [HealthPlan.TimeOfDaySpan] = [
      HealthPlan.TimeOfDaySpan(from: .zero, to: .seconds(6 * 3600))
    ]

    /// `app`: the iOS app's state at `t = 0` (default `.notRunning`); a message from the watch
    /// wakes a not-running app into the background (docs/phone-link.md).
    public var app: PhoneAppState = .notRunning
    /// `away`: spans of scenario time while the phone is out of the watch's Bluetooth range (as
    /// ``offline``). Connected means in range, or on the same known Wi-Fi (``sameWiFi``).
    public var away: [Range<SimulationInstant>] = []
    /// `sameWiFi`: spans of scenario time while both devices are on the same known Wi-Fi
    /// network, connected even while ``away``.
    public var sameWiFi: [Range<SimulationInstant>] = []
    /// `paired`: a watch is paired with the phone (`WCSession.isPaired`; default `true`).
    public var paired: Bool = true
    /// `watchAppInstalled`: the watch app is installed (`WCSession.isWatchAppInstalled`;
    /// default `true`).
    public var watchAppInstalled: Bool = true
    /// `complicationEnabled`: the app's complication is on the active watch face
    /// (`WCSession.isComplicationEnabled`; default `false`).
    public var complicationEnabled: Bool = false
    /// `complicationBudget`: urgent `transferCurrentComplicationUserInfo` calls per day while the
    /// complication is on the active face, 0 to 1000 (default 50, Apple's figure:
    /// https://developer.apple.com/documentation/watchconnectivity/wcsession/remainingcomplicationuserinfotransfers).
    public var complicationBudget: Int = 50
    /// `complicationBudgetReset`: the local time of day the budget starts again, from local
    /// midnight (default 0:00:00; Apple does not document it: a project rule).
    public var complicationBudgetReset: Duration = .zero
    /// `link.messageLatency`: from `sendMessage` (a reply, an urgent complication transfer) to
    /// its delivery; 0 to 1 hour, default 0.1 s (a project rule, docs/phone-link.md).
    public var messageLatency: Duration = .milliseconds(100)
    /// `link.transferLatency`: from the moment a queued transfer can be delivered to its
    /// delivery; 0 to 1 hour, default 1 s (a project rule).
    public var transferLatency: Duration = .seconds(1)
    /// `link.replyTimeout`: how long after delivery a message waits for its reply before the
    /// sender gets `WCError.Code.messageReplyTimedOut` (7012); 0 to 1 hour, default 5 s (a
    /// project rule).
    public var replyTimeout: Duration = .seconds(5)

    /// `heartRateDevice`: a Bluetooth heart-rate sensor (a chest strap, earbuds) paired with
    /// the phone, or `nil` (the default): the iPhone has no heart-rate sensor of its own, so
    /// its own workouts collect heart rate only with one (Apple doc:
    /// https://developer.apple.com/documentation/healthkit/hkworkoutsession;
    /// docs/phone.md#the-iphones-own-workouts).
    public var heartRateDevice: HeartRateDevice?

    /// `lockedWorkoutAccess`: the person's answer to the system's one-time prompt, shown when
    /// the app's first phone workout starts, to let the app read health data while the phone
    /// is locked during its workouts (default `true`, allow). A project rule: Apple documents
    /// that the system can prompt, not when or what follows
    /// (https://developer.apple.com/documentation/healthkit/hkworkoutsession).
    public var lockedWorkoutAccess: Bool = true

    /// A heart-rate sensor paired with the phone (`phone.heartRateDevice`).
    public struct HeartRateDevice: Sendable, Equatable {
      /// `interval`: the spacing of its readings in a phone workout (default 5 s, the watch's;
      /// Apple does not document the phone's rate: a project rule).
      public var interval: Duration = .seconds(5)
      /// `dropouts`: half-open spans `[from, to)` of scenario time without readings (the strap
      /// off the chest, out of range), as `sensors.heartRate.dropouts`.
      public var dropouts: [Range<SimulationInstant>] = []

      /// A sensor with `interval` and `dropouts`.
      public init(interval: Duration = .seconds(5), dropouts: [Range<SimulationInstant>] = []) {
        self.interval = interval
        self.dropouts = dropouts
      }
    }

    /// The defaults.
    public init() {}
  }
}
