import Foundation
import Testing
import WorkoutJSON
import WorkoutSimTestSupport
import WorkoutSimulation

/// The version is written once, `workoutSimVersion`: the command line, the run result, the
/// changelog and the documentation that says which version to depend on all agree with it.
@Suite struct VersionTests {
  /// The text of a file of the repository, by its path from the package root.
  private func repositoryText(_ path: String) throws -> String {
    try String(
      contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
  }

  @Test func theVersionIsSemantic() {
    #expect(
      workoutSimVersion.wholeMatch(of: /(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)/) != nil)
  }

  @Test func theChangelogsLatestReleaseIsTheVersion() throws {
    // Keep a Changelog: `## [Unreleased]` first, then `## [x.y.z] - date`, newest first.
    let headings = try repositoryText("CHANGELOG.md").split(separator: "\n")
      .compactMap { $0.firstMatch(of: /^## \[([^\]]+)\]/)?.1 }
    #expect(headings.first == "Unreleased")
    let released = headings.filter { $0 != "Unreleased" }
    #expect(released.first.map(String.init) == workoutSimVersion)
  }

  @Test func versionFlagPrintsIt() async throws {
    let outcome = try await Binary.run(["--version"])
    #expect(outcome.status == 0)
    #expect(outcome.text == "workout-sim \(workoutSimVersion)\n")
    #expect(outcome.standardError == "")
  }

  @Test func theRunResultsGeneratorNamesIt() async throws {
    let outcome = try await Binary.run(["run", "--headless", "--json", "--until", "60"])
    #expect(outcome.status == 0)
    let result = try JSONParser.parse(Array(outcome.standardOutput))
    #expect(result["generator"] == .string("workout-sim \(workoutSimVersion)"))
    #expect(Simulation.generator == "workout-sim \(workoutSimVersion)")
  }

  /// README.md, docs/ and the DocC articles tell users to depend on this version
  /// (`.package(url: ..., from: "x.y.z")`); README says it at least once.
  @Test func theDocumentationDependsOnIt() throws {
    let root = packageRoot
    var paths = ["README.md"]
    for folder in ["docs", "Sources"] {
      let enumerator = try #require(
        FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path))
      for case let path as String in enumerator where path.hasSuffix(".md") {
        paths.append(folder + "/" + path)
      }
    }
    var named = 0
    for path in paths {
      for match in try repositoryText(path).matches(of: /from: "([0-9]+\.[0-9]+\.[0-9]+[^"]*)"/) {
        #expect(String(match.1) == workoutSimVersion, "\(path) depends on \(match.1)")
        if path == "README.md" { named += 1 }
      }
    }
    #expect(named > 0, "README.md names no version to depend on")
  }
}
