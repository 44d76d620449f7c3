import Foundation
import Testing
import WorkoutCore

@testable import SimulatedHealthKit

/// The type identifier structs' hash (``IdentifierHash``: a digest of the raw value's bytes)
/// keeps `Hashable`'s rule under `String`'s equality, canonical equivalence included, and
/// tells the SDK's identifiers apart; and the objects an app's delegate touches on every batch
/// are shared (quantity types, units).
@Suite struct IdentifierHashTests {
  /// The hash value `value` gets in a `Hasher` (a fresh one per call, with the process's seed).
  private func hash<T: Hashable>(_ value: T) -> Int { value.hashValue }

  @Test func equalIdentifiersHashAlike() {
    let declared = HKQuantityTypeIdentifier.heartRate
    // The same string built anew (another storage): equal, so the same hash.
    let rebuilt = HKQuantityTypeIdentifier(rawValue: "HKQuantityType" + "IdentifierHeartRate")
    #expect(rebuilt == declared)
    #expect(hash(rebuilt) == hash(declared))
    // Short raw values (under one 8-byte word) and the empty one.
    #expect(hash(HKQuantityTypeIdentifier(rawValue: "ab")) == hash(HKQuantityTypeIdentifier("ab")))
    #expect(hash(HKQuantityTypeIdentifier(rawValue: "")) == hash(HKQuantityTypeIdentifier("")))
  }

