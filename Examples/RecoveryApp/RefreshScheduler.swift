// The watch app's next background refresh, scheduled from main-actor code as Apple's samples
// write it
// (https://developer.apple.com/documentation/watchkit/wkapplication/schedulebackgroundrefresh(withpreferreddate:userinfo:scheduledcompletion:)):
// the completion closure is written in a main-actor method, so Swift infers it main-actor
// isolated and checks, when WatchKit calls it, that it runs on the main actor
// (docs/swift-api.md#watchkit-on-the-main-actor).
#if os(watchOS)
  import WatchKit
#else
  import SimulatedWatchKit
#endif

/// Asks watchOS for the app's next background refresh and keeps WatchKit's answer.
@MainActor final class RefreshScheduler {
  /// How many scheduling calls WatchKit answered without an error.
  private(set) var scheduled = 0
  /// The error of the last answer that had one.
  private(set) var lastError: (any Error)?

  /// Schedules a background refresh 15 minutes from now (`Date()`: virtual now in a
  /// simulation).
  func scheduleNextRefresh() {
    let next = Date(timeIntervalSinceNow: 15 * 60)
    WKApplication.shared().scheduleBackgroundRefresh(withPreferredDate: next, userInfo: nil) {
      error in
      if let error { self.lastError = error } else { self.scheduled += 1 }
    }
  }
}
