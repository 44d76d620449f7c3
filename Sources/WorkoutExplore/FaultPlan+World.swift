import WorkoutCore
import WorkoutScenario
import WorkoutSystem

/// A fault set that a scenario cannot carry: `lock` for a scenario without a `health` key
/// (the phone's lock periods are `health.lock.periods`). docs/explore.md#faults.
public struct FaultSetError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The fault kind refused.
  public var kind: Fault.Kind
  /// Why, and what to write instead.
  public var message: String

  /// The refusal of `kind` with `message`.
  public init(kind: Fault.Kind, message: String) {
    self.kind = kind
    self.message = message
  }

  /// `fault "lock": <message>`.
  public var description: String { "fault \"\(kind.rawValue)\": \(message)" }
}

/// A scenario whose timeline gives faults no room (``FaultPlan/span(of:)`` is `nil`): it ends
/// before 3 s, or it has none (a Swift test's app makes the workout's calls, so its scenario
/// may have no timeline at all). Refused by both doors, so no exploration passes without
/// drawing a fault.
public struct FaultSpanError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A refusal.
  public init() {}

  /// What is wrong and what to add.
  public var description: String {
    "timeline: explore draws faults from 1 s to 1 s before the timeline's last action, and this timeline ends before 3 s; give it actions that last the workout (a Swift test's scenario: a probe where the test's workout ends, {\"at\": \"30:00\", \"do\": \"probe\"})"
  }
}

extension FaultPlan {
  /// Refuses a scenario whose timeline leaves faults no room (``span(of:)`` is `nil`).
  ///
  /// - Throws: ``FaultSpanError``.
  public static func checkSpan(of scenario: Scenario) throws(FaultSpanError) {
    guard span(of: scenario) != nil else { throw FaultSpanError() }
  }

  /// Refuses fault kinds `scenario` cannot carry: `lock` without a `health` key; `dst` when
  /// the scenario's start cannot move to a daylight-saving transition (`start: "now"`, a
  /// replayed recording without `start`, a zone without transitions such as `UTC`).
  ///
  /// - Throws: ``FaultSetError`` naming the first such kind.
  public static func checkApplicable(_ kinds: [Fault.Kind], to scenario: Scenario)
    throws(FaultSetError)
  {
    if kinds.contains(.lock), scenario.health == nil {
      throw FaultSetError(
        kind: .lock,
        message:
          "the phone's lock periods are health.lock, and the scenario has no \"health\" key; add one (\"health\": { \"days\": 1 }) or leave lock out of the faults (--faults, faults:)"
      )
    }
    if kinds.contains(.dst), scenario.daylightSavingStart(transitionAt: 0) == nil {
      throw FaultSetError(
        kind: .dst,
        message:
          "a daylight-saving night moves the world's start to a transition of its timeZone (\(scenario.timeZone)), and this scenario's zone has none within 400 days of its start, or its start is \"now\" or a recording's; give a fixed \"start\" and a zone that changes (\"timeZone\": \"Europe/Berlin\") or leave dst out of the faults (--faults, faults:)"
      )
    }
  }

  /// The kinds drawn when none are named (`--faults` left out, `faults: nil`): every kind the
  /// scenario can carry (``checkApplicable(_:to:)``), in ``Fault/Kind`` order.
  public static func applicableKinds(of scenario: Scenario) -> [Fault.Kind] {
    Fault.Kind.allCases.filter { kind in
      (try? checkApplicable([kind], to: scenario)) != nil
    }
  }

  /// The timeline actions the plan's faults add, each with the instant it happens at, in plan
  /// order (a fault's begin before its end).
  var timelineActions: [(at: SimulationInstant, action: Scenario.Action.Kind)] {
    var actions: [(at: SimulationInstant, action: Scenario.Action.Kind)] = []
    for fault in faults {
      switch fault.kind {
      case .crash, .crashRecover:
        actions.append((fault.at, .app(.crash)))
        actions.append((fault.end, .app(.relaunch(recover: fault.kind == .crashRecover))))
      case .wrist:
        actions.append((fault.at, .app(.wristDown)))
        actions.append((fault.end, .app(.wristUp)))
      case .phoneAway:
        actions.append((fault.at, .app(.phone(.away))))
        actions.append((fault.end, .app(.phone(.back))))
      case .timezoneTrip:
        if let zone = fault.timeZone { actions.append((fault.at, .timeZone(zone))) }
      case .offline, .lock, .sensorDropout, .notificationsOff, .authDenied, .httpError,
        .httpHang, .taskExpiry, .dst:
        break
      }
    }
    return actions
  }

