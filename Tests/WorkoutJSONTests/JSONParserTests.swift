import Testing
import WorkoutJSON

/// Parses `text`, expecting a syntax error; returns it (or records a failure).
private func syntaxError(_ text: String) -> JSONSyntaxError? {
  do {
    let value = try JSONParser.parse(text)
    Issue.record("expected a syntax error, parsed \(value)")
    return nil
  } catch {
    return error
  }
}

@Suite("JSONParser")
struct JSONParserTests {
  @Test("parses every kind of value, keeping member order")
  func parsesValues() throws {
    let value = try JSONParser.parse(
      #"{"b": [1, -2.5, 3e2, 0, -0.0, 1E-2], "a": {"t": true, "f": false, "n": null}, "s": "x"}"#)
    guard case .object(let members) = value else {
      Issue.record("not an object: \(value)")
      return
    }
    #expect(members.map(\.key) == ["b", "a", "s"])
    #expect(
      value["b"]
        == .array([.number(1), .number(-2.5), .number(300), .number(0), .number(0), .number(0.01)])
    )
    #expect(value["a"] == .object([("t", .bool(true)), ("f", .bool(false)), ("n", .null)]))
    #expect(value["s"] == .string("x"))
  }

  @Test("parses scalars at the top level and surrounding whitespace")
  func topLevelScalars() throws {
    #expect(try JSONParser.parse(" \t\r\n 42 \n") == .number(42))
    #expect(try JSONParser.parse("\"a\"") == .string("a"))
    #expect(try JSONParser.parse("[]") == .array([]))
    #expect(try JSONParser.parse("{}") == .object([]))
    // A UTF-8 byte order mark is skipped (RFC 8259 §8.1).
    #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("null".utf8)) == .null)
  }

