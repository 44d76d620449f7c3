import Synchronization
import WorkoutCore
import WorkoutHealth
import WorkoutSystem

/// The state of an ``HKWorkoutBuilder`` made with `init(healthStore:configuration:device:)`:
/// a builder of a workout the app records itself, with no session or data source (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkworkoutbuilder/init(healthstore:configuration:device:);
/// docs/healthkit-behaviour.md#workouts-saved-by-the-app). Only the app's calls fill it: the
/// samples it adds, its events, activities and metadata.
///
/// `@unchecked`: the configuration is a private copy never changed; the rest is behind a lock.
final class StandaloneWorkout: @unchecked Sendable {
  /// HealthKit's builder states.
  enum Phase: Sendable { case notStarted, collecting, ended, finished, discarded }

  struct Parts: @unchecked Sendable {
    var phase = Phase.notStarted
    var start: Date?
    var end: Date?
    var events: [HKWorkoutEvent] = []
    /// The quantity and category samples the app added, in the order added.
    var samples: [HKSample] = []
    /// Each of ``samples``' start and end on virtual time (the wall-clock rule read when it was
    /// added): what the statistics compare with the workout's and activities' dates.
    var sampleDates: [DateInterval] = []
    var activities: [HKWorkoutActivity] = []
    var metadata: [String: Any] = [:]
  }

  let store: HKHealthStore
  let device: HKDevice?
  let configuration: HKWorkoutConfiguration
  let parts = Mutex(Parts())
  /// The app process that made the builder: its store's device's, as it ran then. After that
  /// process crashed, the builder's calls are inert (``HKWorkoutBuilder/isAlive``).
  let process: AppProcess

  init(store: HKHealthStore, configuration: HKWorkoutConfiguration, device: HKDevice?) {
    self.store = store
    let owner = store.processDevice
    self.process = store.simulation.state.withLock { $0.process(of: owner) }
    self.device = device
    self.configuration = configuration.copy() as! HKWorkoutConfiguration
  }

  /// The simulation's reading of an app's date (the wall-clock rule,
  /// docs/swift-api.md#the-wall-clock-rule), with its `wallClockDate` entry naming `call`; with
  /// strict dates, a real-clock date is the call's `errorInvalidArgument`.
  func read(_ date: Date, call: String) -> Result<Date, HKError> {
    read([date], call: call).map { $0[0] }
  }

  /// The simulation's reading of each of `dates` (``AppSimulation/readAppDates(_:call:framework:session:reportAs:in:)``),
  /// with one `wallClockDate` entry naming `call` when any was the real clock; with strict
  /// dates, a real-clock date is the call's `errorInvalidArgument`.
  func read(_ dates: [Date], call: String) -> Result<[Date], HKError> {
    let simulation = store.simulation
    return simulation.mutate { state in
      simulation.readAppDates(dates, call: call, in: &state)
    }
    .map { $0.map(simulation.date(of:)) }
    .mapError { HKError($0) }
  }

  /// An error of HealthKit's domain for a call out of order.
  static func refused(_ message: String) -> HKError { HKError(.errorInvalidArgument, message) }

  func begin(_ date: Date) -> HKError? {
    let start: Date
    switch read(date, call: "beginCollection") {
    case .success(let read): start = read
    case .failure(let error): return error
    }
    return parts.withLock { parts in
      guard parts.phase == .notStarted else {
        return Self.refused("Unable to begin a workout that has already started.")
      }
      parts.phase = .collecting
      parts.start = start
      return nil
    }
  }

  func end(_ date: Date) -> HKError? {
    let end: Date
    switch read(date, call: "endCollection") {
    case .success(let read): end = read
    case .failure(let error): return error
    }
    return parts.withLock { parts in
      guard let start = parts.start else {
        return Self.refused("cannot set endDate without a startDate")
      }
      guard parts.phase == .collecting else {
        return Self.refused("Unable to end a workout that is not currently active.")
      }
      guard end > start else { return Self.refused("endDate must be after startDate") }
      parts.phase = .ended
      parts.end = end
      return nil
    }
  }

