/// A unit of measure: a product of base units raised to integer powers, HealthKit's `HKUnit`
/// (Apple doc: https://developer.apple.com/documentation/healthkit/hkunit).
///
/// Units come from the class constructors (`.count()`, `.meter()`, `.meterUnit(with: .kilo)`,
/// ...), from unit strings (`HKUnit(from: "count/min")`) and from the arithmetic methods. Two
/// units are equal when they have the same factors with the same exponents, in any order (as
/// HealthKit compares unit strings of one canonical factorization), so
/// `HKUnit(from: "count/min") == HKUnit.count().unitDivided(by: .minute())`, while `kcal` and
/// `Cal` (the same size) are different units. Units of the same dimension (mass, length, time;
/// `count` and `%` are dimensionless) are compatible and convert into each other.
///
/// Unit strings (HealthKit's grammar, iOS SDK `HKUnit.h`): factors joined by `.`, `*` or `·`,
/// at most one `/` (everything after it is the denominator), `^n` for integer powers,
/// parentheses for grouping, `1` for no factor. Accepted factors:
/// `count`, `%`; `g`, `m`, `L` (or `l`), `s`, `J`, `W`, `V`, `Hz`, `Pa`, `S` with an SI prefix
/// (`f` `p` `n` `mc` `m` `c` `d` `da` `h` `k` `M` `G` `T`) or none; `min`, `hr`, `d`; `kcal`,
/// `Cal`, `cal`; `mi`, `ft`, `in`, `yd`; `lb`, `oz`, `st`; `fl_oz_us`, `fl_oz_imp`, `pt_us`,
/// `pt_imp`, `cup_us`, `cup_imp`; `mmHg`, `cmAq`, `atm`, `inHg`; `degC`, `degF`, `K`; `IU`,
/// `dBASPL`, `dBHL`, `appleEffortScore`; `mol` with an SI prefix or none and its molar mass in
/// g/mol in angle brackets (`mmol<180.1558800000541>`), never without one. A string outside this traps with HealthKit's
/// exception text "Unable to parse factorization string <string>" (docs/swift-api.md#traps).
///
/// Conversion factors are exact: 1 kcal = 1 Cal = 4184 J, 1 cal = 4.184 J, 1 mi = 1609.344 m,
/// 1 ft = 0.3048 m, 1 in = 0.0254 m, 1 yd = 0.9144 m, 1 lb = 453.59237 g, 1 oz = 1/16 lb,
/// 1 min = 60 s, 1 hr = 3600 s, 1 d = 86400 s, 1 L = 0.001 m³, 1 W = 1 J/s, 1 % = 0.01,
/// 1 Hz = 1/s, 1 st = 14 lb, 1 fl_oz_us = 29.5735295625 mL, 1 fl_oz_imp = 28.4130625 mL,
/// 1 mmHg = 133.322387415 Pa, 1 atm = 101325 Pa; volts (1 V = 1 W/A) are compatible only with
/// volts, and siemens with siemens. A lone temperature (`degC`, `degF`, `K`) converts with its
/// zero (0 degC = 32 degF = 273.15 K); international units, the decibel levels and the effort
/// score convert into nothing else.
public final class HKUnit: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
  /// The factors in the order they were first written, each atom once, no zero exponent.
  let factors: [Factor]
  /// The exponents of grams, metres and seconds this unit reduces to, computed once (every
  /// `doubleValue(for:)` compares dimensions).
  let dimension: Dimension
  /// The unit's size in base units (g, m, s) as an exact-as-possible fraction
  /// `numerator / denominator` (both integers while they stay below 2⁵³), computed once.
  let scale: (numerator: Double, denominator: Double)

  init(factors: [Factor]) {
    self.factors = factors
    self.dimension = Self.dimension(of: factors)
    self.scale = Self.scale(of: factors)
  }

  /// Creates the unit a unit string describes (`"count/min"`, `"kcal"`, `"m/s"`,
  /// `"ml/(kg*min)"`; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkunit/init(from:)-9qont). The
  /// formatter-unit overloads are in HKUnit+Formatters.swift.
  ///
  /// Traps with "Unable to parse factorization string <string>" when `string` is not a unit
  /// string of the grammar above.
  public convenience init(from string: String) {
    guard let factors = UnitParser.parse(string) else {
      preconditionFailure("Unable to parse factorization string \(string)")
    }
    self.init(factors: factors)
  }

  /// The canonical unit string: the numerator's factors joined by `·`, then `/` and the
  /// denominator's (`"count/min"`, `"kcal/kg·hr"`, `"1/s"` without a numerator, `"()"` for the
  /// null unit). `HKUnit(from: unit.unitString) == unit`.
  public var unitString: String {
    func text(_ factor: Factor, exponent: Int) -> String {
      exponent == 1 ? factor.atom.symbol : "\(factor.atom.symbol)^\(exponent)"
    }
    let numerator = factors.filter { $0.exponent > 0 }.map { text($0, exponent: $0.exponent) }
    let denominator = factors.filter { $0.exponent < 0 }.map { text($0, exponent: -$0.exponent) }
    switch (numerator.isEmpty, denominator.isEmpty) {
    case (false, false):
      return numerator.joined(separator: "·") + "/" + denominator.joined(separator: "·")
    case (false, true): return numerator.joined(separator: "·")
    case (true, false): return "1/" + denominator.joined(separator: "·")
    case (true, true): return "()"
    }
  }

  /// Whether the unit has no factors (the result of dividing a unit by itself).
  public func isNull() -> Bool { factors.isEmpty }

  // MARK: - Arithmetic

  /// This unit times `unit` (exponents of equal factors add; zero exponents drop out).
  public func unitMultiplied(by unit: HKUnit) -> HKUnit {
    HKUnit(factors: Self.combine(factors, unit.factors, sign: 1))
  }

  /// This unit divided by `unit`.
  ///
  /// The common rates of the shared units (`count/min`, `count/s`, `m/s`) are shared
  /// instances too (units are immutable, so sharing changes nothing but the allocation).
  public func unitDivided(by unit: HKUnit) -> HKUnit {
    if self === Shared.count {
      if unit === Shared.minute { return Shared.countPerMinute }
      if unit === Shared.second { return Shared.countPerSecond }
    } else if self === Shared.meter, unit === Shared.second {
      return Shared.meterPerSecond
    }
    return HKUnit(factors: Self.combine(factors, unit.factors, sign: -1))
  }

  /// This unit raised to `power` (every exponent times `power`; power 0 gives the null unit).
  public func unitRaised(toPower power: Int) -> HKUnit {
    guard power != 0 else { return HKUnit(factors: []) }
    return HKUnit(factors: factors.map { Factor(atom: $0.atom, exponent: $0.exponent * power) })
  }

  /// One divided by this unit.
  public func reciprocal() -> HKUnit { unitRaised(toPower: -1) }

  static func combine(_ lhs: [Factor], _ rhs: [Factor], sign: Int) -> [Factor] {
    var result = lhs
    for factor in rhs {
      if let index = result.firstIndex(where: { $0.atom == factor.atom }) {
        result[index].exponent += sign * factor.exponent
      } else {
        result.append(Factor(atom: factor.atom, exponent: sign * factor.exponent))
      }
    }
    return result.filter { $0.exponent != 0 }
  }

  // MARK: - Dimension and size

  /// The exponents of grams, metres and seconds `factors` reduce to.
  private static func dimension(of factors: [Factor]) -> Dimension {
    var total = Dimension()
    for factor in factors { total.add(factor.atom.root.dimension, times: factor.exponent) }
    return total
  }

  /// The size of `factors` in base units (g, m, s) as an exact-as-possible fraction
  /// `numerator / denominator` (both integers while they stay below 2⁵³).
  private static func scale(of factors: [Factor]) -> (numerator: Double, denominator: Double) {
    var numerator = 1.0
    var denominator = 1.0
    for factor in factors {
      let (atomNumerator, atomDenominator) = factor.atom.scale
      let power = abs(factor.exponent)
      for _ in 0..<power {
        if factor.exponent > 0 {
          numerator *= atomNumerator
          denominator *= atomDenominator
        } else {
          numerator *= atomDenominator
          denominator *= atomNumerator
        }
      }
    }
    return (numerator, denominator)
  }

  /// The zero in kelvin of a unit that is one temperature to the power 1 (`degC`, `degF`, `K`),
  /// else `nil` (a rate per degree converts by size alone).
  private var temperatureOffset: Double? {
    guard factors.count == 1, factors[0].exponent == 1, factors[0].atom.prefix == .none else {
      return nil
    }
    return factors[0].atom.root.kelvinOffset
  }

  /// Whether values in this unit convert into `unit` (same dimension).
  func isCompatible(with unit: HKUnit) -> Bool { dimension == unit.dimension }

  /// `value` in this unit expressed in `unit`; the caller checked compatibility.
  func convert(_ value: Double, to unit: HKUnit) -> Double {
    // The same unit, or one of the same size (equal units have equal sizes; `kcal` and `Cal`
    // too): the value as it is, without a dynamic `isEqual` or a rounding multiply and divide.
    if unit === self { return value }
    // A lone temperature into another: through kelvin, with the zeros (37 degC = 98.6 degF).
    if let from = temperatureOffset, let to = unit.temperatureOffset {
      let kelvin = value * scale.numerator / scale.denominator + from
      return (kelvin - to) * unit.scale.denominator / unit.scale.numerator
    }
    let from = scale
    let to = unit.scale
    let multiplier = from.numerator * to.denominator
    let divisor = from.denominator * to.numerator
    if multiplier == divisor { return value }
    return value * multiplier / divisor
  }

  // MARK: - NSObject

  /// Equal when `object` is a unit with the same factors and exponents (any order).
  public override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? HKUnit else { return false }
    if other === self { return true }
    guard other.factors.count == factors.count else { return false }
    return factors.allSatisfy { factor in
      other.factors.contains { $0.atom == factor.atom && $0.exponent == factor.exponent }
    }
  }

  /// A hash of the factors, independent of their order.
  public override var hash: Int {
    var total = 0
    for factor in factors {
      var hasher = Hasher()
      hasher.combine(factor.atom)
      hasher.combine(factor.exponent)
      total = total &+ hasher.finalize()
    }
    return total
  }

  /// The unit string.
  public override var description: String { unitString }

  /// Units are immutable: the copy is the unit itself.
  public func copy(with zone: NSZone? = nil) -> Any { self }

  /// `true`: units decode only as units.
  public static var supportsSecureCoding: Bool { true }

  /// Writes the unit string.
  public func encode(with coder: NSCoder) {
    coder.encode(unitString, forKey: "unitString")
  }

  /// Reads what ``encode(with:)`` wrote; `nil` for a string that is no unit.
  public convenience init?(coder: NSCoder) {
    guard let string = coder.decodeString(forKey: "unitString") else { return nil }
    guard string != "()" else {
      self.init(factors: [])
      return
    }
    guard let factors = UnitParser.parse(string) else { return nil }
    self.init(factors: factors)
  }

  // MARK: - Constructors

  /// The unit of one atom, the same instance on every call (``Interned``).
  private static func unit(_ root: UnitRoot, _ prefix: HKMetricPrefix) -> Self {
    shared(Interned.atom(UnitAtom(prefix: prefix, root: root)))
  }

  /// The units the engine's values and the quantity types' canonical units are in (parsed
  /// once from their unit strings) as the instances the class constructors hand out when they
  /// equal one (`kcal` is `.kilocalorie()`, `count/min` is
  /// `.count().unitDivided(by: .minute())`, `cm` is `.meterUnit(with: .centi)`), else `unit`
  /// itself: an app's display unit made by a constructor is then the statistics' unit itself,
  /// and `doubleValue(for:)` returns the value without comparing or converting anything.
  static func interned(_ unit: HKUnit) -> HKUnit {
    if unit.factors.count == 1, unit.factors[0].exponent == 1 {
      return Interned.atom(unit.factors[0].atom)
    }
    for rate in [Shared.countPerMinute, Shared.countPerSecond, Shared.meterPerSecond]
    where rate.isEqual(unit) {
      return rate
    }
    return unit
  }

  /// The unit of each atom (a root alone, or with a prefix when the root takes one), made once
  /// and shared: the prefixed constructors (`.meterUnit(with: .centi)`) hand out the same
  /// instance on every call (units are immutable), so an app's display unit is compared by
  /// identity.
  private enum Interned {
    /// Atom → its unit; a root alone is ``Shared``'s instance where it has one.
    static let atoms: [UnitAtom: HKUnit] = {
      var atoms: [UnitAtom: HKUnit] = [:]
      for unit in [
        Shared.count, Shared.percent, Shared.gram, Shared.pound, Shared.ounce, Shared.meter,
        Shared.mile, Shared.foot, Shared.inch, Shared.yard, Shared.liter, Shared.second,
        Shared.minute, Shared.hour, Shared.day, Shared.joule, Shared.kilocalorie,
        Shared.largeCalorie, Shared.smallCalorie, Shared.watt, Shared.volt, Shared.hertz,
      ] {
        atoms[unit.factors[0].atom] = unit
      }
      // A mole needs its molar mass: made when asked for.
      for root in UnitRoot.allCases where root != .mole {
        let prefixes =
          root.takesPrefix ? (0...13).compactMap(HKMetricPrefix.init(rawValue:)) : [.none]
        for prefix in prefixes where atoms[UnitAtom(prefix: prefix, root: root)] == nil {
          let atom = UnitAtom(prefix: prefix, root: root)
          atoms[atom] = HKUnit(factors: [Factor(atom: atom, exponent: 1)])
        }
      }
      return atoms
    }()

    /// The unit of `atom` (every atom is in ``atoms``; one that were not is made here).
    static func atom(_ atom: UnitAtom) -> HKUnit {
      atoms[atom] ?? HKUnit(factors: [Factor(atom: atom, exponent: 1)])
    }
  }

  /// `unit` as `Self` (the class is final: `Self` is `HKUnit`).
  private static func shared(_ unit: HKUnit) -> Self { unsafeDowncast(unit, to: Self.self) }

  /// The units of the class constructors without a prefix, made once: apps build their
  /// display units on every batch, and units are immutable (value semantics by sharing).
  private enum Shared {
    static func plain(_ root: UnitRoot) -> HKUnit {
      HKUnit(factors: [Factor(atom: UnitAtom(prefix: .none, root: root), exponent: 1)])
    }
    static let count = plain(.count)
    static let percent = plain(.percent)
    static let gram = plain(.gram)
    static let pound = plain(.pound)
    static let ounce = plain(.ounce)
    static let meter = plain(.meter)
    static let mile = plain(.mile)
    static let foot = plain(.foot)
    static let inch = plain(.inch)
    static let yard = plain(.yard)
    static let liter = plain(.liter)
    static let second = plain(.second)
    static let minute = plain(.minute)
    static let hour = plain(.hour)
    static let day = plain(.day)
    static let joule = plain(.joule)
    static let kilocalorie = plain(.kilocalorie)
    static let largeCalorie = plain(.largeCalorie)
    static let smallCalorie = plain(.smallCalorie)
    static let watt = plain(.watt)
    static let volt = plain(.volt)
    static let hertz = plain(.hertz)
    static let countPerMinute = HKUnit(
      factors: HKUnit.combine(count.factors, minute.factors, sign: -1))
    static let countPerSecond = HKUnit(
      factors: HKUnit.combine(count.factors, second.factors, sign: -1))
    static let meterPerSecond = HKUnit(
      factors: HKUnit.combine(meter.factors, second.factors, sign: -1))
  }

  /// `count`: a count of things (steps, beats), dimensionless.
  public class func count() -> Self { shared(Shared.count) }
  /// `%`: a percentage, 0.01 of `count`.
  public class func percent() -> Self { shared(Shared.percent) }
  /// `g`: grams.
  public class func gram() -> Self { shared(Shared.gram) }
  /// `g` with a metric prefix (`.kilo` → `kg`).
  public class func gramUnit(with prefix: HKMetricPrefix) -> Self { unit(.gram, prefix) }
  /// `lb`: pounds, 453.59237 g.
  public class func pound() -> Self { shared(Shared.pound) }
  /// `oz`: ounces, 1/16 lb.
  public class func ounce() -> Self { shared(Shared.ounce) }
  /// `m`: metres.
  public class func meter() -> Self { shared(Shared.meter) }
  /// `m` with a metric prefix (`.kilo` → `km`).
  public class func meterUnit(with prefix: HKMetricPrefix) -> Self { unit(.meter, prefix) }
  /// `mi`: miles, 1609.344 m.
  public class func mile() -> Self { shared(Shared.mile) }
  /// `ft`: feet, 0.3048 m.
  public class func foot() -> Self { shared(Shared.foot) }
  /// `in`: inches, 0.0254 m.
  public class func inch() -> Self { shared(Shared.inch) }
  /// `yd`: yards, 0.9144 m.
  public class func yard() -> Self { shared(Shared.yard) }
  /// `L`: litres, 0.001 m³.
  public class func liter() -> Self { shared(Shared.liter) }
  /// `L` with a metric prefix (`.milli` → `mL`).
  public class func literUnit(with prefix: HKMetricPrefix) -> Self { unit(.liter, prefix) }
  /// `s`: seconds.
  public class func second() -> Self { shared(Shared.second) }
  /// `s` with a metric prefix (`.milli` → `ms`).
  public class func secondUnit(with prefix: HKMetricPrefix) -> Self { unit(.second, prefix) }
  /// `min`: minutes, 60 s.
  public class func minute() -> Self { shared(Shared.minute) }
  /// `hr`: hours, 3600 s.
  public class func hour() -> Self { shared(Shared.hour) }
  /// `d`: days, 86400 s.
  public class func day() -> Self { shared(Shared.day) }
  /// `J`: joules.
  public class func joule() -> Self { shared(Shared.joule) }
  /// `J` with a metric prefix (`.kilo` → `kJ`).
  public class func jouleUnit(with prefix: HKMetricPrefix) -> Self { unit(.joule, prefix) }
  /// `kcal`: kilocalories, 4184 J.
  public class func kilocalorie() -> Self { shared(Shared.kilocalorie) }
  /// `Cal`: large (food) calories, 4184 J.
  public class func largeCalorie() -> Self { shared(Shared.largeCalorie) }
  /// `cal`: small calories, 4.184 J.
  public class func smallCalorie() -> Self { shared(Shared.smallCalorie) }
  /// `W`: watts, 1 J/s.
  public class func watt() -> Self { shared(Shared.watt) }
  /// `W` with a metric prefix (`.kilo` → `kW`).
  public class func wattUnit(with prefix: HKMetricPrefix) -> Self { unit(.watt, prefix) }
  /// `V`: volts (the unit of ECG voltage measurements).
  public class func volt() -> Self { shared(Shared.volt) }
  /// `V` with a metric prefix (`.micro` → `mcV`, `.milli` → `mV`).
  public class func voltUnit(with prefix: HKMetricPrefix) -> Self { unit(.volt, prefix) }
  /// `Hz`: hertz, 1/s (an ECG's sampling frequency).
  public class func hertz() -> Self { shared(Shared.hertz) }
  /// `Hz` with a metric prefix (`.kilo` → `kHz`).
  public class func hertzUnit(with prefix: HKMetricPrefix) -> Self { unit(.hertz, prefix) }

  // Units of the types' canonical units and their everyday relatives (iOS SDK `HKUnit.h`).

  /// `st`: stones, 14 lb.
  public class func stone() -> Self { unit(.stone, .none) }
  /// `fl_oz_us`: US fluid ounces, 29.5735295625 mL.
  public class func fluidOunceUS() -> Self { unit(.fluidOunceUS, .none) }
  /// `fl_oz_imp`: imperial fluid ounces, 28.4130625 mL.
  public class func fluidOunceImperial() -> Self { unit(.fluidOunceImperial, .none) }
  /// `pt_us`: US pints, 16 US fluid ounces (473.176473 mL).
  public class func pintUS() -> Self { unit(.pintUS, .none) }
  /// `pt_imp`: imperial pints, 20 imperial fluid ounces (568.26125 mL).
  public class func pintImperial() -> Self { unit(.pintImperial, .none) }
  /// `cup_us`: US cups, 8 US fluid ounces (236.5882365 mL).
  public class func cupUS() -> Self { unit(.cupUS, .none) }
  /// `cup_imp`: imperial cups, half an imperial pint (284.130625 mL).
  public class func cupImperial() -> Self { unit(.cupImperial, .none) }
  /// `Pa`: pascals.
  public class func pascal() -> Self { unit(.pascal, .none) }
  /// `Pa` with a metric prefix (`.kilo` → `kPa`).
  public class func pascalUnit(with prefix: HKMetricPrefix) -> Self { unit(.pascal, prefix) }
  /// `mmHg`: millimetres of mercury, 133.322387415 Pa (blood pressure).
  public class func millimeterOfMercury() -> Self { unit(.millimeterOfMercury, .none) }
  /// `cmAq`: centimetres of water, 98.0665 Pa.
  public class func centimeterOfWater() -> Self { unit(.centimeterOfWater, .none) }
  /// `atm`: atmospheres, 101 325 Pa.
  public class func atmosphere() -> Self { unit(.atmosphere, .none) }
  /// `inHg`: inches of mercury, 3386.389 Pa.
  public class func inchesOfMercury() -> Self { unit(.inchesOfMercury, .none) }
  /// `dBASPL`: A-weighted sound pressure level in decibels (audio exposure); a level, so
  /// compatible only with itself.
  public class func decibelAWeightedSoundPressureLevel() -> Self {
    unit(.decibelAWeightedSoundPressureLevel, .none)
  }
  /// `dBHL`: hearing level in decibels; compatible only with itself.
  public class func decibelHearingLevel() -> Self { unit(.decibelHearingLevel, .none) }
  /// `degC`: degrees Celsius; a lone temperature converts with its zero (37 degC = 98.6 degF =
  /// 310.15 K).
  public class func degreeCelsius() -> Self { unit(.degreeCelsius, .none) }
  /// `degF`: degrees Fahrenheit (a difference of 1 degF is 5/9 K).
  public class func degreeFahrenheit() -> Self { unit(.degreeFahrenheit, .none) }
  /// `K`: kelvins.
  public class func kelvin() -> Self { unit(.kelvin, .none) }
  /// `S`: siemens (electrodermal activity).
  public class func siemen() -> Self { unit(.siemen, .none) }
  /// `S` with a metric prefix (`.micro` → `mcS`).
  public class func siemenUnit(with prefix: HKMetricPrefix) -> Self { unit(.siemen, prefix) }
  /// `IU`: international units (insulin); compatible only with itself.
  public class func internationalUnit() -> Self { unit(.internationalUnit, .none) }
  /// `appleEffortScore`: Apple's workout effort score, 1 to 10; compatible only with itself.
  public class func appleEffortScore() -> Self { unit(.appleEffortScore, .none) }
  /// `D`: the optical power of a lens in diopters; compatible only with itself (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkunit/diopter()). The unit strings of
  /// this and the next three are not on Apple's pages: they are the root-unit strings
  /// HealthKit's own `diopterUnit`, `prismDiopterUnit`, `degreeAngleUnit` and
  /// `radianAngleUnit` make (a public decompilation of HealthKit), `D`, `pD`, `deg`, `rad`.
  public class func diopter() -> Self { unit(.diopter, .none) }
  /// `pD`: the prismatic deviation of a lens in prism diopters; compatible only with itself
  /// (Apple doc: https://developer.apple.com/documentation/healthkit/hkunit/prismdiopter()).
  public class func prismDiopter() -> Self { unit(.prismDiopter, .none) }
  /// `deg`: an angle in degrees, π/180 rad (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkunit/degreeangle()).
  public class func degreeAngle() -> Self { unit(.degreeAngle, .none) }
  /// `rad`: an angle in radians (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkunit/radianangle()).
  public class func radianAngle() -> Self { unit(.radianAngle, .none) }
  /// `lx`: illuminance in lux (time in daylight's ``HKMetadataKeyMaximumLightIntensity``);
  /// compatible only with itself (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkunit/lux(); the string is the SI
  /// symbol).
  public class func lux() -> Self { unit(.lux, .none) }
  /// `lx` with a metric prefix (`.kilo` → `klx`) (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkunit/luxunit(with:)).
  public class func luxUnit(with prefix: HKMetricPrefix) -> Self { unit(.lux, prefix) }

  /// `mol<M>`: moles of a substance whose molar mass is `gramsPerMole` g/mol. HealthKit counts
  /// moles as a mass (one mole weighs `gramsPerMole` grams), so they convert into grams and a
  /// concentration per litre into one in `mg/dL` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkunit/moleunit(withmolarmass:)).
  ///
  /// The unit string writes the molar mass with 16 significant digits, as HealthKit's does
  /// (`mol<180.1558800000541>`), and two mole units are equal when those digits are.
  /// A molar mass that is not a positive finite number traps (a project rule: a unit whose
  /// mole weighs nothing cannot convert; HealthKit's page gives no behaviour for it).
  public class func moleUnit(withMolarMass gramsPerMole: Double) -> Self {
    moleUnit(with: .none, molarMass: gramsPerMole)
  }

  /// `mol<M>` with a metric prefix: `moleUnit(with: .milli, molarMass:
  /// HKUnitMolarMassBloodGlucose).unitDivided(by: .liter())` is blood glucose in mmol/L, whose
  /// unit string is `mmol<180.1558800000541>/L` and 1 of which is 18.01558800000541 mg/dL
  /// (180.15588000005408 mg per litre). Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkunit/moleunit(with:molarmass:).
  /// Traps as ``moleUnit(withMolarMass:)`` does.
  public class func moleUnit(with prefix: HKMetricPrefix, molarMass gramsPerMole: Double) -> Self {
    precondition(
      gramsPerMole.isFinite && gramsPerMole > 0,
      "SimulatedHealthKit: a mole unit's molar mass must be a positive number of grams per mole, not \(gramsPerMole) (HKUnitMolarMassBloodGlucose for blood glucose)"
    )
    let atom = UnitAtom(
      prefix: prefix, root: .mole, molarMass: UnitAtom.canonicalMolarMass(gramsPerMole))
    return shared(HKUnit(factors: [Factor(atom: atom, exponent: 1)]))
  }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The molar mass of glucose in g/mol, for the mole units of blood glucose:
