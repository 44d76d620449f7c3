import Testing
import WorkoutCore
import WorkoutSystem

/// The mirroring's log entries are typed (`LogEntry.Kind.mirroring`): what the Swift door reads
/// to make its delegate calls, with the device each change is for.
@Suite struct MirroringLogTests {
  /// The typed mirroring entries as (milliseconds, change).
  private func changes(_ engine: WorkoutEngine<MovingSource>) -> [(Int64, MirroringEvent.Change)] {
    engine.log.compactMap { entry in
      guard case .mirroring(let event) = entry.kind else { return nil }
      return (entry.at.nanoseconds / 1_000_000, event.change)
    }
  }

  @Test func aStartAndASendAreTypedEntriesDeliveredOneLatencyLater() {
    // The phone in range (the default world) and the link's default 100 ms message latency.
    var engine = linkEngine(LinkConfiguration(phoneApp: .foreground), scripted: true)
    engine.perform(.prepare, at: ms(0))
    engine.perform(.start, at: ms(0))
    engine.perform(.mirroring(.start), at: ms(1_000))
    engine.perform(.mirroring(.send(from: .watch, byteCount: 40)), at: ms(2_000))
    engine.advance(to: ms(3_000))
    let seen = changes(engine)
    #expect(seen.map(\.0) == [1_000, 1_100, 2_000, 2_100])
    #expect(seen.map(\.1.device) == [.watch, .phone, .watch, .phone])
    #expect(seen[0].1 == .started)
    #expect(seen[1].1 == .remoteStarted(state: .running))
    #expect(seen[2].1 == .sent(from: .watch, send: 1, byteCount: 40))
    #expect(seen[3].1 == .received(to: .phone, firstSend: 1, count: 1, byteCount: 40))
  }

  @Test func aFailedStartIsATypedFailureTheRunResultStillWritesAsAHealthKitEntry() {
    var engine = linkEngine(LinkConfiguration(phoneApp: .foreground), scripted: true)
    engine.perform(.mirroring(.stop), at: ms(500))
    let seen = changes(engine)
    #expect(seen.count == 1)
    #expect(seen.first?.1 == .stopFailed(.notMirroring))
    guard case .mirroring(let event)? = engine.log.last?.kind else {
      Issue.record("no mirroring entry")
      return
    }
    let system = event.systemEvent
    #expect(system.framework == .healthKit)
    #expect(system.event == "mirroringStopFailed")
    #expect(system.details["device"] == .string("watch"))
    #expect(system.details["error"] == .string("notMirroring"))
  }
}
