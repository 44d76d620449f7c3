import SimulationDriver
import Synchronization
import WorkoutCore
import WorkoutPhysiology
import WorkoutSimulation
import WorkoutSystem

/// The session between the watch app and its iPhone app (Apple doc:
/// https://developer.apple.com/documentation/watchconnectivity/wcsession), with both ends in
/// one `AppSimulation`: ``default`` is the watch app's session in the watch's code and
/// the iPhone app's in the phone's (`simulation.on(.phone) { ... }`; outside `on`, the watch).
///
/// The rules (reachability, queues, latencies, the complication budget, the reply timeout) are
/// the engine's (docs/phone-link.md): a call here is performed by the engine at virtual now and
/// its outcome is a `link` entry of the run's log, which this framework turns into delegate
/// calls and handlers, delivered as virtual time passes (`advance`, `settle`), on the receiving
/// device's side. The same calls at the same instants give the same `link` entries as the
/// command line's scenario actions.
///
/// - The watch side's objects die with the watch app's process: after `simulation.crash()`,
///   the old session gets no delegate calls and its calls are ignored (a `system` log entry);
///   the relaunched app's ``default`` is a new session that must be activated again. The
///   phone app's process is separate: its session survives a watch crash.
/// - Payloads are property lists, serialized when sent (a value of another type fails with
///   ``WCError/Code/payloadUnsupportedTypes``) and deserialized afresh for the receiver.
///
/// `Sendable` (unlike Apple's class) so that delegate calls and handlers can carry it; its
/// state sits behind the simulation's lock.
public final class WCSession: NSObject, @unchecked Sendable {
  /// The simulation, held weakly: its state holds the session (``default``), so a strong
  /// reference would keep every simulation whose app used Watch Connectivity, with its folder
  /// of received files, until the process ends.
  private weak let world: AppSimulation?
  /// The simulation the session belongs to. Every public entry point first asks
  /// ``released(_:)``, which makes the call inert once the simulation is gone, so this is only
  /// reached while it lives; the trap is for a path that forgot to ask.
  var simulation: AppSimulation {
    guard let world else {
      preconditionFailure(
        "WCSession used after its simulation was released without asking released(_:)")
    }
    return world
  }
  /// The device whose app this session belongs to.
  let device: AppSimulation.Device
  /// The watch app process that made it (the phone's session ignores it).
  let generation: Int
  private let lock = NSLock()
  private weak var delegateStorage: (any WCSessionDelegate)?
  private var activateCalledStorage = false
  /// The codes ``warnUnset(_:code:)`` reported for this session.
  private var warnedCodes: Set<Int> = []
  private var releasedReported = false

  init(simulation: AppSimulation, device: AppSimulation.Device, generation: Int) {
    self.world = simulation
    self.device = device
    self.generation = generation
    super.init()
  }

  // MARK: - Getting the session

  /// Whether the device supports sessions: always `true` (a simulated watch or phone) (Apple
  /// doc: https://developer.apple.com/documentation/watchconnectivity/wcsession/issupported()).
  public class func isSupported() -> Bool { true }

  /// The current device's session (Apple doc:
  /// https://developer.apple.com/documentation/watchconnectivity/wcsession/default): the watch
  /// app's in watch code (and outside `simulation.on(_:)`), the iPhone app's inside
  /// `simulation.on(.phone) { ... }`. One per device and simulation; after a crash of a
  /// device's app (`crash()` the watch's, `crash(.phone)` the phone's) the relaunched app of
  /// that device gets a new one. Outside a simulation's `run` it traps with how to
  /// start one.
  public class var `default`: WCSession {
    let simulation = AppSimulation.requireCurrent("WCSession.default", deviceDependent: true)
    let device = AppSimulation.device
    simulation.addEffectListener(key: ObjectIdentifier(LinkListener.self), LinkListener())
    return simulation.withLink { link, state in
      if let live = link.liveSession(device, in: &state) { return live }
      let generation = state.processGeneration(of: device)
      let session = WCSession(simulation: simulation, device: device, generation: generation)
      link.sessions[device] = (session, generation)
      return session
    }
  }

  /// The delegate (held weakly, as Apple does). Set it before ``activate()``: a session
  /// without one does not activate and refuses sends with
  /// ``WCError/Code/sessionMissingDelegate`` (Apple doc:
  /// https://developer.apple.com/documentation/watchconnectivity/wcsession/delegate).
  public weak var delegate: (any WCSessionDelegate)? {
    get { lock.withLock { delegateStorage } }
    set {
      lock.withLock { delegateStorage = newValue }
      if newValue != nil, let world {
        _ = Self.delegateSimulations.withLock { $0.insert(world.serial) }
      }
    }
  }

