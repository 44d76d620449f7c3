import WorkoutCore

/// A call on the mirroring of the watch's workout session to the paired iPhone (watchOS 10 /
/// iOS 17; Apple doc: https://developer.apple.com/documentation/healthkit/hkworkoutsession).
/// The rules are docs/phone-link.md#mirrored-workout-sessions.
public enum MirroringOperation: Sendable, Hashable {
  /// The watch app's `startMirroringToCompanionDevice()` on its current session.
  case start
  /// The watch app's `stopMirroringToCompanionDevice()`.
  case stop
  /// `sendToRemoteWorkoutSession(data:)` from `from`'s session, `byteCount` bytes.
  case send(from: CompanionDevice, byteCount: Int)
  /// A state call the phone app makes on its mirrored session: forwarded to the primary.
  case remoteCall(WorkoutSessionCall)

  /// The scenario's `do` word (`startMirroring`, `stopMirroring`,
  /// `sendToRemoteWorkoutSession`; a remote call is its session word, `pause`, ...).
  public var word: String {
    switch self {
    case .start: "startMirroring"
    case .stop: "stopMirroring"
    case .send: "sendToRemoteWorkoutSession"
    case .remoteCall(let call): call.word
    }
  }
}

/// Why a mirroring call failed. HealthKit's codes (`HKError.Code` raw values) are given by
/// ``healthKitCode``; where Apple documents the failure but not its code, the project chose one
/// (docs/phone-link.md#mirrored-workout-sessions).
public enum MirroringError: String, Sendable, Hashable, CaseIterable {
  /// `startMirroringToCompanionDevice` on an ended session (Apple: it fails on an ended
  /// session; code 3 is the project's choice).
  case sessionEnded
  /// The call needs a mirroring session and there is none (not started, stopped, ended,
  /// disconnected; Apple: send "errors when the session is not mirroring"; code 3 is the
  /// project's choice).
  case notMirroring
  /// The phone is out of range (away, not on the same Wi-Fi) when mirroring starts (project
  /// rule, code 3); the message says to try again once the phone is back (new-user trial 25).
  case notConnected
  /// More than 100 KB sent from one side within 10 s (Apple's limit; code 13
  /// `errorDataSizeExceeded` is the project's reading).
  case dataSizeExceeded
  /// A state call on the mirrored session could not reach the primary (code 100, HealthKit's
  /// "Failed to sync state transition to the primary session").
  case syncFailed
  /// A send while the session on the other side has no delegate (the phone's mirrored session
  /// reaches the phone one latency after the start, and the app sets its delegate in the start
  /// handler): HealthKit's code 3, "Remote session delegate is not set up" (a developer report;
  /// the Swift door refuses it, which knows the delegates, and logs it as a failed send).
  case remoteDelegateNotSet
  /// A send from the iPhone's own workout session (iOS 26), which has no remote session (only
  /// a watch workout mirrored to the phone has one): code 3, `errorInvalidArgument` (a project
  /// rule: HealthKit documents no error for it; the Swift door refuses it and logs it as a
  /// failed send of the phone's engine, docs/phone.md#the-iphones-own-workouts).
  case noRemoteSession

  /// The `HKError` code raw value.
  public var healthKitCode: Int {
    switch self {
    case .sessionEnded, .notMirroring, .notConnected, .remoteDelegateNotSet, .noRemoteSession: 3
    case .dataSizeExceeded: 13
    case .syncFailed: 100
    }
  }

  /// The error's text.
  public var message: String {
    switch self {
    case .sessionEnded: "The workout session has ended"
    case .notMirroring: "The workout session is not mirroring to a companion device"
    case .notConnected:
      "The companion device is not connected: the iPhone is out of the watch's range and not on the same Wi-Fi; call startMirroringToCompanionDevice() again once the phone is back"
    case .dataSizeExceeded: "Data sent to the remote workout session exceeds 100 KB in 10 seconds"
    case .syncFailed: "Failed to sync state transition to the primary session"
    case .remoteDelegateNotSet: "Remote session delegate is not set up"
    case .noRemoteSession: "The iPhone's own workout session has no remote session"
    }
  }
}

/// Why the mirroring ended (`workoutSession(_:didDisconnectFromRemoteDeviceWithError:)`).
public enum MirroringDisconnectCause: String, Sendable, Hashable, CaseIterable {
  /// The watch app called `stopMirroringToCompanionDevice()` (the phone hears of it; no error).
  case stopped
  /// The primary session ended (Apple: ending stops mirroring; the phone hears of it after the
  /// `ended` change; no error).
  case ended
  /// The link dropped (the phone went away, not on the same Wi-Fi): both sides hear of it at
  /// once, with an error.
  case linkLost
}

