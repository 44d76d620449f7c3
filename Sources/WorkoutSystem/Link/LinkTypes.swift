import WorkoutCore

/// The two ends of the phone link (WatchConnectivity): the watch app and its paired phone's app
/// (docs/phone-link.md).
public enum CompanionDevice: String, Sendable, Hashable, CaseIterable {
  /// The watch app (watchOS side of `WCSession`).
  case watch
  /// The companion iPhone app (iOS side of `WCSession`).
  case phone

  /// The other end.
  public var counterpart: CompanionDevice {
    switch self {
    case .watch: .phone
    case .phone: .watch
    }
  }
}

/// The companion iPhone app's state as the link sees it (docs/phone-link.md#the-phone-app): in
/// front, running in the background, or not running. A message from the watch wakes a
/// not-running app into the background (Apple:
/// https://developer.apple.com/documentation/watchconnectivity/wcsession/sendmessage(_:replyhandler:errorhandler:)).
public enum PhoneAppState: String, Sendable, Hashable, CaseIterable {
  /// The app is on screen.
  case foreground
  /// The app runs in the background (it receives WatchConnectivity callbacks).
  case background
  /// No process: it receives nothing until it runs again (queued transfers wait).
  case notRunning
}

/// What a `WCSession` call sends (docs/phone-link.md#transfers).
public enum LinkTransferKind: String, Sendable, Hashable, CaseIterable {
  /// `sendMessage(_:replyHandler:errorHandler:)`: a dictionary, immediate, needs reachability.
  case message
  /// `sendMessageData(_:replyHandler:errorHandler:)`: bytes, immediate, needs reachability.
  case messageData
  /// `updateApplicationContext(_:)`: the latest state; a newer one replaces an undelivered one.
  case applicationContext
  /// `transferUserInfo(_:)`: queued, delivered in order (FIFO).
  case userInfo
  /// `transferCurrentComplicationUserInfo(_:)` (phone only): urgent while the daily budget lasts.
  case complicationUserInfo
  /// `transferFile(_:metadata:)`: queued, delivered in order (project rule).
  case file
}

/// A payload as the core sees it: opaque text and a size (docs/phone-link.md#payloads). The
/// command line's `text` is the canonical JSON of the action's `payload` value; the Swift door's
/// is canonical JSON of the dictionary when JSON can represent it, else
/// `"<property list, N bytes>"`. `byteCount` is the serialized size (Swift door) or the UTF-8
/// size of `text` (command line).
public struct LinkPayload: Sendable, Hashable {
  /// The payload's text (canonical JSON, or a description).
  public var text: String
  /// Its size in bytes (compared with ``LinkConfiguration/payloadLimit``).
  public var byteCount: Int

  /// A payload of `text` and `byteCount` bytes.
  public init(text: String, byteCount: Int) {
    self.text = text
    self.byteCount = byteCount
  }

  /// A payload whose size is the UTF-8 size of `text` (the command line's way).
  public init(text: String) {
    self.init(text: text, byteCount: text.utf8.count)
  }
}

/// `WCError.Code`: the raw values 7001-7019 and Apple's case names
/// (https://developer.apple.com/documentation/watchconnectivity/wcerror/code; the texts are the
/// framework's localized descriptions, docs/phone-link.md#errors).
public enum LinkErrorCode: Int, Sendable, Hashable, CaseIterable {
  /// An unknown problem.
  case genericError = 7001
  /// The device does not support sessions.
  case sessionNotSupported = 7002
  /// The session has no delegate (Swift door only).
  case sessionMissingDelegate = 7003
  /// A call before `activate()` completed.
  case sessionNotActivated = 7004
  /// The phone is not paired with a watch.
  case deviceNotPaired = 7005
  /// The watch app is not installed.
  case watchAppNotInstalled = 7006
  /// The counterpart app is not reachable (an immediate message).
  case notReachable = 7007
  /// A bad parameter.
  case invalidParameter = 7008
  /// The payload is too large (project limit, ``LinkConfiguration/payloadLimit``).
  case payloadTooLarge = 7009
  /// The payload holds a type a property list cannot (Swift door only).
  case payloadUnsupportedTypes = 7010
  /// The reply could not be sent.
  case messageReplyFailed = 7011
  /// No reply came in time (``LinkConfiguration/replyTimeout``).
  case messageReplyTimedOut = 7012
  /// The file cannot be read.
  case fileAccessDenied = 7013
  /// The payload could not be delivered.
  case deliveryFailed = 7014
  /// The receiver has no space.
  case insufficientSpace = 7015
  /// The session is inactive (switching watches).
  case sessionInactive = 7016
  /// A transfer timed out.
  case transferTimedOut = 7017
  /// The companion app is not installed.
  case companionAppNotInstalled = 7018
  /// A watch-only app has no companion app.
  case watchOnlyApp = 7019

