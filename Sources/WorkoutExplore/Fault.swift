import WorkoutCore
import WorkoutScenario
import WorkoutSystem

/// One fault of an explored world: what goes wrong, when, and for how long
/// (docs/explore.md#faults).
///
/// A fault is written in the scenario's own words when its plan is applied
/// (``FaultPlan/world(from:)``): timeline actions (`crash` then `relaunch`, `wristDown` then
/// `wristUp`, `phoneAway` then `phoneBack`) or scenario keys (`phone.network.offline`,
/// `health.lock.periods`, `sensors.heartRate.dropouts`, `authorization.notifications`,
/// `phone.network.serverErrors`, `phone.network.hangs`, `phone.taskExpiry`), or the timeline
/// `timeZone` action of a `timezone-trip`.
public struct Fault: Sendable, Hashable, CustomStringConvertible {
  /// What goes wrong: the names users type after `--faults` (docs/explore.md#faults).
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// `crash`: the app process dies at ``Fault/at`` and is relaunched without recovering its
    /// session ``Fault/duration`` later (timeline `crash`, then `relaunch` with
    /// `recover: false`).
    case crash
    /// `crash-recover`: the app dies and is relaunched ``Fault/duration`` later, recovering its
    /// session (`relaunch` with `recover: true`).
    case crashRecover = "crash-recover"
    /// `wrist`: the user lowers the wrist at ``Fault/at`` and raises it ``Fault/duration``
    /// later (`wristDown`, `wristUp`).
    case wrist
    /// `phone-away`: the phone leaves the watch's Bluetooth range and comes back
    /// (`phoneAway`, `phoneBack`).
    case phoneAway = "phone-away"
    /// `offline`: the phone has no network for the span (`phone.network.offline`).
    case offline
    /// `lock`: the phone is locked for the span (`health.lock.periods`); only for a scenario
    /// with a `health` key.
    case lock
    /// `sensor-dropout`: the wrist's heart-rate sensor delivers nothing for the span
    /// (`sensors.heartRate.dropouts`).
    case sensorDropout = "sensor-dropout"
    /// `notifications-off`: the user answers the notification permission prompt with "Don't
    /// Allow" (`authorization.notifications: "denied"`); a fault of the whole world, with no
    /// instant, drawn at most once.
    case notificationsOff = "notifications-off"
    /// `auth-denied`: the user leaves ONE HealthKit type off on the authorization sheet, both
    /// to read and to share (``Fault/healthType``, drawn from ``Fault/authDeniedTypes``):
    /// `authorization.healthKit.read.denied` and `share.denied` list it (an answer the scenario
    /// gave that type is replaced). Reads of it show the app only its own data, saving it fails
    /// with `errorAuthorizationDenied` (docs/scenario-format.md#authorization). A fault of the
    /// whole world, drawn at most once (one `auth-denied` or `auth-denied-all` a world), written
    /// `auth-denied:heartRate`; for the Swift API (the command line's run ignores
    /// `authorization`).
    case authDenied = "auth-denied"
    /// `auth-denied-all`: the user answers HealthKit's sheet with every type off
    /// (`authorization.healthKit.default: "denied"`; the types the scenario lists keep their
    /// answers). A fault of the whole world, drawn at most once, on `auth-denied`'s channel; for
    /// the Swift API.
    case authDeniedAll = "auth-denied-all"
    /// `http-error`: every server the app calls answers `503 Service Unavailable` for the span
    /// (`phone.network.serverErrors`): requests through the simulation's `URLSession`
    /// configuration started in it get that status without reaching the server. For the Swift
    /// API (the command line's run makes no requests).
    case httpError = "http-error"
    /// `http-hang`: servers never answer for the span (`phone.network.hangs`): a request
    /// started in it fails with `URLError(.timedOut)` its `timeoutInterval` of virtual time
    /// later. For the Swift API.
    case httpHang = "http-hang"
    /// `task-expiry`: the system takes background time back for the span
    /// (`phone.taskExpiry`): a `BGTask` launched in it expires right after its launch handler
    /// returns, so its `expirationHandler` runs. For the Swift API.
    case taskExpiry = "task-expiry"
    /// `dst`: a daylight-saving night: the world's `start` moves so that the first
    /// daylight-saving transition of the scenario's `timeZone` after its start falls at
    /// ``Fault/at`` (``WorkoutScenario/Scenario/daylightSavingStart(transitionAt:)``); no span
    /// (written `dst@1200+0`), drawn at most once; only for a scenario with a fixed start
    /// and a zone that changes (else `--faults dst` is a usage error, 64).
    case dst
    /// `timezone-trip`: the user lands in another time zone at ``Fault/at`` (a timeline
    /// `timeZone` action to ``Fault/timeZone``, drawn from the zones 3 to 9 hours from the
    /// device's, ``WorkoutScenario/Scenario/tripZones(atSecond:)``); no span (written
    /// `timezone-trip@5400+0:Asia/Tokyo`). Dates written after it carry the new offset, the
    /// rings reset at its local midnights, `NSSystemTimeZoneDidChange` is posted in Swift.
    case timezoneTrip = "timezone-trip"

    /// Whether the fault holds for the whole world (no instant, no span): `notifications-off`,
    /// `auth-denied`, `auth-denied-all`.
    public var isWholeWorld: Bool {
      self == .notificationsOff || self == .authDenied || self == .authDeniedAll
    }

