// libFuzzer target: bytes through the FIT reader (`Recording.decode(_:format: .fit, file:)`),
// once as given and once with every CRC recomputed (else nearly every mutation would stop at the
// CRC check). Any input must give a recording or a `RecordingError`; a trap, an address error, a
// leak or a timeout is a finding. Built and run by scripts/fuzz.sh.
import WorkoutRecordings

/// libFuzzer's entry point: one input of `size` bytes at `data` (`nil` when empty); returns 0
/// (the input is never refused from the corpus).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFIT(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  for input in [bytes, repairingCRCs(bytes)].compactMap({ $0 }) {
    do throws(RecordingError) {
      let recording = try Recording.decode(input, format: .fit, file: "fuzz.fit")
      _ = recording.points.count
    } catch {
      _ = error.description.utf8.count
    }
  }
  return 0
}

/// The FIT protocol's CRC-16 (reflected polynomial 0xA001, initial value 0), bit by bit.
func fitCRC(_ bytes: ArraySlice<UInt8>) -> UInt16 {
  var crc: UInt16 = 0
  for byte in bytes {
    crc ^= UInt16(byte)
    for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xA001 : crc >> 1 }
  }
  return crc
}

/// `bytes` with the header CRC and file CRC of every chained FIT file recomputed where the
/// declared sizes allow, so mutations reach the message decoding instead of stopping at the CRC
/// check; `nil` when nothing changed.
func repairingCRCs(_ bytes: [UInt8]) -> [UInt8]? {
  var repaired = bytes
  var start = 0
  while start + 12 <= repaired.count {
    let headerSize = Int(repaired[start])
    guard headerSize == 12 || headerSize >= 14, start + headerSize <= repaired.count else { break }
    if headerSize >= 14 {
      let crc = fitCRC(repaired[start..<(start + 12)])
      repaired[start + 12] = UInt8(crc & 0xFF)
      repaired[start + 13] = UInt8(crc >> 8)
    }
    let size = (0..<4).reduce(0) { $0 | Int(repaired[start + 4 + $1]) << (8 * $1) }
    let end = start + headerSize + size
    guard end + 2 <= repaired.count else { break }
    let crc = fitCRC(repaired[start..<end])
    repaired[end] = UInt8(crc & 0xFF)
    repaired[end + 1] = UInt8(crc >> 8)
    start = end + 2
  }
  return repaired == bytes ? nil : repaired
}