  @Test func aNonASCIISpellingOfAnASCIIStringHashesAsIt() {
    // U+212A KELVIN SIGN decomposes canonically to "K": Swift's `==` makes the two strings
    // equal, so their identifiers must hash alike although their bytes differ.
    let kelvin = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierX\u{212A}")
    let ascii = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierXK")
    #expect(kelvin == ascii)
    #expect(hash(kelvin) == hash(ascii))
    // U+037E GREEK QUESTION MARK is ";" in the same way.
    #expect(
      hash(HKCategoryTypeIdentifier(rawValue: "a\u{037E}")) == hash(HKCategoryTypeIdentifier("a;")))
  }

  @Test func canonicallyEquivalentNonASCIIStringsHashAlike() {
    // "é" precomposed (U+00E9) and decomposed ("e" + U+0301): equal strings, no ASCII
    // equivalent, so both hash as `String` does.
    let precomposed = HKQuantityTypeIdentifier(rawValue: "caf\u{E9}")
    let decomposed = HKQuantityTypeIdentifier(rawValue: "cafe\u{301}")
    #expect(precomposed == decomposed)
    #expect(hash(precomposed) == hash(decomposed))
    #expect(IdentifierHash.asciiEquivalent(of: "cafe\u{301}") == nil)
    #expect(IdentifierHash.asciiEquivalent(of: "X\u{212A}") == Array("XK".utf8))
  }

  @Test func everyDeclaredIdentifierHasItsOwnDigest() throws {
    // All the catalog's quantity identifiers (over a hundred, sharing the 24-byte prefix
    // "HKQuantityTypeIdentifier"): no two digests alike, so a dictionary of them never
    // compares two strings of one bucket.
    let identifiers = QuantityTypeInfo.table.keys.map(\.rawValue)
    #expect(identifiers.count > 100)
    var digests: Set<UInt64> = []
    for identifier in identifiers {
      let digest = try #require(
        identifier.utf8.withContiguousStorageIfAvailable { IdentifierHash.digest(.init($0)) }
          ?? nil)
      digests.insert(digest)
    }
    #expect(digests.count == identifiers.count)
    // A dictionary keyed by them finds each one.
    let byIdentifier = Dictionary(
      uniqueKeysWithValues: identifiers.map { (HKQuantityTypeIdentifier(rawValue: $0), $0) })
    for identifier in identifiers {
      #expect(byIdentifier[HKQuantityTypeIdentifier(rawValue: String(identifier))] == identifier)
    }
  }

  /// A value holding an identifier: hashed through the identifier's `hash(into:)`, the path a
  /// `Dictionary` of identifiers does not take.
  private struct Holder: Hashable {
    let identifier: HKQuantityTypeIdentifier
  }

  @Test func aTablesRawHashIsTheDigestMixedWithItsSeed() throws {
    // The raw hash a `Dictionary` or `Set` asks for is the digest mixed with the table's seed,
    // not a `Hasher`'s.
    let heartRate = HKQuantityTypeIdentifier.heartRate
    let digest = try #require(
      heartRate.rawValue.utf8.withContiguousStorageIfAvailable {
        IdentifierHash.digest(.init($0))
      } ?? nil)
    for seed in [0, 1, -1, 0x7FFF_0000_1234] {
      #expect(heartRate._rawHashValue(seed: seed) == IdentifierHash.mix(digest, seed: seed))
    }
    #expect(heartRate.hashValue == IdentifierHash.mix(digest, seed: 0))
    // fmix64(0) = 0: every step of it (xor-shift, multiply) maps 0 to 0.
    #expect(IdentifierHash.mix(0, seed: 0) == 0)
    // The seed is xor-ed in before a bijection, so two seeds never give one raw hash.
    #expect(heartRate._rawHashValue(seed: 1) != heartRate._rawHashValue(seed: 2))
    #expect(IdentifierHash.mix(digest, seed: 3) != IdentifierHash.mix(digest, seed: 0))
  }

  @Test func equalIdentifiersHaveOneRawHashUnderEverySeed() {
    let pairs: [(HKQuantityTypeIdentifier, HKQuantityTypeIdentifier)] = [
      (.heartRate, HKQuantityTypeIdentifier(rawValue: "HKQuantityType" + "IdentifierHeartRate")),
      // KELVIN SIGN: the digest of the ASCII string it equals.
      (HKQuantityTypeIdentifier("X\u{212A}"), HKQuantityTypeIdentifier("XK")),
      // No ASCII equivalent: `String`'s own raw hash, alike for equal strings.
      (HKQuantityTypeIdentifier("caf\u{E9}"), HKQuantityTypeIdentifier("cafe\u{301}")),
    ]
    for (one, other) in pairs {
      #expect(one == other)
      for seed in [0, 42, Int.min, Int.max] {
        #expect(one._rawHashValue(seed: seed) == other._rawHashValue(seed: seed))
      }
      // Through `hash(into:)` (a struct holding the identifier) they hash alike too.
      #expect(Holder(identifier: one).hashValue == Holder(identifier: other).hashValue)
      // Sets (whose own hash combines their members' raw hashes) and dictionaries agree.
      #expect(Set([one]) == Set([other]))
      #expect(Set([one]).hashValue == Set([other]).hashValue)
      #expect([one: 1][other] == 1)
      #expect(AnyHashable(one).hashValue == AnyHashable(other).hashValue)
    }
    // Every sibling identifier type takes the same path.
    #expect(
      HKCategoryTypeIdentifier("a\u{037E}")._rawHashValue(seed: 9)
        == HKCategoryTypeIdentifier("a;")._rawHashValue(seed: 9))
    #expect(
      HKCharacteristicTypeIdentifier("x")._rawHashValue(seed: 9)
        == HKCorrelationTypeIdentifier("x")._rawHashValue(seed: 9))
    #expect(
      HKDocumentTypeIdentifier("x")._rawHashValue(seed: 9)
        == HKQuantityTypeIdentifier("x")._rawHashValue(seed: 9))
  }

  @Test func theDigestIsNilForNonASCIIBytes() {
    #expect(Array("abc\u{E9}".utf8).withUnsafeBytes { IdentifierHash.digest($0) } == nil)
    // One non-ASCII byte in the first full word, and one in the tail.
    #expect(Array("\u{E9}bcdefghij".utf8).withUnsafeBytes { IdentifierHash.digest($0) } == nil)
    #expect(Array("abcdefghi\u{E9}".utf8).withUnsafeBytes { IdentifierHash.digest($0) } == nil)
    #expect(Array("abcdefghij".utf8).withUnsafeBytes { IdentifierHash.digest($0) } != nil)
    // Strings differing only in their last byte, or only in length (a trailing NUL: the
    // padding of the tail word is zero, the length tells them apart).
    #expect(
      Array("abcdefghij".utf8).withUnsafeBytes { IdentifierHash.digest($0) }
        != Array("abcdefghik".utf8).withUnsafeBytes { IdentifierHash.digest($0) })
    #expect(
      Array("abc".utf8).withUnsafeBytes { IdentifierHash.digest($0) }
        != Array("abc\0".utf8).withUnsafeBytes { IdentifierHash.digest($0) })
  }

  @Test func quantityTypesOfOneIdentifierAreEqualAndTheEngineTypesShared() throws {
    let made = HKQuantityType(.heartRate)
    let asked = try #require(HKObjectType.quantityType(forIdentifier: .heartRate))
    #expect(made == asked)
    #expect(made.hashValue == asked.hashValue)
    // The engine's types: the one instance the batches' sets and the statistics hold.
    #expect(asked === HKQuantityType.shared(engine: .heartRate))
    #expect(HKObjectType.quantityType(forIdentifier: .heartRate) === asked)
    // A type the engine does not produce is made anew, equal all the same.
    let glucose = try #require(HKObjectType.quantityType(forIdentifier: .bloodGlucose))
    #expect(glucose == HKQuantityType(.bloodGlucose))
    #expect(glucose.aggregationStyle == .discreteArithmetic)
    #expect(HKObjectType.quantityType(forIdentifier: HKQuantityTypeIdentifier("nope")) == nil)
    // One identifier string for every type of it: `identifier`s compare by their storage.
    #expect(made.identifier == "HKQuantityTypeIdentifierHeartRate")
    #expect(glucose.engineType == nil)
    #expect(made.engineType == .heartRate)
  }
}
