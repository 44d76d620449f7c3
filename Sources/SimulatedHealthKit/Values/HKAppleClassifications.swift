/// The classification of a Walking Steadiness score (``HKQuantityTypeIdentifier/appleWalkingSteadiness``),
/// HealthKit's `HKAppleWalkingSteadinessClassification`; iOS 15, watchOS 8 (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkapplewalkingsteadinessclassification).
///
/// The raw values are the SDK header's (`HKAppleWalkingSteadinessClassificationOK = 1`, then
/// `Low`, `VeryLow`). The conversions between a score and a classification
/// (`init(for:)`, `minimum`, `maximum`) are not simulated: Apple publishes no bounds for them
/// (docs/healthkit-types.md#classifications).
public enum HKAppleWalkingSteadinessClassification: Int, Sendable, Hashable, CaseIterable {
  /// The gait's stability is within the normal range (1).
  case ok = 1
  /// The gait's stability is below normal (2).
  case low = 2
  /// The gait's stability is considerably below normal (3).
  case veryLow = 3
}

/// The classification of a night's breathing disturbances
/// (``HKQuantityTypeIdentifier/appleSleepingBreathingDisturbances``), HealthKit's
/// `HKAppleSleepingBreathingDisturbancesClassification`; iOS 18, watchOS 11 (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkapplesleepingbreathingdisturbancesclassification).
///
/// The raw values are the SDK header's (`NotElevated` first, 0, then `Elevated`). The
/// conversions between a quantity and a classification (`init(classifying:)`, `minimum`) are
/// not simulated: Apple publishes no threshold for them
/// (docs/healthkit-types.md#classifications).
public enum HKAppleSleepingBreathingDisturbancesClassification: Int, Sendable, Hashable,
  CaseIterable
{
  /// The breathing disturbances are not elevated (0).
  case notElevated = 0
  /// The breathing disturbances are elevated (1).
  case elevated = 1
}
