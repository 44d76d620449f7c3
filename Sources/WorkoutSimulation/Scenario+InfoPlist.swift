import Foundation
import WorkoutFiles
import WorkoutScenario

extension Scenario {
  /// The file `app.infoPlist` names, as the simulation opens it: the path joined to the scenario
  /// file's folder as given (`Scenarios/Info.plist`), an absolute path as it is; `nil` when the
  /// key is absent or inline (docs/scenario-format.md#the-app).
  package var infoPlistFilePath: String? {
    guard case .file(let path) = app.infoPlist else { return nil }
    return Self.referencedFilePath(path, scenarioURL: sourceURL)
  }

  /// The top-level keys of the `.plist` file `app.infoPlist` names, or `nil` when the key is
  /// absent or inline. Checked when a run is prepared (`validate`, `run`, `check`, the Swift
  /// API), so every door refuses a bad file with the same message.
  ///
  /// - Parameter fileName: the scenario file as messages name it.
  /// - Throws: ``SimulationError`` at `app.infoPlist` naming the file: one that cannot be opened
  ///   (missing, a folder, a FIFO, a device, a symlink loop: ``SimulationError/fileProblem``,
  ///   exit 66), or one that is not a property list or whose top level is not a dictionary
  ///   (exit 65). Property lists are read by Foundation's `PropertyListSerialization` (XML or
  ///   binary, https://developer.apple.com/documentation/foundation/propertylistserialization).
  package func infoPlistFileKeys(fileName: String) throws(SimulationError) -> Set<String>? {
    guard let dictionary = try infoPlistFileDictionary(fileName: fileName) else { return nil }
    return Set(dictionary.keys)
  }

  /// The Info.plist keys whose value the simulated frameworks read as an array of strings,
  /// checked when a run is prepared: `BGTaskSchedulerPermittedIdentifiers` (Apple doc:
  /// https://developer.apple.com/documentation/bundleresources/information-property-list/bgtaskschedulerpermittedidentifiers).
  package static let infoPlistStringArrayKeys = ["BGTaskSchedulerPermittedIdentifiers"]

  /// The array of strings under `key` in the app's Info.plist (`app.infoPlist`, inline or a
  /// `.plist` file), for example BackgroundTasks' `BGTaskSchedulerPermittedIdentifiers`
  /// (https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler: "the
  /// identifiers … in the BGTaskSchedulerPermittedIdentifiers array of the Info.plist").
  ///
  /// - Parameters:
  ///   - key: the top-level Info.plist key.
  ///   - fileName: the scenario file as messages name it; `nil`, the scenario's
  ///     `sourceURL?.relativePath`, else its `name` (as the simulation names it).
  /// - Returns: the strings in order (possibly empty), or `nil` when the scenario gives no
  ///   Info.plist (`app.infoPlist` absent: the default Info.plist has only the HealthKit usage
  ///   descriptions) or the Info.plist has no `key`.
  /// - Throws: ``SimulationError``: for a `.plist` file every error of
  ///   ``infoPlistFileKeys(fileName:)`` (exit 66 for a file that cannot be opened, 65 for one
  ///   that is not a property list or not a dictionary); and at `app.infoPlist.<key>` (inline)
  ///   or `app.infoPlist` naming the file, when the value under `key` is not an array of
  ///   strings (exit 65).
  package func infoPlistStringArray(_ key: String, fileName: String? = nil)
    throws(SimulationError) -> [String]?
  {
    let file = fileName ?? sourceURL?.relativePath ?? name
    switch app.infoPlist {
    case nil:
      return nil
    case .keys(let keys):
      if let strings = app.infoPlistStringArrays[key] { return strings }
      guard keys[key] != nil else { return nil }
      throw SimulationError(
        fileName: file, path: "app.infoPlist.\(key)",
        message:
          "the value is not an array of strings (expected an array such as [\"com.example.refresh\"])"
      )
    case .file:
      guard let dictionary = try infoPlistFileDictionary(fileName: file) else { return nil }
      return try stringArray(key, in: dictionary, fileName: file)
    }
  }

  /// Checks `app.infoPlist` as a run is prepared, reading a `.plist` file once: its top level
  /// (``infoPlistFileKeys(fileName:)``), then each of ``infoPlistStringArrayKeys``
  /// (``infoPlistStringArray(_:fileName:)``), with the errors of those two in that order.
  ///
  /// - Parameter fileName: the scenario file as messages name it.
  /// - Throws: ``SimulationError`` as ``infoPlistFileKeys(fileName:)`` and
  ///   ``infoPlistStringArray(_:fileName:)``.
  package func checkInfoPlist(fileName: String) throws(SimulationError) {
    guard case .file = app.infoPlist else {
      for key in Self.infoPlistStringArrayKeys {
        _ = try infoPlistStringArray(key, fileName: fileName)
      }
      return
    }
    guard let dictionary = try infoPlistFileDictionary(fileName: fileName) else { return }
    for key in Self.infoPlistStringArrayKeys {
      _ = try stringArray(key, in: dictionary, fileName: fileName)
    }
  }

  /// The array of strings under `key` in the `.plist` file's top-level `dictionary`, or `nil`
  /// when it has no `key`; the file's errors of ``infoPlistStringArray(_:fileName:)``.
  private func stringArray(_ key: String, in dictionary: [String: Any], fileName file: String)
    throws(SimulationError) -> [String]?
  {
    let expected = "expected an array of strings"
    guard let value = dictionary[key] else { return nil }
    guard let array = value as? [Any] else {
      throw SimulationError(
        fileName: file, path: "app.infoPlist",
        message: "\(infoPlistFilePath ?? ""): \(key) is not an array (\(expected))")
    }
    var strings: [String] = []
    for (index, element) in array.enumerated() {
      guard let text = element as? String else {
        throw SimulationError(
          fileName: file, path: "app.infoPlist",
          message:
            "\(infoPlistFilePath ?? ""): \(key) item \(index) is not a string (\(expected))")
      }
      strings.append(text)
    }
    return strings
  }

  /// The top-level dictionary of the `.plist` file `app.infoPlist` names, or `nil` when the key
  /// is absent or inline; the errors of ``infoPlistFileKeys(fileName:)``.
  private func infoPlistFileDictionary(fileName: String) throws(SimulationError) -> [String: Any]? {
    guard let path = infoPlistFilePath else { return nil }
    let expected = "expected an XML or binary property list whose top level is a dictionary"
    let bytes: [UInt8]
    switch InputFile.read(path: path) {
    case .success(let read): bytes = read
    case .failure(let problem):
      throw SimulationError(
        fileName: fileName, path: "app.infoPlist",
        message: "\(path): cannot read file: \(problem.reason) (\(expected))", fileProblem: problem)
    }
    func fail(_ reason: String) -> SimulationError {
      SimulationError(
        fileName: fileName, path: "app.infoPlist", message: "\(path): \(reason) (\(expected))")
    }
    let object: Any
    do {
      object = try PropertyListSerialization.propertyList(from: Data(bytes), format: nil)
    } catch {
      throw fail("not a property list")
    }
    guard let dictionary = object as? [String: Any] else {
      let kind =
        switch object {
        case is [Any]: "an array"
        case is String: "a string"
        case is Data: "data"
        case is Date: "a date"
        default: "a number or Boolean"
        }
      throw fail("the top level is \(kind), not a dictionary")
    }
    return dictionary
  }
}
