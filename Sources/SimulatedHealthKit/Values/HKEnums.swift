// HealthKit's small enumerations and option sets, with the SDK's raw values (iOS 18 SDK headers
// HKWorkoutSession.h, HKWorkout.h, HKMetadata.h, HKDefines.h, HKUnit.h, HKStatistics.h; Apple doc:
// https://developer.apple.com/documentation/healthkit). Apps persist these numbers.

/// A workout session's state (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkworkoutsessionstate).
///
/// The raw values are not in lifecycle order: `paused`, `prepared` and `stopped` were added later.
public enum HKWorkoutSessionState: Int, Sendable, Hashable {
  /// Created; nothing runs yet (1).
  case notStarted = 1
  /// The activity runs and the sensors deliver data (2).
  case running = 2
  /// Terminal: no more data; the session cannot be reused (3).
  case ended = 3
  /// Paused by `pause()` (4).
  case paused = 4
  /// After `prepare()`: the app may run in the background, no data yet (5).
  case prepared = 5
  /// After `stopActivity(with:)`: no new data; only `end()` remains (6).
  case stopped = 6
}

/// Where a workout takes place (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkworkoutsessionlocationtype).
public enum HKWorkoutSessionLocationType: Int, Sendable, Hashable {
  /// Not known (1).
  case unknown = 1
  /// Indoors (2).
  case indoor = 2
  /// Outdoors (3).
  case outdoor = 3
}

/// Where a swimming workout takes place (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkworkoutswimminglocationtype).
public enum HKWorkoutSwimmingLocationType: Int, Sendable, Hashable {
  /// Not known (0).
  case unknown = 0
  /// A pool (1).
  case pool = 1
  /// Open water (2).
  case openWater = 2
}

/// The style of stroke of a swim's length or set, the value of the
/// ``HKMetadataKeySwimmingStrokeStyle`` metadata of its `lap` and `segment` events (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkswimmingstrokestyle; raw values from
/// `HKMetadata.h`: unknown 0 to kickboard 6).
public enum HKSwimmingStrokeStyle: Int, Sendable, Hashable {
  /// Not known (0).
  case unknown = 0
  /// A mixture of strokes (1).
  case mixed = 1
  /// Freestyle (2).
  case freestyle = 2
  /// Backstroke (3).
  case backstroke = 3
  /// Breaststroke (4).
  case breaststroke = 4
  /// Butterfly (5).
  case butterfly = 5
  /// With a kickboard (6; watchOS 9).
  case kickboard = 6
}

/// Whether a session is the primary one (on the watch) or a mirror of it (on the phone) (Apple
/// doc: https://developer.apple.com/documentation/healthkit/hkworkoutsessiontype).
public enum HKWorkoutSessionType: Int, Sendable, Hashable {
  /// The session that runs the workout (0).
  case primary = 0
  /// A copy of a primary session on a companion device (1).
  case mirrored = 1
}

/// The kind of a workout event (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkworkouteventtype).
///
/// Only `lap` and `segment` may have a non-zero `dateInterval`.
public enum HKWorkoutEventType: Int, Sendable, Hashable {
  /// The workout became inactive (1).
  case pause = 1
  /// The workout became active again (2).
  case resume = 2
  /// A lap (3).
  case lap = 3
  /// A point of interest (4).
  case marker = 4
  /// The system detected that the user stopped moving (5).
  case motionPaused = 5
  /// The user moves again after `motionPaused` (6).
  case motionResumed = 6
  /// A period of interest (7).
  case segment = 7
  /// The user pressed both side buttons: the app should pause or resume (8).
  case pauseOrResumeRequest = 8
}

/// Whether the app may save a type (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkauthorizationstatus).
public enum HKAuthorizationStatus: Int, Sendable, Hashable {
  /// The user has not been asked (0).
  case notDetermined = 0
  /// The user denied sharing (1).
  case sharingDenied = 1
  /// The user allowed sharing (2).
  case sharingAuthorized = 2
}

/// Whether an authorization request would show a prompt (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkauthorizationrequeststatus).
public enum HKAuthorizationRequestStatus: Int, Sendable, Hashable {
  /// Not known (0).
  case unknown = 0
  /// The app should request authorization (1).
  case shouldRequest = 1
  /// Every type was already asked for (2).
  case unnecessary = 2
}

/// How often background delivery wakes the app (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkupdatefrequency).
public enum HKUpdateFrequency: Int, Sendable, Hashable {
  /// As soon as data arrives (1).
  case immediate = 1
  /// At most hourly (2).
  case hourly = 2
  /// At most daily (3).
  case daily = 3
  /// At most weekly (4).
  case weekly = 4
}

