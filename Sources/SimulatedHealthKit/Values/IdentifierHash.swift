// The hash of the type identifier structs (`HKQuantityTypeIdentifier` and its siblings): apps
// key their dictionaries by them (`[HKQuantityTypeIdentifier: Value]`) and probe them on every
// sample batch, and the synthesized hash runs SipHash over every byte of a 30- to 60-byte
// string. Equality stays the string's (`==` of `rawValue`).

/// The hash of an identifier string: a 64-bit digest of its bytes, folded eight at a time, fed
/// to the `Hasher` as one word (the hasher's own rounds then run over 8 bytes instead of the
/// whole string).
///
/// It keeps `Hashable`'s rule (equal values hash alike) under `String`'s equality, which is
/// canonical equivalence: an ASCII string equals only the strings whose scalars each decompose
/// canonically to its characters in turn (ASCII is its own normal form, and the only non-ASCII
/// scalars that decompose to ASCII map to one character each: KELVIN SIGN to `K`, GREEK
/// QUESTION MARK to `;`, GREEK VARIA to `` ` ``). So a string whose every scalar is ASCII or
/// canonically equivalent to one ASCII character hashes as that ASCII string (the digest of the
/// mapped bytes, the mapping found by `Character`'s own equality, so no table is kept here),
/// and any other string, which equals no ASCII string, hashes as `String` does. Identifiers
/// are ASCII: the slow paths are for strings an app makes up.
enum IdentifierHash {
  /// Feeds `string` to `hasher` (see the type's comment).
  static func combine(_ string: String, into hasher: inout Hasher) {
    if let digest = digest(of: string) {
      hasher.combine(digest)
    } else {
      hasher.combine(string)
    }
  }

  /// The hash a `Dictionary` or `Set` seeded with `seed` places `string` by (the identifier
  /// structs' `_rawHashValue(seed:)`): the digest ``combine(_:into:)`` feeds its `Hasher`,
  /// mixed with the seed by ``mix(_:seed:)`` instead, or `String`'s own when the string equals
  /// no ASCII string.
  @inline(__always)
  static func rawHashValue(of string: String, seed: Int) -> Int {
    if let digest = digest(of: string) {
      mix(digest, seed: seed)
    } else {
      string._rawHashValue(seed: seed)
    }
  }

  /// The digest of the ASCII string `string` equals (its own bytes, or the bytes of the ASCII
  /// string a non-ASCII spelling equals), or `nil` when it equals none.
  @inline(__always)
  static func digest(of string: String) -> UInt64? {
    let fast = string.utf8.withContiguousStorageIfAvailable { bytes in
      digest(UnsafeRawBufferPointer(bytes))
    }
    if let digest = fast ?? nil { return digest }
    // A non-ASCII spelling of an ASCII string (or a string without contiguous UTF-8).
    return asciiEquivalent(of: string).map { ascii in ascii.withUnsafeBytes { digest($0) }! }
  }

  /// `digest` and `seed` mixed into one word: the seed added by xor, then the 64-bit finalizer
  /// of MurmurHash3 (`fmix64`: xor-shifts and two multiplications, a bijection whose every
  /// output bit depends on every input bit), so a table's low bits, which pick its bucket,
  /// depend on the whole digest and on the table's seed.
  @inline(__always)
  static func mix(_ digest: UInt64, seed: Int) -> Int {
    var word = digest ^ UInt64(bitPattern: Int64(seed))
    word ^= word >> 33
    word &*= 0xFF51_AFD7_ED55_8CCD
    word ^= word >> 33
    word &*= 0xC4CE_B9FE_1A85_EC53
    word ^= word >> 33
    return Int(truncatingIfNeeded: word)
  }

  /// The digest of `bytes`, or `nil` when one is not ASCII. Words of 8 bytes (the last one
  /// zero-padded) folded by xor, multiply and shift, the length mixed in first; not a hash
  /// function on its own (the `Hasher`, or ``mix(_:seed:)``, mixes it with a seed), only a summary in which strings
  /// differing anywhere differ almost surely.
  @inline(__always)
  static func digest(_ bytes: UnsafeRawBufferPointer) -> UInt64? {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: bytes.count)
    var high: UInt64 = 0
    var offset = 0
    while offset + 8 <= bytes.count {
      let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      high |= word
      state = (state ^ word) &* 0xBF58_476D_1CE4_E5B9
      state ^= state >> 29
      offset += 8
    }
    if offset < bytes.count {
      var word: UInt64 = 0
      var shift: UInt64 = 0
      while offset < bytes.count {
        word |= UInt64(bytes[offset]) << shift
        shift += 8
        offset += 1
      }
      high |= word
      state = (state ^ word) &* 0xBF58_476D_1CE4_E5B9
      state ^= state >> 29
    }
    return high & 0x8080_8080_8080_8080 == 0 ? state : nil
  }

  /// The bytes of the ASCII string `string` equals (each scalar ASCII or canonically
  /// equivalent to one ASCII character), or `nil` when it equals none.
  static func asciiEquivalent(of string: String) -> [UInt8]? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(string.utf8.count)
    for scalar in string.unicodeScalars {
      if scalar.isASCII {
        bytes.append(UInt8(truncatingIfNeeded: scalar.value))
        continue
      }
      let character = Character(scalar)
      guard
        let ascii = (UInt8(0)..<0x80).first(where: {
          Character(Unicode.Scalar($0)) == character
        })
      else { return nil }
      bytes.append(ascii)
    }
    return bytes
  }
}

