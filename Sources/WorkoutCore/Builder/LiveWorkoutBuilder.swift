/// The `HKLiveWorkoutBuilder` of one session: its lifecycle, the events and samples it collected,
/// elapsed time and statistics.
///
/// Lifecycle (docs/healthkit-behaviour.md#builder-states, the observed behaviour of HealthKit's
/// `HKWorkoutBuilder`): notStarted → active (``beginCollection(at:)``) → ended
/// (``endCollection(at:)``) → finished (``finishWorkout(id:metadata:)``); discarded
/// (``discardWorkout()``) from notStarted, active or ended. Illegal calls throw `invalidArgument`
/// errors with HealthKit's descriptions.
///
/// Samples are appended by the engine only while collection runs; the builder keeps them per
/// type as ``SampleSeries`` and keeps running statistics.
public struct LiveWorkoutBuilder: Sendable {
  /// The builder's lifecycle state (HealthKit's construction states 0 to 4).
  public enum Lifecycle: Int, Sendable, Hashable, CaseIterable {
    /// Created; collection not begun (index 0).
    case notStarted = 0
    /// Collecting, after `beginCollection` (1).
    case active = 1
    /// Collection ended, after `endCollection` (2).
    case ended = 2
    /// The workout was saved by `finishWorkout` (3).
    case finished = 3
    /// The workout was discarded (4).
    case discarded = 4
  }

  private enum State: Sendable, Hashable {
    /// Exits: begin → active, discard → discarded.
    case notStarted
    /// Exits: end → ended, discard → discarded.
    case active(start: SimulationInstant)
    /// Exits: finish → finished, discard → discarded.
    case ended(start: SimulationInstant, end: SimulationInstant)
    /// Terminal.
    case finished(start: SimulationInstant, end: SimulationInstant)
    /// Terminal.
    case discarded(start: SimulationInstant?, end: SimulationInstant?)
  }

  private var current: State = .notStarted
  /// The workout's activity.
  public let activityType: WorkoutActivityType
  /// Where the workout happens.
  public let locationType: WorkoutSessionLocationType
  /// Whether the session's events (pause, resume) are added to this builder automatically
  /// (HealthKit's default `true`; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/running-workout-sessions).
  public let shouldCollectWorkoutEvents: Bool
  /// The events collected so far, in date order (the elapsed time's and the record's order).
  public private(set) var workoutEvents: [WorkoutEvent] = []
  /// The same events in the order they were added (`HKWorkoutBuilder.workoutEvents`, "the
  /// list of events added to the workout", Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutbuilder/workoutevents):
  /// each one emits one `workoutBuilderDidCollectEvent`, and the n-th call's event is the
  /// n-th here (docs/swift-api.md#builder-events).
  public private(set) var eventsInOrderAdded: [WorkoutEvent] = []
  /// The activities begun so far in start order (`workoutActivities`), the last one current
  /// while its end date is `nil` (LiveWorkoutBuilder+Activities.swift).
  public internal(set) var activities: [WorkoutActivityRecord] = []
  @usableFromInline var series: [SampleSeries]
  @usableFromInline var accumulators: [StatisticsAccumulator]

  /// Creates a builder in `notStarted`.
  ///
  /// - Parameters:
  ///   - activityType: the workout's activity.
  ///   - locationType: indoor, outdoor or unknown.
  ///   - shouldCollectWorkoutEvents: forward the session's events automatically.
  ///   - cumulativeIntervals: each cumulative type's sensor interval (the nominal span length
  ///     of its samples; only used for compact storage).
  public init(
    activityType: WorkoutActivityType, locationType: WorkoutSessionLocationType,
    shouldCollectWorkoutEvents: Bool = true, cumulativeIntervals: [QuantityType: Duration] = [:]
  ) {
    self.activityType = activityType
    self.locationType = locationType
    self.shouldCollectWorkoutEvents = shouldCollectWorkoutEvents
    var series: [SampleSeries] = []
    for type in QuantityType.allCases {
      let nominal = type.isCumulative ? (cumulativeIntervals[type] ?? .zero) : .zero
      series.append(SampleSeries(nominalLength: nominal))
    }
    self.series = series
    self.accumulators = Array(repeating: StatisticsAccumulator(), count: QuantityType.slotCount)
  }

