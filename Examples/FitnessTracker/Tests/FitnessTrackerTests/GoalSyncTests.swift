// The step goal from the phone app to the watch app by application context (docs/phone.md,
// "The example app's rules"; the link's rules: docs/phone-link.md).
//
// Scenarios/goal-sync.json: t = 0 at 10:00 CEST on 2026-06-10; 6000 steps and 250 kcal today on
// the watch (energy ring 250 / 500 = 0.5);
// the phone app in the foreground, the watch app not running until the user opens it at 300.
//   t = 0: the phone's session activates and sends the goal it has, 10000; the user sets
//     8000. t = 60: 12000. Each context replaces the undelivered one (the latest value wins).
//   Before 300 the watch has its own default, 10000.
//   t = 300: the watch app launches and activates; the waiting context is delivered a
//     transfer latency (1 s) later, at 301: 12000. Today's ring: 6000 / 12000 = 0.50.
//   The complication: installed at 300 with goal 10000 (6000 / 10000 = 0.6, "6.0k"); the new
//     goal asks for a reload at 301, which WidgetKit spaces 5 minutes after the reload at 300:
//     at 600 it shows 12000 (0.5); that timeline's policy reloads at 600 + 15 min = 1500.
//   t = 900: the phone leaves the watch's range. t = 1000: the user sets 9000; the context
//     waits. Until 1500 the watch keeps 12000 (ring 0.5). t = 1500: the phone is back; the
//     context arrives 1 s later, at 1501: 9000, ring 6000 / 9000 = 2/3. The complication is
//     the watch's own widget (installed inside `on(.watch)`; the phone app's
//     `reloadAllTimelines()` at 1000 reloads only the phone's widgets): its policy reload at
//     1500 still shows 12000, and the watch's request at 1501 comes 1 s after that reload, so
//     WidgetKit's 5-minute spacing moves it to 1500 + 300 = 1800: 9000 (2/3) from 1800.
import FitnessTracker
import FitnessTrackerKit
import FitnessTrackerWatch
import Foundation
import SimulatedHealthKit
import SimulatedWatchConnectivity
import SimulatedWidgetKit
import Testing

@Suite("Goal sync")
struct GoalSyncTests {
  @Test("Goals set while the watch app is not running and while the phone is away reach the watch")
  @MainActor func goalSync() async throws {
    try await Self.goalSyncDay(try simulation("goal-sync"))
  }

  /// The goal-sync day lets its simulation go when it ends: nothing of the test keeps it, so
  /// its `deinit` removes its two App Group suites (docs/phone.md#widgets). Before, the
  /// complication's provider, which the simulation keeps, held the simulation through the test's
  /// clock (`clock(_:)` captured it strongly): the simulation was never released, its suites
  /// stayed in memory, and Foundation on Linux wrote them to `~/.config` whenever another test
  /// synchronized a suite of its own (every `synchronize()` writes every suite of the process),
  /// leaving files behind when the suite ran in parallel with `messagesAreLost`. The wait is
  /// for the run's own tasks to let go (at most 10 s), not a timing assertion.
  @Test("The goal-sync day lets its simulation go, so its App Group suites are removed")
  @MainActor func goalSyncReleasesItsSimulation() async throws {
    weak var released: HealthKitSimulation?
    do {
      let simulation = try simulation("goal-sync")
      released = simulation
      try await Self.goalSyncDay(simulation)
    }
    for _ in 0..<1_000 where released != nil { try await Task.sleep(for: .milliseconds(10)) }
    #expect(released == nil)
  }

