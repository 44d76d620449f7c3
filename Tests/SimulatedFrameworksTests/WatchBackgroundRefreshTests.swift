// The watch app's background refresh: `WKApplication.scheduleBackgroundRefresh`, the
// delegate's `handle(_:)` with a `WKApplicationRefreshBackgroundTask`, the 15-minute budget,
// the 30 s runtime and the app state around a task (docs/healthkit-behaviour.md#background-refresh).
import Foundation
import Synchronization
import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSystem

@testable import SimulatedHealthKit
@testable import SimulatedWatchKit

/// A watch app's delegate that records each background task it gets: the instant (seconds
/// from t = 0), the task's `userInfo["reason"]`, the engine's app state then; `work` does the
/// task (by default it completes it at once).
@MainActor final class RefreshDelegate: NSObject, WKApplicationDelegate {
  let simulation: HealthKitSimulation
  var handled: [(seconds: Double, reason: String?, state: AppState)] = []
  var work: (@MainActor (WKRefreshBackgroundTask) -> Void)?

  init(_ simulation: HealthKitSimulation) {
    self.simulation = simulation
  }

  func handle(_ backgroundTasks: Set<WKRefreshBackgroundTask>) {
    for task in backgroundTasks {
      #expect(task is WKApplicationRefreshBackgroundTask)
      let reason = (task.userInfo as? NSDictionary)?["reason"] as? String
      handled.append((seconds(simulation), reason, engineAppState(simulation)))
      if let work { work(task) } else { task.setTaskCompletedWithSnapshot(false) }
    }
  }
}

/// Values the app's closures record, for the test to read.
final class Recorded<Value: Sendable>: Sendable {
  private let values = Mutex<[Value]>([])
  func append(_ value: Value) { values.withLock { $0.append(value) } }
  var all: [Value] { values.withLock { $0 } }
}

/// The app state changes of the run's log: `"at from>to cause keepAlive"`.
private func appStates(_ simulation: HealthKitSimulation) -> [String] {
  simulation.result.log.compactMap { entry in
    guard case .appState(let change) = entry.kind else { return nil }
    return
      "\(entry.at.seconds) \(change.from.rawValue)>\(change.to.rawValue) \(change.cause.rawValue) \(change.keepAlive.rawValue)"
  }
}

/// The background refresh entries of the run's log: `"at event"`.
private func refreshLog(_ simulation: HealthKitSimulation) -> [String] {
  systemLog(simulation, .watchKit).filter { $0.identifier == "backgroundRefresh" }.map {
    "\($0.at) \($0.event)"
  }
}

@Suite("WatchKit: background refresh")
struct WatchBackgroundRefreshTests {
  /// A watch simulation whose app goes to the background at t = 1 (a Digital Crown press) and
  /// is suspended at 1 + 10 s grace = 11; `frontmost`: no press, the app stays active.
  static func makeSimulation(frontmost: Bool = false) throws -> HealthKitSimulation {
    var scenario = try Scenario(name: "background refresh")
    if !frontmost {
      scenario.timeline = [
        Scenario.Action(at: .seconds(1), kind: .app(.crownPress), location: "timeline[0]")
      ]
    }
    return try HealthKitSimulation(scenario: scenario)
  }

  /// The app's delegate, set as `WKApplication.shared().delegate`.
  static func delegate(_ simulation: HealthKitSimulation) async -> RefreshDelegate {
    await MainActor.run {
      let delegate = RefreshDelegate(simulation)
      WKApplication.shared().delegate = delegate
      return delegate
    }
  }

  static func reason(_ text: String) -> NSDictionary { ["reason": text] as NSDictionary }

  @Test(
    "A refresh scheduled at t = 0 for +20 min wakes the suspended app at 1200 with its userInfo")
  func wakesTheSuspendedApp() async throws {
    let simulation = try Self.makeSimulation()
    let completion = Recorded<String>()
    try await simulation.run {
      let delegate = await Self.delegate(simulation)
      await MainActor.run {
        WKApplication.shared().scheduleBackgroundRefresh(
          withPreferredDate: simulation.now.addingTimeInterval(1200),
          userInfo: Self.reason("complication")
        ) { error in completion.append(error.map { "\($0)" } ?? "nil") }
      }
      await simulation.settle()
      // The completion comes right after the scheduling, with no error.
      #expect(completion.all == ["nil"])
      try await simulation.advance(to: simulation.startDate.addingTimeInterval(1199))
      #expect(await MainActor.run { delegate.handled.isEmpty })
      #expect(engineAppState(simulation) == .suspended)
      try await simulation.advance(by: .seconds(1))
      await simulation.settle()
      let handled = await MainActor.run { delegate.handled }
      #expect(handled.map(\.seconds) == [1200])
      #expect(handled.map(\.reason) == ["complication"])
      #expect(handled.map(\.state) == [.background])
    }
    // 0: scheduled for 0 + 1200; 1200: launched and completed by the delegate at once.
    #expect(refreshLog(simulation) == ["0.0 scheduled", "1200.0 launched", "1200.0 completed"])
    let scheduled = systemLog(simulation, .watchKit).first { $0.event == "scheduled" }
    #expect(scheduled?.details["launchAt"] == .instant(.seconds(1200)))
    let launched = systemLog(simulation, .watchKit).first { $0.event == "launched" }
    #expect(launched?.details["appState"] == .string("suspended"))
  }

