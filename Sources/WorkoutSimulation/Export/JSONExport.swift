import WorkoutCore
import WorkoutJSON

extension RunResult {
  /// One finished record as the `.json` export writes it: the record object of
  /// docs/run-result.md#the-finished-workout-record with its `samples` and `route`, followed by
  /// a newline.
  ///
  /// - Parameter record: A record of ``records``.
  public func encodedJSON(of record: WorkoutRecord) -> [UInt8] {
    var json = JSONBuffer()
    write(record: record, includeSamples: true, into: &json) { _ in }
    json.append(raw: [0x0A])
    return json.bytes
  }
}
