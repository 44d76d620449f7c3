import Testing
import WorkoutCore
import WorkoutPhysiology

@Suite("RegionCrossing: Core Location's boundary rule")
struct RegionCrossingTests {
  /// Outside at 0 s settles the side with no event; inside from 10 s is reported at 30 s
  /// (10 + 20), not at 29; a dip outside at 40 s that is back inside at 45 s is dropped (less
  /// than 20 s on the new side); outside from 50 s is reported at 70 s.
  @Test func aCrossingIsReportedAfterTwentySecondsOnTheNewSide() {
    var crossing = RegionCrossing()
    #expect(crossing.side == nil)
    var events: [(Int64, RegionCrossing.Effect)] = []
    let insideAt: (Int64) -> Bool = { t in (10..<40).contains(t) || (45..<50).contains(t) }
    for t in Int64(0)...80 {
      if let effect = crossing.observe(inside: insideAt(t), at: .seconds(t)) {
        events.append((t, effect))
      }
    }
    #expect(events.map(\.0) == [30, 70])
    #expect(events.map(\.1) == [.entered, .exited])
    #expect(crossing.side == .outside)
  }
}
