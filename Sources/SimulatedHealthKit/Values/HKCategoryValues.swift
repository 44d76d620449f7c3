// The value enumerations of the category types, every one of the SDK's `HKCategoryValues.h`
// (iOS 18 SDK) with its raw values. An `HKCategorySample`'s `value` is one of these raw values;
// WorkoutHealth's `HealthTypeCatalog` names each category type's enumeration.

/// A sleep analysis sample's value, HealthKit's `HKCategoryValueSleepAnalysis` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkcategoryvaluesleepanalysis).
///
/// The stages the Apple Watch records since iOS 16 are `awake`, `asleepCore`, `asleepDeep` and
/// `asleepREM`, inside an `inBed` span; `asleepUnspecified` is what apps and older watches save.
public enum HKCategoryValueSleepAnalysis: Int, Sendable, Hashable, CaseIterable,
  HKCategoryValuePredicateProviding
{
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
  /// The usual filter is
  /// `HKCategoryValueSleepAnalysis.predicateForSamples(equalTo: HKCategoryValueSleepAnalysis.allAsleepValues)`
  /// (``HKCategoryValuePredicateProviding``).
  public static var allAsleepValues: Set<HKCategoryValueSleepAnalysis> {
    [.asleepUnspecified, .asleepCore, .asleepDeep, .asleepREM]
  }
}

/// The value of category types that have none (mindful sessions, heart rate events),
/// HealthKit's `HKCategoryValue` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkcategoryvalue).
public enum HKCategoryValue: Int, Sendable, Hashable, CaseIterable,
  HKCategoryValuePredicateProviding
{
  /// No value applies (0).
  case notApplicable = 0
}

/// A stand hour's value, HealthKit's `HKCategoryValueAppleStandHour` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkcategoryvalueapplestandhour).
public enum HKCategoryValueAppleStandHour: Int, Sendable, Hashable, CaseIterable,
  HKCategoryValuePredicateProviding
{
  /// The person stood during the hour (0).
  case stood = 0
  /// The person did not stand (1).
  case idle = 1
}

/// A change of appetite (appetite changes symptom), HealthKit's `HKCategoryValueAppetiteChanges` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkcategoryvalueappetitechanges).
public enum HKCategoryValueAppetiteChanges: Int, Sendable, Hashable, CaseIterable,
  HKCategoryValuePredicateProviding
{
  /// A change, direction not given (0).
  case unspecified = 0
  /// No change (1).
  case noChange = 1
  /// Less appetite (2).
  case decreased = 2
  /// More appetite (3).
  case increased = 3
}

/// A walking steadiness notification's kind, HealthKit's `HKCategoryValueAppleWalkingSteadinessEvent` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkcategoryvalueapplewalkingsteadinessevent).
public enum HKCategoryValueAppleWalkingSteadinessEvent: Int, Sendable, Hashable, CaseIterable,
  HKCategoryValuePredicateProviding
{
  /// Steadiness first found low (1).
  case initialLow = 1
  /// Steadiness first found very low (2).
  case initialVeryLow = 2
  /// Steadiness still low (3).
  case repeatLow = 3
  /// Steadiness still very low (4).
  case repeatVeryLow = 4
}

/// Cervical mucus quality, from least to most fertile, HealthKit's `HKCategoryValueCervicalMucusQuality` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkcategoryvaluecervicalmucusquality).
public enum HKCategoryValueCervicalMucusQuality: Int, Sendable, Hashable, CaseIterable,
  HKCategoryValuePredicateProviding
{
  /// Dry (1).
  case dry = 1
  /// Sticky (2).
  case sticky = 2
  /// Creamy (3).
  case creamy = 3
  /// Watery (4).
  case watery = 4
  /// Egg white (5).
  case eggWhite = 5
}

/// The kind of contraceptive, HealthKit's `HKCategoryValueContraceptive` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkcategoryvaluecontraceptive).
public enum HKCategoryValueContraceptive: Int, Sendable, Hashable, CaseIterable,
  HKCategoryValuePredicateProviding
{
  /// Not given (1).
  case unspecified = 1
  /// An implant (2).
  case implant = 2
  /// An injection (3).
  case injection = 3
  /// An intrauterine device (4).
  case intrauterineDevice = 4
  /// An intravaginal ring (5).
  case intravaginalRing = 5
  /// A pill (6).
  case oral = 6
  /// A patch (7).
  case patch = 7
}

/// A loud-environment notification's kind, HealthKit's `HKCategoryValueEnvironmentalAudioExposureEvent` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkcategoryvalueenvironmentalaudioexposureevent).
public enum HKCategoryValueEnvironmentalAudioExposureEvent: Int, Sendable, Hashable, CaseIterable,
  HKCategoryValuePredicateProviding
{
  /// Loud for a short time (1).
  case momentaryLimit = 1
}

