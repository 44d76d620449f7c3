import WorkoutCore
import WorkoutJSON
import WorkoutPhysiology
import WorkoutSystem

extension RunResult {
  /// The run result document of docs/run-result.md, canonically encoded (``JSONWriter``'s
  /// bytes: sorted keys, shortest numbers, pretty layout) straight from the typed result into a
  /// byte buffer, followed by a newline: what `workout-sim run --json` prints.
  ///
  /// Keys: `days` only for a scenario with a `health` key, `errors`, `format`, `generator`, `log`, `probes`, `records`, `scenario`, `seed`,
  /// `start`, `timeZone`, `version`, and `warnings` only when there are any. Three extend the
  /// spec (which allows added keys): `warnings` (strings for standard error, see
  /// ``warnings``); `start`, the wall-clock date of scenario time 0 (ISO 8601 with the offset
  /// of the time zone, as every date), and `timeZone`, the scenario's IANA time-zone name.
  ///
  /// - Parameter includeSamples: add each record's `samples` and, for a course with positions,
  ///   its `route` (`--samples`).
  /// - Returns: UTF-8 bytes ending in `\n`.
  public func encodedJSON(includeSamples: Bool = false) -> [UInt8] {
    var bytes: [UInt8] = []
    writeJSON(includeSamples: includeSamples, chunkSize: Int.max) { bytes += $0 }
    return bytes
  }

  /// Writes ``encodedJSON(includeSamples:)``'s bytes in chunks of about `chunkSize` bytes (cut
  /// between log entries, samples or other elements, so every chunk is whole UTF-8), so that a
  /// large document never has to be held whole: `run --json` passes each chunk to standard
  /// output.
  ///
  /// - Parameters:
  ///   - includeSamples: As for ``encodedJSON(includeSamples:)``.
  ///   - chunkSize: Bytes after which a chunk is handed over (default 1 MiB).
  ///   - output: Receives the chunks in order; their concatenation is the document.
  public func writeJSON(
    includeSamples: Bool = false, chunkSize: Int = 1 << 20, to output: ([UInt8]) -> Void
  ) {
    var json = JSONBuffer(capacity: min(chunkSize, 1 << 24) + 4096)
    let flush = { (json: inout JSONBuffer) in
      if json.count >= chunkSize { output(json.takeBytes()) }
    }
    write(into: &json, includeSamples: includeSamples, flush: flush)
    json.append(raw: [0x0A])
    output(json.takeBytes())
  }

  /// The document as a ``JSONValue``, read back from ``encodedJSON(includeSamples:)``: for
  /// `check`, whose paths address the document (docs/scenario-format.md#checks), and for callers
  /// that want to navigate the JSON rather than the typed result.
  public func document(includeSamples: Bool = false) -> JSONValue {
    do {
      return try JSONParser.parse(encodedJSON(includeSamples: includeSamples))
    } catch {
      preconditionFailure("RunResult: the canonical encoding did not parse back: \(error)")
    }
  }

  /// Writes the document (keys in canonical order) into `json`.
  func write(
    into json: inout JSONBuffer, includeSamples: Bool, flush: (inout JSONBuffer) -> Void
  ) {
    json.beginObject()
    if let days {
      json.key(ascii: "days")
      json.beginArray()
      for day in days { write(day: day, into: &json) }
      json.endArray()
      flush(&json)
    }
    json.key(ascii: "errors")
    json.beginArray()
    for error in errors { write(error: error, into: &json) }
    json.endArray()
    json.key(ascii: "format")
    json.string(ascii: "workout-sim.result")
    json.key(ascii: "generator")
    json.string(Simulation.generator)
    json.key(ascii: "log")
    json.beginArray()
    for entry in log {
      write(entry: entry, into: &json)
      flush(&json)
    }
    json.endArray()
    json.key(ascii: "probes")
    json.beginArray()
    for probe in probes { write(probe: probe, into: &json) }
    json.endArray()
    json.key(ascii: "records")
    json.beginArray()
    for record in records {
      write(record: record, includeSamples: includeSamples, into: &json, flush: flush)
    }
    json.endArray()
    json.key(ascii: "scenario")
    json.string(scenarioName)
    json.key(ascii: "seed")
    json.number(Double(seed))
    json.key(ascii: "start")
    json.string(date(of: .zero))
    json.key(ascii: "timeZone")
    json.string(timeZoneName)
    json.key(ascii: "version")
    json.integer(1)
    if !warnings.isEmpty {
      json.key(ascii: "warnings")
      json.beginArray()
      for warning in warnings { json.string(warning) }
      json.endArray()
    }
    json.endObject()
  }

