// The app's calls into WidgetKit.
import Foundation

#if os(watchOS) || os(iOS)
  import WidgetKit
#else
  import SimulatedWidgetKit
#endif

/// Asks WidgetKit to reload the app's widgets.
enum WidgetReloader {
  /// Reloads every timeline of the app's widgets (`WidgetCenter.shared.reloadAllTimelines()`,
  /// https://developer.apple.com/documentation/widgetkit/widgetcenter/reloadalltimelines()):
  /// WidgetKit calls the providers' `getTimeline` when its budget allows.
  @MainActor static func reloadAll() {
    WidgetCenter.shared.reloadAllTimelines()
  }
}
