// A simulation is released once the test drops it (tidy23 item 1): no framework object the
// simulation keeps in its state holds it strongly, so its deinit runs and frees what it holds
// outside memory (Watch Connectivity's `<tmp>/workout-sim-wc-<UUID>` folder, the App Group
// suites). Before, three objects the simulation keeps held it strongly: `WCSession`
// (`WCSession.default`, kept in Watch Connectivity's state), `NWPathMonitor`'s timer and the
// mirroring listener of `startMirroringToCompanionDevice()`: every simulation whose app used
// one of them stayed in memory until the process ended, with its folder and suites. And `run`
// now waits for its own canceller task, which held the simulation a moment after `run`
// returned: the simulation is released as the test drops it, not later on another thread
// (after the last test, the process could exit first, leaving its files).
import Foundation
import Testing
import WorkoutScenario

@testable import SimulatedHealthKit
@testable import SimulatedNetwork
@testable import SimulatedUserNotifications
@testable import SimulatedWatchConnectivity
@testable import SimulatedWatchKit

/// A delegate that holds nothing.
private final class QuietLinkDelegate: NSObject, WCSessionDelegate, @unchecked Sendable {
  func session(
    _ session: WCSession, activationDidCompleteWith activationState: WCSessionActivationState,
    error: (any Error)?
  ) {}
  func sessionDidBecomeInactive(_ session: WCSession) {}
  func sessionDidDeactivate(_ session: WCSession) {}
}

@Suite("A simulation is released when the test drops it")
struct SimulationReleaseTests {
  /// What an app does with one framework inside `run`.
  enum Use: String, CaseIterable, Sendable {
    case nothing, watchConnectivity, watchDirectory, notifications, workout, mirroring
    case pathMonitor, extendedRuntime
  }

  /// Runs `use` inside a new simulation's `run`, drops the simulation, and returns whether it
  /// is gone at once (a weak reference is `nil`) and the Watch Connectivity folder it made, if
  /// any.
  static func released(_ use: Use) async throws -> (gone: Bool, folder: URL?) {
    weak var weakSimulation: HealthKitSimulation?
    var folder: URL?
    do {
      var scenario = try Scenario(name: "release")
      scenario.phone.app = .background
      let simulation = try HealthKitSimulation(scenario: scenario)
      weakSimulation = simulation
      try await simulation.run {
        let delegate = QuietLinkDelegate()
        switch use {
        case .nothing:
          break
        case .watchConnectivity, .watchDirectory:
          let watch = WCSession.default
          let phone = await simulation.on(.phone) { WCSession.default }
          watch.delegate = delegate
          phone.delegate = delegate
          watch.activate()
          phone.activate()
          await simulation.settle()
          if use == .watchDirectory {
            folder = phone.watchDirectoryURL?.deletingLastPathComponent()
          }
        case .notifications:
          _ = UNUserNotificationCenter.current()
        case .workout, .mirroring:
          let store = HKHealthStore()
          let configuration = HKWorkoutConfiguration()
          configuration.activityType = .running
          let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
          let builder = session.associatedWorkoutBuilder()
          builder.dataSource = HKLiveWorkoutDataSource(
            healthStore: store, workoutConfiguration: configuration)
          session.startActivity(with: simulation.now)
          try await builder.beginCollection(at: simulation.now)
          if use == .mirroring { try? await session.startMirroringToCompanionDevice() }
          try await simulation.advance(by: .seconds(10))
        case .pathMonitor:
          let monitor = NWPathMonitor()
          monitor.pathUpdateHandler = { _ in }
          monitor.start(queue: .main)
          await simulation.settle()
        case .extendedRuntime:
          let session = WKExtendedRuntimeSession()
          session.start()
          await simulation.settle()
        }
        withExtendedLifetime(delegate) {}
      }
    }
    return (weakSimulation == nil, folder)
  }

  /// Each use leaves no simulation behind once `run` has returned and the test dropped it;
  /// the phone's watch directory, made when read, is removed with it.
  @Test(arguments: Use.allCases)
  func theSimulationIsReleased(_ use: Use) async throws {
    let (gone, folder) = try await Self.released(use)
    #expect(gone)
    if use == .watchDirectory {
      let folder = try #require(folder)
      // Named after this process (world, pid, start), so a later process can remove it if
      // this one is killed before the release (docs/phone-link.md#starting-the-watch-app).
      let mark = ProcessOwnedFiles.Mark.current
      #expect(
        folder.lastPathComponent.hasPrefix(
          "workout-sim-wc-w\(mark.world.token)-p\(mark.pid)-s\(mark.start)-"))
      #expect(!FileManager.default.fileExists(atPath: folder.path))
    }
  }
}