  /// Adds `events` (sorted by date with those added before) while the workout is not finished
  /// or discarded, each dated within the span known so far (HealthKit's rule,
  /// `WorkoutRecord.isWithin`: not before the start once collection began, not after the end
  /// once it ended); else nothing is added and the call's error names the first outside.
  ///
  /// Each event's start and end are read by the wall-clock rule under the name
  /// `addWorkoutEvents`, as the live builder's (docs/swift-api.md#the-wall-clock-rule; with
  /// strict dates a real-clock date is the call's `errorInvalidArgument`): the builder keeps
  /// the event from the instant its start was read at to the one its end was (never before its
  /// start), with its metadata as the app gave it.
  func add(_ appEvents: [HKWorkoutEvent]) -> HKError? {
    // A date of the real clock as the virtual date it stands for, any other to the bit, so an
    // event of virtual dates is kept as the app made it.
    let dates: [Date]
    switch store.simulation.readAppDatesOnVirtualTime(
      appEvents.flatMap(\.wallClockDates), call: "addWorkoutEvents")
    {
    case .success(let read): dates = read
    case .failure(let error): return HKError(error)
    }
    let events = appEvents.enumerated().map { index, event in
      let start = dates[2 * index]
      let end = dates[2 * index + 1]
      return start == event.dateInterval.start && end == event.dateInterval.end
        ? event
        : HKWorkoutEvent(
          type: event.type, dateInterval: DateInterval(start: start, end: max(start, end)),
          metadata: event.metadata)
    }
    return change("add workout events") { parts in
      if let start = parts.start {
        for event in events {
          if let message = outsideMessage(event, start: start, end: parts.end, when: .adding) {
            return Self.refused(message)
          }
        }
      }
      parts.events.append(contentsOf: events)
      parts.events.sort { $0.dateInterval.start < $1.dateInterval.start }
      return nil
    }
  }

  /// Why `event` cannot be in a workout from `start` to `end` (`nil` while collecting), or
  /// `nil` when it lies within them: `WorkoutRecord.eventOutsideMessage`, on virtual time.
  func outsideMessage(
    _ event: HKWorkoutEvent, start: Date, end: Date?, when: WorkoutRecord.EventCheck
  ) -> String? {
    let origin = store.simulation.startDate
    return WorkoutRecord.eventOutsideMessage(
      WorkoutEvent(
        event.type.engineValue, at: SimulationInstant(event.dateInterval.start, since: origin)),
      start: SimulationInstant(start, since: origin),
      end: end.map { SimulationInstant($0, since: origin) }, when: when)
  }

  /// Adds samples (quantity and category samples, the kinds a workout is associated with) or
  /// events or metadata while the workout is not finished or discarded.
  func change(_ what: String, _ body: (inout Parts) -> HKError?) -> HKError? {
    parts.withLock { parts in
      guard parts.phase != .finished, parts.phase != .discarded else {
        return Self.refused(
          "Unable to \(what): the workout builder has finished or been discarded.")
      }
      return body(&parts)
    }
  }

  func add(_ samples: [HKSample]) -> HKError? {
    for sample in samples where !(sample is HKQuantitySample || sample is HKCategorySample) {
      return Self.refused(
        "add(_:completion:) of a workout builder takes quantity and category samples; \(sample.sampleType.identifier) is neither"
      )
    }
    // Dates made with `Date()` are read on virtual time, as the live builder's `add` and
    // `save` read them (docs/swift-api.md#the-wall-clock-rule).
    let dates: [Date]
    switch read(samples.flatMap { [$0.startDate, $0.endDate] }, call: "add") {
    case .success(let read): dates = read
    case .failure(let error): return error
    }
    return change("add samples") { parts in
      parts.samples.append(contentsOf: samples)
      for index in samples.indices {
        parts.sampleDates.append(DateInterval(start: dates[2 * index], end: dates[2 * index + 1]))
      }
      return nil
    }
  }

