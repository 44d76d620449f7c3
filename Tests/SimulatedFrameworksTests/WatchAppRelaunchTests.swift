// A relaunch reaching the app's own code: `launchWatchApp` makes a new delegate for every
// process, `applicationDidFinishLaunching()` each time, `handleActiveWorkoutRecovery()` only
// for a relaunch for recovery after a crash during a session (docs/swift-api.md#crash-and-recovery).
import Foundation
import Synchronization
import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSystem

@testable import SimulatedHealthKit
@testable import SimulatedWatchKit

/// What the app's delegates were told, in order, each with the number of its launch.
final class LaunchLog: Sendable {
  private let state = Mutex<(launches: Int, events: [String])>((0, []))

  /// A new process's delegate is made: its launch number.
  func newLaunch() -> Int {
    state.withLock {
      $0.launches += 1
      return $0.launches
    }
  }
  func append(_ event: String) { state.withLock { $0.events.append(event) } }
  var events: [String] { state.withLock { $0.events } }
}

/// A watch app's delegate that logs its launch and recovers the session when told to.
@MainActor final class RelaunchedDelegate: NSObject, WKApplicationDelegate {
  let log: LaunchLog
  let launch: Int

  init(log: LaunchLog) {
    self.log = log
    launch = log.newLaunch()
  }

  func applicationDidFinishLaunching() { log.append("launched \(launch)") }

  func handleActiveWorkoutRecovery() {
    log.append("recovery \(launch)")
    let log = log
    let launch = launch
    Task {
      let session = try? await HKHealthStore().recoverActiveWorkoutSession()
      log.append("recovered \(launch): \(session.map { "\($0.state.rawValue)" } ?? "nil")")
    }
  }
}

@Suite("A relaunch reaches the app's code")
struct WatchAppRelaunchTests {
  @Test(
    "crash at 100 s, relaunch for recovery at 110 s, crash at 200 s, relaunch without at 210 s")
  func relaunches() async throws {
    var scenario = try Scenario(name: "relaunches")
    scenario.timeline = [
      (100, AppAction.crash), (110, .relaunch(recover: true)), (200, .crash),
      (210, .relaunch(recover: false)),
    ].enumerated().map { index, item in
      Scenario.Action(
        at: .seconds(Int64(item.0)), kind: .app(item.1), location: "timeline[\(index)]")
    }
    let simulation = try HealthKitSimulation(scenario: scenario)
    let log = LaunchLog()
    try await simulation.run {
      await MainActor.run { simulation.launchWatchApp { RelaunchedDelegate(log: log) } }
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .running
      let session = try HKWorkoutSession(healthStore: HKHealthStore(), configuration: configuration)
      session.startActivity(with: Date())
      try await simulation.advance(by: .seconds(300))
      await simulation.settle()
      // The live delegate is the third process's.
      let current = await MainActor.run {
        (WKApplication.shared().delegate as? RelaunchedDelegate)?.launch
      }
      #expect(current == 3)
    }
    // Launch 1 at once; launch 2 (110 s) is told to recover the running session (state 2,
    // running) and does; launch 3 (210 s, recover: false) is only launched, though the crash
    // at 200 s left the recovered session open again.
    #expect(
      log.events == [
        "launched 1", "launched 2", "recovery 2", "recovered 2: 2", "launched 3",
      ])
  }

  @Test("A relaunch for recovery with no session open: launched, not told to recover")
  func noSessionNoRecoveryCall() async throws {
    var scenario = try Scenario(name: "no session")
    scenario.timeline = [
      Scenario.Action(at: .seconds(10), kind: .app(.crash), location: "timeline[0]"),
      Scenario.Action(
        at: .seconds(20), kind: .app(.relaunch(recover: true)), location: "timeline[1]"),
    ]
    let simulation = try HealthKitSimulation(scenario: scenario)
    let log = LaunchLog()
    try await simulation.run {
      await MainActor.run { simulation.launchWatchApp { RelaunchedDelegate(log: log) } }
      try await simulation.advance(by: .seconds(30))
      await simulation.settle()
    }
    #expect(log.events == ["launched 1", "launched 2"])
  }

  @Test("openApp on a crashed app launches a new process: a new delegate, then active")
  func openAppLaunchesTheAppsCode() async throws {
    var scenario = try Scenario(name: "open after crash")
    scenario.timeline = [
      Scenario.Action(at: .seconds(10), kind: .app(.crash), location: "timeline[0]"),
      Scenario.Action(at: .seconds(20), kind: .app(.openApp), location: "timeline[1]"),
    ]
    let simulation = try HealthKitSimulation(scenario: scenario)
    let log = LaunchLog()
    try await simulation.run {
      await MainActor.run { simulation.launchWatchApp { RelaunchedDelegate(log: log) } }
      try await simulation.advance(by: .seconds(30))
      await simulation.settle()
      // The user opened the app at 20 s: the live delegate is the second process's, and the
      // app is frontmost.
      let current = await MainActor.run {
        (WKApplication.shared().delegate as? RelaunchedDelegate)?.launch
      }
      #expect(current == 2)
      #expect(await WKApplication.shared().applicationState == .active)
    }
    // Launch 1 at once; the crash at 10 s leaves no process; openApp at 20 s launches the
    // second (no recovery call: no session was open).
    #expect(log.events == ["launched 1", "launched 2"])
  }
}
