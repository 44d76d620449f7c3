/// An amount in a unit, HealthKit's `HKQuantity` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkquantity).
///
/// Immutable. Two quantities are equal when their units are compatible and they have the same
/// value in the first one's unit (`5 km == 5000 m`).
public final class HKQuantity: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
  package let unit: HKUnit
  /// The amount in ``unit``. Set again only by a live statistics object that alone holds this
  /// quantity (`isKnownUniquelyReferenced`, under the simulation's lock: the app let go of it),
  /// so that no holder sees it change (``HKStatistics``'s in-place refill). Without the dynamic
  /// exclusivity check of a class's variable: that refill is its only writer, and nothing can
  /// read the object meanwhile (every read would pay a check, as a constant pays none).
  @exclusivity(unchecked) package internal(set) var value: Double

  /// Creates `value` in `unit` (`HKQuantity(unit: .count().unitDivided(by: .minute()),
  /// doubleValue: 150)`).
  public init(unit: HKUnit, doubleValue value: Double) {
    self.unit = unit
    self.value = value
  }

  /// `true`: quantities decode only as quantities.
  public static var supportsSecureCoding: Bool { true }

  /// Writes the unit and the value.
  public func encode(with coder: NSCoder) {
    coder.encode(unit, forKey: "unit")
    coder.encode(value, forKey: "value")
  }

  /// Reads what ``encode(with:)`` wrote; `nil` without a unit.
  public convenience init?(coder: NSCoder) {
    guard let unit = coder.decodeObject(of: HKUnit.self, forKey: "unit") else { return nil }
    self.init(unit: unit, doubleValue: coder.decodeDouble(forKey: "value"))
  }

  /// Whether the quantity can be expressed in `unit` (same dimension).
  public func `is`(compatibleWith unit: HKUnit) -> Bool {
    self.unit.isCompatible(with: unit)
  }

  /// The value in `unit`; exact for the common conversions (count/s ↔ count/min, kcal ↔ J,
  /// m ↔ km ↔ mi).
  ///
  /// Traps with HealthKit's exception text "Attempt to convert incompatible units: <this unit>,
  /// <unit>" when `unit` is not compatible (docs/swift-api.md#traps).
  public func doubleValue(for unit: HKUnit) -> Double {
    // The quantity's own unit (the statistics' units are the constructors' instances, which
    // apps show them in): the value, with nothing compared or converted.
    if unit === self.unit { return value }
    guard self.unit.isCompatible(with: unit) else {
      preconditionFailure("Attempt to convert incompatible units: \(self.unit), \(unit)")
    }
    return self.unit.convert(value, to: unit)
  }

  /// Orders this quantity against `quantity`, compared in this quantity's unit.
  ///
  /// Traps with "Attempt to convert incompatible units: ..." when the units are not compatible.
  public func compare(_ quantity: HKQuantity) -> ComparisonResult {
    let other = quantity.doubleValue(for: unit)
    if value < other { return .orderedAscending }
    if value > other { return .orderedDescending }
    return .orderedSame
  }

  /// Equal when `object` is a quantity of a compatible unit with the same value.
  public override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? HKQuantity else { return false }
    guard other.unit.isCompatible(with: unit) else { return false }
    return other.unit.convert(other.value, to: unit) == value
  }

  /// A hash of the dimension (compatible quantities may be equal).
  public override var hash: Int { unit.dimension.hashValue }

  /// `"<value> <unit string>"`, the value without a trailing `.0` (`"150 count/min"`).
  public override var description: String {
    let integral = value.rounded() == value && abs(value) < 1e15
    return (integral ? String(Int64(value)) : String(value)) + " " + unit.unitString
  }

  /// Quantities are immutable: the copy is the quantity itself.
  public func copy(with zone: NSZone? = nil) -> Any { self }
}
