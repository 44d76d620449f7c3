import Foundation
import Testing
import WorkoutRendering

/// Compares `text` with `Snapshots/<name>.txt` exactly; with `RECORD_SNAPSHOTS=1` in the
/// environment it writes the file into the source tree instead (and records an issue, so a
/// recording run never passes silently).
func assertSnapshot(
  _ text: String, named name: String, filePath: String = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let sourceDirectory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    .appendingPathComponent("Snapshots")
  let sourceFile = sourceDirectory.appendingPathComponent(name + ".txt")
  let contents = text + "\n"
  if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
    try? FileManager.default.createDirectory(at: sourceDirectory, withIntermediateDirectories: true)
    try? contents.write(to: sourceFile, atomically: true, encoding: .utf8)
    Issue.record("recorded snapshot \(name).txt; review it and run again without RECORD_SNAPSHOTS")
    return
  }
  // The source tree is the truth (the bundled copy is only refreshed by a build); the copied
  // resource serves when the sources are not at hand.
  let inSources = FileManager.default.fileExists(atPath: sourceFile.path) ? sourceFile : nil
  let bundled = Bundle.module.url(
    forResource: name, withExtension: "txt", subdirectory: "Snapshots")
  guard let url = inSources ?? bundled,
    let expected = try? String(contentsOf: url, encoding: .utf8)
  else {
    Issue.record(
      "missing snapshot \(name).txt (record with RECORD_SNAPSHOTS=1)",
      sourceLocation: sourceLocation)
    return
  }
  if expected != contents {
    let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let got = contents.split(separator: "\n", omittingEmptySubsequences: false)
    var diff: [String] = []
    for index in 0..<max(want.count, got.count) {
      let w = index < want.count ? String(want[index]) : "<none>"
      let g = index < got.count ? String(got[index]) : "<none>"
      if w != g { diff.append("line \(index + 1):\n  expected: \(w)\n  actual:   \(g)") }
    }
    let report: String = diff.joined(separator: "\n")
    Issue.record("snapshot \(name).txt differs:\n\(report)", sourceLocation: sourceLocation)
  }
}

extension Frame {
  /// The text with each line framed by `|` so trailing spaces and short lines are visible.
  var boxed: String { lines.map { "|" + $0 + "|" }.joined(separator: "\n") }
}
