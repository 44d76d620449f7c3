import WorkoutCore

/// The engine calls an app makes through the Swift API (SimulatedHealthKit), where the app's own
/// code, not a scenario timeline, makes each call on a session it holds.
///
/// Each call takes the session index the app's object stands for and the instant it is made at
/// (virtual now; an earlier instant is read as ``now``), does what ``perform(_:at:)`` does
/// around an action (samples due before the instant first, those due at it after), and reports
/// failures the same way: in ``errors`` and ``log``. Dates the app passes (a builder's start or
/// end date, an event's date) are separate from the instant of the call.
extension WorkoutEngine {
  /// The next instant at which the engine has something due: a sample batch or a lifecycle
  /// deadline (return to clock, grace period, extended runtime limits, auto-pause); `nil` when
  /// nothing is scheduled. A driver that steps this engine alone steps to it with
  /// ``advance(to:)`` to see each batch at its own instant. The world's agenda does not read it:
  /// it registers the engine's two queues' fronts as entries of its own
  /// (``nextDeadlinesInPlace()``), so this is the one place the two are compared.
  public var nextDueInstant: SimulationInstant? {
    let next = min(timers.nextDeadline ?? .max, sampler.nextDeadline ?? .max)
    return next == .max ? nil : SimulationInstant(nanoseconds: next)
  }

  /// The fronts of the engine's two queues: the first deadline of its timers
  /// (``EngineTimer``, the engine's ``DeadlineQueue``) and of its sample streams (the
  /// sampler's heap of groups), each `nil` when empty; at an equal instant the engine serves
  /// the timers first, then the samples (``advance(to:)``). What a driver holding the engine
  /// `inout` registers as two entries of its own queue (the Swift door, under its lock).
  /// `mutating` although it changes nothing: a getter of this generic type called from another
  /// module on an `inout` engine is passed a copy of the whole engine (about 1.4 KB, a `memcpy`
  /// per call), a mutating method its address.
  public mutating func nextDeadlinesInPlace() -> (
    timers: SimulationInstant?, samples: SimulationInstant?
  ) {
    (
      timers.nextDeadline.map { SimulationInstant(nanoseconds: $0) },
      sampler.nextDeadline.map { SimulationInstant(nanoseconds: $0) }
    )
  }

  /// The session a relaunch without recovery left open, which ``recoverActiveSession(at:)``
  /// would attach, or `nil`.
  public var recoverableSessionIndex: Int? {
    guard let left = orphan, isSessionOpen(left.index), currentSessionIndex == nil else {
      return nil
    }
    return left.index
  }

  /// Whether session `index` is attached: the app holds a handle that gets its callbacks.
  public func isAttached(_ index: Int) -> Bool {
    sessions.indices.contains(index) && sessions[index].attached
  }

  /// The session's start date (when it first ran), or `nil`.
  public func sessionStartDate(_ index: Int) -> SimulationInstant? {
    sessions.indices.contains(index) ? sessions[index].machine.startDate : nil
  }

  /// The session's end date (when it ended), or `nil`.
  public func sessionEndDate(_ index: Int) -> SimulationInstant? {
    sessions.indices.contains(index) ? sessions[index].machine.endDate : nil
  }

  /// Sets the activity and location of session `index` from the app's configuration while it
  /// can still change (``canSelectActivity(ofSession:)``): its builder is made anew.
  ///
  /// - Returns: whether the session now has that activity and location.
  @discardableResult
  public mutating func configureSession(
    _ index: Int, activity: WorkoutActivityType, location: WorkoutSessionLocationType
  ) -> Bool {
    guard canSelectActivity(ofSession: index) else { return false }
    sessions[index].activity = activity
    sessions[index].builder = makeSession(activity: activity, location: location).builder
    return true
  }

  /// Sets the types session `index` collects (the app's `HKLiveWorkoutDataSource`), `nil` for
  /// every type its activity collects. A change applies from the next running interval the
  /// session opens (`beginCollection`, `resume`), not to one already open.
  public mutating func setCollectedTypes(_ types: QuantityTypeSet?, ofSession index: Int) {
    guard sessions.indices.contains(index) else { return }
    sessions[index].collectedTypes = types
  }

