import Testing
import WorkoutCore
import WorkoutSystem

/// The phone's tag on a log entry (issue 28) costs no memory: `device` (one byte) sits in the
/// padding after `session`, so the log of a long run (scripts/bench-output.sh's peak memory) is
/// no larger.
@Suite struct LogEntryLayoutTests {
  @Test func theDeviceTagSitsInSessionsPadding() throws {
    // `at` is an Int64 (bytes 0–7); `session`, an Int? (8 bytes and a tag byte), bytes 8–16;
    // `device`, a two-case enum (one byte), byte 17; `kind` starts at the next multiple of 8,
    // 24, where it started before `device` was declared.
    #expect(MemoryLayout<LogEntry>.offset(of: \.session) == 8)
    #expect(MemoryLayout<LogEntry>.offset(of: \.device) == 17)
    #expect(MemoryLayout<LogEntry>.offset(of: \.kind) == 24)
  }
}