  /// Activates the session: the delegate's `session(_:activationDidCompleteWith:error:)` with
  /// ``WCSessionActivationState/activated`` follows at the same instant (docs/phone-link.md),
  /// delivered at the next `advance` or `settle` (Apple doc:
  /// https://developer.apple.com/documentation/watchconnectivity/wcsession/activate()). Without
  /// a delegate nothing happens but a `system` entry in the log (Apple "logs an error"), and a
  /// stall names the call ("WCSession on the watch was asked to activate at t = 0 s but had no
  /// delegate: ...", docs/swift-api.md#nothing-silent).
  public func activate() {
    if released("activate()") { return }
    let activated = simulation.withLink { _, state -> Bool? in
      guard isAlive(in: &state) else {
        Self.logIgnored("activate", device: device, in: &state)
        return false
      }
      guard delegate != nil else {
        state.log(
          SystemEvent(
            framework: .watchConnectivity, event: "activateWithoutDelegate",
            identifier: device.rawValue))
        return nil
      }
      lock.withLock { activateCalledStorage = true }
      state.session.withEngine { $0.perform(.link(.activate(device.companion)), at: $0.now) }
      return true
    }
    guard let activated else {
      return noteNoDelegate(
        "was asked to activate",
        advice: "set session.delegate before activate(): without one the session does not "
          + "activate and session(_:activationDidCompleteWith:error:) never comes")
    }
    guard activated else { return }
    // The `didFinish` calls that waited for this side's relaunched app, after its activation;
    // then the content that waited for the watch's session (docs/phone-link.md#waking-the-watch-app).
    let world = simulation
    simulation.withLink { link, state in
      let pending = link.pendingFinishes.removeValue(forKey: device) ?? []
      for item in pending {
        state.enqueue(
          link.finished(
            item.kind, from: device, transfer: item.transfer, error: item.error, state: &state))
      }
      if device == .watch, !link.pendingContent.isEmpty {
        state.enqueue([{ [weak world] in world?.deliverPendingContent() }])
        state.turnDue = true
      }
    }
  }

  /// The session's activation state: ``WCSessionActivationState/activated`` once the engine
  /// activated it (Apple doc:
  /// https://developer.apple.com/documentation/watchconnectivity/wcsession/activationstate).
  public var activationState: WCSessionActivationState {
    if released("activationState") { return .notActivated }
    guard activateCalled else { return .notActivated }
    return read { engine in
      WCSessionActivationState(rawValue: engine.linkActivationState(device.companion))
        ?? .notActivated
    } dead: {
      WCSessionActivationState.notActivated
    }
  }

  /// Whether the session has content to deliver to its delegate (Apple doc:
  /// https://developer.apple.com/documentation/watchconnectivity/wcsession/hascontentpending):
  /// the counterpart's user-info and file transfers to this side not delivered yet and, on
  /// the watch, background content (application context, user info, files) that arrived but
  /// is not handed to the delegate yet: from the instant the system wakes or launches the app
  /// for it until the delegate call of the last of it begins (so it reads `false` inside that
  /// call), while it waits for the app's delegate to be handed its
  /// `WKWatchConnectivityRefreshBackgroundTask`, or for the session's ``activate()``
  /// (docs/phone-link.md#waking-the-watch-app). `false` on a crashed process's session.
  public var hasContentPending: Bool {
    if released("hasContentPending") { return false }
    return simulation.withLink { link, state -> Bool in
      guard isAlive(in: &state) else { return false }
      if device == .watch, !link.pendingContent.isEmpty { return true }
      return state.session.withEngine {
        !$0.outstandingTransfers(from: device.companion.counterpart).isEmpty
      }
    }
  }

  // MARK: - The watch's state (iOS in Apple's framework)

  /// Whether the phone is paired with the watch (the scenario's `phone.paired`) (iOS only in
  /// Apple's framework; here both sides read it) (Apple doc:
  /// https://developer.apple.com/documentation/watchconnectivity/wcsession/ispaired).
  public var isPaired: Bool {
    read {
      $0.linkPaired
    } dead: {
      false
    }
  }

  /// Whether the watch app is installed (`phone.watchAppInstalled`, the `watchApp` action) (iOS
  /// only in Apple's framework) (Apple doc:
  /// https://developer.apple.com/documentation/watchconnectivity/wcsession/iswatchappinstalled).
  public var isWatchAppInstalled: Bool {
    read {
      $0.linkWatchAppInstalled
    } dead: {
      false
    }
  }

  /// Whether the app's complication is on the active watch face (`phone.complicationEnabled`,
  /// the `complication` action) (iOS only in Apple's framework) (Apple doc:
  /// https://developer.apple.com/documentation/watchconnectivity/wcsession/iscomplicationenabled).
  public var isComplicationEnabled: Bool {
    read {
      $0.linkComplicationEnabled
    } dead: {
      false
    }
  }

  /// How many more times ``transferCurrentComplicationUserInfo(_:)`` is sent at once today: 50
  /// a day with the complication enabled (`phone.complicationBudget`), reset at
  /// `phone.complicationBudgetReset` local time; 0 while the complication is not enabled (iOS
  /// only in Apple's framework) (Apple doc:
  /// https://developer.apple.com/documentation/watchconnectivity/wcsession/remainingcomplicationuserinfotransfers).
  public var remainingComplicationUserInfoTransfers: Int {
    read {
      $0.remainingComplicationUserInfoTransfers
    } dead: {
      0
    }
  }

