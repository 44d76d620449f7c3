// libFuzzer target: bytes through the TCX reader (`Recording.decode(_:format: .tcx, file:)`).
// Any input must give a recording or a `RecordingError`; a trap, an address error, a leak or a
// timeout is a finding. Built and run by scripts/fuzz.sh.
import FuzzSupport
import WorkoutRecordings

/// libFuzzer's entry point: one input of `size` bytes at `data` (`nil` when empty); returns 0
/// (the input is never refused from the corpus).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTCX(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  decodeForFuzzing(fuzzInput(data, size), format: .tcx)
  return 0
}
