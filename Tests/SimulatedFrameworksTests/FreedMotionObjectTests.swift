import Foundation
import SimulatedHealthKit
import Synchronization
import Testing
import WorkoutSimTestSupport

@testable import SimulatedCoreMotion

/// Walking at 1.4 m/s for 300 s, then running at 3 m/s for 600 s, no health days: the body is
/// stationary before 0, walking 0–300, running 300–900, stationary from 900; each change is
/// reported 15 s later (the default latency): at 15, 315 and 915.
private let walkThenRun = #"""
  { "version": 1, "activity": "running", "health": { "generate": false, "days": 1 },
    "course": [ { "duration": 300, "speed": 1.4 }, { "duration": 600, "speed": 3.0 } ] }
  """#

/// The entitlement and the usage description granted.
private let fallScenario = #"""
  { "version": 1, "start": "2026-03-02T08:00:00Z",
    "app": { "infoPlist": { "NSFallDetectionUsageDescription": "Falls" } },
    "motion": { "fallDetection": { "entitlement": true } } }
  """#

/// How many registrations Core Motion's tables hold (every kind, fall managers included).
private func registrations(_ simulation: HealthKitSimulation) -> Int {
  simulation.state.withLock { $0.extensionState(CoreMotionState.self)?.registrationCount ?? 0 }
}

/// The virtual second of now.
private func second(_ simulation: HealthKitSimulation) -> Int {
  Int(simulation.now.timeIntervalSince(simulation.startDate).rounded())
}

/// An object owning a pedometer, kept alive only by an activity handler that reads it (so the
/// activity manager's stop frees the pedometer while the simulation's lock is held).
private final class PedometerOwner {
  let pedometer = CMPedometer()
}

/// A freed Core Motion object stops, as on a device, and its registrations leave the tables at
/// the Core Motion timer's next firing: nothing grows for ever.
@Suite("CoreMotion: a freed pedometer, altimeter, activity or fall detection manager")
struct FreedMotionObjectTests {
  /// An activity manager started at 0 and freed at 20 got the stationary state at once (0) and
  /// walking at 15; kept, it would get running at 315 and stationary at 915. The timer's firing
  /// at 315 (the next change reported) drops its registration: 1 before, 0 after.
  @Test func aFreedActivityManagerStops() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(walkThenRun, fileName: "motion.json"))
    let seen = Mutex<[Int]>([])
    let (before, after) = try await simulation.run { () -> (Int, Int) in
      do {
        let manager = CMMotionActivityManager()
        manager.startActivityUpdates(to: OperationQueue()) { _ in
          let at = second(simulation)
          seen.withLock { $0.append(at) }
        }
        try await simulation.advance(by: .seconds(20))
        withExtendedLifetime(manager) {}
      }
      let before = registrations(simulation)
      try await simulation.advance(by: .seconds(1000))
      return (before, registrations(simulation))
    }
    #expect(seen.withLock { $0 } == [0, 15])
    #expect(before == 1)
    #expect(after == 0)
  }

  /// A pedometer with live updates and events from 0, freed at 20: the update at once (no
  /// steps: no health samples, no workout, so none later) and the resume at 15 (walking from
  /// 0: `resume` is 1, dated 0); kept, it would get the pause at 915 (stationary from 900,
  /// `pause` is 0). Its two registrations (updates and events) leave at the timer's firing at
  /// 60 (the updates' next look): 2 before, 0 after.
  @Test func aFreedPedometerStops() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(walkThenRun, fileName: "motion.json"))
    let updates = Mutex<[Int]>([])
    let events = Mutex<[String]>([])
    let start = simulation.startDate
    let (before, after) = try await simulation.run { () -> (Int, Int) in
      do {
        let pedometer = CMPedometer()
        pedometer.startUpdates(from: start) { _, _ in
          let at = second(simulation)
          updates.withLock { $0.append(at) }
        }
        pedometer.startEventUpdates { event, _ in
          guard let event else { return }
          let line =
            "\(second(simulation)) \(Int(event.date.timeIntervalSince(start))) \(event.type.rawValue)"
          events.withLock { $0.append(line) }
        }
        try await simulation.advance(by: .seconds(20))
        withExtendedLifetime(pedometer) {}
      }
      let before = registrations(simulation)
      try await simulation.advance(by: .seconds(1000))
      return (before, registrations(simulation))
    }
    #expect(updates.withLock { $0 } == [0])
    #expect(events.withLock { $0 } == ["15 0 1"])
    #expect(before == 2)
    #expect(after == 0)
  }

  /// A pedometer freed while the simulation's lock is held (its owner captured by an activity
  /// handler that `stopActivityUpdates()` releases at 20) neither traps nor hangs, and stops:
  /// run in a process of its own (a freed object that took the non-reentrant lock would trap).
  /// Its events from 0 gave the resume at 15; kept, they would give the pause at 915 too; its
  /// registration is gone by 1000 (the activity manager's stopped too: 0 left).
  @Test func aPedometerFreedUnderTheLockStops() async {
    await #expect(processExitsWith: .success) {
      let simulation = try HealthKitSimulation(
        scenario: decodeScenario(walkThenRun, fileName: "motion.json"))
      let events = Mutex<[Int]>([])
      let (left, activity) = try await simulation.run { () -> (Int, CMMotionActivityManager) in
        let activity = CMMotionActivityManager()
        do {
          let owner = PedometerOwner()
          owner.pedometer.startEventUpdates { event, _ in
            guard event != nil else { return }
            let at = second(simulation)
            events.withLock { $0.append(at) }
          }
          activity.startActivityUpdates(to: OperationQueue()) { [owner] _ in _ = owner.pedometer }
        }
        try await simulation.advance(by: .seconds(20))
        activity.stopActivityUpdates()
        try await simulation.advance(by: .seconds(980))
        return (registrations(simulation), activity)
      }
      withExtendedLifetime(activity) {}
      precondition(events.withLock { $0 } == [15], "a freed pedometer got an event")
      precondition(left == 0, "a freed pedometer's registration is left")
    }
  }

  /// A watch altimeter's relative and absolute updates from 0 (every 3 s, the first at once),
  /// freed at 4: each got the readings at 0 and 3; kept, each would get 6, 9 and 12 by 14.
  /// Both registrations leave at the timer's firing at 6 (the next reading): 2 before, 0 after.
  @Test func aFreedAltimeterStops() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(#"{ "version": 1 }"#, fileName: "motion.json"))
    let relative = Mutex<[Int]>([])
    let absolute = Mutex<[Int]>([])
    let (before, after) = try await simulation.run { () -> (Int, Int) in
      do {
        let altimeter = CMAltimeter()
        altimeter.startRelativeAltitudeUpdates(to: OperationQueue()) { _, _ in
          let at = second(simulation)
          relative.withLock { $0.append(at) }
        }
        altimeter.startAbsoluteAltitudeUpdates(to: OperationQueue()) { _, _ in
          let at = second(simulation)
          absolute.withLock { $0.append(at) }
        }
        try await simulation.advance(by: .seconds(4))
        withExtendedLifetime(altimeter) {}
      }
      let before = registrations(simulation)
      try await simulation.advance(by: .seconds(10))
      return (before, registrations(simulation))
    }
    #expect(relative.withLock { $0 } == [0, 3])
    #expect(absolute.withLock { $0 } == [0, 3])
    #expect(before == 2)
    #expect(after == 0)
  }

  /// A fall detection manager with a delegate, authorized, freed at 1: its entry stays until
  /// the fall at 1 prunes it (1 before, 0 after); the fall, which no live manager can take, is
  /// kept, and the delegate set on a new manager at 5 gets it, dated 1 with `.confirmed` (0).
  /// Nobody was called with it before, so no warning.
  @Test func aFreedFallDetectionManagerLeavesTheTable() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(fallScenario, fileName: "fall.json"))
    let recorder = FallRecorder(start: simulation.startDate)
    let (before, after, later) = try await simulation.run { () -> (Int, Int, Int) in
      do {
        let manager = CMFallDetectionManager()
        manager.delegate = recorder
        manager.requestAuthorization { _ in }
        try await simulation.advance(by: .seconds(1))
        withExtendedLifetime(manager) {}
      }
      let before = registrations(simulation)
      simulation.fall(resolution: .confirmed)
      let after = registrations(simulation)
      try await simulation.advance(by: .seconds(4))
      let manager = CMFallDetectionManager()
      manager.delegate = recorder
      try await simulation.advance(by: .seconds(1))
      let later = registrations(simulation)
      withExtendedLifetime(manager) {}
      return (before, after, later)
    }
    #expect(recorder.all == ["auth 3", "fall 1.0 0"])
    #expect(before == 1)
    #expect(after == 0)
    #expect(later == 1)
    #expect(!simulation.reports.contains { $0.kind == .notDelivered })
  }
}
