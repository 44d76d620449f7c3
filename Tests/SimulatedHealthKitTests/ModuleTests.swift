import Foundation
import Testing

@testable import SimulatedHealthKit

@Suite struct ModuleTests {
  /// The module re-exports Foundation, as `import HealthKit` makes `Date` and `UUID` visible.
  @Test func reexportsFoundation() {
    let date = Date(timeIntervalSince1970: 60)
    #expect(date.timeIntervalSince1970 == 60)
  }
}
