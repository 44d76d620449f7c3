import Foundation
import SimulatedHealthKit
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// App Group suite files left by processes that ended without releasing their simulation (an
/// interrupted test run) are removed by the next process, never a live process's
/// (docs/phone.md#widgets).
@Suite("App Group files of dead processes are removed, a live process's kept")
struct AppGroupStaleFileTests {
  /// A folder of its own under the temporary directory, standing in for `~/.config`.
  func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("app-group-stale-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test("a suite's name carries this process's id and start")
  func suiteNameNamesTheProcess() {
    let mark = AppGroups.ProcessMark.current
    #expect(mark.pid == getpid())
    let name = AppGroups.suiteName("group.example.tracker")
    #expect(name.hasPrefix("group.example.tracker.simulation-p\(getpid())-s\(mark.start)-"))
    #expect(AppGroups.owner(ofFile: name + ".plist") == .process(mark))
    #expect(mark.isAlive)
  }

  @Test("a dead pid's file and a reused pid's go; this process's, others' and fresh old ones stay")
  func removesOnlyDeadProcessesFiles() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let me = AppGroups.ProcessMark.current
    let uuid = "0B5E6A4C-3D57-4E8B-9F10-6A1C2D3E4F50"
    // 2147483647 is above Linux's largest pid (pid_max is at most 2^22 = 4194304), so no
    // process has it: kill(2147483647, 0) fails with ESRCH, a dead process.
    let dead = "group.example.simulation-p2147483647-s5-\(uuid).plist"
    let mine = "group.example.simulation-p\(me.pid)-s\(me.start)-\(uuid).plist"
    // This process's id with another start: the id's earlier owner, gone (only where the start
    // is known, Linux's /proc).
    let reused = "group.example.watch.simulation-p\(me.pid)-s\(me.start + 1)-\(uuid).plist"
    // The earlier naming (no process): removed when last written more than 24 h ago.
    let oldStale = "group.example.simulation-\(uuid).plist"
    let oldFresh = "group.example.watch.simulation-\(uuid).plist"
    // Not this package's: an app's own suite, a name that only looks like one.
    let others = [
      "fitnesstracker-tests-\(uuid).plist", "group.example.simulation-p12-sx-\(uuid).plist",
      "group.example.simulation-p2147483647-s5-\(uuid).json",
    ]
    for name in [dead, mine, reused, oldStale, oldFresh] + others {
      #expect(
        FileManager.default.createFile(
          atPath: folder.appendingPathComponent(name).path, contents: Data()))
    }
    let now = Date()
    // 25 h before `now`: more than the 24 h the earlier naming waits.
    try FileManager.default.setAttributes(
      [.modificationDate: now.addingTimeInterval(-25 * 3600)],
      ofItemAtPath: folder.appendingPathComponent(oldStale).path)
    try FileManager.default.setAttributes(
      [.modificationDate: now.addingTimeInterval(-23 * 3600)],
      ofItemAtPath: folder.appendingPathComponent(oldFresh).path)
    let removed = AppGroups.removeStaleFiles(in: folder, now: now)
    let expected = (me.start == 0 ? [dead, oldStale] : [dead, oldStale, reused]).sorted()
    #expect(removed == expected)
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(left == ([mine, oldFresh] + others + (me.start == 0 ? [reused] : [])).sorted())
  }
}
