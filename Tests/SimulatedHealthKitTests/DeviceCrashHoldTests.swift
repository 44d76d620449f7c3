import Foundation
import Synchronization
import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSystem

@testable import SimulatedHealthKit

/// Review 28's open items on the two devices' app processes (docs/swift-api.md#crash-and-recovery):
/// a hold (the system waiting for the app's answer) belongs to the device whose app owes the
/// answer, and a standalone workout builder to the device whose store made it; a crash of that
/// device's app ends the one and makes the other inert, a crash of the other device's app
/// touches neither, and what an inert call logs goes in the log of the device that made it.
@Suite("A crash ends its own device's holds and builders only")
struct DeviceCrashHoldTests {
  /// The `system` entries of `event` as "device framework identifier reason@seconds".
  static func entries(_ simulation: HealthKitSimulation, _ event: String) -> [String] {
    simulation.result.log.compactMap { entry in
      guard case .system(let system) = entry.kind, system.event == event else { return nil }
      let reason: String
      if case .string(let text)? = system.details["reason"] { reason = text } else { reason = "" }
      return "\(entry.device) \(system.framework.rawValue) \(system.identifier) \(reason)"
        + "@\(Int(entry.at.seconds))"
    }
  }

  /// A store of `device`'s app (made inside `on(device)`, the phone app in the foreground) and
  /// an observer query of step count from it whose update handler calls `called` and never
  /// calls its completion handler: executed, its first call (t = 0) holds virtual time at its
  /// instant.
  static func unansweredObserver(
    _ simulation: HealthKitSimulation, on device: HealthKitSimulation.Device,
    called: @escaping @Sendable () -> Void
  ) async throws -> (HKHealthStore, HKObserverQuery) {
    simulation.phoneAppState = .foreground
    let steps = HKQuantityType(.stepCount)
    let store = await simulation.on(device) { HKHealthStore() }
    try await store.requestAuthorization(toShare: [], read: [steps])
    let query = await simulation.on(device) {
      HKObserverQuery(sampleType: steps, predicate: nil) { _, _, _ in called() }
    }
    return (store, query)
  }

  /// The phone app's observer query never calls its completion handler, so its first call (at
  /// `execute`, t = 0) holds virtual time at 0. While the system waits for that answer, the
  /// watch app crashes: the hold stays (1 open); then the phone app crashes: the hold ends at
  /// once (0 open), logged `holdEnded` (reason `appCrashed`) in the phone's log at 0, and
  /// `advance` goes on to 60 s without a `holdExpired` report (it would throw one). Before the
  /// change the watch's crash ended every hold and the phone's none.
  @Test func thePhonesCrashEndsThePhoneAppsHoldOnly() async throws {
    let simulation = try observedDay(samples: "[]")
    // Far longer than the test: a hold left open would keep `advance` waiting; the detached
    // task ends it by hand then, so the test fails instead of waiting.
    simulation.appWorkGrace = .seconds(600)
    let calls = Mutex(0)
    try await simulation.run {
      let (store, query) = try await Self.unansweredObserver(simulation, on: .phone) {
        calls.withLock { $0 += 1 }
      }
      let crashes = Task.detached { () -> (watch: Int, phone: Int) in
        await waitUntil {
          simulation.state.withLock { !$0.holds.isEmpty } || simulation.now != simulation.startDate
        }
        // The engine's crash of each device, as `crash()` and `crash(.phone)` make it (the
        // path of a timeline `crash` too), without their delivery: that would wait for this
        // `advance`, which waits for the hold.
        simulation.mutate { $0.session.withEngine(of: .watch) { $0.perform(.crash, at: $0.now) } }
        let afterWatch = simulation.state.withLock { $0.holds.count }
        simulation.mutate { $0.session.withEngine(of: .phone) { $0.perform(.crash, at: $0.now) } }
        let afterPhone = simulation.state.withLock { state -> Int in
          let open = state.holds.count
          state.holds.removeAll()
          return open
        }
        return (afterWatch, afterPhone)
      }
      store.execute(query)
      try await simulation.advance(by: .seconds(60))
      let open = await crashes.value
      #expect(open.watch == 1)
      #expect(open.phone == 0)
      #expect(simulation.now.timeIntervalSince(simulation.startDate) == 60)
    }
    #expect(calls.withLock { $0 } == 1)
    #expect(simulation.reports.filter { $0.kind == .holdExpired }.isEmpty)
    let ended = Self.entries(simulation, "holdEnded")
    #expect(ended.count == 1)
    #expect(ended.first?.hasPrefix("phone Simulation HKObserverQuery's update handler") == true)
    #expect(ended.first?.hasSuffix(" appCrashed@0") == true)
  }

