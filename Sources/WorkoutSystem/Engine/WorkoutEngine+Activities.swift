import WorkoutCore

/// Sub-activities of a workout (multisport legs, intervals): `beginNewActivity` and
/// `endCurrentActivity` on a session, through either door. The rules are the builder's
/// (``LiveWorkoutBuilder/beginActivity(_:location:at:metadata:sessionState:)``); the engine
/// logs each change for the app's delegates and, when the session is collecting, closes the
/// running sampling interval at the call and opens the next one with the new activity's type
/// (so each leg's samples come from its own sport and no sample spans two activities).
extension WorkoutEngine {
  /// `beginNewActivity(configuration:date:metadata:)` on session `index` at `instant`, the
  /// activity beginning at the app's `date`.
  ///
  /// - Returns: whether it began (else the `invalidArgument` error is in ``errors``, call
  ///   `.activity(.beginNewActivity)`).
  @discardableResult
  public mutating func beginActivity(
    _ activity: WorkoutActivityType, location: WorkoutSessionLocationType,
    metadata: [String: MetadataValue] = [:], ofSession index: Int, at instant: SimulationInstant,
    date activityDate: SimulationInstant
  ) -> Bool {
    step(at: instant, call: .activity(.beginNewActivity)) { engine, date in
      engine.beginActivity(
        activity, location: location, metadata: metadata, session: index, at: date,
        date: activityDate)
    } ?? false
  }

  /// `endCurrentActivity(on:)` on session `index` at `instant`, the activity ending at the
  /// app's `date`.
  ///
  /// - Returns: whether it ended (else the `invalidArgument` error is in ``errors``, call
  ///   `.activity(.endCurrentActivity)`).
  @discardableResult
  public mutating func endActivity(
    ofSession index: Int, at instant: SimulationInstant, date activityDate: SimulationInstant
  ) -> Bool {
    step(at: instant, call: .activity(.endCurrentActivity)) { engine, date in
      engine.endActivity(session: index, at: date, date: activityDate)
    } ?? false
  }

  /// Begins an activity on session `index` at `date` (the timeline's `beginActivity`, the API's
  /// call inside its step).
  ///
  /// The activity's metadata is the app's over the configuration's for its type
  /// (``WorkoutEngineConfiguration/activityMetadata``; the app's alone when it names a key of
  /// the configuration's: ``activityMetadata(configured:app:)``): a multisport workout's
  /// swimming leg carries its `HKSwimmingLocationType` and `HKLapLength`, as its
  /// `HKWorkoutActivity`'s `workoutConfiguration` carries `swimmingLocationType` and
  /// `lapLength` ("the configuration information for this part of the workout", Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutactivity/workoutconfiguration;
  /// docs/models.md#swimming).
  @discardableResult
  mutating func beginActivity(
    _ activity: WorkoutActivityType, location: WorkoutSessionLocationType,
    metadata: [String: MetadataValue] = [:], session index: Int, at date: SimulationInstant,
    date activityDate: SimulationInstant
  ) -> Bool {
    let state = sessions[index].machine.state
    let metadata = Self.activityMetadata(
      configured: configuration.activityMetadata[activity] ?? [:], app: metadata)
    do throws(WorkoutError) {
      let changes = try sessions[index].builder.beginActivity(
        activity, location: location, at: activityDate, metadata: metadata, sessionState: state)
      applyActivityChanges(changes, session: index, at: date)
      return true
    } catch {
      report(
        Self.withTimelineAdvice(error, call: "beginActivity", state: state, path: timelineAction),
        call: .activity(.beginNewActivity), session: index, at: date)
      return false
    }
  }

