import Foundation
import Testing
import WorkoutSimCLI
import WorkoutSimTestSupport

/// The one check of every output before any work (``OutputPlan/check()``), for outputs named
/// through symbolic links: links are resolved and the file a write would replace is checked
/// (issue 26, bug 2).
@Suite struct OutputPlanTests {
  /// A plan with one output, `path`, named by `flag`.
  func plan(_ path: String, flag: String = "--export") -> OutputPlan {
    OutputPlan(command: "run", inputs: [], outputs: [.init(path: path, flag: flag)])
  }

  @Test func aDanglingLinkIsRefused() throws {
    let folder = try makeTemporaryFolder()
    let link = folder + "/out.fit"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "gone/out.fit")
    #expect(
      throws: OutputError(
        path: link,
        reason:
          "it is a symbolic link whose target cannot be resolved (No such file or directory)")
    ) { try plan(link).check() }
  }

  /// Root is not stopped by a read-only folder; ``fileInUnwritableFolder(name:)`` then points
  /// into `/proc`. The error names the link as given, with the system's reason.
  @Test func aLinkIntoAFolderThatCannotBeWrittenIsRefused() throws {
    guard let (target, reason) = try fileInUnwritableFolder(name: "kept.xml") else {
      try Test.cancel("no folder here refuses new files to this user")
    }
    let folder = try makeTemporaryFolder()
    let link = folder + "/report.xml"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    #expect(throws: OutputError(path: link, reason: reason)) {
      try plan(link, flag: "--junit").check()
    }
  }

  /// A link to a regular file in a folder that can be written passes the check and leaves no
  /// probe file behind.
  @Test func aLinkToAWritableFilePasses() throws {
    let folder = try makeTemporaryFolder()
    try Data("old\n".utf8).write(to: URL(fileURLWithPath: folder + "/real.json"))
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/link.json", withDestinationPath: "real.json")
    try plan(folder + "/link.json", flag: "--write-scenario").check()
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [
        "link.json", "real.json",
      ])
  }

  /// A read-only output file (mode 444 in a folder that can be written) is refused before any
  /// work with 73 and what to do (trial 31: it was replaced, mode 644 after), even for root,
  /// whom the mode does not stop; through a link too, named as typed. A write refuses it as well
  /// and leaves it as it was.
  @Test func aReadOnlyOutputFileIsRefused() throws {
    let folder = try makeTemporaryFolder()
    let file = folder + "/ro.fit"
    try Data("kept\n".utf8).write(to: URL(fileURLWithPath: file))
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file)
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/link.fit", withDestinationPath: "ro.fit")
    for path in [file, folder + "/link.fit"] {
      #expect(
        throws: OutputError(
          path: path,
          reason: "it is read-only; make it writable (chmod u+w '\(path)') or choose another name")
      ) { try plan(path).check() }
    }
    #expect(throws: OutputError.self) { try writeAtomically(Array("new".utf8), toPath: file) }
    #expect(FileManager.default.contents(atPath: file) == Data("kept\n".utf8))
    let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
    #expect(mode == 0o444)
    // Writable again, it passes.
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)
    try plan(file).check()
  }

  /// `-` names standard input wherever a scenario file is expected (issue 26, bug 6a): the
  /// check compares outputs with the file behind `/dev/stdin`, `check` and `validate` take it
  /// as it is, and messages name it `(standard input)`.
  @Test func aScenarioOnStandardInputIsAnInput() throws {
    #expect(
      OutputPlan.Input.scenario("-")
        == OutputPlan.Input(path: "/dev/stdin", role: "the scenario read from standard input"))
    #expect(
      OutputPlan.Input.scenario("a.json")
        == OutputPlan.Input(path: "a.json", role: "the scenario file"))
    #expect(try expandScenarioPath("-").get() == ["-"])
    #expect(InputFiles.displayName(ofScenarioAt: "-") == "(standard input)")
    #expect(InputFiles.displayName(ofScenarioAt: "a.json") == "a.json")
  }
}
