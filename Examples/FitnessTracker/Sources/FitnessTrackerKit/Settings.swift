// The settings the iPhone app, its widget and its watch app share, kept in the App Group's
// `UserDefaults` suite (https://developer.apple.com/documentation/foundation/userdefaults/init(suitename:)).
import Foundation

/// The app's settings: the step goal, the energy ring's goal and the weekly summary toggle,
/// stored in an injected `UserDefaults`: on the phone the App Group suite ``Settings/appGroup``,
/// which the widget reads too; on the watch the watch app's own suite ``Settings/watchAppGroup``,
/// which its step complication reads and whose step goal the phone's application context sets
/// (``GoalContext``).
///
/// A value out of range in the store (another version of the app wrote it, or it was never
/// written) reads as the default.
public struct Settings: @unchecked Sendable {
  /// The App Group the app and its extensions share.
  public static let appGroup = "group.com.example.fitnesstracker"
  /// The App Group the watch app and its complication share on the watch. The watch cannot
  /// read the phone's container (since watchOS 2 the watch app runs on the watch), so the
  /// phone's goal reaches it by WatchConnectivity (``GoalContext``).
  public static let watchAppGroup = "group.com.example.fitnesstracker.watch"
  /// The step goal of a fresh install, steps (the seed's widget default).
  public static let defaultStepGoal = 10_000
  /// The goals the settings stepper offers, steps.
  public static let stepGoalRange = 1_000...50_000
  /// The stepper's increment, steps.
  public static let stepGoalStep = 500
  /// The energy ring's goal of a fresh install, kcal (a choice of this example; Apple's Move
  /// goal is set per person in the Fitness app).
  public static let defaultEnergyGoal = 500.0

  /// The keys in the suite.
  public enum Key {
    /// The step goal (`Int`).
    public static let stepGoal = "stepGoal"
    /// The energy goal (`Double`, kcal).
    public static let energyGoal = "energyGoal"
    /// The weekly summary toggle (`Bool`).
    public static let notificationsEnabled = "notificationsEnabled"
  }

  /// The suite the settings live in. `UserDefaults` is thread-safe
  /// (https://developer.apple.com/documentation/foundation/userdefaults: "The UserDefaults class
  /// is thread-safe"), hence `@unchecked Sendable`.
  public let defaults: UserDefaults

  /// Settings in `defaults` (the App Group suite in the app, a per-simulation suite in tests).
  public init(defaults: UserDefaults) {
    self.defaults = defaults
  }

  /// The daily step goal, steps, in ``stepGoalRange`` (default ``defaultStepGoal``). Setting a
  /// value rounds it to the nearest ``stepGoalStep`` and clamps it into the range.
  public var stepGoal: Int {
    get {
      let stored = defaults.object(forKey: Key.stepGoal) as? Int
      guard let stored, Self.stepGoalRange.contains(stored) else { return Self.defaultStepGoal }
      return stored
    }
    nonmutating set {
      defaults.set(Self.clampedGoal(newValue), forKey: Key.stepGoal)
    }
  }

  /// The energy ring's daily goal, kcal, more than 0 (default ``defaultEnergyGoal``).
  public var energyGoal: Double {
    get {
      let stored = defaults.object(forKey: Key.energyGoal) as? Double
      guard let stored, stored > 0, stored.isFinite else { return Self.defaultEnergyGoal }
      return stored
    }
    nonmutating set {
      guard newValue > 0, newValue.isFinite else { return }
      defaults.set(newValue, forKey: Key.energyGoal)
    }
  }

  /// Whether the weekly summary notification is on (default on).
  public var notificationsEnabled: Bool {
    get { defaults.object(forKey: Key.notificationsEnabled) as? Bool ?? true }
    nonmutating set { defaults.set(newValue, forKey: Key.notificationsEnabled) }
  }

  /// `goal` rounded to the nearest ``stepGoalStep`` (halves up) and clamped into
  /// ``stepGoalRange``.
  public static func clampedGoal(_ goal: Int) -> Int {
    let rounded = Int((Double(goal) / Double(stepGoalStep)).rounded()) * stepGoalStep
    return min(max(rounded, stepGoalRange.lowerBound), stepGoalRange.upperBound)
  }
}
