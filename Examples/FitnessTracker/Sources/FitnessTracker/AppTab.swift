// The iPhone app's tabs and the deep links that open them.
import FitnessTrackerKit
import Foundation

/// The tab bar of the iPhone app (the seed: dashboard, history, settings).
public enum AppTab: String, Sendable, Equatable, CaseIterable {
  /// Tab 1.
  case dashboard
  /// Tab 2.
  case history
  /// Tab 3.
  case settings

  /// The tab `url` opens (the widget's `fitnesstracker://dashboard` opens the dashboard), or
  /// `nil` for a URL that is not the app's (the app stays on its current tab).
  public init?(url: URL) {
    guard let link = DeepLink(url: url) else { return nil }
    switch link {
    case .dashboard: self = .dashboard
    case .history: self = .history
    case .settings: self = .settings
    }
  }
}
