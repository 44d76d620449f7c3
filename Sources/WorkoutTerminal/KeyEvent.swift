/// One key press, as decoded from terminal bytes or named in `--keys`.
///
/// Names (``name``) are those of `--keys` (docs/command-line.md#run): `SPACE`, `ENTER`, `UP`,
/// `DOWN`, `LEFT`, `RIGHT`, `ESC`, `COMMA`, `AT`, or the one character itself (`q`, `+`, `.`). Keys
/// outside that list have names too (`TAB`, `BACKSPACE`, `CTRL-C`), which `--keys` does not need
/// to accept.
public enum KeyEvent: Hashable, Sendable, CustomStringConvertible {
  /// A printable character other than space, comma and at (each has its own name but is still a
  /// `character`: `,` is `COMMA`, `@` is `AT`).
  case character(Character)
  /// Space (byte 32).
  case space
  /// Enter: carriage return (13) or line feed (10); a line feed right after a carriage return
  /// is the same press.
  case enter
  /// Arrow up (`ESC [ A` or `ESC O A`).
  case up
  /// Arrow down (`ESC [ B` or `ESC O B`).
  case down
  /// Arrow right (`ESC [ C` or `ESC O C`).
  case right
  /// Arrow left (`ESC [ D` or `ESC O D`).
  case left
  /// Escape pressed alone (byte 27 followed by nothing before ``KeyDecoder/flush()``).
  case escape
  /// Tab (9).
  case tab
  /// Backspace (127 or 8).
  case backspace
  /// Another control byte 0...31 (Ctrl-C is `control(3)`: with `ISIG` off it is a key).
  case control(UInt8)

  /// Ctrl-C.
  public static let interrupt = KeyEvent.control(3)

  /// The `--keys` name: `SPACE`, `ENTER`, `UP`, ..., `COMMA` for `,`, `AT` for `@`, otherwise the
  /// character; `CTRL-C` style for control bytes (`CTRL-@` for 0).
  public var name: String {
    switch self {
    case .character(","): "COMMA"
    case .character("@"): "AT"
    case .character(let character): String(character)
    case .space: "SPACE"
    case .enter: "ENTER"
    case .up: "UP"
    case .down: "DOWN"
    case .right: "RIGHT"
    case .left: "LEFT"
    case .escape: "ESC"
    case .tab: "TAB"
    case .backspace: "BACKSPACE"
    case .control(let byte): "CTRL-" + String(UnicodeScalar(byte + 64))
    }
  }

  /// The key named `name` (see ``name``): a `--keys` name or one character. `nil` for an
  /// unknown name.
  public init?(name: String) {
    switch name {
    case "SPACE", " ": self = .space
    case "ENTER": self = .enter
    case "UP": self = .up
    case "DOWN": self = .down
    case "LEFT": self = .left
    case "RIGHT": self = .right
    case "ESC": self = .escape
    case "COMMA": self = .character(",")
    case "AT": self = .character("@")
    case "TAB": self = .tab
    case "BACKSPACE": self = .backspace
    default:
      if name.hasPrefix("CTRL-"), name.count == 6, let scalar = name.unicodeScalars.last,
        scalar.value >= 64, scalar.value <= 95
      {
        self = .control(UInt8(scalar.value - 64))
      } else if name.count == 1, let character = name.first, !character.isNewline,
        character.unicodeScalars.allSatisfy({ $0.value >= 32 && $0.value != 127 })
      {
        self = .character(character)
      } else {
        return nil
      }
    }
  }

  /// The ``name``.
  public var description: String { name }
}

/// Decodes terminal input bytes into ``KeyEvent``s, one byte at a time.
///
/// A pure, mutating struct in the manner of SwiftTUI's `ArrowKeyParser`
/// (https://github.com/rensbreur/SwiftTUI): sequences may be split across reads. Arrows come as CSI
/// (`ESC [ A`, also with parameters such as `ESC [ 1 ; 5 A`) or SS3 (`ESC O A`); other CSI
/// sequences (function keys, `ESC [ 2 ~`) are consumed and dropped. An `ESC` followed by any other
/// byte is ``KeyEvent/escape`` and then that byte. A lone `ESC` stays pending until ``flush()``,
/// which the driver calls when no byte followed within its escape timeout (for example 50 ms).
/// UTF-8 characters are assembled across bytes; invalid bytes are dropped.
public struct KeyDecoder: Sendable {
  private enum State: Sendable {
    case ground
    case escape
    case csi([UInt8])
    case ss3
    case utf8([UInt8], needed: Int)
  }

