import WorkoutCore

/// The watch's own automatic workout reminders ("Start Workout Reminder" in Settings ›
/// Workout): the scenario's `watch.workoutReminders` (docs/scenario-format.md#workout-reminders).
///
/// Apple publishes no thresholds; watchOS detects a workout from "increased motion and heart
/// rate" and offers to track it back to its beginning (WWDC 2018 press report,
/// https://www.macrumors.com/2018/06/04/apple-watchos-5-activity-competition-challenges). Every
/// value here is a project rule with the default given.
public struct WorkoutReminderSettings: Sendable, Hashable {
  /// Whether the reminders are on (default `true`).
  public var enabled: Bool
  /// The activities that count as a workout's motion (default walking and running); never
  /// stationary or unknown.
  public var activities: Set<MotionActivityKind>
  /// The lowest confidence that counts (default medium).
  public var minConfidence: MotionConfidence
  /// How long the motion (with the heart rate, when ``minHeartRate`` is set) must hold before
  /// the watch reminds: 180 s by default.
  public var minSustain: Duration
  /// The longest gap in the motion that still joins two moving stretches into one workout: 60 s
  /// by default (a longer gap ends the workout and stops the backdating).
  public var mergeGap: Duration
  /// The heart rate the body must reach, bpm, for the sustained stretch that confirms a workout
  /// (its core); `nil` (the default): motion alone.
  public var minHeartRate: Double?

  /// Settings; every parameter has the default of docs/scenario-format.md#workout-reminders.
  public init(
    enabled: Bool = true, activities: Set<MotionActivityKind> = [.walking, .running],
    minConfidence: MotionConfidence = .medium, minSustain: Duration = .seconds(180),
    mergeGap: Duration = .seconds(60), minHeartRate: Double? = nil
  ) {
    self.enabled = enabled
    self.activities = activities
    self.minConfidence = minConfidence
    self.minSustain = minSustain
    self.mergeGap = mergeGap
    self.minHeartRate = minHeartRate
  }
}

/// The body's heart rate outside a workout over a span, bpm (the scenario's `motion.heartRate`).
public struct HeartRateSpan: Sendable, Hashable {
  /// The span (start included, end excluded).
  public var range: Range<SimulationInstant>
  /// The heart rate, bpm.
  public var bpm: Double

  /// A span.
  public init(_ range: Range<SimulationInstant>, bpm: Double) {
    self.range = range
    self.bpm = bpm
  }
}

/// A workout the watch detected on its own.
public struct DetectedWorkout: Sendable, Hashable {
  /// The activity at the start of the confirming stretch.
  public var activity: MotionActivityKind
  /// When the watch reminds the user to start a workout: the confirming stretch's start +
  /// `minSustain`.
  public var confirmedAt: SimulationInstant
  /// The workout's start, backdated to the beginning of the motion.
  public var start: SimulationInstant
  /// The end of the last moving stretch.
  public var end: SimulationInstant
  /// When the end is known: ``end`` + `mergeGap` (no stretch can join any more).
  public var endConfirmedAt: SimulationInstant

  /// A detection.
  public init(
    activity: MotionActivityKind, confirmedAt: SimulationInstant, start: SimulationInstant,
    end: SimulationInstant, endConfirmedAt: SimulationInstant
  ) {
    self.activity = activity
    self.confirmedAt = confirmedAt
    self.start = start
    self.end = end
    self.endConfirmedAt = endConfirmedAt
  }

  /// ``end`` − ``start``.
  public var duration: Duration { start.duration(to: end) }
}

