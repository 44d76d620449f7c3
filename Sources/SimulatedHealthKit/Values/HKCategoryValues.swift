// The value enumerations of the category types SimulatedHealthKit knows, with the SDK's raw
// values (iOS 18 SDK `HKCategoryValues.h`). An `HKCategorySample`'s `value` is one of these raw
// values.

/// A sleep analysis sample's value, HealthKit's `HKCategoryValueSleepAnalysis` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkcategoryvaluesleepanalysis).
///
/// The stages the Apple Watch records since iOS 16 are `awake`, `asleepCore`, `asleepDeep` and
/// `asleepREM`, inside an `inBed` span; `asleepUnspecified` is what apps and older watches save.
public enum HKCategoryValueSleepAnalysis: Int, Sendable, Hashable, CaseIterable {
  /// In bed (raw value 0).
  case inBed = 0
  /// Asleep, stage unknown (1; iOS 16).
  case asleepUnspecified = 1
  /// Awake during the sleep period (2).
  case awake = 2
  /// Core (light) sleep (3; iOS 16).
  case asleepCore = 3
  /// Deep sleep (4; iOS 16).
  case asleepDeep = 4
  /// REM sleep (5; iOS 16).
  case asleepREM = 5

  /// The old name of ``asleepUnspecified`` (deprecated in iOS 16).
  @available(*, deprecated, renamed: "asleepUnspecified")
  public static var asleep: HKCategoryValueSleepAnalysis { .asleepUnspecified }

  /// Every asleep value: `asleepUnspecified`, `asleepCore`, `asleepDeep`, `asleepREM` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategoryvaluesleepanalysis/allasleepvalues).
  /// The usual filter is `HKQuery.predicateForCategorySamples(valueIn:
  /// Set(HKCategoryValueSleepAnalysis.allAsleepValues.map(\.rawValue)))`.
  public static var allAsleepValues: Set<HKCategoryValueSleepAnalysis> {
    [.asleepUnspecified, .asleepCore, .asleepDeep, .asleepREM]
  }
}

/// The value of category types that have none (mindful sessions, heart rate events),
/// HealthKit's `HKCategoryValue` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkcategoryvalue).
public enum HKCategoryValue: Int, Sendable, Hashable, CaseIterable {
  /// No value applies (0).
  case notApplicable = 0
}

/// A stand hour's value, HealthKit's `HKCategoryValueAppleStandHour` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkcategoryvalueapplestandhour).
public enum HKCategoryValueAppleStandHour: Int, Sendable, Hashable, CaseIterable {
  /// The person stood during the hour (0).
  case stood = 0
  /// The person did not stand (1).
  case idle = 1
}
