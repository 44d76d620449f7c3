import Foundation

// The bridges between HKUnit and Foundation's formatter units (`EnergyFormatter.Unit`,
// `LengthFormatter.Unit`, `MassFormatter.Unit`; all three are in swift-corelibs-foundation too).
// Each formatter unit has exactly one HealthKit unit of the same size and symbol; the reverse
// direction refuses a unit of another dimension, as HealthKit does (it raises
// NSInvalidArgumentException, Apple's pages below), and, a project rule (docs/swift-api-values.md#traps),
// a unit of the right dimension that no formatter unit names (`MJ`, `mcm`, `mg`), for which
// HealthKit documents no answer.
extension HKUnit {
  /// The HealthKit unit of an energy formatter unit (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkunit/init(from:)-1j1pq): `.joule` is
  /// `J`, `.kilojoule` `kJ`, `.calorie` `cal` (4.184 J) and `.kilocalorie` `kcal` (4184 J), equal
  /// to `.joule()`, `.jouleUnit(with: .kilo)`, `.smallCalorie()` and `.kilocalorie()`.
  public convenience init(from energyFormatterUnit: EnergyFormatter.Unit) {
    self.init(factors: Self.energyUnit(energyFormatterUnit).factors)
  }

  /// The HealthKit unit of a length formatter unit (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkunit/init(from:)-55e1u):
  /// `.millimeter` `mm`, `.centimeter` `cm`, `.meter` `m`, `.kilometer` `km`, `.inch` `in`
  /// (0.0254 m), `.foot` `ft` (0.3048 m), `.yard` `yd` (0.9144 m), `.mile` `mi` (1609.344 m).
  public convenience init(from lengthFormatterUnit: LengthFormatter.Unit) {
    self.init(factors: Self.lengthUnit(lengthFormatterUnit).factors)
  }

  /// The HealthKit unit of a mass formatter unit (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkunit/init(from:)-7h2li): `.gram` `g`,
  /// `.kilogram` `kg`, `.ounce` `oz` (1/16 lb), `.pound` `lb` (453.59237 g), `.stone` `st`
  /// (14 lb).
  public convenience init(from massFormatterUnit: MassFormatter.Unit) {
    self.init(factors: Self.massUnit(massFormatterUnit).factors)
  }

  /// The energy formatter unit of an energy unit (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkunit/energyformatterunit(from:)):
  /// `J` `.joule`, `kJ` `.kilojoule`, `cal` `.calorie`, `kcal` `.kilocalorie`, and `Cal` (the
  /// food calorie, 4184 J) `.kilocalorie` too (project rule: Apple's page of
  /// `EnergyFormatter.Unit.kilocalorie` says it is the unit of food calories,
  /// https://developer.apple.com/documentation/foundation/energyformatter/unit/kilocalorie).
  ///
  /// Traps when `unit` is not an energy unit (HealthKit raises NSInvalidArgumentException), and
  /// when it is one no formatter unit names (`MJ`; project rule: HealthKit documents no answer),
  /// with a message naming the units that have one (docs/swift-api-values.md#traps).
  public class func energyFormatterUnit(from unit: HKUnit) -> EnergyFormatter.Unit {
    let all: [EnergyFormatter.Unit] = [.joule, .kilojoule, .calorie, .kilocalorie]
    if unit.isEqual(HKUnit.largeCalorie()) { return .kilocalorie }
    return formatterUnit(
      of: unit, among: all, unitOf: energyUnit, method: "energyFormatterUnit(from:)",
      kind: "energy", formatter: "EnergyFormatter")
  }

  /// The length formatter unit of a length unit (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkunit/lengthformatterunit(from:)):
  /// `mm`, `cm`, `m`, `km`, `in`, `ft`, `yd`, `mi` give their case.
  ///
  /// Traps when `unit` is not a length unit (HealthKit raises NSInvalidArgumentException), and
  /// when it is one no formatter unit names (`dm`, `mcm`; project rule: HealthKit documents no
  /// answer), with a message naming the units that have one (docs/swift-api-values.md#traps).
  public class func lengthFormatterUnit(from unit: HKUnit) -> LengthFormatter.Unit {
    let all: [LengthFormatter.Unit] = [
      .millimeter, .centimeter, .meter, .kilometer, .inch, .foot, .yard, .mile,
    ]
    return formatterUnit(
      of: unit, among: all, unitOf: lengthUnit, method: "lengthFormatterUnit(from:)",
      kind: "length", formatter: "LengthFormatter")
  }

