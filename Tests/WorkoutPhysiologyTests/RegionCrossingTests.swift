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

@Suite("CoursePath.finalBearing: a great circle's bearing where the body is")
struct FinalBearingTests {
  /// Leaving 60° N 0° E due east, a quarter of the globe on (δ = 90°) the great circle meets
  /// the equator: sin φ₂ = sin 60° · cos 90° = 0, λ₂ = atan2(sin 90° · sin 90° · cos 60°,
  /// cos 90° − sin 60° · sin φ₂) = atan2(0.5, 0) = 90° E. By Clairaut's rule
  /// (cos φ · sin θ constant), sin θ₂ = cos 60° / cos 0° = 0.5 on the way south: θ₂ = 150°,
  /// not the 90° it left on. Along the equator due east it stays 90°; due north from the
  /// equator it stays 0°.
  @Test func theBearingWhereTheBodyIs() {
    #expect(abs(CoursePath.finalBearing(60, 0, 0, 90) - 150) < 1e-9)
    #expect(abs(CoursePath.finalBearing(0, 0, 0, 0.5) - 90) < 1e-12)
    #expect(abs(CoursePath.finalBearing(0, 0, 0.5, 0) - 0) < 1e-12)
  }
}