  /// Adds an activity: inside the workout's dates once they are set (project rule: Apple does
  /// not say), not overlapping another (Apple: activities partition the workout).
  func add(_ appActivity: HKWorkoutActivity) -> HKError? {
    // Its dates on virtual time (the wall-clock rule), the app's UUID kept.
    let dates: [Date]
    switch read(
      [appActivity.startDate] + (appActivity.endDate.map { [$0] } ?? []), call: "addWorkoutActivity"
    ) {
    case .success(let read): dates = read
    case .failure(let error): return error
    }
    let activity = HKWorkoutActivity(
      workoutConfiguration: appActivity.workoutConfiguration, startDate: dates[0],
      endDate: dates.count > 1 ? dates[1] : nil, metadata: appActivity.metadata,
      workoutEvents: appActivity.workoutEvents,
      duration: dates.count > 1 ? appActivity.duration : nil,
      allStatistics: appActivity.allStatistics, uuid: appActivity.uuid)
    return change("add a workout activity") { parts in
      let end = activity.endDate ?? .distantFuture
      for other in parts.activities
      where activity.startDate < (other.endDate ?? .distantFuture)
        && other.startDate < end
      {
        return Self.refused(
          "The workout activity starting \(activity.startDate) overlaps the one starting \(other.startDate)"
        )
      }
      if let start = parts.start, activity.startDate < start {
        return Self.refused("The workout activity starts before the workout")
      }
      parts.activities.append(activity)
      parts.activities.sort { $0.startDate < $1.startDate }
      return nil
    }
  }

  /// Sets the end date or adds metadata of the activity `uuid`.
  func updateActivity(_ uuid: UUID, end appEnd: Date?, metadata: [String: Any]?) -> HKError? {
    var end: Date?
    if let appEnd {
      switch read(appEnd, call: "updateActivity") {
      case .success(let read): end = read
      case .failure(let error): return error
      }
    }
    return change("update a workout activity") { parts in
      guard let index = parts.activities.firstIndex(where: { $0.uuid == uuid }) else {
        return Self.refused("No workout activity with UUID \(uuid.uuidString) was added")
      }
      let old = parts.activities[index]
      let newEnd = end ?? old.endDate
      if let newEnd, newEnd <= old.startDate {
        return Self.refused("The workout activity's end date must be after its start date")
      }
      parts.activities[index] = HKWorkoutActivity(
        workoutConfiguration: old.workoutConfiguration, startDate: old.startDate,
        endDate: newEnd,
        metadata: metadata.map { (old.metadata ?? [:]).merging($0) { $1 } } ?? old.metadata,
        workoutEvents: old.workoutEvents,
        duration: newEnd.map { $0.timeIntervalSince(old.startDate) },
        allStatistics: old.allStatistics, uuid: old.uuid)
      return nil
    }
  }

