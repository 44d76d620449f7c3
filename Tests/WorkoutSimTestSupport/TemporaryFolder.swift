import Foundation

/// A fresh empty folder under the system's temporary folder, named `<prefix>-<UUID>`; its path
/// has no `//` (messages that name a file in it print it joined).
///
/// - Throws: What `FileManager` throws when it cannot be created.
public func makeTemporaryFolder(prefix: String = "workout-sim-tests") throws -> String {
  let path = URL(fileURLWithPath: NSTemporaryDirectory())
    .appendingPathComponent(prefix + "-" + UUID().uuidString).standardizedFileURL.path
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}
