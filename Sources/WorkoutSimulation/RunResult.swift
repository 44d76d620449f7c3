import Foundation
import WorkoutCore
import WorkoutPhysiology
import WorkoutSystem
import WorkoutWatch

/// Everything one scenario run produced, in the engine's own types, with the wall-clock context
/// needed to write dates (docs/run-result.md).
public struct RunResult: Sendable {
  /// The scenario's `name`.
  public var scenarioName: String
  /// The seed the run used (the scenario's or `--seed`).
  public var seed: UInt64
  /// The wall-clock date of scenario time `t = 0`.
  public var startDate: Date
  /// The scenario's time zone, the zone at `t = 0`.
  public var timeZone: TimeZone
  /// The device's zone at each instant: ``timeZone``, then the timeline's `timeZone` actions'
  /// (docs/scenario-format.md#time-zone-changes). Dates are written with the offset in force
  /// at each instant.
  public var timeZones: TimeZoneSchedule
  /// The time zone's name as the scenario wrote it (`UTC`, `Europe/Berlin`): the document's
  /// `timeZone` (Foundation on Linux reports `UTC` as `GMT`, so the identifier is not used).
  public var timeZoneName: String
  /// Finished workout records, in the order they were saved.
  public var records: [WorkoutRecord]
  /// Live-value snapshots, one per `probe` action.
  public var probes: [Probe]
  /// Every call that failed.
  public var errors: [ErrorReport]
  /// Everything that happened, in order.
  public var log: [LogEntry]
  /// The course's recorded positions in time order (empty for a course without positions); a
  /// record's `route` is the part of it inside the record's span.
  public var track: [TrackPoint]
  /// Warnings about the run's inputs for standard error (a replayed recording's dropped GPS
  /// jumps, a timeline past the recording's end; docs/recordings.md); the document's
  /// `warnings`, present only when there is one.
  public var warnings: [String] = []
  /// The local days of the scenario's `health` data (docs/run-result.md#days): the document's
  /// `days` and the summary's day table; `nil` (no key, no table) without a `health` key.
  public var days: [HealthDay]?
  /// The system heart-rate zone boundaries (count/min) of the scenario's athlete,
  /// `WorkoutZones.heartRateBoundaries` of `athlete.maxHeartRate`: a record's `zones`
  /// (docs/run-result.md#zones). Empty: no zones are written.
  public var heartRateZoneBoundaries: [Double] = []
  /// The system cycling-power zone boundaries (W) of the scenario's athlete,
  /// `WorkoutZones.powerBoundaries` of `athlete.functionalThresholdPower` (six zones): a
  /// record's `zones.cyclingPower` (docs/run-result.md#zones). Empty (no threshold power): none.
  public var cyclingPowerZoneBoundaries: [Double] = []
  /// The scenario's strength sets (`strength`, docs/scenario-format.md#strength), for the
  /// summary's `strength:` line (``strengthReps(of:)``); not in the JSON document (the watch
  /// records no reps, so the record has none).
  public var strength: StrengthPlan?

  /// Creates a result.
  public init(
    scenarioName: String, seed: UInt64, startDate: Date, timeZone: TimeZone,
    records: [WorkoutRecord], probes: [Probe], errors: [ErrorReport], log: [LogEntry],
    track: [TrackPoint] = [], timeZoneName: String? = nil, timeZones: TimeZoneSchedule? = nil
  ) {
    self.timeZones =
      timeZones
      ?? TimeZoneSchedule(home: timeZone, homeName: timeZoneName ?? timeZone.identifier)
    self.track = track
    self.timeZoneName = timeZoneName ?? timeZone.identifier
    self.scenarioName = scenarioName
    self.seed = seed
    self.startDate = startDate
    self.timeZone = timeZone
    self.records = records
    self.probes = probes
    self.errors = errors
    self.log = log
  }

  /// The reps of ``strength`` done during `record`, per set that has any: a rep counts when it
  /// lies wholly between the record's start and end dates (pauses included; rep `k` from 0 of a
  /// set at `s` of `r` s a rep spans `s + k·r` to `s + (k + 1)·r`), so a set cut by the
  /// workout's end counts its finished reps (a project rule: docs/command-line.md#run). `nil`
  /// without a plan, for a record that is not the watch's or not of a strength activity
  /// (``WorkoutPhysiology/StrengthPlan/activities``), or when no rep lies in the record.
  ///
  /// Worked value: a record from 0 to 200 s and sets of 10 reps of 3 s at 30 s, 8 at 150 s and
  /// 10 at 190 s: 10, 8, and of the third the reps ending by 200 s, 190 + 3 × 3 = 199: 3.
  public func strengthReps(of record: WorkoutRecord) -> [Int]? {
    guard let strength, record.device == .watch,
      StrengthPlan.activities.contains(record.activityType)
    else { return nil }
    let from = record.startDate.seconds
    let to = record.endDate.seconds
    let tolerance = 1e-9
    var counts: [Int] = []
    for set in strength.sets where set.reps > 0 && set.secondsPerRep > 0 {
      let start = set.start.secondsValue
      let rep = set.secondsPerRep
      // The first rep starting at or after `from`, the last ending at or before `to`.
      let first = max(0, Int(((from - start) / rep - tolerance).rounded(.up)))
      let last = min(set.reps - 1, Int(((to - start) / rep + tolerance).rounded(.down)) - 1)
      if last >= first { counts.append(last - first + 1) }
    }
    return counts.isEmpty ? nil : counts
  }

  /// The time in each heart-rate zone of `record` in seconds, from the lowest zone, pauses
  /// excluded (`WorkoutZones.durations` of its heart-rate samples and events, start to end), or
  /// `nil` without heart-rate samples or ``heartRateZoneBoundaries``: the record's `zones`, the
  /// summary's and the report's zone lines, and what `HKWorkout.zoneGroupsByType` gives for the
  /// system zones.
  public func heartRateZoneDurations(of record: WorkoutRecord) -> [Double]? {
    zoneDurations(of: record, .heartRate, boundaries: heartRateZoneBoundaries)
  }

  /// The time in each cycling-power zone of `record` in seconds, from the lowest zone, pauses
  /// excluded, or `nil` without power samples or ``cyclingPowerZoneBoundaries``: the record's
  /// `zones.cyclingPower`, and what `HKWorkout.zoneGroupsByType` gives for the system zones.
  public func cyclingPowerZoneDurations(of record: WorkoutRecord) -> [Double]? {
    zoneDurations(of: record, .cyclingPower, boundaries: cyclingPowerZoneBoundaries)
  }

  /// `WorkoutZones.durations` of `record`'s samples of `type` in seconds, start to end.
  private func zoneDurations(
    of record: WorkoutRecord, _ type: QuantityType, boundaries: [Double]
  ) -> [Double]? {
    guard !boundaries.isEmpty, let samples = record.samples[type], !samples.isEmpty else {
      return nil
    }
    return WorkoutZones.durations(
      of: samples, events: record.events, start: record.startDate, limit: record.endDate,
      boundaries: boundaries
    ).map { Duration.nanoseconds($0).secondsValue }
  }

  /// The wall-clock date of scenario instant `instant`, ISO 8601 with the offset of the zone
  /// in force then (``timeZones``).
  public func date(of instant: SimulationInstant) -> String {
    formatDate(
      secondsSince1970: startDate.timeIntervalSince1970 + instant.seconds, zones: timeZones)
  }
}
