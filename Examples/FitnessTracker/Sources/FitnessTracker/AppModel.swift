// The iPhone app as a whole: its tabs' models, the launch sequence, the deep link, and what it
// does each time it runs (the widget snapshot, the summary's body).
import FitnessTrackerKit
import Foundation

#if os(watchOS) || os(iOS)
  import HealthKit
#else
  import SimulatedHealthKit
#endif

/// The app's state above the three tabs: what SwiftUI's `App` and `TabView` hold.
@MainActor
public final class AppModel {
  /// The dashboard tab.
  public let dashboard: DashboardModel
  /// The history tab.
  public let history: HistoryModel
  /// The settings tab.
  public let settings: SettingsModel
  /// The weekly summary.
  public let summary: WeeklySummaryScheduler
  /// The step goal's sync to the watch app (``connectWatch()`` starts it).
  public let goalSync: PhoneGoalSync
  /// The "start a workout?" prompt (``startWorkoutPrompt()`` starts it).
  public let workoutPrompt: WorkoutPrompt
  /// The tab on screen.
  public private(set) var selectedTab: AppTab = .dashboard

  /// The app on `healthStore`, with the App Group's `defaults` (`UserDefaults(suiteName:
  /// Settings.appGroup)` on a device) and `clock`.
  public init(healthStore: HKHealthStore, defaults: UserDefaults, clock: AppClock = .system) {
    let shared = Settings(defaults: defaults)
    let summary = WeeklySummaryScheduler(
      reader: HealthReader(healthStore: healthStore, clock: clock), settings: shared)
    self.summary = summary
    let goalSync = PhoneGoalSync(settings: shared)
    self.goalSync = goalSync
    workoutPrompt = WorkoutPrompt()
    dashboard = DashboardModel(healthStore: healthStore, settings: shared, clock: clock)
    history = HistoryModel(healthStore: healthStore, settings: shared, clock: clock)
    settings = SettingsModel(
      healthStore: healthStore, settings: shared, summary: summary, goalSync: goalSync,
      clock: clock)
  }

  /// Activates the WatchConnectivity session with ``goalSync`` as its delegate: the step goal
  /// goes to the watch app once the session is activated and after each change. Call it once
  /// at launch, beside ``launch()`` (an app with a watch app does).
  public func connectWatch() {
    goalSync.activate()
  }

  /// Starts the motion activity updates of ``workoutPrompt``: a run while no workout is
  /// recorded posts "Start a workout?". Call it once at launch, beside ``launch()``.
  public func startWorkoutPrompt() {
    workoutPrompt.start()
  }

  /// First launch and every launch: the HealthKit prompt (once), the summary scheduled when
  /// the toggle is on (the notification prompt once), then ``becameActive()``. Throws what
  /// the authorization requests throw.
  public func launch() async throws {
    try await dashboard.reader.requestAuthorization()
    if settings.settings.notificationsEnabled { try await summary.schedule() }
    await becameActive()
  }

  /// The app comes to the foreground (scene phase `.active`): reloads the dashboard (which
  /// writes the widget's snapshot), asks WidgetKit to reload, and refreshes the summary's body.
  @discardableResult
  public func becameActive() async -> DashboardScreen {
    let screen = await dashboard.load()
    WidgetReloader.reloadAll()
    await summary.refresh()
    return screen
  }

  /// Opens `url` (SwiftUI's `onOpenURL`): one of the app's links selects its tab and returns
  /// `true`; any other URL changes nothing (`false`).
  @discardableResult
  public func open(_ url: URL) -> Bool {
    guard let tab = AppTab(url: url) else { return false }
    selectedTab = tab
    return true
  }

  /// Selects `tab` (the tab bar).
  public func select(_ tab: AppTab) {
    selectedTab = tab
  }
}
