import Foundation
import SimulatedCoreLocation
import SimulatedCoreMotion
import SimulatedHealthKit
import SimulatedUserNotifications
import Testing

/// In a process of its own (an exit test): two simulations run at once (one's run inside the
/// other's, as tests in parallel do), which turns attribution off for the process; then, with
/// one run in progress, `read` runs in a block of a global `DispatchQueue` (in no Swift task,
/// outside every run's task tree), which the run's body waits for.
private func readAfterTheLatch(_ read: @escaping @Sendable () -> Void) async throws {
  let first = try phoneSimulation()
  let second = try phoneSimulation()
  await first.run { await second.run {} }
  await first.run {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().async {
        read()
        done.resume()
      }
    }
  }
}

/// Review of attrib27, item 2: the reads with no object of the app's (a trigger's next date,
/// the compass's and the attitude frames' availability) answered as if no simulation ran
/// (`Date()`, `true`, all four frames) when a call outside every run's task tree could be
/// attributed to none of the runs in progress. Called in no Swift task (a Dispatch block, a
/// `Thread`) they now trap as every other entry point does, naming the call, the reason and
/// what to write (docs/swift-api.md#traps); in a task (a test's own code) they answer.
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
    #expect(text.contains("which Task.detached, a DispatchQueue or a Thread lose"))
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

  /// A test's own code, in a task outside every run's tree, may use no simulation at all while
  /// another test's run is in progress: it answers as the device would (the compass of both
  /// devices, all four frames), after several ran at once too. In a process of its own, with
  /// one run in progress (`second`'s, alone), the read made in a task of the test's that is no
  /// child of it.
  @Test func inATaskOutsideEveryRunTheReadAnswers() async {
    await #expect(processExitsWith: .success) {
      let first = try phoneSimulation()
      let second = try phoneSimulation()
      await first.run { await second.run {} }
      let answers = await second.run {
        await Task.detached {
          (
            CLLocationManager.headingAvailable(),
            CMMotionManager.availableAttitudeReferenceFrames().rawValue
          )
        }.value
      }
      guard answers.0, answers.1 == 1 + 2 + 4 + 8 else { fatalError("answers \(answers)") }
    }
  }
}
