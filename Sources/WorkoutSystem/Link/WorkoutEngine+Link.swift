import WorkoutCore

/// The phone link in the engine (docs/phone-link.md): the reads the Swift door's `WCSession`
/// properties make, the link calls and world actions, and the glue to the watch app's
/// lifecycle (``LinkStateMachine`` holds the rules).
extension WorkoutEngine {
  // MARK: - Reads

  /// `device`'s `WCSession.activationState` raw value: 0 `notActivated`, 2 `activated`
  /// (https://developer.apple.com/documentation/watchconnectivity/wcsessionactivationstate).
  public func linkActivationState(_ device: CompanionDevice) -> Int {
    linkState.isActivated(device) ? 2 : 0
  }

  /// `device`'s `WCSession.isReachable`
  /// (https://developer.apple.com/documentation/watchconnectivity/wcsession/isreachable): the
  /// session is activated, the devices are connected (``linkIsConnected``), the phone is paired
  /// and the watch app is frontmost or kept alive in the background by a workout session; from
  /// the phone also the watch app is installed.
  public func linkIsReachable(_ device: CompanionDevice) -> Bool {
    linkState.isReachable(device, watch: linkWatch)
  }

  /// Whether the watch and the phone are connected: in Bluetooth range or on the same Wi-Fi
  /// network (used by mirroring and HealthKit sync).
  public var linkIsConnected: Bool { linkState.isConnected }

  /// `WCSession.isPaired` (phone side).
  public var linkPaired: Bool { linkState.paired }
  /// `WCSession.isWatchAppInstalled` (phone side).
  public var linkWatchAppInstalled: Bool { linkState.watchAppInstalled }
  /// `WCSession.isComplicationEnabled` (phone side).
  public var linkComplicationEnabled: Bool { linkState.complicationEnabled }

  /// `WCSession.remainingComplicationUserInfoTransfers` (phone side): what is left of the day's
  /// budget, 0 while the complication is not enabled
  /// (https://developer.apple.com/documentation/watchconnectivity/wcsession/remainingcomplicationuserinfotransfers).
  public var remainingComplicationUserInfoTransfers: Int {
    linkState.remainingComplicationTransfers
  }

  /// `device`'s outstanding user-info (and complication user-info) and file transfers: queued,
  /// neither delivered nor cancelled, in send order
  /// (`outstandingUserInfoTransfers`, `outstandingFileTransfers`).
  public func outstandingTransfers(from device: CompanionDevice) -> [(
    transfer: Int, kind: LinkTransferKind
  )] { linkState.outstanding(from: device) }

  /// The phone app's state.
  public var phoneAppState: PhoneAppState { linkState.phoneApp }

  /// The transfer number the last send got (accepted or refused at once); 0 before any. The
  /// Swift door reads it right after ``perform(_:at:)``.
  public var lastTransferNumber: Int { linkState.lastTransfer }

  /// The last application context delivered to `device` (`receivedApplicationContext`), or
  /// `nil`.
  public func receivedApplicationContext(on device: CompanionDevice) -> LinkPayload? {
    linkState.receivedContext[device]
  }

  /// The watch app's state as the link needs it.
  var linkWatch: LinkStateMachine.WatchApp {
    let state = app.appState
    return LinkStateMachine.WatchApp(
      runs: state.receivesCallbacks,
      reachable: state.isFrontmost || (state == .background && keepAlive == .workoutSession))
  }

  // MARK: - Actions

  /// Performs a link call (``AppAction/link(_:)``). A watch-side call while the watch app does
  /// not run (or is suspended) reports `appNotRunning` (`appSuspended`) as other app calls do.
  mutating func linkOperation(_ operation: LinkOperation, at date: SimulationInstant) {
    let watchSide: Bool =
      switch operation {
      case .activate(let device): device == .watch
      case .send(_, let from, _, _): from == .watch
      case .cancelAll(let from): from == .watch
      case .reply, .cancel: false
      }
    if watchSide {
      guard appIsRunning else {
        report(.appNotRunning, call: .engine(.link(operation)), session: nil, at: date)
        return
      }
      guard appReceives else {
        report(.appSuspended, call: .engine(.link(operation)), session: nil, at: date)
        return
      }
    }
    let ns = date.nanoseconds
    let watch = linkWatch
    stepLink(at: date) { link, app in
      switch operation {
      case .activate(let device): link.activate(device, at: ns, watch: watch, app: &app)
      case .send(let kind, let from, let payload, let wantsReply):
        link.send(
          kind, from: from, payload: payload, wantsReply: wantsReply, at: ns, watch: watch,
          app: &app)
      case .reply(let transfer, let payload): link.reply(to: transfer, payload: payload, at: ns)
      case .cancel(let transfer): link.cancel(transfer)
      case .cancelAll(let from): link.cancelAll(from: from)
      }
    }
  }