  private func seconds(_ instant: SimulationInstant, into json: inout JSONBuffer) {
    json.number(instant.seconds)
  }

  /// `{ "activeEnergy", "date", "heartRateVariabilitySDNN" (when known), "respiratoryRate" (when
  /// known), "restingHeartRate" (when known), "sleep", "sleepStages": {
  /// "asleepCore", "asleepDeep", "asleepREM", "asleepUnspecified", "awake", "inBed" }, "steps":
  /// { "iPhone", "merged", "watch" }, "workouts" }` (docs/run-result.md#days).
  private func write(day: HealthDay, into json: inout JSONBuffer) {
    json.beginObject()
    json.key(ascii: "activeEnergy")
    json.number(day.activeEnergy)
    json.key(ascii: "date")
    json.string(day.date)
    if let variability = day.heartRateVariabilitySDNN {
      json.key(ascii: "heartRateVariabilitySDNN")
      json.number(variability)
    }
    if let breathing = day.respiratoryRate {
      json.key(ascii: "respiratoryRate")
      json.number(breathing)
    }
    if let resting = day.restingHeartRate {
      json.key(ascii: "restingHeartRate")
      json.number(resting)
    }
    json.key(ascii: "sleep")
    json.number(day.sleep)
    json.key(ascii: "sleepStages")
    json.beginObject()
    json.key(ascii: "asleepCore")
    json.number(day.sleepStages.asleepCore)
    json.key(ascii: "asleepDeep")
    json.number(day.sleepStages.asleepDeep)
    json.key(ascii: "asleepREM")
    json.number(day.sleepStages.asleepREM)
    json.key(ascii: "asleepUnspecified")
    json.number(day.sleepStages.asleepUnspecified)
    json.key(ascii: "awake")
    json.number(day.sleepStages.awake)
    json.key(ascii: "inBed")
    json.number(day.sleepStages.inBed)
    json.endObject()
    json.key(ascii: "steps")
    json.beginObject()
    json.key(ascii: "iPhone")
    json.number(day.steps.iPhone)
    json.key(ascii: "merged")
    json.number(day.steps.merged)
    json.key(ascii: "watch")
    json.number(day.steps.watch)
    json.endObject()
    json.key(ascii: "workouts")
    json.integer(day.workouts)
    json.endObject()
  }

  private func write(error: ErrorReport, into json: inout JSONBuffer) {
    json.beginObject()
    json.key(ascii: "action")
    json.string(error.action)
    json.key(ascii: "at")
    seconds(error.at, into: &json)
    json.key(ascii: "code")
    json.string(error.code)
    writeDevice(error.device, into: &json)
    json.key(ascii: "domain")
    json.string(error.domain)
    json.key(ascii: "message")
    json.string(error.message)
    json.endObject()
  }

  /// `"device": "phone"` for what the iPhone's own workouts' engine wrote (a log entry, an
  /// error, a probe); nothing for the watch's, whose bytes stay as they were
  /// (docs/run-result.md#log).
  private func writeDevice(_ device: WorkoutDevice, into json: inout JSONBuffer) {
    guard device == .phone else { return }
    json.key(ascii: "device")
    json.string(ascii: "phone")
  }

