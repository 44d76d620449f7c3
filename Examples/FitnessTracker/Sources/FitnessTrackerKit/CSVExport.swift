// The settings tab's "Export data" button: the last 30 local days as a CSV file, what the share
// sheet receives (docs/phone.md, "The example app's rules").
import Foundation

/// The CSV export of the last ``days`` local days (RFC 4180, https://www.rfc-editor.org/rfc/rfc4180).
///
/// ```
/// date,steps,active_energy_kcal,sleep_hours\r\n
/// 2026-06-09,5060,,\r\n
/// 2026-06-10,8372,342.5,7.25\r\n
/// ```
///
/// - One header line, then one record per local day, oldest first, today (so far) last; every
///   line ends in CRLF, the last one too; UTF-8 without a byte-order mark.
/// - `date`: the local day, `yyyy-MM-dd` (the device's zone; a 23- or 25-hour DST day is one
///   row). `steps`: the day's merged steps, an integer. `active_energy_kcal`: kcal with one
///   decimal. `sleep_hours`: hours asleep in the night that ended that morning, two decimals.
///   An empty field: no samples that day (distinct from 0).
/// - Numbers are written digit by digit from integers (no locale, no formatter): `.` decimals
///   and no grouping in every locale.
public struct CSVExport: Sendable {
  /// The header line's fields.
  public static let header = "date,steps,active_energy_kcal,sleep_hours"
  /// The number of local days exported.
  public static let days = 30

  /// The reads.
  public let reader: HealthReader

  /// An export of `reader`'s store.
  public init(reader: HealthReader) {
    self.reader = reader
  }

  /// The file's name for an export on the local day `label` (`yyyy-MM-dd`).
  public static func fileName(_ label: String) -> String { "FitnessTracker-\(label).csv" }

  /// The CSV text of `rows`.
  public static func text(_ rows: [DailyRows.Row]) -> String {
    var text = header + "\r\n"
    for row in rows {
      let fields = [
        row.label, row.steps.map { String($0) } ?? "",
        row.activeEnergy.map { decimal($0, places: 1) } ?? "",
        row.sleepHours.map { decimal($0, places: 2) } ?? "",
      ]
      text += fields.joined(separator: ",") + "\r\n"
    }
    return text
  }

  /// `value` with `places` decimals (rounded halves away from zero), `.` as the separator.
  public static func decimal(_ value: Double, places: Int) -> String {
    var scale = 1
    for _ in 0..<places { scale *= 10 }
    let scaled = Int((value * Double(scale)).rounded(.toNearestOrAwayFromZero))
    let sign = scaled < 0 ? "-" : ""
    let magnitude = scaled.magnitude
    let whole = magnitude / UInt(scale)
    guard places > 0 else { return sign + String(whole) }
    let fraction = String(magnitude % UInt(scale))
    return sign + String(whole) + "."
      + String(repeating: "0", count: places - fraction.count) + fraction
  }

  /// The export's bytes now (the last ``days`` local days).
  public func data() async -> Data {
    let connected = await reader.access() == .requested
    let rows = await DailyRows(reader: reader).rows(days: Self.days, connected: connected)
    return Data(Self.text(rows).utf8)
  }

  /// Writes the export to ``fileName(_:)`` of today in `directory`, atomically (a temporary
  /// file renamed into place: a reader never sees half a file), and returns its URL. Throws
  /// the file system's error (`CocoaError`), for example when `directory` does not exist.
  public func write(to directory: URL) async throws -> URL {
    let calendar = reader.clock.calendar()
    let label = DailyRows.label(calendar.startOfDay(for: reader.clock.now()), calendar: calendar)
    let url = directory.appendingPathComponent(Self.fileName(label))
    try await data().write(to: url, options: .atomic)
    return url
  }
}
