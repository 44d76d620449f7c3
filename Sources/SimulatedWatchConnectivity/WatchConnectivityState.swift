import SimulationDriver
import WorkoutCore
import WorkoutSystem

/// A weak reference to the simulation (the state lives inside it).
struct WeakSimulation: @unchecked Sendable {
  weak var object: AppSimulation?
}

/// A value the framework keeps for app code that is not `Sendable` (a handler closure, a
/// transfer object): only touched under the simulation's lock or in the callback that runs it.
struct Unchecked<Value>: @unchecked Sendable {
  let value: Value
}

/// WatchConnectivity's state behind the simulation's lock: each device's `WCSession.default`,
/// the payload bytes by transfer number, the handlers waiting for replies and errors, the
/// transfer objects the senders hold, and the application contexts.
struct WatchConnectivityState: SimulationExtension {
  /// The sender's reply and error handlers of a message.
  struct Handlers {
    /// The sending device.
    let device: AppSimulation.Device
    /// The watch app process that sent it (a crash drops its handlers).
    let generation: Int
    /// `replyHandler` of `sendMessage` (a dictionary) or `sendMessageData` (data).
    let reply: Unchecked<(PayloadBytes) -> Void>?
    /// `errorHandler`.
    let error: Unchecked<(any Error) -> Void>?
  }

  let simulation: WeakSimulation
  /// Each device's `WCSession.default`, and the watch app process it belongs to.
  var sessions: [AppSimulation.Device: (session: WCSession, generation: Int)] = [:]
  /// What each transfer number carries (the sender's copy, delivered as a fresh copy).
  var payloads: [Int: PayloadBytes] = [:]
  /// The file names (and metadata) of file transfers, by transfer number.
  var files: [Int: (name: String, metadata: PayloadBytes?)] = [:]
  /// The reply bytes of a message, by its transfer number (set when the receiver replies).
  var replies: [Int: PayloadBytes] = [:]
  /// The handlers of messages not yet answered or failed.
  var handlers: [Int: Handlers] = [:]
  /// The user-info and file transfer objects by transfer number (the sender's view).
  var userInfoTransfers: [Int: WCSessionUserInfoTransfer] = [:]
  var fileTransfers: [Int: WCSessionFileTransfer] = [:]
  /// The last complication user-info transfer of the phone (the one tagged current).
  var currentComplication: WCSessionUserInfoTransfer?
  /// `didFinish` calls due to a side whose relaunched app has not activated its new session
  /// yet (Apple: "called on next launch"): delivered when it activates.
  var pendingFinishes:
    [AppSimulation.Device: [(kind: LinkTransferKind, transfer: Int, error: WCError?)]] =
      [:]
  /// Content delivered to the watch that its app's session has not handed to the delegate yet,
  /// in delivery order (``WCSession/hasContentPending``): it waits for a live, activated
  /// session, and for the app's delegate to be handed the background task of the wake it came
  /// with (docs/phone-link.md#waking-the-watch-app).
  var pendingContent: [PendingContent] = []
  /// The last application context each device sent, and the last it received.
  var sentContext: [AppSimulation.Device: PayloadBytes] = [:]
  var receivedContext: [AppSimulation.Device: PayloadBytes] = [:]
  /// The per-simulation folder received files are put in
  /// (`<tmp>/workout-sim-wc-w<world>-p<pid>-s<start>-<UUID>/Inbox`: named after this process,
  /// ``ProcessOwnedFiles/temporaryFolder(prefix:)``).
  let inbox: URL

  /// The start of the name of a simulation's folder under the temporary folder.
  static let folderPrefix = "workout-sim-wc-"

  /// Removes the simulation's folder of received files and watch directory
  /// (`<tmp>/workout-sim-wc-…`) when the simulation is released, so runs leave nothing in the
  /// temporary folder; a folder a killed run left is removed by the next process that makes
  /// one (``ProcessOwnedFiles/temporaryFolder(prefix:)``; docs/phone-link.md).
  func release() {
    try? FileManager.default.removeItem(at: inbox.deletingLastPathComponent())
  }

