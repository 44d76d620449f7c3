/// A streaming writer of canonical JSON bytes (docs/run-result.md#encoding): values go straight
/// into a `[UInt8]` buffer as the caller walks its own typed data, with no ``JSONValue`` tree
/// in between and no per-character `String` work.
///
/// The layout is ``JSONWriter``'s (``JSONWriter/Style``): `pretty` writes two-space
/// indentation, one member or element per line and `"key" : value`; `compact` no whitespace.
/// Numbers are ``JSONWriter/number(_:)``'s shortest round-tripping form, strings are escaped as
/// ``JSONWriter/quoted(_:)`` escapes them, and empty containers are `[]` and `{}`.
///
/// The caller writes object members in canonical order (by the UTF-8 bytes of the keys); the
/// buffer does not sort. ``JSONWriter/encode(_:style:)`` does this for a ``JSONValue``.
///
/// ```swift
/// var json = JSONBuffer()
/// json.beginObject()
/// json.key("at"); json.number(5)
/// json.key("kind"); json.string("event")
/// json.endObject()
/// // {\n  "at" : 5,\n  "kind" : "event"\n}
/// ```
public struct JSONBuffer: Sendable {
  /// The bytes written so far (UTF-8).
  public var bytes: [UInt8] { storage.array }
  /// The bytes written so far (the methods are inlinable, so the run result's writer in
  /// another module compiles them into its own loops).
  @usableFromInline var storage: ByteStorage
  /// The layout.
  public let style: JSONWriter.Style
  /// The number of open containers.
  @usableFromInline var depth = 0
  /// Bit `d` set: the open container at depth `d + 1` has an element (depths 1 to 64).
  @usableFromInline var hasElementBits: UInt64 = 0
  /// The same for containers deeper than 64 (index `d - 64`).
  @usableFromInline var deeperHasElements: [Bool] = []
  /// A key was just written: the next value follows it on the same line.
  @usableFromInline var afterKey = false

  /// Creates an empty buffer.
  ///
  /// - Parameters:
  ///   - style: ``JSONWriter/Style/pretty`` (the default) or ``JSONWriter/Style/compact``.
  ///   - capacity: Bytes to reserve up front.
  public init(style: JSONWriter.Style = .pretty, capacity: Int = 0) {
    self.style = style
    storage = ByteStorage(capacity: capacity)
  }

  /// The number of bytes held.
  public var count: Int { storage.count }

  /// Hands over the bytes written so far and empties the buffer, keeping its place in the
  /// document (open containers, a pending key): for writing a large document in chunks.
  @inlinable public mutating func takeBytes() -> [UInt8] {
    makeUnique()
    let taken = storage.array
    storage.removeAll()
    return taken
  }