  private var state: State = .ground
  private var lastWasCarriageReturn = false

  /// Creates a decoder with nothing pending.
  public init() {}

  /// Whether bytes are pending (an `ESC` or an incomplete sequence or character).
  public var hasPending: Bool {
    if case .ground = state { return false }
    return true
  }

  /// The arrow a CSI or SS3 final byte names (`A` up, `B` down, `C` right, `D` left), or `nil`.
  static func arrow(_ byte: UInt8) -> KeyEvent? {
    switch byte {
    case UInt8(ascii: "A"): .up
    case UInt8(ascii: "B"): .down
    case UInt8(ascii: "C"): .right
    case UInt8(ascii: "D"): .left
    default: nil
    }
  }

  /// Feeds one byte.
  ///
  /// - Returns: the keys completed by this byte (zero, one, or two when an `ESC` is followed by
  ///   an ordinary byte).
  public mutating func feed(_ byte: UInt8) -> [KeyEvent] {
    let afterCR = lastWasCarriageReturn
    lastWasCarriageReturn = false
    switch state {
    case .ground:
      return ground(byte, afterCarriageReturn: afterCR)
    case .escape:
      switch byte {
      case UInt8(ascii: "["):
        state = .csi([])
        return []
      case UInt8(ascii: "O"):
        state = .ss3
        return []
      case 27:
        return [.escape]  // the first ESC was alone; the new one is pending
      default:
        state = .ground
        return [.escape] + ground(byte, afterCarriageReturn: false)
      }
    case .csi(var parameters):
      // Parameter and intermediate bytes 0x20...0x3F; a final byte 0x40...0x7E ends it.
      if byte >= 0x20 && byte <= 0x3F {
        parameters.append(byte)
        state = parameters.count > 32 ? .ground : .csi(parameters)
        return []
      }
      state = .ground
      if let arrow = Self.arrow(byte) { return [arrow] }
      return (0x40...0x7E).contains(byte) ? [] : ground(byte, afterCarriageReturn: false)
    case .ss3:
      state = .ground
      if let arrow = Self.arrow(byte) { return [arrow] }
      return (0x40...0x7E).contains(byte)
        ? [] : [.escape, .character("O")] + ground(byte, afterCarriageReturn: false)
    case .utf8(var bytes, let needed):
      guard byte & 0xC0 == 0x80 else {
        state = .ground
        return ground(byte, afterCarriageReturn: false)
      }
      bytes.append(byte)
      if bytes.count < needed {
        state = .utf8(bytes, needed: needed)
        return []
      }
      state = .ground
      let text = String(decoding: bytes, as: UTF8.self)
      guard text.count == 1, let character = text.first, !text.contains("\u{FFFD}") else {
        return []
      }
      return [.character(character)]
    }
  }

  /// Feeds several bytes in order.
  ///
  /// - Returns: the keys they complete.
  public mutating func feed<Bytes: Sequence<UInt8>>(contentsOf bytes: Bytes) -> [KeyEvent] {
    var keys: [KeyEvent] = []
    for byte in bytes { keys += feed(byte) }
    return keys
  }

  /// Ends whatever is pending, because no more bytes came in time: a lone `ESC` becomes
  /// ``KeyEvent/escape``; an unfinished `ESC [` or `ESC O` becomes `escape` and the characters
  /// typed; an incomplete UTF-8 character is dropped.
  public mutating func flush() -> [KeyEvent] {
    defer { state = .ground }
    switch state {
    case .ground, .utf8: return []
    case .escape: return [.escape]
    case .ss3: return [.escape, .character("O")]
    case .csi(let parameters):
      return [.escape, .character("[")]
        + parameters.map { $0 == 32 ? KeyEvent.space : .character(Character(UnicodeScalar($0))) }
    }
  }

  private mutating func ground(_ byte: UInt8, afterCarriageReturn: Bool) -> [KeyEvent] {
    switch byte {
    case 27:
      state = .escape
      return []
    case 13:
      lastWasCarriageReturn = true
      return [.enter]
    case 10:
      return afterCarriageReturn ? [] : [.enter]
    case 9: return [.tab]
    case 8, 127: return [.backspace]
    case 0...31: return [.control(byte)]
    case 32: return [.space]
    case 33...126: return [.character(Character(UnicodeScalar(byte)))]
    case 0xC2...0xDF:
      state = .utf8([byte], needed: 2)
      return []
    case 0xE0...0xEF:
      state = .utf8([byte], needed: 3)
      return []
    case 0xF0...0xF4:
      state = .utf8([byte], needed: 4)
      return []
    default:
      return []
    }
  }
}
