import Foundation
import WorkoutCore
import WorkoutRecordings

/// The activity file's messages (see ``FITWriter`` for the layout), written with its byte
/// encoding.
extension FITWriter {
  /// FIT `sport` for a HealthKit activity type (FIT profile `sport`: generic 0, running 1,
  /// cycling 2, transition 3, swimming 5, training 10, walking 11, hiking 17, multisport 18).
  static func sport(_ activityType: WorkoutActivityType) -> Double {
    switch activityType {
    case .running: return 1
    case .cycling: return 2
    case .swimming: return 5
    case .walking: return 11
    case .hiking: return 17
    case .traditionalStrengthTraining, .highIntensityIntervalTraining: return 10
    case .transition: return 3
    case .swimBikeRun: return 18
    default: return 0
    }
  }

  static func write(_ w: ExportWorkout) -> [UInt8] {
    var e = Encoder()
    func stamp(_ at: Double) -> Double { (w.unix(at) - FITTime.epoch).rounded() }
    let sport = sport(w.activityType)

    e.define(
      local: 0, global: 0,
      [(0, .enumeration), (1, .uint16), (2, .uint16), (3, .uint32z), (4, .uint32)])
    e.message(
      local: 0,
      [(.enumeration, 4), (.uint16, 255), (.uint16, 0), (.uint32z, 1), (.uint32, stamp(w.start))])
    e.define(
      local: 1, global: 23, [(253, .uint32), (0, .uint8), (2, .uint16), (4, .uint16), (5, .uint16)])
    // software_version has scale 100: 10 is version 0.10.
    e.message(
      local: 1,
      [(.uint32, stamp(w.start)), (.uint8, 0), (.uint16, 255), (.uint16, 0), (.uint16, 10)])

    // Timer events: event 0 (timer), event_type 0 start, 1 stop, 4 stop_all.
    var timerEvents: [(at: Double, type: Double)] = [(w.start, 0)]
    for pause in w.pauses {
      timerEvents.append((pause.from, 1))
      if pause.to < w.end { timerEvents.append((pause.to, 0)) }
    }
    timerEvents.append((w.end, 4))
    e.define(
      local: 2, global: 21, [(253, .uint32), (0, .enumeration), (1, .enumeration), (4, .uint8)])

    // Records: merge rows that round to the same second.
    var seconds: [(stamp: Double, row: ExportRow, total: Double?)] = []
    var total = 0.0
    for row in w.rows {
      if let distance = row.distance { total += distance }
      let s = stamp(row.at)
      let rowTotal: Double? = row.distance == nil ? nil : total
      if let last = seconds.last, last.stamp == s {
        var merged = last.row
        merged.heartRate = row.heartRate ?? merged.heartRate
        merged.speed = row.speed ?? merged.speed
        merged.cadence = row.cadence ?? merged.cadence
        merged.power = row.power ?? merged.power
        merged.latitude = row.latitude ?? merged.latitude
        merged.longitude = row.longitude ?? merged.longitude
        merged.altitude = row.altitude ?? merged.altitude
        seconds[seconds.count - 1] = (s, merged, rowTotal ?? last.total)
      } else {
        seconds.append((s, row, rowTotal))
      }
    }
    // A first record at the start (distance 0) when the first sample comes later (a heart-rate
    // lock-on), so a replay starts where the workout did.
    if let first = seconds.first, first.stamp > stamp(w.start) {
      seconds.insert((stamp(w.start), ExportRow(at: w.start), 0), at: 0)
    }
    let semicircles = 2_147_483_648.0 / 180
    let recordFields: [(UInt8, Base)] = [
      (253, .uint32), (0, .sint32), (1, .sint32), (78, .uint32), (5, .uint32), (3, .uint8),
      (4, .uint8), (73, .uint32), (7, .uint16),
    ]
    e.define(local: 3, global: 20, recordFields)

    var eventIndex = 0
    func flushEvents(through s: Double) {
      while eventIndex < timerEvents.count && stamp(timerEvents[eventIndex].at) <= s {
        let event = timerEvents[eventIndex]
        e.message(
          local: 2,
          [(.uint32, stamp(event.at)), (.enumeration, 0), (.enumeration, event.type), (.uint8, 0)])
        eventIndex += 1
      }
    }
    for (s, row, rowTotal) in seconds {
      flushEvents(through: s)
      e.message(
        local: 3,
        [
          (.uint32, s), (.sint32, row.latitude.map { $0 * semicircles }),
          (.sint32, row.longitude.map { $0 * semicircles }),
          (.uint32, row.altitude.map { ($0 + 500) * 5 }), (.uint32, rowTotal.map { $0 * 100 }),
          (.uint8, row.heartRate), (.uint8, row.cadence), (.uint32, row.speed.map { $0 * 1000 }),
          (.uint16, row.power),
        ])
    }
    flushEvents(through: .infinity)

    // Laps: event 9 (lap), event_type 1 (stop).
    let laps = w.laps()
    e.define(
      local: 4, global: 19,
      [
        (254, .uint16), (253, .uint32), (0, .enumeration), (1, .enumeration), (2, .uint32),
        (7, .uint32), (8, .uint32), (9, .uint32), (11, .uint16), (15, .uint8), (16, .uint8),
        (19, .uint16), (25, .enumeration),
      ])
    for (index, lap) in laps.enumerated() {
      e.message(
        local: 4,
        [
          (.uint16, Double(index)), (.uint32, stamp(lap.end)), (.enumeration, 9), (.enumeration, 1),
          (.uint32, stamp(lap.start)), (.uint32, (lap.end - lap.start) * 1000),
          (.uint32, lap.timerTime * 1000), (.uint32, lap.distance * 100), (.uint16, lap.energy),
          (.uint8, lap.averageHeartRate), (.uint8, lap.maximumHeartRate),
          (.uint16, lap.averagePower),
          (.enumeration, sport),
        ])
    }

    // Session: event 8 (session), event_type 1 (stop).
    let timer = w.duration ?? w.timerTime(from: w.start, to: w.end)
    let distance = w.totalDistance ?? w.distances.reduce(0) { $0 + $1.value }
    let energy = w.totalEnergy ?? w.energies.reduce(0) { $0 + $1.value }
    e.define(
      local: 5, global: 18,
      [
        (254, .uint16), (253, .uint32), (0, .enumeration), (1, .enumeration), (2, .uint32),
        (5, .enumeration), (6, .enumeration), (7, .uint32), (8, .uint32), (9, .uint32),
        (11, .uint16), (16, .uint8), (17, .uint8), (22, .uint16), (25, .uint16), (26, .uint16),
      ])
    e.message(
      local: 5,
      [
        (.uint16, 0), (.uint32, stamp(w.end)), (.enumeration, 8), (.enumeration, 1),
        (.uint32, stamp(w.start)), (.enumeration, sport), (.enumeration, 0),
        (.uint32, (w.end - w.start) * 1000), (.uint32, timer * 1000), (.uint32, distance * 100),
        (.uint16, energy), (.uint8, w.averageHeartRate), (.uint8, w.maximumHeartRate),
        (.uint16, w.elevationAscended), (.uint16, 0), (.uint16, Double(laps.count)),
      ])

    // Activity: type 0 (manual), event 26 (activity), event_type 1 (stop); local_timestamp is
    // the end in the time zone's local time.
    let offset = Double(w.timeZone.secondsFromGMT(for: .init(timeIntervalSince1970: w.unix(w.end))))
    e.define(
      local: 6, global: 34,
      [
        (253, .uint32), (0, .uint32), (1, .uint16), (2, .enumeration), (3, .enumeration),
        (4, .enumeration), (5, .uint32),
      ])
    e.message(
      local: 6,
      [
        (.uint32, stamp(w.end)), (.uint32, timer * 1000), (.uint16, 1), (.enumeration, 0),
        (.enumeration, 26), (.enumeration, 1), (.uint32, stamp(w.end) + offset),
      ])
    return e.file()
  }
}
