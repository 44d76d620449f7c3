// SimulatedNetwork: requests while offline, forwarding while online, NWPathMonitor's calls at the
// offline spans' edges (docs/phone.md#network). The day starts 2026-03-02 00:00 UTC (t = 0).
import Foundation
import Synchronization
import Testing
import WorkoutCore
import WorkoutHealth
import WorkoutScenario
import WorkoutSimTestSupport

@testable import SimulatedHealthKit
@testable import SimulatedNetwork

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A day offline 600–1200 s, and daily 01:00–01:30 local time (3600–5400 s on the first day).
private func networkDay() throws -> HealthKitSimulation {
  var scenario = try decodeScenario(
    #"{ "version": 1, "start": "2026-03-02T00:00:00Z", "timeZone": "UTC" }"#,
    fileName: "network.json")
  scenario.phone.offline = [SimulationInstant.seconds(600)..<SimulationInstant.seconds(1200)]
  scenario.phone.offlineDaily = [
    HealthPlan.TimeOfDaySpan(from: .seconds(3600), to: .seconds(5400))
  ]
  return try HealthKitSimulation(scenario: scenario)
}

/// The `Network` log entries as `event@seconds:identifier:reason`.
private func networkLog(_ simulation: HealthKitSimulation) -> [String] {
  simulation.result.log.compactMap { entry in
    guard case .system(let event) = entry.kind, event.framework == .network else { return nil }
    var reason = ""
    if case .string(let text)? = event.details["reason"] { reason = text }
    return "\(event.event)@\(Int(entry.at.seconds)):\(event.identifier):\(reason)"
  }
}

private final class Statuses: Sendable {
  let entries = Mutex<[String]>([])
  func add(_ text: String) { entries.withLock { $0.append(text) } }
  var all: [String] { entries.withLock { $0 } }
}

@Suite("SimulatedNetwork")
struct NetworkTests {
  @Test(
    "Offline at 700 s: notConnectedToInternet, logged; online at 1300 s: forwarded (refused port)")
  func offlineAndForwarded() async throws {
    let simulation = try networkDay()
    // Port 9 (discard) on 127.0.0.1 has no listener here: a forwarded request is refused by the
    // real network, so its error is cannotConnectToHost, not the simulation's −1009.
    let url = URL(string: "http://127.0.0.1:9/v1/ping")!
    let session = URLSession(configuration: simulation.urlSessionConfiguration())
    try await simulation.advance(by: .seconds(700))
    var offlineCode: URLError.Code?
    do { _ = try await session.data(from: url) } catch let error as URLError {
      offlineCode = error.code
    }
    #expect(offlineCode == .notConnectedToInternet)
    try await simulation.advance(by: .seconds(600))
    var onlineCode: URLError.Code?
    do { _ = try await session.data(from: url) } catch let error as URLError {
      onlineCode = error.code
    }
    #expect(onlineCode == .cannotConnectToHost)
    #expect(networkLog(simulation) == ["requestFailed@700:127.0.0.1/v1/ping:offline"])
  }

  @Test("phoneIsOnline and the next edge: 600 and 1200 (explicit), 3600 and 5400 (daily)")
  func edges() throws {
    let simulation = try networkDay()
    let at = { (seconds: Int64) in SimulationInstant.seconds(seconds) }
    #expect(simulation.phoneIsOnline(at: at(599)))
    #expect(!simulation.phoneIsOnline(at: at(600)))
    #expect(simulation.phoneIsOnline(at: at(1200)))
    #expect(!simulation.phoneIsOnline(at: at(3600)))
    #expect(simulation.phoneIsOnline(at: at(5400)))
    // The next day's daily span: 86 400 + 3600.
    #expect(!simulation.phoneIsOnline(at: at(90_000)))
    #expect(simulation.phoneNetworkEdge(after: at(0)) == at(600))
    #expect(simulation.phoneNetworkEdge(after: at(600)) == at(1200))
    #expect(simulation.phoneNetworkEdge(after: at(1200)) == at(3600))
    #expect(simulation.phoneNetworkEdge(after: at(5400)) == at(90_000))
  }

  @Test("NWPathMonitor: satisfied at start, then a call at each edge, none after cancel")
  func pathMonitor() async throws {
    let simulation = try networkDay()
    let statuses = Statuses()
    try await simulation.run {
      let monitor = NWPathMonitor()
      monitor.pathUpdateHandler = { path in
        statuses.add(
          "\(Int(simulation.now.timeIntervalSince(simulation.startDate))):\(path.status)")
      }
      monitor.start(queue: DispatchQueue(label: "path"))
      try await simulation.advance(by: .seconds(4000))
      #expect(monitor.currentPath.status == .unsatisfied)
      try await simulation.advance(by: .seconds(2000))
      monitor.cancel()
      try await simulation.advance(by: .seconds(86_400))
    }
    // 0 satisfied; 600 off, 1200 on; 3600 off, 5400 on; cancelled at 6000.
    #expect(
      statuses.all == [
        "0:satisfied", "600:unsatisfied", "1200:satisfied", "3600:unsatisfied", "5400:satisfied",
      ])
  }
}
