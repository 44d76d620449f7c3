import Foundation
import Testing

/// SimulatedHealthKitTesting re-exports Foundation: FoundationImport.swift imports that module
/// alone and builds `DateComponents` (day 30).
@Suite struct FoundationExportTests {
  @Test func theTestingModuleBringsFoundation() {
    #expect(testingFoundationUse().day == 30)
  }
}
