import Testing
import WorkoutCore

@testable import WorkoutSimCLI

@Suite struct CalibrateParsingTests {
  @Test func everyFlag() throws {
    let parsed = try WorkoutSimCommand.parse([
      "calibrate", "run.fit", "--type", "walking", "--json", "--write-scenario=out/me.json",
      "--resting-heart-rate", "52.5",
    ])
    #expect(
      parsed
        == .calibrate(
          CalibrateCommand(
            recordingPath: "run.fit", activity: .walking, json: true,
            scenarioOutput: "out/me.json", restingHeartRate: 52.5)))
    #expect(
      try WorkoutSimCommand.parse(["calibrate", "run.fit", "--resting-heart-rate=25"])
        == .calibrate(CalibrateCommand(recordingPath: "run.fit", restingHeartRate: 25)))
  }

  @Test func defaults() throws {
    #expect(
      try WorkoutSimCommand.parse(["calibrate", "ride.gpx"])
        == .calibrate(CalibrateCommand(recordingPath: "ride.gpx")))
  }

  @Test func usageErrorsNameCalibrate() {
    let cases: [([String], String)] = [
      (["calibrate"], "Missing the recording to calibrate on (FILE)."),
      (["calibrate", "a.fit", "b.fit"], "Unexpected argument 'b.fit' (one recording)."),
      (["calibrate", "a.fit", "--seed", "5"], "Unknown option '--seed'."),
      (["calibrate", "a.fit", "--json=yes"], "'--json' does not take a value."),
      (
        ["calibrate", "a.fit", "--type", "moonwalking"],
        "'moonwalking' is not an activity type for '--type'."
      ),
      (
        ["calibrate", "a.fit", "--resting-heart-rate", "fast"],
        "'fast' is not a resting heart rate for '--resting-heart-rate' (expected a number of bpm from 25 to 120)."
      ),
      (
        ["calibrate", "a.fit", "--resting-heart-rate", "120.5"],
        "'120.5' is not a resting heart rate for '--resting-heart-rate' (expected a number of bpm from 25 to 120)."
      ),
      (
        ["calibrate", "a.fit", "--resting-heart-rate", "24"],
        "'24' is not a resting heart rate for '--resting-heart-rate' (expected a number of bpm from 25 to 120)."
      ),
      (
        ["calibrate", "a.fit", "--resting-heart-rate"],
        "Missing value for '--resting-heart-rate BPM'."
      ),
    ]
    for (arguments, message) in cases {
      do {
        _ = try WorkoutSimCommand.parse(arguments)
        Issue.record("parsed \(arguments)")
      } catch let error as UsageError {
        #expect(error.command == "calibrate")
        #expect(error.message.hasPrefix(message), "\(error.message)")
      } catch {
        Issue.record("\(error)")
      }
    }
  }

  @Test func helpListsTheCommand() {
    #expect(HelpText.tool.contains("calibrate"))
    #expect(
      HelpText.usage(for: "calibrate")
        == "workout-sim calibrate FILE [--type TYPE] [--resting-heart-rate BPM]\n"
        + String(repeating: " ", count: 29) + "[--json] [--write-scenario PATH]")
  }
}
