import Foundation
import WorkoutCore
import WorkoutSystem

/// Mirroring a workout to the paired iPhone (watchOS 10 / iOS 17; Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkworkoutsession). The rules (latency,
/// batching, budget, disconnects, codes) are the engine's, the same for a scenario timeline:
/// docs/phone-link.md#mirrored-workout-sessions.
extension HKWorkoutSession {
  /// Starts mirroring this (primary) session to the phone (watchOS only; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutsession/startmirroringtocompaniondevice(completion:)).
  /// The completion runs at the next delivery with `(true, nil)`; the phone's
  /// `workoutSessionMirroringStartHandler` (of a store made inside
  /// `simulation.on(.phone)`) gets a ``HKWorkoutSessionType/mirrored`` session the link's
  /// message latency later (0.1 s by default). Mirroring a session that already mirrors
  /// succeeds and changes nothing.
  ///
  /// Failures (`(false, error)`, an ``HKError``): the session has ended, the phone is out of
  /// range (`errorInvalidArgument`, 3); the app is not running; a mirrored session
  /// (`errorInvalidArgument`: only the watch starts mirroring); the iPhone's own workout
  /// session (iOS 26; `errorInvalidArgument`, saying the method is watchOS only: Apple lists
  /// no iOS availability for it, and a primary session is "running on watchOS",
  /// https://developer.apple.com/documentation/healthkit/hkworkoutsessiontype/primary).
  public func startMirroringToCompanionDevice(
    completion: @escaping @Sendable (Bool, (any Error)?) -> Void
  ) {
    let result = mirroringCall(.start)
    simulation.enqueue { result.complete(completion) }
  }

  /// The async form of ``startMirroringToCompanionDevice(completion:)``.
  ///
  /// - Throws: the ``HKError`` the completion form reports.
  nonisolated(nonsending) public func startMirroringToCompanionDevice() async throws {
    await simulation.deliver()
    try mirroringCall(.start).get()
  }

  /// Stops mirroring (watchOS only; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutsession/stopmirroringtocompaniondevice(completion:)).
  /// The phone's mirrored session gets `didDisconnectFromRemoteDeviceWithError` with `nil`
  /// the message latency later and is unusable after it. Fails with `errorInvalidArgument` (3)
  /// when the session is not mirroring, and on the iPhone's own workout session (iOS 26), as
  /// ``startMirroringToCompanionDevice(completion:)`` does.
  public func stopMirroringToCompanionDevice(
    completion: @escaping @Sendable (Bool, (any Error)?) -> Void
  ) {
    let result = mirroringCall(.stop)
    simulation.enqueue { result.complete(completion) }
  }

  /// The async form of ``stopMirroringToCompanionDevice(completion:)``.
  ///
  /// - Throws: the ``HKError`` the completion form reports.
  nonisolated(nonsending) public func stopMirroringToCompanionDevice() async throws {
    await simulation.deliver()
    try mirroringCall(.stop).get()
  }

  /// Sends `data` to the session on the other device (either side; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutsession/sendtoremoteworkoutsession(data:completion:)).
  /// It arrives the message latency later, in send order, in the other session's delegate's
  /// `didReceiveDataFromRemoteWorkoutSession`; the sends of one side that arrive at one
  /// instant come as one call (one array).
  ///
  /// Failures (`(false, error)`, an ``HKError``): not mirroring, or this mirrored session was
  /// disconnected (`errorInvalidArgument`, 3); the other session has no delegate yet
  /// (`errorInvalidArgument`, "Remote session delegate is not set up", as HealthKit does:
  /// the phone's session exists once its start handler ran and the app set its delegate); more
  /// than 100 KB (102 400 bytes) sent from this side within 10 s (`errorDataSizeExceeded`, 13);
  /// the iPhone's own workout session (iOS 26), which has no remote session
  /// (`errorInvalidArgument`, saying to use WCSession).
  public func sendToRemoteWorkoutSession(
    data: Data, completion: @escaping @Sendable (Bool, (any Error)?) -> Void
  ) {
    let result = send(data)
    simulation.enqueue { result.complete(completion) }
  }