  /// The error domain, `"WCErrorDomain"`.
  public static let domain = "WCErrorDomain"

  /// Apple's case name (`"notReachable"`).
  public var name: String {
    switch self {
    case .genericError: "genericError"
    case .sessionNotSupported: "sessionNotSupported"
    case .sessionMissingDelegate: "sessionMissingDelegate"
    case .sessionNotActivated: "sessionNotActivated"
    case .deviceNotPaired: "deviceNotPaired"
    case .watchAppNotInstalled: "watchAppNotInstalled"
    case .notReachable: "notReachable"
    case .invalidParameter: "invalidParameter"
    case .payloadTooLarge: "payloadTooLarge"
    case .payloadUnsupportedTypes: "payloadUnsupportedTypes"
    case .messageReplyFailed: "messageReplyFailed"
    case .messageReplyTimedOut: "messageReplyTimedOut"
    case .fileAccessDenied: "fileAccessDenied"
    case .deliveryFailed: "deliveryFailed"
    case .insufficientSpace: "insufficientSpace"
    case .sessionInactive: "sessionInactive"
    case .transferTimedOut: "transferTimedOut"
    case .companionAppNotInstalled: "companionAppNotInstalled"
    case .watchOnlyApp: "watchOnlyApp"
    }
  }

  /// The framework's localized description (`"WatchConnectivity session on paired device is not
  /// reachable."`).
  public var message: String {
    switch self {
    case .genericError: "Unknown WatchConnectivity error."
    case .sessionNotSupported: "WatchConnectivity session is not available on this device."
    case .sessionMissingDelegate: "WatchConnectivity session has no delegate."
    case .sessionNotActivated: "WatchConnectivity session has not been activated."
    case .deviceNotPaired: "Device is not paired."
    case .watchAppNotInstalled: "Watch app is not installed."
    case .notReachable: "WatchConnectivity session on paired device is not reachable."
    case .invalidParameter: "Invalid parameter passed to WatchConnectivity API."
    case .payloadTooLarge: "Payload is too large."
    case .payloadUnsupportedTypes: "Payload contains unsupported type."
    case .messageReplyFailed: "Message reply failed."
    case .messageReplyTimedOut: "Message reply took too long."
    case .fileAccessDenied: "WatchConnectivity session cannot access the file."
    case .deliveryFailed: "Payload could not be delivered."
    case .insufficientSpace:
      "The payload could not be sent because there isn\u{2019}t enough space."
    case .sessionInactive: "WatchConnectivity session is inactive."
    case .transferTimedOut: "Transfer timed out."
    case .companionAppNotInstalled: "Companion app is not installed."
    case .watchOnlyApp: "Watch app doesn't have a Companion app."
    }
  }
}

/// The phone link's fixed settings for a run (the scenario's `phone` link keys and
/// `watch.appState`; docs/phone-link.md#defaults). Every value Apple does not document is a
/// project rule with the default given here.
public struct LinkConfiguration: Sendable, Hashable {
  /// `phone.paired`: the phone is paired with the watch (default `true`); else the phone side
  /// activates with `isPaired == false` and sends fail with `deviceNotPaired` (7005).
  public var paired: Bool
  /// `phone.watchAppInstalled` (default `true`); else phone-side sends fail with
  /// `watchAppNotInstalled` (7006).
  public var watchAppInstalled: Bool
  /// `phone.complicationEnabled`: the app's complication is on the active watch face (default
  /// `false`).
  public var complicationEnabled: Bool
  /// `phone.app`: the phone app's state at `t = 0` (default `notRunning`).
  public var phoneApp: PhoneAppState
  /// `phone.away`: spans while the phone is out of the watch's Bluetooth range.
  public var away: [Range<SimulationInstant>]
  /// `phone.sameWiFi`: spans while both are on the same known Wi-Fi network (connected while
  /// away).
  public var sameWiFi: [Range<SimulationInstant>]
  /// `phone.link.messageLatency`: from a message's send (or reply) to its delivery (default
  /// 0.1 s, project rule).
  public var messageLatency: Duration
  /// `phone.link.transferLatency`: from a queued transfer becoming deliverable to its delivery
  /// (default 1 s, project rule).
  public var transferLatency: Duration
  /// `phone.link.replyTimeout`: from a message's delivery to `messageReplyTimedOut` (7012) when
  /// the receiver has not replied (default 5 s, project rule).
  public var replyTimeout: Duration
  /// `phone.complicationBudget`: urgent complication transfers per day (default 50, Apple:
  /// https://developer.apple.com/documentation/watchconnectivity/wcsession/remainingcomplicationuserinfotransfers).
  public var complicationBudget: Int
  /// The instants the complication budget is reset over the run (the local time of day
  /// `phone.complicationBudgetReset`, default midnight; computed by the simulation layer from
  /// the scenario's calendar), ascending.
  public var budgetResets: [SimulationInstant]
  /// `watch.appState` `"notRunning"`: the watch app is not running at `t = 0` (`openApp`
  /// launches it; default `false`: it starts active).
  public var watchStartsNotRunning: Bool
  /// The largest payload in bytes of a message, user info or application context (project rule,
  /// 65 536; Apple publishes none); larger fails with `payloadTooLarge` (7009).
  public var payloadLimit: Int

