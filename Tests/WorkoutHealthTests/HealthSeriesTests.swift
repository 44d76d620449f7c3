import Testing
import WorkoutCore
import WorkoutHealth

/// Series samples in the store (docs/health-store.md#series-samples): statistics read each
/// quantity as its own sample. Values worked out by hand.
@Suite struct HealthSeriesTests {
  /// The watch's 60 steps over 10:00–10:01 and the iPhone's series sample of 120 over
  /// 10:00–10:02 made of 30 over 10:00–10:01 and 90 over 10:01–10:02, saved at 10:05.
  static func store() -> HealthStore {
    var store = Fixture.store([Fixture.steps(0, Fixture.at(10, 0), Fixture.at(10, 1), 60)])
    let id = store.save(
      [Fixture.steps(1, Fixture.at(10, 0), Fixture.at(10, 2), 120)], uuids: [],
      at: Fixture.at(10, 5))[0]
    store.setSeries(
      [
        HealthSeriesPart(start: Fixture.at(10, 0), end: Fixture.at(10, 1), value: 30),
        HealthSeriesPart(start: Fixture.at(10, 1), end: Fixture.at(10, 2), value: 90),
      ], of: id)
    return store
  }

  /// The pedometer's sum (`cumulativeSum`) and a collection read the quantities: 10:01–10:02
  /// is the iPhone's 90 alone (the sample's 120 spread would give 60); 10:00–10:02 merges the
  /// watch's 60 (first) with the iPhone's uncovered 90: 150. The statistics query: 150 merged,
  /// the iPhone's own 30 + 90 = 120.
  @Test func sumsReadEachQuantity() {
    let store = Self.store()
    let now = Fixture.at(11, 0)
    func sum(_ from: SimulationInstant, _ to: SimulationInstant) -> Double {
      store.cumulativeSum(
        of: .stepCount, from: from, to: to, at: now, pending: [], pendingSource: Fixture.app)
    }
    #expect(sum(Fixture.at(10, 1), Fixture.at(10, 2)) == 90)
    #expect(sum(Fixture.at(10, 0), Fixture.at(10, 2)) == 150)
    let buckets = store.collection(
      of: .stepCount, where: .all, options: [.cumulativeSum, .separateBySource],
      edges: [0, 1, 2].map { Fixture.at(10, $0) }, at: now)
    #expect(buckets.map(\.sum) == [60, 90])
    #expect(buckets.map { $0.bySource[1]?.sum } == [30, 90])
    let whole = store.statistics(
      of: .stepCount, where: .all, options: [.cumulativeSum, .separateBySource], at: now)
    #expect(whole.sum == 150)
    #expect(whole.bySource[1]?.sum == 120)
    // The statistics span the series sample's own dates.
    #expect(whole.start == Fixture.at(10, 0))
    #expect(whole.end == Fixture.at(10, 2))
  }

  /// The one home of the discrete rules for a series' own summary. 100 over 0–60 s and 160
  /// over 60–90 s: both have durations, so time-weighted (100 × 60 + 160 × 30) / 90 = 120; the
  /// smallest is the first, the largest and the most recent (latest end) the second. 100 at
  /// 0 s, 150 over 10–50 s and 110 at 60 s: an instant among them, so the arithmetic mean
  /// (100 + 150 + 110) / 3 = 120, the largest the second, the most recent the third (latest
  /// end, 60 s). 100 over 0–100 s and 130 over 50–60 s: the most recent is the first, which
  /// ends last, though the second starts later.
  @Test func discreteSummaryFollowsTheStatisticsRules() {
    let weighted = HealthStore.discreteSummary(of: [
      HealthSeriesPart(start: .seconds(0), end: .seconds(60), value: 100),
      HealthSeriesPart(start: .seconds(60), end: .seconds(90), value: 160),
    ])
    #expect(weighted.minimum == 0)
    #expect(weighted.maximum == 1)
    #expect(weighted.average == 120)
    #expect(weighted.mostRecent == 1)
    let arithmetic = HealthStore.discreteSummary(of: [
      HealthSeriesPart(start: .seconds(0), end: .seconds(0), value: 100),
      HealthSeriesPart(start: .seconds(10), end: .seconds(50), value: 150),
      HealthSeriesPart(start: .seconds(60), end: .seconds(60), value: 110),
    ])
    #expect(arithmetic.minimum == 0)
    #expect(arithmetic.maximum == 1)
    #expect(arithmetic.average == 120)
    #expect(arithmetic.mostRecent == 2)
    let nested = HealthStore.discreteSummary(of: [
      HealthSeriesPart(start: .seconds(0), end: .seconds(100), value: 100),
      HealthSeriesPart(start: .seconds(50), end: .seconds(60), value: 130),
    ])
    #expect(nested.mostRecent == 0)
  }
}
