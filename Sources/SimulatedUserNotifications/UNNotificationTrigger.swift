import Foundation
import SimulationDriver
import WorkoutCore

/// What makes the system deliver a request (Apple doc:
/// https://developer.apple.com/documentation/usernotifications/unnotificationtrigger): a
/// ``UNCalendarNotificationTrigger`` or a ``UNTimeIntervalNotificationTrigger``.
public class UNNotificationTrigger: NSObject, @unchecked Sendable {
  /// Whether the request stays scheduled after each delivery (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationtrigger/repeats).
  public let repeats: Bool

  init(repeats: Bool) {
    self.repeats = repeats
    super.init()
  }

  /// The first instant after `instant` the trigger fires at, for a request scheduled at
  /// `scheduled` (the simulation's rule, docs/phone.md#notifications).
  func nextFire(
    after instant: SimulationInstant, scheduled: SimulationInstant, zones: DeviceTimeZones,
    startDate: Date
  ) -> SimulationInstant? { nil }
}

/// A trigger on date components, matched in the device's time zone of the moment (Apple doc:
/// https://developer.apple.com/documentation/usernotifications/uncalendarnotificationtrigger).
///
/// ```swift
/// var monday = DateComponents()
/// monday.weekday = 2            // Monday (Calendar's numbering: 1 is Sunday)
/// monday.hour = 9
/// let trigger = UNCalendarNotificationTrigger(dateMatching: monday, repeats: true)
/// ```
///
/// The components are matched with the Gregorian calendar (or the components' `calendar`) in
/// the zone the phone is in at the moment (the scenario's `timeZone`, or `health.trip`'s
/// during a trip), unless the components carry a `timeZone`: so a Monday 09:00 trigger fires
/// at 09:00 local after a daylight-saving change and after a flight (docs/phone.md). A local
/// time a spring-forward change skips matches at the next existing time; one a fall-back
/// change repeats matches the first time (Foundation's `.nextTime` and `.first` policies; a
/// model, Apple does not document it).
public class UNCalendarNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
  /// The components to match (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/uncalendarnotificationtrigger/datecomponents).
  public let dateComponents: DateComponents

  /// A trigger matching `dateComponents`, once or every time (`repeats`) (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/uncalendarnotificationtrigger/init(datematching:repeats:)).
  public init(dateMatching dateComponents: DateComponents, repeats: Bool) {
    self.dateComponents = dateComponents
    super.init(repeats: repeats)
  }

  /// The next date the components match after now (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/uncalendarnotificationtrigger/nexttriggerdate()).
  /// Inside a simulation's `run`: after virtual now, in the device's zone in force now (the
  /// app's view: a device does not know its later zone changes, so a flight the timeline
  /// holds later does not move it; `simulation.nextNotificationDate(identifier:)` gives the
  /// instant the request will fire at), with components naming a real-clock day read as the
  /// virtual day `add` reads them as (docs/swift-api.md#the-wall-clock-rule; no log entry:
  /// a getter); with no simulation's run in progress, after `Date()` in `TimeZone.current`;
  /// outside every run's task tree while runs it cannot be attributed to are in progress
  /// (several at once, or after several ran at once in the process), a trap with what to write
  /// instead (docs/swift-api.md#traps). `nil` when nothing matches.
  public func nextTriggerDate() -> Date? {
    guard
      let simulation = AppSimulation.quietReadSimulation(
        "UNCalendarNotificationTrigger.nextTriggerDate()")
    else {
      var calendar = Self.calendar(for: dateComponents)
      calendar.timeZone = dateComponents.timeZone ?? .current
      return Self.nextDate(matching: dateComponents, after: Date(), in: calendar)
    }
    let zones = DeviceTimeZones(scenario: simulation.scenario, startDate: simulation.startDate)
    let now = simulation.instant(of: simulation.now)
    let calendar = matchingCalendar(zone: zones.zone(at: now))
    let components =
      simulation.virtualDateComponents(
        dateComponents, in: appCalendar, virtualCalendar: calendar, now: now) ?? dateComponents
    return Self.nextDate(matching: components, after: simulation.now, in: calendar)
  }

  /// The calendar the components are matched in while the device is in `zone`: the
  /// components' calendar (else Gregorian) in their own `timeZone`, else `zone`.
  func matchingCalendar(zone: TimeZone) -> Calendar {
    var calendar = Self.calendar(for: dateComponents)
    calendar.timeZone = dateComponents.timeZone ?? zone
    return calendar
  }

  /// The calendar the app is taken to have built the components in (the wall-clock rule
  /// judges their day against the real today in it): the components' calendar (else
  /// Gregorian) in their `timeZone`, else the process's (`Calendar.current`'s zone, what
  /// `Calendar.current.dateComponents(_:from: Date())` used).
  var appCalendar: Calendar { matchingCalendar(zone: .current) }

  /// The trigger as the simulation reads it at `add` (the one home of that reading is
  /// `AppSimulation.readAppDateComponents`, the wall-clock rule's,
  /// docs/swift-api.md#the-wall-clock-rule): components naming a whole day built from the real
  /// clock (`Calendar.current.dateComponents([.year, .month, .day], from: Date() + 86_400)`,
  /// then `hour = 7`) name the virtual day as many days from virtual today, with a
  /// `wallClockDate` log entry naming `UNCalendarNotificationTrigger.dateComponents` (with
  /// strict dates, a `strictDate` report, and read all the same: `add` has no error for it);
  /// any other trigger is this one. The app's trigger object keeps its components.
  func read(
    in zones: DeviceTimeZones, simulation: AppSimulation, state: inout AppSimulation.State
  ) -> UNNotificationTrigger {
    let calendar = matchingCalendar(zone: zones.zone(at: state.session.now))
    let read = simulation.readAppDateComponents(
      dateComponents, in: appCalendar, virtualCalendar: calendar,
      call: "UNCalendarNotificationTrigger.dateComponents",
      framework: .userNotifications, in: &state)
    guard read != dateComponents else { return self }
    return UNCalendarNotificationTrigger(dateMatching: read, repeats: repeats)
  }

  override func nextFire(
    after instant: SimulationInstant, scheduled: SimulationInstant, zones: DeviceTimeZones,
    startDate: Date
  ) -> SimulationInstant? {
    func dateOf(_ value: SimulationInstant) -> Date { startDate.addingTimeInterval(value.seconds) }
    func instantOf(_ value: Date) -> SimulationInstant {
      .rounding(seconds: value.timeIntervalSince(startDate))
    }
    var calendar = Self.calendar(for: dateComponents)
    if let fixed = dateComponents.timeZone {
      calendar.timeZone = fixed
      return Self.nextDate(matching: dateComponents, after: dateOf(instant), in: calendar)
        .map(instantOf)
    }
    // Segment by segment between the device's zone changes: the first match in each
    // segment's zone that falls inside the segment.
    var from = instant
    var strict = true
    let changes = zones.changes(after: instant)
    for index in 0...changes.count {
      let end = index < changes.count ? changes[index] : nil
      calendar.timeZone = zones.zone(at: from)
      let after = strict ? dateOf(from) : dateOf(from).addingTimeInterval(-0.001)
      if let found = Self.nextDate(matching: dateComponents, after: after, in: calendar) {
        let at = instantOf(found)
        if at >= from, end.map({ at < $0 }) ?? true { return at }
      }
      guard let end else { return nil }
      from = end
      strict = false
    }
    return nil
  }

  /// The calendar the components name, else Gregorian.
  static func calendar(for components: DateComponents) -> Calendar {
    Calendar(identifier: components.calendar?.identifier ?? .gregorian)
  }

  /// Foundation's next match after `date` (`.nextTime`, first of a repeated hour).
  static func nextDate(matching components: DateComponents, after date: Date, in calendar: Calendar)
    -> Date?
  {
    var matching = components
    matching.calendar = nil
    matching.timeZone = nil
    return calendar.nextDate(
      after: date, matching: matching, matchingPolicy: .nextTime, repeatedTimePolicy: .first,
      direction: .forward)
  }
}

