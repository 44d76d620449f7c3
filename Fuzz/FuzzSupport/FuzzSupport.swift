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

/// The `size` bytes libFuzzer hands a target at `data` (`nil` when the input is empty).
public func fuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
  data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
}

/// Decodes `bytes` as `format`: the recording, or `nil` after the error has been described (so
/// its text is built too, under the sanitizers); a trap or an address error is the finding.
@discardableResult
public func decodeForFuzzing(_ bytes: [UInt8], format: RecordingFormat) -> Recording? {
  do throws(RecordingError) {
    let recording = try Recording.decode(bytes, format: format, file: "fuzz.\(format.rawValue)")
    _ = recording.points.count
    return recording
  } catch {
    _ = error.description.utf8.count
    return nil
  }
}