  /// The async form of ``sendToRemoteWorkoutSession(data:completion:)``.
  ///
  /// - Throws: the ``HKError`` the completion form reports.
  nonisolated(nonsending) public func sendToRemoteWorkoutSession(data: Data) async throws {
    await simulation.deliver()
    try send(data).get()
  }

  // MARK: - Calls

  /// The device this session's code runs on.
  var side: CompanionDevice { sessionType == .mirrored ? .phone : .watch }

  private func send(_ data: Data) -> Result<Void, HKError> {
    let engineDevice = self.engineDevice
    // The iPhone's own workout (its engine's session) sends from the phone.
    let side = engineDevice == .phone ? CompanionDevice.phone : self.side
    let index = self.index
    let mine = mirror
    return simulation.mutate { state -> Result<Void, HKError> in
      // The door's refusals are logged as the engine's failed sends are (`remoteDataSendFailed`
      // with the error), one entry per call, in the log of the engine the session runs on, so
      // a test that reads only the result sees them (new-user trial 27): every refusal below
      // goes through here.
      func refuse(_ error: MirroringError, _ message: String) -> Result<Void, HKError> {
        state.session.withEngine(of: engineDevice) {
          $0.mirroringSendRefused(from: side, byteCount: data.count, error)
        }
        return .failure(HKError(.errorInvalidArgument, message))
      }
      // The iPhone's own workout has no remote session: it mirrors nothing (mirroring is the
      // watch's, watchOS 10).
      guard engineDevice == .watch else {
        return refuse(.noRemoteSession, Self.phoneSessionHasNoRemote)
      }
      let engine = state.session.workoutEngine
      if let mine, mine.disconnected || engine.currentMirroringNumber != mine.mirroring {
        return refuse(.notMirroring, MirroringError.notMirroring.message)
      }
      if engine.mirroredSessionIndex == index, !Self.remoteDelegateSet(for: side, state: &state) {
        let door = state.extensionState(MirroringDoor.self)
        let unhandled =
          side == .watch
          && engine.currentMirroringNumber.map { door?.unhandled.contains($0) == true } == true
        return refuse(
          .remoteDelegateNotSet,
          unhandled ? Self.noStartHandlerMessage : MirroringError.remoteDelegateNotSet.message)
      }
      let result = Self.perform(.send(from: side, byteCount: data.count), state: &state)
      if case .success(let number?) = result {
        state.withExtension(MirroringDoor.self, of: simulation) { door, _ in
          door.payloads[MirroringDoor.Key(side: side, send: number)] = data
        }
      }
      return result.map { _ in () }
    }
  }

  /// HealthKit's text for a send from the watch when the phone app set no
  /// `workoutSessionMirroringStartHandler` by the time the mirroring reached it (so it never
  /// got the mirrored session), with the fix (a project text after HealthKit's, same code 3;
  /// new-user trial 25). A send in the latency before the session reaches the phone, or to a
  /// phone session whose handler set no delegate, keeps HealthKit's text alone.
  static let noStartHandlerMessage =
    "Remote session delegate is not set up: the iPhone app had no workoutSessionMirroringStartHandler when the mirroring reached it, so it has no mirrored session; set HKHealthStore.workoutSessionMirroringStartHandler on the phone (in simulation.on(.phone)) at launch, before the watch starts mirroring, and set the session's delegate in it"

  /// Why the iPhone's own workout session (iOS 26) sends nothing to a remote session, and
  /// what to write instead.
  static let phoneSessionHasNoRemote =
    "The iPhone's own workout session has no remote session: only a watch workout mirrored to the phone has one (sendToRemoteWorkoutSession(data:) from the watch's primary session or the phone's mirrored session); send to the watch app with WCSession instead"

  /// Why the iPhone's own workout session (iOS 26) does not mirror, and what to write instead.
  static let phoneSessionDoesNotMirror =
    "startMirroringToCompanionDevice and stopMirroringToCompanionDevice are watchOS only (watchOS 10; https://developer.apple.com/documentation/healthkit/hkworkoutsession/startmirroringtocompaniondevice(completion:)): the iPhone's own workout session has no companion to mirror to; mirror from the watch app's session (simulation.on(.watch)) and receive it with the phone store's workoutSessionMirroringStartHandler"