  /// One delivery waiting in ``pendingContent``: the delegate call, and what it is for a stall's
  /// message.
  struct PendingContent {
    let what: String
    let body: Unchecked<(WCSession, any WCSessionDelegate) -> Void>
    /// Whether an end-of-run warning named it (``endOfRunWarnings(stalled:in:)``).
    var reported = false
  }

  init(simulation: AppSimulation) {
    self.simulation = WeakSimulation(object: simulation)
    inbox = ProcessOwnedFiles.temporaryFolder(prefix: Self.folderPrefix)
      .appendingPathComponent("Inbox", isDirectory: true)
  }
}

extension WatchConnectivityState {
  /// What waits in ``pendingContent``, for a stall's message and the end-of-run warning:
  /// `"2 pieces of content from the phone (received user info; received an application
  /// context) waited for WCSession.default.activate() on the watch"`, or, while the content is
  /// held for a wake's task (SimulationDriver's `WatchLinkWakes`), for that task's hand-over.
  /// `nil` when nothing waits.
  static func waitingClause(_ pieces: [PendingContent], held: Bool) -> String? {
    guard !pieces.isEmpty else { return nil }
    let count = pieces.count == 1 ? "1 piece" : "\(pieces.count) pieces"
    let what = pieces.map(\.what).joined(separator: "; ")
    let waited =
      held
      ? "the hand-over of the WKWatchConnectivityRefreshBackgroundTask of the wake it came with "
        + "to the app's delegate (its handle(_:))"
      : "WCSession.default.activate() on the watch"
    return "\(count) of content from the phone (the session's delegate would have \(what)) "
      + "waited for \(waited)"
  }

  /// The content from the phone waiting for the watch app's session, for a stall's message
  /// (docs/phone-link.md#waking-the-watch-app).
  func stallClauses(in state: AppSimulation.State) -> [String] {
    let held = state.watchLinkContentHeld()
    return Self.waitingClause(pendingContent, held: held).map { [$0] } ?? []
  }

  /// The content from the phone still in ``pendingContent`` when the outermost `run` returns,
  /// not named before: one ``AppSimulation/Report/Kind-swift.enum/notDelivered`` warning
  /// (project rule: on a device it would wait for the next process that activates its session,
  /// which a test never sees; docs/phone-link.md#waking-the-watch-app).
  mutating func endOfRunWarnings(stalled: Bool, in state: inout AppSimulation.State) -> [(
    framework: String, call: String, message: String
  )] {
    let fresh = pendingContent.filter { !$0.reported }
    for index in pendingContent.indices { pendingContent[index].reported = true }
    let held = state.watchLinkContentHeld()
    guard !stalled, let clause = Self.waitingClause(fresh, held: held) else { return [] }
    let advice =
      held
      ? "the app's delegate was not handed the task by then: set WKApplication.shared().delegate "
        + "(or launch the app with simulation.launchWatchApp { MyAppDelegate() }) and advance "
        + "past the wake"
      : "the watch app's process running then never called WCSession.default.activate(), and "
        + "the system hands background content only to an activated session (Apple: "
        + "activating the session lets it deliver any outstanding background transfers). Set "
        + "WCSession.default.delegate and call activate() as every process of the app launches "
        + "(applicationDidFinishLaunching): a process the system launches in the background for "
        + "content from the phone runs that code too"
    return [
      (
        framework: "WatchConnectivity",
        call: held ? "WKApplicationDelegate.handle(_:)" : "WCSession.activate()",
        message: "when run(_:) returned, \(clause): \(advice)"
      )
    ]
  }
}

extension AppSimulation.Device {
  /// The engine's device.
  var companion: CompanionDevice {
    switch self {
    case .watch: .watch
    case .phone: .phone
    }
  }
}

extension CompanionDevice {
  /// The simulation's device.
  var device: AppSimulation.Device {
    switch self {
    case .watch: .watch
    case .phone: .phone
    }
  }
}

extension AppSimulation {
  /// Runs `body` on WatchConnectivity's state under the lock (the engine's new entries are
  /// turned into callbacks after it).
  func withLink<R: Sendable>(
    _ body: (inout WatchConnectivityState, inout AppSimulation.State) -> R
  ) -> R {
    mutate { state in state.withExtension(WatchConnectivityState.self, of: self, body) }
  }
}

