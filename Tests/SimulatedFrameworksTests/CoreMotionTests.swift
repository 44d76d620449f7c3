import Foundation
import SimulatedCoreMotion
import SimulatedHealthKit
import Synchronization
import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSimulation
import WorkoutSystem

/// What an activity handler saw: the virtual second of the call, the activity's flags as one
/// word, its start (seconds from t = 0), its confidence and the device whose code ran.
final class ActivityRecorder: @unchecked Sendable {
  let lock = NSLock()
  nonisolated(unsafe) var seen: [(at: Double, activity: String, start: Double, confidence: Int)] =
    []
  nonisolated(unsafe) var devices: [HealthKitSimulation.Device?] = []

  func record(_ simulation: HealthKitSimulation, _ activity: CMMotionActivity?) {
    guard let activity else { return }
    let word =
      activity.stationary
      ? "stationary"
      : activity.walking
        ? "walking"
        : activity.running
          ? "running" : activity.cycling ? "cycling" : activity.unknown ? "unknown" : "none"
    let at = simulation.now.timeIntervalSince(simulation.startDate)
    let start = activity.startDate.timeIntervalSince(simulation.startDate)
    let device = HealthKitSimulation.currentDevice
    lock.withLock {
      seen.append((at, word, start, activity.confidence.rawValue))
      devices.append(device)
    }
  }

  var words: [String] { lock.withLock { seen.map(\.activity) } }
  var times: [Double] { lock.withLock { seen.map(\.at) } }
  var starts: [Double] { lock.withLock { seen.map(\.start) } }
}

