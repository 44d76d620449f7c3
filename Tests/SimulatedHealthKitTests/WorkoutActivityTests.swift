import Foundation
import Synchronization
import Testing
import WorkoutCore

@testable import SimulatedHealthKit

/// Sub-activities through the Swift API: a triathlon app's `beginNewActivity` /
/// `endCurrentActivity`, the delegates it hears, the builder's activities and the saved
/// workout's.
@Suite struct WorkoutActivityTests {
  /// What a multisport app's delegates heard: `began <type> <seconds>` / `ended ...` from the
  /// session delegate and `builder began <type>` / `builder ended <type>` from the builder's.
  final class Legs: NSObject, HKWorkoutSessionDelegate, HKLiveWorkoutBuilderDelegate {
    let heard = Mutex<[String]>([])
    let errors = Mutex<[HKError]>([])

    func workoutSession(
      _ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
      from fromState: HKWorkoutSessionState, date: Date
    ) {}
    func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: any Error) {
      if let error = error as? HKError { errors.withLock { $0.append(error) } }
    }
    func workoutSession(
      _ workoutSession: HKWorkoutSession,
      didBeginActivityWith workoutConfiguration: HKWorkoutConfiguration, date: Date
    ) {
      let seconds = Int(date.timeIntervalSince(noon(plus: 0)))
      heard.withLock { $0.append("began \(workoutConfiguration.activityType.rawValue) \(seconds)") }
    }
    func workoutSession(
      _ workoutSession: HKWorkoutSession,
      didEndActivityWith workoutConfiguration: HKWorkoutConfiguration, date: Date
    ) {
      let seconds = Int(date.timeIntervalSince(noon(plus: 0)))
      heard.withLock { $0.append("ended \(workoutConfiguration.activityType.rawValue) \(seconds)") }
    }
    func workoutBuilder(
      _ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>
    ) {}
    func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder) {}
    func workoutBuilder(
      _ workoutBuilder: HKLiveWorkoutBuilder, didBegin workoutActivity: HKWorkoutActivity
    ) {
      let type = workoutActivity.workoutConfiguration.activityType.rawValue
      heard.withLock { $0.append("builder began \(type)") }
    }
    func workoutBuilder(
      _ workoutBuilder: HKLiveWorkoutBuilder, didEnd workoutActivity: HKWorkoutActivity
    ) {
      let type = workoutActivity.workoutConfiguration.activityType.rawValue
      heard.withLock { $0.append("builder ended \(type)") }
    }
  }

  func configuration(_ type: HKWorkoutActivityType) -> HKWorkoutConfiguration {
    let configuration = HKWorkoutConfiguration()
    configuration.activityType = type
    configuration.locationType = .outdoor
    return configuration
  }

  /// Inside `simulation`'s run (from 12:00:00): a `swimBikeRun` app's workout whose pool leg
  /// (`lapLength` metres in its configuration, or none, and `metadata`) runs from 0 to `until`
  /// s and its run leg from there to twice that; the saved workout.
  func poolLegThenRun(
    _ simulation: HealthKitSimulation, lapLength: Double? = nil,
    metadata: [String: Any]? = nil, until seconds: TimeInterval
  ) async throws -> HKWorkout {
    let (session, builder) = try await startedSession(
      HKHealthStore(), simulation, configuration(.swimBikeRun))
    let swim = configuration(.swimming)
    swim.swimmingLocationType = .pool
    swim.lapLength = lapLength.map { HKQuantity(unit: .meter(), doubleValue: $0) }
    session.beginNewActivity(configuration: swim, date: simulation.now, metadata: metadata)
    try await simulation.advance(to: noon(plus: seconds))
    session.beginNewActivity(
      configuration: configuration(.running), date: simulation.now, metadata: nil)
    try await simulation.advance(to: noon(plus: 2 * seconds))
    session.end()
    try await builder.endCollection(at: simulation.now)
    return try #require(try await builder.finishWorkout())
  }

  /// A `swimBikeRun` app begins its swim leg with a pool configuration of 50 m, then a run leg:
  /// the saved swim leg's `workoutConfiguration` has `swimmingLocationType` `.pool` and
  /// `lapLength` 50 m and its metadata `HKSwimmingLocationType` 1 and `HKLapLength` 50 m, as
  /// "the configuration information for this part of the workout" (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutactivity/workoutconfiguration);
  /// the run leg and the workout itself have neither (docs/models.md#swimming).
  @Test func aSwimLegKeepsItsPool() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    try await simulation.run {
      let workout = try await poolLegThenRun(simulation, lapLength: 50, until: 300)
      let legs = workout.workoutActivities
      #expect(legs.map(\.workoutConfiguration.activityType) == [.swimming, .running])
      #expect(legs[0].workoutConfiguration.swimmingLocationType == .pool)
      #expect(legs[0].workoutConfiguration.lapLength?.doubleValue(for: .meter()) == 50)
      #expect(legs[0].metadata?[HKMetadataKeySwimmingLocationType] as? NSNumber == 1)
      #expect(
        (legs[0].metadata?[HKMetadataKeyLapLength] as? HKQuantity)?.doubleValue(for: .meter())
          == 50)
      #expect(legs[1].workoutConfiguration.swimmingLocationType == .unknown)
      #expect(legs[1].workoutConfiguration.lapLength == nil)
      #expect(legs[1].metadata == nil)
      #expect(workout.metadata?[HKMetadataKeyLapLength] == nil)
    }
  }

  /// A pool leg records its lengths (docs/models.md#swimming): the course swims 3.2 m/s, the
  /// app's swim leg is a 25 m pool from 0 to 100 s, so a length ends every 25 / 3.2 = 7.8125 s,
  /// the 12th at 93.75 s (the 13th would end at 101.5625 s, in the run leg): 12 `lap` events
  /// of 7.8125 s in the leg and 12 × 25 = 300 m of `distanceSwimming` (not the 100 × 3.2
  /// = 320 m of samples every 10 s), 231 strokes (12 × 25 / 1.3 = 230.77, in whole strokes).
  /// The run leg has no lengths.
  @Test func aPoolLegRecordsLengths() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    try await simulation.run {
      let workout = try await poolLegThenRun(simulation, lapLength: 25, until: 100)
      let legs = workout.workoutActivities
      #expect(legs.count == 2)
      let laps = legs[0].workoutEvents.filter { $0.type == .lap }
      #expect(laps.count == 12)
      #expect(laps.first?.dateInterval.duration == 7.8125)
      #expect(laps.last?.dateInterval.end == noon(plus: 93.75))
      #expect(
        legs[0].statistics(for: HKQuantityType(.distanceSwimming))?.sumQuantity()?
          .doubleValue(for: .meter()) == 300)
      #expect(
        legs[0].statistics(for: HKQuantityType(.swimmingStrokeCount))?.sumQuantity()?
          .doubleValue(for: .count()) == 231)
      #expect(legs[1].workoutEvents.filter { $0.type == .lap }.isEmpty)
    }
  }

  /// A pool leg whose `HKLapLength` metadata is in yards counts lengths of 25 yd = 25 × 0.9144
  /// = 22.86 m (review25 item 6; before, only a length in "m" began the leg's pool, so a yard
  /// pool recorded no lengths at all): at 3.2 m/s a length ends every 22.86 / 3.2 = 7.14375 s,
  /// so 4 lengths end in the 0–30 s leg (4 × 7.14375 = 28.575 s; the 5th would end at
  /// 35.71875 s, in the run leg) and 4 × 22.86 = 91.44 m of `distanceSwimming`.
  @Test func aYardPoolLegRecordsLengthsInMetres() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    try await simulation.run {
      let workout = try await poolLegThenRun(
        simulation, metadata: [HKMetadataKeyLapLength: HKQuantity(unit: .yard(), doubleValue: 25)],
        until: 30)
      let legs = workout.workoutActivities
      #expect(legs.count == 2)
      let laps = legs[0].workoutEvents.filter { $0.type == .lap }
      #expect(laps.count == 4)
      let end = try #require(laps.last?.dateInterval.end)
      #expect(abs(end.timeIntervalSince(noon(plus: 28.575))) < 1e-6)
      let metres = try #require(
        legs[0].statistics(for: HKQuantityType(.distanceSwimming))?.sumQuantity()?
          .doubleValue(for: .meter()))
      #expect(abs(metres - 91.44) < 1e-9)
      #expect(
        legs[0].workoutConfiguration.lapLength?.doubleValue(for: .yard()) == 25)
    }
  }

  /// An activity in progress has its duration so far (new-user trial 29; Apple: "HealthKit
  /// calculates the duration as the time between the startDate and the current time, ignoring
  /// any pause periods",
  /// https://developer.apple.com/documentation/healthkit/hkworkoutactivity/duration): a bike
  /// leg begun at 100 s is 1000 − 100 = 900 s long at 1000 s; paused there, at 1030 s it is
  /// still 900 (the 30 s paused so far do not count); resumed at 1060 s, at 1090 s it is
  /// 1090 − 100 − 60 = 930, with the pause and the resume among its events. Its end date stays
  /// `nil`, and `workoutActivities.last` is the same activity.
  @Test func anActivityInProgressHasItsDurationSoFar() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    try await simulation.run {
      let (session, builder) = try await startedSession(
        HKHealthStore(), simulation, configuration(.swimBikeRun))
      try await simulation.advance(to: noon(plus: 100))
      session.beginNewActivity(
        configuration: configuration(.cycling), date: simulation.now, metadata: nil)
      try await simulation.advance(to: noon(plus: 1000))
      let bike = try #require(builder.currentWorkoutActivity)
      #expect(bike.endDate == nil)
      #expect(bike.duration == 900)
      session.pause()
      try await simulation.advance(to: noon(plus: 1030))
      #expect(builder.currentWorkoutActivity?.duration == 900)
      try await simulation.advance(to: noon(plus: 1060))
      session.resume()
      try await simulation.advance(to: noon(plus: 1090))
      let later = try #require(builder.currentWorkoutActivity)
      #expect(later.duration == 930)
      #expect(later.workoutEvents.map(\.type) == [.pause, .resume])
      #expect(builder.workoutActivities.last?.duration == 930)
      session.end()
      try await builder.endCollection(at: simulation.now)
    }
  }

  @Test func aSwimBikeRunIsOneWorkoutWithFiveActivities() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    let legs = Legs()
    try await simulation.run {
      let (session, builder) = try await startedSession(
        HKHealthStore(), simulation, configuration(.swimBikeRun))
      session.delegate = legs
      builder.delegate = legs
      #expect(builder.currentWorkoutActivity == nil)
      // swim 0–300 s, T1 300–360, bike 360–900 (paused 600–660), T2 900–960, run 960–1500.
      let plan: [(TimeInterval, HKWorkoutActivityType)] = [
        (0, .swimming), (300, .transition), (360, .cycling), (900, .transition), (960, .running),
      ]
      for (seconds, type) in plan {
        if seconds == 900 {
          // Paused 600–660 s: a begin then is HealthKit's error; the bike goes on.
          try await simulation.advance(to: noon(plus: 600))
          session.pause()
          session.beginNewActivity(
            configuration: configuration(.transition), date: simulation.now, metadata: nil)
          try await simulation.advance(to: noon(plus: 660))
          session.resume()
        }
        try await simulation.advance(to: noon(plus: seconds))
        session.beginNewActivity(
          configuration: configuration(type), date: simulation.now, metadata: nil)
        try await simulation.advance(by: .seconds(0))
        #expect(builder.currentWorkoutActivity?.workoutConfiguration.activityType == type)
        #expect(session.currentActivity.workoutConfiguration.activityType == type)
      }
      try await simulation.advance(to: noon(plus: 1500))
      session.end()
      try await builder.endCollection(at: simulation.now)
      let workout = try #require(try await builder.finishWorkout())
      #expect(workout.workoutActivityType == .swimBikeRun)
      let activities = workout.workoutActivities
      #expect(
        activities.map(\.workoutConfiguration.activityType) == [
          .swimming, .transition, .cycling, .transition, .running,
        ])
      // 300 + 60 + (540 − 60 paused) + 60 + 540 = 1440 s = 1500 s − the 60 s pause.
      #expect(activities.map(\.duration) == [300, 60, 480, 60, 540])
      #expect(activities.map(\.duration).reduce(0, +) == workout.duration)
      #expect(workout.duration == 1440)
      #expect(activities.map(\.startDate) == [0, 300, 360, 900, 960].map { noon(plus: $0) })
      #expect(activities.map(\.endDate) == [300, 360, 900, 960, 1500].map { noon(plus: $0) })
      // 1 kcal per 10 s span: T1 60 s → 6 kcal, the bike's 480 running s → 48 kcal.
      let energy = HKQuantityType(.activeEnergyBurned)
      #expect(
        activities[1].statistics(for: energy)?.sumQuantity()?.doubleValue(for: .kilocalorie())
          == 6)
      #expect(
        activities[2].statistics(for: energy)?.sumQuantity()?.doubleValue(for: .kilocalorie())
          == 48)
      // The builder's activities are the saved ones (the same UUIDs).
      #expect(builder.workoutActivities.map(\.uuid) == activities.map(\.uuid))
    }
    // 600 s: the paused begin failed with HealthKit's invalid-argument error.
    #expect(
      legs.errors.withLock { $0 } == [
        HKError(
          .errorInvalidArgument, "Unable to perform 'beginNewActivity' from current state 'paused'")
      ])
    // Raw values: swimming 46, transition 83, cycling 13, running 37.
    #expect(
      legs.heard.withLock { $0 } == [
        "began 46 0", "builder began 46",
        "ended 46 300", "builder ended 46", "began 83 300", "builder began 83",
        "ended 83 360", "builder ended 83", "began 13 360", "builder began 13",
        "ended 13 900", "builder ended 13", "began 83 900", "builder began 83",
        "ended 83 960", "builder ended 83", "began 37 960", "builder began 37",
      ])
  }
}

