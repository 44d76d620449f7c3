// Whose code a callback runs as (new-user trial 30, docs/swift-api.md#whose-code-a-callback-runs-as):
// a call the simulation makes into the watch app is the watch's code, into the phone app the
// phone's, whoever's task made it; and (a known issue until BackgroundTasks' registrations are
// the phone app's) the phone app registering its task again after its crash and relaunch.
import Foundation
import SimulatedBackgroundTasks
import SimulatedWidgetKit
import Synchronization
import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSimTestSupport

@testable import SimulatedHealthKit
@testable import SimulatedWatchConnectivity
@testable import SimulatedWatchKit

@Suite("Whose code a callback runs as")
struct CallbackDeviceTests {
  /// Seconds from t = 0 of each reload of `status`.
  func reloads(_ simulation: HealthKitSimulation, _ status: WidgetStatus?) -> [Double] {
    (status?.reloads ?? []).map { $0.date.timeIntervalSince(simulation.startDate) }
  }

  @Test(
    "A watch refresh task's reloadAllTimelines() reloads the complication, not the phone's widget")
  func watchRefreshReloadsTheComplication() async throws {
    // Midnight UTC; the phone's widget and the watch's complication of one kind; the watch app
    // goes to the background at 1 (a Digital Crown press).
    let start = "2026-01-05T00:00:00Z"
    let date = try #require(ISO8601DateFormatter().date(from: start))
    var scenario = try Scenario(
      name: "callbacks",
      start: Scenario.WallClockDate(date: date, utcOffsetSeconds: 0, text: start))
    scenario.phone.widgets = [.init(kind: "Steps", family: "systemSmall")]
    scenario.complications.widgets = [.init(kind: "Steps", family: "accessoryCircular")]
    scenario.timeline = [
      Scenario.Action(at: .seconds(1), kind: .app(.crownPress), location: "timeline[0]")
    ]
    let simulation = try HealthKitSimulation(scenario: scenario)
    let phoneProvider = DeviceProvider(simulation) { _ in .never }
    let watchProvider = DeviceProvider(simulation) { _ in .never }
    try await simulation.run {
      await simulation.registerWidget(kind: "Steps", provider: phoneProvider)
      await simulation.on(.watch) {
        await simulation.registerWidget(kind: "Steps", provider: watchProvider)
      }
      let delegate = await WatchBackgroundRefreshTests.delegate(simulation)
      await MainActor.run {
        // The app's handle(_:): reload every timeline, then complete.
        delegate.work = { task in
          WidgetCenter.shared.reloadAllTimelines()
          task.setTaskCompletedWithSnapshot(false)
        }
        WKApplication.shared().scheduleBackgroundRefresh(
          withPreferredDate: simulation.now.addingTimeInterval(1200), userInfo: nil
        ) { _ in }
      }
      try await simulation.advance(to: simulation.startDate.addingTimeInterval(1300))
      #expect(await MainActor.run { delegate.handled.map(\.seconds) } == [1200])
      // The complication: its free first timeline at 0, the task's reload at 1200 (past the
      // 5-minute floor from 0).
      let watchStatus = await simulation.on(.watch) {
        simulation.widgetStatus(kind: "Steps", family: .accessoryCircular)
      }
      #expect(reloads(simulation, watchStatus) == [0, 1200])
      // The phone's widget: its free first timeline only; its budget of 40 untouched.
      let phoneStatus = simulation.widgetStatus(kind: "Steps", family: .systemSmall)
      #expect(reloads(simulation, phoneStatus) == [0])
      #expect(phoneStatus?.budgetLeft == 40)
    }
  }

  @Test(
    "A BGTaskScheduler launch handler is the phone app's code: its WCSession.default is the phone's"
  )
  func backgroundTaskHandlerIsThePhones() async throws {
    // 08:00 UTC; a refresh submitted at t = 0 with no date launches at 08:15, t = 900.
    let simulation = try phoneSimulation(start: "2026-01-05T08:00:00Z")
    let seen = Mutex<[ObjectIdentifier]>([])
    try await simulation.run {
      let phoneSession = await simulation.on(.phone) { ObjectIdentifier(WCSession.default) }
      let watchSession = ObjectIdentifier(WCSession.default)
      #expect(phoneSession != watchSession)
      BGTaskScheduler.shared.register(forTaskWithIdentifier: "refresh", using: nil) { task in
        seen.withLock { $0.append(ObjectIdentifier(WCSession.default)) }
        task.setTaskCompleted(success: true)
      }
      try BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "refresh"))
      try await simulation.advance(to: simulation.startDate.addingTimeInterval(1000))
      #expect(seen.withLock { $0 } == [phoneSession])
    }
  }

  /// Trial 30: the phone app registers its task at every launch, as Apple requires; after
  /// `crash(.phone)` and `relaunch(.phone)` that registration must not trap ("a crash drops every
  /// registration", docs/phone.md#background-tasks). Before the registrations were the phone
  /// app's (they ended with the watch's `crash()`), it trapped with "already registered".
  @Test("After crash(.phone) and relaunch(.phone) the phone app registers its task again")
  func phoneRelaunchRegistersAgain() async {
    await #expect(processExitsWith: .success) {
      let simulation = try phoneSimulation(start: "2026-01-05T08:00:00Z")
      try await simulation.run {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: "refresh", using: nil) {
          $0.setTaskCompleted(success: true)
        }
        await simulation.crash(.phone)
        await simulation.relaunch(.phone)
        BGTaskScheduler.shared.register(forTaskWithIdentifier: "refresh", using: nil) {
          $0.setTaskCompleted(success: true)
        }
        try await simulation.advance(by: .seconds(1000))
      }
    }
  }
}
