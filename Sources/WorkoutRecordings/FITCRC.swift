/// The FIT protocol's CRC-16: the reflected polynomial 0xA001 (x^16 + x^15 + x^2 + 1, the
/// CRC-16/ARC parameters: initial value 0, no final XOR), processed four bits at a time with a
/// 16-entry table, low nibble of each byte first, as the FIT protocol description specifies.
/// Running it over a whole file including its trailing 2 CRC bytes gives 0.
public enum FITCRC {
  /// The nibble table: entry `n` is the CRC register after shifting nibble `n` through the
  /// polynomial four times.
  static let table: [UInt16] = (0..<16).map { nibble in
    var crc = UInt16(nibble)
    for _ in 0..<4 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xA001 : crc >> 1 }
    return crc
  }

  /// The CRC register after `byte`.
  @inline(__always)
  static func update(_ crc: UInt16, _ byte: UInt8) -> UInt16 {
    var crc = crc
    var tmp = table[Int(crc & 0xF)]
    crc = (crc >> 4) & 0x0FFF
    crc = crc ^ tmp ^ table[Int(byte & 0xF)]
    tmp = table[Int(crc & 0xF)]
    crc = (crc >> 4) & 0x0FFF
    crc = crc ^ tmp ^ table[Int(byte >> 4)]
    return crc
  }

  /// The CRC of `bytes[range]`, starting from 0.
  public static func compute(_ bytes: [UInt8], _ range: Range<Int>) -> UInt16 {
    var crc: UInt16 = 0
    bytes.withUnsafeBufferPointer { buffer in
      for i in range { crc = update(crc, buffer[i]) }
    }
    return crc
  }
}

/// FIT time stamps: seconds since the FIT epoch 1989-12-31T00:00:00Z (the FIT protocol's
/// `date_time` definition).
public enum FITTime {
  /// Seconds between 1970-01-01T00:00:00Z and the FIT epoch (7 303 days × 86 400 s).
  public static let epoch: Double = 631_065_600
}
