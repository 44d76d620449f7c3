import WorkoutCore
import WorkoutSystem

extension Scenario {
  /// `motion`: `{ "latency": time, "activities": [span], "heartRate": [span] }`
  /// (docs/scenario-format.md#motion).
  public struct Motion: Sendable, Equatable {
    /// One `activities` span: what the body does, overriding the course and the health days.
    public struct Activity: Sendable, Equatable {
      /// The span (start included, end excluded; may lie before `t = 0`).
      public var range: Range<SimulationInstant>
      /// The activity.
      public var activity: MotionActivityKind
      /// The confidence (default high).
      public var confidence: MotionConfidence

      /// A span.
      public init(
        _ range: Range<SimulationInstant>, activity: MotionActivityKind,
        confidence: MotionConfidence = .high
      ) {
        self.range = range
        self.activity = activity
        self.confidence = confidence
      }
    }

    /// `latency`: how long after a change Core Motion reports it (default 15 s).
    public var latency: Duration
    /// `activities`: explicit spans, a later one winning where two overlap.
    public var activities: [Activity]
    /// `heartRate`: the body's heart rate outside a workout, for the workout reminders'
    /// `minHeartRate` (elsewhere the athlete's resting heart rate).
    public var heartRate: [HeartRateSpan]

    /// Motion with the given parts; the defaults are 15 s, no spans.
    public init(
      latency: Duration = MotionConfiguration.defaultLatency, activities: [Activity] = [],
      heartRate: [HeartRateSpan] = []
    ) {
      self.latency = latency
      self.activities = activities
      self.heartRate = heartRate
    }

    /// The explicit spans as the timeline's top layer.
    public var spans: [MotionSpan] {
      activities.map { MotionSpan($0.range, MotionState($0.activity, $0.confidence)) }
    }
  }
}