  private func mirroringCall(_ operation: MirroringOperation) -> Result<Void, HKError> {
    guard engineDevice == .watch else {
      return .failure(HKError(.errorInvalidArgument, Self.phoneSessionDoesNotMirror))
    }
    guard sessionType == .primary else {
      return .failure(
        HKError(.errorInvalidArgument, "Only the primary session on the watch can mirror"))
    }
    guard isAlive else {
      return .failure(HKError(.errorInvalidArgument, "The app is not running or is suspended"))
    }
    let index = self.index
    simulation.addEffectListener(
      key: ObjectIdentifier(MirroringListener.self), MirroringListener(simulation: simulation))
    return simulation.mutate { state -> Result<Void, HKError> in
      guard state.session.workoutEngine.currentSessionIndex == index else {
        return .failure(
          HKError(.errorInvalidArgument, "The session is not the app's current session"))
      }
      return Self.perform(operation, state: &state).map { _ in () }
    }
  }

  /// A state call on the mirrored session: sent to the primary (performed there the message
  /// latency later); when it cannot be (disconnected, out of range) the delegate's
  /// `didFailWithError` gets HealthKit's code 100.
  func forwardToPrimary(_ call: WorkoutSessionCall) {
    let mine = mirror
    let failed = simulation.mutate { state -> Bool in
      guard let mine, !mine.disconnected,
        state.session.workoutEngine.currentMirroringNumber == mine.mirroring
      else { return true }
      _ = Self.perform(.remoteCall(call), state: &state)
      return false
    }
    if failed {
      let date = simulation.now
      // A session call's delegate call, as the engine's: not reported after the run (only calls
      // with a completion handler and async calls are, docs/swift-api.md#nothing-silent).
      let fail: HealthKitSimulation.Callback = { [self] in
        HealthKitSimulation.$currentDevice.withValue(.phone) {
          let error = HKError(rawCode: 100, MirroringError.syncFailed.message)
          guard let delegate else {
            return noteNoDelegate(
              "failed (\(error.localizedDescription))", date: date,
              advice: MirroringListener.advice(for: self))
          }
          delegate.workoutSession(self, didFailWithError: error)
        }
      }
      simulation.enqueue([fail], owedBy: nil)
    }
  }

  /// Performs `operation` in the engine at virtual now and reads its answer from the effects
  /// it queued (the engine's outbox, taken when the caller's `mutate` ends): the send's number
  /// for a send.
  private static func perform(
    _ operation: MirroringOperation, state: inout HealthKitSimulation.State
  ) -> Result<Int?, HKError> {
    let before = state.session.workoutEngine.effects.count
    state.session.withEngine { $0.perform(.mirroring(operation), at: $0.now) }
    let effects = state.session.workoutEngine.effects
    for effect in effects[before...] {
      switch effect.kind {
      case .error(let report) where report.call == .engine(.mirroring(operation)):
        return .failure(HKError(report.error))
      case .mirroring(let event):
        switch event.change {
        case .started, .stopped:
          return .success(nil)
        case .sent(_, let send, _):
          return .success(send)
        case .startFailed(let error), .stopFailed(let error), .sendFailed(_, let error, _),
          .remoteCallFailed(_, let error):
          return .failure(MirroringDoor.error(error))
        case .remoteStarted, .remoteStateChange, .received, .disconnected, .remoteCallForwarded:
          continue
        }
      default:
        continue
      }
    }
    return .success(nil)
  }

  /// Whether the session on the other side of `side` has a delegate.
  private static func remoteDelegateSet(
    for side: CompanionDevice, state: inout HealthKitSimulation.State
  ) -> Bool {
    let engine = state.session.workoutEngine
    guard let index = engine.mirroredSessionIndex, let number = engine.currentMirroringNumber
    else { return false }
    switch side {
    case .watch:
      let remote = state.extensionState(MirroringDoor.self)?.mirrored[number]?.object
      return remote?.delegate != nil
    case .phone:
      let primary = state.sessionObjects[index]?.object as? HKWorkoutSession
      return primary?.delegate != nil
    }
  }
}

