import Testing
import WorkoutTerminal

private func decode(_ bytes: [UInt8]) -> [KeyEvent] {
  var decoder = KeyDecoder()
  return decoder.feed(contentsOf: bytes)
}

@Suite struct KeyDecoderTests {
  @Test func arrowsAsCSIAndSS3() {
    // ESC [ A/B/C/D and ESC O A/B/C/D.
    #expect(
      decode([27, 91, 65, 27, 91, 66, 27, 91, 67, 27, 91, 68]) == [.up, .down, .right, .left])
    #expect(
      decode([27, 79, 65, 27, 79, 66, 27, 79, 67, 27, 79, 68]) == [.up, .down, .right, .left])
  }

  @Test func arrowWithModifierParameters() {
    // Ctrl-Up in xterm: ESC [ 1 ; 5 A.
    #expect(decode([27, 91, 49, 59, 53, 65]) == [.up])
  }

  @Test func otherCSISequencesAreDropped() {
    // Insert (ESC [ 2 ~) then 'q'.
    #expect(decode([27, 91, 50, 126, 113]) == [.character("q")])
  }

  @Test func enterSpaceAndCharacters() {
    #expect(decode([13]) == [.enter])
    #expect(decode([10]) == [.enter])
    // CR LF is one press.
    #expect(decode([13, 10]) == [.enter])
    #expect(decode([13, 13]) == [.enter, .enter])
    #expect(decode([32, 115, 43, 46, 62, 63]) == [" ", "s", "+", ".", ">", "?"].map(key))
  }

  @Test func controlCIsAKey() {
    #expect(decode([3]) == [.interrupt])
    #expect(KeyEvent.interrupt == .control(3))
    #expect(KeyEvent.interrupt.name == "CTRL-C")
  }

  @Test func splitReadsAcrossFeeds() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(27) == [])
    #expect(decoder.hasPending)
    #expect(decoder.feed(91) == [])
    #expect(decoder.feed(66) == [.down])
    #expect(!decoder.hasPending)
    // A UTF-8 character (é = C3 A9) split in two.
    #expect(decoder.feed(0xC3) == [])
    #expect(decoder.feed(0xA9) == [.character("é")])
  }

  @Test func escapeAloneNeedsFlush() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(27) == [])
    #expect(decoder.flush() == [.escape])
    #expect(decoder.flush() == [])
  }

  @Test func escapeFollowedByOrdinaryByte() {
    // ESC q (Alt-q): escape, then q.
    #expect(decode([27, 113]) == [.escape, .character("q")])
    // ESC ESC [ A: the first is alone, then an arrow.
    #expect(decode([27, 27, 91, 65]) == [.escape, .up])
  }

  @Test func unfinishedSequenceFlushesAsTyped() {
    var decoder = KeyDecoder()
    _ = decoder.feed(contentsOf: [27, 91, 49])
    #expect(decoder.flush() == [.escape, .character("["), .character("1")])
    _ = decoder.feed(contentsOf: [27, 79])
    #expect(decoder.flush() == [.escape, .character("O")])
  }

  @Test func invalidUTF8IsDropped() {
    // A lone continuation byte, then a lead byte interrupted by 'a'.
    #expect(decode([0x80, 0xC3, 97]) == [.character("a")])
  }

  @Test func backspaceTabAndOtherControls() {
    #expect(decode([127, 8, 9, 1]) == [.backspace, .backspace, .tab, .control(1)])
  }

  @Test(arguments: [
    ("SPACE", KeyEvent.space), ("ENTER", .enter), ("UP", .up), ("DOWN", .down), ("LEFT", .left),
    ("RIGHT", .right), ("ESC", .escape), ("COMMA", .character(",")), ("AT", .character("@")),
    ("q", .character("q")), ("+", .character("+")), (">", .character(">")),
    ("CTRL-C", .control(3)),
  ])
  func namesMatchCLIKeys(name: String, key: KeyEvent) {
    #expect(KeyEvent(name: name) == key)
    #expect(key.name == name)
  }

  @Test func unknownNames() {
    #expect(KeyEvent(name: "PAGEUP") == nil)
    #expect(KeyEvent(name: "") == nil)
    #expect(KeyEvent(name: "ab") == nil)
  }
}

private func key(_ text: String) -> KeyEvent {
  text == " " ? .space : .character(Character(text))
}
