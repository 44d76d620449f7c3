import Foundation
import SimulationDriver
import Synchronization
import WorkoutCore
import WorkoutScenario

/// A fall the watch detected (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmfalldetectionevent): one
/// `simulation.fall(resolution:)` (docs/swift-api.md#fall-detection).
@available(watchOS 7.2, *)
open class CMFallDetectionEvent: NSObject, @unchecked Sendable {
  /// What the user did about the fall alert, with Apple's raw values (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmfalldetectionevent/userresolution).
  /// The page lists no numbers; the SDK's `CMFallDetectionEvent.h` declares the type as an
  /// `NS_ENUM(NSInteger, CMFallDetectionEventUserResolution)` whose four cases, in this order,
  /// carry no explicit values, so C numbers them 0 to 3.
  public enum UserResolution: Int, Sendable, Hashable {
    /// The user confirmed the fall (0).
    case confirmed = 0
    /// The user dismissed the alert without confirming or rejecting it (1).
    case dismissed = 1
    /// The user rejected the fall (2).
    case rejected = 2
    /// The user did not respond and made no recovery motion (3).
    case unresponsive = 3
  }

  private let storedDate: Date
  private let storedResolution: UserResolution

  /// When the fall happened (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmfalldetectionevent/date).
  open var date: Date { storedDate }
  /// The user's resolution (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmfalldetectionevent/resolution).
  open var resolution: UserResolution { storedResolution }

  /// A confirmed fall at the reference date (for an app's test double; a project rule: Apple
  /// documents no values for it).
  public override init() {
    storedDate = Date(timeIntervalSinceReferenceDate: 0)
    storedResolution = .confirmed
    super.init()
  }

  init(date: Date, resolution: UserResolution) {
    storedDate = date
    storedResolution = resolution
    super.init()
  }
}

/// The delegate of a ``CMFallDetectionManager`` (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmfalldetectiondelegate). Every method
/// is optional (a default). The system calls them in the simulation's callback lane, never on
/// the main actor.
@available(watchOS 7.2, *)
public protocol CMFallDetectionDelegate: NSObjectProtocol {
  /// A fall (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmfalldetectiondelegate/falldetectionmanager(_:diddetect:completionhandler:)).
  /// Virtual time waits at the fall's instant until `handler` is called; a handler never
  /// called is dropped after `appWorkGrace` and reported (`holdExpired`), as Apple gives the
  /// app "a short amount of time". The default calls the `async` form, then `handler`.
  func fallDetectionManager(
    _ fallDetectionManager: CMFallDetectionManager, didDetect event: CMFallDetectionEvent,
    completionHandler handler: @escaping @Sendable () -> Void)
  /// The `async` form of a fall (Apple's import of the same method): implement one of the two.
  /// The default does nothing.
  func fallDetectionManager(
    _ fallDetectionManager: CMFallDetectionManager, didDetect event: CMFallDetectionEvent) async
  /// The authorization status changed (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmfalldetectiondelegate/falldetectionmanagerdidchangeauthorization(_:)):
  /// after the user answers `requestAuthorization(handler:)`.
  func fallDetectionManagerDidChangeAuthorization(_ fallDetectionManager: CMFallDetectionManager)
}

@available(watchOS 7.2, *)
extension CMFallDetectionDelegate {
  /// Calls the `async` form, then `handler`.
  public func fallDetectionManager(
    _ fallDetectionManager: CMFallDetectionManager, didDetect event: CMFallDetectionEvent,
    completionHandler handler: @escaping @Sendable () -> Void
  ) {
    let delegate: any CMFallDetectionDelegate = self
    let call = UncheckedBox((delegate, fallDetectionManager, event))
    Task {
      await call.value.0.fallDetectionManager(call.value.1, didDetect: call.value.2)
      handler()
    }
  }

  /// Does nothing.
  public func fallDetectionManager(
    _ fallDetectionManager: CMFallDetectionManager, didDetect event: CMFallDetectionEvent
  ) async {}

  /// Does nothing.
  public func fallDetectionManagerDidChangeAuthorization(
    _ fallDetectionManager: CMFallDetectionManager
  ) {}
}

