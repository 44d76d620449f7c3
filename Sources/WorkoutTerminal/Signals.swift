import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The signals the interactive driver handles, with the exit codes of
/// docs/command-line.md#exit-codes.
public enum TerminalSignal: Int32, CaseIterable, Sendable, Hashable {
  /// `SIGINT` (sent by `kill -INT`; with `ISIG` off, Ctrl-C is a key instead): exit 130.
  case interrupt = 2
  /// `SIGTERM`: exit 143.
  case terminate = 15
  /// `SIGHUP` (terminal closed): exit 129.
  case hangup = 1
  /// `SIGWINCH`: the terminal was resized; redraw, do not exit.
  case windowChange = 28

  /// The signal number on this platform.
  public var number: Int32 {
    switch self {
    case .interrupt: SIGINT
    case .terminate: SIGTERM
    case .hangup: SIGHUP
    case .windowChange: SIGWINCH
    }
  }

  /// The exit status after the terminal is restored: 128 + signal number (130, 143, 129;
  /// docs/command-line.md#exit-codes), or `nil` for ``windowChange``.
  public var exitCode: Int32? {
    self == .windowChange ? nil : 128 + number
  }
}

/// A stream of signals from `DispatchSource` signal sources, with the signals' default actions
/// ignored while it is installed (after swift-service-lifecycle's `UnixSignalsSequence` and
/// SwiftTUI's `Application`).
///
/// Create it before entering raw mode, read ``signals`` in the driver's event loop (merged with
/// keys and ticks), and call ``cancel()`` (or let the stream terminate) to put the previous
/// dispositions back. On `SIGINT`, `SIGTERM` or `SIGHUP`: leave the loop, restore the terminal
/// (return from `RawTerminal.withRawMode`, write `ANSIScreen.end()`), then exit with
/// ``TerminalSignal/exitCode``.
public final class SignalStream: Sendable {
  /// The signals, in arrival order.
  public let signals: AsyncStream<TerminalSignal>
  private let installation: Installation

  /// Installs sources for `handled` on `queue`.
  ///
  /// - Parameters:
  ///   - handled: the signals to catch (default: all four).
  ///   - queue: where the sources run (default: a private serial queue). Must not be the queue
  ///     the initialiser runs on: it waits (up to 1 s per signal) for each source's registration
  ///     so that no signal sent right after it returns is lost.
  public init(
    _ handled: [TerminalSignal] = TerminalSignal.allCases,
    queue: DispatchQueue = DispatchQueue(label: "workout-sim.signals")
  ) {
    let (stream, continuation) = AsyncStream.makeStream(
      of: TerminalSignal.self, bufferingPolicy: .unbounded)
    let installation = Installation(handled, queue: queue, continuation: continuation)
    continuation.onTermination = { _ in installation.cancel() }
    self.signals = stream
    self.installation = installation
  }

  /// Cancels the sources, restores the previous signal dispositions and finishes the stream.
  public func cancel() {
    installation.cancel()
  }

  /// The installed sources, behind a mutex: the entries are taken inside the lock, the sources
  /// cancelled and the signals released (``SignalDispositions``) outside it.
  private final class Installation: Sendable {
    private struct Entry {
      var number: Int32
      var source: any DispatchSourceSignal
    }

    private let entries: Mutex<[Entry]>
    private let continuation: AsyncStream<TerminalSignal>.Continuation

    init(
      _ handled: [TerminalSignal], queue: DispatchQueue,
      continuation: AsyncStream<TerminalSignal>.Continuation
    ) {
      var installed: [Entry] = []
      for signal in handled {
        SignalDispositions.hold(signal.number)
        let source = DispatchSource.makeSignalSource(signal: signal.number, queue: queue)
        source.setEventHandler { continuation.yield(signal) }
        // Registration is asynchronous; a signal sent before it completes would be lost (it is
        // ignored meanwhile), so wait for it (bounded, in case `queue` is blocked).
        let registered = DispatchSemaphore(value: 0)
        source.setRegistrationHandler { registered.signal() }
        source.resume()
        _ = registered.wait(timeout: .now() + .seconds(1))
        installed.append(Entry(number: signal.number, source: source))
      }
      self.entries = Mutex(installed)
      self.continuation = continuation
    }

    func cancel() {
      let taken = entries.withLock { entries in
        let taken = entries
        entries = []
        return taken
      }
      for entry in taken {
        entry.source.cancel()
        SignalDispositions.release(entry.number)
      }
      if !taken.isEmpty { continuation.finish() }
    }
  }
}
