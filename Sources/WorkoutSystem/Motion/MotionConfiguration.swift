import WorkoutCore

/// The body's motion for a run (the scenario's `motion` key and course,
/// docs/scenario-format.md#motion): what Core Motion reports and the watch's workout reminders
/// read.
public struct MotionConfiguration: Sendable, Hashable {
  /// The layers of the body's motion, lowest first: the course's spans, then the scenario's
  /// explicit spans (the health days' walking bouts go under them in the simulated frameworks,
  /// ``MotionTimeline/init(base:layers:)``).
  public var layers: [[MotionSpan]] {
    didSet { timeline = MotionTimeline(layers: layers) }
  }
  /// The body's motion from the layers over rest.
  public private(set) var timeline: MotionTimeline
  /// How long after a change of motion Core Motion reports it (`motion.latency`, default 15 s,
  /// a project rule: Apple documents no latency; the report's `startDate` is the change).
  public var latency: Duration
  /// The body's heart rate spans outside a workout (`motion.heartRate`), for the reminders.
  public var heartRate: [HeartRateSpan]
  /// The heart rate outside the spans: the athlete's resting heart rate, bpm.
  public var restingHeartRate: Double

  /// A configuration; the defaults are the body at rest (no layers), 15 s latency, no heart
  /// rate spans, 60 bpm.
  public init(
    layers: [[MotionSpan]] = [], latency: Duration = .seconds(15),
    heartRate: [HeartRateSpan] = [], restingHeartRate: Double = 60
  ) {
    self.layers = layers
    self.timeline = MotionTimeline(layers: layers)
    self.latency = latency
    self.heartRate = heartRate
    self.restingHeartRate = restingHeartRate
  }

  /// The default latency, 15 s.
  public static let defaultLatency: Duration = .seconds(15)
}

extension WorkoutEngine {
  /// The watch's workout reminders of this run (``WorkoutReminderDetector`` on the
  /// configuration's motion, from `t = 0` through `through`); empty without
  /// `watch.workoutReminders`.
  public func detectedWorkouts(through: SimulationInstant) -> [DetectedWorkout] {
    guard let settings = configuration.watch?.workoutReminders else { return [] }
    let motion = configuration.motion
    return WorkoutReminderDetector.detect(
      timeline: motion.timeline, heartRate: motion.heartRate,
      restingHeartRate: motion.restingHeartRate, settings: settings, from: .zero,
      through: through)
  }

  /// The instant of the next reminder not yet logged (nanoseconds), `nil` when none.
  var reminderDeadline: Int64? {
    guard reminderCursor < reminderPlan.count else { return nil }
    let item = reminderPlan[reminderCursor]
    return item.at.nanoseconds
  }

  /// Logs the reminder due at `deadline`: a start reminder unless a workout session of the
  /// app is open then (the watch does not remind during a workout); an end reminder when its
  /// start reminder was logged.
  mutating func passReminder(at date: SimulationInstant) {
    let item = reminderPlan[reminderCursor]
    reminderCursor += 1
    let workout = item.workout
    switch item.event {
    case .startReminder:
      let open = sessions.indices.contains { isSessionOpen($0) }
      if open { return }
      remindedStarts.insert(workout.start.nanoseconds)
      log.append(
        LogEntry(
          at: date, session: nil,
          kind: .motion(
            MotionEvent(event: .startReminder, activity: workout.activity, start: workout.start))))
    case .endReminder:
      guard remindedStarts.contains(workout.start.nanoseconds) else { return }
      log.append(
        LogEntry(
          at: date, session: nil,
          kind: .motion(
            MotionEvent(
              event: .endReminder, activity: workout.activity, start: workout.start,
              end: workout.end))))
    }
  }

  /// The reminders of `configuration` in time order (start and end reminders of every
  /// detection; detection looks 10 days ahead, the simulated frameworks' horizon is shorter).
  static func reminderPlan(_ configuration: WorkoutEngineConfiguration) -> [ReminderItem] {
    guard let settings = configuration.watch?.workoutReminders, settings.enabled else { return [] }
    let motion = configuration.motion
    let horizon = SimulationInstant.zero.advanced(by: .seconds(400 * 86_400))
    let workouts = WorkoutReminderDetector.detect(
      timeline: motion.timeline, heartRate: motion.heartRate,
      restingHeartRate: motion.restingHeartRate, settings: settings, from: .zero,
      through: horizon)
    var items: [ReminderItem] = []
    for workout in workouts {
      items.append(ReminderItem(at: workout.confirmedAt, event: .startReminder, workout: workout))
      items.append(ReminderItem(at: workout.endConfirmedAt, event: .endReminder, workout: workout))
    }
    return items.sorted { $0.at < $1.at }
  }
}

/// One reminder the engine logs at its instant.
struct ReminderItem: Sendable, Hashable {
  var at: SimulationInstant
  var event: MotionEvent.Event
  var workout: DetectedWorkout
}
