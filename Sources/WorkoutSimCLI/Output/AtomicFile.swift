import Foundation
import WorkoutTerminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes `bytes` to the file at `path` whole or not at all (docs/command-line.md#run, `--export`: "temporary
/// file in the same folder, then rename").
///
/// The bytes go to a new temporary file `.NAME.tmp-XXXXXX` beside the target (`mkstemp`), which
/// is then renamed over the target (`rename(2)` is atomic within one file system). On any
/// failure the temporary file is removed and the target is left as it was; on `SIGINT`,
/// `SIGTERM` or `SIGHUP` while it exists, too (``TemporaryFiles``: the process then exits with
/// 130, 143 or 129). The new file has mode 0644.
///
/// - Parameters:
///   - bytes: The complete file contents.
///   - path: The target file, as given on the command line (used in the error).
/// - Throws: ``OutputError`` (exit 73) naming `path`, with the system's reason, when the folder
///   does not exist or is not writable, the disk is full, or the target is a folder, or a
///   symbolic link to something other than a regular file (a link to a regular file writes
///   that file and stays, ``writableTarget(of:)``).
public func writeAtomically(_ bytes: [UInt8], toPath path: String) throws(OutputError) {
  let target = try writableTarget(of: path)
  try refuseReadOnly(target, given: path)
  let url = URL(fileURLWithPath: target)
  let folder = url.deletingLastPathComponent().path
  let template = folder + "/." + url.lastPathComponent + ".tmp-XXXXXX"
  // Registered before the file exists: a signal from here on removes it before the process
  // exits.
  guard let (descriptor, temporaryPath) = TemporaryFiles.create(template: template) else {
    throw OutputError(path: path, reason: systemReason())
  }
  defer { TemporaryFiles.unregister(temporaryPath) }

  func fail() -> OutputError {
    let error = OutputError(path: path, reason: systemReason())
    unlink(temporaryPath)
    return error
  }

  var written = 0
  while written < bytes.count {
    let count = bytes.withUnsafeBytes { buffer in
      write(descriptor, buffer.baseAddress.map { $0 + written }, bytes.count - written)
    }
    if count < 0 {
      if errno == EINTR { continue }
      let error = fail()
      close(descriptor)
      throw error
    }
    written += count
  }
  if fchmod(descriptor, 0o644) != 0 || fsync(descriptor) != 0 {
    let error = fail()
    close(descriptor)
    throw error
  }
  guard close(descriptor) == 0 else { throw fail() }
  guard rename(temporaryPath, target) == 0 else { throw fail() }
}

/// The file a write to `path` replaces: `path` itself, or, when `path` is a symbolic link, the
/// regular file it resolves to (`realpath(3)`), so that the rename replaces the link's target
/// and the link stays (a rename onto the link itself would replace the link with a plain file,
/// and `/dev/stdout` with a report).
///
/// - Throws: ``OutputError`` (73) for a link whose target does not exist or is not a regular
///   file (a terminal, a pipe, a device, a folder).
func writableTarget(of path: String) throws(OutputError) -> String {
  var status = stat()
  guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return path }
  guard let resolved = realpath(path, nil) else {
    throw OutputError(
      path: path,
      reason: "it is a symbolic link whose target cannot be resolved (\(systemReason()))")
  }
  defer { free(resolved) }
  let target = String(cString: resolved)
  guard stat(target, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
    throw OutputError(
      path: path,
      reason:
        "it is a symbolic link to '\(target)', which is not a regular file; name a regular file")
  }
  return target
}

/// Writes `bytes` to `url` whole or not at all; see ``writeAtomically(_:toPath:)``.
///
/// - Throws: ``OutputError`` naming the file's path.
public func writeAtomically(_ bytes: [UInt8], to url: URL) throws(OutputError) {
  try writeAtomically(bytes, toPath: url.path)
}

/// Throws when `target` is an existing regular file the user may not write: no write permission
/// bit at all (`chmod 444`, which root could otherwise replace) or none for this user
/// (`access(2)`). Replacing it by a rename would silently undo the protection
/// (docs/command-line.md#outputs-never-overwrite-inputs); `given` is the path as typed, for the
/// message.
func refuseReadOnly(_ target: String, given: String) throws(OutputError) {
  var status = stat()
  guard stat(target, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return }
  let anyWriteBit = status.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH) != 0
  guard !anyWriteBit || access(target, W_OK) != 0 else { return }
  throw OutputError(
    path: given,
    reason:
      "it is read-only; make it writable (chmod u+w '\(given)') or choose another name")
}

/// The text of the current `errno` (`strerror`).
func systemReason() -> String {
  String(cString: strerror(errno))
}
