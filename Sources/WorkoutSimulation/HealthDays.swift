import Foundation
import WorkoutCore
import WorkoutHealth
import WorkoutScenario

/// One local day of a scenario's health data, as the command line's day table and the run
/// result's `days` show it (docs/run-result.md#days).
public struct HealthDay: Sendable, Equatable {
  /// A day's steps: merged by the store's source priority, and each device's own count.
  public struct Steps: Sendable, Equatable {
    /// The merged count (``WorkoutHealth/HealthStore/collection(of:where:options:edges:at:)``:
    /// the split rule at the day's edges, the highest-priority source in each slice).
    public var merged: Double
    /// The Apple Watch's own count (unmerged, split at the day's edges).
    public var watch: Double
    /// The iPhone's own count (unmerged, split at the day's edges).
    public var iPhone: Double

    /// Steps of a day.
    public init(merged: Double, watch: Double, iPhone: Double) {
      self.merged = merged
      self.watch = watch
      self.iPhone = iPhone
    }
  }

  /// A night's seconds per sleep stage: the stages of `HKCategoryValueSleepAnalysis`
  /// (https://developer.apple.com/documentation/healthkit/hkcategoryvaluesleepanalysis), raw
  /// values in brackets. Each field is the sum of the durations, s, of one source's samples of
  /// that stage ending on the day (``HealthDay/sleepStages``).
  public struct SleepStages: Sendable, Equatable {
    /// In bed (0), s.
    public var inBed: Double
    /// Awake (2), s.
    public var awake: Double
    /// Core (light) sleep (3), s.
    public var asleepCore: Double
    /// Deep sleep (4), s.
    public var asleepDeep: Double
    /// REM sleep (5), s.
    public var asleepREM: Double
    /// Asleep, stage not known (1), s.
    public var asleepUnspecified: Double

    /// Seconds per stage (0 for a stage left out).
    public init(
      inBed: Double = 0, awake: Double = 0, asleepCore: Double = 0, asleepDeep: Double = 0,
      asleepREM: Double = 0, asleepUnspecified: Double = 0
    ) {
      self.inBed = inBed
      self.awake = awake
      self.asleepCore = asleepCore
      self.asleepDeep = asleepDeep
      self.asleepREM = asleepREM
      self.asleepUnspecified = asleepUnspecified
    }

    /// The seconds of `stage`.
    public subscript(stage: SleepStage) -> Double {
      get {
        switch stage {
        case .inBed: inBed
        case .asleepUnspecified: asleepUnspecified
        case .awake: awake
        case .asleepCore: asleepCore
        case .asleepDeep: asleepDeep
        case .asleepREM: asleepREM
        }
      }
      set {
        switch stage {
        case .inBed: inBed = newValue
        case .asleepUnspecified: asleepUnspecified = newValue
        case .awake: awake = newValue
        case .asleepCore: asleepCore = newValue
        case .asleepDeep: asleepDeep = newValue
        case .asleepREM: asleepREM = newValue
        }
      }
    }
  }

  /// One sleep sample of a night: its stage and its span on the scenario's clock.
  public struct SleepInterval: Sendable, Equatable {
    /// The stage.
    public var stage: SleepStage
    /// The sample's start (scenario instant).
    public var start: SimulationInstant
    /// The sample's end, after ``start``.
    public var end: SimulationInstant

    /// An interval.
    public init(stage: SleepStage, start: SimulationInstant, end: SimulationInstant) {
      self.stage = stage
      self.start = start
      self.end = end
    }
  }

  /// The local date, `YYYY-MM-DD` (the scenario's time zone).
  public var date: String
  /// The day's local midnight (scenario instant).
  public var start: SimulationInstant
  /// The next local midnight (23 or 25 h later on a daylight-saving day).
  public var end: SimulationInstant
  /// Steps.
  public var steps: Steps
  /// Active energy, kcal, merged as the steps are.
  public var activeEnergy: Double
  /// The average of the day's resting heart rate samples (bucketed by start), bpm; `nil` when
  /// the day has none.
  public var restingHeartRate: Double?
  /// Seconds asleep (`asleepUnspecified`, `asleepCore`, `asleepDeep`, `asleepREM`) in sleep
  /// samples ending on the day (the night before it), from the highest-priority source that
  /// has asleep samples ending on it.
  public var sleep: Double
  /// Seconds per stage, `inBed` and `awake` too, of the sleep samples ending on the day from
  /// the source ``sleep`` counts (when no source has asleep samples ending on the day: the
  /// highest-priority source with any sleep sample ending on it); its four asleep stages add up
  /// to ``sleep`` (up to rounding).
  public var sleepStages: SleepStages
  /// The samples behind ``sleepStages``, by start (at one start `inBed` first, then by raw
  /// value): the night in time order, for the report's strip per night. Not in the JSON
  /// document, which carries the totals.
  public var sleepIntervals: [SleepInterval]
  /// Workouts starting on the day.
  public var workouts: Int
  /// The average of the day's heart rate variability samples (SDNN, bucketed by start, as
  /// ``restingHeartRate``), ms; `nil` when the day has none (docs/run-result.md#days).
  public var heartRateVariabilitySDNN: Double?
  /// The sleeping breathing rate: the average of the respiratory rate samples that lie wholly
  /// inside an asleep sleep sample (`asleepUnspecified`, `asleepCore`, `asleepDeep`,
  /// `asleepREM`, any source) ending on the day, each in the day its night counts in (as
  /// ``sleep``), count/min; `nil` when the night before the day has none (a project rule:
  /// docs/run-result.md#days).
  public var respiratoryRate: Double?

