import Foundation
import WorkoutCore
import WorkoutJSON
import WorkoutText

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
  var timeZone: TimeZoneSchedule
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
    timeZone = result.timeZones
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
        case .distanceWalkingRunning, .distanceCycling, .distanceSwimming, .distanceRowing,
          .distanceCrossCountrySkiing, .distanceDownhillSnowSports:
          distances.append((from, at, value))
          update(at) { $0.distance = ($0.distance ?? 0) + value }
        case .basalEnergyBurned, .runningPower, .runningStrideLength, .runningVerticalOscillation,
          .runningGroundContactTime, .cyclingSpeed, .swimmingStrokeCount, .flightsClimbed,
          .rowingSpeed, .crossCountrySkiingSpeed:
          // Not in the exports' per-point rows (docs/recordings.md#exporting-a-workout).
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
