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

  @Test("a suite's name carries this process's world, id and start")
  func suiteNameNamesTheProcess() {
    let mark = ProcessOwnedFiles.Mark.current
    #expect(mark.pid == getpid())
    #expect(mark.world == ProcessOwnedFiles.World.current)
    let name = AppGroups.suiteName("group.example.tracker")
    #expect(
      name.hasPrefix(
        "group.example.tracker.simulation-w\(mark.world.token)-p\(getpid())-s\(mark.start)-"))
    #expect(AppGroups.owner(ofFile: name + ".plist") == .process(mark))
    #expect(!mark.isGone)
  }

  /// A world's token is the 64-bit FNV-1a hash of `boot id`, `pid namespace` and `host`
  /// joined by newlines, as 16 hex digits (worked out apart from the code, byte by byte from
  /// the offset basis 0xcbf29ce484222325 with the prime 0x100000001b3): nothing readable gives
  /// "\n\n", 08547e07b5084555; two containers of one boot and host differ by their pid
  /// namespace.
  @Test("a world is the boot, the pid namespace and the host, hashed")
  func worldTokens() {
    let none = ProcessOwnedFiles.World(bootID: nil, pidNamespace: nil, host: nil)
    #expect(none.token == "08547e07b5084555")
    let first = ProcessOwnedFiles.World(
      bootID: "0b1c", pidNamespace: "pid:[4026531836]", host: "runner-1")
    let second = ProcessOwnedFiles.World(
      bootID: "0b1c", pidNamespace: "pid:[4026532200]", host: "runner-1")
    #expect(first.token == "b4d0130b0788e550")
    #expect(second.token == "2c4d196060d40314")
    #expect(ProcessOwnedFiles.World(token: "b4d0130b0788e550") == first)
    #expect(ProcessOwnedFiles.World(token: "B4D0130B0788E550") == nil)
    #expect(ProcessOwnedFiles.World(token: "b4d0130b0788e55") == nil)
  }

  /// Where `/proc` exists but the boot id or the pid namespace cannot be read, the world is
  /// hashed with "" for that part, so two containers of one host name would get one token and
  /// judge each other's pids (review 28): such a world judges nothing. A file of its own token
  /// with a pid no process has (2147483647, above Linux's largest) is kept while fresh (it is
  /// not judged by its pid) and removed only by another world's age rule (8 days > 7: gone; 6
  /// days: kept). Without `/proc` (Darwin) the host alone still judges, and a world whose parts
  /// were all read judges.
  @Test("a world with an unreadable part of /proc judges no pid")
  func anUnreadableWorldJudgesNothing() throws {
    let blind = ProcessOwnedFiles.World(
      bootID: nil, pidNamespace: "pid:[4026531836]", host: "runner-1", hasProc: true)
    #expect(!blind.judges)
    #expect(
      !ProcessOwnedFiles.World(bootID: "0b1c", pidNamespace: nil, host: "runner-1", hasProc: true)
        .judges)
    #expect(ProcessOwnedFiles.World(bootID: nil, pidNamespace: nil, host: "mac").judges)
    #expect(
      ProcessOwnedFiles.World(
        bootID: "0b1c", pidNamespace: "pid:[4026531836]", host: "runner-1", hasProc: true
      ).judges)
    let dead = ProcessOwnedFiles.Mark(world: blind, pid: 2_147_483_647, start: 5)
    #expect(!dead.isGone(in: blind))
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let uuid = "0B5E6A4C-3D57-4E8B-9F10-6A1C2D3E4F50"
    let fresh = "group.example.simulation-\(dead.text)-\(uuid).plist"
    let week = "group.example.watch.simulation-w\(blind.token)-p2147483647-s6-\(uuid).plist"
    let old = "group.example.simulation-w\(blind.token)-p2147483647-s7-\(uuid).plist"
    for name in [fresh, week, old] {
      #expect(
        FileManager.default.createFile(
          atPath: folder.appendingPathComponent(name).path, contents: Data()))
    }
    let now = Date()
    for (name, days) in [(week, 6.0), (old, 8.0)] {
      try FileManager.default.setAttributes(
        [.modificationDate: now.addingTimeInterval(-days * 86_400)],
        ofItemAtPath: folder.appendingPathComponent(name).path)
    }
    let removed = ProcessOwnedFiles.removeStale(
      in: folder, now: now, world: blind, owner: AppGroups.owner(ofFile:))
    #expect(removed == [old])
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(left == [fresh, week].sorted())
  }

  @Test(
    "a dead pid's file of this world goes; another world's, a live one's and fresh old ones stay")
  func removesOnlyDeadProcessesFiles() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let me = ProcessOwnedFiles.Mark.current
    let world = me.world.token
    // Another container's or host's world: its pid means nothing here.
    let elsewhere = "0123456789abcdef"
    #expect(world != elsewhere)
    let uuid = "0B5E6A4C-3D57-4E8B-9F10-6A1C2D3E4F50"
    // 2147483647 is above Linux's largest pid (pid_max is at most 2^22 = 4194304), so no
    // process has it: kill(2147483647, 0) fails with ESRCH, a dead process of this world.
    let dead = "group.example.simulation-w\(world)-p2147483647-s5-\(uuid).plist"
    let mine = "group.example.simulation-w\(world)-p\(me.pid)-s\(me.start)-\(uuid).plist"
    // This process's id with another start: the id's earlier owner, gone (only where the start
    // is known, Linux's /proc).
    let reused =
      "group.example.watch.simulation-w\(world)-p\(me.pid)-s\(me.start + 1)-\(uuid).plist"
    // The same dead pid in another world (a live process of a container sharing the home):
    // left alone, as is this process's pid and start there.
    let otherWorld = "group.example.simulation-w\(elsewhere)-p2147483647-s5-\(uuid).plist"
    let otherWorldMine =
      "group.example.simulation-w\(elsewhere)-p\(me.pid)-s\(me.start + 1)-\(uuid).plist"
    // Another world's file not written for 8 days (an earlier boot's, a removed container's):
    // removed, as it is more than the 7 days another world's files wait; 6 days: kept.
    let otherWorldOld = "group.example.watch.simulation-w\(elsewhere)-p7-s5-\(uuid).plist"
    let otherWorldWeek = "group.example.simulation-w\(elsewhere)-p8-s5-\(uuid).plist"
    // The earlier namings (no world): removed when last written more than 24 h ago.
    let oldStale = "group.example.simulation-\(uuid).plist"
    let oldFresh = "group.example.watch.simulation-\(uuid).plist"
    let markedStale = "group.example.simulation-p2147483647-s5-\(uuid).plist"
    let markedFresh = "group.example.watch.simulation-p2147483647-s5-\(uuid).plist"
    // Not this package's: an app's own suite, names that only look like one.
    let others = [
      "fitnesstracker-tests-\(uuid).plist", "group.example.simulation-p12-sx-\(uuid).plist",
      "group.example.simulation-w\(world)-p2147483647-s5-\(uuid).json",
      "group.example.simulation-wXYZ-p2147483647-s5-\(uuid).plist",
    ]
    let all = [
      dead, mine, reused, otherWorld, otherWorldMine, otherWorldOld, otherWorldWeek, oldStale,
      oldFresh,
    ]
    for name in all + [markedStale, markedFresh] + others {
      #expect(
        FileManager.default.createFile(
          atPath: folder.appendingPathComponent(name).path, contents: Data()))
    }
    let now = Date()
    // 25 h before `now`: more than the 24 h the earlier namings wait; 23 h: less.
    let ages: [(String, Double)] = [
      (oldStale, 25.0), (markedStale, 25), (oldFresh, 23), (markedFresh, 23),
      (otherWorldOld, 8 * 24), (otherWorldWeek, 6 * 24),
    ]
    for (name, hours) in ages {
      try FileManager.default.setAttributes(
        [.modificationDate: now.addingTimeInterval(-hours * 3600)],
        ofItemAtPath: folder.appendingPathComponent(name).path)
    }
    let removed = AppGroups.removeStaleFiles(in: folder, now: now)
    let expected = [dead, oldStale, markedStale, otherWorldOld] + (me.start == 0 ? [] : [reused])
    #expect(removed == expected.sorted())
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    let kept = [mine, otherWorld, otherWorldMine, otherWorldWeek, oldFresh, markedFresh] + others
    #expect(left == (kept + (me.start == 0 ? [reused] : [])).sorted())
  }

  /// A run killed before its simulation was released leaves its temporary folder (Watch
  /// Connectivity's `workout-sim-wc-…`); the next process's first folder of that kind removes
  /// the ones of dead processes of its world, by the same rule as App Group files.
  @Test("the first temporary folder of a kind removes those dead processes of this world left")
  func temporaryFoldersOfDeadProcessesGo() throws {
    let temporary = FileManager.default.temporaryDirectory
    // A prefix of this test's own, so no other test's folders are judged.
    let prefix = "workout-sim-test-\(UUID().uuidString.prefix(8))-"
    let me = ProcessOwnedFiles.Mark.current
    let uuid = "5D1F0C2B-7A44-4E19-8B3D-2F6E9A0C1B7E"
    let dead = "\(prefix)w\(me.world.token)-p2147483647-s5-\(uuid)"
    let live = "\(prefix)w\(me.world.token)-p\(me.pid)-s\(me.start)-\(uuid)"
    let otherWorld = "\(prefix)w0123456789abcdef-p2147483647-s5-\(uuid)"
    let oldStale = "\(prefix)\(uuid)"
    for name in [dead, live, otherWorld, oldStale] {
      try FileManager.default.createDirectory(
        at: temporary.appendingPathComponent(name).appendingPathComponent("Inbox"),
        withIntermediateDirectories: true)
    }
    defer {
      for name in [live, otherWorld] {
        try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
      }
    }
    // 25 h ago: more than the 24 h an unnamed folder waits.
    try FileManager.default.setAttributes(
      [.modificationDate: Date().addingTimeInterval(-25 * 3600)],
      ofItemAtPath: temporary.appendingPathComponent(oldStale).path)
    let made = ProcessOwnedFiles.temporaryFolder(prefix: prefix)
    #expect(made.deletingLastPathComponent().standardizedFileURL == temporary.standardizedFileURL)
    #expect(
      made.lastPathComponent.hasPrefix("\(prefix)w\(me.world.token)-p\(me.pid)-s\(me.start)-"))
    let left = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
      .filter { $0.hasPrefix(prefix) }.sorted()
    #expect(left == [live, otherWorld].sorted())
  }
}
