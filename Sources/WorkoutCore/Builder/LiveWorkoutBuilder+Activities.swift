/// One activity of a workout, HealthKit's `HKWorkoutActivity` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkworkoutactivity): a part of the
/// workout with its own configuration, dates, events, duration and statistics.
///
/// Units: seconds (``duration``), each quantity type's unit in ``statistics``.
public struct WorkoutActivityRecord: Sendable, Equatable {
  /// The activity's type (`swimming`, `transition`, ...).
  public var activityType: WorkoutActivityType
  /// Its location type.
  public var locationType: WorkoutSessionLocationType
  /// When it began (the app's `beginNewActivity` date).
  public var startDate: SimulationInstant
  /// When it ended, or `nil` while it is the current activity.
  public var endDate: SimulationInstant?
  /// The app's metadata for it.
  public var metadata: [String: MetadataValue]
  /// Its events: the workout's kept events inside `[start, end]`.
  public var events: [WorkoutEvent] = []
  /// Its active time: start to end minus its paused spans (``PauseRule``); zero in the stored
  /// running activity, whose time so far ``LiveWorkoutBuilder/activity(_:at:)`` gives.
  public var duration: Duration = .zero
  /// Its statistics: those of the samples whose end lies in its span, `(start, end]` (a
  /// sample ending at the instant of a change belongs to the activity ending there, so a bike
  /// leg's last cadence reading is not the transition's; a change the app back-dates moves the
  /// samples ending after its date to the activity that begins: ``sampleBoundary(at:)``).
  public var statistics: [QuantityType: QuantityStatistics] = [:]
  /// Per type slot, the number of samples ending at or before its start and at or before its
  /// end (``LiveWorkoutBuilder/sampleBoundary(at:)``): its samples are those between.
  var firstSamples: [Int] = []
  var endSamples: [Int]?

  /// The last sample of `type` collected while it was current, read from `samples` (the
  /// builder's or the saved record's series of `type`), or `nil`.
  public func lastSample(of type: QuantityType, in samples: SampleSeries) -> QuantitySample? {
    let upper = min(endSamples?[type.slot] ?? samples.count, samples.count)
    let lower = firstSamples.isEmpty ? 0 : firstSamples[type.slot]
    return upper > lower ? samples[upper - 1] : nil
  }

  /// Creates a running activity.
  public init(
    activityType: WorkoutActivityType, locationType: WorkoutSessionLocationType,
    startDate: SimulationInstant, metadata: [String: MetadataValue] = [:]
  ) {
    self.activityType = activityType
    self.locationType = locationType
    self.startDate = startDate
    self.metadata = metadata
  }
}

/// What a `beginNewActivity` or `endCurrentActivity` call did to the builder's activities, in
/// the order the app hears it: the index (in ``LiveWorkoutBuilder/activities``) of each activity
/// that ended, then of the one that began.
public enum WorkoutActivityChange: Sendable, Hashable {
  /// Activity `index` began (`workoutSession(_:didBeginActivityWith:date:)`,
  /// `workoutBuilder(_:didBegin:)`).
  case began(index: Int)
  /// Activity `index` ended (`workoutSession(_:didEndActivityWith:date:)`,
  /// `workoutBuilder(_:didEnd:)`).
  case ended(index: Int)
}

extension LiveWorkoutBuilder {
  /// The current activity (its ``WorkoutActivityRecord/endDate`` is `nil`), or `nil`
  /// (`currentWorkoutActivity`; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkliveworkoutbuilder/currentworkoutactivity).
  public var currentActivity: WorkoutActivityRecord? {
    activities.last.flatMap { $0.endDate == nil ? $0 : nil }
  }