  /// Copies the store before a write when another buffer shares it (value semantics).
  @inlinable mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&storage.allocation) { storage = storage.copy() }
  }

  /// Appends raw bytes (a newline after the document, for example).
  @inlinable public mutating func append(raw: some Sequence<UInt8>) {
    makeUnique()
    storage.append(contentsOf: raw)
  }

  /// Opens an object `{`.
  @inlinable public mutating func beginObject() {
    prefix()
    storage.append(UInt8(ascii: "{"))
    open()
  }

  /// Closes the innermost object `}`.
  @inlinable public mutating func endObject() { close(UInt8(ascii: "}")) }

  /// Opens an array `[`.
  @inlinable public mutating func beginArray() {
    prefix()
    storage.append(UInt8(ascii: "["))
    open()
  }

  /// Closes the innermost array `]`.
  @inlinable public mutating func endArray() { close(UInt8(ascii: "]")) }

  /// Writes a member key (escaped) and the separator; the next call writes its value.
  @inlinable public mutating func key(_ name: String) {
    prefix()
    writeQuoted(name)
    separator()
  }

  /// Writes a member key known at compile time; it must need no escaping (no `"`, `\` or
  /// control characters), as every key of the run result.
  @inlinable public mutating func key(ascii name: StaticString) {
    prefix()
    appendStatic(name)
    separator()
  }

  /// Writes a string known at compile time that needs no escaping (as ``key(ascii:)``).
  @inlinable public mutating func string(ascii value: StaticString) {
    prefix()
    appendStatic(value)
  }

  @inlinable mutating func appendStatic(_ text: StaticString) {
    storage.append(UInt8(ascii: "\""))
    text.withUTF8Buffer { storage.append(contentsOf: $0) }
    storage.append(UInt8(ascii: "\""))
  }

  @inlinable mutating func separator() {
    if style == .pretty {
      storage.append(0x20)
      storage.append(UInt8(ascii: ":"))
      storage.append(0x20)
    } else {
      storage.append(UInt8(ascii: ":"))
    }
    afterKey = true
  }

  /// Writes a number in the canonical shortest form.
  ///
  /// - Precondition: `value` is finite.
  @inlinable public mutating func number(_ value: Double) {
    prefix()
    JSONWriter.appendNumber(value, to: &storage)
  }

  /// Writes a whole number.
  @inlinable public mutating func integer(_ value: Int) {
    prefix()
    JSONWriter.appendInteger(value, to: &storage)
  }

  /// Writes a string, escaped.
  @inlinable public mutating func string(_ value: String) {
    prefix()
    writeQuoted(value)
  }

  /// Writes `true` or `false`.
  @inlinable public mutating func bool(_ value: Bool) {
    prefix()
    storage.append(contentsOf: value ? Array("true".utf8) : Array("false".utf8))
  }

  /// Writes `null`.
  @inlinable public mutating func null() {
    prefix()
    storage.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
  }

  /// Writes a whole ``JSONValue`` (object members sorted canonically).
  @inlinable public mutating func value(_ value: JSONValue) {
    switch value {
    case .null: null()
    case .bool(let flag): bool(flag)
    case .number(let number): self.number(number)
    case .string(let text): string(text)
    case .array(let elements):
      beginArray()
      for element in elements { self.value(element) }
      endArray()
    case .object(let members):
      beginObject()
      for member in JSONWriter.sortedMembers(members) {
        key(member.key)
        self.value(member.value)
      }
      endObject()
    }
  }

  @inlinable mutating func open() {
    depth += 1
    setHasElement(false)
  }

  @inlinable func hasElement() -> Bool {
    depth <= 64 ? hasElementBits & (1 << UInt64(depth - 1)) != 0 : deeperHasElements[depth - 65]
  }

  @inlinable mutating func setHasElement(_ flag: Bool) {
    if depth <= 64 {
      let bit: UInt64 = 1 << UInt64(depth - 1)
      hasElementBits = flag ? hasElementBits | bit : hasElementBits & ~bit
    } else if depth - 65 < deeperHasElements.count {
      deeperHasElements[depth - 65] = flag
    } else {
      deeperHasElements.append(flag)
    }
  }

  @inlinable mutating func prefix() {
    makeUnique()
    if afterKey {
      afterKey = false
      return
    }
    guard depth > 0 else { return }
    if hasElement() {
      storage.append(UInt8(ascii: ","))
    } else {
      setHasElement(true)
    }
    newline(depth: depth)
  }

  @inlinable mutating func close(_ bracket: UInt8) {
    makeUnique()
    let hadElements = hasElement()
    if depth > 64 { deeperHasElements.removeLast() }
    depth -= 1
    if hadElements { newline(depth: depth) }
    storage.append(bracket)
  }

  /// A newline and two spaces per level.
  @usableFromInline static let indentation: [UInt8] = [0x0A] + Array(repeating: 0x20, count: 128)

  @inlinable mutating func newline(depth: Int) {
    guard style == .pretty else { return }
    if depth <= 64 {
      Self.indentation.withUnsafeBufferPointer {
        storage.append(contentsOf: UnsafeBufferPointer(rebasing: $0[0..<(1 + 2 * depth)]))
      }
    } else {
      storage.append(0x0A)
      storage.append(contentsOf: repeatElement(0x20, count: 2 * depth))
    }
  }

  @inlinable mutating func writeQuoted(_ text: String) {
    let done: Void? = text.utf8.withContiguousStorageIfAvailable {
      JSONWriter.appendQuoted($0, to: &storage)
    }
    if done == nil {
      var copy = text
      copy.withUTF8 { JSONWriter.appendQuoted($0, to: &storage) }
    }
  }
}

