import Foundation

/// The diagnostics sequences of one session, `CLServiceSession`'s and
/// `CLBackgroundActivitySession`'s (their one home): each sequence made yields the session's
/// diagnostic of that moment, then waits until ``end()`` (the session's `invalidate()`) or the
/// session's release ends every sequence made; one made after ``end()`` ends after its
/// diagnostic. A task iterating one that is cancelled gets `nil` (`AsyncStream`'s cancellation),
/// so a loop over it ends there. Not generic: `CLBackgroundActivitySession` (iOS 17, watchOS 10)
/// keeps one while its `Diagnostic` is iOS 18 and watchOS 11 only.
final class DiagnosticsFeed: @unchecked Sendable {
  private let lock = NSLock()
  /// What ends each sequence made (its continuation's `finish`).
  private var finishers: [@Sendable () -> Void] = []
  private var ended = false

  /// A new sequence: `first`, then nothing until the feed ends.
  func stream<Element: Sendable>(first: Element) -> AsyncStream<Element> {
    let (stream, continuation) = AsyncStream<Element>.makeStream()
    continuation.yield(first)
    let over = lock.withLock {
      if !ended { finishers.append { continuation.finish() } }
      return ended
    }
    if over { continuation.finish() }
    return stream
  }

  /// Ends every sequence made, and those made later after their one diagnostic.
  func end() {
    let ending = lock.withLock {
      ended = true
      defer { finishers = [] }
      return finishers
    }
    for finish in ending { finish() }
  }

  deinit {
    for finish in finishers { finish() }
  }
}