  /// A day.
  public init(
    date: String, start: SimulationInstant, end: SimulationInstant, steps: Steps,
    activeEnergy: Double, restingHeartRate: Double?, sleep: Double, workouts: Int,
    sleepStages: SleepStages = SleepStages(), sleepIntervals: [SleepInterval] = [],
    heartRateVariabilitySDNN: Double? = nil, respiratoryRate: Double? = nil
  ) {
    self.date = date
    self.start = start
    self.end = end
    self.steps = steps
    self.activeEnergy = activeEnergy
    self.restingHeartRate = restingHeartRate
    self.sleep = sleep
    self.sleepStages = sleepStages
    self.sleepIntervals = sleepIntervals
    self.workouts = workouts
    self.heartRateVariabilitySDNN = heartRateVariabilitySDNN
    self.respiratoryRate = respiratoryRate
  }
}

extension HealthDay {
  /// The days of `data` on the device's local `days`, as the store holds them at `now`: a
  /// sample counts once it has reached the store (its `savedAt` at or before `now`), so a day
  /// that goes on after the run's end shows what had arrived by then.
  ///
  /// - Parameters:
  ///   - data: the health data (``HealthGeneration/data(for:through:recordingStart:)``).
  ///   - days: the device's local days (``HealthGeneration/days(for:through:recordingStart:)``).
  ///   - seed: the store's seed (UUIDs only; the values do not depend on it).
  ///   - now: the instant the store is read at (the run's end); `nil` counts every sample.
  /// - Returns: one entry per day, in order.
  public static func days(
    of data: HealthData, on days: [LocalDay], seed: UInt64 = 0, at now: SimulationInstant? = nil
  )
    -> [HealthDay]
  {
    guard let first = days.first, let last = days.last else { return [] }
    let store = HealthStore(data: data, seed: seed)
    let now = now ?? data.samples.map(\.savedAt).max() ?? .zero
    let edges = days.map(\.start) + [last.end]
    let steps = store.collection(
      of: .stepCount, where: .all, options: [.cumulativeSum, .separateBySource], edges: edges,
      at: now)
    let energy = store.collection(
      of: .activeEnergyBurned, where: .all, options: .cumulativeSum, edges: edges, at: now)
    let resting = store.collection(
      of: .restingHeartRate, where: .all, options: .discreteAverage, edges: edges, at: now)
    let variability = store.collection(
      of: .heartRateVariabilitySDNN, where: .all, options: .discreteAverage, edges: edges,
      at: now)
    // Sleep: asleep seconds by day of the sample's end, per source, and every sleep sample
    // (inBed and awake too) by day and source for the stages.
    let asleep: Set<Double> = [1, 3, 4, 5]
    var sleep = Array(repeating: [UInt16: Double](), count: days.count)
    var nights = Array(repeating: [UInt16: [SleepInterval]](), count: days.count)
    // The asleep samples by the day their night counts in, for the sleeping breathing rate.
    var asleepSpans = Array(
      repeating: [(SimulationInstant, SimulationInstant)](), count: days.count)
    var longestAsleep = Duration.zero
    for sample in data.samples
    where sample.type == .sleepAnalysis && sample.savedAt <= now && sample.end > first.start
      && sample.end <= last.end
    {
      let index = Self.day(containing: sample.end, edges: edges, inclusiveEnd: true)
      if let stage = SleepStage(rawValue: Int(sample.value)) {
        nights[index][sample.source, default: []].append(
          SleepInterval(stage: stage, start: sample.start, end: sample.end))
      }
      guard asleep.contains(sample.value) else { continue }
      sleep[index][sample.source, default: 0] += sample.start.duration(to: sample.end).secondsValue
      asleepSpans[index].append((sample.start, sample.end))
      longestAsleep = max(longestAsleep, sample.start.duration(to: sample.end))
    }
    let breathing = Self.sleepingRespiratoryRates(
      data.samples, asleep: asleepSpans, longest: longestAsleep, edges: edges, at: now)
    var workouts = Array(repeating: 0, count: days.count)
    for record in data.workouts
    where record.startDate >= first.start && record.startDate < last.end && record.endDate <= now {
      workouts[Self.day(containing: record.startDate, edges: edges, inclusiveEnd: false)] += 1
    }
    let order = data.priority + data.sources.indices.map { UInt16($0) }
    return days.indices.map { index in
      let bySource = steps[index].bySource
      let slept = order.first { sleep[index][$0] != nil }.flatMap { sleep[index][$0] } ?? 0
      let night = Self.night(nights[index], asleep: sleep[index], order: order)
      return HealthDay(
        date: days[index].dateText, start: days[index].start, end: days[index].end,
        steps: Steps(
          merged: steps[index].sum ?? 0, watch: bySource[HealthGenerator.watch]?.sum ?? 0,
          iPhone: bySource[HealthGenerator.iPhone]?.sum ?? 0),
        activeEnergy: energy[index].sum ?? 0, restingHeartRate: resting[index].average,
        sleep: slept, workouts: workouts[index], sleepStages: night.stages,
        sleepIntervals: night.intervals,
        heartRateVariabilitySDNN: variability[index].average, respiratoryRate: breathing[index])
    }
  }

