import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What this package leaves on disk while a simulation runs (the App Group suites of
/// `appGroupDefaults(_:)`, Watch Connectivity's folder of received files) is named after the
/// process that made it, so that a later process can remove what a process left when it ended
/// without releasing its simulation (an interrupted test run): the one rule for both (a project
/// rule, docs/phone.md#widgets and docs/phone-link.md#starting-the-watch-app).
///
/// A name carries the owner's ``Mark``: its world (``World``), its process id and its start,
/// written `w<world>-p<pid>-s<start>`. A process judges only the names of its own world,
/// where a process id means the same process: a home folder shared by two containers (CI
/// runners, Docker with a mounted home) or by two hosts (an NFS home) holds names of processes
/// this one cannot see, and those are left alone, whatever their process id, until they have
/// not been written for ``otherWorldStaleAge`` (an earlier boot's or container's).
package enum ProcessOwnedFiles {
  /// Where a process id means one process: the boot (Linux's
  /// `/proc/sys/kernel/random/boot_id`, new at every boot), the process id namespace (the
  /// inode of `/proc/self/ns/pid`: a container has its own) and the host name (two hosts on
  /// one NFS home), written as 16 hex digits of their 64-bit FNV-1a hash (a name part without
  /// `-`). Where there is no `/proc` (Darwin), the host name alone.
  ///
  /// Where `/proc` exists but the boot id or the pid namespace cannot be read (a sandbox, a
  /// restricted `/proc`), the world cannot tell this container from another of the same host
  /// name: it judges nothing (``judges`` is `false`), so no file is ever removed by its process
  /// id, only by the age rule of another world's (a project rule: two containers with one host
  /// name would otherwise judge each other's pids and remove a live process's files).
  package struct World: Sendable, Equatable {
    /// The 16 lowercase hex digits.
    package var token: String
    /// Whether a process id of this world means one process here, so a mark of this world may
    /// be judged by its pid (``Mark/isGone(in:)``): `false` when `/proc` exists but a part of
    /// the world could not be read.
    package var judges: Bool

    /// The world of a process that read `bootID`, `pidNamespace` (the link text of
    /// `/proc/self/ns/pid`, `pid:[4026531836]`) and `host`; `nil` parts were not readable.
    /// `hasProc`: the process has a `/proc` (Linux), where the boot id and the pid namespace
    /// are part of the world; with either unreadable there, the world ``judges`` nothing.
    package init(bootID: String?, pidNamespace: String?, host: String?, hasProc: Bool = false) {
      judges = !hasProc || (bootID != nil && pidNamespace != nil)
      let text = [bootID ?? "", pidNamespace ?? "", host ?? ""].joined(separator: "\n")
      // FNV-1a, 64 bits (offset basis 14695981039346656037, prime 1099511628211): the same
      // digits in every process, unlike Swift's seeded `Hasher`.
      var hash: UInt64 = 14_695_981_039_346_656_037
      for byte in text.utf8 {
        hash ^= UInt64(byte)
        hash = hash &* 1_099_511_628_211
      }
      let digits = String(hash, radix: 16)
      token = String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The world from a name's token, or `nil` unless it is 16 lowercase hex digits.
    package init?(token: Substring) {
      guard token.count == 16, token.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else {
        return nil
      }
      self.token = String(token)
      judges = true
    }

    /// Whether `other` is the same world (the same token; ``judges`` is what this process
    /// could read of it, not part of the world).
    package static func == (lhs: World, rhs: World) -> Bool { lhs.token == rhs.token }

    /// This process's world.
    package static let current = World(
      bootID: (try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8))?
        .trimmingCharacters(in: .whitespacesAndNewlines),
      pidNamespace: try? FileManager.default.destinationOfSymbolicLink(
        atPath: "/proc/self/ns/pid"),
      host: hostName(), hasProc: FileManager.default.fileExists(atPath: "/proc/self"))

    /// `gethostname(2)`, or `nil`.
    private static func hostName() -> String? {
      var buffer = [CChar](repeating: 0, count: 256)
      guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
      return String(
        decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
  }

  /// A process as a name records it: its world, its id, and its start in clock ticks after
  /// boot (`/proc/<pid>/stat`'s 22nd field, `starttime`; 0 where there is no `/proc`), which
  /// tells a process from a later one that got the same id.
  package struct Mark: Sendable, Equatable {
    /// Where ``pid`` means one process.
    package var world: World
    /// The process id.
    package var pid: Int32
    /// The start, clock ticks after boot; 0 when unknown.
    package var start: UInt64

    package init(world: World, pid: Int32, start: UInt64) {
      self.world = world
      self.pid = pid
      self.start = start
    }

    /// This process.
    package static let current = Mark(
      world: .current, pid: getpid(), start: startTicks(of: getpid()) ?? 0)

    /// The name part: `w<world>-p<pid>-s<start>`.
    package var text: String { "w\(world.token)-p\(pid)-s\(start)" }

    /// The mark of a name part `w<world>-p<pid>-s<start>`, or `nil`.
    package init?(text: Substring) {
      let parts = text.split(separator: "-", omittingEmptySubsequences: false)
      guard parts.count == 3, parts[0].first == "w", parts[1].first == "p",
        parts[2].first == "s", let world = World(token: parts[0].dropFirst()),
        let pid = Int32(parts[1].dropFirst()), let start = UInt64(parts[2].dropFirst())
      else { return nil }
      self.init(world: world, pid: pid, start: start)
    }

    /// `pid`'s start from `/proc/<pid>/stat`, or `nil` (no such process, no `/proc`). The
    /// fields after the command name's closing parenthesis (the name may hold spaces) begin
    /// with the 3rd, `state`, so `starttime`, the 22nd, is the 20th of them.
    package static func startTicks(of pid: Int32) -> UInt64? {
      guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = text.lastIndex(of: ")")
      else { return nil }
      let fields = text[text.index(after: close)...].split(separator: " ")
      return fields.count > 19 ? UInt64(fields[19]) : nil
    }

    /// Whether the marked process is known to be gone (``isGone(in:)`` in this process's
    /// world).
    package var isGone: Bool { isGone(in: .current) }

    /// Whether the marked process is known to be gone, judged from a process of `here`: it is
    /// of that world, the world ``World/judges``, and `kill(pid, 0)` does not find it
    /// (refused, `EPERM`, is another user's live process), or, when both starts are known, it
    /// started at another time (the id was given to a later process). A mark of another world,
    /// or of a world that judges nothing, is never known to be gone.
    package func isGone(in here: World) -> Bool {
      guard here.judges, world == here else { return false }
      guard pid > 0 else { return true }
      if kill(pid, 0) != 0 && errno != EPERM { return true }
      guard start != 0, let now = Self.startTicks(of: pid) else { return false }
      return now != start
    }
  }

  /// Whose a name is.
  package enum Owner: Equatable {
    /// A process's, with its world (the current naming).
    case process(Mark)
    /// Nobody's the name can tell: an earlier naming, without a world (judged by age).
    case unknown
  }

  /// How old a file or folder of an earlier naming (no world in it) must be to count as
  /// stale: 24 hours since it was last written (a project rule: no simulation leaves its App
  /// Group or its folder of received files untouched that long, and the name cannot say
  /// whose it is).
  package static let unknownStaleAge: TimeInterval = 24 * 60 * 60

  /// How old a file or folder of another world (``World``) must be to count as stale: 7 days
  /// since it was last written. Its process id cannot be judged here, but an earlier boot or
  /// an earlier container is another world too, and its files would otherwise stay for ever
  /// (review 28). A project rule: a live process of a container or host sharing the folder
  /// rewrites its App Group suite whenever the app writes it, and no simulation runs a week of
  /// real time without a write.
  package static let otherWorldStaleAge: TimeInterval = 7 * 24 * 60 * 60

  /// Removes from `folder` the entries whose `owner` (a name's ``Owner``, `nil` for a name
  /// that is not this package's) is stale: a ``Owner/process(_:)`` whose ``Mark/isGone``, an
  /// ``Owner/unknown`` last written more than ``unknownStaleAge`` before `now`, an entry of
  /// another world last written more than ``otherWorldStaleAge`` before `now`. Never a live
  /// process's entry of this world, nor any other entry. `world` is the judging process's
  /// (this process's by default); when it ``World/judges`` nothing, the entries of its own
  /// token go by the age rule of another world's, never by their pid.
  ///
  /// - Returns: the names removed, sorted.
  @discardableResult
  package static func removeStale(
    in folder: URL, now: Date, world: World = .current, owner: (String) -> Owner?
  ) -> [String] {
    let files = FileManager.default
    guard let names = try? files.contentsOfDirectory(atPath: folder.path) else { return [] }
    var removed: [String] = []
    for name in names.sorted() {
      guard let owner = owner(name) else { continue }
      let url = folder.appendingPathComponent(name)
      let age: TimeInterval
      switch owner {
      case .process(let mark) where world.judges && mark.world == world:
        guard mark.isGone(in: world) else { continue }
        age = 0
      case .process: age = otherWorldStaleAge
      case .unknown: age = unknownStaleAge
      }
      if age > 0 {
        let written = (try? files.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
        guard let written, now.timeIntervalSince(written) > age else { continue }
      }
      if (try? files.removeItem(at: url)) != nil { removed.append(name) }
    }
    return removed
  }

  /// Splits `<mark>-<UUID>` (a ``Mark/text`` then a UUID) or `<UUID>` (an earlier naming):
  /// the owner, or `nil` when `name` is neither. `p<pid>-s<start>-<UUID>` (the naming of
  /// version 0.x before worlds) is ``Owner/unknown`` too.
  package static func owner(ofMarkedUUID name: Substring) -> Owner? {
    guard name.count >= 36, UUID(uuidString: String(name.suffix(36))) != nil else { return nil }
    if name.count == 36 { return .unknown }
    let rest = name.dropLast(36)
    guard rest.last == "-" else { return nil }
    let text = rest.dropLast()
    if let mark = Mark(text: text) { return .process(mark) }
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    if parts.count == 2, parts[0].first == "p", parts[1].first == "s",
      Int32(parts[0].dropFirst()) != nil, UInt64(parts[1].dropFirst()) != nil
    {
      return .unknown
    }
    return nil
  }
  // MARK: - Temporary folders

  /// A new folder name under the temporary folder for this process's use:
  /// `<tmp>/<prefix><mark>-<UUID>` (not made here). The first call for a `prefix` in a
  /// process removes the folders of that prefix that processes of this world left
  /// (``removeStaleFolders(prefix:in:now:)``), so a run killed before its simulation was
  /// released (a test process killed, a trap) leaves its folder only until the next run.
  package static func temporaryFolder(prefix: String) -> URL {
    let temporary = FileManager.default.temporaryDirectory
    let first = sweptPrefixes.withLock { $0.insert(prefix).inserted }
    if first { removeStaleFolders(prefix: prefix, in: temporary) }
    return temporary.appendingPathComponent(
      "\(prefix)\(Mark.current.text)-\(UUID().uuidString)", isDirectory: true)
  }

  /// The prefixes whose stale folders this process removed.
  private static let sweptPrefixes = Mutex<Set<String>>([])

  /// Removes from `folder` the entries `<prefix><mark>-<UUID>` whose process is gone (of this
  /// world) and `<prefix><UUID>` (the earlier naming) last written more than 24 h before
  /// `now` (``removeStale(in:now:world:owner:)``).
  ///
  /// - Returns: the names removed, sorted.
  @discardableResult
  package static func removeStaleFolders(prefix: String, in folder: URL, now: Date = Date())
    -> [String]
  {
    removeStale(in: folder, now: now) { name in
      name.hasPrefix(prefix) ? owner(ofMarkedUUID: name.dropFirst(prefix.count)) : nil
    }
  }
}