  /// Changes the types session `index` collects while it may be sampling (the app's
  /// `enableCollection(for:predicate:)` and `disableCollection(for:)`), from ``now``: when its
  /// running interval is open and the types it produces change, the interval is cut at ``now``
  /// (its last batch, as at a pause) and a new one opens there with the new types, as a new
  /// workout activity's types apply (Apple: enabling "begins" and disabling "stops" collecting
  /// the type, https://developer.apple.com/documentation/healthkit/hkliveworkoutdatasource;
  /// docs/swift-api.md#the-data-source). A change that adds or removes only types
  /// the interval does not sample cuts nothing: types its activity does not produce, types
  /// whose sensor is off (``WorkoutEngineConfiguration/schedule(for:)``) and types recorded per
  /// event (``WorkoutEngineConfiguration/eventRecordedTypes``, a pool's lengths, which
  /// ``addRecordedSamples(_:toSession:from:to:at:)`` checks at each length).
  public mutating func changeCollectedTypes(_ types: QuantityTypeSet?, ofSession index: Int) {
    guard sessions.indices.contains(index) else { return }
    let before = sessions[index].collectedTypes
    sessions[index].collectedTypes = types
    guard let interval = sampler.interval, interval.session == index else { return }
    let produced = QuantityTypeSet(
      interval.activity.collectedTypes.filter { configuration.schedule(for: $0).enabled }
    ).subtracting(eventRecordedTypes(ofSession: index))
      .subtracting(
        configuration.unsensedCyclingTypes(
          activity: interval.activity, location: sessions[index].builder.locationType))
    guard produced.intersection(before ?? produced) != produced.intersection(types ?? produced)
    else { return }
    pump(through: now)
    closeInterval(at: now)
    openInterval(session: index, at: now)
  }

  /// The types session `index` collects (``setCollectedTypes(_:ofSession:)``), `nil` for every
  /// type its activity collects.
  public func collectedTypes(ofSession index: Int) -> QuantityTypeSet? {
    sessions.indices.contains(index) ? sessions[index].collectedTypes : nil
  }

  /// Sets whether session `index`'s builder collects the session's events
  /// (`shouldCollectWorkoutEvents`) while collection has not begun (the builder is made anew).
  ///
  /// - Returns: whether the builder now has that setting.
  @discardableResult
  public mutating func setCollectsSessionEvents(_ collects: Bool, ofSession index: Int) -> Bool {
    guard sessions.indices.contains(index) else { return false }
    let builder = sessions[index].builder
    if builder.shouldCollectWorkoutEvents == collects { return true }
    guard builder.lifecycle == .notStarted else { return false }
    sessions[index].builder = LiveWorkoutBuilder(
      activityType: builder.activityType, locationType: builder.locationType,
      shouldCollectWorkoutEvents: collects, cumulativeIntervals: cumulativeIntervals)
    return true
  }

  /// The app creates its next session (`HKWorkoutSession(healthStore:configuration:)` after the
  /// first), which becomes its current session, as ``AppAction/newSession(activity:)`` does but
  /// with the configuration's location.
  ///
  /// - Returns: the new session's index, or `nil` when the app is not running or is suspended
  ///   (then an error is reported as for the timeline's `newSession`).
  @discardableResult
  public mutating func newSession(
    activity: WorkoutActivityType, location: WorkoutSessionLocationType,
    at instant: SimulationInstant
  ) -> Int? {
    step(at: instant, call: .engine(.newSession(activity: activity))) { engine, date in
      engine.sessions.append(engine.makeSession(activity: activity, location: location))
      engine.currentSessionIndex = engine.sessions.count - 1
      return engine.sessions.count - 1
    }
  }

  /// A session call (`prepare()`, `startActivity(with:)`, `pause()`, `resume()`,
  /// `stopActivity(with:)`, `end()`) on session `index`: a legal call changes its state (and
  /// ends every other open session on `prepare` and `start`); an illegal one reports HealthKit's
  /// `invalidArgument` error and leaves the state unchanged.
  public mutating func perform(
    _ call: WorkoutSessionCall, onSession index: Int, at instant: SimulationInstant
  ) {
    _ = step(at: instant, call: .session(call)) { engine, date in
      engine.sessionCall(call, session: index, at: date)
    }
  }

  /// `beginCollection(withStart:)` on session `index`'s builder with the app's start date.
  /// The sampling interval opens at the call when the session is running (else when it starts
  /// running).
  ///
  /// A start more than ``earliestCollectionStart`` before the call is refused with
  /// `invalidArgument` (a project rule: HealthKit documents no bound, and a start such as
  /// `.distantPast` would make the builder's elapsed time overflow; docs/healthkit-behaviour.md).
  ///
  /// - Returns: whether collection began (else the error is in ``errors``).
  @discardableResult
  public mutating func beginCollection(
    ofSession index: Int, at instant: SimulationInstant, date startDate: SimulationInstant
  ) -> Bool {
    step(at: instant, call: .builder(.beginCollection)) { engine, date in
      guard startDate >= date.advanced(by: .zero - Self.earliestCollectionStart) else {
        engine.report(
          .invalidArgument(
            "The workout's start date is more than 366 days before now; begin collection at the session's start date or at now"
          ), call: .builder(.beginCollection), session: index, at: date)
        return false
      }
      return engine.beginCollection(session: index, at: date, startDate: startDate)
    } ?? false
  }