  /// A configuration; every parameter has the default of docs/phone-link.md#defaults.
  public init(
    paired: Bool = true, watchAppInstalled: Bool = true, complicationEnabled: Bool = false,
    phoneApp: PhoneAppState = .notRunning, away: [Range<SimulationInstant>] = [],
    sameWiFi: [Range<SimulationInstant>] = [], messageLatency: Duration = .milliseconds(100),
    transferLatency: Duration = .seconds(1), replyTimeout: Duration = .seconds(5),
    complicationBudget: Int = 50, budgetResets: [SimulationInstant] = [],
    watchStartsNotRunning: Bool = false, payloadLimit: Int = 65_536
  ) {
    self.paired = paired
    self.watchAppInstalled = watchAppInstalled
    self.complicationEnabled = complicationEnabled
    self.phoneApp = phoneApp
    self.away = away
    self.sameWiFi = sameWiFi
    self.messageLatency = messageLatency
    self.transferLatency = transferLatency
    self.replyTimeout = replyTimeout
    self.complicationBudget = complicationBudget
    self.budgetResets = budgetResets
    self.watchStartsNotRunning = watchStartsNotRunning
    self.payloadLimit = payloadLimit
  }

  /// The defaults.
  public static let standard = LinkConfiguration()
}

/// A `WCSession` call an app makes (the command line's link actions; the Swift door's
/// `WCSession` methods), docs/phone-link.md#calls.
public enum LinkOperation: Sendable, Hashable {
  /// `activate()` on `device`'s session.
  case activate(CompanionDevice)
  /// A send of `kind` from `from` with `payload`; `wantsReply` for a message with a reply
  /// handler.
  case send(LinkTransferKind, from: CompanionDevice, payload: LinkPayload, wantsReply: Bool)
  /// The receiver of message `transfer` calls its reply handler with `payload`.
  case reply(transfer: Int, payload: LinkPayload)
  /// `cancel()` on the outstanding transfer numbered `transfer`.
  case cancel(transfer: Int)
  /// `cancel()` on every outstanding user-info and file transfer of `from` (the command line's
  /// `cancelTransfers`).
  case cancelAll(from: CompanionDevice)

  /// The command line's `do` word (`"activateSession"`, `"sendMessage"`, ...).
  public var word: String {
    switch self {
    case .activate: "activateSession"
    case .send(let kind, _, _, _):
      switch kind {
      case .message: "sendMessage"
      case .messageData: "sendMessageData"
      case .applicationContext: "updateApplicationContext"
      case .userInfo: "transferUserInfo"
      case .complicationUserInfo: "transferCurrentComplicationUserInfo"
      case .file: "transferFile"
      }
    case .reply: "reply"
    case .cancel: "cancel"
    case .cancelAll: "cancelTransfers"
    }
  }
}

/// Something the world does to the phone link (played by both doors), docs/phone-link.md#world.
public enum PhoneAction: Sendable, Hashable {
  /// `phoneApp`: the phone app's state becomes `state`.
  case app(PhoneAppState)
  /// `phoneAway`: the phone leaves the watch's Bluetooth range.
  case away
  /// `phoneBack`: the phone is back in range.
  case back
  /// `sameWiFi` with `on`: both are (or stop being) on the same known Wi-Fi network.
  case sameWiFi(Bool)
  /// `complication` with `enabled`: the complication is put on (or taken off) the active face.
  case complicationEnabled(Bool)
  /// `watchApp` with `installed`: the watch app is installed or removed.
  case watchAppInstalled(Bool)
  /// The phone app's process died (`crash` with `"device": "phone"`, the Swift door's
  /// `crash(.phone)`): to the link it does not run, and its session is not activated, until it
  /// is relaunched and activates again.
  case appCrashed
  /// The crashed phone app's process was relaunched (`relaunch` with `"device": "phone"`, the
  /// Swift door's `relaunch(.phone)`): it runs in the background.
  case appRelaunched

