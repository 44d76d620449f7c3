// The seed's HealthKitManager reads, as async functions returning screen values: today's steps
// and active energy (merged statistics from local midnight), the latest heart rate and the last
// 24 hours, last night's sleep, and daily sums per local day. The app's own copy of
// Examples/HealthApp's approach, compiled against HealthKit on the iPhone and the watch and
// against SimulatedHealthKit elsewhere.
import Foundation

#if os(watchOS) || os(iOS)
  import HealthKit
#else
  import SimulatedHealthKit
#endif

/// Reads the health store for every screen of the app, its widget and its watch app.
///
/// Units: steps as a count, energy in kcal, heart rate in bpm (`count/min`), sleep in hours.
/// Local days come from ``clock``'s calendar at the time of the read. A read with no data (or
/// a denied type: HealthKit returns no data and no error,
/// https://developer.apple.com/documentation/healthkit/authorizing-access-to-health-data)
/// is ``Reading/noData``; errors of the store (for example `errorDatabaseInaccessible` while
/// the phone is locked) read as no data too and are kept in ``lastError``.
public struct HealthReader: Sendable {
  /// The store the reads go to.
  public let healthStore: HKHealthStore
  /// Now and the calendar of local days.
  public let clock: AppClock

  /// The types the app reads (the seed's four, and workouts for the weekly summary).
  public static var readTypes: Set<HKObjectType> {
    [
      HKQuantityType(.stepCount), HKQuantityType(.activeEnergyBurned),
      HKQuantityType(.heartRate), HKCategoryType(.sleepAnalysis), HKObjectType.workoutType(),
    ]
  }

  /// A reader of `healthStore` on `clock`.
  public init(healthStore: HKHealthStore, clock: AppClock = .system) {
    self.healthStore = healthStore
    self.clock = clock
  }

  /// Asks for read access to ``readTypes`` (the prompt at first launch; later calls return at
  /// once). Throws what `requestAuthorization(toShare:read:)` throws
  /// (https://developer.apple.com/documentation/healthkit/hkhealthstore/requestauthorization(toshare:read:completion:)).
  public func requestAuthorization() async throws {
    try await healthStore.requestAuthorization(toShare: [], read: Self.readTypes)
  }

