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
/// `count`, `%`; `g`, `m`, `L` (or `l`), `s`, `J`, `W`, `V`, `Hz` with an SI prefix (`f` `p` `n` `mc` `m`
/// `c` `d` `da` `h` `k` `M` `G` `T`) or none; `min`, `hr`, `d`; `kcal`, `Cal`, `cal`; `mi`,
/// `ft`, `in`, `yd`; `lb`, `oz`. A string outside this traps with HealthKit's exception text
/// "Unable to parse factorization string <string>" (docs/swift-api.md#traps).
///
/// Conversion factors are exact: 1 kcal = 1 Cal = 4184 J, 1 cal = 4.184 J, 1 mi = 1609.344 m,
/// 1 ft = 0.3048 m, 1 in = 0.0254 m, 1 yd = 0.9144 m, 1 lb = 453.59237 g, 1 oz = 1/16 lb,
/// 1 min = 60 s, 1 hr = 3600 s, 1 d = 86400 s, 1 L = 0.001 m³, 1 W = 1 J/s, 1 % = 0.01,
/// 1 Hz = 1/s; volts (1 V = 1 W/A) are compatible only with volts.
public final class HKUnit: NSObject, NSCopying, @unchecked Sendable {
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
  /// `"ml/(kg*min)"`).
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

  /// Whether values in this unit convert into `unit` (same dimension).
  func isCompatible(with unit: HKUnit) -> Bool { dimension == unit.dimension }

  /// `value` in this unit expressed in `unit`; the caller checked compatibility.
  func convert(_ value: Double, to unit: HKUnit) -> Double {
    // The same unit, or one of the same size (equal units have equal sizes; `kcal` and `Cal`
    // too): the value as it is, without a dynamic `isEqual` or a rounding multiply and divide.
    if unit === self { return value }
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

  // MARK: - Constructors

  private static func unit(_ root: UnitRoot, _ prefix: HKMetricPrefix) -> Self {
    Self(factors: [Factor(atom: UnitAtom(prefix: prefix, root: root), exponent: 1)])
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
}

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

  /// Whether an SI prefix may precede the symbol.
  var takesPrefix: Bool {
    switch self {
    case .gram, .meter, .liter, .second, .joule, .watt, .volt, .hertz: true
    default: false
    }
  }

  /// The exponents of g, m and s.
  var dimension: Dimension {
    switch self {
    case .count, .percent: Dimension()
    case .gram, .pound, .ounce: Dimension(mass: 1)
    case .meter, .mile, .foot, .inch, .yard: Dimension(length: 1)
    case .liter: Dimension(length: 3)
    case .second, .minute, .hour, .day: Dimension(time: 1)
    case .joule, .kilocalorie, .largeCalorie, .smallCalorie: Dimension(mass: 1, length: 2, time: -2)
    case .watt: Dimension(mass: 1, length: 2, time: -3)
    case .volt: Dimension(mass: 1, length: 2, time: -3, current: -1)
    case .hertz: Dimension(time: -1)
    }
  }

  /// The size in g, m, s as an integer fraction (1 J = 1000 g·m²/s²).
  var scale: (numerator: Double, denominator: Double) {
    switch self {
    case .count, .gram, .meter, .second, .hertz: (1, 1)
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
    }
  }
}

/// A prefixed base unit (`km`, `kcal`, `ms`).
struct UnitAtom: Sendable, Hashable {
  var prefix: HKMetricPrefix
  var root: UnitRoot

  /// The symbol in unit strings.
  var symbol: String { prefix.symbol + root.rawValue }

  /// The size in g, m, s as a fraction.
  var scale: (numerator: Double, denominator: Double) {
    var (numerator, denominator) = root.scale
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

/// Exponents of the base quantities mass (g), length (m), time (s) and electric current (A).
struct Dimension: Sendable, Hashable {
  var mass = 0
  var length = 0
  var time = 0
  var current = 0

  mutating func add(_ other: Dimension, times power: Int) {
    mass += other.mass * power
    length += other.length * power
    time += other.time * power
    current += other.current * power
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

  /// The atom `symbol` names: a root alone, else an SI prefix and a root that takes one.
  static func atom(_ symbol: String) -> UnitAtom? {
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
