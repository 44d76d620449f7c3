import WorkoutCore

/// The phone link (WatchConnectivity) as the two devices' systems see it: activation, range and
/// Wi-Fi, reachability, the phone app's state, and every transfer between the two apps, in the
/// shape of the engine's other machines (private state, one mutating method per event, each
/// returning what the engine must log or do). Instants are nanoseconds on the scenario clock.
///
/// Rules (docs/phone-link.md; Apple's `WCSession` reference,
/// https://developer.apple.com/documentation/watchconnectivity/wcsession, and project rules
/// named there):
/// - connected = not away, or on the same Wi-Fi. Reachable (watch side) = the watch session is
///   activated, connected, paired, and the watch app is frontmost or in the background kept
///   alive by a workout session. Reachable (phone side) = the phone session is activated, the
///   watch app is installed and the watch side is reachable.
/// - A send is refused at once (a `failed` event with its transfer number): not activated
///   (7004); from the phone, not paired (7005) or the watch app not installed (7006); a payload
///   over the limit (7009, not for files); a message while the sender's side is not reachable
///   (7007); complication user info from the watch (7008).
/// - A message is delivered `messageLatency` after the send (a not-running phone app is woken
///   into the background first; to a crashed phone app not yet relaunched it fails with 7014); a reply `messageLatency` after the receiver's reply; no reply
///   call within `replyTimeout` of the delivery fails with 7012; the sender's side becoming not
///   reachable before the reply (or the delivery) arrives fails with 7007.
/// - Queued transfers (application context, user info, complication user info, files) are
///   delivered `transferLatency` after they are deliverable (connected, the receiver's session
///   activated; to the phone its app running; to the watch the watch app installed, and a
///   suspended or not-running watch app is woken or launched into the background for them at
///   their due instant), at one
///   instant in the order application context, user info, files, each by transfer number; a
///   newer application context replaces an undelivered one. The sender's `didFinish` follows the
///   delivery (user info, complication user info, files) while the sender runs, else when it
///   runs again.
/// - Complication user info with the complication enabled and budget left is urgent: the budget
///   drops by one and it is delivered `messageLatency` later, waking the watch app into the
///   background; otherwise it is an ordinary user-info transfer. The budget is reset at each of
///   ``LinkConfiguration/budgetResets``.
/// - The apps' code is the engine's client (``AppReflexes``): wherever a step finds an app
///   running with its session not activated (``AppEvent/linkNotActivated(_:)``, before
///   reachability is reported) or delivers a message that expects a reply
///   (``AppEvent/messageExpectingReply(transfer:to:payload:)``) or an application context
///   (``AppEvent/applicationContextReceived(to:payload:)``), it asks the app's reflexes and
///   makes their `activate()` and reply calls at that point of the step.
struct LinkStateMachine: Sendable, Hashable {
  /// What the engine must do after an event, in order.
  enum Action: Sendable, Hashable {
    /// Log this event.
    case log(LinkEvent)
    /// Launch (or wake) the watch app into the background for an urgent complication transfer
    /// or a queued transfer due to it, then call ``deadlinePassed(at:watch:app:)`` again at the
    /// same instant.
    case wakeWatch
    /// Make a call the app's reflexes returned that is not the link's own (`activate()`, a
    /// reply): the engine makes it after the actions before it.
    case app(AppCall)
  }

  /// The watch app's state as the link needs it (computed by the engine from its lifecycle).
  struct WatchApp: Sendable, Hashable {
    /// The app's code runs and receives callbacks (active, inactive, background).
    var runs: Bool
    /// The app keeps the watch side reachable: frontmost, or in the background kept alive by a
    /// workout session.
    var reachable: Bool
  }

  /// Where one transfer is.
  private enum Stage: Sendable, Hashable {
    /// A message on its way to the receiver, due at the instant.
    case messageInFlight(at: Int64)
    /// Delivered; the receiver has until the instant to call the reply handler.
    case awaitingReply(until: Int64)
    /// The reply on its way back, due at the instant.
    case replyInFlight(at: Int64, payload: LinkPayload)
    /// An urgent complication transfer due at the instant; `woke` once the watch app was woken
    /// for it.
    case urgent(at: Int64, woke: Bool)
    /// Queued; due at the instant once deliverable (`nil` while it is not).
    case queued(at: Int64?)
    /// Delivered; the sender's `didFinish` waits for the sender's app to run.
    case finishPending
  }