  /// The app's HealthKit state (`isHealthDataAvailable()` and
  /// `statusForAuthorizationRequest(toShare:read:)`,
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/statusforauthorizationrequest(toshare:read:)).
  public func access() async -> HealthAccess {
    guard HKHealthStore.isHealthDataAvailable() else { return .unavailable }
    let status = try? await healthStore.statusForAuthorizationRequest(
      toShare: [], read: Self.readTypes)
    return status == .unnecessary ? .requested : .notRequested
  }

  /// Today's steps: the merged sum of today's bucket of a daily `HKStatisticsCollectionQuery`
  /// (local midnight to now). A sample across midnight counts with its part after midnight
  /// only, as in the history; the seed's `HKStatisticsQuery` would count it in full
  /// (docs/health-store.md#statistics-and-collections-two-rules), so the dashboard would show
  /// yesterday's steps at 00:01. Steps are rounded to the nearest whole step.
  public func todaySteps() async -> Reading<Int> {
    await todaySum(.stepCount).map { .value(Int($0.rounded())) } ?? .noData
  }

  /// Today's active energy, kcal (as ``todaySteps()``).
  public func todayActiveEnergy() async -> Reading<Double> {
    await todaySum(.activeEnergyBurned).map { .value($0) } ?? .noData
  }

  /// Steps from the local midnight `start` to `end`, merged: the sum of the daily buckets
  /// starting in `start ..< end` (a sample across `start` or `end` counts with its part inside),
  /// `nil` without samples.
  public func steps(from start: Date, to end: Date) async -> Double? {
    let buckets = await dayBuckets(.stepCount, from: start, to: end)
    let inside = buckets.filter { $0.key >= start && $0.key < end }.map(\.value)
    return inside.isEmpty ? nil : inside.reduce(0, +)
  }

  /// The latest heart rate (by end date, any time up to now) and the readings of the last
  /// 24 hours (start in now − 24 h ... now), oldest first.
  public func heartRate() async -> Reading<HeartRateCard> {
    let now = clock.now()
    let type = HKQuantityType(.heartRate)
    let latest = await samples(
      type, predicate: HKQuery.predicateForSamples(withStart: nil, end: now), limit: 1,
      newestFirst: true)
    guard let last = latest.first.flatMap(Self.point) else { return .noData }
    let recent = await samples(
      type,
      predicate: HKQuery.predicateForSamples(
        withStart: now.addingTimeInterval(-24 * 3600), end: now, options: .strictStartDate),
      limit: HKObjectQueryNoLimit,
      newestFirst: false)
    return .value(HeartRateCard(latest: last, last24Hours: recent.compactMap(Self.point)))
  }

  /// The average heart rate from `start` to `end` (`discreteAverage`), bpm, `nil` without data.
  public func averageHeartRate(from start: Date, to end: Date) async -> Double? {
    await statistics(
      .heartRate, options: .discreteAverage, from: start, to: end
    )?.averageQuantity()?.doubleValue(for: HKUnit.count().unitDivided(by: .minute()))
  }

  /// The number of workouts that started from `start` to `end` (any activity, any source).
  public func workoutCount(from start: Date, to end: Date) async -> Int {
    await samples(
      HKObjectType.workoutType(),
      predicate: HKQuery.predicateForSamples(withStart: start, end: end, options: .strictStartDate),
      limit: HKObjectQueryNoLimit, newestFirst: false
    ).count
  }

  /// Last night's sleep: the night ending on today's local date (``night(endingOn:)``).
  public func lastNightSleep() async -> Reading<SleepNight> {
    let calendar = clock.calendar()
    return await night(endingOn: calendar.startOfDay(for: clock.now())).map { .value($0) }
      ?? .noData
  }

  /// The night before the local day starting at `day`: every sleep-analysis sample that starts
  /// from 18:00 the evening before to 12:00 that day (local wall-clock hours), `nil` when none
  /// is asleep.
  public func night(endingOn day: Date) async -> SleepNight? {
    let calendar = clock.calendar()
    let start = calendar.date(byAdding: .hour, value: -6, to: day)!
    let end = calendar.date(byAdding: .hour, value: 12, to: day)!
    let found = await samples(
      HKCategoryType(.sleepAnalysis),
      predicate: HKQuery.predicateForSamples(withStart: start, end: end, options: .strictStartDate),
      limit: HKObjectQueryNoLimit,
      newestFirst: false)
    let spans = found.compactMap { sample -> SleepNight.Span? in
      guard let sample = sample as? HKCategorySample,
        let value = HKCategoryValueSleepAnalysis(rawValue: sample.value)
      else { return nil }
      return SleepNight.Span(start: sample.startDate, end: sample.endDate, value: value.rawValue)
    }
    let night = SleepNight(spans: spans)
    return night.asleepSeconds > 0 ? night : nil
  }

  /// Daily sums of `identifier` for `days` local days ending with today (oldest first): an
  /// `HKStatisticsCollectionQuery` anchored at local midnight with one-day intervals (a sample
  /// across midnight is split by time; a 23- or 25-hour day is one interval). A day without
  /// samples has `nil`.
  public func dailySums(_ identifier: HKQuantityTypeIdentifier, days: Int) async -> [DaySum] {
    let calendar = clock.calendar()
    let now = clock.now()
    let today = calendar.startOfDay(for: now)
    let first = calendar.date(byAdding: .day, value: -(days - 1), to: today)!
    let sums = await dayBuckets(identifier, from: first, to: now)
    return (0..<days).map { offset in
      let day = calendar.date(byAdding: .day, value: offset, to: first)!
      return DaySum(day: day, value: sums[day])
    }
  }

  /// One local day's sum.
  public struct DaySum: Sendable, Equatable {
    /// The day's local midnight.
    public var day: Date
    /// The sum (steps or kcal), `nil` without samples.
    public var value: Double?

    /// A day of `value` starting at `day`.
    public init(day: Date, value: Double?) {
      self.day = day
      self.value = value
    }
  }

  // MARK: - Queries as async calls

  /// Today's bucket of the daily sums of `identifier`.
  private func todaySum(_ identifier: HKQuantityTypeIdentifier) async -> Double? {
    await dailySums(identifier, days: 1).last?.value
  }

  /// The sums of daily buckets (an `HKStatisticsCollectionQuery` anchored at `start`, a local
  /// midnight, one-day intervals of the calendar) from `start` to `end`, by bucket start; empty
  /// buckets are absent.
  private func dayBuckets(
    _ identifier: HKQuantityTypeIdentifier, from start: Date, to end: Date
  ) async -> [Date: Double] {
    let unit: HKUnit = identifier == .activeEnergyBurned ? .kilocalorie() : .count()
    let descriptor = HKStatisticsCollectionQueryDescriptor(
      predicate: .quantitySample(
        type: HKQuantityType(identifier),
        predicate: HKQuery.predicateForSamples(withStart: start, end: end)),
      options: .cumulativeSum, anchorDate: start, intervalComponents: DateComponents(day: 1))
    let collection = try? await descriptor.result(for: healthStore)
    var sums: [Date: Double] = [:]
    collection?.enumerateStatistics(from: start, to: end) { statistics, _ in
      if let value = statistics.sumQuantity()?.doubleValue(for: unit) {
        sums[statistics.startDate] = value
      }
    }
    return sums
  }

  private func statistics(
    _ identifier: HKQuantityTypeIdentifier, options: HKStatisticsOptions, from start: Date,
    to end: Date
  ) async -> HKStatistics? {
    let descriptor = HKStatisticsQueryDescriptor(
      predicate: .quantitySample(
        type: HKQuantityType(identifier),
        predicate: HKQuery.predicateForSamples(withStart: start, end: end)),
      options: options)
    return (try? await descriptor.result(for: healthStore)) ?? nil
  }

  private func samples(
    _ type: HKSampleType, predicate: NSPredicate?, limit: Int, newestFirst: Bool
  ) async -> [HKSample] {
    let descriptor = HKSampleQueryDescriptor(
      predicates: [.sample(type: type, predicate: predicate)],
      sortDescriptors: [
        newestFirst
          ? SortDescriptor(\.endDate, order: .reverse)
          : SortDescriptor(\.startDate, order: .forward)
      ], limit: limit == HKObjectQueryNoLimit ? nil : limit)
    return (try? await descriptor.result(for: healthStore)) ?? []
  }

  private static func point(_ sample: HKSample) -> HeartRatePoint? {
    guard let sample = sample as? HKQuantitySample else { return nil }
    return HeartRatePoint(
      date: sample.startDate,
      bpm: sample.quantity.doubleValue(for: HKUnit.count().unitDivided(by: .minute())))
  }
}