extension HKHealthStore {
  /// Called on the iPhone when the watch starts mirroring a workout, with the
  /// ``HKWorkoutSessionType/mirrored`` session (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/workoutsessionmirroringstarthandler).
  /// Only a store made inside `simulation.on(.phone)` is the phone's: set it there, early
  /// (Apple advises at launch). The handler runs as the phone's code; set the session's
  /// delegate in it. With no handler set when the mirroring arrives, the phone app never gets
  /// the session (a later send from the watch fails with "Remote session delegate is not set
  /// up").
  public var workoutSessionMirroringStartHandler: (@Sendable (HKWorkoutSession) -> Void)? {
    get {
      simulation.state.withLock { state in
        state.extensionState(MirroringDoor.self)?.handlers[ObjectIdentifier(self)]?.handler
      }
    }
    set {
      let key = ObjectIdentifier(self)
      simulation.mutate { state in
        state.withExtension(MirroringDoor.self, of: simulation) { door, _ in
          if let newValue {
            door.handlers[key] = MirroringDoor.Handler(store: self, handler: newValue)
          } else {
            door.handlers[key] = nil
          }
        }
      }
      simulation.addEffectListener(
        key: ObjectIdentifier(MirroringListener.self), MirroringListener(simulation: simulation))
    }
  }
}

/// The Swift door's mirroring state behind the simulation's lock: the phone stores' start
/// handlers, the mirrored session objects, the bytes of each send.
struct MirroringDoor: SimulationExtension {
  /// A send: its side and number.
  struct Key: Hashable {
    var side: CompanionDevice
    var send: Int
  }
  /// A store's start handler.
  struct Handler: @unchecked Sendable {
    weak var store: HKHealthStore?
    var handler: @Sendable (HKWorkoutSession) -> Void
  }
  /// A mirrored session object, held weakly (the app owns it).
  struct Mirrored: @unchecked Sendable {
    weak var object: HKWorkoutSession?
  }

  var handlers: [ObjectIdentifier: Handler] = [:]
  var mirrored: [Int: Mirrored] = [:]
  /// The mirrorings (numbers) that reached a phone app with no start handler set.
  var unhandled: Set<Int> = []
  var payloads: [Key: Data] = [:]

  init(simulation: HealthKitSimulation) {}

  /// The ``HKError`` of a failed mirroring call: code 100 for a state call the primary never
  /// got (as HealthKit reports it), else the error's own HealthKit code.
  static func error(_ error: MirroringError) -> HKError {
    if error == .syncFailed { return HKError(rawCode: 100, error.message) }
    return HKError(HKError.Code(rawValue: error.healthKitCode) ?? .unknownError, error.message)
  }
}

/// Turns the engine's mirroring effects into the phone's start handler and both sides'
/// delegate calls (each run as its device's code). A call that finds no delegate is noted for
/// a stall (``HKWorkoutSession/noteNoDelegate(_:kind:date:advice:)``).
///
/// Holds the simulation `unowned`: the simulation keeps the listener and is the only caller,
/// and a strong reference would keep it for good (a cycle).
struct MirroringListener: EffectListener {
  unowned let simulation: HealthKitSimulation

  /// What a session without a delegate should do: the phone's mirrored session gets its
  /// delegate in the mirroring start handler, the watch's when it is made.
  static func advice(for session: HKWorkoutSession) -> String {
    session.sessionType == .mirrored
      ? "set session.delegate in workoutSessionMirroringStartHandler"
      : "set session.delegate when the session is made"
  }

