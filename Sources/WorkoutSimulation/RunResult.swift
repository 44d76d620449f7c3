import Foundation
import WorkoutCore
import WorkoutJSON
import WorkoutPhysiology

/// Everything one scenario run produced, in the engine's own types, with the wall-clock context
/// needed to write dates (docs/run-result.md).
public struct RunResult: Sendable {
  /// The scenario's `name`.
  public var scenarioName: String
  /// The seed the run used (the scenario's or `--seed`).
  public var seed: UInt64
  /// The wall-clock date of scenario time `t = 0`.
  public var startDate: Date
  /// The scenario's time zone: dates are written with its offset at each instant.
  public var timeZone: TimeZone
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

  /// Creates a result.
  public init(
    scenarioName: String, seed: UInt64, startDate: Date, timeZone: TimeZone,
    records: [WorkoutRecord], probes: [Probe], errors: [ErrorReport], log: [LogEntry],
    track: [TrackPoint] = [], timeZoneName: String? = nil
  ) {
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

  /// The run result document of docs/run-result.md (`format`, `generator`, `version`, `scenario`,
  /// `seed`, `records`, `probes`, `errors`, `log`); encode it with ``JSONWriter`` for the spec's
  /// bytes.
  ///
  /// Three top-level keys extend the spec (which allows added keys): `warnings` (only when
  /// there are any: strings for standard error, see ``warnings``); `start`, the wall-clock date
  /// of scenario time 0 (ISO 8601 with the offset of the time zone, as every date), and
  /// `timeZone`, the scenario's IANA time-zone name. With them a record's `at` seconds turn into
  /// dates, which the exporters need.
  ///
  /// - Parameter includeSamples: add each record's `samples` and, for a course with positions,
  ///   its `route` (`--samples`).
  public func document(includeSamples: Bool = false) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("errors", .array(errors.map(encode(error:)))),
      ("format", .string("workout-sim.result")),
      ("generator", .string(Simulation.generator)),
      ("log", .array(log.map(encode(entry:)))),
      ("probes", .array(probes.map(encode(probe:)))),
      ("records", .array(records.map { encode(record: $0, includeSamples: includeSamples) })),
      ("scenario", .string(scenarioName)),
      ("seed", .number(Double(seed))),
      ("start", .string(date(of: .zero))),
      ("timeZone", .string(timeZoneName)),
      ("version", .number(1)),
    ]
    if !warnings.isEmpty { members.append(("warnings", .array(warnings.map(JSONValue.string)))) }
    return .object(members)
  }

  /// The wall-clock date of scenario instant `instant`, ISO 8601 with the zone's offset.
  public func date(of instant: SimulationInstant) -> String {
    formatDate(
      secondsSince1970: startDate.timeIntervalSince1970 + instant.seconds, timeZone: timeZone)
  }

  // MARK: - Encoding

  private func seconds(_ instant: SimulationInstant) -> JSONValue { .number(instant.seconds) }

  private func encode(error: ErrorReport) -> JSONValue {
    .object([
      ("action", .string(error.action)), ("at", seconds(error.at)), ("code", .string(error.code)),
      ("domain", .string(error.domain)), ("message", .string(error.message)),
    ])
  }

  private func encode(entry: LogEntry) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [("at", seconds(entry.at))]
    switch entry.kind {
    case .stateChange(let from, let to):
      members += [
        ("kind", .string("stateChange")), ("from", .string(from.name)), ("to", .string(to.name)),
      ]
    case .event(let type):
      members += [("kind", .string("event")), ("type", .string(type.name))]
    case .error(let report):
      members += [
        ("kind", .string("error")), ("action", .string(report.action)),
        ("code", .string(report.code)), ("domain", .string(report.domain)),
        ("message", .string(report.message)),
      ]
    case .dataCollected(let types, let count):
      members += [
        ("kind", .string("dataCollected")),
        ("types", .array(types.types.map(\.rawValue).sorted().map(JSONValue.string))),
        ("count", .number(Double(count))),
      ]
    case .record(let id):
      members += [("kind", .string("record")), ("id", .string(id))]
    case .unfinished:
      members += [("kind", .string("unfinished"))]
    case .appState(let change):
      members += [
        ("kind", .string("appState")), ("from", .string(change.from.rawValue)),
        ("to", .string(change.to.rawValue)), ("cause", .string(change.cause.rawValue)),
        ("keepAlive", .string(change.keepAlive.rawValue)),
      ]
    case .extendedRuntime(let event):
      members += [
        ("kind", .string("extendedRuntime")), ("runtimeSession", .number(Double(event.session))),
        ("sessionType", .string(event.type.rawValue)), ("event", .string(event.change.word)),
        ("state", .string(event.state.name)),
      ]
      switch event.change {
      case .scheduled(let instant): members.append(("scheduledFor", seconds(instant)))
      case .started(let instant), .willExpire(let instant):
        members.append(("expiresAt", seconds(instant)))
      case .invalidated(let reason, let error):
        members += [
          ("reason", .string(reason.name)), ("reasonRawValue", .number(Double(reason.rawValue))),
        ]
        if let error { members.append(("errorCode", .string(error.name))) }
      case .terminated: break
      }
    }
    if let session = entry.session, session > 0 {
      members.append(("session", .number(Double(session))))
    }
    return .object(members)
  }

  private func encode(probe: Probe) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [("at", seconds(probe.at))]
    if let state = probe.state { members.append(("state", .string(state.name))) }
    if let elapsed = probe.elapsed { members.append(("elapsed", .number(elapsed.secondsValue))) }
    if let appState = probe.appState { members.append(("appState", .string(appState.rawValue))) }
    if let keepAlive = probe.keepAlive {
      members.append(("keepAlive", .string(keepAlive.rawValue)))
    }
    let values: [(String, Double?)] = [
      ("heartRate", probe.heartRate), ("activeEnergyBurned", probe.activeEnergyBurned),
      ("distance", probe.distance), ("stepCount", probe.stepCount),
    ]
    for case (let key, let value?) in values { members.append((key, .number(value))) }
    return .object(members)
  }

  private func encode(record: WorkoutRecord, includeSamples: Bool) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("activityType", .string(record.activityType.name)),
      ("activityTypeRawValue", .number(Double(record.activityType.rawValue))),
      ("duration", .number(record.duration.secondsValue)),
      ("endDate", .string(date(of: record.endDate))),
      ("events", .array(record.events.map(encode(event:)))),
      ("id", .string(record.id)),
      ("locationType", .string(record.locationType.name)),
      (
        "metadata",
        .object(
          record.metadata.sorted { $0.key < $1.key }.map { ($0.key, encode(metadata: $0.value)) })
      ),
      ("startDate", .string(date(of: record.startDate))),
      (
        "statistics",
        .object(
          record.statistics.sorted { $0.key.rawValue < $1.key.rawValue }.map {
            ($0.key.rawValue, encode(statistics: $0.value))
          })
      ),
      ("totalEnergyBurned", .number(record.totalEnergyBurned ?? 0)),
    ]
    if let distance = record.totalDistance { members.append(("totalDistance", .number(distance))) }
    if includeSamples {
      members.append(
        (
          "samples",
          .object(
            record.samples.sorted { $0.key.rawValue < $1.key.rawValue }.map {
              ($0.key.rawValue, encode(samples: $0.value, cumulative: $0.key.isCumulative))
            })
        ))
      if let route = route(from: record.startDate, to: record.endDate) {
        members.append(("route", route))
      }
    }
    return .object(members)
  }

  /// `route`: the track points with a position from `start` to `end` (both included), each
  /// `[at, latitude, longitude, altitude]` (altitude `null` when not recorded); `nil` when there
  /// are none (docs/run-result.md#samples-and-route: only for a course with positions).
  func route(from start: SimulationInstant, to end: SimulationInstant) -> JSONValue? {
    var low = 0
    var high = track.count
    while low < high {
      let middle = (low + high) / 2
      if track[middle].instant < start { low = middle + 1 } else { high = middle }
    }
    var points: [JSONValue] = []
    var index = low
    while index < track.count, track[index].instant <= end {
      let point = track[index]
      if let latitude = point.latitude, let longitude = point.longitude {
        points.append(
          .array([
            seconds(point.instant), .number(latitude), .number(longitude),
            point.altitude.map(JSONValue.number) ?? .null,
          ]))
      }
      index += 1
    }
    return points.isEmpty ? nil : .array(points)
  }

  private func encode(event: WorkoutEvent) -> JSONValue {
    .object([
      ("at", seconds(event.date)), ("date", .string(date(of: event.date))),
      ("rawValue", .number(Double(event.type.rawValue))), ("type", .string(event.type.name)),
    ])
  }

  private func encode(metadata: MetadataValue) -> JSONValue {
    switch metadata {
    case .bool(let value): .bool(value)
    case .number(let value): .number(value)
    case .string(let value): .string(value)
    }
  }

  private func encode(statistics: QuantityStatistics) -> JSONValue {
    switch statistics {
    case .discrete(let s):
      .object([
        ("average", .number(s.average)), ("count", .number(Double(s.count))),
        ("maximum", .number(s.maximum)), ("minimum", .number(s.minimum)),
        ("mostRecent", .number(s.mostRecent)),
        ("timeWeightedAverage", .number(s.timeWeightedAverage)),
      ])
    case .cumulative(let s):
      .object([("count", .number(Double(s.count))), ("sum", .number(s.sum))])
    }
  }

  private func encode(samples: SampleSeries, cumulative: Bool) -> JSONValue {
    .array(
      samples.map { sample in
        cumulative
          ? .array([seconds(sample.start), seconds(sample.end), .number(sample.value)])
          : .array([seconds(sample.start), .number(sample.value)])
      })
  }
}
