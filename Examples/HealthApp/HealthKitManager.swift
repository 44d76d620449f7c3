// The seed app's iPhone HealthKitManager, as an app writes it, compiled against HealthKit on
// the device and against SimulatedHealthKit everywhere else, a Mac included (docs/swift-api.md).
//
// `requestAuthorization()` and `fetchTodaySteps()` are the seed's own code: its read types, its
// `HKStatisticsQuery` and its `DispatchQueue.main.async` hop. The rest completes what the seed's
// brief asks for, in the same style: today's active energy, the latest heart rate and the last
// 24 hours of heart-rate samples, last night's sleep, the weekly and monthly step history (an
// `HKStatisticsCollectionQuery` of daily sums), background delivery of new steps with an
// observer query, and placeholders when data is missing or denied.
//
// Two departures, both so that a test can pin the day: Observation (`@Observable`) instead of
// Combine's `ObservableObject`/`@Published` (Combine does not exist on Linux), and the seed's
// `Date()` and `Calendar.current` are the defaults of an injected clock and calendar
// (`now: { Date() }`, `calendar: .current`). A library cannot intercept `Date()`: the
// predicate's `end: Date()` would be read as virtual now by the wall-clock rule
// (docs/swift-api.md#the-wall-clock-rule), and so would `Calendar.current.startOfDay(for:
// Date())` (a real midnight is read as virtual today's), but the app's other day arithmetic
// (the history's days, sleep from 18:00) is computed from the real today in the process's time
// zone. Tests pass `{ simulation.now }` and `simulation.calendar`, the scenario's time zone.
import Foundation
import Observation

#if os(watchOS) || os(iOS)
  import HealthKit
#else
  import SimulatedHealthKit
#endif

/// Reads the health store for the dashboard (steps, energy, heart rate, sleep) and the history
/// tab (daily steps), and keeps today's steps fresh with background delivery.
///
/// Units as the screens show them: steps as a count, energy in kilocalories, heart rate in beats
/// per minute (`count/min`), sleep in hours. Every property changes on the main actor.
@MainActor @Observable
final class HealthKitManager {
  @ObservationIgnored let healthStore = HKHealthStore()
  /// The clock the queries read (the seed's `Date()`).
  @ObservationIgnored let now: @Sendable () -> Date
  /// The calendar of local days (the seed's `Calendar.current`).
  @ObservationIgnored let calendar: Calendar

  /// Today's steps, all sources merged (`sumQuantity()` of an `HKStatisticsQuery` from local
  /// midnight to now).
  var todaySteps: Int = 0
  /// Today's active energy, kcal.
  var todayCalories: Double = 0
  /// The most recent heart rate, bpm.
  var latestHeartRate: Double = 0
  /// Hours asleep last night (the asleep stages, overlaps counted once).
  var sleepHours: Double = 0
  /// The last 24 hours of heart-rate samples, oldest first.
  var heartRateSamples: [HeartRatePoint] = []
  /// Daily step totals of the history tab, oldest day first.
  var stepHistory: [DailySteps] = []
  /// The values the store had no data for: the screens show a placeholder instead. A read the
  /// user denied looks exactly like this (HealthKit returns no data and no error).
  var missing: Set<Metric> = [.steps, .calories, .heartRate, .sleep]
  /// The last error a query reported (for example `errorDatabaseInaccessible` while the phone is
  /// locked), `errorNoData` aside: no data is a placeholder, not a failure.
  var lastError: (any Error)?
  /// How many times the steps observer ran its update handler.
  var stepUpdates = 0

  /// A dashboard value.
  enum Metric: Hashable, Sendable {
    case steps, calories, heartRate, sleep
  }

  /// One heart-rate reading.
  struct HeartRatePoint: Equatable, Sendable {
    var date: Date
    var bpm: Double
  }

  /// One day of the history tab.
  struct DailySteps: Equatable, Sendable {
    /// The local day's start.
    var day: Date
    var steps: Int
  }

  /// What the screens show where data is missing.
  static let placeholder = "--"

  /// A manager reading `now()` as the current date and local days from `calendar`.
  init(now: @escaping @Sendable () -> Date = { Date() }, calendar: Calendar = .current) {
    self.now = now
    self.calendar = calendar
  }