/// Fall detection (Apple doc: https://developer.apple.com/documentation/coremotion/cmfalldetectionmanager):
/// the falls a test injects with `simulation.fall(resolution:)` (docs/swift-api.md#fall-detection).
///
/// Making a manager traps without the scenario's `motion.fallDetection.entitlement: true`
/// (Apple: the class "requires an entitlement from Apple"), and asking for authorization traps
/// without `NSFallDetectionUsageDescription` in `app.infoPlist` (Apple: "If you don't include a
/// usage description string, your app crashes when you call this API").
/// ``authorizationStatus`` is `notDetermined` until the app calls
/// ``requestAuthorization(handler:)``, then the scenario's `authorization.fallDetection`
/// (granted by default). A fall reaches the delegate of every live manager of the watch app's
/// process when authorized, even while the app is suspended (Apple: "the system wakes or
/// launches your app"); when authorized and the app is not running, the system launches it
/// into the background (cause `fallDetection`) and the fall waits for the delegate its launch
/// code sets; a fall before the user answered, or one no delegate is set for, is
/// kept and the latest one goes to the delegate when it is set or when the user authorizes
/// (Apple: "As soon as the user authorizes fall detection, the system calls the delegate's
/// ... method and passes the latest fall detection event").
@available(watchOS 7.2, *)
open class CMFallDetectionManager: NSObject {
  weak var simulation: AppSimulation?

  /// The object the falls go to (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmfalldetectionmanager/delegate);
  /// held weakly. Setting it delivers the latest fall not yet delivered, when authorized.
  open weak var delegate: (any CMFallDetectionDelegate)? {
    didSet { delegateChanged() }
  }

  /// A manager of the current simulation; traps outside a simulation's `run`, in the iPhone's
  /// code (a watchOS API) and without the scenario's `motion.fallDetection.entitlement: true`
  /// (Apple doc: "CMFallDetectionManager requires an entitlement from Apple",
  /// https://developer.apple.com/documentation/coremotion/cmfalldetectionmanager).
  public override init() {
    let simulation = AppSimulation.requireCurrent("CMFallDetectionManager()", deviceDependent: true)
    self.simulation = simulation
    guard AppSimulation.device == .watch else {
      fatalError(
        "CMFallDetectionManager() was created in the iPhone's code: fall detection is a watchOS API (watchOS 7.2; https://developer.apple.com/documentation/coremotion/cmfalldetectionmanager); make it in the watch app's code"
      )
    }
    guard simulation.scenario.motion?.fallDetectionEntitlement == true else {
      fatalError(
        "CMFallDetectionManager() was created without the fall detection entitlement: Apple requires an entitlement for the class (https://developer.apple.com/documentation/coremotion/cmfalldetectionmanager); grant it with \"motion\": { \"fallDetection\": { \"entitlement\": true } } in the scenario (docs/scenario-format.md#fall-detection)"
      )
    }
    super.init()
  }

  /// Whether the device detects falls (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmfalldetectionmanager/isavailable):
  /// `true` in the watch's code (the simulated watch is later than Series 4, which Apple
  /// names), `false` in the iPhone's; traps outside a simulation's `run`.
  open class var isAvailable: Bool {
    _ = AppSimulation.requireCurrent("CMFallDetectionManager.isAvailable")
    return AppSimulation.device == .watch
  }

  /// The app's fall detection authorization (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmfalldetectionmanager/authorizationstatus):
  /// `notDetermined` until the user answered ``requestAuthorization(handler:)``, then
  /// `authorized`, or `denied` with `authorization.fallDetection: "denied"`.
  open var authorizationStatus: CMAuthorizationStatus {
    guard let simulation else { return .notDetermined }
    return simulation.mutate { state in
      state.withExtension(CoreMotionState.self, of: simulation) { motion, _ in
        motion.fall.status
      }
    }
  }