  /// A log entry; each kind's keys are listed here in canonical (byte) order, `session` among
  /// them where it sorts, and `device` (the phone engine's entries only, ``writeDevice(_:into:)``)
  /// where it sorts; the `link`, `mirroring` and `system` kinds have their own `device` (the
  /// side concerned) and the phone's engine writes none of them.
  private func write(entry: LogEntry, into json: inout JSONBuffer) {
    let session = entry.session.flatMap { $0 > 0 ? $0 : nil }
    func writeSession(_ json: inout JSONBuffer) {
      if let session {
        json.key(ascii: "session")
        json.integer(session)
      }
    }
    json.beginObject()
    switch entry.kind {
    case .stateChange(let from, let to):
      // at, device, from, kind, session, to
      json.key(ascii: "at")
      seconds(entry.at, into: &json)
      writeDevice(entry.device, into: &json)
      json.key(ascii: "from")
      json.string(from.name)
      json.key(ascii: "kind")
      json.string(ascii: "stateChange")
      writeSession(&json)
      json.key(ascii: "to")
      json.string(to.name)
    case .event(let type):
      // at, device, kind, session, type
      json.key(ascii: "at")
      seconds(entry.at, into: &json)
      writeDevice(entry.device, into: &json)
      json.key(ascii: "kind")
      json.string(ascii: "event")
      writeSession(&json)
      json.key(ascii: "type")
      json.string(type.name)
    case .error(let report):
      // action, at, code, device, domain, kind, message, session
      json.key(ascii: "action")
      json.string(report.action)
      json.key(ascii: "at")
      seconds(entry.at, into: &json)
      json.key(ascii: "code")
      json.string(report.code)
      writeDevice(entry.device, into: &json)
      json.key(ascii: "domain")
      json.string(report.domain)
      json.key(ascii: "kind")
      json.string(ascii: "error")
      json.key(ascii: "message")
      json.string(report.message)
      writeSession(&json)
    case .dataCollected(let types, let count):
      // at, count, device, kind, session, types
      json.key(ascii: "at")
      seconds(entry.at, into: &json)
      json.key(ascii: "count")
      json.integer(count)
      writeDevice(entry.device, into: &json)
      json.key(ascii: "kind")
      json.string(ascii: "dataCollected")
      writeSession(&json)
      json.key(ascii: "types")
      json.beginArray()
      for type in Self.typesInByteOrder where types.contains(type) { json.string(type.rawValue) }
      json.endArray()
    case .record(let id):
      // at, device, id, kind, session
      json.key(ascii: "at")
      seconds(entry.at, into: &json)
      writeDevice(entry.device, into: &json)
      json.key(ascii: "id")
      json.string(id)
      json.key(ascii: "kind")
      json.string(ascii: "record")
      writeSession(&json)
    case .wallClockDate(let action):
      // action, at, device, kind, session
      json.key(ascii: "action")
      json.string(action)
      json.key(ascii: "at")
      seconds(entry.at, into: &json)
      writeDevice(entry.device, into: &json)
      json.key(ascii: "kind")
      json.string(ascii: "wallClockDate")
      writeSession(&json)
    case .backgroundDelivery(let delivery):
      // at, attempt, device, event, frequency, kind, type
      json.key(ascii: "at")
      seconds(entry.at, into: &json)
      if let attempt = delivery.attempt {
        json.key(ascii: "attempt")
        json.integer(attempt)
      }
      writeDevice(entry.device, into: &json)
      json.key(ascii: "event")
      json.string(delivery.event.rawValue)
      if let frequency = delivery.frequency {
        json.key(ascii: "frequency")
        json.string(frequency)
      }
      json.key(ascii: "kind")
      json.string(ascii: "backgroundDelivery")
      json.key(ascii: "type")
      json.string(delivery.type)
    case .activity(let change, let type):
      // activity, at, change, device, index, kind, session
      json.key(ascii: "activity")
      json.string(type.name)
      json.key(ascii: "at")
      seconds(entry.at, into: &json)
      json.key(ascii: "change")
      switch change {
      case .began(let index):
        json.string(ascii: "began")
        writeDevice(entry.device, into: &json)
        json.key(ascii: "index")
        json.integer(index)
      case .ended(let index):
        json.string(ascii: "ended")
        writeDevice(entry.device, into: &json)
        json.key(ascii: "index")
        json.integer(index)
      }
      json.key(ascii: "kind")
      json.string(ascii: "activity")
      writeSession(&json)
    case .link(let event):
      writeLink(event, at: entry.at, into: &json)
    case .mirroring(let mirroring):
      writeSystem(mirroring.systemEvent, at: entry.at, into: &json)
    case .system(let event):
      writeSystem(event, at: entry.at, into: &json)
    case .motion(let event):
      // activity, at, device, duration, end, event, kind, start
      json.key(ascii: "activity")
      json.string(event.activity.rawValue)
      json.key(ascii: "at")
      seconds(entry.at, into: &json)
      writeDevice(entry.device, into: &json)
      if let end = event.end {
        json.key(ascii: "duration")
        json.number(event.start.duration(to: end).secondsValue)
        json.key(ascii: "end")
        seconds(end, into: &json)
      }
      json.key(ascii: "event")
      json.string(event.event.rawValue)
      json.key(ascii: "kind")
      json.string(ascii: "motion")
      json.key(ascii: "start")
      seconds(event.start, into: &json)
    case .authorizationSheet(let share, let read):
      // at, device, kind, read, session, share
      json.key(ascii: "at")
      seconds(entry.at, into: &json)
      writeDevice(entry.device, into: &json)
      json.key(ascii: "kind")
      json.string(ascii: "authorizationSheet")
      json.key(ascii: "read")
      json.beginArray()
      for identifier in read { json.string(identifier) }
      json.endArray()
      writeSession(&json)
      json.key(ascii: "share")
      json.beginArray()
      for identifier in share { json.string(identifier) }
      json.endArray()
    case .unfinished:
      // at, device, kind, session
      json.key(ascii: "at")
      seconds(entry.at, into: &json)
      writeDevice(entry.device, into: &json)
      json.key(ascii: "kind")
      json.string(ascii: "unfinished")
      writeSession(&json)
    case .appState(let change):
      // at, cause, device, from, keepAlive, kind, session, to
      json.key(ascii: "at")
      seconds(entry.at, into: &json)
      json.key(ascii: "cause")
      json.string(change.cause.rawValue)
      writeDevice(entry.device, into: &json)
      json.key(ascii: "from")
      json.string(change.from.rawValue)
      json.key(ascii: "keepAlive")
      json.string(change.keepAlive.rawValue)
      json.key(ascii: "kind")
      json.string(ascii: "appState")
      writeSession(&json)
      json.key(ascii: "to")
      json.string(change.to.rawValue)
    case .extendedRuntime(let event):
      // at, device, errorCode, event, expiresAt, kind, reason, reasonRawValue, runtimeSession,
      // scheduledFor, session, sessionType, state
      json.key(ascii: "at")
      seconds(entry.at, into: &json)
      writeDevice(entry.device, into: &json)
      if case .invalidated(_, let error?) = event.change {
        json.key(ascii: "errorCode")
        json.string(error.name)
      }
      json.key(ascii: "event")
      json.string(event.change.word)
      switch event.change {
      case .started(let instant), .willExpire(let instant):
        json.key(ascii: "expiresAt")
        seconds(instant, into: &json)
      case .scheduled, .invalidated, .terminated: break
      }
      json.key(ascii: "kind")
      json.string(ascii: "extendedRuntime")
      if case .invalidated(let reason, _) = event.change {
        json.key(ascii: "reason")
        json.string(reason.name)
        json.key(ascii: "reasonRawValue")
        json.integer(Int(reason.rawValue))
      }
      json.key(ascii: "runtimeSession")
      json.integer(event.session)
      if case .scheduled(let instant) = event.change {
        json.key(ascii: "scheduledFor")
        seconds(instant, into: &json)
      }
      writeSession(&json)
      json.key(ascii: "sessionType")
      json.string(event.type.rawValue)
      json.key(ascii: "state")
      json.string(event.state.name)
    }
    json.endObject()
  }

