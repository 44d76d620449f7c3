// The widget's timeline provider (the seed's `FitnessTimelineProvider`): reads the App Group
// snapshot, one entry now and one at the next local midnight, a new timeline in 15 minutes.
import FitnessTrackerKit
import Foundation

#if os(watchOS) || os(iOS)
  import WidgetKit
#else
  import SimulatedWidgetKit
#endif

extension FitnessEntry: TimelineEntry {}

extension FitnessEntry {
  /// The face of `family`: ``WidgetFace/small(_:)`` for `.systemSmall`,
  /// ``WidgetFace/medium(_:)`` for `.systemMedium`, `nil` for the families the widget does not
  /// support.
  public func face(for family: WidgetFamily) -> WidgetFace? {
    switch family {
    case .systemSmall: return .small(smallFace)
    case .systemMedium: return .medium(mediumFace)
    default: return nil
    }
  }
}

/// The fitness widget's provider (https://developer.apple.com/documentation/widgetkit/timelineprovider).
///
/// Each timeline: an entry now of the snapshot the app last wrote (``WidgetSnapshot``) and the
/// goal of the shared ``Settings``, and one at the next local midnight (the same snapshot, now
/// of yesterday: the face shows no steps rather than yesterday's as today's, also when the
/// reload budget is spent and WidgetKit defers the next reload); policy
/// `.after(now + 15 minutes)` (the seed's refresh every 15 minutes; WidgetKit may reload
/// later, never sooner).
public struct FitnessTimelineProvider: TimelineProvider {
  /// The widget's `kind` (`StaticConfiguration(kind:provider:content:)`).
  public static let kind = "FitnessWidget"
  /// The time between a timeline and the next one asked for: 15 minutes, seconds.
  public static let refreshInterval: TimeInterval = 15 * 60

  /// The App Group's settings (the snapshot and the goal).
  public let settings: Settings
  /// Now and local days (the widget extension's clock).
  public let clock: AppClock

  /// A provider reading `settings`' suite on `clock`.
  public init(settings: Settings, clock: AppClock = .system) {
    self.settings = settings
    self.clock = clock
  }

  /// The loading entry: no snapshot (the faces show placeholders) at now.
  public func placeholder(in context: Context) -> FitnessEntry {
    FitnessEntry(
      date: clock.now(), snapshot: nil, stepGoal: settings.stepGoal, calendar: clock.calendar())
  }

  /// The entry now (the widget gallery).
  public func getSnapshot(
    in context: Context, completion: @escaping @Sendable (FitnessEntry) -> Void
  ) {
    completion(timeline(at: clock.now()).entries[0])
  }

  /// ``timeline(at:)`` of now.
  public func getTimeline(
    in context: Context, completion: @escaping @Sendable (Timeline<FitnessEntry>) -> Void
  ) {
    completion(timeline(at: clock.now()))
  }

  /// The timeline made at `now`: entries at `now` and at the next local midnight, policy
  /// `.after(now + 15 min)`.
  public func timeline(at now: Date) -> Timeline<FitnessEntry> {
    let calendar = clock.calendar()
    let snapshot = WidgetSnapshot.read(from: settings.defaults)
    let goal = settings.stepGoal
    let midnight = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: now))!
    let entries = [now, midnight].map {
      FitnessEntry(date: $0, snapshot: snapshot, stepGoal: goal, calendar: calendar)
    }
    return Timeline(
      entries: entries, policy: .after(now.addingTimeInterval(Self.refreshInterval)))
  }
}
