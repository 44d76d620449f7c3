// Entries made in a folder, as events a test awaits: how a test sees a file another process
// makes (an atomic write's temporary file) without looking again every few microseconds.
import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Tells when entries are made in, moved into or removed from a folder: Linux's inotify (or a
/// Dispatch vnode source on Darwin) read by a Dispatch source, so the awaiting task is
/// suspended, not polling, between changes. Each change yields one element of ``changes``;
/// ``stop()`` (or deinit) ends the stream. (Unchecked: its stored properties are constants, and
/// a Dispatch source may be cancelled from any thread.)
public final class FolderWatch: @unchecked Sendable {
  /// One element per batch of changes to the folder's entries; ends at ``stop()``.
  public let changes: AsyncStream<Void>
  private let source: any DispatchSourceProtocol
  private let finish: AsyncStream<Void>.Continuation

  /// Watches the folder at `path` (which must exist) from now on.
  ///
  /// - Throws: `POSIXError` with `errno` when the folder cannot be watched.
  public init(_ path: String) throws {
    let (changes, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    self.changes = changes
    finish = continuation
    let queue = DispatchQueue(label: "workout-sim.tests.folder-watch")
    #if canImport(Glibc)
      let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
      let mask = UInt32(IN_CREATE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM)
      guard inotify_add_watch(descriptor, path, mask) >= 0 else {
        let code = errno
        close(descriptor)
        throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
      }
      let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
      source.setEventHandler {
        // The events' records are drained; the test looks at the folder itself.
        var buffer = [UInt8](repeating: 0, count: 4096)
        while read(descriptor, &buffer, buffer.count) > 0 {}
        continuation.yield()
      }
    #else
      let descriptor = open(path, O_EVTONLY)
      guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
      let source = DispatchSource.makeFileSystemObjectSource(
        fileDescriptor: descriptor, eventMask: .write, queue: queue)
      source.setEventHandler { continuation.yield() }
    #endif
    source.setCancelHandler { close(descriptor) }
    self.source = source
    source.resume()
  }

  /// Stops watching and ends ``changes``.
  public func stop() {
    source.cancel()
    finish.finish()
  }

  deinit { stop() }
}
