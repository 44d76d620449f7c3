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
    return Set(dictionary.keys)
  }
}
