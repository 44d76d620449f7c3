import Foundation
import WorkoutCore
import WorkoutJSON
import WorkoutText

/// The export formats of `workout-sim run --export PATH` (docs/command-line.md#run), chosen by the path's
/// extension.
public enum ExportFormat: String, Sendable, Equatable, CaseIterable {
  /// A FIT activity file (file_id, device_info, timer events, record, lap, session, activity).
  case fit
  /// Training Center Database v2 XML.
  case tcx
  /// GPX 1.1 with Garmin TrackPointExtension v2; needs a route.
  case gpx
  /// RFC 4180 comma-separated values, one row per distinct sample time.
  case csv
  /// The finished workout record itself (docs/run-result.md#the-finished-workout-record), canonical pretty JSON.
  case json

  /// The format for an extension (`fit`, `tcx`, `gpx`, `csv`, `json`, any case, no dot), or
  /// `nil`.
  public init?(pathExtension: String) {
    self.init(rawValue: pathExtension.lowercased())
  }
}

/// Why a record could not be exported.
public enum ExportError: Error, Sendable, Equatable, CustomStringConvertible {
  /// `.gpx` needs positions and the record has no route (a course without positions).
  case noRoute

  /// A one-line message.
  public var description: String {
    switch self {
    case .noRoute: return "GPX export needs a route: the workout has no positions"
    }
  }
}

extension RunResult {
  /// Encodes one finished workout record of this result in an export format, from the typed
  /// record with its samples and the part of ``track`` inside it, in the result's wall-clock
  /// frame (``startDate``, ``timeZone``).
  ///
  /// - Parameters:
  ///   - record: A record of ``records``.
  ///   - format: The file format.
  /// - Returns: The file's bytes (UTF-8 text for the XML, CSV and JSON formats).
  /// - Throws: ``ExportError/noRoute`` for `.gpx` of a record without positions.
  public func export(_ record: WorkoutRecord, as format: ExportFormat) throws(ExportError)
    -> [UInt8]
  {
    if format == .json { return encodedJSON(of: record) }
    let workout = ExportWorkout(record, in: self)
    switch format {
    case .csv: return Array(CSVWriter.write(workout).utf8)
    case .tcx: return Array(TCXWriter.write(workout).utf8)
    case .gpx: return Array(try GPXWriter.write(workout).utf8)
    case .fit: return FITWriter.write(workout)
    case .json: preconditionFailure("export: json handled above")
    }
  }

  /// Every finished record in `format`, in record order (one file each).
  ///
  /// - Throws: ``ExportError/noRoute`` as ``export(_:as:)``.
  public func exportRecords(as format: ExportFormat) throws(ExportError) -> [[UInt8]] {
    var files: [[UInt8]] = []
    for record in records { files.append(try export(record, as: format)) }
    return files
  }
}
