import WorkoutCore

// Derived UUIDs (docs/health-store.md#ids-and-uuids): a generated sample's UUID costs no storage.
// The low word's low 32 bits are a keyed bijection of the index (the "lowbias32" integer hash of
// C. Wellons, https://nullprogram.com/blog/2018/07/31/, whose steps each invert), so the store
// finds the index back from a UUID without a table; the other bits are SplitMix64 output of the
// seed and the index, with the version nibble 4 and the variant bits 10 (RFC 4122 §4.4).
extension HealthStore {
  static let multiplier1: UInt32 = 0x7feb_352d
  static let multiplier2: UInt32 = 0x846c_a68b
  static let inverse1: UInt32 = modularInverse(multiplier1)
  static let inverse2: UInt32 = modularInverse(multiplier2)

  /// The inverse of an odd `value` modulo 2^32 (Newton's iteration doubles the correct bits).
  static func modularInverse(_ value: UInt32) -> UInt32 {
    var inverse = value
    for _ in 0..<5 { inverse = inverse &* (2 &- value &* inverse) }
    return inverse
  }

  static func permute(_ value: UInt32) -> UInt32 {
    var x = value
    x ^= x >> 16
    x = x &* multiplier1
    x ^= x >> 15
    x = x &* multiplier2
    x ^= x >> 16
    return x
  }

  static func unpermute(_ value: UInt32) -> UInt32 {
    var x = value
    x ^= x >> 16
    x = x &* inverse2
    x ^= (x >> 15) ^ (x >> 30)
    x = x &* inverse1
    x ^= x >> 16
    return x
  }

  static func indexKey(seed: UInt64) -> UInt32 {
    UInt32(truncatingIfNeeded: SplitMix64.mix(seed ^ 0x5555_4944_2e6b_6579))
  }

  /// The UUID of generated sample `index` under `seed`.
  static func derivedUUID(seed: UInt64, index: Int32) -> HealthUUID {
    let base = SplitMix64.mix(
      seed &+ 0x9e37_79b9_7f4a_7c15 &* (UInt64(UInt32(bitPattern: index)) &+ 1))
    let other = SplitMix64.mix(base ^ seed)
    let permuted = permute(UInt32(bitPattern: index) ^ indexKey(seed: seed))
    let high = (base & ~0xF000) | 0x4000
    let low = (other & 0x3FFF_FFFF_0000_0000) | 0x8000_0000_0000_0000 | UInt64(permuted)
    return HealthUUID(high: high, low: low)
  }

  /// The index a derived UUID was made from (meaningful only when ``derivedUUID(seed:index:)``
  /// of it gives the UUID back).
  static func derivedIndex(seed: UInt64, uuid: HealthUUID) -> Int32 {
    let permuted = UInt32(truncatingIfNeeded: uuid.low)
    return Int32(bitPattern: unpermute(permuted) ^ indexKey(seed: seed))
  }
}
