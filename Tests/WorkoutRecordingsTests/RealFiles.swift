import Foundation

/// Locates the real recordings of `Tests/Data/recordings` (see its README for sources and
/// licences) relative to this file.
enum RealFiles {
  static let directory: String = {
    var url = URL(fileURLWithPath: #filePath)
    // Tests/WorkoutRecordingsTests/RealFiles.swift → Tests
    for _ in 0..<2 { url.deleteLastPathComponent() }
    return url.appendingPathComponent("Data/recordings").path
  }()

  static func path(_ name: String) -> String { directory + "/" + name }

  static func bytes(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path(name))))
  }

  static let runHilly = "run-hilly--2013-02-06-12-11-14.fit"
  static let runCadence = "run-cadence--activity-small-fenix2-run.fit"
  static let walkShort = "walk-short--garmin-fenix-5-walk.fit"
  static let walkShortCSV = "walk-short--garmin-fenix-5-walk-records.csv"
  static let ridePower = "ride-power--Edge810-Vector-2013-08-16-15-35-10.fit"
  static let walkHilly = "walk-hilly--walking_activity_1.tcx"
  static let rideHilly = "ride-hilly--riderx3.gpx"

  /// Seconds since 1970 of a UTC civil time, computed with Foundation's Gregorian calendar
  /// (independent of the module's own calendar arithmetic).
  static func utc(_ y: Int, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int, _ s: Int) -> Double {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let components = DateComponents(year: y, month: mo, day: d, hour: h, minute: mi, second: s)
    return calendar.date(from: components)!.timeIntervalSince1970
  }
}

extension Sequence where Element == Double? {
  /// Minimum and maximum of the present values.
  var range: ClosedRange<Double>? {
    let present = compactMap { $0 }
    guard let low = present.min(), let high = present.max() else { return nil }
    return low...high
  }
}
