import Testing
import WorkoutCore
import WorkoutHealth

@Suite struct HealthStoreStatisticsTests {
  /// Watch 600 steps over 10:00–10:10 and iPhone 500 over 10:05–10:15.
  let overlapping = [
    Fixture.steps(0, Fixture.at(10, 0), Fixture.at(10, 10), 600),
    Fixture.steps(1, Fixture.at(10, 5), Fixture.at(10, 15), 500),
  ]

  /// Watch first (the default): the watch counts whole, 600; the iPhone only on 10:10–10:15,
  /// 300 s of its 600 s: 500 × 300 / 600 = 250; merged 600 + 250 = 850.
  @Test func mergeWatchFirst() {
    let store = Fixture.store(overlapping)
    let values = store.statistics(
      of: .stepCount, where: .all, options: .cumulativeSum, at: Fixture.later)
    #expect(values.sum == 850)
    #expect(values.count == 2)
    // The range of a statistics query: the earliest start and the latest end matched.
    #expect(values.start == Fixture.at(10, 0))
    #expect(values.end == Fixture.at(10, 15))
    #expect(values.bySource.isEmpty)
  }

  /// iPhone first: the iPhone counts whole, 500; the watch only on 10:00–10:05, 300 s of
  /// 600 s: 600 × 300 / 600 = 300; merged 500 + 300 = 800.
  @Test func mergeIPhoneFirst() {
    var store = Fixture.store(overlapping)
    store.priority = [1, 0]
    let values = store.statistics(
      of: .stepCount, where: .all, options: .cumulativeSum, at: Fixture.later)
    #expect(values.sum == 800)
    // Given in the data too.
    let given = Fixture.store(overlapping, priority: [1, 0])
    #expect(
      given.statistics(of: .stepCount, where: .all, options: .cumulativeSum, at: Fixture.later)
        .sum == 800)
  }

  /// separateBySource: each source's own unmerged sum, 600 and 500, beside the merged 850.
  @Test func separateBySource() {
    let store = Fixture.store(overlapping)
    let values = store.statistics(
      of: .stepCount, where: .all, options: [.cumulativeSum, .separateBySource],
      at: Fixture.later)
    #expect(values.sum == 850)
    #expect(values.bySource[0]?.sum == 600)
    #expect(values.bySource[1]?.sum == 500)
    #expect(values.bySource[0]?.count == 1)
    #expect(values.bySource.count == 2)
  }

  /// The merge in a collection: 10:00–10:05 watch 300 (600 × 300/600), 10:05–10:10 watch 300,
  /// 10:10–10:15 iPhone 250 (500 × 300/600). Buckets of 5 min: 300, 300, 250; one hour: 850.
  @Test func mergeInCollection() {
    let store = Fixture.store(overlapping)
    let fiveMinutes = [0, 5, 10, 15].map { Fixture.at(10, $0) }
    let buckets = store.collection(
      of: .stepCount, where: .all, options: [.cumulativeSum, .separateBySource],
      edges: fiveMinutes, at: Fixture.later)
    #expect(buckets.map(\.sum) == [300, 300, 250])
    // Per source, split: iPhone 500 over two 5-minute buckets: 250 each.
    #expect(buckets.map { $0.bySource[1]?.sum } == [nil, 250, 250])
    #expect(buckets.map { $0.bySource[0]?.sum } == [300, 300, nil])
    let hour = store.collection(
      of: .stepCount, where: .all, options: .cumulativeSum,
      edges: [Fixture.at(10, 0), Fixture.at(11, 0)], at: Fixture.later)
    #expect(hour.map(\.sum) == [850])
  }

  /// A filter restricting the sources merges only what it keeps: the iPhone alone gives 500.
  @Test func mergeOnlyAmongMatchedSources() {
    let store = Fixture.store(overlapping)
    let values = store.statistics(
      of: .stepCount, where: .sources([1]), options: .cumulativeSum, at: Fixture.later)
    #expect(values.sum == 500)
  }

  /// 120 steps over 23:50–00:10. The daily collection splits by time: 600 s of 1 200 s on each
  /// side of midnight, 120 × 600 / 1 200 = 60 and 60. Today's statistics query (overlap
  /// predicate from midnight, no option) counts the sample in full: 120.
  @Test func straddlingMidnight() {
    let store = Fixture.store([Fixture.steps(1, Fixture.at(23, 50), Fixture.at(0, 10, day: 1), 120)]
    )
    let days = [Fixture.at(0, 0), Fixture.at(0, 0, day: 1), Fixture.at(0, 0, day: 2)]
    let daily = store.collection(
      of: .stepCount, where: .all, options: .cumulativeSum, edges: days, at: Fixture.later)
    #expect(daily.map(\.sum) == [60, 60])
    #expect(daily.map(\.count) == [1, 1])
    let today = HealthFilter.date(
      start: days[1], end: days[2], strictStart: false, strictEnd: false)
    let statistics = store.statistics(
      of: .stepCount, where: today, options: .cumulativeSum, at: Fixture.later)
    #expect(statistics.sum == 120)
    // With strictStartDate the sample (starting yesterday) is not matched: no sum.
    let strict = HealthFilter.date(
      start: days[1], end: days[2], strictStart: true, strictEnd: false)
    let none = store.statistics(
      of: .stepCount, where: strict, options: .cumulativeSum, at: Fixture.later)
    #expect(none.sum == nil)
    #expect(none.count == 0)
    #expect(none.start == days[1])
    #expect(none.end == days[2])
  }

  /// A collection over today's predicate: the straddling sample is matched; widening the edges
  /// to its data span (23:50 yesterday ..< 00:10 today) gives yesterday's partial bucket of 60
  /// outside the predicate, as HealthKit returns it.
  @Test func partialBucketOutsideThePredicate() {
    let store = Fixture.store([Fixture.steps(1, Fixture.at(23, 50), Fixture.at(0, 10, day: 1), 120)]
    )
    let today = HealthFilter.date(
      start: Fixture.at(0, 0, day: 1), end: Fixture.at(0, 0, day: 2), strictStart: false,
      strictEnd: false)
    let span = store.dataSpan(of: .stepCount, where: today, at: Fixture.later)
    #expect(span == Fixture.at(23, 50)..<Fixture.at(0, 10, day: 1))
    let widened = [Fixture.at(0, 0), Fixture.at(0, 0, day: 1), Fixture.at(0, 0, day: 2)]
    let buckets = store.collection(
      of: .stepCount, where: today, options: .cumulativeSum, edges: widened, at: Fixture.later)
    #expect(buckets.map(\.sum) == [60, 60])
    // Edges of today only: the part before them is dropped.
    let todayOnly = store.collection(
      of: .stepCount, where: today, options: .cumulativeSum, edges: Array(widened[1...]),
      at: Fixture.later)
    #expect(todayOnly.map(\.sum) == [60])
  }

  /// A 23-hour day (spring forward) passed in as edges 0, 82 800 s, 169 200 s. 60 steps over
  /// 82 200–83 400 s: 600 s on each side of the edge, 30 and 30; 7 steps at exactly 82 800 s
  /// (zero length) fall in the second bucket; 10 steps over 82 000–82 800 s end at the edge:
  /// first bucket only. Bucket 0: 30 + 10 = 40; bucket 1: 30 + 7 = 37.
  @Test func twentyThreeHourDay() {
    let store = Fixture.store([
      Fixture.steps(1, .seconds(82_200), .seconds(83_400), 60),
      Fixture.steps(1, .seconds(82_800), .seconds(82_800), 7),
      Fixture.steps(1, .seconds(82_000), .seconds(82_800), 10),
    ])
    let edges: [SimulationInstant] = [.seconds(0), .seconds(82_800), .seconds(82_800 + 86_400)]
    let buckets = store.collection(
      of: .stepCount, where: .all, options: [.cumulativeSum, .duration], edges: edges,
      at: Fixture.later)
    #expect(buckets.map(\.sum) == [40, 37])
    #expect(buckets[0].start.duration(to: buckets[0].end) == .seconds(82_800))
    #expect(buckets.map(\.count) == [2, 2])
    // Covered time: 82 000–83 400 s as one union; 800 s before the edge, 600 s after.
    #expect(buckets.map(\.duration) == [800, 600])
  }

  /// An empty bucket has count 0 and no sum, as HealthKit's empty HKStatistics.
  @Test func emptyBucketHasNoValues() {
    let store = Fixture.store([Fixture.steps(0, .seconds(10), .seconds(20), 5)])
    let buckets = store.collection(
      of: .stepCount, where: .all, options: .cumulativeSum,
      edges: [.seconds(0), .seconds(30), .seconds(60)], at: Fixture.later)
    #expect(buckets.map(\.sum) == [5, nil])
    #expect(buckets[1].start == .seconds(30))
    #expect(buckets[1].end == .seconds(60))
    #expect(
      store.collection(
        of: .stepCount, where: .all, options: .cumulativeSum, edges: [.seconds(0)],
        at: Fixture.later
      ).isEmpty)
  }

  /// Zero-length cumulative samples: counted for their source unless a higher source covers the
  /// instant. Watch 100 over 0–100 s; iPhone 3 at 50 s (covered, dropped) and 4 at 100 s
  /// (the watch's interval is half-open: not covered, counted): 100 + 4 = 104.
  @Test func zeroLengthSamplesInTheMerge() {
    let store = Fixture.store([
      Fixture.steps(0, .seconds(0), .seconds(100), 100),
      Fixture.steps(1, .seconds(50), .seconds(50), 3),
      Fixture.steps(1, .seconds(100), .seconds(100), 4),
    ])
    let values = store.statistics(
      of: .stepCount, where: .all, options: [.cumulativeSum, .separateBySource],
      at: Fixture.later)
    #expect(values.sum == 104)
    #expect(values.bySource[1]?.sum == 7)
  }

  /// Two same-source samples that overlap both count (no merge within a source), and three
  /// sources: watch 0–60 s 60 steps, iPhone 30–90 s 60, app 0–120 s 120 (lowest). Merged: watch
  /// 60; iPhone on 60–90 s, 30 of 60 s: 30; app on 90–120 s, 30 of 120 s: 30. Total 120.
  @Test func threeSources() {
    var store = Fixture.store([
      Fixture.steps(0, .seconds(0), .seconds(60), 60),
      Fixture.steps(1, .seconds(30), .seconds(90), 60),
    ])
    let app = store.source(for: Fixture.app)
    #expect(app == 2)
    _ = store.save(
      [Fixture.steps(app, .seconds(0), .seconds(120), 120)], uuids: [], at: .seconds(200))
    let values = store.statistics(
      of: .stepCount, where: .all, options: .cumulativeSum, at: .seconds(200))
    #expect(values.sum == 120)
    let sameSource = Fixture.store([
      Fixture.steps(0, .seconds(0), .seconds(60), 10),
      Fixture.steps(0, .seconds(30), .seconds(90), 20),
    ])
    #expect(
      sameSource.statistics(of: .stepCount, where: .all, options: .cumulativeSum, at: Fixture.later)
        .sum == 30)
  }

  /// Discrete average, time-weighted: 60 bpm over 0–60 s and 90 bpm over 60–180 s:
  /// (60 × 60 + 90 × 120) / 180 = (3 600 + 10 800) / 180 = 80 (the arithmetic mean would be 75).
  @Test func timeWeightedAverage() {
    let store = Fixture.store([
      Fixture.heartRate(.seconds(0), .seconds(60), 60),
      Fixture.heartRate(.seconds(60), .seconds(180), 90),
    ])
    let values = store.statistics(
      of: .heartRate, where: .all,
      options: [.discreteAverage, .discreteMin, .discreteMax, .mostRecent, .duration],
      at: Fixture.later)
    #expect(values.average == 80)
    #expect(values.minimum == 60)
    #expect(values.maximum == 90)
    #expect(
      values.mostRecent == HealthMostRecent(value: 90, start: .seconds(60), end: .seconds(180)))
    #expect(values.duration == 180)
    #expect(values.sum == nil)
  }

  /// Discrete average, arithmetic when the samples are instants: (60 + 90 + 120) / 3 = 90.
  /// Most recent: latest end; the two samples at 120 s tie, the later start (also 120 s) and then
  /// the higher id win. Per source: the watch's 60 and 120 average 90, the iPhone's 90.
  @Test func arithmeticAverageAndMostRecent() {
    let store = Fixture.store([
      Fixture.heartRate(.seconds(0), .seconds(0), 60),
      Fixture.heartRate(.seconds(120), .seconds(120), 90, source: 1),
      Fixture.heartRate(.seconds(120), .seconds(120), 120),
    ])
    let values = store.statistics(
      of: .heartRate, where: .all,
      options: [.discreteAverage, .mostRecent, .separateBySource], at: Fixture.later)
    #expect(values.average == 90)
    #expect(values.mostRecent?.value == 120)
    #expect(values.bySource[0]?.average == 90)
    #expect(values.bySource[1]?.average == 90)
    #expect(values.minimum == nil)
  }

  /// A discrete collection takes each sample in the bucket of its start. Bucket 0–60 s: 100 at
  /// 10 s (an instant) and 60 over 50–70 s (starts in it); an instant is among them, so the mean
  /// is arithmetic: (100 + 60) / 2 = 80, min 60, max 100. Bucket 60–120 s: 70 at 90 s alone.
  @Test func discreteCollection() {
    let store = Fixture.store([
      Fixture.heartRate(.seconds(10), .seconds(10), 100),
      Fixture.heartRate(.seconds(50), .seconds(70), 60),
      Fixture.heartRate(.seconds(90), .seconds(90), 70),
    ])
    let buckets = store.collection(
      of: .heartRate, where: .all, options: [.discreteAverage, .discreteMin, .discreteMax],
      edges: [.seconds(0), .seconds(60), .seconds(120)], at: Fixture.later)
    #expect(buckets.map(\.average) == [80, 70])
    #expect(buckets.map(\.minimum) == [60, 70])
    #expect(buckets.map(\.maximum) == [100, 70])
  }

  /// The duration option: union of 0–60 s and 30–90 s is 90 s; in buckets 0–45 s and 45–100 s:
  /// 45 and 45.
  @Test func durationOption() {
    let store = Fixture.store([
      Fixture.steps(0, .seconds(0), .seconds(60), 1),
      Fixture.steps(1, .seconds(30), .seconds(90), 1),
    ])
    #expect(
      store.statistics(of: .stepCount, where: .all, options: .duration, at: Fixture.later)
        .duration == 90)
    let buckets = store.collection(
      of: .stepCount, where: .all, options: [.duration, .separateBySource],
      edges: [.seconds(0), .seconds(45), .seconds(100)], at: Fixture.later)
    #expect(buckets.map(\.duration) == [45, 45])
    // The iPhone alone: 30–45 s (15 s) and 45–90 s (45 s).
    #expect(buckets.map { $0.bySource[1]?.duration } == [15, 45])
  }

  /// A 25-hour day (fall back), edges 0, 90 000 s, 176 400 s: 60 steps over 89 400–90 600 s,
  /// 600 s on each side: 30 and 30; the first bucket lasts 90 000 s = 25 h.
  @Test func twentyFiveHourDay() {
    let store = Fixture.store([Fixture.steps(0, .seconds(89_400), .seconds(90_600), 60)])
    let buckets = store.collection(
      of: .stepCount, where: .all, options: .cumulativeSum,
      edges: [.seconds(0), .seconds(90_000), .seconds(176_400)], at: Fixture.later)
    #expect(buckets.map(\.sum) == [30, 30])
    #expect(buckets[0].start.duration(to: buckets[0].end) == .seconds(25 * 3_600))
  }

  /// Sleep (a category type): the duration option over the asleep stages gives the hours asleep.
  /// inBed 22:00–06:00, asleepCore 22:30–01:00, asleepDeep 01:00–02:00, awake 02:00–02:15,
  /// asleepREM 02:15–06:00: asleep 2.5 h + 1 h + 3.75 h = 7.25 h = 26 100 s.
  @Test func sleepHoursByDuration() {
    func stage(_ value: Double, _ start: SimulationInstant, _ end: SimulationInstant)
      -> HealthSample
    {
      HealthSample(type: .sleepAnalysis, source: 0, start: start, end: end, value: value)
    }
    let store = Fixture.store([
      stage(0, Fixture.at(22, 0), Fixture.at(6, 0, day: 1)),
      stage(3, Fixture.at(22, 30), Fixture.at(1, 0, day: 1)),
      stage(4, Fixture.at(1, 0, day: 1), Fixture.at(2, 0, day: 1)),
      stage(2, Fixture.at(2, 0, day: 1), Fixture.at(2, 15, day: 1)),
      stage(5, Fixture.at(2, 15, day: 1), Fixture.at(6, 0, day: 1)),
    ])
    let asleep = store.statistics(
      of: .sleepAnalysis, where: .categoryValues([3, 4, 5]), options: .duration,
      at: Fixture.later)
    #expect(asleep.duration == 26_100)
    #expect(asleep.count == 3)
  }

  /// A higher source with gaps: iPhone 100 steps over 0–100 s; watch 10 steps each over
  /// 10–20, 30–40 and 50–60 s. The iPhone counts on 0–10, 20–30, 40–50 and 60–100 s: 70 s of
  /// 100 s, 70; with the watch's 30, 100. In 25-s buckets: [0, 25): watch 10 + iPhone 0–10 and
  /// 20–25 (15); [25, 50): watch 10 + iPhone 25–30 and 40–50 (15); [50, 75): watch 10 + iPhone
  /// 60–75 (15); [75, 100): iPhone 25. Each 25.
  @Test func mergeAroundGapsOfTheHigherSource() {
    let store = Fixture.store([
      Fixture.steps(1, .seconds(0), .seconds(100), 100),
      Fixture.steps(0, .seconds(10), .seconds(20), 10),
      Fixture.steps(0, .seconds(30), .seconds(40), 10),
      Fixture.steps(0, .seconds(50), .seconds(60), 10),
    ])
    #expect(
      store.statistics(of: .stepCount, where: .all, options: .cumulativeSum, at: Fixture.later)
        .sum == 100)
    let buckets = store.collection(
      of: .stepCount, where: .all, options: .cumulativeSum,
      edges: [0, 25, 50, 75, 100].map { SimulationInstant.seconds($0) }, at: Fixture.later)
    #expect(buckets.map(\.sum) == [25, 25, 25, 25])
    // Overlapping watch samples 0–30 and 20–50 (10 each) cover 0–50 together; the iPhone's 60
    // over 0–60 s counts on 50–60 s only: 10. Total 10 + 10 + 10 = 30.
    let overlapping = Fixture.store([
      Fixture.steps(0, .seconds(0), .seconds(30), 10),
      Fixture.steps(0, .seconds(20), .seconds(50), 10),
      Fixture.steps(1, .seconds(0), .seconds(60), 60),
    ])
    #expect(
      overlapping.statistics(
        of: .stepCount, where: .all, options: .cumulativeSum, at: Fixture.later
      ).sum == 30)
  }

  /// The merge against a brute-force reference written here: cut the day at every sample
  /// start, end and bucket edge; in each slice the highest-ranked source with a sample covering
  /// it adds each of its covering samples' value × slice / duration. 300 random samples from
  /// three sources (SplitMix64, seed 5), hourly buckets.
  @Test func mergeMatchesBruteForce() {
    var random = SplitMix64(seed: 5)
    var samples: [HealthSample] = []
    for _ in 0..<300 {
      let start = Int64(random.next() % 80_000)
      let length = 1 + Int64(random.next() % 3_000)
      samples.append(
        Fixture.steps(
          UInt16(random.next() % 3), .seconds(start), .seconds(start + length),
          Double(1 + random.next() % 500)))
    }
    let store = HealthStore(
      data: HealthData(
        sources: [Fixture.watch, Fixture.iPhone, Fixture.app], samples: samples), seed: 7)
    let edges = (0...24).map { Int64($0) * 3_600 }
    let buckets = store.collection(
      of: .stepCount, where: .all, options: .cumulativeSum,
      edges: edges.map { SimulationInstant.seconds($0) }, at: Fixture.later)
    // Ranks: watch 0, iPhone 1, app 2 (the default order).
    var cuts = Set(edges)
    for sample in samples {
      cuts.insert(sample.start.nanoseconds / 1_000_000_000)
      cuts.insert(sample.end.nanoseconds / 1_000_000_000)
    }
    let points = cuts.sorted()
    var expected = [Double](repeating: 0, count: 24)
    for (a, b) in zip(points, points.dropFirst()) {
      guard a >= 0, b <= 86_400 else { continue }
      let covering = samples.filter {
        $0.start.nanoseconds / 1_000_000_000 <= a && $0.end.nanoseconds / 1_000_000_000 >= b
      }
      guard let top = covering.map(\.source).min() else { continue }
      for sample in covering where sample.source == top {
        let duration = Double((sample.end.nanoseconds - sample.start.nanoseconds) / 1_000_000_000)
        expected[Int(a / 3_600)] += sample.value * Double(b - a) / duration
      }
    }
    for (bucket, value) in zip(buckets, expected) {
      #expect(abs((bucket.sum ?? 0) - value) <= 1e-9 * max(1, value))
    }
  }

  /// A type the generator never makes is stored and summed like the modeled ones: water is
  /// cumulative in mL, so 250 mL at 08:00 and 300 mL at 12:00 sum to 250 + 300 = 550 mL.
  @Test func waterSumsByItsAggregationStyle() {
    // The kind exists for every quantity type of the SDK.
    let water = HealthDataType(identifier: "HKQuantityTypeIdentifierDietaryWater")!
    var store = Fixture.store([])
    let ids = store.save(
      [
        HealthSample(
          type: water, source: 0, start: Fixture.at(8, 0), end: Fixture.at(8, 0), value: 250),
        HealthSample(
          type: water, source: 0, start: Fixture.at(12, 0), end: Fixture.at(12, 0), value: 300),
      ], uuids: [], at: Fixture.at(12, 1))
    let values = store.statistics(
      of: water, where: .all, options: .cumulativeSum, at: Fixture.at(12, 2))
    #expect(values.sum == 550)
    #expect(values.count == 2)
    // Other kinds see none of it.
    #expect(
      store.statistics(of: .stepCount, where: .all, options: .cumulativeSum, at: Fixture.at(12, 2))
        .count == 0)
    // Deleting the 300 mL leaves 250.
    store.delete([ids[1]], at: Fixture.at(13, 0))
    #expect(
      store.statistics(of: water, where: .all, options: .cumulativeSum, at: Fixture.at(13, 1))
        .sum == 250)
  }

  /// A discrete type the generator never makes: body mass 80 kg then 78 kg (instants, so the
  /// arithmetic mean): average (80 + 78) / 2 = 79, minimum 78, maximum 80; no sum.
  @Test func bodyMassAveragesAsADiscreteType() {
    let mass = HealthDataType(identifier: "HKQuantityTypeIdentifierBodyMass")!
    var store = Fixture.store([])
    _ = store.save(
      [
        HealthSample(
          type: mass, source: 0, start: Fixture.at(7, 0), end: Fixture.at(7, 0), value: 80),
        HealthSample(
          type: mass, source: 0, start: Fixture.at(7, 0, day: 1), end: Fixture.at(7, 0, day: 1),
          value: 78),
      ], uuids: [], at: Fixture.at(8, 0, day: 1))
    let values = store.statistics(
      of: mass, where: .all,
      options: [.discreteAverage, .discreteMin, .discreteMax, .cumulativeSum],
      at: Fixture.at(9, 0, day: 1))
    #expect(values.average == 79)
    #expect(values.minimum == 78)
    #expect(values.maximum == 80)
    #expect(values.sum == nil)
  }
}

