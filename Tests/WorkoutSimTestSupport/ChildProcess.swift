// Waiting for a child process without holding a thread of Swift's global executor: the
// end-to-end tests run in parallel on it, one thread per core (two on a small machine), so a
// test blocked in `waitUntilExit` or `readDataToEndOfFile` for a child's lifetime would starve
// the others. Here a plain thread of its own reads the pipes, Foundation's termination handler
// reports the exit, and the awaiting task is suspended until both are in.
//
// No Dispatch: on Linux, libdispatch's epoll event loop crashes now and then with a bad pointer
// in `_dispatch_event_loop_drain` while `DispatchIO` channels on child processes' pipes come and
// go (https://github.com/swiftlang/swift-subprocess/issues/47; swift-subprocess left
// `DispatchIO` on Linux for it). A test process that crashes makes CI red at random.
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a finished child gave: its status and the bytes of the pipes that were read.
public struct ChildProcessOutcome: Sendable {
  /// The exit status, or the signal that ended it (`terminationReason` says which).
  public var status: Int32
  /// Whether the child exited (`.exit`) or was ended by a signal (`.uncaughtSignal`).
  public var reason: Process.TerminationReason
  /// The bytes read from standard output's pipe (empty when none was given).
  public var standardOutput: Data
  /// The bytes read from standard error's pipe (empty when none was given).
  public var standardError: Data
}

/// Child processes the tests start (``Binary``, ``PseudoTerminalRun``, a test that signals the
/// binary while it runs).
public enum ChildProcess {
  /// Starts `process` and returns once it has exited and the given pipes (`output`, `error`,
  /// set by the caller as its standard output and error) have reached their ends. No thread of
  /// Swift's cooperative pool blocks: one `Thread` per child (started only when a pipe is
  /// given) reads both pipes with `poll(2)` and blocking `read(2)` until their ends, the exit
  /// comes through `terminationHandler` (which this sets), and whichever of the two comes last
  /// resumes the caller. Cancelling the calling task sends the child `SIGTERM`, which ends it
  /// only if it does not block the signal: on Linux a child started from Swift's pool inherits
  /// the Dispatch worker thread's mask, nearly every signal blocked
  /// (https://github.com/swiftlang/swift-corelibs-foundation/issues/4772); `workout-sim`
  /// unblocks the signals it handles, `python3` or `sleep` do not.
  ///
  /// Not `DispatchIO`: libdispatch's epoll event loop on Linux crashes now and then with a bad
  /// pointer in `_dispatch_event_loop_drain` while such channels on child processes' pipes come
  /// and go (https://github.com/swiftlang/swift-subprocess/issues/47).
  ///
  /// - Throws: What `run()` throws when the process cannot be started.
  public static func run(_ process: Process, reading output: Pipe? = nil, _ error: Pipe? = nil)
    async throws -> ChildProcessOutcome
  {
    let pipes = [output, error].compactMap { $0 }
    let ending = ChildEnding(parts: pipes.isEmpty ? 1 : 2)
    process.terminationHandler = { _ in ending.arrive() }
    do {
      try process.run()
    } catch {
      process.terminationHandler = nil
      throw error
    }
    if !pipes.isEmpty {
      // The handles own the descriptors (closed when the pipes are released); the thread keeps
      // them until both ends are read, so no descriptor is closed or reused under it.
      let outputHandle = output?.fileHandleForReading
      let errorHandle = error?.fileHandleForReading
      let reader = Thread {
        let bytes = ChildProcess.readToEnd(
          outputHandle?.fileDescriptor ?? -1, errorHandle?.fileDescriptor ?? -1)
        withExtendedLifetime((outputHandle, errorHandle)) {}
        ending.arrive(output: bytes.output, error: bytes.error)
      }
      reader.name = "workout-sim.tests.child-process"
      reader.start()
    }
    return await withTaskCancellationHandler {
      let bytes = await ending.wait()
      return ChildProcessOutcome(
        status: process.terminationStatus, reason: process.terminationReason,
        standardOutput: bytes.output, standardError: bytes.error)
    } onCancel: {
      if process.isRunning { process.terminate() }
    }
  }

  /// Reads the descriptors `output` and `error` (either may be -1: none) until both are at
  /// their ends, on the calling thread: `poll(2)` says which has bytes or has ended, `read(2)`
  /// takes them. A read error other than `EINTR` counts as the end of that descriptor.
  private static func readToEnd(_ output: Int32, _ error: Int32) -> PipeBytes {
    var collected: PipeBytes = (output: Data(), error: Data())
    var watched = [output, error].map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65_536, alignment: 1)
    defer { buffer.deallocate() }
    // `poll` skips an entry whose descriptor is negative; an ended pipe's entry is set to -1.
    while watched.contains(where: { $0.fd >= 0 }) {
      guard poll(&watched, nfds_t(watched.count), -1) >= 0 else {
        if errno == EINTR { continue }
        break
      }
      for index in watched.indices where watched[index].fd >= 0 && watched[index].revents != 0 {
        let count = read(watched[index].fd, buffer.baseAddress, buffer.count)
        if count > 0 {
          let bytes = UnsafeRawBufferPointer(rebasing: buffer[..<count])
          if index == 0 {
            collected.output.append(contentsOf: bytes)
          } else {
            collected.error.append(contentsOf: bytes)
          }
        } else if count == 0 || errno != EINTR {
          watched[index].fd = -1
        }
        watched[index].revents = 0
      }
    }
    return collected
  }
}

/// The bytes read from a child's standard output and standard error.
private typealias PipeBytes = (output: Data, error: Data)

/// The parts of a child's end (its exit, and its pipes' bytes when a thread reads them) and the
/// task waiting for them, behind a mutex: whichever comes last (the last part, or the waiter)
/// resumes the waiter.
private final class ChildEnding: Sendable {
  private struct State {
    var missing: Int
    var output = Data()
    var error = Data()
    var waiter: CheckedContinuation<PipeBytes, Never>?
  }

  private let state: Mutex<State>

  /// `parts`: how many calls of ``arrive(output:error:)`` make the end (1 for the exit, 1 more
  /// for the pipes' reader).
  init(parts: Int) {
    state = Mutex(State(missing: parts))
  }

  /// One part is in (with the bytes the pipes gave, for the reader).
  func arrive(output: Data = Data(), error: Data = Data()) {
    let resumed = state.withLock { state -> (CheckedContinuation<PipeBytes, Never>, PipeBytes)? in
      state.output.append(output)
      state.error.append(error)
      state.missing -= 1
      guard state.missing == 0, let waiter = state.waiter else { return nil }
      state.waiter = nil
      return (waiter, (state.output, state.error))
    }
    if let (waiter, bytes) = resumed { waiter.resume(returning: bytes) }
  }

  /// Suspends until every part is in; the pipes' bytes.
  func wait() async -> PipeBytes {
    await withCheckedContinuation { continuation in
      let ready = state.withLock { state -> PipeBytes? in
        guard state.missing == 0 else {
          state.waiter = continuation
          return nil
        }
        return (state.output, state.error)
      }
      if let ready { continuation.resume(returning: ready) }
    }
  }
}
