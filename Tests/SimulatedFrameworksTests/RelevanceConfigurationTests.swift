import Foundation
import SimulatedHealthKit
import SimulatedRelevanceKit
import SimulatedWidgetKit
import Testing
import WorkoutSystem

/// A watch widget declared as on watchOS 26, without SwiftUI: its content is a string.
struct WorkoutCardWidget: Widget {
  var body: some WidgetConfiguration {
    RelevanceConfiguration(
      kind: "Workout", provider: CluesProvider(contexts: [.fitness(.workoutActive)])
    ) { entry in
      "Card " + entry.name
    }
    .configurationDisplayName("Workout")
    .description("The running workout")
    .supportedFamilies([.accessoryRectangular])
  }
}

@Suite("RelevanceConfiguration declared as a Widget's body")
struct RelevanceConfigurationTests {
  /// `registerWidget(_:)` registers the body's relevance widget as
  /// `registerRelevanceWidget(kind:provider:)` does: `relevanceLoaded` for "Workout" at once,
  /// and the card of `.fitness(.workoutActive)` from the session's start at 600 s (its entry the
  /// provider's for `c0`) until its end at 1200 s.
  @Test func aWidgetsRelevanceConfigurationDrivesTheSmartStack() async throws {
    let simulation = try phoneSimulation()
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(toShare: [HKObjectType.workoutType()], read: [])
      await simulation.registerWidget(WorkoutCardWidget())
      #expect(
        systemLog(simulation, .widgetKit).filter { $0.event == "relevanceLoaded" }.map(
          \.identifier) == ["Workout"])
      try await simulation.advance(by: .seconds(600))
      #expect(simulation.suggestedWidgets.isEmpty)
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .running
      let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
      session.startActivity(with: simulation.now)
      #expect(simulation.suggestedWidgets.map(\.kind) == ["Workout"])
      try await simulation.advance(by: .seconds(600))
      #expect(
        simulation.suggestedEntry(kind: "Workout", as: NamedEntry.self) == NamedEntry(name: "c0"))
      session.end()
      #expect(simulation.suggestedWidgets.isEmpty)
    }
  }
}