  /// Where the merged timeline takes each action from: the scenario's own (by index) or the
  /// plan's (by index into ``timelineActions``). The scenario's actions keep their order; a
  /// fault's action goes after every scenario action at or before its instant, and the fault
  /// actions among themselves sort by instant, stably.
  func mergedTimeline(_ timeline: [Scenario.Action]) -> [(fromScenario: Bool, index: Int)] {
    let added = timelineActions.enumerated().sorted {
      ($0.element.at, $0.offset) < ($1.element.at, $1.offset)
    }
    var merged: [(fromScenario: Bool, index: Int)] = []
    merged.reserveCapacity(timeline.count + added.count)
    var next = 0
    for (index, action) in timeline.enumerated() {
      while next < added.count, added[next].element.at < action.at {
        merged.append((false, added[next].offset))
        next += 1
      }
      merged.append((true, index))
    }
    while next < added.count {
      merged.append((false, added[next].offset))
      next += 1
    }
    return merged
  }

  /// The world: `scenario` with ``seed`` as its `seed` and the faults written in as its own
  /// timeline actions and keys (no JSON in between; docs/explore.md#faults). Timeline actions
  /// are renumbered `timeline[i]` in their new order, as a file with them would be decoded, so
  /// the world written as a file (``worldDocument(from:scenario:)``) runs to the same bytes.
  ///
  /// - Throws: ``FaultSetError`` for a `lock` fault when the scenario has no `health` key.
  public func world(from scenario: Scenario) throws(FaultSetError) -> Scenario {
    try Self.checkApplicable(faults.map(\.kind), to: scenario)
    var world = scenario
    world.seed = seed
    let added = timelineActions
    world.timeline = mergedTimeline(scenario.timeline).enumerated().map { position, source in
      let location = "timeline[\(position)]"
      if source.fromScenario {
        var action = scenario.timeline[source.index]
        action.location = location
        return action
      }
      let fault = added[source.index]
      return Scenario.Action(at: fault.at, kind: fault.action, location: location)
    }
    for fault in faults {
      let span = fault.at..<fault.end
      switch fault.kind {
      case .offline: world.phone.offline.append(span)
      case .httpError: world.phone.serverErrors.append(span)
      case .httpHang: world.phone.hangs.append(span)
      case .taskExpiry: world.phone.taskExpiry.append(span)
      case .dst:
        world = world.movingStart(to: try Self.daylightSavingStart(of: fault, in: scenario))
      case .lock: world.health?.lockPeriods.append(span)
      case .sensorDropout:
        var settings = world.sensorSettings(for: .heartRate)
        settings.dropouts.append(span)
        world.sensors[.heartRate] = settings
      case .notificationsOff:
        var authorization = world.authorization ?? Scenario.Authorization()
        authorization.notifications = .denied
        world.authorization = authorization
      case .authDenied:
        var authorization = world.authorization ?? Scenario.Authorization()
        authorization.defaultAnswer = .denied
        world.authorization = authorization
      case .crash, .crashRecover, .wrist, .phoneAway, .timezoneTrip: break
      }
    }
    return world
  }
}

extension FaultPlan {
  /// The world start of `dst` fault `fault` (``Scenario/daylightSavingStart(transitionAt:)``).
  ///
  /// - Throws: ``FaultSetError`` when the scenario has no transition to move to.
  static func daylightSavingStart(of fault: Fault, in scenario: Scenario) throws(FaultSetError)
    -> Scenario.WallClockDate
  {
    guard
      let start = scenario.daylightSavingStart(
        transitionAt: fault.at.nanoseconds / 1_000_000_000)
    else {
      try checkApplicable([.dst], to: scenario)
      throw FaultSetError(kind: .dst, message: "no daylight-saving transition")
    }
    return start
  }
}