  @Test("After the task completes at 1200 the app is suspended again at 1200 + 10 s grace")
  func suspendedAgainAfterTheGracePeriod() async throws {
    let simulation = try Self.makeSimulation()
    try await simulation.run {
      _ = await Self.delegate(simulation)
      await WKApplication.shared().scheduleBackgroundRefresh(
        withPreferredDate: simulation.now.addingTimeInterval(1200), userInfo: nil
      ) { _ in }
      try await simulation.advance(to: simulation.startDate.addingTimeInterval(1209))
      #expect(engineAppState(simulation) == .background)
      try await simulation.advance(by: .seconds(1))
      #expect(engineAppState(simulation) == .suspended)
    }
    // crownPress at 1, grace 1 + 10 = 11; woken at 1200 kept alive by the task; completed at
    // 1200 (keep-alive none), suspended at 1200 + 10 = 1210.
    #expect(
      appStates(simulation) == [
        "1.0 active>background crownPress none",
        "11.0 background>suspended gracePeriodEnded none",
        "1200.0 suspended>background backgroundRefresh backgroundTask",
        "1200.0 background>background keepAlive none",
        "1210.0 background>suspended gracePeriodEnded none",
      ])
  }

  @Test("A second schedule cancels the first: only the second fires, at its own date")
  func secondScheduleReplacesTheFirst() async throws {
    let simulation = try Self.makeSimulation()
    try await simulation.run {
      let delegate = await Self.delegate(simulation)
      // WKExtension's form (watchOS 3) schedules the same one refresh.
      await WKExtension.shared().scheduleBackgroundRefresh(
        withPreferredDate: simulation.now.addingTimeInterval(1200), userInfo: Self.reason("first")
      ) { _ in }
      await WKApplication.shared().scheduleBackgroundRefresh(
        withPreferredDate: simulation.now.addingTimeInterval(1500),
        userInfo: Self.reason("second")
      ) { _ in }
      try await simulation.advance(by: .seconds(3000))
      await simulation.settle()
      let handled = await MainActor.run { delegate.handled }
      #expect(handled.map(\.seconds) == [1500])
      #expect(handled.map(\.reason) == ["second"])
    }
    #expect(
      refreshLog(simulation) == [
        "0.0 scheduled", "0.0 cancelled", "0.0 scheduled", "1500.0 launched", "1500.0 completed",
      ])
  }

  @Test("A refresh asked for 5 min after a launch comes 15 min after that launch")
  func fifteenMinutesBetweenLaunches() async throws {
    let simulation = try Self.makeSimulation()
    try await simulation.run {
      let delegate = await Self.delegate(simulation)
      await MainActor.run {
        delegate.work = { task in
          // The next refresh for 5 minutes from now, as apps schedule it inside the task.
          if delegate.handled.count == 1 {
            WKApplication.shared().scheduleBackgroundRefresh(
              withPreferredDate: simulation.now.addingTimeInterval(300), userInfo: nil
            ) { _ in }
          }
          task.setTaskCompletedWithSnapshot(false)
        }
      }
      await WKApplication.shared().scheduleBackgroundRefresh(
        withPreferredDate: simulation.now.addingTimeInterval(1200), userInfo: nil
      ) { _ in }
      try await simulation.advance(by: .seconds(3600))
      await simulation.settle()
      // First launch 1200; asked for 1200 + 300 = 1500, budget 1200 + 900 = 2100.
      #expect(await MainActor.run { delegate.handled.map(\.seconds) } == [1200, 2100])
    }
    let scheduled = systemLog(simulation, .watchKit).filter { $0.event == "scheduled" }
    #expect(
      scheduled.map { $0.details["preferredDate"] } == [
        .instant(.seconds(1200)), .instant(.seconds(1500)),
      ])
    #expect(
      scheduled.map { $0.details["launchAt"] } == [
        .instant(.seconds(1200)), .instant(.seconds(2100)),
      ])
  }

  @Test("A refresh due while the app is frontmost is ignored and logged")
  func ignoredWhileFrontmost() async throws {
    let simulation = try Self.makeSimulation(frontmost: true)
    try await simulation.run {
      let delegate = await Self.delegate(simulation)
      await WKApplication.shared().scheduleBackgroundRefresh(
        withPreferredDate: simulation.now.addingTimeInterval(1200), userInfo: nil
      ) { _ in }
      try await simulation.advance(by: .seconds(3600))
      await simulation.settle()
      #expect(await MainActor.run { delegate.handled.isEmpty })
      #expect(engineAppState(simulation) == .active)
    }
    #expect(refreshLog(simulation) == ["0.0 scheduled", "1200.0 ignored"])
    let ignored = systemLog(simulation, .watchKit).first { $0.event == "ignored" }
    #expect(ignored?.details["appState"] == .string("active"))
    #expect(ignored?.details["reason"] == .string("frontmost"))
    // Not silent: a warning at the instant, saying what to add to the scenario.
    let reports = simulation.reports.filter { $0.kind == .notDelivered }
    #expect(reports.count == 1)
    #expect(reports.first?.isWarning == true)
    #expect(reports.first?.seconds == 1200)
    #expect(reports.first?.framework == "WatchKit")
    #expect(reports.first?.message.contains("was ignored: the app was active (frontmost)") == true)
    #expect(reports.first?.message.contains(#"{"at": 1, "do": "crownPress"}"#) == true)
  }

  /// A delegate that has no `handle(_ backgroundTasks:)` of its own: only a near miss, whose
  /// parameter type differs (the system never calls it).
  @MainActor final class NearMissDelegate: NSObject, WKApplicationDelegate {
    var called = false
    func handle(_ backgroundTasks: Set<WKApplicationRefreshBackgroundTask>) { called = true }
  }

  @Test("A delegate without handle(_ backgroundTasks:) has its task completed at once, reported")
  func defaultHandlerIsReported() async throws {
    let simulation = try Self.makeSimulation()
    let delegate = await MainActor.run {
      let delegate = NearMissDelegate()
      return delegate
    }
    try await simulation.run {
      await MainActor.run { WKApplication.shared().delegate = delegate }
      await WKApplication.shared().scheduleBackgroundRefresh(
        withPreferredDate: simulation.now.addingTimeInterval(1200), userInfo: nil
      ) { _ in }
      try await simulation.advance(by: .seconds(1300))
      await simulation.settle()
    }
    #expect(await MainActor.run { delegate.called } == false)
    // The default completes it at the launch instant (no snapshot).
    #expect(refreshLog(simulation) == ["0.0 scheduled", "1200.0 launched", "1200.0 completed"])
    let reports = simulation.reports.filter { $0.kind == .notDelivered }
    #expect(reports.map(\.seconds) == [1200])
    #expect(reports.first?.isWarning == true)
    #expect(
      reports.first?.message.contains(
        "does not implement handle(_ backgroundTasks: Set<WKRefreshBackgroundTask>)") == true)
  }

  @Test("A launched task with no app delegate is reported, and runs until it expires")
  func noDelegateIsReported() async throws {
    let simulation = try Self.makeSimulation()
    simulation.appWorkGrace = .milliseconds(50)
    await simulation.run {
      await WKApplication.shared().scheduleBackgroundRefresh(
        withPreferredDate: simulation.now.addingTimeInterval(1200), userInfo: nil
      ) { _ in }
      // Launched at 1200, nobody completes it: it expires at 1200 + 30 = 1230.
      try? await simulation.advance(by: .seconds(1300))
      await simulation.settle()
    }
    #expect(
      refreshLog(simulation) == [
        "0.0 scheduled", "1200.0 launched", "1200.0 undelivered", "1230.0 expired",
      ])
    let reports = simulation.reports.filter { $0.kind == .notDelivered }
    #expect(reports.map(\.seconds) == [1200])
    #expect(reports.first?.message.contains("no WKApplication delegate") == true)
    // Nothing of the app's will complete it, so it does not hold virtual time (no expired
    // hold is reported).
    #expect(!simulation.reports.contains { $0.kind == .holdExpired })
  }

  @Test("A task never completed expires at launch + 30 s: its handler runs, the log says so")
  func expiresAfterThirtySeconds() async throws {
    let simulation = try Self.makeSimulation()
    simulation.appWorkGrace = .milliseconds(50)
    let expirations = Recorded<Double>()
    await simulation.run {
      let delegate = await Self.delegate(simulation)
      await MainActor.run {
        delegate.work = { task in
          task.expirationHandler = { expirations.append(seconds(simulation)) }
        }
      }
      await WKApplication.shared().scheduleBackgroundRefresh(
        withPreferredDate: simulation.now.addingTimeInterval(1200), userInfo: nil
      ) { _ in }
      // The delegate never completes: the hold on virtual time expires, reported and thrown.
      let unanswered = await #expect(throws: HealthKitSimulation.UnfinishedWork.self) {
        try await simulation.advance(by: .seconds(1300))
      }
      #expect(
        unanswered?.reports.map { "\($0.framework) \($0.seconds)" } == ["WatchKit 1200.0"])
      #expect(await MainActor.run { delegate.handled.map(\.seconds) } == [1200])
    }
    // Launched at 1200, expired at 1200 + 30 = 1230; the app is suspended at 1230 + 10 = 1240.
    #expect(expirations.all == [1230])
    #expect(refreshLog(simulation) == ["0.0 scheduled", "1200.0 launched", "1230.0 expired"])
    let expired = systemLog(simulation, .watchKit).first { $0.event == "expired" }
    #expect(expired?.details["handler"] == .bool(true))
    #expect(
      appStates(simulation).suffix(2) == [
        "1230.0 background>background keepAlive none",
        "1240.0 background>suspended gracePeriodEnded none",
      ])
  }

  @Test("The async form schedules the refresh and returns; the task comes at its date")
  func asyncForm() async throws {
    let simulation = try Self.makeSimulation()
    try await simulation.run {
      let delegate = await Self.delegate(simulation)
      try await WKApplication.shared().scheduleBackgroundRefresh(
        withPreferredDate: simulation.now.addingTimeInterval(1200),
        userInfo: Self.reason("async"))
      try await WKExtension.shared().scheduleBackgroundRefresh(
        withPreferredDate: simulation.now.addingTimeInterval(1800),
        userInfo: Self.reason("extension"))
      try await simulation.advance(by: .seconds(2400))
      await simulation.settle()
      // The second call replaced the first: one task, at 1800.
      let handled = await MainActor.run { delegate.handled }
      #expect(handled.map(\.seconds) == [1800])
      #expect(handled.map(\.reason) == ["extension"])
    }
  }

  @Test("A statistics query inside the task gets its result while the task keeps the app awake")
  func statisticsQueryInsideTheTask() async throws {
    let simulation = try Self.makeSimulation()
    let results = Recorded<(sum: Double?, seconds: Double, state: AppState)>()
    try await simulation.run {
      let steps = HKQuantityType(.stepCount)
      let store = HKHealthStore()
      try await store.requestAuthorization(toShare: [steps], read: [steps])
      // 120 steps over the ten minutes before t = 0.
      try await store.save(
        HKQuantitySample(
          type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 120),
          start: simulation.now.addingTimeInterval(-600), end: simulation.now))
      let delegate = await Self.delegate(simulation)
      await MainActor.run {
        delegate.work = { task in
          let query = HKStatisticsQuery(
            quantityType: steps, quantitySamplePredicate: nil, options: .cumulativeSum
          ) { _, statistics, _ in
            let sum = statistics?.sumQuantity()?.doubleValue(for: .count())
            results.append((sum, seconds(simulation), engineAppState(simulation)))
            task.setTaskCompletedWithSnapshot(true)
          }
          HKHealthStore().execute(query)
        }
      }
      await WKApplication.shared().scheduleBackgroundRefresh(
        withPreferredDate: simulation.now.addingTimeInterval(1200), userInfo: nil
      ) { _ in }
      try await simulation.advance(by: .seconds(1300))
    }
    // The query answers at the launch instant, 1200, with the app in the background (awake).
    let answers = results.all
    #expect(answers.map(\.sum) == [120])
    #expect(answers.map(\.seconds) == [1200])
    #expect(answers.map(\.state) == [.background])
    let completed = systemLog(simulation, .watchKit).first { $0.event == "completed" }
    #expect(completed?.at == 1200)
    #expect(completed?.details["snapshot"] == .bool(true))
  }

  /// `Date() + 1200` at t = 0 is virtual 1200 (the wall-clock rule). With strict dates the
  /// call is refused: the async form throws `WKErrorDomain` code 1 with the rule's message, and
  /// nothing is scheduled. The real clock is pinned (`readRealClock`, a quarter second past a
  /// whole second, so the rule's whole-second calendar case does not apply) and the app's
  /// `Date()` is that reading: read live, the real time between the app's `Date()` and the
  /// rule's own reading moves the whole seconds the rule shifts by (this test failed on a
  /// loaded CI run and passed alone; tests never read the wall clock: docs/development.md).
  @Test(arguments: [false, true])
  func aRealClockDate(strict: Bool) async throws {
    var scenario = try Scenario(name: "real clock")
    scenario.timeline = [
      Scenario.Action(at: .seconds(1), kind: .app(.crownPress), location: "timeline[0]")
    ]
    let simulation = try HealthKitSimulation(
      scenario: scenario, options: strict ? .strictDates : [])
    let real = Date(
      timeIntervalSinceReferenceDate: Date().timeIntervalSinceReferenceDate.rounded(.down) + 0.25)
    simulation.readRealClock { real }
    try await simulation.run {
      let delegate = await Self.delegate(simulation)
      if strict {
        let error = await #expect(throws: NSError.self) {
          try await WKApplication.shared().scheduleBackgroundRefresh(
            withPreferredDate: real + 1200, userInfo: nil)
        }
        #expect(error?.domain == "WKErrorDomain")
        #expect(error?.code == 1)
        #expect(
          error?.localizedDescription
            == "The date passed to WKApplication.scheduleBackgroundRefresh(withPreferredDate:) is the real wall clock (Date()), not the simulation's virtual time; pass simulation.now or a date derived from it: have the app's code read now from a clock the test sets to simulation.now (a now: () -> Date whose default is { Date() }, as Examples/FitnessTracker's AppClock) (strict dates)"
        )
      } else {
        try await WKApplication.shared().scheduleBackgroundRefresh(
          withPreferredDate: real + 1200, userInfo: nil)
      }
      try await simulation.advance(by: .seconds(1800))
      await simulation.settle()
      #expect(await MainActor.run { delegate.handled.map(\.seconds) } == (strict ? [] : [1200]))
    }
    #expect(refreshLog(simulation).first == (strict ? nil : "0.0 scheduled"))
  }

  @Test("A crash drops a running task: no expiration handler, a dropped entry at the crash")
  func crashDropsTheRunningTask() async throws {
    var scenario = try Scenario(name: "crash during a refresh")
    scenario.timeline = [
      Scenario.Action(at: .seconds(1), kind: .app(.crownPress), location: "timeline[0]"),
      Scenario.Action(at: .seconds(1210), kind: .app(.crash), location: "timeline[1]"),
    ]
    let simulation = try HealthKitSimulation(scenario: scenario)
    simulation.appWorkGrace = .milliseconds(50)
    let expirations = Recorded<Double>()
    await simulation.run {
      let delegate = await Self.delegate(simulation)
      await MainActor.run {
        delegate.work = { task in
          task.expirationHandler = { expirations.append(seconds(simulation)) }
        }
      }
      await WKApplication.shared().scheduleBackgroundRefresh(
        withPreferredDate: simulation.now.addingTimeInterval(1200), userInfo: nil
      ) { _ in }
      // The delegate never completes: the hold expires (reported), then the crash at 1210.
      await #expect(throws: HealthKitSimulation.UnfinishedWork.self) {
        try await simulation.advance(by: .seconds(1300))
      }
    }
    // Launched at 1200; the process died at 1210, which drops the task there (not at its
    // expiry, 1200 + 30 = 1230); its handler (the dead process's) is never called.
    #expect(expirations.all.isEmpty)
    #expect(refreshLog(simulation) == ["0.0 scheduled", "1200.0 launched", "1210.0 dropped"])
    let dropped = systemLog(simulation, .watchKit).first { $0.event == "dropped" }
    #expect(dropped?.details["reason"] == .string("appCrashed"))
  }

  @Test(
    "A refresh launches a crashed app into the background: the new delegate launches, then gets the task"
  )
  func launchesTheAppThatIsNotRunning() async throws {
    var scenario = try Scenario(name: "refresh after a crash")
    scenario.timeline = [
      Scenario.Action(at: .seconds(100), kind: .app(.crash), location: "timeline[0]")
    ]
    let simulation = try HealthKitSimulation(scenario: scenario)
    let log = LaunchLog()
    try await simulation.run {
      await MainActor.run {
        simulation.launchWatchApp { RefreshLaunchDelegate(log: log, simulation: simulation) }
      }
      await WKApplication.shared().scheduleBackgroundRefresh(
        withPreferredDate: simulation.now.addingTimeInterval(1200), userInfo: nil
      ) { _ in }
      try await simulation.advance(by: .seconds(1199))
      #expect(engineAppState(simulation) == .notRunning)
      try await simulation.advance(by: .seconds(1))
      await simulation.settle()
      // Completed at 1200: suspended at 1200 + 10 s grace.
      try await simulation.advance(by: .seconds(20))
    }
    // The second process's delegate: launched, then the task, at 1200 in the background.
    #expect(log.events == ["launched 1", "launched 2", "task 2 at 1200.0 background"])
    #expect(
      appStates(simulation) == [
        "100.0 active>notRunning crash none",
        "1200.0 notRunning>background backgroundRefresh backgroundTask",
        "1200.0 background>background keepAlive none",
        "1210.0 background>suspended gracePeriodEnded none",
      ])
    let launched = systemLog(simulation, .watchKit).first { $0.event == "launched" }
    #expect(launched?.details["appState"] == .string("notRunning"))
  }
}