  private struct Transfer: Sendable, Hashable {
    var number: Int
    var kind: LinkTransferKind
    var from: CompanionDevice
    var payload: LinkPayload
    var wantsReply: Bool
    var stage: Stage

    var receiver: CompanionDevice { from.counterpart }

    /// The log of the transfer's failure with `code` (its sender's error handler or
    /// `didFinish` hears it).
    func failure(_ code: LinkErrorCode) -> Action {
      .log(LinkEvent(transfer: number, change: .failed(kind, from: from, code)))
    }

    /// The instant the transfer has something due, or `nil`.
    var due: Int64? {
      switch stage {
      case .messageInFlight(let at), .awaitingReply(let at), .replyInFlight(let at, _),
        .urgent(let at, _):
        at
      case .queued(let at): at
      case .finishPending: nil
      }
    }

    /// Queued, neither delivered nor cancelled (the `outstanding...Transfers` lists).
    var isOutstanding: Bool {
      switch stage {
      case .queued, .urgent: kind != .applicationContext
      case .messageInFlight, .awaitingReply, .replyInFlight, .finishPending: false
      }
    }

    /// Delivery order at one instant: messages, urgent complication transfers, then
    /// application context, user info (and ordinary complication user info), files.
    var rank: Int {
      switch stage {
      case .messageInFlight, .awaitingReply, .replyInFlight: 0
      case .urgent: 1
      case .queued, .finishPending:
        switch kind {
        case .applicationContext: 2
        case .userInfo, .complicationUserInfo, .message, .messageData: 3
        case .file: 4
        }
      }
    }
  }

  private enum SpanEdge: Sendable, Hashable {
    case away(Bool)
    case sameWiFi(Bool)
  }

  private struct Edge: Sendable, Hashable {
    var at: Int64
    var edge: SpanEdge
  }

  let settings: LinkConfiguration
  private(set) var paired: Bool
  private(set) var watchAppInstalled: Bool
  private(set) var complicationEnabled: Bool
  private(set) var phoneApp: PhoneAppState
  private(set) var lastTransfer = 0
  private var activated: Set<CompanionDevice> = []
  private var away = false
  private var sameWiFi = false
  /// The span edges after `t = 0`, in time order, and the next one to apply.
  private var edges: [Edge] = []
  private var nextEdge = 0
  private var reported: [CompanionDevice: Bool] = [.watch: false, .phone: false]
  private var remaining: Int
  private var nextReset = 0
  private var transfers: [Transfer] = []
  private(set) var receivedContext: [CompanionDevice: LinkPayload] = [:]
  /// The instant the watch app was last woken for a queued transfer.
  private var wokeWatchAt: Int64?
  /// Whether the phone app ran when it last crashed (its relaunch then runs it again).
  private var phoneRanAtCrash = false
  /// Whether the phone app's process crashed and was not relaunched since: a message to it
  /// fails at its delivery (``passDue(_:at:watch:app:)``) rather than launching it.
  private var phoneCrashed = false

  init(settings: LinkConfiguration) {
    self.settings = settings
    self.paired = settings.paired
    self.watchAppInstalled = settings.watchAppInstalled
    self.complicationEnabled = settings.complicationEnabled
    self.phoneApp = settings.phoneApp
    self.remaining = settings.complicationBudget
    var edges: [Edge] = []
    for span in settings.away {
      if span.lowerBound.nanoseconds <= 0 && span.upperBound.nanoseconds > 0 { away = true }
      if span.lowerBound.nanoseconds > 0 {
        edges.append(Edge(at: span.lowerBound.nanoseconds, edge: .away(true)))
      }
      if span.upperBound.nanoseconds > 0 {
        edges.append(Edge(at: span.upperBound.nanoseconds, edge: .away(false)))
      }
    }
    for span in settings.sameWiFi {
      if span.lowerBound.nanoseconds <= 0 && span.upperBound.nanoseconds > 0 { sameWiFi = true }
      if span.lowerBound.nanoseconds > 0 {
        edges.append(Edge(at: span.lowerBound.nanoseconds, edge: .sameWiFi(true)))
      }
      if span.upperBound.nanoseconds > 0 {
        edges.append(Edge(at: span.upperBound.nanoseconds, edge: .sameWiFi(false)))
      }
    }
    // Stable: at one instant, edges in the order the spans list them.
    self.edges = edges.enumerated().sorted {
      ($0.element.at, $0.offset) < ($1.element.at, $1.offset)
    }.map(\.element)
    while nextReset < settings.budgetResets.count
      && settings.budgetResets[nextReset].nanoseconds <= 0
    {
      nextReset += 1
    }
  }