/// `HKUnit.moleUnit(with: .milli, molarMass: HKUnitMolarMassBloodGlucose)` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkunitmolarmassbloodglucose; the value is
/// the one HealthKit's unit-string table gives for blood glucose, `mol<180.15588000005408>`:
/// https://developer.apple.com/documentation/healthkit/hkunit/init(from:)).
public var HKUnitMolarMassBloodGlucose: Double { 180.15588000005408 }

// MARK: - Atoms

/// A base unit a unit string names, without prefix.
enum UnitRoot: String, Sendable, Hashable, CaseIterable {
  case count
  case percent = "%"
  case gram = "g"
  case pound = "lb"
  case ounce = "oz"
  case meter = "m"
  case mile = "mi"
  case foot = "ft"
  case inch = "in"
  case yard = "yd"
  case liter = "L"
  case second = "s"
  case minute = "min"
  case hour = "hr"
  case day = "d"
  case joule = "J"
  case kilocalorie = "kcal"
  case largeCalorie = "Cal"
  case smallCalorie = "cal"
  case watt = "W"
  case volt = "V"
  case hertz = "Hz"
  case stone = "st"
  case fluidOunceUS = "fl_oz_us"
  case fluidOunceImperial = "fl_oz_imp"
  case pintUS = "pt_us"
  case pintImperial = "pt_imp"
  case cupUS = "cup_us"
  case cupImperial = "cup_imp"
  case pascal = "Pa"
  case millimeterOfMercury = "mmHg"
  case centimeterOfWater = "cmAq"
  case atmosphere = "atm"
  case inchesOfMercury = "inHg"
  case degreeCelsius = "degC"
  case degreeFahrenheit = "degF"
  case kelvin = "K"
  case siemen = "S"
  case internationalUnit = "IU"
  case decibelAWeightedSoundPressureLevel = "dBASPL"
  case decibelHearingLevel = "dBHL"
  case appleEffortScore = "appleEffortScore"
  case diopter = "D"
  case prismDiopter = "pD"
  case degreeAngle = "deg"
  case radianAngle = "rad"
  case lux = "lx"
  /// Moles of a substance of a given molar mass (``UnitAtom/molarMass``): a mass.
  case mole = "mol"