/// The detector of the watch's workout reminders (docs/scenario-format.md#workout-reminders),
/// the one home of the rule:
///
/// 1. **Motion** holds where the activity is one of `activities` with at least
///    `minConfidence`; its maximal stretches are the moving runs.
/// 2. The **core** is the first part of a moving run where the heart rate is at least
///    `minHeartRate` (everywhere, without one) that lasts `minSustain`: the reminder comes at
///    the core's start + `minSustain`.
/// 3. The **start** is backdated over the moving run holding the core and the runs before it
///    while the gap between two is at most `mergeGap`, never before the previous detection's
///    end or `from` (field case F14: heart rate lags motion).
/// 4. The **end** is the end of the moving run, joined with the runs after it while the gaps
///    are at most `mergeGap`; it is known `mergeGap` later.
///
/// The heart rate is `heartRate`'s span holding the instant, else `restingHeartRate`.
public enum WorkoutReminderDetector {
  /// The detections on `timeline` from `from` on, in order, whose reminder comes before
  /// `through`.
  ///
  /// - Parameters:
  ///   - timeline: the body's motion.
  ///   - heartRate: the body's heart rate spans (non-overlapping).
  ///   - restingHeartRate: the heart rate outside the spans, bpm.
  ///   - settings: the thresholds (`enabled` false: none).
  ///   - from: the first instant looked at (the run's start).
  ///   - through: the last instant of interest.
  public static func detect(
    timeline: MotionTimeline, heartRate: [HeartRateSpan] = [], restingHeartRate: Double = 60,
    settings: WorkoutReminderSettings, from: SimulationInstant = .zero,
    through: SimulationInstant
  ) -> [DetectedWorkout] {
    guard settings.enabled, from < through else { return [] }
    let runs = movingRuns(timeline, settings: settings, from: from, through: through)
    var result: [DetectedWorkout] = []
    var floor = from
    var index = 0
    while index < runs.count {
      let run = runs[index]
      guard run.upperBound > floor,
        let core = coreStart(
          in: max(run.lowerBound, floor)..<run.upperBound, heartRate: heartRate,
          resting: restingHeartRate, settings: settings)
      else {
        index += 1
        continue
      }
      let confirmed = core.advanced(by: settings.minSustain)
      guard confirmed < through else { break }
      var start = max(run.lowerBound, floor)
      var back = index
      while back > 0, runs[back - 1].upperBound > floor,
        runs[back - 1].upperBound.duration(to: start) <= settings.mergeGap
      {
        back -= 1
        start = max(runs[back].lowerBound, floor)
      }
      var end = run.upperBound
      var last = index
      while last + 1 < runs.count,
        end.duration(to: runs[last + 1].lowerBound) <= settings.mergeGap
      {
        last += 1
        end = runs[last].upperBound
      }
      result.append(
        DetectedWorkout(
          activity: timeline.state(at: core).activity, confirmedAt: confirmed, start: start,
          end: end, endConfirmedAt: end.advanced(by: settings.mergeGap)))
      floor = end
      index = last + 1
    }
    return result
  }

  /// The maximal stretches of motion in `from..<through` (one run's end may reach past
  /// `through` by the timeline's last state, clipped there).
  static func movingRuns(
    _ timeline: MotionTimeline, settings: WorkoutReminderSettings, from: SimulationInstant,
    through: SimulationInstant
  ) -> [Range<SimulationInstant>] {
    func moving(_ state: MotionState) -> Bool {
      settings.activities.contains(state.activity) && state.confidence >= settings.minConfidence
    }
    var runs: [Range<SimulationInstant>] = []
    for span in timeline.spans(in: from..<through) where moving(span.state) {
      if let last = runs.last, last.upperBound == span.range.lowerBound {
        runs[runs.count - 1] = last.lowerBound..<span.range.upperBound
      } else {
        runs.append(span.range)
      }
    }
    return runs
  }

  /// The first instant in `run` from which the heart rate stays at least the minimum for
  /// `minSustain` inside `run`, or `nil`.
  static func coreStart(
    in run: Range<SimulationInstant>, heartRate: [HeartRateSpan], resting: Double,
    settings: WorkoutReminderSettings
  ) -> SimulationInstant? {
    guard let minimum = settings.minHeartRate else {
      return run.lowerBound.duration(to: run.upperBound) >= settings.minSustain
        ? run.lowerBound : nil
    }
    // The heart rate over the run as pieces: the spans, and the resting rate between them.
    var pieces: [(Range<SimulationInstant>, Double)] = []
    var cursor = run.lowerBound
    for span in heartRate.sorted(by: { $0.range.lowerBound < $1.range.lowerBound })
    where span.range.upperBound > cursor && span.range.lowerBound < run.upperBound {
      let lower = max(span.range.lowerBound, cursor)
      if lower > cursor { pieces.append((cursor..<lower, resting)) }
      let upper = min(span.range.upperBound, run.upperBound)
      pieces.append((lower..<upper, span.bpm))
      cursor = upper
    }
    if cursor < run.upperBound { pieces.append((cursor..<run.upperBound, resting)) }
    var start: SimulationInstant?
    for (range, bpm) in pieces {
      if bpm >= minimum {
        let begin = start ?? range.lowerBound
        start = begin
        if begin.duration(to: range.upperBound) >= settings.minSustain { return begin }
      } else {
        start = nil
      }
    }
    return nil
  }
}

/// What a ``LogEntry/Kind/motion(_:)`` entry says: a workout reminder of the watch
/// (docs/run-result.md#log).
public struct MotionEvent: Sendable, Hashable {
  /// The reminder.
  public enum Event: String, Sendable, Hashable, CaseIterable {
    /// "Start Workout": the watch detected a workout (at the confirmation; `start` backdated).
    case startReminder
    /// "End Workout": the detected workout's motion stopped (`end` and the duration known).
    case endReminder
  }

  /// Which reminder.
  public var event: Event
  /// The detected activity.
  public var activity: MotionActivityKind
  /// The detected workout's (backdated) start.
  public var start: SimulationInstant
  /// Its end, for ``Event/endReminder``.
  public var end: SimulationInstant?

  /// An entry's payload.
  public init(
    event: Event, activity: MotionActivityKind, start: SimulationInstant,
    end: SimulationInstant? = nil
  ) {
    self.event = event
    self.activity = activity
    self.start = start
    self.end = end
  }
}
