// The faults `workout-sim explore` draws for the phone's frameworks, as the scenario keys they
// become: `phone.network.serverErrors`, `phone.network.hangs` (SimulatedNetwork) and
// `phone.taskExpiry` (SimulatedBackgroundTasks); docs/phone.md#server-faults. The day starts
// 2026-01-05 08:00 UTC (t = 0), UTC.
import Foundation
import SimulatedBackgroundTasks
import Synchronization
import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSystem

@testable import SimulatedHealthKit
@testable import SimulatedNetwork

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Port 9 (discard) on 127.0.0.1 has no listener: a request that reached the real network would
/// fail with `cannotConnectToHost`, so any other answer came from the simulation.
private let unreachable = URL(string: "http://127.0.0.1:9/v1/samples")!

/// The URL error codes the app saw.
private final class Codes: Sendable {
  let entries = Mutex<[URLError.Code]>([])
  func add(_ code: URLError.Code) { entries.withLock { $0.append(code) } }
  var all: [URLError.Code] { entries.withLock { $0 } }
}

@Suite("Server errors, hung servers and expiring background tasks")
struct ServerAndTaskFaultTests {
  func makeSimulation(_ configure: (inout Scenario.Phone) -> Void) throws -> HealthKitSimulation {
    var phone = Scenario.Phone()
    configure(&phone)
    return try phoneSimulation(phone: phone, start: "2026-01-05T08:00:00Z")
  }

