// Running the package's built executables as a user would (`workout-sim`, the example's
// `fitness-tracker-phone`): the end-to-end test targets' one way to start a process.
import Foundation

/// A built executable of the package, run in a process with its streams captured.
public struct Binary: Sendable {
  /// The executable's name (`workout-sim`, `fitness-tracker-phone`).
  public var name: String

  /// The binary named `name`.
  public init(_ name: String) {
    self.name = name
  }

  /// `workout-sim`.
  public static let workoutSim = Binary("workout-sim")

  /// The executable beside the test bundle in the build's products folder.
  ///
  /// - Throws: `CocoaError(.fileNoSuchFile)` naming the folder when it is not there (the test
  ///   target must depend on the executable's target so that `swift test` builds it).
  public var executable: URL {
    get throws {
      var folder = Bundle.main.bundleURL
      if folder.pathExtension == "xctest" { folder.deleteLastPathComponent() }
      for candidate in [folder, folder.deletingLastPathComponent()] {
        let url = candidate.appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: url.path) { return url }
      }
      throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: folder.path])
    }
  }

  /// `workout-sim`'s executable (``executable`` of ``workoutSim``).
  public static var executable: URL {
    get throws { try workoutSim.executable }
  }

  /// What a run gave.
  public struct Outcome: Sendable {
    /// The exit status (or the signal that ended it).
    public var status: Int32
    /// Standard output's bytes (empty when it went to a file).
    public var standardOutput: Data
    /// Standard error as UTF-8 text.
    public var standardError: String
    /// Standard output as UTF-8 text.
    public var text: String { String(decoding: standardOutput, as: UTF8.self) }
  }

  /// What a run's standard input is.
  public enum StandardInput: Sendable {
    /// `/dev/null` (the default).
    case null
    /// A pipe that carries these bytes, then ends: at most 64 KiB (a pipe's buffer on Linux),
    /// written and closed before the process starts, so nothing waits on the child.
    case bytes(Data)
    /// The file at this path, opened for reading (a shell's `< file`).
    case file(String)
  }

  /// Runs the executable with `arguments` in `folder` (default: ``packageRoot``), with
  /// `environment` over the test's own and `standardInput` (default `/dev/null`); standard
  /// output goes to `standardOutput` when given (then ``Outcome/standardOutput`` is empty),
  /// else it is captured. The calling task is suspended until the child has exited and its
  /// pipes are read to their ends; no thread waits on the child (``ChildProcess``).
  ///
  /// - Throws: When the executable is missing or cannot be started, or the input file cannot
  ///   be opened.
  public func run(
    _ arguments: [String], environment: [String: String] = [:], in folder: String? = nil,
    standardOutput: FileHandle? = nil, standardInput: StandardInput = .null
  ) async throws -> Outcome {
    let process = Process()
    process.executableURL = try executable
    process.arguments = arguments
    process.currentDirectoryURL = folder.map { URL(fileURLWithPath: $0) } ?? packageRoot
    var variables = ProcessInfo.processInfo.environment
    variables.merge(environment) { $1 }
    process.environment = variables
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = standardOutput ?? output
    process.standardError = error
    switch standardInput {
    case .null: process.standardInput = FileHandle.nullDevice
    case .bytes(let bytes):
      precondition(bytes.count <= 65_536, "at most 64 KiB through the pipe")
      let pipe = Pipe()
      try pipe.fileHandleForWriting.write(contentsOf: bytes)
      try pipe.fileHandleForWriting.close()
      process.standardInput = pipe
    case .file(let path):
      guard let handle = FileHandle(forReadingAtPath: path) else {
        throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path])
      }
      process.standardInput = handle
    }
    let ended = try await ChildProcess.run(
      process, reading: standardOutput == nil ? output : nil, error)
    return Outcome(
      status: ended.status, standardOutput: ended.standardOutput,
      standardError: String(decoding: ended.standardError, as: UTF8.self))
  }

  /// Runs `workout-sim` (``run(_:environment:in:standardOutput:standardInput:)`` of
  /// ``workoutSim``).
  ///
  /// - Throws: When the executable is missing or cannot be started.
  public static func run(
    _ arguments: [String], environment: [String: String] = [:], in folder: String? = nil,
    standardOutput: FileHandle? = nil, standardInput: StandardInput = .null
  ) async throws -> Outcome {
    try await workoutSim.run(
      arguments, environment: environment, in: folder, standardOutput: standardOutput,
      standardInput: standardInput)
  }

  /// The path of `Fixtures/<name>` in a test target's resources (`bundle`: its `Bundle.module`).
  ///
  /// - Throws: `CocoaError(.fileNoSuchFile)` naming the fixture when the bundle lacks it.
  public static func fixture(_ name: String, in bundle: Bundle) throws -> String {
    guard let url = bundle.url(forResource: "Fixtures/" + name, withExtension: nil) else {
      throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Fixtures/" + name])
    }
    return url.path
  }
}
