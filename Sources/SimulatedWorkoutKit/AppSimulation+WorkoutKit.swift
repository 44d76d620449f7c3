import Foundation
import SimulationDriver
import WorkoutCore
import WorkoutScenario
import WorkoutSystem

/// WorkoutKit's state in one simulation (behind the simulation's lock).
struct WorkoutKitState: SimulationExtension {
  /// The scheduler (made on first use).
  var scheduler: WorkoutScheduler?
  /// ``WorkoutScheduler/AuthorizationState/notDetermined`` until the app asks.
  var authorization: WorkoutScheduler.AuthorizationState = .notDetermined
  /// The scenario's answer (`authorization.workoutScheduler`; granted without the key).
  let answer: Scenario.Authorization.Answer
  /// The scheduled plans, in the order scheduled.
  var scheduled: [ScheduledWorkoutPlan] = []

  init(simulation: AppSimulation) {
    answer = simulation.scenario.authorization?.workoutScheduler ?? .granted
  }
}

extension AppSimulation {
  /// The workout scheduler of this simulation (made on first use).
  var workoutScheduler: WorkoutScheduler {
    workoutKit { kit, _ in
      if let scheduler = kit.scheduler { return scheduler }
      let scheduler = WorkoutScheduler(simulation: self)
      kit.scheduler = scheduler
      return scheduler
    }
  }

  /// Runs `body` on WorkoutKit's state under the lock.
  func workoutKit<Value: Sendable>(
    _ body: (inout WorkoutKitState, inout AppSimulation.State) -> Value
  ) -> Value {
    mutate { state in state.withExtension(WorkoutKitState.self, of: self, body) }
  }

  /// The answer to the prompt: the scenario's the first time (logged `authorization`), the
  /// same later.
  func requestWorkoutSchedulerAuthorization() -> WorkoutScheduler.AuthorizationState {
    workoutKit { kit, state in
      guard kit.authorization == .notDetermined else { return kit.authorization }
      kit.authorization = kit.answer == .granted ? .authorized : .denied
      state.log(
        SystemEvent(
          framework: .workoutKit, event: "authorization", identifier: "WorkoutScheduler",
          details: ["state": .string("\(kit.authorization)")]))
      return kit.authorization
    }
  }

  /// Schedules `plan` at `date`, or refuses it (not authorized, or at the limit): logs
  /// `scheduled` or `refused`; a refusal is also a `notDelivered` warning report.
  func scheduleWorkout(_ plan: WorkoutPlan, at date: DateComponents) {
    let call = "WorkoutScheduler.schedule(_:at:)"
    let reports = workoutKit { kit, state -> [Report] in
      var details: [String: SystemEvent.Value] = [
        "date": .string(Self.text(of: date)), "activity": .string(plan.workout.activityName),
      ]
      let identifier = plan.id.uuidString
      let others = kit.scheduled.filter { !($0.plan.id == plan.id && $0.date == date) }
      let refusal: (reason: String, message: String)?
      if kit.authorization != .authorized {
        refusal = (
          "\(kit.authorization)",
          "the app is not authorized to schedule workouts (authorizationState is .\(kit.authorization)), so nothing was scheduled: "
            + (kit.authorization == .notDetermined
              ? "call requestAuthorization() first and schedule only when it returns .authorized"
              : "the person refused (the scenario's authorization.workoutScheduler is \"denied\"): schedule only when authorizationState is .authorized")
        )
      } else if others.count >= WorkoutScheduler.maxAllowedScheduledWorkoutCount {
        refusal = (
          "limit",
          "the app already has \(others.count) workouts scheduled, WorkoutScheduler.maxAllowedScheduledWorkoutCount, so nothing was scheduled: remove past or completed workouts first (remove(_:at:) or removeAllWorkouts())"
        )
      } else {
        refusal = nil
      }
      if let refusal {
        details["reason"] = .string(refusal.reason)
        state.log(
          SystemEvent(
            framework: .workoutKit, event: "refused", identifier: identifier, details: details))
        return keepReports(
          .notDelivered, [refusal.message], framework: "WorkoutKit", call: call, in: &state)
      }
      kit.scheduled = others + [ScheduledWorkoutPlan(plan, date: date)]
      state.log(
        SystemEvent(
          framework: .workoutKit, event: "scheduled", identifier: identifier, details: details))
      return []
    }
    reports.forEach(AppSimulation.writeToStandardError)
  }

  /// Removes the scheduled plans `matching` selects, logging `removed` for each.
  func removeWorkouts(matching: (ScheduledWorkoutPlan) -> Bool) {
    workoutKit { kit, state in
      for plan in kit.scheduled where matching(plan) {
        state.log(
          SystemEvent(
            framework: .workoutKit, event: "removed", identifier: plan.plan.id.uuidString,
            details: ["date": .string(Self.text(of: plan.date))]))
      }
      kit.scheduled.removeAll(where: matching)
    }
  }

  /// Date components as the log writes them: `2026-01-06T07:30` from year, month, day, hour
  /// and minute, the fields given only (`2026-01-06`, `T07:30`).
  static func text(of date: DateComponents) -> String {
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    var day = ""
    if let year = date.year, let month = date.month, let dayOfMonth = date.day {
      day = "\(year)-\(two(month))-\(two(dayOfMonth))"
    }
    var time = ""
    if let hour = date.hour { time = "T\(two(hour)):\(two(date.minute ?? 0))" }
    return day + time
  }
}
