/// A set of quantity types as a bit mask (one bit per ``QuantityType`` in declaration order), so
/// that recording which types a batch of samples touched never allocates.
public struct QuantityTypeSet: OptionSet, Sendable, Hashable {
  /// The bits, bit `i` for the `i`-th case of ``QuantityType/allCases``.
  public var rawValue: UInt32

  /// Creates a set from its bits.
  public init(rawValue: UInt32) {
    self.rawValue = rawValue
  }

  /// Creates the set of `types`.
  public init(_ types: some Sequence<QuantityType>) {
    self.rawValue = 0
    for type in types { insert(type) }
  }

  /// Inserts `type`.
  @inlinable @inline(__always)
  public mutating func insert(_ type: QuantityType) {
    rawValue |= 1 << UInt32(type.slot)
  }

  /// Whether `type` is in the set.
  @inlinable
  public func contains(_ type: QuantityType) -> Bool {
    rawValue & (1 << UInt32(type.slot)) != 0
  }

  /// The members sorted by ``QuantityType``'s order (declaration order).
  public var types: [QuantityType] { QuantityType.allCases.filter { contains($0) } }
}
