import WorkoutCore

extension Scenario {
  /// The timeline's `timeZone` actions in file order: the instant each changes the device's
  /// time zone and the IANA name it changes to (docs/scenario-format.md#time-zone-changes).
  public var timeZoneChanges: [(at: SimulationInstant, timeZone: String)] {
    timeline.compactMap { action in
      guard case .timeZone(let name) = action.kind else { return nil }
      return (action.at, name)
    }
  }

  /// The IANA name of the device's time zone at `instant`: the zone of the last timeline
  /// `timeZone` action at or before it, else ``timeZone`` (an action takes effect at its own
  /// instant).
  public func timeZone(at instant: SimulationInstant) -> String {
    timeZoneChanges.last { $0.at <= instant }?.timeZone ?? timeZone
  }
}
