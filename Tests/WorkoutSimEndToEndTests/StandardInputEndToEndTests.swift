import Foundation
import Testing
import WorkoutSimTestSupport

/// `-` for a scenario file reads it from standard input (issue 26, bug 6a), through the built
/// binary with the scenario piped in (docs/command-line.md#scenarios-on-standard-input).
@Suite struct StandardInputEndToEndTests {
  /// The bytes of a bundled scenario file.
  func bundled(_ name: String) throws -> Data {
    try Data(contentsOf: packageRoot.appendingPathComponent("Scenarios/" + name))
  }

  /// `run --scenario -` runs the piped scenario: the very bytes `--json` gives for the file.
  @Test func runReadsTheScenarioFromAPipe() async throws {
    let piped = try await Binary.run(
      ["run", "--scenario", "-", "--json"], standardInput: .bytes(try bundled("hills.json")))
    let named = try await Binary.run(["run", "--scenario", "Scenarios/hills.json", "--json"])
    #expect(piped.status == 0, "\(piped.standardError)")
    #expect(piped.standardError == "")
    #expect(!piped.standardOutput.isEmpty)
    #expect(piped.standardOutput == named.standardOutput)
  }

  /// `check -` and `validate -` name it `(standard input)`; hills.json has 14 checks.
  @Test func checkAndValidateReadTheScenarioFromAPipe() async throws {
    let check = try await Binary.run(
      ["check", "-"], standardInput: .bytes(try bundled("hills.json")))
    #expect(check.status == 0, "\(check.standardError)")
    #expect(check.text == "PASS (standard input) (14 checks)\n1 passed, 0 failed\n")
    let validate = try await Binary.run(
      ["validate", "-"], standardInput: .bytes(try bundled("hills.json")))
    #expect(validate.status == 0, "\(validate.standardError)")
    #expect(validate.text == "(standard input): ok\n")
  }

  /// `report --scenario -` writes the page (here to `--out`) and names its input.
  @Test func reportReadsTheScenarioFromAPipe() async throws {
    let folder = try makeTemporaryFolder()
    let outcome = try await Binary.run(
      ["report", "--scenario", "-", "--out", folder + "/hills.html"],
      standardInput: .bytes(try bundled("hills.json")))
    #expect(outcome.status == 0, "\(outcome.standardError)")
    #expect(outcome.text.hasPrefix(folder + "/hills.html: 1 workout, "))
    let page = try String(contentsOfFile: folder + "/hills.html", encoding: .utf8)
    #expect(page.contains("(standard input)"))
  }

  /// A scenario from standard input has no file of its own: its relative `course.recording`
  /// (`recordings/run-hilly--….fit`) is relative to the working folder. From `Scenarios/` it
  /// is found; from the package root it is not (66, naming the path as it was looked up).
  @Test func aRelativeRecordingIsRelativeToTheWorkingFolder() async throws {
    let scenario = try bundled("replay-hilly-run.json")
    let inScenarios = try await Binary.run(
      ["check", "-"], in: packageRoot.path + "/Scenarios", standardInput: .bytes(scenario))
    #expect(inScenarios.status == 0, "\(inScenarios.standardError)")
    // replay-hilly-run.json has 12 checks.
    #expect(inScenarios.text == "PASS (standard input) (12 checks)\n1 passed, 0 failed\n")
    let atRoot = try await Binary.run(["run", "--scenario", "-"], standardInput: .bytes(scenario))
    #expect(atRoot.status == 66)
    #expect(atRoot.text == "")
    #expect(
      atRoot.standardError.hasSuffix(
        "recordings/run-hilly--2013-02-06-12-11-14.fit: cannot read file: no such file\n"))
  }

  /// Errors name `(standard input)`: `{"version": 1,` and a newline ends inside the object, at
  /// line 2, column 1.
  @Test func aDataErrorNamesStandardInput() async throws {
    let outcome = try await Binary.run(
      ["run", "--scenario", "-"], standardInput: .bytes(Data(#"{"version": 1,"#.utf8 + [10])))
    #expect(outcome.status == 65)
    #expect(outcome.text == "")
    #expect(
      outcome.standardError
        == "Error: (standard input):2:1: unexpected end of input in the top-level object (expected a key)\n"
    )
  }

  /// Standard input that is a device (`/dev/null`, the helper's default) is refused (66) rather
  /// than read as an empty scenario.
  @Test func standardInputThatIsADeviceIsRefused() async throws {
    let outcome = try await Binary.run(["validate", "-"])
    #expect(outcome.status == 66)
    #expect(
      outcome.standardError
        == "Error: (standard input): cannot read the scenario (it is a device, not a regular file)\n"
    )
  }

  /// A file redirected into standard input is an input: an output that names it is refused
  /// (64) before anything is written, and the file is left as it was.
  @Test func anOutputNamingTheRedirectedFileIsRefused() async throws {
    let folder = try makeTemporaryFolder()
    let path = folder + "/s.json"
    try bundled("hills.json").write(to: URL(fileURLWithPath: path))
    let outcome = try await Binary.run(
      ["run", "--scenario", "-", "--export", path], standardInput: .file(path))
    #expect(outcome.status == 64)
    #expect(
      outcome.standardError.hasPrefix(
        "Error: '--export \(path)' would overwrite the scenario read from standard input '/dev/stdin'; choose another name.\n"
      ))
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == (try bundled("hills.json")))
  }
}
