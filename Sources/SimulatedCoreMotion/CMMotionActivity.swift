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
/// https://developer.apple.com/documentation/coremotion/cmmotionactivity). Apps never create
/// one; the flags are the activity's (at most one is true here; `moving` spans have none).
public class CMMotionActivity: CMLogItem, @unchecked Sendable {
  /// How sure the estimate is.
  public let confidence: CMMotionActivityConfidence
  /// "The time at which the change in motion occurred."
  public let startDate: Date
  /// No estimate (the scenario's `"unknown"`).
  public let unknown: Bool
  /// Not moving.
  public let stationary: Bool
  /// Walking.
  public let walking: Bool
  /// Running.
  public let running: Bool
  /// In a vehicle.
  public let automotive: Bool
  /// On a bicycle.
  public let cycling: Bool

  init(state: MotionState, startDate: Date, timestamp: TimeInterval) {
    self.confidence = CMMotionActivityConfidence(rawValue: state.confidence.rawValue) ?? .low
    self.startDate = startDate
    self.unknown = state.activity == .unknown
    self.stationary = state.activity == .stationary
    self.walking = state.activity == .walking
    self.running = state.activity == .running
    self.automotive = state.activity == .automotive
    self.cycling = state.activity == .cycling
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
