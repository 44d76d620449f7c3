// The iPhone app's dashboard tab (the seed's tab 1): today's steps and goal progress, the
// active-energy ring, the latest heart rate with the last 24 hours, the sleep score and rating.
import FitnessTrackerKit
import Foundation

#if os(watchOS) || os(iOS)
  import HealthKit
#else
  import SimulatedHealthKit
#endif

/// Produces the dashboard at the clock's now, and writes the widget's snapshot to the App
/// Group after each load.
@MainActor
public final class DashboardModel {
  /// The reads.
  public let reader: HealthReader
  /// The shared settings (the goals).
  public let settings: Settings
  /// The dashboard of the last ``load()``, `nil` before.
  public private(set) var screen: DashboardScreen?

  /// A dashboard reading `healthStore` on `clock` with the goals of `settings`.
  public init(healthStore: HKHealthStore, settings: Settings, clock: AppClock = .system) {
    self.reader = HealthReader(healthStore: healthStore, clock: clock)
    self.settings = settings
  }

  /// Reads the store and returns the dashboard at now (also kept in ``screen``); writes the
  /// ``WidgetSnapshot`` of today's values to ``settings``' suite.
  public func load() async -> DashboardScreen {
    let now = reader.clock.now()
    let access = await reader.access()
    let stepGoal = settings.stepGoal
    let energyGoal = settings.energyGoal
    var steps = Reading<Int>.notConnected
    var energy = Reading<Double>.notConnected
    var heartRate = Reading<HeartRateCard>.notConnected
    var sleep = Reading<SleepCard>.notConnected
    if access == .requested {
      steps = await reader.todaySteps()
      energy = await reader.todayActiveEnergy()
      heartRate = await reader.heartRate()
      sleep = await reader.lastNightSleep().map(SleepScore.card)
    }
    let screen = DashboardScreen(
      date: now, steps: steps, stepGoal: stepGoal,
      stepProgress: Double(steps.value ?? 0) / Double(stepGoal), activeEnergy: energy,
      energyGoal: energyGoal, energyProgress: (energy.value ?? 0) / energyGoal,
      heartRate: heartRate, sleep: sleep)
    self.screen = screen
    WidgetSnapshot(
      date: now, day: reader.clock.calendar().startOfDay(for: now), steps: steps.value,
      stepGoal: stepGoal, activeEnergy: energy.value, heartRate: heartRate.value?.latest.bpm
    ).write(to: settings.defaults)
    return screen
  }
}
