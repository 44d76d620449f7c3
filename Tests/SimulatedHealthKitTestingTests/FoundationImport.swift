import SimulatedHealthKitTesting

/// Builds only while SimulatedHealthKitTesting re-exports Foundation: `DateComponents` with
/// this one import (the file imports nothing else).
func testingFoundationUse() -> DateComponents {
  var components = DateComponents()
  components.day = 30
  return components
}