/// A watch app's delegate made by `launchWatchApp`: logs its launch and each task it gets.
@MainActor final class RefreshLaunchDelegate: NSObject, WKApplicationDelegate {
  let log: LaunchLog
  let launch: Int
  let simulation: HealthKitSimulation

  init(log: LaunchLog, simulation: HealthKitSimulation) {
    self.log = log
    self.simulation = simulation
    launch = log.newLaunch()
  }

  func applicationDidFinishLaunching() { log.append("launched \(launch)") }

  func handle(_ backgroundTasks: Set<WKRefreshBackgroundTask>) {
    for task in backgroundTasks {
      log.append("task \(launch) at \(seconds(simulation)) \(engineAppState(simulation).rawValue)")
      task.setTaskCompletedWithSnapshot(false)
    }
  }
}

/// Marks the main dispatch queue, the main actor's executor, so a closure can tell without
/// trapping whether it runs there (the test process's main thread may have handed the queue to
/// a worker thread, so `Thread.isMainThread` does not tell).
let mainQueueKey: DispatchSpecificKey<Bool> = {
  let key = DispatchSpecificKey<Bool>()
  DispatchQueue.main.setSpecific(key: key, value: true)
  return key
}()

/// An app's main-actor state, as a view model a refresh task's download updates.
@MainActor final class DownloadModel {
  var downloading = true
  var cancellations = 0
}