  /// Whether the iPhone app is installed: always `true` in the simulation (watchOS only in
  /// Apple's framework) (Apple doc:
  /// https://developer.apple.com/documentation/watchconnectivity/wcsession/iscompanionappinstalled).
  public var isCompanionAppInstalled: Bool { true }

  /// Whether the phone must be unlocked after a reboot before it is reachable: always `false`
  /// (the simulation does not reboot the phone) (watchOS only in Apple's framework) (Apple doc:
  /// https://developer.apple.com/documentation/watchconnectivity/wcsession/iosdeviceneedsunlockafterrebootforreachability).
  public var iOSDeviceNeedsUnlockAfterRebootForReachability: Bool { false }

  // MARK: - Messages

  /// Whether a message sent now can reach the counterpart (Apple doc:
  /// https://developer.apple.com/documentation/watchconnectivity/wcsession/isreachable): on the
  /// watch, the phone is connected (in Bluetooth range or on the same Wi-Fi) and the watch app
  /// receives callbacks (active, inactive, or in the background with a workout session); on
  /// the phone, the same and the watch app installed (docs/phone-link.md#reachability).
  public var isReachable: Bool {
    read {
      $0.linkIsReachable(device.companion)
    } dead: {
      false
    }
  }

  /// Sends `message` to the counterpart now (Apple doc:
  /// https://developer.apple.com/documentation/watchconnectivity/wcsession/sendmessage(_:replyhandler:errorhandler:)).
  ///
  /// Delivered `phone.link.messageLatency` later (default 0.1 s) while the counterpart is
  /// reachable; a message from the watch wakes a phone app that is not running into the
  /// background. With a `replyHandler` the receiver's `didReceiveMessage(_:replyHandler:)` gets
  /// a reply handler; its reply reaches `replyHandler` a latency after the receiver calls it.
  /// Exactly one of the two handlers runs. `errorHandler` gets a ``WCError``:
  /// ``WCError/Code/notReachable`` (not reachable now, or the link dropped before delivery),
  /// ``WCError/Code/messageReplyTimedOut`` (no reply `phone.link.replyTimeout` after delivery,
  /// default 5 s), ``WCError/Code/sessionNotActivated``, ``WCError/Code/payloadTooLarge``
  /// (over 65 536 bytes serialized), ``WCError/Code/payloadUnsupportedTypes``,
  /// ``WCError/Code/sessionMissingDelegate``.
  public func sendMessage(
    _ message: [String: Any], replyHandler: (([String: Any]) -> Void)?,
    errorHandler: ((any Error) -> Void)? = nil
  ) {
    let error = errorHandler.map { Unchecked(value: $0) }
    if released("sendMessage(_:replyHandler:errorHandler:)") {
      return failReleased(error)
    }
    guard let bytes = PayloadBytes(dictionary: message) else {
      return failLocally(.message, .payloadUnsupportedTypes, error)
    }
    let reply = replyHandler.map { handler in
      Unchecked<(PayloadBytes) -> Void>(value: { bytes in handler(bytes.dictionary() ?? [:]) })
    }
    sendMessage(.message, bytes, reply: reply, error: error)
  }

  /// Sends `data` to the counterpart now, as ``sendMessage(_:replyHandler:errorHandler:)``
  /// (Apple doc:
  /// https://developer.apple.com/documentation/watchconnectivity/wcsession/sendmessagedata(_:replyhandler:errorhandler:)).
  public func sendMessageData(
    _ data: Data, replyHandler: ((Data) -> Void)?, errorHandler: ((any Error) -> Void)? = nil
  ) {
    let error = errorHandler.map { Unchecked(value: $0) }
    if released("sendMessageData(_:replyHandler:errorHandler:)") {
      return failReleased(error)
    }
    let reply = replyHandler.map { handler in
      Unchecked<(PayloadBytes) -> Void>(value: { bytes in handler(bytes.data) })
    }
    sendMessage(.messageData, PayloadBytes(messageData: data), reply: reply, error: error)
  }

  // MARK: - Application context

  /// The last application context this side sent successfully (`[:]` before the first) (Apple
  /// doc: https://developer.apple.com/documentation/watchconnectivity/wcsession/applicationcontext).
  public var applicationContext: [String: Any] {
    if released("applicationContext") { return [:] }
    return simulation.withLink { link, _ in Unchecked(value: link.sentContext[device]) }.value?
      .dictionary() ?? [:]
  }

  /// The last application context delivered to this side (`[:]` before the first; kept across
  /// a relaunch, as the system keeps it) (Apple doc:
  /// https://developer.apple.com/documentation/watchconnectivity/wcsession/receivedapplicationcontext).
  public var receivedApplicationContext: [String: Any] {
    if released("receivedApplicationContext") { return [:] }
    return simulation.withLink { link, _ in Unchecked(value: link.receivedContext[device]) }.value?
      .dictionary() ?? [:]
  }