  /// The statistics of the added quantity samples of each type between `start` and `end` (all
  /// when `nil`): the sum for a cumulative type, average (of the samples' values), minimum and
  /// maximum for a discrete one, and for both the most recent (the sample ending last, its
  /// quantity and dates, as a live builder's statistics have; Apple's `mostRecent` option is
  /// not a discrete one: https://developer.apple.com/documentation/healthkit/hkstatisticsoptions/mostrecent),
  /// in the unit of the type's first sample.
  static func statistics(
    of samples: [HKSample], dated dates: [DateInterval], from start: Date?, to end: Date?
  ) -> [HKQuantityType: HKStatistics] {
    var byType: [HKQuantityType: [(sample: HKQuantitySample, dates: DateInterval)]] = [:]
    for (sample, interval) in zip(samples, dates)
    where interval.start >= (start ?? .distantPast) && interval.end <= (end ?? .distantFuture) {
      guard let sample = sample as? HKQuantitySample else { continue }
      byType[sample.quantityType, default: []].append((sample, interval))
    }
    var statistics: [HKQuantityType: HKStatistics] = [:]
    for (type, samples) in byType {
      let unit = samples[0].sample.quantity.unit
      let values = samples.map { $0.sample.quantity.doubleValue(for: unit) }
      let from = start ?? samples.map(\.dates.start).min()!
      let to = end ?? samples.map(\.dates.end).max()!
      func quantity(_ value: Double) -> HKQuantity { HKQuantity(unit: unit, doubleValue: value) }
      let latest = samples.max { $0.dates.end < $1.dates.end }!
      if type.aggregationStyle == .cumulative {
        statistics[type] = HKStatistics(
          quantityType: type, startDate: from, endDate: to,
          sumQuantity: quantity(values.reduce(0, +)), mostRecentQuantity: latest.sample.quantity,
          mostRecentQuantityDateInterval: latest.dates)
      } else {
        statistics[type] = HKStatistics(
          quantityType: type, startDate: from, endDate: to,
          averageQuantity: quantity(values.reduce(0, +) / Double(values.count)),
          minimumQuantity: quantity(values.min()!), maximumQuantity: quantity(values.max()!),
          mostRecentQuantity: latest.sample.quantity,
          mostRecentQuantityDateInterval: latest.dates
        )
      }
    }
    return statistics
  }

  /// The workout the builder holds now (its end date, or its start, for an open one).
  func workout(_ parts: Parts) -> HKWorkout? {
    guard let start = parts.start else { return nil }
    let end = parts.end ?? start
    let statistics = Self.statistics(
      of: parts.samples, dated: parts.sampleDates, from: start, to: end)
    // Apple: "If you don't explicitly set workout activities, HealthKit assigns a workout
    // activity that matches the HKWorkout object's activity type" (HKWorkoutActivity).
    let activities =
      parts.activities.isEmpty
      ? [
        HKWorkoutActivity(
          workoutConfiguration: configuration, startDate: start, endDate: end, metadata: nil,
          workoutEvents: parts.events,
          duration: HKWorkout.activeDuration(start: start, end: end, events: parts.events),
          allStatistics: statistics)
      ]
      : parts.activities.map { activity in
        let activityEnd = activity.endDate ?? end
        return HKWorkoutActivity(
          workoutConfiguration: activity.workoutConfiguration, startDate: activity.startDate,
          endDate: activityEnd, metadata: activity.metadata,
          workoutEvents: parts.events.filter {
            $0.dateInterval.start >= activity.startDate && $0.dateInterval.start <= activityEnd
          },
          duration: activityEnd.timeIntervalSince(activity.startDate),
          allStatistics: Self.statistics(
            of: parts.samples, dated: parts.sampleDates, from: activity.startDate, to: activityEnd),
          uuid: activity.uuid)
      }
    let activity = configuration.activityType
    return HKWorkout(
      activityType: activity, startDate: start, endDate: end,
      duration: HKWorkout.activeDuration(start: start, end: end, events: parts.events),
      workoutEvents: parts.events.isEmpty ? nil : parts.events, workoutActivities: activities,
      allStatistics: statistics,
      totalEnergyBurned: statistics[HKQuantityType(.activeEnergyBurned)]?.sumQuantity(),
      totalDistance: HKWorkout.distanceType(of: activity).flatMap {
        statistics[$0]?.sumQuantity()
      },
      metadata: parts.metadata.isEmpty ? nil : parts.metadata, device: device)
  }

