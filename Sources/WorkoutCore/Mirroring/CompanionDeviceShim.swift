// TEMPORARY until the link engine (Sources/WorkoutCore/Link) is merged: its `CompanionDevice`.
/// The two devices of a simulation.
public enum CompanionDevice: String, Sendable, Hashable, CaseIterable {
  /// The Apple Watch.
  case watch
  /// The paired iPhone.
  case phone
  /// The other device.
  public var counterpart: CompanionDevice { self == .watch ? .phone : .watch }
}
