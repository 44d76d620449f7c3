import Testing

@testable import WorkoutCore
@testable import WorkoutSystem

/// An event of the extended runtime session matrix (at t = 1000 s; `deadline` at the machine's
/// own deadline, or at 1000 s when it has none; the app active, no other session live).
enum RuntimeEvent: CaseIterable, Sendable, CustomStringConvertible {
  case start, schedule, deadline, invalidate, release, resignFrontmost, terminate

  var description: String {
    switch self {
    case .start: "start"
    case .schedule: "schedule"
    case .deadline: "deadline"
    case .invalidate: "invalidate"
    case .release: "release"
    case .resignFrontmost: "resignFrontmost"
    case .terminate: "terminate"
    }
  }
}

typealias RuntimeAction = ExtendedRuntimeSessionStateMachine.Action

/// A smart alarm (limit 1800 s, will-expire lead 30 s) in `state`, reached at t = 0: scheduled
/// for 100 s, running since 0 (expires 1800 s, will expire at 1800 − 30 = 1770 s), invalid by a
/// start while the app is not active.
func smartAlarm(in state: ExtendedRuntimeSessionState) -> ExtendedRuntimeSessionStateMachine {
  var machine = ExtendedRuntimeSessionStateMachine(
    type: .smartAlarm, willExpireLead: .seconds(30))
  switch state {
  case .notStarted:
    break
  case .scheduled:
    _ = machine.schedule(at: 0, for: ns(100), appIsActive: true, anotherIsLive: false)
  case .running:
    _ = machine.start(at: 0, appIsActive: true, anotherIsLive: false)
  case .invalid:
    _ = machine.start(at: 0, appIsActive: false, anotherIsLive: false)
  }
  return machine
}

func instant(_ seconds: Int64) -> SimulationInstant { .seconds(seconds) }

/// docs/healthkit-behaviour.md#extended-runtime-sessions, row by row: (state after, action,
/// deadline after in seconds). A start at 1000 s expires at 1000 + 1800 = 2800 s and will
/// expire at 2800 − 30 = 2770 s; the scheduled session begins at 100 s: expires 1900 s, will
/// expire 1870 s.
let runtimeTable:
  [ExtendedRuntimeSessionState: [RuntimeEvent: (
    ExtendedRuntimeSessionState, RuntimeAction, Int64?
  )]] =
    [
      .notStarted: [
        .start: (.running, .changed(.started(expiresAt: instant(2800))), 2770),
        .schedule: (.scheduled, .changed(.scheduled(for: instant(1100))), 1100),
        .deadline: (.notStarted, .none, nil),
        .invalidate: (.notStarted, .failed(.notYetStarted), nil),
        .release: (.notStarted, .none, nil),
        .resignFrontmost: (.notStarted, .none, nil),
        .terminate: (.notStarted, .none, nil),
      ],
      .scheduled: [
        .start: (.scheduled, .none, 100),
        .schedule: (.scheduled, .none, 100),
        .deadline: (.running, .changed(.started(expiresAt: instant(1900))), 1870),
        .invalidate: (.invalid, .changed(.invalidated(reason: .none, error: nil)), nil),
        .release: (.scheduled, .none, 100),
        .resignFrontmost: (.scheduled, .none, 100),
        // The schedule is the system's: a crash leaves it (start(at:), Apple).
        .terminate: (.scheduled, .none, 100),
      ],
      .running: [
        .start: (.running, .none, 1770),
        .schedule: (.running, .none, 1770),
        .deadline: (.running, .changed(.willExpire(expiresAt: instant(1800))), 1800),
        .invalidate: (.invalid, .changed(.invalidated(reason: .none, error: nil)), nil),
        .release: (.invalid, .changed(.invalidated(reason: .none, error: nil)), nil),
        .resignFrontmost: (.running, .none, 1770),
        .terminate: (.invalid, .changed(.terminated), nil),
      ],
      .invalid: [
        .start: (.invalid, .none, nil),
        .schedule: (.invalid, .none, nil),
        .deadline: (.invalid, .none, nil),
        .invalidate: (.invalid, .none, nil),
        .release: (.invalid, .none, nil),
        .resignFrontmost: (.invalid, .none, nil),
        .terminate: (.invalid, .none, nil),
      ],
    ]

