import WorkoutCore

/// One keypress at a scenario time (`workout-sim run --keys`, docs/command-line.md#run): a key
/// and the instant it is pressed at.
public struct KeyPress: Sendable, Equatable {
  /// A key, as typed in interactive mode.
  public enum Key: Sendable, Equatable {
    /// A single character (`q`, `s`, `,` from `COMMA`, `@` from `AT`).
    case character(Character)
    /// `SPACE`.
    case space
    /// `ENTER`.
    case enter
    /// `UP` arrow.
    case up
    /// `DOWN` arrow.
    case down
    /// `LEFT` arrow.
    case left
    /// `RIGHT` arrow.
    case right
    /// `ESC`.
    case escape
  }

  /// The key.
  public var key: Key
  /// When it is pressed (scenario time); keys run after timeline actions at the same instant.
  public var at: SimulationInstant

  /// Creates a keypress.
  public init(key: Key, at: SimulationInstant) {
    self.key = key
    self.at = at
  }
}