  // MARK: - State

  /// The lifecycle state.
  public var lifecycle: Lifecycle {
    switch current {
    case .notStarted: .notStarted
    case .active: .active
    case .ended: .ended
    case .finished: .finished
    case .discarded: .discarded
    }
  }

  /// The workout start date set by ``beginCollection(at:)``, or `nil`.
  public var startDate: SimulationInstant? {
    switch current {
    case .notStarted: nil
    case .active(let start): start
    case .ended(let start, _), .finished(let start, _): start
    case .discarded(let start, _): start
    }
  }

  /// The workout end date set by ``endCollection(at:)``, or `nil`.
  public var endDate: SimulationInstant? {
    switch current {
    case .notStarted, .active: nil
    case .ended(_, let end), .finished(_, let end): end
    case .discarded(_, let end): end
    }
  }

  /// Whether samples are accepted (the builder is active).
  public var isActive: Bool {
    switch current {
    case .active: true
    case .notStarted, .ended, .finished, .discarded: false
    }
  }

  // MARK: - Lifecycle calls

  /// `beginCollection(withStart:)`: notStarted → active, setting the start date.
  ///
  /// - Throws: `invalidArgument` "Unable to begin a workout that has already started." in any
  ///   other state.
  public mutating func beginCollection(at date: SimulationInstant) throws(WorkoutError) {
    switch self.current {
    case .notStarted:
      self.current = .active(start: date)
    case .active, .ended, .finished, .discarded:
      throw .invalidArgument("Unable to begin a workout that has already started.")
    }
  }

  /// `endCollection(withEnd:)`: active → ended, setting the end date.
  ///
  /// - Throws: `invalidArgument` with, in this order of checks: "cannot set endDate without a
  ///   startDate" (never begun), "endDate must be after startDate" (`date` ≤ start), "Unable to
  ///   end a workout that is not currently active." (not active).
  public mutating func endCollection(at date: SimulationInstant) throws(WorkoutError) {
    guard let start = self.startDate else {
      throw .invalidArgument("cannot set endDate without a startDate")
    }
    guard date > start else { throw .invalidArgument("endDate must be after startDate") }
    switch self.current {
    case .active(let start):
      self.current = .ended(start: start, end: date)
    case .notStarted, .ended, .finished, .discarded:
      throw .invalidArgument("Unable to end a workout that is not currently active.")
    }
  }

  /// `finishWorkout()`: ended → finished; returns the saved workout.
  ///
  /// - Parameters:
  ///   - id: the record's UUID string (``WorkoutRecord/makeID(seed:sessionIndex:)``).
  ///   - metadata: the record's metadata; `HKIndoorWorkout` is set from ``locationType``.
  /// - Returns: the finished record.
  /// - Throws: `invalidArgument` "Unable to finish a workout that is not currently ended." when
  ///   not ended.
  public mutating func finishWorkout(id: String, metadata: [String: MetadataValue] = [:])
    throws(WorkoutError) -> WorkoutRecord
  {
    switch self.current {
    case .ended(let start, let end):
      self.current = .finished(start: start, end: end)
      return self.record(id: id, start: start, end: end, metadata: metadata)
    case .notStarted, .active, .finished, .discarded:
      throw .invalidArgument("Unable to finish a workout that is not currently ended.")
    }
  }

  /// `discardWorkout()`: notStarted, active or ended → discarded; nothing is saved.
  ///
  /// - Throws: `invalidArgument` "Unable to discard a workout that is already finished." from
  ///   finished or discarded (project wording; HealthKit's text is not known).
  public mutating func discardWorkout() throws(WorkoutError) {
    switch self.current {
    case .notStarted, .active, .ended:
      self.current = .discarded(start: self.startDate, end: self.endDate)
    case .finished, .discarded:
      throw .invalidArgument("Unable to discard a workout that is already finished.")
    }
  }