/// Turns the engine's `link` effects into WatchConnectivity's delegate calls and handlers, each
/// run as the code of the device it is for (`AppSimulation.$currentDevice`).
struct LinkListener: EffectListener {
  func callbacks(for effect: EngineEffect, date: Date, state: inout AppSimulation.State)
    -> [AppSimulation.Callback]
  {
    guard case .link(let event) = effect.kind,
      let simulation = state.extensionState(WatchConnectivityState.self)?.simulation.object
    else { return [] }
    return state.withExtension(WatchConnectivityState.self, of: simulation) { link, state in
      link.callbacks(for: event, state: &state)
    }
  }
}

extension WatchConnectivityState {
  /// The live `WCSession.default` of `device` (only while its device's app process lives).
  func liveSession(_ device: AppSimulation.Device, in state: inout AppSimulation.State)
    -> WCSession?
  {
    guard let entry = sessions[device],
      state.isAlive(AppProcess(device: device, generation: entry.generation))
    else { return nil }
    return entry.session
  }

  /// A callback that runs `body` with `session`'s delegate as `device`'s code; a live session
  /// without a delegate has the call, `what` it did, noted for a stall
  /// (``WCSession/noteNoDelegate(_:advice:)``).
  static func call(
    _ session: WCSession, _ what: String,
    _ body: @escaping (WCSession, any WCSessionDelegate) -> Void
  ) -> AppSimulation.Callback {
    let box = Unchecked(value: body)
    return {
      guard session.isAlive else { return }
      guard let delegate = session.delegate else { return session.noteNoDelegate(what) }
      AppSimulation.$currentDevice.withValue(session.device) {
        box.value(session, delegate)
      }
    }
  }

  /// The callbacks of one `link` event.
  mutating func callbacks(for event: LinkEvent, state: inout AppSimulation.State)
    -> [AppSimulation.Callback]
  {
    switch event.change {
    case .activated(let device):
      guard let session = liveSession(device.device, in: &state) else { return [] }
      return [
        Self.call(session, "completed its activation") { session, delegate in
          delegate.session(session, activationDidCompleteWith: .activated, error: nil)
        }
      ]
    case .reachability(let device, _):
      guard let session = liveSession(device.device, in: &state) else { return [] }
      return [
        Self.call(session, "changed its reachability") { session, delegate in
          delegate.sessionReachabilityDidChange(session)
        }
      ]
    case .watchState:
      removeWatchDirectoryIfGone(in: state)
      guard let session = liveSession(.phone, in: &state) else { return [] }
      return [
        Self.call(session, "changed its watch state") { session, delegate in
          delegate.sessionWatchStateDidChange(session)
        }
      ]
    case .phoneApp, .queued, .contextReplaced:
      return []
    case .delivered(let kind, let to, _, let replyExpected):
      guard let transfer = event.transfer else { return [] }
      return delivered(
        kind, to: to.device, transfer: transfer, replyExpected: replyExpected, state: &state)
    case .replied:
      guard let transfer = event.transfer, let handlers = handlers.removeValue(forKey: transfer),
        let reply = handlers.reply, let bytes = replies.removeValue(forKey: transfer),
        isLive(handlers, in: &state)
      else { return [] }
      return [Self.run(on: handlers.device) { reply.value(bytes) }]
    case .failed(let kind, let from, let code):
      guard let transfer = event.transfer else { return [] }
      return failed(kind, from: from.device, transfer: transfer, code: code, state: &state)
    case .finished(let kind, let from):
      guard let transfer = event.transfer else { return [] }
      return finished(kind, from: from.device, transfer: transfer, error: nil, state: &state)
    case .cancelled:
      // Apple: a cancelled transfer gets no `didFinish`.
      if let transfer = event.transfer { payloads[transfer] = nil }
      return []
    }
  }

  /// Whether the process that registered `handlers` still runs.
  func isLive(_ handlers: Handlers, in state: inout AppSimulation.State) -> Bool {
    state.isAlive(AppProcess(device: handlers.device, generation: handlers.generation))
  }

