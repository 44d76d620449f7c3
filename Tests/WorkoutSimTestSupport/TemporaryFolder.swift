import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A fresh empty folder under the system's temporary folder, named `<prefix>-<UUID>`; its path
/// has no `//` (messages that name a file in it print it joined). The folder and what it holds
/// are removed when the test process exits normally (`atexit`), so a test run leaves nothing in
/// the temporary folder (before, one run of the suite left some 800 folders there).
///
/// - Throws: What `FileManager` throws when it cannot be created.
public func makeTemporaryFolder(prefix: String = "workout-sim-tests") throws -> String {
  let path = URL(fileURLWithPath: NSTemporaryDirectory())
    .appendingPathComponent(prefix + "-" + UUID().uuidString).standardizedFileURL.path
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  _ = removalAtExitInstalled
  madeFolders.withLock { $0.append(path) }
  return path
}

/// The folders ``makeTemporaryFolder(prefix:)`` made in this process.
private let madeFolders = Mutex<[String]>([])

/// Installs, once, the exit handler that removes ``madeFolders``.
private let removalAtExitInstalled: Void = {
  atexit {
    for path in madeFolders.withLock({ $0 }) {
      try? FileManager.default.removeItem(atPath: path)
    }
  }
}()

/// A regular file in a folder where the current user cannot create files, with the system's
/// reason for the refusal (`strerror`, as `workout-sim` prints it): what an output named
/// through a symbolic link into a folder that cannot be written points to.
///
/// Another user than root gets `name` in a fresh folder made read-only (mode 0555), refused
/// with `Permission denied`. Root is not stopped by permissions, so root gets `/proc/version`:
/// nobody, root included, creates files in `/proc` (Linux answers `No such file or
/// directory`). Each candidate is probed by creating a file beside it; `nil` when both can be
/// written there (a test then cancels itself rather than pass without checking anything).
///
/// - Throws: What `FileManager` throws when the folder or the file cannot be made.
public func fileInUnwritableFolder(name: String = "target") throws -> (
  path: String, reason: String
)? {
  let folder = try makeTemporaryFolder(prefix: "workout-sim-read-only")
  let file = folder + "/" + name
  try Data("kept\n".utf8).write(to: URL(fileURLWithPath: file))
  try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder)
  for candidate in [file, "/proc/version"] {
    let beside = (candidate as NSString).deletingLastPathComponent
    guard FileManager.default.fileExists(atPath: candidate) else { continue }
    if let reason = creationRefusal(in: beside) { return (candidate, reason) }
  }
  return nil
}

/// The system's reason (`strerror`) why a new file cannot be created in `folder`, or `nil`
/// when it can (the probe file is removed at once).
private func creationRefusal(in folder: String) -> String? {
  let probe = folder + "/.workout-sim-probe-" + UUID().uuidString
  let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL, 0o600)
  guard descriptor < 0 else {
    close(descriptor)
    unlink(probe)
    return nil
  }
  return String(cString: strerror(errno))
}
