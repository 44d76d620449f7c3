import Testing
import WorkoutCore

@testable import WorkoutHealth

typealias DeliveryAction = BackgroundDeliveryStateMachine.Action
typealias DeliveryPhase = BackgroundDeliveryStateMachine.Phase

/// An event of the background delivery matrix.
enum DeliveryEvent: CaseIterable, Sendable, CustomStringConvertible {
  case enable, disable, dataArrived, deadline, completed

  var description: String {
    switch self {
    case .enable: "enable"
    case .disable: "disable"
    case .dataArrived: "dataArrived"
    case .deadline: "deadline"
    case .completed: "completed"
    }
  }
}

private func s(_ seconds: Int64) -> SimulationInstant { .seconds(seconds) }

/// An hourly delivery (a type whose fastest is immediate) in `phase`, reached before t = 1000 s:
/// - idle: enabled, never woken;
/// - pending: woken at 0, answered at 10 s, data at 600 s (due at 0 + 3600 s);
/// - awaiting: woken at 0 by data (deadline 0 + 60 s);
/// - stopped: woken at 0, never answered: retries at 60 s (window 120 s) and 180 s (window
///   240 s), stopped at 420 s.
func hourlyDelivery(in phase: DeliveryPhase) -> BackgroundDeliveryStateMachine {
  var machine = BackgroundDeliveryStateMachine(fastest: .immediate)
  if phase == .disabled { return machine }
  _ = machine.enable(.hourly)
  switch phase {
  case .disabled, .idle:
    break
  case .pending:
    _ = machine.dataArrived(at: s(0))
    _ = machine.completed(at: s(10))
    _ = machine.dataArrived(at: s(600))
  case .awaiting:
    _ = machine.dataArrived(at: s(0))
  case .stopped:
    _ = machine.dataArrived(at: s(0))
    _ = machine.deadlinePassed(at: s(60))
    _ = machine.deadlinePassed(at: s(180))
    _ = machine.deadlinePassed(at: s(420))
  }
  return machine
}

/// Each row of the table in BackgroundDeliveryStateMachine's documentation: (phase after,
/// action, deadline after in seconds). Events happen at 1000 s, `deadline` at the machine's own
/// deadline (1000 s when it has none). idle + data at 1000 s wakes at once (never woken): the
/// deadline is 1000 + 60 = 1060 s. pending's deadline is 0 + 3600 = 3600 s: the wake there has
/// its deadline at 3600 + 60 = 3660 s. awaiting's deadline at 60 s is the first miss: the retry's
/// window is 2 × 60 = 120 s, so 60 + 120 = 180 s. awaiting + completed at 1000 s: answered with
/// nothing more pending, idle.
let deliveryTable: [DeliveryPhase: [DeliveryEvent: (DeliveryPhase, DeliveryAction, Int64?)]] = [
  .disabled: [
    .enable: (.idle, .enabled(.hourly), nil),
    .disable: (.disabled, .none, nil),
    .dataArrived: (.disabled, .none, nil),
    .deadline: (.disabled, .none, nil),
    .completed: (.disabled, .none, nil),
  ],
  .idle: [
    .enable: (.idle, .enabled(.hourly), nil),
    .disable: (.disabled, .disabled, nil),
    .dataArrived: (.awaiting, .wake(attempt: 1), 1060),
    .deadline: (.idle, .none, nil),
    .completed: (.idle, .none, nil),
  ],
  .pending: [
    .enable: (.pending, .enabled(.hourly), 3600),
    .disable: (.disabled, .disabled, nil),
    .dataArrived: (.pending, .none, 3600),
    .deadline: (.awaiting, .wake(attempt: 1), 3660),
    .completed: (.pending, .none, 3600),
  ],
  .awaiting: [
    .enable: (.awaiting, .enabled(.hourly), 60),
    .disable: (.disabled, .disabled, nil),
    .dataArrived: (.awaiting, .none, 60),
    .deadline: (.awaiting, .wake(attempt: 2), 180),
    .completed: (.idle, .none, nil),
  ],
  .stopped: [
    .enable: (.idle, .enabled(.hourly), nil),
    .disable: (.disabled, .disabled, nil),
    .dataArrived: (.stopped, .none, nil),
    .deadline: (.stopped, .none, nil),
    .completed: (.stopped, .none, nil),
  ],
]

@Suite("Background delivery state machine")
struct DeliveryStateMachineTests {
  @Test(
    "Transition matrix",
    arguments: DeliveryPhase.allCases, DeliveryEvent.allCases)
  func transition(phase: DeliveryPhase, event: DeliveryEvent) throws {
    var machine = hourlyDelivery(in: phase)
    #expect(machine.phase == phase)
    let at = machine.deadline ?? s(1000)
    let action: DeliveryAction
    switch event {
    case .enable: action = machine.enable(.hourly)
    case .disable: action = machine.disable()
    case .dataArrived: action = machine.dataArrived(at: s(1000))
    case .deadline: action = machine.deadlinePassed(at: at)
    case .completed: action = machine.completed(at: s(1000))
    }
    let expected = try #require(deliveryTable[phase]?[event])
    #expect(machine.phase == expected.0, "\(phase) + \(event)")
    #expect(action == expected.1, "\(phase) + \(event)")
    #expect(machine.deadline == expected.2.map(s), "\(phase) + \(event)")
  }