  /// The text of `metric` on the dashboard: the value, or ``placeholder`` when missing.
  func text(_ metric: Metric) -> String {
    guard !missing.contains(metric) else { return Self.placeholder }
    switch metric {
    case .steps: return "\(todaySteps)"
    case .calories: return String(format: "%.1f kcal", todayCalories)
    case .heartRate: return String(format: "%.0f bpm", latestHeartRate)
    case .sleep: return String(format: "%.1f h", sleepHours)
    }
  }

  // HealthKit 認可リクエスト
  func requestAuthorization() async throws {
    let readTypes: Set<HKObjectType> = [
      HKQuantityType(.stepCount),
      HKQuantityType(.activeEnergyBurned),
      HKQuantityType(.heartRate),
      HKCategoryType(.sleepAnalysis),
    ]
    try await healthStore.requestAuthorization(
      toShare: [], read: readTypes
    )
  }

  // 今日の歩数を取得
  func fetchTodaySteps() async {
    let stepsType = HKQuantityType(.stepCount)
    let today = calendar.startOfDay(for: now())
    let predicate = HKQuery.predicateForSamples(
      withStart: today, end: now()
    )

    let query = HKStatisticsQuery(
      quantityType: stepsType,
      quantitySamplePredicate: predicate,
      options: .cumulativeSum
    ) { _, result, error in
      DispatchQueue.main.async {
        self.todaySteps = Int(
          result?.sumQuantity()?
            .doubleValue(for: .count()) ?? 0
        )
        self.note(.steps, present: result?.sumQuantity() != nil, error: error)
      }
    }
    healthStore.execute(query)
  }

  /// Today's active energy (the seed's steps query for `activeEnergyBurned`, in kcal).
  func fetchTodayCalories() async {
    let energyType = HKQuantityType(.activeEnergyBurned)
    let today = calendar.startOfDay(for: now())
    let predicate = HKQuery.predicateForSamples(withStart: today, end: now())
    let query = HKStatisticsQuery(
      quantityType: energyType, quantitySamplePredicate: predicate, options: .cumulativeSum
    ) { _, result, error in
      DispatchQueue.main.async {
        self.todayCalories = result?.sumQuantity()?.doubleValue(for: .kilocalorie()) ?? 0
        self.note(.calories, present: result?.sumQuantity() != nil, error: error)
      }
    }
    healthStore.execute(query)
  }

