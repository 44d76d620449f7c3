// The watch app's today screen (the seed: steps and calories as rings, the same goal as the
// iPhone app).
import FitnessTrackerKit
import Foundation

#if os(watchOS) || os(iOS)
  import HealthKit
#else
  import SimulatedHealthKit
#endif

/// Produces the watch's today screen at the clock's now, against the goals the phone shares
/// (the App Group suite, standing in for WatchConnectivity's application context).
@MainActor
public final class WatchTodayModel {
  /// The reads (the watch's own health store).
  public let reader: HealthReader
  /// The shared settings.
  public let settings: Settings

  /// A today screen of `healthStore` on `clock` with the goals of `settings`.
  public init(healthStore: HKHealthStore, settings: Settings, clock: AppClock = .system) {
    self.reader = HealthReader(healthStore: healthStore, clock: clock)
    self.settings = settings
  }

  /// The screen now; writes today's steps for the complication (``WidgetSnapshot/watchKey``).
  public func load() async -> WatchTodayScreen {
    let connected = await reader.access() == .requested
    let steps = connected ? await reader.todaySteps() : .notConnected
    let energy = connected ? await reader.todayActiveEnergy() : .notConnected
    let goal = settings.stepGoal
    let energyGoal = settings.energyGoal
    let now = reader.clock.now()
    WidgetSnapshot(
      date: now, day: reader.clock.calendar().startOfDay(for: now), steps: steps.value,
      stepGoal: goal, activeEnergy: energy.value, heartRate: nil
    ).write(to: settings.defaults, key: WidgetSnapshot.watchKey)
    return WatchTodayScreen(
      date: now, steps: steps, stepGoal: goal,
      stepProgress: Double(steps.value ?? 0) / Double(goal), activeEnergy: energy,
      energyGoal: energyGoal, energyProgress: (energy.value ?? 0) / energyGoal)
  }
}
