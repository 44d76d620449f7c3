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
    /// `submersion`: the watch is an Apple Watch Ultra with a depth gauge, the app's depth
    /// entitlement and the dives (`nil`: a watch without one; docs/scenario-format.md#submersion).
    public var submersion: Submersion?
    /// `fallDetection.entitlement`: whether the app has Apple's fall detection entitlement
    /// (without it making a `CMFallDetectionManager` traps; docs/scenario-format.md#fall-detection).
    public var fallDetectionEntitlement: Bool
    /// `magnetometer`: whether the watch has a magnetometer (default `true`, a Series 9 like
    /// every Apple Watch from Series 5; `false`: an Apple Watch Series 4 or earlier, without
    /// one: Core Motion's magnetometer and its north-referenced frames are not available in the
    /// watch's code; docs/scenario-format.md#motion). The iPhone always has one.
    public var magnetometer: Bool

    /// Motion with the given parts; the defaults are 15 s, no spans, no depth gauge, no fall
    /// detection entitlement, a magnetometer.
    public init(
      latency: Duration = MotionConfiguration.defaultLatency, activities: [Activity] = [],
      heartRate: [HeartRateSpan] = [], submersion: Submersion? = nil,
      fallDetectionEntitlement: Bool = false, magnetometer: Bool = true
    ) {
      self.fallDetectionEntitlement = fallDetectionEntitlement
      self.magnetometer = magnetometer
      self.latency = latency
      self.activities = activities
      self.heartRate = heartRate
      self.submersion = submersion
    }

    /// The explicit spans as the timeline's top layer.
    public var spans: [MotionSpan] {
      activities.map { MotionSpan($0.range, MotionState($0.activity, $0.confidence)) }
    }
  }
}

extension Scenario {
  /// Whether the watch has a magnetometer, its compass: `motion.magnetometer` (default `true`,
  /// every Apple Watch from Series 5; docs/scenario-format.md#motion). The one home of the rule
  /// Core Motion's magnetometer and Core Location's heading both read; the iPhone always has
  /// one.
  public var watchHasMagnetometer: Bool { motion?.magnetometer ?? true }
}

extension Scenario.Motion {
  /// `motion.submersion`: `{ "entitlement", "dives": [{ "from", "to", "depth", "temperature" }] }`
  /// (docs/scenario-format.md#submersion). The one home of the watch's depth under water.
  public struct Submersion: Sendable, Equatable {
    /// The app's depth entitlement (Apple: "To access data for dives with a maximum depth of
    /// 6 m, add the Shallow Depth and Pressure capability"; "a maximum depth of 40 m" needs the
    /// full Submerged Depth and Pressure entitlement,
    /// https://developer.apple.com/documentation/coremotion/cmwatersubmersionmanager).
    public enum Entitlement: String, Sendable, Equatable, CaseIterable {
      /// Shallow Depth and Pressure: 6 m.
      case shallowDepth
      /// Submerged Depth and Pressure: 40 m.
      case submergedDepth

      /// The deepest the manager serves, m: 6 or 40 (Apple's table,
      /// https://developer.apple.com/documentation/coremotion/cmwatersubmersionmeasurement/depthstate/pastmaxdepth).
      public var maximumDepth: Double { self == .shallowDepth ? 6 : 40 }
    }

    /// One dive: the watch under water from `from` to `to`.
    public struct Dive: Sendable, Equatable {
      /// The span under water (start included, end excluded).
      public var range: Range<SimulationInstant>
      /// The deepest point, m (reached when the dive is long enough: see ``depth(at:)``).
      public var depth: Double
      /// The water's temperature, °C.
      public var temperature: Double

      /// A dive.
      public init(_ range: Range<SimulationInstant>, depth: Double, temperature: Double = 20) {
        self.range = range
        self.depth = depth
        self.temperature = temperature
      }
    }

    /// The speed of descent and ascent, 0.15 m/s (9 m a minute: a project rule, the ascent
    /// rate divers are taught to stay under; docs/scenario-format.md#submersion).
    public static let verticalSpeed = 0.15

    /// `entitlement`: `nil` when the scenario grants none (making the manager traps).
    public var entitlement: Entitlement?
    /// `dives`, in time order, not overlapping.
    public var dives: [Dive]

    /// A depth gauge with the given entitlement and dives.
    public init(entitlement: Entitlement? = nil, dives: [Dive] = []) {
      self.entitlement = entitlement
      self.dives = dives
    }

    /// The dive under way at `instant`, or `nil` on the surface.
    public func dive(at instant: SimulationInstant) -> Dive? {
      dives.first { $0.range.contains(instant) }
    }

    /// The watch's depth at `instant`, m, or `nil` out of the water: in a dive from `a` to
    /// `b` to `D` m, `min(D, 0.15 × (t − a), 0.15 × (b − t))` (down and back up at 0.15 m/s,
    /// holding `D` between).
    public func depth(at instant: SimulationInstant) -> Double? {
      guard let dive = dive(at: instant) else { return nil }
      let down = Double(instant.nanoseconds - dive.range.lowerBound.nanoseconds) / 1e9
      let up = Double(dive.range.upperBound.nanoseconds - instant.nanoseconds) / 1e9
      return min(dive.depth, Self.verticalSpeed * down, Self.verticalSpeed * up)
    }

    /// The first instant after `instant` at which the watch goes under or comes up, or `nil`.
    public func nextChange(after instant: SimulationInstant) -> SimulationInstant? {
      var result: SimulationInstant?
      for dive in dives {
        for edge in [dive.range.lowerBound, dive.range.upperBound] where edge > instant {
          if result.map({ edge < $0 }) ?? true { result = edge }
        }
      }
      return result
    }
  }
}
