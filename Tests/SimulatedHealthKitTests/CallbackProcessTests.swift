import Foundation
import Synchronization
import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// What app code heard, as "name device" lines (`device` the code it ran as: `phone`, `watch`,
/// or `none` outside every `on`), in order.
private final class Heard: Sendable {
  let entries = Mutex<[String]>([])
  func add(_ name: String) {
    let device = HealthKitSimulation.currentDevice.map { "\($0)" } ?? "none"
    entries.withLock { $0.append("\(name) \(device)") }
  }
  var all: [String] { entries.withLock { $0 } }
}

/// A live builder delegate that notes whose code each `didCollectDataOf` runs as.
private final class CollectNoter: NSObject, HKLiveWorkoutBuilderDelegate, Sendable {
  let heard = Heard()
  let name: String
  init(_ name: String) { self.name = name }

  func workoutBuilder(
    _ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>
  ) { heard.add(name) }

  func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder) {}
}

/// Review 29's open item on callbacks (docs/swift-api.md#whose-code-a-callback-runs-as): the
/// live builder's `didCollectDataOf`, HealthKit query handlers and HealthKit's completion
/// handlers run as the code of the device whose app made the object or the call, and a query's
/// handler or a completion handler of a device's app is not run once that app has crashed.
@Suite("HealthKit callbacks run as their device's code")
struct CallbackProcessTests {
  /// A 30-minute run at 3.2 m/s from 2026-03-02 12:00 UTC (t = 0).
  static func run() throws -> HealthKitSimulation {
    try HealthKitSimulation(
      scenario: decodeScenario(
        """
        { "version": 1, "start": "2026-03-02T12:00:00Z", "timeZone": "UTC",
          "activity": "running", "course": [{ "duration": 1800, "speed": 3.2 }],
          "sensors": { "activeEnergyBurned": { "constant": 1 } } }
        """, fileName: "run.json"))
  }

  /// The phone app's own workout (a session made inside `on(.phone)`) and the watch app's
  /// (inside `on(.watch)`) collect side by side for 30 s: every `didCollectDataOf` of the
  /// phone's builder runs as the phone's code, every one of the watch's as the watch's. Before
  /// the change both ran as the code of no `on` (`none`).
  @Test func aLiveBuildersDelegateRunsAsItsSessionsDevice() async throws {
    let simulation = try Self.run()
    let phone = CollectNoter("P")
    let watch = CollectNoter("W")
    try await simulation.run {
      var sessions: [HKWorkoutSession] = []
      for (device, noter) in [(HealthKitSimulation.Device.phone, phone), (.watch, watch)] {
        let (session, builder) = try await simulation.on(device) {
          try await startedRun(HKHealthStore(), simulation)
        }
        builder.delegate = noter
        sessions.append(session)
      }
      try await simulation.advance(by: .seconds(30))
      withExtendedLifetime(sessions) {}
    }
    #expect(!phone.heard.all.isEmpty)
    #expect(!watch.heard.all.isEmpty)
    #expect(Set(phone.heard.all) == ["P phone"])
    #expect(Set(watch.heard.all) == ["W watch"])
  }

  /// A sample query each from a store made inside `on(.phone)`, inside `on(.watch)` and
  /// outside `on`, executed at 0 s; the phone app crashes before the next delivery. The phone
  /// query's results handler never runs (its process is gone); the watch's runs as the watch's
  /// code, the one of no `on` as such. Then, after `relaunch(.phone)`, a new phone query's
  /// handler runs as the phone's code. Before the change the crashed phone app's handler ran
  /// after the crash, and every handler ran as the code of no `on`.
  @Test func aQueryHandlerRunsAsItsStoresDeviceAndNotAfterItsCrash() async throws {
    let simulation = try observedDay(samples: "[]")
    let heard = Heard()
    let steps = HKQuantityType(.stepCount)
    let query = { (name: String) in
      HKSampleQuery(sampleType: steps, predicate: nil, limit: 0, sortDescriptors: nil) {
        _, _, _ in heard.add(name)
      }
    }
    try await simulation.run {
      let phone = await simulation.on(.phone) { HKHealthStore() }
      let watch = await simulation.on(.watch) { HKHealthStore() }
      let plain = HKHealthStore()
      for store in [phone, watch, plain] {
        try await store.requestAuthorization(toShare: [], read: [steps])
      }
      phone.execute(query("P"))
      watch.execute(query("W"))
      plain.execute(query("N"))
      await simulation.crash(.phone)
      await simulation.relaunch(.phone)
      let relaunched = await simulation.on(.phone) { HKHealthStore() }
      relaunched.execute(query("P2"))
      await simulation.settle()
    }
    #expect(heard.all == ["W watch", "N none", "P2 phone"])
  }

  /// An anchored query's update handler (a store made inside `on(.phone)`) runs as the phone's
  /// code for a save the phone app makes at 10 s; a save at 20 s whose update and completion
  /// are queued when the phone app crashes reaches neither (the process is gone). After
  /// `relaunch(.phone)`, a save from inside `on(.watch)` with the phone app's second crash
  /// between: its completion runs, as the watch's code. Before the change the dead phone app's update handler and completion ran
  /// after its crash, and every call ran as the code of no `on`.
  @Test func updateAndCompletionHandlersRunAsTheirDeviceAndNotAfterItsCrash() async throws {
    let simulation = try observedDay(samples: "[]")
    let heard = Heard()
    let steps = HKQuantityType(.stepCount)
    let sample = { (seconds: Double) in
      let at = simulation.startDate.addingTimeInterval(seconds)
      return HKQuantitySample(
        type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 10), start: at, end: at)
    }
    try await simulation.run {
      let phone = await simulation.on(.phone) { HKHealthStore() }
      let watch = await simulation.on(.watch) { HKHealthStore() }
      for store in [phone, watch] {
        try await store.requestAuthorization(toShare: [steps], read: [steps])
      }
      let query = HKAnchoredObjectQuery(
        type: steps, predicate: nil, anchor: nil, limit: HKObjectQueryNoLimit
      ) { _, added, _, _, _ in heard.add("initial \(added?.count ?? -1)") }
      query.updateHandler = { _, added, _, _, _ in heard.add("update \(added?.count ?? -1)") }
      phone.execute(query)
      try await simulation.advance(by: .seconds(10))
      await simulation.on(.phone) {
        phone.save(sample(10)) { ok, _ in heard.add("saved \(ok)") }
      }
      try await simulation.advance(by: .seconds(10))
      await simulation.on(.phone) {
        phone.save(sample(20)) { ok, _ in heard.add("lost \(ok)") }
      }
      await simulation.crash(.phone)
      await simulation.relaunch(.phone)
      await simulation.on(.watch) {
        watch.save(sample(20.5)) { ok, _ in heard.add("kept \(ok)") }
      }
      await simulation.crash(.phone)
      try await simulation.advance(by: .seconds(10))
    }
    #expect(
      heard.all == [
        "initial 0 phone", "update 1 phone", "saved true phone", "kept true watch",
      ])
  }
}
