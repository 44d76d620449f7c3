import WorkoutCore
import WorkoutSystem

/// A payload's bytes as the simulated framework keeps them between the send and the delivery
/// (docs/phone-link.md#payloads): a dictionary serialized as a binary property list, or message
/// data as given. The receiver gets a fresh copy (a dictionary deserialized again), as the real
/// framework copies across devices.
struct PayloadBytes: Sendable, Hashable {
  /// The serialized bytes.
  let data: Data
  /// What the engine sees: canonical JSON text where JSON can represent the value, and the size.
  let payload: LinkPayload

  /// The property-list bytes of `dictionary`, or `nil` when it holds a value that is not a
  /// property-list type (`WCError.Code.payloadUnsupportedTypes`, 7010).
  init?(dictionary: [String: Any]) {
    guard
      let data = try? PropertyListSerialization.data(
        fromPropertyList: dictionary, format: .binary, options: 0)
    else { return nil }
    self.data = data
    self.payload = LinkPayload(
      text: Self.text(of: dictionary, size: data.count), byteCount: data.count)
  }

  /// Message data as given: its text is the data as a JSON string when it is UTF-8 text, else
  /// `"<data, N bytes>"`.
  init(messageData: Data) {
    self.data = messageData
    let text: String
    if let string = String(data: messageData, encoding: .utf8),
      let json = try? JSONSerialization.data(
        withJSONObject: string, options: [.fragmentsAllowed, .withoutEscapingSlashes])
    {
      text = String(decoding: json, as: UTF8.self)
    } else {
      text = "<data, \(messageData.count) bytes>"
    }
    self.payload = LinkPayload(text: text, byteCount: messageData.count)
  }

  /// A file's bytes (read at send time) with its name and metadata: the engine sees the
  /// file's name and metadata as text (`{"file":"<name>","metadata":{...}}`) and the file's
  /// size plus the metadata's.
  init(file data: Data, name: String, metadata: PayloadBytes?) {
    self.data = data
    var object: [String: Any] = ["file": name]
    if let metadata, let value = metadata.dictionary() { object["metadata"] = value }
    let text = Self.text(of: object, size: data.count)
    self.payload = LinkPayload(
      text: text, byteCount: data.count + (metadata?.data.count ?? 0))
  }

  /// A fresh dictionary from the bytes (`nil` for message data and file bytes).
  func dictionary() -> [String: Any]? {
    (try? PropertyListSerialization.propertyList(from: data, options: [], format: nil))
      as? [String: Any]
  }

  /// Canonical JSON (sorted keys, no spaces, slashes unescaped) of `object` when JSON can
  /// represent it, else `"<property list, N bytes>"`.
  static func text(of object: [String: Any], size: Int) -> String {
    guard JSONSerialization.isValidJSONObject(object),
      let json = try? JSONSerialization.data(
        withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
    else { return "<property list, \(size) bytes>" }
    return String(decoding: json, as: UTF8.self)
  }
}