/// A refresh task an app's unit test makes with `init()` and whose completion it records, by
/// overriding the open method as with Apple's class.
final class CompletionRecordingTask: WKApplicationRefreshBackgroundTask, @unchecked Sendable {
  let snapshots = Mutex<[Bool]>([])

  override func setTaskCompletedWithSnapshot(_ refreshSnapshot: Bool) {
    snapshots.withLock { $0.append(refreshSnapshot) }
    super.setTaskCompletedWithSnapshot(refreshSnapshot)
  }
}

/// A delegate made by `launchWatchApp` that hands the app's work to another delegate it sets in
/// `applicationDidFinishLaunching()` (as an app whose delegate object is set up at launch).
@MainActor final class ReplacingLaunchDelegate: NSObject, WKApplicationDelegate {
  let log: LaunchLog
  let simulation: HealthKitSimulation

  init(log: LaunchLog, simulation: HealthKitSimulation) {
    self.log = log
    self.simulation = simulation
  }

  func applicationDidFinishLaunching() {
    log.append("launched")
    WKApplication.shared().delegate = RefreshLaunchDelegate(log: log, simulation: simulation)
  }

  func handle(_ backgroundTasks: Set<WKRefreshBackgroundTask>) {
    log.append("task to the launching delegate")
    for task in backgroundTasks { task.setTaskCompletedWithSnapshot(false) }
  }
}