  // MARK: - Events

  /// `addWorkoutEvents(_:)` by the app: accepted while notStarted, active or ended, dated
  /// within the span known so far (HealthKit's rule, ``WorkoutRecord/isWithin(_:start:end:)``:
  /// not before the start once collection began, not after the end once it ended). An event
  /// accepted before the end was known and dated after it is left out of the saved workout
  /// (``eventsOutsideSpan``).
  ///
  /// - Parameter check: how the refusal of an event outside the known span words its advice:
  ///   ``WorkoutRecord/EventCheck/adding`` (the app's call) or
  ///   ``WorkoutRecord/EventCheck/timeline(_:)`` (a scenario timeline's action).
  /// - Throws: `invalidArgument` with ``WorkoutRecord/eventOutsideMessage(_:start:end:when:)``
  ///   for an event outside the known span; "Unable to add events to a workout that is
  ///   finished." from finished or discarded (project wording).
  public mutating func addWorkoutEvent(
    _ event: WorkoutEvent, check: WorkoutRecord.EventCheck = .adding
  ) throws(WorkoutError) {
    switch self.current {
    case .notStarted:
      self.insert(event)
    case .active(let start):
      if let message = WorkoutRecord.eventOutsideMessage(
        event, start: start, end: nil, when: check)
      {
        throw .invalidArgument(message)
      }
      self.insert(event)
    case .ended(let start, let end):
      if let message = WorkoutRecord.eventOutsideMessage(
        event, start: start, end: end, when: check)
      {
        throw .invalidArgument(message)
      }
      self.insert(event)
    case .finished, .discarded:
      throw .invalidArgument("Unable to add events to a workout that is finished.")
    }
  }

  /// The events collected, in the order added, that lie outside the workout's span
  /// (``WorkoutRecord/isWithin(_:start:end:)``): accepted before the span was known, left out
  /// of the saved workout. Empty before collection ends.
  public var eventsOutsideSpan: [WorkoutEvent] {
    guard let start = startDate, let end = endDate else { return [] }
    return eventsInOrderAdded.filter { !WorkoutRecord.isWithin($0.date, start: start, end: end) }
  }

  /// An event the session generated: collected only when ``shouldCollectWorkoutEvents`` and the
  /// builder is active.
  ///
  /// - Returns: whether the event was collected (and `workoutBuilderDidCollectEvent` fires).
  public mutating func collectSessionEvent(_ event: WorkoutEvent) -> Bool {
    guard shouldCollectWorkoutEvents, isActive else { return false }
    insert(event)
    return true
  }

  private mutating func insert(_ event: WorkoutEvent) {
    eventsInOrderAdded.append(event)
    if let last = workoutEvents.last, last.date > event.date {
      var index = workoutEvents.count
      while index > 0 && workoutEvents[index - 1].date > event.date { index -= 1 }
      workoutEvents.insert(event, at: index)
    } else {
      workoutEvents.append(event)
    }
  }

  // MARK: - Elapsed time and statistics

  /// `elapsedTime(at:)`: the time collected up to `date`, excluding pauses.
  ///
  /// HealthKit's algorithm (docs/healthkit-behaviour.md#elapsed-time-and-duration): 0 without a
  /// start or when start ≥ `date`; `date` capped at the end date; walk the events in date order,
  /// stopping at the first one before the start or after `date`; a `pause` while running adds
  /// the running span and stops the clock, a `resume` while paused restarts it; every other type
  /// and every repeated pause or resume is ignored; if still running add `date − segmentStart`.
  public func elapsedTime(at date: SimulationInstant) -> Duration {
    .nanoseconds(
      Self.elapsed(
        start: startDate?.nanoseconds, end: endDate?.nanoseconds, events: workoutEvents,
        at: date.nanoseconds))
  }

