// SimulatedUserNotifications: UNUserNotificationCenter on a HealthKitSimulation's virtual time
// (docs/swift-api.md#user-notifications). Apple's API:
// https://developer.apple.com/documentation/usernotifications
// Re-exports Foundation, as Apple's framework does: `Date`, `DateComponents` and `URL` are in
// scope with this module's import alone.
@_exported import Foundation
