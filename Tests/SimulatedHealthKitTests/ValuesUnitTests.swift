import Foundation
import Testing
import WorkoutCore

@testable import SimulatedHealthKit

/// `HKUnit` and `HKQuantity`: unit strings (HealthKit's grammar from the iOS SDK's `HKUnit.h`),
/// equality, and conversions with exact factors (1 kcal = 4184 J, 1 mi = 1609.344 m,
/// 1 min = 60 s).
@Suite struct ValuesUnitTests {
  private func value(_ amount: Double, _ from: String, in to: String) -> Double {
    HKQuantity(unit: HKUnit(from: from), doubleValue: amount).doubleValue(for: HKUnit(from: to))
  }

  @Test func beatsPerMinuteFromStringEqualsCountDividedByMinute() {
    let parsed = HKUnit(from: "count/min")
    let built = HKUnit.count().unitDivided(by: .minute())
    #expect(parsed == built)
    #expect(parsed.hashValue == built.hashValue)
    #expect(built.unitString == "count/min")
    #expect(Set([parsed, built]).count == 1)
  }

  @Test func theDocumentedStringsParseAndPrintBack() {
    let strings = [
      "count", "count/min", "count/s", "kcal", "Cal", "J", "kJ", "m", "km", "mi", "s", "min",
      "hr", "ms", "W", "%", "m/s",
    ]
    for string in strings {
      #expect(HKUnit(from: string).unitString == string)
    }
    #expect(HKUnit(from: "kcal") == .kilocalorie())
    #expect(HKUnit(from: "Cal") == .largeCalorie())
    #expect(HKUnit(from: "J") == .joule())
    #expect(HKUnit(from: "kJ") == .jouleUnit(with: .kilo))
    #expect(HKUnit(from: "km") == .meterUnit(with: .kilo))
    #expect(HKUnit(from: "mi") == .mile())
    #expect(HKUnit(from: "ms") == .secondUnit(with: .milli))
    #expect(HKUnit(from: "hr") == .hour())
    #expect(HKUnit(from: "W") == .watt())
    #expect(HKUnit(from: "%") == .percent())
    #expect(HKUnit(from: "m/s") == HKUnit.meter().unitDivided(by: .second()))
  }

  @Test func prefixedConstructorsSpellTheSymbol() {
    #expect(HKUnit.gramUnit(with: .kilo).unitString == "kg")
    #expect(HKUnit.gramUnit(with: .micro).unitString == "mcg")
    #expect(HKUnit.literUnit(with: .milli).unitString == "mL")
    #expect(HKUnit.meterUnit(with: .centi).unitString == "cm")
    #expect(HKUnit.meterUnit(with: .deca).unitString == "dam")
    #expect(HKUnit.secondUnit(with: .none) == .second())
    // "ml" with a lower-case l is the same litre.
    #expect(HKUnit(from: "ml") == .literUnit(with: .milli))
  }

