// libFuzzer target: a recording of any format (FIT when the bytes carry the `.FIT` signature at
// byte 8, its CRCs recomputed as in FuzzFIT; TCX when they mention `TrainingCenterDatabase`;
// else GPX) decoded and turned into a course (`RecordingCourse`) for running and for cycling,
// with the modelled and the recorded heart rate. Any input must give a course or a typed error;
// a trap, an address error, a leak or a timeout is a finding. Built and run by scripts/fuzz.sh.
import FuzzSupport
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
  var bytes = fuzzInput(data, size)
  let format = sniff(bytes)
  if format == .fit, let repaired = repairingCRCs(bytes) { bytes = repaired }
  guard let recording = decodeForFuzzing(bytes, format: format) else { return 0 }
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
