import WorkoutCore

extension Scenario {
  /// `selector`: the Digital Crown workout selector, after SwiftUI's
  /// `digitalCrownRotation(_:from:through:by:sensitivity:isContinuous:isHapticFeedbackEnabled:)`
  /// (Apple doc:
  /// https://developer.apple.com/documentation/swiftui/view/digitalcrownrotation(_:from:through:by:sensitivity:iscontinuous:ishapticfeedbackenabled:)).
  ///
  /// JSON: `{ "items": ["running", "walking", "cycling"], "continuous": false,
  /// "sensitivity": "high" }`, every key optional.
  public struct Selector: Sendable, Equatable {
    /// How far one key press turns the crown, SwiftUI's `DigitalCrownRotationalSensitivity`.
    public enum Sensitivity: String, Sendable, Equatable, CaseIterable {
      /// A quarter of a stride per key press.
      case low
      /// Half a stride per key press.
      case medium
      /// One stride per key press (SwiftUI's default).
      case high
    }

    /// The items in crown order, without duplicates; default running, walking, cycling.
    public var items: [WorkoutActivityType]
    /// Whether the value wraps around (`isContinuous`); default `false` (clamps at the ends).
    public var continuous: Bool
    /// The sensitivity; default `.high`.
    public var sensitivity: Sensitivity

    /// The items when the file gives none: running, walking, cycling.
    public static let defaultItems: [WorkoutActivityType] = [.running, .walking, .cycling]

    /// Creates a selector; the defaults are those of a file without `selector`.
    public init(
      items: [WorkoutActivityType] = Selector.defaultItems, continuous: Bool = false,
      sensitivity: Sensitivity = .high
    ) {
      self.items = items
      self.continuous = continuous
      self.sensitivity = sensitivity
    }
  }

  /// `goals` and `today`: amounts for the activity rings, after `HKActivitySummary`'s
  /// `activeEnergyBurned`, `appleExerciseTime` and their goals (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkactivitysummary), with a step count
  /// in place of the Stand ring (docs/scenario-format.md#the-watch-face).
  ///
  /// JSON: `{ "activeEnergyBurned": kcal, "appleExerciseTime": time, "stepCount": count }`,
  /// every key optional; a time is seconds or `"[h:]mm:ss"` as everywhere in the format.
  public struct RingAmounts: Sendable, Equatable {
    /// Active energy in kcal (≥ 0).
    public var activeEnergyBurned: Double
    /// Exercise time (≥ 0).
    public var appleExerciseTime: Duration
    /// Steps (≥ 0).
    public var stepCount: Double

    /// Creates amounts.
    public init(activeEnergyBurned: Double, appleExerciseTime: Duration, stepCount: Double) {
      self.activeEnergyBurned = activeEnergyBurned
      self.appleExerciseTime = appleExerciseTime
      self.stepCount = stepCount
    }

    /// The default goals: 500 kcal, 30 minutes, 10 000 steps.
    public static let defaultGoals = RingAmounts(
      activeEnergyBurned: 500, appleExerciseTime: .seconds(30 * 60), stepCount: 10_000)

    /// Nothing: the default `today`.
    public static let zero = RingAmounts(
      activeEnergyBurned: 0, appleExerciseTime: .zero, stepCount: 0)
  }
}
