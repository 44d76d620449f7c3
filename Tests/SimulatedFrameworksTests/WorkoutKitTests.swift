import Foundation
import SimulatedWorkoutKit
import Testing
import WorkoutSimTestSupport
import WorkoutSystem

/// A running scenario starting 2026-01-05 08:00 UTC, with `authorization` (JSON) if given.
private func workoutKitSimulation(authorization: String? = nil) throws -> HealthKitSimulation {
  let answers = authorization.map { #", "authorization": \#($0)"# } ?? ""
  return try HealthKitSimulation(
    scenario: decodeScenario(
      #"""
      { "version": 1, "start": "2026-01-05T08:00:00Z", "timeZone": "UTC", "activity": "running",
        "course": [ { "duration": 300, "speed": 3 } ]\#(answers) }
      """#, fileName: "workoutkit.json"))
}

/// The coach's session as a training-plan app writes it: 10 min warmup, 5 × (800 m at 4.0 to
/// 4.5 m/s, 2 min recovery), 10 min cooldown. 4.5 m/s is 1000 / 4.5 = 222.2 s per km (3:42 per
/// km), 4.0 m/s 1000 / 4.0 = 250 s per km (4:10 per km).
private func fiveTimesEightHundred() -> CustomWorkout {
  let repeats = IntervalBlock(
    steps: [
      IntervalStep(
        .work, goal: .distance(800, .meters), alert: .speed(4.0...4.5, unit: .metersPerSecond)),
      IntervalStep(.recovery, goal: .time(2, .minutes)),
    ],
    iterations: 5)
  return CustomWorkout(
    activity: .running, location: .outdoor, displayName: "5 × 800 m",
    warmup: WorkoutStep(goal: .time(10, .minutes)), blocks: [repeats],
    cooldown: WorkoutStep(goal: .time(10, .minutes)))
}

@Suite("WorkoutKit: compositions, their checks, the scheduler")
struct WorkoutKitTests {
  /// Tuesday 2026-01-06 07:30, the next morning.
  let tuesday = DateComponents(year: 2026, month: 1, day: 6, hour: 7, minute: 30)

  @Test("A 5 × 800 m plan is validated, scheduled, read back and removed on virtual time")
  func coachPlan() async throws {
    let workout = fiveTimesEightHundred()
    // The checks the app makes before building it.
    #expect(CustomWorkout.supportsActivity(.running))
    #expect(
      CustomWorkout.supportsGoal(.distance(800, .meters), activity: .running, location: .outdoor))
    #expect(
      CustomWorkout.supportsAlert(
        SpeedRangeAlert(
          target: Measurement(
            value: 4.0, unit: UnitSpeed.metersPerSecond)...Measurement(
              value: 4.5, unit: UnitSpeed.metersPerSecond), metric: .current),
        activity: .running, location: .outdoor))
    // The alert the factory made: 4.0...4.5 m/s, current speed.
    let alert = try #require(workout.blocks[0].steps[0].step.alert as? SpeedRangeAlert)
    #expect(alert.target.lowerBound.converted(to: .metersPerSecond).value == 4.0)
    #expect(alert.target.upperBound.converted(to: .metersPerSecond).value == 4.5)
    #expect(alert.metric == .current)
    // As HealthKit quantities in m/s: the same 4.0 and 4.5.
    let metersPerSecond = HKUnit.meter().unitDivided(by: HKUnit.second())
    #expect(alert.targetQuantityLowerBound.doubleValue(for: metersPerSecond) == 4.0)
    #expect(alert.targetQuantityUpperBound.doubleValue(for: metersPerSecond) == 4.5)
    #expect(workout.blocks[0].iterations == 5)
    #expect(workout.blocks[0].steps.map(\.purpose) == [.work, .recovery])
    let plan = WorkoutPlan(
      .custom(workout), id: UUID(uuidString: "00000000-0000-0000-0000-000000000025")!)
    let simulation = try workoutKitSimulation()
    try await simulation.run {
      let scheduler = WorkoutScheduler.shared
      #expect(WorkoutScheduler.isSupported)
      #expect(await scheduler.authorizationState == .notDetermined)
      #expect(await scheduler.requestAuthorization() == .authorized)
      #expect(await scheduler.authorizationState == .authorized)
      await scheduler.schedule(plan, at: tuesday)
      let scheduled = await scheduler.scheduledWorkouts
      #expect(scheduled == [ScheduledWorkoutPlan(plan, date: tuesday)])
      #expect(scheduled.first?.plan.workout == .custom(workout))
      #expect(scheduled.first?.complete == false)
      // Scheduling the same plan at the same date again replaces it.
      await scheduler.schedule(plan, at: tuesday)
      #expect(await scheduler.scheduledWorkouts.count == 1)
      try await simulation.advance(by: .seconds(60))
      await scheduler.remove(plan, at: tuesday)
      #expect(await scheduler.scheduledWorkouts == [])
    }
    let log = systemLog(simulation, .workoutKit)
    let id = "00000000-0000-0000-0000-000000000025"
    // authorization and both schedules at t = 0, the removal after the 60 s advance.
    #expect(log.map(\.at) == [0, 0, 0, 60])
    #expect(log.map(\.event) == ["authorization", "scheduled", "scheduled", "removed"])
    #expect(log.map(\.identifier) == ["WorkoutScheduler", id, id, id])
    #expect(log[0].details == ["state": .string("authorized")])
    #expect(
      log[1].details == ["date": .string("2026-01-06T07:30"), "activity": .string("running")])
    #expect(log[3].details == ["date": .string("2026-01-06T07:30")])
    #expect(simulation.reports.isEmpty)
  }

  @Test("Unauthorized: nothing is scheduled, the log says refused, a notDelivered warning says why")
  func unauthorized() async throws {
    let plan = WorkoutPlan(.goal(SingleGoalWorkout(activity: .running, goal: .time(30, .minutes))))
    // Before the app asks: notDetermined.
    let early = try workoutKitSimulation()
    await early.run {
      await WorkoutScheduler.shared.schedule(plan, at: tuesday)
      #expect(await WorkoutScheduler.shared.scheduledWorkouts == [])
    }
    #expect(systemLog(early, .workoutKit).map(\.event) == ["refused"])
    #expect(systemLog(early, .workoutKit).first?.details["reason"] == .string("notDetermined"))
    // The person refused: denied.
    let denied = try workoutKitSimulation(authorization: #"{ "workoutScheduler": "denied" }"#)
    await denied.run {
      #expect(await WorkoutScheduler.shared.requestAuthorization() == .denied)
      await WorkoutScheduler.shared.schedule(plan, at: tuesday)
      #expect(await WorkoutScheduler.shared.scheduledWorkouts == [])
      #expect(await WorkoutScheduler.shared.authorizationState == .denied)
    }
    let log = systemLog(denied, .workoutKit)
    #expect(log.map(\.event) == ["authorization", "refused"])
    #expect(log[0].details == ["state": .string("denied")])
    #expect(log[1].details["reason"] == .string("denied"))
    let reports = denied.reports
    #expect(reports.count == 1)
    #expect(reports.first?.kind == .notDelivered)
    #expect(reports.first?.framework == "WorkoutKit")
    #expect(reports.first?.call == "WorkoutScheduler.schedule(_:at:)")
    #expect(reports.first?.message.contains("authorizationState is .denied") == true)
  }

  /// Apple's `WorkoutScheduler.AuthorizationState` is a plain Swift enumeration: no
  /// `rawValue`, no `init(rawValue:)` (review25 item 10; it had an `Int` raw type here).
  @Test("AuthorizationState has no raw values, as Apple's")
  func authorizationStateHasNoRawValues() {
    #expect(!(WorkoutScheduler.AuthorizationState.self is any RawRepresentable.Type))
  }

  @Test("Over the limit: the 51st workout is refused; re-scheduling one of the 50 is not")
  func overTheLimit() async throws {
    #expect(WorkoutScheduler.maxAllowedScheduledWorkoutCount == 50)
    let simulation = try workoutKitSimulation()
    // 51 plans with ids …001 to …051, each on its own day of January 2026 at 07:00.
    let plans = (1...51).map { n in
      WorkoutPlan(
        .goal(SingleGoalWorkout(activity: .running, goal: .distance(5, .kilometers))),
        id: UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", n))!)
    }
    func day(_ n: Int) -> DateComponents {
      DateComponents(year: 2026, month: n <= 31 ? 1 : 2, day: n <= 31 ? n : n - 31, hour: 7)
    }
    await simulation.run {
      _ = await WorkoutScheduler.shared.requestAuthorization()
      for n in 1...50 { await WorkoutScheduler.shared.schedule(plans[n - 1], at: day(n)) }
      await WorkoutScheduler.shared.schedule(plans[50], at: day(51))
      #expect(await WorkoutScheduler.shared.scheduledWorkouts.count == 50)
      // Plan 1 at its own date again replaces itself: 49 others, so it is not refused.
      await WorkoutScheduler.shared.schedule(plans[0], at: day(1))
      #expect(await WorkoutScheduler.shared.scheduledWorkouts.count == 50)
      await WorkoutScheduler.shared.removeAllWorkouts()
      #expect(await WorkoutScheduler.shared.scheduledWorkouts == [])
    }
    let log = systemLog(simulation, .workoutKit)
    // authorization, 50 scheduled, 1 refused, 1 scheduled again, 50 removed: 103 entries.
    #expect(log.count == 103)
    #expect(log[51].event == "refused")
    #expect(log[51].identifier == "00000000-0000-0000-0000-000000000051")
    #expect(log[51].details["reason"] == .string("limit"))
    // Day 51 is February 20 (51 − 31).
    #expect(log[51].details["date"] == .string("2026-02-20T07:00"))
    #expect(log[52].event == "scheduled")
    #expect(simulation.reports.map(\.kind) == [.notDelivered])
  }

  @Test("Goals and alerts an activity does not support: the checks say false")
  func unsupportedCombinations() {
    // Energy goals are a single-goal workout's only (Apple's forum answer).
    #expect(!CustomWorkout.supportsGoal(.energy(300, .kilocalories), activity: .running))
    #expect(SingleGoalWorkout.supportsGoal(.energy(300, .kilocalories), activity: .running))
    // Yoga has no distance; indoor cycling has no speed.
    #expect(!CustomWorkout.supportsGoal(.distance(800, .meters), activity: .yoga))
    #expect(
      !CustomWorkout.supportsGoal(.distance(20, .kilometers), activity: .cycling, location: .indoor)
    )
    #expect(
      CustomWorkout.supportsGoal(.distance(20, .kilometers), activity: .cycling, location: .outdoor)
    )
    #expect(!CustomWorkout.supportsAlert(.speed(8...10, unit: .metersPerSecond), activity: .yoga))
    #expect(!CustomWorkout.supportsAlert(.power(200...250), activity: .yoga))
    #expect(CustomWorkout.supportsAlert(.power(200...250), activity: .cycling))
    #expect(CustomWorkout.supportsAlert(.heartRate(zone: 2), activity: .yoga))
    #expect(!CustomWorkout.supportsAlert(.heartRate(zone: 6), activity: .yoga))
    // A goal of zero or less is supported nowhere.
    #expect(!CustomWorkout.supportsGoal(.time(0, .minutes), activity: .running))
    #expect(!CustomWorkout.supportsActivity(.swimBikeRun))
    #expect(!PacerWorkout.supportsActivity(.yoga))
  }

  @Test("Making a custom workout with an invalid goal for its activity traps, as WorkoutKit does")
  func invalidGoalTraps() async {
    await #expect(processExitsWith: .failure) {
      _ = CustomWorkout(
        activity: .yoga,
        blocks: [IntervalBlock(steps: [IntervalStep(.work, goal: .distance(800, .meters))])])
    }
    await #expect(processExitsWith: .failure) {
      _ = CustomWorkout(activity: .running, warmup: WorkoutStep(goal: .energy(100, .kilocalories)))
    }
  }
}