  /// The scenario's `do` word.
  public var word: String {
    switch self {
    case .app: "phoneApp"
    case .away: "phoneAway"
    case .back: "phoneBack"
    case .sameWiFi: "sameWiFi"
    case .complicationEnabled: "complication"
    case .watchAppInstalled: "watchApp"
    case .appCrashed: "crash"
    case .appRelaunched: "relaunch"
    }
  }
}

/// What a ``LogEntry/Kind/link(_:)`` entry says happened on the phone link
/// (docs/run-result.md#log, docs/phone-link.md).
public struct LinkEvent: Sendable, Hashable {
  /// The change.
  public enum Change: Sendable, Hashable {
    /// `device`'s session finished activating (`activationDidCompleteWith .activated`).
    case activated(CompanionDevice)
    /// `device`'s `isReachable` changed (`sessionReachabilityDidChange`).
    case reachability(CompanionDevice, isReachable: Bool)
    /// The phone app's state changed (a wake, a `phoneApp` action).
    case phoneApp(PhoneAppState)
    /// Paired, installed or complication-enabled changed (`sessionWatchStateDidChange`).
    case watchState
    /// A transfer of `kind` from `from` was accepted (it has a transfer number).
    case queued(LinkTransferKind, from: CompanionDevice)
    /// Transfer of `kind` reached `to`'s delegate with `payload`; `replyExpected` when the
    /// sender gave a reply handler.
    case delivered(LinkTransferKind, to: CompanionDevice, payload: LinkPayload, replyExpected: Bool)
    /// The reply reached the sender `to`'s reply handler.
    case replied(to: CompanionDevice, payload: LinkPayload)
    /// The sender's `didFinish` (user info, complication user info, file).
    case finished(LinkTransferKind, from: CompanionDevice)
    /// The sender's error handler, or an immediate failure, with the code.
    case failed(LinkTransferKind, from: CompanionDevice, LinkErrorCode)
    /// The transfer was cancelled (no `didFinish`).
    case cancelled(LinkTransferKind, from: CompanionDevice)
    /// An undelivered application context from `from` was replaced by a newer one.
    case contextReplaced(from: CompanionDevice)
  }

  /// The transfer number (1, 2, ... per run) where it applies.
  public var transfer: Int?
  /// What happened.
  public var change: Change

  /// An entry's payload.
  public init(transfer: Int? = nil, change: Change) {
    self.transfer = transfer
    self.change = change
  }
}

extension LinkEvent.Change {
  /// The change's word in the result's JSON (`change`): `activated`, `reachability`,
  /// `phoneApp`, `watchState`, `queued`, `delivered`, `replied`, `finished`, `failed`,
  /// `cancelled`, `contextReplaced`.
  public var word: String {
    switch self {
    case .activated: "activated"
    case .reachability: "reachability"
    case .phoneApp: "phoneApp"
    case .watchState: "watchState"
    case .queued: "queued"
    case .delivered: "delivered"
    case .replied: "replied"
    case .finished: "finished"
    case .failed: "failed"
    case .cancelled: "cancelled"
    case .contextReplaced: "contextReplaced"
    }
  }
}

extension LinkEvent {
  /// A short line for screens and reports (`"message 1 delivered to phone"`,
  /// `"watch reachable"`, `"userInfo 3 failed: notReachable"`).
  public var summary: String {
    let number = transfer.map { " \($0)" } ?? ""
    switch change {
    case .activated(let device): return "\(device.rawValue) session activated"
    case .reachability(let device, let reachable):
      return "\(device.rawValue) \(reachable ? "reachable" : "not reachable")"
    case .phoneApp(let state): return "phone app \(state.rawValue)"
    case .watchState: return "watch state changed"
    case .queued(let kind, let from):
      return "\(kind.rawValue)\(number) sent from \(from.rawValue)"
    case .delivered(let kind, let to, _, _):
      return "\(kind.rawValue)\(number) delivered to \(to.rawValue)"
    case .replied(let to, _): return "reply\(number) to \(to.rawValue)"
    case .finished(let kind, _): return "\(kind.rawValue)\(number) finished"
    case .failed(let kind, _, let code): return "\(kind.rawValue)\(number) failed: \(code.name)"
    case .cancelled(let kind, _): return "\(kind.rawValue)\(number) cancelled"
    case .contextReplaced: return "applicationContext\(number) replaced"
    }
  }
}