  /// Sends `applicationContext` as the latest state: a newer update replaces one not yet
  /// delivered; it is delivered `phone.link.transferLatency` (default 1 s) after the counterpart
  /// can receive it (connected, its session activated; the phone app running; a suspended or
  /// not-running watch app is woken or launched for it, docs/phone-link.md#waking-the-watch-app)
  /// (Apple doc:
  /// https://developer.apple.com/documentation/watchconnectivity/wcsession/updateapplicationcontext(_:)).
  ///
  /// - Throws: ``WCError`` ``WCError/Code/sessionNotActivated``,
  ///   ``WCError/Code/deviceNotPaired``, ``WCError/Code/watchAppNotInstalled``,
  ///   ``WCError/Code/payloadTooLarge`` (over 65 536 bytes serialized),
  ///   ``WCError/Code/payloadUnsupportedTypes``, ``WCError/Code/sessionMissingDelegate``.
  public func updateApplicationContext(_ applicationContext: [String: Any]) throws {
    if released("updateApplicationContext(_:)") { throw WCError(.sessionNotActivated) }
    guard let bytes = PayloadBytes(dictionary: applicationContext) else {
      logLocalFailure(.applicationContext, .payloadUnsupportedTypes)
      throw WCError(.payloadUnsupportedTypes)
    }
    let outcome = send(.applicationContext, bytes, wantsReply: false) { _, link, _ in
      link.sentContext[self.device] = bytes
    }
    switch outcome {
    case .sent, .ignored: return
    case .failed(_, let code): throw WCError(code)
    }
  }

  // MARK: - User info

  /// Queues `userInfo` for the counterpart: delivered in send order, `phone.link.transferLatency`
  /// (default 1 s) after the counterpart can receive it (a suspended or not-running watch app is
  /// woken or launched for it, docs/phone-link.md#waking-the-watch-app), kept across a relaunch
  /// of either side;
  /// the delegate's `session(_:didFinish:error:)` follows delivery (Apple doc:
  /// https://developer.apple.com/documentation/watchconnectivity/wcsession/transferuserinfo(_:)).
  /// A failure (not activated, not paired, too large, not a property list) comes as
  /// `didFinish` with the ``WCError``.
  @discardableResult
  public func transferUserInfo(_ userInfo: [String: Any] = [:]) -> WCSessionUserInfoTransfer {
    transferUserInfo(.userInfo, userInfo)
  }

  /// Sends `userInfo` to the watch's complication (iOS only in Apple's framework; Apple doc:
  /// https://developer.apple.com/documentation/watchconnectivity/wcsession/transfercurrentcomplicationuserinfo(_:)):
  /// with the complication enabled and ``remainingComplicationUserInfoTransfers`` left it is
  /// sent at once (a message's latency; the watch app receives it even when not running) and
  /// uses one of the day's transfers; else it waits in the user-info queue. The new transfer is
  /// the current one (``WCSessionUserInfoTransfer/isCurrentComplicationInfo``); the previous
  /// one stays queued, untagged.
  @discardableResult
  public func transferCurrentComplicationUserInfo(_ userInfo: [String: Any] = [:])
    -> WCSessionUserInfoTransfer
  {
    transferUserInfo(.complicationUserInfo, userInfo)
  }

  /// The user-info transfers (complication ones included) this side queued that are not
  /// delivered, failed nor cancelled, in send order (Apple doc:
  /// https://developer.apple.com/documentation/watchconnectivity/wcsession/outstandinguserinfotransfers).
  public var outstandingUserInfoTransfers: [WCSessionUserInfoTransfer] {
    if released("outstandingUserInfoTransfers") { return [] }
    return simulation.withLink { link, state in
      let numbers = state.session.withEngine { $0.outstandingTransfers(from: device.companion) }
      return Unchecked(
        value: numbers.filter { $0.kind == .userInfo || $0.kind == .complicationUserInfo }
          .compactMap { link.userInfoTransfers[$0.transfer] })
    }.value
  }

  // MARK: - Files