  /// Whether an SI prefix may precede the symbol.
  var takesPrefix: Bool {
    switch self {
    case .gram, .meter, .liter, .second, .joule, .watt, .volt, .hertz, .pascal, .siemen, .lux,
      .mole:
      true
    default: false
    }
  }

  /// The temperature zero of the unit in kelvin (`degC` 273.15, `degF` 459.67 × 5/9), applied
  /// when a lone temperature converts into another; `nil` for every other root.
  var kelvinOffset: Double? {
    switch self {
    case .kelvin: 0
    case .degreeCelsius: 273.15
    case .degreeFahrenheit: 459.67 * 5 / 9
    default: nil
    }
  }

  /// The exponents of g, m and s.
  var dimension: Dimension {
    switch self {
    case .count, .percent: Dimension()
    case .gram, .pound, .ounce, .mole: Dimension(mass: 1)
    case .meter, .mile, .foot, .inch, .yard: Dimension(length: 1)
    case .liter: Dimension(length: 3)
    case .second, .minute, .hour, .day: Dimension(time: 1)
    case .joule, .kilocalorie, .largeCalorie, .smallCalorie: Dimension(mass: 1, length: 2, time: -2)
    case .watt: Dimension(mass: 1, length: 2, time: -3)
    case .volt: Dimension(mass: 1, length: 2, time: -3, current: -1)
    case .hertz: Dimension(time: -1)
    case .stone: Dimension(mass: 1)
    case .fluidOunceUS, .fluidOunceImperial, .pintUS, .pintImperial, .cupUS, .cupImperial:
      Dimension(length: 3)
    case .pascal, .millimeterOfMercury, .centimeterOfWater, .atmosphere, .inchesOfMercury:
      Dimension(mass: 1, length: -1, time: -2)
    case .degreeCelsius, .degreeFahrenheit, .kelvin: Dimension(temperature: 1)
    case .siemen: Dimension(mass: -1, length: -2, time: 3, current: 2)
    case .internationalUnit: Dimension(internationalUnit: 1)
    case .decibelAWeightedSoundPressureLevel: Dimension(soundPressureLevel: 1)
    case .decibelHearingLevel: Dimension(hearingLevel: 1)
    case .appleEffortScore: Dimension(effortScore: 1)
    case .diopter: Dimension(diopter: 1)
    case .prismDiopter: Dimension(prismDiopter: 1)
    case .degreeAngle, .radianAngle: Dimension(angle: 1)
    case .lux: Dimension(illuminance: 1)
    }
  }

