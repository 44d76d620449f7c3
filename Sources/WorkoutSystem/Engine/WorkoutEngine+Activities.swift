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
  /// (``WorkoutEngineConfiguration/activityMetadata``): a multisport workout's swimming leg
  /// carries its `HKSwimmingLocationType` and `HKLapLength`, as its `HKWorkoutActivity`'s
  /// `workoutConfiguration` carries `swimmingLocationType` and `lapLength` ("the configuration
  /// information for this part of the workout", Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutactivity/workoutconfiguration;
  /// docs/models.md#swimming).
  @discardableResult
  mutating func beginActivity(
    _ activity: WorkoutActivityType, location: WorkoutSessionLocationType,
    metadata: [String: MetadataValue] = [:], session index: Int, at date: SimulationInstant,
    date activityDate: SimulationInstant
  ) -> Bool {
    let state = sessions[index].machine.state
    let metadata = (configuration.activityMetadata[activity] ?? [:]).merging(metadata) { $1 }
    do throws(WorkoutError) {
      let changes = try sessions[index].builder.beginActivity(
        activity, location: location, at: activityDate, metadata: metadata, sessionState: state)
      applyActivityChanges(changes, session: index, at: date)
      return true
    } catch {
      report(error, call: .activity(.beginNewActivity), session: index, at: date)
      return false
    }
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
      report(error, call: .activity(.endCurrentActivity), session: index, at: date)
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
  }
}
