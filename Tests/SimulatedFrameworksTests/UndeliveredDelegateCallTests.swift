// A stall names the delegate calls the simulated frameworks delivered to no delegate (the app
// forgot the delegate, set it after the call, or let the weakly held object go):
// CLLocationManager, WCSession and WKExtendedRuntimeSession (docs/swift-api.md#nothing-silent).
// The stall watch's wait is 200 ms of wall-clock time, by the product's rule, as in
// StallTests.
import Foundation
import SimulatedCoreLocation
import Synchronization
import Testing
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSystem

@testable import SimulatedHealthKit
@testable import SimulatedWatchConnectivity
@testable import SimulatedWatchKit

/// The stall report of a run of `body` in `simulation` that waits for good (a wait that honours
/// cancellation) once `body` returns.
private func stallReport(
  _ simulation: HealthKitSimulation,
  _ body: @escaping @Sendable (HealthKitSimulation) async throws -> Void,
  sourceLocation: SourceLocation = #_sourceLocation
) async throws -> HealthKitSimulation.Report {
  simulation.stallReportDelay = .milliseconds(200)
  let error = await #expect(
    throws: HealthKitSimulation.StallError.self, sourceLocation: sourceLocation
  ) {
    try await Task {
      try await simulation.run { () async throws in
        try await body(simulation)
        // The app's wait for the delegate call.
        let (stream, _) = AsyncStream<Int>.makeStream()
        for await _ in stream {}
      }
    }.value
  }
  return try #require(error?.report, sourceLocation: sourceLocation)
}

/// A 60 s run outdoors, a scripted course with a position (a fix every whole second).
private func outdoorRun() throws -> Scenario {
  try decodeScenario(
    """
    { "version": 1, "start": "2026-03-02T07:00:00Z", "activity": "running",
      "course": [ { "duration": 60, "speed": 3 } ],
      "gps": { "latitude": 0, "longitude": 0, "altitude": 20, "heading": 90 } }
    """)
}

/// The phone app in the background (it receives deliveries), the watch app active.
private func linkScenario() throws -> Scenario {
  var scenario = try Scenario(name: "link")
  scenario.phone.app = .background
  return scenario
}

