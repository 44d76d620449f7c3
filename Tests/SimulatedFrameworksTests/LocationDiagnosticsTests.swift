// The diagnostics sequences of `CLServiceSession` and `CLBackgroundActivitySession` (one home:
// SimulatedCoreLocation's `DiagnosticsFeed`; docs/swift-api.md#core-location): one diagnostic,
// then a wait that lasts as long as the session, ended by `invalidate()`, by the release of the
// session, or by the cancellation of the task iterating it. A wait that did not end would be a
// stall (200 ms of wall-clock time here, by the product's rule, as in StallTests): `run` throws
// `StallError`, and the time limit ends the test at worst.
import Foundation
import SimulatedCoreLocation
import SimulatedHealthKit
import Testing
import WorkoutScenario

@Suite(.timeLimit(.minutes(1))) struct LocationDiagnosticsTests {
  /// How a test ends the wait of a loop that has had its diagnostic.
  enum Ending: CaseIterable, Sendable { case invalidate, release, cancel }

  /// Runs a loop over the sequence `make` gives (with what ends its session), from a task of
  /// the app's; once it has had its first diagnostic, ends its wait by `ending`. Returns the
  /// labels of the diagnostics the loop got (`describe`), and whether its task was cancelled.
  static func loop<S: AsyncSequence & Sendable>(
    _ ending: Ending, in simulation: HealthKitSimulation,
    _ make: @Sendable () -> (sequence: S, session: AnyObject, invalidate: @Sendable () -> Void),
    describe: @escaping @Sendable (S.Element) -> String
  ) async throws -> [String] where S.Element: Sendable {
    simulation.stallReportDelay = .milliseconds(200)
    return try await simulation.run {
      var made: (sequence: S, session: AnyObject, invalidate: @Sendable () -> Void)? = make()
      let sequence = made!.sequence
      let invalidate = made!.invalidate
      let (firstSeen, seen) = AsyncStream<Void>.makeStream()
      let task = Task {
        var labels: [String] = []
        for try await diagnostic in sequence {
          labels.append(describe(diagnostic))
          seen.yield()
        }
        return labels
      }
      var waiting = firstSeen.makeAsyncIterator()
      _ = await waiting.next()
      switch ending {
      case .invalidate: invalidate()
      case .release: made = nil
      case .cancel: task.cancel()
      }
      withExtendedLifetime(made) {}
      // A stall (the wait did not end) cancels the run's body, and with it the loop, so that
      // the run ends and throws `StallError` rather than staying stuck.
      return try await withTaskCancellationHandler {
        try await task.value
      } onCancel: {
        task.cancel()
      }
    }
  }

  /// `CLServiceSession(authorization: .always)`, granted by default: the loop gets one
  /// diagnostic, `authorizationDenied`, `alwaysAuthorizationDenied` and
  /// `serviceSessionRequired` all `false`, then ends, however its wait is ended.
  @Test(arguments: Ending.allCases)
  func aServiceSessionsLoopEnds(_ ending: Ending) async throws {
    let simulation = try HealthKitSimulation(scenario: Scenario(name: "diagnostics"))
    let labels = try await Self.loop(ending, in: simulation) {
      let session = CLServiceSession(authorization: .always)
      return (session.diagnostics, session, { [weak session] in session?.invalidate() })
    } describe: { diagnostic in
      "denied \(diagnostic.authorizationDenied) always \(diagnostic.alwaysAuthorizationDenied) "
        + "required \(diagnostic.serviceSessionRequired)"
    }
    #expect(labels == ["denied false always false required false"])
  }

  /// `CLBackgroundActivitySession()`, which asks for nothing: the loop gets one diagnostic,
  /// `authorizationDenied` and `serviceSessionRequired` `false`, then ends, however its wait is
  /// ended.
  @Test(arguments: Ending.allCases)
  func aBackgroundActivitySessionsLoopEnds(_ ending: Ending) async throws {
    let simulation = try HealthKitSimulation(scenario: Scenario(name: "diagnostics"))
    let labels = try await Self.loop(ending, in: simulation) {
      let session = CLBackgroundActivitySession()
      return (session.diagnostics, session, { [weak session] in session?.invalidate() })
    } describe: { diagnostic in
      "denied \(diagnostic.authorizationDenied) required \(diagnostic.serviceSessionRequired)"
    }
    #expect(labels == ["denied false required false"])
  }

  /// A sequence asked for after `invalidate()` gives its one diagnostic and ends at once.
  @Test func aSequenceAfterInvalidateEndsAfterItsDiagnostic() async throws {
    let simulation = try HealthKitSimulation(scenario: Scenario(name: "diagnostics"))
    let counts = try await simulation.run {
      let service = CLServiceSession(authorization: .none)
      service.invalidate()
      var serviceCount = 0
      for try await _ in service.diagnostics { serviceCount += 1 }
      let background = CLBackgroundActivitySession()
      background.invalidate()
      var backgroundCount = 0
      for try await _ in background.diagnostics { backgroundCount += 1 }
      return [serviceCount, backgroundCount]
    }
    #expect(counts == [1, 1])
  }
}
