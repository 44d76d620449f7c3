import Foundation
import Synchronization
import Testing

@testable import SimulatedHealthKit

private let rated = HKQuantityType(.workoutEffortScore)
private let estimated = HKQuantityType(.estimatedWorkoutEffortScore)

/// An effort sample of `type` with `score` over the workout's dates.
private func effort(_ score: Double, _ type: HKQuantityType = rated, of workout: HKWorkout)
  -> HKQuantitySample
{
  HKQuantitySample(
    type: type, quantity: HKQuantity(unit: .appleEffortScore(), doubleValue: score),
    start: workout.startDate, end: workout.endDate)
}

/// The scores of `samples` in appleEffortScore.
private func scores(_ samples: [HKSample]?) -> [Double]? {
  samples?.map { ($0 as? HKQuantitySample)?.quantity.doubleValue(for: .appleEffortScore()) ?? -1 }
}

/// What a relationship query's handler passed: per call, (workout UUID, activity UUID, scores)
/// per relationship, and the anchor.
private final class RelationshipCalls: Sendable {
  struct Call: Equatable {
    var relationships: [[Double]]
    var workouts: [UUID]
    var activities: [UUID?]
    var anchor: HKQueryAnchor?
  }
  let calls = Mutex<[Call]>([])

  func handler() -> HKWorkoutEffortRelationshipQuery.ResultsHandler {
    { [self] _, relationships, anchor, _ in
      let call = Call(
        relationships: (relationships ?? []).map { scores($0.samples) ?? [] },
        workouts: (relationships ?? []).map(\.workout.uuid),
        activities: (relationships ?? []).map(\.activity?.uuid), anchor: anchor)
      calls.withLock { $0.append(call) }
    }
  }
}