  /// The latest heart rate and the last 24 hours of samples.
  func fetchHeartRate() async {
    let heartRateType = HKQuantityType(.heartRate)
    let bpm = HKUnit.count().unitDivided(by: .minute())
    let latest = HKSampleQuery(
      sampleType: heartRateType, predicate: nil, limit: 1,
      sortDescriptors: [NSSortDescriptor(key: HKSampleSortIdentifierEndDate, ascending: false)]
    ) { _, samples, error in
      let value = (samples?.first as? HKQuantitySample)?.quantity.doubleValue(for: bpm)
      DispatchQueue.main.async {
        self.latestHeartRate = value ?? 0
        self.note(.heartRate, present: value != nil, error: error)
      }
    }
    healthStore.execute(latest)

    let end = now()
    let dayAgo = end.addingTimeInterval(-24 * 3600)
    let recent = HKSampleQuery(
      sampleType: heartRateType,
      predicate: HKQuery.predicateForSamples(withStart: dayAgo, end: end),
      limit: HKObjectQueryNoLimit,
      sortDescriptors: [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: true)]
    ) { _, samples, error in
      let points = (samples ?? []).compactMap { sample -> HeartRatePoint? in
        guard let sample = sample as? HKQuantitySample else { return nil }
        return HeartRatePoint(date: sample.startDate, bpm: sample.quantity.doubleValue(for: bpm))
      }
      DispatchQueue.main.async {
        self.heartRateSamples = points
        if let error { self.lastError = error }
      }
    }
    healthStore.execute(recent)
  }

  /// Last night's sleep: the asleep stages (`allAsleepValues`) that start between 18:00
  /// yesterday and noon today, their union in hours (a stage two sources recorded counts once).
  func fetchSleep() async {
    let today = calendar.startOfDay(for: now())
    let start = calendar.date(byAdding: .hour, value: -6, to: today)!
    let end = calendar.date(byAdding: .hour, value: 12, to: today)!
    let asleep = HKQuery.predicateForCategorySamples(
      valueIn: Set(HKCategoryValueSleepAnalysis.allAsleepValues.map(\.rawValue)))
    let window = HKQuery.predicateForSamples(
      withStart: start, end: end, options: .strictStartDate)
    let query = HKSampleQuery(
      sampleType: HKCategoryType(.sleepAnalysis),
      predicate: NSCompoundPredicate(andPredicateWithSubpredicates: [window, asleep]),
      limit: HKObjectQueryNoLimit,
      sortDescriptors: [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: true)]
    ) { _, samples, error in
      let spans = (samples ?? []).map { ($0.startDate, $0.endDate) }
      DispatchQueue.main.async {
        self.sleepHours = Self.unionSeconds(spans) / 3600
        self.note(.sleep, present: !spans.isEmpty, error: error)
      }
    }
    healthStore.execute(query)
  }

  /// The history tab: daily step sums of the last `days` local days, today included (7 for the
  /// weekly chart, 30 for the monthly one), from an `HKStatisticsCollectionQuery` anchored at
  /// local midnight. A day without steps shows 0.
  func fetchStepHistory(days: Int) async {
    let today = calendar.startOfDay(for: now())
    let first = calendar.date(byAdding: .day, value: -(days - 1), to: today)!
    let end = now()
    let query = HKStatisticsCollectionQuery(
      quantityType: HKQuantityType(.stepCount),
      quantitySamplePredicate: HKQuery.predicateForSamples(withStart: first, end: end),
      options: .cumulativeSum, anchorDate: today, intervalComponents: DateComponents(day: 1))
    query.initialResultsHandler = { _, collection, error in
      var history: [DailySteps] = []
      collection?.enumerateStatistics(from: first, to: end) { statistics, _ in
        let steps = statistics.sumQuantity()?.doubleValue(for: .count()) ?? 0
        history.append(DailySteps(day: statistics.startDate, steps: Int(steps.rounded())))
      }
      DispatchQueue.main.async {
        self.stepHistory = history
        if let error { self.lastError = error }
      }
    }
    healthStore.execute(query)
  }

  /// Keeps today's steps fresh: background delivery of steps (HealthKit allows at most hourly
  /// for steps and raises `.immediate` to it) and an observer query whose handler refetches the
  /// steps, then calls the completion handler (else HealthKit backs off and stops delivering).
  func startObservingSteps() async throws {
    let stepsType = HKQuantityType(.stepCount)
    let query = HKObserverQuery(sampleType: stepsType, predicate: nil) {
      _, completionHandler, error in
      Task { @MainActor in
        if let error { self.lastError = error }
        self.stepUpdates += 1
        await self.fetchTodaySteps()
        completionHandler()
      }
    }
    healthStore.execute(query)
    try await healthStore.enableBackgroundDelivery(for: stepsType, frequency: .immediate)
  }

  /// Fetches everything the dashboard and the weekly history show.
  func refresh() async {
    await fetchTodaySteps()
    await fetchTodayCalories()
    await fetchHeartRate()
    await fetchSleep()
    await fetchStepHistory(days: 7)
  }

  /// Records whether `metric` had data; an error other than `errorNoData` (what a statistics
  /// query of an empty range, or of a denied type, reports) is kept in ``lastError``.
  private func note(_ metric: Metric, present: Bool, error: (any Error)?) {
    if present { missing.remove(metric) } else { missing.insert(metric) }
    if let error, (error as? HKError)?.code != .errorNoData { lastError = error }
  }

  /// The length of the union of `spans`, in seconds.
  nonisolated static func unionSeconds(_ spans: [(Date, Date)]) -> Double {
    var total = 0.0
    var current: (Date, Date)?
    for span in spans.sorted(by: { $0.0 < $1.0 }) {
      if let open = current, span.0 <= open.1 {
        current = (open.0, max(open.1, span.1))
      } else {
        if let open = current { total += open.1.timeIntervalSince(open.0) }
        current = span
      }
    }
    if let open = current { total += open.1.timeIntervalSince(open.0) }
    return total
  }
}