@Suite struct HealthStorePendingSumTests {
  /// The store: watch 600 steps over 10:00–10:10 (source 0), seen from 10:10.
  let store = Fixture.store([Fixture.steps(0, Fixture.at(10, 0), Fixture.at(10, 10), 600)])
  /// An app's pending samples (their source is replaced): 300 over 10:05–10:10 and 300 over
  /// 10:10–10:15.
  let pending = [
    Fixture.steps(9, Fixture.at(10, 5), Fixture.at(10, 10), 300),
    Fixture.steps(9, Fixture.at(10, 10), Fixture.at(10, 15), 300),
  ]

  /// The app's source is new, so it ranks after the watch: over 10:00–10:15 the watch counts
  /// 600, the first pending sample is covered, the second counts 300: 900. Over 10:07–10:12
  /// (split rule): the watch's 3 of 10 minutes, 180; the second pending sample's 2 of 5, 120:
  /// 300. Without pending samples the store's own, 600 and 180.
  @Test func pendingSamplesMergeAfterTheWatch() {
    let now = Fixture.at(11, 0)
    func sum(_ from: SimulationInstant, _ to: SimulationInstant, _ pending: [HealthSample])
      -> Double
    {
      store.cumulativeSum(
        of: .stepCount, from: from, to: to, at: now, pending: pending,
        pendingSource: Fixture.app)
    }
    #expect(sum(Fixture.at(10, 0), Fixture.at(10, 15), pending) == 900)
    #expect(sum(Fixture.at(10, 7), Fixture.at(10, 12), pending) == 300)
    #expect(sum(Fixture.at(10, 0), Fixture.at(10, 15), []) == 600)
    #expect(sum(Fixture.at(10, 7), Fixture.at(10, 12), []) == 180)
    #expect(sum(Fixture.at(10, 15), Fixture.at(10, 0), pending) == 0)
    // Distance samples among them are not steps.
    let distance = HealthSample(
      type: .distanceWalkingRunning, source: 9, start: Fixture.at(10, 20),
      end: Fixture.at(10, 30), value: 500)
    #expect(sum(Fixture.at(10, 0), Fixture.at(11, 0), pending + [distance]) == 900)
  }