  /// Asks the user (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmfalldetectionmanager/requestauthorization(handler:)):
  /// the answer is the scenario's `authorization.fallDetection` (granted by default), given at
  /// once to `handler` in the callback lane; when it changes the status, every live manager's
  /// delegate gets `fallDetectionManagerDidChangeAuthorization(_:)`, and, once authorized, the
  /// latest fall not yet delivered. Traps without `NSFallDetectionUsageDescription` in
  /// `app.infoPlist` (Apple: the app "crashes when you call this API" without it).
  open func requestAuthorization(handler: @escaping (CMAuthorizationStatus) -> Void) {
    guard let simulation else { return }
    let keys = (try? AppSimulation.infoPlistKeys(of: simulation.scenario)) ?? []
    guard keys.contains("NSFallDetectionUsageDescription") else {
      fatalError(
        "CMFallDetectionManager.requestAuthorization(handler:) was called without NSFallDetectionUsageDescription in the app's Info.plist: Apple terminates the app (https://developer.apple.com/documentation/coremotion/cmfalldetectionmanager); add the key to the scenario's app.infoPlist (docs/scenario-format.md#the-app)"
      )
    }
    let answer: CMAuthorizationStatus =
      simulation.scenario.authorization?.fallDetection == .denied ? .denied : .authorized
    let box = UncheckedBox(handler)
    simulation.registerMotionUpdates(
      call: CallInFlight(
        function: "requestAuthorization(handler:)", fileID: #fileID,
        owner: "CMFallDetectionManager")
    ) { motion, state in
      let changed = motion.fall.status != answer
      motion.fall.status = answer
      var callbacks: [AppSimulation.Callback] = [
        { AppSimulation.$currentDevice.withValue(.watch) { box.value(answer) } }
      ]
      if changed {
        callbacks += motion.fall.notifyAuthorizationChange(state: &state)
        callbacks += motion.fall.deliverPending(simulation: simulation, state: &state)
      }
      state.enqueue(callbacks)
      state.turnDue = true
    }
  }

  /// Registers (or removes) this manager after its delegate changed.
  private func delegateChanged() {
    guard let simulation else { return }
    let key = ObjectIdentifier(self)
    let live = delegate != nil
    let manager = UncheckedBox(WeakFallManager(self))
    simulation.mutate { state in
      state.withExtension(CoreMotionState.self, of: simulation) { motion, state in
        motion.fall.managers.removeAll { $0.key == key }
        motion.fall.prune(generation: state.processGeneration())
        guard live else { return }
        motion.fall.managers.append(
          .init(key: key, generation: state.processGeneration(), manager: manager))
        let callbacks = motion.fall.deliverPending(simulation: simulation, state: &state)
        if !callbacks.isEmpty {
          state.enqueue(callbacks)
          state.turnDue = true
        }
      }
    }
  }
}

/// A fall detection manager, weakly.
struct WeakFallManager {
  weak var object: CMFallDetectionManager?
  init(_ object: CMFallDetectionManager) { self.object = object }
}

/// Fall detection's state in one simulation (part of ``CoreMotionState``).
struct FallDetectionState {
  /// One manager with a delegate.
  struct Manager {
    var key: ObjectIdentifier
    /// The watch app's process that set the delegate (a crash ends it).
    var generation: Int
    var manager: UncheckedBox<WeakFallManager>
  }

  /// The user's answer so far.
  var status: CMAuthorizationStatus = .notDetermined
  /// Managers with a delegate, in the order their delegates were set.
  var managers: [Manager] = []
  /// The latest fall not delivered yet (no live manager, or not authorized).
  var pending: (date: Date, resolution: CMFallDetectionEvent.UserResolution)?
  /// The date of the pending fall an end-of-run warning named (``endOfRunWarning(start:)``).
  var reportedAtEnd: Date?

  /// The ``AppSimulation/Report/Kind-swift.enum/notDelivered`` warning of the fall still
  /// pending when the outermost `run` returns, once per fall, or `nil`: on a device it would
  /// wait for a delegate (or the user's authorization) that a test never sees, and a fall kept
  /// for the delegate of a process the system launched for it, whose launch code set none, was
  /// otherwise never heard of (project rule, docs/swift-api.md#fall-detection). None when the
  /// user denied fall detection: nothing is owed to the app then. `start`: the date of t = 0.
  mutating func endOfRunWarning(start: Date) -> (framework: String, call: String, message: String)?
  {
    guard let fall = pending, fall.date != reportedAtEnd, status != .denied else { return nil }
    reportedAtEnd = fall.date
    let seconds = fall.date.timeIntervalSince(start)
    let why =
      status == .authorized
      ? "no CMFallDetectionManager of the watch app's running process had a delegate, so the "
        + "fall was kept for one (a process the system launches for a fall runs the app's "
        + "launch code and nothing else): make the manager and set its delegate in the launch "
        + "code (applicationDidFinishLaunching of the WKApplicationDelegate), and keep both in "
        + "properties"
      : "the user had not answered the app's fall detection authorization, so the fall was kept "
        + "for the answer: call requestAuthorization(handler:) (the latest fall comes once the "
        + "user authorizes)"
    return (
      framework: "CoreMotion", call: "fallDetectionManager(_:didDetect:completionHandler:)",
      message: "when run(_:) returned, the fall at t = \(seconds) s had reached no delegate: "
        + "\(why) (docs/swift-api.md#fall-detection)"
    )
  }

