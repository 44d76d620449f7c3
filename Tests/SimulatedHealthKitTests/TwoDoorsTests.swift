import Foundation
import Testing
import WorkoutCore
import WorkoutJSON
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSimulation
import WorkoutSystem

@testable import SimulatedHealthKit

/// THE TWO DOORS: for every bundled scenario, an app written with SimulatedHealthKit makes the
/// scenario's app calls at their instants, and its records encode to the very bytes
/// `workout-sim run --json` writes (``Simulation/run(_:overrides:commands:)``, which the command
/// line's tests pin to the CLI's bytes).
@Suite struct TwoDoorsTests {
  /// Every bundled scenario file name.
  static let bundledScenarios = bundledScenarioNames

  @Test func everyScenarioIsCompared() {
    // 29 scenario files when this test was written (`ls Scenarios/*.json | wc -l`).
    #expect(Self.bundledScenarios.count >= 29)
  }

  @Test(arguments: bundledScenarios)
  func theAppGivesTheCommandLinesRecords(name: String) async throws {
    let scenario = try bundledScenario(name)
    let cli = try Simulation.run(scenario)
    let api = try await ScriptedApp.run(scenario)
    #expect(
      String(decoding: recordBytes(api), as: UTF8.self)
        == String(decoding: recordBytes(cli), as: UTF8.self), "\(name)")
  }
}

/// Zones through both doors (issue 28, item 3): the saved `HKWorkout`'s heart-rate
/// `zoneGroupsByType` holds the very durations of the command line's record `zones`.
@Suite struct ZonesTwoDoorsTests {
  @Test(arguments: ["intervals.json", "hills.json", "end-while-paused.json", "easy-walk.json"])
  func theWorkoutsZonesAreTheRecordsZones(name: String) async throws {
    let scenario = try bundledScenario(name)
    let cli = try Simulation.run(scenario)
    let api = try await ScriptedApp.runKeepingWorkouts(scenario)
    #expect(api.workouts.count == cli.records.count)
    #expect(!cli.records.isEmpty)
    if name == "intervals.json" {
      // The intervals move the heart rate through more than one zone.
      let zones = try #require(cli.records.first.flatMap { cli.heartRateZoneDurations(of: $0) })
      #expect(zones.filter { $0 > 0 }.count >= 2)
    }
    for (workout, record) in zip(api.workouts, cli.records) {
      let durations = try #require(cli.heartRateZoneDurations(of: record))
      #expect(
        workout.zoneGroupsByType?[HKQuantityType(.heartRate)]?.zoneDurations.map(\.duration)
          == durations, "\(name)")
      // Time before the first sample is in no zone: the durations add up to the duration
      // less that (and no more than the duration).
      let first = try #require(record.samples[.heartRate]?.first).start
      let before = PauseRule.runningSpans(of: record.events, start: record.startDate, limit: first)
        .reduce(0.0) { $0 + ($1.to.seconds - $1.from.seconds) }
      #expect(durations.reduce(0, +) == record.duration.secondsValue - before, "\(name)")
    }
  }
}

/// Power zones through both doors (issue 28, item 3): tempo-ride's athlete has a functional
/// threshold power of 200 W, so the system's six power zones are bounded at 55, 75, 90, 105 and
/// 120 % of it: 110, 150, 180, 210, 240 W. The ride is 120 W for 0–600 s (zone index 1), 220 W
/// for 600–1800 s (index 4) and 120 W for 1800–2400 s (index 1), so index 1 has 600 + 600 =
/// 1200 s and index 4 has 1200 s.
@Suite struct PowerZonesTwoDoorsTests {
  @Test func theRidesPowerZonesAreTheRecordsThroughBothDoors() async throws {
    let scenario = try bundledScenario("tempo-ride.json")
    #expect(scenario.athlete.functionalThresholdPower == 200)
    let cli = try Simulation.run(scenario)
    #expect(cli.cyclingPowerZoneBoundaries == [110, 150, 180, 210, 240])
    let record = try #require(cli.records.first)
    let expected: [Double] = [0, 1200, 0, 0, 1200, 0]
    #expect(cli.cyclingPowerZoneDurations(of: record) == expected)
    let api = try await ScriptedApp.runKeepingWorkouts(scenario)
    let workout = try #require(api.workouts.first)
    let group = try #require(workout.zoneGroup(for: HKQuantityType(.cyclingPower)))
    #expect(group.configuration.source == .system)
    #expect(
      group.configuration.zones.map { $0.minimum?.doubleValue(for: .watt()) }
        == [nil, 110, 150, 180, 210, 240])
    #expect(group.zoneDurations.map(\.duration) == expected)
  }

  @Test func thePreferredPowerZonesComeFromTheThresholdPower() async throws {
    let simulation = try HealthKitSimulation(scenario: try bundledScenario("tempo-ride.json"))
    try await simulation.run {
      let zones = try #require(
        try await HKHealthStore().preferredWorkoutZoneConfiguration(
          for: HKQuantityType(.cyclingPower)))
      #expect(zones.source == .system)
      #expect(zones.zones.count == 6)
      #expect(
        zones.zones.map { $0.maximum?.doubleValue(for: .watt()) } == [110, 150, 180, 210, 240, nil])
    }
  }
}