  /// Saves the workout and the samples not saved yet (with the rules of `save`, their dates read
  /// by the wall-clock rule under the name `finishWorkout`), associates the samples with it, and
  /// returns it.
  ///
  /// An event added before the end was known and dated outside the workout is left out of it,
  /// in the run's errors and a `dropped` report (docs/swift-api.md#nothing-silent).
  func finish() -> Result<HKWorkout, HKError>? {
    let (made, samples, outside): (HKWorkout?, [HKSample], [String]) = parts.withLock { parts in
      guard parts.phase == .ended, let start = parts.start else { return (nil, [], []) }
      var kept = parts
      var outside: [String] = []
      kept.events = parts.events.filter { event in
        guard let message = outsideMessage(event, start: start, end: parts.end, when: .finishing)
        else { return true }
        outside.append(message)
        return false
      }
      return (self.workout(kept), parts.samples, outside)
    }
    guard let workout = made else {
      return .failure(Self.refused("Unable to finish a workout that is not currently ended."))
    }
    let store = self.store
    let simulation = store.simulation
    let context = QueryContext(simulation: simulation)
    var dropped: [HealthKitSimulation.Report] = []
    let outcome = simulation.mutateHealth { state -> Result<HKWorkout, HKError>? in
      guard state.terminated == nil else { return nil }
      let new = samples.filter {
        state.health.id(ofUUID: HealthKitSimulation.State.storeUUID($0.uuid)) == nil
      }
      if case .failure(let error) = store.insert(
        [workout] + new, into: &state, context: context, relating: false, call: "finishWorkout")
      {
        return .failure(error)
      }
      state.saved.append(contentsOf: [workout] + new as [HKObject])
      let ids = samples.compactMap {
        state.health.id(ofUUID: HealthKitSimulation.State.storeUUID($0.uuid))
      }
      state.withExtension(WorkoutAssociations.self, of: simulation) { associations, _ in
        associations.samples[workout.uuid, default: []].formUnion(ids)
      }
      for message in outside {
        state.session.withEngine {
          $0.reportAPIError(
            .invalidArgument(message), call: .builder(.finishWorkout), session: nil)
        }
      }
      dropped = simulation.keepDropped(
        outside, framework: "HealthKit", call: "finishWorkout", in: &state)
      return .success(workout)
    }
    for report in dropped { HealthKitSimulation.writeToStandardError(report) }
    if case .success = outcome { parts.withLock { $0.phase = .finished } }
    return outcome
  }
}

extension HKWorkoutBuilder {
  /// Adds a workout activity to a builder made with `init(healthStore:configuration:device:)`
  /// (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutbuilder/addworkoutactivity(_:completion:)).
  /// The saved workout has the activities added (each with the statistics of the samples
  /// inside its span; an open one ends with the workout), or, without any, one spanning the
  /// workout (as Apple says every workout has).
  ///
  /// - Parameters:
  ///   - workoutActivity: the activity, with its configuration, dates and metadata.
  ///   - completion: `(true, nil)`, or `(false, HKError)` `errorInvalidArgument`: the activity
  ///     overlaps one added before or starts before the workout (project rule), or the workout
  ///     is finished; and for a session's live builder, which takes activities from
  ///     `HKWorkoutSession.beginNewActivity(configuration:date:metadata:)` instead.
  public func addWorkoutActivity(
    _ workoutActivity: HKWorkoutActivity,
    completion: @escaping @Sendable (Bool, (any Error)?) -> Void
  ) {
    let error = standaloneCall(.addWorkoutActivity) { $0.add(workoutActivity) }
    simulation.enqueue { completion(error == nil, error) }
  }

  /// Adds a workout activity (the async form of `addWorkoutActivity(_:completion:)`).
  ///
  /// - Parameter workoutActivity: the activity, with its configuration, dates and metadata.
  /// - Throws: ``HKError`` as the completion form reports it.
  nonisolated(nonsending) public func addWorkoutActivity(_ workoutActivity: HKWorkoutActivity)
    async throws
  {
    let error = standaloneCall(.addWorkoutActivity) { $0.add(workoutActivity) }
    await simulation.deliver()
    if let error { throw error }
  }