/// Walking at 1.4 m/s for 300 s, then running at 3 m/s for 600 s (a running workout's course;
/// no workout is started): walking 0–300, running 300–900, stationary from 900.
private let walkThenRun = #"""
  { "version": 1, "activity": "running",
    "course": [ { "duration": 300, "speed": 1.4 }, { "duration": 600, "speed": 3.0 } ] }
  """#

/// One watch sample of 1200 steps over −3600…−2400 s (−1:00:00 to −40:00) before the start,
/// 2026-03-02T08:00:00Z: the pedometer's steps.
func pedometerDay() throws -> HealthKitSimulation {
  try HealthKitSimulation(
    scenario: decodeScenario(
      #"""
      { "version": 1, "start": "2026-03-02T08:00:00Z",
        "health": { "generate": false, "days": 1,
          "samples": [ { "type": "stepCount", "source": "watch", "start": -3600, "end": -2400,
                         "value": 1200 } ] } }
      """#, fileName: "motion.json"))
}

/// The repository's `Scenarios/` folder.
private let scenarios = packageRoot.appendingPathComponent("Scenarios")

@Suite("CoreMotion: activity updates and queries, the pedometer, authorization, reminders")
struct CoreMotionTests {
  /// Updates: the current activity at once (at t = 0 the state reported is the one at
  /// 0 − 15 s: stationary), then walking at 0 + 15 = 15 (startDate 0), running at
  /// 300 + 15 = 315 (startDate 300), stationary at 900 + 15 = 915 (startDate 900).
  @Test func updatesAtTheChangePlusTheLatency() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(walkThenRun, fileName: "motion.json"))
    let recorder = ActivityRecorder()
    try await simulation.run {
      #expect(CMMotionActivityManager.isActivityAvailable())
      #expect(CMMotionActivityManager.authorizationStatus() == .authorized)
      let manager = CMMotionActivityManager()
      manager.startActivityUpdates(to: OperationQueue()) { recorder.record(simulation, $0) }
      try await simulation.advance(by: .seconds(1000))
      manager.stopActivityUpdates()
      try await simulation.advance(by: .seconds(1000))
    }
    #expect(recorder.words == ["stationary", "walking", "running", "stationary"])
    #expect(recorder.times == [0, 15, 315, 915])
    #expect(Array(recorder.starts.dropFirst()) == [0, 300, 900])
    #expect(recorder.lock.withLock { recorder.seen.map(\.confidence) } == [2, 2, 2, 2])
  }

  /// A query at t = 1000 from 100 to 950: walking (in effect at 100, started at 0), running
  /// from 300, stationary from 900. A query that reaches past now − 15 s stops there: from
  /// 950 to 2000 gives only the stationary state started at 900.
  @Test func queryAcrossTheChanges() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(walkThenRun, fileName: "motion.json"))
    let result = Mutex<[(String, Double)]>([])
    let later = Mutex<[Double]>([])
    try await simulation.run {
      try await simulation.advance(by: .seconds(1000))
      let manager = CMMotionActivityManager()
      let start = simulation.startDate
      manager.queryActivityStarting(
        from: start.addingTimeInterval(100), to: start.addingTimeInterval(950), to: .main
      ) { activities, error in
        #expect(error == nil)
        result.withLock {
          $0 = (activities ?? []).map {
            (
              $0.walking ? "walking" : $0.running ? "running" : "stationary",
              $0.startDate.timeIntervalSince(start)
            )
          }
        }
      }
      manager.queryActivityStarting(
        from: start.addingTimeInterval(950), to: start.addingTimeInterval(2000), to: .main
      ) { activities, _ in
        later.withLock { $0 = (activities ?? []).map { $0.startDate.timeIntervalSince(start) } }
      }
      await simulation.settle()
    }
    let got = result.withLock { $0 }
    #expect(got.map(\.0) == ["walking", "running", "stationary"])
    #expect(got.map(\.1) == [0, 300, 900])
    #expect(later.withLock { $0 } == [900])
  }

  /// The pedometer is the store's steps: one watch sample of 1200 steps over −3600…−2400
  /// (−1:00:00 to −40:00); a query over −3300…−2700 holds half of its span: 1200 × 600 / 1200
  /// = 600 steps; over −4000…−2000, all 1200; a span without samples, 0.
  @Test func pedometerQueryEqualsTheStoresSteps() async throws {
    let simulation = try pedometerDay()
    let steps = Mutex<[Int]>([])
    await simulation.run {
      let pedometer = CMPedometer()
      let start = simulation.startDate
      for (from, to) in [(-3300.0, -2700.0), (-4000, -2000), (-2000, -1000)] {
        pedometer.queryPedometerData(
          from: start.addingTimeInterval(from), to: start.addingTimeInterval(to)
        ) { data, error in
          #expect(error == nil)
          steps.withLock { $0.append(data?.numberOfSteps.intValue ?? -1) }
        }
        await simulation.settle()
      }
    }
    #expect(steps.withLock { $0 } == [600, 1200, 0])
  }

  /// Live pedometer updates are cumulative from their start: from −3600 at t = 0, 1200 steps
  /// at once; nothing new later, so no second update.
  @Test func pedometerUpdatesAreCumulative() async throws {
    let simulation = try pedometerDay()
    let steps = Mutex<[Int]>([])
    try await simulation.run {
      let pedometer = CMPedometer()
      pedometer.startUpdates(from: simulation.startDate.addingTimeInterval(-3000)) { data, _ in
        steps.withLock { $0.append(data?.numberOfSteps.intValue ?? -1) }
      }
      try await simulation.advance(by: .seconds(600))
      pedometer.stopUpdates()
    }
    // −3000…0 holds −3000…−2400 of the sample: 1200 × 600 / 1200 = 600.
    #expect(steps.withLock { $0 } == [600])
  }

  /// `authorization.motion: "denied"`: status denied, queries fail with 105 in CMErrorDomain,
  /// live updates deliver nothing.
  @Test func deniedAuthorization() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(
        #"""
        { "version": 1, "activity": "running", "course": [ { "duration": 300, "speed": 3 } ],
          "authorization": { "motion": "denied" } }
        """#, fileName: "motion.json"))
    let recorder = ActivityRecorder()
    let codes = Mutex<[String]>([])
    try await simulation.run {
      #expect(CMMotionActivityManager.authorizationStatus() == .denied)
      #expect(CMPedometer.authorizationStatus() == .denied)
      let manager = CMMotionActivityManager()
      manager.startActivityUpdates(to: .main) { recorder.record(simulation, $0) }
      manager.queryActivityStarting(from: simulation.startDate, to: simulation.now, to: .main) {
        activities, error in
        let error = error as NSError?
        codes.withLock {
          $0.append("\(activities == nil) \(error?.domain ?? "") \(error?.code ?? 0)")
        }
      }
      CMPedometer().queryPedometerData(from: simulation.startDate, to: simulation.now) {
        data, error in
        let error = error as NSError?
        codes.withLock { $0.append("\(data == nil) \(error?.domain ?? "") \(error?.code ?? 0)") }
      }
      try await simulation.advance(by: .seconds(400))
    }
    #expect(recorder.words.isEmpty)
    #expect(codes.withLock { $0 } == ["true CMErrorDomain 105", "true CMErrorDomain 105"])
    #expect(CMErrorMotionActivityNotAuthorized.rawValue == 105)
    #expect(CMErrorDomain == "CMErrorDomain")
  }

  /// A watch app suspended gets no updates: wrist down at 0 (inactive), background at 120,
  /// suspended at 130 (the watch's defaults); so stationary at 0 and walking at 15 arrive,
  /// running (315) and stationary (915) do not; opening the app at 950 delivers nothing late.
  @Test func noUpdatesWhileSuspended() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(walkThenRun, fileName: "motion.json"))
    let recorder = ActivityRecorder()
    try await simulation.run {
      let manager = CMMotionActivityManager()
      manager.startActivityUpdates(to: .main) { recorder.record(simulation, $0) }
      await simulation.perform(.wristDown)
      try await simulation.advance(by: .seconds(950))
      await simulation.perform(.openApp)
      try await simulation.advance(by: .seconds(100))
      _ = manager
    }
    #expect(recorder.times == [0, 15])
    #expect(recorder.words == ["stationary", "walking"])
  }

  /// A manager made in `simulation.on(.phone)` sees the same body, and its handler runs as
  /// the phone's code.
  @Test func thePhoneSeesTheSameBody() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(walkThenRun, fileName: "motion.json"))
    let recorder = ActivityRecorder()
    try await simulation.run {
      let manager = await simulation.on(.phone) { CMMotionActivityManager() }
      manager.startActivityUpdates(to: .main) { recorder.record(simulation, $0) }
      try await simulation.advance(by: .seconds(400))
    }
    #expect(recorder.times == [0, 15, 315])
    #expect(recorder.lock.withLock { recorder.devices } == [.phone, .phone, .phone])
  }

  /// Review 28: the phone app's motion objects belonged to no process, so `crash(.phone)` left
  /// a manager made in `on(.phone)` calling its handler, and only `crash()` (the watch app's)
  /// ended the watch's. One rule for both devices (docs/swift-api.md#crash-and-recovery): the
  /// walk and run of `walkThenRun` change the activity at 0, 15 and 315 s; the phone app
  /// crashes at 100 s, so its manager's handler gets 0 and 15 only, while the watch app's
  /// manager, whose app did not crash, gets all three. Then the reverse: the watch app's crash
  /// at 100 s ends the watch's manager (0, 15) and leaves the phone's (0, 15, 315).
  @Test func eachDevicesCrashEndsItsOwnMotionUpdates() async throws {
    for crashed in [HealthKitSimulation.Device.phone, .watch] {
      let simulation = try HealthKitSimulation(
        scenario: decodeScenario(walkThenRun, fileName: "motion.json"))
      let phone = ActivityRecorder()
      let watch = ActivityRecorder()
      try await simulation.run {
        let phoneManager = await simulation.on(.phone) { CMMotionActivityManager() }
        phoneManager.startActivityUpdates(to: .main) { phone.record(simulation, $0) }
        let watchManager = CMMotionActivityManager()
        watchManager.startActivityUpdates(to: .main) { watch.record(simulation, $0) }
        try await simulation.advance(by: .seconds(100))
        await simulation.crash(crashed)
        try await simulation.advance(by: .seconds(300))
        _ = (phoneManager, watchManager)
      }
      let ended: [Double] = [0, 15]
      let going: [Double] = [0, 15, 315]
      #expect(phone.times == (crashed == .phone ? ended : going), "crash of the \(crashed)")
      #expect(watch.times == (crashed == .watch ? ended : going), "crash of the \(crashed)")
    }
  }

  /// The health days' walking bouts are the history: a query over a bout gives walking from
  /// the bout's start, and the pedometer over the bout equals the store's merged step sum over
  /// it (the statistics collection of the same span).
  @Test func historyFromTheHealthDays() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(
        #"{ "version": 1, "start": "2026-03-02T20:00:00Z", "health": { "days": 2 } }"#,
        fileName: "motion.json"))
    let bouts = simulation.state.withLock { $0.health.walkingBouts }
    let bout = try #require(bouts.last { $0.upperBound < .zero })
    let expected = simulation.state.withLock {
      $0.health.collection(
        of: .stepCount, where: .all, options: .cumulativeSum,
        edges: [bout.lowerBound, bout.upperBound],
        at: .zero
      ).first?.sum ?? -1
    }
    #expect(expected > 0)
    let found = Mutex<[(Bool, Double)]>([])
    let steps = Mutex<Double>(-1)
    await simulation.run {
      let start = simulation.startDate
      let from = start.addingTimeInterval(bout.lowerBound.seconds + 1)
      let to = start.addingTimeInterval(bout.upperBound.seconds - 1)
      CMMotionActivityManager().queryActivityStarting(from: from, to: to, to: .main) { list, _ in
        found.withLock {
          $0 = (list ?? []).map { ($0.walking, $0.startDate.timeIntervalSince(start)) }
        }
      }
      CMPedometer().queryPedometerData(
        from: start.addingTimeInterval(bout.lowerBound.seconds),
        to: start.addingTimeInterval(bout.upperBound.seconds)
      ) { data, _ in
        steps.withLock { $0 = data?.numberOfSteps.doubleValue ?? -1 }
      }
      await simulation.settle()
    }
    #expect(found.withLock { $0.map(\.0) } == [true])
    // The start, through Date's double arithmetic: within a microsecond of the bout's start.
    let starts = found.withLock { $0.map(\.1) }
    #expect(starts.count == 1)
    #expect(abs((starts.first ?? 0) - bout.lowerBound.seconds) < 1e-6)
    #expect(steps.withLock { $0 } == expected.rounded())
  }

  /// F13 and F14 through the Swift door: the reminders in `simulation.result.log` equal the
  /// command line's (`Simulation.run`), with the hand-worked instants: F14 start reminder at
  /// 1080 backdated to 600, end reminder at 1860 with end 1800; the gap variant starts at 820;
  /// F13's positive control at 1180 with start 1000; the short walk and the switched-off
  /// reminders none.
  @Test(
    arguments: [
      ("f14-reminder-backdated.json", [1080.0, 1860], [600.0, 600]),
      ("f14-reminder-motion-gap.json", [1080, 1860], [820, 820]),
      ("f13-reminder-positive-control.json", [1180, 1360], [1000, 1000]),
      ("f13-reminder-short-walk.json", [], []),
      ("f13-reminder-disabled.json", [], []),
    ])
  func remindersThroughBothDoors(file: String, at: [Double], starts: [Double]) async throws {
    let loaded = try Scenario.load(contentsOf: scenarios.appendingPathComponent(file))
    func reminders(_ log: [LogEntry]) -> [LogEntry] {
      log.filter { if case .motion = $0.kind { true } else { false } }
    }
    let cli = reminders(try Simulation.run(loaded).log)
    let simulation = try HealthKitSimulation(scenario: loaded)
    try await simulation.run {
      try await simulation.advance(by: .seconds(2400))
    }
    let swift = reminders(simulation.result.log)
    #expect(swift == cli)
    #expect(swift.map(\.at.seconds) == at)
    #expect(
      swift.map { entry -> Double in
        if case .motion(let event) = entry.kind { event.start.seconds } else { -1 }
      } == starts)
  }
}
