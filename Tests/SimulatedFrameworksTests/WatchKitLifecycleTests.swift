// WatchKit's application life cycle (the delegate's applicationWillResignActive(), ...,
// docs/healthkit-behaviour.md#app-states), the older WKExtensionDelegate sharing the one
// delegate, WKInterfaceDevice's description, and the background task classes of a handle(_:)
// that switches over every kind.
import Foundation
import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSystem

@testable import SimulatedHealthKit
@testable import SimulatedWatchKit

/// Seconds of virtual time from t = 0.
private func secondsNow(_ simulation: HealthKitSimulation) -> Double {
  simulation.now.timeIntervalSince(simulation.startDate)
}

/// An app delegate that writes down each life-cycle call: `"<seconds> <method>"`.
@MainActor final class LifecycleRecorder: NSObject, WKApplicationDelegate {
  let simulation: HealthKitSimulation
  var calls: [String] = []

  init(_ simulation: HealthKitSimulation) { self.simulation = simulation }

  private func record(_ call: String) { calls.append("\(secondsNow(simulation)) \(call)") }

  func applicationDidFinishLaunching() { record("didFinishLaunching") }
  func applicationDidBecomeActive() { record("didBecomeActive") }
  func applicationWillResignActive() { record("willResignActive") }
  func applicationWillEnterForeground() { record("willEnterForeground") }
  func applicationDidEnterBackground() { record("didEnterBackground") }
}

/// The same recorder written as a pre-watchOS 7 extension delegate.
@MainActor final class ExtensionLifecycleRecorder: NSObject, WKExtensionDelegate {
  let simulation: HealthKitSimulation
  var calls: [String] = []

  init(_ simulation: HealthKitSimulation) { self.simulation = simulation }

  private func record(_ call: String) { calls.append("\(secondsNow(simulation)) \(call)") }

  func applicationDidFinishLaunching() { record("didFinishLaunching") }
  func applicationDidBecomeActive() { record("didBecomeActive") }
  func applicationWillResignActive() { record("willResignActive") }
  func applicationWillEnterForeground() { record("willEnterForeground") }
  func applicationDidEnterBackground() { record("didEnterBackground") }
}

@Suite("WatchKit: the application delegate's life cycle")
struct WatchKitLifecycleTests {
  /// A running workout session from t = 0 (it keeps the app alive in the background and lets a
  /// raised wrist bring it back).
  static func startWorkout(_ simulation: HealthKitSimulation) throws -> HKWorkoutSession {
    let configuration = HKWorkoutConfiguration()
    configuration.activityType = .running
    let session = try HKWorkoutSession(healthStore: HKHealthStore(), configuration: configuration)
    session.startActivity(with: simulation.now)
    return session
  }

