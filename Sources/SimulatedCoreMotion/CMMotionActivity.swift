import Foundation
import WorkoutCore
import WorkoutSystem

/// The base of Core Motion's timestamped data (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmlogitem). Open with a public `init()`
/// and an overridable read-only ``timestamp``, as Apple's Objective-C class is in Swift, so the
/// open data classes that inherit it (``CMAltitudeData``, ``CMAbsoluteAltitudeData``) can be
/// subclassed by an app's test double; an item made with `init()` has timestamp 0 (a project
/// rule: Apple documents no value for it).
open class CMLogItem: NSObject, @unchecked Sendable {
  private let storedTimestamp: TimeInterval

  /// When the item is valid, in seconds since the device booted; in the simulation the device
  /// boots at the scenario's `t = 0`, so this is the instant on the scenario's clock (negative
  /// for the health days before it).
  open var timestamp: TimeInterval { storedTimestamp }

  /// An item with timestamp 0 (for an app's test double; Core Motion never hands one out).
  public override init() {
    storedTimestamp = 0
    super.init()
  }

  init(timestamp: TimeInterval) {
    storedTimestamp = timestamp
    super.init()
  }
}

/// How sure Core Motion is of an activity, with Apple's raw values (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmmotionactivityconfidence).
public enum CMMotionActivityConfidence: Int, Sendable, Hashable {
  /// Low (0).
  case low = 0
  /// Medium (1).
  case medium = 1
  /// High (2).
  case high = 2
}

/// One motion activity: the body's class of motion from ``startDate`` on (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmmotionactivity). The flags are the
/// activity's (at most one is true here; `moving` spans have none). Open with a public
/// `init()` and overridable read-only properties, as Apple's Objective-C class is in Swift, so
/// an app's test double compiles; one made with `init()` is `unknown` with low confidence at
/// the reference date and timestamp 0 (a project rule: Apple documents no values for it).
open class CMMotionActivity: CMLogItem, @unchecked Sendable {
  private let storedConfidence: CMMotionActivityConfidence
  private let storedStartDate: Date
  private let storedActivity: MotionActivityKind

  /// How sure the estimate is.
  open var confidence: CMMotionActivityConfidence { storedConfidence }
  /// "The time at which the change in motion occurred."
  open var startDate: Date { storedStartDate }
  /// No estimate (the scenario's `"unknown"`).
  open var unknown: Bool { storedActivity == .unknown }
  /// Not moving.
  open var stationary: Bool { storedActivity == .stationary }
  /// Walking.
  open var walking: Bool { storedActivity == .walking }
  /// Running.
  open var running: Bool { storedActivity == .running }
  /// In a vehicle.
  open var automotive: Bool { storedActivity == .automotive }
  /// On a bicycle.
  open var cycling: Bool { storedActivity == .cycling }

  /// An `unknown` activity of low confidence at the reference date, timestamp 0 (for an app's
  /// test double).
  public override init() {
    storedConfidence = .low
    storedStartDate = Date(timeIntervalSinceReferenceDate: 0)
    storedActivity = .unknown
    super.init()
  }

  init(state: MotionState, startDate: Date, timestamp: TimeInterval) {
    storedConfidence = CMMotionActivityConfidence(rawValue: state.confidence.rawValue) ?? .low
    storedStartDate = startDate
    storedActivity = state.activity
    super.init(timestamp: timestamp)
  }

  /// The activity's flags and date, for debugging.
  public override var description: String {
    let flags = [
      (unknown, "unknown"), (stationary, "stationary"), (walking, "walking"),
      (running, "running"), (automotive, "automotive"), (cycling, "cycling"),
    ].filter(\.0).map(\.1)
    return
      "CMMotionActivity(\(flags.isEmpty ? "none" : flags.joined(separator: ",")), confidence \(confidence.rawValue), startDate \(startDate))"
  }
}
