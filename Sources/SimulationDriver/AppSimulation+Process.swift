import WorkoutCore

/// The app process a framework object belongs to: the device whose app made it and that
/// device's process number then (``AppSimulation/State/processGeneration(of:)``). The one home
/// of "whose process is this" and "is it still alive" for every framework's objects (a query,
/// a builder, a `WCSession`, a delegate, a hold): a crash of that device's app ends the object
/// with its process, a crash of the other device's app does not (project rule, one rule for both
/// devices: docs/swift-api.md#crash-and-recovery).
package struct AppProcess: Sendable, Hashable {
  /// The device whose app process made the object.
  package var device: AppSimulation.Device
  /// That device's process number when the object was made: 0 at launch, one more per crash.
  package var generation: Int

  /// The process `generation` of `device`'s app.
  package init(device: AppSimulation.Device, generation: Int) {
    self.device = device
    self.generation = generation
  }
}

extension AppSimulation.Device {
  /// The device whose app process owns what code of `device` makes: `device`, or the watch for
  /// `nil` (code outside ``AppSimulation/on(_:isolation:_:)``, or a store made there, is the
  /// watch app's). The one home of that mapping.
  package init(owning device: AppSimulation.Device?) { self = device ?? .watch }

  /// The engine's name of the device (whose engine logs its app's entries).
  package var workoutDevice: WorkoutDevice {
    switch self {
    case .watch: .watch
    case .phone: .phone
    }
  }

  /// The simulation's name of the engine's `device`.
  package init(_ device: WorkoutDevice) {
    switch device {
    case .watch: self = .watch
    case .phone: self = .phone
    }
  }
}

extension AppSimulation.State {
  /// The app process running on `device` now.
  package mutating func process(of device: AppSimulation.Device) -> AppProcess {
    AppProcess(device: device, generation: processGeneration(of: device))
  }

  /// Whether `process` is still alive: its device's app has not crashed since it was made.
  package mutating func isAlive(_ process: AppProcess) -> Bool {
    processGeneration(of: process.device) == process.generation
  }
}

extension AppSimulation {
  /// The app process of the calling code now: that of ``device`` (the device
  /// ``on(_:isolation:_:)`` gives, else the watch).
  package func callerProcess() -> AppProcess {
    let device = Self.device
    return state.withLock { $0.process(of: device) }
  }

  /// Whether `process` is still alive (``State/isAlive(_:)``), read under the lock.
  package func isAlive(_ process: AppProcess) -> Bool {
    state.withLock { $0.isAlive(process) }
  }

  /// Runs `body` as the code `device` gives (``currentDevice`` set to it: what the code makes,
  /// `WCSession.default`, `WidgetCenter.shared`, a store, is that device's), or, for `nil`, as
  /// the code of no ``on(_:isolation:_:)``. The one home of "a callback runs as the code that
  /// registered it" (docs/swift-api.md#whose-code-a-callback-runs-as).
  package static func run<R>(as device: Device?, _ body: () throws -> R) rethrows -> R {
    guard let device else { return try body() }
    return try $currentDevice.withValue(device, operation: body)
  }

  /// `callback` as the code of app process `process`: run as the code `device` gives
  /// (``run(as:_:)``; the device the code that registered it ran as, `nil` outside every `on`),
  /// and not at all once `process` has died (a crash of its device's app between the queueing
  /// and the delivery: the code it would run is gone with the process). The one home of a
  /// handler's delivery to the process that registered it (a query's results and update
  /// handlers, a completion handler).
  package func callback(
    of process: AppProcess, as device: Device?, _ callback: @escaping Callback
  ) -> Callback {
    { [weak self] in
      guard let self, self.isAlive(process) else { return }
      Self.run(as: device, callback)
    }
  }
}

/// Both devices' app process numbers, read once (a framework's timer checks many registrations
/// against them): whether a registration `(device, generation)` still belongs to a live
/// process, by the rule of ``AppSimulation/State/isAlive(_:)``.
package struct ProcessGenerations: Sendable {
  /// The watch app's process number now.
  package let watch: Int
  /// The phone app's process number now.
  package let phone: Int

  /// The numbers in `state` now.
  package init(_ state: inout AppSimulation.State) {
    watch = state.processGeneration(of: .watch)
    phone = state.processGeneration(of: .phone)
  }

  /// Whether what `device`'s process number `generation` made is still alive.
  package func isAlive(_ device: AppSimulation.Device, _ generation: Int) -> Bool {
    generation == (device == .watch ? watch : phone)
  }
}