  @Test("Wrist down 60, return to clock, wrist up 300 during a workout: the calls at each change")
  func wristDuringWorkout() async throws {
    // Wrist down at 60: active → inactive (willResignActive at 60). Return to Clock 120 s:
    // 60 + 120 = 180, inactive → background (didEnterBackground at 180; the running session
    // keeps the app alive, no suspension). Wrist up at 300: a background app with a live
    // workout session comes back, background → active (willEnterForeground, then
    // didBecomeActive, both at 300).
    let simulation = try watchSimulation(type: nil, actions: [(60, .wristDown), (300, .wristUp)])
    try await simulation.run {
      let recorder = await MainActor.run {
        let recorder = LifecycleRecorder(simulation)
        WKApplication.shared().delegate = recorder
        return recorder
      }
      let session = try Self.startWorkout(simulation)
      try await simulation.advance(by: .seconds(400))
      session.end()
      #expect(
        await MainActor.run { recorder.calls } == [
          "60.0 willResignActive", "180.0 didEnterBackground", "300.0 willEnterForeground",
          "300.0 didBecomeActive",
        ])
    }
  }

  @Test("Crown press, suspension, openApp, wrist down and up: each change's calls, none on suspend")
  func crownAndOpenApp() async throws {
    // Crown press at 30: active → background at once (willResignActive, didEnterBackground at
    // 30). No workout: suspended at 30 + 10 s grace = 40 (no call). openApp at 100: suspended
    // (WatchKit's background) → active (willEnterForeground, didBecomeActive at 100). Wrist down
    // at 150: willResignActive; wrist up at 170: inactive → active, didBecomeActive.
    let simulation = try watchSimulation(
      type: nil,
      actions: [(30, .crownPress), (100, .openApp), (150, .wristDown), (170, .wristUp)])
    try await simulation.run {
      let recorder = await MainActor.run {
        let recorder = LifecycleRecorder(simulation)
        WKApplication.shared().delegate = recorder
        return recorder
      }
      try await simulation.advance(by: .seconds(200))
      #expect(
        await MainActor.run { recorder.calls } == [
          "30.0 willResignActive", "30.0 didEnterBackground", "100.0 willEnterForeground",
          "100.0 didBecomeActive", "150.0 willResignActive", "170.0 didBecomeActive",
        ])
    }
    // The suspension at 40 happened, without a call.
    #expect(
      simulation.result.log.contains { entry in
        guard case .appState(let change) = entry.kind else { return false }
        return entry.at.seconds == 40 && change.to == .suspended
      })
  }

  @Test("A WKExtensionDelegate set as WKExtension.shared().delegate gets the same calls")
  func extensionDelegate() async throws {
    // The crown-and-openApp world above: the same calls at 30, 30, 100, 100, 150, 170.
    let simulation = try watchSimulation(
      type: nil,
      actions: [(30, .crownPress), (100, .openApp), (150, .wristDown), (170, .wristUp)])
    try await simulation.run {
      let recorder = await MainActor.run {
        let recorder = ExtensionLifecycleRecorder(simulation)
        WKExtension.shared().delegate = recorder
        return recorder
      }
      await MainActor.run {
        // The pre-watchOS 9 pattern reads it back; the one delegate is not an application
        // delegate.
        let read = WKExtension.shared().delegate as! ExtensionLifecycleRecorder
        #expect(read === recorder)
        #expect(WKApplication.shared().delegate == nil)
      }
      try await simulation.advance(by: .seconds(200))
      #expect(
        await MainActor.run { recorder.calls } == [
          "30.0 willResignActive", "30.0 didEnterBackground", "100.0 willEnterForeground",
          "100.0 didBecomeActive", "150.0 willResignActive", "170.0 didBecomeActive",
        ])
      await MainActor.run {
        // One box: setting the application's delegate replaces the extension's.
        let application = LifecycleRecorder(simulation)
        WKApplication.shared().delegate = application
        #expect(WKExtension.shared().delegate == nil)
        #expect(WKApplication.shared().delegate === application)
      }
    }
  }

  @Test("launchWatchApp: finished launching, then into the foreground, for either protocol")
  func launch() async throws {
    // The app starts active: at 0 didFinishLaunching, willEnterForeground, didBecomeActive;
    // wrist down at 10: willResignActive.
    let simulation = try watchSimulation(type: nil, actions: [(10, .wristDown)])
    let recorder = await MainActor.run { LifecycleRecorder(simulation) }
    try await simulation.run {
      await MainActor.run { simulation.launchWatchApp { recorder } }
      try await simulation.advance(by: .seconds(20))
      #expect(
        await MainActor.run { recorder.calls } == [
          "0.0 didFinishLaunching", "0.0 willEnterForeground", "0.0 didBecomeActive",
          "10.0 willResignActive",
        ])
    }

    let older = try watchSimulation(type: nil, actions: [(10, .wristDown)])
    let extensionRecorder = await MainActor.run { ExtensionLifecycleRecorder(older) }
    try await older.run {
      await MainActor.run { older.launchWatchApp { extensionRecorder } }
      try await older.advance(by: .seconds(20))
      #expect(
        await MainActor.run { extensionRecorder.calls } == [
          "0.0 didFinishLaunching", "0.0 willEnterForeground", "0.0 didBecomeActive",
          "10.0 willResignActive",
        ])
      #expect(
        await MainActor.run { WKExtension.shared().delegate === extensionRecorder })
    }
  }

  @Test("The calls of each change of the engine's app state")
  func callTable() {
    typealias Call = WatchLifecycleCall
    #expect(Call.calls(from: .active, to: .inactive) == [.willResignActive])
    #expect(Call.calls(from: .active, to: .background) == [.willResignActive, .didEnterBackground])
    #expect(Call.calls(from: .inactive, to: .active) == [.didBecomeActive])
    #expect(Call.calls(from: .inactive, to: .background) == [.didEnterBackground])
    #expect(Call.calls(from: .background, to: .active) == [.willEnterForeground, .didBecomeActive])
    #expect(Call.calls(from: .suspended, to: .active) == [.willEnterForeground, .didBecomeActive])
    // Suspension, waking and a keep-alive change: WatchKit's background throughout.
    #expect(Call.calls(from: .background, to: .suspended).isEmpty)
    #expect(Call.calls(from: .suspended, to: .background).isEmpty)
    #expect(Call.calls(from: .background, to: .background).isEmpty)
    // A crash runs no code; a launch's calls are the launch's.
    #expect(Call.calls(from: .active, to: .notRunning).isEmpty)
    #expect(Call.calls(from: .notRunning, to: .active).isEmpty)
    #expect(Call.launchCalls(into: .active) == [.willEnterForeground, .didBecomeActive])
    #expect(Call.launchCalls(into: .background).isEmpty)
  }
}

