import FitnessTracker
import FitnessTrackerKit
import FitnessTrackerWidget
import Foundation
import SimulatedHealthKit
import SimulatedUserNotifications
import SimulatedWidgetKit
import Synchronization
import WorkoutCore

/// The fitness tracker app (Examples/FitnessTracker) on a HealthKitSimulation: launched once at
/// `t = 0` as a user opens it the first time (`AppModel.launch()`: it asks for Health access and
/// schedules the weekly summary, answered by the scenario's `authorization`), moved to instants, and read into ``PhoneScreens`` through the
/// app's own models: `DashboardModel` (which also writes the widget's snapshot to the App
/// Group), `HistoryModel` for the week and the month, `Settings`, and the widget's faces as
/// WidgetKit shows them: the widget extension's `FitnessTimelineProvider` registered for its
/// kind at launch with a Small and a Medium widget installed, each face the `FitnessEntry` its
/// current timeline shows at the instant (`widgetShown(kind:family:at:as:)`), reloaded on the
/// provider's policy within `phone.widgetBudget` (docs/phone.md#widgets).
///
/// The App Group is the simulation's (`appGroupDefaults(Settings.appGroup)`: a suite of its own
/// per simulation); local times are in the device's time zone at the instant (the scenario's
/// `timeZone`, a trip's zone on its days); the next notification is the earliest of the
/// system's pending requests (`pendingNotificationRequests()` and each one's next fire date).
@MainActor
final class PhoneApp {
  let simulation: HealthKitSimulation
  let clock: AppClock
  let settings: Settings
  let dashboard: DashboardModel
  let history: HistoryModel
  let reader: HealthReader
  let model: AppModel

  private init(simulation: HealthKitSimulation) {
    self.simulation = simulation
    let calendar = simulation.calendar
    self.clock = AppClock(now: { [simulation] in simulation.now }, calendar: calendar)
    let store = HKHealthStore()
    let model = AppModel(
      healthStore: store, defaults: simulation.appGroupDefaults(Settings.appGroup), clock: clock)
    self.model = model
    self.settings = model.settings.settings
    self.reader = HealthReader(healthStore: store, clock: clock)
    self.dashboard = model.dashboard
    self.history = model.history
  }

  /// Launches the app at virtual now: it asks for Health access (answered by the scenario;
  /// an error leaves the app unconnected, as on a device).
  /// Then the widget extension's provider is registered for `FitnessTimelineProvider.kind`
  /// and a Small and a Medium widget are installed (kept if the scenario's `phone.widgets`
  /// has them): their first, free timelines read the snapshot the launch's dashboard wrote.
  static func launch(simulation: HealthKitSimulation) async -> PhoneApp {
    let app = PhoneApp(simulation: simulation)
    await app.delivered { try? await app.model.launch() }
    let provider = FitnessTimelineProvider(settings: app.settings, clock: app.clock)
    await simulation.registerWidget(kind: FitnessTimelineProvider.kind, provider: provider)
    for family in Self.widgetFamilies {
      await simulation.installWidget(kind: FitnessTimelineProvider.kind, family: family)
    }
    return app
  }

  /// The widget families the phone program shows, in the document's order.
  static let widgetFamilies: [WidgetFamily] = [.systemSmall, .systemMedium]

  /// Runs the app's `work` while the system delivers its callbacks: a query's results handler
  /// waits in the simulation's lane until something drains it, as the system does on a
  /// device, so `settle()` runs (virtual time held) until `work` has returned.
  func delivered<T: Sendable>(_ work: @escaping @MainActor () async -> T) async -> T {
    let finished = Mutex(false)
    let task = Task { @MainActor in
      let value = await work()
      finished.withLock { $0 = true }
      return value
    }
    while !finished.withLock({ $0 }) {
      await simulation.settle()
    }
    return await task.value
  }

  /// Moves virtual time forward to scenario time `instant` (an earlier one only delivers what
  /// is pending).
  ///
  /// - Throws: `HealthKitSimulation.HorizonError` past the horizon; `CancellationError`.
  func advance(to instant: SimulationInstant) async throws {
    try await simulation.advance(
      to: simulation.startDate.addingTimeInterval(Double(instant.nanoseconds) / 1e9))
  }

  /// What every screen shows at virtual now: the models loaded in the app's order (the
  /// dashboard first: its load writes the snapshot the widget's next reload reads), and the
  /// installed widgets' faces as their current timelines show them now (a timeline made at the
  /// last reload, so a face may lag the dashboard; the load does not ask WidgetKit to reload).
  func screens() async -> PhoneScreens {
    let now = simulation.now
    let zone = simulation.deviceTimeZone(at: simulation.instant(of: now))
    let dashboardScreen = await delivered { await self.dashboard.load() }
    let week = await delivered { await self.history.load(.week) }
    let month = await delivered { await self.history.load(.month) }
    let access = await delivered { await self.reader.access() }
    let faces = Self.widgetFamilies.compactMap { family -> PhoneScreens.WidgetFace? in
      let shown = simulation.widgetShown(
        kind: FitnessTimelineProvider.kind, family: family, at: now, as: FitnessEntry.self)
      return shown.flatMap { $0.entry.face(for: family) }.map { Self.face($0, zone: zone) }
    }
    return PhoneScreens(
      clock: clock(at: now),
      dashboard: Self.dashboard(dashboardScreen, zone: zone),
      history: PhoneScreens.History(
        week: Self.range(week, zone: zone), month: Self.range(month, zone: zone)),
      settings: PhoneScreens.Settings(
        stepGoal: Double(settings.stepGoal), notificationsEnabled: settings.notificationsEnabled,
        notificationPermission: await delivered { await Self.permission() }.rawValue,
        healthKitStatus: access.rawValue),
      widgets: faces,
      nextNotification: await delivered { await self.nextNotification(zone: zone) })
  }

