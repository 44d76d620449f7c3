import Foundation
import SimulatedHealthKit
import SimulatedWidgetKit
import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSimTestSupport

/// A provider that also writes down which widget center its code sees (the device it runs as).
final class DeviceProvider: TimelineProvider, @unchecked Sendable {
  let simulation: HealthKitSimulation
  let policy: @Sendable (Date) -> TimelineReloadPolicy
  let lock = NSLock()
  nonisolated(unsafe) var centers: [ObjectIdentifier] = []

  init(
    _ simulation: HealthKitSimulation, policy: @escaping @Sendable (Date) -> TimelineReloadPolicy
  ) {
    self.simulation = simulation
    self.policy = policy
  }

  func placeholder(in context: Context) -> CountEntry { CountEntry(date: .distantPast, value: -1) }

  func getSnapshot(in context: Context, completion: @escaping @Sendable (CountEntry) -> Void) {
    completion(CountEntry(date: simulation.now, value: 0))
  }

  func getTimeline(
    in context: Context, completion: @escaping @Sendable (Timeline<CountEntry>) -> Void
  ) {
    let center = ObjectIdentifier(WidgetCenter.shared)
    let call = lock.withLock {
      centers.append(center)
      return centers.count
    }
    let now = simulation.now
    completion(Timeline(entries: [CountEntry(date: now, value: call)], policy: policy(now)))
  }
}

/// A simulation from local midnight 2026-01-05T00:00 UTC with the phone's widgets and the
/// watch's complications.
func complicationSimulation(phone: Scenario.Phone, complications: Scenario.Complications)
  throws -> HealthKitSimulation
{
  let start = "2026-01-05T00:00:00Z"
  let date = try #require(ISO8601DateFormatter().date(from: start))
  var scenario = try Scenario(
    name: "complications",
    start: Scenario.WallClockDate(date: date, utcOffsetSeconds: 0, text: start))
  scenario.phone = phone
  scenario.complications = complications
  return try HealthKitSimulation(scenario: scenario)
}

@Suite("WatchKit: the watch's complications and their budget")
struct WatchKitComplicationTests {
  func seconds(_ simulation: HealthKitSimulation, _ status: WidgetStatus?) -> [Double] {
    (status?.reloads ?? []).map { $0.date.timeIntervalSince(simulation.startDate) }
  }

  @Test("The watch spends its own budget: the phone's widget of the same kind keeps its own")
  func budgetsApart() async throws {
    var phone = Scenario.Phone()
    phone.widgets = [.init(kind: "Steps", family: "systemSmall")]
    phone.widgetBudget = 3
    var complications = Scenario.Complications()
    complications.widgets = [.init(kind: "Steps", family: "accessoryCircular")]
    complications.reloadBudget = 2
    let simulation = try complicationSimulation(phone: phone, complications: complications)
    let phoneProvider = DeviceProvider(simulation) { _ in .never }
    let watchProvider = DeviceProvider(simulation) { _ in .never }
    try await simulation.run {
      await simulation.registerWidget(kind: "Steps", provider: phoneProvider)
      let watchCenter = await simulation.on(.watch) {
        await simulation.registerWidget(kind: "Steps", provider: watchProvider)
        return ObjectIdentifier(WidgetCenter.shared)
      }
      let phoneCenter = ObjectIdentifier(WidgetCenter.shared)
      #expect(watchCenter != phoneCenter)
      for _ in 0..<3 {
        try await simulation.advance(by: .seconds(600))
        await simulation.on(.watch) { WidgetCenter.shared.reloadTimelines(ofKind: "Steps") }
        await simulation.settle()
      }
      // 1800: the watch's 2 are spent (600, 1200); its request waits for midnight.
      let watchStatus = await simulation.on(.watch) {
        simulation.widgetStatus(kind: "Steps", family: .accessoryCircular)
      }
      #expect(watchStatus?.isDeferred == true)
      #expect(watchStatus?.nextReload == simulation.startDate.addingTimeInterval(86_400))
      #expect(watchStatus?.budgetLeft == 0)
      // The phone's widget is untouched: 3 left; the phone app's reload at 2400 goes through.
      #expect(simulation.widgetStatus(kind: "Steps", family: .systemSmall)?.budgetLeft == 3)
      try await simulation.advance(by: .seconds(600))
      WidgetCenter.shared.reloadTimelines(ofKind: "Steps")
      await simulation.settle()
      // Outside `on`, the phone's controls do not see the watch's complication, and back.
      #expect(simulation.widgetStatus(kind: "Steps", family: .accessoryCircular) == nil)
      let phoneWidgetOnWatch = await simulation.on(.watch) {
        simulation.widgetStatus(kind: "Steps", family: .systemSmall)
      }
      #expect(phoneWidgetOnWatch == nil)
      try await simulation.advance(to: simulation.startDate.addingTimeInterval(86_400))
      // The providers ran as their device's code: the watch's inside on(.watch).
      #expect(watchProvider.centers == Array(repeating: watchCenter, count: 4))
      #expect(phoneProvider.centers == Array(repeating: phoneCenter, count: 2))
    }
    // Watch: the free first timeline at 0 (2 left), 600 (1), 1200 (0), the request at 1800
    // deferred to the next local midnight 86 400, paid from the new day's 2 (1 left).
    let watch = await simulation.on(.watch) {
      simulation.widgetStatus(kind: "Steps", family: .accessoryCircular)
    }
    #expect(seconds(simulation, watch) == [0, 600, 1200, 86_400])
    #expect(watch?.reloads.map(\.budgetLeft) == [2, 1, 0, 1])
    // Phone: the free first timeline at 0 (3 left) and the phone app's reload at 2400 (2).
    let phoneStatus = simulation.widgetStatus(kind: "Steps", family: .systemSmall)
    #expect(seconds(simulation, phoneStatus) == [0, 2400])
    #expect(phoneStatus?.reloads.map(\.budgetLeft) == [3, 2])
    // The log: the watch's entries say so, the phone's are as before (no `device`).
    let log = systemLog(simulation, .widgetKit)
    let watchEntries = log.filter { $0.details["device"] == .string("watch") }
    #expect(watchEntries.filter { $0.event == "reloadRequested" }.map(\.at) == [600, 1200, 1800])
    #expect(watchEntries.filter { $0.event == "reloaded" }.map(\.at) == [0, 600, 1200, 86_400])
    let deferred = watchEntries.filter { $0.event == "reloadDeferred" }
    #expect(deferred.map(\.at) == [1800])
    #expect(deferred.first?.details["reason"] == .string("budget"))
    #expect(deferred.first?.details["until"] == .instant(.seconds(86_400)))
    let phoneEntries = log.filter { $0.details["device"] == nil }
    #expect(phoneEntries.filter { $0.event == "reloaded" }.map(\.at) == [0, 2400])
    #expect(phoneEntries.filter { $0.event == "reloadRequested" }.map(\.at) == [2400])
  }