  /// The size in g, m, s as an integer fraction (1 J = 1000 g·m²/s²).
  var scale: (numerator: Double, denominator: Double) {
    switch self {
    // A mole's size is its atom's molar mass (``UnitAtom/scale``).
    case .count, .gram, .meter, .second, .hertz, .mole: (1, 1)
    case .percent: (1, 100)
    case .pound: (45_359_237, 100_000)
    case .ounce: (45_359_237, 1_600_000)
    case .mile: (1_609_344, 1000)
    case .foot: (3048, 10_000)
    case .inch: (254, 10_000)
    case .yard: (9144, 10_000)
    case .liter: (1, 1000)
    case .minute: (60, 1)
    case .hour: (3600, 1)
    case .day: (86_400, 1)
    case .joule, .watt, .volt: (1000, 1)
    case .kilocalorie, .largeCalorie: (4_184_000, 1)
    case .smallCalorie: (4184, 1)
    // 14 lb.
    case .stone: (45_359_237 * 14, 100_000)
    // US fluid ounce 29.5735295625 mL, pint 16 fl oz, cup 8 fl oz (in m³).
    case .fluidOunceUS: (473_176_473, 16_000_000_000_000)
    case .pintUS: (473_176_473, 1_000_000_000_000)
    case .cupUS: (473_176_473, 2_000_000_000_000)
    // Imperial fluid ounce 28.4130625 mL, pint 20 fl oz, cup half a pint (in m³).
    case .fluidOunceImperial: (284_130_625, 10_000_000_000_000)
    case .pintImperial: (56_826_125, 100_000_000_000)
    case .cupImperial: (284_130_625, 1_000_000_000_000)
    // Pressures in g/(m·s²): 1 Pa = 1000; 1 mmHg = 133.322387415 Pa, 1 cmAq = 98.0665 Pa,
    // 1 atm = 101 325 Pa, 1 inHg = 3386.389 Pa.
    case .pascal: (1000, 1)
    case .millimeterOfMercury: (133_322_387_415, 1_000_000)
    case .centimeterOfWater: (980_665, 10)
    case .atmosphere: (101_325_000, 1)
    case .inchesOfMercury: (3_386_389, 1)
    // Temperature sizes (differences): 1 degC = 1 K, 1 degF = 5/9 K; the zeros are
    // ``kelvinOffset``.
    case .degreeCelsius, .kelvin: (1, 1)
    case .degreeFahrenheit: (5, 9)
    // 1 S = 1 A²·s³/(kg·m²) = 1/1000 in grams.
    case .siemen: (1, 1000)
    case .internationalUnit, .decibelAWeightedSoundPressureLevel, .decibelHearingLevel,
      .appleEffortScore, .diopter, .prismDiopter, .radianAngle, .lux:
      (1, 1)
    // 1° = π/180 rad.
    case .degreeAngle: (Double.pi, 180)
    }
  }
}