  private func write(probe: Probe, into json: inout JSONBuffer) {
    // activeEnergyBurned, appState, at, device, distance, elapsed, heartRate, keepAlive, state,
    // stepCount
    json.beginObject()
    if let value = probe.activeEnergyBurned {
      json.key(ascii: "activeEnergyBurned")
      json.number(value)
    }
    if let appState = probe.appState {
      json.key(ascii: "appState")
      json.string(appState.rawValue)
    }
    json.key(ascii: "at")
    seconds(probe.at, into: &json)
    writeDevice(probe.device, into: &json)
    if let value = probe.distance {
      json.key(ascii: "distance")
      json.number(value)
    }
    if let elapsed = probe.elapsed {
      json.key(ascii: "elapsed")
      json.number(elapsed.secondsValue)
    }
    if let value = probe.heartRate {
      json.key(ascii: "heartRate")
      json.number(value)
    }
    if let keepAlive = probe.keepAlive {
      json.key(ascii: "keepAlive")
      json.string(keepAlive.rawValue)
    }
    if let state = probe.state {
      json.key(ascii: "state")
      json.string(state.name)
    }
    if let value = probe.stepCount {
      json.key(ascii: "stepCount")
      json.number(value)
    }
    json.endObject()
  }

  /// A metadata object, keys in byte order: booleans, numbers and strings as themselves, dates
  /// as date strings, quantities as `{"unit", "value"}`.
  func write(metadata: [String: MetadataValue], into json: inout JSONBuffer) {
    json.beginObject()
    for (key, value) in metadata.sorted(by: { Self.byteOrder($0.key, $1.key) }) {
      json.key(key)
      switch value {
      case .bool(let flag): json.bool(flag)
      case .number(let number): json.number(number)
      case .string(let text): json.string(text)
      case .date(let instant): json.string(date(of: instant))
      case .quantity(let number, let unit):
        // unit, value
        json.beginObject()
        json.key(ascii: "unit")
        json.string(unit)
        json.key(ascii: "value")
        json.number(number)
        json.endObject()
      }
    }
    json.endObject()
  }

