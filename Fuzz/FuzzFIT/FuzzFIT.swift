// libFuzzer target: bytes through the FIT reader (`Recording.decode(_:format: .fit, file:)`).
// Any input must give a recording or a `RecordingError`; a trap, an address error, a leak or a
// timeout is a finding. Built and run by scripts/fuzz.sh.
import WorkoutRecordings

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFIT(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  do throws(RecordingError) {
    let recording = try Recording.decode(bytes, format: .fit, file: "fuzz.fit")
    _ = recording.points.count
  } catch {
    _ = error.description.utf8.count
  }
  return 0
}