/// Something that happened to a mirroring: a typed ``LogEntry/Kind/mirroring(_:)`` entry, which
/// the Swift door turns into delegate calls and completion handlers by its ``Change`` (never by
/// its words), and which the run result writes as the `system` entry of framework `HealthKit`
/// that ``systemEvent`` gives (docs/run-result.md#log).
public struct MirroringEvent: Sendable, Hashable {
  /// What happened.
  public enum Change: Sendable, Hashable {
    /// `startMirroringToCompanionDevice` succeeded (its completion, at the call).
    case started
    /// `startMirroringToCompanionDevice` failed (at the call).
    case startFailed(MirroringError)
    /// `stopMirroringToCompanionDevice` succeeded (at the call).
    case stopped
    /// `stopMirroringToCompanionDevice` failed (at the call).
    case stopFailed(MirroringError)
    /// The phone's `workoutSessionMirroringStartHandler` gets the mirrored session, in `state`
    /// (the primary's state at the start call), `latency` after the start.
    case remoteStarted(state: WorkoutSessionState)
    /// The mirrored session's `didChangeTo` (the primary's change, `date` its instant),
    /// `latency` after the change.
    case remoteStateChange(
      from: WorkoutSessionState, to: WorkoutSessionState, date: SimulationInstant)
    /// A send was accepted (its completion, at the call): number `send` of side `from`.
    case sent(from: CompanionDevice, send: Int, byteCount: Int)
    /// A send failed (at the call).
    case sendFailed(from: CompanionDevice, MirroringError, byteCount: Int)
    /// `didReceiveDataFromRemoteWorkoutSession` on `to`'s session: sends `firstSend` ..<
    /// `firstSend + count` of the other side, in send order, as one call.
    case received(to: CompanionDevice, firstSend: Int, count: Int, byteCount: Int)
    /// `didDisconnectFromRemoteDeviceWithError` on `device`'s session.
    case disconnected(CompanionDevice, MirroringDisconnectCause)
    /// A state call on the mirrored session failed (at the call, on the phone).
    case remoteCallFailed(WorkoutSessionCall, MirroringError)
    /// A state call of the phone reached the primary (performed there at this instant).
    case remoteCallForwarded(WorkoutSessionCall)

    /// The device whose session hears of it: the watch for its own calls and the forwarded
    /// calls, the phone for the mirrored session's start, changes and failed calls, the sender
    /// of a send, the receiver of data, each side of a disconnect.
    public var device: CompanionDevice {
      switch self {
      case .started, .startFailed, .stopped, .stopFailed, .remoteCallForwarded: .watch
      case .remoteStarted, .remoteStateChange, .remoteCallFailed: .phone
      case .sent(let from, _, _), .sendFailed(let from, _, _): from
      case .received(let to, _, _, _): to
      case .disconnected(let device, _): device
      }
    }
  }

  /// The primary's engine session.
  public var session: Int
  /// The mirroring's number: 1 for the run's first `startMirroring`, one more for each new one
  /// (each gives the phone a new mirrored session object).
  public var mirroring: Int
  /// What happened.
  public var change: Change

  /// Creates an event.
  public init(session: Int, mirroring: Int, change: Change) {
    self.session = session
    self.mirroring = mirroring
    self.change = change
  }