  // MARK: - Derived facts

  /// In Bluetooth range or on the same Wi-Fi network.
  var isConnected: Bool { !away || sameWiFi }

  /// Whether `device`'s session is activated.
  func isActivated(_ device: CompanionDevice) -> Bool { activated.contains(device) }

  /// `device`'s `isReachable`.
  func isReachable(_ device: CompanionDevice, watch: WatchApp) -> Bool {
    let watchSide =
      activated.contains(.watch) && isConnected && paired && watch.reachable
    switch device {
    case .watch: return watchSide
    case .phone: return activated.contains(.phone) && watchAppInstalled && watchSide
    }
  }

  /// `remainingComplicationUserInfoTransfers`: 0 while the complication is not enabled.
  var remainingComplicationTransfers: Int { complicationEnabled ? remaining : 0 }

  /// `device`'s outstanding user-info, complication user-info and file transfers, in send
  /// order.
  func outstanding(from device: CompanionDevice) -> [(transfer: Int, kind: LinkTransferKind)] {
    transfers.filter { $0.from == device && $0.isOutstanding }.map { ($0.number, $0.kind) }
  }

  /// The next instant with something due, or `nil`.
  var deadline: Int64? {
    var next: Int64? = nil
    func consider(_ value: Int64?) {
      if let value, next.map({ value < $0 }) ?? true { next = value }
    }
    if nextEdge < edges.count { consider(edges[nextEdge].at) }
    if nextReset < settings.budgetResets.count {
      consider(settings.budgetResets[nextReset].nanoseconds)
    }
    for transfer in transfers { consider(transfer.due) }
    return next
  }

  private func runs(_ device: CompanionDevice, watch: WatchApp) -> Bool {
    switch device {
    case .watch: watch.runs
    case .phone: phoneApp != .notRunning
    }
  }

  /// Whether a queued transfer to `receiver` can be delivered now. To the watch it can while
  /// the watch app is suspended or not running too: the system wakes or launches the app for
  /// it at its due instant (``Action/wakeWatch``; Apple: background transfers trigger a
  /// `WKWatchConnectivityRefreshBackgroundTask`,
  /// https://developer.apple.com/documentation/watchkit/wkwatchconnectivityrefreshbackgroundtask),
  /// once the watch's session was activated by some process of the app (project rule: an app
  /// that never activated its session is not launched for content, docs/phone-link.md F10).
  private func deliverable(to receiver: CompanionDevice, watch: WatchApp) -> Bool {
    guard isConnected, paired, activated.contains(receiver) else { return false }
    switch receiver {
    case .phone: return runs(.phone, watch: watch)
    case .watch: return watchAppInstalled
    }
  }

  // MARK: - Events

  /// `device`'s `activate()` (the engine has checked that its app runs).
  mutating func activate(
    _ device: CompanionDevice, at date: Int64, watch: WatchApp, app: inout any AppReflexes
  ) -> [Action] {
    activation(of: device) + refresh(at: date, watch: watch, app: &app)
  }

  /// `device`'s `activate()` within a step: a not-running phone app runs in the background, and
  /// the session is activated (an `activated` event) unless it was.
  private mutating func activation(of device: CompanionDevice) -> [Action] {
    var actions: [Action] = []
    if device == .phone && phoneApp == .notRunning { actions += setPhoneApp(.background) }
    if !activated.contains(device) {
      activated.insert(device)
      actions.append(.log(LinkEvent(change: .activated(device))))
    }
    return actions
  }

