import Foundation
import Synchronization
import Testing
import WorkoutScenario
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// A timeline `timeZone` action seen from app code (docs/swift-api.md#time-zone-changes).
/// Serialized: `NotificationCenter.default` is the process's, so a post of another simulation
/// running at the same time would be heard too (docs/swift-api.md#time-zone-changes); the
/// observer also keeps only posts from Vienna, the first test's zone, which no other test uses.
@Suite(.serialized) struct TimeZoneNotificationTests {
  /// From 2026-01-05T22:00+01:00 in Vienna (21:00Z), Tokyo at 1200 s: 21:20Z.
  static let json = """
    {
      "version": 1, "start": "2026-01-05T22:00:00+01:00", "timeZone": "Europe/Vienna",
      "timeline": [ { "at": 1200, "do": "timeZone", "timeZone": "Asia/Tokyo" },
        { "at": 3000, "do": "probe" } ]
    }
    """

  @Test func theZoneChangesAndTheNotificationIsPostedOnTheLaneAtTheInstant() async throws {
    let simulation = try HealthKitSimulation(
      scenario: try decodeScenario(Self.json, fileName: "tz.json"))
    let heard = Mutex<[(Date, String?)]>([])
    try await simulation.run {
      #expect(simulation.timeZone.identifier == "Europe/Vienna")
      let token = NotificationCenter.default.addObserver(
        forName: .NSSystemTimeZoneDidChange, object: nil, queue: nil
      ) { note in
        let previous = (note.object as? NSTimeZone)?.name
        guard previous == "Europe/Vienna" else { return }
        heard.withLock { $0.append((simulation.now, previous)) }
      }
      try await simulation.advance(by: .seconds(1199))
      #expect(simulation.timeZone.identifier == "Europe/Vienna")
      #expect(heard.withLock { $0.isEmpty })
      try await simulation.advance(by: .seconds(601))
      NotificationCenter.default.removeObserver(token)
      #expect(simulation.timeZone.identifier == "Asia/Tokyo")
      // A local calendar built on the device's zone: 21:30Z is 06:30 on 6 January in Tokyo.
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = simulation.timeZone
      let parts = calendar.dateComponents([.day, .hour, .minute], from: simulation.now)
      #expect((parts.day, parts.hour, parts.minute) == (6, 6, 30))
    }
    let posts = heard.withLock { $0 }
    // Once, at 21:20Z (1 767 648 000 s since 1970: 20 458 days × 86 400 + 21 × 3600 + 20 × 60),
    // with Vienna, the zone before, as its object.
    #expect(posts.count == 1)
    #expect(posts.first?.0 == Date(timeIntervalSince1970: 1_767_648_000))
    #expect(posts.first?.1 == "Europe/Vienna")
  }

  /// An action to Vienna while in Vienna (at 600 s) posts nothing; Tokyo at 1200 s posts once.
  @Test func anActionToTheZoneInForcePostsNothing() async throws {
    let simulation = try HealthKitSimulation(
      scenario: try decodeScenario(
        """
        { "version": 1, "start": "2026-01-05T22:00:00+01:00", "timeZone": "Europe/Vienna",
          "timeline": [ { "at": 600, "do": "timeZone", "timeZone": "Europe/Vienna" },
            { "at": 1200, "do": "timeZone", "timeZone": "Asia/Tokyo" },
            { "at": 3000, "do": "probe" } ] }
        """, fileName: "same.json"))
    let heard = Mutex<[Date]>([])
    try await simulation.run {
      let token = NotificationCenter.default.addObserver(
        forName: .NSSystemTimeZoneDidChange, object: nil, queue: nil
      ) { note in
        guard (note.object as? NSTimeZone)?.name == "Europe/Vienna" else { return }
        heard.withLock { $0.append(simulation.now) }
      }
      try await simulation.advance(by: .seconds(1800))
      NotificationCenter.default.removeObserver(token)
    }
    // Once, at 1200 s: 21:20Z = 1 767 648 000 s since 1970 (as above).
    #expect(heard.withLock { $0 } == [Date(timeIntervalSince1970: 1_767_648_000)])
  }

  /// During a `health.trip` to Tokyo (from 5 January, before t = 0), an action to Tokyo at
  /// 600 s changes nothing: no post whose previous zone is Tokyo.
  @Test func anActionToTheTripsZonePostsNothing() async throws {
    let simulation = try HealthKitSimulation(
      scenario: try decodeScenario(
        """
        { "version": 1, "start": "2026-01-05T22:00:00+01:00", "timeZone": "Europe/Vienna",
          "health": { "generate": false, "days": 2,
            "trip": { "date": "2026-01-05", "timeZone": "Asia/Tokyo", "days": 3 } },
          "timeline": [ { "at": 600, "do": "timeZone", "timeZone": "Asia/Tokyo" },
            { "at": 1200, "do": "probe" } ] }
        """, fileName: "trip.json"))
    let heard = Mutex(0)
    try await simulation.run {
      #expect(simulation.timeZone.identifier == "Asia/Tokyo")
      let token = NotificationCenter.default.addObserver(
        forName: .NSSystemTimeZoneDidChange, object: nil, queue: nil
      ) { note in
        guard (note.object as? NSTimeZone)?.name == "Asia/Tokyo" else { return }
        heard.withLock { $0 += 1 }
      }
      try await simulation.advance(by: .seconds(1200))
      NotificationCenter.default.removeObserver(token)
      #expect(simulation.timeZone.identifier == "Asia/Tokyo")
    }
    #expect(heard.withLock { $0 } == 0)
  }

  /// East across midnight: from 2026-01-05T20:00+01:00 in Berlin (19:00Z) with 120 kcal in
  /// `today`, Tokyo at 3600 s (20:00Z, 05:00 on 6 January there). 5 January ends at the change
  /// (it began at Berlin's midnight, 23:00Z on the 4th: 21 hours); 6 January begins there, in
  /// Tokyo's calendar. Two hours in (21:00Z), the summaries are those two days: 120 kcal on the
  /// 5th, nothing yet on the 6th.
  @Test func theActivitySummariesDaysFollowTheZone() async throws {
    let simulation = try HealthKitSimulation(
      scenario: try decodeScenario(
        """
        { "version": 1, "start": "2026-01-05T20:00:00+01:00", "timeZone": "Europe/Berlin",
          "today": { "activeEnergyBurned": 120 },
          "timeline": [ { "at": 3600, "do": "timeZone", "timeZone": "Asia/Tokyo" },
            { "at": 7200, "do": "probe" } ] }
        """, fileName: "rings.json"))
    var berlin = Calendar(identifier: .gregorian)
    berlin.timeZone = try #require(TimeZone(identifier: "Europe/Berlin"))
    var tokyo = Calendar(identifier: .gregorian)
    tokyo.timeZone = try #require(TimeZone(identifier: "Asia/Tokyo"))
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(toShare: [], read: [HKObjectType.activitySummaryType()])
      try await simulation.advance(by: .seconds(7200))
      let summaries = try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<[HKActivitySummary], any Error>) in
        let query = HKActivitySummaryQuery(predicate: nil) { _, summaries, error in
          if let error { return continuation.resume(throwing: error) }
          continuation.resume(returning: summaries ?? [])
        }
        store.execute(query)
      }
      #expect(summaries.count == 2)
      #expect(summaries.first?.dateComponents(for: berlin).day == 5)
      #expect(summaries.last?.dateComponents(for: tokyo).day == 6)
      let kcal = summaries.map { $0.activeEnergyBurned.doubleValue(for: .kilocalorie()) }
      #expect(kcal == [120, 0])
    }
  }
}