extension WatchBackgroundRefreshTests {
  @Test(
    "The expiration handler runs on the main actor at launch + 30 s; its completion counts there"
  )
  func expirationHandlerOnTheMainActor() async throws {
    let simulation = try Self.makeSimulation()
    // handle(_:) never completes its task, so the hold at its launch always runs out: a short
    // grace only shortens that wait, whatever the machine's load.
    simulation.appWorkGrace = .milliseconds(50)
    let seen = Recorded<(seconds: Double, mainQueue: Bool, downloading: Bool)>()
    let handled = Recorded<Double>()
    _ = mainQueueKey
    let model = await MainActor.run { DownloadModel() }
    await simulation.run {
      let start = simulation.now
      let delegate = await Self.delegate(simulation)
      await MainActor.run {
        delegate.work = { task in
          // As apps write it: the handler, set in the main-actor handle(_:), touches
          // main-actor state, then completes the task.
          task.expirationHandler = {
            let onMainQueue = DispatchQueue.getSpecific(key: mainQueueKey) == true
            seen.append((seconds(simulation), onMainQueue, model.downloading))
            model.downloading = false
            model.cancellations += 1
            task.setTaskCompletedWithSnapshot(false)
          }
          handled.append(seconds(simulation))
        }
      }
      await WKApplication.shared().scheduleBackgroundRefresh(
        withPreferredDate: start.addingTimeInterval(1200), userInfo: nil
      ) { _ in }
      // handle(_:) does not complete: its hold at 1200 runs out (reported).
      let unanswered = await #expect(throws: HealthKitSimulation.UnfinishedWork.self) {
        try await simulation.advance(to: start.addingTimeInterval(1210))
      }
      #expect(
        unanswered?.reports.map { "\($0.framework) \($0.seconds)" } == ["WatchKit 1200.0"])
      // The event the expiry needs: handle(_:) has set the expiration handler (it ran at the
      // launch, 1200; a loaded machine may run it late, never after the expiry at 1230, which
      // is virtual time this test has not reached yet). The 60 s only bounds a failure.
      let clock = ContinuousClock()
      let deadline = clock.now.advanced(by: .seconds(60))
      await waitUntil { !handled.all.isEmpty || clock.now > deadline }
      #expect(handled.all.count == 1)
      // The expiry's hold at 1230 ends when the handler returns (not reported): a generous
      // grace, which only bounds a handler that never returns.
      simulation.appWorkGrace = .seconds(60)
      await #expect(throws: Never.self) {
        try await simulation.advance(to: start.addingTimeInterval(1300))
      }
    }
    // Launched at 1200, expires at 1200 + 30 = 1230: the handler runs on the main actor at
    // 1230, the model still downloading, and its completion is logged at 1230.
    #expect(seen.all.map(\.seconds) == [1230])
    #expect(seen.all.map(\.mainQueue) == [true])
    #expect(seen.all.map(\.downloading) == [true])
    #expect(await MainActor.run { model.cancellations } == 1)
    #expect(
      refreshLog(simulation) == [
        "0.0 scheduled", "1200.0 launched", "1230.0 expired", "1230.0 completed",
      ])
    let completed = systemLog(simulation, .watchKit).first { $0.event == "completed" }
    #expect(completed?.details["snapshot"] == .bool(false))
    // Completed at 1230 (keep-alive none): suspended at 1230 + 10 s grace = 1240.
    #expect(
      appStates(simulation).suffix(2) == [
        "1230.0 background>background keepAlive none",
        "1240.0 background>suspended gracePeriodEnded none",
      ])
  }

  @Test("A task made with init() belongs to no simulation: completing it is recorded, not run")
  func taskMadeWithInit() async throws {
    // Outside any simulation, as an app's unit test of its handle(_:): no trap.
    let task = WKApplicationRefreshBackgroundTask()
    #expect(task.userInfo == nil)
    #expect(task.expirationHandler == nil)
    task.setTaskCompletedWithSnapshot(true)
    task.setTaskCompletedWithSnapshot(false)
    #expect(task.completionsAsked == [true, false])
    let base = WKRefreshBackgroundTask()
    base.setTaskCompletedWithSnapshot(false)
    #expect(base.completionsAsked == [false])

    // Inside a run: the delegate completes it; nothing is logged or reported, no hold.
    let simulation = try Self.makeSimulation()
    let recording = CompletionRecordingTask()
    try await simulation.run {
      let delegate = await Self.delegate(simulation)
      await MainActor.run { delegate.handle([recording]) }
      try await simulation.advance(by: .seconds(60))
      #expect(await MainActor.run { delegate.handled.map(\.seconds) } == [0])
    }
    #expect(recording.snapshots.withLock { $0 } == [false])
    #expect(refreshLog(simulation).isEmpty)
    #expect(simulation.reports.isEmpty)
  }

  /// Both forms of `WKExtension`'s scheduling (watchOS 3 to 6) on their own.
  @Test(arguments: [false, true])
  func extensionForms(async: Bool) async throws {
    let simulation = try Self.makeSimulation()
    let completions = Recorded<String>()
    try await simulation.run {
      let delegate = await Self.delegate(simulation)
      if async {
        try await WKExtension.shared().scheduleBackgroundRefresh(
          withPreferredDate: simulation.now.addingTimeInterval(1200),
          userInfo: Self.reason("extension"))
      } else {
        await WKExtension.shared().scheduleBackgroundRefresh(
          withPreferredDate: simulation.now.addingTimeInterval(1200),
          userInfo: Self.reason("extension")
        ) { error in completions.append(error.map { "\($0)" } ?? "nil") }
        await simulation.settle()
        #expect(completions.all == ["nil"])
      }
      try await simulation.advance(by: .seconds(1300))
      await simulation.settle()
      // Scheduled at 0 for 0 + 1200; the app suspended since 11: woken at 1200.
      let handled = await MainActor.run { delegate.handled }
      #expect(handled.map(\.seconds) == [1200])
      #expect(handled.map(\.reason) == ["extension"])
      #expect(handled.map(\.state) == [.background])
    }
    #expect(refreshLog(simulation) == ["0.0 scheduled", "1200.0 launched", "1200.0 completed"])
  }

  @Test(
    "The launch hands the task to the delegate set in applicationDidFinishLaunching(), after it")
  func delegateSetAtLaunch() async throws {
    var scenario = try Scenario(name: "delegate set at launch")
    scenario.timeline = [
      Scenario.Action(at: .seconds(100), kind: .app(.crash), location: "timeline[0]")
    ]
    let simulation = try HealthKitSimulation(scenario: scenario)
    let log = LaunchLog()
    try await simulation.run {
      await MainActor.run {
        simulation.launchWatchApp { ReplacingLaunchDelegate(log: log, simulation: simulation) }
      }
      await WKApplication.shared().scheduleBackgroundRefresh(
        withPreferredDate: simulation.now.addingTimeInterval(1200), userInfo: nil
      ) { _ in }
      try await simulation.advance(by: .seconds(1220))
    }
    // Process 1 at t = 0 (its delegate sets delegate 1), crashed at 100; the refresh launches
    // process 2 at 1200: its launching delegate sets delegate 2, which gets the task.
    #expect(
      log.events == ["launched", "launched", "task 2 at 1200.0 background"])
    #expect(refreshLog(simulation) == ["0.0 scheduled", "1200.0 launched", "1200.0 completed"])
  }

  @Test("Scheduled while frontmost, the app in the background before the date: delivered")
  func scheduledFrontmostThenBackground() async throws {
    var scenario = try Scenario(name: "frontmost then background")
    scenario.timeline = [
      Scenario.Action(at: .seconds(600), kind: .app(.crownPress), location: "timeline[0]")
    ]
    let simulation = try HealthKitSimulation(scenario: scenario)
    try await simulation.run {
      let delegate = await Self.delegate(simulation)
      #expect(engineAppState(simulation) == .active)
      await WKApplication.shared().scheduleBackgroundRefresh(
        withPreferredDate: simulation.now.addingTimeInterval(1200), userInfo: nil
      ) { _ in }
      try await simulation.advance(by: .seconds(1300))
      await simulation.settle()
      // Crown press at 600, suspended at 600 + 10 = 610; the refresh wakes it at 1200.
      let handled = await MainActor.run { delegate.handled }
      #expect(handled.map(\.seconds) == [1200])
      #expect(handled.map(\.state) == [.background])
    }
    #expect(refreshLog(simulation) == ["0.0 scheduled", "1200.0 launched", "1200.0 completed"])
    #expect(simulation.reports.filter { $0.kind == .notDelivered }.isEmpty)
  }

  @Test("Still frontmost (inactive, wrist down) at the date: ignored, a notDelivered warning")
  func inactiveAtTheDateIsIgnored() async throws {
    var scenario = try Scenario(name: "inactive at the date")
    scenario.timeline = [
      Scenario.Action(at: .seconds(1150), kind: .app(.wristDown), location: "timeline[0]")
    ]
    let simulation = try HealthKitSimulation(scenario: scenario)
    try await simulation.run {
      let delegate = await Self.delegate(simulation)
      await WKApplication.shared().scheduleBackgroundRefresh(
        withPreferredDate: simulation.now.addingTimeInterval(1200), userInfo: nil
      ) { _ in }
      try await simulation.advance(by: .seconds(1300))
      await simulation.settle()
      #expect(await MainActor.run { delegate.handled.isEmpty })
    }
    // Wrist down at 1150: inactive (frontmost) until 1150 + 120 s return to clock = 1270, so
    // at 1200 the task is ignored.
    #expect(refreshLog(simulation) == ["0.0 scheduled", "1200.0 ignored"])
    let ignored = systemLog(simulation, .watchKit).first { $0.event == "ignored" }
    #expect(ignored?.details["appState"] == .string("inactive"))
    let reports = simulation.reports.filter { $0.kind == .notDelivered }
    #expect(reports.map(\.seconds) == [1200])
    #expect(reports.first?.isWarning == true)
    #expect(reports.first?.message.contains("the app was inactive (frontmost)") == true)
  }
}

