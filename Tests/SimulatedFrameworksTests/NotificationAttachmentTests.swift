import Foundation
import SimulatedHealthKit
import SimulatedUserNotifications
import Testing

/// `UNNotificationAttachment`: Apple's checks of the file, and the attachment kept with the
/// delivered notification (docs/phone.md#notifications).
@Suite struct NotificationAttachmentTests {
  /// A fresh directory for the test's files.
  static func directory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "attachments-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// The code of the `UNError` `body` throws; `nil` when it throws none or another error.
  static func code(_ body: () throws -> Void) -> UNError.Code? {
    do {
      try body()
      return nil
    } catch {
      return (error as? UNError)?.code
    }
  }

  /// A route map the app drew, attached to its workout summary, as apps write it: the
  /// delivered notification's content has it, with the PNG type.
  @Test func aPNGIsKeptWithTheDeliveredNotification() async throws {
    let folder = try Self.directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("route.png")
    try Data(repeating: 7, count: 2048).write(to: file)
    let simulation = try UserNotificationsTests.simulation(start: "2026-03-20T11:00:00Z")
    try await simulation.run {
      let center = UNUserNotificationCenter.current()
      _ = try await center.requestAuthorization(options: [.alert])
      let content = UNMutableNotificationContent()
      content.title = "Morning run"
      content.attachments = [
        try UNNotificationAttachment(identifier: "route", url: file, options: nil)
      ]
      try await center.add(UNNotificationRequest(identifier: "run", content: content, trigger: nil))
      let delivered = await center.deliveredNotifications()
      let attachments = try #require(delivered.first?.request.content.attachments)
      #expect(attachments.map(\.identifier) == ["route"])
      #expect(attachments.map(\.url) == [file])
      #expect(attachments.map(\.type) == ["public.png"])
    }
    // An empty identifier becomes the file's name.
    #expect(try UNNotificationAttachment(identifier: "", url: file).identifier == "route.png")
  }

  /// Apple's rules for the file: one that is not there, a type not supported, an image over
  /// 10 MB (10 × 1 048 576 = 10 485 760 bytes: one byte more is refused, that many is taken).
  @Test func aMissingFileAndOtherRefusals() throws {
    let folder = try Self.directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let missing = folder.appendingPathComponent("gone.jpg")
    #expect(
      Self.code { _ = try UNNotificationAttachment(identifier: "gone", url: missing, options: nil) }
        == .attachmentInvalidURL)
    do {
      _ = try UNNotificationAttachment(identifier: "gone", url: missing)
      Issue.record("a missing file was taken")
    } catch let error as UNError {
      #expect(error.code == .attachmentInvalidURL)
      #expect((error as NSError).domain == UNErrorDomain)
      #expect((error as NSError).code == 100)
    }
    let web = try #require(URL(string: "https://example.com/map.png"))
    #expect(
      Self.code { _ = try UNNotificationAttachment(identifier: "web", url: web) }
        == .attachmentInvalidURL)
    let text = folder.appendingPathComponent("notes.txt")
    try Data("pace".utf8).write(to: text)
    #expect(
      Self.code { _ = try UNNotificationAttachment(identifier: "notes", url: text) }
        == .attachmentUnrecognizedType)
    let large = folder.appendingPathComponent("large.jpg")
    try Data(count: 10_485_761).write(to: large)
    #expect(
      Self.code { _ = try UNNotificationAttachment(identifier: "large", url: large) }
        == .attachmentInvalidFileSize)
    let fits = folder.appendingPathComponent("fits.jpg")
    try Data(count: 10_485_760).write(to: fits)
    #expect(try UNNotificationAttachment(identifier: "fits", url: fits).type == "public.jpeg")
  }
}
