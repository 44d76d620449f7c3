import Foundation
import Testing
import WorkoutSimTestSupport
import WorkoutTerminal

@Suite struct TemporaryFilesTests {
  /// `create` makes the file and registers it under the name `mkstemp` chose (the template's
  /// six `X`s replaced); `unregister` takes it off the list; the file itself is the caller's.
  @Test func createRegistersTheFileUnderItsRealName() throws {
    let folder = try makeTemporaryFolder(prefix: "workout-sim-temporary")
    let template = folder + "/.out.fit.tmp-XXXXXX"
    let created = try #require(TemporaryFiles.create(template: template))
    defer { close(created.descriptor) }
    #expect(created.path.count == template.count)
    #expect(created.path.hasPrefix(folder + "/.out.fit.tmp-"))
    #expect(!created.path.hasSuffix("XXXXXX"))
    #expect(FileManager.default.fileExists(atPath: created.path))
    #expect(TemporaryFiles.registered.contains(created.path))
    TemporaryFiles.unregister(created.path)
    #expect(!TemporaryFiles.registered.contains(created.path))
    #expect(FileManager.default.fileExists(atPath: created.path))
  }

  /// A template in a missing folder: no file, nothing left registered, `errno` ENOENT.
  @Test func aFailedCreateLeavesNothingRegistered() {
    let template = "/nonexistent-workout-sim-folder/.x.tmp-XXXXXX"
    let created = TemporaryFiles.create(template: template)
    let code = errno
    #expect(created == nil)
    #expect(code == ENOENT)
    #expect(!TemporaryFiles.registered.contains(template))
  }
}
