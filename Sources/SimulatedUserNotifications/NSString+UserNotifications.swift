import Foundation

extension NSString {
  /// The localized string of `key` in the main bundle's `Localizable.strings`, formatted with
  /// `arguments` (Apple doc:
  /// https://developer.apple.com/documentation/foundation/nsstring/localizedusernotificationstring(forkey:arguments:)).
  /// Apple's framework keeps the key and localizes at delivery, in the language the user has
  /// then; the simulation has one language, so it localizes at once. A key the bundle does not
  /// have is returned as it is (`Bundle.localizedString(forKey:value:table:)`'s rule). Each
  /// argument must be a `CVarArg` (a `String`, a number): another kind traps with its type,
  /// since `%@` or `%d` could not format it.
  ///
  /// UserNotifications declares this on `NSString` (Apple's Foundation has no such method, so
  /// it is not a shim: docs/darwin.md#extensions-of-foundation-types-that-are-not-shims).
  public class func localizedUserNotificationString(  // darwin-guard: not a shim (UN API)
    forKey key: String, arguments: [Any]?
  ) -> String {
    let format = Bundle.main.localizedString(forKey: key, value: nil, table: nil)
    guard let arguments, !arguments.isEmpty else { return format }
    let values = arguments.map { argument -> any CVarArg in
      guard let value = argument as? any CVarArg else {
        preconditionFailure(
          "NSString.localizedUserNotificationString(forKey: \"\(key)\", arguments:): "
            + "\(type(of: argument)) is not a format argument; pass a String or a number")
      }
      return value
    }
    return String(format: format, arguments: values)
  }
}
