// The phone app's "Start a workout?" prompt from Core Motion's activity updates (docs/phone.md,
// "The example app's rules"; the motion model: docs/swift-api.md#core-motion). Core Motion
// reports a change of motion 15 s after it (motion.latency), dated at the change.
//
// Scenarios/run-prompt.json (t = 0 at 18:00 CEST, 2026-06-10): the course walks at 1.2 m/s
//   0-300, runs at 3.0 m/s 300-1500 (at least 2.0 m/s on foot: running, high confidence),
//   walks 1500-1800, then rests. No workout. The run is reported at 300 + 15 = 315 (startDate
//   300): one prompt, delivered at 315; the walk reported at 1515 ends the bout; nothing after.
// Scenarios/run-bouts.json: walking 0-300; running low 300-330 (reported 315: not a run);
//   running high 330-900 (reported 345: the prompt, startDate 330); running low 900-960 and
//   medium 960-1200 (reported 915, 975: the same bout); walking 1200-1500 (1215: the bout
//   ends); running medium 1500-1800 (1515: a second bout, a second prompt); stationary after.
import FitnessTracker
import FitnessTrackerKit
import Foundation
import SimulatedCoreMotion
import SimulatedHealthKit
import SimulatedUserNotifications
import Testing

@Suite("Workout prompt")
struct WorkoutPromptTests {
  @Test("A run without a workout: one prompt, at the update 15 s after the run began")
  @MainActor func run() async throws {
    let simulation = try simulation("run-prompt")
    try await simulation.run {
      let at = { (seconds: Double) in simulation.startDate.addingTimeInterval(seconds) }
      let app = try await launch(simulation)
      try await simulation.advance(to: at(314))
      #expect(await prompts().isEmpty)
      try await simulation.advance(to: at(315))
      let delivered = await prompts()
      #expect(delivered.map(\.date) == [at(315)])
      #expect(delivered.first?.request.content.title == "Start a workout?")
      #expect(
        delivered.first?.request.content.body
          == "It looks like you're running. Start a workout on your Apple Watch to record it.")
      try await simulation.advance(to: at(2400))
      // Exactly one: a second prompt would have replaced it with a later date.
      #expect(await prompts().map(\.date) == [at(315)])
      #expect(app.workoutPrompt.promptedRuns == [at(300)])
    }
  }

  @Test("Low confidence is not a run; one prompt per bout; a new bout prompts again")
  @MainActor func bouts() async throws {
    let simulation = try simulation("run-bouts")
    try await simulation.run {
      let at = { (seconds: Double) in simulation.startDate.addingTimeInterval(seconds) }
      let app = try await launch(simulation)
      try await simulation.advance(to: at(344))
      #expect(await prompts().isEmpty)
      try await simulation.advance(to: at(345))
      #expect(await prompts().map(\.date) == [at(345)])
      try await simulation.advance(to: at(1514))
      #expect(await prompts().map(\.date) == [at(345)])
      try await simulation.advance(to: at(1515))
      #expect(await prompts().map(\.date) == [at(1515)])
      try await simulation.advance(to: at(2400))
      #expect(app.workoutPrompt.promptedRuns == [at(330), at(1500)])
    }
  }

  @Test("No prompt during a workout, nor for its bout after it ends")
  @MainActor func duringWorkout() async throws {
    let simulation = try simulation("run-bouts")
    try await simulation.run {
      let at = { (seconds: Double) in simulation.startDate.addingTimeInterval(seconds) }
      let app = try await launch(simulation)
      app.workoutPrompt.workoutRunning = true
      try await simulation.advance(to: at(1000))
      app.workoutPrompt.workoutRunning = false
      // The bout of 330-1200 began during the workout: still no prompt at 1200.
      try await simulation.advance(to: at(1514))
      #expect(await prompts().isEmpty)
      try await simulation.advance(to: at(1515))
      #expect(await prompts().map(\.date) == [at(1515)])
      #expect(app.workoutPrompt.promptedRuns == [at(1500)])
    }
  }
}

/// The phone app launched at `t = 0` (Health and notification permission granted by the
/// scenario's defaults) with its workout prompt started.
@MainActor private func launch(_ simulation: HealthKitSimulation) async throws -> AppModel {
  try await simulation.on(.phone) {
    let app = AppModel(
      healthStore: HKHealthStore(), defaults: simulation.appGroupDefaults(Settings.appGroup),
      clock: clock(simulation))
    try await app.launch()
    app.startWorkoutPrompt()
    return app
  }
}

/// The prompts in Notification Center.
private func prompts() async -> [UNNotification] {
  await UNUserNotificationCenter.current().deliveredNotifications().filter {
    $0.request.identifier == WorkoutPrompt.identifier
  }
}