/// How a quantity type's values combine (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkquantityaggregationstyle): "Discrete
/// types support average, minimum, and maximum queries. Cumulative types support only sum
/// queries."
public enum HKQuantityAggregationStyle: Int, Sendable, Hashable {
  /// Values add up over time: steps, energy, distance (0).
  case cumulative = 0
  /// Point readings averaged arithmetically (1).
  case discreteArithmetic = 1
  /// Point readings averaged weighted by the time each holds: heart rate (2).
  case discreteTemporallyWeighted = 2
  /// Sound levels averaged as an equivalent continuous level (3).
  case discreteEquivalentContinuousLevel = 3

  /// The old name of ``discreteArithmetic``.
  @available(*, deprecated, renamed: "discreteArithmetic")
  public static var discrete: HKQuantityAggregationStyle { .discreteArithmetic }
}

/// A metric prefix for the unit constructors (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetricprefix). `femto` (13) was added in
/// iOS 13 after `tera` (12).
public enum HKMetricPrefix: Int, Sendable, Hashable {
  /// 10⁰ (0).
  case none = 0
  /// 10⁻¹² (1).
  case pico = 1
  /// 10⁻⁹ (2).
  case nano = 2
  /// 10⁻⁶ (3).
  case micro = 3
  /// 10⁻³ (4).
  case milli = 4
  /// 10⁻² (5).
  case centi = 5
  /// 10⁻¹ (6).
  case deci = 6
  /// 10¹ (7).
  case deca = 7
  /// 10² (8).
  case hecto = 8
  /// 10³ (9).
  case kilo = 9
  /// 10⁶ (10).
  case mega = 10
  /// 10⁹ (11).
  case giga = 11
  /// 10¹² (12).
  case tera = 12
  /// 10⁻¹⁵ (13).
  case femto = 13

  /// The symbol in unit strings (`"k"`, `"mc"` for micro, `""` for none; HKUnit.h).
  var symbol: String {
    switch self {
    case .none: ""
    case .pico: "p"
    case .nano: "n"
    case .micro: "mc"
    case .milli: "m"
    case .centi: "c"
    case .deci: "d"
    case .deca: "da"
    case .hecto: "h"
    case .kilo: "k"
    case .mega: "M"
    case .giga: "G"
    case .tera: "T"
    case .femto: "f"
    }
  }

  /// The power of ten.
  var exponent: Int {
    switch self {
    case .none: 0
    case .pico: -12
    case .nano: -9
    case .micro: -6
    case .milli: -3
    case .centi: -2
    case .deci: -1
    case .deca: 1
    case .hecto: 2
    case .kilo: 3
    case .mega: 6
    case .giga: 9
    case .tera: 12
    case .femto: -15
    }
  }
}

/// Which statistics a statistics query computes (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkstatisticsoptions). Discrete options
/// and `cumulativeSum` cannot be combined; `mostRecent` and `duration` apply to both kinds.
public struct HKStatisticsOptions: OptionSet, Sendable, Hashable {
  /// The bits (`NSUInteger`).
  public let rawValue: UInt

  /// Creates options from their bits.
  public init(rawValue: UInt) {
    self.rawValue = rawValue
  }

  /// Statistics per source as well (1 << 0).
  public static let separateBySource = HKStatisticsOptions(rawValue: 1 << 0)
  /// The average of a discrete type (1 << 1).
  public static let discreteAverage = HKStatisticsOptions(rawValue: 1 << 1)
  /// The minimum of a discrete type (1 << 2).
  public static let discreteMin = HKStatisticsOptions(rawValue: 1 << 2)
  /// The maximum of a discrete type (1 << 3).
  public static let discreteMax = HKStatisticsOptions(rawValue: 1 << 3)
  /// The sum of a cumulative type (1 << 4).
  public static let cumulativeSum = HKStatisticsOptions(rawValue: 1 << 4)
  /// The most recent quantity (1 << 5).
  public static let mostRecent = HKStatisticsOptions(rawValue: 1 << 5)
  /// The old name of ``mostRecent``.
  @available(*, deprecated, renamed: "mostRecent")
  public static var discreteMostRecent: HKStatisticsOptions { .mostRecent }
  /// The total time covered by the samples (1 << 6).
  public static let duration = HKStatisticsOptions(rawValue: 1 << 6)
}
