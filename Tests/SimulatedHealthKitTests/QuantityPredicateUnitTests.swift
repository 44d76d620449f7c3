import Foundation
import Testing

@testable import SimulatedHealthKit

/// A `predicateForQuantitySamples(with:quantity:)` whose quantity has another dimension than the
/// queried type stops the process where the query or descriptor is made, with a message that
/// names the predicate, the quantity, the type, its unit and what to write
/// (docs/swift-api-values.md#traps). A new user's trial saw only "Attempt to convert
/// incompatible units: m, count/min" from deep inside `execute`.
@Suite struct QuantityPredicateUnitTests {
  /// The whole message for 1 m against heart rate (kept in count/min).
  static let heartRateInMetres =
    "predicateForQuantitySamples(with:quantity:): the quantity 1 m cannot be compared with samples of HKQuantityTypeIdentifierHeartRate, which are in count/min (m is not compatible with count/min: HealthKit raises an exception converting incompatible units); give the predicate a quantity in a unit compatible with count/min, HKQuantity(unit: HKUnit(from: \"count/min\"), doubleValue: ...), or use it in a query of the type it was meant for (docs/swift-api-values.md#traps)"

  @Test func theMessageNamesThePredicateTheTypeAndItsUnit() {
    #expect(
      HKQuery.incompatibleQuantityMessage(
        HKQuantity(unit: .meter(), doubleValue: 1), type: HKQuantityType(.heartRate))
        == Self.heartRateInMetres)
  }

  /// `HKSampleQuery(sampleType:predicate:...)` stops at its initializer, before `execute`.
  @Test func aSampleQueryTrapsWhenMade() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let metre = HKQuery.predicateForQuantitySamples(
        with: .greaterThan, quantity: HKQuantity(unit: .meter(), doubleValue: 1))
      _ = HKSampleQuery(
        sampleType: HKQuantityType(.heartRate), predicate: metre, limit: HKObjectQueryNoLimit,
        sortDescriptors: nil
      ) { _, _, _ in }
    }
    let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(text.contains(Self.heartRateInMetres))
  }

  /// The async descriptors' `.quantitySample(type:predicate:)` stops where it is made, and so
  /// does a compound holding the predicate in a statistics query.
  @Test func aDescriptorAndACompoundTrapWhenMade() async {
    let descriptor = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      let metre = HKQuery.predicateForQuantitySamples(
        with: .greaterThan, quantity: HKQuantity(unit: .meter(), doubleValue: 1))
      _ = HKSamplePredicate.quantitySample(type: HKQuantityType(.heartRate), predicate: metre)
    }
    let descriptorText = String(decoding: descriptor?.standardErrorContent ?? [], as: UTF8.self)
    #expect(descriptorText.contains(Self.heartRateInMetres))
    let compound = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      let litre = HKQuery.predicateForQuantitySamples(
        with: .lessThan, quantity: HKQuantity(unit: .liter(), doubleValue: 2))
      let today = HKQuery.predicateForSamples(withStart: nil, end: nil)
      _ = HKStatisticsQuery(
        quantityType: HKQuantityType(.stepCount),
        quantitySamplePredicate: NSCompoundPredicate(andPredicateWithSubpredicates: [
          today, litre,
        ]), options: .cumulativeSum
      ) { _, _, _ in }
    }
    let compoundText = String(decoding: compound?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      compoundText.contains(
        "the quantity 2 L cannot be compared with samples of HKQuantityTypeIdentifierStepCount, which are in count"
      ))
  }

  /// An `HKCorrelationQuery`'s sample predicate stops at the query's initializer too, with the
  /// same message (fix21: it was taken, and at `execute` matched nothing, silently); the key's
  /// type is the one the quantity is checked against (1 m for systolic blood pressure, kept in
  /// mmHg). A sample predicate of a fitting unit is taken.
  @Test func aCorrelationQuerysSamplePredicateTrapsWhenMade() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let metre = HKQuery.predicateForQuantitySamples(
        with: .greaterThan, quantity: HKQuantity(unit: .meter(), doubleValue: 1))
      _ = HKCorrelationQuery(
        type: HKCorrelationType(.bloodPressure), predicate: nil,
        samplePredicates: [HKQuantityType(.bloodPressureSystolic): metre]
      ) { _, _, _ in }
      // Not reached: the initializer traps.
      print("made")
    }
    let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      text.contains(
        "predicateForQuantitySamples(with:quantity:): the quantity 1 m cannot be compared with samples of HKQuantityTypeIdentifierBloodPressureSystolic, which are in mmHg"
      ))
    let mmHg = HKQuery.predicateForQuantitySamples(
      with: .greaterThan, quantity: HKQuantity(unit: .millimeterOfMercury(), doubleValue: 140))
    let query = HKCorrelationQuery(
      type: HKCorrelationType(.bloodPressure), predicate: nil,
      samplePredicates: [HKQuantityType(.bloodPressureSystolic): mmHg]
    ) { _, _, _ in }
    #expect(query.samplePredicates?.count == 1)
  }

  /// A quantity of the type's dimension in another unit (150 bpm as 2.5 count/s) is taken.
  @Test func aCompatibleUnitIsTaken() {
    let perSecond = HKQuery.predicateForQuantitySamples(
      with: .greaterThan,
      quantity: HKQuantity(unit: .count().unitDivided(by: .second()), doubleValue: 2.5))
    let query = HKSampleQuery(
      sampleType: HKQuantityType(.heartRate), predicate: perSecond, limit: 1,
      sortDescriptors: nil
    ) { _, _, _ in }
    #expect(query.predicate === perSecond)
  }
}