  /// Queues the file at `file` with `metadata` for the counterpart (Apple doc:
  /// https://developer.apple.com/documentation/watchconnectivity/wcsession/transferfile(_:metadata:)).
  ///
  /// The file's bytes are read now (a later change of the file does not travel); delivered in
  /// send order after the user info, `phone.link.transferLatency` after the counterpart can
  /// receive it. The receiver's `session(_:didReceive:)` gets a copy in a temporary Inbox
  /// folder of the simulation, deleted when the call returns. A file that cannot be read fails
  /// with ``WCError/Code/fileAccessDenied`` in `session(_:didFinish:error:)`.
  @discardableResult
  public func transferFile(_ file: URL, metadata: [String: Any]?) -> WCSessionFileTransfer {
    let sent = WCSessionFile(fileURL: file, metadata: metadata)
    if released("transferFile(_:metadata:)") {
      let object = WCSessionFileTransfer(transfer: 0, session: self, file: sent, byteCount: 0)
      object.markFinished(delivered: false)
      deliverReleased {
        $0.delegate?.session($0, didFinish: object, error: WCError(.sessionNotActivated))
      }
      return object
    }
    var metadataBytes: PayloadBytes?
    if let metadata {
      guard let bytes = PayloadBytes(dictionary: metadata) else {
        return failedFile(sent, .payloadUnsupportedTypes)
      }
      metadataBytes = bytes
    }
    guard let data = try? Data(contentsOf: file) else {
      return failedFile(sent, .fileAccessDenied)
    }
    let bytes = PayloadBytes(file: data, name: file.lastPathComponent, metadata: metadataBytes)
    let name = file.lastPathComponent
    let made = Unchecked(value: Holder<WCSessionFileTransfer>())
    let outcome = send(.file, bytes, wantsReply: false) { transfer, link, _ in
      let object = WCSessionFileTransfer(
        transfer: transfer, session: self, file: sent, byteCount: data.count)
      made.value.object = object
      link.fileTransfers[transfer] = object
      link.files[transfer] = (name, metadataBytes)
    }
    if case .failed(_, let code) = outcome, made.value.object == nil {
      return failedFile(sent, code)
    }
    return made.value.object
      ?? WCSessionFileTransfer(transfer: 0, session: self, file: sent, byteCount: data.count)
  }

  /// The file transfers this side queued that are not delivered, failed nor cancelled, in
  /// send order (Apple doc:
  /// https://developer.apple.com/documentation/watchconnectivity/wcsession/outstandingfiletransfers).
  public var outstandingFileTransfers: [WCSessionFileTransfer] {
    if released("outstandingFileTransfers") { return [] }
    return simulation.withLink { link, state in
      let numbers = state.session.withEngine { $0.outstandingTransfers(from: device.companion) }
      return Unchecked(
        value: numbers.filter { $0.kind == .file }.compactMap { link.fileTransfers[$0.transfer] })
    }.value
  }
}

/// A mutable slot filled under the lock.
final class Holder<Object>: @unchecked Sendable {
  var object: Object?
}

// MARK: - Internals

extension WCSession {
  /// What a send did.
  enum Outcome: Sendable {
    /// Accepted with this transfer number.
    case sent(Int)
    /// Failed at once (transfer number, code).
    case failed(Int, WCError.Code)
    /// The session belongs to a dead watch app process: nothing happened.
    case ignored
  }

  /// Whether `activate()` was called on this object (with a delegate). A relaunched watch
  /// app's new session is not activated until it calls it, even though the engine's side stays
  /// activated across the crash.
  var activateCalled: Bool { lock.withLock { activateCalledStorage } }

  /// Whether this session's app process is alive: its device's app has not crashed since it
  /// was made (`crash()` for the watch's, `crash(.phone)` for the phone's;
  /// docs/swift-api.md#crash-and-recovery).
  func isAlive(in state: inout AppSimulation.State) -> Bool {
    state.isAlive(process)
  }

  /// The app process that made the session (``AppProcess``: its device and process number).
  var process: AppProcess { AppProcess(device: device, generation: generation) }

  /// Notes that this session `what` (received a message, ...) at virtual now while it had no
  /// delegate, so the call went to no one: a stall names it, once per call and device
  /// ("WCSession on the phone received a message at t = 3 s but had no delegate: ...",
  /// `AppSimulation.noteNoDelegate(_:kind:at:advice:)`, docs/swift-api.md#nothing-silent).
  func noteNoDelegate(_ what: String, advice: String = "set session.delegate before activate()") {
    guard world != nil else { return }
    simulation.noteNoDelegate(
      "WCSession on the \(device.rawValue) \(what)", kind: "WCSession.\(device.rawValue).\(what)",
      at: simulation.now.timeIntervalSince(simulation.startDate), advice: advice)
  }

  /// Whether this session's app process is alive.
  var isAlive: Bool {
    guard let world else { return false }
    let process = process
    return world.mutate { state in state.isAlive(process) }
  }

  /// Reads the engine for a live session, `dead()` for one of a crashed process or of a
  /// released simulation (``released(_:)``, naming the property `call`).
  func read<R: Sendable>(
    call: String = #function, _ body: (WorkoutEngine<PhysiologyDataSource>) -> R,
    dead: () -> R
  ) -> R {
    if released(call) { return dead() }
    let value = simulation.mutate { state -> R? in
      guard isAlive(in: &state) else { return nil }
      return state.session.withEngine { body($0) }
    }
    return value ?? dead()
  }

  /// Logs a call of a dead process's session, ignored.
  static func logIgnored(
    _ call: String, device: AppSimulation.Device, in state: inout AppSimulation.State
  ) {
    state.log(
      SystemEvent(
        framework: .watchConnectivity, event: "callIgnored", identifier: call,
        details: [
          "device": .string(device.rawValue),
          "reason": .string("the app process that made this session crashed"),
        ]))
  }

