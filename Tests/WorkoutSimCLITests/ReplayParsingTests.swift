import Testing
import WorkoutCore

@testable import WorkoutSimCLI

@Suite struct ReplayParsingTests {
  @Test func everyFlag() throws {
    let parsed = try WorkoutSimCommand.parse([
      "replay", "run.fit", "--type", "walking", "--seed", "3", "--json", "--samples",
      "--export", "a.fit", "--export=b.tcx", "--write-scenario", "out/s.json", "--multisport",
    ])
    guard case .replay(let command) = parsed else {
      Issue.record("not replay: \(parsed)")
      return
    }
    #expect(command.recordingPath == "run.fit")
    #expect(command.scenarioOutput == "out/s.json")
    #expect(command.multisport)
    #expect(command.options.activityType == .walking)
    #expect(command.options.seed == 3)
    #expect(command.options.json && command.options.samples && command.options.headless)
    #expect(command.options.exports.map(\.path) == ["a.fit", "b.tcx"])
  }

  @Test func usageErrorsNameReplay() {
    let cases: [([String], String)] = [
      (["replay"], "Missing the recording to replay (FILE)."),
      (["replay", "a.fit", "b.fit"], "Unexpected argument 'b.fit' (one recording)."),
      (["replay", "a.fit", "--until", "5"], "Unknown option '--until'."),
      (
        ["replay", "a.fit", "--export", "a.txt"],
        "'a.txt' has no export format for '--export' (expected a name ending in .fit, .tcx, .gpx, .csv or .json)."
      ),
    ]
    for (arguments, message) in cases {
      do {
        _ = try WorkoutSimCommand.parse(arguments)
        Issue.record("parsed \(arguments)")
      } catch let error as UsageError {
        #expect(error.command == "replay")
        #expect(error.message.hasPrefix(message), "\(error.message)")
      } catch {
        Issue.record("\(error)")
      }
    }
  }

  @Test func relativePathFromTheWrittenScenario() {
    #expect(ReplayCommand.relativePath(of: "/a/b/run.fit", from: "/a/b/s.json") == "run.fit")
    #expect(
      ReplayCommand.relativePath(of: "/a/b/run.fit", from: "/a/c/d/s.json") == "../../b/run.fit")
    #expect(ReplayCommand.relativePath(of: "/a/run.fit", from: "/s.json") == "a/run.fit")
  }

  @Test func multisportIsOffByDefaultAndTakesNoValue() throws {
    guard case .replay(let command) = try WorkoutSimCommand.parse(["replay", "tri.fit"]) else {
      Issue.record("not replay")
      return
    }
    #expect(!command.multisport)
    #expect(throws: UsageError.self) {
      _ = try WorkoutSimCommand.parse(["replay", "tri.fit", "--multisport=yes"])
    }
  }
}
