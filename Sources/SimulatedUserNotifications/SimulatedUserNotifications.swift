// SimulatedUserNotifications: UNUserNotificationCenter on a HealthKitSimulation's virtual time
// (docs/swift-api.md#user-notifications). Apple's API:
// https://developer.apple.com/documentation/usernotifications
