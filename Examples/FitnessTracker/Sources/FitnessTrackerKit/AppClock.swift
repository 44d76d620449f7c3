// The app's clock and calendar, injected so that a test pins the instant and the local day
// (Examples/HealthApp does the same with `now` and `calendar`).
import Foundation

/// Where the app's code reads "now" and the calendar of local days from.
///
/// The app passes ``system`` (`Date()` and `Calendar.current`, which follows the device's time
/// zone); tests pass the simulation's virtual now and the device zone of that instant, so a
/// flight (a time-zone change) moves local midnight as on a phone.
public struct AppClock: Sendable {
  /// The current instant.
  public var now: @Sendable () -> Date
  /// The calendar of local days at the current instant (Gregorian, the device's zone).
  public var calendar: @Sendable () -> Calendar

  /// A clock of `now` and `calendar`.
  public init(now: @escaping @Sendable () -> Date, calendar: @escaping @Sendable () -> Calendar) {
    self.now = now
    self.calendar = calendar
  }

  /// A clock with a fixed calendar.
  public init(now: @escaping @Sendable () -> Date, calendar: Calendar) {
    self.init(now: now, calendar: { calendar })
  }

  /// The device's clock: `Date()` and `Calendar.current`.
  public static let system = AppClock(now: { Date() }, calendar: { Calendar.current })
}