  /// Performs a send of `kind` in the engine; `register` records what the framework keeps for
  /// the transfer (under the lock, before the engine's entries are delivered).
  func send(
    _ kind: LinkTransferKind, _ bytes: PayloadBytes, wantsReply: Bool,
    register: (Int, inout WatchConnectivityState, inout AppSimulation.State) -> Void
  ) -> Outcome {
    let outcome = performSend(kind, bytes, wantsReply: wantsReply, register: register)
    switch outcome {
    case .failed(_, .sessionMissingDelegate): warnUnset(kind, code: .sessionMissingDelegate)
    case .failed(_, .sessionNotActivated) where !activateCalled:
      warnUnset(kind, code: .sessionNotActivated)
    default: break
    }
    return outcome
  }

  /// Reports, once per session and code, a send that failed because the app never set this
  /// session's delegate (``WCError/Code/sessionMissingDelegate``) or never called
  /// ``activate()`` on it (``WCError/Code/sessionNotActivated``): a
  /// `notDelivered` warning saying what to write, since the failure otherwise reaches only a
  /// handler or delegate the app may not have (a project rule: the new-user trial 24's
  /// singleton, whose `init` set the delegate and activated in the first test's simulation
  /// only, sent nothing in every later test and passed). Names the singleton when a session of
  /// an earlier simulation of the process had a delegate (docs/phone-link.md#one-session-per-simulation).
  func warnUnset(_ kind: LinkTransferKind, code: WCError.Code) {
    guard let world else { return }
    let first = lock.withLock { warnedCodes.insert(code.rawValue).inserted }
    guard first else { return }
    let earlier = Self.delegateSimulations.withLock { serials in
      serials.contains { $0 != world.serial }
    }
    let missing =
      code == .sessionMissingDelegate
      ? "WCSession.default on the \(device.rawValue) has no delegate"
      : "WCSession.default on the \(device.rawValue) was never activated"
    var message =
      "\(missing), so this \(kind.rawValue) send failed with WCError.\(code == .sessionMissingDelegate ? "sessionMissingDelegate" : "sessionNotActivated") (\(code.rawValue)) and nothing was sent: set session.delegate and call activate() in this simulation before sending"
    if earlier {
      message +=
        "; a WCSession of an earlier simulation in this process had a delegate: each simulation has its own WCSession.default, so a singleton or static that set the delegate and activated in its init did so only in the first test's simulation. Set the delegate and activate in each simulation, e.g. from the app's launch code run inside simulation.run (docs/phone-link.md#one-session-per-simulation)"
    }
    let call = "WCSession.\(Self.callName(of: kind))"
    let reports = world.mutate { state in
      world.keepReports(
        .notDelivered, [message], framework: "WatchConnectivity", call: call, in: &state)
    }
    reports.forEach(AppSimulation.writeToStandardError)
  }

  /// The public method of a send of `kind`, as reports name it.
  static func callName(of kind: LinkTransferKind) -> String {
    switch kind {
    case .message: "sendMessage(_:replyHandler:errorHandler:)"
    case .messageData: "sendMessageData(_:replyHandler:errorHandler:)"
    case .applicationContext: "updateApplicationContext(_:)"
    case .userInfo: "transferUserInfo(_:)"
    case .complicationUserInfo: "transferCurrentComplicationUserInfo(_:)"
    case .file: "transferFile(_:metadata:)"
    }
  }

  /// The serial numbers of the simulations in which app code set a `WCSession`'s delegate
  /// (``warnUnset(_:code:)`` names a singleton kept from an earlier one).
  static let delegateSimulations = Mutex<Set<Int>>([])

  /// ``send(_:_:wantsReply:register:)``'s work in the engine.
  private func performSend(
    _ kind: LinkTransferKind, _ bytes: PayloadBytes, wantsReply: Bool,
    register: (Int, inout WatchConnectivityState, inout AppSimulation.State) -> Void
  ) -> Outcome {
    simulation.withLink { link, state in
      guard isAlive(in: &state) else {
        Self.logIgnored(kind.rawValue, device: device, in: &state)
        return .ignored
      }
      guard delegate != nil else {
        Self.logFailure(kind, .sessionMissingDelegate, device: device, in: &state)
        return .failed(0, .sessionMissingDelegate)
      }
      let from = device.companion
      if !activateCalled, state.session.withEngine({ $0.linkActivationState(from) }) != 0 {
        // The engine's side is activated (by this app's previous process): this object is not.
        Self.logFailure(kind, .sessionNotActivated, device: device, in: &state)
        return .failed(0, .sessionNotActivated)
      }
      let (transfer, code) = state.session.withEngine { engine -> (Int, LinkErrorCode?) in
        let before = engine.effects.count
        engine.perform(
          .link(.send(kind, from: from, payload: bytes.payload, wantsReply: wantsReply)),
          at: engine.now)
        for effect in engine.effects[before...] {
          guard case .link(let event) = effect.kind,
            case .failed(let failedKind, let sender, let code) = event.change,
            failedKind == kind, sender == from
          else { continue }
          return (event.transfer ?? 0, code)
        }
        return (engine.lastTransferNumber, nil)
      }
      register(transfer, &link, &state)
      guard let code else {
        link.payloads[transfer] = bytes
        return .sent(transfer)
      }
      return .failed(transfer, WCError.Code(rawValue: code.rawValue) ?? .genericError)
    }
  }

