import Testing
import WorkoutJSON

@Suite struct JSONWriterTests {
  @Test(arguments: [
    // Whole numbers: no fraction, plain digits below 1e21.
    (0.0, "0"),
    (-0.0, "0"),
    (1.0, "1"),
    (-3.0, "-3"),
    (747.0, "747"),
    (1931.0, "1931"),
    (1e15, "1000000000000000"),
    (1e16, "10000000000000000"),
    (1e20, "100000000000000000000"),
    // 2^53 + 2 = 9007199254740994 is exactly representable.
    (9_007_199_254_740_994.0, "9007199254740994"),
    // 1.2345678901234568e17: 17 shortest digits, point after 18 digits -> one zero appended.
    (123_456_789_012_345_680.0, "123456789012345680"),
    // 1e21 and above: exponent form with an explicit sign, as ECMAScript writes it.
    (1e21, "1e+21"),
    (1.5e300, "1.5e+300"),
    // Fractions: shortest round-tripping digits, '.' separator.
    (98.4, "98.4"),
    (0.1, "0.1"),
    (-0.5, "-0.5"),
    (147.9, "147.9"),
    (0.1 + 0.2, "0.30000000000000004"),
    (1e-6, "0.000001"),
    (1.25e-5, "0.0000125"),
    // Below 1e-6: exponent form.
    (1e-7, "1e-7"),
    (-1.5e-7, "-1.5e-7"),
    (Double.leastNonzeroMagnitude, "5e-324"),
    (Double.greatestFiniteMagnitude, "1.7976931348623157e+308"),
  ])
  func numbers(value: Double, expected: String) {
    #expect(JSONWriter.number(value) == expected)
  }

  @Test func stringsEscapeQuotesBackslashesAndControlCharacters() {
    #expect(JSONWriter.quoted("a/b") == #""a/b""#)
    #expect(JSONWriter.quoted("say \"hi\"\\") == #""say \"hi\"\\""#)
    #expect(JSONWriter.quoted("\u{08}\u{0C}\n\r\t") == #""\b\f\n\r\t""#)
    #expect(JSONWriter.quoted("\u{00}\u{01}\u{1F}") == #""\u0000\u0001\u001f""#)
    // DEL, non-ASCII and line separators are written as they are.
    #expect(JSONWriter.quoted("\u{7F}é😀\u{2028}") == "\"\u{7F}é😀\u{2028}\"")
  }

  @Test func keysSortByUTF8Bytes() {
    let value = JSONValue.object([
      (key: "é", value: .number(7)),
      (key: "a2", value: .number(2)),
      (key: "b", value: .number(4)),
      (key: "a10", value: .number(1)),
      (key: "B", value: .number(3)),
      (key: "e\u{301}", value: .number(5)),
      (key: "f", value: .number(6)),
    ])
    // 'B' 0x42 < 'a' 0x61; "a10" < "a2" ('1' < '2'); "e\u{301}" (65 CC 81) < "f" (66) < "é" (C3 A9).
    #expect(
      JSONWriter.encode(value, style: .compact)
        == #"{"B":3,"a10":1,"a2":2,"b":4,"e\#u{301}":5,"f":6,"é":7}"#)
  }

  @Test func prettyLayoutMatchesFoundation() {
    let value = JSONValue.object([
      (key: "version", value: .number(1)),
      (key: "errors", value: .array([])),
      (key: "metadata", value: .object([])),
      (
        key: "probes",
        value: .array([
          .object([(key: "state", value: .string("running")), (key: "at", value: .number(720))]),
          .null,
        ])
      ),
      (key: "flags", value: .array([.bool(true), .bool(false)])),
    ])
    let expected = """
      {
        "errors" : [],
        "flags" : [
          true,
          false
        ],
        "metadata" : {},
        "probes" : [
          {
            "at" : 720,
            "state" : "running"
          },
          null
        ],
        "version" : 1
      }
      """
    #expect(JSONWriter.encode(value) == expected)
  }

  @Test func scalarsAtTopLevel() {
    #expect(JSONWriter.encode(.null) == "null")
    #expect(JSONWriter.encode(.string("x")) == #""x""#)
    #expect(JSONWriter.encode(.array([]), style: .compact) == "[]")
    #expect(
      JSONWriter.encode(.array([.number(1), .array([.number(-0.0)])]), style: .compact)
        == "[1,[0]]")
  }
}