/// A loud-headphones notification's kind, HealthKit's `HKCategoryValueHeadphoneAudioExposureEvent` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkcategoryvalueheadphoneaudioexposureevent).
public enum HKCategoryValueHeadphoneAudioExposureEvent: Int, Sendable, Hashable, CaseIterable,
  HKCategoryValuePredicateProviding
{
  /// Over the seven-day limit (1).
  case sevenDayLimit = 1
}

/// A low cardio fitness notification's kind, HealthKit's `HKCategoryValueLowCardioFitnessEvent` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkcategoryvaluelowcardiofitnessevent).
public enum HKCategoryValueLowCardioFitnessEvent: Int, Sendable, Hashable, CaseIterable,
  HKCategoryValuePredicateProviding
{
  /// A VO₂ max reading in the low range (1).
  case lowFitness = 1
}

/// Menstrual flow (deprecated: ``HKCategoryValueVaginalBleeding`` since iOS 18), HealthKit's `HKCategoryValueMenstrualFlow` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkcategoryvaluemenstrualflow).
@available(iOS, deprecated: 18.0, renamed: "HKCategoryValueVaginalBleeding")
@available(macOS, deprecated: 15.0, renamed: "HKCategoryValueVaginalBleeding")
@available(watchOS, deprecated: 11.0, renamed: "HKCategoryValueVaginalBleeding")
public enum HKCategoryValueMenstrualFlow: Int, Sendable, Hashable, CaseIterable,
  HKCategoryValuePredicateProviding
{
  /// Flow, amount not given (1).
  case unspecified = 1
  /// Light (2).
  case light = 2
  /// Medium (3).
  case medium = 3
  /// Heavy (4).
  case heavy = 4
  /// No flow (5).
  case none = 5
}

/// The menopausal state a person recorded for a date, the value of
/// ``HKCategoryTypeIdentifier/menopausalState`` samples, HealthKit's
/// `HKCategoryValueMenopausalState` (iOS 27, watchOS 27; Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkcategoryvaluemenopausalstate).
///
/// The raw values are the ones Apple's article prints in the code that orders conflicting
/// samples, "Menopause (1) > Perimenopause (2) > None (3)", where the sample with the lowest
/// value wins (Apple doc:
/// https://developer.apple.com/documentation/healthkit/recording-and-querying-menopausal-state);
/// the enumeration's pages list the cases and `init(rawValue:)` without values. Available on
/// iOS, iPadOS, Mac Catalyst, macOS, visionOS and watchOS 27 (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkcategoryvaluemenopausalstate).
@available(iOS 27.0, watchOS 27.0, macOS 27.0, macCatalyst 27.0, visionOS 27.0, *)
public enum HKCategoryValueMenopausalState: Int, Sendable, Hashable, CaseIterable,
  HKCategoryValuePredicateProviding
{
  /// In menopause at the sample's date (1; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategoryvaluemenopausalstate/menopause).
  case menopause = 1
  /// In perimenopause at the sample's date (2; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategoryvaluemenopausalstate/perimenopause).
  case perimenopause = 2
  /// A confirmed entry that neither applies at the sample's date, not unknown or missing data
  /// (3; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategoryvaluemenopausalstate/none).
  case none = 3
}

/// An ovulation test's result, HealthKit's `HKCategoryValueOvulationTestResult` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkcategoryvalueovulationtestresult).
public enum HKCategoryValueOvulationTestResult: Int, Sendable, Hashable, CaseIterable,
  HKCategoryValuePredicateProviding
{
  /// Negative (1).
  case negative = 1
  /// A luteinizing hormone surge (2).
  case luteinizingHormoneSurge = 2
  /// Neither (3).
  case indeterminate = 3
  /// An estrogen surge (4).
  case estrogenSurge = 4

  /// The old name of ``luteinizingHormoneSurge`` (deprecated in iOS 13).
  @available(*, deprecated, renamed: "luteinizingHormoneSurge")
  public static var positive: HKCategoryValueOvulationTestResult { .luteinizingHormoneSurge }
}

/// A pregnancy test's result, HealthKit's `HKCategoryValuePregnancyTestResult` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkcategoryvaluepregnancytestresult).
public enum HKCategoryValuePregnancyTestResult: Int, Sendable, Hashable, CaseIterable,
  HKCategoryValuePredicateProviding
{
  /// Negative (1).
  case negative = 1
  /// Positive (2).
  case positive = 2
  /// Neither (3).
  case indeterminate = 3
}

