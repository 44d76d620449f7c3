import Foundation
import SimulatedCoreMotion
import SimulatedHealthKit
import Testing
import WorkoutSimTestSupport

/// What a fall detection delegate saw, one line per call: `fall <t> <resolution raw>` (t: the
/// event's date in seconds from t = 0) and `auth <status raw>`. It calls the completion
/// handler unless `answers` is false.
final class FallRecorder: NSObject, CMFallDetectionDelegate, @unchecked Sendable {
  let start: Date
  let answers: Bool
  let lock = NSLock()
  nonisolated(unsafe) var lines: [String] = []

  init(start: Date, answers: Bool = true) {
    self.start = start
    self.answers = answers
  }

  func fallDetectionManager(
    _ fallDetectionManager: CMFallDetectionManager, didDetect event: CMFallDetectionEvent,
    completionHandler handler: @escaping @Sendable () -> Void
  ) {
    let line = "fall \(event.date.timeIntervalSince(start)) \(event.resolution.rawValue)"
    lock.withLock { lines.append(line) }
    if answers { handler() }
  }

  func fallDetectionManagerDidChangeAuthorization(_ fallDetectionManager: CMFallDetectionManager) {
    let line = "auth \(fallDetectionManager.authorizationStatus.rawValue)"
    lock.withLock { lines.append(line) }
  }

  /// Records the authorization handler's answer: `answer <status raw>`.
  func answer(_ status: CMAuthorizationStatus) {
    lock.withLock { lines.append("answer \(status.rawValue)") }
  }

  var all: [String] { lock.withLock { lines } }
}

/// A delegate that implements only the `async` form.
final class AsyncFallRecorder: NSObject, CMFallDetectionDelegate, @unchecked Sendable {
  let lock = NSLock()
  nonisolated(unsafe) var resolutions: [Int] = []

  func fallDetectionManager(
    _ fallDetectionManager: CMFallDetectionManager, didDetect event: CMFallDetectionEvent
  ) async {
    lock.withLock { resolutions.append(event.resolution.rawValue) }
  }
}

