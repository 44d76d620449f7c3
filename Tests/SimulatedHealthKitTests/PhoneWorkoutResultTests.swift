import Foundation
import Synchronization
import Testing
import WorkoutCore
import WorkoutJSON
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSimulation
import WorkoutSystem

@testable import SimulatedHealthKit

/// Issue 28's last items (docs/phone.md#the-iphones-own-workouts): the phone engine's log,
/// errors and probes in the run result; mirroring refused on the phone's own session; the lock
/// rule for long-running queries' updates.
extension PhoneWorkoutTests {
  /// Both pauses fail before any start (HealthKit's "Unable to perform 'pause' from current
  /// state 'notStarted'"), the phone's first in the file; the result lists the watch's first
  /// at the one instant (docs/run-result.md#log), each tagged with its device.
  static let twoDevicesTimeline = """
    [{ "at": 0, "do": "pause", "device": "phone" },
     { "at": 0, "do": "pause" },
     { "at": 0, "do": "start", "device": "phone" },
     { "at": 305, "do": "probe", "device": "phone" },
     { "at": 305, "do": "probe" },
     { "at": 600, "do": "end", "device": "phone" }]
    """

  @Test func thePhoneEnginesErrorsLogAndProbesReachTheResult() throws {
    let result = try Simulation.run(phoneRun(strap: nil, timeline: Self.twoDevicesTimeline))
    let message = "Unable to perform 'pause' from current state 'notStarted'"
    #expect(result.errors.map(\.device) == [.watch, .phone])
    #expect(result.errors.map(\.message) == [message, message])
    #expect(result.errors.map(\.at) == [.zero, .zero])
    // At t = 0 every watch entry comes before every phone entry.
    let atZero = result.log.filter { $0.at == .zero }.map(\.device)
    let lastWatch = try #require(atZero.lastIndex(of: .watch))
    let firstPhone = try #require(atZero.firstIndex(of: .phone))
    #expect(lastWatch < firstPhone)
    // The phone's session changes and its saved record are the phone's entries.
    let phone = result.log.filter { $0.device == .phone }
    #expect(phone.contains { $0.kind == .stateChange(from: .notStarted, to: .running) })
    #expect(phone.contains { $0.kind == .record(id: result.records[0].id) })
    #expect(
      !result.log.contains { $0.device == .watch && $0.kind == .record(id: result.records[0].id) })
    // The log stays in time order.
    #expect(result.log.map(\.at) == result.log.map(\.at).sorted())
    // Probes in timeline order: the phone's, then the watch's. The phone's at 305 s: running
    // since 0, 305 s elapsed; 30 energy spans of 10 s ended by then (the last at 300 s), 1 kcal
    // and 3.2 × 10 = 32 m each: 30 kcal, 960 m; no heart rate without a strap.
    #expect(result.probes.map(\.device) == [.phone, .watch])
    let probe = result.probes[0]
    #expect(probe.state == .running)
    #expect(probe.elapsed == .seconds(305))
    #expect(probe.activeEnergyBurned == 30)
    #expect(abs((probe.distance ?? 0) - 960) < 960e-12)
    #expect(probe.heartRate == nil)
    // The watch app's session never started: nothing elapsed.
    #expect(result.probes[1].state == .notStarted)
    #expect(result.probes[1].elapsed == .zero)
  }

  /// The JSON: `"device": "phone"` on the phone's errors, entries and probes only.
  @Test func theDocumentTagsThePhonesEntriesOnly() throws {
    let result = try Simulation.run(phoneRun(strap: nil, timeline: Self.twoDevicesTimeline))
    let document = result.document()
    guard case .array(let errors)? = document["errors"], case .array(let log)? = document["log"],
      case .array(let probes)? = document["probes"]
    else {
      Issue.record("no errors, log or probes")
      return
    }
    #expect(errors.map { $0["device"] } == [nil, .string("phone")])
    #expect(probes.map { $0["device"] } == [.string("phone"), nil])
    let tagged = log.filter { $0["device"] == .string("phone") }.count
    #expect(tagged == result.log.filter { $0.device == .phone }.count)
    #expect(tagged > 0)
    #expect(log.allSatisfy { $0["device"] == nil || $0["device"] == .string("phone") })
  }

  /// The Swift door plays the same timeline (the scripted app's calls through HealthKit): the
  /// same errors and the same phone probe.
  @Test func bothDoorsGiveThePhonesErrorsAndProbe() async throws {
    let scenario = try phoneRun(strap: nil, timeline: Self.twoDevicesTimeline)
    let cli = try Simulation.run(scenario)
    let api = try await ScriptedApp.run(scenario)
    // App code's calls are made one after the other: compared without their order.
    func described(_ result: RunResult) -> Set<String> {
      Set(result.errors.map { "\($0.device) \($0.action) \($0.message)" })
    }
    #expect(described(api) == described(cli))
    #expect(api.errors.count == 2)
    #expect(api.probes.first == cli.probes.first)
    #expect(api.probes.first?.device == .phone)
  }

  /// App code's illegal call on the phone's session is the phone's error in the result.
  @Test func anIllegalCallOnThePhonesSessionIsThePhonesError() async throws {
    let simulation = try HealthKitSimulation(scenario: phoneRun(strap: nil))
    try await simulation.run {
      try await simulation.on(.phone) {
        let store = HKHealthStore()
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .running
        let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
        session.pause()
        await simulation.settle()
      }
    }
    let errors = simulation.result.errors
    #expect(errors.map(\.device) == [.phone])
    #expect(errors.map(\.message) == ["Unable to perform 'pause' from current state 'notStarted'"])
    #expect(simulation.result.log.contains { $0.device == .phone && $0.kind == .error(errors[0]) })
  }

  /// Mirroring is watchOS's (Apple lists `startMirroringToCompanionDevice` for watchOS 10 only):
  /// the iPhone's own session refuses to mirror and has no remote session to send to.
  @Test func thePhonesOwnSessionRefusesMirroring() async throws {
    let simulation = try HealthKitSimulation(scenario: phoneRun(strap: nil))
    try await simulation.run {
      try await simulation.on(.phone) {
        let store = HKHealthStore()
        let (session, _) = try await startedRun(store, simulation)
        await #expect(
          throws: HKError(.errorInvalidArgument, HKWorkoutSession.phoneSessionDoesNotMirror)
        ) {
          try await session.startMirroringToCompanionDevice()
        }
        await #expect(
          throws: HKError(.errorInvalidArgument, HKWorkoutSession.phoneSessionDoesNotMirror)
        ) {
          try await session.stopMirroringToCompanionDevice()
        }
        await #expect(
          throws: HKError(.errorInvalidArgument, HKWorkoutSession.phoneSessionHasNoRemote)
        ) {
          try await session.sendToRemoteWorkoutSession(data: Data([1, 2, 3]))
        }
        #expect(HKWorkoutSession.phoneSessionDoesNotMirror.contains("watchOS only"))
        session.end()
      }
    }
  }

  /// A send the iPhone's own session refuses is in the run result, as the watch side's refused
  /// sends are (sweep 28; docs/phone-link.md#mirrored-workout-sessions): one
  /// `remoteDataSendFailed` entry of the phone's engine per refusal, from the phone, with its
  /// size and the reason `noRemoteSession` (code 3, `errorInvalidArgument`, what the app got).
  /// Here 3 bytes at 0 s and 5 bytes at 10 s: two entries, at 0 and 10 s, mirroring 0 (the
  /// phone mirrors nothing).
  @Test func aRefusedSendFromThePhonesOwnSessionIsLogged() async throws {
    let simulation = try HealthKitSimulation(scenario: phoneRun(strap: nil))
    try await simulation.run {
      try await simulation.on(.phone) {
        let (session, _) = try await startedRun(HKHealthStore(), simulation)
        await #expect(throws: HKError.self) {
          try await session.sendToRemoteWorkoutSession(data: Data([1, 2, 3]))
        }
        try await simulation.advance(by: .seconds(10))
        await #expect(throws: HKError.self) {
          try await session.sendToRemoteWorkoutSession(data: Data([1, 2, 3, 4, 5]))
        }
        session.end()
      }
    }
    let failed = simulation.result.log.compactMap { entry -> (LogEntry, MirroringEvent)? in
      guard case .mirroring(let event) = entry.kind, case .sendFailed = event.change else {
        return nil
      }
      return (entry, event)
    }
    #expect(
      failed.map(\.1.change) == [
        .sendFailed(from: .phone, .noRemoteSession, byteCount: 3),
        .sendFailed(from: .phone, .noRemoteSession, byteCount: 5),
      ])
    #expect(failed.map(\.0.at) == [.seconds(0), .seconds(10)])
    #expect(failed.map(\.0.device) == [.phone, .phone])
    #expect(failed.map(\.1.mirroring) == [0, 0])
    let event = try #require(failed.first?.1.systemEvent)
    #expect(event.event == "remoteDataSendFailed")
    #expect(event.details["device"] == .string("phone"))
    #expect(event.details["bytes"] == .integer(3))
    #expect(event.details["errorCode"] == .integer(3))
    #expect(event.details["error"] == .string("noRemoteSession"))
  }

  /// The lock rule reaches long-running queries (docs/phone.md#the-iphones-own-workouts): the
  /// phone is locked from 60 to 900 s; 100 iPhone steps reach the store at 300 s (locked) and
  /// 50 at 1000 s (unlocked). With the person's leave and the phone workout running from 0 to
  /// 1200 s, the anchored query's update, the observer's call and the statistics collection's
  /// update (the day's sum, 100) come at 300 s as unlocked; denied, they wait: the observer is
  /// called at the unlock (900 s), the anchored query at the next arrival (1000 s) with both
  /// samples, the collection then with 100 + 50 = 150.
  @Test(arguments: [true, false])
  func longRunningQueriesUpdateWhileLockedOnlyWithLeave(allow: Bool) async throws {
    let samples = """
      [{ "type": "stepCount", "source": "iPhone", "start": 200, "end": 300, "value": 100 },
       { "type": "stepCount", "source": "iPhone", "start": 900, "end": 1000, "value": 50 }]
      """
    let simulation = try HealthKitSimulation(
      scenario: phoneRun(
        strap: nil, phone: #""lockedWorkoutAccess": \#(allow)"#,
        extra:
          #", "health": { "days": 1, "generate": false, "samples": \#(samples), "lock": { "periods": [{ "from": 60, "to": 900 }] } }"#
      ))
    let updates = Mutex<[[Int]]>([])
    let observed = Mutex<[Int]>([])
    let sums = Mutex<[[Int]]>([])
    try await simulation.run {
      try await simulation.on(.phone) {
        let store = HKHealthStore()
        try await authorize(store)
        let anchored = HKAnchoredObjectQuery(type: steps, predicate: nil, anchor: nil, limit: 0) {
          _, _, _, _, _ in
        }
        anchored.updateHandler = { _, added, _, _, _ in
          let at = Int(simulation.now.timeIntervalSince(simulation.startDate))
          updates.withLock { $0.append([at, added?.count ?? 0]) }
        }
        store.execute(anchored)
        let observer = HKObserverQuery(sampleType: steps, predicate: nil) { _, completion, _ in
          observed.withLock {
            $0.append(Int(simulation.now.timeIntervalSince(simulation.startDate)))
          }
          completion()
        }
        store.execute(observer)
        // The day's steps (the run starts at noon UTC): 100, then 150.
        let collection = HKStatisticsCollectionQuery(
          quantityType: steps, quantitySamplePredicate: nil, options: .cumulativeSum,
          anchorDate: noon(plus: -12 * 3600), intervalComponents: DateComponents(day: 1))
        collection.initialResultsHandler = { _, _, _ in }
        collection.statisticsUpdateHandler = { _, statistics, _, _ in
          let at = Int(simulation.now.timeIntervalSince(simulation.startDate))
          let sum = statistics?.sumQuantity()?.doubleValue(for: .count()) ?? 0
          sums.withLock { $0.append([at, Int(sum)]) }
        }
        store.execute(collection)
        let (session, builder) = try await startedRun(store, simulation)
        // The workout's own steps would reach the store as they are collected
        // (docs/healthkit-behaviour.md#a-live-workouts-samples): not collected, so the store's
        // steps are the two iPhone samples alone (the first span ends at 10 s).
        builder.dataSource?.disableCollection(for: steps)
        try await simulation.advance(to: noon(plus: 1200))
        store.stop(anchored)
        store.stop(observer)
        store.stop(collection)
        session.end()
        try await builder.endCollection(at: simulation.now)
        _ = try await builder.finishWorkout()
      }
    }
    if allow {
      #expect(updates.withLock { $0 } == [[300, 1], [1000, 1]])
      #expect(observed.withLock { $0 } == [0, 300, 1000])
      #expect(sums.withLock { $0 } == [[300, 100], [1000, 150]])
    } else {
      #expect(updates.withLock { $0 } == [[1000, 2]])
      #expect(observed.withLock { $0 } == [0, 900, 1000])
      #expect(sums.withLock { $0 } == [[1000, 150]])
    }
  }

  /// The live variant of ``longRunningQueriesUpdateWhileLockedOnlyWithLeave(allow:)``: the
  /// phone workout's own steps reach the store as they are collected
  /// (docs/healthkit-behaviour.md#a-live-workouts-samples), one span of 10 s each, ending at
  /// 10, 20, ..., 180 s (18); the phone is locked from 60 to 125 s. With the person's leave an
  /// anchored query of steps started before the workout gets each span at its end: 18 updates
  /// of 1. Denied, the spans ending at 10 ... 50 s come one by one (5), the ones ending while
  /// locked (60 ... 120 s, 7) wait for the first arrival after the unlock, 130 s, which brings
  /// them and its own (8); then 140 ... 180 s one by one (5): 5 + 8 + 5 = 18 samples.
  @Test(arguments: [true, false])
  func aLivePhoneWorkoutsStepsFollowTheLockRule(allow: Bool) async throws {
    let simulation = try HealthKitSimulation(
      scenario: phoneRun(
        strap: nil, phone: #""lockedWorkoutAccess": \#(allow)"#,
        extra:
          #", "health": { "days": 1, "generate": false, "samples": [], "lock": { "periods": [{ "from": 60, "to": 125 }] } }"#
      ))
    let updates = Mutex<[[Int]]>([])
    try await simulation.run {
      try await simulation.on(.phone) {
        let store = HKHealthStore()
        try await authorize(store)
        let anchored = HKAnchoredObjectQuery(type: steps, predicate: nil, anchor: nil, limit: 0) {
          _, _, _, _, _ in
        }
        anchored.updateHandler = { _, added, _, _, _ in
          let at = Int(simulation.now.timeIntervalSince(simulation.startDate))
          updates.withLock { $0.append([at, added?.count ?? 0]) }
        }
        store.execute(anchored)
        let (session, builder) = try await startedRun(store, simulation)
        try await simulation.advance(to: noon(plus: 180))
        store.stop(anchored)
        session.end()
        try await builder.endCollection(at: simulation.now)
        _ = try await builder.finishWorkout()
      }
    }
    let one = { (at: Int) in [at, 1] }
    if allow {
      #expect(updates.withLock { $0 } == stride(from: 10, through: 180, by: 10).map(one))
    } else {
      #expect(
        updates.withLock { $0 }
          == stride(from: 10, through: 50, by: 10).map(one) + [[130, 8]]
          + stride(from: 140, through: 180, by: 10).map(one))
    }
  }

  /// Issue 28, item 5: the SDK's `rest` (2998) and `group` (2999) are unavailable on iOS and
  /// watchOS, so their raw values make no activity type.
  @Test func theSDKsRestAndGroupMakeNoActivityType() {
    #expect(HKWorkoutActivityType(rawValue: 2998) == nil)
    #expect(HKWorkoutActivityType(rawValue: 2999) == nil)
    #expect(HKWorkoutActivityType(rawValue: 3000) == .other)
  }
}
