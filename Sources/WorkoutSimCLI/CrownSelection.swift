import WorkoutCore
import WorkoutScenario
import WorkoutSimulation
import WorkoutWatch

/// The Digital Crown workout selector as a ``SimulationSession`` consults it: a
/// ``DigitalCrownSelector`` plus the haptic ticks of the latest movement, for the screen.
public struct CrownSelection: ActivitySelection, Sendable {
  /// The selector.
  public private(set) var selector: DigitalCrownSelector
  /// The haptic ticks of the latest rotation or snap (shown as marks), newest last.
  public private(set) var recentTicks: [CrownTick] = []

  /// The selector for `scenario`'s `selector` key, standing on `activity` (`--type`) or, when
  /// `nil`, on the scenario's `activity`; an activity not among the items is put in front.
  public init(scenario: Scenario, activity: WorkoutActivityType? = nil) {
    let sensitivity: CrownSensitivity =
      switch scenario.selector.sensitivity {
      case .low: .low
      case .medium: .medium
      case .high: .high
      }
    self.selector = DigitalCrownSelector(
      items: scenario.selector.items, initial: activity ?? scenario.activity,
      isContinuous: scenario.selector.continuous, sensitivity: sensitivity)
  }

  /// The selected item.
  public var selectedActivity: WorkoutActivityType { selector.selected }

  /// One rotation by `strides` followed by the stop.
  public mutating func crown(by strides: Double, at instant: SimulationInstant) {
    remember(selector.crown(by: strides, at: instant))
  }

  /// `keyPresses` key presses at the selector's sensitivity.
  public mutating func turn(keyPresses: Int, at instant: SimulationInstant) {
    remember(selector.turn(keyPresses: keyPresses, at: instant))
  }

  /// Lets time reach `instant` (a pending snap may happen).
  public mutating func advance(to instant: SimulationInstant) {
    let ticks = selector.advance(to: instant)
    if !ticks.isEmpty { remember(ticks) }
  }

  /// Snaps now.
  public mutating func settle(at instant: SimulationInstant) {
    let ticks = selector.settle(at: instant)
    if !ticks.isEmpty { remember(ticks) }
  }

  private mutating func remember(_ ticks: [CrownTick]) {
    recentTicks = ticks
  }
}
