import SimulatedUserNotifications

/// Builds only while SimulatedUserNotifications re-exports the simulation driver: a test of an
/// app that uses UserNotifications alone makes its simulation (`AppSimulation`) and moves its
/// time with this one import (the file imports nothing else). Returns the seconds of virtual
/// time after a 60 s advance.
func userNotificationsAloneSimulation(scenario url: URL) async throws -> Double {
  let simulation = try AppSimulation(scenario: url)
  try await simulation.run {
    _ = UNUserNotificationCenter.current()
    try await simulation.advance(by: .seconds(60))
  }
  return simulation.now.timeIntervalSince(simulation.startDate)
}
