// What the iPhone app writes to the App Group for its widget (and reads back in tests).
import Foundation

/// The values the widget shows, written by the app after each refresh of the dashboard and read
/// by the widget's timeline provider: JSON under ``key`` in the App Group suite.
///
/// Shape (JSON, dates as seconds since 1970): `{"date": 1781100000, "day": 1781042400,
/// "steps": 8432, "stepGoal": 10000, "activeEnergy": 342.5, "heartRate": 72}`; a value without
/// data is absent.
public struct WidgetSnapshot: Codable, Sendable, Equatable {
  /// The key in the App Group suite.
  public static let key = "widgetSnapshot"

  /// When the app read the values.
  public var date: Date
  /// The local midnight of the day the values are of (the device's zone when written).
  public var day: Date
  /// That day's steps, `nil` without data.
  public var steps: Int?
  /// The step goal when written, steps.
  public var stepGoal: Int
  /// That day's active energy, kcal, `nil` without data.
  public var activeEnergy: Double?
  /// The latest heart rate, bpm, `nil` without one.
  public var heartRate: Double?

  /// A snapshot of these values.
  public init(
    date: Date, day: Date, steps: Int?, stepGoal: Int, activeEnergy: Double?, heartRate: Double?
  ) {
    self.date = date
    self.day = day
    self.steps = steps
    self.stepGoal = stepGoal
    self.activeEnergy = activeEnergy
    self.heartRate = heartRate
  }

  /// The key of the watch app's own snapshot (what its complication reads).
  public static let watchKey = "watchSnapshot"

  /// Writes the snapshot to `defaults` under `key` (default ``key``).
  public func write(to defaults: UserDefaults, key: String = WidgetSnapshot.key) {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .secondsSince1970
    encoder.outputFormatting = .sortedKeys
    // Encoding plain numbers and dates cannot fail.
    guard let data = try? encoder.encode(self) else { return }
    defaults.set(data, forKey: key)
  }

  /// The snapshot in `defaults` under `key` (default ``key``), or `nil` when there is none or
  /// it does not decode (a widget then shows placeholders).
  public static func read(from defaults: UserDefaults, key: String = WidgetSnapshot.key)
    -> WidgetSnapshot?
  {
    guard let data = defaults.data(forKey: key) else { return nil }
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    return try? decoder.decode(WidgetSnapshot.self, from: data)
  }
}