/// A prefixed base unit (`km`, `kcal`, `ms`, `mmol<180.1558800000541>`).
struct UnitAtom: Sendable, Hashable {
  var prefix: HKMetricPrefix
  var root: UnitRoot
  /// A mole's molar mass in g/mol, as its unit string writes it (``canonicalMolarMass(_:)``);
  /// 0 for every other root.
  var molarMass: Double = 0

  /// The symbol in unit strings; a mole's carries its molar mass in angle brackets.
  var symbol: String {
    guard root == .mole else { return prefix.symbol + root.rawValue }
    return prefix.symbol + root.rawValue + "<" + Self.molarMassText(molarMass) + ">"
  }

  /// A molar mass as HealthKit's unit strings write it: 16 significant digits, trailing zeros
  /// dropped (`mmol<180.1558800000541>/L` for ``HKUnitMolarMassBloodGlucose``, the string
  /// HealthKit gives back and apps such as LoopKit store).
  static func molarMassText(_ gramsPerMole: Double) -> String {
    String(format: "%.16g", gramsPerMole)
  }

  /// `gramsPerMole` read back from its unit-string text, so a unit made with a molar mass and
  /// one parsed from its string are equal (the 16 digits do not always give back the same
  /// `Double`).
  static func canonicalMolarMass(_ gramsPerMole: Double) -> Double {
    Double(molarMassText(gramsPerMole)) ?? gramsPerMole
  }

