import Foundation
import Testing
import WorkoutCore
import WorkoutJSON
import WorkoutPhysiology
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSimulation

/// The library and the command line are one front door: `Simulation.run` called from Swift gives
/// exactly the bytes `workout-sim run --json` prints, for every scenario in `Scenarios/`
/// (crown selection included, which once lived only in the command-line module).
@Suite struct FrontDoorTests {
  /// Every bundled scenario file, by path relative to the package root.
  static let bundledScenarios = bundledScenarioNames.map { "Scenarios/" + $0 }

  @Test func everyScenarioIsBundled() {
    // The folder held 29 scenario files when this test was written (`ls Scenarios/*.json | wc
    // -l`), the crown scenarios among them; an empty list would make the comparison vacuous.
    #expect(Self.bundledScenarios.count >= 29)
    #expect(Self.bundledScenarios.contains("Scenarios/watch-f12-crown-selector.json"))
  }

  /// The library's encoding of `result`, the bytes `run --json` prints: the canonical document
  /// followed by a newline.
  static func libraryBytes(_ result: RunResult) -> [UInt8] {
    Array((JSONWriter.encode(result.document()) + "\n").utf8)
  }

  /// Every member of every record, probe, error and log entry the bundled scenarios' runs write
  /// (samples and routes included) is one a `count` check's `where` may name
  /// (`Check.Collection.memberNames`; a log entry's, its kind's in `Check.logKinds`): the lists
  /// the decoder refuses unknown keys with keep up with the writer.
  @Test(arguments: bundledScenarios)
  func everyMemberTheRunWritesIsOneAConditionMayName(path: String) throws {
    let url = packageRoot.appendingPathComponent(path)
    let document = try Simulation.run(Scenario.load(contentsOf: url, displayName: path))
      .document(includeSamples: true)
    for collection in Check.Collection.allCases {
      guard case .array(let elements)? = document[collection.rawValue] else { continue }
      for (index, element) in elements.enumerated() {
        guard case .object(let members) = element else { continue }
        var allowed = collection.memberNames
        if collection == .log, case .string(let kind)? = element["kind"] {
          allowed = Check.logKinds[kind] ?? []
        }
        for member in members where !allowed.contains(member.key) {
          Issue.record("\(path): \(collection.rawValue)[\(index)] has \(member.key), not listed")
        }
      }
    }
  }

  @Test(arguments: bundledScenarios)
  func libraryGivesTheCommandLinesBytes(path: String) async throws {
    let cli = try await Binary.run(["run", "--scenario", path, "--headless", "--json"])
    #expect(cli.status == 0, "\(path): \(cli.standardError)")
    let url = packageRoot.appendingPathComponent(path)
    let scenario = try Scenario.load(contentsOf: url, displayName: path)
    let result = try Simulation.run(scenario)
    let library = Self.libraryBytes(result)
    #expect(library == Array(cli.standardOutput), "\(path): the library's bytes differ")
  }

  /// `--type`, `--seed`, `--until` and `--keys` are `RunOverrides` and commands from Swift: the
  /// same bytes again. `ENTER@0` does nothing where the timeline starts the session itself;
  /// `SPACE@2:00` pauses and `SPACE@2:30` resumes a running session; `DOWN@0` turns the crown one
  /// item (on the selector, running → walking → cycling).
  @Test(arguments: [
    ("Scenarios/hills.json", "walking"), ("Scenarios/easy-walk.json", "running"),
    ("Scenarios/watch-f12-crown-selector.json", "walking"), ("Scenarios/intervals.json", "hiking"),
  ])
  func overridesAndKeysGiveTheCommandLinesBytes(path: String, type: String) async throws {
    let cli = try await Binary.run([
      "run", "--scenario", path, "--headless", "--json", "--type", type, "--seed", "7",
      "--until", "5:00", "--keys", "DOWN@0,ENTER@0,SPACE@2:00,SPACE@2:30",
    ])
    #expect(cli.status == 0, "\(path): \(cli.standardError)")
    let url = packageRoot.appendingPathComponent(path)
    let scenario = try Scenario.load(contentsOf: url, displayName: path)
    let activity = try #require(WorkoutActivityType(name: type))
    let result = try Simulation.run(
      scenario, overrides: RunOverrides(activity: activity, seed: 7, until: .seconds(300)),
      commands: [
        (.zero, .crown(keyPresses: 1)), (.zero, .start), (.seconds(120), .pauseOrResume),
        (.seconds(150), .pauseOrResume),
      ])
    let library = Self.libraryBytes(result)
    #expect(library == Array(cli.standardOutput), "\(path): the library's bytes differ")
  }

  /// A power segment with a `--type` other than cycling is refused from Swift as by `--type`
  /// (exit 65 there), with the segment's path.
  @Test func activityOverrideRechecksPowerFromSwift() throws {
    let scenario = try Scenario(
      name: "ride", activity: .cycling,
      course: .segments([Scenario.Segment(duration: .seconds(60), power: 200)]))
    let error = try #require(throws: SimulationError.self) {
      try Simulation.run(scenario, overrides: RunOverrides(activity: .running))
    }
    #expect(error.path == "course[0].power")
    #expect(
      error.description
        == "ride: course[0].power: power is only allowed for cycling (activity is overridden to \"running\")"
    )
  }

  /// A `strength` plan set in Swift on a running workout is refused at the run by the rule the
  /// decoder applies to a file (`StrengthPlan.problem(activity:)`), with the key's path.
  @Test func strengthOnAnotherActivityIsRefusedFromSwift() throws {
    var scenario = try Scenario(name: "curls", activity: .running)
    scenario.strength = StrengthPlan(sets: [StrengthPlan.Set(start: .zero, reps: 10)])
    let error = try #require(throws: SimulationError.self) { try Simulation.run(scenario) }
    #expect(error.path == "strength")
    #expect(
      error.description
        == #"curls: strength: strength sets need "activity": "traditionalStrengthTraining", "functionalStrengthTraining" or "highIntensityIntervalTraining" (the scenario's activity is "running"): change the activity or remove "strength""#
    )
    scenario.activity = .traditionalStrengthTraining
    scenario.strength?.sets.append(StrengthPlan.Set(start: .seconds(20), reps: 1))
    let overlap = try #require(throws: SimulationError.self) { try Simulation.run(scenario) }
    #expect(overlap.path == "strength.sets[1].at")
  }

  @Test func crownScenarioChoosesTheSameWorkoutFromSwift() throws {
    // watch-f12-crown-selector.json starts on cycling (item 2 of 6): 2 + 8 clamps to 5, 5 − 10
    // clamps to 0, 0 + 2.4 snaps to 2, 2 + 0.6 = 2.6 snaps to 3, swimming
    // (HKWorkoutActivityType raw value 46). Without a selector the library recorded cycling.
    let url = packageRoot.appendingPathComponent("Scenarios/watch-f12-crown-selector.json")
    let scenario = try Scenario.load(contentsOf: url, displayName: "f12")
    let result = try Simulation.run(scenario)
    let record = try #require(result.records.first)
    #expect(record.activityType == .swimming)
    #expect(record.activityType.rawValue == 46)
  }
}