/// One crown rule through both doors (issue 26, bug 3): the crown selects only while the app's
/// current session has been neither prepared nor started.
@Suite struct CrownRuleTwoDoorsTests {
  /// The crown turns by one item at 1 s (running → walking, snapped at 1.3 s), the session is
  /// prepared at 2 s, the crown turns again at 3 s (it would select cycling), the workout starts
  /// at 5 s and ends at 65 s. Both doors: the record is walking (the selection when prepared),
  /// the turn at 3 s changes neither the activity nor the selection, and it is logged as the
  /// same `error` entry (action `crown`, at 3) with no entry in `errors`.
  @Test func aCrownTurnAfterPrepareIsIgnoredAndLoggedThroughBothDoors() async throws {
    let scenario = try decodeScenario(
      """
      { "version": 1, "name": "crown after prepare", "activity": "running",
        "selector": { "items": ["running", "walking", "cycling"] },
        "course": [ { "duration": 120, "speed": 2.5 } ],
        "timeline": [
          { "at": 1, "do": "crown", "by": 1 }, { "at": 2, "do": "prepare" },
          { "at": 3, "do": "crown", "by": 1 }, { "at": 5, "do": "start" },
          { "at": 65, "do": "end" } ] }
      """)
    let cli = try Simulation.run(scenario)
    let simulation = try HealthKitSimulation(scenario: scenario)
    let selections = try await simulation.run {
      let app = ScriptedApp.App(scenario: scenario, simulation: simulation)
      app.makeSession(activity: scenario.activity)
      var selections: [HKWorkoutActivityType] = []
      for action in scenario.timeline {
        try await simulation.advance(to: simulation.date(of: action.at))
        if case .app(let call) = action.kind { try await app.perform(call) }
        selections.append(simulation.digitalCrownSelection)
      }
      await simulation.settle()
      return selections
    }
    let api = simulation.result
    // After each action: walking from the first turn on; the turn at 3 s leaves it.
    #expect(selections == [.walking, .walking, .walking, .walking, .walking])
    for result in [cli, api] {
      #expect(result.records.map(\.activityType) == [.walking])
      #expect(result.errors.isEmpty)
    }
    #expect(
      String(decoding: recordBytes(api), as: UTF8.self)
        == String(decoding: recordBytes(cli), as: UTF8.self))
    let expected: JSONValue = .object([
      ("action", .string("crown")), ("at", .number(3)), ("code", .string("invalidArgument")),
      ("domain", .string("WorkoutSimWatchDomain")), ("kind", .string("error")),
      (
        "message",
        .string(
          "The workout session has been prepared or started; the Digital Crown no longer selects its activity"
        )
      ),
    ])
    #expect(crownEntries(cli) == [expected])
    #expect(crownEntries(api) == [expected])
  }

  /// The log's `error` entries of action `crown`, as the run result document writes them.
  func crownEntries(_ result: RunResult) -> [JSONValue] {
    guard case .array(let log)? = result.document()["log"] else { return [] }
    return log.filter { $0["kind"] == .string("error") && $0["action"] == .string("crown") }
  }
}

/// An app that plays a scenario's timeline through SimulatedHealthKit: each app action becomes
/// the HealthKit calls it stands for, at its instant.
enum ScriptedApp {
  static func run(_ scenario: Scenario) async throws -> RunResult {
    try await runKeepingWorkouts(scenario).result
  }

  /// ``run(_:)``, with the workouts the app saved.
  static func runKeepingWorkouts(_ scenario: Scenario) async throws -> (
    result: RunResult, workouts: [HKWorkout]
  ) {
    let simulation = try HealthKitSimulation(scenario: scenario)
    let workouts = try await simulation.run {
      let app = App(scenario: scenario, simulation: simulation)
      app.makeSession(activity: scenario.activity)
      // The iPhone's own workout (`"device": "phone"`): the phone app, its objects made inside
      // `on(.phone)` on its first action.
      var phoneApp: App?
      for action in scenario.timeline {
        try await simulation.advance(to: simulation.date(of: action.at))
        guard case .app(let call) = action.kind else { continue }
        guard action.device == .phone else {
          try await app.perform(call)
          continue
        }
        try await simulation.on(.phone) {
          if phoneApp == nil {
            phoneApp = App(scenario: scenario, simulation: simulation)
            phoneApp?.makeSession(activity: scenario.activity)
          }
          try await phoneApp?.perform(call)
        }
      }
      await simulation.settle()
      // The simulation's one store holds both apps' saved workouts.
      return app.store.savedObjects.compactMap { $0 as? HKWorkout }
    }
    return (simulation.result, workouts)
  }

