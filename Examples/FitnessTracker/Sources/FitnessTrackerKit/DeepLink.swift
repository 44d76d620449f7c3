// The app's URL scheme: what the widget's tap (`widgetURL`) opens.
import Foundation

/// A tab of the iPhone app a URL of the `fitnesstracker` scheme opens
/// (https://developer.apple.com/documentation/xcode/defining-a-custom-url-scheme-for-your-app).
///
/// `fitnesstracker://dashboard`, `fitnesstracker://history`, `fitnesstracker://settings`; the
/// scheme and host compare case-insensitively (RFC 3986 section 3.1 and 3.2.2), a trailing `/`
/// is allowed, anything else is not a link of the app (`nil`).
public enum DeepLink: String, Sendable, Equatable, CaseIterable {
  /// The dashboard tab (the widget's link).
  case dashboard
  /// The history tab.
  case history
  /// The settings tab.
  case settings

  /// The app's URL scheme.
  public static let scheme = "fitnesstracker"

  /// The link `url` names, or `nil` when it is not one of the app's.
  public init?(url: URL) {
    guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
      components.scheme?.lowercased() == Self.scheme,
      let host = components.host?.lowercased(),
      components.path.isEmpty || components.path == "/",
      components.query == nil, components.fragment == nil
    else { return nil }
    self.init(rawValue: host)
  }

  /// The link as a URL (`fitnesstracker://dashboard`).
  public var url: URL { URL(string: "\(Self.scheme)://\(rawValue)")! }
}
