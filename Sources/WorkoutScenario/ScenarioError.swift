import Foundation

/// Why a scenario file could not be used: it cannot be opened, is not strict JSON, or does not
/// follow the scenario format (docs/command-line.md#error-messages).
///
/// ``description`` is the complete line the command line prints, always starting with the file:
/// - cannot open: `Hills.json: cannot open the file (no such file)`
/// - syntax: `Hills.json:3:14: duplicate key "seed" in the top-level object` — file, line and
///   column (1-based, the column in characters) joined by colons, the form compilers use and
///   editors and terminals link to;
/// - invalid: `Hills.json: timeline[3].at: "1:75" is not a time (seconds must be below 60)` — the
///   JSON path of the offending value, then what is wrong and what would be valid; an error about
///   the whole document has no path (`Hills.json: the scenario must be a JSON object, not an array`);
/// - unsupported version: `Hills.json: version: 2 is not supported (highest supported version is 1)`.
public struct ScenarioError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file as named to the user (the path as given, or a display name).
  public var fileName: String
  /// What kind of error, with its position.
  public var kind: Kind
  /// What is wrong, without the file and position: `"1:75" is not a time (seconds must be below 60)`.
  public var message: String
  /// The problems found in the scenario's other top-level keys, in the format's key order
  /// (each top-level key is read even when one before it is wrong, so one `validate` names
  /// them all); empty when this is the only one. ``description`` has a line for each.
  public var further: [ScenarioError] = []

  /// Creates an error.
  public init(fileName: String, kind: Kind, message: String) {
    self.fileName = fileName
    self.kind = kind
    self.message = message
  }

  /// The kinds of scenario errors.
  public enum Kind: Equatable, Sendable {
    /// The file does not exist, is a folder, or cannot be read (exit 66).
    case cannotOpen
    /// The file is not strict JSON; 1-based line and column (in characters) of the error (exit 65).
    case syntax(line: Int, column: Int)
    /// The JSON does not follow the format; the JSON path of the offending value, `""` for the
    /// whole document (exit 65).
    case invalid(path: String)
    /// `version` is higher than the highest version this build reads (exit 65).
    case unsupportedVersion(Int)
  }

  /// The highest scenario format version this build reads: 1.
  public static let highestSupportedVersion = 1

  /// The process exit code for this error (BSD sysexits): 66 (`EX_NOINPUT`) for a file that
  /// cannot be opened, 65 (`EX_DATAERR`) for everything else.
  public var exitCode: Int32 {
    if case .cannotOpen = kind { return 66 }
    return 65
  }

  /// The full message as printed: ``line``, then a line for each of ``further``.
  public var description: String {
    ([self] + further).map(\.line).joined(separator: "\n")
  }

  /// This problem's message line (see the type's documentation for its forms), without
  /// ``further``.
  public var line: String {
    switch kind {
    case .cannotOpen:
      return "\(fileName): \(message)"
    case .syntax(let line, let column):
      return "\(fileName):\(line):\(column): \(message)"
    case .invalid(let path):
      return path.isEmpty ? "\(fileName): \(message)" : "\(fileName): \(path): \(message)"
    case .unsupportedVersion:
      return "\(fileName): version: \(message)"
    }
  }
}

extension ScenarioError: LocalizedError {
  /// ``description`` (the file, the line and column or JSON path, and the fix), so that
  /// `error.localizedDescription` says it too rather than Foundation's generic text.
  public var errorDescription: String? { description }
}
