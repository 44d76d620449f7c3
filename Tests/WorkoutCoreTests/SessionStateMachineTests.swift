import Testing
import WorkoutCore

/// The call of a transition-matrix column, including HealthKit's internal error event.
enum MatrixCall: CaseIterable, Sendable, CustomStringConvertible {
  case prepare, start, pause, resume, stop, end, error

  var description: String {
    switch self {
    case .prepare: "prepare"
    case .start: "start"
    case .pause: "pause"
    case .resume: "resume"
    case .stop: "stop"
    case .end: "end"
    case .error: "error"
    }
  }
}

/// docs/healthkit-behaviour.md#session-states-and-transitions, row by row (nil = illegal).
let transitionTable: [WorkoutSessionState: [MatrixCall: WorkoutSessionState]] = [
  .notStarted: [.prepare: .prepared, .start: .running, .error: .ended],
  .prepared: [.start: .running, .end: .ended, .error: .ended],
  .running: [.pause: .paused, .stop: .stopped, .end: .ended, .error: .ended],
  .paused: [.resume: .running, .stop: .stopped, .end: .ended, .error: .ended],
  .stopped: [.end: .ended, .error: .ended],
  .ended: [.error: .ended],
]

/// Drives a fresh machine into `state` with legal calls.
func machine(in state: WorkoutSessionState) -> WorkoutSessionStateMachine {
  var machine = WorkoutSessionStateMachine()
  let path: [WorkoutSessionCall] =
    switch state {
    case .notStarted: []
    case .prepared: [.prepare]
    case .running: [.start]
    case .paused: [.start, .pause]
    case .stopped: [.start, .stop]
    case .ended: [.start, .end]
    }
  for call in path { _ = machine.perform(call, at: .seconds(1)) }
  return machine
}

@Suite struct SessionStateMachineTests {
  @Test(arguments: WorkoutSessionState.allCases, MatrixCall.allCases)
  func transitionMatrix(from state: WorkoutSessionState, call: MatrixCall) throws {
    var session = machine(in: state)
    #expect(session.state == state)
    let expected = transitionTable[state]?[call]
    let date = SimulationInstant.seconds(9)
    switch call {
    case .error:
      let change = session.fail(at: date)
      #expect(session.state == .ended)
      if state == .ended {
        #expect(change == nil)
      } else {
        #expect(change == SessionStateChange(from: state, to: .ended, date: date))
      }
    case .prepare, .start, .pause, .resume, .stop, .end:
      let sessionCall: WorkoutSessionCall =
        switch call {
        case .prepare: .prepare
        case .start: .start
        case .pause: .pause
        case .resume: .resume
        case .stop: .stop
        case .end, .error: .end
        }
      let result = session.perform(sessionCall, at: date)
      if let expected {
        let event: WorkoutEventType? =
          call == .pause ? .pause : call == .resume ? .resume : nil
        #expect(
          result
            == .changed(
              SessionStateChange(from: state, to: expected, date: date, generatedEvent: event)))
        #expect(session.state == expected)
      } else {
        let message = "Unable to perform '\(call)' from current state '\(state.name)'"
        #expect(
          result
            == .rejected(
              WorkoutError(domain: "HKErrorDomain", code: .invalidArgument, message: message)))
        #expect(session.state == state)
      }
    }
  }

  @Test func rawValuesAreHealthKits() {
    #expect(WorkoutSessionState.notStarted.rawValue == 1)
    #expect(WorkoutSessionState.prepared.rawValue == 5)
    #expect(WorkoutSessionState.running.rawValue == 2)
    #expect(WorkoutSessionState.paused.rawValue == 4)
    #expect(WorkoutSessionState.stopped.rawValue == 6)
    #expect(WorkoutSessionState.ended.rawValue == 3)
    #expect(WorkoutEventType.allCases.map(\.rawValue) == Array(1...8))
  }

  @Test func datesFollowTheStateChanges() {
    var session = WorkoutSessionStateMachine()
    _ = session.prepare(at: .seconds(1))
    #expect(session.startDate == nil)
    _ = session.start(at: .seconds(3))
    _ = session.pause(at: .seconds(5))
    _ = session.stop(at: .seconds(8))
    #expect(session.startDate == .seconds(3))
    #expect(session.endDate == nil)
    _ = session.end(at: .seconds(13))
    #expect(session.startDate == .seconds(3))
    #expect(session.endDate == .seconds(13))
  }
}