  final class App {
    let scenario: Scenario
    let simulation: HealthKitSimulation
    let store = HKHealthStore()
    var session: HKWorkoutSession?
    var builder: HKLiveWorkoutBuilder?
    /// Every session made, with its builder, oldest first (auto finish covers them all).
    var made: [(HKWorkoutSession, HKLiveWorkoutBuilder)] = []
    var finished: Set<ObjectIdentifier> = []

    init(scenario: Scenario, simulation: HealthKitSimulation) {
      self.scenario = scenario
      self.simulation = simulation
    }

    func makeSession(activity: WorkoutActivityType) {
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = HKWorkoutActivityType(activity)
      configuration.locationType = HKWorkoutSessionLocationType(scenario.location)
      guard let session = try? HKWorkoutSession(healthStore: store, configuration: configuration)
      else { return }
      adopt(session, configuration: configuration)
    }

    func adopt(_ session: HKWorkoutSession, configuration: HKWorkoutConfiguration) {
      let builder = session.associatedWorkoutBuilder()
      builder.dataSource = HKLiveWorkoutDataSource(
        healthStore: store, workoutConfiguration: configuration)
      self.session = session
      self.builder = builder
      if !made.contains(where: { $0.0 === session }) { made.append((session, builder)) }
    }

    /// A watch app's picker: before its first session is prepared or started, the app makes
    /// that session anew with the Digital Crown's choice when it differs from the one it made
    /// (the released session leaves nothing behind, so the new one is still the first).
    func followCrown() {
      let selected = simulation.digitalCrownSelection
      guard made.count == 1, session?.state == .notStarted,
        selected != session?.workoutConfiguration.activityType,
        let activity = selected.engineValue
      else { return }
      // The old session goes (no reference may outlive this line for it to be released).
      session = nil
      builder = nil
      made = []
      makeSession(activity: activity)
    }

    func perform(_ call: AppAction) async throws {
      let now = simulation.now
      if call == .prepare || call == .start { followCrown() }
      switch call {
      case .prepare:
        session?.prepare()
      case .start:
        let before = session?.state
        session?.startActivity(with: now)
        if before == .notStarted || before == .prepared, session?.state == .running {
          try? await builder?.beginCollection(at: now)
        }
      case .pause: session?.pause()
      case .resume: session?.resume()
      case .stop: session?.stopActivity(with: now)
      case .end: session?.end()
      case .endCollection: try? await builder?.endCollection(at: now)
      case .finishWorkout: _ = try? await builder?.finishWorkout()
      case .lap: await add(.lap, at: now)
      case .marker: await add(.marker, at: now)
      case .segment: await add(.segment, at: now)
      case .addEvent(let type): await add(HKWorkoutEventType(type), at: now)
      case .newSession(let activity):
        makeSession(activity: activity ?? scenario.activity)
      case .beginActivity(let activity, let metadata):
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = HKWorkoutActivityType(activity)
        configuration.locationType = session?.workoutConfiguration.locationType ?? .unknown
        // The timeline's swimming leg (`swimmingLocationType`, `lapLength` in metres).
        if case .number(let location)? = metadata[HKMetadataKeySwimmingLocationType],
          let type = HKWorkoutSwimmingLocationType(rawValue: Int(location))
        {
          configuration.swimmingLocationType = type
        }
        if case .quantity(let metres, "m")? = metadata[HKMetadataKeyLapLength] {
          configuration.lapLength = HKQuantity(unit: .meter(), doubleValue: metres)
        }
        session?.beginNewActivity(configuration: configuration, date: now, metadata: nil)
      case .endActivity:
        session?.endCurrentActivity(on: now)
      case .extendedRuntime, .mirroring, .link:
        // The link's calls (and the mirroring's) go to the engine as the command line makes them until the
        // WatchConnectivity door plays them through WCSession.
        await simulation.perform(call)
      case .relaunch(let recover):
        // The world relaunched the app (without recovery); the app recovers.
        session = nil
        builder = nil
        if recover, let recovered = try await store.recoverActiveWorkoutSession() {
          adopt(recovered, configuration: recovered.workoutConfiguration)
        }
      case .crash, .wristDown, .wristUp, .crownPress, .openApp, .phone:
        break
      }
      if scenario.finish == .auto { try await autoFinish() }
    }

    /// Apple's sample app: a session that reached stopped or ended has its collection ended
    /// and its workout finished (only the steps still open).
    func autoFinish() async throws {
      let now = simulation.now
      for (session, builder) in made where session.isAlive {
        guard session.state == .stopped || session.state == .ended,
          !finished.contains(ObjectIdentifier(builder)), builder.startDate != nil
        else { continue }
        finished.insert(ObjectIdentifier(builder))
        if builder.endDate == nil { try? await builder.endCollection(at: now) }
        _ = try? await builder.finishWorkout()
      }
    }

    func add(_ type: HKWorkoutEventType, at date: Date) async {
      let event = HKWorkoutEvent(
        type: type, dateInterval: DateInterval(start: date, duration: 0), metadata: nil)
      try? await builder?.addWorkoutEvents([event])
    }
  }
}
