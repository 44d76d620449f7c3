/// SplitMix64, the 64-bit pseudo-random generator of Steele, Lea and Flood (2014), "Fast
/// splittable pseudorandom number generators", OOPSLA '14 (constants as published there and in
/// Vigna's reference `splitmix64.c`, https://prng.di.unimi.it/splitmix64.c).
///
/// Every random quantity in workout-sim draws from its own stream, seeded from the scenario seed
/// and the stream's name (``init(seed:stream:)``), so adding a stream never reshuffles another.
/// The same seed and name give the same sequence on every platform, bit for bit.
public struct SplitMix64: RandomNumberGenerator, Sendable, Equatable {
  /// The generator's 64-bit state; advances by the golden-ratio increment on every draw.
  public private(set) var state: UInt64

  /// Creates a generator whose state starts at `seed`.
  public init(seed: UInt64) {
    self.state = seed
  }

  /// Creates the named stream of a scenario seed.
  ///
  /// The stream's state is `mix(seed ^ fnv1a64(name))`, where `fnv1a64` is the 64-bit FNV-1a hash
  /// of the name's UTF-8 bytes (offset basis 0xcbf29ce484222325, prime 0x100000001b3; Fowler, Noll
  /// and Vo, http://www.isthe.com/chongo/tech/comp/fnv/) and `mix` is SplitMix64's output
  /// function. Names are dotted purposes, for example `"noise.heartRate"` or `"id.0"`.
  ///
  /// - Parameters:
  ///   - seed: the scenario's `seed` (an integer ≥ 0).
  ///   - stream: the stream's name.
  public init(seed: UInt64, stream: String) {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in stream.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    self.state = SplitMix64.mix(seed ^ hash)
  }

  /// SplitMix64's output function (a variant of Stafford's Mix13 finaliser).
  @inlinable
  public static func mix(_ value: UInt64) -> UInt64 {
    var z = value
    z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
    z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
    return z ^ (z >> 31)
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state = state &+ 0x9e37_79b9_7f4a_7c15
    return SplitMix64.mix(state)
  }

  /// A uniform `Double` in [0, 1) from the top 53 bits of the next draw.
  public mutating func nextUnitDouble() -> Double {
    Double(next() >> 11) * 0x1.0p-53
  }

  /// A standard normal deviate (mean 0, standard deviation 1) by the Box–Muller transform
  /// (Box and Muller 1958, Ann. Math. Statist. 29(2):610–611); uses two draws, returns one value.
  public mutating func nextStandardNormal() -> Double {
    let u1 = 1.0 - nextUnitDouble()  // (0, 1]
    let u2 = nextUnitDouble()
    return (-2.0 * Elementary.log(u1)).squareRoot() * Elementary.cos(2.0 * Double.pi * u2)
  }
}