  /// How far before the call a builder's start date may lie: 366 days, the simulation's
  /// horizon (a project rule, ``beginCollection(ofSession:at:date:)``).
  public static var earliestCollectionStart: Duration { .seconds(366 * 86_400) }

  /// `endCollection(withEnd:)` on session `index`'s builder with the app's end date; the
  /// sampling interval closes at the call.
  ///
  /// - Returns: whether collection ended (else the error is in ``errors``).
  @discardableResult
  public mutating func endCollection(
    ofSession index: Int, at instant: SimulationInstant, date endDate: SimulationInstant
  ) -> Bool {
    step(at: instant, call: .builder(.endCollection)) { engine, date in
      engine.endCollection(session: index, at: date, endDate: endDate)
    } ?? false
  }

  /// `finishWorkout()` on session `index`'s builder: saves the record.
  ///
  /// - Returns: the saved record, or `nil` when it failed (the error is in ``errors``).
  @discardableResult
  public mutating func finishWorkout(ofSession index: Int, at instant: SimulationInstant)
    -> WorkoutRecord?
  {
    step(at: instant, call: .builder(.finishWorkout)) { engine, date in
      let count = engine.records.count
      engine.finishWorkout(session: index, at: date)
      return engine.records.count > count ? engine.records.last : nil
    } ?? nil
  }

  /// `discardWorkout()` on session `index`'s builder: nothing is saved.
  ///
  /// - Returns: whether it was discarded (else the error is in ``errors``).
  @discardableResult
  public mutating func discardWorkout(ofSession index: Int, at instant: SimulationInstant) -> Bool {
    step(at: instant, call: .builder(.discardWorkout)) { engine, date in
      do throws(WorkoutError) {
        try engine.sessions[index].builder.discardWorkout()
      } catch {
        engine.report(error, call: .builder(.discardWorkout), session: index, at: date)
        return false
      }
      if engine.sampler.interval?.session == index { engine.closeInterval(at: date) }
      return true
    } ?? false
  }

  /// `addWorkoutEvents(_:)` on session `index`'s builder: one event of `type` at the app's
  /// `eventDate`, lasting `duration` (its `dateInterval`), with `metadata`; the record keeps
  /// both (docs/run-result.md#the-finished-workout-record).
  public mutating func addWorkoutEvent(
    _ type: WorkoutEventType, toSession index: Int, at instant: SimulationInstant,
    date eventDate: SimulationInstant, duration: Duration = .zero,
    metadata: [String: MetadataValue] = [:]
  ) {
    _ = step(at: instant, call: .builder(.addEvent)) { engine, date in
      engine.addEvent(
        type, session: index, at: date, call: .builder(.addEvent), eventDate: eventDate,
        duration: duration, metadata: metadata)
    }
  }

  /// The watch's workout data source adds `samples` (types of
  /// ``WorkoutEngineConfiguration/eventRecordedTypes``, each an amount over `[start, end)`: a
  /// pool length's `distanceSwimming` and `swimmingStrokeCount`, docs/models.md#swimming) to
  /// session `index`'s builder at `instant` (``now``), as it adds its samples on the grid: only
  /// while that session's running interval collects, only the types its activity collects, its
  /// app's data source collects (``setCollectedTypes(_:ofSession:)``) and whose sensor is
  /// enabled (``WorkoutEngineConfiguration/schedule(for:)``). The app hears of them with the
  /// grid's samples of `instant`, in one batch (`didCollectDataOf`).
  ///
  /// No sample spans time the session did not collect, as no grid sample does (project rule,
  /// docs/models.md#swimming): `[start, end)` is cut to the session's collected time (from
  /// collection's start, without its paused spans), and each amount is shared among the parts
  /// in proportion to their time, the remainder carried from part to part (a count, `"count"`
  /// unit, in whole units: 20 strokes over parts of 10 s and 20 s are 7 and 13), so the parts
  /// add up to the amount. `start == end` (a length of 0 s) is one sample at that instant when
  /// the session collected then.
  ///
  /// - Returns: how many samples were added.
  @discardableResult
  public mutating func addRecordedSamples(
    _ samples: [(type: QuantityType, value: Double)], toSession index: Int,
    from start: SimulationInstant, to end: SimulationInstant, at instant: SimulationInstant
  ) -> Int {
    guard let interval = sampler.interval, interval.session == index, end >= start else {
      return 0
    }
    let parts = sessions[index].collectedParts(from: start.nanoseconds, to: end.nanoseconds)
    let collectedTime = parts.reduce(0.0) { $0 + Double($1.end - $1.start) }
    let collected = sessions[index].collectedTypes
    var types = QuantityTypeSet()
    var count = 0
    for sample in samples
    where eventRecordedTypes(ofSession: index).contains(sample.type)
      && interval.activity.collectedTypes.contains(sample.type)
      && collected?.contains(sample.type) ?? true
      && configuration.schedule(for: sample.type).enabled
    {
      // The amount through each part, the last part's the whole amount.
      var through = 0.0
      var before = 0.0
      for (position, part) in parts.enumerated() {
        if position == parts.count - 1 || collectedTime == 0 {
          through = sample.value
        } else {
          through += sample.value * Double(part.end - part.start) / collectedTime
        }
        let cumulative =
          sample.type.unit == "count" ? through.rounded(.toNearestOrAwayFromZero) : through
        sessions[index].builder.appendCumulative(
          slot: sample.type.slot, start: part.start, end: part.end, value: cumulative - before)
        before = cumulative
        types.insert(sample.type)
        count += 1
      }
    }
    deliverBatch(session: index, at: instant.nanoseconds, types: types, count: count)
    return count
  }