  /// Per day, the average of the respiratory rate samples (reached the store by `now`) that lie
  /// wholly inside one of the day's asleep samples (`asleep[day]`: start and end, the night that
  /// counts in the day, as ``sleep``); `nil` for a day without one (``respiratoryRate``).
  /// An asleep sample holding a reading ends at or after the reading's end, so only the days
  /// from the one holding that end to the one holding that end + `longest` (the longest asleep
  /// sample) are looked at.
  static func sleepingRespiratoryRates(
    _ samples: [HealthSample], asleep: [[(SimulationInstant, SimulationInstant)]],
    longest: Duration, edges: [SimulationInstant], at now: SimulationInstant
  ) -> [Double?] {
    var sums = Array(repeating: (total: 0.0, count: 0), count: asleep.count)
    guard let first = edges.first, let last = edges.last else { return [] }
    for sample in samples
    where sample.type == .respiratoryRate && sample.savedAt <= now && sample.end > first
      && sample.end <= last
    {
      let from = Self.day(containing: sample.end, edges: edges, inclusiveEnd: true)
      let latest = sample.end.advanced(by: longest)
      let to =
        latest >= last
        ? asleep.count - 1 : Self.day(containing: latest, edges: edges, inclusiveEnd: true)
      let holding = (from...max(from, to)).first { day in
        asleep[day].contains { $0.0 <= sample.start && sample.end <= $0.1 }
      }
      guard let holding else { continue }
      sums[holding].total += sample.value
      sums[holding].count += 1
    }
    return sums.map { $0.count > 0 ? $0.total / Double($0.count) : nil }
  }

  /// A night's stages and samples from one source: the first in `order` with asleep seconds,
  /// else the first with any sleep sample; none for a day without sleep samples.
  static func night(
    _ bySource: [UInt16: [SleepInterval]], asleep: [UInt16: Double], order: [UInt16]
  ) -> (stages: SleepStages, intervals: [SleepInterval]) {
    guard
      let source = order.first(where: { asleep[$0] != nil })
        ?? order.first(where: { bySource[$0] != nil }),
      let samples = bySource[source]
    else { return (SleepStages(), []) }
    var stages = SleepStages()
    for sample in samples {
      stages[sample.stage] += sample.start.duration(to: sample.end).secondsValue
    }
    let intervals = samples.sorted {
      ($0.start, $0.stage.rawValue, $0.end) < ($1.start, $1.stage.rawValue, $1.end)
    }
    return (stages, intervals)
  }

  /// The index of the day holding `instant` (`edges` ascending; with `inclusiveEnd`, an instant
  /// on an edge belongs to the day it ends).
  static func day(
    containing instant: SimulationInstant, edges: [SimulationInstant], inclusiveEnd: Bool
  )
    -> Int
  {
    var low = 0
    var high = edges.count - 1
    while high - low > 1 {
      let middle = (low + high) / 2
      let after = inclusiveEnd ? instant > edges[middle] : instant >= edges[middle]
      if after { low = middle } else { high = middle }
    }
    return low
  }

  /// The days of `scenario`'s `health` plan through `end` (`nil` without a `health` key).
  ///
  /// - Parameters:
  ///   - scenario: the scenario.
  ///   - end: the run's last instant.
  ///   - startDate: the date of `t = 0` the run used (a replayed recording's first time stamp
  ///     when the scenario has no `start`).
  /// - Throws: ``SimulationError`` as ``HealthGeneration/data(for:through:recordingStart:)``.
  public static func days(for scenario: Scenario, through end: SimulationInstant, startDate: Date?)
    throws(SimulationError) -> [HealthDay]?
  {
    guard scenario.health != nil else { return nil }
    let recordingStart = scenario.start == nil ? startDate : nil
    let data = try HealthGeneration.data(
      for: scenario, through: end, recordingStart: recordingStart)
    let local = try HealthGeneration.days(
      for: scenario, through: end, recordingStart: recordingStart)
    return days(of: data, on: local.device, seed: scenario.seed, at: end)
  }
}