/// A trigger a number of seconds after the request was added (Apple doc:
/// https://developer.apple.com/documentation/usernotifications/untimeintervalnotificationtrigger).
public class UNTimeIntervalNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
  /// The seconds from scheduling to delivery, and between deliveries when it repeats (Apple
  /// doc:
  /// https://developer.apple.com/documentation/usernotifications/untimeintervalnotificationtrigger/timeinterval).
  public let timeInterval: TimeInterval

  /// A trigger `timeInterval` seconds after the request is added, once or every
  /// `timeInterval` seconds (`repeats`) (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/untimeintervalnotificationtrigger/init(timeinterval:repeats:)).
  ///
  /// Traps, as Apple's raises `NSInternalInconsistencyException`, with Apple's reasons: "time
  /// interval must be greater than 0" for `timeInterval` ≤ 0, and "time interval must be at
  /// least 60 if repeating" for a repeating trigger under 60 s.
  public init(timeInterval: TimeInterval, repeats: Bool) {
    guard timeInterval > 0 else { fatalError("time interval must be greater than 0") }
    guard !repeats || timeInterval >= 60 else {
      fatalError("time interval must be at least 60 if repeating")
    }
    self.timeInterval = timeInterval
    super.init(repeats: repeats)
  }

  /// Now + ``timeInterval`` (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/untimeintervalnotificationtrigger/nexttriggerdate()):
  /// the trigger does not know when its request was added. Inside a simulation's `run`, now is
  /// virtual now; with no simulation's run in progress, `Date()`; outside every run's task tree
  /// while runs it cannot be attributed to are in progress (several at once, or after several
  /// ran at once in the process), a trap with what to write instead (docs/swift-api.md#traps).
  public func nextTriggerDate() -> Date? {
    let now =
      AppSimulation.quietReadSimulation("UNTimeIntervalNotificationTrigger.nextTriggerDate()")?.now
      ?? Date()
    return now.addingTimeInterval(timeInterval)
  }

  override func nextFire(
    after instant: SimulationInstant, scheduled: SimulationInstant, zones: DeviceTimeZones,
    startDate: Date
  ) -> SimulationInstant? {
    let step = Int64((timeInterval * 1e9).rounded())
    let first = scheduled.nanoseconds + step
    guard first <= instant.nanoseconds else { return SimulationInstant(nanoseconds: first) }
    guard repeats else { return nil }
    // The first whole period after `instant`.
    let periods = (instant.nanoseconds - first) / step + 1
    return SimulationInstant(nanoseconds: first + periods * step)
  }
}

/// The trigger of a remote notification, sent through Apple Push Notification service (Apple
/// doc: https://developer.apple.com/documentation/usernotifications/unpushnotificationtrigger).
/// Only the system makes them. The simulation has no push service: no request has this trigger,
/// so an app's `trigger is UNPushNotificationTrigger` compiles and is `false`
/// (docs/phone.md#notifications).
public final class UNPushNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
  /// Not made by the simulation (a remote notification's trigger is the system's).
  private init() { super.init(repeats: false) }
}