  @Test("A request at 1350 s in a serverErrors span 1300–1400 gets 503 without the server")
  func serverError() async throws {
    let simulation = try makeSimulation {
      $0.serverErrors = [SimulationInstant.seconds(1300)..<SimulationInstant.seconds(1400)]
    }
    let session = URLSession(configuration: simulation.urlSessionConfiguration())
    try await simulation.advance(by: .seconds(1350))
    let (data, response) = try await session.data(from: unreachable)
    #expect((response as? HTTPURLResponse)?.statusCode == 503)
    #expect(data.isEmpty)
    let log = systemLog(simulation, .network)
    #expect(
      log.map { "\($0.event)@\(Int($0.at)):\($0.identifier)" } == [
        "serverError@1350:127.0.0.1/v1/samples"
      ])
    #expect(log.first?.details["status"] == SystemEvent.Value.integer(503))
    // At 1400 s the span is over (half-open): the request reaches the real network.
    try await simulation.advance(by: .seconds(50))
    await #expect(throws: URLError.self) { _ = try await session.data(from: unreachable) }
  }

  @Test(
    "A refresh at 900 s whose request (timeout 20 s) hangs (hangs 600–1200): it fails at 920 s, the task completes then, before its expiry at 930 s"
  )
  func hang() async throws {
    let simulation = try makeSimulation {
      $0.hangs = [SimulationInstant.seconds(600)..<SimulationInstant.seconds(1200)]
    }
    let session = URLSession(configuration: simulation.urlSessionConfiguration())
    let codes = Codes()
    // The launch handler's hold keeps virtual time at 900 s until the request has started (a
    // request's startLoading runs on URLSession's own thread); then the hang lets it move.
    try await simulation.run {
      BGTaskScheduler.shared.register(forTaskWithIdentifier: "upload", using: nil) { task in
        let box = UncheckedTask(task)
        Task {
          do {
            _ = try await session.data(for: URLRequest(url: unreachable, timeoutInterval: 20))
          } catch let error as URLError {
            codes.add(error.code)
          }
          box.task.setTaskCompleted(success: false)
        }
      }
      try BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "upload"))
      try await simulation.advance(by: .seconds(1000))
    }
    #expect(codes.all == [.timedOut])
    let log = systemLog(simulation, .network)
    // Launched at 08:15 = 900 s; 900 + 20 = 920 s.
    #expect(log.map { "\($0.event)@\(Int($0.at))" } == ["requestHung@900", "requestFailed@920"])
    #expect(log.first?.details["timeoutAt"] == SystemEvent.Value.instant(.seconds(920)))
    #expect(log.last?.details["reason"] == SystemEvent.Value.string("timedOut"))
    let tasks = systemLog(simulation, .backgroundTasks).filter { $0.event != "submitted" }
    #expect(tasks.map { "\($0.event)@\(Int($0.at))" } == ["launched@900", "completed@920"])
  }

  @Test(
    "A refresh launched at 900 s in a taskExpiry span 800–1000 expires at 900 s, not 930 s; one without an expiration handler is logged so"
  )
  func taskExpiry() async throws {
    let simulation = try makeSimulation {
      $0.taskExpiry = [SimulationInstant.seconds(800)..<SimulationInstant.seconds(1000)]
    }
    let recorder = LaunchRecorder()
    try await simulation.run {
      BGTaskScheduler.shared.register(forTaskWithIdentifier: "handled", using: nil) { task in
        recorder.record(simulation, task, handler: "handled")
        let box = UncheckedTask(task)
        task.expirationHandler = {
          recorder.expired(simulation)
          box.task.setTaskCompleted(success: false)
        }
        // The work goes on past the launch handler: not completed here.
      }
      try BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "handled"))
      // Submitted at 08:00: launched at the next quarter hour, 08:15 = 900 s, in the span.
      try await simulation.advance(by: .seconds(1000))
    }
    #expect(recorder.launchSeconds == [900])
    #expect(recorder.expirations == [900])
    let log = systemLog(simulation, .backgroundTasks).filter { $0.event != "submitted" }
    #expect(log.map { "\($0.event)@\(Int($0.at))" } == ["launched@900", "expired@900"])
    #expect(log.last?.details["handler"] == SystemEvent.Value.bool(true))
    #expect(log.last?.details["early"] == SystemEvent.Value.bool(true))

    // The same launch with no expiration handler: Apple marks the task complete and
    // unsuccessful; the log says the handler was missing.
    let bare = try makeSimulation {
      $0.taskExpiry = [SimulationInstant.seconds(800)..<SimulationInstant.seconds(1000)]
    }
    try await bare.run {
      BGTaskScheduler.shared.register(forTaskWithIdentifier: "bare", using: nil) { _ in }
      try BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "bare"))
      try await bare.advance(by: .seconds(1000))
    }
    let bareLog = systemLog(bare, .backgroundTasks).filter { $0.event != "submitted" }
    #expect(bareLog.map { "\($0.event)@\(Int($0.at))" } == ["launched@900", "expired@900"])
    #expect(bareLog.last?.details["handler"] == SystemEvent.Value.bool(false))
  }

  @Test(
    "A refresh at 900 s whose upload hangs (timeout 60 s): time moves on, the task expires at 930 s, the request fails at 960 s"
  )
  func hangInsideABackgroundTask() async throws {
    let simulation = try makeSimulation {
      $0.hangs = [SimulationInstant.seconds(800)..<SimulationInstant.seconds(2000)]
    }
    let recorder = LaunchRecorder()
    let session = URLSession(configuration: simulation.urlSessionConfiguration())
    try await simulation.run {
      BGTaskScheduler.shared.register(forTaskWithIdentifier: "upload", using: nil) { task in
        recorder.record(simulation, task, handler: "upload")
        let box = UncheckedTask(task)
        task.expirationHandler = { recorder.expired(simulation) }
        Task {
          let request = URLRequest(url: unreachable, timeoutInterval: 60)
          let uploaded = (try? await session.data(for: request)) != nil
          box.task.setTaskCompleted(success: uploaded)
        }
      }
      try BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "upload"))
      try await simulation.advance(by: .seconds(1000))
    }
    // Launch at 900; the refresh's 30 s run out at 930; the request's 60 s at 960.
    #expect(recorder.launchSeconds == [900])
    #expect(recorder.expirations == [930])
    let network = systemLog(simulation, .network).map { "\($0.event)@\(Int($0.at))" }
    #expect(network == ["requestHung@900", "requestFailed@960"])
    let tasks = systemLog(simulation, .backgroundTasks).filter { $0.event != "submitted" }
    #expect(tasks.map { "\($0.event)@\(Int($0.at))" } == ["launched@900", "expired@930"])
    #expect(simulation.reports.isEmpty)
  }
}
