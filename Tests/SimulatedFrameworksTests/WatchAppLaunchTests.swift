// The phone starting the watch app for a workout (`HKHealthStore.startWatchApp`, the watch
// app's `WKApplicationDelegate.handle(_:)`) and the phone's `WCSession.watchDirectoryURL`
// (docs/phone-link.md#starting-the-watch-app).
import Foundation
import Synchronization
import Testing
import WorkoutCore
import WorkoutScenario

@testable import SimulatedHealthKit
@testable import SimulatedWatchConnectivity
@testable import SimulatedWatchKit

/// The watch app's delegate: what `handle(_:)` got, and the app's state then.
@MainActor final class WorkoutLaunchDelegate: NSObject, WKApplicationDelegate {
  var received: [(HKWorkoutActivityType, HKWorkoutSessionLocationType, WKApplicationState)] = []

  func handle(_ workoutConfiguration: HKWorkoutConfiguration) {
    received.append(
      (
        workoutConfiguration.activityType, workoutConfiguration.locationType,
        WKApplication.shared().applicationState
      ))
  }
}

@Suite("Starting the watch app from the phone")
struct WatchAppLaunchTests {
  static func configuration() -> HKWorkoutConfiguration {
    let configuration = HKWorkoutConfiguration()
    configuration.activityType = .cycling
    configuration.locationType = .outdoor
    return configuration
  }

  @Test("startWatchApp launches a not-running watch app in the background and calls handle(_:)")
  func launches() async throws {
    var scenario = try Scenario(name: "launch")
    scenario.watchAppState = .notRunning
    let simulation = try HealthKitSimulation(scenario: scenario)
    try await simulation.run {
      let delegate = await MainActor.run {
        let delegate = WorkoutLaunchDelegate()
        WKApplication.shared().delegate = delegate
        return delegate
      }
      #expect(await WKApplication.shared().applicationState == .background)
      #expect(simulation.state.withLock { !$0.session.workoutEngine.appIsRunning })
      let sent = Self.configuration()
      try await simulation.on(.phone) {
        try await HKHealthStore().startWatchApp(toHandle: sent)
      }
      await simulation.settle()
      // Launched into the background (not frontmost), the configuration handed over as a copy.
      #expect(simulation.state.withLock { $0.session.workoutEngine.appIsRunning })
      let received = await MainActor.run { delegate.received }
      #expect(received.count == 1)
      #expect(received.first?.0 == .cycling)
      #expect(received.first?.1 == .outdoor)
      #expect(received.first?.2 == .background)

      // The completion-handler form: (true, nil), and handle(_:) once more.
      let answer = Mutex<(Bool, Int?)?>(nil)
      await simulation.on(.phone) {
        HKHealthStore().startWatchApp(with: sent) { success, error in
          answer.withLock { $0 = (success, (error as? HKError)?.errorCode) }
        }
      }
      await simulation.settle()
      #expect(answer.withLock { $0?.0 } == true)
      #expect(answer.withLock { $0?.1 } == nil)
      #expect(await MainActor.run { delegate.received.count } == 2)
    }
  }

