// SimulatedBackgroundTasks: BGTaskScheduler on a HealthKitSimulation's virtual time, launching
// tasks at a documented model's instants (docs/swift-api.md#background-tasks). Apple's API:
// https://developer.apple.com/documentation/backgroundtasks
