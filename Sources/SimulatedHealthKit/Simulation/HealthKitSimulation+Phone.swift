import Foundation
import Synchronization
import WorkoutCore
import WorkoutHealth
import WorkoutScenario

/// The paired iPhone's conditions the phone-side frameworks read (docs/phone.md): its network
/// (`phone.offline`, `phone.offlineDaily`), its lock (`health.lock`), its charger
/// (`phone.charging`), its local days, and the App Group its app and extensions share.
extension HealthKitSimulation {
  /// The calendar of the phone's local days at `instant`: Gregorian, in the phone's time zone
  /// of that moment (``deviceTimeZone(at:)``: the scenario's `timeZone`, `health.trip`'s zone
  /// during a trip) — local midnights, quarter hours, the times of day of `offlineDaily` and
  /// `charging`.
  package func phoneCalendar(at instant: SimulationInstant) -> Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = deviceTimeZone(at: instant)
    return calendar
  }

  /// The local time of day at `instant` on the phone: the time since the local day's start.
  package func phoneTimeOfDay(at instant: SimulationInstant) -> Duration {
    let date = date(of: instant)
    let start = phoneCalendar(at: instant).startOfDay(for: date)
    return .milliseconds(Int64((date.timeIntervalSince(start) * 1000).rounded()))
  }

  /// Whether the phone has a network at `instant`: outside every `phone.offline` span and every
  /// `phone.offlineDaily` span (local time of day in the scenario's time zone; a span whose `to`
  /// is not after its `from` runs past midnight). Spans include their start and exclude their end.
  package func phoneIsOnline(at instant: SimulationInstant) -> Bool {
    !offlineSpans(around: instant).contains { $0.contains(instant) }
  }

  /// The first instant after `instant` at which ``phoneIsOnline(at:)`` may change (a span's
  /// start or end), or `nil` when no span starts or ends later.
  package func phoneNetworkEdge(after instant: SimulationInstant) -> SimulationInstant? {
    var edges = offlineSpans(around: instant).flatMap { [$0.lowerBound, $0.upperBound] }
    edges = edges.filter { $0 > instant }
    if let next = edges.min() { return next }
    return nil
  }

  /// The offline spans that can hold or bound `instant`: every explicit span, and the daily
  /// spans laid on the local day before `instant`'s, its own and the two after (a daily span
  /// lasts less than 24 h, so the next edge of a daily pattern lies among them).
  private func offlineSpans(around instant: SimulationInstant) -> [Range<SimulationInstant>] {
    let phone = scenario.phone
    var spans = phone.offline
    guard !phone.offlineDaily.isEmpty else { return spans }
    let date = startDate.addingTimeInterval(instant.seconds)
    let calendar = phoneCalendar(at: instant)
    let today = calendar.startOfDay(for: date)
    for offset in -1...2 {
      guard let day = calendar.date(byAdding: .day, value: offset, to: today),
        let next = calendar.date(byAdding: .day, value: 1, to: day)
      else { continue }
      for pattern in phone.offlineDaily {
        guard let from = wallTime(pattern.from, on: day, in: calendar) else { continue }
        let toDay = pattern.to > pattern.from ? day : next
        guard let to = wallTime(pattern.to, on: toDay, in: calendar), to > from else { continue }
        spans.append(
          SimulationInstant.rounding(
            seconds: from.timeIntervalSince(startDate))..<SimulationInstant.rounding(
              seconds: to.timeIntervalSince(startDate)))
      }
    }
    return spans
  }

  /// The date of local wall time `time` (from midnight, whole seconds) on the local day that
  /// starts at `day`, in `calendar`'s zone.
  private func wallTime(_ time: Duration, on day: Date, in calendar: Calendar) -> Date? {
    let seconds = Int(time.components.seconds)
    return calendar.date(
      bySettingHour: seconds / 3600, minute: seconds / 60 % 60, second: seconds % 60, of: day)
  }

  /// Whether the phone is locked at `instant` (the health store's lock periods: `health.lock`).
  package func phoneIsLocked(at instant: SimulationInstant) -> Bool {
    state.withLock { $0.health.isLocked(at: instant) }
  }

  /// Whether the phone is on its charger at `instant` (a `phone.charging` span of local time).
  package func phoneIsCharging(at instant: SimulationInstant) -> Bool {
    let charging = scenario.phone.charging
    guard !charging.isEmpty else { return false }
    let time = phoneTimeOfDay(at: instant)
    return charging.contains { Self.span($0, contains: time) }
  }

  /// Whether the daily `span` contains the local time of day `time` (`from` included, `to`
  /// excluded; a span with `to` at or before `from` runs past midnight).
  static func span(_ span: HealthPlan.TimeOfDaySpan, contains time: Duration) -> Bool {
    if span.to > span.from { return time >= span.from && time < span.to }
    return time >= span.from || time < span.to
  }

  /// The App Group's shared defaults for `groupIdentifier` in this simulation: what the app and
  /// its extensions get from `UserDefaults(suiteName: groupIdentifier)` on a device (Apple doc:
  /// https://developer.apple.com/documentation/foundation/userdefaults/init(suitename:)).
  ///
  /// The same object for every call with the same identifier in one simulation (the app, its
  /// widget and its watch stand-in share it); a suite of its own, empty at first, per
  /// simulation, so tests running in parallel never share values. Pass it to the app's code
  /// where it would call `UserDefaults(suiteName:)`.
  public func appGroupDefaults(_ groupIdentifier: String) -> UserDefaults {
    state.withLock { state in
      state.withExtension(AppGroups.self, of: self) { groups, _ in
        if let defaults = groups.suites[groupIdentifier]?.defaults { return defaults }
        let name = "\(groupIdentifier).simulation-\(UUID().uuidString)"
        let defaults = UserDefaults(suiteName: name) ?? UserDefaults.standard
        defaults.removePersistentDomain(forName: name)
        groups.suites[groupIdentifier] = AppGroups.Suite(defaults: defaults)
        return defaults
      }
    }
  }
}

/// The App Group suites of one simulation.
struct AppGroups: SimulationExtension {
  /// One suite (`UserDefaults` is thread-safe; Foundation marks it `@unchecked Sendable`).
  struct Suite: @unchecked Sendable {
    let defaults: UserDefaults
  }
  /// By group identifier.
  var suites: [String: Suite] = [:]

  init(simulation: HealthKitSimulation) {}
}