  /// The size in g, m, s as a fraction (a mole of molar mass M weighs M grams).
  var scale: (numerator: Double, denominator: Double) {
    var (numerator, denominator) = root.scale
    if root == .mole { numerator *= molarMass }
    let power = prefix.exponent
    for _ in 0..<abs(power) {
      if power > 0 { numerator *= 10 } else { denominator *= 10 }
    }
    return (numerator, denominator)
  }
}

/// An atom raised to a non-zero power.
struct Factor: Sendable, Hashable {
  var atom: UnitAtom
  var exponent: Int
}

/// Exponents of the base quantities mass (g), length (m), time (s), electric current (A) and
/// temperature (K), and of the units that convert into nothing else: international units,
/// the two decibel levels (logarithmic: compatible only with themselves, not with pascals),
/// Apple's effort score, the diopter and the prism diopter; and of plane angle (`rad`, `deg`)
/// and illuminance (`lx`).
struct Dimension: Sendable, Hashable {
  var mass = 0
  var length = 0
  var time = 0
  var current = 0
  var temperature = 0
  var internationalUnit = 0
  var soundPressureLevel = 0
  var hearingLevel = 0
  var effortScore = 0
  var diopter = 0
  var prismDiopter = 0
  var angle = 0
  var illuminance = 0