/// Issue 28 item 2: an effort sample refused by `save` and accepted by `relate`, found by the
/// relationship query and not by `predicateForObjects(from:)`; the watch's estimate after the
/// workout.
@Suite struct WorkoutEffortTests {
  /// Runs `zoneRun()`'s 30-minute workout (maximum heart rate 200 bpm: system zones bounded at
  /// 120, 140, 160, 180 bpm) with heart rate 100 bpm from 0 s (zone index 0), 150 from 600 s
  /// (index 2) and 190 from 1200 s (index 4), and returns it. During the run, adding an effort
  /// sample to the builder is refused with the text apps get.
  private func finishedWorkout(_ store: HKHealthStore, _ simulation: HealthKitSimulation)
    async throws -> HKWorkout
  {
    try await store.requestAuthorization(
      toShare: [rated, heartRate, HKObjectType.workoutType()],
      read: [rated, estimated, heartRate, HKObjectType.workoutType()])
    let (session, builder) = try await startedRun(store, simulation)
    for value in [100.0, 150, 190] {
      try await builder.addSamples([
        HKQuantitySample(
          type: heartRate, quantity: HKQuantity(unit: bpm, doubleValue: value),
          start: simulation.now, end: simulation.now)
      ])
      try await simulation.advance(by: .seconds(600))
    }
    let rating = HKQuantitySample(
      type: rated, quantity: HKQuantity(unit: .appleEffortScore(), doubleValue: 5),
      start: noon(plus: 0), end: noon(plus: 60))
    await #expect(
      throws: HKError(
        .errorInvalidArgument,
        "HKWorkout: Sample of type HKQuantityTypeIdentifierWorkoutEffortScore must be related to a workout"
      )
    ) { try await builder.addSamples([rating]) }
    session.end()
    try await builder.endCollection(at: simulation.now)
    return try #require(try await builder.finishWorkout())
  }

  @Test func saveRefusesAnEffortSampleAndRelateAcceptsIt() async throws {
    let simulation = try HealthKitSimulation(scenario: zoneRun())
    try await simulation.run {
      let store = HKHealthStore()
      let workout = try await finishedWorkout(store, simulation)
      // A plain save: Apple's text, nothing stored.
      let seven = effort(7, of: workout)
      await #expect(
        throws: HKError(
          .errorInvalidArgument,
          "HKWorkout: Sample of type HKQuantityTypeIdentifierWorkoutEffortScore must be related to a workout"
        )
      ) { try await store.save(seven) }
      #expect(await samples(store, simulation, rated).samples?.isEmpty == true)
      // Related: saved, under the app's source.
      #expect(try await store.relateWorkoutEffortSample(seven, with: workout, activity: nil))
      let related = HKQuery.predicateForWorkoutEffortSamplesRelated(
        workout: workout, activity: nil)
      let found = await samples(store, simulation, rated, predicate: related).samples
      #expect(found?.map(\.uuid) == [seven.uuid])
      #expect(
        found?.first?.sourceRevision.source.bundleIdentifier == HKSource.default().bundleIdentifier)
      // predicateForObjects(from: workout) does not find it (as on a device); a date predicate
      // over the workout does.
      #expect(
        await samples(
          store, simulation, rated, predicate: HKQuery.predicateForObjects(from: workout)
        ).samples?.isEmpty == true)
      #expect(
        await samples(
          store, simulation, rated,
          predicate: HKQuery.predicateForSamples(withStart: workout.startDate, end: workout.endDate)
        ).samples?.map(\.uuid) == [seven.uuid])
      // Relating it again: it is saved already.
      await #expect(
        throws: HKError(
          .errorInvalidArgument,
          "An object with UUID \(seven.uuid.uuidString) has already been saved")
      ) { try await store.relateWorkoutEffortSample(seven, with: workout, activity: nil) }
    }
  }

  /// With strict dates an effort sample dated with the real clock is refused by
  /// `relateWorkoutEffortSample` under its own name (before, the message named `save`).
  @Test func relatingARealClockEffortNamesTheCall() async throws {
    let simulation = try HealthKitSimulation(scenario: zoneRun(), options: .strictDates)
    try await simulation.run {
      let store = HKHealthStore()
      let workout = try await finishedWorkout(store, simulation)
      let now = HKQuantitySample(
        type: rated, quantity: HKQuantity(unit: .appleEffortScore(), doubleValue: 6),
        start: Date() - 60, end: Date())
      await #expect(
        throws: HKError(
          .errorInvalidArgument,
          "The date passed to relateWorkoutEffortSample is the real wall clock (Date()), not the simulation's virtual time; pass simulation.now or a date derived from it: have the app's code read now from a clock the test sets to simulation.now (a now: () -> Date whose default is { Date() }, as Examples/FitnessTracker's AppClock) (strict dates)"
        )
      ) { try await store.relateWorkoutEffortSample(now, with: workout, activity: nil) }
    }
    // The first is the builder's refusal of an effort sample during the run (`finishedWorkout`).
    #expect(
      simulation.result.errors.map(\.action) == ["addSamples", "relateWorkoutEffortSample"])
  }

  @Test func theWatchSavesAnEstimateFromTheTimeInZones() async throws {
    let simulation = try HealthKitSimulation(scenario: zoneRun())
    try await simulation.run {
      let store = HKHealthStore()
      let workout = try await finishedWorkout(store, simulation)
      // 600 s each in zones 1, 3 and 5 (indexes 0, 2, 4): S = 600 + 1800 + 3000 = 5400,
      // T = 1800, mean zone 3, score 2 × 3 = 6.
      #expect(
        workout.zoneGroup(for: heartRate)?.zoneDurations.map(\.duration) == [600, 0, 600, 0, 600])
      let related = HKQuery.predicateForWorkoutEffortSamplesRelated(
        workout: workout, activity: nil)
      let found = await samples(store, simulation, estimated, predicate: related).samples
      #expect(scores(found) == [6])
      #expect(found?.first?.sourceRevision.source.bundleIdentifier == "com.apple.health.watch")
      #expect(found?.first?.startDate == workout.startDate)
      #expect(found?.first?.endDate == workout.endDate)
      // Not associated with the workout.
      #expect(
        await samples(
          store, simulation, estimated, predicate: HKQuery.predicateForObjects(from: workout)
        ).samples?.isEmpty == true)
    }
  }

  @Test func theRelationshipQueryFindsTheSamplesAndLaterRelates() async throws {
    let simulation = try HealthKitSimulation(scenario: zoneRun())
    let calls = RelationshipCalls()
    let mostRelevant = RelationshipCalls()
    try await simulation.run {
      let store = HKHealthStore()
      let workout = try await finishedWorkout(store, simulation)
      #expect(
        try await store.relateWorkoutEffortSample(
          effort(7, of: workout), with: workout, activity: nil))
      let activity = try #require(workout.workoutActivities.first)
      let query = HKWorkoutEffortRelationshipQuery(
        predicate: HKQuery.predicateForObject(with: workout.uuid), anchor: nil, options: .default,
        resultsHandler: calls.handler())
      store.execute(query)
      store.execute(
        HKWorkoutEffortRelationshipQuery(
          predicate: nil, anchor: nil, options: .mostRelevant,
          resultsHandler: mostRelevant.handler()))
      await simulation.settle()
      // A later relate to the workout's activity: one more call with only that.
      #expect(
        try await store.relateWorkoutEffortSample(
          effort(8, of: workout), with: workout, activity: activity))
      await simulation.settle()
      store.stop(query)
      #expect(
        try await store.relateWorkoutEffortSample(
          effort(9, of: workout), with: workout, activity: nil))
      await simulation.settle()
      let all = calls.calls.withLock { $0 }
      // The estimate (6, related at finish) then the rating (7); anchor 2 relates. Then the 8
      // of the activity, anchor 3. Stopped: the 9 is not reported.
      #expect(all.map(\.relationships) == [[[6, 7]], [[8]]])
      #expect(all.map(\.workouts) == [[workout.uuid], [workout.uuid]])
      #expect(all.map(\.activities) == [[nil], [activity.uuid]])
      #expect(all.map(\.anchor) == [HKQueryAnchor(fromValue: 2), HKQueryAnchor(fromValue: 3)])
      // Most relevant: the person's rating over the estimate; then the 8, then the 9.
      #expect(mostRelevant.calls.withLock { $0 }.map(\.relationships) == [[[7]], [[8]], [[9]]])
      // The activity's own samples by predicate; the workout's include its activities'.
      #expect(
        scores(
          await samples(
            store, simulation, rated,
            predicate: HKQuery.predicateForWorkoutEffortSamplesRelated(
              workout: workout, activity: activity)
          ).samples) == [8])
      #expect(
        scores(
          await samples(
            store, simulation, rated,
            predicate: HKQuery.predicateForWorkoutEffortSamplesRelated(
              workout: workout, activity: nil)
          ).samples)?.sorted() == [7, 8, 9])
      // The descriptor: everything after anchor 2 (the 8 and the 9, in two relationships).
      let result = try await HKWorkoutEffortRelationshipQueryDescriptor(
        predicate: nil, anchor: HKQueryAnchor(fromValue: 2), option: .default
      ).result(for: store)
      #expect(result.relationships.map { scores($0.samples) ?? [] } == [[8], [9]])
      #expect(result.relationships.map(\.activity?.uuid) == [activity.uuid, nil])
      #expect(result.newAnchor == HKQueryAnchor(fromValue: 4))
      // The async sequence: what was related after anchor 3 (the 9), then a later relate's.
      var results = HKWorkoutEffortRelationshipQueryDescriptor(
        predicate: nil, anchor: HKQueryAnchor(fromValue: 3), option: .default
      ).results(for: store).makeAsyncIterator()
      let first = try await results.next()
      #expect(first?.relationships.map { scores($0.samples) ?? [] } == [[9]])
      #expect(first?.newAnchor == HKQueryAnchor(fromValue: 4))
      #expect(
        try await store.relateWorkoutEffortSample(
          effort(3, of: workout), with: workout, activity: nil))
      let second = try await results.next()
      #expect(second?.relationships.map { scores($0.samples) ?? [] } == [[3]])
      #expect(second?.newAnchor == HKQueryAnchor(fromValue: 5))
    }
  }

  @Test func relateRefusesOtherSamplesAndForeignActivities() async throws {
    let simulation = try HealthKitSimulation(scenario: zoneRun())
    try await simulation.run {
      let store = HKHealthStore()
      let workout = try await finishedWorkout(store, simulation)
      let beat = HKQuantitySample(
        type: heartRate, quantity: HKQuantity(unit: bpm, doubleValue: 120),
        start: workout.startDate, end: workout.startDate)
      await #expect(
        throws: HKError(
          .errorInvalidArgument,
          "relateWorkoutEffortSample takes a quantity sample of HKQuantityTypeIdentifierWorkoutEffortScore or HKQuantityTypeIdentifierEstimatedWorkoutEffortScore, not HKQuantityTypeIdentifierHeartRate"
        )
      ) { try await store.relateWorkoutEffortSample(beat, with: workout, activity: nil) }
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .running
      let foreign = HKWorkoutActivity(
        workoutConfiguration: configuration, start: workout.startDate, end: workout.endDate,
        metadata: nil)
      await #expect(
        throws: HKError(
          .errorInvalidArgument,
          "The activity \(foreign.uuid.uuidString) is not one of the workout's activities")
      ) {
        try await store.relateWorkoutEffortSample(
          effort(7, of: workout), with: workout, activity: foreign)
      }
      // Nothing was stored by the refused calls.
      #expect(await samples(store, simulation, rated).samples?.isEmpty == true)
    }
  }
}
