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

/// One distinct sample time of the workout with every value sampled at it.
struct ExportRow {
  /// Scenario time, s.
  var at: Double
  var heartRate: Double?
  /// Energy of the `activeEnergyBurned` samples ending here, kcal.
  var energy: Double?
  /// Distance of the distance samples ending here, m.
  var distance: Double?
  /// Steps of the `stepCount` samples ending here.
  var steps: Double?
  var speed: Double?
  var cadence: Double?
  var power: Double?
  var latitude: Double?
  var longitude: Double?
  var altitude: Double?
}

/// The record decoded into the pieces the writers need, times in scenario seconds (`at`).
struct ExportWorkout {
  var activityType: WorkoutActivityType
  /// Unix time of scenario time 0.
  var origin: Double
  var timeZone: TimeZone
  var start: Double
  var end: Double
  var duration: Double?
  var totalDistance: Double?
  var totalEnergy: Double?
  var averageHeartRate: Double?
  var maximumHeartRate: Double?
  var elevationAscended: Double?
  /// Paused spans by HealthKit's rule (docs/healthkit-behaviour.md#elapsed-time-and-duration).
  var pauses: [(from: Double, to: Double)] = []
  /// Lap boundaries: `[start, lap ends..., end]`.
  var lapBounds: [Double]
  var rows: [ExportRow]
  var hasRoute: Bool
  /// Heart-rate samples `(at, bpm)` in time order.
  var heartRates: [(at: Double, value: Double)] = []
  var distances: [(from: Double, to: Double, value: Double)] = []
  var energies: [(from: Double, to: Double, value: Double)] = []
  var speeds: [(at: Double, value: Double)] = []
  var cadences: [(at: Double, value: Double)] = []
  var powers: [(at: Double, value: Double)] = []
  /// Workout events `(type, at)` in date order.
  var events: [(type: WorkoutEventType, at: Double)] = []

  /// The record's pieces, times in scenario seconds.
  init(_ record: WorkoutRecord, in result: RunResult) {
    origin = result.startDate.timeIntervalSince1970
    timeZone = result.timeZone
    activityType = record.activityType
    start = record.startDate.seconds
    end = record.endDate.seconds
    duration = record.duration.secondsValue
    totalDistance = record.totalDistance
    totalEnergy = record.totalEnergyBurned ?? 0
    if case .discrete(let heartRate)? = record.statistics[.heartRate] {
      averageHeartRate = heartRate.average
      maximumHeartRate = heartRate.maximum
    }
    if case .number(let ascent)? = record.metadata[WorkoutRecord.MetadataKey.elevationAscended] {
      elevationAscended = ascent
    }
    events = record.events.map { ($0.type, $0.date.seconds) }
    events.sort { $0.at < $1.at }

    var byTime: [Double: ExportRow] = [:]
    func update(_ at: Double, _ change: (inout ExportRow) -> Void) {
      var row = byTime[at] ?? ExportRow(at: at)
      change(&row)
      byTime[at] = row
    }
    for (type, series) in record.samples.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      for sample in series {
        let (from, at, value) = (sample.start.seconds, sample.end.seconds, sample.value)
        switch type {
        case .heartRate:
          heartRates.append((from, value))
          update(from) { $0.heartRate = value }
        case .runningSpeed:
          speeds.append((from, value))
          update(from) { $0.speed = value }
        case .cyclingCadence:
          cadences.append((from, value))
          update(from) { $0.cadence = value }
        case .cyclingPower:
          powers.append((from, value))
          update(from) { $0.power = value }
        case .activeEnergyBurned:
          energies.append((from, at, value))
          update(at) { $0.energy = ($0.energy ?? 0) + value }
        case .stepCount:
          update(at) { $0.steps = ($0.steps ?? 0) + value }
        case .distanceWalkingRunning, .distanceCycling:
          distances.append((from, at, value))
          update(at) { $0.distance = ($0.distance ?? 0) + value }
        case .basalEnergyBurned:
          break
        }
      }
    }
    var routeCount = 0
    for point in result.routePoints(from: record.startDate, to: record.endDate) {
      guard let lat = point.latitude, let lon = point.longitude else { continue }
      update(point.instant.seconds) {
        $0.latitude = lat
        $0.longitude = lon
        $0.altitude = point.altitude
      }
      routeCount += 1
    }
    hasRoute = routeCount > 0
    rows = byTime.values.sorted { $0.at < $1.at }
    heartRates.sort { $0.at < $1.at }
    speeds.sort { $0.at < $1.at }
    cadences.sort { $0.at < $1.at }
    powers.sort { $0.at < $1.at }
    distances.sort { $0.to < $1.to }
    energies.sort { $0.to < $1.to }

    pauses = PauseRule.pausedSpans(
      of: record.events, start: record.startDate, end: record.endDate
    ).map { ($0.from.seconds, $0.to.seconds) }