  /// The mass formatter unit of a mass unit (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkunit/massformatterunit(from:)): `g`,
  /// `kg`, `oz`, `lb`, `st` give their case.
  ///
  /// Traps when `unit` is not a mass unit (HealthKit raises NSInvalidArgumentException), and
  /// when it is one no formatter unit names (`mg`; project rule: HealthKit documents no
  /// answer), with a message naming the units that have one (docs/swift-api-values.md#traps).
  public class func massFormatterUnit(from unit: HKUnit) -> MassFormatter.Unit {
    let all: [MassFormatter.Unit] = [.gram, .kilogram, .ounce, .pound, .stone]
    return formatterUnit(
      of: unit, among: all, unitOf: massUnit, method: "massFormatterUnit(from:)", kind: "mass",
      formatter: "MassFormatter")
  }

  /// The case of `all` whose unit equals `unit`; traps with the message of
  /// ``formatterUnitMessage(method:unit:kind:formatter:named:compatible:)`` when none does.
  private static func formatterUnit<Case>(
    of unit: HKUnit, among all: [Case], unitOf: (Case) -> HKUnit, method: String, kind: String,
    formatter: String
  ) -> Case {
    if let match = all.first(where: { unitOf($0).isEqual(unit) }) { return match }
    let named = all.map { unitOf($0).unitString }
    preconditionFailure(
      formatterUnitMessage(
        method: method, unit: unit.unitString, kind: kind, formatter: formatter, named: named,
        compatible: unit.isCompatible(with: unitOf(all[0]))))
  }

  /// The trap message of a formatter-unit method given a unit it has no case for.
  static func formatterUnitMessage(
    method: String, unit: String, kind: String, formatter: String, named: [String],
    compatible: Bool
  ) -> String {
    let list = named.joined(separator: ", ")
    if !compatible {
      let article = "aeiou".contains(kind.first ?? "x") ? "an" : "a"
      return
        "HKUnit.\(method): \(unit) is not \(article) \(kind) unit (HealthKit raises "
        + "NSInvalidArgumentException); pass one of \(list)"
    }
    return
      "HKUnit.\(method): \(unit) has no \(formatter).Unit (the formatter has \(list); HealthKit "
      + "documents no answer for other \(kind) units); convert the quantity to one of them first "
      + "(docs/swift-api-values.md#traps)"
  }

  /// The unit of an energy formatter unit.
  private static func energyUnit(_ unit: EnergyFormatter.Unit) -> HKUnit {
    switch unit {
    case .joule: return .joule()
    case .kilojoule: return .jouleUnit(with: .kilo)
    case .calorie: return .smallCalorie()
    case .kilocalorie: return .kilocalorie()
    @unknown default: preconditionFailure("HKUnit(from:): unknown EnergyFormatter.Unit \(unit)")
    }
  }

  /// The unit of a length formatter unit.
  private static func lengthUnit(_ unit: LengthFormatter.Unit) -> HKUnit {
    switch unit {
    case .millimeter: return .meterUnit(with: .milli)
    case .centimeter: return .meterUnit(with: .centi)
    case .meter: return .meter()
    case .kilometer: return .meterUnit(with: .kilo)
    case .inch: return .inch()
    case .foot: return .foot()
    case .yard: return .yard()
    case .mile: return .mile()
    @unknown default: preconditionFailure("HKUnit(from:): unknown LengthFormatter.Unit \(unit)")
    }
  }

  /// The unit of a mass formatter unit.
  private static func massUnit(_ unit: MassFormatter.Unit) -> HKUnit {
    switch unit {
    case .gram: return .gram()
    case .kilogram: return .gramUnit(with: .kilo)
    case .ounce: return .ounce()
    case .pound: return .pound()
    case .stone: return .stone()
    @unknown default: preconditionFailure("HKUnit(from:): unknown MassFormatter.Unit \(unit)")
    }
  }
}