    /// The shortest and longest span the draw gives this kind, in whole seconds (a project
    /// rule, docs/explore.md#drawing-a-world): a relaunch 1 to 60 s after a crash, the wrist
    /// down 10 s to 5 min, the phone away 30 s to 20 min, offline and locked 1 to 30 min, a
    /// sensor dropout 5 s to 5 min, server errors and hangs and task expiry 1 to 30 min; 0 for
    /// a whole-world fault.
    public var durationRange: ClosedRange<Int64> {
      switch self {
      case .crash, .crashRecover: 1...60
      case .wrist: 10...300
      case .phoneAway: 30...1200
      case .offline, .lock, .httpError, .httpHang, .taskExpiry: 60...1800
      case .sensorDropout: 5...300
      case .notificationsOff, .authDenied, .authDeniedAll, .dst, .timezoneTrip: 0...0
      }
    }

    /// Faults of one channel never overlap in a drawn world (a crash during another crash's
    /// relaunch delay would be a relaunch of a running app): crashes share the app's process;
    /// each other kind is its own channel.
    var channel: Int {
      switch self {
      case .crash, .crashRecover: 0
      case .wrist: 1
      case .phoneAway: 2
      case .offline: 3
      case .lock: 4
      case .sensorDropout: 5
      case .notificationsOff: 6
      case .authDenied, .authDeniedAll: 7
      case .httpError: 8
      case .httpHang: 9
      case .taskExpiry: 10
      case .dst: 11
      case .timezoneTrip: 12
      }
    }

    /// The faults issue 30 names that no timeline action or scenario key can express yet, each
    /// with what is missing; `--faults` refuses them with this text
    /// (docs/explore.md#not-yet-available). None today: `timezone-trip`, the last, is drawn.
    public static let notYetAvailable: [(name: String, why: String)] = []
  }

  /// What goes wrong.
  public var kind: Kind
  /// When it begins, from `t = 0` (``SimulationInstant/zero`` for a whole-world fault).
  public var at: SimulationInstant
  /// How long it lasts (the relaunch delay of a crash; zero for a whole-world fault).
  public var duration: Duration
  /// The IANA zone a `timezone-trip` lands in; `nil` for every other kind.
  public var timeZone: String?
  /// The HealthKit type an `auth-denied` turns off, its full identifier
  /// (`"HKQuantityTypeIdentifierHeartRate"`); `nil` for every other kind.
  public var healthType: String?

  /// The types an `auth-denied` draws from, in this order (a project rule: the types a
  /// workout app reads or saves most, docs/explore.md#faults): heart rate, active and basal
  /// energy, walking and running distance, cycling distance, steps, the workout, its route.
  public static let authDeniedTypes = [
    "HKQuantityTypeIdentifierHeartRate", "HKQuantityTypeIdentifierActiveEnergyBurned",
    "HKQuantityTypeIdentifierBasalEnergyBurned", "HKQuantityTypeIdentifierDistanceWalkingRunning",
    "HKQuantityTypeIdentifierDistanceCycling", "HKQuantityTypeIdentifierStepCount",
    "HKWorkoutTypeIdentifier", "HKWorkoutRouteTypeIdentifier",
  ]

  /// A fault of `kind` from `at` for `duration`; `timeZone` for a `timezone-trip`,
  /// `healthType` (a full identifier) for an `auth-denied`.
  public init(
    _ kind: Kind, at: SimulationInstant, duration: Duration, timeZone: String? = nil,
    healthType: String? = nil
  ) {
    self.kind = kind
    self.at = at
    self.duration = duration
    self.timeZone = timeZone
    self.healthType = healthType
  }

  /// The `auth-denied` fault that turns off `healthType` (a full identifier).
  public static func authDenied(_ healthType: String) -> Fault {
    Fault(.authDenied, at: .zero, duration: .zero, healthType: healthType)
  }

  /// When it ends: ``at`` + ``duration``.
  public var end: SimulationInstant { at.advanced(by: duration) }

  /// The fault as `--faults` names it with its instant and span in seconds: `crash@612+5`
  /// (crash at 612 s, relaunch 5 s later), `notifications-off`, a trip's zone after a
  /// colon: `timezone-trip@5400+0:Asia/Tokyo`, and the type of an `auth-denied` by its short
  /// name after a colon: `auth-denied:heartRate`.
  public var description: String {
    if kind.isWholeWorld {
      return kind.rawValue + (healthType.map { ":" + Self.shortName(of: $0) } ?? "")
    }
    return
      "\(kind.rawValue)@\(Self.seconds(at.nanoseconds))+\(Self.seconds(duration.wholeNanoseconds))"
      + (timeZone.map { ":" + $0 } ?? "")
  }

  /// A HealthKit identifier's short name, as the scenario's `authorization` key takes it
  /// (`"HKQuantityTypeIdentifierHeartRate"` → `"heartRate"`); the identifier itself when the
  /// key does not know it.
  static func shortName(of identifier: String) -> String {
    Scenario.Authorization.shortName(of: identifier) ?? identifier
  }

  /// Nanoseconds as seconds, a whole number when whole (drawn faults always are).
  static func seconds(_ nanoseconds: Int64) -> String {
    if nanoseconds % 1_000_000_000 == 0 { return String(nanoseconds / 1_000_000_000) }
    return String(Double(nanoseconds) / 1e9)
  }
}
