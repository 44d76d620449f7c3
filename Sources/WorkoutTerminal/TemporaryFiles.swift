import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The temporary files alive right now (an atomic write's `.NAME.tmp-XXXXXX`), removed when
/// `SIGINT`, `SIGTERM` or `SIGHUP` ends the process, which then exits with 128 + the signal
/// number (130, 143, 129; docs/command-line.md#exit-codes).
///
/// How it stays async-signal-safe (POSIX.1-2017 §2.4.3 lists `unlink` and `_exit` as safe; no
/// allocation, lock or Swift runtime call happens in the handler):
/// - ``create(template:)`` copies the `mkstemp` template into a C buffer, registers the buffer
///   and only then lets `mkstemp(3)` fill in its `XXXXXX` in place and create the file, so there
///   is no instant at which the file exists unregistered (a signal during `mkstemp` at worst
///   unlinks a name not created yet). Registering and ``unregister(_:)`` rebuild, under a mutex,
///   a null-terminated C array of those buffers and publish its address with one atomic store;
///   the handler only loads that address and walks the array. Buffers and arrays are not freed
///   (the handler on another thread may be reading one): a few bytes per file written.
/// - The handler is installed the first time a path is registered (``installHandlers()``), for
///   each of the three signals whose disposition is not "ignore" (so `nohup` keeps working),
///   and stays installed; the signals are unblocked in the registering thread (a blocked mask
///   inherited from the parent would otherwise hold them pending for ever). While the watch face runs, `SignalStream` replaces it and puts it
///   back afterwards; both change dispositions only through `SignalDispositions`, under one
///   lock, so neither undoes the other.
public enum TemporaryFiles {
  private static let published = Atomic<Int>(0)
  private static let buffers = Mutex<[Int]>([])  // addresses of the C buffers
  private static let installed = Atomic<Bool>(false)

  /// The signals whose arrival removes the files: `SIGINT`, `SIGTERM`, `SIGHUP`.
  public static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

  /// Creates a new file from `template` (ending in `XXXXXX`) with `mkstemp(3)`, registered to be
  /// removed on a signal from before it exists; installs the handlers if needed.
  ///
  /// - Parameter template: The path with six trailing `X`s (`folder/.run.fit.tmp-XXXXXX`).
  /// - Returns: The open descriptor and the file's path, or `nil` with `errno` set by `mkstemp`.
  public static func create(template: String) -> (descriptor: Int32, path: String)? {
    installHandlers()
    guard let buffer = strdup(template) else { return nil }
    let address = Int(bitPattern: buffer)
    buffers.withLock { list in
      list.append(address)
      publish(list)
    }
    let descriptor = mkstemp(buffer)
    guard descriptor >= 0 else {
      let code = errno
      remove(address)
      errno = code
      return nil
    }
    return (descriptor, String(cString: buffer))
  }

  /// Stops removing `path` on a signal (after it was renamed or unlinked).
  public static func unregister(_ path: String) {
    buffers.withLock { list in
      guard let index = list.firstIndex(where: { string(at: $0) == path }) else { return }
      list.remove(at: index)
      publish(list)
    }
  }

  /// The paths registered now, in registration order.
  public static var registered: [String] {
    buffers.withLock { list in list.map { string(at: $0) } }
  }

  private static func string(at address: Int) -> String {
    guard let pointer = UnsafePointer<CChar>(bitPattern: address) else { return "" }
    return String(cString: pointer)
  }

  private static func remove(_ address: Int) {
    buffers.withLock { list in
      guard let index = list.firstIndex(of: address) else { return }
      list.remove(at: index)
      publish(list)
    }
  }

  /// Installs the handler for ``signals`` (once per process): unlink every registered path,
  /// then `_exit(128 + signal)`. A signal whose disposition is `SIG_IGN` is left ignored.
  public static func installHandlers() {
    guard
      installed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing)
        .exchanged
    else { return }
    // A parent may hand down these signals blocked (a test runner's worker thread does); the
    // files are removed only if the signal can arrive, so unblock them in this thread, which
    // is the one writing.
    var unblock = sigset_t()
    sigemptyset(&unblock)
    for number in signals { sigaddset(&unblock, number) }
    pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    for number in signals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { number in
        TemporaryFiles.removeAllFromSignalHandler()
        _exit(128 + number)
      }
      sigemptyset(&action.sa_mask)
      for other in TemporaryFiles.signals { sigaddset(&action.sa_mask, other) }
      action.sa_flags = 0
      SignalDispositions.install(action, for: number)
    }
  }

  /// Unlinks every registered path; only async-signal-safe calls.
  static func removeAllFromSignalHandler() {
    let address = published.load(ordering: .acquiring)
    guard var entry = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>(bitPattern: address)
    else { return }
    while let path = entry.pointee {
      unlink(path)
      entry += 1
    }
  }

  /// Publishes `list` as a new null-terminated C array (called with the mutex held).
  private static func publish(_ list: [Int]) {
    let array = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(
      capacity: list.count + 1)
    for (index, address) in list.enumerated() {
      array[index] = UnsafeMutablePointer<CChar>(bitPattern: address)
    }
    array[list.count] = nil
    published.store(Int(bitPattern: array), ordering: .releasing)
  }
}
