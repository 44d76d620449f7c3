import WorkoutScenario
import WorkoutWatchFace

/// One keypress of `--keys` (docs/command-line.md#run), from ``WorkoutWatchFace``.
public typealias KeyPress = WorkoutWatchFace.KeyPress

extension KeyPress {
  /// The key for a `--keys` name: one character, or `SPACE`, `ENTER`, `UP`, `DOWN`, `LEFT`,
  /// `RIGHT`, `ESC`, `COMMA`, `AT`; `nil` for anything else.
  public static func key(named name: String) -> Key? {
    switch name {
    case "SPACE": return .space
    case "ENTER": return .enter
    case "UP": return .up
    case "DOWN": return .down
    case "LEFT": return .left
    case "RIGHT": return .right
    case "ESC": return .escape
    case "COMMA": return .character(",")
    case "AT": return .character("@")
    default:
      guard name.count == 1, let character = name.first else { return nil }
      return .character(character)
    }
  }
}

extension RunCommand {
  /// Parses the items of a `--keys` list (``ArgumentScanner/listItems(_:option:noun:example:)``),
  /// each `NAME@TIME`.
  static func parseKeys(_ items: [String]) throws(UsageError) -> [KeyPress] {
    var keys: [KeyPress] = []
    for item in items {
      guard let at = item.firstIndex(of: "@") else {
        throw UsageError(
          "'\(item)' in '--keys' is not NAME@TIME (write ',' as COMMA and '@' as AT).",
          command: "run")
      }
      let name = String(item[..<at])
      let time = String(item[item.index(after: at)...])
      guard !name.isEmpty else {
        throw UsageError(
          "'\(item)' in '--keys' names no key before '@' (expected NAME@TIME, for example ENTER@5).",
          command: "run")
      }
      guard let key = KeyPress.key(named: name) else {
        throw UsageError(
          "'\(name)' in '--keys' is not a key (expected one character or SPACE, ENTER, UP, "
            + "DOWN, LEFT, RIGHT, ESC, COMMA, AT).", command: "run")
      }
      do throws(TimeFormatError) {
        keys.append(KeyPress(key: key, at: try ScenarioTime.parse(time, allowPlainSeconds: true)))
      } catch {
        throw UsageError("--keys: \(error.message).", command: "run")
      }
    }
    return keys
  }
}
