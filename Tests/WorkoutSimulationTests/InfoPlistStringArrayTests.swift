import Foundation
import Testing
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSimulation

/// `Scenario.infoPlistStringArray(_:fileName:)`: an array of strings of the app's Info.plist,
/// inline or from a `.plist` file (BackgroundTasks' `BGTaskSchedulerPermittedIdentifiers`).
@Suite struct InfoPlistStringArrayTests {
  let key = "BGTaskSchedulerPermittedIdentifiers"

  private func inline(_ members: String) throws -> Scenario {
    try decodeScenario(
      #"{ "version": 1, "app": { "infoPlist": { \#(members) } } }"#,
      fileName: "s.json")
  }

  @Test func inlineArraysAreReadAndMissingKeysAreNil() throws {
    let scenario = try inline(
      #""BGTaskSchedulerPermittedIdentifiers": ["com.example.refresh", "com.example.upload"], "UIBackgroundModes": []"#
    )
    #expect(
      try scenario.infoPlistStringArray(key) == ["com.example.refresh", "com.example.upload"])
    #expect(try scenario.infoPlistStringArray("UIBackgroundModes") == [])
    #expect(try scenario.infoPlistStringArray("NSHealthShareUsageDescription") == nil)
    // No app.infoPlist: the default Info.plist has no arrays.
    let none = try decodeScenario(#"{ "version": 1 }"#, fileName: "s.json")
    #expect(try none.infoPlistStringArray(key) == nil)
  }

  @Test func anInlineValueThatIsNotAnArrayOfStringsNamesItsPath() throws {
    // Decoded from memory (no sourceURL): messages name the scenario by its name, "s" from
    // "s.json", as the simulation does.
    let expected =
      "s: app.infoPlist.BGTaskSchedulerPermittedIdentifiers: the value is not an array of strings (expected an array such as [\"com.example.refresh\"])"
    for value in [#""com.example.refresh""#, #"["com.example.refresh", 1]"#, "true", "{}"] {
      let scenario = try inline(#""BGTaskSchedulerPermittedIdentifiers": \#(value)"#)
      #expect(throws: SimulationError.self) { try scenario.infoPlistStringArray(key) }
      do {
        _ = try scenario.infoPlistStringArray(key)
      } catch {
        #expect(error.description == expected)
        #expect(error.isUnopenableInput == false)
      }
    }
  }

  @Test func aPlistFileIsReadRelativeToTheScenarioWithTheKeysReadersErrors() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "plist-array-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    func write(
      _ object: Any, _ name: String, _ format: PropertyListSerialization.PropertyListFormat
    )
      throws
    {
      try PropertyListSerialization.data(fromPropertyList: object, format: format, options: 0)
        .write(to: folder.appendingPathComponent(name))
    }
    try write([key: ["com.example.refresh"], "Other": "x"], "Good.plist", .xml)
    try write([key: ["com.example.refresh"]], "Binary.plist", .binary)
    try write([key: "com.example.refresh"], "String.plist", .xml)
    try write([key: ["com.example.refresh", 3]], "Mixed.plist", .xml)
    try write(["Other": "x"], "Without.plist", .xml)
    try write([key], "Array.plist", .xml)
    try Data("not a plist <".utf8).write(to: folder.appendingPathComponent("Bad.plist"))
    let file = folder.appendingPathComponent("s.json")
    func scenario(_ plist: String) throws -> Scenario {
      try Data(#"{ "version": 1, "app": { "infoPlist": "\#(plist)" } }"#.utf8).write(to: file)
      return try Scenario.load(contentsOf: file)
    }
    #expect(try scenario("Good.plist").infoPlistStringArray(key) == ["com.example.refresh"])
    #expect(try scenario("Binary.plist").infoPlistStringArray(key) == ["com.example.refresh"])
    #expect(try scenario("Without.plist").infoPlistStringArray(key) == nil)
    // The keys reader's messages for a file that cannot be read or is not a dictionary, and the
    // array's own for a value of another kind.
    let dictionary = "(expected an XML or binary property list whose top level is a dictionary)"
    let cases: [(String, String, Bool)] = [
      ("Missing.plist", "cannot read file: no such file \(dictionary)", true),
      ("Bad.plist", "not a property list \(dictionary)", false),
      ("Array.plist", "the top level is an array, not a dictionary \(dictionary)", false),
      ("String.plist", "\(key) is not an array (expected an array of strings)", false),
      ("Mixed.plist", "\(key) item 1 is not a string (expected an array of strings)", false),
    ]
    for (name, reason, unopenable) in cases {
      let loaded = try scenario(name)
      do {
        _ = try loaded.infoPlistStringArray(key)
        Issue.record("\(name) was read")
      } catch {
        #expect(
          error.description == "\(file.path): app.infoPlist: \(folder.path)/\(name): \(reason)")
        #expect(error.isUnopenableInput == unopenable)
        // The keys reader says the same for the file errors.
        if !reason.hasPrefix(key) {
          #expect(throws: error) { try loaded.infoPlistFileKeys(fileName: file.path) }
        }
      }
    }
    // A display name given by the caller.
    let named = try scenario("String.plist")
    do {
      _ = try named.infoPlistStringArray(key, fileName: "Scenarios/s.json")
      Issue.record("String.plist was read")
    } catch {
      #expect(error.fileName == "Scenarios/s.json")
    }
  }

  @Test func preparingARunRefusesABadPermittedIdentifiersValue() throws {
    // `validate`, `run`, `check` and the Swift API prepare the run through SimulationSession:
    // a bad array is refused there, before any run, with the same message.
    let scenario = try inline(#""BGTaskSchedulerPermittedIdentifiers": "com.example.refresh""#)
    do {
      _ = try SimulationSession(scenario)
      Issue.record("a session was made")
    } catch {
      #expect(
        error.description
          == "s: app.infoPlist.BGTaskSchedulerPermittedIdentifiers: the value is not an array of strings (expected an array such as [\"com.example.refresh\"])"
      )
    }
    let good = try inline(#""BGTaskSchedulerPermittedIdentifiers": ["com.example.refresh"]"#)
    _ = try SimulationSession(good)
  }
}