  /// `sendMessage` / `sendMessageData` with their handlers.
  func sendMessage(
    _ kind: LinkTransferKind, _ bytes: PayloadBytes, reply: Unchecked<(PayloadBytes) -> Void>?,
    error: Unchecked<(any Error) -> Void>?, call: StaticString = #function
  ) {
    let outcome = send(kind, bytes, wantsReply: reply != nil) { transfer, link, state in
      link.handlers[transfer] = WatchConnectivityState.Handlers(
        device: device, generation: state.processGeneration(of: device), reply: reply,
        error: error)
    }
    // A failure the framework found itself (no engine entry) goes to the error handler here;
    // the engine's failures come through its `failed` entry.
    if case .failed(0, let code) = outcome {
      failLocally(kind, code, error, logged: true, call: call)
    }
  }

  /// Calls `error`'s handler with `code` at the next delivery, logging the failure; owed by
  /// the public method `call` (reported under that name after the run).
  func failLocally(
    _ kind: LinkTransferKind, _ code: WCError.Code, _ error: Unchecked<(any Error) -> Void>?,
    logged: Bool = false, call: StaticString = #function
  ) {
    if !logged { logLocalFailure(kind, code) }
    guard let error else { return }
    let device = self.device
    simulation.enqueue(
      call: call, of: "WCSession",
      WatchConnectivityState.run(on: device) { error.value(WCError(code)) })
  }

  /// Logs a failure the framework found before the engine saw the call (a payload that is not
  /// a property list, an unreadable file, no delegate).
  func logLocalFailure(_ kind: LinkTransferKind, _ code: WCError.Code) {
    simulation.mutate { state in Self.logFailure(kind, code, device: device, in: &state) }
  }

  /// The `system` entry of a failure found by the framework.
  static func logFailure(
    _ kind: LinkTransferKind, _ code: WCError.Code, device: AppSimulation.Device,
    in state: inout AppSimulation.State
  ) {
    state.log(
      SystemEvent(
        framework: .watchConnectivity, event: "sendFailed", identifier: kind.rawValue,
        details: [
          "device": .string(device.rawValue), "code": .integer(code.rawValue),
          "error": .string(code.localizedDescription),
        ]))
  }

  /// `transferUserInfo` and `transferCurrentComplicationUserInfo`.
  func transferUserInfo(
    _ kind: LinkTransferKind, _ userInfo: [String: Any], call: StaticString = #function
  ) -> WCSessionUserInfoTransfer {
    let complication = kind == .complicationUserInfo
    if released("\(call)") {
      let empty = PayloadBytes(dictionary: [:])!
      let object = WCSessionUserInfoTransfer(
        transfer: 0, session: self, bytes: empty, isCurrentComplicationInfo: false)
      object.markFinished()
      deliverReleased(call: call) {
        $0.delegate?.session($0, didFinish: object, error: WCError(.sessionNotActivated))
      }
      return object
    }
    guard let bytes = PayloadBytes(dictionary: userInfo) else {
      let empty = PayloadBytes(dictionary: [:])!
      let object = WCSessionUserInfoTransfer(
        transfer: 0, session: self, bytes: empty, isCurrentComplicationInfo: false)
      finishLocally(object, .payloadUnsupportedTypes, kind: kind, call: call)
      return object
    }
    let made = Unchecked(value: Holder<WCSessionUserInfoTransfer>())
    let outcome = send(kind, bytes, wantsReply: false) { transfer, link, _ in
      let object = WCSessionUserInfoTransfer(
        transfer: transfer, session: self, bytes: bytes, isCurrentComplicationInfo: complication)
      made.value.object = object
      link.userInfoTransfers[transfer] = object
      if complication {
        link.currentComplication?.untagCurrent()
        link.currentComplication = object
      }
    }
    let object =
      made.value.object
      ?? WCSessionUserInfoTransfer(
        transfer: 0, session: self, bytes: bytes, isCurrentComplicationInfo: false)
    if case .failed(0, let code) = outcome {
      finishLocally(object, code, kind: kind, logged: true, call: call)
    }
    return object
  }

  /// `didFinish` with `code` for a user-info transfer that failed in the framework.
  func finishLocally(
    _ object: WCSessionUserInfoTransfer, _ code: WCError.Code, kind: LinkTransferKind,
    logged: Bool = false, call: StaticString = #function
  ) {
    if !logged { logLocalFailure(kind, code) }
    object.markFinished()
    simulation.enqueue(
      call: call, of: "WCSession",
      WatchConnectivityState.call(self, "finished a user-info transfer") {
        $1.session($0, didFinish: object, error: WCError(code))
      })
  }

