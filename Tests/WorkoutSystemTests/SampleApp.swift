import WorkoutCore
import WorkoutSystem

/// A test client of the engine with the command line's reflexes (WorkoutSimulation's
/// `ScriptedApp`, which these tests cannot import): collection begun when a session starts, and
/// by default the workout finished when its session reaches stopped or ended; with `link`, both
/// apps activate their `WCSession` when they run and reply `{"received":<payload>}` at once.
struct SampleApp: AppReflexes {
  var beginsCollection = true
  var finishes = true
  var link = false
  /// Every event heard, in order, with its instant (what ``AppReflexesTests`` checks).
  var events: [(SimulationInstant, WorkoutSystem.AppEvent)] = []

  mutating func react(to event: WorkoutSystem.AppEvent, at instant: SimulationInstant) -> [AppCall]
  {
    events.append((instant, event))
    switch event {
    case .sessionChanged(let session, let change, let builder, let heard):
      if change.to == .running, change.from == .notStarted || change.from == .prepared {
        return beginsCollection ? [.beginCollection(session: session)] : []
      }
      guard finishes, heard, change.to == .stopped || change.to == .ended else { return [] }
      switch builder {
      case .active: return [.endCollection(session: session), .finishWorkout(session: session)]
      case .ended: return [.finishWorkout(session: session)]
      case .notStarted, .finished, .discarded: return []
      }
    case .linkNotActivated(let device):
      return link ? [.link(.activate(device))] : []
    case .messageExpectingReply(let transfer, _, let payload):
      guard link else { return [] }
      return [
        .link(
          .reply(transfer: transfer, payload: LinkPayload(text: "{\"received\":\(payload.text)}")))
      ]
    case .applicationContextReceived:
      return []
    }
  }
}
