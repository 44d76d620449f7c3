import Testing

@testable import WorkoutTerminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The handler address of `number`'s current disposition.
private func handler(of number: Int32) -> Int {
  var current = sigaction()
  sigaction(number, nil, &current)
  return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
}

private let ignored = unsafeBitCast(SIG_IGN, to: Int.self)
private let defaulted = unsafeBitCast(SIG_DFL, to: Int.self)

/// SIGUSR2 only: no other code in the process touches it.
@Suite(.serialized) struct SignalDispositionsTests {
  /// Two streams on one signal ending in either order: the signal stays ignored until the last
  /// ends, then the disposition from before the first comes back (a test killing itself with
  /// SIGTERM while the watch face's stream ended first would otherwise die).
  @Test func theLastHolderRestores() {
    #expect(handler(of: SIGUSR2) == defaulted)
    SignalDispositions.hold(SIGUSR2)
    SignalDispositions.hold(SIGUSR2)
    #expect(handler(of: SIGUSR2) == ignored)
    SignalDispositions.release(SIGUSR2)
    #expect(handler(of: SIGUSR2) == ignored)
    SignalDispositions.release(SIGUSR2)
    #expect(handler(of: SIGUSR2) == defaulted)
  }

  /// A handler installed while a stream holds the signal is what the stream's end restores, not
  /// the default it replaced.
  @Test func aHandlerInstalledMeanwhileIsRestored() {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in }
    sigemptyset(&action.sa_mask)
    let installed = unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
    SignalDispositions.hold(SIGUSR2)
    SignalDispositions.install(action, for: SIGUSR2)
    #expect(handler(of: SIGUSR2) == ignored)
    SignalDispositions.release(SIGUSR2)
    #expect(handler(of: SIGUSR2) == installed)
    var reset = sigaction()
    reset.__sigaction_handler.sa_handler = SIG_DFL
    sigaction(SIGUSR2, &reset, nil)
  }

  /// A signal the process ignores (`nohup`) stays ignored when a handler is installed.
  @Test func anIgnoredSignalStaysIgnored() {
    var ignore = sigaction()
    ignore.__sigaction_handler.sa_handler = SIG_IGN
    sigaction(SIGUSR2, &ignore, nil)
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in }
    SignalDispositions.install(action, for: SIGUSR2)
    #expect(handler(of: SIGUSR2) == ignored)
    var reset = sigaction()
    reset.__sigaction_handler.sa_handler = SIG_DFL
    sigaction(SIGUSR2, &reset, nil)
  }
}
