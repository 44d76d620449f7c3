// Entries made in a folder, as events a test awaits: how a test sees a file another process
// makes (an atomic write's temporary file) without looking again every few microseconds.
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
  import Dispatch
#endif

/// Tells when entries are made in, moved into or removed from a folder, so the awaiting task is
/// suspended, not polling, between changes. Each change yields one element of ``changes``;
/// ``stop()`` (or deinit) ends the stream.
///
/// On Linux a plain `Thread` of its own blocks in `poll(2)` on an inotify descriptor and on one
/// end of a socket pair whose other end ``stop()`` closes; not a Dispatch read source:
/// libdispatch's epoll event loop on Linux crashes now and then with a bad pointer in
/// `_dispatch_event_loop_drain` while descriptors' sources come and go beside child processes
/// (https://github.com/swiftlang/swift-subprocess/issues/47). On Darwin, whose libdispatch runs
/// on kqueue and does not share that bug, a Dispatch vnode source watches the folder.
public final class FolderWatch: Sendable {
  /// One element per batch of changes to the folder's entries; ends at ``stop()``.
  public let changes: AsyncStream<Void>
  private let finish: AsyncStream<Void>.Continuation
  #if canImport(Glibc)
    /// The socket pair's end whose closing wakes the watching thread, until ``stop()`` closes
    /// it.
    private let wake: Mutex<Int32?>
  #else
    /// The vnode source, until ``stop()`` cancels it.
    private let source: Mutex<(any DispatchSourceFileSystemObject)?>
  #endif

  /// Watches the folder at `path` (which must exist) from now on.
  ///
  /// - Throws: `POSIXError` with `errno` when the folder cannot be watched.
  public init(_ path: String) throws {
    let (changes, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    self.changes = changes
    finish = continuation
    #if canImport(Glibc)
      let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard descriptor >= 0 else { throw currentPOSIXError() }
      let mask = UInt32(IN_CREATE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM)
      var ends: [Int32] = [-1, -1]
      guard inotify_add_watch(descriptor, path, mask) >= 0,
        socketpair(
          AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0, &ends) == 0
      else {
        let error = currentPOSIXError()
        close(descriptor)
        throw error
      }
      wake = Mutex(ends[1])
      let woken = ends[0]
      let watcher = Thread {
        FolderWatch.watch(descriptor, until: woken, yielding: continuation)
        close(descriptor)
        close(woken)
      }
      watcher.name = "workout-sim.tests.folder-watch"
      watcher.start()
    #else
      let descriptor = open(path, O_EVTONLY)
      guard descriptor >= 0 else { throw currentPOSIXError() }
      let source = DispatchSource.makeFileSystemObjectSource(
        fileDescriptor: descriptor, eventMask: .write,
        queue: DispatchQueue(label: "workout-sim.tests.folder-watch"))
      source.setEventHandler { continuation.yield() }
      source.setCancelHandler { close(descriptor) }
      source.resume()
      self.source = Mutex(source)
    #endif
  }

  #if canImport(Glibc)
    /// Blocks in `poll(2)` on the inotify descriptor `events` and the socket pair's end `woken`,
    /// yielding once per batch of events (their records are drained; the test looks at the
    /// folder itself), until the pair's other end is closed (`poll` reports the hang-up).
    private static func watch(
      _ events: Int32, until woken: Int32, yielding continuation: AsyncStream<Void>.Continuation
    ) {
      var watched = [events, woken].map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        guard poll(&watched, nfds_t(watched.count), -1) >= 0 else {
          if errno == EINTR { continue }
          return
        }
        if watched[1].revents != 0 { return }
        if watched[0].revents != 0 {
          while read(events, &buffer, buffer.count) > 0 {}
          continuation.yield()
        }
      }
    }
  #endif

  /// Stops watching and ends ``changes``. Calling it again does nothing.
  public func stop() {
    #if canImport(Glibc)
      // The hang-up wakes the thread (no child holds a copy of this end: it is close-on-exec,
      // set atomically), which closes the inotify descriptor and its own end on its way out.
      // Nothing is written, so no `SIGPIPE` whatever the thread has done.
      let end = wake.withLock { end in
        defer { end = nil }
        return end
      }
      if let end { close(end) }
    #else
      source.withLock { source in
        source?.cancel()
        source = nil
      }
    #endif
    finish.finish()
  }

  deinit { stop() }
}

/// The error `errno` names now (`EIO` if it names none `POSIXErrorCode` knows).
private func currentPOSIXError() -> POSIXError {
  POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
}
