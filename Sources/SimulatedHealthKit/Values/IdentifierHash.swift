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
    let fast = string.utf8.withContiguousStorageIfAvailable { bytes in
      digest(UnsafeRawBufferPointer(bytes))
    }
    if let digest = fast ?? nil {
      hasher.combine(digest)
    } else if let ascii = asciiEquivalent(of: string) {
      // A non-ASCII spelling of an ASCII string (or a string without contiguous UTF-8).
      hasher.combine(ascii.withUnsafeBytes { digest($0) }!)
    } else {
      hasher.combine(string)
    }
  }

  /// The digest of `bytes`, or `nil` when one is not ASCII. Words of 8 bytes (the last one
  /// zero-padded) folded by xor, multiply and shift, the length mixed in first; not a hash
  /// function on its own (the `Hasher` mixes it with its seed), only a summary in which strings
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
}

extension HKCategoryTypeIdentifier {
  /// Hashes ``rawValue`` by `IdentifierHash`, as ``HKQuantityTypeIdentifier`` does (Apple
  /// doc: https://developer.apple.com/documentation/swift/hashable/hash(into:)).
  public func hash(into hasher: inout Hasher) { IdentifierHash.combine(rawValue, into: &hasher) }
}

extension HKCharacteristicTypeIdentifier {
  /// Hashes ``rawValue`` by `IdentifierHash`, as ``HKQuantityTypeIdentifier`` does (Apple
  /// doc: https://developer.apple.com/documentation/swift/hashable/hash(into:)).
  public func hash(into hasher: inout Hasher) { IdentifierHash.combine(rawValue, into: &hasher) }
}

extension HKCorrelationTypeIdentifier {
  /// Hashes ``rawValue`` by `IdentifierHash`, as ``HKQuantityTypeIdentifier`` does (Apple
  /// doc: https://developer.apple.com/documentation/swift/hashable/hash(into:)).
  public func hash(into hasher: inout Hasher) { IdentifierHash.combine(rawValue, into: &hasher) }
}

extension HKDocumentTypeIdentifier {
  /// Hashes ``rawValue`` by `IdentifierHash`, as ``HKQuantityTypeIdentifier`` does (Apple
  /// doc: https://developer.apple.com/documentation/swift/hashable/hash(into:)).
  public func hash(into hasher: inout Hasher) { IdentifierHash.combine(rawValue, into: &hasher) }
}
