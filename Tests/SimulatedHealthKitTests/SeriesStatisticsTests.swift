import Foundation
import Synchronization
import Testing

@testable import SimulatedHealthKit

/// Statistics over series samples (`HKQuantitySeriesSampleBuilder`): each quantity counts as its
/// own sample of its own interval (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkquantityseriessamplequery, "Statistical
/// queries correctly handle quantity data, whether the samples represent a single quantity or a
/// series"; docs/health-store.md#series-samples). Values worked out by hand in each test.
@Suite struct SeriesStatisticsTests {
  /// The per-bucket values of `options` over `type` in one-minute buckets anchored at `anchor`,
  /// for the `count` minutes from `anchor`; `read` picks the value from each bucket.
  static func perMinute(
    _ store: HKHealthStore, _ type: HKQuantityType, options: HKStatisticsOptions, anchor: Date,
    count: Int, _ read: @escaping (HKStatistics) -> Double?
  ) async throws -> [Double?] {
    let collection = try await HKStatisticsCollectionQueryDescriptor(
      predicate: .quantitySample(type: type), options: options, anchorDate: anchor,
      intervalComponents: DateComponents(minute: 1)
    ).result(for: store)
    var values: [Double?] = []
    // To the last second of the last bucket: the bucket holding the end date is enumerated
    // too (Apple), so the edge after it would add an empty one.
    collection.enumerateStatistics(from: anchor, to: anchor + Double(count * 60 - 1)) {
      statistics, _ in values.append(read(statistics))
    }
    return values
  }

  /// The trial's heart-rate series: 100, 110, 120, 130, 140 count/min at 0, 60, 120, 180 and
  /// 240 s (instants). The statistics query's minimum is 100 and maximum 140 (not the stored
  /// average 120), the average the arithmetic mean (100 + 110 + 120 + 130 + 140) / 5 = 120 (the
  /// quantities are instants), the most recent 140 at 240 s; per minute the averages are each
  /// quantity's own, [100, 110, 120, 130, 140] (not [120, nil, nil, nil, nil]). The sample's own
  /// minimum, maximum, average and most recent agree.
  @Test func aDiscreteSeriesCountsEachQuantity() async throws {
    try await withAuthorizedStore { store, simulation in
      let start = simulation.now.addingTimeInterval(-600)
      let builder = HKQuantitySeriesSampleBuilder(
        healthStore: store, quantityType: heartRate, startDate: start, device: nil)
      for (index, value) in [100.0, 110, 120, 130, 140].enumerated() {
        try builder.insert(
          HKQuantity(unit: bpm, doubleValue: value), at: start + Double(index * 60))
      }
      let sample = try #require(
        try await builder.finishSeries(metadata: nil).first as? HKDiscreteQuantitySample)
      #expect(sample.minimumQuantity.doubleValue(for: bpm) == 100)
      #expect(sample.maximumQuantity.doubleValue(for: bpm) == 140)
      #expect(sample.averageQuantity.doubleValue(for: bpm) == 120)
      #expect(sample.mostRecentQuantity.doubleValue(for: bpm) == 140)

      let found = await statistics(
        store, simulation, heartRate,
        options: [.discreteMin, .discreteMax, .discreteAverage, .mostRecent])
      let statistics = try #require(found.statistics)
      #expect(statistics.minimumQuantity()?.doubleValue(for: bpm) == 100)
      #expect(statistics.maximumQuantity()?.doubleValue(for: bpm) == 140)
      #expect(statistics.averageQuantity()?.doubleValue(for: bpm) == 120)
      #expect(statistics.mostRecentQuantity()?.doubleValue(for: bpm) == 140)
      #expect(
        statistics.mostRecentQuantityDateInterval() == DateInterval(start: start + 240, duration: 0)
      )
      // The statistics span the sample: from its start to its end (the last quantity, 240 s).
      #expect(statistics.startDate == start)
      #expect(statistics.endDate == start + 240)