  @Test("HKUpdateFrequency's raw values and periods")
  func frequencies() {
    // iOS 18 SDK HKDefines.h: immediate 1, hourly 2, daily 3, weekly 4.
    #expect(BackgroundDeliveryFrequency.allCases.map(\.rawValue) == [1, 2, 3, 4])
    // 0; 3600 s; 24 × 3600 = 86 400 s; 7 × 86 400 = 604 800 s.
    #expect(
      BackgroundDeliveryFrequency.allCases.map(\.period) == [
        0, 3_600_000_000_000, 86_400_000_000_000, 604_800_000_000_000,
      ])
  }

  @Test("Steps are raised to hourly silently; other types keep immediate")
  func stepsMinimum() {
    var steps = BackgroundDeliveryStateMachine(type: .stepCount)
    #expect(steps.enable(.immediate) == .enabled(.hourly))
    #expect(steps.enable(.daily) == .enabled(.daily))
    var heart = BackgroundDeliveryStateMachine(type: .heartRate)
    #expect(heart.enable(.immediate) == .enabled(.immediate))
  }

  @Test("A wake never answered: relaunched at 1 and 3 min, stopped at 7 min")
  func backoff() {
    var machine = BackgroundDeliveryStateMachine(fastest: .immediate)
    _ = machine.enable(.immediate)
    // Woken at 100 s: window 60 s → deadline 160 s.
    #expect(machine.dataArrived(at: s(100)) == .wake(attempt: 1))
    #expect(machine.deadline == s(160))
    // Before the deadline nothing happens.
    #expect(machine.deadlinePassed(at: s(159)) == .none)
    // Miss 1 at 160 s: relaunch, window 120 s → 280 s.
    #expect(machine.deadlinePassed(at: s(160)) == .wake(attempt: 2))
    #expect(machine.deadline == s(280))
    // Miss 2 at 280 s: relaunch, window 240 s → 520 s (100 + 60 + 120 + 240 = 520).
    #expect(machine.deadlinePassed(at: s(280)) == .wake(attempt: 3))
    #expect(machine.deadline == s(520))
    // Miss 3: stopped, no more deadlines; new data wakes nothing.
    #expect(machine.deadlinePassed(at: s(520)) == .stopped(misses: 3))
    #expect(machine.phase == .stopped && machine.deadline == nil && !machine.isEnabled)
    #expect(machine.dataArrived(at: s(600)) == .none)
    // Enabling again starts over: data wakes at once.
    #expect(machine.enable(.immediate) == .enabled(.immediate))
    #expect(machine.dataArrived(at: s(700)) == .wake(attempt: 1))
  }

  @Test("A retry answered ends the delivery; the period runs from the first wake")
  func retryAnswered() {
    var machine = BackgroundDeliveryStateMachine(fastest: .immediate)
    _ = machine.enable(.hourly)
    #expect(machine.dataArrived(at: s(0)) == .wake(attempt: 1))
    #expect(machine.deadlinePassed(at: s(60)) == .wake(attempt: 2))
    #expect(machine.completed(at: s(90)) == .none)
    #expect(machine.phase == .idle)
    // Data at 1800 s lies within the hour from the first wake (0 s): due at 3600 s.
    #expect(machine.dataArrived(at: s(1800)) == .none)
    #expect(machine.deadline == s(3600))
    // A second completion of the answered delivery changes nothing.
    #expect(machine.completed(at: s(1900)) == .none)
    #expect(machine.phase == .pending)
  }

  @Test("Hourly: data within the hour coalesces into one wake at its end")
  func coalescing() {
    var machine = BackgroundDeliveryStateMachine(type: .stepCount)
    _ = machine.enable(.immediate)
    #expect(machine.dataArrived(at: s(0)) == .wake(attempt: 1))
    #expect(machine.completed(at: s(5)) == .none)
    #expect(machine.dataArrived(at: s(600)) == .none)
    #expect(machine.dataArrived(at: s(1200)) == .none)
    #expect(machine.deadline == s(3600))
    #expect(machine.deadlinePassed(at: s(3600)) == .wake(attempt: 1))
    #expect(machine.completed(at: s(3601)) == .none)
    // Data after the period (3600 + 3600 = 7200 s) wakes at once.
    #expect(machine.dataArrived(at: s(7300)) == .wake(attempt: 1))
  }

  @Test("Data while awaiting is delivered after the answer (at once when the period is over)")
  func morePending() {
    var machine = BackgroundDeliveryStateMachine(fastest: .immediate)
    _ = machine.enable(.immediate)
    #expect(machine.dataArrived(at: s(0)) == .wake(attempt: 1))
    #expect(machine.dataArrived(at: s(30)) == .none)
    // Immediate: period 0, so the answer at 40 s wakes again for the data of 30 s.
    #expect(machine.completed(at: s(40)) == .wake(attempt: 1))
    #expect(machine.deadline == s(100))
    #expect(machine.completed(at: s(41)) == .none)
    #expect(machine.phase == .idle)
  }

  @Test("Re-enabling at a slower frequency moves a pending wake to the new period's end")
  func reenableSlower() {
    var machine = hourlyDelivery(in: .pending)
    #expect(machine.deadline == s(3600))
    #expect(machine.enable(.daily) == .enabled(.daily))
    // Woken at 0; daily period 86 400 s.
    #expect(machine.deadline == s(86_400))
  }
}
