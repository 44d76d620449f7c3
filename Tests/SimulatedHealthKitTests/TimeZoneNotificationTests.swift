import Foundation
import Synchronization
import Testing
import WorkoutScenario
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// A timeline `timeZone` action seen from app code (docs/swift-api.md#time-zone-changes).
@Suite struct TimeZoneNotificationTests {
  /// From 2026-01-05T22:00+01:00 in Berlin (21:00Z), Tokyo at 1200 s: 21:20Z.
  static let json = """
    {
      "version": 1, "start": "2026-01-05T22:00:00+01:00", "timeZone": "Europe/Berlin",
      "timeline": [ { "at": 1200, "do": "timeZone", "timeZone": "Asia/Tokyo" },
        { "at": 3000, "do": "probe" } ]
    }
    """

  @Test func theZoneChangesAndTheNotificationIsPostedOnTheLaneAtTheInstant() async throws {
    let simulation = try HealthKitSimulation(
      scenario: try decodeScenario(Self.json, fileName: "tz.json"))
    let heard = Mutex<[(Date, String?)]>([])
    try await simulation.run {
      #expect(simulation.timeZone.identifier == "Europe/Berlin")
      let token = NotificationCenter.default.addObserver(
        forName: .NSSystemTimeZoneDidChange, object: nil, queue: nil
      ) { note in
        let previous = (note.object as? NSTimeZone)?.name
        heard.withLock { $0.append((simulation.now, previous)) }
      }
      try await simulation.advance(by: .seconds(1199))
      #expect(simulation.timeZone.identifier == "Europe/Berlin")
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
    // with Berlin, the zone before, as its object.
    #expect(posts.count == 1)
    #expect(posts.first?.0 == Date(timeIntervalSince1970: 1_767_648_000))
    #expect(posts.first?.1 == "Europe/Berlin")
  }
}