  mutating func add(_ other: Dimension, times power: Int) {
    mass += other.mass * power
    length += other.length * power
    time += other.time * power
    current += other.current * power
    temperature += other.temperature * power
    internationalUnit += other.internationalUnit * power
    soundPressureLevel += other.soundPressureLevel * power
    hearingLevel += other.hearingLevel * power
    effortScore += other.effortScore * power
    diopter += other.diopter * power
    prismDiopter += other.prismDiopter * power
    angle += other.angle * power
    illuminance += other.illuminance * power
  }
}

// MARK: - Parsing

/// A recursive-descent parser of HealthKit's unit-string grammar.
enum UnitParser {
  private static let separators: Set<Character> = [".", "*", "·"]
  private static let special: Set<Character> = [".", "*", "·", "/", "^", "(", ")"]

  /// The factors `string` describes, or `nil` if it is not a unit string.
  static func parse(_ string: String) -> [Factor]? {
    var parser = Cursor(characters: Array(string))
    guard let factors = parser.quotient(), parser.atEnd else { return nil }
    return factors
  }

  private struct Cursor {
    var characters: [Character]
    var index = 0

    var atEnd: Bool { index == characters.count }
    var next: Character? { atEnd ? nil : characters[index] }

    /// quotient := "" | product ("/" product)?
    mutating func quotient() -> [Factor]? {
      if atEnd || next == ")" { return [] }
      guard let numerator = product() else { return nil }
      guard next == "/" else { return numerator }
      index += 1
      guard let denominator = product() else { return nil }
      return HKUnit.combine(numerator, denominator, sign: -1)
    }