  @Test("The default 50 a day: `.after(15 min)` from midnight reloads until 12:30, then midnight")
  func defaultBudget() async throws {
    var complications = Scenario.Complications()
    complications.widgets = [.init(kind: "Ring", family: "accessoryCorner")]
    let simulation = try complicationSimulation(
      phone: Scenario.Phone(), complications: complications)
    let provider = DeviceProvider(simulation) { .after($0.addingTimeInterval(900)) }
    try await simulation.run {
      let infos = try await simulation.on(.watch) {
        try await WidgetCenter.shared.currentConfigurations()
      }
      #expect(infos.map(\.kind) == ["Ring"])
      #expect(infos.map(\.family) == [.accessoryCorner])
      #expect(try await WidgetCenter.shared.currentConfigurations().isEmpty)
      await simulation.on(.watch) {
        await simulation.registerWidget(kind: "Ring", provider: provider)
      }
      try await simulation.advance(by: .seconds(86_400))
    }
    // Free at 0, then 50 reloads at 900, 1800, ..., 50 × 900 = 45 000 (12:30); the one due at
    // 45 900 waits for the next local midnight, 86 400 (49 left of the new day).
    let status = await simulation.on(.watch) {
      simulation.widgetStatus(kind: "Ring", family: .accessoryCorner)
    }
    #expect(seconds(simulation, status) == [0] + (1...50).map { Double($0 * 900) } + [86_400])
    #expect(status?.budgetLeft == 49)
    #expect(status?.reloads[50].budgetLeft == 0)
    let shown = await simulation.on(.watch) {
      simulation.widgetShown(kind: "Ring", family: .accessoryCorner, as: CountEntry.self)
    }
    #expect(shown?.entry.value == 52)
  }

  @Test("watch.complications and watch.complicationReloadBudget decode; bad values are refused")
  func decoding() throws {
    func decode(_ watch: String) throws -> Scenario {
      try decodeScenario(
        #"{ "version": 1, "watch": \#(watch) }"#, fileName: "watch.json")
    }
    let scenario = try decode(
      #"{ "complications": [ { "kind": "Steps", "family": "accessoryInline" } ], "complicationReloadBudget": 12, "extendedRuntimeType": "selfCare" }"#
    )
    #expect(scenario.complications.widgets == [.init(kind: "Steps", family: "accessoryInline")])
    #expect(scenario.complications.reloadBudget == 12)
    #expect(scenario.watch.extendedRuntimeType == .selfCare)
    #expect(try decode("{}").complications == Scenario.Complications())
    #expect(Scenario.Complications().reloadBudget == 50)
    func message(_ watch: String) -> String? {
      do {
        _ = try decode(watch)
        return nil
      } catch {
        return "\(error)"
      }
    }
    let family = message(#"{ "complications": [ { "kind": "Steps", "family": "systemSmall" } ] }"#)
    #expect(family?.contains("watch.complications[0].family") == true)
    #expect(family?.contains("is not a complication family") == true)
    #expect(family?.contains("accessoryCorner") == true)
    let budget = message(#"{ "complicationReloadBudget": 0 }"#)
    #expect(budget?.contains("watch.complicationReloadBudget") == true)
    let repeated = message(
      #"{ "complications": [ { "kind": "A", "family": "accessoryCircular" }, { "kind": "A", "family": "accessoryCircular" } ] }"#
    )
    #expect(repeated?.contains("listed twice") == true)
  }
}
