import Testing
import WorkoutCore
import WorkoutSimTestSupport
import WorkoutSystem

@testable import WorkoutScenario

/// The timeline's mirroring actions (docs/scenario-format.md#timeline-actions).
@Suite struct MirroringDecodingTests {
  @Test func theWordsDecodeToTheirOperations() throws {
    let scenario = try decodeScenario(
      #"""
      {"version": 1, "timeline": [
        {"at": 0, "do": "startMirroring"},
        {"at": 1, "do": "sendToRemoteWorkoutSession", "bytes": 10},
        {"at": 2, "do": "sendToRemoteWorkoutSession", "from": "phone", "bytes": 0},
        {"at": 3, "do": "sendToRemoteWorkoutSession", "from": "watch", "bytes": 1000000},
        {"at": 4, "do": "stopMirroring"}
      ]}
      """#)
    #expect(
      scenario.timeline.map(\.kind) == [
        .app(.mirroring(.start)),
        .app(.mirroring(.send(from: .watch, byteCount: 10))),
        .app(.mirroring(.send(from: .phone, byteCount: 0))),
        .app(.mirroring(.send(from: .watch, byteCount: 1_000_000))),
        .app(.mirroring(.stop)),
      ])
    #expect(
      scenario.timeline.map { AppActionWord.of($0.kind) } == [
        "startMirroring", "sendToRemoteWorkoutSession", "sendToRemoteWorkoutSession",
        "sendToRemoteWorkoutSession", "stopMirroring",
      ])
  }

  @Test(arguments: [
    (
      #"{"version": 1, "timeline": [{"at": 0, "do": "sendToRemoteWorkoutSession"}]}"#,
      "t.json: timeline[0].bytes: required key is missing (expected the size of the data sent, a whole number of bytes)"
    ),
    (
      #"{"version": 1, "timeline": [{"at": 0, "do": "sendToRemoteWorkoutSession", "bytes": 1.5}]}"#,
      "t.json: timeline[0].bytes: 1.5 is not a whole number (expected a whole number of bytes from 0 to 1000000)"
    ),
    (
      #"{"version": 1, "timeline": [{"at": 0, "do": "sendToRemoteWorkoutSession", "bytes": 1000001}]}"#,
      "t.json: timeline[0].bytes: 1000001 is out of range (expected a number from 0 to 1000000)"
    ),
    (
      #"{"version": 1, "timeline": [{"at": 0, "do": "sendToRemoteWorkoutSession", "from": "ipad", "bytes": 1}]}"#,
      #"t.json: timeline[0].from: "ipad" is not a device (expected one of watch, phone)"#
    ),
  ])
  func badValuesAreRefused(json: String, description: String) {
    #expect(throws: ScenarioError.self) { try decodeScenario(json) }
    do {
      _ = try decodeScenario(json)
    } catch {
      #expect(error.description == description)
    }
  }

  @Test func startMirroringTakesNoBytes() {
    #expect(
      invalidPath(#"{"version": 1, "timeline": [{"at": 0, "do": "startMirroring", "bytes": 1}]}"#)
        == "timeline[0].bytes")
  }
}

/// The `do` word of an app action (the engine's `AppAction.word`).
enum AppActionWord {
  static func of(_ kind: Scenario.Action.Kind) -> String? {
    if case .app(let action) = kind { return action.word }
    return nil
  }
}
