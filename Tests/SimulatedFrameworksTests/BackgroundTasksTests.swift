import Foundation
import SimulatedBackgroundTasks
import SimulatedHealthKit
import Testing
import WorkoutCore
import WorkoutHealth
import WorkoutScenario
import WorkoutSystem

/// What a launch handler saw, for the test to read.
final class LaunchRecorder: @unchecked Sendable {
  let lock = NSLock()
  nonisolated(unsafe) var launches: [(seconds: Double, type: String, handler: String)] = []
  nonisolated(unsafe) var expirations: [Double] = []

  func record(_ simulation: HealthKitSimulation, _ task: BGTask, handler: String) {
    let seconds = simulation.now.timeIntervalSince(simulation.startDate)
    let type = task is BGAppRefreshTask ? "refresh" : task is BGProcessingTask ? "processing" : "?"
    lock.withLock { launches.append((seconds, type, handler)) }
  }

  func expired(_ simulation: HealthKitSimulation) {
    let seconds = simulation.now.timeIntervalSince(simulation.startDate)
    lock.withLock { expirations.append(seconds) }
  }

  var launchSeconds: [Double] { lock.withLock { launches.map { $0.seconds } } }
}

@Suite("BackgroundTasks: launches, conditions, expiration, crash, errors")
struct BackgroundTasksTests {
  /// 2026-01-05 08:00 UTC (t = 0 at 08:00 local), UTC.
  func makeSimulation(
    phone: Scenario.Phone = Scenario.Phone(), app: Scenario.App = Scenario.App(),
    health: HealthPlan? = nil
  ) throws -> HealthKitSimulation {
    try phoneSimulation(phone: phone, start: "2026-01-05T08:00:00Z", app: app, health: health)
  }

  /// Registers `identifier` with a handler that records and completes with success.
  func registerCompleting(
    _ identifier: String, _ simulation: HealthKitSimulation, _ recorder: LaunchRecorder,
    name: String = "first"
  ) {
    BGTaskScheduler.shared.register(forTaskWithIdentifier: identifier, using: nil) { task in
      recorder.record(simulation, task, handler: name)
      task.setTaskCompleted(success: true)
    }
  }

