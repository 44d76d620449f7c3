// Whose process the network's work is (review 29): a URLSession configuration, a hung request
// and an NWPathMonitor belong to the app of the device whose code made them, end with that
// device's crash and survive the other's (docs/swift-api.md#crash-and-recovery). Times are
// seconds from t = 0.
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

/// What the app heard, in order.
private final class Heard: Sendable {
  let entries = Mutex<[String]>([])
  func add(_ text: String) { entries.withLock { $0.append(text) } }
  var all: [String] { entries.withLock { $0 } }
}

@Suite("SimulatedNetwork: the work of the process that made it")
struct NetworkProcessTests {
  /// The phone app's refresh task (BGTaskScheduler is the iPhone app's) launched at 08:15 =
  /// 900 s uploads through a session the phone app's code made (`on(.phone)`); the server hangs
  /// (`hangs` 800–2000 s), and the request's timeout is 20 s, so it would fail at 920 s. At
  /// 910 s `crashed`'s app dies. The watch app's crash leaves the phone's upload alone: it fails
  /// at 920 (`requestFailed`, `.timedOut` heard) and the task completes then. The phone app's
  /// crash ends it: the task is dropped at 910, nothing is logged at 920 and the app hears
  /// nothing. Before the change the request was the watch app's: the watch's crash ended it
  /// (no `requestFailed`) and the phone's did not (the dead process heard `.timedOut`).
  @Test(
    "A phone task's hung upload ends with the phone app's crash, not the watch app's",
    arguments: [HealthKitSimulation.Device.watch, .phone])
  func aPhoneUploadEndsWithThePhonesCrash(crashed: HealthKitSimulation.Device) async throws {
    var phone = Scenario.Phone()
    phone.hangs = [SimulationInstant.seconds(800)..<SimulationInstant.seconds(2000)]
    let simulation = try phoneSimulation(phone: phone, start: "2026-01-05T08:00:00Z")
    let heard = Heard()
    try await simulation.run {
      let session = await simulation.on(.phone) {
        URLSession(configuration: simulation.urlSessionConfiguration())
      }
      BGTaskScheduler.shared.register(forTaskWithIdentifier: "upload", using: nil) { task in
        let box = UncheckedTask(task)
        Task {
          let url = URL(string: "http://127.0.0.1:9/v1/samples")!
          do {
            _ = try await session.data(for: URLRequest(url: url, timeoutInterval: 20))
          } catch let error as URLError {
            heard.add("\(error.code.rawValue)")
          }
          box.task.setTaskCompleted(success: false)
        }
      }
      try BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "upload"))
      try await simulation.advance(by: .seconds(910))
      await simulation.crash(crashed)
      try await simulation.advance(by: .seconds(90))
    }
    let network = systemLog(simulation, .network).map { "\($0.event)@\(Int($0.at))" }
    let tasks = systemLog(simulation, .backgroundTasks).filter { $0.event != "submitted" }
      .map { "\($0.event)@\(Int($0.at))" }
    switch crashed {
    case .watch:
      #expect(network == ["requestHung@900", "requestFailed@920"])
      // URLError.timedOut is −1001.
      #expect(heard.all == ["-1001"])
      #expect(tasks == ["launched@900", "completed@920"])
    case .phone:
      #expect(network == ["requestHung@900"])
      #expect(heard.all.isEmpty)
      #expect(tasks == ["launched@900", "dropped@910"])
    }
  }

  /// Two monitors from 0 s: the phone app's (made inside `on(.phone)`) and the watch app's
  /// (inside `on(.watch)`); the phone is offline 600–1200 s. `first`'s app crashes at 300 s, the
  /// other's at 900 s. Each monitor is told the path at 0 and then at 600 only while its own
  /// app lives: the one whose app crashed at 300 hears nothing more, the other hears 600, and
  /// neither hears 1200. Each call runs as its monitor's device's code. Before the change both
  /// monitors were the watch app's: the watch's crash ended both, the phone's neither, and the
  /// handlers ran as the code of no `on`.
  @Test(
    "NWPathMonitor ends with its own device's crash and calls its handler as that device's code",
    arguments: [HealthKitSimulation.Device.watch, .phone])
  func pathMonitorsEndWithTheirOwnDevice(first: HealthKitSimulation.Device) async throws {
    var phone = Scenario.Phone()
    phone.offline = [SimulationInstant.seconds(600)..<SimulationInstant.seconds(1200)]
    let simulation = try phoneSimulation(phone: phone)
    let heard = Heard()
    let monitor = { (name: String) in
      let monitor = NWPathMonitor()
      monitor.pathUpdateHandler = { path in
        let seconds = Int(simulation.now.timeIntervalSince(simulation.startDate))
        let device = HealthKitSimulation.currentDevice.map { "\($0)" } ?? "none"
        heard.add("\(name) \(seconds) \(device) \(path.status)")
      }
      monitor.start(queue: DispatchQueue(label: name))
      return monitor
    }
    try await simulation.run {
      let phoneMonitor = await simulation.on(.phone) { monitor("P") }
      let watchMonitor = await simulation.on(.watch) { monitor("W") }
      try await simulation.advance(by: .seconds(300))
      await simulation.crash(first)
      try await simulation.advance(by: .seconds(600))
      await simulation.crash(first == .watch ? .phone : .watch)
      try await simulation.advance(by: .seconds(600))
      withExtendedLifetime((phoneMonitor, watchMonitor)) {}
    }
    let survivor = first == .watch ? "P 600 phone unsatisfied" : "W 600 watch unsatisfied"
    #expect(
      heard.all == ["P 0 phone satisfied", "W 0 watch satisfied", survivor])
  }
}
