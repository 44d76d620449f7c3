import Dispatch
import Foundation
import Synchronization

/// Which simulation app code on the main queue belongs to when it has no task-local simulation
/// (``AppSimulation/current``): a block that a simulation's callback queued with
/// `DispatchQueue.main.async` (a query's results handler that reloads a complication:
/// `DispatchQueue.main.async { WidgetCenter.shared.reloadTimelines(ofKind:) }`, the most
/// common refresh pattern on a device), or main-actor code started outside the run's tasks.
///
/// How (a project rule, docs/swift-api.md#traps): Dispatch blocks carry no task-local values,
/// and the simulation cannot see what a callback queues on the main queue. So the delivery loop
/// runs each callback inside a window (``enter(_:)``, ``leave(_:exclusive:)``): a marker queued on the main queue
/// before it and another after it; the main queue is serial and first in, first out, so a block
/// the callback queued runs between its two markers, while that simulation's window is open.
/// Windows of the process's simulations do not overlap: a callback runs holding one
/// process-wide lock (at most ``exclusiveWait`` is waited for it, so that a callback that
/// blocks can never hold the others for good; past it the window is opened all the same, and a
/// block then may find two windows open).
/// A call made on the main queue with no task-local simulation belongs to the one simulation
/// whose window is open there. With none (a block the test's own code or a thread of the app's
/// queued, not a callback), the call is still refused as before, with a message saying to
/// write `Task { @MainActor in ... }`, which inherits the simulation: the same on every run,
/// alone or beside other tests.
///
/// Cost: two items on the main queue per callback delivered, none per sample of a batch.
package enum MainQueueWindows {
  /// The windows open on the main queue: the simulation's serial number, a weak reference to
  /// it and how many of its windows are open. Read and written on the main queue only, behind
  /// a lock all the same (the main queue may be drained by another thread than the main one).
  private static let windows = Mutex<[Int: (simulation: WeakSimulation, open: Int)]>([:])

  /// Opens a window of `simulation` on the main queue for one callback of its delivery loop,
  /// taking the process's window lock; returns whether it was taken, for ``leave(_:exclusive:)``
  /// after the callback.
  package static func enter(_ simulation: AppSimulation) -> Bool {
    let exclusive = gate.lock(before: Date(timeIntervalSinceNow: exclusiveWait))
    open(simulation)
    return exclusive
  }

  /// Closes the window ``enter(_:)`` opened, and lets the lock go when it was taken.
  package static func leave(_ simulation: AppSimulation, exclusive: Bool) {
    close(simulation)
    if exclusive { gate.unlock() }
  }

  /// The lock that keeps windows apart (recursive: a callback may run a nested delivery on its
  /// thread).
  private static let gate = NSRecursiveLock()

  /// How long a callback waits for another simulation's callback to end before its window is
  /// opened anyway: 50 ms of wall-clock time (a callback that blocks, say on
  /// `DispatchQueue.main.sync` while the main thread waits for another callback, must not hold
  /// every other simulation's callbacks).
  static let exclusiveWait: TimeInterval = 0.05

  /// Queues the marker that opens a window of `simulation` on the main queue (before a
  /// callback runs).
  private static func open(_ simulation: AppSimulation) {
    let serial = simulation.serial
    let weak = WeakSimulation(simulation)
    DispatchQueue.main.async {
      windows.withLock { windows in
        if let entry = windows[serial] {
          windows[serial] = (entry.simulation, entry.open + 1)
        } else {
          windows[serial] = (weak, 1)
        }
      }
    }
  }

  /// Queues the marker that closes the window ``open(_:)`` opened (after the callback ran).
  private static func close(_ simulation: AppSimulation) {
    let serial = simulation.serial
    DispatchQueue.main.async {
      windows.withLock { windows in
        guard let entry = windows[serial] else { return }
        if entry.open <= 1 {
          windows[serial] = nil
        } else {
          windows[serial] = (entry.simulation, entry.open - 1)
        }
      }
    }
  }

  /// The windows open now (on the main queue: between a callback's two markers), the
  /// simulations still alive.
  package static var openSimulations: [AppSimulation] {
    windows.withLock { windows in windows.values.compactMap { $0.simulation.simulation } }
  }
}

/// A weak reference to a simulation (a main-queue marker does not keep one alive).
package final class WeakSimulation: Sendable {
  package weak let simulation: AppSimulation?

  package init(_ simulation: AppSimulation) {
    self.simulation = simulation
  }
}

extension AppSimulation {
  /// Numbers the simulations of the process (``serial``).
  private static let serials = Atomic<Int>(0)

  /// The next serial number.
  static func nextSerial() -> Int { serials.add(1, ordering: .relaxed).newValue }

  /// The simulation app code belongs to: the task-local ``current`` one; else, on the main
  /// queue (a `DispatchQueue.main.async` block a callback queued), the one whose window
  /// ``MainQueueWindows`` has open; else `nil`. What the simulated frameworks' entry points
  /// (`WidgetCenter.shared`, `HKHealthStore()`, ``requireCurrent(_:)``) read.
  package static var inherited: AppSimulation? {
    if let current { return current }
    guard SimulationExecutor.isOnMainQueue else { return nil }
    let open = MainQueueWindows.openSimulations
    return open.count == 1 ? open[0] : nil
  }
}
