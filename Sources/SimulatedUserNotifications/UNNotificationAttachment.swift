import Foundation

/// An audio, image or movie file shown with a notification (Apple doc:
/// https://developer.apple.com/documentation/usernotifications/unnotificationattachment):
/// put in ``UNMutableNotificationContent/attachments``, kept with the request and the delivered
/// notification (`notification.request.content.attachments`).
///
/// The initializer checks the file as Apple's page says it must be: a file URL to a readable
/// file on disk, of a supported type, no larger than its type's maximum (Apple's "Supported
/// File Types"): audio (`.aif`, `.aiff`, `.wav`, `.mp3`, `.m4a`) 5 MB, image (`.jpg`, `.jpeg`,
/// `.gif`, `.png`) 10 MB, movie (`.mpg`, `.mpeg`, `.m2v`, `.mp4`, `.avi`) 50 MB, a megabyte
/// read as 1 048 576 bytes (project rule: the larger reading, so that no file a device takes
/// is refused). The type is told by the file's extension; the file's content is not read, so a
/// corrupt file is not found out, and the file stays where it is (Apple moves it into the
/// system's data store when the request is added), docs/phone.md#notifications.
public class UNNotificationAttachment: NSObject, @unchecked Sendable {
  /// The attachment's identifier (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationattachment/identifier).
  public let identifier: String
  /// The file's URL (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationattachment/url).
  public let url: URL
  /// The file's Uniform Type Identifier, such as `"public.png"` (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationattachment/type).
  public let type: String

  /// Each supported extension's type and its maximum size in bytes.
  static let supportedTypes: [String: (type: String, maximum: Int)] = {
    let megabyte = 1_048_576
    let audio = 5 * megabyte
    let image = 10 * megabyte
    let movie = 50 * megabyte
    return [
      "aif": ("public.aiff-audio", audio), "aiff": ("public.aiff-audio", audio),
      "wav": ("com.microsoft.waveform-audio", audio), "mp3": ("public.mp3", audio),
      "m4a": ("public.mpeg-4-audio", audio),
      "jpg": ("public.jpeg", image), "jpeg": ("public.jpeg", image),
      "gif": ("com.compuserve.gif", image), "png": ("public.png", image),
      "mpg": ("public.mpeg", movie), "mpeg": ("public.mpeg", movie),
      "m2v": ("public.mpeg-2-video", movie), "mp4": ("public.mpeg-4", movie),
      "avi": ("public.avi", movie),
    ]
  }()

  /// An attachment of the file at `URL` (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationattachment/init(identifier:url:options:)-83grx).
  /// An empty `identifier` is replaced by the file's name (project rule: Apple makes a unique
  /// string; the simulation's is the same in every run). `options` (thumbnail and type-hint
  /// keys) are accepted and not used: nothing is drawn, and the type is told by the extension.
  ///
  /// - Throws: ``UNError`` `.attachmentInvalidURL` when `URL` is not a file URL or no readable
  ///   file is there; `.attachmentUnrecognizedType` when its extension is not of a supported
  ///   type; `.attachmentInvalidFileSize` when it is larger than its type's maximum.
  public convenience init(
    identifier: String, url URL: URL, options: [AnyHashable: Any]? = nil
  ) throws {
    guard URL.isFileURL, FileManager.default.isReadableFile(atPath: URL.path) else {
      throw UNError(
        .attachmentInvalidURL,
        userInfo: [
          NSLocalizedDescriptionKey:
            "Invalid attachment file URL: no readable file at \(URL.absoluteString)"
        ])
    }
    guard let supported = Self.supportedTypes[URL.pathExtension.lowercased()] else {
      throw UNError(
        .attachmentUnrecognizedType,
        userInfo: [
          NSLocalizedDescriptionKey:
            "Unrecognized attachment file type: \(URL.lastPathComponent) (audio .aif .aiff .wav .mp3 .m4a, image .jpg .jpeg .gif .png, movie .mpg .mpeg .m2v .mp4 .avi)"
        ])
    }
    let attributes = try? FileManager.default.attributesOfItem(atPath: URL.path)
    let size = (attributes?[.size] as? NSNumber)?.intValue ?? 0
    guard size <= supported.maximum else {
      throw UNError(
        .attachmentInvalidFileSize,
        userInfo: [
          NSLocalizedDescriptionKey:
            "Invalid attachment file size: \(URL.lastPathComponent) has \(size) bytes, more than the \(supported.maximum) of its type"
        ])
    }
    self.init(
      identifier: identifier.isEmpty ? URL.lastPathComponent : identifier, url: URL,
      type: supported.type)
  }

  init(identifier: String, url: URL, type: String) {
    self.identifier = identifier
    self.url = url
    self.type = type
    super.init()
  }
}