      let averages = try await Self.perMinute(
        store, heartRate, options: .discreteAverage, anchor: start, count: 5
      ) { $0.averageQuantity()?.doubleValue(for: bpm) }
      #expect(averages == [100, 110, 120, 130, 140])
      let maxima = try await Self.perMinute(
        store, heartRate, options: .discreteMax, anchor: start, count: 5
      ) { $0.maximumQuantity()?.doubleValue(for: bpm) }
      #expect(maxima == [100, 110, 120, 130, 140])
    }
  }

  /// The trial's step series: 0, 0, 0, 0, 500 steps over the five minutes from the start. Per
  /// minute the sums are [0, 0, 0, 0, 500] (each quantity split by its own interval, not the
  /// sample's 500 spread evenly as [100, 100, 100, 100, 100]); the statistics query's sum is
  /// 500.
  @Test func aCumulativeSeriesSplitsEachQuantityByItsInterval() async throws {
    try await withAuthorizedStore { store, simulation in
      let start = simulation.now.addingTimeInterval(-3 * 3600)
      let builder = HKQuantitySeriesSampleBuilder(
        healthStore: store, quantityType: steps, startDate: start, device: nil)
      for (index, value) in [0.0, 0, 0, 0, 500].enumerated() {
        try builder.insert(
          HKQuantity(unit: .count(), doubleValue: value),
          for: DateInterval(start: start + Double(index * 60), duration: 60))
      }
      _ = try await builder.finishSeries(metadata: nil)
      let sums = try await Self.perMinute(
        store, steps, options: .cumulativeSum, anchor: start, count: 5
      ) { $0.sumQuantity()?.doubleValue(for: .count()) }
      #expect(sums == [0, 0, 0, 0, 500])
      let found = await statistics(store, simulation, steps, options: .cumulativeSum)
      #expect(found.statistics?.sumQuantity()?.doubleValue(for: .count()) == 500)
    }
  }

  /// A quantity astride a bucket edge. Steps: 120 over 30–90 s and 60 over 90–120 s (the sample
  /// 0–120 s). Per minute: the first gives 120 × 30/60 = 60 to each minute, so [60, 60 + 60] =
  /// [60, 120] (the sample's 180 spread over 0–120 s would be [90, 90]). Heart rate: 100 over
  /// 30–90 s and 160 over 90–120 s. Per minute each counts in the bucket holding its start:
  /// averages [100, 160]; over the whole, time-weighted (both have durations):
  /// (100 × 60 + 160 × 30) / 90 = 120 (the arithmetic mean would be 130), the most recent 160
  /// over 90–120 s; the sample's own average and most recent are the same.
  @Test func aQuantityAstrideABucketEdgeSplitsByItsOwnInterval() async throws {
    try await withAuthorizedStore { store, simulation in
      let start = simulation.now.addingTimeInterval(-2 * 3600)
      let stepBuilder = HKQuantitySeriesSampleBuilder(
        healthStore: store, quantityType: steps, startDate: start, device: nil)
      try stepBuilder.insert(
        HKQuantity(unit: .count(), doubleValue: 120),
        for: DateInterval(start: start + 30, end: start + 90))
      try stepBuilder.insert(
        HKQuantity(unit: .count(), doubleValue: 60),
        for: DateInterval(start: start + 90, end: start + 120))
      let stepSample = try #require(try await stepBuilder.finishSeries(metadata: nil).first)
      #expect(stepSample.startDate == start)
      #expect(stepSample.endDate == start + 120)
      let sums = try await Self.perMinute(
        store, steps, options: .cumulativeSum, anchor: start, count: 2
      ) { $0.sumQuantity()?.doubleValue(for: .count()) }
      #expect(sums == [60, 120])

      let rateBuilder = HKQuantitySeriesSampleBuilder(
        healthStore: store, quantityType: heartRate, startDate: start, device: nil)
      try rateBuilder.insert(
        HKQuantity(unit: bpm, doubleValue: 100),
        for: DateInterval(start: start + 30, end: start + 90))
      try rateBuilder.insert(
        HKQuantity(unit: bpm, doubleValue: 160),
        for: DateInterval(start: start + 90, end: start + 120))
      let rateSample = try #require(
        try await rateBuilder.finishSeries(metadata: nil).first as? HKDiscreteQuantitySample)
      #expect(rateSample.averageQuantity.doubleValue(for: bpm) == 120)
      #expect(rateSample.quantity.doubleValue(for: bpm) == 120)
      #expect(rateSample.mostRecentQuantity.doubleValue(for: bpm) == 160)
      #expect(
        rateSample.mostRecentQuantityDateInterval
          == DateInterval(start: start + 90, end: start + 120))
      let averages = try await Self.perMinute(
        store, heartRate, options: .discreteAverage, anchor: start, count: 2
      ) { $0.averageQuantity()?.doubleValue(for: bpm) }
      #expect(averages == [100, 160])
      let found = await statistics(
        store, simulation, heartRate, options: [.discreteAverage, .mostRecent])
      #expect(found.statistics?.averageQuantity()?.doubleValue(for: bpm) == 120)
      #expect(found.statistics?.mostRecentQuantity()?.doubleValue(for: bpm) == 160)
      #expect(
        found.statistics?.mostRecentQuantityDateInterval()
          == DateInterval(start: start + 90, end: start + 120))
    }
  }

  /// The watch's 60 steps over 09:00–09:01 and its heart rate 70 at 09:00:30 beside the app's
  /// series from 09:00: steps 30 over 09:00–09:01 and 90 over 09:01–09:02; heart rate 100 at
  /// 09:00 and 140 at 09:00:40.
  static let watchSamples = """
    [
      { "type": "stepCount", "source": "watch", "start": "2026-03-30T09:00:00+02:00",
        "end": "2026-03-30T09:01:00+02:00", "value": 60 },
      { "type": "heartRate", "source": "watch", "start": "2026-03-30T09:00:30+02:00",
        "value": 70 }
    ]
    """

  /// Two sources with `separateBySource`. Steps per minute from 09:00: merged (the watch ranks
  /// first and covers 09:00–09:01, hiding the app's 30 there) [60, 90]; the watch's own
  /// [60, nil], the app's own [30, 90] (the sample's 120 over 09:00–09:02 would give the app
  /// [60, 60] and the merge [60, 60]). Heart rate over everything: minimum 70 (the watch),
  /// maximum 140 (the app's series; not its average 120); the app's own minimum 100 and
  /// maximum 140, the watch's 70 and 70.
  @Test func aSeriesBesideAnotherSourceSeparatesBySource() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: Self.watchSamples))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      let start = date("2026-03-30T09:00:00+02:00")
      let stepBuilder = HKQuantitySeriesSampleBuilder(
        healthStore: store, quantityType: steps, startDate: start, device: nil)
      try stepBuilder.insert(
        HKQuantity(unit: .count(), doubleValue: 30), for: DateInterval(start: start, duration: 60))
      try stepBuilder.insert(
        HKQuantity(unit: .count(), doubleValue: 90),
        for: DateInterval(start: start + 60, duration: 60))
      _ = try await stepBuilder.finishSeries(metadata: nil)
      let rateBuilder = HKQuantitySeriesSampleBuilder(
        healthStore: store, quantityType: heartRate, startDate: start, device: nil)
      try rateBuilder.insert(HKQuantity(unit: bpm, doubleValue: 100), at: start)
      try rateBuilder.insert(HKQuantity(unit: bpm, doubleValue: 140), at: start + 40)
      _ = try await rateBuilder.finishSeries(metadata: nil)

      let collection = try await HKStatisticsCollectionQueryDescriptor(
        predicate: .quantitySample(type: steps), options: [.cumulativeSum, .separateBySource],
        anchorDate: start, intervalComponents: DateComponents(minute: 1)
      ).result(for: store)
      var merged: [Double?] = []
      var watch: [Double?] = []
      var app: [Double?] = []
      var sources: [HKSource] = []
      collection.enumerateStatistics(from: start, to: start + 119) { statistics, _ in
        merged.append(statistics.sumQuantity()?.doubleValue(for: .count()))
        if let found = statistics.sources, found.count > sources.count { sources = found }
      }
      #expect(sources.map(\.name) == ["Apple Watch", "workout-sim"])
      collection.enumerateStatistics(from: start, to: start + 119) { statistics, _ in
        watch.append(statistics.sumQuantity(for: sources[0])?.doubleValue(for: .count()))
        app.append(statistics.sumQuantity(for: sources[1])?.doubleValue(for: .count()))
      }
      #expect(merged == [60, 90])
      #expect(watch == [60, nil])
      #expect(app == [30, 90])

      let found = await statistics(
        store, simulation, heartRate, options: [.discreteMin, .discreteMax, .separateBySource])
      let statistics = try #require(found.statistics)
      #expect(statistics.minimumQuantity()?.doubleValue(for: bpm) == 70)
      #expect(statistics.maximumQuantity()?.doubleValue(for: bpm) == 140)
      let rateSources = try #require(statistics.sources)
      #expect(rateSources.map(\.name) == ["Apple Watch", "workout-sim"])
      #expect(statistics.minimumQuantity(for: rateSources[0])?.doubleValue(for: bpm) == 70)
      #expect(statistics.maximumQuantity(for: rateSources[0])?.doubleValue(for: bpm) == 70)
      #expect(statistics.minimumQuantity(for: rateSources[1])?.doubleValue(for: bpm) == 100)
      #expect(statistics.maximumQuantity(for: rateSources[1])?.doubleValue(for: bpm) == 140)
    }
  }
  /// Saves the two series the date-predicate tests read, an hour before virtual now (returned:
  /// their start): steps of 100 a minute over 0–300 s and heart rates 100, 110, 120, 130, 140
  /// count/min at 0, 60, ..., 240 s.
  static func saveMinuteSeries(_ store: HKHealthStore, _ simulation: HealthKitSimulation)
    async throws -> Date
  {
    let start = simulation.now.addingTimeInterval(-3600)
    let stepBuilder = HKQuantitySeriesSampleBuilder(
      healthStore: store, quantityType: steps, startDate: start, device: nil)
    for minute in 0..<5 {
      try stepBuilder.insert(
        HKQuantity(unit: .count(), doubleValue: 100),
        for: DateInterval(start: start + Double(minute * 60), duration: 60))
    }
    _ = try await stepBuilder.finishSeries(metadata: nil)
    let rateBuilder = HKQuantitySeriesSampleBuilder(
      healthStore: store, quantityType: heartRate, startDate: start, device: nil)
    for (index, value) in [100.0, 110, 120, 130, 140].enumerated() {
      try rateBuilder.insert(
        HKQuantity(unit: bpm, doubleValue: value), at: start + Double(index * 60))
    }
    _ = try await rateBuilder.finishSeries(metadata: nil)
    return start
  }

  /// A series astride a date predicate's bound counts only the quantities the predicate
  /// matches, each as its own sample would be matched (a project rule where Apple is silent:
  /// docs/health-store.md#series-samples). Steps: 100 a minute over the five minutes from the
  /// start (0–60 s, ..., 240–300 s); from 150 s on (`HKQueryOptionNone`: a quantity ending at
  /// or after 150 s) the quantities 120–180, 180–240 and 240–300 s count: a sum of 300 (before,
  /// the whole series' 500), the statistics spanning 120–300 s; per minute over the same
  /// predicate [nil, nil, 100, 100, 100] (the first two minutes hold no matched quantity).
  /// With `.strictStartDate` the series itself starts before 150 s and does not match: no sum.
  /// Heart rate 100, 110, 120, 130, 140 count/min at 0, 60, ..., 240 s: from 150 s the 130 and
  /// 140 count: minimum 130, maximum 140, average 135, spanning 180–240 s.
  @Test func aSeriesAstrideADatePredicateCountsTheQuantitiesItMatches() async throws {
    try await withAuthorizedStore { store, simulation in
      let start = try await Self.saveMinuteSeries(store, simulation)

      let later = HKQuery.predicateForSamples(withStart: start + 150, end: nil)
      let sum = try #require(
        await statistics(store, simulation, steps, predicate: later, options: .cumulativeSum)
          .statistics)
      #expect(sum.sumQuantity()?.doubleValue(for: .count()) == 300)
      #expect(sum.startDate == start + 120)
      #expect(sum.endDate == start + 300)
      let strict = await statistics(
        store, simulation, steps,
        predicate: HKQuery.predicateForSamples(
          withStart: start + 150, end: nil, options: .strictStartDate),
        options: .cumulativeSum)
      #expect(strict.statistics?.sumQuantity() == nil)

      let collection = try await HKStatisticsCollectionQueryDescriptor(
        predicate: .quantitySample(type: steps, predicate: later), options: .cumulativeSum,
        anchorDate: start, intervalComponents: DateComponents(minute: 1)
      ).result(for: store)
      var perMinute: [Double?] = []
      collection.enumerateStatistics(from: start, to: start + 299) { statistics, _ in
        perMinute.append(statistics.sumQuantity()?.doubleValue(for: .count()))
      }
      #expect(perMinute == [nil, nil, 100, 100, 100])

      let rates = try #require(
        await statistics(
          store, simulation, heartRate, predicate: later,
          options: [.discreteMin, .discreteMax, .discreteAverage]
        ).statistics)
      #expect(rates.minimumQuantity()?.doubleValue(for: bpm) == 130)
      #expect(rates.maximumQuantity()?.doubleValue(for: bpm) == 140)
      #expect(rates.averageQuantity()?.doubleValue(for: bpm) == 135)
      #expect(rates.startDate == start + 180)
      #expect(rates.endDate == start + 240)
    }
  }

  /// A series query matches a series' quantities as statistics do (fix21: it gave every
  /// quantity of a matched series): HealthKit's daemon tests each quantity with the query's
  /// filter (HDQuantitySeriesSampleQueryServer). Steps of 100 a minute over 0–300 s from 150 s
  /// on give the quantities of 120–180, 180–240 and 240–300 s, the same three through the
  /// descriptor; heart rates 100 ... 140 count/min at 0, 60, ..., 240 s from 150 s on give 130
  /// and 140, at 180 and 240 s. Without a predicate all five steps come.
  @Test func aSeriesQueryGivesTheQuantitiesItsPredicateMatches() async throws {
    try await withAuthorizedStore { store, simulation in
      let start = try await Self.saveMinuteSeries(store, simulation)

      func quantities(_ type: HKQuantityType, _ predicate: NSPredicate?) async
        -> [(Double, Date)]
      {
        await withCheckedContinuation { continuation in
          let found = Mutex<[(Double, Date)]>([])
          store.execute(
            HKQuantitySeriesSampleQuery(quantityType: type, predicate: predicate) {
              _, quantity, interval, _, done, _ in
              if let quantity, let interval {
                let unit = type == heartRate ? bpm : .count()
                found.withLock { $0.append((quantity.doubleValue(for: unit), interval.start)) }
              }
              if done { continuation.resume(returning: found.withLock { $0 }) }
            })
        }
      }
      let later = HKQuery.predicateForSamples(withStart: start + 150, end: nil)
      let laterSteps = await quantities(steps, later)
      #expect(laterSteps.map(\.0) == [100, 100, 100])
      #expect(laterSteps.map(\.1) == [start + 120, start + 180, start + 240])
      #expect(await quantities(steps, nil).count == 5)
      let described = try await HKQuantitySeriesSampleQueryDescriptor(
        predicate: .quantitySample(type: steps, predicate: later)
      ).results(for: store).reduce(into: [Date]()) { $0.append($1.dateInterval.start) }
      #expect(described == [start + 120, start + 180, start + 240])
      let laterRates = await quantities(heartRate, later)
      #expect(laterRates.map(\.0) == [130, 140])
      #expect(laterRates.map(\.1) == [start + 180, start + 240])
    }
  }
}