  /// The same number as the store gives once the samples are saved under that source, and the
  /// store itself is unchanged by the question.
  @Test func theSameAsAfterTheSave() {
    let now = Fixture.at(11, 0)
    let spans = [(Fixture.at(10, 0), Fixture.at(10, 15)), (Fixture.at(10, 7), Fixture.at(10, 12))]
    let before = spans.map {
      store.cumulativeSum(
        of: .stepCount, from: $0.0, to: $0.1, at: now, pending: pending,
        pendingSource: Fixture.app)
    }
    #expect(store.sources.count == 2)
    var saved = store
    let source = saved.source(for: Fixture.app)
    _ = saved.save(
      pending.map {
        var sample = $0
        sample.source = source
        return sample
      }, uuids: [], at: now)
    let after = spans.map {
      saved.collection(
        of: .stepCount, where: .all, options: .cumulativeSum, edges: [$0.0, $0.1], at: now
      ).first?.sum ?? -1
    }
    #expect(before == [900, 300])
    #expect(after == before)
  }
}

@Suite struct HealthStoreCoverageTests {
  /// The store: watch 600 steps over 10:00–10:10, iPhone 0 steps over 10:20–10:30, iPhone 100
  /// over 10:25–10:28 (overlapping the zero one).
  let store = Fixture.store([
    Fixture.steps(0, Fixture.at(10, 0), Fixture.at(10, 10), 600),
    Fixture.steps(1, Fixture.at(10, 20), Fixture.at(10, 30), 0),
    Fixture.steps(1, Fixture.at(10, 25), Fixture.at(10, 28), 100),
  ])

