import Foundation
import SimulatedBackgroundTasks
import SimulatedHealthKit
import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSystem

/// The continued processing tasks a launch handler got, and when their expiration handlers ran.
final class ContinuedTaskRecorder: @unchecked Sendable {
  let lock = NSLock()
  nonisolated(unsafe) var tasks: [BGContinuedProcessingTask] = []
  nonisolated(unsafe) var launches: [Double] = []
  nonisolated(unsafe) var expirations: [Double] = []

  /// Registers `identifier` with a handler that records each task and sets an expiration
  /// handler recording the instant it runs.
  func register(_ identifier: String, _ simulation: HealthKitSimulation) {
    BGTaskScheduler.shared.register(forTaskWithIdentifier: identifier, using: nil) { task in
      guard let task = task as? BGContinuedProcessingTask else { return }
      let launched = seconds(simulation)
      self.lock.withLock {
        self.tasks.append(task)
        self.launches.append(launched)
      }
      task.expirationHandler = {
        let expired = seconds(simulation)
        self.lock.withLock { self.expirations.append(expired) }
      }
    }
  }

  var all: [BGContinuedProcessingTask] { lock.withLock { tasks } }
}

@Suite("BackgroundTasks: continued processing tasks (iOS 26)")
struct ContinuedProcessingTaskTests {
  func makeSimulation(app: Scenario.App = Scenario.App()) throws -> HealthKitSimulation {
    try phoneSimulation(start: "2026-01-05T08:00:00Z", app: app)
  }

  /// A request of `com.example.export.<name>` titled `title`, with no subtitle.
  static func export(_ name: String, _ title: String = "Export")
    -> BGContinuedProcessingTaskRequest
  {
    BGContinuedProcessingTaskRequest(
      identifier: "com.example.export." + name, title: title, subtitle: "")
  }

  /// The app in the foreground (where a user's action submits a request), with `recorder`'s
  /// launch handler registered for `com.example.export.*`.
  static func foreground(
    _ simulation: HealthKitSimulation, handledBy recorder: ContinuedTaskRecorder
  ) {
    simulation.phoneAppState = .foreground
    recorder.register("com.example.export.*", simulation)
  }

  /// The opening of the tests where export A runs, inside `simulation`'s run: the app in the
  /// foreground with `recorder`'s handler (``foreground(_:handledBy:)``), 60 s on, then
  /// `com.example.export.a` ("Export A", the default `.queue` strategy) submitted, launched at
  /// once (t = 60) and handed to the handler.
  static func exportARunning(
    _ simulation: HealthKitSimulation, handledBy recorder: ContinuedTaskRecorder
  ) async throws {
    foreground(simulation, handledBy: recorder)
    try await simulation.advance(by: .seconds(60))
    try BGTaskScheduler.shared.submit(export("a", "Export A"))
    await simulation.settle()
  }

  /// The BackgroundTasks log entries `log` as `<event> <name> <t>` lines, `name` the identifier
  /// after `com.example.export.` (19 characters).
  static func exportLines(
    _ log: [(at: Double, event: String, identifier: String, details: [String: SystemEvent.Value])]
  ) -> [String] {
    log.map { "\($0.event) \($0.identifier.dropFirst(19)) \(Int($0.at))" }
  }