extension JSONWriter {
  /// Appends `"text"` escaped (``quoted(_:)``'s rules) to `output`. Works on the UTF-8 bytes:
  /// the bytes of a multi-byte character are never below 0x80, so only ASCII needs escaping.
  @usableFromInline static func appendQuoted(
    _ text: UnsafeBufferPointer<UInt8>, to output: inout ByteStorage
  ) {
    output.append(UInt8(ascii: "\""))
    var start = 0
    for index in 0..<text.count {
      let byte = text[index]
      guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
        continue
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<index]))
      start = index + 1
      output.append(UInt8(ascii: "\\"))
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
      case 0x08: output.append(UInt8(ascii: "b"))
      case 0x0C: output.append(UInt8(ascii: "f"))
      case 0x0A: output.append(UInt8(ascii: "n"))
      case 0x0D: output.append(UInt8(ascii: "r"))
      case 0x09: output.append(UInt8(ascii: "t"))
      default:
        let hex = Array("0123456789abcdef".utf8)
        output.append(contentsOf: [
          UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)],
          hex[Int(byte & 0x0F)],
        ])
      }
    }
    output.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<text.count]))
    output.append(UInt8(ascii: "\""))
  }

  /// Appends the decimal digits of `value` (with `-` when negative).
  @inlinable static func appendInteger(_ value: Int, to output: inout ByteStorage) {
    if value < 0 { output.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var digits: (UInt64, UInt64) = (0, 0)
    var count = 0
    withUnsafeMutableBytes(of: &digits) { buffer in
      repeat {
        buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
        count += 1
      } while magnitude > 0
      while count > 0 {
        count -= 1
        output.append(buffer[count])
      }
    }
  }

  /// Appends ``number(_:)``'s text of `value` to `output`. Whole numbers below 2^53 take a
  /// digit loop; every other value goes through Swift's shortest round-tripping `description`
  /// laid out as ECMAScript does.
  @usableFromInline static func appendNumber(_ value: Double, to output: inout ByteStorage) {
    precondition(value.isFinite, "JSONWriter: non-finite number \(value) has no JSON form")
    if value == 0 {
      output.append(UInt8(ascii: "0"))
      return
    }
    if value.magnitude < 9_007_199_254_740_992, value == value.rounded(.towardZero) {
      appendInteger(Int(value), to: &output)
      return
    }
    var text = value.magnitude.description
    text.withUTF8 { layOut(description: $0, negative: value < 0, to: &output) }
  }

  /// Lays out Swift's `description` of a positive double (`123.0`, `0.001`, `1e-05`,
  /// `1.2345678901234568e+17`) in ECMAScript `Number::toString` form.
  private static func layOut(
    description text: UnsafeBufferPointer<UInt8>, negative: Bool, to output: inout ByteStorage
  ) {
    // Digits without the point, and the exponent n with value = 0.d1 d2 ... dk × 10^n.
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
    withUnsafeMutableBytes(of: &digits) { digitBuffer in
      var count = 0
      var integerCount = 0
      var seenPoint = false
      var exponent = 0
      var index = 0
      while index < text.count {
        let byte = text[index]
        if byte == UInt8(ascii: ".") {
          seenPoint = true
        } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
          var sign = 1
          index += 1
          if index < text.count,
            text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+")
          {
            sign = text[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
          }
          while index < text.count {
            exponent = exponent * 10 + Int(text[index] - UInt8(ascii: "0"))
            index += 1
          }
          exponent *= sign
          break
        } else if count < 24 {
          digitBuffer[count] = byte
          count += 1
          if !seenPoint { integerCount += 1 }
        }
        index += 1
      }
      var n = integerCount + exponent
      var first = 0
      while first < count, digitBuffer[first] == UInt8(ascii: "0") {
        first += 1
        n -= 1
      }
      while count > first, digitBuffer[count - 1] == UInt8(ascii: "0") { count -= 1 }
      let k = count - first
      func digit(_ i: Int) -> UInt8 { digitBuffer[first + i] }
      if negative { output.append(UInt8(ascii: "-")) }
      if k <= n && n <= 21 {
        for i in 0..<k { output.append(digit(i)) }
        for _ in 0..<(n - k) { output.append(UInt8(ascii: "0")) }
      } else if 0 < n && n <= 21 {
        for i in 0..<n { output.append(digit(i)) }
        output.append(UInt8(ascii: "."))
        for i in n..<k { output.append(digit(i)) }
      } else if -6 < n && n <= 0 {
        output.append(UInt8(ascii: "0"))
        output.append(UInt8(ascii: "."))
        for _ in 0..<(-n) { output.append(UInt8(ascii: "0")) }
        for i in 0..<k { output.append(digit(i)) }
      } else {
        let e = n - 1
        output.append(digit(0))
        if k > 1 {
          output.append(UInt8(ascii: "."))
          for i in 1..<k { output.append(digit(i)) }
        }
        output.append(UInt8(ascii: "e"))
        output.append(e >= 0 ? UInt8(ascii: "+") : UInt8(ascii: "-"))
        appendInteger(Int(e.magnitude), to: &output)
      }
    }
  }
}
