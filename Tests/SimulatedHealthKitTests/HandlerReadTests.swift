import Foundation
import Synchronization
import Testing

@testable import SimulatedHealthKit

/// A query's stored handler is the closure the app set, however often it is read: a closure kept
/// directly in a `Mutex` came back from every `withLock` wrapped in two more reabstraction
/// thunks (SimulationDriver's `ClosureSlot` says why), so a long-running anchored query read on
/// every delivery called its handler through a chain as deep as twice its deliveries.
@Suite struct HandlerReadTests {
  /// 20 000 reads of `updateHandler`, then one call on a thread with a 256 KiB stack. With the
  /// old storage the call ran through 40 000 thunks (at 16 bytes or more of stack each, 640 KB
  /// at least: past the 256 KiB), so the child process died of a stack overflow; now the
  /// closure is the one set, one frame deep, and the call returns with the count at 1.
  @Test func anAnchoredQuerysHandlerIsCalledOneFrameDeepAfterManyReads() async {
    await #expect(processExitsWith: .success) {
      let query = HKAnchoredObjectQuery(
        type: HKQuantityType(.stepCount), predicate: nil, anchor: nil,
        limit: HKObjectQueryNoLimit
      ) { _, _, _, _, _ in }
      let calls = Mutex(0)
      query.updateHandler = { _, _, _, _, _ in calls.withLock { $0 += 1 } }
      for _ in 0..<20_000 { _ = query.updateHandler }
      let done = DispatchSemaphore(value: 0)
      let thread = Thread {
        query.updateHandler?(query, nil, nil, nil, nil)
        done.signal()
      }
      thread.stackSize = 256 * 1024
      thread.start()
      done.wait()
      guard calls.withLock({ $0 }) == 1 else { exit(1) }
    }
  }
}
