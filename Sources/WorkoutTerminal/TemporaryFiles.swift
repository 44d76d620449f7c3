import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The temporary files alive right now (an atomic write's `.NAME.tmp-XXXXXX`), removed when
/// `SIGINT`, `SIGTERM` or `SIGHUP` ends the process, which then exits with 128 + the signal
/// number (130, 143, 129; cli spec v1, "Exit codes").
///
/// How it stays async-signal-safe (POSIX.1-2017 §2.4.3 lists `unlink` and `_exit` as safe; no
/// allocation, lock or Swift runtime call happens in the handler):
/// - ``register(_:)`` and ``unregister(_:)`` rebuild, under a mutex, a null-terminated C array
///   of C strings (`strdup`) and publish its address with one atomic store; the handler only
///   loads that address and walks the array. Arrays replaced by later ones are not freed (the
///   handler on another thread may be reading one): a few bytes per write, bounded by the
///   number of files the process writes.
/// - The handler is installed the first time a path is registered (``installHandlers()``), for
///   each of the three signals whose disposition is not "ignore" (so `nohup` keeps working),
///   and stays installed; the signals are unblocked in the registering thread (a blocked mask
///   inherited from the parent would otherwise hold them pending for ever). While the watch face runs, `SignalStream` replaces it and puts it
///   back afterwards.
public enum TemporaryFiles {
  private static let published = Atomic<Int>(0)
  private static let paths = Mutex<[String]>([])
  private static let installed = Atomic<Bool>(false)

  /// The signals whose arrival removes the files: `SIGINT`, `SIGTERM`, `SIGHUP`.
  public static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

  /// Adds `path` to the files removed on a signal, and installs the handlers if needed.
  public static func register(_ path: String) {
    installHandlers()
    paths.withLock { list in
      list.append(path)
      publish(list)
    }
  }

  /// Removes `path` from the files removed on a signal (after it was renamed or unlinked).
  public static func unregister(_ path: String) {
    paths.withLock { list in
      guard let index = list.firstIndex(of: path) else { return }
      list.remove(at: index)
      publish(list)
    }
  }

  /// The paths registered now, in registration order.
  public static var registered: [String] { paths.withLock { $0 } }

  /// Installs the handler for ``signals`` (once per process): unlink every registered path,
  /// then `_exit(128 + signal)`. A signal whose disposition is `SIG_IGN` is left ignored.
  public static func installHandlers() {
    guard installed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing)
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
      var previous = sigaction()
      guard sigaction(number, nil, &previous) == 0 else { continue }
      let ignored =
        unsafeBitCast(previous.__sigaction_handler.sa_handler, to: Int.self)
        == unsafeBitCast(SIG_IGN, to: Int.self)
      if ignored { continue }
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { number in
        TemporaryFiles.removeAllFromSignalHandler()
        _exit(128 + number)
      }
      sigemptyset(&action.sa_mask)
      for other in TemporaryFiles.signals { sigaddset(&action.sa_mask, other) }
      action.sa_flags = 0
      sigaction(number, &action, nil)
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
  private static func publish(_ list: [String]) {
    let array = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(
      capacity: list.count + 1)
    for (index, path) in list.enumerated() {
      array[index] = strdup(path)
    }
    array[list.count] = nil
    published.store(Int(bitPattern: array), ordering: .releasing)
  }
}