@Suite struct ExtendedRuntimeSessionStateMachineTests {
  @Test(arguments: ExtendedRuntimeSessionState.allCases, RuntimeEvent.allCases)
  func transitionMatrix(from state: ExtendedRuntimeSessionState, event: RuntimeEvent) throws {
    var machine = smartAlarm(in: state)
    let (to, expected, deadline) = try #require(runtimeTable[state]?[event])
    let at = ns(1000)
    let action: RuntimeAction =
      switch event {
      case .start: machine.start(at: at, appIsActive: true, anotherIsLive: false)
      case .schedule:
        machine.schedule(at: at, for: ns(1100), appIsActive: true, anotherIsLive: false)
      case .deadline: machine.deadlinePassed(at: machine.deadline ?? at)
      case .invalidate: machine.invalidate(appIsActive: true)
      case .release: machine.release()
      case .resignFrontmost: machine.resignFrontmost()
      case .terminate: machine.terminate()
      }
    #expect(action == expected)
    #expect(machine.state == to)
    #expect(machine.deadline == deadline.map(ns))
    #expect(machine.isLive == (to == .scheduled || to == .running))
  }

  @Test func startFailsWhileInactiveOrWithAnotherSessionLive() {
    var inactive = ExtendedRuntimeSessionStateMachine(type: .selfCare, willExpireLead: .seconds(30))
    #expect(
      inactive.start(at: 0, appIsActive: false, anotherIsLive: false)
        == .changed(.invalidated(reason: .error, error: .mustBeActiveToStartOrSchedule)))
    var second = ExtendedRuntimeSessionStateMachine(type: .selfCare, willExpireLead: .seconds(30))
    #expect(
      second.start(at: 0, appIsActive: true, anotherIsLive: true)
        == .changed(.invalidated(reason: .sessionInProgress, error: nil)))
  }

  @Test func scheduleRules() {
    func alarm() -> ExtendedRuntimeSessionStateMachine {
      ExtendedRuntimeSessionStateMachine(type: .smartAlarm, willExpireLead: .seconds(30))
    }
    var selfCare = ExtendedRuntimeSessionStateMachine(type: .selfCare, willExpireLead: .seconds(30))
    #expect(
      selfCare.schedule(at: 0, for: ns(60), appIsActive: true, anotherIsLive: false)
        == .changed(.invalidated(reason: .error, error: .notApprovedToSchedule)))
    // 36 h = 129600 s ahead is allowed; one nanosecond more is not.
    var limit = alarm()
    #expect(
      limit.schedule(at: 0, for: ns(129_600), appIsActive: true, anotherIsLive: false)
        == .changed(.scheduled(for: instant(129_600))))
    var tooFar = alarm()
    #expect(
      tooFar.schedule(at: 0, for: ns(129_600) + 1, appIsActive: true, anotherIsLive: false)
        == .changed(.invalidated(reason: .error, error: .scheduledTooFarInAdvance)))
    var inactive = alarm()
    #expect(
      inactive.schedule(at: 0, for: ns(60), appIsActive: false, anotherIsLive: false)
        == .changed(.invalidated(reason: .error, error: .mustBeActiveToStartOrSchedule)))
    // Scheduled for now: running at once, expiring at 5 + 1800 = 1805 s.
    var now = alarm()
    #expect(
      now.schedule(at: ns(5), for: ns(5), appIsActive: true, anotherIsLive: false)
        == .changed(.started(expiresAt: instant(1805))))
    // A scheduled session is invalidated only while the app is active.
    var scheduled = smartAlarm(in: .scheduled)
    #expect(scheduled.invalidate(appIsActive: false) == .failed(.mustBeActiveToStartOrSchedule))
    #expect(scheduled.state == .scheduled)
  }

  @Test func willExpireThenExpired() {
    var machine = smartAlarm(in: .running)
    #expect(machine.deadlinePassed(at: ns(1769)) == .none)
    #expect(machine.deadlinePassed(at: ns(1770)) == .changed(.willExpire(expiresAt: instant(1800))))
    #expect(
      machine.deadlinePassed(at: ns(1800))
        == .changed(.invalidated(reason: .expired, error: nil)))
    #expect(machine.state == .invalid)
    #expect(machine.deadline == nil)
  }

  @Test func aLeadLongerThanTheLimitWarnsAtTheStart() {
    // Self care: 600 s; lead 700 s: max(10, 10 + 600 − 700) = 10 s.
    var machine = ExtendedRuntimeSessionStateMachine(type: .selfCare, willExpireLead: .seconds(700))
    _ = machine.start(at: ns(10), appIsActive: true, anotherIsLive: false)
    #expect(machine.deadline == ns(10))
  }

  @Test func aFrontmostSessionResignsWhenTheAppLeaves() {
    var machine = ExtendedRuntimeSessionStateMachine(
      type: .mindfulness, willExpireLead: .seconds(30))
    _ = machine.start(at: 0, appIsActive: true, anotherIsLive: false)
    #expect(machine.holdsAppInFront)
    #expect(
      machine.resignFrontmost() == .changed(.invalidated(reason: .resignedFrontmost, error: nil)))
    #expect(!machine.holdsAppInFront)
    let background = smartAlarm(in: .running)
    #expect(!background.holdsAppInFront)
  }
}
