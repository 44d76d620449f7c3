import WorkoutRecordings

/// `bytes` with the header CRC and file CRC of every chained FIT file recomputed where the
/// declared sizes allow, so mutations reach the message decoding instead of stopping at the CRC
/// check; `nil` when nothing changed.
public func repairingCRCs(_ bytes: [UInt8]) -> [UInt8]? {
  var repaired = bytes
  var start = 0
  while start + 12 <= repaired.count {
    let headerSize = Int(repaired[start])
    guard headerSize == 12 || headerSize >= 14, start + headerSize <= repaired.count else { break }
    if headerSize >= 14 {
      let crc = FITCRC.compute(repaired, start..<(start + 12))
      repaired[start + 12] = UInt8(crc & 0xFF)
      repaired[start + 13] = UInt8(crc >> 8)
    }
    let size = (0..<4).reduce(0) { $0 | Int(repaired[start + 4 + $1]) << (8 * $1) }
    let end = start + headerSize + size
    guard end + 2 <= repaired.count else { break }
    let crc = FITCRC.compute(repaired, start..<end)
    repaired[end] = UInt8(crc & 0xFF)
    repaired[end + 1] = UInt8(crc >> 8)
    start = end + 2
  }
  return repaired == bytes ? nil : repaired
}
