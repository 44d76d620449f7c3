import Foundation
import SimulatedHealthKit
import SimulatedWatchKit
import Testing
import WorkoutSimTestSupport
import WorkoutSystem

/// `WKExtendedRuntimeSession.requestAutoLaunchAuthorizationStatus` (watchOS 9): no session type
/// supports auto-launch in the simulation, so both forms take the error path the SDK header
/// documents, `unsupportedSessionType` (10), on virtual time
/// (docs/healthkit-behaviour.md#extended-runtime-sessions).
@Suite struct WatchAutoLaunchTests {
  /// What a completion handler heard: the status and the error's domain and code.
  final class Heard: @unchecked Sendable {
    let lock = NSLock()
    nonisolated(unsafe) var calls:
      [(WKExtendedRuntimeSessionAutoLaunchAuthorizationStatus, String?, Int?)] = []
  }

  @Test("The completion form: unknown and error 10 at the next delivery")
  func completionForm() async throws {
    let simulation = try watchSimulation(type: .mindfulness)
    let heard = Heard()
    await simulation.run {
      WKExtendedRuntimeSession.requestAutoLaunchAuthorizationStatus { status, error in
        let error = error.map { $0 as NSError }
        heard.lock.withLock {
          heard.calls.append((status, error?.domain, error?.code))
        }
      }
      // Not before the delivery: the call returns at once.
      #expect(heard.lock.withLock { heard.calls.isEmpty })
      await simulation.settle()
    }
    let calls = heard.lock.withLock { heard.calls }
    #expect(calls.count == 1)
    #expect(calls.first?.0 == .unknown)
    #expect(calls.first?.1 == "WKExtendedRuntimeSessionErrorDomain")
    // unsupportedSessionType's raw value, Apple's 10.
    #expect(calls.first?.2 == WKExtendedRuntimeSessionErrorCode.unsupportedSessionType.rawValue)
    #expect(calls.first?.2 == 10)
  }

  @Test("The async form throws the same error, whatever the declared type")
  func asyncForm() async throws {
    for type in [ExtendedRuntimeSessionType.smartAlarm, .selfCare, nil] {
      let simulation = try watchSimulation(type: type)
      await simulation.run {
        do {
          let status = try await WKExtendedRuntimeSession.requestAutoLaunchAuthorizationStatus()
          Issue.record("auto-launch answered \(status)")
        } catch let error as NSError {
          #expect(error.domain == WKExtendedRuntimeSessionErrorDomain)
          #expect(error.code == 10)
          #expect(error.localizedDescription.contains("does not support auto-launch"))
        }
      }
    }
  }

  /// The three cases Apple lists, and nothing else; an `Int` enumeration with Apple's
  /// `init?(rawValue: Int)`, each case read back from its own raw value and a value of no case
  /// refused (the numbers are the simulation's: Apple publishes none).
  @Test func theStatusHasApplesThreeCases() {
    typealias Status = WKExtendedRuntimeSessionAutoLaunchAuthorizationStatus
    #expect(Status.allCases.count == 3)
    #expect(Set(Status.allCases) == [.unknown, .inactive, .active])
    let make: (Int) -> Status? = Status.init(rawValue:)
    for status in Status.allCases { #expect(make(status.rawValue) == status) }
    #expect(make(3) == nil)
    #expect(make(-1) == nil)
  }
}
