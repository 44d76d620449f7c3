// What the fitness tracker's tests share: the scenario files of Examples/FitnessTracker/Scenarios,
// a fresh App Group suite per test (removed at its end), the app's clock on the simulation, and local dates.
import FitnessTrackerKit
import Foundation
import SimulatedHealthKit
import WorkoutScenario

/// The scenario `name` (without `.json`) of Examples/FitnessTracker/Scenarios, changed by `edit`.
func simulation(_ name: String, _ edit: (inout Scenario) -> Void = { _ in }) throws
  -> HealthKitSimulation
{
  let url = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Scenarios/\(name).json")
  var scenario = try Scenario.load(contentsOf: url)
  edit(&scenario)
  return try HealthKitSimulation(scenario: scenario)
}

/// A fresh, empty `UserDefaults` suite for one test (a unique name, so parallel tests do not
/// share values), removed when the test ends as a test of an app should, leaving nothing on the
/// machine: `let suite = TestDefaults("sync-tests"); defer { suite.remove() }`.
/// `@unchecked Sendable`: `UserDefaults` is thread-safe.
struct TestDefaults: @unchecked Sendable {
  /// `<prefix>-<UUID>`.
  let name: String
  let defaults: UserDefaults

  init(_ prefix: String) {
    name = "\(prefix)-\(UUID().uuidString)"
    defaults = UserDefaults(suiteName: name)!
    defaults.removePersistentDomain(forName: name)
  }

  /// The App Group's settings on this suite.
  var settings: Settings { Settings(defaults: defaults) }

  /// Removes the suite's values and its file (`~/.config/<name>.plist` on Linux, written back
  /// by `synchronize()`; the Preferences plist on Darwin).
  func remove() {
    defaults.removePersistentDomain(forName: name)
    defaults.synchronize()
  }
}

/// A fresh App Group suite (``TestDefaults``); remove it at the test's end:
/// `let group = appGroup(); defer { group.remove() }`.
func appGroup() -> TestDefaults { TestDefaults("fitnesstracker-tests") }

/// The app's clock on `simulation`: virtual now and a Gregorian calendar in the device's time
/// zone of the moment (the scenario's, or `health.trip`'s during a trip: iOS's automatic zone).
///
/// The clock holds the simulation weakly. The simulation keeps what the app gives it (a widget
/// provider made with this clock), so a clock holding it strongly was a cycle: the simulation
/// was never released, and its App Group suites were never removed
/// (docs/testing-your-app.md#what-a-test-run-leaves-behind).
/// Read once the simulation is gone (nothing of a finished test should), it stands at the
/// reference date (2001-01-01) in UTC.
func clock(_ simulation: HealthKitSimulation) -> AppClock {
  AppClock(
    now: { [weak simulation] in simulation?.now ?? Date(timeIntervalSinceReferenceDate: 0) },
    calendar: { [weak simulation] in
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone =
        simulation.map { $0.deviceTimeZone(at: $0.instant(of: $0.now)) }
        ?? TimeZone(identifier: "UTC")!
      return calendar
    })
}

/// The instant of local `year-month-day hour:minute:second` in `zone`.
func local(
  _ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0,
  zone: String = "Europe/Berlin"
) -> Date {
  var calendar = Calendar(identifier: .gregorian)
  calendar.timeZone = TimeZone(identifier: zone)!
  return calendar.date(
    from: DateComponents(
      year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
}
