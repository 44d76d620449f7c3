import WorkoutCore
import WorkoutJSON
import WorkoutSystem

/// The timeline's mirroring actions: `startMirroring`, `stopMirroring`,
/// `sendToRemoteWorkoutSession` (docs/scenario-format.md#timeline-actions,
/// docs/phone-link.md#mirrored-workout-sessions).
extension ScenarioDecoder {
  /// The `do` words of the mirroring actions.
  static let mirroringWords = ["startMirroring", "stopMirroring", "sendToRemoteWorkoutSession"]

  /// The keys each mirroring action allows besides `at` and `do`.
  static func mirroringKeys(_ name: String) -> [String] {
    name == "sendToRemoteWorkoutSession" ? ["from", "bytes"] : []
  }

  /// The largest `bytes` of one send: 1 000 000 (a send above the 100 KB budget fails anyway).
  static let largestSend = 1_000_000

  /// The operation of mirroring action `name`: `from` is `"watch"` (default) or `"phone"`;
  /// `bytes` is a whole number from 0 to 1 000 000 (required).
  func mirroringOperation(
    _ name: String, _ fields: [String: JSONValue], at path: JSONPath
  ) throws(ScenarioError) -> MirroringOperation {
    switch name {
    case "startMirroring": return .start
    case "stopMirroring": return .stop
    default:
      let side = try fields["from"].map { value throws(ScenarioError) in
        try choice(
          value, at: path.appending(key: "from"), noun: "a device",
          options: CompanionDevice.allCases.map(\.rawValue))
      }
      guard let bytesValue = fields["bytes"] else {
        throw missing(
          path.appending(key: "bytes"), "the size of the data sent, a whole number of bytes")
      }
      let bytesPath = path.appending(key: "bytes")
      let bytes = try number(bytesValue, at: bytesPath, .within(0, Double(Self.largestSend)))
      guard bytes == bytes.rounded() else {
        throw fail(
          bytesPath,
          "\(Self.describe(bytesValue)) is not a whole number (expected a whole number of bytes from 0 to \(Self.largestSend))"
        )
      }
      return .send(
        from: side.flatMap(CompanionDevice.init(rawValue:)) ?? .watch, byteCount: Int(bytes))
    }
  }
}
