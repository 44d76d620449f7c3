import Testing

@testable import WorkoutSimCLI

/// `workout-sim complication`'s parser and text (the drawn gauges, through the binary, are
/// WorkoutSimEndToEndTests' ComplicationEndToEndTests).
@Suite struct ComplicationCommandTests {
  /// The inline family: "Steps 6432/10000 64%" (6432 / 10000 = 64.32 %, shown whole).
  @Test func inlineFamily() throws {
    let command = try ComplicationCommand.parse(["--steps", "6432", "--family", "inline"])
    #expect(command.text(variables: ["LANG": "C.UTF-8"]) == "Steps 6432/10000 64%")
  }

  @Test func badValuesAreUsageErrors() throws {
    #expect(throws: UsageError.self) { try ComplicationCommand.parse(["--steps", "-1"]) }
    #expect(throws: UsageError.self) { try ComplicationCommand.parse(["--goal", "0"]) }
    #expect(throws: UsageError.self) { try ComplicationCommand.parse(["--family", "round"]) }
    #expect(throws: UsageError.self) { try ComplicationCommand(options: .init()).validate() }
  }

  @Test func unicodeDetection() {
    #expect(InteractiveRun.unicodeCapable(["LANG": "en_GB.UTF-8"]))
    #expect(!InteractiveRun.unicodeCapable(["LANG": "en_GB.UTF-8", "TERM": "dumb"]))
    #expect(!InteractiveRun.unicodeCapable(["LC_ALL": "C", "LANG": "en_GB.UTF-8"]))
    #expect(InteractiveRun.unicodeCapable(["LC_ALL": "", "LC_CTYPE": "C.utf8"]))
    #expect(!InteractiveRun.unicodeCapable([:]))
  }
}
