import Foundation
import SimulationDriver
import Synchronization
import WorkoutCore

/// A network path: whether the phone can reach the network, the Network framework's `NWPath`
/// (Apple doc: https://developer.apple.com/documentation/network/nwpath). The simulation models
/// the status only (docs/phone.md#network).
public struct NWPath: Equatable, Sendable, CustomDebugStringConvertible {
  /// Whether a path can be used, the Network framework's `NWPath.Status` (Apple doc:
  /// https://developer.apple.com/documentation/network/nwpath/status-swift.enum).
  public enum Status: Equatable, Hashable, Sendable {
    /// The path is usable: the phone is online.
    case satisfied
    /// The path is not usable: the phone is offline.
    case unsatisfied
    /// The path is not usable now but could be once a connection is made (a VPN on demand);
    /// never reported by the simulation.
    case requiresConnection
  }

  /// The path's status (Apple doc: https://developer.apple.com/documentation/network/nwpath/status-swift.property).
  public let status: Status

  /// `NWPath(status: satisfied)`.
  public var debugDescription: String { "NWPath(status: \(status))" }
}

/// An observer of the phone's network path, the Network framework's `NWPathMonitor` (Apple
/// doc: https://developer.apple.com/documentation/network/nwpathmonitor), on the simulation's
/// offline spans (docs/phone.md#network).
///
/// After ``start(queue:)`` the ``pathUpdateHandler`` is called once with the current path, then
/// at every instant the status changes (a `phone.offline` or `phone.offlineDaily` span starts
/// or ends; `advance` stops there), until ``cancel()`` or the app process that made the monitor
/// crashes. The monitor is the app's of the device whose code made it (inside
/// `simulation.on(.phone) { }` the phone app's, elsewhere the watch app's): only that device's
/// crash ends it, and the handler runs as that device's code (project rule,
/// docs/swift-api.md#crash-and-recovery). The calls run in the simulation's callback lane, in
/// order with HealthKit's, not on `queue` (docs/swift-api.md#the-network).
public final class NWPathMonitor: @unchecked Sendable {
  private let simulation: AppSimulation
  /// The app process whose code made the monitor.
  private let process: AppProcess
  /// The device whose code made it (`nil`: outside every `on`): its handler runs as that code.
  private let code: AppSimulation.Device?
  private let handler = Mutex(ClosureSlot<(@Sendable (NWPath) -> Void)?>(nil))
  private let startedQueue = Mutex<DispatchQueue?>(nil)

  /// A monitor of all interface types (Apple doc:
  /// https://developer.apple.com/documentation/network/nwpathmonitor/init()). Traps outside
  /// `AppSimulation.run`.
  public init() {
    simulation = AppSimulation.requireCurrent("NWPathMonitor()")
    process = simulation.callerProcess()
    code = AppSimulation.currentDevice
  }

  /// Called with each new path (Apple doc:
  /// https://developer.apple.com/documentation/network/nwpathmonitor/pathupdatehandler); set it
  /// before ``start(queue:)``.
  public var pathUpdateHandler: (@Sendable (NWPath) -> Void)? {
    get { handler.withLock { $0.function } }
    set { handler.withLock { $0.function = newValue } }
  }

  /// The queue given to ``start(queue:)``, `nil` before (Apple doc:
  /// https://developer.apple.com/documentation/network/nwpathmonitor/queue).
  public var queue: DispatchQueue? { startedQueue.withLock { $0 } }

  /// The path at virtual now (Apple doc:
  /// https://developer.apple.com/documentation/network/nwpathmonitor/currentpath).
  public var currentPath: NWPath {
    let now = simulation.state.withLock { $0.session.now }
    return NWPath(status: simulation.phoneIsOnline(at: now) ? .satisfied : .unsatisfied)
  }

  /// Starts monitoring (Apple doc:
  /// https://developer.apple.com/documentation/network/nwpathmonitor/start(queue:)): the handler
  /// gets the current path, in the callback lane, then every change. A second start does
  /// nothing.
  public func start(queue: DispatchQueue) {
    let simulation = simulation
    let first = startedQueue.withLock { started -> Bool in
      guard started == nil else { return false }
      started = queue
      return true
    }
    guard first else { return }
    let path = currentPath
    let (process, code) = (process, code)
    simulation.addSystemTimer(
      key: ObjectIdentifier(NetworkPaths.self), PathTimer(simulation: simulation))
    simulation.mutate { state in
      state.withExtension(NetworkPaths.self, of: simulation) { paths, state in
        paths.monitors.append(
          NetworkPaths.Entry(monitor: self, process: process, code: code, status: path.status))
      }
    }
    let monitor = self
    simulation.enqueue(of: "NWPathMonitor") {
      guard simulation.isAlive(process) else { return }
      AppSimulation.run(as: code) { monitor.pathUpdateHandler?(path) }
    }
  }

  /// Stops monitoring (Apple doc:
  /// https://developer.apple.com/documentation/network/nwpathmonitor/cancel()): no more handler
  /// calls.
  public func cancel() {
    let simulation = simulation
    simulation.mutate { state in
      state.withExtension(NetworkPaths.self, of: simulation) { paths, _ in
        paths.monitors.removeAll { $0.monitor === self }
      }
    }
  }
}

/// The started monitors (behind the simulation's lock).
struct NetworkPaths: SimulationExtension {
  struct Entry: @unchecked Sendable {
    weak var monitor: NWPathMonitor?
    /// The app process that made it.
    var process: AppProcess
    /// The device whose code made it (`nil`: outside every `on`).
    var code: AppSimulation.Device?
    /// The status it was last told.
    var status: NWPath.Status
  }

  var monitors: [Entry] = []

  init(simulation: AppSimulation) {}
}

/// Stops `advance` at the offline spans' edges while a monitor runs, and tells the monitors
/// whose status changed.
///
/// Holds the simulation `unowned`: the simulation keeps the timer and is the only caller, and a
/// strong reference would keep it for good (a cycle).
struct PathTimer: SystemTimer {
  unowned let simulation: AppSimulation

  func nextDue(after now: SimulationInstant, state: AppSimulation.State)
    -> SimulationInstant?
  {
    guard let paths = state.extensionState(NetworkPaths.self), !paths.monitors.isEmpty else {
      return nil
    }
    return simulation.phoneNetworkEdge(after: now)
  }

  func fire(at now: SimulationInstant, state: inout AppSimulation.State)
    -> [AppSimulation.Callback]
  {
    let status: NWPath.Status = simulation.phoneIsOnline(at: now) ? .satisfied : .unsatisfied
    return state.withExtension(NetworkPaths.self, of: simulation) { paths, state in
      // Monitors of a crashed process, or released by the app, are gone.
      paths.monitors.removeAll { $0.monitor == nil || !state.isAlive($0.process) }
      var callbacks: [AppSimulation.Callback] = []
      for index in paths.monitors.indices where paths.monitors[index].status != status {
        paths.monitors[index].status = status
        if let monitor = paths.monitors[index].monitor {
          let path = NWPath(status: status)
          let code = paths.monitors[index].code
          callbacks.append { AppSimulation.run(as: code) { monitor.pathUpdateHandler?(path) } }
        }
      }
      return callbacks
    }
  }
}
