// Helpers of the WatchConnectivity tests: a delegate that records what its side received when,
// and scenarios decoded from inline JSON.
import Foundation
import Synchronization
import WorkoutCore
import WorkoutScenario
import WorkoutSimulation

@testable import SimulatedHealthKit
@testable import SimulatedWatchConnectivity

/// Canonical JSON of a dictionary (sorted keys), for the records.
func canonical(_ dictionary: [String: Any]) -> String {
  guard JSONSerialization.isValidJSONObject(dictionary),
    let data = try? JSONSerialization.data(
      withJSONObject: dictionary, options: [.sortedKeys, .withoutEscapingSlashes])
  else { return "<not JSON>" }
  return String(decoding: data, as: UTF8.self)
}

/// Seconds since the scenario's start, as `601` or `0.2` (tenths at most).
func stamp(_ simulation: HealthKitSimulation) -> String {
  let tenths = Int((simulation.now.timeIntervalSince(simulation.startDate) * 10).rounded())
  return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
}

/// The code of a `WCError`, or -1.
func code(_ error: (any Error)?) -> Int {
  guard let error else { return 0 }
  return (error as? WCError)?.code.rawValue ?? -1
}

/// A `WCSessionDelegate` that records every call as `"<t> <what>"`, and replies to a message
/// that expects one with `{"received": <message>}` (as the command line's scripted receiver)
/// unless `replies` is false.
final class LinkRecorder: NSObject, WCSessionDelegate, @unchecked Sendable {
  let simulation: HealthKitSimulation
  private let lines = Mutex<[String]>([])
  private let replyFlag: Mutex<Bool>
  /// The received files' URLs, as given to `didReceive`.
  let fileURLs = Mutex<[URL]>([])
  /// The last user-info dictionary received, as the delegate got it.
  private let lastUserInfo = Mutex<Unchecked<[String: Any]>?>(nil)

  /// The last user-info dictionary received.
  var lastReceivedUserInfo: [String: Any]? { lastUserInfo.withLock { $0?.value } }

  init(_ simulation: HealthKitSimulation, replies: Bool = true) {
    self.simulation = simulation
    self.replyFlag = Mutex(replies)
  }

  /// Whether a message that expects a reply gets one.
  var replies: Bool {
    get { replyFlag.withLock { $0 } }
    set { replyFlag.withLock { $0 = newValue } }
  }

  /// Every call so far, in order.
  var all: [String] { lines.withLock { $0 } }

  /// The calls whose text (after the time) starts with `prefix`.
  func matching(_ prefix: String) -> [String] {
    all.filter { $0.split(separator: " ", maxSplits: 1).last?.hasPrefix(prefix) ?? false }
  }

  func record(_ text: String) {
    let line = "\(stamp(simulation)) \(text)"
    lines.withLock { $0.append(line) }
  }

  func session(
    _ session: WCSession, activationDidCompleteWith activationState: WCSessionActivationState,
    error: (any Error)?
  ) {
    record("activated \(activationState.rawValue) \(code(error))")
  }

  func sessionReachabilityDidChange(_ session: WCSession) {
    record("reachable \(session.isReachable)")
  }

  func sessionWatchStateDidChange(_ session: WCSession) {
    record("watchState \(session.isComplicationEnabled) \(session.isWatchAppInstalled)")
  }

  func session(_ session: WCSession, didReceiveMessage message: [String: Any]) {
    record("message \(canonical(message))")
  }

  func session(
    _ session: WCSession, didReceiveMessage message: [String: Any],
    replyHandler: @escaping ([String: Any]) -> Void
  ) {
    record("message? \(canonical(message))")
    if replies { replyHandler(["received": message]) }
  }

  func session(_ session: WCSession, didReceiveMessageData messageData: Data) {
    record("data \(String(decoding: messageData, as: UTF8.self))")
  }

  func session(
    _ session: WCSession, didReceiveMessageData messageData: Data,
    replyHandler: @escaping (Data) -> Void
  ) {
    record("data? \(String(decoding: messageData, as: UTF8.self))")
    if replies { replyHandler(Data("got ".utf8) + messageData) }
  }

  func session(_ session: WCSession, didReceiveApplicationContext applicationContext: [String: Any])
  {
    record("context \(canonical(applicationContext))")
  }

  func session(_ session: WCSession, didReceiveUserInfo userInfo: [String: Any]) {
    lastUserInfo.withLock { $0 = Unchecked(value: userInfo) }
    record("userInfo \(canonical(userInfo))")
  }

  func session(
    _ session: WCSession, didFinish userInfoTransfer: WCSessionUserInfoTransfer,
    error: (any Error)?
  ) {
    record("finished userInfo \(canonical(userInfoTransfer.userInfo)) \(code(error))")
  }

  func session(_ session: WCSession, didReceive file: WCSessionFile) {
    let contents = (try? String(contentsOf: file.fileURL, encoding: .utf8)) ?? "<unreadable>"
    fileURLs.withLock { $0.append(file.fileURL) }
    record(
      "file \(file.fileURL.lastPathComponent) \(contents) \(canonical(file.metadata ?? [:]))")
  }

  func session(
    _ session: WCSession, didFinish fileTransfer: WCSessionFileTransfer, error: (any Error)?
  ) {
    record("finished file \(fileTransfer.file.fileURL.lastPathComponent) \(code(error))")
  }
}

/// What a sender's handlers got, as `"<t> reply <json>"` / `"<t> error <code>"`.
final class Handled: Sendable {
  let simulation: HealthKitSimulation
  private let lines = Mutex<[String]>([])

  init(_ simulation: HealthKitSimulation) { self.simulation = simulation }

  var all: [String] { lines.withLock { $0 } }

  func record(_ text: String) {
    let line = "\(stamp(simulation)) \(text)"
    lines.withLock { $0.append(line) }
  }

  /// Sends `message` from `session` with both handlers recording here.
  func send(_ message: [String: Any], from session: WCSession, reply: Bool = true) {
    session.sendMessage(
      message,
      replyHandler: reply ? { self.record("reply \(canonical($0))") } : nil,
      errorHandler: { self.record("error \(code($0))") })
  }
}

/// Both sides' sessions with recorders, activated (and settled) at virtual now.
struct Sides {
  let watch: WCSession
  let phone: WCSession
  let watchLog: LinkRecorder
  let phoneLog: LinkRecorder

  /// Makes both sessions with recorders; activates those in `activate`.
  static func make(
    _ simulation: HealthKitSimulation, activate: Set<HealthKitSimulation.Device> = [.watch, .phone]
  ) async -> Sides {
    let watch = await simulation.on(.watch) { WCSession.default }
    let phone = await simulation.on(.phone) { WCSession.default }
    let sides = Sides(
      watch: watch, phone: phone, watchLog: LinkRecorder(simulation),
      phoneLog: LinkRecorder(simulation))
    watch.delegate = sides.watchLog
    phone.delegate = sides.phoneLog
    if activate.contains(.watch) { watch.activate() }
    if activate.contains(.phone) { phone.activate() }
    await simulation.settle()
    return sides
  }
}

/// The run's `link` log entries encoded one per line, as the result's JSON writes them.
func linkLines(_ result: RunResult) -> [String] {
  guard
    let object = try? JSONSerialization.jsonObject(with: Data(result.encodedJSON()))
      as? [String: Any],
    let log = object["log"] as? [[String: Any]]
  else { return [] }
  return log.filter { ($0["kind"] as? String) == "link" }.map { canonical($0) }
}