  /// `error`, a refusal of the scenario timeline's `call` (`beginActivity`, `endActivity`) at
  /// the JSON path `path` (`"timeline[12]"`) because session state `state` does not allow it,
  /// with advice for the scenario file after HealthKit's text (the text alone for the app's
  /// call, `path` `nil`, or another refusal): while paused, a `resume` entry before it; before
  /// the start, a `start` entry; after the stop, the entry moved before the `stop` (a project
  /// rule: HealthKit's "Unable to perform 'beginNewActivity' from current state 'paused'" names
  /// no timeline entry; new-user trial 25).
  ///
  /// Any other refusal of a timeline entry names the entry after HealthKit's text too (project
  /// rule, new-user trial 29: "Activity type 'yoga' is not allowed in a 'swimBikeRun' workout."
  /// said not which entry): "... In the scenario file: timeline[3] (beginActivity)", and for a
  /// type the workout does not allow, the types it does.
  static func withTimelineAdvice(
    _ error: WorkoutError, call: String, state: WorkoutSessionState, path: String?
  ) -> WorkoutError {
    guard let path, error.code == .invalidArgument else { return error }
    guard error.message.hasPrefix("Unable to perform ") else {
      let advice =
        error.message.hasPrefix("Activity type ")
        ? "; give \(path).activity a type the workout allows (swimming, cycling, running or transition in a swimBikeRun workout, the workout's own type in any other)"
        : ""
      return .invalidArgument("\(error.message) In the scenario file: \(path) (\(call))\(advice).")
    }
    let advice: String
    switch state {
    case .paused:
      advice =
        "a session's activities change only while it runs: add {\"do\": \"resume\"} to the timeline before \(path) (at an earlier at, or at the same at listed first), or remove the pause before it"
    case .notStarted, .prepared:
      advice =
        "the session has not started: add {\"do\": \"start\"} to the timeline at or before \(path).at"
    case .stopped, .ended:
      advice = "the session has stopped: give \(path).at a time before the timeline's stop"
    case .running:
      return error
    }
    return .invalidArgument(
      "\(error.message): in the scenario file, \(path) (\(call)) \(advice)")
  }

  /// The metadata of a part of a workout the app configures with `app` (an activity it begins,
  /// or its session's own configuration): the configuration's for its type (`configured`, the
  /// scenario's setting of that part, such as a swim's pool) under the app's, or the app's
  /// alone when it gives any key of `configured` another value.
  ///
  /// **Project rule** (docs/models.md#swimming): the app's configuration of a part that
  /// contradicts the scenario's replaces it whole, never key by key. A `HKWorkoutConfiguration`
  /// holds `swimmingLocationType` and `lapLength` together ("the configuration information for
  /// this part of the workout", Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutactivity/workoutconfiguration),
  /// and an open-water configuration has no lap length, so an app's open-water swim
  /// (`HKSwimmingLocationType` 2 alone) does not take the scenario's pool length
  /// (`HKLapLength`); an app's pool without a lap length agrees with a scenario's pool and keeps
  /// its length, the pool the watch counts lengths of.
  static func activityMetadata(
    configured: [String: MetadataValue], app: [String: MetadataValue]
  ) -> [String: MetadataValue] {
    if app.contains(where: { key, value in configured[key].map { $0 != value } ?? false }) {
      return app
    }
    return configured.merging(app) { $1 }
  }

  /// Ends the current activity of session `index` at `date` (the timeline's `endActivity`, the
  /// API's call inside its step).
  @discardableResult
  mutating func endActivity(
    session index: Int, at date: SimulationInstant, date activityDate: SimulationInstant
  ) -> Bool {
    let state = sessions[index].machine.state
    do throws(WorkoutError) {
      let change = try sessions[index].builder.endActivity(at: activityDate, sessionState: state)
      applyActivityChanges([change], session: index, at: date)
      return true
    } catch {
      report(
        Self.withTimelineAdvice(error, call: "endActivity", state: state, path: timelineAction),
        call: .activity(.endCurrentActivity), session: index, at: date)
      return false
    }
  }

  /// Logs each change and, when session `index` is sampling, starts a new interval at `date`
  /// with the activity now current (or the session's own).
  private mutating func applyActivityChanges(
    _ changes: [WorkoutActivityChange], session index: Int, at date: SimulationInstant
  ) {
    if sampler.interval?.session == index {
      closeInterval(at: date)
      sessions[index].builder.activitiesSwitched(changes)
      openInterval(session: index, at: date)
    }
    for change in changes {
      let position =
        switch change {
        case .began(let position), .ended(let position): position
        }
      let type = sessions[index].builder.activities[position].activityType
      notify(index, at: date, .activity(change, type))
    }
    autoPauseFollowsLeg(session: index, at: date)
  }

