// A public call of a simulated framework made after `run` returned (a task or callback of the
// app's that outlived the run) is reported once, under the name the app wrote, as the
// strict-dates table names calls: `UNUserNotificationCenter.add(_:withCompletionHandler:)`
// (docs/swift-api.md#nothing-silent).
import Foundation
import SimulatedBackgroundTasks
import SimulatedCoreLocation
import SimulatedCoreMotion
import SimulatedHealthKit
import SimulatedNetwork
import SimulatedUserNotifications
import SimulatedWatchConnectivity
import SimulatedWatchKit
import SimulatedWidgetKit
import Testing
import WorkoutScenario
import WorkoutSimTestSupport

/// The `callAfterRun` reports of `simulation`, as `framework: call`.
private func lateCalls(_ simulation: HealthKitSimulation) -> [String] {
  simulation.reports.filter { $0.kind == .callAfterRun }.map { "\($0.framework): \($0.call)" }
}

@Suite struct CallAfterRunFrameworksTests {
  /// A notification without a trigger is delivered at once: the delivery and the completion
  /// are one call, one report.
  @Test func aNotificationAddedWithACompletionIsReportedOnce() async throws {
    let simulation = try phoneSimulation()
    let center = await simulation.run { UNUserNotificationCenter.current() }
    let content = UNMutableNotificationContent()
    content.title = "Late"
    center.add(UNNotificationRequest(identifier: "late", content: content, trigger: nil)) { _ in }
    #expect(
      lateCalls(simulation) == [
        "UserNotifications: UNUserNotificationCenter.add(_:withCompletionHandler:)"
      ])
    #expect(simulation.reports.count == 1)
  }

  /// The async form: reported as the call begins, not again for its delivery.
  @Test func aNotificationAddedAsyncIsReportedOnce() async throws {
    let simulation = try phoneSimulation()
    let center = await simulation.run { UNUserNotificationCenter.current() }
    let content = UNMutableNotificationContent()
    content.title = "Late"
    try await center.add(UNNotificationRequest(identifier: "late", content: content, trigger: nil))
    #expect(lateCalls(simulation) == ["UserNotifications: UNUserNotificationCenter.add(_:)"])
  }

  /// `start(at:)` of a session the app cannot start (the scenario declares no extended runtime
  /// type): its invalidation is queued, the call reported under its public name.
  @Test func anExtendedRuntimeStartIsReportedByItsName() async throws {
    let simulation = try phoneSimulation()
    let session = await simulation.run { WKExtendedRuntimeSession() }
    session.start(at: simulation.now.addingTimeInterval(60))
    #expect(lateCalls(simulation) == ["WatchKit: WKExtendedRuntimeSession.start(at:)"])
  }

  /// A one-shot request at a fix instant queues its fix; two managers hear one authorization
  /// request: each call once.
  @Test func locationCallsAreReportedOnceEach() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(
        """
        { "version": 1, "start": "2026-03-02T07:00:00Z", "activity": "running",
          "course": [ { "duration": 60, "speed": 3 } ],
          "gps": { "latitude": 0, "longitude": 0, "altitude": 20, "heading": 90 } }
        """))
    let (first, second) = await simulation.run { (CLLocationManager(), CLLocationManager()) }
    first.requestWhenInUseAuthorization()
    first.requestLocation()
    #expect(
      lateCalls(simulation) == [
        "CoreLocation: CLLocationManager.requestWhenInUseAuthorization()",
        "CoreLocation: CLLocationManager.requestLocation()",
      ])
    withExtendedLifetime(second) {}
  }

  /// A reload asked after the run, of an installed widget due now, and an invalidated
  /// relevance the watch asks again in a task of its own: each reported once by its name.
  @Test func widgetCallsAreReportedOnceByTheirNames() async throws {
    let simulation = try phoneSimulation()
    let (phoneCenter, watchCenter) = await simulation.run {
      await simulation.installWidget(
        kind: "Steps", family: WidgetFamily.systemSmall, provider: RealClockProvider())
      let watch = await simulation.on(.watch) {
        await simulation.registerWidget(
          kind: "Next", provider: RelevantComplication(context: nil))
        return WidgetCenter.shared
      }
      return (WidgetCenter.shared, watch)
    }
    phoneCenter.reloadTimelines(ofKind: "Steps")
    watchCenter.invalidateRelevance(ofKind: "Next")
    await simulation.settle()
    #expect(
      lateCalls(simulation) == [
        "WidgetKit: WidgetCenter.reloadTimelines(ofKind:)",
        "WidgetKit: WidgetCenter.invalidateRelevance(ofKind:)",
      ])
  }

  /// Core Motion, BackgroundTasks, WatchConnectivity and Network: one report each, by name
  /// (`startActivityUpdates` was not reported at all).
  @Test func otherFrameworksCallsAreReportedByTheirNames() async throws {
    var scenario = try Scenario(name: "link")
    scenario.phone.app = .background
    let simulation = try HealthKitSimulation(scenario: scenario)
    let (pedometer, activity, session, monitor) = await simulation.run {
      (CMPedometer(), CMMotionActivityManager(), WCSession.default, NWPathMonitor())
    }
    let scheduler = await simulation.run {
      await simulation.on(.phone) { BGTaskScheduler.shared }
    }
    #expect(simulation.reports.isEmpty)
    pedometer.queryPedometerData(from: simulation.now - 60, to: simulation.now) { _, _ in }
    activity.startActivityUpdates(to: .main) { _ in }
    scheduler.getPendingTaskRequests { _ in }
    // Not a property-list payload: the error handler is called at once.
    session.sendMessage(["url": URL(fileURLWithPath: "/")], replyHandler: nil) { _ in }
    monitor.start(queue: .main)
    #expect(
      lateCalls(simulation) == [
        "CoreMotion: CMPedometer.queryPedometerData(from:to:withHandler:)",
        "CoreMotion: CMMotionActivityManager.startActivityUpdates(to:withHandler:)",
        "BackgroundTasks: BGTaskScheduler.getPendingTaskRequests(completionHandler:)",
        "WatchConnectivity: WCSession.sendMessage(_:replyHandler:errorHandler:)",
        "Network: NWPathMonitor.start(queue:)",
      ])
  }
}
