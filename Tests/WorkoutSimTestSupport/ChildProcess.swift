// Waiting for a child process without holding a thread: the end-to-end tests run in parallel
// on Swift's global executor, which has one thread per core (two on a small machine), so a test
// blocked in `waitUntilExit` or `readDataToEndOfFile` for a child's lifetime would starve the
// others. Here Dispatch reads the pipes and Foundation's termination handler reports the exit;
// the awaiting task is suspended, not blocking, until all three are done.
import Dispatch
import Foundation

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
  /// set by the caller as its standard output and error) have reached their ends. Nothing
  /// blocks: each pipe is read by a `DispatchIO` stream channel, the exit comes through
  /// `terminationHandler` (which this sets), and a `DispatchGroup` resumes the caller once all
  /// three are in. Cancelling the calling task sends the child `SIGTERM`.
  ///
  /// - Throws: What `run()` throws when the process cannot be started.
  public static func run(_ process: Process, reading output: Pipe? = nil, _ error: Pipe? = nil)
    async throws -> ChildProcessOutcome
  {
    let queue = DispatchQueue(label: "workout-sim.tests.child-process")
    let group = DispatchGroup()
    let collected = CollectedBytes()
    group.enter()
    process.terminationHandler = { _ in group.leave() }
    do {
      try process.run()
    } catch {
      process.terminationHandler = nil
      throw error
    }
    for (pipe, isOutput) in [(output, true), (error, false)] {
      guard let pipe else { continue }
      group.enter()
      let handle = pipe.fileHandleForReading
      // The channel does not own the descriptor: the pipe's handle closes it when released,
      // and the closures below keep the handle until the read is done.
      let channel = DispatchIO(
        type: .stream, fileDescriptor: handle.fileDescriptor, queue: queue,
        cleanupHandler: { _ in withExtendedLifetime(handle) {} })
      channel.read(offset: 0, length: Int.max, queue: queue) { done, data, _ in
        if let data, !data.isEmpty { collected.append(data, toOutput: isOutput) }
        if done {
          channel.close()
          group.leave()
        }
      }
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        group.notify(queue: queue) { continuation.resume() }
      }
      return queue.sync {
        ChildProcessOutcome(
          status: process.terminationStatus, reason: process.terminationReason,
          standardOutput: collected.output, standardError: collected.error)
      }
    } onCancel: {
      if process.isRunning { process.terminate() }
    }
  }
}

/// The bytes read from a child's pipes so far; touched only on the reading queue.
private final class CollectedBytes: @unchecked Sendable {
  var output = Data()
  var error = Data()

  func append(_ data: DispatchData, toOutput: Bool) {
    if toOutput {
      output.append(contentsOf: data)
    } else {
      error.append(contentsOf: data)
    }
  }
}
