import WorkoutCore
import WorkoutScenario
import WorkoutWatch

/// The Digital Crown workout selector as a ``SimulationSession`` consults it: a
/// ``DigitalCrownSelector`` plus the haptic ticks of the latest movement, for the screen
/// (docs/scenario-format.md#the-watch-face).
///
/// Every session has one, built from the scenario's `selector` key, so a library caller of
/// ``Simulation/run(_:overrides:commands:)`` and `workout-sim run` choose the same workout. Every
/// method takes the instant of its event and reads no clock.
public struct CrownSelection: Sendable {
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

  /// The scenario action `crown`: one rotation by `strides` (fractions allowed) at `instant`,
  /// followed by the stop (the value snaps 0.3 s later).
  public mutating func crown(by strides: Double, at instant: SimulationInstant) {
    remember(selector.crown(by: strides, at: instant))
  }

  /// Turns the crown by `keyPresses` key presses (negative: towards the first item) at
  /// `instant`; one press is one stride at high sensitivity, half at medium, a quarter at low.
  public mutating func turn(keyPresses: Int, at instant: SimulationInstant) {
    remember(selector.turn(keyPresses: keyPresses, at: instant))
  }

  /// Lets virtual time reach `instant` (a pending snap happens once the crown has been still
  /// for 0.3 s).
  public mutating func advance(to instant: SimulationInstant) {
    let ticks = selector.advance(to: instant)
    if !ticks.isEmpty { remember(ticks) }
  }

  /// Snaps now, whatever the idle time (the workout starts while the value is between items).
  public mutating func settle(at instant: SimulationInstant) {
    let ticks = selector.settle(at: instant)
    if !ticks.isEmpty { remember(ticks) }
  }

  private mutating func remember(_ ticks: [CrownTick]) {
    recentTicks = ticks
  }
}
