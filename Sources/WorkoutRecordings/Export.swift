import Foundation
import WorkoutJSON

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

/// What an export works from: one finished workout record and the wall-clock frame of the
/// scenario it came from.
public struct ExportInput: Sendable {
  /// The finished workout record as in docs/run-result.md#the-finished-workout-record, with
  /// `samples` and `route` when the run had `--samples` (without them the exports carry the
  /// summaries only). Used fields: `activityType`, `startDate`, `endDate`, `duration`,
  /// `events`, `totalDistance`, `totalEnergyBurned`, `statistics.heartRate`,
  /// `metadata.HKElevationAscended`, `samples`, `route`.
  public var record: JSONValue
  /// The wall-clock date of scenario time 0, so that `at` seconds become dates.
  public var startDate: Date
  /// The time zone for local times (CSV `time` offsets, FIT `local_timestamp`).
  public var timeZone: TimeZone

  /// Creates an export input.
  public init(record: JSONValue, startDate: Date, timeZone: TimeZone) {
    self.record = record
    self.startDate = startDate
    self.timeZone = timeZone
  }
}

/// Why a record could not be exported.
public enum ExportError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A field of the record is missing or has the wrong shape; the text names the field.
  case invalidRecord(String)
  /// `.gpx` needs positions and the record has no `route` (a course without positions, or a
  /// run without `--samples`).
  case noRoute

  /// A one-line message.
  public var description: String {
    switch self {
    case .invalidRecord(let problem): return "cannot export the workout record: \(problem)"
    case .noRoute: return "GPX export needs a route: the workout has no positions"
    }
  }
}

