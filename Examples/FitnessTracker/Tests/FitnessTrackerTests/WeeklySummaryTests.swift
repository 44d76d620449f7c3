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
// Scenarios/summary-workouts.json: t = 0 at 08:00 CEST (UTC+2) on Monday 2026-06-01
//   (2026-06-01T00:00Z = 1 780 272 000 s: 20 605 days × 86 400; t = 0 is 06:00Z = 1 780 293 600).
//   The watch app saves four 20-minute runs through its session and builder: Tuesday 2 and
//   Thursday 4 at 18:00 CEST, Monday 8 at 00:30 CEST (= Sunday 7 22:30 UTC) and at 09:30 CEST.
//   The week before Monday 8 09:00 CEST (07:00 UTC = 1 780 902 000) is June 1 00:00 CEST to
//   June 8 00:00 CEST: steps 5000 + 7000 = 12 000; heart rate (60 + 90) / 2 = 75 (the builder's
//   own heart-rate samples stay out of the store: only the HKWorkout lands there,
//   docs/swift-api.md); workouts started in it: Tuesday and Thursday = 2 (Monday 00:30 CEST is
//   after the local week, though before its end in UTC, June 8 02:00 CEST) →
//   "12000 steps, average heart rate 75 bpm, 2 workouts."
//   The next week (June 8 to 15) at Monday 10:00 CEST: the 1000 steps and 120 bpm of Monday
//   00:05-00:40 and the runs at 00:30 and 09:30 → "1000 steps, average heart rate 120 bpm,
//   2 workouts."
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
      // The trigger's nextTriggerDate() at launch, before the flight, is the app's view: Monday
      // 09:00 in the zone in force (CEST) = 07:00Z, 6 h before the delivery, as a phone cannot
      // know it will fly (docs/phone.md#notifications).
      #expect(next.fireDate == Date(timeIntervalSince1970: 1_780_902_000))  // 06-08T07:00Z
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

  @Test("Workouts the watch app saved: Tuesday and Thursday count, Monday 00:30 and 09:30 do not")
  @MainActor func workoutsCounted() async throws {
    let simulation = try simulation("summary-workouts")
    try await simulation.run {
      let store = HKHealthStore()
      let app = AppModel(
        healthStore: store, defaults: simulation.appGroupDefaults(Settings.appGroup),
        clock: clock(simulation))
      try await app.launch()
      // At launch the next delivery is today 09:00 CEST, for May 25 to June 1: no data.
      #expect(
        await app.summary.nextNotification()?.body == "0 steps, no heart-rate data, 0 workouts.")
      try await store.requestAuthorization(toShare: [HKObjectType.workoutType()], read: [])

      let tuesday = try await saveRun(simulation, store, at: local(2026, 6, 2, 18))
      #expect(tuesday.startDate == Date(timeIntervalSince1970: 1_780_416_000))  // 06-02T16:00Z
      #expect(tuesday.endDate == Date(timeIntervalSince1970: 1_780_417_200))  // + 1200 s
      _ = try await saveRun(simulation, store, at: local(2026, 6, 4, 18))
      let early = try await saveRun(simulation, store, at: local(2026, 6, 8, 0, 30))
      #expect(early.startDate == Date(timeIntervalSince1970: 1_780_871_400))  // 06-07T22:30Z

      // Monday 08:00 CEST: the app runs and refreshes the body of the 09:00 delivery.
      try await simulation.advance(to: local(2026, 6, 8, 8))
      await app.becameActive()
      let reader = HealthReader(healthStore: store, clock: clock(simulation))
      #expect(await reader.workoutCount(from: local(2026, 6, 1), to: local(2026, 6, 8)) == 2)
      // The same week in UTC would take the 00:30 CEST run in (June 1 00:00Z to June 8 00:00Z).
      #expect(
        await reader.workoutCount(
          from: Date(timeIntervalSince1970: 1_780_272_000),
          to: Date(timeIntervalSince1970: 1_780_876_800)) == 3)
      let next = try #require(await app.summary.nextNotification())
      #expect(next.fireDate == Date(timeIntervalSince1970: 1_780_902_000))  // 06-08T07:00Z
      #expect(next.body == "12000 steps, average heart rate 75 bpm, 2 workouts.")

      try await simulation.advance(to: Date(timeIntervalSince1970: 1_780_902_000))
      let delivered = await UNUserNotificationCenter.current().deliveredNotifications()
      let summary = try #require(
        delivered.first { $0.date == Date(timeIntervalSince1970: 1_780_902_000) })
      #expect(summary.request.content.body == "12000 steps, average heart rate 75 bpm, 2 workouts.")

      // Monday 09:30 CEST: a run after the delivery; at 10:00 the app runs again and the next
      // Monday's body (June 8 to 15) counts the two Monday runs.
      _ = try await saveRun(simulation, store, at: local(2026, 6, 8, 9, 30))
      try await simulation.advance(to: local(2026, 6, 8, 10))
      await app.becameActive()
      let following = try #require(await app.summary.nextNotification())
      #expect(following.fireDate == Date(timeIntervalSince1970: 1_781_506_800))  // + 7 × 86 400
      // The two Monday runs' readings (75 bpm every 5 s, saved with each workout) outweigh the
      // one 120 at 00:40 (the scenario's x-about works it out): 75 rounded.
      #expect(following.body == "1000 steps, average heart rate 75 bpm, 2 workouts.")
      // Exactly: each 20-minute run reads at 0, 5, ..., 1200 s (241 readings), so the week's
      // mean is (120 + 75 × 482) / 483 = 36270 / 483; the first week's (60 + 90 + 75 × 482) / 484
      // is 75.
      #expect(
        await reader.averageHeartRate(from: local(2026, 6, 8), to: local(2026, 6, 15))
          == 36270.0 / 483.0)
      #expect(
        await reader.averageHeartRate(from: local(2026, 6, 1), to: local(2026, 6, 8)) == 75)
    }
  }
}

/// What a watch app does to record a run: at `start` an `HKWorkoutSession` with its
/// `HKLiveWorkoutBuilder` and live data source, `startActivity(with:)` and `beginCollection(at:)`,
/// 20 minutes, then `end()`, `endCollection(at:)` and `finishWorkout()`, which saves the workout.
@MainActor
private func saveRun(_ simulation: HealthKitSimulation, _ store: HKHealthStore, at start: Date)
  async throws -> HKWorkout
{
  try await simulation.advance(to: start)
  let configuration = HKWorkoutConfiguration()
  configuration.activityType = .running
  configuration.locationType = .outdoor
  let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
  let builder = session.associatedWorkoutBuilder()
  builder.dataSource = HKLiveWorkoutDataSource(
    healthStore: store, workoutConfiguration: configuration)
  session.startActivity(with: simulation.now)
  try await builder.beginCollection(at: simulation.now)
  try await simulation.advance(by: .seconds(20 * 60))
  session.end()
  try await builder.endCollection(at: simulation.now)
  return try #require(try await builder.finishWorkout())
}