  @Test("Submitted in the foreground it starts at once; with no progress for 300 s it expires")
  func startsAtOnceAndExpiresWithoutProgress() async throws {
    let simulation = try makeSimulation()
    let recorder = ContinuedTaskRecorder()
    try await simulation.run {
      Self.foreground(simulation, handledBy: recorder)
      try await simulation.advance(by: .seconds(60))
      let request = BGContinuedProcessingTaskRequest(
        identifier: "com.example.export.photo1", title: "Exporting", subtitle: "0 of 10")
      #expect(request.strategy == .queue)
      #expect(request.requiredResources == [])
      try BGTaskScheduler.shared.submit(request)
      await simulation.settle()
      let task = try #require(recorder.all.first)
      #expect(task.identifier == "com.example.export.photo1")
      #expect(task.title == "Exporting")
      #expect(task.subtitle == "0 of 10")
      task.progress.totalUnitCount = 10
      // The app leaves the foreground: the task goes on.
      simulation.phoneAppState = .background
      try await simulation.advance(by: .seconds(100))  // t = 160
      task.progress.completedUnitCount = 1
      task.updateTitle("Exporting", subtitle: "1 of 10")
      #expect(task.subtitle == "1 of 10")
      try await simulation.advance(by: .seconds(800))  // t = 960
    }
    // Launched at 60 (the submit's instant). Progress is read every 300 s: at 360 the count is
    // 1 (0 at the launch), so the task goes on; at 660 it is still 1: expired there.
    #expect(recorder.launches == [60])
    #expect(recorder.expirations == [660])
    let log = systemLog(simulation, .backgroundTasks)
    #expect(log.map { $0.event } == ["submitted", "launched", "expired"])
    #expect(log.map { $0.at } == [60, 60, 660])
    #expect(log.map { $0.identifier } == Array(repeating: "com.example.export.photo1", count: 3))
    #expect(log[0].details["type"] == SystemEvent.Value.string("continued"))
    #expect(log[2].details["handler"] == SystemEvent.Value.bool(true))
    #expect(log[2].details["reason"] == SystemEvent.Value.string("noProgress"))
    #expect(simulation.reports.filter { $0.kind == .notDelivered }.isEmpty)
  }