  /// Asks the app's reflexes to answer `event` at `date` and makes their calls in order: an
  /// `activate()` and a reply here, at this point of the step; any other call goes back to the
  /// engine (``Action/app(_:)``).
  private mutating func react(
    to event: AppEvent, at date: Int64, app: inout any AppReflexes
  ) -> [Action] {
    let calls = app.react(to: event, at: SimulationInstant(nanoseconds: date))
    var actions: [Action] = []
    for call in calls {
      switch call {
      case .link(.activate(let device)): actions += activation(of: device)
      case .link(.reply(let transfer, let payload)):
        actions += reply(to: transfer, payload: payload, at: date)
      case .link, .beginCollection, .endCollection, .finishWorkout: actions.append(.app(call))
      }
    }
    return actions
  }

  /// The phone app, not running, runs in the background to make a call or receive a message:
  /// its code runs (``AppEvent/linkNotActivated(_:)`` when its session is not activated).
  private mutating func launchPhoneApp(at date: Int64, app: inout any AppReflexes) -> [Action] {
    var actions = setPhoneApp(.background)
    if !activated.contains(.phone) {
      actions += react(to: .linkNotActivated(.phone), at: date, app: &app)
    }
    return actions
  }

  /// A send of `kind` from `from` at `date`.
  mutating func send(
    _ kind: LinkTransferKind, from: CompanionDevice, payload: LinkPayload, wantsReply: Bool,
    at date: Int64, watch: WatchApp, app: inout any AppReflexes
  ) -> [Action] {
    var actions: [Action] = []
    if from == .phone && phoneApp == .notRunning {
      // The call is the phone app's code running: an app that activates as it runs does so
      // before its call (docs/phone-link.md#the-scripted-apps-command-line).
      actions += launchPhoneApp(at: date, app: &app)
    }
    lastTransfer += 1
    let number = lastTransfer
    let isMessage = kind == .message || kind == .messageData
    let failure: LinkErrorCode? =
      if !activated.contains(from) {
        .sessionNotActivated
      } else if from == .phone && !paired {
        .deviceNotPaired
      } else if from == .phone && !watchAppInstalled {
        .watchAppNotInstalled
      } else if kind == .complicationUserInfo && from == .watch {
        .invalidParameter
      } else if kind != .file && payload.byteCount > settings.payloadLimit {
        .payloadTooLarge
      } else if isMessage && !isReachable(from, watch: watch) {
        .notReachable
      } else {
        nil
      }
    if let failure {
      actions.append(.log(LinkEvent(transfer: number, change: .failed(kind, from: from, failure))))
      return actions + refresh(at: date, watch: watch, app: &app)
    }
    if kind == .applicationContext,
      let index = transfers.firstIndex(where: {
        $0.from == from && $0.kind == .applicationContext
      })
    {
      let old = transfers.remove(at: index)
      actions.append(.log(LinkEvent(transfer: old.number, change: .contextReplaced(from: from))))
    }
    actions.append(.log(LinkEvent(transfer: number, change: .queued(kind, from: from))))
    let stage: Stage
    if isMessage {
      stage = .messageInFlight(at: date &+ settings.messageLatency.wholeNanoseconds)
    } else if kind == .complicationUserInfo && complicationEnabled && remaining > 0 {
      remaining -= 1
      stage = .urgent(at: date &+ settings.messageLatency.wholeNanoseconds, woke: false)
    } else {
      stage = .queued(at: nil)
    }
    transfers.append(
      Transfer(
        number: number, kind: kind, from: from, payload: payload, wantsReply: wantsReply,
        stage: stage))
    return actions + refresh(at: date, watch: watch, app: &app)
  }

  /// The receiver calls the reply handler of message `number` with `payload`: the reply leaves
  /// now; a call for a message not waiting for a reply does nothing.
  mutating func reply(to number: Int, payload: LinkPayload, at date: Int64) -> [Action] {
    guard let index = transfers.firstIndex(where: { $0.number == number }),
      case .awaitingReply = transfers[index].stage
    else { return [] }
    transfers[index].stage = .replyInFlight(
      at: date &+ settings.messageLatency.wholeNanoseconds, payload: payload)
    return []
  }

