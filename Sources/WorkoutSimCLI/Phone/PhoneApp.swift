import Foundation
import SimulatedHealthKit
import WorkoutCore

/// The fitness tracker app on a HealthKitSimulation: launched once, moved to instants, and read
/// into ``PhoneScreens``.
@MainActor
final class PhoneApp {
  let simulation: HealthKitSimulation

  private init(simulation: HealthKitSimulation) {
    self.simulation = simulation
  }

  /// Launches the app at virtual now.
  static func launch(simulation: HealthKitSimulation) async -> PhoneApp {
    PhoneApp(simulation: simulation)
  }

  /// Moves virtual time forward to scenario time `instant` (an earlier one only delivers what
  /// is pending).
  ///
  /// - Throws: `HealthKitSimulation.HorizonError` past the horizon; `CancellationError`.
  func advance(to instant: SimulationInstant) async throws {
    try await simulation.advance(
      to: simulation.startDate.addingTimeInterval(Double(instant.nanoseconds) / 1e9))
  }

  /// What every screen shows at virtual now.
  func screens() async -> PhoneScreens {
    let now = simulation.now
    return PhoneScreens(clock: clock(at: now))
  }

  /// The clock reading of `date`: scenario seconds and the local date-time in the device's zone.
  func clock(at date: Date) -> PhoneScreens.Clock {
    let zone = simulation.calendar.timeZone
    return PhoneScreens.Clock(
      scenarioSeconds: date.timeIntervalSince(simulation.startDate),
      local: Self.localText(date, in: zone), timeZone: zone.identifier)
  }

  /// `date` as RFC 3339 in `zone`, whole seconds, with the zone's UTC offset at that instant
  /// (`2026-06-10T18:00:00+02:00`; `Z` never: `+00:00`).
  nonisolated static func localText(_ date: Date, in zone: TimeZone) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let rounded = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    let parts = calendar.dateComponents(
      [.year, .month, .day, .hour, .minute, .second], from: rounded)
    func two(_ value: Int?) -> String {
      let value = value ?? 0
      return value < 10 ? "0\(value)" : "\(value)"
    }
    let offset = zone.secondsFromGMT(for: rounded)
    let sign = offset < 0 ? "-" : "+"
    let magnitude = abs(offset)
    let year = String(parts.year ?? 0)
    return String(repeating: "0", count: max(4 - year.count, 0)) + year + "-" + two(parts.month)
      + "-" + two(parts.day) + "T" + two(parts.hour) + ":" + two(parts.minute) + ":"
      + two(parts.second) + sign + two(magnitude / 3600) + ":" + two(magnitude % 3600 / 60)
  }
}