  @Test("A refresh launches at the first quarter hour at or after earliestBeginDate, not before")
  func refreshAtTheQuarterHour() async throws {
    let simulation = try makeSimulation()
    let recorder = LaunchRecorder()
    try await simulation.run {
      registerCompleting("refresh", simulation, recorder)
      let request = BGAppRefreshTaskRequest(identifier: "refresh")
      request.earliestBeginDate = simulation.now.addingTimeInterval(20 * 60)  // 08:20
      try BGTaskScheduler.shared.submit(request)
      // 08:20 → 08:30, t = 1800.
      try await simulation.advance(to: simulation.startDate.addingTimeInterval(1799))
      #expect(recorder.launchSeconds.isEmpty)
      #expect(
        await BGTaskScheduler.shared.pendingTaskRequests().map { $0.identifier } == ["refresh"])
      try await simulation.advance(by: .seconds(1))
      #expect(recorder.launchSeconds == [1800])
      #expect(await BGTaskScheduler.shared.pendingTaskRequests().isEmpty)
      // Submitted at 08:37 without a date → 08:45 (t = 2700); at exactly 09:00 → 09:00.
      try await simulation.advance(to: simulation.startDate.addingTimeInterval(2220))
      try BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "refresh"))
      try await simulation.advance(to: simulation.startDate.addingTimeInterval(2800))
      let onTheHour = BGAppRefreshTaskRequest(identifier: "refresh")
      onTheHour.earliestBeginDate = simulation.startDate.addingTimeInterval(3600)
      try BGTaskScheduler.shared.submit(onTheHour)
      try await simulation.advance(to: simulation.startDate.addingTimeInterval(4000))
    }
    #expect(recorder.launchSeconds == [1800, 2700, 3600])
    #expect(recorder.launches.map { $0.type } == ["refresh", "refresh", "refresh"])
    let log = systemLog(simulation, .backgroundTasks)
    #expect(
      log.map { $0.event } == [
        "submitted", "launched", "completed", "submitted", "launched", "completed", "submitted",
        "launched", "completed",
      ])
    #expect(log.map { $0.at } == [0, 1800, 1800, 2220, 2700, 2700, 2800, 3600, 3600])
    #expect(
      log[0].details["launchAt"] == SystemEvent.Value.instant(SimulationInstant.seconds(1800)))
    #expect(
      log[0].details["earliestBeginDate"]
        == SystemEvent.Value.instant(SimulationInstant.seconds(1200)))
    #expect(log[2].details["success"] == SystemEvent.Value.bool(true))
  }

  @Test("No refresh while offline (a span and a daily span); none with Background App Refresh off")
  func refreshNeedsTheNetworkAndTheSetting() async throws {
    var phone = Scenario.Phone()
    // Offline 08:25 to 09:05 (t 1500 to 3900), and every day 09:10 to 09:20.
    phone.offline = [SimulationInstant.seconds(1500)..<SimulationInstant.seconds(3900)]
    phone.offlineDaily = [.init(from: .seconds(9 * 3600 + 600), to: .seconds(9 * 3600 + 1200))]
    let simulation = try makeSimulation(phone: phone)
    let recorder = LaunchRecorder()
    try await simulation.run {
      registerCompleting("refresh", simulation, recorder)
      let request = BGAppRefreshTaskRequest(identifier: "refresh")
      request.earliestBeginDate = simulation.now.addingTimeInterval(20 * 60)
      try BGTaskScheduler.shared.submit(request)
      try await simulation.advance(by: .seconds(3 * 3600))
    }
    // 08:30, 08:45, 09:00 offline (span), 09:15 offline (daily), 09:30 online: t = 5400.
    #expect(recorder.launchSeconds == [5400])

    var off = Scenario.Phone()
    off.backgroundAppRefresh = false
    let refreshOff = try makeSimulation(phone: off)
    try await refreshOff.run {
      registerCompleting("refresh", refreshOff, recorder)
      #expect(throws: BGTaskScheduler.Error.self) {
        try BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "refresh"))
      }
      do {
        try BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "refresh"))
      } catch BGTaskScheduler.Error.unavailable {
        // Apple's code 1.
      }
      #expect(await BGTaskScheduler.shared.pendingTaskRequests().isEmpty)
    }
  }

  @Test("Processing runs only while locked, and charging when it requires external power")
  func processingLockedAndCharging() async throws {
    // Locked t 50 000 to 70 000 (21:53:20 to 03:26:40 local); charging by default 0:00 to 6:00
    // local = t 57 600 to 79 200.
    let plan = HealthPlan(
      days: 1, generate: false,
      lockPeriods: [SimulationInstant.seconds(50_000)..<SimulationInstant.seconds(70_000)])
    let simulation = try makeSimulation(health: plan)
    let recorder = LaunchRecorder()
    try await simulation.run {
      registerCompleting("clean", simulation, recorder, name: "clean")
      registerCompleting("backup", simulation, recorder, name: "backup")
      try BGTaskScheduler.shared.submit(BGProcessingTaskRequest(identifier: "clean"))
      let backup = BGProcessingTaskRequest(identifier: "backup")
      backup.requiresExternalPower = true
      try BGTaskScheduler.shared.submit(backup)
      try await simulation.advance(by: .seconds(86_400))
    }
    // clean: the first quarter hour locked: 50 000 s = 13 h 53 min 20 s → 14:00 h = 50 400 (22:00).
    // backup: locked and charging from 57 600 (00:00), a quarter hour.
    #expect(recorder.launches.map { $0.handler } == ["clean", "backup"])
    #expect(recorder.launchSeconds == [50_400, 57_600])
    #expect(recorder.launches.map { $0.type } == ["processing", "processing"])
  }

  @Test("A task not completed expires at launch + 30 s (refresh), + 10 min (processing)")
  func expiration() async throws {
    let plan = HealthPlan(
      days: 1, generate: false,
      lockPeriods: [SimulationInstant.seconds(0)..<SimulationInstant.seconds(7200)])
    let simulation = try makeSimulation(health: plan)
    simulation.appWorkGrace = .milliseconds(50)
    let recorder = LaunchRecorder()
    try await simulation.run {
      for identifier in ["refresh", "processing"] {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: identifier, using: .main) { task in
          recorder.record(simulation, task, handler: identifier)
          let box = UncheckedTask(task)
          task.expirationHandler = {
            recorder.expired(simulation)
            box.task.setTaskCompleted(success: false)  // after expiry: ignored
          }
        }
      }
      try BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "refresh"))
      try BGTaskScheduler.shared.submit(BGProcessingTaskRequest(identifier: "processing"))
      // Neither handler completes: both holds expire, reported and thrown by the advance.
      let unanswered = await #expect(throws: HealthKitSimulation.UnfinishedWork.self) {
        try await simulation.advance(by: .seconds(3600))
      }
      #expect(
        unanswered?.reports.map { "\($0.framework) \($0.call) \($0.seconds)" } == [
          "BackgroundTasks the launch handler of refresh 900.0",
          "BackgroundTasks the launch handler of processing 900.0",
        ])
    }
    // Both launch at 08:15 (t = 900); the refresh expires at 930, the processing at 1500.
    #expect(recorder.launchSeconds == [900, 900])
    #expect(recorder.expirations == [930, 1500])
    let log = systemLog(simulation, .backgroundTasks).filter { $0.event != "submitted" }
    #expect(log.map { $0.event } == ["launched", "launched", "expired", "expired"])
    #expect(log.map { $0.at } == [900, 900, 930, 1500])
    #expect(log[2].details["handler"] == SystemEvent.Value.bool(true))
  }

  @Test("A crash drops the handlers, not the requests; the relaunched app's registration runs")
  func crashAndRelaunch() async throws {
    let simulation = try makeSimulation()
    let recorder = LaunchRecorder()
    try await simulation.run {
      registerCompleting("refresh", simulation, recorder, name: "before crash")
      try BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "refresh"))
      try await simulation.advance(by: .seconds(300))
      await simulation.crash(.phone)
      try await simulation.advance(by: .seconds(100))
      await simulation.relaunch(.phone)
      // The new process registers again (no trap: the old registration died with its process).
      registerCompleting("refresh", simulation, recorder, name: "after relaunch")
      #expect(await BGTaskScheduler.shared.pendingTaskRequests().count == 1)
      try await simulation.advance(to: simulation.startDate.addingTimeInterval(1000))
      // A crash with no relaunch: the task comes due with no handler.
      try BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "refresh"))
      await simulation.crash(.phone)
      try await simulation.advance(to: simulation.startDate.addingTimeInterval(2000))
      #expect(await BGTaskScheduler.shared.pendingTaskRequests().isEmpty)
    }
    #expect(recorder.launches.map { $0.handler } == ["after relaunch"])
    #expect(recorder.launchSeconds == [900])
    let unregistered = systemLog(simulation, .backgroundTasks).filter { $0.event == "unregistered" }
    #expect(unregistered.map { $0.at } == [1800])
    #expect(
      unregistered.first?.details["reason"]
        == SystemEvent.Value.string("No launch handler registered for task with identifier refresh")
    )
  }

  @Test("Errors: too many pending requests, an identifier not permitted; a resubmission replaces")
  func errors() async throws {
    let simulation = try makeSimulation()
    try await simulation.run {
      try BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "a"))
      let later = BGAppRefreshTaskRequest(identifier: "a")
      later.earliestBeginDate = simulation.now.addingTimeInterval(3600)
      try BGTaskScheduler.shared.submit(later)  // replaces "a"
      let pending = await BGTaskScheduler.shared.pendingTaskRequests()
      #expect(pending.count == 1)
      #expect(pending.first?.earliestBeginDate == simulation.now.addingTimeInterval(3600))
      do {
        try BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "b"))
        Issue.record("a second refresh identifier was accepted")
      } catch let error as BGTaskScheduler.Error {
        #expect(error.code == BGTaskScheduler.Error.Code.tooManyPendingTaskRequests)
        #expect((error as NSError).domain == "BGTaskSchedulerErrorDomain")
        #expect((error as NSError).code == 2)
      }
      for index in 0..<10 {
        try BGTaskScheduler.shared.submit(BGProcessingTaskRequest(identifier: "p\(index)"))
      }
      // The 11th processing identifier.
      let eleventh = #expect(throws: BGTaskScheduler.Error.self) {
        try BGTaskScheduler.shared.submit(BGProcessingTaskRequest(identifier: "p10"))
      }
      #expect(eleventh?.code == BGTaskScheduler.Error.Code.tooManyPendingTaskRequests)
      BGTaskScheduler.shared.cancel(taskRequestWithIdentifier: "p3")
      try BGTaskScheduler.shared.submit(BGProcessingTaskRequest(identifier: "p10"))
      #expect(await BGTaskScheduler.shared.pendingTaskRequests().count == 11)
      BGTaskScheduler.shared.cancelAllTaskRequests()
      #expect(await BGTaskScheduler.shared.pendingTaskRequests().isEmpty)
    }

    let key = "BGTaskSchedulerPermittedIdentifiers"
    let app = Scenario.App(
      infoPlist: .keys([key: ""]), infoPlistStringArrays: [key: ["com.example.refresh"]])
    let permitted = try makeSimulation(app: app)
    try await permitted.run {
      #expect(
        BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.other", using: nil) {
          _ in
        } == false)
      #expect(
        BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.refresh", using: nil) {
          _ in
        })
      do {
        try BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.example.other"))
        Issue.record("an identifier not permitted was accepted")
      } catch BGTaskScheduler.Error.notPermitted {
        // Apple's code 3.
      }
      try BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.example.refresh"))
    }
    // An Info.plist without the key permits no identifier.
    let withoutKey = try makeSimulation(
      app: Scenario.App(infoPlist: .keys(["NSHealthShareUsageDescription": "Steps"])))
    await withoutKey.run {
      let error = #expect(throws: BGTaskScheduler.Error.self) {
        try BGTaskScheduler.shared.submit(
          BGAppRefreshTaskRequest(identifier: "com.example.refresh"))
      }
      #expect(error.map { ($0 as NSError).code } == 3)
    }
  }
}