/// Encodes one finished workout record in an export format.
///
/// - Parameters:
///   - input: The record and the scenario's wall-clock frame.
///   - format: The file format.
/// - Returns: The file's bytes (UTF-8 text for the XML, CSV and JSON formats).
/// - Throws: ``ExportError/invalidRecord(_:)`` when a used field is missing or ill-typed,
///   ``ExportError/noRoute`` for `.gpx` without a route.
public func export(_ input: ExportInput, as format: ExportFormat) throws(ExportError) -> [UInt8] {
  if format == .json {
    return Array((JSONWriter.encode(input.record) + "\n").utf8)
  }
  let workout = try ExportWorkout(input)
  switch format {
  case .csv: return Array(CSVWriter.write(workout).utf8)
  case .tcx: return Array(TCXWriter.write(workout).utf8)
  case .gpx: return Array(try GPXWriter.write(workout).utf8)
  case .fit: return FITWriter.write(workout)
  case .json: preconditionFailure("export: json handled above")
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
  /// Cumulative sample types and the CSV column they go to.
  static let distanceTypes: Set<String> = [
    "distanceWalkingRunning", "distanceCycling", "distanceSwimming", "distanceWheelchair",
    "distanceDownhillSnowSports", "distanceCrossCountrySkiing", "distancePaddleSports",
    "distanceRowing", "distanceSkatingSports",
  ]
  static let speedTypes: Set<String> = ["runningSpeed", "cyclingSpeed", "walkingSpeed"]
  static let powerTypes: Set<String> = ["cyclingPower", "runningPower"]

  var activityType: String
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
  var events: [(type: String, at: Double)] = []

  init(_ input: ExportInput) throws(ExportError) {
    let record = input.record
    guard case .object = record else { throw .invalidRecord("the record is not an object") }
    origin = input.startDate.timeIntervalSince1970
    timeZone = input.timeZone
    activityType = try Self.string(record, "activityType") ?? "other"
    guard let startText = try Self.string(record, "startDate"),
      let startDate = DateText.parse(Substring(startText))
    else { throw .invalidRecord("startDate is missing or not an ISO 8601 date") }
    guard let endText = try Self.string(record, "endDate"),
      let endDate = DateText.parse(Substring(endText))
    else { throw .invalidRecord("endDate is missing or not an ISO 8601 date") }
    start = startDate - origin
    end = endDate - origin
    guard end >= start else { throw .invalidRecord("endDate is before startDate") }
    duration = try Self.number(record["duration"], "duration")
    totalDistance = try Self.number(record["totalDistance"], "totalDistance")
    totalEnergy = try Self.number(record["totalEnergyBurned"], "totalEnergyBurned")
    averageHeartRate = try Self.number(
      record["statistics"]?["heartRate"]?["average"], "statistics.heartRate.average")
    maximumHeartRate = try Self.number(
      record["statistics"]?["heartRate"]?["maximum"], "statistics.heartRate.maximum")
    elevationAscended = try Self.number(
      record["metadata"]?["HKElevationAscended"], "metadata.HKElevationAscended")

    if let eventList = record["events"] {
      guard case .array(let items) = eventList else {
        throw .invalidRecord("events is not an array")
      }
      for (index, item) in items.enumerated() {
        guard let type = try Self.string(item, "type"),
          let at = try Self.number(item["at"], "events[\(index)].at")
        else { throw .invalidRecord("events[\(index)] needs type and at") }
        events.append((type, at))
      }
    }
    events.sort { $0.at < $1.at }

    var byTime: [Double: ExportRow] = [:]
    func update(_ at: Double, _ change: (inout ExportRow) -> Void) {
      var row = byTime[at] ?? ExportRow(at: at)
      change(&row)
      byTime[at] = row
    }
    if let samples = record["samples"] {
      guard case .object(let members) = samples else {
        throw .invalidRecord("samples is not an object")
      }
      for (type, list) in members {
        guard case .array(let items) = list else {
          throw .invalidRecord("samples.\(type) is not an array")
        }
        for (index, item) in items.enumerated() {
          guard case .array(let parts) = item else {
            throw .invalidRecord("samples.\(type)[\(index)] is not an array")
          }
          var numbers: [Double] = []
          for part in parts {
            guard case .number(let value) = part else {
              throw .invalidRecord("samples.\(type)[\(index)] holds a non-number")
            }
            numbers.append(value)
          }
          if numbers.count == 2 {
            let (at, value) = (numbers[0], numbers[1])
            switch type {
            case "heartRate":
              heartRates.append((at, value))
              update(at) { $0.heartRate = value }
            case _ where Self.speedTypes.contains(type):
              speeds.append((at, value))
              update(at) { $0.speed = value }
            case "cyclingCadence":
              cadences.append((at, value))
              update(at) { $0.cadence = value }
            case _ where Self.powerTypes.contains(type):
              powers.append((at, value))
              update(at) { $0.power = value }
            default: break
            }
          } else if numbers.count == 3 {
            let (from, to, value) = (numbers[0], numbers[1], numbers[2])
            switch type {
            case "activeEnergyBurned":
              energies.append((from, to, value))
              update(to) { $0.energy = ($0.energy ?? 0) + value }
            case "stepCount":
              update(to) { $0.steps = ($0.steps ?? 0) + value }
            case _ where Self.distanceTypes.contains(type):
              distances.append((from, to, value))
              update(to) { $0.distance = ($0.distance ?? 0) + value }
            default: break
            }
          } else {
            throw .invalidRecord(
              "samples.\(type)[\(index)] has \(numbers.count) numbers (expected 2 or 3)")
          }
        }
      }
    }
    var routeCount = 0
    if let route = record["route"] {
      guard case .array(let items) = route else { throw .invalidRecord("route is not an array") }
      for (index, item) in items.enumerated() {
        guard case .array(let parts) = item, parts.count == 4,
          case .number(let at) = parts[0], case .number(let lat) = parts[1],
          case .number(let lon) = parts[2]
        else { throw .invalidRecord("route[\(index)] is not [at, latitude, longitude, altitude]") }
        var altitude: Double? = nil
        if case .number(let alt) = parts[3] { altitude = alt }
        update(at) {
          $0.latitude = lat
          $0.longitude = lon
          $0.altitude = altitude
        }
        routeCount += 1
      }
    }
    hasRoute = routeCount > 0
    rows = byTime.values.sorted { $0.at < $1.at }
    heartRates.sort { $0.at < $1.at }
    speeds.sort { $0.at < $1.at }
    cadences.sort { $0.at < $1.at }
    powers.sort { $0.at < $1.at }
    distances.sort { $0.to < $1.to }
    energies.sort { $0.to < $1.to }

    // HealthKit's pause rule: only pause and resume count; a pause while paused and a resume
    // while running are ignored; a pause still open at the end closes at the end.
    var pausedAt: Double? = nil
    for event in events {
      if event.type == "pause", pausedAt == nil {
        pausedAt = event.at
      } else if event.type == "resume", let from = pausedAt {
        pauses.append((from, event.at))
        pausedAt = nil
      }
    }
    if let from = pausedAt { pauses.append((from, max(from, end))) }

    let (first, last) = (start, end)
    let lapEnds = Set(events.filter { $0.type == "lap" && $0.at > first && $0.at < last }.map(\.at))
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

  private static func string(_ object: JSONValue, _ key: String) throws(ExportError) -> String? {
    guard let value = object[key] else { return nil }
    guard case .string(let text) = value else { throw .invalidRecord("\(key) is not a string") }
    return text
  }

  private static func number(_ value: JSONValue?, _ name: String) throws(ExportError) -> Double? {
    guard let value else { return nil }
    guard case .number(let number) = value else { throw .invalidRecord("\(name) is not a number") }
    return number
  }
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