  static func elapsed(start: Int64?, end: Int64?, events: [WorkoutEvent], at date: Int64)
    -> Int64
  {
    guard let start, start < date else { return 0 }
    var limit = date
    if let end, end < limit { limit = end }
    let spans = PauseRule.runningSpans(
      of: events, start: SimulationInstant(nanoseconds: start),
      limit: SimulationInstant(nanoseconds: limit))
    return spans.reduce(0) { $0 + ($1.to.nanoseconds - $1.from.nanoseconds) }
  }

  /// `statistics(for:)`: the statistics of `type` so far, or `nil` without samples. The
  /// time-weighted average holds the last value until `date` (capped at the end date).
  public func statistics(for type: QuantityType, at date: SimulationInstant)
    -> QuantityStatistics?
  {
    var end = date
    if let endDate, endDate < end { end = endDate }
    return accumulators[type.slot].statistics(
      cumulative: type.isCumulative, endingAt: end.nanoseconds)
  }

  /// The samples of `type` collected so far.
  public func samples(of type: QuantityType) -> SampleSeries { series[type.slot] }

  /// The latest sample of `type` collected so far, or `nil` (read in place: no copy of the
  /// series).
  public func lastSample(of type: QuantityType) -> QuantitySample? {
    let count = series[type.slot].count
    return count > 0 ? series[type.slot][count - 1] : nil
  }

  /// The number of samples of `type` collected so far.
  public func sampleCount(of type: QuantityType) -> Int { accumulators[type.slot].count }

  /// The most recent value of discrete `type`, or `nil` without samples.
  public func mostRecent(of type: QuantityType) -> Double? {
    let accumulator = accumulators[type.slot]
    return accumulator.count > 0 ? accumulator.mostRecent : nil
  }

  /// The sum of cumulative `type`, or `nil` without samples.
  public func sum(of type: QuantityType) -> Double? {
    let accumulator = accumulators[type.slot]
    return accumulator.count > 0 ? accumulator.sum : nil
  }

  // MARK: - Samples (engine only)

  @inlinable
  package mutating func appendDiscrete(slot: Int, at instant: Int64, value: Double) {
    series[slot].append(start: instant, end: instant, value: value)
    accumulators[slot].addDiscrete(at: instant, value: value)
  }

  @inlinable
  package mutating func appendCumulative(slot: Int, start: Int64, end: Int64, value: Double) {
    series[slot].append(start: start, end: end, value: value)
    accumulators[slot].addCumulative(value)
  }

  /// Makes room for `additional` more samples in the series of `slot`
  /// (``SampleSeries/reserve(additional:)``).
  package mutating func reserveSamples(slot: Int, additional: Int) {
    series[slot].reserve(additional: additional)
  }

  // MARK: - Record

  private func record(
    id: String, start: SimulationInstant, end: SimulationInstant,
    metadata extra: [String: MetadataValue]
  ) -> WorkoutRecord {
    let events = WorkoutRecord.filteredEvents(workoutEvents, start: start, end: end)
    let duration = Self.elapsed(
      start: start.nanoseconds, end: end.nanoseconds, events: events, at: end.nanoseconds)
    var statistics: [QuantityType: QuantityStatistics] = [:]
    var samples: [QuantityType: SampleSeries] = [:]
    for type in QuantityType.allCases {
      if let value = self.statistics(for: type, at: end) {
        statistics[type] = value
        samples[type] = series[type.slot].compacted()
      }
    }
    var metadata = extra
    metadata[WorkoutRecord.MetadataKey.indoorWorkout] = .bool(locationType == .indoor)
    var record = WorkoutRecord(
      id: id, activityType: activityType, locationType: locationType, startDate: start,
      endDate: end, duration: .nanoseconds(duration), events: events,
      totalEnergyBurned: statistics[.activeEnergyBurned]?.sum,
      totalDistance: activityType.distanceType.flatMap { statistics[$0]?.sum },
      statistics: statistics, metadata: metadata, samples: samples)
    record.activities = savedActivities(end: end)
    return record
  }
}
