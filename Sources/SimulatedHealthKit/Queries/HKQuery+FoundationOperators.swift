// The predicate helpers with Foundation's operator type, as Apple declares them: each takes
// `NSComparisonPredicate.Operator` (docs/swift-api.md#the-health-store). swift-corelibs-foundation
// declares that type but deprecates it, so naming it here would warn on Linux; the overloads take
// any operator whose raw value is a `UInt` instead, which `NSComparisonPredicate.Operator` is on
// both platforms. A literal (`with: .greaterThan`) still picks the `HKPredicateOperator` form: a
// generic parameter gives an implicit member no type to look in.

extension HKPredicateOperator {
  /// The comparison whose raw value `operatorType` has (Foundation's
  /// `NSComparisonPredicate.Operator` numbers its cases as this enum does: `lessThan` 0 to
  /// `notEqualTo` 5); traps for another raw value (`matches` 6, `like` 7, `beginsWith` 8, …),
  /// which HealthKit's helpers do not take, naming `call`.
  init<Operator: RawRepresentable>(_ operatorType: Operator, call: String)
  where Operator.RawValue == UInt {
    guard let known = HKPredicateOperator(rawValue: operatorType.rawValue) else {
      preconditionFailure(
        "HKQuery.\(call): the operator \(operatorType) (raw value \(operatorType.rawValue)) is "
          + "not a comparison HealthKit's predicates take; use .lessThan, .lessThanOrEqualTo, "
          + ".greaterThan, .greaterThanOrEqualTo, .equalTo or .notEqualTo")
    }
    self = known
  }
}