  /// What the system allows (`notificationSettings().authorizationStatus`, as the app's
  /// `NotificationPermission` names it: provisional and ephemeral count as allowed).
  static func permission() async -> NotificationPermission {
    switch await UNUserNotificationCenter.current().notificationSettings().authorizationStatus {
    case .notDetermined: .notDetermined
    case .denied: .denied
    default: .allowed
    }
  }

  /// The earliest of the system's pending notification requests by its next fire date
  /// (requests that never fire again are left out; ties by identifier).
  func nextNotification(zone: TimeZone) async -> PhoneScreens.Notification? {
    let pending = await UNUserNotificationCenter.current().pendingNotificationRequests()
    let dated = pending.compactMap { request -> (Date, UNNotificationRequest)? in
      simulation.nextNotificationDate(identifier: request.identifier).map { ($0, request) }
    }
    guard
      let (date, request) = dated.min(by: {
        ($0.0, $0.1.identifier) < ($1.0, $1.1.identifier)
      })
    else { return nil }
    return PhoneScreens.Notification(
      identifier: request.identifier, title: request.content.title, body: request.content.body,
      fireDate: Self.localText(date, in: zone), repeats: request.trigger?.repeats ?? false)
  }

  // MARK: - From the app's screen values

  static func dashboard(_ screen: DashboardScreen, zone: TimeZone) -> PhoneScreens.Dashboard {
    let card = screen.heartRate.value
    let sleep = screen.sleep.value
    let connected =
      screen.steps != .notConnected && screen.activeEnergy != .notConnected
      && screen.heartRate != .notConnected && screen.sleep != .notConnected
    return PhoneScreens.Dashboard(
      steps: screen.steps.value.map(Double.init), stepGoal: Double(screen.stepGoal),
      activeEnergy: screen.activeEnergy.value, activeEnergyGoal: screen.energyGoal,
      heartRate: card?.latest.bpm,
      heartRateTime: card.map {
        String(localText($0.latest.date, in: zone).dropFirst(11).prefix(5))
      },
      heartRateLast24Hours: card?.last24Hours.map(\.bpm) ?? [], sleepHours: sleep?.asleepHours,
      sleepScore: sleep.map { Double($0.score) }, sleepRating: sleep?.rating.text,
      sleepEfficiency: sleep?.efficiency, connected: connected)
  }

  static func range(_ screen: HistoryScreen, zone: TimeZone) -> PhoneScreens.Range {
    PhoneScreens.Range(
      days: screen.days.map { row in
        PhoneScreens.Day(
          date: row.label, steps: row.steps.map(Double.init), activeEnergy: row.activeEnergy,
          sleepHours: row.sleepHours, goalMet: row.goalMet)
      },
      totalSteps: Double(screen.totalSteps), averageSteps: screen.averageSteps.map(Double.init))
  }

  static func face(_ face: WidgetFace, zone: TimeZone) -> PhoneScreens.WidgetFace {
    switch face {
    case .small(let small):
      return PhoneScreens.WidgetFace(
        family: "systemSmall", entryDate: localText(small.date, in: zone),
        steps: small.steps.map(Double.init), stepGoal: Double(small.stepGoal),
        url: small.url.absoluteString, dataAsOf: small.dataAsOf.map { localText($0, in: zone) })
    case .medium(let medium):
      let small = medium.steps
      return PhoneScreens.WidgetFace(
        family: "systemMedium", entryDate: localText(small.date, in: zone),
        steps: small.steps.map(Double.init), stepGoal: Double(small.stepGoal),
        activeEnergy: medium.activeEnergy, heartRate: medium.heartRate,
        url: small.url.absoluteString, dataAsOf: small.dataAsOf.map { localText($0, in: zone) })
    }
  }

  static func notification(_ next: NextNotification, zone: TimeZone) -> PhoneScreens.Notification {
    PhoneScreens.Notification(
      identifier: next.identifier, title: next.title, body: next.body,
      fireDate: next.fireDate.map { localText($0, in: zone) }, repeats: next.repeats)
  }

  /// The clock reading of `date`: scenario seconds and the local date-time in the device's zone.
  func clock(at date: Date) -> PhoneScreens.Clock {
    let zone = simulation.deviceTimeZone(at: simulation.instant(of: date))
    return PhoneScreens.Clock(
      scenarioSeconds: date.timeIntervalSince(simulation.startDate),
      local: Self.localText(date, in: zone), timeZone: zone.identifier)
  }

  /// `date` as RFC 3339 in `zone`, whole seconds, with the zone's UTC offset at that instant
  /// (`2026-06-10T18:00:00+02:00`; `Z` never: `+00:00`).
  nonisolated static func localText(_ date: Date, in zone: TimeZone) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let rounded = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    let parts = calendar.dateComponents(
      [.year, .month, .day, .hour, .minute, .second], from: rounded)
    func two(_ value: Int?) -> String {
      let value = value ?? 0
      return value < 10 ? "0\(value)" : "\(value)"
    }
    let offset = zone.secondsFromGMT(for: rounded)
    let sign = offset < 0 ? "-" : "+"
    let magnitude = abs(offset)
    let year = String(parts.year ?? 0)
    return String(repeating: "0", count: max(4 - year.count, 0)) + year + "-" + two(parts.month)
      + "-" + two(parts.day) + "T" + two(parts.hour) + ":" + two(parts.minute) + ":"
      + two(parts.second) + sign + two(magnitude / 3600) + ":" + two(magnitude % 3600 / 60)
  }
}
