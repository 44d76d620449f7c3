import Foundation
import Testing
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// A workout event must be dated between the workout's start and end (Apple: "You must use a
/// date between the starting and ending dates of the workout",
/// https://developer.apple.com/documentation/healthkit/hkworkoutevent/date): refused where the
/// span is known, reported where an event accepted earlier is left out
/// (docs/healthkit-behaviour.md#the-finished-workout, docs/swift-api.md#nothing-silent).
@Suite struct EventSpanTests {
  static let rule =
    "HealthKit takes only events dated between a workout's start and end (https://developer.apple.com/documentation/healthkit/hkworkoutevent/date)"

  static func lap(at date: Date) -> HKWorkoutEvent {
    HKWorkoutEvent(type: .lap, dateInterval: DateInterval(start: date, duration: 0), metadata: nil)
  }

  /// Collection began at t = 0: a lap at t = -10 s is refused; after the end at t = 100 s, a
  /// lap at t = 150 s is refused and a marker at t = 100 s (the end itself) is kept. Both
  /// refusals are in the run's errors under `addWorkoutEvents`' action, `addEvent`.
  @Test func theLiveBuilderRefusesAnEventOutsideTheSpanItKnows() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    try await simulation.run {
      let (session, builder) = try await startedRun(HKHealthStore(), simulation)
      try await simulation.advance(by: .seconds(100))
      #expect(
        await invalidArgumentRefusal {
          try await builder.addWorkoutEvents([Self.lap(at: noon(plus: -10))])
        }
          == "A lap event dated t = -10 s lies before the workout's start and cannot be added (the workout began at t = 0 s): \(Self.rule); date it at or after the builder's startDate"
      )
      session.end()
      try await builder.endCollection(at: noon(plus: 100))
      #expect(
        await invalidArgumentRefusal {
          try await builder.addWorkoutEvents([Self.lap(at: noon(plus: 150))])
        }
          == "A lap event dated t = 150 s lies after the workout's end and cannot be added (the workout spans t = 0 s to t = 100 s): \(Self.rule); date it at or before the builder's endDate"
      )
      let marker = HKWorkoutEvent(
        type: .marker, dateInterval: DateInterval(start: noon(plus: 100), duration: 0),
        metadata: nil)
      try await builder.addWorkoutEvents([marker])
      let workout = try #require(try await builder.finishWorkout())
      #expect(workout.workoutEvents?.map(\.type) == [.marker])
    }
    #expect(simulation.result.errors.map(\.action) == ["addEvent", "addEvent"])
    #expect(simulation.reports.isEmpty)
  }

  /// The trial's case: at t = 300 s the app adds a lap dated t = 900 s (the end is not known
  /// yet, so it is accepted), then ends the workout at t = 600 s. The workout is saved without
  /// the lap, and the lap is a `dropped` report of `finishWorkout` at t = 600 s and an error of
  /// the run, each naming the lap, its date, the span and what to write instead.
  @Test func anEventAcceptedBeforeTheEndAndLeftOutIsReported() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    let expected =
      "A lap event dated t = 900 s lies after the workout's end and was left out of the saved workout (the workout spans t = 0 s to t = 600 s): \(Self.rule); add an event once its date has passed, or end collection at or after it"
    try await simulation.run {
      let (session, builder) = try await startedRun(HKHealthStore(), simulation)
      try await simulation.advance(by: .seconds(300))
      try await builder.addWorkoutEvents([Self.lap(at: noon(plus: 900))])
      #expect(builder.workoutEvents.map(\.type) == [.lap])
      try await simulation.advance(by: .seconds(300))
      session.end()
      try await builder.endCollection(at: simulation.now)
      let workout = try #require(try await builder.finishWorkout())
      #expect(workout.workoutEvents == nil || workout.workoutEvents == [])
    }
    #expect(simulation.reports.map(\.kind) == [.dropped])
    #expect(simulation.reports.map(\.call) == ["finishWorkout"])
    #expect(simulation.reports.map(\.seconds) == [600])
    #expect(simulation.reports.map(\.message) == [expected])
    #expect(simulation.result.errors.map(\.action) == ["finishWorkout"])
    #expect(simulation.result.errors.map(\.error.message) == [expected])
    #expect(simulation.result.records.first?.events.isEmpty == true)
  }

  /// A builder without a session, begun 1 h before now: a lap before its start is refused; a
  /// lap 40 min in, added while collecting, is left out when the workout ends 30 min in, and
  /// reported (the span and date on virtual time: the scenario starts at t = 0, the workout at
  /// t = -3600 s).
  @Test func theStandaloneBuilderRefusesAndReportsAsTheLiveOne() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(
        store, share: [HKObjectType.workoutType()], read: [HKObjectType.workoutType()])
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .running
      let builder = HKWorkoutBuilder(healthStore: store, configuration: configuration, device: nil)
      let start = simulation.now.addingTimeInterval(-3600)
      try await builder.beginCollection(at: start)
      #expect(
        await invalidArgumentRefusal {
          try await builder.addWorkoutEvents([Self.lap(at: start.addingTimeInterval(-60))])
        }
          == "A lap event dated t = -3660 s lies before the workout's start and cannot be added (the workout began at t = -3600 s): \(Self.rule); date it at or after the builder's startDate"
      )
      try await builder.addWorkoutEvents([Self.lap(at: start.addingTimeInterval(2400))])
      try await builder.endCollection(at: start.addingTimeInterval(1800))
      #expect(
        await invalidArgumentRefusal {
          try await builder.addWorkoutEvents([Self.lap(at: start.addingTimeInterval(1801))])
        }
          == "A lap event dated t = -1799 s lies after the workout's end and cannot be added (the workout spans t = -3600 s to t = -1800 s): \(Self.rule); date it at or before the builder's endDate"
      )
      let workout = try #require(try await builder.finishWorkout())
      #expect(workout.workoutEvents == nil)
    }
    #expect(
      simulation.reports.map(\.message) == [
        "A lap event dated t = -1200 s lies after the workout's end and was left out of the saved workout (the workout spans t = -3600 s to t = -1800 s): \(Self.rule); add an event once its date has passed, or end collection at or after it"
      ])
    #expect(simulation.reports.map(\.kind) == [.dropped])
    #expect(simulation.result.errors.map(\.action) == ["finishWorkout"])
  }

  /// `save` of an `HKWorkout` whose event lies after its end fails with
  /// `errorInvalidArgument` naming it; nothing is saved. An event at its end is saved.
  @Test func saveRefusesAWorkoutWithAnEventOutsideIt() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(
        store, share: [HKObjectType.workoutType()], read: [HKObjectType.workoutType()])
      let start = simulation.now.addingTimeInterval(-7200)
      let end = start.addingTimeInterval(1800)
      let late = HKWorkout(
        activityType: .running, start: start, end: end,
        workoutEvents: [Self.lap(at: end.addingTimeInterval(60))], totalEnergyBurned: nil,
        totalDistance: nil, metadata: nil)
      #expect(
        await invalidArgumentRefusal { try await store.save(late) }
          == "save: A lap event dated t = -5340 s lies after the workout's end and cannot be saved with it (the workout spans t = -7200 s to t = -5400 s): \(Self.rule); date it between the workout's startDate and endDate"
      )
      #expect(store.savedObjects.isEmpty)
      let onTime = HKWorkout(
        activityType: .running, start: start, end: end, workoutEvents: [Self.lap(at: end)],
        totalEnergyBurned: nil, totalDistance: nil, metadata: nil)
      try await store.save(onTime)
      #expect(store.savedObjects.count == 1)
    }
  }
}