  func callbacks(for effect: EngineEffect, date: Date, state: inout HealthKitSimulation.State)
    -> [HealthKitSimulation.Callback]
  {
    guard case .mirroring(let event) = effect.kind else { return [] }
    let (index, number) = (event.session, event.mirroring)
    let device = event.change.device
    let simulation = self.simulation
    return state.withExtension(MirroringDoor.self, of: simulation) {
      door, state -> [HealthKitSimulation.Callback] in
      let primary = state.sessionObjects[index]?.object as? HKWorkoutSession
      let target: HKWorkoutSession? = device == .phone ? door.mirrored[number]?.object : primary
      let own: HealthKitSimulation.Device = device == .phone ? .phone : .watch
      func call(_ body: @escaping @Sendable () -> Void) -> [HealthKitSimulation.Callback] {
        [{ HealthKitSimulation.$currentDevice.withValue(own) { body() } }]
      }
      switch event.change {
      case .remoteStarted(let primaryState):
        let handlers = door.handlers.values.filter { $0.store?.device == .phone }
        guard let first = handlers.first, let store = first.store else {
          door.unhandled.insert(number)
          return []
        }
        let configuration = primary?.workoutConfiguration ?? HKWorkoutConfiguration()
        let session = HKWorkoutSession(
          mirroring: index, number: number, state: HKWorkoutSessionState(primaryState),
          store: store, configuration: configuration)
        door.mirrored[number] = MirroringDoor.Mirrored(object: session)
        return handlers.map { handler in
          let call = handler.handler
          return {
            HealthKitSimulation.$currentDevice.withValue(.phone) { call(session) }
          }
        }
      case .remoteStateChange(let from, let to, let instant):
        guard let target else { return [] }
        let (old, new) = (HKWorkoutSessionState(from), HKWorkoutSessionState(to))
        if var mine = target.mirror {
          mine.state = new
          target.mirror = mine
        }
        let changeDate = simulation.date(of: instant)
        return call {
          guard let delegate = target.delegate else {
            return target.noteNoDelegate(
              "changed to \(new)", date: date, advice: Self.advice(for: target))
          }
          delegate.workoutSession(target, didChangeTo: new, from: old, date: changeDate)
        }
      case .received(let to, let first, let count, _):
        guard let target else { return [] }
        var data: [Data] = []
        for send in first..<(first + count) {
          let key = MirroringDoor.Key(side: to.counterpart, send: send)
          data.append(door.payloads.removeValue(forKey: key) ?? Data())
        }
        let batch = data
        return call {
          guard let delegate = target.delegate else {
            return target.noteNoDelegate(
              "received data from the remote workout session",
              kind: "HKWorkoutSession.didReceiveDataFromRemoteWorkoutSession", date: date,
              advice: Self.advice(for: target))
          }
          delegate.workoutSession(target, didReceiveDataFromRemoteWorkoutSession: batch)
        }
      case .disconnected(_, let cause):
        guard let target else { return [] }
        if var mine = target.mirror {
          mine.disconnected = true
          target.mirror = mine
        }
        let error: HKError? =
          cause == .linkLost
          ? HKError(.errorInvalidArgument, "The companion device disconnected") : nil
        return call {
          guard let delegate = target.delegate else {
            return target.noteNoDelegate(
              "disconnected from the remote device", date: date, advice: Self.advice(for: target))
          }
          delegate.workoutSession(target, didDisconnectFromRemoteDeviceWithError: error)
        }
      case .remoteCallFailed(_, let failure):
        guard let target else { return [] }
        let error = MirroringDoor.error(failure)
        return call {
          guard let delegate = target.delegate else {
            return target.noteNoDelegate(
              "failed (\(error.localizedDescription))", date: date,
              advice: Self.advice(for: target))
          }
          delegate.workoutSession(target, didFailWithError: error)
        }
      case .started, .startFailed, .stopped, .stopFailed, .sent, .sendFailed,
        .remoteCallForwarded:
        // Answered at the call (``HKWorkoutSession/perform(_:state:)``), or the primary's own
        // state call (its delegate hears of the change it makes).
        return []
      }
    }
  }
}

extension Result where Failure == HKError, Success == Void {
  /// Calls a HealthKit completion handler with the result.
  fileprivate func complete(_ completion: @Sendable (Bool, (any Error)?) -> Void) {
    switch self {
    case .success: completion(true, nil)
    case .failure(let error): completion(false, error)
    }
  }
}
