// libFuzzer target: scenario bytes through the strict JSON parser and the scenario decoder with
// its validation (`Scenario.decode`). Any input must give a scenario or a `ScenarioError`; a trap,
// an address error, a leak or a timeout is a finding. Built and run by scripts/fuzz.sh.
import WorkoutScenario

/// libFuzzer's entry point: one input of `size` bytes at `data` (`nil` when empty); returns 0
/// (the input is never refused from the corpus).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  do throws(ScenarioError) {
    let scenario = try Scenario.decode(bytes, fileName: "fuzz.json")
    _ = scenario.name.utf8.count
  } catch {
    _ = error.description.utf8.count
  }
  return 0
}