/// An activity crosses from a main-actor model to another isolation as in Apple's SDK, where
/// `HKWorkoutActivity` is `Sendable` (trial finding: it did not compile here).
@MainActor @Test func anActivityIsSendable() async {
  let configuration = HKWorkoutConfiguration()
  configuration.activityType = .cycling
  let activity = HKWorkoutActivity(
    workoutConfiguration: configuration, start: Date(timeIntervalSince1970: 0), end: nil,
    metadata: nil)
  let type = await Task.detached { activity.workoutConfiguration.activityType }.value
  #expect(type == .cycling)
}

/// An activity the app makes itself without an end date is in progress, and its duration is
/// the time from its start to the simulation's virtual now at each read (Apple: "If an
/// activity is currently in progress, it has a nil-valued endDate. In this case, HealthKit
/// calculates the duration as the time between the startDate and the current time",
/// https://developer.apple.com/documentation/healthkit/hkworkoutactivity/duration; swim29 item
/// 2: it was 0): made at 12:00:00 with a start 30 s earlier it is 30 s long, 90 s later
/// 30 + 90 = 120; one that starts after now is 0 (project rule), until now passes its start:
/// starting at +60 s, at +90 s it is 90 − 60 = 30. With an end date it is end − start:
/// 45 s, whenever it is read.
@Test func anActivityTheAppMakesWithoutAnEndDateGrowsWithVirtualTime() async throws {
  let simulation = try HealthKitSimulation(scenario: constantRun())
  try await simulation.run {
    let configuration = HKWorkoutConfiguration()
    configuration.activityType = .cycling
    let open = HKWorkoutActivity(
      workoutConfiguration: configuration, start: noon(plus: -30), end: nil, metadata: nil)
    let later = HKWorkoutActivity(
      workoutConfiguration: configuration, start: noon(plus: 60), end: nil, metadata: nil)
    let ended = HKWorkoutActivity(
      workoutConfiguration: configuration, start: noon(plus: -30), end: noon(plus: 15),
      metadata: nil)
    #expect(simulation.now == noon(plus: 0))
    #expect(open.duration == 30)
    #expect(later.duration == 0)
    #expect(ended.duration == 45)
    try await simulation.advance(by: .seconds(90))
    #expect(open.endDate == nil)
    #expect(open.duration == 120)
    #expect(later.duration == 30)
    #expect(ended.duration == 45)
  }
}