    let (first, last) = (start, end)
    let lapEnds = Set(events.filter { $0.type == .lap && $0.at > first && $0.at < last }.map(\.at))
    lapBounds = [first] + lapEnds.sorted() + [last]
  }

  /// How many pauses ended (with a resume before the workout's end) at or before `at`: points
  /// with different counts have a pause between them (a new TCX `Track`, a new GPX `trkseg`).
  func resumesBefore(_ at: Double) -> Int {
    pauses.filter { $0.to < end && $0.to > $0.from && $0.to <= at }.count
  }

  /// Seconds in `[from, to]` not inside a pause.
  func timerTime(from: Double, to: Double) -> Double {
    var paused = 0.0
    for pause in pauses {
      paused += max(0, min(to, pause.to) - max(from, pause.from))
    }
    return (to - from) - paused
  }

  /// The lap index of a discrete time: `[bound_i, bound_i+1)`, the last lap closed; times
  /// before the start go to the first lap and after the end to the last.
  func lapIndex(discrete at: Double) -> Int {
    var index = 0
    while index + 1 < lapBounds.count - 1 && at >= lapBounds[index + 1] { index += 1 }
    return index
  }

  /// The lap index of a cumulative sample ending at `to`: `(bound_i, bound_i+1]`.
  func lapIndex(cumulativeEnd to: Double) -> Int {
    var index = 0
    while index + 1 < lapBounds.count - 1 && to > lapBounds[index + 1] { index += 1 }
    return index
  }

  /// Totals per lap.
  struct Lap {
    var start: Double
    var end: Double
    var timerTime: Double
    var distance: Double = 0
    var energy: Double = 0
    var averageHeartRate: Double?
    var maximumHeartRate: Double?
    var maximumSpeed: Double?
    var averagePower: Double?
  }

  func laps() -> [Lap] {
    var laps = (0..<(lapBounds.count - 1)).map { index in
      Lap(
        start: lapBounds[index], end: lapBounds[index + 1],
        timerTime: timerTime(from: lapBounds[index], to: lapBounds[index + 1]))
    }
    for sample in distances { laps[lapIndex(cumulativeEnd: sample.to)].distance += sample.value }
    for sample in energies { laps[lapIndex(cumulativeEnd: sample.to)].energy += sample.value }
    var heartSums = [(sum: Double, count: Double)](repeating: (0, 0), count: laps.count)
    for sample in heartRates {
      let index = lapIndex(discrete: sample.at)
      heartSums[index].sum += sample.value
      heartSums[index].count += 1
      laps[index].maximumHeartRate = max(laps[index].maximumHeartRate ?? 0, sample.value)
    }
    var powerSums = [(sum: Double, count: Double)](repeating: (0, 0), count: laps.count)
    for sample in powers {
      let index = lapIndex(discrete: sample.at)
      powerSums[index].sum += sample.value
      powerSums[index].count += 1
    }
    for sample in speeds {
      let index = lapIndex(discrete: sample.at)
      laps[index].maximumSpeed = max(laps[index].maximumSpeed ?? 0, sample.value)
    }
    for index in laps.indices {
      if heartSums[index].count > 0 {
        laps[index].averageHeartRate = heartSums[index].sum / heartSums[index].count
      }
      if powerSums[index].count > 0 {
        laps[index].averagePower = powerSums[index].sum / powerSums[index].count
      }
    }
    return laps
  }

  /// The most recent sample of `list` in `[at − 10 s, at]`, or `nil` (used to attach heart
  /// rate, cadence and speed to GPX route points, which have their own times).
  static func recent(_ list: [(at: Double, value: Double)], at: Double) -> Double? {
    var low = 0
    var high = list.count
    while low < high {
      let middle = (low + high) / 2
      if list[middle].at <= at { low = middle + 1 } else { high = middle }
    }
    guard low > 0, at - list[low - 1].at <= 10 else { return nil }
    return list[low - 1].value
  }

  /// Unix time of scenario time `at`.
  func unix(_ at: Double) -> Double { origin + at }
}

/// XML text escaping for element content and attribute values.
func xmlEscaped(_ text: String) -> String {
  var output = ""
  for character in text {
    switch character {
    case "&": output += "&amp;"
    case "<": output += "&lt;"
    case ">": output += "&gt;"
    case "\"": output += "&quot;"
    default: output.append(character)
    }
  }
  return output
}

/// A number as the shortest round-tripping decimal with `.` (locale-free, JSONWriter's form).
func decimal(_ value: Double) -> String { JSONWriter.number(value) }

/// An instant as ISO 8601 in the export's zone (CSV) or in UTC with `Z` (TCX, GPX).
func isoDate(_ secondsSince1970: Double, timeZone: TimeZone, utc: Bool = false) -> String {
  let whole = ISO8601.split(secondsSince1970: secondsSince1970).wholeSeconds
  let offset = utc ? 0 : timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(whole)))
  return ISO8601.format(
    secondsSince1970: secondsSince1970, offsetSeconds: offset, utcDesignator: utc)
}