  /// Covered time is the union of the positive samples' spans clipped to the range: over
  /// 10:05–10:40 the watch's 10:05–10:10 (300 s) and the iPhone's 10:25–10:28 (180 s), with a
  /// pending 10:08–10:12 sample overlapping the watch's by 2 minutes: 10:05–10:12 is 420 s,
  /// + 180 = 600 s. The zero sample covers nothing but is the latest-ending (10:30). Over
  /// 10:00–10:05 only the watch's sample, clipped: 300 s, latest 10:00–10:10. Nothing over
  /// 10:40–10:50.
  @Test func unionOfPositiveSpansAndTheLatestSample() {
    let now = Fixture.at(11, 0)
    let pending = [Fixture.steps(9, Fixture.at(10, 8), Fixture.at(10, 12), 80)]
    let wide = store.coverage(
      of: .stepCount, from: Fixture.at(10, 5), to: Fixture.at(10, 40), at: now, pending: pending)
    #expect(wide.covered == 600 * 1_000_000_000)
    #expect(wide.latest == Fixture.at(10, 20)..<Fixture.at(10, 30))
    let early = store.coverage(
      of: .stepCount, from: Fixture.at(10, 0), to: Fixture.at(10, 5), at: now, pending: [])
    #expect(early.covered == 300 * 1_000_000_000)
    #expect(early.latest == Fixture.at(10, 0)..<Fixture.at(10, 10))
    let none = store.coverage(
      of: .stepCount, from: Fixture.at(10, 40), to: Fixture.at(10, 50), at: now, pending: pending)
    #expect(none.covered == 0)
    #expect(none.latest == nil)
  }