  /// The public `crash(_:)` of the device whose app owes a hold's answer, made from another task
  /// while `advance` waits on that hold (review 29: the hold ended only when the grace passed,
  /// reported `holdExpired`). `device`'s observer query never calls its completion handler,
  /// so its first call (at `execute`, t = 0) holds virtual time at 0; the grace is 120 s of
  /// wall-clock time, inside the time limit, so a hold the crash leaves open fails the
  /// test (`advance` throws `holdExpired`) instead of hanging it. The crash ends the hold in its
  /// own mutation: `holdEnded` (reason `appCrashed`) in `device`'s log at 0, no `holdExpired`,
  /// and `advance` goes on to 60 s.
  @Test(
    "A crash from another task ends the hold an advance waits on, at the crash",
    .timeLimit(.minutes(3)), arguments: [HealthKitSimulation.Device.phone, .watch])
  func aCrashEndsTheHoldAnAdvanceWaitsOn(device: HealthKitSimulation.Device) async throws {
    let simulation = try observedDay(samples: "[]")
    simulation.appWorkGrace = .seconds(120)
    let calls = Mutex(0)
    try await simulation.run {
      let (store, query) = try await Self.unansweredObserver(simulation, on: device) {
        calls.withLock { $0 += 1 }
      }
      let crash = Task.detached {
        await waitUntil {
          simulation.state.withLock { !$0.holds.isEmpty } || simulation.now != simulation.startDate
        }
        await simulation.crash(device)
      }
      store.execute(query)
      try await simulation.advance(by: .seconds(60))
      await crash.value
      #expect(simulation.now.timeIntervalSince(simulation.startDate) == 60)
    }
    #expect(calls.withLock { $0 } == 1)
    #expect(simulation.reports.filter { $0.kind == .holdExpired }.isEmpty)
    let ended = Self.entries(simulation, "holdEnded")
    #expect(ended.count == 1)
    #expect(ended.first?.hasPrefix("\(device) Simulation HKObserverQuery's update handler") == true)
    #expect(ended.first?.hasSuffix(" appCrashed@0") == true)
  }

  /// A standalone `HKWorkoutBuilder` made before its app's crash is inert after it, as the
  /// route builder of sweep 28 is: `beginCollection` is ignored with `errorInvalidArgument`
  /// and the crashed process's text, one error entry (action `beginCollection`) in the log of
  /// the device whose store made it; the other device's builder, whose app did not crash,
  /// begins. Both ways round: the phone app's crash (a builder of a store made inside
  /// `on(.phone)`), then the watch app's (a store made outside `on`). Before the change both
  /// builders began after either crash.
  @Test func aStandaloneBuilderIsInertAfterItsOwnDevicesCrash() async throws {
    let inert = HKError(.errorInvalidArgument, HealthKitSimulation.inertMessage)
    for crashed in [HealthKitSimulation.Device.phone, .watch] {
      let simulation = try observedDay(samples: "[]")
      let outcomes = Mutex<[HealthKitSimulation.Device: HKError?]>([:])
      try await simulation.run {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .running
        let phoneStore = await simulation.on(.phone) { HKHealthStore() }
        let builders: [(HealthKitSimulation.Device, HKWorkoutBuilder)] = [
          (
            .phone,
            HKWorkoutBuilder(healthStore: phoneStore, configuration: configuration, device: nil)
          ),
          (
            .watch,
            HKWorkoutBuilder(
              healthStore: HKHealthStore(), configuration: configuration, device: nil)
          ),
        ]
        await simulation.crash(crashed)
        for (device, builder) in builders {
          var failure: HKError?
          do { try await builder.beginCollection(at: simulation.now) } catch let error as HKError {
            failure = error
          }
          outcomes.withLock { $0[device] = failure }
        }
      }
      let seen = outcomes.withLock { $0 }
      let survivor: HealthKitSimulation.Device = crashed == .phone ? .watch : .phone
      #expect(seen[crashed] == .some(inert), "crash of the \(crashed)")
      #expect(seen[survivor] == .some(nil), "crash of the \(crashed)")
      let errors = simulation.result.log.compactMap { entry -> String? in
        guard case .error(let report) = entry.kind else { return nil }
        return
          "\(entry.device) \(report.action) \(report.message == HealthKitSimulation.inertMessage)"
      }
      #expect(errors == ["\(crashed) beginCollection true"], "crash of the \(crashed)")
    }
  }
}
