// The CSV export on Examples/FitnessTracker/Scenarios/dst-autumn-export.json: Berlin, t = 0 at
// 20:00 CET on Monday 2026-10-26; Sunday 2026-10-25 had 25 hours (03:00 CEST → 02:00 CET).
// The 30 local days are 2026-09-27 to 2026-10-26.
//
//   2026-09-27: iPhone 1234 steps (09-26's 999 is outside)                    → 1234,,
//   2026-09-28 … 2026-10-24: nothing                                           → ,,
//   2026-10-25 (25 h): Watch 01:00 CEST → 04:00 CET (23:00Z → 03:00Z, inside the day) 2400
//     + the first half of 1000 over 23:00 CET 25th → 01:00 CET 26th (midnight at 23:00Z): 500
//     = 2900; energy 100.25 kcal → one decimal, halves away from zero: 100.3; sleep core
//     23:00 CEST 24th (21:00Z) → 07:00 CET 25th (06:00Z) = 9 real hours → 9.00
//   2026-10-26: the other 500 + Watch 3000 = 3500; no energy, no sleep          → 3500,,
import FitnessTracker
import FitnessTrackerKit
import Foundation
import SimulatedHealthKit
import Testing

/// The export's expected bytes, line by line.
private let expectedLines = [
  "date,steps,active_energy_kcal,sleep_hours",
  "2026-09-27,1234,,",
  "2026-09-28,,,", "2026-09-29,,,", "2026-09-30,,,", "2026-10-01,,,", "2026-10-02,,,",
  "2026-10-03,,,", "2026-10-04,,,", "2026-10-05,,,", "2026-10-06,,,", "2026-10-07,,,",
  "2026-10-08,,,", "2026-10-09,,,", "2026-10-10,,,", "2026-10-11,,,", "2026-10-12,,,",
  "2026-10-13,,,", "2026-10-14,,,", "2026-10-15,,,", "2026-10-16,,,", "2026-10-17,,,",
  "2026-10-18,,,", "2026-10-19,,,", "2026-10-20,,,", "2026-10-21,,,", "2026-10-22,,,",
  "2026-10-23,,,", "2026-10-24,,,",
  "2026-10-25,2900,100.3,9.00",
  "2026-10-26,3500,,",
]

@Suite("CSV export")
struct CSVExportTests {
  @Test("30 local days across the 25-hour day: exact bytes, CRLF, written atomically")
  @MainActor func acrossDST() async throws {
    let simulation = try simulation("dst-autumn-export")
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("fitnesstracker-csv-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let group = appGroup()
    defer { group.remove() }
    try await simulation.run {
      let model = SettingsModel(
        healthStore: HKHealthStore(), settings: group.settings,
        summary: WeeklySummaryScheduler(
          reader: HealthReader(healthStore: HKHealthStore(), clock: clock(simulation)),
          settings: group.settings),
        clock: clock(simulation))
      try await model.reader.requestAuthorization()
      let url = try await model.exportCSV(to: directory)
      #expect(url.lastPathComponent == "FitnessTracker-2026-10-26.csv")
      let bytes = try Data(contentsOf: url)
      #expect(bytes == Data(expectedLines.map { $0 + "\r\n" }.joined().utf8))
      #expect(expectedLines.count == 31)
      // Only the file: the atomic write's temporary file was renamed into place.
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: directory.path) == [
          "FitnessTracker-2026-10-26.csv"
        ])
    }
  }

  @Test("Decimals are `.` whatever the locale: a de_DE formatter would write a comma")
  func decimals() {
    // The hazard: Foundation's locale-aware formatting in German uses a decimal comma (and
    // rounds the exact binary tie 100.25 to even: 100,2).
    let german = Locale(identifier: "de_DE")
    #expect(String(format: "%.1f", locale: german, 100.25) == "100,2")
    #expect(100.25.formatted(.number.locale(german).precision(.fractionLength(1))) == "100,2")
    // The export writes digits from integers, in no locale.
    #expect(CSVExport.decimal(100.25, places: 1) == "100.3")
    #expect(CSVExport.decimal(9, places: 2) == "9.00")
    #expect(CSVExport.decimal(0.05, places: 1) == "0.1")
    #expect(CSVExport.decimal(1234.5, places: 0) == "1235")
    #expect(CSVExport.decimal(12_345.678, places: 2) == "12345.68")
  }

  @Test("A missing directory is the file system's error, nothing written")
  @MainActor func missingDirectory() async throws {
    let simulation = try simulation("dst-autumn-export")
    await simulation.run {
      let export = CSVExport(
        reader: HealthReader(healthStore: HKHealthStore(), clock: clock(simulation)))
      let nowhere = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)")
      await #expect(throws: (any Error).self) { try await export.write(to: nowhere) }
    }
  }
}