  /// `beginNewActivity(configuration:date:metadata:)` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutsession/beginnewactivity(configuration:date:metadata:)):
  /// ends the current activity at `date` (as HealthKit does), then begins one of `type`.
  ///
  /// Rules: the session must be running; the builder must not have ended; `type` must be
  /// allowed in the workout (``WorkoutActivityType/canBeActivity(of:)``); `date` must not be
  /// before the current activity's start. Apple documents no error text for these; the texts
  /// are the project's, in the `invalidArgument` (3) code of every illegal session call.
  ///
  /// - Throws: `invalidArgument` "Unable to perform 'beginNewActivity' from current state
  ///   '<state>'" when the session is not running; "Unable to begin an activity in a workout
  ///   that is not collecting." when the builder has ended; "Activity type '<type>' is not
  ///   allowed in a '<workout>' workout." for a type the workout does not allow; "Activity
  ///   date is before the current activity's start." for an earlier date.
  /// - Returns: the changes, `ended` (when one was current) then `began`.
  public mutating func beginActivity(
    _ type: WorkoutActivityType, location: WorkoutSessionLocationType,
    at date: SimulationInstant, metadata: [String: MetadataValue] = [:],
    sessionState: WorkoutSessionState
  ) throws(WorkoutError) -> [WorkoutActivityChange] {
    guard sessionState == .running else {
      throw .invalidArgument(
        "Unable to perform 'beginNewActivity' from current state '\(sessionState.name)'")
    }
    guard lifecycle == .notStarted || lifecycle == .active else {
      throw .invalidArgument("Unable to begin an activity in a workout that is not collecting.")
    }
    guard type.canBeActivity(of: activityType) else {
      throw .invalidArgument(
        "Activity type '\(type.name)' is not allowed in a '\(activityType.name)' workout.")
    }
    var changes: [WorkoutActivityChange] = []
    if let current = currentActivity {
      guard date >= current.startDate else {
        throw .invalidArgument("Activity date is before the current activity's start.")
      }
      changes.append(closeCurrentActivity(at: date))
    }
    var activity = WorkoutActivityRecord(
      activityType: type, locationType: location, startDate: date, metadata: metadata)
    activity.firstSamples = sampleBoundary(at: date)
    activities.append(activity)
    changes.append(.began(index: activities.count - 1))
    return changes
  }

  /// `endCurrentActivity(on:)` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutsession/endcurrentactivity(on:)):
  /// the current activity ends at `date` (not before its start); `currentActivity` is `nil`
  /// until the next `beginNewActivity`.
  ///
  /// - Throws: `invalidArgument` "Unable to perform 'endCurrentActivity' from current state
  ///   '<state>'" unless the session is running or paused; "There is no current activity to
  ///   end." without one; "Activity date is before the current activity's start." for an
  ///   earlier date (project texts, as for ``beginActivity(_:location:at:metadata:sessionState:)``).
  /// - Returns: `ended` with the activity's index.
  public mutating func endActivity(at date: SimulationInstant, sessionState: WorkoutSessionState)
    throws(WorkoutError) -> WorkoutActivityChange
  {
    guard sessionState == .running || sessionState == .paused else {
      throw .invalidArgument(
        "Unable to perform 'endCurrentActivity' from current state '\(sessionState.name)'")
    }
    guard let current = currentActivity else {
      throw .invalidArgument("There is no current activity to end.")
    }
    guard date >= current.startDate else {
      throw .invalidArgument("Activity date is before the current activity's start.")
    }
    return closeCurrentActivity(at: date)
  }

  /// Ends the current activity at `date` with its events, duration and statistics.
  private mutating func closeCurrentActivity(at date: SimulationInstant) -> WorkoutActivityChange {
    let index = activities.count - 1
    activities[index] = finished(activities[index], end: date)
    return .ended(index: index)
  }

  /// After the engine cut the sampling interval at a change (its last samples arrive then):
  /// the activities `changes` ended take those samples, the one that began starts after them.
  package mutating func activitiesSwitched(_ changes: [WorkoutActivityChange]) {
    for change in changes {
      switch change {
      case .ended(let index):
        guard let end = activities[index].endDate else { continue }
        activities[index] = finished(activities[index], end: end)
      case .began(let index):
        activities[index].firstSamples = sampleBoundary(at: activities[index].startDate)
      }
    }
  }

  /// Per type slot, the number of samples that end at or before `date`: the boundary between
  /// the activity that ends at `date` and the one that begins there.
  ///
  /// Rule: an activity's statistics are those of its date interval (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutactivity/statistics(for:),
  /// "statistics for the activity's data"), a sample counting in the activity whose span holds
  /// its end (project rule for the sample that straddles a back-dated change: samples are
  /// indivisible, and the one home of the rule is here; docs/healthkit-behaviour.md#activities).
  /// A change at the current instant, after the engine cut its sampling interval there, puts
  /// every sample so far before it; a back-dated one (`beginNewActivity` with an earlier date,
  /// new-user trial 29) leaves the samples that end after `date` to the next activity. A
  /// series is in time order, so the count is found from its end.
  package func sampleBoundary(at date: SimulationInstant) -> [Int] {
    series.map { samples in
      var count = samples.count
      while count > 0, samples[count - 1].end > date { count -= 1 }
      return count
    }
  }

