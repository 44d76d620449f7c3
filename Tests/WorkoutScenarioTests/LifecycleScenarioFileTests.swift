import Foundation
import Testing
import WorkoutCore
import WorkoutJSON
import WorkoutPhysiology
import WorkoutScenario

/// The repository root, found from this file's path.
private let root = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

private func runtimeScenarios() -> [String] {
  let folder = root.appendingPathComponent("Scenarios").path
  let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
  return names.filter { $0.hasPrefix("runtime-") && $0.hasSuffix(".json") }.sorted()
}

private func seconds(_ instant: SimulationInstant) -> JSONValue {
  .number(Double(instant.nanoseconds) / 1e9)
}

private func seconds(_ duration: Duration) -> JSONValue {
  .number(duration.secondsValue)
}

/// A minimal run of a scenario on the engine with the lifecycle model on, encoded with the field
/// names the result (result-v1.md) uses for the kinds issue 7 adds. Only what the runtime-*
/// scenarios check is encoded; the real mapping and encoding live in WorkoutSimulation.
private struct MiniRun {
  var log: [JSONValue] = []
  var probes: [JSONValue] = []
  var errors: [JSONValue] = []
  var records: [JSONValue] = []

  init(_ scenario: Scenario) throws {
    var schedules: [QuantityType: SampleSchedule] = [:]
    var sensors: [QuantityType: SensorConfiguration] = [:]
    for type in QuantityType.allCases {
      let settings = scenario.sensorSettings(for: type)
      schedules[type] = SampleSchedule(
        enabled: settings.enabled, interval: settings.interval, lockOn: settings.lockOn,
        dropouts: settings.dropouts)
      sensors[type] = SensorConfiguration(
        for: type, enabled: settings.enabled, interval: settings.interval,
        noise: settings.noise, constant: settings.constant, lockOn: settings.lockOn,
        dropouts: settings.dropouts, cadenceLock: settings.cadenceLock)
    }
    guard case .segments(let segments) = scenario.course else {
      throw CourseError.tooLong
    }
    let course = try Course(
      segments: segments.map {
        CourseSegment(
          duration: $0.duration, speed: $0.speed, grade: $0.grade, power: $0.power,
          cadence: $0.cadence)
      })
    let source = PhysiologyDataSource(course: course, sensors: sensors, seed: scenario.seed)
    let configuration = WorkoutEngineConfiguration(
      seed: scenario.seed, activity: scenario.activity, location: scenario.location,
      shouldCollectWorkoutEvents: scenario.builder.shouldCollectWorkoutEvents,
      finish: scenario.finish == .auto ? .auto : .manual, schedules: schedules,
      watch: scenario.watch)
    var engine = WorkoutEngine(configuration: configuration, dataSource: source)
    for action in scenario.timeline {
      let app: AppAction
      switch action.kind {
      case .probe:
        probes.append(Self.encode(engine.probe(at: action.at)))
        continue
      case .prepare: app = .prepare
      case .start: app = .start
      case .pause: app = .pause
      case .resume: app = .resume
      case .stop: app = .stop
      case .end: app = .end
      case .endCollection: app = .endCollection
      case .finishWorkout: app = .finishWorkout
      case .lap: app = .lap
      case .marker: app = .marker
      case .segment: app = .segment
      case .addEvent(let type):
        app = .addEvent(WorkoutCore.WorkoutEventType(rawValue: type.rawValue) ?? .marker)
      case .newSession(let activity): app = .newSession(activity: activity)
      case .crash: app = .crash
      case .relaunch(let recover): app = .relaunch(recover: recover)
      case .wristDown: app = .wristDown
      case .wristUp: app = .wristUp
      case .crownPress: app = .crownPress
      case .openApp: app = .openApp
      case .extendedRuntime(let operation): app = .extendedRuntime(operation)
      }
      engine.perform(app, at: action.at)
    }
    engine.finishRun(at: scenario.timeline.last?.at ?? .zero)
    log = engine.log.map(Self.encode)
    errors = engine.errors.map(Self.encode)
    records = engine.records.map(Self.encode)
  }

  static func encode(_ report: ErrorReport) -> JSONValue {
    .object([
      ("action", .string(report.action)), ("at", seconds(report.at)),
      ("code", .string(report.code)), ("domain", .string(report.domain)),
      ("message", .string(report.message)),
    ])
  }

