import Foundation
import Testing
import WorkoutCore
import WorkoutJSON
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSimulation
import WorkoutSystem

/// The run result written straight from the typed values: chunks, key order, the document
/// `check` reads.
@Suite struct RunResultEncodingTests {
  static let walk = """
    { "version": 1, "activity": "walking", "timeZone": "Europe/Berlin",
      "course": [ { "duration": 120, "speed": 1.4 } ],
      "timeline": [ { "at": 0, "do": "start" }, { "at": 60, "do": "pause" },
                    { "at": 70, "do": "resume" }, { "at": 120, "do": "end" },
                    { "at": 130, "do": "probe" } ] }
    """

  @Test func chunksMakeTheWholeDocument() throws {
    let result = try Simulation.run(try decodeScenario(Self.walk, fileName: "w.json"))
    let whole = result.encodedJSON(includeSamples: true)
    var chunks: [[UInt8]] = []
    result.writeJSON(includeSamples: true, chunkSize: 64) { chunks.append($0) }
    #expect(chunks.count > 10)
    #expect(Array(chunks.joined()) == whole)
    // The document check reads is the same JSON read back; encoding it again gives the bytes.
    #expect(Array((JSONWriter.encode(result.document(includeSamples: true)) + "\n").utf8) == whole)
  }

  @Test func logEntriesAndProbesInByteOrder() {
    let second: Int64 = 1_000_000_000
    var probe = Probe(
      at: SimulationInstant(nanoseconds: 2 * second), state: .running, elapsed: .seconds(1),
      heartRate: 120, activeEnergyBurned: 0.5, distance: 3, stepCount: 4)
    probe.appState = .active
    probe.keepAlive = .workoutSession
    let result = RunResult(
      scenarioName: "Keys", seed: 3, startDate: Date(timeIntervalSince1970: 1_767_600_000),
      timeZone: TimeZone(identifier: "UTC")!, records: [],
      probes: [probe], errors: [],
      log: [
        LogEntry(
          at: SimulationInstant(nanoseconds: second / 2), session: nil,
          kind: .appState(
            AppStateChange(
              from: .active, to: .background, cause: .wristDown, keepAlive: .workoutSession))),
        LogEntry(
          at: SimulationInstant(nanoseconds: second), session: 1,
          kind: .stateChange(from: .notStarted, to: .running)),
      ], timeZoneName: "UTC")
    let text = String(decoding: result.encodedJSON(), as: UTF8.self)
    // appState: at, cause, from, keepAlive, kind, to; stateChange: at, from, kind, session, to;
    // a probe's keys from activeEnergyBurned to stepCount by their bytes.
    #expect(
      text.contains(
        """
            {
              "at" : 0.5,
              "cause" : "wristDown",
              "from" : "active",
              "keepAlive" : "workoutSession",
              "kind" : "appState",
              "to" : "background"
            },
            {
              "at" : 1,
              "from" : "notStarted",
              "kind" : "stateChange",
              "session" : 1,
              "to" : "running"
            }
        """))
    #expect(
      text.contains(
        """
          "probes" : [
            {
              "activeEnergyBurned" : 0.5,
              "appState" : "active",
              "at" : 2,
              "distance" : 3,
              "elapsed" : 1,
              "heartRate" : 120,
              "keepAlive" : "workoutSession",
              "state" : "running",
              "stepCount" : 4
            }
          ],
        """))
  }
}
