/// A point on the simulation's virtual clock: an exact offset from the scenario start (`t = 0`).
///
/// The offset is held as whole nanoseconds in an `Int64` (about ±292 years of range), so time is
/// never accumulated in floating point. Scenario times are rounded to the nearest nanosecond once,
/// when they are decoded, and kept exact from there on. Conversion to seconds as `Double` happens
/// only inside physiology formulas and at export boundaries (``seconds``).
///
/// Conforms to `InstantProtocol` with `Swift.Duration` as its duration type, in the manner of
/// swift-clocks' `TestClock.Instant`.
public struct SimulationInstant: InstantProtocol, Hashable, Comparable, Sendable,
  CustomStringConvertible
{
  /// Nanoseconds since the scenario start (`t = 0`); may be negative only in arithmetic.
  public var nanoseconds: Int64

  /// Creates an instant `nanoseconds` ns after the scenario start.
  public init(nanoseconds: Int64) {
    self.nanoseconds = nanoseconds
  }

  /// The scenario start, `t = 0`.
  public static let zero = SimulationInstant(nanoseconds: 0)

  /// Creates an instant a whole number of seconds after the scenario start.
  ///
  /// - Parameter seconds: whole seconds since `t = 0`.
  public static func seconds(_ seconds: Int64) -> SimulationInstant {
    SimulationInstant(nanoseconds: seconds * 1_000_000_000)
  }

  /// Creates an instant from seconds given as `Double`, rounded to the nearest nanosecond
  /// (ties away from zero). Use only at input boundaries.
  ///
  /// - Parameter seconds: seconds since `t = 0`. Values beyond what `Int64` nanoseconds hold
  ///   (about ±292 years, ±9.2e9 s; `Date.distantPast` / `.distantFuture` from an app) saturate at
  ///   the first or last representable instant; NaN gives `t = 0`.
  public static func rounding(seconds: Double) -> SimulationInstant {
    let nanoseconds = (seconds * 1e9).rounded(.toNearestOrAwayFromZero)
    // 2^63 as a Double: every Double below it converts; at or above it would trap.
    let limit = 9_223_372_036_854_775_808.0
    if nanoseconds.isNaN { return .zero }
    if nanoseconds >= limit { return SimulationInstant(nanoseconds: .max) }
    if nanoseconds < -limit { return SimulationInstant(nanoseconds: .min) }
    return SimulationInstant(nanoseconds: Int64(nanoseconds))
  }

  /// Seconds since `t = 0` as a `Double` (for formulas and output only).
  public var seconds: Double { Double(nanoseconds) / 1e9 }

  /// The instant `duration` later; exact (durations are truncated to whole nanoseconds).
  public func advanced(by duration: Duration) -> SimulationInstant {
    SimulationInstant(nanoseconds: nanoseconds + duration.wholeNanoseconds)
  }

  /// The exact duration from `self` to `other`.
  public func duration(to other: SimulationInstant) -> Duration {
    .nanoseconds(other.nanoseconds - nanoseconds)
  }

  /// Orders instants by their offset.
  public static func < (lhs: SimulationInstant, rhs: SimulationInstant) -> Bool {
    lhs.nanoseconds < rhs.nanoseconds
  }

  /// `t=<seconds>s`, for diagnostics.
  public var description: String { "t=\(seconds)s" }
}

extension Duration {
  /// This duration as whole nanoseconds, truncated toward zero (attoseconds below 1 ns dropped).
  public var wholeNanoseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
  }

  /// This duration in seconds as a `Double` (for formulas and output only).
  public var secondsValue: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