extension HKQuery {
  /// `predicateForQuantitySamples(with:quantity:)` with an operator of Foundation's type,
  /// `NSComparisonPredicate.Operator`, as Apple's signature takes it (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforquantitysamples(with:quantity:)):
  /// its raw value picks the ``HKPredicateOperator`` (a raw value above 5 traps, naming the
  /// comparisons HealthKit takes).
  public class func predicateForQuantitySamples<Operator: RawRepresentable>(
    with operatorType: Operator, quantity: HKQuantity
  ) -> NSPredicate where Operator.RawValue == UInt {
    predicateForQuantitySamples(
      with: HKPredicateOperator(operatorType, call: #function), quantity: quantity)
  }

  /// `predicateForCategorySamples(with:value:)` with an operator of Foundation's type,
  /// `NSComparisonPredicate.Operator`, as Apple's signature takes it (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforcategorysamples(with:value:)):
  /// its raw value picks the ``HKPredicateOperator`` (a raw value above 5 traps, naming the
  /// comparisons HealthKit takes).
  public class func predicateForCategorySamples<Operator: RawRepresentable>(
    with operatorType: Operator, value: Int
  ) -> NSPredicate where Operator.RawValue == UInt {
    predicateForCategorySamples(
      with: HKPredicateOperator(operatorType, call: #function), value: value)
  }

  /// `predicateForWorkouts(with:duration:)` with an operator of Foundation's type,
  /// `NSComparisonPredicate.Operator`, as Apple's signature takes it (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforworkouts(with:duration:)):
  /// its raw value picks the ``HKPredicateOperator`` (a raw value above 5 traps, naming the
  /// comparisons HealthKit takes).
  public class func predicateForWorkouts<Operator: RawRepresentable>(
    with operatorType: Operator, duration: TimeInterval
  ) -> NSPredicate where Operator.RawValue == UInt {
    predicateForWorkouts(
      with: HKPredicateOperator(operatorType, call: #function), duration: duration)
  }

  /// `predicateForObjects(withMetadataKey:operatorType:value:)` with an operator of Foundation's type,
  /// `NSComparisonPredicate.Operator`, as Apple's signature takes it (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforobjects(withmetadatakey:operatortype:value:)):
  /// its raw value picks the ``HKPredicateOperator`` (a raw value above 5 traps, naming the
  /// comparisons HealthKit takes).
  public class func predicateForObjects<Operator: RawRepresentable>(
    withMetadataKey key: String, operatorType: Operator, value: Any
  ) -> NSPredicate where Operator.RawValue == UInt {
    predicateForObjects(
      withMetadataKey: key, operatorType: HKPredicateOperator(operatorType, call: #function),
      value: value)
  }

  /// `predicateForWorkouts(with:totalDistance:)` with an operator of Foundation's type,
  /// `NSComparisonPredicate.Operator`, as Apple's signature takes it (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforworkouts(with:totaldistance:)):
  /// its raw value picks the ``HKPredicateOperator`` (a raw value above 5 traps, naming the
  /// comparisons HealthKit takes).
  public class func predicateForWorkouts<Operator: RawRepresentable>(
    with operatorType: Operator, totalDistance: HKQuantity
  ) -> NSPredicate where Operator.RawValue == UInt {
    predicateForWorkouts(
      with: HKPredicateOperator(operatorType, call: #function), totalDistance: totalDistance)
  }

  /// `predicateForWorkouts(with:totalEnergyBurned:)` with an operator of Foundation's type,
  /// `NSComparisonPredicate.Operator`, as Apple's signature takes it (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforworkouts(with:totalenergyburned:)):
  /// its raw value picks the ``HKPredicateOperator`` (a raw value above 5 traps, naming the
  /// comparisons HealthKit takes).
  @available(
    iOS, deprecated: 18.0,
    message:
      "Use predicateForWorkoutActivitiesWithOperatorType:quantityType:sumQuantity: passing the HKQuantityType for HKQuantityTypeIdentifierActiveEnergyBurned"
  )
  @available(
    watchOS, deprecated: 11.0,
    message:
      "Use predicateForWorkoutActivitiesWithOperatorType:quantityType:sumQuantity: passing the HKQuantityType for HKQuantityTypeIdentifierActiveEnergyBurned"
  )
  @available(
    macOS, deprecated: 15.0,
    message:
      "Use predicateForWorkoutActivitiesWithOperatorType:quantityType:sumQuantity: passing the HKQuantityType for HKQuantityTypeIdentifierActiveEnergyBurned"
  )
  public class func predicateForWorkouts<Operator: RawRepresentable>(
    with operatorType: Operator, totalEnergyBurned: HKQuantity
  ) -> NSPredicate where Operator.RawValue == UInt {
    predicateForWorkouts(
      with: HKPredicateOperator(operatorType, call: #function), totalEnergyBurned: totalEnergyBurned
    )
  }

  /// `predicateForWorkoutActivities(operatorType:duration:)` with an operator of Foundation's type,
  /// `NSComparisonPredicate.Operator`, as Apple's signature takes it (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforworkoutactivities(operatortype:duration:)):
  /// its raw value picks the ``HKPredicateOperator`` (a raw value above 5 traps, naming the
  /// comparisons HealthKit takes).
  public class func predicateForWorkoutActivities<Operator: RawRepresentable>(
    operatorType: Operator, duration: TimeInterval
  ) -> NSPredicate where Operator.RawValue == UInt {
    predicateForWorkoutActivities(
      operatorType: HKPredicateOperator(operatorType, call: #function), duration: duration)
  }

  /// `predicateForWorkoutActivities(operatorType:quantityType:sumQuantity:)` with an operator of Foundation's type,
  /// `NSComparisonPredicate.Operator`, as Apple's signature takes it (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforworkoutactivities(operatortype:quantitytype:sumquantity:)):
  /// its raw value picks the ``HKPredicateOperator`` (a raw value above 5 traps, naming the
  /// comparisons HealthKit takes).
  public class func predicateForWorkoutActivities<Operator: RawRepresentable>(
    operatorType: Operator, quantityType: HKQuantityType, sumQuantity: HKQuantity
  ) -> NSPredicate where Operator.RawValue == UInt {
    predicateForWorkoutActivities(
      operatorType: HKPredicateOperator(operatorType, call: #function), quantityType: quantityType,
      sumQuantity: sumQuantity)
  }

  /// `predicateForWorkoutActivities(operatorType:quantityType:minimumQuantity:)` with an operator of Foundation's type,
  /// `NSComparisonPredicate.Operator`, as Apple's signature takes it (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforworkoutactivities(operatortype:quantitytype:minimumquantity:)):
  /// its raw value picks the ``HKPredicateOperator`` (a raw value above 5 traps, naming the
  /// comparisons HealthKit takes).
  public class func predicateForWorkoutActivities<Operator: RawRepresentable>(
    operatorType: Operator, quantityType: HKQuantityType, minimumQuantity: HKQuantity
  ) -> NSPredicate where Operator.RawValue == UInt {
    predicateForWorkoutActivities(
      operatorType: HKPredicateOperator(operatorType, call: #function), quantityType: quantityType,
      minimumQuantity: minimumQuantity)
  }

  /// `predicateForWorkoutActivities(operatorType:quantityType:maximumQuantity:)` with an operator of Foundation's type,
  /// `NSComparisonPredicate.Operator`, as Apple's signature takes it (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforworkoutactivities(operatortype:quantitytype:maximumquantity:)):
  /// its raw value picks the ``HKPredicateOperator`` (a raw value above 5 traps, naming the
  /// comparisons HealthKit takes).
  public class func predicateForWorkoutActivities<Operator: RawRepresentable>(
    operatorType: Operator, quantityType: HKQuantityType, maximumQuantity: HKQuantity
  ) -> NSPredicate where Operator.RawValue == UInt {
    predicateForWorkoutActivities(
      operatorType: HKPredicateOperator(operatorType, call: #function), quantityType: quantityType,
      maximumQuantity: maximumQuantity)
  }

  /// `predicateForWorkoutActivities(operatorType:quantityType:averageQuantity:)` with an operator of Foundation's type,
  /// `NSComparisonPredicate.Operator`, as Apple's signature takes it (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforworkoutactivities(operatortype:quantitytype:averagequantity:)):
  /// its raw value picks the ``HKPredicateOperator`` (a raw value above 5 traps, naming the
  /// comparisons HealthKit takes).
  public class func predicateForWorkoutActivities<Operator: RawRepresentable>(
    operatorType: Operator, quantityType: HKQuantityType, averageQuantity: HKQuantity
  ) -> NSPredicate where Operator.RawValue == UInt {
    predicateForWorkoutActivities(
      operatorType: HKPredicateOperator(operatorType, call: #function), quantityType: quantityType,
      averageQuantity: averageQuantity)
  }

  /// `predicateForWorkouts(operatorType:quantityType:sumQuantity:)` with an operator of Foundation's type,
  /// `NSComparisonPredicate.Operator`, as Apple's signature takes it (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforworkouts(operatortype:quantitytype:sumquantity:)):
  /// its raw value picks the ``HKPredicateOperator`` (a raw value above 5 traps, naming the
  /// comparisons HealthKit takes).
  public class func predicateForWorkouts<Operator: RawRepresentable>(
    operatorType: Operator, quantityType: HKQuantityType, sumQuantity: HKQuantity
  ) -> NSPredicate where Operator.RawValue == UInt {
    predicateForWorkouts(
      operatorType: HKPredicateOperator(operatorType, call: #function), quantityType: quantityType,
      sumQuantity: sumQuantity)
  }

  /// `predicateForWorkouts(operatorType:quantityType:minimumQuantity:)` with an operator of Foundation's type,
  /// `NSComparisonPredicate.Operator`, as Apple's signature takes it (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforworkouts(operatortype:quantitytype:minimumquantity:)):
  /// its raw value picks the ``HKPredicateOperator`` (a raw value above 5 traps, naming the
  /// comparisons HealthKit takes).
  public class func predicateForWorkouts<Operator: RawRepresentable>(
    operatorType: Operator, quantityType: HKQuantityType, minimumQuantity: HKQuantity
  ) -> NSPredicate where Operator.RawValue == UInt {
    predicateForWorkouts(
      operatorType: HKPredicateOperator(operatorType, call: #function), quantityType: quantityType,
      minimumQuantity: minimumQuantity)
  }

  /// `predicateForWorkouts(operatorType:quantityType:maximumQuantity:)` with an operator of Foundation's type,
  /// `NSComparisonPredicate.Operator`, as Apple's signature takes it (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforworkouts(operatortype:quantitytype:maximumquantity:)):
  /// its raw value picks the ``HKPredicateOperator`` (a raw value above 5 traps, naming the
  /// comparisons HealthKit takes).
  public class func predicateForWorkouts<Operator: RawRepresentable>(
    operatorType: Operator, quantityType: HKQuantityType, maximumQuantity: HKQuantity
  ) -> NSPredicate where Operator.RawValue == UInt {
    predicateForWorkouts(
      operatorType: HKPredicateOperator(operatorType, call: #function), quantityType: quantityType,
      maximumQuantity: maximumQuantity)
  }

  /// `predicateForWorkouts(operatorType:quantityType:averageQuantity:)` with an operator of Foundation's type,
  /// `NSComparisonPredicate.Operator`, as Apple's signature takes it (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforworkouts(operatortype:quantitytype:averagequantity:)):
  /// its raw value picks the ``HKPredicateOperator`` (a raw value above 5 traps, naming the
  /// comparisons HealthKit takes).
  public class func predicateForWorkouts<Operator: RawRepresentable>(
    operatorType: Operator, quantityType: HKQuantityType, averageQuantity: HKQuantity
  ) -> NSPredicate where Operator.RawValue == UInt {
    predicateForWorkouts(
      operatorType: HKPredicateOperator(operatorType, call: #function), quantityType: quantityType,
      averageQuantity: averageQuantity)
  }

  /// `predicateForStatesOfMind(withValence:operatorType:)` with an operator of Foundation's type,
  /// `NSComparisonPredicate.Operator`, as Apple's signature takes it (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforstatesofmind(withvalence:operatortype:)):
  /// its raw value picks the ``HKPredicateOperator`` (a raw value above 5 traps, naming the
  /// comparisons HealthKit takes).
  public class func predicateForStatesOfMind<Operator: RawRepresentable>(
    withValence valence: Double, operatorType: Operator
  ) -> NSPredicate where Operator.RawValue == UInt {
    predicateForStatesOfMind(
      withValence: valence, operatorType: HKPredicateOperator(operatorType, call: #function))
  }

}

extension HKCategoryValuePredicateProviding where RawValue == Int {
  /// `predicateForSamples(_:value:)` with an operator of Foundation's type (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategoryvaluepredicateproviding/predicateforsamples(_:value:)),
  /// `NSComparisonPredicate.Operator`, as Apple's signature takes it; its raw value picks the
  /// ``HKPredicateOperator`` (a raw value above 5 traps).
  public static func predicateForSamples<Operator: RawRepresentable>(
    _ operatorType: Operator, value: Self
  ) -> NSPredicate where Operator.RawValue == UInt {
    predicateForSamples(HKPredicateOperator(operatorType, call: #function), value: value)
  }
}
