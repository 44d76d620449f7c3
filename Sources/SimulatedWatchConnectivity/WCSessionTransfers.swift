import WorkoutCore

/// A user-info transfer in progress (Apple doc:
/// https://developer.apple.com/documentation/watchconnectivity/wcsessionuserinfotransfer): what
/// ``WCSession/transferUserInfo(_:)`` and
/// ``WCSession/transferCurrentComplicationUserInfo(_:)`` return, and what
/// ``WCSession/outstandingUserInfoTransfers`` lists. Apps never make one.
///
/// `Sendable` (unlike Apple's) so that the simulation can hand it to the delegate; its state
/// is the engine's, read under the simulation's lock.
public final class WCSessionUserInfoTransfer: NSObject, @unchecked Sendable {
  /// The engine's transfer number.
  let transfer: Int
  let session: WCSession
  private let bytes: PayloadBytes
  private let lock = NSLock()
  private var done = false

  init(transfer: Int, session: WCSession, bytes: PayloadBytes, isCurrentComplicationInfo: Bool) {
    self.transfer = transfer
    self.session = session
    self.bytes = bytes
    self.isCurrentComplicationInfoStorage = isCurrentComplicationInfo
  }

  private var isCurrentComplicationInfoStorage: Bool

  /// Whether ``WCSession/transferCurrentComplicationUserInfo(_:)`` made it and no later call
  /// untagged it (Apple: only one item is current).
  public var isCurrentComplicationInfo: Bool {
    lock.withLock { isCurrentComplicationInfoStorage }
  }

  /// The dictionary being sent (a copy).
  public var userInfo: [String: Any] { bytes.dictionary() ?? [:] }

  /// Whether it is still queued: not delivered, failed nor cancelled.
  public var isTransferring: Bool {
    guard !lock.withLock({ done }) else { return false }
    return session.isOutstanding(transfer)
  }

  /// Cancels it: it is not delivered and gets no `didFinish` (Apple doc:
  /// https://developer.apple.com/documentation/watchconnectivity/wcsessionuserinfotransfer/cancel()).
  public func cancel() {
    session.cancel(transfer)
  }

  /// Delivered or failed.
  func markFinished() { lock.withLock { done = true } }

  /// A later complication transfer is the current one.
  func untagCurrent() { lock.withLock { isCurrentComplicationInfoStorage = false } }
}

/// A file transfer in progress (Apple doc:
/// https://developer.apple.com/documentation/watchconnectivity/wcsessionfiletransfer): what
/// ``WCSession/transferFile(_:metadata:)`` returns and ``WCSession/outstandingFileTransfers``
/// lists.
public final class WCSessionFileTransfer: NSObject, @unchecked Sendable {
  /// The engine's transfer number (0: a transfer that failed before it was queued).
  let transfer: Int
  let session: WCSession
  private let lock = NSLock()
  private var done = false

  init(transfer: Int, session: WCSession, file: WCSessionFile, byteCount: Int) {
    self.transfer = transfer
    self.session = session
    self.file = file
    self.progress = Progress(totalUnitCount: Int64(byteCount))
  }

  /// The file being sent: the sender's URL and metadata.
  public let file: WCSessionFile

  /// The transfer's progress: `totalUnitCount` is the file's size in bytes; complete
  /// (`completedUnitCount == totalUnitCount`) once delivered (a transfer is delivered at one
  /// instant of virtual time, so there are no values between).
  public let progress: Progress

  /// Whether it is still queued: not delivered, failed nor cancelled.
  public var isTransferring: Bool {
    guard !lock.withLock({ done }), transfer > 0 else { return false }
    return session.isOutstanding(transfer)
  }

  /// Cancels it: it is not delivered and gets no `didFinish`.
  public func cancel() {
    guard transfer > 0 else { return }
    session.cancel(transfer)
  }

  /// Delivered (the progress completes) or failed.
  func markFinished(delivered: Bool) {
    lock.withLock { done = true }
    if delivered { completeProgress() }
  }

  /// The file reached the receiver: the progress completes.
  func completeProgress() {
    progress.completedUnitCount = progress.totalUnitCount
  }
}

/// A file sent or received (Apple doc:
/// https://developer.apple.com/documentation/watchconnectivity/wcsessionfile).
public final class WCSessionFile: NSObject, @unchecked Sendable {
  /// On the receiver: the file in the simulation's temporary Inbox folder, deleted when
  /// `session(_:didReceive:)` returns; on the sender: the URL it passed.
  public let fileURL: URL
  /// The metadata the sender gave (a fresh copy on the receiver).
  public let metadata: [String: Any]?

  init(fileURL: URL, metadata: [String: Any]?) {
    self.fileURL = fileURL
    self.metadata = metadata
  }
}
