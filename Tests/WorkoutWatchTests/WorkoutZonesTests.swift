import Testing
import WorkoutCore
import WorkoutWatch

/// The zone rule: boundaries, a value's zone, time in zones with pauses excluded.
@Suite struct WorkoutZonesTests {
  @Test func systemBoundaries() {
    // 60, 70, 80, 90 % of 200 bpm.
    #expect(WorkoutZones.heartRateBoundaries(maximumHeartRate: 200) == [120, 140, 160, 180])
    // 55, 75, 90, 105, 120 % of 200 W: 110, 150, 180, 210, 240 (six zones).
    #expect(
      WorkoutZones.powerBoundaries(functionalThresholdPower: 200) == [110, 150, 180, 210, 240])
  }

  @Test func aValueOnABoundaryIsInTheZoneAbove() {
    let boundaries: [Double] = [120, 140, 160, 180]
    #expect(WorkoutZones.zone(of: 119.9, boundaries: boundaries) == 0)
    #expect(WorkoutZones.zone(of: 120, boundaries: boundaries) == 1)
    #expect(WorkoutZones.zone(of: 179, boundaries: boundaries) == 3)
    #expect(WorkoutZones.zone(of: 180, boundaries: boundaries) == 4)
    #expect(WorkoutZones.zone(of: 0, boundaries: boundaries) == 0)
  }

  @Test func problems() {
    #expect(WorkoutZones.problem(boundaries: [100]) == .zoneCount(zones: 2))
    #expect(
      WorkoutZones.problem(boundaries: Array(stride(from: 10.0, through: 90, by: 10)))
        == .zoneCount(zones: 10))
    #expect(WorkoutZones.problem(boundaries: [100, 120]) == nil)
    #expect(WorkoutZones.problem(boundaries: Array(stride(from: 10.0, through: 80, by: 10))) == nil)
    #expect(WorkoutZones.problem(boundaries: [100, 90, 120]) == .outOfOrder(index: 1))
    #expect(WorkoutZones.problem(boundaries: [100, 100]) == .outOfOrder(index: 1))
    #expect(WorkoutZones.problem(boundaries: [0, 100]) == .notPositive(index: 0))
    #expect(WorkoutZones.problem(boundaries: [100, .infinity]) == .notPositive(index: 1))
  }

  @Test func durationsHoldEachValueUntilTheNextAndSkipPauses() {
    // Samples at 0 s (100, zone 0), 300 s (130, zone 1), 400 s (135, zone 1), 600 s (150,
    // zone 2), 900 s (170, zone 3), 1200 s (190, zone 4); end 1500 s; paused 700 to 760 s.
    let samples = [(0, 100.0), (300, 130), (400, 135), (600, 150), (900, 170), (1200, 190)].map {
      QuantitySample(at: .seconds(Int64($0.0)), value: $0.1)
    }
    let events = [
      WorkoutEvent(.pause, at: .seconds(700)),
      WorkoutEvent(.resume, at: .seconds(760)),
    ]
    let durations = WorkoutZones.durations(
      of: samples, events: events, start: .zero, limit: .seconds(1500),
      boundaries: [120, 140, 160, 180])
    // Zone 0: 0–300 = 300 s; zone 1: 300–600 = 300 s; zone 2: 600–900 less the 60 s pause =
    // 240 s; zone 3: 900–1200 = 300 s; zone 4: 1200–1500 = 300 s.
    let second: Int64 = 1_000_000_000
    #expect(durations == [300 * second, 300 * second, 240 * second, 300 * second, 300 * second])
    // Up to 650 s: zone 2 has 50 s so far.
    let early = WorkoutZones.durations(
      of: samples, events: events, start: .zero, limit: .seconds(650),
      boundaries: [120, 140, 160, 180])
    #expect(early == [300 * second, 300 * second, 50 * second, 0, 0])
  }

  @Test func nothingBeforeTheStartOrWithoutRunningTime() {
    let samples = [QuantitySample(at: .seconds(0), value: 150)]
    // Start at 100 s: the sample holds from 100 s to 200 s, zone 2 (140 ≤ 150 < 160): 100 s.
    let durations = WorkoutZones.durations(
      of: samples, events: [], start: .seconds(100), limit: .seconds(200),
      boundaries: [120, 140, 160, 180])
    #expect(durations == [0, 0, 100_000_000_000, 0, 0])
    #expect(
      WorkoutZones.durations(
        of: samples, events: [], start: .seconds(100), limit: .seconds(100), boundaries: [120, 140])
        == [0, 0, 0])
  }
}