  /// A file transfer that failed before the engine queued it: `didFinish` with `code`.
  func failedFile(
    _ file: WCSessionFile, _ code: WCError.Code, call: StaticString = #function
  ) -> WCSessionFileTransfer {
    let object = WCSessionFileTransfer(transfer: 0, session: self, file: file, byteCount: 0)
    object.markFinished(delivered: false)
    if code != .sessionMissingDelegate { logLocalFailure(.file, code) }
    simulation.enqueue(
      call: call, of: "WCSession",
      WatchConnectivityState.call(self, "finished a file transfer") {
        $1.session($0, didFinish: object, error: WCError(code))
      })
    return object
  }

  /// Whether transfer `transfer` of this side is still outstanding in the engine.
  func isOutstanding(_ transfer: Int) -> Bool {
    read(call: "isTransferring") { engine in
      engine.outstandingTransfers(from: device.companion).contains { $0.transfer == transfer }
    } dead: {
      false
    }
  }

  /// Cancels transfer `transfer` (the engine logs `cancelled`; no `didFinish`).
  func cancel(_ transfer: Int) {
    if released("cancel()") { return }
    simulation.withLink { _, state in
      guard isAlive(in: &state) else {
        return Self.logIgnored("cancel", device: device, in: &state)
      }
      state.session.withEngine { $0.perform(.link(.cancel(transfer: transfer)), at: $0.now) }
    }
  }

  /// The receiver's reply to message `transfer` (`bytes` nil: the reply is not a property
  /// list; it is dropped with a `system` entry and the sender times out).
  func reply(to transfer: Int, with bytes: PayloadBytes?) {
    if released("replyHandler") { return }
    simulation.withLink { link, state in
      guard isAlive(in: &state) else { return Self.logIgnored("reply", device: device, in: &state) }
      guard let bytes else {
        return Self.logFailure(.message, .payloadUnsupportedTypes, device: device, in: &state)
      }
      link.replies[transfer] = bytes
      state.session.withEngine {
        $0.perform(.link(.reply(transfer: transfer, payload: bytes.payload)), at: $0.now)
      }
    }
  }
}

// MARK: - A session kept past its simulation

extension WCSession {
  /// Whether this session's simulation was released (the session kept past its test, in a
  /// static or a singleton such as `WatchConnectivityManager.shared`): then `call` must do
  /// nothing but what a session that is not activated does (``isReachable`` `false`,
  /// ``activationState`` ``WCSessionActivationState/notActivated``, sends fail with
  /// ``WCError/Code/sessionNotActivated``), and the first such call of this object is
  /// reported: a `foreignObject` report in the current simulation, if a `run` is in progress,
  /// else a line on standard error (project rule, docs/phone-link.md#a-session-kept-past-its-simulation:
  /// the same mistake with `HKHealthStore` is a report, not a crash of the test process).
  func released(_ call: String) -> Bool {
    guard world == nil else { return false }
    let first = lock.withLock {
      defer { releasedReported = true }
      return !releasedReported
    }
    guard first else { return true }
    let message =
      "this WCSession belongs to a simulation that has ended, so its calls do nothing "
      + "(isReachable false, activationState notActivated, sends fail with "
      + "WCError.sessionNotActivated): get WCSession.default inside each test's run; don't "
      + "keep it in a static or singleton across simulations"
    if let current = AppSimulation.currentOrOnlyRunningQuietly {
      current.reportForeignValue(
        call: "WCSession.\(call)", message: message, framework: "WatchConnectivity")
    } else {
      FileHandle.standardError.write(
        Data("workout-sim: foreignObject WatchConnectivity WCSession.\(call): \(message)\n".utf8))
    }
    return true
  }

  /// A send of a released session: `error`'s handler gets ``WCError/Code/sessionNotActivated``
  /// (``deliverReleased(call:_:)``).
  func failReleased(
    _ error: Unchecked<(any Error) -> Void>?, call: StaticString = #function
  ) {
    guard let error else { return }
    deliverReleased(call: call) { _ in error.value(WCError(.sessionNotActivated)) }
  }

  /// Runs `body` with this session (an error handler, the delegate's `didFinish`) for a call
  /// of a released session: in the current simulation's lane, delivered at its next `advance`
  /// or `settle` as any handler is, or at once outside a `run`.
  func deliverReleased(call: StaticString = #function, _ body: @escaping (WCSession) -> Void) {
    let session = self
    let device = self.device
    let box = Unchecked(value: body)
    let callback: AppSimulation.Callback = {
      AppSimulation.$currentDevice.withValue(device) { box.value(session) }
    }
    guard let current = AppSimulation.currentOrOnlyRunningQuietly else { return callback() }
    current.enqueue(call: call, of: "WCSession", callback)
  }
}

extension WCError {
  /// The error of the engine's `code`.
  init(link code: LinkErrorCode) {
    self.init(WCError.Code(rawValue: code.rawValue) ?? .genericError)
  }
}