  @Test("While one runs, .fail throws immediateRunIneligible (4) and .queue waits for its end")
  func failAndQueueStrategies() async throws {
    let simulation = try makeSimulation()
    let recorder = ContinuedTaskRecorder()
    try await simulation.run {
      try await Self.exportARunning(simulation, handledBy: recorder)
      let failing = Self.export("b", "Export B")
      failing.strategy = .fail
      let error = #expect(throws: BGTaskScheduler.Error.self) {
        try BGTaskScheduler.shared.submit(failing)
      }
      #expect(error?.code == .immediateRunIneligible)
      #expect(error.map { ($0 as NSError).code } == 4)
      try BGTaskScheduler.shared.submit(Self.export("c", "Export C"))
      #expect(
        await BGTaskScheduler.shared.pendingTaskRequests().map { $0.identifier } == [
          "com.example.export.c"
        ])
      try await simulation.advance(by: .seconds(120))  // t = 180
      recorder.all[0].setTaskCompleted(success: true)
      await simulation.settle()
      try await simulation.advance(by: .seconds(10))  // t = 190
      try #require(recorder.all.count == 2)
      recorder.all[1].setTaskCompleted(success: true)
      #expect(await BGTaskScheduler.shared.pendingTaskRequests().isEmpty)
    }
    // A at 60; B refused; C queued at 60, launched when A completed at 180, completed at 190.
    #expect(recorder.all.map { $0.identifier } == ["com.example.export.a", "com.example.export.c"])
    #expect(recorder.launches == [60, 180])
    #expect(recorder.expirations.isEmpty)
    let log = systemLog(simulation, .backgroundTasks)
    #expect(
      Self.exportLines(log) == [
        "submitted a 60", "launched a 60", "submitted c 60", "completed a 180", "launched c 180",
        "completed c 190",
      ])
    #expect(log[2].details["queued"] == SystemEvent.Value.bool(true))
  }

  @Test("Refused: from the background, with the GPU, or outside the Info.plist's wildcard")
  func refusals() async throws {
    #expect(BGTaskScheduler.supportedResources == [])
    #expect(BGContinuedProcessingTaskRequest.Resources.gpu.rawValue == 1)
    #expect(BGContinuedProcessingTaskRequest.SubmissionStrategy.fail.rawValue == 0)
    #expect(BGContinuedProcessingTaskRequest.SubmissionStrategy.queue.rawValue == 1)
    let key = "BGTaskSchedulerPermittedIdentifiers"
    let app = Scenario.App(
      infoPlist: .keys([key: ""]), infoPlistStringArrays: [key: ["com.example.export.*"]])
    let simulation = try makeSimulation(app: app)
    let recorder = ContinuedTaskRecorder()
    try await simulation.run {
      recorder.register("com.example.export.*", simulation)
      // The app is in the background (the default): not a user's action in the app.
      let background = #expect(throws: BGTaskScheduler.Error.self) {
        try BGTaskScheduler.shared.submit(Self.export("a"))
      }
      #expect(background?.code == .unavailable)
      simulation.phoneAppState = .foreground
      let gpu = Self.export("a")
      gpu.requiredResources = .gpu
      let noGPU = #expect(throws: BGTaskScheduler.Error.self) {
        try BGTaskScheduler.shared.submit(gpu)
      }
      #expect(noGPU?.code == .unavailable)
      let outside = #expect(throws: BGTaskScheduler.Error.self) {
        try BGTaskScheduler.shared.submit(
          BGContinuedProcessingTaskRequest(
            identifier: "com.example.upload.a", title: "Upload", subtitle: ""))
      }
      #expect(outside?.code == .notPermitted)
      // Under the wildcard: permitted, and launched with the wildcard's handler.
      try BGTaskScheduler.shared.submit(Self.export("a"))
      await simulation.settle()
      recorder.all.first?.setTaskCompleted(success: true)
    }
    #expect(recorder.launches == [0])
    #expect(
      systemLog(simulation, .backgroundTasks).map { $0.event } == [
        "submitted", "launched", "completed",
      ])
  }

  @Test("A task still running when run returns is reported (notDelivered)")
  func unfinishedAtTheEndIsReported() async throws {
    let simulation = try makeSimulation()
    let recorder = ContinuedTaskRecorder()
    try await simulation.run {
      Self.foreground(simulation, handledBy: recorder)
      try BGTaskScheduler.shared.submit(Self.export("a"))
      try await simulation.advance(by: .seconds(200))
    }
    // Launched at 0; the first progress check (300) is after the run's end (200).
    let reports = simulation.reports.filter { $0.kind == .notDelivered }
    #expect(reports.map(\.framework) == ["BackgroundTasks"])
    #expect(reports.map(\.call) == ["BGContinuedProcessingTask com.example.export.a"])
    #expect(reports.first?.message.contains("setTaskCompleted(success:)") == true)
    #expect(reports.map(\.seconds) == [200])
  }

  @Test("Submitted with no launch handler: the submit succeeds, a notDelivered warning says why")
  func unregisteredIsReported() async throws {
    let simulation = try makeSimulation()
    try await simulation.run {
      simulation.phoneAppState = .foreground
      try await simulation.advance(by: .seconds(30))
      try BGTaskScheduler.shared.submit(Self.export("x"))
      await simulation.settle()
    }
    // Launched at the submit's instant (30) with no handler: logged, and reported there.
    let log = systemLog(simulation, .backgroundTasks)
    #expect(log.map { "\($0.event) \(Int($0.at))" } == ["submitted 30", "unregistered 30"])
    let reports = simulation.reports.filter { $0.kind == .notDelivered }
    #expect(reports.map(\.framework) == ["BackgroundTasks"])
    #expect(reports.map(\.call) == ["BGTaskScheduler.submit(_:) com.example.export.x"])
    #expect(reports.map(\.seconds) == [30])
    #expect(
      reports.first?.message.contains(
        "register(forTaskWithIdentifier:using:launchHandler:) for com.example.export.x") == true)
  }

  @Test("A crash ends the dead process's task: the relaunched app's .fail request starts at once")
  func crashEndsTheRunningTask() async throws {
    let simulation = try makeSimulation()
    let recorder = ContinuedTaskRecorder()
    try await simulation.run {
      try await Self.exportARunning(simulation, handledBy: recorder)
      try await simulation.advance(by: .seconds(40))  // t = 100
      await simulation.crash(.phone)
      await simulation.relaunch(.phone)
      try await simulation.advance(by: .seconds(10))  // t = 110
      Self.foreground(simulation, handledBy: recorder)
      let request = Self.export("b", "Export B")
      request.strategy = .fail
      try BGTaskScheduler.shared.submit(request)
      await simulation.settle()
      try #require(recorder.all.count == 2)
      recorder.all[1].setTaskCompleted(success: true)
    }
    // A launched at 60 and ended by the crash at 100 (not at its first check, 60 + 300 = 360,
    // which would have refused B's .fail at 110); B starts at once at 110.
    #expect(recorder.launches == [60, 110])
    #expect(recorder.expirations.isEmpty)
    let log = systemLog(simulation, .backgroundTasks)
    #expect(
      Self.exportLines(log) == [
        "submitted a 60", "launched a 60", "dropped a 100", "submitted b 110", "launched b 110",
        "completed b 110",
      ])
    #expect(log[2].details["reason"] == SystemEvent.Value.string("appCrashed"))
  }
}