  func write(
    record: WorkoutRecord, includeSamples: Bool, into json: inout JSONBuffer,
    flush: (inout JSONBuffer) -> Void
  ) {
    // activities, activityType, activityTypeRawValue, device (the phone's only), duration,
    // endDate, events, id,
    // locationType, metadata, route, samples, startDate, statistics, totalDistance,
    // totalEnergyBurned, zones
    json.beginObject()
    write(activities: record.activities, into: &json)
    json.key(ascii: "activityType")
    json.string(record.activityType.name)
    json.key(ascii: "activityTypeRawValue")
    json.integer(Int(record.activityType.rawValue))
    if record.device == .phone {
      // Only the iPhone's own workouts name their device: a watch's record keeps its bytes.
      json.key(ascii: "device")
      json.string(record.device.rawValue)
    }
    json.key(ascii: "duration")
    json.number(record.duration.secondsValue)
    json.key(ascii: "endDate")
    json.string(date(of: record.endDate))
    write(events: record.events, into: &json)
    json.key(ascii: "id")
    json.string(record.id)
    json.key(ascii: "locationType")
    json.string(record.locationType.name)
    json.key(ascii: "metadata")
    write(metadata: record.metadata, into: &json)
    if includeSamples {
      writeRoute(from: record.startDate, to: record.endDate, into: &json)
      json.key(ascii: "samples")
      json.beginObject()
      for (type, series) in record.samples.sorted(by: {
        Self.byteOrder($0.key.rawValue, $1.key.rawValue)
      }) {
        json.key(type.rawValue)
        json.beginArray()
        let cumulative = type.isCumulative
        for sample in series {
          json.beginArray()
          seconds(sample.start, into: &json)
          if cumulative { seconds(sample.end, into: &json) }
          json.number(sample.value)
          json.endArray()
          flush(&json)
        }
        json.endArray()
      }
      json.endObject()
    }
    json.key(ascii: "startDate")
    json.string(date(of: record.startDate))
    write(statistics: record.statistics, into: &json)
    if let distance = record.totalDistance {
      json.key(ascii: "totalDistance")
      json.number(distance)
    }
    json.key(ascii: "totalEnergyBurned")
    json.number(record.totalEnergyBurned ?? 0)
    let power = cyclingPowerZoneDurations(of: record)
    let heart = heartRateZoneDurations(of: record)
    if power != nil || heart != nil {
      // zones: { cyclingPower?: { boundaries, durations }, heartRate?: { ... } }
      // (docs/run-result.md#zones)
      json.key(ascii: "zones")
      json.beginObject()
      if let power {
        write(zone: "cyclingPower", boundaries: cyclingPowerZoneBoundaries, power, into: &json)
      }
      if let heart {
        write(zone: "heartRate", boundaries: heartRateZoneBoundaries, heart, into: &json)
      }
      json.endObject()
    }
    json.endObject()
  }

  /// `<key>: { boundaries, durations }` of one zone type.
  private func write(
    zone key: StaticString, boundaries: [Double], _ durations: [Double],
    into json: inout JSONBuffer
  ) {
    json.key(ascii: key)
    json.beginObject()
    json.key(ascii: "boundaries")
    json.beginArray()
    for boundary in boundaries { json.number(boundary) }
    json.endArray()
    json.key(ascii: "durations")
    json.beginArray()
    for duration in durations { json.number(duration) }
    json.endArray()
    json.endObject()
  }