  static func encode(_ probe: Probe) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [("at", seconds(probe.at))]
    if let state = probe.state { members.append(("state", .string(state.name))) }
    if let elapsed = probe.elapsed { members.append(("elapsed", seconds(elapsed))) }
    if let appState = probe.appState { members.append(("appState", .string(appState.rawValue))) }
    if let keepAlive = probe.keepAlive {
      members.append(("keepAlive", .string(keepAlive.rawValue)))
    }
    return .object(members)
  }

  static func encode(_ record: WorkoutRecord) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("duration", seconds(record.duration)),
      (
        "events",
        .array(
          record.events.map {
            .object([
              ("at", seconds($0.date)), ("rawValue", .number(Double($0.type.rawValue))),
              ("type", .string($0.type.name)),
            ])
          })
      ),
    ]
    if let distance = record.totalDistance { members.append(("totalDistance", .number(distance))) }
    if let heartRate = record.statistics[.heartRate]?.discreteValue {
      members.append(
        (
          "statistics",
          .object([
            (
              "heartRate",
              .object([
                ("average", .number(heartRate.average)),
                ("count", .number(Double(heartRate.count))),
              ])
            )
          ])
        ))
    }
    return .object(members)
  }

  static func encode(_ entry: LogEntry) -> JSONValue {
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
        ("kind", .string("error")), ("code", .string(report.code)),
        ("domain", .string(report.domain)), ("action", .string(report.action)),
      ]
    case .dataCollected(_, let count):
      members += [("kind", .string("dataCollected")), ("count", .number(Double(count)))]
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
    return .object(members)
  }

  func collection(_ name: Check.Collection) -> [JSONValue] {
    switch name {
    case .records: records
    case .probes: probes
    case .errors: errors
    case .log: log
    }
  }

  /// The value at a dotted path with `[index]` parts, or `nil`.
  static func value(at path: String, in value: JSONValue) -> JSONValue? {
    var current: JSONValue? = value
    for part in path.split(separator: ".") {
      let pieces = part.split(separator: "[")
      current = current?[String(pieces[0])]
      for index in pieces.dropFirst() {
        guard case .array(let items) = current, let position = Int(index.dropLast()),
          items.indices.contains(position)
        else { return nil }
        current = items[position]
      }
    }
    return current
  }

  static func matches(_ actual: JSONValue?, _ expected: JSONValue) -> Bool {
    if case .number(let a) = actual, case .number(let b) = expected {
      return a == b || abs(a - b) <= 1e-9 * max(abs(a), abs(b))
    }
    return actual == expected
  }

  /// `nil` when the check holds, else a description of the failure.
  func failure(of check: Check) -> String? {
    let actual: JSONValue?
    switch check.selector {
    case .element(let name, let index, let path):
      let items = collection(name)
      actual = items.indices.contains(index) ? Self.value(at: path, in: items[index]) : nil
    case .count(let name, let conditions):
      let count = collection(name).filter { item in
        conditions.allSatisfy { Self.matches(item[$0.key], $0.value) }
      }.count
      actual = .number(Double(count))
    }
    switch check.comparison {
    case .equals(let expected):
      return Self.matches(actual, expected)
        ? nil : "\(check.location): got \(String(describing: actual))"
    case .between(let low, let high):
      guard case .number(let number) = actual, number >= low, number <= high else {
        return "\(check.location): got \(String(describing: actual))"
      }
      return nil
    case .absent:
      return actual == nil ? nil : "\(check.location): present"
    }
  }
}

@Suite("The runtime-* scenario files hold on the engine")
struct LifecycleScenarioFileTests {
  @Test func thereAreRuntimeScenarios() {
    #expect(runtimeScenarios().count >= 10)
  }

  @Test(arguments: runtimeScenarios())
  func expectationsHold(name: String) throws {
    let url = root.appendingPathComponent("Scenarios").appendingPathComponent(name)
    let scenario = try Scenario.load(contentsOf: url)
    #expect(!scenario.expect.isEmpty)
    let run = try MiniRun(scenario)
    for check in scenario.expect {
      let failure = run.failure(of: check)
      #expect(failure == nil, "\(name): \(failure ?? "")")
    }
  }
}
