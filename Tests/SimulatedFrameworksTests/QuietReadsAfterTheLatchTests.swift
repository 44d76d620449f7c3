import Foundation
import SimulatedCoreLocation
import SimulatedCoreMotion
import SimulatedHealthKit
import SimulatedUserNotifications
import Testing

/// In a process of its own (an exit test): two simulations run at once (one's run inside the
/// other's, as tests in parallel do), which turns attribution off for the process; then, with
/// one run in progress, `read` runs in a `Task.detached` (outside every run's task tree).
private func readAfterTheLatch(_ read: @escaping @Sendable () -> Void) async throws {
  let first = try phoneSimulation()
  let second = try phoneSimulation()
  await first.run { await second.run {} }
  await first.run { await Task.detached { read() }.value }
}

/// Review of attrib27, item 2: the reads with no object of the app's (a trigger's next date,
/// the compass's and the attitude frames' availability) answered as if no simulation ran
/// (`Date()`, `true`, all four frames) when a call outside every run's task tree could be
/// attributed to none of the runs in progress. They now trap as every other entry point does,
/// naming the call, the reason and what to write (docs/swift-api.md#traps).
@Suite("Quiet reads outside every run's task tree after several ran at once")
struct QuietReadsAfterTheLatchTests {
  /// The trap's text: the call, the latch, and the advice for code off the main queue.
  private static func expectTrap(_ stderr: [UInt8]?, call: String) {
    let text = String(decoding: stderr ?? [], as: UTF8.self)
    #expect(text.contains("\(call) was called outside a simulation's task tree"))
    #expect(
      text.contains(
        "several simulations' runs were in progress at once earlier in this process (tests in parallel)"
      ))
    #expect(text.contains("write Task { } (it inherits it) instead of Task.detached"))
  }

  @Test func aCalendarTriggersNextDateTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      try await readAfterTheLatch {
        _ = UNCalendarNotificationTrigger(dateMatching: DateComponents(hour: 8), repeats: false)
          .nextTriggerDate()
      }
    }
    Self.expectTrap(
      result?.standardErrorContent, call: "UNCalendarNotificationTrigger.nextTriggerDate()")
  }

  @Test func aTimeIntervalTriggersNextDateTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      try await readAfterTheLatch {
        _ = UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: false).nextTriggerDate()
      }
    }
    Self.expectTrap(
      result?.standardErrorContent, call: "UNTimeIntervalNotificationTrigger.nextTriggerDate()")
  }

  @Test func headingAvailableTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      try await readAfterTheLatch { _ = CLLocationManager.headingAvailable() }
    }
    Self.expectTrap(result?.standardErrorContent, call: "CLLocationManager.headingAvailable()")
  }

  @Test func availableAttitudeReferenceFramesTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      try await readAfterTheLatch { _ = CMMotionManager.availableAttitudeReferenceFrames() }
    }
    Self.expectTrap(
      result?.standardErrorContent, call: "CMMotionManager.availableAttitudeReferenceFrames()")
  }

  /// With no run in progress there is no simulation whose answer the read could get wrong: it
  /// answers as the device would (the compass of both devices), also after runs, and after
  /// several ran at once. In a process of its own, where no other test's run is in progress.
  @Test func withNoRunInProgressTheReadAnswers() async {
    await #expect(processExitsWith: .success) {
      let first = try phoneSimulation()
      let second = try phoneSimulation()
      await first.run { await second.run {} }
      guard CLLocationManager.headingAvailable(),
        CMMotionManager.availableAttitudeReferenceFrames().contains(.xTrueNorthZVertical)
      else { fatalError("no compass outside a run") }
    }
  }
}
