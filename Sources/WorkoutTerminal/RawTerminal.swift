#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Raw mode for a terminal, scoped around a closure, with the saved settings also reachable from
/// signal handlers.
///
/// After linenoise-swift's `Terminal.swift` and TermKit's `UnixDriver` (andybest/linenoise-swift,
/// migueldeicaza/TermKit): the original `termios` is saved, `cfmakeraw` applied, `OPOST` (with
/// `ONLCR`) turned back on so `"\n"` still starts a new line, `VMIN` and `VTIME` set by name, and
/// the saved settings restored in a `defer` with `TCSAFLUSH`. With `ISIG` off, Ctrl-C arrives as
/// byte 3 and is a key (``KeyEvent/control(_:)``). Never call `exit` inside the closure: return,
/// and exit after it.
///
/// The saved settings are also kept in static storage for ``restoreFromSignalHandler()``, which
/// only calls `tcsetattr` and `write` (both async-signal-safe, POSIX 2017 §2.4.3).
public enum RawTerminal {
  // Static storage written before any handler that reads it can run (see `withRawMode`).
  nonisolated(unsafe) private static var savedSettings: UnsafeMutablePointer<termios> = {
    let pointer = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    pointer.initialize(to: termios())
    return pointer
  }()
  nonisolated(unsafe) private static var savedDescriptor: Int32 = -1
  nonisolated(unsafe) private static var resetBytes: UnsafeMutablePointer<UInt8>? = nil
  nonisolated(unsafe) private static var resetCount: Int = 0
  nonisolated(unsafe) private static var resetDescriptor: Int32 = -1

  /// Whether `fd` is a terminal (`isatty`).
  public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

  /// Runs `body` with `fd` in raw mode and restores the original settings afterwards, whether
  /// `body` returns or throws.
  ///
  /// Nested calls run `body` without changing anything.
  ///
  /// - Parameters:
  ///   - fd: the terminal's descriptor (standard input).
  ///   - minimumBytes: `VMIN`, the bytes a blocking `read` waits for (default 1).
  ///   - timeoutDeciseconds: `VTIME`, in tenths of a second (default 0: no timeout).
  ///   - body: the work to do in raw mode.
  /// - Returns: what `body` returns.
  /// - Throws: ``TerminalError`` (`isatty` with `ENOTTY`, `tcgetattr`, `tcsetattr`) before
  ///   `body` runs, or whatever `body` throws. A failure to restore after `body` is not thrown
  ///   (the body's result wins); call ``restore()`` to retry.
  public static func withRawMode<Result>(
    _ fd: Int32, minimumBytes: UInt8 = 1, timeoutDeciseconds: UInt8 = 0,
    _ body: () throws -> Result
  ) throws -> Result {
    if savedDescriptor >= 0 { return try body() }
    guard isatty(fd) == 1 else { throw TerminalError(call: "isatty", errno: ENOTTY) }
    var original = termios()
    guard tcgetattr(fd, &original) == 0 else {
      throw TerminalError(call: "tcgetattr", errno: errno)
    }
    var raw = original
    cfmakeraw(&raw)
    raw.c_oflag |= tcflag_t(OPOST | ONLCR)
    setControlCharacter(&raw, index: VMIN, value: minimumBytes)
    setControlCharacter(&raw, index: VTIME, value: timeoutDeciseconds)
    savedSettings.pointee = original
    savedDescriptor = fd
    guard tcsetattr(fd, TCSAFLUSH, &raw) == 0 else {
      let code = errno
      savedDescriptor = -1
      throw TerminalError(call: "tcsetattr", errno: code)
    }
    defer { try? restore() }
    return try body()
  }

  /// Restores the settings saved by ``withRawMode(_:minimumBytes:timeoutDeciseconds:_:)`` now
  /// (with `TCSAFLUSH`), if raw mode is on; afterwards raw mode counts as off.
  ///
  /// - Throws: ``TerminalError`` (`tcsetattr`).
  public static func restore() throws(TerminalError) {
    let fd = savedDescriptor
    guard fd >= 0 else { return }
    savedDescriptor = -1
    var retries = 0
    while tcsetattr(fd, TCSAFLUSH, savedSettings) != 0 {
      if errno == EINTR && retries < 8 {
        retries += 1
        continue
      }
      throw TerminalError(call: "tcsetattr", errno: errno)
    }
  }

  /// Whether raw mode is on (settings saved and not yet restored).
  public static var isRaw: Bool { savedDescriptor >= 0 }

  /// Sets the bytes ``restoreFromSignalHandler()`` writes to `fd` (for example the sequence that
  /// resets attributes, shows the cursor and leaves the alternate screen,
  /// ``EscapeSequence/emergencyReset``). Call before installing signal handlers.
  public static func setEmergencyReset(_ sequence: String, fd: Int32) {
    let bytes = Array(sequence.utf8)
    let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: max(bytes.count, 1))
    buffer.initialize(from: bytes, count: bytes.count)
    // The old buffer is leaked on purpose: a handler may still be reading it.
    resetDescriptor = -1
    resetBytes = buffer
    resetCount = bytes.count
    resetDescriptor = fd
  }

  /// Restores the saved terminal settings from a signal handler: only `write` (the emergency
  /// reset bytes) and `tcsetattr(TCSANOW)`, both async-signal-safe; no allocation, no locks.
  public static func restoreFromSignalHandler() {
    if resetDescriptor >= 0, let bytes = resetBytes, resetCount > 0 {
      _ = write(resetDescriptor, bytes, resetCount)
    }
    let fd = savedDescriptor
    guard fd >= 0 else { return }
    _ = tcsetattr(fd, TCSANOW, savedSettings)
  }

  private static func setControlCharacter(_ settings: inout termios, index: Int32, value: UInt8) {
    withUnsafeMutableBytes(of: &settings.c_cc) { buffer in
      let slot = Int(index)
      if slot < buffer.count { buffer[slot] = value }
    }
  }
}