/// Main-actor app code that schedules the next refresh as Apple's samples do: the completion
/// closure, written here, is inferred main-actor isolated (it touches `self`'s state without
/// `await`), so Swift checks at run time that WatchKit calls it on the main actor.
@MainActor final class MainActorRefreshScheduler {
  var completions: [String] = []
  var onMainQueue: [Bool] = []

  func scheduleNextRefresh(extensionForm: Bool) {
    let completion: ((any Error)?) -> Void = { error in
      self.onMainQueue.append(DispatchQueue.getSpecific(key: mainQueueKey) == true)
      self.completions.append(error.map { "\($0)" } ?? "nil")
    }
    let next = Date(timeIntervalSinceNow: 15 * 60)
    if extensionForm {
      WKExtension.shared().scheduleBackgroundRefresh(
        withPreferredDate: next, userInfo: nil, scheduledCompletion: completion)
    } else {
      WKApplication.shared().scheduleBackgroundRefresh(withPreferredDate: next, userInfo: nil) {
        error in
        self.onMainQueue.append(DispatchQueue.getSpecific(key: mainQueueKey) == true)
        self.completions.append(error.map { "\($0)" } ?? "nil")
      }
    }
  }
}

extension WatchBackgroundRefreshTests {
  @Test("scheduledCompletion runs on the main actor: a closure written in main-actor code")
  func scheduledCompletionOnTheMainActor() async throws {
    let simulation = try Self.makeSimulation()
    _ = mainQueueKey
    let scheduler = await MainActor.run { MainActorRefreshScheduler() }
    try await simulation.run {
      await scheduler.scheduleNextRefresh(extensionForm: false)
      await scheduler.scheduleNextRefresh(extensionForm: true)
      try await simulation.advance(by: .seconds(1))
    }
    // Both completions ran, with nil, on the main queue (before the fix: in the callback lane,
    // where Swift's isolation check of the main-actor closure trapped).
    #expect(await MainActor.run { scheduler.completions } == ["nil", "nil"])
    #expect(await MainActor.run { scheduler.onMainQueue } == [true, true])
    // Scheduled at 0 for 0 + 900 s; the second call replaces the first (one refresh at a time).
    #expect(refreshLog(simulation) == ["0.0 scheduled", "0.0 cancelled", "0.0 scheduled"])
  }
}
