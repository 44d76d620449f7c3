#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Restores the terminal when the process dies of a fault while raw (a crash in rendering),
/// chaining to the handler that was there before, normally the Swift runtime's backtracer,
/// instead of replacing it.
///
/// How it works: ``install()`` saves the current action for `SIGSEGV`, `SIGBUS`, `SIGILL`,
/// `SIGTRAP`, `SIGFPE` and `SIGABRT` and installs a small handler (on the alternate signal
/// stack). When a fault arrives the handler:
/// 1. calls `RawTerminal.restoreFromSignalHandler()` (the emergency reset bytes and
///    `tcsetattr`, both async-signal-safe), so the backtrace prints on a sane terminal;
/// 2. puts the previous action back with `sigaction` (async-signal-safe);
/// 3. for the synchronous faults (`SIGSEGV`, `SIGBUS`, `SIGILL`, `SIGTRAP`, `SIGFPE`) returns:
///    the faulting instruction runs again, faults again, and the previous handler (the runtime's
///    backtracer, or the default action: core dump) sees the original fault with its real
///    context; for `SIGABRT` (sent by `abort`/`raise`, no instruction to re-run) it calls
///    `raise` again.
///
/// Driver use: call `RawTerminal.setEmergencyReset(EscapeSequence.emergencyReset, fd: 1)`, then
/// ``install()`` once at start-up (after the runtime has installed its own handlers, which it
/// does before `main`), then enter raw mode. ``uninstall()`` puts the previous actions back.
public enum FatalSignalRestore {
  /// The signals handled: SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT.
  public static let signals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT]

  nonisolated(unsafe) private static var previous: UnsafeMutablePointer<sigaction> = {
    let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    pointer.initialize(repeating: sigaction(), count: 65)
    return pointer
  }()
  nonisolated(unsafe) private static var installed = false

  /// Installs the restoring handler for ``signals``, saving the actions it chains to.
  /// Calling it twice does nothing the second time.
  ///
  /// - Throws: ``TerminalError`` (`sigaction`) if an action cannot be read or set; the signals
  ///   done before the failure stay installed (call ``uninstall()``, which restores them all;
  ///   restoring an action never saved puts back the default).
  public static func install() throws(TerminalError) {
    guard !installed else { return }
    installed = true
    let table = previous
    for number in signals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { number in
        RawTerminal.restoreFromSignalHandler()
        if number >= 0 && number < 65 {
          _ = sigaction(number, FatalSignalRestore.previous + Int(number), nil)
        }
        if number == SIGABRT { _ = raise(number) }
      }
      sigemptyset(&action.sa_mask)
      action.sa_flags = Int32(SA_ONSTACK)
      guard sigaction(number, &action, table + Int(number)) == 0 else {
        throw TerminalError(call: "sigaction", errno: errno)
      }
    }
  }

  /// Puts the saved actions back.
  public static func uninstall() {
    guard installed else { return }
    for number in signals {
      _ = sigaction(number, previous + Int(number), nil)
    }
    installed = false
  }
}