  /// `events`: each `{at, date, duration?, metadata?, rawValue, type}`.
  private func write(events: [WorkoutEvent], into json: inout JSONBuffer) {
    json.key(ascii: "events")
    json.beginArray()
    for event in events {
      // at, date, duration (only when not zero), metadata (only when not empty), rawValue, type
      json.beginObject()
      json.key(ascii: "at")
      seconds(event.date, into: &json)
      json.key(ascii: "date")
      json.string(date(of: event.date))
      if event.duration != .zero {
        json.key(ascii: "duration")
        json.number(event.duration.secondsValue)
      }
      if !event.metadata.isEmpty {
        json.key(ascii: "metadata")
        write(metadata: event.metadata, into: &json)
      }
      json.key(ascii: "rawValue")
      json.integer(Int(event.type.rawValue))
      json.key(ascii: "type")
      json.string(event.type.name)
      json.endObject()
    }
    json.endArray()
  }

  /// `statistics`: per type in byte order, a discrete type's average, count, maximum, minimum,
  /// mostRecent and timeWeightedAverage, a cumulative type's count and sum.
  private func write(
    statistics: [QuantityType: QuantityStatistics], into json: inout JSONBuffer
  ) {
    json.key(ascii: "statistics")
    json.beginObject()
    for (type, values) in statistics.sorted(by: {
      Self.byteOrder($0.key.rawValue, $1.key.rawValue)
    }) {
      json.key(type.rawValue)
      json.beginObject()
      switch values {
      case .discrete(let s):
        json.key(ascii: "average")
        json.number(s.average)
        json.key(ascii: "count")
        json.integer(s.count)
        json.key(ascii: "maximum")
        json.number(s.maximum)
        json.key(ascii: "minimum")
        json.number(s.minimum)
        json.key(ascii: "mostRecent")
        json.number(s.mostRecent)
        json.key(ascii: "timeWeightedAverage")
        json.number(s.timeWeightedAverage)
      case .cumulative(let s):
        json.key(ascii: "count")
        json.integer(s.count)
        json.key(ascii: "sum")
        json.number(s.sum)
      }
      json.endObject()
    }
    json.endObject()
  }

  /// `activities` (only when the app began any; docs/run-result.md#the-finished-workout-record):
  /// each `{activityType, activityTypeRawValue, duration, endDate, events, locationType,
  /// metadata?, startDate, statistics}`.
  private func write(activities: [WorkoutActivityRecord], into json: inout JSONBuffer) {
    guard !activities.isEmpty else { return }
    json.key(ascii: "activities")
    json.beginArray()
    for activity in activities {
      json.beginObject()
      json.key(ascii: "activityType")
      json.string(activity.activityType.name)
      json.key(ascii: "activityTypeRawValue")
      json.integer(Int(activity.activityType.rawValue))
      json.key(ascii: "duration")
      json.number(activity.duration.secondsValue)
      json.key(ascii: "endDate")
      json.string(date(of: activity.endDate ?? activity.startDate))
      write(events: activity.events, into: &json)
      json.key(ascii: "locationType")
      json.string(activity.locationType.name)
      if !activity.metadata.isEmpty {
        json.key(ascii: "metadata")
        write(metadata: activity.metadata, into: &json)
      }
      json.key(ascii: "startDate")
      json.string(date(of: activity.startDate))
      write(statistics: activity.statistics, into: &json)
      json.endObject()
    }
    json.endArray()
  }

  /// `route`: the track points with a position from `start` to `end` (both included), each
  /// `[at, latitude, longitude, altitude]` (altitude `null` when not recorded); nothing when
  /// there are none (docs/run-result.md#samples-and-route: only for a course with positions).
  private func writeRoute(
    from start: SimulationInstant, to end: SimulationInstant, into json: inout JSONBuffer
  ) {
    let points = routePoints(from: start, to: end)
    guard !points.isEmpty else { return }
    json.key(ascii: "route")
    json.beginArray()
    for point in points {
      json.beginArray()
      seconds(point.instant, into: &json)
      json.number(point.latitude ?? 0)
      json.number(point.longitude ?? 0)
      if let altitude = point.altitude { json.number(altitude) } else { json.null() }
      json.endArray()
    }
    json.endArray()
  }

  /// The track points with a position from `start` to `end` (both included), in time order: a
  /// record's route (docs/run-result.md#samples-and-route).
  public func routePoints(from start: SimulationInstant, to end: SimulationInstant)
    -> [TrackPoint]
  {
    var low = 0
    var high = track.count
    while low < high {
      let middle = (low + high) / 2
      if track[middle].instant < start { low = middle + 1 } else { high = middle }
    }
    var upper = low
    while upper < track.count, track[upper].instant <= end { upper += 1 }
    return track[low..<upper].filter { $0.latitude != nil && $0.longitude != nil }
  }

