// The per-local-day values the history tab and the CSV export share.
import Foundation

#if os(watchOS) || os(iOS)
  import HealthKit
#else
  import SimulatedHealthKit
#endif

/// Steps, active energy and sleep of each of the last local days.
public struct DailyRows: Sendable {
  /// The reads.
  public let reader: HealthReader

  /// Rows of `reader`.
  public init(reader: HealthReader) {
    self.reader = reader
  }

  /// One local day's values.
  public struct Row: Sendable, Equatable {
    /// The day's local midnight.
    public var day: Date
    /// `yyyy-MM-dd` of the day (Gregorian, the clock's zone).
    public var label: String
    /// Steps (rounded to the nearest whole step), `nil` without samples.
    public var steps: Int?
    /// Active energy, kcal, `nil` without samples.
    public var activeEnergy: Double?
    /// Hours asleep in the night ending that day, `nil` without sleep.
    public var sleepHours: Double?

    /// A row of these values.
    public init(day: Date, label: String, steps: Int?, activeEnergy: Double?, sleepHours: Double?) {
      self.day = day
      self.label = label
      self.steps = steps
      self.activeEnergy = activeEnergy
      self.sleepHours = sleepHours
    }
  }

  /// The last `days` local days, today last; empty values (but the days) when not `connected`.
  public func rows(days: Int, connected: Bool = true) async -> [Row] {
    let calendar = reader.clock.calendar()
    let steps = await reader.dailySums(.stepCount, days: days)
    let energy = connected ? await reader.dailySums(.activeEnergyBurned, days: days) : []
    var rows: [Row] = []
    for (index, stepDay) in steps.enumerated() {
      let sleep = connected ? await reader.night(endingOn: stepDay.day) : nil
      rows.append(
        Row(
          day: stepDay.day, label: Self.label(stepDay.day, calendar: calendar),
          steps: connected ? stepDay.value.map { Int($0.rounded()) } : nil,
          activeEnergy: connected ? energy[index].value : nil,
          sleepHours: sleep.map { $0.asleepSeconds / 3600 }))
    }
    return rows
  }

  /// `yyyy-MM-dd` of `day` in `calendar`'s zone (Gregorian digits, locale-independent).
  public static func label(_ day: Date, calendar: Calendar) -> String {
    let parts = calendar.dateComponents([.year, .month, .day], from: day)
    func pad(_ value: Int, _ width: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return "\(pad(parts.year ?? 0, 4))-\(pad(parts.month ?? 0, 2))-\(pad(parts.day ?? 0, 2))"
  }
}
