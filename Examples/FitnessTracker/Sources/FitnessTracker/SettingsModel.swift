// The iPhone app's settings tab (the seed's tab 3): the step goal, the weekly summary toggle,
// HealthKit's state, and the CSV export button.
import FitnessTrackerKit
import Foundation

#if os(watchOS) || os(iOS)
  import HealthKit
#else
  import SimulatedHealthKit
#endif

/// Produces the settings tab and applies its changes: a new goal reloads the widgets, the
/// toggle schedules or removes the weekly summary.
@MainActor
public final class SettingsModel {
  /// The reads (HealthKit's state).
  public let reader: HealthReader
  /// The shared settings.
  public let settings: Settings
  /// The weekly summary the toggle controls.
  public let summary: WeeklySummaryScheduler
  /// The goal's sync to the watch app, or `nil` (no watch).
  public let goalSync: PhoneGoalSync?

  /// A settings tab on `healthStore`, `settings` and the summary scheduler `summary`, sending
  /// the goal to the watch through `goalSync` (none: `nil`).
  public init(
    healthStore: HKHealthStore, settings: Settings, summary: WeeklySummaryScheduler,
    goalSync: PhoneGoalSync? = nil, clock: AppClock = .system
  ) {
    self.reader = HealthReader(healthStore: healthStore, clock: clock)
    self.settings = settings
    self.summary = summary
    self.goalSync = goalSync
  }

  /// The settings tab now.
  public func load() async -> SettingsScreen {
    let access = await reader.access()
    let permission = await summary.permission()
    let next = settings.notificationsEnabled ? await summary.nextNotification() : nil
    return SettingsScreen(
      stepGoal: settings.stepGoal, stepGoalRange: Settings.stepGoalRange,
      stepGoalStep: Settings.stepGoalStep, notificationsEnabled: settings.notificationsEnabled,
      notificationPermission: permission, healthAccess: access, nextNotification: next)
  }

  /// Stores `goal` (rounded to ``Settings/stepGoalStep`` and clamped, ``Settings/clampedGoal(_:)``)
  /// and, when it changed, asks WidgetKit to reload every timeline
  /// (`WidgetCenter.shared.reloadAllTimelines()`) so the widget's ring uses it, and sends it
  /// to the watch app as the application context (``PhoneGoalSync/sendGoal()``; an error of
  /// the session is dropped: the next change or activation sends the goal again).
  public func setStepGoal(_ goal: Int) {
    let old = settings.stepGoal
    settings.stepGoal = goal
    guard settings.stepGoal != old else { return }
    WidgetReloader.reloadAll()
    _ = try? goalSync?.sendGoal()
  }

  /// Turns the weekly summary on (asks for notification permission, then schedules it) or off
  /// (removes the pending request). Throws what `requestAuthorization(options:)` throws.
  public func setNotificationsEnabled(_ enabled: Bool) async throws {
    settings.notificationsEnabled = enabled
    if enabled { try await summary.schedule() } else { summary.cancel() }
  }

  /// Writes the CSV of the last 30 local days to `directory` (what the share sheet receives)
  /// and returns the file's URL (``CSVExport``). Throws the file system's error.
  public func exportCSV(to directory: URL) async throws -> URL {
    try await CSVExport(reader: reader).write(to: directory)
  }
}