/// Whether a symptom is present (mood and sleep changes), HealthKit's `HKCategoryValuePresence` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkcategoryvaluepresence).
public enum HKCategoryValuePresence: Int, Sendable, Hashable, CaseIterable,
  HKCategoryValuePredicateProviding
{
  /// Present (0).
  case present = 0
  /// Not present (1).
  case notPresent = 1
}

/// A progesterone test's result, HealthKit's `HKCategoryValueProgesteroneTestResult` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkcategoryvalueprogesteronetestresult).
public enum HKCategoryValueProgesteroneTestResult: Int, Sendable, Hashable, CaseIterable,
  HKCategoryValuePredicateProviding
{
  /// Negative (1).
  case negative = 1
  /// Positive (2).
  case positive = 2
  /// Neither (3).
  case indeterminate = 3
}

/// How severe a symptom is, HealthKit's `HKCategoryValueSeverity` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkcategoryvalueseverity).
public enum HKCategoryValueSeverity: Int, Sendable, Hashable, CaseIterable,
  HKCategoryValuePredicateProviding
{
  /// Present, severity not given (0).
  case unspecified = 0
  /// Not present (1).
  case notPresent = 1
  /// Mild (2).
  case mild = 2
  /// Moderate (3).
  case moderate = 3
  /// Severe (4).
  case severe = 4
}

/// The amount of bleeding (menstrual flow, bleeding during or after pregnancy; iOS 18), HealthKit's `HKCategoryValueVaginalBleeding` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkcategoryvaluevaginalbleeding).
public enum HKCategoryValueVaginalBleeding: Int, Sendable, Hashable, CaseIterable,
  HKCategoryValuePredicateProviding
{
  /// Bleeding, amount not given (1).
  case unspecified = 1
  /// Light (2).
  case light = 2
  /// Medium (3).
  case medium = 3
  /// Heavy (4).
  case heavy = 4
  /// None (5).
  case none = 5
}

/// The old audio exposure event's kind (deprecated in iOS 14: ``HKCategoryValueEnvironmentalAudioExposureEvent``), HealthKit's `HKCategoryValueAudioExposureEvent` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkcategoryvalueaudioexposureevent).
@available(*, deprecated, renamed: "HKCategoryValueEnvironmentalAudioExposureEvent")
public enum HKCategoryValueAudioExposureEvent: Int, Sendable, Hashable, CaseIterable,
  HKCategoryValuePredicateProviding
{
  /// A loud environment (1).
  case loudEnvironment = 1
}

/// A category-value enumeration that makes predicates on category samples' values (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkcategoryvaluepredicateproviding;
/// iOS 16, watchOS 9). Every `HKCategoryValue…` enumeration of this module conforms, as in the
/// SDK (Apple's pages of ``HKCategoryValue`` and the others list the conformance):
///
/// ```swift
/// let asleep = HKCategoryValueSleepAnalysis.predicateForSamples(equalTo: HKCategoryValueSleepAnalysis.allAsleepValues)
/// let query = HKSampleQuery(
///   sampleType: HKCategoryType(.sleepAnalysis), predicate: asleep, limit: HKObjectQueryNoLimit,
///   sortDescriptors: nil) { _, samples, _ in /* … */ }
/// ```
public protocol HKCategoryValuePredicateProviding: Hashable, RawRepresentable {}

extension HKCategoryValuePredicateProviding where RawValue == Int {
  /// Category samples whose value is one of `values`' raw values (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategoryvaluepredicateproviding/predicateforsamples(equalto:)):
  /// the same filter as `HKQuery.predicateForCategorySamples(valueIn:)` with those raw values.
  /// An empty set matches no sample.
  public static func predicateForSamples(equalTo values: Set<Self>) -> NSPredicate {
    HKQuery.predicateForCategorySamples(valueIn: Set(values.map(\.rawValue)))
  }

  /// Category samples whose value compares to `value`'s raw value with `operatorType` (Apple
  /// doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategoryvaluepredicateproviding/predicateforsamples(_:value:)):
  /// the same filter as `HKQuery.predicateForCategorySamples(with:value:)`, so
  /// `.lessThan` with `.asleepCore` (3) matches the values 0, 1 and 2. Apple's parameter is
  /// Foundation's `NSComparisonPredicate.Operator`; ``HKPredicateOperator`` has its
  /// comparisons, so `predicateForSamples(.equalTo, value: .awake)` compiles against both
  /// (docs/swift-api.md#the-health-store).
  public static func predicateForSamples(_ operatorType: HKPredicateOperator, value: Self)
    -> NSPredicate
  {
    HKQuery.predicateForCategorySamples(with: operatorType, value: value.rawValue)
  }
}