  /// The phone's `HKHealthStore.startWatchApp(with:completion:)` reached the watch at `date`:
  /// the watch app is launched into the background when it is not running, or woken into the
  /// background when it is suspended, as for an urgent complication transfer (Apple: "the
  /// system launches or wakes the corresponding Watch app in the background",
  /// https://developer.apple.com/documentation/watchkit/wkextensiondelegate/handle(_:)-f27i).
  /// The caller checks ``linkPaired`` and ``linkWatchAppInstalled`` first.
  public mutating func launchWatchAppForWorkout(at date: SimulationInstant) {
    applyLink([.wakeWatch], at: date)
  }

  /// Performs a world action (``AppAction/phone(_:)``).
  mutating func phoneAction(_ action: PhoneAction, at date: SimulationInstant) {
    let ns = date.nanoseconds
    let watch = linkWatch
    stepLink(at: date) { link, app in
      switch action {
      case .app(let state): link.phoneAppChanged(to: state, at: ns, watch: watch, app: &app)
      case .away: link.rangeChanged(away: true, at: ns, watch: watch, app: &app)
      case .back: link.rangeChanged(away: false, at: ns, watch: watch, app: &app)
      case .sameWiFi(let on): link.rangeChanged(sameWiFi: on, at: ns, watch: watch, app: &app)
      case .complicationEnabled(let enabled):
        link.watchStateChanged(complicationEnabled: enabled, at: ns, watch: watch, app: &app)
      case .watchAppInstalled(let installed):
        link.watchStateChanged(watchAppInstalled: installed, at: ns, watch: watch, app: &app)
      case .appCrashed: link.phoneAppCrashed(at: ns, watch: watch, app: &app)
      case .appRelaunched: link.phoneAppRelaunched(at: ns, watch: watch, app: &app)
      }
    }
  }

  /// A step of the link machine at `date` with the app's reflexes (``AppReflexes``: the apps'
  /// code, which the machine asks where it finds an app to activate or a message to answer),
  /// then what it returned carried out (``applyLink(_:at:)``).
  mutating func stepLink(
    at date: SimulationInstant,
    _ body: (inout LinkStateMachine, inout any AppReflexes) -> [LinkStateMachine.Action]
  ) {
    // The machine (observed) and the reflexes are both parts of the engine: the reflexes are
    // lent to the step through a local and put back before the actions are carried out.
    var app = reflexes
    let actions = body(&linkState, &app)
    reflexes = app
    let (wasRunning, wasReceiving) = (appIsRunning, appReceives)
    applyLink(actions, at: date)
    // The link woke or launched the watch app for content (counted for the frameworks; a
    // workout's `startWatchApp` launch, ``launchWatchAppForWorkout(at:)``, is not the link's).
    if actions.contains(.wakeWatch), !wasReceiving, appReceives {
      linkWakes += 1
      if !wasRunning { linkLaunches += 1 }
    }
  }

  /// The link machine looks at the devices again at `date` (after the watch app's state changed).
  mutating func refreshLink(at date: SimulationInstant) {
    let watch = linkWatch
    stepLink(at: date) { link, app in link.refresh(at: date.nanoseconds, watch: watch, app: &app) }
  }

  /// Carries out what the link machine returned: logs its events, wakes the watch app (a
  /// suspended one into the background, a not-running one launched into it, cause
  /// `watchConnectivity`), makes the app's other calls.
  mutating func applyLink(_ actions: [LinkStateMachine.Action], at date: SimulationInstant) {
    for action in actions {
      switch action {
      case .log(let event):
        emit(EngineEffect(at: date, session: nil, kind: .link(event)))
      case .app(let call):
        makeAppCall(call, at: date)
      case .wakeWatch:
        if appIsRunning {
          applyApp(app.linkWake(at: date.nanoseconds, keepAlive: keepAlive), at: date)
        } else {
          relaunch(recover: false, at: date, inBackgroundFor: .watchConnectivity)
        }
      }
    }
  }
}