  /// Drops the managers that can take no fall any more: freed (held weakly) or of a dead watch
  /// process (not `generation`), so the table does not grow for ever. A fall none takes stays
  /// pending (``deliverPending(simulation:state:)``). Called when a delegate is set and at a
  /// fall; Core Motion's drain drops the freed ones too (``CoreMotionState/dropFreed(into:)``).
  mutating func prune(generation: Int) {
    managers.removeAll { $0.manager.value.object == nil || $0.generation != generation }
  }

  /// The managers of the live watch process.
  func live(_ state: inout AppSimulation.State) -> [Manager] {
    managers.filter { state.isAlive(AppProcess(device: .watch, generation: $0.generation)) }
  }

  /// Every live manager's `fallDetectionManagerDidChangeAuthorization(_:)`.
  func notifyAuthorizationChange(state: inout AppSimulation.State) -> [AppSimulation.Callback] {
    live(&state).map { entry in
      let manager = entry.manager
      return {
        AppSimulation.$currentDevice.withValue(.watch) {
          guard let object = manager.value.object else { return }
          object.delegate?.fallDetectionManagerDidChangeAuthorization(object)
        }
      }
    }
  }

  /// The pending fall's delivery to the live managers that still exist and still have a
  /// delegate (both are weak), when authorized and there are any: only then is it no longer
  /// pending. With none (the managers freed, their delegates gone) the fall stays pending, the
  /// latest one delivered when a delegate is set (a project rule from Apple's "latest fall
  /// detection event", docs/swift-api.md#fall-detection: a fall is never lost silently).
  mutating func deliverPending(simulation: AppSimulation, state: inout AppSimulation.State)
    -> [AppSimulation.Callback]
  {
    guard let fall = pending, status == .authorized else { return [] }
    // Reading the weak references runs no app code (safe under the lock).
    let managers = live(&state).filter { $0.manager.value.object?.delegate != nil }
    guard !managers.isEmpty else { return [] }
    pending = nil
    let handOut = FallHandOut(remaining: managers.count)
    return managers.map { entry in
      Self.delivery(entry.manager, fall, handOut: handOut, simulation: simulation)
    }
  }

  /// The delegate call with `fall`: virtual time held until the completion handler runs (the
  /// one home of the hold, `CoreMotion` / the delegate method's name in a report). When the
  /// manager or its delegate went away between the hand-out and the call and no other manager
  /// of the same hand-out took the fall, it is pending again (unless a later fall is) and a
  /// ``Report/Kind-swift.enum/notDelivered`` warning says what to keep.
  static func delivery(
    _ manager: UncheckedBox<WeakFallManager>,
    _ fall: (date: Date, resolution: CMFallDetectionEvent.UserResolution),
    handOut: FallHandOut, simulation: AppSimulation
  ) -> AppSimulation.Callback {
    let weak = WeakSimulation(simulation)
    return {
      AppSimulation.$currentDevice.withValue(.watch) {
        guard let simulation = weak.object else { return }
        guard let object = manager.value.object, let delegate = object.delegate else {
          if handOut.missed() { simulation.keepUndeliveredFall(fall) }
          return
        }
        handOut.taken()
        let event = CMFallDetectionEvent(date: fall.date, resolution: fall.resolution)
        let hold = simulation.beginHold(
          framework: "CoreMotion",
          call: "the completion handler of fallDetectionManager(_:didDetect:completionHandler:)",
          device: .watch)
        // A second call of the handler does nothing (ending a hold twice is harmless too).
        delegate.fallDetectionManager(object, didDetect: event) { weak.object?.endHold(hold) }
      }
    }
  }
}

