import WorkoutCore

/// The workout selector a ``SimulationSession`` consults: the watch face's Digital Crown picker
/// (docs/scenario-format.md#the-watch-face), seen only through what the session needs.
///
/// WorkoutSimulation does not depend on WorkoutWatch; the command-line module conforms its
/// `DigitalCrownSelector` wrapper and passes it in. Every method takes the instant of its event
/// and reads no clock.
public protocol ActivitySelection: Sendable {
  /// The item currently selected (the value rounded to the nearest stride).
  var selectedActivity: WorkoutActivityType { get }

  /// The scenario action `crown`: one rotation by `strides` (fractions allowed) at `instant`,
  /// followed by the stop (the value snaps 0.3 s later).
  mutating func crown(by strides: Double, at instant: SimulationInstant)

  /// Turns the crown by `keyPresses` key presses (negative: towards the first item) at
  /// `instant`; one press is one stride at high sensitivity, half at medium, a quarter at low.
  mutating func turn(keyPresses: Int, at instant: SimulationInstant)

  /// Lets virtual time reach `instant` (a pending snap happens once the crown has been still
  /// for 0.3 s).
  mutating func advance(to instant: SimulationInstant)

  /// Snaps now, whatever the idle time (the workout starts while the value is between items).
  mutating func settle(at instant: SimulationInstant)
}
