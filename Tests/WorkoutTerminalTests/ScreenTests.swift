import Testing
import WorkoutTerminal

#if canImport(Glibc)
  import Glibc
#endif

private let esc = "\u{1B}["

@Suite struct ANSIScreenTests {
  @Test func firstFrameDrawsEveryRow() {
    var screen = ANSIScreen()
    let output = screen.update([ScreenLine("ab"), ScreenLine("c")])
    #expect(output == esc + "1;1Hab" + esc + "K" + esc + "2;1Hc" + esc + "K")
  }

  @Test func onlyChangedRowsAreRedrawn() {
    var screen = ANSIScreen()
    _ = screen.update([ScreenLine("one"), ScreenLine("two"), ScreenLine("three")])
    let output = screen.update([ScreenLine("one"), ScreenLine("2"), ScreenLine("three")])
    #expect(output == esc + "2;1H2" + esc + "K")
    #expect(screen.update([ScreenLine("one"), ScreenLine("2"), ScreenLine("three")]) == "")
  }

  @Test func removedRowsAreErased() {
    var screen = ANSIScreen()
    _ = screen.update([ScreenLine("a"), ScreenLine("b"), ScreenLine("c")])
    #expect(screen.update([ScreenLine("a")]) == esc + "2;1H" + esc + "K" + esc + "3;1H" + esc + "K")
  }

  @Test func invalidateRedrawsAll() {
    var screen = ANSIScreen()
    _ = screen.update([ScreenLine("a")])
    #expect(screen.invalidate() == esc + "2J")
    #expect(screen.update([ScreenLine("a")]) == esc + "1;1Ha" + esc + "K")
  }

  @Test func spansBecomeGraphicRendition() {
    var screen = ANSIScreen()
    let line = ScreenLine(
      "HR 152 bpm",
      spans: [
        ScreenSpan(column: 3, length: 3, attributes: ScreenAttributes(bold: true, color: .red))
      ])
    #expect(
      screen.update([line])
        == esc + "1;1HHR " + esc + "0;1;31m152" + esc + "0m bpm" + esc + "K")
  }

  @Test func colourOffKeepsBoldAndDim() {
    var screen = ANSIScreen(color: false)
    let line = ScreenLine(
      "ab",
      spans: [
        ScreenSpan(column: 0, length: 1, attributes: ScreenAttributes(dim: true, color: .green)),
        ScreenSpan(column: 1, length: 1, attributes: ScreenAttributes(color: .green)),
      ])
    #expect(screen.update([line]) == esc + "1;1H" + esc + "0;2ma" + esc + "0mb" + esc + "K")
  }

  @Test func spansOutsideTheTextAreClipped() {
    var screen = ANSIScreen()
    let line = ScreenLine(
      "abc", spans: [ScreenSpan(column: 2, length: 10, attributes: ScreenAttributes(bold: true))])
    #expect(screen.update([line]) == esc + "1;1Hab" + esc + "0;1mc" + esc + "0m" + esc + "K")
  }

  @Test func beginAndEnd() {
    let screen = ANSIScreen()
    #expect(screen.begin() == esc + "?1049h" + esc + "?25l" + esc + "2J")
    #expect(screen.end() == esc + "0m" + esc + "?25h" + esc + "?1049l")
  }
}

@Suite struct PlainScreenTests {
  @Test func printsOnlyChanges() {
    var screen = PlainScreen()
    #expect(screen.update("running 0:01") == "running 0:01\n")
    #expect(screen.update("running 0:01") == "")
    #expect(screen.update("paused 0:01") == "paused 0:01\n")
    #expect(screen.update("running 0:01") == "running 0:01\n")
  }

  @Test func noEscapesGetThrough() {
    var screen = PlainScreen()
    #expect(screen.update("a\u{1B}[2Jb\rc") == "a [2Jb c\n")
  }

  @Test func wholeFrameAsText() {
    let lines = [
      ScreenLine("one", spans: [ScreenSpan(column: 0, length: 3, attributes: .init(bold: true))]),
      ScreenLine(""),
    ]
    #expect(PlainScreen.text(of: lines) == "one\n\n")
  }
}

@Suite struct TerminalSizeTests {
  @Test func ioctlFirst() {
    #expect(
      TerminalSize.resolve(ioctl: (100, 40), columns: "60", lines: "20")
        == TerminalSize(columns: 100, rows: 40))
  }

  @Test func environmentWhenIoctlFailsOrIsZero() {
    #expect(
      TerminalSize.resolve(ioctl: nil, columns: "60", lines: "20")
        == TerminalSize(columns: 60, rows: 20))
    #expect(
      TerminalSize.resolve(ioctl: (0, 0), columns: " 72 ", lines: nil)
        == TerminalSize(columns: 72, rows: 24))
  }

  @Test func fallback() {
    #expect(
      TerminalSize.resolve(ioctl: nil, columns: "wide", lines: "-3")
        == TerminalSize(columns: 80, rows: 24))
  }
}

@Suite struct SignalTests {
  @Test func exitCodes() {
    #expect(TerminalSignal.interrupt.exitCode == 130)
    #expect(TerminalSignal.terminate.exitCode == 143)
    #expect(TerminalSignal.hangup.exitCode == 129)
    #expect(TerminalSignal.windowChange.exitCode == nil)
  }

  @Test func windowChangeArrivesOnTheStream() async {
    let stream = SignalStream([.windowChange])
    #expect(kill(getpid(), TerminalSignal.windowChange.number) == 0)
    var iterator = stream.signals.makeAsyncIterator()
    let first = await iterator.next()
    #expect(first == .windowChange)
    stream.cancel()
    #expect(await iterator.next() == nil)
  }

  @Test func terminateIsCaughtNotFatal() async {
    let stream = SignalStream([.terminate])
    #expect(kill(getpid(), SIGTERM) == 0)
    var iterator = stream.signals.makeAsyncIterator()
    #expect(await iterator.next() == .terminate)
    stream.cancel()
  }
}