  /// A callback that runs `body` as `device`'s code.
  static func run(on device: AppSimulation.Device, _ body: @escaping () -> Void)
    -> AppSimulation.Callback
  {
    let box = Unchecked(value: body)
    return { AppSimulation.$currentDevice.withValue(device) { box.value() } }
  }

  /// The receiver's delegate call for a delivery.
  mutating func delivered(
    _ kind: LinkTransferKind, to device: AppSimulation.Device, transfer: Int,
    replyExpected: Bool, state: inout AppSimulation.State
  ) -> [AppSimulation.Callback] {
    guard let bytes = payloads[transfer] else { return [] }
    if kind != .file { payloads[transfer] = nil }
    // The sender's file transfer is complete at delivery (its `didFinish` may come later).
    if kind == .file { fileTransfers[transfer]?.completeProgress() }
    if kind == .applicationContext { receivedContext[device] = bytes }
    if device == .watch, kind != .message, kind != .messageData {
      return pend(kind, transfer: transfer, bytes: bytes, state: &state)
    }
    guard let session = liveSession(device, in: &state),
      let content = delivery(kind, transfer: transfer, bytes: bytes, replyExpected: replyExpected)
    else { return [] }
    return [Self.call(session, content.what, content.body.value)]
  }

  /// The receiver's delegate call for a delivery of `kind` (`nil` for a payload that cannot be
  /// read back, or a file whose name is gone).
  mutating func delivery(
    _ kind: LinkTransferKind, transfer: Int, bytes: PayloadBytes, replyExpected: Bool
  ) -> PendingContent? {
    func content(_ what: String, _ body: @escaping (WCSession, any WCSessionDelegate) -> Void)
      -> PendingContent
    {
      PendingContent(what: what, body: Unchecked(value: body))
    }
    switch kind {
    case .message:
      guard let message = bytes.dictionary() else { return nil }
      let box = Unchecked(value: message)
      guard replyExpected else {
        return content("received a message") { $1.session($0, didReceiveMessage: box.value) }
      }
      return content("received a message") { session, delegate in
        delegate.session(session, didReceiveMessage: box.value) { reply in
          session.reply(to: transfer, with: PayloadBytes(dictionary: reply))
        }
      }
    case .messageData:
      guard replyExpected else {
        return content("received message data") {
          $1.session($0, didReceiveMessageData: bytes.data)
        }
      }
      return content("received message data") { session, delegate in
        delegate.session(session, didReceiveMessageData: bytes.data) { reply in
          session.reply(to: transfer, with: PayloadBytes(messageData: reply))
        }
      }
    case .applicationContext:
      guard let context = bytes.dictionary() else { return nil }
      let box = Unchecked(value: context)
      return content("received an application context") {
        $1.session($0, didReceiveApplicationContext: box.value)
      }
    case .userInfo, .complicationUserInfo:
      guard let info = bytes.dictionary() else { return nil }
      let box = Unchecked(value: info)
      return content("received user info") { $1.session($0, didReceiveUserInfo: box.value) }
    case .file:
      payloads[transfer] = nil
      guard let file = files[transfer] else { return nil }
      let folder = inbox.appendingPathComponent(String(transfer), isDirectory: true)
      let url = folder.appendingPathComponent(file.name)
      let metadata = file.metadata.flatMap { $0.dictionary() }
      let box = Unchecked(value: metadata)
      return content("received a file") { session, delegate in
        // The file appears in the Inbox for the call and is deleted when it returns (Apple:
        // "deleted when session(_:didReceive:) returns unless the app moves it").
        do {
          try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
          try bytes.data.write(to: url)
        } catch {
          return
        }
        delegate.session(session, didReceive: WCSessionFile(fileURL: url, metadata: box.value))
        try? FileManager.default.removeItem(at: folder)
      }
    }
  }