  @Test(
    "startWatchApp launching a crashed app: the new delegate launches, then gets the workout")
  func launchesTheNewProcessFirst() async throws {
    var scenario = try Scenario(name: "launch after a crash")
    scenario.timeline = [
      Scenario.Action(at: .seconds(100), kind: .app(.crash), location: "timeline[0]")
    ]
    let simulation = try HealthKitSimulation(scenario: scenario)
    let log = LaunchLog()
    try await simulation.run {
      await MainActor.run { simulation.launchWatchApp { WorkoutLaunchLogDelegate(log: log) } }
      try await simulation.advance(by: .seconds(200))
      #expect(simulation.state.withLock { !$0.session.workoutEngine.appIsRunning })
      try await simulation.on(.phone) {
        try await HKHealthStore().startWatchApp(toHandle: Self.configuration())
      }
      await simulation.settle()
      // A suspended app is woken, not launched: the same delegate gets the next one.
      try await simulation.advance(by: .seconds(100))
      #expect(simulation.state.withLock { $0.session.workoutEngine.appState } == .suspended)
      try await simulation.on(.phone) {
        try await HKHealthStore().startWatchApp(toHandle: Self.configuration())
      }
      await simulation.settle()
    }
    // Process 1 launched at 0, crashed at 100; at 200 the phone launches process 2 into the
    // background: its delegate's applicationDidFinishLaunching(), then handle(_:). At 300 it is
    // suspended (200 + 10 s grace = 210) and woken: delegate 2 again, no launch.
    #expect(
      log.events == [
        "launched 1", "launched 2", "workout 2 cycling background",
        "workout 2 cycling background",
      ])
  }

  @Test("startWatchApp fails with HealthKit's 550 without a paired watch or the watch app")
  func fails() async throws {
    var scenario = try Scenario(name: "no watch")
    scenario.phone.paired = false
    let unpaired = try HealthKitSimulation(scenario: scenario)
    await unpaired.run {
      let error = await #expect(throws: HKError.self) {
        try await unpaired.on(.phone) {
          try await HKHealthStore().startWatchApp(toHandle: Self.configuration())
        }
      }
      #expect(error?.errorCode == 550)
      #expect(error?.localizedDescription == "Unable to launch watch app")
    }
    var notInstalled = try Scenario(name: "no watch app")
    notInstalled.phone.watchAppInstalled = false
    notInstalled.watchAppState = .notRunning
    let simulation = try HealthKitSimulation(scenario: notInstalled)
    await simulation.run {
      let answer = Mutex<(Bool, Int?, String?)?>(nil)
      await simulation.on(.phone) {
        HKHealthStore().startWatchApp(with: Self.configuration()) { success, error in
          answer.withLock {
            $0 = (success, (error as? HKError)?.errorCode, error?.localizedDescription)
          }
        }
      }
      await simulation.settle()
      #expect(answer.withLock { $0?.0 } == false)
      #expect(answer.withLock { $0?.1 } == 550)
      #expect(answer.withLock { $0?.2 } == "Unable to launch watch app")
      // Nothing was launched.
      #expect(simulation.state.withLock { !$0.session.workoutEngine.appIsRunning })
    }
  }

  @Test("watchDirectoryURL: the phone's folder while paired and installed; deleted on uninstall")
  func watchDirectory() async throws {
    var scenario = try Scenario(name: "directory")
    scenario.phone.app = .background
    let simulation = try HealthKitSimulation(scenario: scenario)
    await simulation.run {
      let sides = await Sides.make(simulation, activate: [.watch])
      // Before activation: nil (Apple: undefined until the session is activated).
      #expect(sides.phone.watchDirectoryURL == nil)
      sides.phone.activate()
      await simulation.settle()
      let folder = sides.phone.watchDirectoryURL
      #expect(folder?.lastPathComponent == "WatchDirectory")
      // The watch's session has none (the property is iOS-only).
      #expect(sides.watch.watchDirectoryURL == nil)
      guard let folder else { return }
      let file = folder.appendingPathComponent("settings.plist")
      #expect(FileManager.default.createFile(atPath: file.path, contents: Data([1, 2, 3])))
      await simulation.setWatchAppInstalled(false)
      // Uninstalled: nil, and the folder with its contents is gone.
      #expect(sides.phone.watchDirectoryURL == nil)
      #expect(!FileManager.default.fileExists(atPath: folder.path))
      // Installed again: a new, empty folder.
      await simulation.setWatchAppInstalled(true)
      #expect(sides.phone.watchDirectoryURL == folder)
      #expect(!FileManager.default.fileExists(atPath: file.path))
    }
  }
}

/// A watch app's delegate made by `launchWatchApp`: logs its launch and each workout
/// configuration it gets, with the app's state then.
@MainActor final class WorkoutLaunchLogDelegate: NSObject, WKApplicationDelegate {
  let log: LaunchLog
  let launch: Int

  init(log: LaunchLog) {
    self.log = log
    launch = log.newLaunch()
  }

  func applicationDidFinishLaunching() { log.append("launched \(launch)") }

  func handle(_ workoutConfiguration: HKWorkoutConfiguration) {
    let activity = workoutConfiguration.activityType == .cycling ? "cycling" : "other"
    let state = WKApplication.shared().applicationState == .background ? "background" : "front"
    log.append("workout \(launch) \(activity) \(state)")
  }
}
