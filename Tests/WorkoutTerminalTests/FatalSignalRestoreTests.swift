import Testing
import WorkoutTerminal

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct FatalSignalRestoreTests {
  /// The handler chains: after restoring, the process still dies of the original signal (the
  /// previous action runs), rather than the handler swallowing it.
  @Test func abortStillEndsTheProcessWithSIGABRT() async {
    await #expect(processExitsWith: .signal(SIGABRT)) {
      try? FatalSignalRestore.install()
      abort()
    }
  }

  /// A synchronous fault re-executes after the handler returns and reaches the previous action;
  /// on x86_64 the process dies of SIGILL (the runtime traps with `ud2`).
  @Test func trapStillEndsTheProcess() async {
    #if arch(x86_64)
      let condition = ExitTest.Condition.signal(SIGILL)
    #else
      let condition = ExitTest.Condition.failure
    #endif
    await #expect(processExitsWith: condition) {
      try? FatalSignalRestore.install()
      RawTerminal.setEmergencyReset("", fd: -1)
      let values: [Int] = []
      _ = values[1]  // out of range: the runtime traps
    }
  }
}
