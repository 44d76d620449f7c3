import Foundation
import WorkoutCore
import WorkoutHealth
import WorkoutScenario

/// The phone's network (docs/phone.md#network): online except during the scenario's
/// `phone.offline` spans and its `phone.offlineDaily` spans of local wall-clock time.
extension HealthKitSimulation {
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
    let today = calendar.startOfDay(for: date)
    for offset in -1...2 {
      guard let day = calendar.date(byAdding: .day, value: offset, to: today),
        let next = calendar.date(byAdding: .day, value: 1, to: day)
      else { continue }
      for pattern in phone.offlineDaily {
        guard let from = wallTime(pattern.from, on: day) else { continue }
        let toDay = pattern.to > pattern.from ? day : next
        guard let to = wallTime(pattern.to, on: toDay), to > from else { continue }
        spans.append(
          SimulationInstant.rounding(
            seconds: from.timeIntervalSince(startDate))..<SimulationInstant.rounding(
              seconds: to.timeIntervalSince(startDate)))
      }
    }
    return spans
  }

  /// The date of local wall time `time` (from midnight, whole seconds) on the local day that
  /// starts at `day`.
  private func wallTime(_ time: Duration, on day: Date) -> Date? {
    let seconds = Int(time.components.seconds)
    return calendar.date(
      bySettingHour: seconds / 3600, minute: seconds / 60 % 60, second: seconds % 60, of: day)
  }
}
