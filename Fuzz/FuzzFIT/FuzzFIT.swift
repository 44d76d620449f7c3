// libFuzzer target: bytes through the FIT reader (`Recording.decode(_:format: .fit, file:)`),
// once as given and once with every CRC recomputed (else nearly every mutation would stop at the
// CRC check). Any input must give a recording or a `RecordingError`; a trap, an address error, a
// leak or a timeout is a finding. Built and run by scripts/fuzz.sh.
import FuzzSupport
import WorkoutRecordings

/// libFuzzer's entry point: one input of `size` bytes at `data` (`nil` when empty); returns 0
/// (the input is never refused from the corpus).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFIT(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = fuzzInput(data, size)
  for input in [bytes, repairingCRCs(bytes)].compactMap({ $0 }) {
    decodeForFuzzing(input, format: .fit)
  }
  return 0
}
