import Foundation
import SimulatedHealthKit
import SimulatedUserNotifications
import Synchronization
import Testing
import WorkoutCore
import WorkoutHealth
import WorkoutScenario
import WorkoutSystem

/// SimulatedUserNotifications on virtual time (docs/phone.md#notifications): triggers at local
/// instants across DST and a trip, permission, replacement and removal, the foreground
/// delegate, the user opening a notification, a crash, determinism.
@Suite struct UserNotificationsTests {
  // MARK: - Helpers

  /// A date from an ISO 8601 text with a zone (`2026-03-23T08:00:00Z`).
  static func date(_ text: String) -> Date {
    ISO8601DateFormatter().date(from: text)!
  }

  /// A simulation starting at `start` (UTC text) in `timeZone`, with `health.trip` and the
  /// notification answer.
  static func simulation(
    start: String, timeZone: String = "Europe/Berlin", trip: HealthPlan.Trip? = nil,
    answer: Scenario.Authorization.Answer? = nil
  ) throws -> HealthKitSimulation {
    var scenario = try Scenario(
      name: "notifications",
      start: Scenario.WallClockDate(date: date(start), utcOffsetSeconds: 0, text: nil),
      timeZone: timeZone)
    if let trip { scenario.health = HealthPlan(days: 1, generate: false, trip: trip) }
    if let answer {
      var authorization = Scenario.Authorization()
      authorization.notifications = answer
      scenario.authorization = authorization
    }
    return try HealthKitSimulation(scenario: scenario)
  }

  /// The run's UserNotifications log entries: event, identifier, date, details.
  static func events(_ simulation: HealthKitSimulation)
    -> [(event: String, identifier: String, date: Date, details: [String: SystemEvent.Value])]
  {
    simulation.result.log.compactMap { entry in
      guard case .system(let event) = entry.kind, event.framework == .userNotifications else {
        return nil
      }
      return (
        event.event, event.identifier, simulation.startDate.addingTimeInterval(entry.at.seconds),
        event.details
      )
    }
  }

  /// The dates of the `delivered` entries.
  static func deliveries(_ simulation: HealthKitSimulation) -> [Date] {
    events(simulation).filter { $0.event == "delivered" }.map(\.date)
  }

  /// Monday 09:00, repeating: `weekday` 2 in Calendar's numbering (1 is Sunday).
  static func mondayNine() -> UNCalendarNotificationTrigger {
    var components = DateComponents()
    components.weekday = 2
    components.hour = 9
    components.minute = 0
    return UNCalendarNotificationTrigger(dateMatching: components, repeats: true)
  }

  static func request(_ identifier: String, _ trigger: UNNotificationTrigger?)
    -> UNNotificationRequest
  {
    let content = UNMutableNotificationContent()
    content.title = "Weekly summary"
    content.body = identifier
    content.sound = .default
    return UNNotificationRequest(identifier: identifier, content: content, trigger: trigger)
  }

  /// A delegate that records its calls and answers `willPresent` with `options`.
  final class Recorder: NSObject, UNUserNotificationCenterDelegate, @unchecked Sendable {
    let options: UNNotificationPresentationOptions
    let calls = Mutex<[String]>([])

    init(options: UNNotificationPresentationOptions = [.banner, .list]) {
      self.options = options
    }

    func userNotificationCenter(
      _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
      withCompletionHandler completionHandler:
        @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
      calls.withLock { $0.append("willPresent \(notification.request.identifier)") }
      completionHandler(options)
    }

    func userNotificationCenter(
      _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
      withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
      calls.withLock {
        $0.append(
          "didReceive \(response.notification.request.identifier) \(response.actionIdentifier)")
      }
      completionHandler()
    }
  }

  /// Lines appended from callbacks.
  final class Lines: Sendable {
    let lines = Mutex<[String]>([])

    func withLock<R: Sendable>(_ body: (inout [String]) -> R) -> R { lines.withLock { body(&$0) } }
  }

  /// A delegate that implements only the `async` forms.
  final class AsyncRecorder: NSObject, UNUserNotificationCenterDelegate, @unchecked Sendable {
    let calls = Mutex<[String]>([])