  /// Sets the end date of an activity added with `addWorkoutActivity` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutbuilder/updateactivity(uuid:end:completion:)).
  ///
  /// - Parameters:
  ///   - activityUUID: the added activity's ``HKWorkoutActivity/uuid``.
  ///   - endDate: its end, after its start.
  ///   - completion: `(true, nil)`, or `(false, HKError)` `errorInvalidArgument`: no such
  ///     activity, an end not after its start, or the workout is finished.
  public func updateActivity(
    uuid activityUUID: UUID, end endDate: Date,
    completion: @escaping @Sendable (Bool, (any Error)?) -> Void
  ) {
    let error = standaloneCall(.updateActivity) {
      $0.updateActivity(activityUUID, end: endDate, metadata: nil)
    }
    simulation.enqueue { completion(error == nil, error) }
  }

  /// Sets an activity's end date (the async form of `updateActivity(uuid:end:completion:)`).
  ///
  /// - Parameters:
  ///   - activityUUID: the added activity's ``HKWorkoutActivity/uuid``.
  ///   - endDate: its end, after its start.
  /// - Throws: ``HKError`` as the completion form reports it.
  nonisolated(nonsending) public func updateActivity(uuid activityUUID: UUID, end endDate: Date)
    async throws
  {
    let error = standaloneCall(.updateActivity) {
      $0.updateActivity(activityUUID, end: endDate, metadata: nil)
    }
    await simulation.deliver()
    if let error { throw error }
  }

  /// Adds metadata to an activity added with `addWorkoutActivity` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutbuilder/updateactivity(uuid:adding:completion:)).
  ///
  /// - Parameters:
  ///   - activityUUID: the added activity's ``HKWorkoutActivity/uuid``.
  ///   - metadata: keys and values merged into the activity's metadata.
  ///   - completion: `(true, nil)`, or `(false, HKError)` `errorInvalidArgument`: no such
  ///     activity, or the workout is finished.
  public func updateActivity(
    uuid activityUUID: UUID, adding metadata: [String: Any],
    completion: @escaping @Sendable (Bool, (any Error)?) -> Void
  ) {
    nonisolated(unsafe) let metadata = metadata
    let error = standaloneCall(.updateActivity) {
      $0.updateActivity(activityUUID, end: nil, metadata: metadata)
    }
    simulation.enqueue { completion(error == nil, error) }
  }

  /// Adds metadata to an activity (the async form of `updateActivity(uuid:adding:completion:)`).
  ///
  /// - Parameters:
  ///   - activityUUID: the added activity's ``HKWorkoutActivity/uuid``.
  ///   - metadata: keys and values merged into the activity's metadata.
  /// - Throws: ``HKError`` as the completion form reports it.
  nonisolated(nonsending) public func updateActivity(
    uuid activityUUID: UUID, adding metadata: [String: Any]
  ) async throws {
    nonisolated(unsafe) let metadata = metadata
    let error = standaloneCall(.updateActivity) {
      $0.updateActivity(activityUUID, end: nil, metadata: metadata)
    }
    await simulation.deliver()
    if let error { throw error }
  }

  /// `body` on the builder's own state, or the refusal of a session's live builder, or the
  /// inert answer to `call` after the process that made the builder crashed.
  private func standaloneCall(
    _ call: ErrorReport.BuilderCall, _ body: (StandaloneWorkout) -> HKError?
  ) -> HKError? {
    guard let standalone else {
      return HKError(
        .errorInvalidArgument,
        "SimulatedHealthKit: a session's live builder takes activities from HKWorkoutSession.beginNewActivity(configuration:date:metadata:); addWorkoutActivity and updateActivity are for a builder made with HKWorkoutBuilder(healthStore:configuration:device:)"
      )
    }
    guard isAlive else { return inert(call) }
    return body(standalone)
  }
}
