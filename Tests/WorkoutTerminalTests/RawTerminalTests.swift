import Testing
import WorkoutTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// Opens a pseudo-terminal pair through `/dev/ptmx` (Linux: `posix_openpt` and friends are not
/// exported by the Glibc module, so unlock with `TIOCSPTLCK` and name with `TIOCGPTN`, whose
/// generic ioctl numbers are 0x40045431 and 0x80045430).
private func openPseudoTerminal() -> (controller: Int32, terminal: Int32)? {
  let controller = open("/dev/ptmx", O_RDWR | O_NOCTTY)
  guard controller >= 0 else { return nil }
  var unlock: Int32 = 0
  var number: UInt32 = 0
  guard ioctl(controller, UInt(0x4004_5431), &unlock) == 0,
    ioctl(controller, UInt(0x8004_5430), &number) == 0
  else {
    close(controller)
    return nil
  }
  let terminal = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
  guard terminal >= 0 else {
    close(controller)
    return nil
  }
  return (controller, terminal)
}

@Suite(.serialized) struct RawTerminalTests {
  @Test func rawModeIsEnteredAndRestored() throws {
    let pair = try #require(openPseudoTerminal())
    defer {
      close(pair.terminal)
      close(pair.controller)
    }
    var before = termios()
    #expect(tcgetattr(pair.terminal, &before) == 0)
    #expect(before.c_lflag & tcflag_t(ICANON) != 0)

    let inside: termios = try RawTerminal.withRawMode(pair.terminal) {
      #expect(RawTerminal.isRaw)
      var raw = termios()
      _ = tcgetattr(pair.terminal, &raw)
      return raw
    }
    // cfmakeraw cleared ICANON, ECHO and ISIG; OPOST came back on.
    #expect(inside.c_lflag & tcflag_t(ICANON | ECHO | ISIG) == 0)
    #expect(inside.c_oflag & tcflag_t(OPOST) != 0)
    let vmin = withUnsafeBytes(of: inside.c_cc) { $0[Int(VMIN)] }
    let vtime = withUnsafeBytes(of: inside.c_cc) { $0[Int(VTIME)] }
    #expect(vmin == 1)
    #expect(vtime == 0)

    var after = termios()
    _ = tcgetattr(pair.terminal, &after)
    #expect(!RawTerminal.isRaw)
    #expect(after.c_lflag == before.c_lflag)
    #expect(after.c_iflag == before.c_iflag)
    #expect(after.c_oflag == before.c_oflag)
  }

  @Test func restoredWhenTheBodyThrows() throws {
    struct Boom: Error {}
    let pair = try #require(openPseudoTerminal())
    defer {
      close(pair.terminal)
      close(pair.controller)
    }
    #expect(throws: Boom.self) {
      try RawTerminal.withRawMode(pair.terminal) { throw Boom() }
    }
    var after = termios()
    _ = tcgetattr(pair.terminal, &after)
    #expect(after.c_lflag & tcflag_t(ICANON) != 0)
  }

  @Test func notATerminal() throws {
    var fds: [Int32] = [0, 0]
    #expect(pipe(&fds) == 0)
    defer {
      close(fds[0])
      close(fds[1])
    }
    #expect(throws: TerminalError(call: "isatty", errno: ENOTTY)) {
      try RawTerminal.withRawMode(fds[0]) {}
    }
  }

  @Test func errorDescriptionNamesCallAndErrno() {
    let error = TerminalError(call: "tcsetattr", errno: ENOTTY)
    #expect(error.description.hasPrefix("tcsetattr: "))
    #expect(error.description.hasSuffix("(errno \(ENOTTY))"))
  }
}
