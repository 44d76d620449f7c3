import Foundation
import Testing

/// Each simulated framework re-exports Foundation as Apple's does (`import UserNotifications`
/// brings `DateComponents`): the files beside this one import one module each and nothing
/// else, so the test target builds only while every module re-exports it. The values are the
/// ones those files build: 07:30; 2026-03-30T07:00:00Z, 1 774 854 000 s after 1970 (20 542
/// days × 86 400 s + 7 × 3 600 s); the module's URL.
@Suite struct FoundationExportTests {
  @Test func everyModuleBringsFoundation() {
    let uses: [(String, (DateComponents, Date?, URL?))] = [
      ("userNotifications", userNotificationsFoundationUse()),
      ("widgetKit", widgetKitFoundationUse()),
      ("backgroundTasks", backgroundTasksFoundationUse()),
      ("coreMotion", coreMotionFoundationUse()),
      ("coreLocation", coreLocationFoundationUse()),
      ("network", networkFoundationUse()),
      ("watchKit", watchKitFoundationUse()),
      ("watchConnectivity", watchConnectivityFoundationUse()),
      ("healthKit", healthKitFoundationUse()),
    ]
    for (name, (components, date, url)) in uses {
      #expect(components.hour == 7)
      #expect(components.minute == 30)
      #expect(date?.timeIntervalSince1970 == 1_774_854_000)
      #expect(url?.absoluteString == "https://example.com/" + name)
    }
  }

  /// SimulatedHealthKit alone brings `CLLocation` (HealthKitLocationImport.swift): 1° of
  /// latitude, R·π/180 = 6 371 008.8 × 0.0174532925 = 111 195.08 m.
  @Test func healthKitBringsCoreLocationsValues() {
    #expect(abs(healthKitLocationUse() - 111_195.08) < 0.01)
  }
}
