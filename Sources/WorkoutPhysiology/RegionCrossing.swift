import WorkoutCore

/// Whether the body is inside or outside one monitored region, and when Core Location reports
/// a crossing of its boundary (docs/swift-api.md#region-monitoring). Apple: the location manager
/// "doesn't generate notifications immediately upon crossing a region boundary. Instead, it
/// applies time and distance criteria"
/// (https://developer.apple.com/documentation/corelocation/clcircularregion/init(center:radius:identifier:)),
/// the user remaining on the new side "for at least 20 seconds" (Location and Maps Programming
/// Guide, Region Monitoring:
/// https://developer.apple.com/library/archive/documentation/UserExperience/Conceptual/LocationAwarenessPG/RegionMonitoring/RegionMonitoring.html).
/// The rule here:
/// - the first observation settles the side with no event (Apple: a region the device is
///   already inside when monitoring starts gets no entry event);
/// - an observation on the other side starts a crossing; when every observation for
///   ``dwell`` (20 s) after it stays on that side, the crossing is reported (``Effect``) at
///   the first observation at or after that instant;
/// - an observation back on the settled side before then drops the crossing, no event.
/// Project rule: Apple names no minimum distance, so any distance past the boundary counts.
public struct RegionCrossing: Sendable, Equatable {
  /// A side of the boundary.
  public enum Side: Sendable, Equatable {
    case inside
    case outside
  }

  /// A crossing to report.
  public enum Effect: Sendable, Equatable {
    /// The body entered the region.
    case entered
    /// The body left the region.
    case exited
  }

  private enum State: Sendable, Equatable {
    /// Nothing observed yet.
    case unknown
    /// On `side`, reported (or settled at the start).
    case settled(Side)
    /// Settled on `from`, observed on the other side since `since`.
    case crossing(from: Side, since: SimulationInstant)
  }

  /// How long the body must stay on the new side before a crossing is reported: 20 s (the
  /// programming guide's figure, see the type).
  public static let dwell: Duration = .seconds(20)

  private var state = State.unknown

  /// Nothing observed.
  public init() {}

  /// The side reported last (the settled side), or `nil` before the first observation.
  public var side: Side? {
    switch state {
    case .unknown: nil
    case .settled(let side): side
    case .crossing(let from, _): from
    }
  }

  /// Observes the body `inside` the region or not at `instant` (instants in order); returns
  /// the crossing to report now, if any.
  public mutating func observe(inside: Bool, at instant: SimulationInstant) -> Effect? {
    let now: Side = inside ? .inside : .outside
    switch state {
    case .unknown:
      state = .settled(now)
      return nil
    case .settled(let side):
      if now != side { state = .crossing(from: side, since: instant) }
      return nil
    case .crossing(let from, let since):
      if now == from {
        state = .settled(from)
        return nil
      }
      guard since.duration(to: instant) >= Self.dwell else { return nil }
      state = .settled(now)
      return now == .inside ? .entered : .exited
    }
  }
}
