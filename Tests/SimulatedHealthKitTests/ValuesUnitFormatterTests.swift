import Foundation
import Testing

@testable import SimulatedHealthKit

/// `HKUnit`'s bridges to Foundation's formatter units (Apple: `init(from:)` with an
/// `EnergyFormatter.Unit`, `LengthFormatter.Unit` or `MassFormatter.Unit`, and
/// `energyFormatterUnit(from:)`, `lengthFormatterUnit(from:)`, `massFormatterUnit(from:)`).
@Suite struct ValuesUnitFormatterTests {
  @Test func energyFormatterUnitsAreTheirHealthKitUnits() {
    // The form real apps write (activity rings, calorie readers).
    #expect(HKUnit(from: .kilocalorie) == .kilocalorie())
    #expect(HKUnit(from: EnergyFormatter.Unit.joule) == .joule())
    #expect(HKUnit(from: EnergyFormatter.Unit.kilojoule) == .jouleUnit(with: .kilo))
    #expect(HKUnit(from: EnergyFormatter.Unit.calorie) == .smallCalorie())
    // 1 kcal = 4184 J; 1 cal = 4.184 J; 1 kJ = 1000 J.
    let kcal = HKQuantity(unit: HKUnit(from: .kilocalorie), doubleValue: 1)
    #expect(kcal.doubleValue(for: HKUnit(from: EnergyFormatter.Unit.joule)) == 4184)
    #expect(kcal.doubleValue(for: HKUnit(from: EnergyFormatter.Unit.calorie)) == 1000)
    #expect(kcal.doubleValue(for: HKUnit(from: EnergyFormatter.Unit.kilojoule)) == 4.184)
  }

  @Test func lengthFormatterUnitsAreTheirHealthKitUnits() {
    #expect(HKUnit(from: .millimeter).unitString == "mm")
    #expect(HKUnit(from: .centimeter) == .meterUnit(with: .centi))
    #expect(HKUnit(from: LengthFormatter.Unit.meter) == .meter())
    #expect(HKUnit(from: .kilometer) == .meterUnit(with: .kilo))
    #expect(HKUnit(from: .inch) == .inch())
    #expect(HKUnit(from: .foot) == .foot())
    #expect(HKUnit(from: .yard) == .yard())
    #expect(HKUnit(from: .mile) == .mile())
    // 1 mi = 1609.344 m = 1.609344 km; 1 yd = 3 ft = 36 in.
    let mile = HKQuantity(unit: HKUnit(from: .mile), doubleValue: 1)
    #expect(mile.doubleValue(for: HKUnit(from: .kilometer)) == 1.609344)
    let yard = HKQuantity(unit: HKUnit(from: .yard), doubleValue: 1)
    #expect(yard.doubleValue(for: HKUnit(from: .inch)) == 36)
  }

  @Test func massFormatterUnitsAreTheirHealthKitUnits() {
    #expect(HKUnit(from: .gram) == .gram())
    #expect(HKUnit(from: .kilogram) == .gramUnit(with: .kilo))
    #expect(HKUnit(from: .ounce) == .ounce())
    #expect(HKUnit(from: .pound) == .pound())
    #expect(HKUnit(from: .stone) == .stone())
    // 1 st = 14 lb = 14 × 453.59237 g = 6350.29318 g; 1 lb = 16 oz.
    let stone = HKQuantity(unit: HKUnit(from: .stone), doubleValue: 1)
    #expect(stone.doubleValue(for: HKUnit(from: .pound)) == 14)
    #expect(stone.doubleValue(for: HKUnit(from: .gram)) == 6350.29318)
    let pound = HKQuantity(unit: HKUnit(from: .pound), doubleValue: 1)
    #expect(pound.doubleValue(for: HKUnit(from: .ounce)) == 16)
  }

  @Test func theReverseGivesEachCaseBack() {
    let energy: [EnergyFormatter.Unit] = [.joule, .kilojoule, .calorie, .kilocalorie]
    for unit in energy { #expect(HKUnit.energyFormatterUnit(from: HKUnit(from: unit)) == unit) }
    let length: [LengthFormatter.Unit] = [
      .millimeter, .centimeter, .meter, .kilometer, .inch, .foot, .yard, .mile,
    ]
    for unit in length { #expect(HKUnit.lengthFormatterUnit(from: HKUnit(from: unit)) == unit) }
    let mass: [MassFormatter.Unit] = [.gram, .kilogram, .ounce, .pound, .stone]
    for unit in mass { #expect(HKUnit.massFormatterUnit(from: HKUnit(from: unit)) == unit) }
    // Units from strings and constructors, not from the bridge.
    #expect(HKUnit.energyFormatterUnit(from: HKUnit(from: "kcal")) == .kilocalorie)
    #expect(HKUnit.lengthFormatterUnit(from: .meterUnit(with: .milli)) == .millimeter)
    #expect(HKUnit.massFormatterUnit(from: HKUnit(from: "kg")) == .kilogram)
  }

  @Test func theFoodCalorieIsTheKilocalorie() {
    // Cal is 4184 J like kcal, and EnergyFormatter's kilocalorie is the food calorie (project
    // rule from Apple's page of EnergyFormatter.Unit.kilocalorie).
    #expect(HKUnit.energyFormatterUnit(from: .largeCalorie()) == .kilocalorie)
  }

  @Test func aUnitOfAnotherDimensionTraps() async {
    // Apple: "If the unit is not an energy-type unit, this method throws an exception
    // (NSInvalidArgumentException)".
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = HKUnit.energyFormatterUnit(from: .count())
    }
    let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(text.contains("HKUnit.energyFormatterUnit(from:): count is not an energy unit"))
  }

  @Test func aUnitNoFormatterUnitNamesTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = HKUnit.massFormatterUnit(from: .gramUnit(with: .milli))
    }
    let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(text.contains("HKUnit.massFormatterUnit(from:): mg has no MassFormatter.Unit"))
  }

  @Test func theTrapMessagesNameTheUnitsThatHaveOne() {
    #expect(
      HKUnit.formatterUnitMessage(
        method: "lengthFormatterUnit(from:)", unit: "g", kind: "length",
        formatter: "LengthFormatter", named: ["m", "km"], compatible: false)
        == "HKUnit.lengthFormatterUnit(from:): g is not a length unit (HealthKit raises "
        + "NSInvalidArgumentException); pass one of m, km")
    #expect(
      HKUnit.formatterUnitMessage(
        method: "energyFormatterUnit(from:)", unit: "MJ", kind: "energy",
        formatter: "EnergyFormatter", named: ["J", "kJ"], compatible: true)
        == "HKUnit.energyFormatterUnit(from:): MJ has no EnergyFormatter.Unit (the formatter "
        + "has J, kJ; HealthKit documents no answer for other energy units); convert the "
        + "quantity to one of them first (docs/swift-api-values.md#traps)")
  }
}