  @Test("decodes escapes and surrogate pairs")
  func escapes() throws {
    // \u00e9 is é; \ud83c\udfc3 is U+1F3C3 RUNNER: 0x10000 + (0x03C << 10) + 0x3C3 = 0x1F3C3.
    let value = try JSONParser.parse(#""\"\\\/\b\f\n\r\t\u0041\u00e9\ud83c\udfc3""#)
    #expect(value == .string("\"\\/\u{8}\u{C}\n\r\tA\u{E9}\u{1F3C3}"))
    #expect(try JSONParser.parse("\"Zürich\"") == .string("Zürich"))
  }

  @Test("rejects a duplicate key, naming it and its object")
  func duplicateKeys() {
    // Line 3: `  "seed": 2` — the second "seed" starts at column 3.
    let error = syntaxError("{\n  \"seed\": 1,\n  \"seed\": 2\n}")
    #expect(error?.message == #"duplicate key "seed" in the top-level object"#)
    #expect(error?.line == 3)
    #expect(error?.column == 3)
    #expect(error?.description == #"3:3: duplicate key "seed" in the top-level object"#)

    let nested = syntaxError(#"{"timeline": [{"at": 0}, {"at": 1, "do": "x", "at": 2}]}"#)
    // The second "at" of timeline[1] starts at byte offset 46 (0-based): column 47.
    #expect(nested?.message == #"duplicate key "at" in object timeline[1]"#)
    #expect(nested?.line == 1)
    #expect(nested?.column == 47)
  }

  @Test("rejects trailing commas at the comma")
  func trailingCommas() {
    let object = syntaxError("{\"a\": 1,\n}")
    #expect(object?.message == "trailing comma before '}' in the top-level object")
    #expect(object?.line == 1)
    #expect(object?.column == 8)

    let array = syntaxError("{\"course\": [1, 2, ]}")
    #expect(array?.message == "trailing comma before ']' in array course")
    #expect(array?.column == 17)
  }

  @Test(
    "rejects non-JSON numbers and tokens",
    arguments: [
      ("01", "leading zeros are not allowed in numbers", 1),
      ("-01", "leading zeros are not allowed in numbers", 1),
      ("-", "expected a digit after '-'", 2),
      ("1.", "expected a digit after '.' in a number", 3),
      ("1e", "expected a digit in the exponent of a number", 3),
      ("1e+", "expected a digit in the exponent of a number", 4),
      (".5", "a number must start with a digit or '-' (no '+', no leading '.')", 1),
      ("+1", "a number must start with a digit or '-' (no '+', no leading '.')", 1),
      ("NaN", "NaN and Infinity are not JSON numbers", 1),
      ("-Infinity", "NaN and Infinity are not JSON numbers", 1),
      ("1e400", "the number 1e400 is too large", 1),
      ("// note\n1", "comments are not allowed in JSON", 1),
      ("'a'", "strings must be in double quotes", 1),
      ("tru", "unexpected character 't' (expected a JSON value)", 1),
      ("nullx", "unexpected character 'n' (expected a JSON value)", 1),
      ("", "the input is empty (expected a JSON value)", 1),
      ("1 2", "unexpected character '2' after the JSON value (expected the end of the input)", 3),
      ("{} x", "unexpected character 'x' after the JSON value (expected the end of the input)", 4),
    ])
  func invalidTokens(text: String, message: String, column: Int) {
    let error = syntaxError(text)
    #expect(error?.message == message)
    #expect(error?.line == 1)
    #expect(error?.column == column)
  }

  @Test(
    "rejects bad strings",
    arguments: [
      (
        "\"a\u{9}b\"",
        "control character U+0009 in string (write it as an escape such as \\n or \\u0009)", 3
      ),
      (
        #""\x""#, #"invalid escape \x in string (expected one of \" \\ \/ \b \f \n \r \t \uXXXX)"#,
        2
      ),
      (#""\u12""#, "a \\u escape needs four hexadecimal digits", 6),
      (
        #""\ud800""#,
        "unpaired surrogate \\uD800 (a high surrogate must be followed by a \\u low surrogate)", 2
      ),
      (
        #""\ud800\u0041""#,
        "unpaired surrogate \\uD800 (followed by \\u0041, not a low surrogate)", 2
      ),
      (#""\udc00""#, "unpaired surrogate \\uDC00 (a low surrogate without a high one)", 2),
      ("\"abc", "unterminated string (expected a closing '\"')", 1),
    ])
  func invalidStrings(text: String, message: String, column: Int) {
    let error = syntaxError(text)
    #expect(error?.message == message)
    #expect(error?.column == column)
  }

  @Test("rejects invalid UTF-8")
  func invalidUTF8() {
    #expect(throws: JSONSyntaxError.self) { try JSONParser.parse([0x22, 0xC3, 0x28, 0x22]) }
    do {
      _ = try JSONParser.parse([0x22, 0xFF, 0x22])
      Issue.record("expected an error")
    } catch {
      #expect(error.message == "invalid UTF-8 in string")
      #expect(error.byteOffset == 0)
    }
  }

  @Test("rejects structural errors with their position")
  func structure() {
    let missingColon = syntaxError("{\"a\" 1}")
    #expect(missingColon?.message == #"unexpected character '1' after key "a" (expected ':')"#)
    #expect(missingColon?.column == 6)

    let missingComma = syntaxError("[1\n 2]")
    #expect(
      missingComma?.message
        == "unexpected character '2' in the top-level array (expected ',' or ']')")
    #expect(missingComma?.line == 2)
    #expect(missingComma?.column == 2)

    let unquotedKey = syntaxError("{a: 1}")
    #expect(
      unquotedKey?.message
        == "unexpected character 'a' in the top-level object (expected a key in double quotes)")

    let unclosed = syntaxError("{\"a\": [1, 2")
    #expect(unclosed?.message == "unexpected end of input in array a (expected ',' or ']')")
    #expect(unclosed?.column == 12)

    let leadingComma = syntaxError("[,1]")
    #expect(
      leadingComma?.message == "unexpected ',' in the top-level array (expected a JSON value)")
  }

  @Test("limits nesting depth")
  func depth() throws {
    let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
    #expect(throws: Never.self) { try JSONParser.parse(deepest) }
    let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
    let error = syntaxError(tooDeep)
    #expect(error?.message == "arrays and objects are nested deeper than 512 levels")
    #expect(error?.column == 513)
  }

  @Test("counts columns in characters and lines at LF, CRLF and CR")
  func lineAndColumn() {
    // "é" is two bytes but one character: in `{"é": 1,}` the comma is the 8th character but
    // sits at byte offset 8 (0-based), one past its character offset 7.
    let accented = syntaxError("{\"é\": 1,}")
    #expect(accented?.byteOffset == 8)
    #expect(accented?.column == 8)

    let crlf = syntaxError("{\r\n\"a\": 1,\r\n\"a\": 2}")
    #expect(crlf?.line == 3)
    #expect(crlf?.column == 1)

    let bytes = Array("a\rb\r\nc".utf8)
    // Offsets: a=0 \r=1 b=2 \r=3 \n=4 c=5.
    #expect(JSONParser.lineAndColumn(ofByteOffset: 2, in: bytes) == (2, 1))
    #expect(JSONParser.lineAndColumn(ofByteOffset: 5, in: bytes) == (3, 1))
    #expect(JSONParser.lineAndColumn(ofByteOffset: 0, in: bytes) == (1, 1))
  }

  @Test("writes paths as in messages")
  func paths() {
    #expect(JSONPath.root.description == "")
    #expect(
      JSONPath.root.appending(key: "timeline").appending(index: 3).appending(key: "at").description
        == "timeline[3].at")
    #expect(JSONPath([.index(0), .key("a")]).description == "[0].a")
    #expect(
      JSONPath([.key("sensors"), .key("heart rate")]).description == #"sensors["heart rate"]"#)
    #expect(JSONPath([.key("x-note"), .key("$schema")]).description == "x-note.$schema")
    #expect(JSONPath.quoted("a\"b\u{1}") == #""a\"b\u0001""#)
  }
}