    func userNotificationCenter(
      _ center: UNUserNotificationCenter, willPresent notification: UNNotification
    ) async -> UNNotificationPresentationOptions {
      calls.withLock { $0.append("willPresent \(notification.request.identifier)") }
      return [.list]
    }

    func userNotificationCenter(
      _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse
    ) async {
      calls.withLock { $0.append("didReceive \(response.notification.request.identifier)") }
    }
  }

  // MARK: - Calendar triggers on local time

  /// Europe/Berlin goes from CET (+1) to CEST (+2) on Sunday 2026-03-29: Monday 2026-03-23
  /// 09:00 CET is 08:00 UTC, Monday 2026-03-30 09:00 CEST is 07:00 UTC.
  @Test func mondayNineAcrossSpringDST() async throws {
    // Friday 2026-03-20 12:00 CET.
    let simulation = try Self.simulation(start: "2026-03-20T11:00:00Z")
    try await simulation.run {
      let center = UNUserNotificationCenter.current()
      _ = try await center.requestAuthorization(options: [.alert, .sound])
      let trigger = Self.mondayNine()
      #expect(trigger.nextTriggerDate() == Self.date("2026-03-23T08:00:00Z"))
      try await center.add(Self.request("summary", trigger))
      #expect(
        simulation.nextNotificationDate(identifier: "summary") == Self.date("2026-03-23T08:00:00Z"))
      try await simulation.advance(to: Self.date("2026-03-31T00:00:00Z"))
      #expect(
        simulation.nextNotificationDate(identifier: "summary") == Self.date("2026-04-06T07:00:00Z"))
      #expect(await center.pendingNotificationRequests().map(\.identifier) == ["summary"])
    }
    #expect(
      Self.deliveries(simulation) == [
        Self.date("2026-03-23T08:00:00Z"), Self.date("2026-03-30T07:00:00Z"),
      ])
    // `scheduled` names the first fire instant: 2026-03-23 08:00 UTC is 69 h = 248 400 s after
    // the start (Friday 11:00 UTC to Monday 11:00 UTC is 72 h, less 3 h).
    let scheduled = Self.events(simulation).first { $0.event == "scheduled" }
    #expect(scheduled?.details["fireDate"] == .instant(.seconds(248_400)))
    #expect(scheduled?.details["repeats"] == .bool(true))
  }

  /// CEST (+2) ends on Sunday 2026-10-25: Monday 2026-10-19 09:00 CEST is 07:00 UTC, Monday
  /// 2026-10-26 09:00 CET is 08:00 UTC.
  @Test func mondayNineAcrossAutumnDST() async throws {
    let simulation = try Self.simulation(start: "2026-10-16T10:00:00Z")
    try await simulation.run {
      try await UNUserNotificationCenter.current().add(Self.request("summary", Self.mondayNine()))
      try await simulation.advance(to: Self.date("2026-10-27T00:00:00Z"))
    }
    #expect(
      Self.deliveries(simulation) == [
        Self.date("2026-10-19T07:00:00Z"), Self.date("2026-10-26T08:00:00Z"),
      ])
  }

  /// A trip to New York from Wednesday 2026-04-08 for 10 days: Monday 2026-04-06 09:00 CEST
  /// (07:00 UTC) at home, Monday 2026-04-13 09:00 EDT (UTC−4, 13:00 UTC) in New York, Monday
  /// 2026-04-20 09:00 CEST (07:00 UTC) home again (the trip's last day is 2026-04-17).
  @Test func mondayNineAcrossATrip() async throws {
    let simulation = try Self.simulation(
      start: "2026-04-03T10:00:00Z",
      trip: HealthPlan.Trip(date: "2026-04-08", timeZone: "America/New_York", days: 10))
    try await simulation.run {
      try await UNUserNotificationCenter.current().add(Self.request("summary", Self.mondayNine()))
      try await simulation.advance(to: Self.date("2026-04-21T00:00:00Z"))
    }
    #expect(
      Self.deliveries(simulation) == [
        Self.date("2026-04-06T07:00:00Z"), Self.date("2026-04-13T13:00:00Z"),
        Self.date("2026-04-20T07:00:00Z"),
      ])
  }

  /// The device's zone: New York from the trip's first local midnight (2026-04-08 00:00 EDT =
  /// 04:00 UTC, 4 days 18 h = 410 400 s after the start) to the home midnight after its last
  /// day (2026-04-18 00:00 CEST = 2026-04-17 22:00 UTC, 14 days 12 h = 1 252 800 s).
  @Test func theDeviceZoneFollowsTheTrip() throws {
    let simulation = try Self.simulation(
      start: "2026-04-03T10:00:00Z",
      trip: HealthPlan.Trip(date: "2026-04-08", timeZone: "America/New_York", days: 10))
    func zone(_ seconds: Int64) -> String {
      simulation.deviceTimeZone(at: .seconds(seconds)).identifier
    }
    #expect(zone(0) == "Europe/Berlin")
    #expect(zone(410_399) == "Europe/Berlin")
    #expect(zone(410_400) == "America/New_York")
    #expect(zone(1_252_799) == "America/New_York")
    #expect(zone(1_252_800) == "Europe/Berlin")
  }

  /// A one-time calendar trigger fires once and leaves the pending list.
  @Test func aOneTimeCalendarTrigger() async throws {
    let simulation = try Self.simulation(start: "2026-03-20T11:00:00Z")
    try await simulation.run {
      let center = UNUserNotificationCenter.current()
      _ = try await center.requestAuthorization(options: [.alert, .sound])
      // 2026-03-20 18:30 local (CET) is 17:30 UTC.
      let trigger = UNCalendarNotificationTrigger(
        dateMatching: DateComponents(year: 2026, month: 3, day: 20, hour: 18, minute: 30),
        repeats: false)
      try await center.add(Self.request("evening", trigger))
      try await simulation.advance(by: .seconds(86_400))
      #expect(await center.pendingNotificationRequests().isEmpty)
      #expect(
        await center.deliveredNotifications().map(\.date) == [Self.date("2026-03-20T17:30:00Z")])
    }
  }

  // MARK: - Time interval triggers

  @Test func timeIntervalTriggers() async throws {
    let simulation = try Self.simulation(start: "2026-03-20T11:00:00Z")
    try await simulation.run {
      let center = UNUserNotificationCenter.current()
      _ = try await center.requestAuthorization(options: [.alert, .sound])
      try await center.add(
        Self.request("once", UNTimeIntervalNotificationTrigger(timeInterval: 600, repeats: false)))
      try await center.add(
        Self.request("hourly", UNTimeIntervalNotificationTrigger(timeInterval: 3600, repeats: true))
      )
      try await simulation.advance(by: .seconds(3 * 3600))
      #expect(await center.pendingNotificationRequests().map(\.identifier) == ["hourly"])
    }
    let start = Self.date("2026-03-20T11:00:00Z")
    let delivered = Self.events(simulation).filter { $0.event == "delivered" }
    // once at 600 s; hourly at 3600, 7200 and 10 800 s.
    #expect(delivered.map(\.identifier) == ["once", "hourly", "hourly", "hourly"])
    #expect(delivered.map { $0.date.timeIntervalSince(start) } == [600, 3600, 7200, 10_800])
  }

  /// A `nil` trigger delivers at once; `nextTriggerDate()` of an interval trigger is now + the
  /// interval.
  @Test func aNilTriggerDeliversNow() async throws {
    let simulation = try Self.simulation(start: "2026-03-20T11:00:00Z")
    try await simulation.run {
      let center = UNUserNotificationCenter.current()
      _ = try await center.requestAuthorization(options: [.alert, .sound])
      try await simulation.advance(by: .seconds(90))
      #expect(
        UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: true).nextTriggerDate()
          == Self.date("2026-03-20T11:02:30Z"))
      try await center.add(Self.request("now", nil))
      #expect(
        await center.deliveredNotifications().map(\.date) == [Self.date("2026-03-20T11:01:30Z")])
    }
  }

  /// A timer app's content, written as apps write it: a custom sound, a critical sound with a
  /// volume, the relevance score, the target content and a localized body; a delivered
  /// notification reads every value back from its request's copy, and a category keeps its
  /// hidden-previews placeholder.
  @Test func soundsAndContentFieldsAreKept() async throws {
    let simulation = try Self.simulation(start: "2026-03-20T11:00:00Z")
    try await simulation.run {
      let center = UNUserNotificationCenter.current()
      _ = try await center.requestAuthorization(options: [.alert, .sound, .criticalAlert])
      let content = UNMutableNotificationContent()
      content.title = "Interval done"
      // No Localizable.strings in the test bundle: the key comes back, formatted with 3.
      content.body = NSString.localizedUserNotificationString(
        forKey: "Round %d done", arguments: [3])
      content.sound = UNNotificationSound(named: UNNotificationSoundName("bell.caf"))
      content.relevanceScore = 0.75
      content.targetContentIdentifier = "timer-7"
      content.filterCriteria = "work"
      content.launchImageName = "Launch"
      try await center.add(
        UNNotificationRequest(identifier: "round", content: content, trigger: nil))
      let alarm = UNMutableNotificationContent()
      alarm.sound = .criticalSoundNamed(UNNotificationSoundName("alarm.caf"), withAudioVolume: 0.5)
      alarm.interruptionLevel = .critical
      try await center.add(UNNotificationRequest(identifier: "alarm", content: alarm, trigger: nil))
      let delivered = await center.deliveredNotifications().map(\.request.content)
      #expect(delivered.count == 2)
      let round = try #require(delivered.first)
      #expect(round.body == "Round 3 done")
      #expect(
        round.sound == UNNotificationSound(named: UNNotificationSoundName(rawValue: "bell.caf")))
      #expect(round.sound != .default)
      #expect(round.relevanceScore == 0.75)
      #expect(round.targetContentIdentifier == "timer-7")
      #expect(round.filterCriteria == "work")
      #expect(round.launchImageName == "Launch")
      let critical = try #require(delivered.last)
      #expect(
        critical.sound
          == .criticalSoundNamed(UNNotificationSoundName("alarm.caf"), withAudioVolume: 0.5))
      // A critical sound differs from the plain sound of the same file and from another volume.
      #expect(critical.sound != UNNotificationSound(named: UNNotificationSoundName("alarm.caf")))
      #expect(critical.sound != .criticalSoundNamed(UNNotificationSoundName("alarm.caf")))
      #expect(UNNotificationSound.defaultCritical != .default)
      #expect(UNNotificationSound.defaultCriticalSound(withAudioVolume: 1) != .defaultCritical)
      // Defaults: score 0, no target.
      #expect(critical.relevanceScore == 0)
      #expect(critical.targetContentIdentifier == nil)
      // Defaults: no filter criteria, no launch image.
      #expect(critical.filterCriteria == nil)
      #expect(critical.launchImageName == "")
      let category = UNNotificationCategory(
        identifier: "timer", actions: [], intentIdentifiers: [],
        hiddenPreviewsBodyPlaceholder: "A timer finished", options: [.customDismissAction])
      #expect(category.hiddenPreviewsBodyPlaceholder == "A timer finished")
      #expect(
        UNNotificationCategory(identifier: "timer", actions: [], intentIdentifiers: [])
          .hiddenPreviewsBodyPlaceholder == "")
      center.setNotificationCategories([category])
      #expect(await center.notificationCategories() == [category])
    }
  }

  // MARK: - Replacement and removal

  @Test func addingTheSameIdentifierReplaces() async throws {
    let simulation = try Self.simulation(start: "2026-03-20T11:00:00Z")
    try await simulation.run {
      let center = UNUserNotificationCenter.current()
      try await center.add(
        Self.request("a", UNTimeIntervalNotificationTrigger(timeInterval: 600, repeats: false)))
      try await simulation.advance(by: .seconds(100))
      try await center.add(
        Self.request("a", UNTimeIntervalNotificationTrigger(timeInterval: 1000, repeats: false)))
      #expect(await center.pendingNotificationRequests().count == 1)
      try await simulation.advance(by: .seconds(2000))
    }
    let start = Self.date("2026-03-20T11:00:00Z")
    // Only the replacement fires: 100 + 1000 = 1100 s.
    #expect(Self.deliveries(simulation).map { $0.timeIntervalSince(start) } == [1100])
    let scheduled = Self.events(simulation).filter { $0.event == "scheduled" }
    #expect(scheduled.map { $0.details["replaced"] } == [.bool(false), .bool(true)])
    #expect(
      scheduled.map { $0.details["fireDate"] } == [
        .instant(.seconds(600)), .instant(.seconds(1100)),
      ])
  }

  @Test func removal() async throws {
    let simulation = try Self.simulation(start: "2026-03-20T11:00:00Z")
    try await simulation.run {
      let center = UNUserNotificationCenter.current()
      _ = try await center.requestAuthorization(options: [.alert, .sound])
      for (identifier, seconds) in [("a", 600.0), ("b", 900.0), ("c", 1200.0)] {
        try await center.add(
          Self.request(
            identifier, UNTimeIntervalNotificationTrigger(timeInterval: seconds, repeats: false)))
      }
      center.removePendingNotificationRequests(withIdentifiers: ["b", "missing"])
      #expect(await center.pendingNotificationRequests().map(\.identifier) == ["a", "c"])
      try await simulation.advance(by: .seconds(1500))
      #expect(await center.deliveredNotifications().map(\.request.identifier) == ["a", "c"])
      center.removeDeliveredNotifications(withIdentifiers: ["a"])
      #expect(await center.deliveredNotifications().map(\.request.identifier) == ["c"])
      center.removeAllDeliveredNotifications()
      try await center.add(
        Self.request("d", UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: true)))
      center.removeAllPendingNotificationRequests()
      try await simulation.advance(by: .seconds(600))
      #expect(await center.deliveredNotifications().isEmpty)
    }
    let removed = Self.events(simulation).filter { $0.event == "removed" }
    #expect(removed.map(\.identifier) == ["b", "a", "c", "d"])
    #expect(
      removed.map { $0.details["from"] } == [
        .string("pending"), .string("notificationCenter"), .string("notificationCenter"),
        .string("pending"),
      ])
  }

  // MARK: - Authorization

  @Test func grantedByDefault() async throws {
    let simulation = try Self.simulation(start: "2026-03-20T11:00:00Z")
    try await simulation.run {
      let center = UNUserNotificationCenter.current()
      #expect(await center.notificationSettings().authorizationStatus == .notDetermined)
      let first = try await center.requestAuthorization(options: [.alert, .sound])
      let second = try await center.requestAuthorization(options: [.alert, .sound])
      #expect(first && second)
      let settings = await center.notificationSettings()
      #expect(settings.authorizationStatus == .authorized)
      #expect(settings.authorizationStatus.rawValue == 2)
      #expect(settings.alertSetting == .enabled)
      #expect(settings.soundSetting == .enabled)
      #expect(settings.badgeSetting == .disabled)
    }
    // The prompt shows once; options by bit: sound 2, alert 4.
    let prompts = Self.events(simulation).filter { $0.event == "authorizationPrompt" }
    #expect(prompts.count == 1)
    #expect(prompts.first?.details["options"] == .string("sound,alert"))
    #expect(prompts.first?.details["answer"] == .string("granted"))
  }

  @Test func theCompletionFormsAnswerInTheLane() async throws {
    let simulation = try Self.simulation(start: "2026-03-20T11:00:00Z", answer: .denied)
    let answers = Lines()
    await simulation.run {
      let center = UNUserNotificationCenter.current()
      center.requestAuthorization(options: [.alert]) { granted, error in
        answers.withLock { $0.append("granted \(granted) \(error == nil)") }
      }
      center.getNotificationSettings { settings in
        answers.withLock { $0.append("status \(settings.authorizationStatus.rawValue)") }
      }
      center.add(Self.request("x", nil)) { error in
        answers.withLock { $0.append("added \(error == nil)") }
      }
      center.getPendingNotificationRequests { requests in
        answers.withLock { $0.append("pending \(requests.count)") }
      }
      await simulation.settle()
    }
    // Denied is 1; a nil trigger is not pending.
    #expect(
      answers.withLock { $0 } == ["granted false true", "status 1", "added true", "pending 0"])
  }

  /// Denied: the request is added without an error (iOS's behaviour) but nothing is shown,
  /// not even to the foreground app's delegate.
  @Test func deniedShowsNothing() async throws {
    let simulation = try Self.simulation(start: "2026-03-20T11:00:00Z", answer: .denied)
    let recorder = Recorder()
    try await simulation.run {
      let center = UNUserNotificationCenter.current()
      center.delegate = recorder
      simulation.phoneAppState = .foreground
      let granted = try await center.requestAuthorization(options: [.alert])
      #expect(granted == false)
      #expect(await center.notificationSettings().authorizationStatus == .denied)
      try await center.add(
        Self.request("x", UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: false)))
      #expect(await center.pendingNotificationRequests().count == 1)
      try await simulation.advance(by: .seconds(120))
      #expect(await center.deliveredNotifications().isEmpty)
    }
    #expect(recorder.calls.withLock { $0 }.isEmpty)
    let delivered = Self.events(simulation).filter { $0.event == "delivered" }
    #expect(delivered.count == 1)
    #expect(delivered.first?.details["to"] == .string("nowhere"))
    #expect(delivered.first?.details["reason"] == .string("notAuthorized"))
  }

  /// Not asked yet: the request fires but nothing is shown.
  @Test func notAskedShowsNothing() async throws {
    let simulation = try Self.simulation(start: "2026-03-20T11:00:00Z")
    try await simulation.run {
      let center = UNUserNotificationCenter.current()
      try await center.add(Self.request("x", nil))
      #expect(await center.deliveredNotifications().isEmpty)
    }
    #expect(Self.events(simulation).last?.details["to"] == .string("nowhere"))
  }

  /// Provisional: no prompt, quiet notifications in Notification Center.
  @Test func provisional() async throws {
    let simulation = try Self.simulation(start: "2026-03-20T11:00:00Z", answer: .denied)
    try await simulation.run {
      let center = UNUserNotificationCenter.current()
      let granted = try await center.requestAuthorization(options: [.alert, .provisional])
      #expect(granted)
      let settings = await center.notificationSettings()
      #expect(settings.authorizationStatus == .provisional)
      #expect(settings.authorizationStatus.rawValue == 3)
      #expect(settings.notificationCenterSetting == .enabled)
      #expect(settings.lockScreenSetting == .disabled)
      try await center.add(Self.request("x", nil))
      #expect(await center.deliveredNotifications().count == 1)
    }
    #expect(Self.events(simulation).filter { $0.event == "authorizationPrompt" }.isEmpty)
  }

  // MARK: - Foreground and background

  @Test func backgroundGoesToNotificationCenter() async throws {
    let simulation = try Self.simulation(start: "2026-03-20T11:00:00Z")
    let recorder = Recorder()
    try await simulation.run {
      let center = UNUserNotificationCenter.current()
      _ = try await center.requestAuthorization(options: [.alert, .sound])
      center.delegate = recorder
      #expect(simulation.phoneAppState == .background)
      try await center.add(
        Self.request("x", UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: false)))
      try await simulation.advance(by: .seconds(60))
      let delivered = await center.deliveredNotifications()
      #expect(delivered.map(\.request.identifier) == ["x"])
      #expect(delivered.first?.request.content.title == "Weekly summary")
      #expect(delivered.first?.date == Self.date("2026-03-20T11:01:00Z"))
    }
    #expect(recorder.calls.withLock { $0 }.isEmpty)
    #expect(Self.events(simulation).last?.details["to"] == .string("notificationCenter"))
  }

  @Test func foregroundAsksTheDelegate() async throws {
    let simulation = try Self.simulation(start: "2026-03-20T11:00:00Z")
    let listing = Recorder(options: [.banner, .list, .sound])
    let bannerOnly = Recorder(options: [.banner])
    try await simulation.run {
      let center = UNUserNotificationCenter.current()
      _ = try await center.requestAuthorization(options: [.alert, .sound])
      simulation.phoneAppState = .foreground
      center.delegate = listing
      try await center.add(
        Self.request("listed", UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: false)))
      try await simulation.advance(by: .seconds(60))
      center.delegate = bannerOnly
      try await center.add(
        Self.request("banner", UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: false)))
      try await simulation.advance(by: .seconds(60))
      // A banner alone does not stay in Notification Center.
      #expect(await center.deliveredNotifications().map(\.request.identifier) == ["listed"])
    }
    #expect(listing.calls.withLock { $0 } == ["willPresent listed"])
    #expect(bannerOnly.calls.withLock { $0 } == ["willPresent banner"])
    let presented = Self.events(simulation).filter { $0.event == "presented" }
    // Bits: sound 2, list 8, banner 16.
    #expect(
      presented.map { $0.details["options"] } == [.string("sound,list,banner"), .string("banner")])
  }

  @Test func theAsyncDelegateForms() async throws {
    let simulation = try Self.simulation(start: "2026-03-20T11:00:00Z")
    let recorder = AsyncRecorder()
    try await simulation.run {
      let center = UNUserNotificationCenter.current()
      _ = try await center.requestAuthorization(options: [.alert, .sound])
      center.delegate = recorder
      simulation.phoneAppState = .foreground
      try await center.add(Self.request("x", nil))
      #expect(await center.deliveredNotifications().count == 1)
      #expect(await simulation.openNotification(identifier: "x"))
    }
    #expect(recorder.calls.withLock { $0 } == ["willPresent x", "didReceive x"])
  }

  // MARK: - Opening

  @Test func openingCallsDidReceive() async throws {
    let simulation = try Self.simulation(start: "2026-03-20T11:00:00Z")
    let recorder = Recorder()
    try await simulation.run {
      let center = UNUserNotificationCenter.current()
      _ = try await center.requestAuthorization(options: [.alert, .sound])
      center.delegate = recorder
      try await center.add(Self.request("x", nil))
      #expect(await simulation.openNotification(identifier: "missing") == false)
      #expect(await simulation.openNotification(identifier: "x"))
      #expect(simulation.phoneAppState == .foreground)
      #expect(await center.deliveredNotifications().isEmpty)
    }
    #expect(
      recorder.calls.withLock { $0 } == [
        "didReceive x com.apple.UNNotificationDefaultActionIdentifier"
      ])
    let opened = Self.events(simulation).filter { $0.event == "opened" }
    #expect(opened.map(\.identifier) == ["x"])
    #expect(opened.first?.details["delegate"] == .bool(true))
  }

  // MARK: - Crash

  /// The phone app's crash drops the delegate and ends the foreground; the scheduled request
  /// survives. (Trial 28: the watch app's `crash()` did this; one rule for both devices, the
  /// phone app's objects die with `crash(.phone)`.)
  @Test func aCrashDropsTheDelegate() async throws {
    let simulation = try Self.simulation(start: "2026-03-20T11:00:00Z")
    let before = Recorder()
    let after = Recorder()
    try await simulation.run {
      let center = UNUserNotificationCenter.current()
      _ = try await center.requestAuthorization(options: [.alert, .sound])
      center.delegate = before
      simulation.phoneAppState = .foreground
      try await center.add(
        Self.request("x", UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: true)))
      await simulation.crash(.phone)
      #expect(simulation.phoneAppState == .background)
      #expect(center.delegate == nil)
      await simulation.relaunch(.phone)
      simulation.phoneAppState = .foreground
      try await simulation.advance(by: .seconds(60))
      center.delegate = after
      try await simulation.advance(by: .seconds(60))
      #expect(await center.pendingNotificationRequests().map(\.identifier) == ["x"])
    }
    #expect(before.calls.withLock { $0 }.isEmpty)
    #expect(after.calls.withLock { $0 } == ["willPresent x"])
    let presented = Self.events(simulation).filter { $0.event == "presented" }
    #expect(presented.map { $0.details["delegate"] } == [.bool(false), .bool(true)])
  }

  // MARK: - Determinism

  @Test func theSameCallsGiveTheSameLog() async throws {
    func once() async throws -> [LogEntry] {
      let simulation = try Self.simulation(
        start: "2026-04-03T10:00:00Z",
        trip: HealthPlan.Trip(date: "2026-04-08", timeZone: "America/New_York", days: 10))
      try await simulation.run {
        let center = UNUserNotificationCenter.current()
        _ = try await center.requestAuthorization(options: [.alert, .badge])
        try await center.add(Self.request("summary", Self.mondayNine()))
        try await center.add(
          Self.request(
            "hourly", UNTimeIntervalNotificationTrigger(timeInterval: 3600, repeats: true)))
        try await simulation.advance(by: .seconds(3 * 86_400))
        await simulation.openNotification(identifier: "hourly")
        try await simulation.advance(by: .seconds(86_400))
      }
      return simulation.result.log
    }
    let first = try await once()
    #expect(try await once() == first)
    // 4 days of hourly deliveries (96) and Monday 2026-04-06 09:00 (07:00 UTC).
    #expect(
      first.filter { if case .system(let e) = $0.kind { e.event == "delivered" } else { false } }
        .count == 97)
  }

  // MARK: - Apple's values

  @Test func rawValues() {
    // UNAuthorizationOptions: badge 1, sound 2, alert 4, carPlay 8, criticalAlert 16,
    // providesAppNotificationSettings 32, provisional 64.
    #expect(
      [
        UNAuthorizationOptions.badge, .sound, .alert, .carPlay, .criticalAlert,
        .providesAppNotificationSettings, .provisional,
      ].map(\.rawValue) == [1, 2, 4, 8, 16, 32, 64])
    // UNNotificationPresentationOptions: badge 1, sound 2, list 8, banner 16.
    #expect(
      [UNNotificationPresentationOptions.badge, .sound, .list, .banner].map(\.rawValue) == [
        1, 2, 8, 16,
      ])
    #expect(
      [
        UNAuthorizationStatus.notDetermined, .denied, .authorized, .provisional, .ephemeral,
      ].map(\.rawValue) == [0, 1, 2, 3, 4])
    #expect(
      [UNNotificationSetting.notSupported, .disabled, .enabled].map(\.rawValue) == [0, 1, 2])
    #expect(UNError.Code.notificationsNotAllowed.rawValue == 1)
    #expect(UNError.Code.attachmentInvalidURL.rawValue == 100)
    #expect(UNError.Code.badgeInputInvalid.rawValue == 1600)
    #expect((UNError(.notificationsNotAllowed) as NSError).domain == "UNErrorDomain")
    #expect(
      UNNotificationDefaultActionIdentifier == "com.apple.UNNotificationDefaultActionIdentifier")
  }

  /// Apple's traps for interval triggers (the reasons of its `NSInternalInconsistencyException`).
  @Test func intervalTriggerTraps() async {
    await #expect(processExitsWith: .failure) {
      _ = UNTimeIntervalNotificationTrigger(timeInterval: 59, repeats: true)
    }
    await #expect(processExitsWith: .failure) {
      _ = UNTimeIntervalNotificationTrigger(timeInterval: 0, repeats: false)
    }
  }

  @Test func theRequestKeepsACopyOfTheContent() {
    let content = UNMutableNotificationContent()
    content.title = "before"
    content.userInfo = ["kind": "summary"]
    content.badge = 3
    let request = UNNotificationRequest(identifier: "x", content: content, trigger: nil)
    content.title = "after"
    #expect(request.content.title == "before")
    #expect(request.content.userInfo["kind"] as? String == "summary")
    #expect(request.content.badge == 3)
    #expect(!(request.content is UNMutableNotificationContent))
  }
}