  /// Every quantity type, by the UTF-8 bytes of its name (the order of a `dataCollected`
  /// entry's `types`).
  static let typesInByteOrder = QuantityType.allCases.sorted {
    byteOrder($0.rawValue, $1.rawValue)
  }

  /// Canonical key order: by UTF-8 bytes.
  static func byteOrder(_ lhs: String, _ rhs: String) -> Bool {
    lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
  }
}

extension RunResult {
  /// A `system` entry (docs/run-result.md#log): `at`, `details` (keys sorted), `event`,
  /// `framework`, `identifier`, `kind`; a mirroring entry is written as one of framework
  /// `HealthKit`.
  func writeSystem(_ event: SystemEvent, at: SimulationInstant, into json: inout JSONBuffer) {
    json.key(ascii: "at")
    seconds(at, into: &json)
    json.key(ascii: "details")
    json.beginObject()
    for key in event.details.keys.sorted() {
      json.key(key)
      switch event.details[key]! {
      case .string(let text): json.string(text)
      case .integer(let value): json.integer(value)
      case .bool(let flag): json.bool(flag)
      case .instant(let instant): seconds(instant, into: &json)
      }
    }
    json.endObject()
    json.key(ascii: "event")
    json.string(event.event)
    json.key(ascii: "framework")
    json.string(event.framework.rawValue)
    json.key(ascii: "identifier")
    json.string(event.identifier)
    json.key(ascii: "kind")
    json.string(ascii: "system")
  }

  /// A `link` entry (docs/run-result.md#log): `at`, `change`, `kind`, and where they apply
  /// `bytes`, `code`, `device`, `errorCode`, `from`, `isReachable`, `payload`, `replyExpected`,
  /// `state`, `to`, `transfer`, `transferKind`; keys sorted.
  func writeLink(_ event: LinkEvent, at: SimulationInstant, into json: inout JSONBuffer) {
    var device: CompanionDevice?
    var from: CompanionDevice?
    var to: CompanionDevice?
    var kind: LinkTransferKind?
    var payload: LinkPayload?
    var reachable: Bool?
    var state: PhoneAppState?
    var replyExpected: Bool?
    var code: LinkErrorCode?
    switch event.change {
    case .activated(let side): device = side
    case .reachability(let side, let isReachable):
      device = side
      reachable = isReachable
    case .phoneApp(let phoneState):
      device = .phone
      state = phoneState
    case .watchState: device = .phone
    case .queued(let transferKind, let sender), .finished(let transferKind, let sender),
      .cancelled(let transferKind, let sender):
      kind = transferKind
      from = sender
    case .delivered(let transferKind, let receiver, let body, let expected):
      kind = transferKind
      to = receiver
      payload = body
      replyExpected = expected
    case .replied(let receiver, let body):
      to = receiver
      payload = body
    case .failed(let transferKind, let sender, let error):
      kind = transferKind
      from = sender
      code = error
    case .contextReplaced(let sender):
      kind = .applicationContext
      from = sender
    }
    json.key(ascii: "at")
    seconds(at, into: &json)
    if let payload {
      json.key(ascii: "bytes")
      json.integer(payload.byteCount)
    }
    json.key(ascii: "change")
    json.string(event.change.word)
    if let code {
      json.key(ascii: "code")
      json.integer(code.rawValue)
    }
    if let device {
      json.key(ascii: "device")
      json.string(device.rawValue)
    }
    if let code {
      json.key(ascii: "errorCode")
      json.string(code.name)
    }
    if let from {
      json.key(ascii: "from")
      json.string(from.rawValue)
    }
    if let reachable {
      json.key(ascii: "isReachable")
      json.bool(reachable)
    }
    json.key(ascii: "kind")
    json.string(ascii: "link")
    if let payload {
      json.key(ascii: "payload")
      json.string(payload.text)
    }
    if let replyExpected {
      json.key(ascii: "replyExpected")
      json.bool(replyExpected)
    }
    if let state {
      json.key(ascii: "state")
      json.string(state.rawValue)
    }
    if let to {
      json.key(ascii: "to")
      json.string(to.rawValue)
    }
    if let transfer = event.transfer {
      json.key(ascii: "transfer")
      json.integer(transfer)
    }
    if let kind {
      json.key(ascii: "transferKind")
      json.string(kind.rawValue)
    }
  }
}