  @Test func productsPowersAndGrouping() {
    // HKUnit.h: "kg/m.s^2" is equivalent to "kg/(m.s^2)" and "kg.m^-1.s^-2".
    let a = HKUnit(from: "kg/m.s^2")
    #expect(a == HKUnit(from: "kg/(m.s^2)"))
    #expect(a == HKUnit(from: "kg.m^-1.s^-2"))
    #expect(a.unitString == "kg/m·s^2")
    // The three multiplication signs, and factor order, do not matter.
    #expect(HKUnit(from: "m.s") == HKUnit(from: "s*m"))
    #expect(HKUnit(from: "m·s") == HKUnit.meter().unitMultiplied(by: .second()))
    #expect(HKUnit(from: "m^2") == HKUnit.meter().unitRaised(toPower: 2))
    #expect(
      HKUnit(from: "kcal/(kg*hr)")
        == HKUnit.kilocalorie().unitDivided(
          by: HKUnit.gramUnit(with: .kilo).unitMultiplied(by: .hour())))
    #expect(HKUnit.second().reciprocal().unitString == "1/s")
    #expect(HKUnit(from: "1/s") == HKUnit.second().reciprocal())
    #expect(HKUnit(from: "count/s") != HKUnit(from: "count/min"))
  }

  @Test func theNullUnit() {
    let none = HKUnit.count().unitDivided(by: .count())
    #expect(none.isNull())
    #expect(none.unitString == "()")
    #expect(HKUnit.meter().unitRaised(toPower: 0).isNull())
    #expect(!HKUnit.count().isNull())
  }

  @Test func sameSizeDifferentSymbolIsADifferentUnit() {
    // HealthKit compares unit strings: kcal and Cal are distinct units of one size.
    #expect(HKUnit.kilocalorie() != HKUnit.largeCalorie())
    #expect(value(1, "Cal", in: "kcal") == 1)
  }

  @Test func aUnitOfTheSameSizeGivesTheValueUnchanged() {
    // kcal and Cal are both 4 184 000 g·m²/s²: the factor is 4 184 000 / 4 184 000 = 1, so
    // the value comes back as it is (multiplying 0.9251 by 4 184 000 and dividing again
    // would round it to a neighbouring double).
    #expect(value(0.9251, "kcal", in: "Cal") == 0.9251)
    #expect(value(0.9251, "Cal", in: "kcal") == 0.9251)
    // The quantity's own unit, and an equal one parsed apart.
    let rate = HKQuantity(unit: HKUnit(from: "count/min"), doubleValue: 0.9251)
    #expect(rate.doubleValue(for: .count().unitDivided(by: .minute())) == 0.9251)
    #expect(rate.doubleValue(for: rate.unit) == 0.9251)
  }

  @Test func theClassConstructorsAndTheirCommonRatesAreSharedInstances() {
    // Units are immutable: one instance per constructor, equal to a parsed one.
    #expect(HKUnit.count() === HKUnit.count())
    #expect(HKUnit.minute() === HKUnit.minute())
    #expect(HKUnit.kilocalorie() === HKUnit.kilocalorie())
    #expect(HKUnit.meter() === HKUnit.meter())
    let perMinute = HKUnit.count().unitDivided(by: .minute())
    #expect(perMinute === HKUnit.count().unitDivided(by: .minute()))
    #expect(perMinute == HKUnit(from: "count/min"))
    #expect(HKUnit.count().unitDivided(by: .second()).unitString == "count/s")
    #expect(HKUnit.meter().unitDivided(by: .second()).unitString == "m/s")
    #expect(HKUnit.meter().unitDivided(by: .second()) == HKUnit(from: "m/s"))
    // A rate of other units is made anew: kcal/min.
    #expect(HKUnit.kilocalorie().unitDivided(by: .minute()).unitString == "kcal/min")
    #expect(HKUnit.meterUnit(with: .kilo).unitString == "km")
    // The prefixed constructors too: one instance per prefix and root.
    #expect(HKUnit.meterUnit(with: .centi) === HKUnit.meterUnit(with: .centi))
    #expect(HKUnit.secondUnit(with: .milli) === HKUnit.secondUnit(with: .milli))
    #expect(HKUnit.meterUnit(with: .centi) !== HKUnit.meterUnit(with: .milli))
    #expect(HKUnit.meterUnit(with: .none) === HKUnit.meter())
    #expect(HKUnit.stone() === HKUnit.stone())
  }

  @Test func theEnginesUnitsAreTheConstructorsInstances() {
    // Parsed once from the engine's unit strings, then the constructors' instances: an app's
    // display unit is the statistics' unit itself, and the value comes back untouched.
    #expect(QuantityType.heartRate.healthKitUnit === HKUnit.count().unitDivided(by: .minute()))
    #expect(QuantityType.activeEnergyBurned.healthKitUnit === HKUnit.kilocalorie())
    #expect(QuantityType.runningSpeed.healthKitUnit === HKUnit.meter().unitDivided(by: .second()))
    #expect(
      QuantityType.runningVerticalOscillation.healthKitUnit === HKUnit.meterUnit(with: .centi))
    #expect(QuantityType.runningGroundContactTime.healthKitUnit === HKUnit.secondUnit(with: .milli))
    #expect(QuantityType.runningVerticalOscillation.healthKitUnit.unitString == "cm")
    // A unit interned from a parse is the constructor's; one no constructor makes stays.
    #expect(
      HKUnit.interned(HKUnit(from: "count/min")) === HKUnit.count().unitDivided(by: .minute()))
    #expect(HKUnit.interned(HKUnit(from: "mL")) === HKUnit.literUnit(with: .milli))
    let rate = HKUnit(from: "kcal/min")
    #expect(HKUnit.interned(rate) === rate)
    // 0.1 + 0.2 in its own unit: the same double, bit for bit.
    let quantity = HKQuantity(unit: .meterUnit(with: .centi), doubleValue: 0.1 + 0.2)
    #expect(quantity.doubleValue(for: .meterUnit(with: .centi)) == 0.1 + 0.2)
    // 8.5 cm = 0.085 m.
    #expect(
      HKQuantity(unit: .meterUnit(with: .centi), doubleValue: 8.5).doubleValue(for: .meter())
        == 0.085)
  }

  @Test func energyConversionsAreExact() {
    // 1 kcal = 4184 J; 1 Cal = 4184 J; 1 cal = 4.184 J; 4184 kJ = 1000 kcal.
    #expect(value(1, "kcal", in: "J") == 4184)
    #expect(value(1, "Cal", in: "J") == 4184)
    #expect(value(1000, "cal", in: "kcal") == 1)
    #expect(value(4184, "kJ", in: "kcal") == 1000)
    #expect(value(8368, "J", in: "kcal") == 2)
  }

  @Test func lengthConversionsAreExact() {
    // 1 mi = 1609.344 m exactly (the international mile).
    #expect(value(1, "mi", in: "m") == 1609.344)
    #expect(value(1609.344, "m", in: "mi") == 1)
    #expect(value(5, "km", in: "m") == 5000)
    #expect(value(250, "m", in: "km") == 0.25)
    #expect(value(1, "ft", in: "in") == 12)
  }

  @Test func rateAndTimeConversionsAreExact() {
    // count/s ↔ count/min: × 60.
    #expect(value(2, "count/s", in: "count/min") == 120)
    #expect(value(150, "count/min", in: "count/s") == 2.5)
    #expect(value(90, "min", in: "hr") == 1.5)
    #expect(value(1500, "ms", in: "s") == 1.5)
    #expect(value(2, "hr", in: "s") == 7200)
    // 3 m/s = 3 × 3600 / 1000 km/hr = 10.8 km/hr.
    #expect(value(3, "m/s", in: "km/hr") == 10.8)
    // 1 W = 1 J/s: compatible, not equal.
    #expect(value(250, "W", in: "J/s") == 250)
    #expect(HKUnit.watt() != HKUnit(from: "J/s"))
    // 50 % = 0.5 count (both dimensionless).
    #expect(value(50, "%", in: "count") == 0.5)
  }

  @Test func compatibility() {
    let heartRate = HKQuantity(unit: HKUnit(from: "count/min"), doubleValue: 150)
    #expect(heartRate.is(compatibleWith: HKUnit(from: "count/s")))
    #expect(!heartRate.is(compatibleWith: .count()))
    #expect(!heartRate.is(compatibleWith: .meter()))
    let energy = HKQuantity(unit: .kilocalorie(), doubleValue: 1)
    // 1 J = 1000 g·m²/s² (kg·m²/s² with grams as the base).
    #expect(energy.is(compatibleWith: HKUnit(from: "kg.m^2/s^2")))
    #expect(energy.doubleValue(for: HKUnit(from: "kg.m^2/s^2")) == 4184)
    #expect(!energy.is(compatibleWith: .watt()))
  }

  @Test func quantityEqualityAndOrder() {
    let kilometre = HKQuantity(unit: .meterUnit(with: .kilo), doubleValue: 1)
    let metres = HKQuantity(unit: .meter(), doubleValue: 1000)
    #expect(kilometre == metres)
    #expect(kilometre.hashValue == metres.hashValue)
    #expect(kilometre != HKQuantity(unit: .meter(), doubleValue: 999))
    #expect(kilometre != HKQuantity(unit: .count(), doubleValue: 1))
    #expect(kilometre.compare(HKQuantity(unit: .mile(), doubleValue: 1)) == .orderedAscending)
    #expect(kilometre.compare(metres) == .orderedSame)
    #expect(HKQuantity(unit: .mile(), doubleValue: 1).compare(kilometre) == .orderedDescending)
    #expect(
      HKQuantity(unit: HKUnit(from: "count/min"), doubleValue: 150).description
        == "150 count/min")
    #expect(HKQuantity(unit: .kilocalorie(), doubleValue: 12.5).description == "12.5 kcal")
  }

  @Test func anIncompatibleConversionTrapsWithHealthKitsText() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let quantity = HKQuantity(unit: HKUnit(from: "count/s"), doubleValue: 2)
      _ = quantity.doubleValue(for: .count())
    }
    let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(text.contains("Attempt to convert incompatible units: count/s, count"))
  }

  @Test func anUnknownUnitStringTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = HKUnit(from: "furlong")
    }
    let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(text.contains("Unable to parse factorization string furlong"))
  }

  @Test func malformedStringsAreRejected() {
    // Checked on the parser so the process survives: two slashes, a dangling operator, an
    // unprefixable root with a prefix, spaces.
    for string in ["m/s/s", "m.", "^2", "kmin", "count / min", "(m", "m)", "m^x"] {
      #expect(UnitParser.parse(string) == nil, "\(string)")
    }
    #expect(UnitParser.parse("") == [])
    #expect(UnitParser.parse("()") == [])
  }

  /// The units of the SDK types' canonical units: temperatures convert with their zeros
  /// (37 × 9/5 + 32 = 98.6 degF; 98.6 degF = (98.6 + 459.67) × 5/9 = 310.15 K; 0 degC =
  /// 273.15 K), a rate per degree by size alone.
  @Test func temperatures() {
    #expect(abs(value(37, "degC", in: "degF") - 98.6) < 1e-9)
    #expect(abs(value(98.6, "degF", in: "K") - 310.15) < 1e-9)
    #expect(abs(value(0, "degC", in: "K") - 273.15) < 1e-9)
    #expect(abs(value(-40, "degF", in: "degC") - -40) < 1e-9)
    #expect(HKUnit.degreeCelsius().unitString == "degC")
    #expect(HKUnit(from: "degF") == .degreeFahrenheit())
    #expect(HKUnit(from: "K") == .kelvin())
    // 1 degF/hr is 5/9 K/hr: no zero in a rate.
    #expect(abs(value(9, "degF/hr", in: "K/hr") - 5) < 1e-12)
  }

  /// Pressures in pascals: 120 mmHg = 120 × 133.322387415 / 1000 = 15.9986864898 kPa;
  /// 1 atm = 101 325 / 133.322387415 mmHg; 1 cmAq = 98.0665 Pa; 1 inHg = 3386.389 Pa.
  @Test func pressures() {
    #expect(abs(value(120, "mmHg", in: "kPa") - 15.998_686_489_8) < 1e-9)
    #expect(abs(value(1, "atm", in: "mmHg") - 101_325 / 133.322_387_415) < 1e-9)
    #expect(abs(value(1, "cmAq", in: "Pa") - 98.0665) < 1e-12)
    #expect(abs(value(1, "inHg", in: "Pa") - 3386.389) < 1e-9)
    #expect(HKUnit.millimeterOfMercury().unitString == "mmHg")
    #expect(HKUnit.pascalUnit(with: .kilo) == HKUnit(from: "kPa"))
    #expect(HKUnit(from: "cmAq") == .centimeterOfWater())
    #expect(HKUnit(from: "atm") == .atmosphere())
    #expect(HKUnit(from: "inHg") == .inchesOfMercury())
  }

  /// Volumes and masses people drink and weigh in: 8 US fl oz = 8 × 29.5735295625 =
  /// 236.5882365 mL; a US pint is 16 US fl oz, a US cup 8; an imperial pint 20 imperial fl oz
  /// (568.26125 mL); 1 st = 14 lb = 6.35029318 kg.
  @Test func volumesAndMasses() {
    #expect(abs(value(8, "fl_oz_us", in: "mL") - 236.588_236_5) < 1e-9)
    #expect(abs(value(1, "pt_us", in: "fl_oz_us") - 16) < 1e-12)
    #expect(abs(value(1, "cup_us", in: "fl_oz_us") - 8) < 1e-12)
    #expect(abs(value(1, "pt_imp", in: "fl_oz_imp") - 20) < 1e-12)
    #expect(abs(value(1, "pt_imp", in: "mL") - 568.261_25) < 1e-9)
    #expect(abs(value(1, "cup_imp", in: "mL") - 284.130_625) < 1e-9)
    #expect(abs(value(1, "st", in: "kg") - 6.350_293_18) < 1e-12)
    #expect(HKUnit.fluidOunceUS().unitString == "fl_oz_us")
    #expect(HKUnit(from: "fl_oz_imp") == .fluidOunceImperial())
    #expect(HKUnit(from: "pt_us") == .pintUS())
    #expect(HKUnit(from: "cup_imp") == .cupImperial())
    #expect(HKUnit(from: "st") == .stone())
    // Blood glucose's canonical unit: 1 mg/dL = 10 mg/L.
    #expect(abs(value(1, "mg/dL", in: "mg/L") - 10) < 1e-12)
  }

  /// Units that convert into nothing else: siemens (with prefixes), international units, the
  /// two decibel levels (not pascals) and the effort score.
  @Test func unitsOfTheirOwn() {
    #expect(HKUnit.siemenUnit(with: .micro).unitString == "mcS")
    #expect(abs(value(2, "mcS", in: "S") - 0.000_002) < 1e-18)
    #expect(HKUnit(from: "IU") == .internationalUnit())
    #expect(HKUnit(from: "dBASPL") == .decibelAWeightedSoundPressureLevel())
    #expect(HKUnit(from: "dBHL") == .decibelHearingLevel())
    #expect(HKUnit(from: "appleEffortScore") == .appleEffortScore())
    let level = HKQuantity(unit: .decibelAWeightedSoundPressureLevel(), doubleValue: 85)
    #expect(!level.is(compatibleWith: .pascal()))
    #expect(!level.is(compatibleWith: .decibelHearingLevel()))
    #expect(!HKQuantity(unit: .internationalUnit(), doubleValue: 4).is(compatibleWith: .gram()))
    #expect(!HKQuantity(unit: .appleEffortScore(), doubleValue: 7).is(compatibleWith: .count()))
    #expect(!HKQuantity(unit: .siemen(), doubleValue: 1).is(compatibleWith: .volt()))
  }

  /// Lux (iOS 17): the SI symbol `lx`, prefixed like other SI units (1 klx = 1000 lx), and an
  /// illuminance converts into nothing else (not a count, not a percent).
  @Test func luxIsIlluminanceOnly() {
    #expect(HKUnit.lux().unitString == "lx")
    #expect(HKUnit.luxUnit(with: .kilo).unitString == "klx")
    #expect(HKUnit(from: "lx") == .lux())
    let bright = HKQuantity(unit: .luxUnit(with: .kilo), doubleValue: 2.5)
    #expect(bright.doubleValue(for: .lux()) == 2500)
    #expect(!bright.is(compatibleWith: .count()))
    #expect(!bright.is(compatibleWith: .percent()))
  }

  /// Moles of a substance of a molar mass (blood glucose in mmol/L, as most of the world reads
  /// it): a mass, one mole weighing its molar mass in grams, so 5.5 mmol/L of glucose is
  /// 5.5 × 180.15588000005408 mg / 10 dL = 99.085734000029744 mg/dL, and 126 mg/dL is
  /// 126 / 18.015588000005408 = 6.99394 mmol/L. The unit string carries the molar mass with 16
  /// significant digits (`mmol<180.1558800000541>/L`, the string HealthKit gives and apps store)
  /// and parses back to an equal unit.
  @Test func moleUnitsOfBloodGlucoseConvertThroughTheirMolarMass() {
    let millimolesPerLitre = HKUnit.moleUnit(with: .milli, molarMass: HKUnitMolarMassBloodGlucose)
      .unitDivided(by: .liter())
    #expect(millimolesPerLitre.unitString == "mmol<180.1558800000541>/L")
    let parsed = HKUnit(from: "mmol<180.1558800000541>/L")
    #expect(parsed == millimolesPerLitre)
    #expect(parsed.hashValue == millimolesPerLitre.hashValue)
    #expect(HKUnit(from: "mmol<180.15588000005408>/L") == millimolesPerLitre)
    let milligramsPerDecilitre = HKUnit(from: "mg/dL")
    let glucose = HKQuantity(unit: millimolesPerLitre, doubleValue: 5.5)
    #expect(glucose.is(compatibleWith: milligramsPerDecilitre))
    #expect(abs(glucose.doubleValue(for: milligramsPerDecilitre) - 99.085734000029744) < 1e-9)
    let high = HKQuantity(unit: milligramsPerDecilitre, doubleValue: 126)
    #expect(abs(high.doubleValue(for: millimolesPerLitre) - 126 / 18.015588000005408) < 1e-12)
    // A bare mole (no prefix) is the molar mass in grams: 2 mol<18> = 36 g.
    let water = HKQuantity(unit: .moleUnit(withMolarMass: 18), doubleValue: 2)
    #expect(water.doubleValue(for: .gram()) == 36)
    #expect(HKUnit.moleUnit(withMolarMass: 18).unitString == "mol<18>")
    // Different molar masses are different units (both masses, so they convert).
    #expect(HKUnit.moleUnit(withMolarMass: 18) != HKUnit.moleUnit(withMolarMass: 180))
    #expect(
      HKQuantity(unit: .moleUnit(withMolarMass: 18), doubleValue: 10).doubleValue(
        for: .moleUnit(withMolarMass: 180)) == 1)
  }

  /// A blood glucose sample saved in mmol/L reads back in mg/dL, the type's canonical unit
  /// (6.1 mmol/L × 18.015588000005408 = 109.895086800033 mg/dL).
  @Test func aBloodGlucoseTypeTakesMoleUnits() {
    let type = HKQuantityType(.bloodGlucose)
    let millimolesPerLitre = HKUnit.moleUnit(with: .milli, molarMass: HKUnitMolarMassBloodGlucose)
      .unitDivided(by: .liter())
    #expect(type.is(compatibleWith: millimolesPerLitre))
    let quantity = HKQuantity(unit: millimolesPerLitre, doubleValue: 6.1)
    #expect(abs(quantity.doubleValue(for: HKUnit(from: "mg/dL")) - 109.895086800033) < 1e-9)
  }

  /// A mole unit needs its molar mass, as Apple's unit-string table says ("you must include the
  /// molar mass"): `mmol/L` is no unit string, nor an empty or non-positive mass.
  @Test func aMoleWithoutItsMolarMassIsNoUnit() {
    for string in ["mmol/L", "mol", "mol<>", "mol<0>", "mol<-5>", "mol<abc>", "g<180>", "mol<18"] {
      #expect(UnitParser.parse(string) == nil, "\(string)")
    }
    #expect(UnitParser.parse("kmol<18>")?.count == 1)
  }

  @Test func aMoleUnitWithoutAPositiveMolarMassTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = HKUnit.moleUnit(withMolarMass: 0)
    }
    let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(text.contains("a mole unit's molar mass must be a positive number of grams per mole"))
  }
}
