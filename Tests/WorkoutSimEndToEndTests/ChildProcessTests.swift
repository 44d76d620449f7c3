import Foundation
import Testing
import WorkoutSimTestSupport

/// The test support's own child-process runner and folder watch (threads of their own with
/// `poll(2)`, no Dispatch I/O; docs/development.md says why): every byte of both pipes, the exit,
/// cancellation, and a watch that ends.
@Suite(.timeLimit(.minutes(1))) struct ChildProcessTests {
  /// A `/bin/sh -c script` process reading nothing.
  private func shell(_ script: String) -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script]
    process.standardInput = FileHandle.nullDevice
    return process
  }

  @Test func bothPipesAreReadWholeWhileTheChildWrites() async throws {
    // Standard error gets more than a pipe holds (64 KiB on Linux) before standard output gets
    // a byte: a reader taking one pipe to its end before the other would wait forever.
    let process = shell("head -c 150000 /dev/zero >&2; head -c 200000 /dev/zero; printf x; exit 3")
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    let ended = try await ChildProcess.run(process, reading: output, error)
    #expect(ended.reason == .exit)
    #expect(ended.status == 3)
    // 200,000 zero bytes then "x": 200,001 bytes; standard error: 150,000 zero bytes.
    #expect(ended.standardOutput.count == 200_001)
    #expect(ended.standardOutput.last == UInt8(ascii: "x"))
    #expect(ended.standardOutput.dropLast().allSatisfy { $0 == 0 })
    #expect(ended.standardError.count == 150_000)
  }

  @Test func aChildWithoutPipesGivesItsStatus() async throws {
    let process = shell("exit 7")
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    let ended = try await ChildProcess.run(process)
    #expect(ended.reason == .exit)
    #expect(ended.status == 7)
    #expect(ended.standardOutput.isEmpty && ended.standardError.isEmpty)
  }

  @Test func cancellingTheWaitSendsTheChildSIGTERM() async throws {
    // The child unblocks SIGTERM: started from Swift's pool on Linux it inherits the Dispatch
    // worker's mask with SIGTERM blocked (ChildProcess.run says why). A SIGTERM that comes
    // before the unblocking stays pending and is delivered by it, so there is no race.
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", "-c",
      "import signal, time\n"
        + "signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM])\n"
        + "time.sleep(30)\n",
    ]
    process.standardInput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    let output = Pipe()
    process.standardOutput = output
    let child = Task { try await ChildProcess.run(process, reading: output) }
    child.cancel()
    let ended = try await child.value
    // Ended by SIGTERM (15), well before the 30 s sleep (the suite's time limit is a minute).
    #expect(ended.reason == .uncaughtSignal)
    #expect(ended.status == SIGTERM)
  }

  @Test func aWatchSeesANewEntryAndEndsAtStop() async throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let watch = try FolderWatch(folder)
    var changes = watch.changes.makeAsyncIterator()
    #expect(FileManager.default.createFile(atPath: folder + "/made", contents: Data()))
    #expect(await changes.next() != nil)
    watch.stop()
    // At most the one change still buffered, then the end.
    var left = 0
    while await changes.next() != nil { left += 1 }
    #expect(left <= 1)
  }
}