  /// When session `index` resumed collecting after the pause that holds `instant` (the end of
  /// the gap in its collected time that holds it), or `nil` when it collected at `instant`, or
  /// had not begun or had ended collecting by then. A pool length begun during a pause is
  /// recorded from that instant, its `lap` event as its samples
  /// (``addRecordedSamples(_:toSession:from:to:at:)``; project rule, docs/models.md#swimming).
  public func resumeInstant(ofSession index: Int, containing instant: SimulationInstant)
    -> SimulationInstant?
  {
    guard sessions.indices.contains(index) else { return nil }
    return sessions[index].resume(after: instant.nanoseconds).map {
      SimulationInstant(nanoseconds: $0)
    }
  }

  /// An entry in ``log`` (and ``errors``) for something the API door refused before the engine
  /// ran it (a strict-mode date, a call on an inert object): `error` reported to `session` at
  /// ``now``.
  public mutating func reportAPIError(
    _ error: WorkoutError, call: ErrorReport.Call, session: Int?
  ) {
    let report = ErrorReport(error: error, call: call, at: now, session: session)
    errors.append(report)
    callError = report
    emit(EngineEffect(at: now, session: session, kind: .error(report)))
  }

  /// Logs a ``LogEntry/Kind/authorizationSheet(share:read:)`` entry at ``now`` (no session).
  public mutating func logAuthorizationSheet(share: [String], read: [String]) {
    log.append(LogEntry(at: now, session: nil, kind: .authorizationSheet(share: share, read: read)))
  }

  /// Logs a ``LogEntry/Kind/wallClockDate(action:)`` entry at ``now``: a date the app passed to
  /// `action` was read as virtual now (docs/swift-api.md#the-wall-clock-rule).
  public mutating func logWallClockDate(action: String, session: Int?) {
    log.append(LogEntry(at: now, session: session, kind: .wallClockDate(action: action)))
  }

  /// Logs a ``LogEntry/Kind/system(_:)`` entry at ``now`` (no session).
  public mutating func logSystem(_ event: SystemEvent) {
    log.append(LogEntry(at: now, session: nil, kind: .system(event)))
  }

  /// Logs a ``LogEntry/Kind/backgroundDelivery(_:)`` entry at ``now`` (no session).
  public mutating func logBackgroundDelivery(_ entry: BackgroundDeliveryLog) {
    log.append(LogEntry(at: now, session: nil, kind: .backgroundDelivery(entry)))
  }

  /// Runs `body` at `instant` as ``perform(_:at:)`` runs an action: lifecycle deadlines and
  /// samples due before it first, then `body`, then the samples due at it. A call while the app
  /// is not running or is suspended reports `appNotRunning` / `appSuspended` and returns `nil`.
  mutating func step<R>(
    at instant: SimulationInstant, call: ErrorReport.Call,
    _ body: (inout Self, SimulationInstant) -> R
  ) -> R? {
    let date = max(instant, now)
    if timersDue(through: date) { runLifecycleTimers(through: date.nanoseconds) }
    pump(through: SimulationInstant(nanoseconds: date.nanoseconds - 1))
    now = date
    callError = nil
    guard appIsRunning else {
      report(.appNotRunning, call: call, session: nil, at: date)
      return nil
    }
    guard appReceives else {
      report(.appSuspended, call: call, session: nil, at: date)
      return nil
    }
    let result = body(&self, date)
    pump(through: date)
    return result
  }
}
