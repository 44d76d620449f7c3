// The watch's step complication provider: today's steps as the watch app last read them,
// against the goal the phone shares.
import FitnessTrackerKit
import Foundation

#if os(watchOS) || os(iOS)
  import WidgetKit
#else
  import SimulatedWidgetKit
#endif

extension StepComplicationEntry: TimelineEntry {}

/// The step complication's provider: an accessory widget (`.accessoryCircular`, the seed's
/// CircularGauge; https://developer.apple.com/documentation/widgetkit/widgetfamily/accessorycircular).
///
/// It reads what the watch app wrote (``WatchTodayModel/load()`` writes the
/// ``WidgetSnapshot/watchKey`` snapshot to the shared suite) and the goal of the shared
/// ``Settings``, without querying HealthKit itself (a timeline is made at once). Each timeline:
/// an entry now with the snapshot's steps when it is of today, and one at the next local
/// midnight with no steps; policy `.after(now + 15 minutes)`.
public struct StepComplicationProvider: TimelineProvider {
  /// The complication's `kind`.
  public static let kind = "StepComplication"

  /// The shared settings (the goal, the watch's snapshot).
  public let settings: Settings
  /// Now and local days.
  public let clock: AppClock

  /// A provider of `settings`' suite on `clock`.
  public init(settings: Settings, clock: AppClock = .system) {
    self.settings = settings
    self.clock = clock
  }

  /// The loading entry: no steps.
  public func placeholder(in context: Context) -> StepComplicationEntry {
    StepComplicationEntry(date: clock.now(), steps: nil, stepGoal: settings.stepGoal)
  }

  /// The entry now.
  public func getSnapshot(
    in context: Context, completion: @escaping @Sendable (StepComplicationEntry) -> Void
  ) {
    completion(timeline(at: clock.now()).entries[0])
  }

  /// ``timeline(at:)`` now.
  public func getTimeline(
    in context: Context, completion: @escaping @Sendable (Timeline<StepComplicationEntry>) -> Void
  ) {
    completion(timeline(at: clock.now()))
  }

  /// The timeline at `now`: today's steps now, none from the next local midnight, a new
  /// timeline in 15 minutes.
  public func timeline(at now: Date) -> Timeline<StepComplicationEntry> {
    let calendar = clock.calendar()
    let today = calendar.startOfDay(for: now)
    let snapshot = WidgetSnapshot.read(from: settings.defaults, key: WidgetSnapshot.watchKey)
    let steps = snapshot?.day == today ? snapshot?.steps : nil
    let goal = settings.stepGoal
    let midnight = calendar.date(byAdding: .day, value: 1, to: today)!
    return Timeline(
      entries: [
        StepComplicationEntry(date: now, steps: steps, stepGoal: goal),
        StepComplicationEntry(date: midnight, steps: nil, stepGoal: goal),
      ], policy: .after(now.addingTimeInterval(15 * 60)))
  }
}