  /// `cancel()` on transfer `number` while it is outstanding (no `didFinish` follows).
  mutating func cancel(_ number: Int) -> [Action] {
    guard let index = transfers.firstIndex(where: { $0.number == number }),
      transfers[index].isOutstanding
    else { return [] }
    let transfer = transfers.remove(at: index)
    return [
      .log(
        LinkEvent(transfer: number, change: .cancelled(transfer.kind, from: transfer.from)))
    ]
  }

  /// `cancel()` on every outstanding transfer of `device`, in send order.
  mutating func cancelAll(from device: CompanionDevice) -> [Action] {
    outstanding(from: device).flatMap { cancel($0.transfer) }
  }

  /// The phone app's state becomes `state` (a `phoneApp` action, the Swift door's
  /// `phoneAppState`).
  mutating func phoneAppChanged(
    to state: PhoneAppState, at date: Int64, watch: WatchApp, app: inout any AppReflexes
  ) -> [Action] {
    setPhoneApp(state) + refresh(at: date, watch: watch, app: &app)
  }

  /// `phoneAway` / `phoneBack` / `sameWiFi`.
  mutating func rangeChanged(
    away: Bool? = nil, sameWiFi: Bool? = nil, at date: Int64, watch: WatchApp,
    app: inout any AppReflexes
  ) -> [Action] {
    if let away { self.away = away }
    if let sameWiFi { self.sameWiFi = sameWiFi }
    return refresh(at: date, watch: watch, app: &app)
  }

  /// `complication` / `watchApp`: `sessionWatchStateDidChange` when the value changes.
  mutating func watchStateChanged(
    complicationEnabled: Bool? = nil, watchAppInstalled: Bool? = nil, at date: Int64,
    watch: WatchApp, app: inout any AppReflexes
  ) -> [Action] {
    var changed = false
    if let complicationEnabled, complicationEnabled != self.complicationEnabled {
      self.complicationEnabled = complicationEnabled
      changed = true
    }
    if let watchAppInstalled, watchAppInstalled != self.watchAppInstalled {
      self.watchAppInstalled = watchAppInstalled
      changed = true
    }
    let actions: [Action] = changed ? [.log(LinkEvent(change: .watchState))] : []
    return actions + refresh(at: date, watch: watch, app: &app)
  }

  /// The watch app's process died: its messages in flight and the reply handlers it was
  /// waiting on are dropped without a callback (the sender is gone); queued transfers stay.
  mutating func watchAppCrashed() {
    transfers.removeAll { transfer in
      guard transfer.from == .watch else { return false }
      switch transfer.stage {
      case .messageInFlight, .awaitingReply, .replyInFlight: return true
      case .urgent, .queued, .finishPending: return false
      }
    }
  }

  /// The phone app's process died (`crash(.phone)`, a timeline `crash` with `"device":
  /// "phone"`): the app does not run until it is relaunched (``phoneAppRelaunched(at:watch:app:)``),
  /// so transfers to it wait as for a `phoneApp` `notRunning` (project rule,
  /// docs/phone-link.md#the-phone-app: a dead process receives nothing); its session is no longer
  /// activated, so they wait on until the relaunched process activates its new session (Apple:
  /// activating the session lets it "deliver any outstanding background transfers",
  /// https://developer.apple.com/documentation/watchconnectivity/wcsession/activate()); its
  /// messages in flight and the replies it waited on are dropped without a callback (the sender
  /// is gone, as for ``watchAppCrashed()``); its queued transfers stay, their `didFinish` waits
  /// for a process that runs. A message from the watch that comes due before the relaunch is
  /// not delivered: it fails with `deliveryFailed` (7014), where a message to a phone app that is
  /// merely not running launches it (Apple's `sendMessage` wakes the iOS app; the crashed
  /// process comes back by the world's relaunch only, project rule).
  mutating func phoneAppCrashed(at date: Int64, watch: WatchApp, app: inout any AppReflexes)
    -> [Action]
  {
    transfers.removeAll { transfer in
      guard transfer.from == .phone else { return false }
      switch transfer.stage {
      case .messageInFlight, .awaitingReply, .replyInFlight: return true
      case .urgent, .queued, .finishPending: return false
      }
    }
    activated.remove(.phone)
    phoneCrashed = true
    phoneRanAtCrash = phoneApp != .notRunning
    return setPhoneApp(.notRunning) + refresh(at: date, watch: watch, app: &app)
  }