  /// The log entry's payload: framework `HealthKit`, `event` the change's word, `identifier`
  /// `"session N"`, details `mirroring`, and `device`, `state`, `from`, `to`, `date`, `send`,
  /// `firstSend`, `count`, `bytes`, `cause`, `call`, `errorCode`, `error` where they apply
  /// (docs/run-result.md).
  public var systemEvent: SystemEvent {
    var details: [String: SystemEvent.Value] = [
      "mirroring": .integer(mirroring), "device": .string(change.device.rawValue),
    ]
    func fail(_ error: MirroringError) {
      details["errorCode"] = .integer(error.healthKitCode)
      details["error"] = .string(error.rawValue)
    }
    let word: String
    switch change {
    case .started:
      word = "mirroringStarted"
    case .startFailed(let error):
      word = "mirroringStartFailed"
      fail(error)
    case .stopped:
      word = "mirroringStopped"
    case .stopFailed(let error):
      word = "mirroringStopFailed"
      fail(error)
    case .remoteStarted(let state):
      word = "mirroredSessionStarted"
      details["state"] = .string(state.name)
    case .remoteStateChange(let from, let to, let date):
      word = "mirroredStateChange"
      details["from"] = .string(from.name)
      details["to"] = .string(to.name)
      details["date"] = .instant(date)
    case .sent(_, let send, let bytes):
      word = "remoteDataSent"
      details["send"] = .integer(send)
      details["bytes"] = .integer(bytes)
    case .sendFailed(_, let error, let bytes):
      word = "remoteDataSendFailed"
      details["bytes"] = .integer(bytes)
      fail(error)
    case .received(_, let first, let count, let bytes):
      word = "remoteDataReceived"
      details["firstSend"] = .integer(first)
      details["count"] = .integer(count)
      details["bytes"] = .integer(bytes)
    case .disconnected(_, let cause):
      word = "remoteDisconnected"
      details["cause"] = .string(cause.rawValue)
    case .remoteCallFailed(let call, let error):
      word = "mirroredCallFailed"
      details["call"] = .string(call.word)
      fail(error)
    case .remoteCallForwarded(let call):
      word = "mirroredCallForwarded"
      details["call"] = .string(call.word)
    }
    return SystemEvent(
      framework: .healthKit, event: word, identifier: "session \(session)", details: details)
  }
}

/// The mirroring rules on virtual time (pure; the engine owns one): at most one mirroring at a
/// time, deliveries `latency` after their cause in cause order, the 100 KB / 10 s send budget
/// per side (docs/phone-link.md#mirrored-workout-sessions).
struct MirroringStateMachine: Sendable {
  /// A delivery due later.
  struct Pending: Sendable {
    var due: Int64
    var event: MirroringEvent
  }

  /// The mirroring now: the primary's session and the mirroring number; `nil` when none.
  private(set) var active: (session: Int, mirroring: Int)?
  /// The last mirroring number given.
  private(set) var count = 0
  /// Deliveries not yet made, in due order (ties: cause order).
  private(set) var pending: [Pending] = []
  /// The last send number of each side (1, 2, ... per side over the run).
  private var sends: [CompanionDevice: Int] = [:]
  /// The accepted sends of each side within the last 10 s: instant and bytes.
  private var window: [CompanionDevice: [(at: Int64, bytes: Int)]] = [:]

  /// The send budget: 100 KB (102 400 bytes, the project's reading of Apple's "100 KB") in any
  /// 10 s window, per sending side.
  static let budgetBytes = 102_400
  /// The budget's window.
  static let budgetWindow: Int64 = 10_000_000_000

  /// The earliest pending delivery, or `nil`.
  var deadline: Int64? { pending.first?.due }

  /// Queues `event` for `due` after every delivery due at or before it.
  mutating func schedule(_ event: MirroringEvent, due: Int64) {
    let index = pending.firstIndex { $0.due > due } ?? pending.endIndex
    pending.insert(Pending(due: due, event: event), at: index)
  }

  /// Takes the deliveries due at `instant` (in order).
  mutating func takeDue(at instant: Int64) -> [MirroringEvent] {
    var due: [MirroringEvent] = []
    while let first = pending.first, first.due <= instant {
      due.append(pending.removeFirst().event)
    }
    return due
  }

  /// Begins mirroring `session`: its number.
  mutating func begin(session: Int) -> Int {
    count += 1
    active = (session, count)
    return count
  }

  /// Ends the mirroring now (further sends fail; pending deliveries stay unless `dropPending`).
  mutating func end(dropPending: Bool) {
    if dropPending, let active {
      pending.removeAll { $0.event.mirroring == active.mirroring }
    }
    active = nil
  }

  /// Accepts a send of `bytes` from `side` at `instant` when the budget allows: its number, or
  /// `nil` when the 10 s window would exceed ``budgetBytes``.
  mutating func acceptSend(from side: CompanionDevice, bytes: Int, at instant: Int64) -> Int? {
    var recent = window[side, default: []].filter { instant - $0.at < Self.budgetWindow }
    let used = recent.reduce(0) { $0 + $1.bytes }
    guard used + bytes <= Self.budgetBytes else {
      window[side] = recent
      return nil
    }
    recent.append((instant, bytes))
    window[side] = recent
    let number = sends[side, default: 0] + 1
    sends[side] = number
    return number
  }
}