/// The entitlement and the usage description granted; `extra` adds top-level members.
private func fallScenario(extra: String = "", entitled: Bool = true, usage: Bool = true) -> String {
  let plist =
    usage
    ? #""NSFallDetectionUsageDescription": "Falls""# : #""NSMotionUsageDescription": "Motion""#
  return #"""
    { "version": 1, "start": "2026-03-02T08:00:00Z", \#(extra)
      "app": { "infoPlist": { \#(plist) } },
      "motion": { "fallDetection": { "entitlement": \#(entitled) } } }
    """#
}

/// A simulation of ``fallScenario(extra:entitled:usage:)``.
private func fallSimulation(extra: String = "", entitled: Bool = true, usage: Bool = true) throws
  -> HealthKitSimulation
{
  try HealthKitSimulation(
    scenario: decodeScenario(
      fallScenario(extra: extra, entitled: entitled, usage: usage), fileName: "fall.json"))
}

/// Inside `simulation`'s run: a fall detection manager whose delegate is `delegate`, its
/// authorization asked for and answered (1 s later, at the scenario's grant).
private func askedManager(
  delegate: (any CMFallDetectionDelegate)?, _ simulation: HealthKitSimulation
) async throws -> CMFallDetectionManager {
  let manager = CMFallDetectionManager()
  manager.delegate = delegate
  manager.requestAuthorization { _ in }
  try await simulation.advance(by: .seconds(1))
  return manager
}

@Suite("CoreMotion: CMFallDetectionManager and simulation.fall(resolution:)")
struct FallDetectionTests {
  /// notDetermined (0) before the request; the request answers authorized (3) to the handler
  /// and then the delegate; a fall at t = 10 with `.rejected` (2) reaches the delegate dated 10;
  /// the handler is called, so no hold expires.
  @Test func anAuthorizedFallReachesTheDelegate() async throws {
    let simulation = try fallSimulation()
    simulation.appWorkGrace = .milliseconds(200)
    let recorder = FallRecorder(start: simulation.startDate)
    var before = -1
    var after = -1
    var available = false
    try await simulation.run {
      available = CMFallDetectionManager.isAvailable
      let manager = CMFallDetectionManager()
      manager.delegate = recorder
      before = manager.authorizationStatus.rawValue
      manager.requestAuthorization { recorder.answer($0) }
      try await simulation.advance(by: .seconds(10))
      after = manager.authorizationStatus.rawValue
      simulation.fall(resolution: .rejected)
      try await simulation.advance(by: .seconds(10))
      withExtendedLifetime(manager) {}
    }
    #expect(available)
    #expect(before == 0)
    #expect(after == 3)
    #expect(recorder.all == ["answer 3", "auth 3", "fall 10.0 2"])
    #expect(!simulation.reports.contains { $0.kind == .holdExpired })
  }

  /// A fall before the user answered is kept; authorizing delivers it (Apple: the latest
  /// event once authorized). Two falls at 5 (confirmed, 0) and 8 (unresponsive, 3): only the
  /// latest, dated 8, after the authorization change.
  @Test func aFallBeforeAuthorizationComesWhenAuthorized() async throws {
    let simulation = try fallSimulation()
    let recorder = FallRecorder(start: simulation.startDate)
    try await simulation.run {
      let manager = CMFallDetectionManager()
      manager.delegate = recorder
      try await simulation.advance(by: .seconds(5))
      simulation.fall(resolution: .confirmed)
      try await simulation.advance(by: .seconds(3))
      simulation.fall(resolution: .unresponsive)
      try await simulation.advance(by: .seconds(2))
      #expect(recorder.all.isEmpty)
      manager.requestAuthorization { _ in }
      try await simulation.advance(by: .seconds(1))
      withExtendedLifetime(manager) {}
    }
    #expect(recorder.all == ["auth 3", "fall 8.0 3"])
  }

  /// A fall when the only manager's delegate (held weakly) was freed is not lost: kept, it
  /// reaches the delegate set at 5, dated 1 with `.confirmed` (0); nobody was called, so no
  /// warning.
  @Test func aFallWithNoDelegateLeftIsKept() async throws {
    let simulation = try fallSimulation()
    let recorder = FallRecorder(start: simulation.startDate)
    try await simulation.run {
      var gone: FallRecorder? = FallRecorder(start: simulation.startDate)
      let manager = try await askedManager(delegate: gone, simulation)
      gone = nil
      simulation.fall(resolution: .confirmed)
      try await simulation.advance(by: .seconds(4))
      manager.delegate = recorder
      try await simulation.advance(by: .seconds(1))
      withExtendedLifetime(manager) {}
      withExtendedLifetime(gone) {}
    }
    #expect(recorder.all == ["fall 1.0 0"])
    #expect(!simulation.reports.contains { $0.kind == .notDelivered })
  }

  /// A delegate freed between the fall (at 1, `.rejected`, 2) and the call: the fall is kept
  /// again with a `notDelivered` warning naming the delegate method, and the delegate set at
  /// 5 gets it, dated 1.
  @Test func aFallWhoseDelegateWentBeforeTheCallIsKeptAndReported() async throws {
    let simulation = try fallSimulation()
    let recorder = FallRecorder(start: simulation.startDate)
    try await simulation.run {
      var gone: FallRecorder? = FallRecorder(start: simulation.startDate)
      let manager = try await askedManager(delegate: gone, simulation)
      simulation.fall(resolution: .rejected)
      gone = nil
      try await simulation.advance(by: .seconds(4))
      manager.delegate = recorder
      try await simulation.advance(by: .seconds(1))
      withExtendedLifetime(manager) {}
      withExtendedLifetime(gone) {}
    }
    #expect(recorder.all == ["fall 1.0 2"])
    let reports = simulation.reports.filter { $0.kind == .notDelivered }
    #expect(reports.map(\.call) == ["fallDetectionManager(_:didDetect:completionHandler:)"])
    #expect(reports.first?.framework == "CoreMotion")
  }

  /// Denied: the status is denied (2) and no fall reaches the delegate.
  @Test func deniedFallsNeverArrive() async throws {
    let simulation = try fallSimulation(extra: #""authorization": { "fallDetection": "denied" },"#)
    let recorder = FallRecorder(start: simulation.startDate)
    try await simulation.run {
      let manager = try await askedManager(delegate: recorder, simulation)
      simulation.fall(resolution: .confirmed)
      try await simulation.advance(by: .seconds(10))
      withExtendedLifetime(manager) {}
    }
    #expect(recorder.all == ["auth 2"])
  }

  /// A completion handler never called: virtual time waits at the fall for `appWorkGrace`,
  /// then the advance throws the expired hold, naming the delegate method at t = 1.
  @Test func aCompletionHandlerNeverCalledIsReported() async throws {
    let simulation = try fallSimulation()
    simulation.appWorkGrace = .milliseconds(50)
    let recorder = FallRecorder(start: simulation.startDate, answers: false)
    try await simulation.run {
      let manager = try await askedManager(delegate: recorder, simulation)
      simulation.fall(resolution: .dismissed)
      let unanswered = await #expect(throws: HealthKitSimulation.UnfinishedWork.self) {
        try await simulation.advance(by: .seconds(10))
      }
      #expect(
        unanswered?.reports.map { "\($0.framework) \($0.call) \($0.seconds)" } == [
          "CoreMotion the completion handler of fallDetectionManager(_:didDetect:completionHandler:) 1.0"
        ])
      withExtendedLifetime(manager) {}
    }
    #expect(recorder.all == ["auth 3", "fall 1.0 1"])
  }

  /// A delegate with only the `async` form gets the fall (the default completion form calls
  /// it, then the handler: no hold expires).
  @Test func theAsyncFormGetsTheFall() async throws {
    let simulation = try fallSimulation()
    simulation.appWorkGrace = .milliseconds(200)
    let recorder = AsyncFallRecorder()
    try await simulation.run {
      let manager = try await askedManager(delegate: recorder, simulation)
      simulation.fall(resolution: .confirmed)
      try await simulation.advance(by: .seconds(5))
      withExtendedLifetime(manager) {}
    }
    #expect(recorder.lock.withLock { recorder.resolutions } == [0])
    #expect(!simulation.reports.contains { $0.kind == .holdExpired })
  }

  /// Without the entitlement making the manager traps; without the usage description asking
  /// for authorization traps.
  @Test func refusalsTrap() async {
    await #expect(processExitsWith: .failure) {
      let simulation = try fallSimulation(entitled: false)
      await simulation.run { _ = CMFallDetectionManager() }
    }
    await #expect(processExitsWith: .failure) {
      let simulation = try fallSimulation(usage: false)
      await simulation.run { CMFallDetectionManager().requestAuthorization { _ in } }
    }
  }
}
