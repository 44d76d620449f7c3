// libFuzzer target: a recording of any format (FIT when the bytes carry the `.FIT` signature at
// byte 8, its CRCs recomputed as in FuzzFIT; TCX when they mention `TrainingCenterDatabase`;
// else GPX) decoded and turned into a course (`RecordingCourse`) for running and for cycling,
// with the modelled and the recorded heart rate. Any input must give a course or a typed error;
// a trap, an address error, a leak or a timeout is a finding. Built and run by scripts/fuzz.sh.
import WorkoutCore
import WorkoutPhysiology
import WorkoutRecordings
import WorkoutSimulation

/// The format the bytes look like.
func sniff(_ bytes: [UInt8]) -> RecordingFormat {
  if bytes.count >= 12, bytes[8] == 0x2E, bytes[9] == 0x46, bytes[10] == 0x49, bytes[11] == 0x54 {
    return .fit
  }
  let marker = Array("TrainingCenterDatabase".utf8)
  if bytes.count >= marker.count {
    for start in 0...(bytes.count - marker.count)
    where bytes[start] == marker[0] && bytes[start..<(start + marker.count)].elementsEqual(marker) {
      return .tcx
    }
  }
  return .gpx
}

/// libFuzzer's entry point: one input of `size` bytes at `data` (`nil` when empty); returns 0
/// (the input is never refused from the corpus).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCourse(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  var bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  let format = sniff(bytes)
  if format == .fit, let repaired = repairingCRCs(bytes) { bytes = repaired }
  let recording: Recording
  do throws(RecordingError) {
    recording = try Recording.decode(bytes, format: format, file: "fuzz.\(format.rawValue)")
  } catch {
    _ = error.description.utf8.count
    return 0
  }
  for (activity, recorded) in [(WorkoutActivityType.running, false), (.cycling, true)] {
    do throws(CourseError) {
      let course = try RecordingCourse(
        recording: recording, activity: activity, recordedHeartRate: recorded)
      _ = course.hasPositions
    } catch {
      _ = "\(error)".utf8.count
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
