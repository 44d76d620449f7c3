import WorkoutCore

extension Scenario {
  /// The timeline's `timeZone` actions that change the device's time zone, in file order: the
  /// instant each takes effect and the IANA name it changes to
  /// (docs/scenario-format.md#time-zone-changes). An action naming the zone already in force
  /// (the same name as ``timeZone`` or the change before it) changes nothing and is left out:
  /// the one home of that rule for the log, the dates, the rings' midnights and the Swift
  /// door's `NSSystemTimeZoneDidChange`.
  public var timeZoneChanges: [(at: SimulationInstant, timeZone: String)] {
    var inForce = timeZone
    return timeline.compactMap { action in
      guard case .timeZone(let name) = action.kind, name != inForce else { return nil }
      inForce = name
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