extension HKQuantityTypeIdentifier {
  /// Hashes ``rawValue`` by `IdentifierHash` (a digest of its bytes): identifiers equal as
  /// strings hash alike, as with the synthesized hash, at a fraction of its cost (Apple doc:
  /// https://developer.apple.com/documentation/swift/hashable/hash(into:)).
  public func hash(into hasher: inout Hasher) { IdentifierHash.combine(rawValue, into: &hasher) }

  /// The hash a `Dictionary` or `Set` places the identifier by, with `seed` the table's own
  /// seed (`hashValue` uses seed 0): `IdentifierHash`'s digest of ``rawValue`` mixed with the
  /// seed in a few instructions, where the default implementation starts a `Hasher` (SipHash
  /// keyed by the process's random seed and `seed`), feeds it ``hash(into:)`` and finalizes it:
  /// for one word, the key's set-up and the finalization are most of an app's lookup by an
  /// identifier.
  ///
  /// This implements `Hashable`'s third requirement, public though underscored, which
  /// `Dictionary` and `Set` call for every key they look up (the standard library's own
  /// types implement it, `Int` and `String` among them, to skip that `Hasher`). Sound because
  /// what a table needs of it is what it needs of any hash: equal keys give equal values for
  /// one seed. Identifiers equal as strings have the same digest (`IdentifierHash`'s rule,
  /// non-ASCII spellings included; a string that equals no ASCII string uses `String`'s own
  /// raw hash), and the mix is a function of digest and seed. ``hash(into:)`` is unchanged and
  /// stays consistent with `==` on its own for the hash of a value holding an identifier; the
  /// two are never compared with each other (a `Set`'s own hash combines its members' raw
  /// hashes, under one seed, into the outer `Hasher`). Given up: the process's random seed,
  /// which protects a table from keys chosen to collide; the digest had already given that up
  /// (two strings of one digest collide under every seed), and identifiers are an app's
  /// constants. The table's seed is still mixed in, so copying one table into another does
  /// not degrade (Apple doc:
  /// https://developer.apple.com/documentation/swift/hashable).
  public func _rawHashValue(seed: Int) -> Int {
    IdentifierHash.rawHashValue(of: rawValue, seed: seed)
  }
}

extension HKCategoryTypeIdentifier {
  /// Hashes ``rawValue`` by `IdentifierHash`, as ``HKQuantityTypeIdentifier`` does (Apple
  /// doc: https://developer.apple.com/documentation/swift/hashable/hash(into:)).
  public func hash(into hasher: inout Hasher) { IdentifierHash.combine(rawValue, into: &hasher) }

  /// As `HKQuantityTypeIdentifier`'s `_rawHashValue(seed:)`: the digest of ``rawValue`` mixed
  /// with a table's `seed`, skipping a `Hasher` per lookup (Apple doc:
  /// https://developer.apple.com/documentation/swift/hashable).
  public func _rawHashValue(seed: Int) -> Int {
    IdentifierHash.rawHashValue(of: rawValue, seed: seed)
  }
}

extension HKCharacteristicTypeIdentifier {
  /// Hashes ``rawValue`` by `IdentifierHash`, as ``HKQuantityTypeIdentifier`` does (Apple
  /// doc: https://developer.apple.com/documentation/swift/hashable/hash(into:)).
  public func hash(into hasher: inout Hasher) { IdentifierHash.combine(rawValue, into: &hasher) }

  /// As `HKQuantityTypeIdentifier`'s `_rawHashValue(seed:)`: the digest of ``rawValue`` mixed
  /// with a table's `seed`, skipping a `Hasher` per lookup (Apple doc:
  /// https://developer.apple.com/documentation/swift/hashable).
  public func _rawHashValue(seed: Int) -> Int {
    IdentifierHash.rawHashValue(of: rawValue, seed: seed)
  }
}

extension HKCorrelationTypeIdentifier {
  /// Hashes ``rawValue`` by `IdentifierHash`, as ``HKQuantityTypeIdentifier`` does (Apple
  /// doc: https://developer.apple.com/documentation/swift/hashable/hash(into:)).
  public func hash(into hasher: inout Hasher) { IdentifierHash.combine(rawValue, into: &hasher) }

  /// As `HKQuantityTypeIdentifier`'s `_rawHashValue(seed:)`: the digest of ``rawValue`` mixed
  /// with a table's `seed`, skipping a `Hasher` per lookup (Apple doc:
  /// https://developer.apple.com/documentation/swift/hashable).
  public func _rawHashValue(seed: Int) -> Int {
    IdentifierHash.rawHashValue(of: rawValue, seed: seed)
  }
}

extension HKDocumentTypeIdentifier {
  /// Hashes ``rawValue`` by `IdentifierHash`, as ``HKQuantityTypeIdentifier`` does (Apple
  /// doc: https://developer.apple.com/documentation/swift/hashable/hash(into:)).
  public func hash(into hasher: inout Hasher) { IdentifierHash.combine(rawValue, into: &hasher) }

  /// As `HKQuantityTypeIdentifier`'s `_rawHashValue(seed:)`: the digest of ``rawValue`` mixed
  /// with a table's `seed`, skipping a `Hasher` per lookup (Apple doc:
  /// https://developer.apple.com/documentation/swift/hashable).
  public func _rawHashValue(seed: Int) -> Int {
    IdentifierHash.rawHashValue(of: rawValue, seed: seed)
  }
}