  /// Among samples ending together the later start is the latest, whichever comes first: a
  /// pending 10:27–10:30 sample (50 steps) beats the store's iPhone 10:20–10:30 (0) that comes
  /// before it; a pending 10:15–10:30 (0) does not beat it, though it comes after.
  @Test func theLaterStartWinsOnEqualEnds() {
    let now = Fixture.at(11, 0)
    let (from, to) = (Fixture.at(10, 20), Fixture.at(10, 40))
    let later = [Fixture.steps(9, Fixture.at(10, 27), Fixture.at(10, 30), 50)]
    #expect(
      store.coverage(of: .stepCount, from: from, to: to, at: now, pending: later).latest
        == Fixture.at(10, 27)..<Fixture.at(10, 30))
    let earlier = [Fixture.steps(9, Fixture.at(10, 15), Fixture.at(10, 30), 0)]
    #expect(
      store.coverage(of: .stepCount, from: from, to: to, at: now, pending: earlier).latest
        == Fixture.at(10, 20)..<Fixture.at(10, 30))
  }

  /// Coverage counts the samples the sum counts (one gathering): over 10:30–10:40 the
  /// iPhone's 10:20–10:30 sample ends at the range's start, so it is out of both; a pending
  /// zero-length sample of 5 steps at 10:30 is in both (its instant lies in the range): the sum
  /// is 5, and it is the latest sample, covering no time.
  @Test func coverageTakesTheSumsSamples() {
    let now = Fixture.at(11, 0)
    let (from, to) = (Fixture.at(10, 30), Fixture.at(10, 40))
    let instant = [Fixture.steps(9, Fixture.at(10, 30), Fixture.at(10, 30), 5)]
    #expect(
      store.cumulativeSum(
        of: .stepCount, from: from, to: to, at: now, pending: instant, pendingSource: Fixture.app)
        == 5)
    let coverage = store.coverage(of: .stepCount, from: from, to: to, at: now, pending: instant)
    #expect(coverage.covered == 0)
    #expect(coverage.latest == Fixture.at(10, 30)..<Fixture.at(10, 30))
    #expect(
      store.coverage(of: .stepCount, from: from, to: to, at: now, pending: []).latest == nil)
  }
}