  /// Activity `index` as it stands at `date`, or `nil` for an index out of range: an ended one
  /// as saved; the running one (its end date still `nil`) with the workout's kept events from
  /// its start to `date`, its duration so far and its statistics so far.
  ///
  /// Apple doc (https://developer.apple.com/documentation/healthkit/hkworkoutactivity/duration):
  /// "If an activity is currently in progress, it has a nil-valued endDate. In this case,
  /// HealthKit calculates the duration as the time between the startDate and the current time,
  /// ignoring any pause periods": as for an ended activity ("the elapsed time between the
  /// activity's startDate and endDate, ignoring any pause periods", the same page), its pause
  /// periods do not count, so the duration is `date − start` minus the paused time (a pause
  /// still open at `date` counts up to `date`; ``PauseRule``).
  public func activity(_ index: Int, at date: SimulationInstant) -> WorkoutActivityRecord? {
    guard activities.indices.contains(index) else { return nil }
    let activity = activities[index]
    guard activity.endDate == nil else { return activity }
    let now = max(date, activity.startDate)
    var running = activity
    running.events = WorkoutRecord.filteredEvents(
      workoutEvents, start: activity.startDate, end: now)
    running.duration = .nanoseconds(
      Self.elapsed(
        start: activity.startDate.nanoseconds, end: now.nanoseconds, events: running.events,
        at: now.nanoseconds))
    running.statistics = statistics(of: running, endingAt: now)
    return running
  }

  /// `activity` as it stands from its start to `end`: the workout's kept events in that span,
  /// its active time by the pause rule, and the statistics of the samples collected while it
  /// was current (up to now).
  func finished(_ activity: WorkoutActivityRecord, end: SimulationInstant)
    -> WorkoutActivityRecord
  {
    var result = activity
    result.endDate = end
    result.events = WorkoutRecord.filteredEvents(workoutEvents, start: activity.startDate, end: end)
    result.duration = .nanoseconds(
      Self.elapsed(
        start: activity.startDate.nanoseconds, end: end.nanoseconds, events: result.events,
        at: end.nanoseconds))
    result.endSamples = sampleBoundary(at: end)
    result.statistics = statistics(of: result, endingAt: end)
    return result
  }

  /// The statistics of activity `index` at `date`: of its samples so far while it is current
  /// (the time-weighted average holding the last value until `date`), else its saved ones; an
  /// empty dictionary for an index out of range.
  public func statistics(ofActivity index: Int, at date: SimulationInstant)
    -> [QuantityType: QuantityStatistics]
  {
    activity(index, at: date)?.statistics ?? [:]
  }

  /// The statistics of the samples between `activity`'s first and end sample counts (now when
  /// it has not ended), per type with such samples.
  private func statistics(of activity: WorkoutActivityRecord, endingAt end: SimulationInstant)
    -> [QuantityType: QuantityStatistics]
  {
    var result: [QuantityType: QuantityStatistics] = [:]
    for type in QuantityType.allCases {
      let samples = series[type.slot]
      let upper = min(activity.endSamples?[type.slot] ?? samples.count, samples.count)
      let lower = min(activity.firstSamples.isEmpty ? 0 : activity.firstSamples[type.slot], upper)
      var accumulator = StatisticsAccumulator()
      for position in lower..<upper {
        let sample = samples[position]
        if type.isCumulative {
          accumulator.addCumulative(sample.value)
        } else {
          accumulator.addDiscrete(at: sample.start.nanoseconds, value: sample.value)
        }
      }
      result[type] = accumulator.statistics(
        cumulative: type.isCumulative, endingAt: end.nanoseconds)
    }
    return result
  }

  /// The activities a finished workout keeps: every one, the current one ended at the
  /// workout's end `end` (HealthKit ends it with the workout: its activities lie inside it).
  func savedActivities(end: SimulationInstant) -> [WorkoutActivityRecord] {
    activities.map { $0.endDate == nil ? finished($0, end: end) : $0 }
  }
}