  /// The crashed phone app's process was relaunched (`relaunch(.phone)`, a timeline `relaunch`
  /// with `"device": "phone"`): an app that ran when it crashed runs in the background again
  /// (one that did not run stays as it was: its activation runs it, as before the crash); its
  /// code (the launch's `activate()`) activates its new session, and what waited for it follows
  /// that activation.
  mutating func phoneAppRelaunched(at date: Int64, watch: WatchApp, app: inout any AppReflexes)
    -> [Action]
  {
    let actions = phoneRanAtCrash && phoneApp == .notRunning ? setPhoneApp(.background) : []
    phoneRanAtCrash = false
    phoneCrashed = false
    return actions + refresh(at: date, watch: watch, app: &app)
  }

  /// The watch app or its keep-alive changed, or anything else the link depends on: logs
  /// reachability changes, fails messages whose sender's side is no longer reachable, arms
  /// queued transfers that became deliverable, delivers pending `didFinish` calls to a sender
  /// that runs again. First, an app that runs with its session not activated is asked to react
  /// (``AppEvent/linkNotActivated(_:)``: the app's launch code, which may activate it).
  mutating func refresh(at date: Int64, watch: WatchApp, app: inout any AppReflexes) -> [Action] {
    var actions: [Action] = []
    for device in CompanionDevice.allCases
    where runs(device, watch: watch) && !activated.contains(device) {
      actions += react(to: .linkNotActivated(device), at: date, app: &app)
    }
    for device in CompanionDevice.allCases {
      let now = isReachable(device, watch: watch)
      if reported[device] != now {
        reported[device] = now
        actions.append(.log(LinkEvent(change: .reachability(device, isReachable: now))))
      }
    }
    var kept: [Transfer] = []
    for var transfer in transfers {
      switch transfer.stage {
      case .messageInFlight, .awaitingReply, .replyInFlight:
        if !isReachable(transfer.from, watch: watch) {
          actions.append(transfer.failure(.notReachable))
          continue
        }
      case .queued(let at):
        let can = deliverable(to: transfer.receiver, watch: watch)
        if can && at == nil {
          transfer.stage = .queued(at: date &+ settings.transferLatency.wholeNanoseconds)
        } else if !can && at != nil {
          transfer.stage = .queued(at: nil)
        }
      case .finishPending:
        if runs(transfer.from, watch: watch) {
          actions.append(
            .log(
              LinkEvent(
                transfer: transfer.number,
                change: .finished(transfer.kind, from: transfer.from))))
          continue
        }
      case .urgent:
        break
      }
      kept.append(transfer)
    }
    transfers = kept
    return actions
  }

  /// ``deadline`` passed at `date`: span edges and budget resets due apply, then the transfers
  /// due are delivered (or fail) in ``Transfer/rank`` order, each rank by transfer number.
  mutating func deadlinePassed(at date: Int64, watch: WatchApp, app: inout any AppReflexes)
    -> [Action]
  {
    var actions: [Action] = []
    var edgesChanged = false
    while nextEdge < edges.count && edges[nextEdge].at <= date {
      switch edges[nextEdge].edge {
      case .away(let value): away = value
      case .sameWiFi(let value): sameWiFi = value
      }
      nextEdge += 1
      edgesChanged = true
    }
    while nextReset < settings.budgetResets.count
      && settings.budgetResets[nextReset].nanoseconds <= date
    {
      remaining = settings.complicationBudget
      nextReset += 1
    }
    if edgesChanged { actions += refresh(at: date, watch: watch, app: &app) }
    let due = transfers.filter { $0.due.map { $0 <= date } ?? false }
      .sorted { ($0.rank, $0.number) < ($1.rank, $1.number) }
      .map(\.number)
    for number in due {
      guard let index = transfers.firstIndex(where: { $0.number == number }),
        let at = transfers[index].due, at <= date
      else { continue }
      let step = passDue(index, at: date, watch: watch, app: &app)
      actions += step
      if step.last == .wakeWatch { return actions }
    }
    return actions + refresh(at: date, watch: watch, app: &app)
  }

