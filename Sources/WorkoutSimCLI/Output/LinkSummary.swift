import WorkoutCore
import WorkoutSimulation
import WorkoutSystem
import WorkoutText

/// The "Watch–phone link" block of `workout-sim run`'s human summary
/// (docs/command-line.md#run): what each side received when, and the calls that failed.
extension RunSummary {
  /// The longest payload text shown (in characters); a longer one ends in `…` (the JSON result
  /// has it whole).
  static let linkPayloadLimit = 60

  /// The block's lines: a heading, then one line per delivery, reply and failure of the log's
  /// `link` entries, in log order; `[]` when the run has none of them.
  ///
  /// ```
  ///   watch–phone link:
  ///     0:00:01.0  watch → phone  message #1  failed: notReachable (7007)
  ///     0:10:01.0  watch → phone  userInfo #2  received {"workout":"W1"}
  /// ```
  ///
  /// Each line: the scenario time (h:mm:ss.s, tenths truncated), the direction (sender →
  /// receiver), the transfer kind and number (`reply to #n` for the reply to message `n`), then
  /// `received` with the payload as the receiver got it, or `failed:` with
  /// Apple's `WCError.Code` name and raw value
  /// (https://developer.apple.com/documentation/watchconnectivity/wcerror/code).
  ///
  /// - Parameter result: the run result.
  /// - Returns: the lines.
  public static func linkLines(for result: RunResult) -> [String] {
    var lines: [String] = []
    for entry in result.log {
      guard case .link(let event) = entry.kind, let line = linkLine(event) else { continue }
      lines.append(
        "    " + TextFormat.clockTenths(nanoseconds: entry.at.nanoseconds) + "  " + line)
    }
    guard !lines.isEmpty else { return [] }
    return ["  watch–phone link:"] + lines
  }

  /// One event's text after the time, or `nil` for events the block leaves out (activation,
  /// reachability, app states, queued, finished, cancelled, replaced).
  static func linkLine(_ event: LinkEvent) -> String? {
    let number = event.transfer.map { " #\($0)" } ?? ""
    switch event.change {
    case .delivered(let kind, let to, let payload, _):
      return direction(from: to.counterpart) + "  " + kind.rawValue + number + "  received "
        + shown(payload)
    case .replied(let to, let payload):
      return direction(from: to.counterpart) + "  reply to" + number + "  received "
        + shown(payload)
    case .failed(let kind, let from, let code):
      return direction(from: from) + "  " + kind.rawValue + number + "  failed: " + code.name
        + " (\(code.rawValue))"
    default:
      return nil
    }
  }

  /// `watch → phone`.
  static func direction(from sender: CompanionDevice) -> String {
    sender.rawValue + " → " + sender.counterpart.rawValue
  }

  /// The payload's text, control characters shown as U+FFFD, cut at ``linkPayloadLimit``.
  static func shown(_ payload: LinkPayload) -> String {
    let text = sanitized(payload.text)
    guard text.count > linkPayloadLimit else { return text }
    return String(text.prefix(linkPayloadLimit - 1)) + "…"
  }
}