@Suite(.timeLimit(.minutes(3))) struct UndeliveredFrameworkCallTests {
  /// A manager made without a delegate, authorized at 0 (the scenario grants when in use), its
  /// updates started at 0 (a fix at 0, then every second): the stall at 3 names the
  /// authorization call once (the one at the manager's making and the one after the request
  /// are the same kind) and the updates once, at the first fix.
  @Test func aLocationManagerWithoutADelegateIsNamedByTheStall() async throws {
    let simulation = try HealthKitSimulation(scenario: outdoorRun())
    let report = try await stallReport(simulation) { simulation in
      let manager = CLLocationManager()
      manager.requestWhenInUseAuthorization()
      manager.startUpdatingLocation()
      try await simulation.advance(by: .seconds(3))
      withExtendedLifetime(manager) {}
    }
    let weak = "(the property is weak: keep the delegate object alive)"
    #expect(
      report.message.contains(
        "; CLLocationManager changed its authorization to authorizedWhenInUse at t = 0 s but "
          + "had no delegate: set manager.delegate when the manager is made \(weak); "
          + "CLLocationManager updated locations at t = 0 s but had no delegate: set "
          + "manager.delegate before startUpdatingLocation() or requestLocation() \(weak); "
          + "the run's task is cancelled"))
  }

  /// With the delegate set, the calls are delivered (fixes at 0, 1, 2 and 3) and the stall
  /// names none.
  @Test func aLocationManagerWithADelegateIsNotNamed() async throws {
    let simulation = try HealthKitSimulation(scenario: outdoorRun())
    let recorder = LocationRecorder()
    let report = try await stallReport(simulation) { simulation in
      let manager = authorizedManager(recorder)
      manager.startUpdatingLocation()
      try await simulation.advance(by: .seconds(3))
      withExtendedLifetime(manager) {}
    }
    #expect(!report.message.contains("had no delegate"))
    #expect(recorder.locations.count == 4)
    #expect(recorder.statuses == [.authorizedWhenInUse, .authorizedWhenInUse])
  }

  /// The watch app activates its session without a delegate at 0: it does not activate, and
  /// the stall names the activation that never comes.
  @Test func aSessionActivatedWithoutADelegateIsNamedByTheStall() async throws {
    let simulation = try HealthKitSimulation(scenario: linkScenario())
    let report = try await stallReport(simulation) { simulation in
      WCSession.default.activate()
      try await simulation.advance(by: .seconds(1))
    }
    #expect(
      report.message.contains(
        "; WCSession on the watch was asked to activate at t = 0 s but had no delegate: set "
          + "session.delegate before activate(): without one the session does not activate and "
          + "session(_:activationDidCompleteWith:error:) never comes (the property is weak: "
          + "keep the delegate object alive); the run's task is cancelled"))
  }

  /// Both sides activated with delegates at 0; the watch app lets its delegate go at 10, then
  /// the phone sends a message (delivered at 10.1, the message latency) and user info
  /// (delivered at 11, the transfer latency): the stall at 12 names both receipts.
  @Test func aSessionThatLetItsDelegateGoIsNamedByTheStall() async throws {
    let simulation = try HealthKitSimulation(scenario: linkScenario())
    let report = try await stallReport(simulation) { simulation in
      try await Self.sendToTheWatch(simulation, dropsDelegate: true)
    }
    let advice =
      "but had no delegate: set session.delegate before activate() (the property is weak: keep "
      + "the delegate object alive)"
    #expect(
      report.message.contains(
        "; WCSession on the watch received a message at t = 10.100 s \(advice); WCSession on "
          + "the watch received user info at t = 11 s \(advice); the run's task is cancelled"))
  }

  /// The same with the watch's delegate kept: both are received, the stall names none.
  @Test func aSessionWithADelegateIsNotNamed() async throws {
    let simulation = try HealthKitSimulation(scenario: linkScenario())
    let watchLog = Mutex<[String]>([])
    let report = try await stallReport(simulation) { simulation in
      let sides = try await Self.sendToTheWatch(simulation, dropsDelegate: false)
      watchLog.withLock { $0 = sides.watchLog.all }
    }
    #expect(!report.message.contains("had no delegate"))
    #expect(
      watchLog.withLock { $0 }.suffix(2) == [
        #"10.1 message {"ping":1}"#, #"11 userInfo {"goal":8000}"#,
      ])
  }

  /// The run of the two tests above, to t = 12.
  @discardableResult
  private static func sendToTheWatch(_ simulation: HealthKitSimulation, dropsDelegate: Bool)
    async throws -> Sides
  {
    let sides = await Sides.make(simulation)
    try await simulation.advance(by: .seconds(10))
    if dropsDelegate { sides.watch.delegate = nil }
    Handled(simulation).send(["ping": 1], from: sides.phone, reply: false)
    sides.phone.transferUserInfo(["goal": 8000])
    try await simulation.advance(by: .seconds(2))
    return sides
  }

  /// A mindfulness session started without a delegate at 0 (the app is active): the stall at 5
  /// names its start.
  @Test func anExtendedRuntimeSessionWithoutADelegateIsNamedByTheStall() async throws {
    let simulation = try watchSimulation(type: .mindfulness)
    let report = try await stallReport(simulation) { simulation in
      let session = WKExtendedRuntimeSession()
      session.start()
      try await simulation.advance(by: .seconds(5))
      withExtendedLifetime(session) {}
    }
    #expect(
      report.message.contains(
        "; WKExtendedRuntimeSession started at t = 0 s but had no delegate: set "
          + "session.delegate before start() (the property is weak: keep the delegate object "
          + "alive); the run's task is cancelled"))
  }

  /// With the delegate set, the start is delivered at 0 and the stall names none.
  @Test func anExtendedRuntimeSessionWithADelegateIsNotNamed() async throws {
    let simulation = try watchSimulation(type: .mindfulness)
    let recorder = RuntimeRecorder(simulation)
    let report = try await stallReport(simulation) { simulation in
      let session = WKExtendedRuntimeSession()
      session.delegate = recorder
      session.start()
      try await simulation.advance(by: .seconds(5))
      withExtendedLifetime(session) {}
    }
    #expect(!report.message.contains("had no delegate"))
    #expect(recorder.recorded.map(\.at) == [0])
    #expect(recorder.recorded.map(\.call) == [.didStart])
  }
}
