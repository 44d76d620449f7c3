import Foundation
import WorkoutCore
import WorkoutScenario
import WorkoutText

/// The device's time zone over a run: the scenario's `timeZone` from `t = 0`, then the zone of
/// each timeline `timeZone` action from its instant on (docs/scenario-format.md#time-zone-changes).
/// The one home of "which zone is in force at this instant" for the dates a run writes, its
/// local midnights and a workout's `HKTimeZone`; SimulationDriver's device zones add
/// `health.trip` to it for the Swift door's frameworks.
public struct TimeZoneSchedule: Sendable {
  /// One change: from `at` (the date `date`) the zone is `zone`, named `name` as the scenario
  /// wrote it.
  public struct Change: Sendable {
    /// The scenario time of the change.
    public var at: SimulationInstant
    /// Its wall-clock date.
    public var date: Date
    /// The zone from then on.
    public var zone: TimeZone
    /// Its IANA name as written (Foundation on Linux reports `UTC` as `GMT`).
    public var name: String
  }

  /// The zone at `t = 0`: the scenario's `timeZone`.
  public let home: TimeZone
  /// Its name as the scenario wrote it.
  public let homeName: String
  /// The changes, by instant (file order at one instant: the last one wins).
  public let changes: [Change]

  /// A schedule of `home` (named `homeName`) and `changes`.
  public init(home: TimeZone, homeName: String, changes: [Change] = []) {
    self.home = home
    self.homeName = homeName
    self.changes = changes
  }

  /// The schedule of `scenario` whose `t = 0` is `startDate`, with `home` its checked
  /// `timeZone`; an action's zone the decoder and ``WorkoutScenario/Scenario`` checked.
  public init(scenario: Scenario, home: TimeZone, startDate: Date) {
    self.init(
      home: home, homeName: scenario.timeZone,
      changes: scenario.timeZoneChanges.compactMap { change in
        guard let zone = TimeZone(identifier: change.timeZone) else { return nil }
        return Change(
          at: change.at, date: startDate.addingTimeInterval(change.at.seconds), zone: zone,
          name: change.timeZone)
      })
  }

  /// The zone in force at `instant` (a change takes effect at its own instant).
  public func zone(at instant: SimulationInstant) -> TimeZone {
    changes.last { $0.at <= instant }?.zone ?? home
  }

  /// The name of the zone in force at `instant`.
  public func name(at instant: SimulationInstant) -> String {
    changes.last { $0.at <= instant }?.name ?? homeName
  }

  /// The zone in force at wall-clock `date`.
  public func zone(for date: Date) -> TimeZone {
    changes.last { $0.date <= date }?.zone ?? home
  }

  /// The UTC offset in force at `date`, seconds: the zone of that moment at that moment.
  public func secondsFromGMT(for date: Date) -> Int {
    zone(for: date).secondsFromGMT(for: date)
  }

  /// The spans of one zone each: `(zone, from, to)`, `from` the date it takes effect (`nil`:
  /// from the beginning), `to` the date the next change takes effect (`nil`: for ever).
  var spans: [(zone: TimeZone, from: Date?, to: Date?)] {
    var result: [(zone: TimeZone, from: Date?, to: Date?)] = []
    var zone = home
    var from: Date?
    for change in changes {
      result.append((zone, from, change.date))
      zone = change.zone
      from = change.date
    }
    result.append((zone, from, nil))
    return result
  }
}

/// An instant as ISO 8601 with the offset in force at that instant in `zones`; see
/// ``formatDate(secondsSince1970:timeZone:)``.
public func formatDate(secondsSince1970: Double, zones: TimeZoneSchedule) -> String {
  let whole = ISO8601.split(secondsSince1970: secondsSince1970).wholeSeconds
  let offset = zones.secondsFromGMT(for: Date(timeIntervalSince1970: Double(whole)))
  return ISO8601.format(secondsSince1970: secondsSince1970, offsetSeconds: offset)
}