  /// A background transfer's content for the watch (application context, user info, a file):
  /// kept in ``pendingContent`` and handed to the delegate of the watch app's live, activated
  /// session, in delivery order, once nothing holds it (``deliverPendingContent(of:)``). While
  /// the app's delegate has not been handed the `WKWatchConnectivityRefreshBackgroundTask` of
  /// the wake it came with, it is held until then (SimulationDriver's `WatchLinkWakes`); a
  /// relaunched app's new session gets it when it activates (Apple: activating the session
  /// lets the system "deliver any outstanding background transfers";
  /// docs/phone-link.md#waking-the-watch-app).
  mutating func pend(
    _ kind: LinkTransferKind, transfer: Int, bytes: PayloadBytes,
    state: inout AppSimulation.State
  ) -> [AppSimulation.Callback] {
    guard let simulation = simulation.object,
      let content = delivery(kind, transfer: transfer, bytes: bytes, replyExpected: false)
    else { return [] }
    pendingContent.append(content)
    let flush: AppSimulation.Callback = { [weak simulation] in
      simulation?.deliverPendingContent()
    }
    // The wake's task was made at the wake's own effect, before this delivery.
    guard state.watchLinkContentHeld() else { return [flush] }
    state.withExtension(WatchLinkWakes.self, of: simulation) { wake, _ in wake.held.append(flush) }
    return []
  }

  /// The sender's error handler (messages) or `didFinish` with the error (transfers).
  mutating func failed(
    _ kind: LinkTransferKind, from device: AppSimulation.Device, transfer: Int,
    code: LinkErrorCode, state: inout AppSimulation.State
  ) -> [AppSimulation.Callback] {
    payloads[transfer] = nil
    replies[transfer] = nil
    let error = WCError(link: code)
    switch kind {
    case .message, .messageData:
      guard let handlers = handlers.removeValue(forKey: transfer), let handler = handlers.error,
        isLive(handlers, in: &state)
      else { return [] }
      return [Self.run(on: handlers.device) { handler.value(error) }]
    case .applicationContext:
      // `updateApplicationContext` threw it.
      return []
    case .userInfo, .complicationUserInfo, .file:
      return finished(kind, from: device, transfer: transfer, error: error, state: &state)
    }
  }

  /// The sender's `didFinish` for a user-info or file transfer.
  mutating func finished(
    _ kind: LinkTransferKind, from device: AppSimulation.Device, transfer: Int,
    error: WCError?, state: inout AppSimulation.State
  ) -> [AppSimulation.Callback] {
    // A delivery's `didFinish` for a relaunched app waits until its new session activates;
    // a failure goes to the session that made the call.
    guard let session = liveSession(device, in: &state), error != nil || session.activateCalled
    else {
      pendingFinishes[device, default: []].append((kind, transfer, error))
      return []
    }
    let failure = error.map { Unchecked(value: $0) }
    switch kind {
    case .userInfo, .complicationUserInfo:
      guard let object = userInfoTransfers.removeValue(forKey: transfer) else { return [] }
      object.markFinished()
      return [
        Self.call(session, "finished a user-info transfer") {
          $1.session($0, didFinish: object, error: failure?.value)
        }
      ]
    case .file:
      files[transfer] = nil
      guard let object = fileTransfers.removeValue(forKey: transfer) else { return [] }
      object.markFinished(delivered: error == nil)
      return [
        Self.call(session, "finished a file transfer") {
          $1.session($0, didFinish: object, error: failure?.value)
        }
      ]
    case .message, .messageData, .applicationContext:
      return []
    }
  }
}

extension AppSimulation {
  /// Hands the watch's pending content (``WatchConnectivityState/pendingContent``) to the
  /// delegate of the watch app's live, activated session as the watch's code, one delivery at a
  /// time in order, unless it is held for the task of a wake (SimulationDriver's
  /// `WatchLinkWakes`). Each delivery leaves the list before its call, so
  /// ``WCSession/hasContentPending`` reads `false` during the last one (Apple: "whether the
  /// session has more content to deliver").
  func deliverPendingContent() {
    while let next = withLink({ link, state -> AppSimulation.Callback? in
      guard !link.pendingContent.isEmpty, !state.watchLinkContentHeld(),
        let session = link.liveSession(.watch, in: &state), session.activateCalled
      else { return nil }
      let content = link.pendingContent.removeFirst()
      return WatchConnectivityState.call(session, content.what, content.body.value)
    }) {
      next()
    }
  }
}