@Suite("WatchKit: WKInterfaceDevice's description")
struct WatchKitDeviceTests {
  @Test("Raw values are Apple's")
  func rawValues() {
    #expect(WKInterfaceDeviceBatteryState.unknown.rawValue == 0)
    #expect(WKInterfaceDeviceBatteryState.unplugged.rawValue == 1)
    #expect(WKInterfaceDeviceBatteryState.charging.rawValue == 2)
    #expect(WKInterfaceDeviceBatteryState.full.rawValue == 3)
    #expect(WKInterfaceDeviceWristLocation.left.rawValue == 0)
    #expect(WKInterfaceDeviceWristLocation.right.rawValue == 1)
    #expect(WKInterfaceDeviceCrownOrientation.left.rawValue == 0)
    #expect(WKInterfaceDeviceCrownOrientation.right.rawValue == 1)
    #expect(WKWaterResistanceRating.ipx7.rawValue == 0)
    #expect(WKWaterResistanceRating.wr50.rawValue == 1)
    #expect(WKWaterResistanceRating.wr100.rawValue == 2)
    #expect(WKInterfaceLayoutDirection.leftToRight.rawValue == 0)
    #expect(WKInterfaceLayoutDirection.rightToLeft.rawValue == 1)
    #expect(WKSnapshotReason.appScheduled.rawValue == 0)
    #expect(WKSnapshotReason.returnToDefaultState.rawValue == 1)
    #expect(WKSnapshotReason.complicationUpdate.rawValue == 2)
    #expect(WKSnapshotReason.prelaunch.rawValue == 3)
    #expect(WKSnapshotReason.appBackgrounded.rawValue == 4)
  }