  private mutating func passDue(
    _ index: Int, at date: Int64, watch: WatchApp, app: inout any AppReflexes
  ) -> [Action] {
    var transfer = transfers[index]
    let number = transfer.number
    switch transfer.stage {
    case .messageInFlight:
      // The crashed phone app is launched by the world's relaunch only (project rule,
      // docs/phone-link.md#the-phone-app): the message is not delivered, and the sender's error
      // handler gets `deliveryFailed` (7014) at its delivery instant.
      if transfer.receiver == .phone && phoneCrashed {
        transfers.remove(at: index)
        return [transfer.failure(.deliveryFailed)]
      }
      var actions: [Action] = []
      if transfer.receiver == .phone && phoneApp == .notRunning {
        actions += launchPhoneApp(at: date, app: &app)
      }
      actions.append(
        .log(
          LinkEvent(
            transfer: number,
            change: .delivered(
              transfer.kind, to: transfer.receiver, payload: transfer.payload,
              replyExpected: transfer.wantsReply))))
      if transfer.wantsReply {
        transfer.stage = .awaitingReply(until: date &+ settings.replyTimeout.wholeNanoseconds)
        transfers[index] = transfer
        // The receiver's delegate call: its code may call the reply handler at once.
        actions += react(
          to: .messageExpectingReply(
            transfer: number, to: transfer.receiver, payload: transfer.payload),
          at: date, app: &app)
      } else {
        transfers.remove(at: index)
      }
      return actions
    case .awaitingReply:
      transfers.remove(at: index)
      return [transfer.failure(.messageReplyTimedOut)]
    case .replyInFlight(_, let payload):
      transfers.remove(at: index)
      return [
        .log(LinkEvent(transfer: number, change: .replied(to: transfer.from, payload: payload)))
      ]
    case .urgent(_, let woke):
      guard isConnected, paired, watchAppInstalled else {
        transfers[index].stage = .queued(at: nil)
        return []
      }
      if !watch.runs {
        guard !woke else {
          transfers[index].stage = .queued(at: nil)
          return []
        }
        transfers[index].stage = .urgent(at: date, woke: true)
        return [.wakeWatch]
      }
      if !activated.contains(.watch) {
        transfers[index].stage = .queued(at: nil)
        return []
      }
      return deliverQueued(index, at: date, watch: watch, app: &app)
    case .queued:
      guard deliverable(to: transfer.receiver, watch: watch) else {
        transfers[index].stage = .queued(at: nil)
        return []
      }
      if transfer.receiver == .watch && !watch.runs {
        // Woken once per instant: a wake that left the app not running (it cannot) waits.
        guard wokeWatchAt != date else {
          transfers[index].stage = .queued(at: nil)
          return []
        }
        wokeWatchAt = date
        return [.wakeWatch]
      }
      return deliverQueued(index, at: date, watch: watch, app: &app)
    case .finishPending:
      return []
    }
  }

  private mutating func deliverQueued(
    _ index: Int, at date: Int64, watch: WatchApp, app: inout any AppReflexes
  ) -> [Action] {
    let transfer = transfers[index]
    var actions: [Action] = [
      .log(
        LinkEvent(
          transfer: transfer.number,
          change: .delivered(
            transfer.kind, to: transfer.receiver, payload: transfer.payload,
            replyExpected: false)))
    ]
    if transfer.kind == .applicationContext {
      receivedContext[transfer.receiver] = transfer.payload
      transfers.remove(at: index)
      // The receiver's delegate call: its code may read the context at once.
      return actions
        + react(
          to: .applicationContextReceived(to: transfer.receiver, payload: transfer.payload),
          at: date, app: &app)
    }
    if runs(transfer.from, watch: watch) {
      actions.append(
        .log(
          LinkEvent(
            transfer: transfer.number, change: .finished(transfer.kind, from: transfer.from))))
      transfers.remove(at: index)
    } else {
      transfers[index].stage = .finishPending
    }
    return actions
  }

  // MARK: - Helpers

  private mutating func setPhoneApp(_ state: PhoneAppState) -> [Action] {
    guard state != phoneApp else { return [] }
    phoneApp = state
    return [.log(LinkEvent(change: .phoneApp(state)))]
  }
}