  /// The auto-pause detector follows the leg that is current (docs/healthkit-behaviour.md#auto-pause,
  /// project rule: Apple documents Autopause per workout type and says nothing of a multisport
  /// workout's legs): a running session whose current activity is one auto-pause applies to
  /// (``AutoPauseConfiguration/applies(to:)``, a multisport workout's `running` or `cycling`
  /// leg) is watched from the leg's start, as a running or cycling workout is from its own;
  /// when a leg of another type (`swimming`, `transition`) begins, or the leg ends and the
  /// workout's own type is current again, detection for the session ends.
  private mutating func autoPauseFollowsLeg(session index: Int, at date: SimulationInstant) {
    guard autoPause != nil else { return }
    let current = sessions[index].builder.currentActivity?.activityType ?? sessions[index].activity
    if AutoPauseConfiguration.applies(to: current) {
      guard autoPause?.session != index, sessions[index].machine.state == .running,
        let motion = dataSource as? any MotionSource
      else { return }
      autoPause?.sessionStarted(index, at: date.nanoseconds, motion: motion)
    } else {
      autoPause?.sessionStopped(index)
    }
  }
}

extension WorkoutEngine {
  /// A span of scenario time in which the watch records a swim: `from` its start, `to` its end
  /// (`nil` while it goes on).
  public typealias SwimSpan = (from: SimulationInstant, to: SimulationInstant?)

  /// The spans in which this engine's device records an open-water swim, in session order
  /// (``swimSpans(location:)`` of `HKSwimmingLocationType` 2,
  /// `HKWorkoutSwimmingLocationType.openWater`). The GPS fixes follow them
  /// (`RoutePlan.receivesFix(at:openWater:pool:)`, docs/scenario-format.md#swim: a fix every 5 s,
  /// GPS does not reach through water).
  ///
  /// Project rule (new-user trial 29): the fix rate follows the activity being recorded, as a
  /// watch's GPS does, not the scenario's setting alone.
  public func openWaterSwimSpans() -> [SwimSpan] { swimSpans(location: 2) }

  /// The spans in which this engine's device records a pool swim, in session order
  /// (``swimSpans(location:)`` of `HKSwimmingLocationType` 1, `HKWorkoutSwimmingLocationType.pool`).
  /// The watch gets no GPS fix in them (`RoutePlan.receivesFix(at:openWater:pool:)`,
  /// docs/scenario-format.md#a-swimming-leg): a pool swim records no route (Apple's Pool Swim
  /// workout counts lengths with the watch's motion sensors; project rule, one rule for a
  /// standalone pool swim and a multisport workout's pool leg, decided in session 25).
  public func poolSwimSpans() -> [SwimSpan] { swimSpans(location: 1) }

  /// The spans in which this engine's device records a swim whose `HKSwimmingLocationType` is
  /// `location` (1 pool, 2 open water), in session order. The one home of the question "is the
  /// watch swimming there now?":
  /// - a scenario whose `swim` is there (a `swimming` configuration whose
  ///   ``WorkoutEngineConfiguration/activityMetadata`` gives `HKSwimmingLocationType`
  ///   `location`; a replayed swim's too): the body swims the whole course, recorded or not: one
  ///   span over the whole run;
  /// - a session whose own part is such a swim (a `swimming` workout whose configuration, the
  ///   scenario's `swim` or the app's `HKWorkoutConfiguration`, gives `HKSwimmingLocationType`
  ///   `location`): from collection's start to its end;
  /// - otherwise each of its activities that is such a swim (a `swimming` leg whose metadata
  ///   has `HKSwimmingLocationType` `location`: the app's `beginNewActivity` configuration, the
  ///   timeline's `beginActivity` with its `"swimmingLocationType"`): from its start to its end.
  private func swimSpans(location: Double) -> [SwimSpan] {
    func isThere(_ metadata: [String: MetadataValue]) -> Bool {
      metadata["HKSwimmingLocationType"] == .number(location)
    }
    if configuration.activity == .swimming,
      isThere(configuration.activityMetadata[.swimming] ?? [:])
    {
      return [(SimulationInstant(nanoseconds: .min), nil)]
    }
    var spans: [SwimSpan] = []
    for session in sessions {
      guard let start = session.builder.startDate else { continue }
      let configured = Self.activityMetadata(
        configured: configuration.activityMetadata[session.activity] ?? [:],
        app: session.configurationMetadata)
      if session.activity == .swimming, isThere(configured) {
        spans.append((start, session.builder.endDate))
        continue
      }
      for activity in session.builder.activities
      where activity.activityType == .swimming && isThere(activity.metadata) {
        spans.append((activity.startDate, activity.endDate ?? session.builder.endDate))
      }
    }
    return spans
  }
}