    /// product := power (separator power)*
    mutating func product() -> [Factor]? {
      guard var result = power() else { return nil }
      while let character = next, UnitParser.separators.contains(character) {
        index += 1
        guard let factor = power() else { return nil }
        result = HKUnit.combine(result, factor, sign: 1)
      }
      return result
    }

    /// power := primary ("^" integer)?
    mutating func power() -> [Factor]? {
      guard let base = primary() else { return nil }
      guard next == "^" else { return base }
      index += 1
      guard let exponent = integer() else { return nil }
      return HKUnit(factors: base).unitRaised(toPower: exponent).factors
    }

    /// primary := "(" quotient ")" | "1" | symbol
    mutating func primary() -> [Factor]? {
      if next == "(" {
        index += 1
        guard let inner = quotient(), next == ")" else { return nil }
        index += 1
        return inner
      }
      var symbol = ""
      while let character = next, !UnitParser.special.contains(character) {
        symbol.append(character)
        index += 1
        // A molar mass in angle brackets (`mol<180.1558800000541>`) may hold a `.`.
        if character == "<" {
          while let inner = next, inner != ">" {
            symbol.append(inner)
            index += 1
          }
        }
      }
      if symbol == "1" { return [] }
      guard let atom = UnitParser.atom(symbol) else { return nil }
      return [Factor(atom: atom, exponent: 1)]
    }

    mutating func integer() -> Int? {
      var text = ""
      if next == "-" || next == "+" {
        text.append(characters[index])
        index += 1
      }
      while let character = next, character.isASCII, character.isNumber {
        text.append(character)
        index += 1
      }
      return Int(text)
    }
  }

  /// The atom `symbol` names: a root alone, else an SI prefix and a root that takes one; a
  /// mole only with its molar mass, a positive number in angle brackets (`mmol<180.16>`), as
  /// Apple's unit-string table requires ("For molar mass, you must include the molar mass (in
  /// g/mol) of the item to be weighed":
  /// https://developer.apple.com/documentation/healthkit/hkunit/1615733-unitfromstring).
  static func atom(_ symbol: String) -> UnitAtom? {
    if let open = symbol.firstIndex(of: "<") {
      guard symbol.last == ">",
        let mass = Double(
          symbol[symbol.index(after: open)..<symbol.index(before: symbol.endIndex)]),
        mass.isFinite, mass > 0,
        var atom = plainAtom(String(symbol[..<open])), atom.root == .mole
      else { return nil }
      atom.molarMass = UnitAtom.canonicalMolarMass(mass)
      return atom
    }
    guard !symbol.hasSuffix(UnitRoot.mole.rawValue) else { return nil }
    return plainAtom(symbol)
  }

  /// `atom(_:)` of a symbol without a molar mass; a mole root here is completed by the caller.
  private static func plainAtom(_ symbol: String) -> UnitAtom? {
    if symbol == "l" { return UnitAtom(prefix: .none, root: .liter) }
    if let root = UnitRoot(rawValue: symbol) { return UnitAtom(prefix: .none, root: root) }
    for prefix in prefixes where symbol.hasPrefix(prefix.symbol) {
      let rest = String(symbol.dropFirst(prefix.symbol.count))
      let root = rest == "l" ? UnitRoot.liter : UnitRoot(rawValue: rest)
      if let root, root.takesPrefix { return UnitAtom(prefix: prefix, root: root) }
    }
    return nil
  }

  /// Prefixes, two-letter symbols first so `da` and `mc` win over `d` and `m`.
  private static let prefixes: [HKMetricPrefix] = [
    .deca, .micro, .femto, .pico, .nano, .milli, .centi, .deci, .hecto, .kilo, .mega, .giga,
    .tera,
  ]
}
