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

/// A plan whose fault lies outside the span its scenario's worlds draw faults in
/// (``FaultPlan/span(of:)``): a plan pasted for another scenario, or written by hand
/// (`seed 3: crash@5000+5` for a timeline that ends at 1200 s would change nothing of the run).
/// docs/explore.md#drawing-a-world.
public struct FaultInstantError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The fault refused.
  public var fault: Fault
  /// The span's first and last second, or `nil` when the timeline leaves faults no room.
  public var span: ClosedRange<Int64>?

  /// The refusal of `fault` for a scenario whose span is `span`.
  public init(fault: Fault, span: ClosedRange<Int64>?) {
    self.fault = fault
    self.span = span
  }

  /// What is wrong and what to write instead.
  public var description: String {
    guard let span else {
      return "fault \(fault): \(FaultSpanError().description)"
    }
    return
      "fault \(fault): outside the scenario's span, so the world would run as if it were not there; a fault must begin at \(span.lowerBound) s or later and end by \(span.upperBound) s (1 s before the timeline's last action); move it or give the scenario a longer timeline (a probe where the test's workout ends)"
  }
}

extension FaultPlan {
  /// Refuses a plan with a fault (other than a whole-world one) that begins before ``span(of:)``'s
  /// first second or ends after its last: such a fault changes nothing of the world's run.
  ///
  /// - Throws: ``FaultInstantError`` naming the first such fault.
  public func checkInstants(in scenario: Scenario) throws(FaultInstantError) {
    let span = Self.span(of: scenario)
    for fault in faults where !fault.kind.isWholeWorld {
      guard let span,
        fault.at >= .seconds(span.first), fault.end <= .seconds(span.last)
      else {
        throw FaultInstantError(fault: fault, span: span.map { $0.first...$0.last })
      }
    }
  }

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
      case .offline, .lock, .sensorDropout, .notificationsOff, .authDenied, .authDeniedAll,
        .httpError, .httpHang, .taskExpiry, .dst:
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
        if let type = fault.healthType {
          authorization.read[type] = .denied
          authorization.share[type] = .denied
        }
        world.authorization = authorization
      case .authDeniedAll:
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