  @Test("The watch: a 45 mm screen at 2x, wr50, left wrist; the battery -1 until monitored")
  func description() async throws {
    var scenario = try Scenario(name: "device")
    // 2^48 + 1: the low 48 bits are 1, bits 48...55 hold 1.
    scenario.seed = (1 << 48) + 1
    let simulation = try HealthKitSimulation(scenario: scenario)
    await simulation.run {
      let device = WKInterfaceDevice.current()
      // 45 mm: 396 × 484 pixels at scale 2 = 198 × 242 points.
      #expect(device.screenBounds == CGRect(x: 0, y: 0, width: 198, height: 242))
      #expect(device.screenScale == 2)
      #expect(device.preferredContentSizeCategory == "UICTContentSizeCategoryL")
      #expect(device.layoutDirection == .leftToRight)
      #expect(device.wristLocation == .left)
      #expect(device.crownOrientation == .right)
      #expect(device.waterResistanceRating == .wr50)
      #expect(device.supportsAudioStreaming)
      #expect(device.name == "Apple Watch")
      #expect(device.model == "Apple Watch")
      #expect(device.localizedModel == "Apple Watch")
      #expect(device.systemName == "watchOS")
      #expect(device.systemVersion == "26.0")
      // Byte 9 = bits 48...55 = 01, bytes 10...15 = the low 48 bits = 000000000001.
      #expect(device.identifierForVendor?.uuidString == "A7C45700-0000-4000-8001-000000000001")
      // Apple: -1 and unknown while monitoring is off (the default).
      #expect(!device.isBatteryMonitoringEnabled)
      #expect(device.batteryLevel == -1)
      #expect(device.batteryState == .unknown)
      device.isBatteryMonitoringEnabled = true
      #expect(WKInterfaceDevice.current().isBatteryMonitoringEnabled)
      #expect(device.batteryLevel == 1)
      #expect(device.batteryState == .unplugged)
      device.isBatteryMonitoringEnabled = false
      #expect(device.batteryLevel == -1)
    }
  }
}

/// An app delegate whose `handle(_:)` switches over every kind of background task, as Xcode's
/// watch app template does; it writes down the case each task took.
@MainActor final class EveryKindDelegate: NSObject, WKApplicationDelegate {
  var cases: [String] = []

  func handle(_ backgroundTasks: Set<WKRefreshBackgroundTask>) {
    for task in backgroundTasks {
      switch task {
      case let refresh as WKApplicationRefreshBackgroundTask:
        cases.append("application refresh")
        refresh.setTaskCompletedWithSnapshot(false)
      case let connectivity as WKWatchConnectivityRefreshBackgroundTask:
        cases.append("watch connectivity")
        connectivity.setTaskCompletedWithSnapshot(false)
      case let snapshot as WKSnapshotRefreshBackgroundTask:
        cases.append("snapshot \(snapshot.reasonForSnapshot)")
        snapshot.setTaskCompleted(
          restoredDefaultState: true, estimatedSnapshotExpiration: Date.distantFuture,
          userInfo: nil)
      case let urlSession as WKURLSessionRefreshBackgroundTask:
        cases.append("URL session \(urlSession.sessionIdentifier)")
        urlSession.setTaskCompletedWithSnapshot(false)
      case let shortcut as WKRelevantShortcutRefreshBackgroundTask:
        cases.append("relevant shortcut")
        shortcut.setTaskCompletedWithSnapshot(false)
      case let intent as WKIntentDidRunRefreshBackgroundTask:
        cases.append("intent did run")
        intent.setTaskCompletedWithSnapshot(false)
      default:
        cases.append("other")
        task.setTaskCompletedWithSnapshot(false)
      }
    }
  }
}

@Suite("WatchKit: a handle(_:) over every kind of background task")
struct WatchKitTaskKindsTests {
  @Test("The switch compiles; the scheduled refresh takes the application refresh case")
  func everyKind() async throws {
    // Crown press at 1: background; suspended at 11. The refresh asked for +600 s launches at
    // 600 (more than 1 s after the call, no earlier launch) and takes the first case.
    var scenario = try Scenario(name: "every kind")
    scenario.timeline = [
      Scenario.Action(at: .seconds(1), kind: .app(.crownPress), location: "timeline[0]")
    ]
    let simulation = try HealthKitSimulation(scenario: scenario)
    try await simulation.run {
      let delegate = await MainActor.run {
        let delegate = EveryKindDelegate()
        WKApplication.shared().delegate = delegate
        return delegate
      }
      try await WKApplication.shared().scheduleBackgroundRefresh(
        withPreferredDate: simulation.now.addingTimeInterval(600), userInfo: nil)
      try await simulation.advance(by: .seconds(700))
      #expect(await MainActor.run { delegate.cases } == ["application refresh"])
    }
  }
}
