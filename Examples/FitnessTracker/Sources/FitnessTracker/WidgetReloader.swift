// The app's calls into WidgetKit.
import Foundation

/// Asks WidgetKit to reload the app's widgets (`WidgetCenter.shared.reloadAllTimelines()`,
/// https://developer.apple.com/documentation/widgetkit/widgetcenter/reloadalltimelines()).
enum WidgetReloader {
  /// Reloads every timeline of the app's widgets (shape only until the WidgetKit merge).
  @MainActor static func reloadAll() {}
}