extension BackgroundTasksTests {
  @Test("A scenario file with an Info.plist file and phone keys: permitted identifiers, launch")
  func scenarioFileWithInfoPlist() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "bg-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let plist: [String: Any] = ["BGTaskSchedulerPermittedIdentifiers": ["com.example.sync"]]
    try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
      .write(to: folder.appendingPathComponent("Info.plist"))
    let json = #"""
      { "version": 1, "start": "2026-01-05T08:00:00Z", "app": { "infoPlist": "Info.plist" },
        "phone": { "network": { "offline": [ { "from": "0:00:00", "to": "0:16:40" } ] } } }
      """#
    let url = folder.appendingPathComponent("phone.json")
    try Data(json.utf8).write(to: url)
    let simulation = try HealthKitSimulation(scenario: url)
    let recorder = LaunchRecorder()
    try await simulation.run {
      #expect(
        !BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.other", using: nil) {
          _ in
        })
      registerCompleting("com.example.sync", simulation, recorder)
      try BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.example.sync"))
      try await simulation.advance(by: .seconds(3600))
    }
    // Offline 0 to 0:16:40 = 1000 s: 08:15 (900) is offline, 08:30 (1800) online.
    #expect(recorder.launchSeconds == [1800])
  }
}

/// A task captured by its own expiration handler.
struct UncheckedTask: @unchecked Sendable {
  let task: BGTask
  init(_ task: BGTask) { self.task = task }
}
