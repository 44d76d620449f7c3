import Testing
import WorkoutJSON

@Suite struct JSONBufferTests {
  @Test func prettyLayoutByHand() {
    var json = JSONBuffer()
    json.beginObject()
    json.key(ascii: "a")
    json.beginArray()
    json.integer(1)
    json.number(2.5)
    json.null()
    json.endArray()
    json.key("b\"")
    json.beginObject()
    json.endObject()
    json.key(ascii: "c")
    json.string("x\ny")
    json.endObject()
    // Two-space indentation, "key" : value, empty containers as {}; " and newline escaped.
    let expected =
      "{\n  \"a\" : [\n    1,\n    2.5,\n    null\n  ],\n  \"b\\\"\" : {},\n  \"c\" : \"x\\ny\"\n}"
    #expect(String(decoding: json.bytes, as: UTF8.self) == expected)
  }

  @Test func compactAndChunks() {
    var json = JSONBuffer(style: .compact)
    var chunks: [[UInt8]] = []
    json.beginArray()
    json.bool(true)
    chunks.append(json.takeBytes())
    json.bool(false)
    json.endArray()
    chunks.append(json.takeBytes())
    // The chunks together are the document: [true,false].
    #expect(chunks.map { String(decoding: $0, as: UTF8.self) } == ["[true", ",false]"])
  }

  @Test func deepNestingPastSixtyFourLevels() {
    // 70 nested arrays around one number, compact: 70 × "[" + "0" + 70 × "]".
    var value = JSONValue.number(0)
    for _ in 0..<70 { value = .array([value]) }
    let text = JSONWriter.encode(value, style: .compact)
    #expect(text == String(repeating: "[", count: 70) + "0" + String(repeating: "]", count: 70))
    // Pretty: the innermost number sits 70 levels deep, 140 spaces in.
    #expect(JSONWriter.encode(value).contains("\n" + String(repeating: " ", count: 140) + "0\n"))
  }

  @Test func numberForms() {
    // Whole numbers below 2^53 take the digit loop; the rest Swift's shortest digits laid out
    // as ECMAScript does.
    #expect(JSONWriter.number(9_007_199_254_740_991) == "9007199254740991")
    #expect(JSONWriter.number(-42) == "-42")
    #expect(JSONWriter.number(1e21) == "1e+21")
    // 2^60 = 1152921504606846976: shortest digits 1152921504606847, then zeros to 19 digits.
    #expect(JSONWriter.number(0x1p60) == "1152921504606847000")
    #expect(JSONWriter.number(0.000001) == "0.000001")
    #expect(JSONWriter.number(1.5e-7) == "1.5e-7")
    #expect(JSONWriter.number(-0.0) == "0")
  }

  @Test func copiesAreIndependent() {
    var first = JSONBuffer(style: .compact)
    first.beginArray()
    first.integer(1)
    var second = first
    second.integer(2)
    first.integer(3)
    first.endArray()
    second.endArray()
    // Each copy keeps its own bytes: [1,3] and [1,2].
    #expect(String(decoding: first.bytes, as: UTF8.self) == "[1,3]")
    #expect(String(decoding: second.bytes, as: UTF8.self) == "[1,2]")
  }

  @Test func growsPastItsFirstAllocation() {
    // 10 000 strings of 100 "a" in a compact array: 2 + 10 000 × 102 + 9 999 commas.
    var json = JSONBuffer(style: .compact)
    json.beginArray()
    let text = String(repeating: "a", count: 100)
    for _ in 0..<10_000 { json.string(text) }
    json.endArray()
    #expect(json.count == 2 + 10_000 * 102 + 9_999)
  }
}
