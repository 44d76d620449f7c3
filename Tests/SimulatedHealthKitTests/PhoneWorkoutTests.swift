import Foundation
import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSimulation

@testable import SimulatedHealthKit

/// The iPhone's own workouts (issue 28, item 1; docs/phone.md#the-iphones-own-workouts): a
/// session the phone app makes inside `on(.phone)` runs on the phone's engine, with heart rate
/// only from a paired heart-rate device, energy and distance from the body's model.
@Suite struct PhoneWorkoutTests {
  /// `constantRun` (30 minutes at 3.2 m/s, 1 kcal of active energy per 10 s span) with the
  /// phone's `heartRateDevice` when `strap` is its JSON object.
  func phoneRun(
    strap: String?, timeline: String = "[]", phone more: String = "", extra: String = ""
  )
    throws -> Scenario
  {
    var keys = strap.map { [#""heartRateDevice": \#($0)"#] } ?? []
    if !more.isEmpty { keys.append(more) }
    let phone = (keys.isEmpty ? "" : #", "phone": { \#(keys.joined(separator: ", ")) }"#) + extra
    return try decodeScenario(
      """
      {
        "version": 1,
        "name": "Phone run",
        "start": "2026-03-02T12:00:00Z",
        "timeZone": "UTC",
        "activity": "running",
        "course": [{ "duration": 1800, "speed": 3.2 }],
        "sensors": { "activeEnergyBurned": { "constant": 1 } },
        "timeline": \(timeline)\(phone)
      }
      """, fileName: "phone.json")
  }

  /// The phone app's running workout from virtual now (`startedRun` inside `on(.phone)`), run
  /// to `end` seconds from noon, ended and saved.
  func runOnThePhone(_ simulation: HealthKitSimulation, to end: TimeInterval) async throws
    -> HKWorkout?
  {
    try await simulation.on(.phone) {
      let store = HKHealthStore()
      let (session, builder) = try await startedRun(store, simulation)
      try await simulation.advance(to: noon(plus: end))
      session.end()
      try await builder.endCollection(at: simulation.now)
      return try await builder.finishWorkout()
    }
  }

  @Test func withoutAHeartRateDeviceAPhoneWorkoutCollectsNoHeartRate() async throws {
    let simulation = try HealthKitSimulation(scenario: phoneRun(strap: nil))
    try await simulation.run {
      let workout = try #require(try await runOnThePhone(simulation, to: 600))
      #expect(workout.duration == 600)
      #expect(workout.statistics(for: HKQuantityType(.heartRate)) == nil)
      #expect(workout.device?.model == "iPhone")
    }
    let result = simulation.result
    let record = try #require(result.records.first)
    #expect(result.records.count == 1)
    #expect(record.device == .phone)
    #expect(record.samples[.heartRate] == nil)
    // Nor running speed: the phone has no speed sensor (project rule).
    #expect(record.samples[.runningSpeed] == nil)
    // Energy and distance from the body's model, as on the watch: 60 spans of 10 s, 1 kcal and
    // 3.2 × 10 = 32 m each: 60 kcal, 1920 m (to a part in 10^12: summed in floating point).
    #expect(record.statistics[.activeEnergyBurned]?.sum == 60)
    #expect(abs((record.totalDistance ?? 0) - 1920) < 1920e-12)
  }

  @Test func withAHeartRateDeviceItCollectsHeartRateOutsideItsDropouts() async throws {
    let simulation = try HealthKitSimulation(
      scenario: phoneRun(strap: #"{ "dropouts": [{ "from": 100, "to": 200 }] }"#))
    try await simulation.run {
      let workout = try #require(try await runOnThePhone(simulation, to: 600))
      #expect(workout.statistics(for: HKQuantityType(.heartRate)) != nil)
    }
    let record = try #require(simulation.result.records.first)
    // Every 5 s (the device's default interval) at 0, 5, ..., 600 s: 121 readings, less the 20
    // at 100, 105, ..., 195 s inside the dropout [100, 200): 101.
    #expect(record.samples[.heartRate]?.count == 101)
    #expect(record.device == .phone)
  }

  @Test func theStrapsIntervalSetsTheReadings() async throws {
    let simulation = try HealthKitSimulation(scenario: phoneRun(strap: #"{ "interval": 1 }"#))
    try await simulation.run {
      _ = try await runOnThePhone(simulation, to: 60)
    }
    // Every second at 0, 1, ..., 60 s: 61 readings.
    #expect(simulation.result.records.first?.samples[.heartRate]?.count == 61)
  }

  /// The phone app crashes at 300 s and is relaunched at 340 s: the scene's recovery option is
  /// set, the app recovers the session in a new process, sets up a new data source as Apple
  /// requires, and saves the whole workout.
  @Test func recoveryAfterAPhoneCrashKeepsTheRecordWhole() async throws {
    let simulation = try HealthKitSimulation(
      scenario: phoneRun(strap: #"{ "dropouts": [{ "from": 100, "to": 200 }] }"#))
    try await simulation.run {
      let crashed = try await simulation.on(.phone) {
        let store = HKHealthStore()
        return try await startedRun(store, simulation)
      }
      try await simulation.advance(to: noon(plus: 300))
      #expect(!simulation.shouldHandleActiveWorkoutRecovery)
      await simulation.crash(.phone)
      try await simulation.advance(to: noon(plus: 340))
      // The crashed process's objects are inert.
      crashed.0.pause()
      #expect(crashed.0.state == .running)
      await simulation.relaunch(.phone)
      #expect(simulation.shouldHandleActiveWorkoutRecovery)
      // The watch has nothing to recover: the phone's workout is the phone app's.
      #expect(try await HKHealthStore().recoverActiveWorkoutSession() == nil)
      try await simulation.on(.phone) {
        let store = HKHealthStore()
        let recovered = try #require(try await store.recoverActiveWorkoutSession())
        #expect(recovered !== crashed.0)
        #expect(recovered.workoutConfiguration.activityType == .running)
        let builder = recovered.associatedWorkoutBuilder()
        // The data source is made again (the recovered builder has none).
        #expect(builder.dataSource == nil)
        builder.dataSource = HKLiveWorkoutDataSource(
          healthStore: store, workoutConfiguration: recovered.workoutConfiguration)
        await simulation.settle()
        #expect(!simulation.shouldHandleActiveWorkoutRecovery)
        try await simulation.advance(to: noon(plus: 600))
        recovered.end()
        try await builder.endCollection(at: simulation.now)
        let workout = try #require(try await builder.finishWorkout())
        #expect(workout.duration == 600)
      }
    }
    let result = simulation.result
    #expect(result.records.count == 1)
    let record = try #require(result.records.first)
    #expect(record.device == .phone)
    // As without the crash: 101 heart-rate readings (see above), 60 kcal, 1920 m.
    #expect(record.samples[.heartRate]?.count == 101)
    #expect(record.statistics[.activeEnergyBurned]?.sum == 60)
    #expect(abs((record.totalDistance ?? 0) - 1920) < 1920e-12)
    #expect(record.duration == .seconds(600))
  }

  /// The same phone workout from the scenario's timeline (`"device": "phone"`) through the
  /// command line's door and through app code on the phone: the same record.
  @Test func theTimelinesPhoneWorkoutIsTheAppsThroughBothDoors() async throws {
    let scenario = try phoneRun(
      strap: #"{ "dropouts": [{ "from": 100, "to": 200 }] }"#,
      timeline: """
        [{ "at": 0, "do": "start", "device": "phone" },
         { "at": 600, "do": "end", "device": "phone" }]
        """)
    let cli = try Simulation.run(scenario)
    let cliRecord = try #require(cli.records.first)
    #expect(cli.records.count == 1)
    #expect(cliRecord.device == .phone)
    #expect(cliRecord.samples[.heartRate]?.count == 101)
    let api = try await ScriptedApp.run(scenario)
    #expect(
      String(decoding: recordBytes(api), as: UTF8.self)
        == String(decoding: recordBytes(cli), as: UTF8.self))
  }

  /// The one-time prompt as the first phone workout starts: its answer decides whether a query
  /// executed while the phone is locked (`health.lock` from 60 to 900 s) reads or fails.
  @Test(arguments: [true, false])
  func theLockedScreenPromptDecidesWhatTheAppReadsWhileLocked(allow: Bool) async throws {
    let simulation = try HealthKitSimulation(
      scenario: phoneRun(
        strap: "{}", phone: #""lockedWorkoutAccess": \#(allow)"#,
        extra:
          #", "health": { "days": 1, "generate": false, "lock": { "periods": [{ "from": 60, "to": 900 }] } }"#
      ))
    try await simulation.run {
      try await simulation.on(.phone) {
        let store = HKHealthStore()
        try await authorize(store)
        #expect(simulation.lockedWorkoutPromptDate == nil)
        let (session, builder) = try await startedRun(store, simulation)
        #expect(simulation.lockedWorkoutPromptDate == noon(plus: 0))
        try await simulation.advance(to: noon(plus: 300))
        let read = await samples(store, simulation, heartRate)
        if allow {
          #expect(read.error == nil)
        } else {
          #expect(read.error?.code == .errorDatabaseInaccessible)
        }
        session.end()
        try await builder.endCollection(at: simulation.now)
        // Finished while locked: saved either way, returned only with the person's leave.
        let finished = try await builder.finishWorkout()
        #expect((finished != nil) == allow)
        #expect(simulation.result.records.count == 1)
        // The prompt is shown once: a second workout does not show it again.
        let (again, _) = try await startedRun(store, simulation)
        #expect(simulation.lockedWorkoutPromptDate == noon(plus: 0))
        again.end()
      }
    }
  }

  /// The phone saved the workout: the phone's store has it at once, the watch's one sync
  /// latency (1 s) later (docs/phone-link.md#the-two-health-stores).
  @Test func theWatchsStoreGetsThePhonesWorkoutBySync() async throws {
    let simulation = try HealthKitSimulation(scenario: phoneRun(strap: nil))
    try await simulation.run {
      let phoneStore = await simulation.on(.phone) { HKHealthStore() }
      let watchStore = await simulation.on(.watch) { HKHealthStore() }
      try await authorize(phoneStore)
      _ = try #require(try await runOnThePhone(simulation, to: 600))
      let workouts = HKObjectType.workoutType()
      #expect(await samples(phoneStore, simulation, workouts).samples?.count == 1)
      #expect(await samples(watchStore, simulation, workouts).samples?.count == 0)
      try await simulation.advance(by: .seconds(1))
      #expect(await samples(watchStore, simulation, workouts).samples?.count == 1)
    }
  }
}