/// One night's sleep-analysis spans and what the sleep card makes of them.
public struct SleepNight: Sendable, Equatable {
  /// One sample: its interval and its `HKCategoryValueSleepAnalysis` raw value.
  public struct Span: Sendable, Equatable {
    /// The start.
    public var start: Date
    /// The end.
    public var end: Date
    /// `HKCategoryValueSleepAnalysis` raw value (0 in bed, 1 asleep unspecified, 2 awake,
    /// 3 core, 4 deep, 5 REM).
    public var value: Int

    /// A span of `value` from `start` to `end`.
    public init(start: Date, end: Date, value: Int) {
      self.start = start
      self.end = end
      self.value = value
    }
  }

  /// The night's samples, oldest first.
  public var spans: [Span]

  /// A night of `spans`.
  public init(spans: [Span]) {
    self.spans = spans
  }

  /// Seconds asleep: the union of the asleep spans (values 1, 3, 4, 5).
  public var asleepSeconds: Double { Self.union(spans.filter { [1, 3, 4, 5].contains($0.value) }) }
  /// Seconds in bed: the union of every span (in bed, asleep and awake).
  public var inBedSeconds: Double { Self.union(spans) }

  /// The card's bars: hours per stage (core, deep, REM, unspecified, awake), each stage's
  /// spans counted once.
  public var stageBars: [SleepStageBar] {
    let values: [(SleepStageBar.Stage, Int)] = [
      (.core, 3), (.deep, 4), (.rem, 5), (.unspecified, 1), (.awake, 2),
    ]
    return values.map { stage, value in
      SleepStageBar(stage: stage, hours: Self.union(spans.filter { $0.value == value }) / 3600)
    }
  }

  /// The length of the union of `spans`, seconds.
  static func union(_ spans: [Span]) -> Double {
    var total = 0.0
    var open: (Date, Date)?
    for span in spans.sorted(by: { $0.start < $1.start }) {
      if let current = open, span.start <= current.1 {
        open = (current.0, max(current.1, span.end))
      } else {
        if let current = open { total += current.1.timeIntervalSince(current.0) }
        open = (span.start, span.end)
      }
    }
    if let current = open { total += current.1.timeIntervalSince(current.0) }
    return total
  }
}
