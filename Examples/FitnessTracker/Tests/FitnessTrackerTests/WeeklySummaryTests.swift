// The weekly summary: a repeating Monday 09:00 local trigger whose body the app refreshes when
// it runs (docs/phone.md, "The example app's rules").
//
// Scenarios/summary-dst.json: t = 0 at 12:00 CET on Saturday 2026-03-28 (11:00 UTC). The next
// Monday 09:00 is 2026-03-30 09:00 CEST (after the change on the 29th) = 07:00 UTC. The week
// before it, March 23 00:00 CET to March 30 00:00 CEST (167 hours):
//   at launch (Saturday): steps 10 000 + 20 000 = 30 000 (Sunday 22's 5000 is outside);
//     heart rate (60 + 80) / 2 = 70 (instant readings: the arithmetic mean,
//     docs/health-store.md); no workouts (the scenario has none: an app cannot make an
//     HKWorkout but through a builder) → "30000 steps, average heart rate 70 bpm, 0 workouts."
//   after the app runs on Sunday 20:00 CEST: + 4000 (in the store at 13:00) = 34 000.
// Scenarios/summary-trip.json: from Saturday 2026-06-06 the phone is in New York; the next
//   Monday 09:00 is 09:00 EDT = 13:00 UTC; the week's 8000 steps, no heart rate, no workouts.
import FitnessTracker
import FitnessTrackerKit
import Foundation
import SimulatedHealthKit
import SimulatedUserNotifications
import Testing
import WorkoutScenario

@Suite("Weekly summary")
struct WeeklySummaryTests {
  @Test("Monday after the DST change: delivered at 09:00 CEST = 07:00 UTC, body refreshed Sunday")
  @MainActor func afterDST() async throws {
    let simulation = try simulation("summary-dst")
    try await simulation.run {
      let store = HKHealthStore()
      let app = AppModel(
        healthStore: store, defaults: simulation.appGroupDefaults(Settings.appGroup),
        clock: clock(simulation))
      try await app.launch()
      let next = try #require(await app.summary.nextNotification())
      #expect(next.identifier == "weekly-summary")
      #expect(next.title == "Your week")
      #expect(next.body == "30000 steps, average heart rate 70 bpm, 0 workouts.")
      #expect(next.fireDate == Date(timeIntervalSince1970: 1_774_854_000))  // 03-30T07:00Z
      #expect(next.repeats)
      // Sunday 20:00 CEST (18:00 UTC): the app runs again; the body now counts Sunday's 4000.
      try await simulation.advance(to: Date(timeIntervalSince1970: 1_774_807_200))
      await app.becameActive()
      #expect(
        await app.summary.nextNotification()?.body
          == "34000 steps, average heart rate 70 bpm, 0 workouts.")
      // Monday 07:00 UTC: delivered to Notification Center (the app is in the background).
      try await simulation.advance(to: Date(timeIntervalSince1970: 1_774_854_000))
      let delivered = await UNUserNotificationCenter.current().deliveredNotifications()
      #expect(delivered.map(\.request.identifier) == ["weekly-summary"])
      #expect(delivered.first?.date == Date(timeIntervalSince1970: 1_774_854_000))
      #expect(
        delivered.first?.request.content.body
          == "34000 steps, average heart rate 70 bpm, 0 workouts.")
      // It repeats: next Monday 09:00 CEST, 2026-04-06T07:00Z.
      #expect(
        await app.summary.nextNotification()?.fireDate
          == Date(timeIntervalSince1970: 1_775_458_800))
    }
  }

  @Test("After a flight to New York: delivered at 09:00 EDT = 13:00 UTC")
  @MainActor func afterFlight() async throws {
    let simulation = try simulation("summary-trip")
    try await simulation.run {
      let app = AppModel(
        healthStore: HKHealthStore(), defaults: simulation.appGroupDefaults(Settings.appGroup),
        clock: clock(simulation))
      try await app.launch()
      let next = try #require(await app.summary.nextNotification())
      #expect(next.fireDate == Date(timeIntervalSince1970: 1_780_923_600))  // 06-08T13:00Z
      #expect(next.body == "8000 steps, no heart-rate data, 0 workouts.")
      try await simulation.advance(to: Date(timeIntervalSince1970: 1_780_923_600))
      let delivered = await UNUserNotificationCenter.current().deliveredNotifications()
      #expect(delivered.map(\.date) == [Date(timeIntervalSince1970: 1_780_923_600)])
    }
  }

  @Test("The toggle off removes the request; on again schedules it")
  @MainActor func toggle() async throws {
    let simulation = try simulation("summary-dst")
    try await simulation.run {
      let app = AppModel(
        healthStore: HKHealthStore(), defaults: simulation.appGroupDefaults(Settings.appGroup),
        clock: clock(simulation))
      try await app.launch()
      #expect(await app.settings.load().nextNotification != nil)
      try await app.settings.setNotificationsEnabled(false)
      let off = await app.settings.load()
      #expect(!off.notificationsEnabled)
      #expect(off.nextNotification == nil)
      #expect(await UNUserNotificationCenter.current().pendingNotificationRequests().isEmpty)
      try await app.settings.setNotificationsEnabled(true)
      let on = await app.settings.load()
      #expect(on.notificationPermission == .allowed)
      #expect(on.nextNotification?.fireDate == Date(timeIntervalSince1970: 1_774_854_000))
    }
  }

  @Test("Notifications denied: nothing scheduled, the settings say denied")
  @MainActor func denied() async throws {
    let denied = try simulation("summary-dst") {
      var authorization = $0.authorization ?? Scenario.Authorization(defaultAnswer: .granted)
      authorization.notifications = .denied
      $0.authorization = authorization
    }
    try await denied.run {
      let app = AppModel(
        healthStore: HKHealthStore(), defaults: denied.appGroupDefaults(Settings.appGroup),
        clock: clock(denied))
      try await app.launch()
      let screen = await app.settings.load()
      #expect(screen.notificationPermission == .denied)
      #expect(screen.nextNotification == nil)
      #expect(screen.healthAccess == .requested)
    }
  }
}