/// One fall handed out to several managers' delegates: whether any took it by the last call
/// (the calls run one after another in the callback lane; the lock makes it plainly safe).
final class FallHandOut: Sendable {
  private let counts: Mutex<(remaining: Int, taken: Bool)>

  init(remaining: Int) { counts = Mutex((remaining, false)) }

  /// A delegate took the fall.
  func taken() {
    counts.withLock {
      $0.remaining -= 1
      $0.taken = true
    }
  }

  /// A call found no manager or delegate; `true` when it was the last and none took the fall.
  func missed() -> Bool {
    counts.withLock {
      $0.remaining -= 1
      return $0.remaining == 0 && !$0.taken
    }
  }
}

extension AppSimulation {
  /// The ``Report/Kind-swift.enum/notDelivered`` message of a fall whose delegate went away
  /// before the call.
  static func undeliveredFallMessage(at seconds: Double) -> String {
    "the fall at t = \(seconds) s reached no fallDetectionManager(_:didDetect:completionHandler:): "
      + "the CMFallDetectionManager or its delegate (held weakly) was freed before the call; "
      + "the fall is kept and comes when a delegate is set again: keep the manager and its "
      + "delegate in properties for as long as falls are wanted (docs/swift-api.md#fall-detection)"
  }

  /// A fall no delegate took after all: pending again (unless a later fall is), and a
  /// ``Report/Kind-swift.enum/notDelivered`` warning.
  func keepUndeliveredFall(
    _ fall: (date: Date, resolution: CMFallDetectionEvent.UserResolution)
  ) {
    let simulation = self
    let seconds = fall.date.timeIntervalSince(startDate)
    let reports = mutate { state in
      state.withExtension(CoreMotionState.self, of: simulation) { motion, _ in
        if motion.fall.pending == nil { motion.fall.pending = fall }
      }
      return keepReports(
        .notDelivered, [Self.undeliveredFallMessage(at: seconds)], framework: "CoreMotion",
        call: "fallDetectionManager(_:didDetect:completionHandler:)", in: &state)
    }
    reports.forEach(Self.writeToStandardError)
  }
}

extension AppSimulation {
  /// A fall the watch detects now, with the user's `resolution` (a simulation control, not
  /// part of Core Motion; docs/swift-api.md#fall-detection): when the user authorized fall
  /// detection, every live `CMFallDetectionManager` of the watch app's process with a
  /// delegate gets `fallDetectionManager(_:didDetect:completionHandler:)` (suspended or not:
  /// the system wakes the app), virtual time waiting at the instant for the completion
  /// handler; otherwise the fall is kept and the latest one is delivered when a delegate is
  /// set or the user authorizes. When the user authorized fall detection and the watch app is
  /// not running (after a crash, or a scenario whose app starts not running), the system
  /// launches it into the background first (an `appState` change with cause `fallDetection`;
  /// Apple: "the system wakes or launches your app when a fall detection event occurs"): an app
  /// launched with `simulation.launchWatchApp { ... }` makes its delegate, whose launch code
  /// sets the manager's delegate, and the fall goes to it then.
  public func fall(resolution: CMFallDetectionEvent.UserResolution) {
    let simulation = self
    mutate { state in
      state.withExtension(CoreMotionState.self, of: simulation) { motion, state in
        motion.fall.prune(generation: state.processGeneration())
        motion.fall.pending = (
          CoreMotionState.dateOf(state.session.now, start: simulation.startDate), resolution
        )
        // Authorized and not running: the system launches the app into the background, whose
        // launch code (`launchWatchApp`) sets the delegate the fall then goes to.
        if motion.fall.status == .authorized {
          _ = state.session.launchForFall(at: state.session.now)
        }
        let callbacks = motion.fall.deliverPending(simulation: simulation, state: &state)
        if !callbacks.isEmpty {
          state.enqueue(callbacks)
          state.turnDue = true
        }
      }
    }
  }
}

extension CoreMotionState {
  /// The date of `instant` on a clock whose `t = 0` is `start`.
  static func dateOf(_ instant: SimulationInstant, start: Date) -> Date {
    start.addingTimeInterval(instant.seconds)
  }
}
