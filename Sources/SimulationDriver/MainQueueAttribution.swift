import Dispatch
import Synchronization

/// Which simulation app code on the main queue belongs to when it has no task-local simulation
/// (``AppSimulation/current``): a block that a simulation's callback queued with
/// `DispatchQueue.main.async` (a query's results handler that reloads a complication:
/// `DispatchQueue.main.async { WidgetCenter.shared.reloadTimelines(ofKind:) }`, the most
/// common refresh pattern on a device), or main-actor code started outside the run's tasks.
///
/// How (a project rule, docs/swift-api.md#traps): Dispatch blocks carry no task-local values,
/// and the simulation cannot see what a callback queues on the main queue. So the delivery loop
/// queues a marker on the main queue before each callback it runs and another after it
/// (``open(_:)``, ``close(_:)``); the main queue is serial and first in, first out, so a block
/// the callback queued runs between its two markers, while that simulation's window is open.
/// A call made on the main queue with no task-local simulation belongs to the one simulation
/// whose window is open there; with none open, to the one simulation whose `run` is in progress
/// in the process (``RunningSimulations``). When neither names exactly one (tests in parallel
/// whose callbacks ran at the same moment), the call is still refused as before, with a message
/// saying to write `Task { @MainActor in ... }`, which inherits the simulation.
///
/// Cost: two items on the main queue per callback delivered, none per sample of a batch.
package enum MainQueueWindows {
  /// The windows open on the main queue: the simulation's serial number, a weak reference to
  /// it and how many of its windows are open. Read and written on the main queue only, behind
  /// a lock all the same (the main queue may be drained by another thread than the main one).
  private static let windows = Mutex<[Int: (simulation: WeakSimulation, open: Int)]>([:])

  /// Queues the marker that opens a window of `simulation` on the main queue (before a
  /// callback runs).
  package static func open(_ simulation: AppSimulation) {
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
  package static func close(_ simulation: AppSimulation) {
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

/// The simulations whose ``AppSimulation/run(isolation:_:)`` is in progress in the process, by
/// serial number, with how many runs each has in progress.
package enum RunningSimulations {
  private static let runs = Mutex<[Int: (simulation: WeakSimulation, runs: Int)]>([:])

  /// A run of `simulation` began.
  package static func began(_ simulation: AppSimulation) {
    runs.withLock { runs in
      if let entry = runs[simulation.serial] {
        runs[simulation.serial] = (entry.simulation, entry.runs + 1)
      } else {
        runs[simulation.serial] = (WeakSimulation(simulation), 1)
      }
    }
  }

  /// A run of `simulation` ended.
  package static func ended(_ simulation: AppSimulation) {
    runs.withLock { runs in
      guard let entry = runs[simulation.serial] else { return }
      runs[simulation.serial] = entry.runs <= 1 ? nil : (entry.simulation, entry.runs - 1)
    }
  }

  /// The simulations whose run is in progress.
  package static var all: [AppSimulation] {
    runs.withLock { runs in runs.values.compactMap { $0.simulation.simulation } }
  }
}

extension AppSimulation {
  /// Numbers the simulations of the process (``serial``).
  private static let serials = Atomic<Int>(0)

  /// The next serial number.
  static func nextSerial() -> Int { serials.add(1, ordering: .relaxed).newValue }

  /// The simulation app code belongs to: the task-local ``current`` one; else, on the main
  /// queue (a `DispatchQueue.main.async` block a callback queued, main-actor code started
  /// outside the run's tasks), the one ``MainQueueWindows`` names, or the only simulation whose
  /// run is in progress in the process; else `nil`. What the simulated frameworks' entry
  /// points (`WidgetCenter.shared`, `HKHealthStore()`, ``requireCurrent(_:)``) read.
  package static var inherited: AppSimulation? {
    if let current { return current }
    guard SimulationExecutor.isOnMainQueue else { return nil }
    let open = MainQueueWindows.openSimulations
    if open.count == 1 { return open[0] }
    if !open.isEmpty { return nil }
    let running = RunningSimulations.all
    return running.count == 1 ? running[0] : nil
  }
}
