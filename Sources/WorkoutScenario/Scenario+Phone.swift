import WorkoutCore
import WorkoutHealth

extension Scenario {
  /// `phone`: the paired iPhone around the app's iOS code: its network, the widgets on its Home
  /// Screen and their reload budget, Background App Refresh and charging
  /// (docs/scenario-format.md#the-phone). Without the key: always online, no widgets installed,
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

    /// `paired`: the phone is paired with the watch (default `true`; docs/phone-link.md).
    public var paired: Bool = true
    /// `watchAppInstalled`: the watch app is installed (default `true`).
    public var watchAppInstalled: Bool = true
    /// `complicationEnabled`: the app's complication is on the active watch face (default
    /// `false`).
    public var complicationEnabled: Bool = false
    /// `app`: the phone app's state at `t = 0` (default `notRunning`).
    public var app: PhoneAppState = .notRunning
    /// `away`: spans of scenario time while the phone is out of the watch's Bluetooth range.
    public var away: [Range<SimulationInstant>] = []
    /// `sameWiFi`: spans while both are on the same known Wi-Fi network.
    public var sameWiFi: [Range<SimulationInstant>] = []
    /// `link.messageLatency`: a message's delivery delay (default 0.1 s, project rule).
    public var messageLatency: Duration = .milliseconds(100)
    /// `link.transferLatency`: a queued transfer's delivery delay (default 1 s, project rule).
    public var transferLatency: Duration = .seconds(1)
    /// `link.replyTimeout`: from a message's delivery to `messageReplyTimedOut` (default 5 s,
    /// project rule).
    public var replyTimeout: Duration = .seconds(5)
    /// `complicationBudget`: urgent complication transfers per day (default 50).
    public var complicationBudget: Int = 50
    /// `complicationBudgetReset`: the local time of day the budget resets (default 0:00:00,
    /// project rule).
    public var complicationBudgetReset: Duration = .zero

    /// The defaults.
    public init() {}
  }
}
