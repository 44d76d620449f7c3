import Foundation
import Testing

@testable import SimulatedHealthKit

/// The DocC article that lists the report kinds (SimulationDriver.docc/Reports.md) names every
/// case of `AppSimulation.Report.Kind`, and nothing else.
@Suite struct ReportsCatalogTests {
  /// Every kind, through a switch without `default`: a new case does not compile here until it
  /// is added (and then the article must list it for the test to pass).
  private static func listed(_ kind: HealthKitSimulation.Report.Kind) -> Bool {
    switch kind {
    case .holdExpired, .stalled, .blockedAtEnd, .foreignObject, .appTerminated, .callAfterRun,
      .stuckAfterStall, .strictDate, .dropped, .healthDataEnded, .neverExecuted, .notDelivered:
      true
    }
  }

  private static let kinds: [HealthKitSimulation.Report.Kind] = [
    .holdExpired, .stalled, .blockedAtEnd, .foreignObject, .appTerminated, .callAfterRun,
    .stuckAfterStall, .strictDate, .dropped, .healthDataEnded, .neverExecuted, .notDelivered,
  ]

  /// The article's `- term `name`:` entries are the twelve kinds' raw values.
  @Test func theArticleListsEveryKind() throws {
    #expect(Self.kinds.allSatisfy(Self.listed))
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    let article = try String(
      contentsOf: url.appendingPathComponent(
        "Sources/SimulationDriver/SimulationDriver.docc/Reports.md"),
      encoding: .utf8)
    let terms = article.split(separator: "\n").compactMap { line -> String? in
      guard line.hasPrefix("- term `") else { return nil }
      return line.dropFirst("- term `".count).split(separator: "`").first.map(String.init)
    }
    #expect(terms.sorted() == Self.kinds.map(\.rawValue).sorted())
  }
}