  /// The goal-sync day of the file's header on `simulation`, with its expectations.
  @MainActor static func goalSyncDay(_ simulation: HealthKitSimulation) async throws {
    try await simulation.run {
      let at = { (seconds: Double) in simulation.startDate.addingTimeInterval(seconds) }
      let (app, watchSettings) = try await phoneSetsTheFirstGoals(simulation)
      try await simulation.advance(to: at(299))
      #expect(watchSettings.stepGoal == 10_000)

      // The user opens the watch app at 300.
      try await simulation.advance(to: at(300))
      let (sync, today) = await simulation.on(.watch) {
        let sync = WatchGoalSync(settings: watchSettings)
        sync.activate()
        let today = WatchTodayModel(
          healthStore: HKHealthStore(), settings: watchSettings, clock: clock(simulation))
        return (sync, today)
      }
      try await simulation.on(.watch) { try await today.reader.requestAuthorization() }
      let atLaunch = await simulation.on(.watch) { await today.load() }
      #expect(atLaunch.stepGoal == 10_000)
      #expect(atLaunch.stepProgress == 0.6)
      await simulation.on(.watch) {
        let provider = StepComplicationProvider(settings: watchSettings, clock: clock(simulation))
        await simulation.installWidget(
          kind: StepComplicationProvider.kind, family: .accessoryCircular, provider: provider)
      }
      #expect(await complication(simulation)?.gauge == 0.6)
      #expect(await complication(simulation)?.text == "6.0k")

      try await simulation.advance(to: at(301))
      #expect(watchSettings.stepGoal == 12_000)
      let launched = await simulation.on(.watch) { await today.load() }
      #expect(
        launched
          == WatchTodayScreen(
            date: at(301), steps: .value(6000), stepGoal: 12_000, stepProgress: 0.5,
            activeEnergy: .value(250), energyGoal: 500, energyProgress: 0.5))
      try await simulation.advance(to: at(599))
      #expect(await complication(simulation)?.stepGoal == 10_000)
      try await simulation.advance(to: at(600))
      #expect(await complication(simulation)?.stepGoal == 12_000)
      #expect(await complication(simulation)?.gauge == 0.5)

      // Away from 900 to 1500; the goal set at 1000 waits.
      try await simulation.advance(to: at(900))
      await simulation.phoneAway()
      try await simulation.advance(to: at(1000))
      await simulation.on(.phone) { app.settings.setStepGoal(9000) }
      try await simulation.advance(to: at(1499))
      #expect(watchSettings.stepGoal == 12_000)
      #expect(await complication(simulation)?.stepGoal == 12_000)
      #expect(await simulation.on(.watch) { await today.load() }.stepProgress == 0.5)
      try await simulation.advance(to: at(1500))
      await simulation.phoneBack()
      #expect(watchSettings.stepGoal == 12_000)
      try await simulation.advance(to: at(1501))
      #expect(watchSettings.stepGoal == 9000)
      #expect(await simulation.on(.watch) { await today.load() }.stepProgress == 2.0 / 3.0)
      #expect(await complication(simulation)?.stepGoal == 12_000)
      try await simulation.advance(to: at(1799))
      #expect(await complication(simulation)?.stepGoal == 12_000)
      try await simulation.advance(to: at(1800))
      #expect(await complication(simulation)?.stepGoal == 9000)
      #expect(await complication(simulation)?.gauge == 2.0 / 3.0)
      withExtendedLifetime(sync) {}
    }
  }

  @Test("Messages only (the bug): the goals set while the watch app is not running are lost")
  @MainActor func messagesAreLost() async throws {
    let simulation = try simulation("goal-sync")
    try await simulation.run {
      let at = { (seconds: Double) in simulation.startDate.addingTimeInterval(seconds) }
      let watchSettings = Settings(defaults: simulation.appGroupDefaults(Settings.watchAppGroup))
      let errors = Errors()
      let phone = await simulation.on(.phone) { WCSession.default }
      let sync = Activation()
      phone.delegate = sync
      phone.activate()
      for (time, goal) in [(0.0, 8000), (60, 12_000)] {
        try await simulation.advance(to: at(time))
        phone.sendMessage(
          GoalContext.context(stepGoal: goal), replyHandler: nil,
          errorHandler: { errors.append(($0 as NSError).code) })
      }
      try await simulation.advance(to: at(300))
      let watch = await simulation.on(.watch) {
        let watch = WatchGoalSync(settings: watchSettings)
        watch.activate()
        return watch
      }
      try await simulation.advance(to: at(400))
      // Both sends fail with WCError.Code.notReachable (7007): the watch app was not running.
      #expect(errors.all == [7007, 7007])
      #expect(watchSettings.stepGoal == 10_000)
      withExtendedLifetime((sync, watch)) {}
    }
  }

  @Test("The context's goal: whole numbers in the settings' range only")
  func context() {
    #expect(GoalContext.context(stepGoal: 12_000)["stepGoal"] as? Int == 12_000)
    #expect(GoalContext.stepGoal(in: ["stepGoal": 12_000]) == 12_000)
    #expect(GoalContext.stepGoal(in: ["stepGoal": NSNumber(value: 8000)]) == 8000)
    #expect(GoalContext.stepGoal(in: ["stepGoal": 9000.0]) == 9000)
    #expect(GoalContext.stepGoal(in: ["stepGoal": 9000.5]) == nil)
    // 1000...50 000 (Settings.stepGoalRange): 999 and 50 001 are not goals.
    #expect(GoalContext.stepGoal(in: ["stepGoal": 999]) == nil)
    #expect(GoalContext.stepGoal(in: ["stepGoal": 50_001]) == nil)
    #expect(GoalContext.stepGoal(in: ["stepGoal": "12000"]) == nil)
    #expect(GoalContext.stepGoal(in: [:]) == nil)
  }
}

/// The step complication's face now.
/// The goal-sync day's first minute: the phone app starts (the App Group's settings), connects
/// the watch and sets 8000 at 0 and 12000 at 60 (the simulation is at 60 s after). Returns the
/// phone app and the watch app's settings.
@MainActor func phoneSetsTheFirstGoals(_ simulation: HealthKitSimulation) async throws
  -> (app: AppModel, watchSettings: Settings)
{
  let phoneDefaults = simulation.appGroupDefaults(Settings.appGroup)
  let watchSettings = Settings(defaults: simulation.appGroupDefaults(Settings.watchAppGroup))
  let app = await simulation.on(.phone) {
    AppModel(healthStore: HKHealthStore(), defaults: phoneDefaults, clock: clock(simulation))
  }
  await simulation.on(.phone) {
    app.connectWatch()
    app.settings.setStepGoal(8000)
  }
  try await simulation.advance(to: simulation.startDate.addingTimeInterval(60))
  await simulation.on(.phone) { app.settings.setStepGoal(12_000) }
  return (app, watchSettings)
}

private func complication(_ simulation: HealthKitSimulation) async -> ComplicationFace? {
  await simulation.on(.watch) {
    simulation.widgetShown(
      kind: StepComplicationProvider.kind, family: .accessoryCircular,
      as: StepComplicationEntry.self)?.entry.face
  }
}

/// A phone app's session delegate that only activates (the buggy app sends messages).
private final class Activation: NSObject, WCSessionDelegate {
  func session(
    _ session: WCSession, activationDidCompleteWith activationState: WCSessionActivationState,
    error: (any Error)?
  ) {}
}

/// Error codes collected by error handlers.
private final class Errors: @unchecked Sendable {
  private let lock = NSLock()
  private var codes: [Int] = []
  func append(_ code: Int) { lock.withLock { codes.append(code) } }
  var all: [Int] { lock.withLock { codes } }
}
