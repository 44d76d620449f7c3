import WorkoutCore
import WorkoutJSON
import WorkoutScenario
import WorkoutSystem

/// The command line's app: the app code a scenario's timeline stands for, a client of the same
/// world (``SimulationSession``) as a Swift app on SimulatedHealthKit.
///
/// The world plays what happens to the app (`crash`, `relaunch`, the wrist, a crown press,
/// `openApp`, the phone's actions, crown turns and probes) whoever the app is. The app's calls
/// (`prepare`, `start`, ..., `finishWorkout`, `extendedRuntime`, `mirroring`, `link`) are code:
/// a Swift app makes them itself; on the command line this value makes them, as the same
/// engine calls, at the timeline's instants. Only the command line's door attaches it
/// (``SimulationSession/init(_:)``); the Swift door's world has none
/// (``SimulationSession/init(world:)``).
///
/// Its reflexes, the code a scripted app runs inside a callback at the callback's instant
/// (project rules, docs/scenario-format.md#ending-a-workout and docs/phone-link.md#the-scripted-apps-command-line),
/// are a client of the engine (``Reflexes``, WorkoutSystem's `AppReflexes`), which asks them
/// within the step that causes each event and makes their calls at once, in its log's order:
/// - its `start` begins collection at the same instant (`startActivity` then `beginCollection`);
/// - with the scenario's `finish: auto`, a session of its that reaches stopped or ended ends
///   collection and finishes the workout (only the steps still open);
/// - when its timeline makes link calls, each side's app activates its `WCSession` when it runs
///   and answers a message that expects a reply at once with `{"received":<payload>}`;
/// - its watch app takes a received application context's `"stepGoal"` (a whole number from 1
///   to 100 000) as its step goal, which the watch face shows (``stepGoal``).
struct ScriptedApp: Sendable {
  /// The reflexes of the scripted app on one device: what it calls in answer to what it hears.
  struct Reflexes: AppReflexes {
    /// Whether it ends collection and finishes the workout itself (the scenario's
    /// `finish: auto`) rather than only by its timeline's calls (`manual`).
    let finishes: Bool
    /// Whether the apps activate their `WCSession` when they run and answer messages that
    /// expect a reply (the timeline makes link calls).
    let usesLink: Bool
    /// Whether it is the watch's app, which takes a received application context's step goal.
    let takesStepGoal: Bool
    /// The step goal of the last application context it received with a valid `"stepGoal"`
    /// (``ScriptedApp/stepGoal(fromContext:)``), or `nil` before one arrived: its state, read
    /// by the watch face through ``SimulationSession/scriptedAppStepGoal``.
    private(set) var stepGoal: Double?

    mutating func react(to event: AppEvent, at instant: SimulationInstant) -> [AppCall] {
      switch event {
      case .sessionChanged(let session, let change, let builder, let heard):
        switch change.to {
        case .running:
          // Its `start` is `startActivity` then `beginCollection`, whoever hears the change.
          guard change.from == .notStarted || change.from == .prepared else { return [] }
          return [.beginCollection(session: session)]
        case .stopped, .ended:
          // Like Apple's sample app, in its delegate's `didChangeTo`: only what is still open.
          guard finishes && heard else { return [] }
          switch builder {
          case .active: return [.endCollection(session: session), .finishWorkout(session: session)]
          case .ended: return [.finishWorkout(session: session)]
          case .notStarted, .finished, .discarded: return []
          }
        case .notStarted, .prepared, .paused:
          return []
        }
      case .linkNotActivated(let device):
        return usesLink ? [.link(.activate(device))] : []
      case .messageExpectingReply(let transfer, _, let payload):
        guard usesLink else { return [] }
        let reply = LinkPayload(text: "{\"received\":" + payload.text + "}")
        return [.link(.reply(transfer: transfer, payload: reply))]
      case .applicationContextReceived(let device, let payload):
        // Its delegate's `didReceiveApplicationContext`: other contexts leave the goal as it was.
        if takesStepGoal, device == .watch, let goal = ScriptedApp.stepGoal(fromContext: payload) {
          stepGoal = goal
        }
        return []
      }
    }
  }

  /// The `"stepGoal"` of an application context's payload (canonical JSON of an object) when
  /// it is a whole number from 1 to 100 000, else `nil` (project rule,
  /// docs/phone-link.md#the-scripted-apps-command-line).
  static func stepGoal(fromContext payload: LinkPayload) -> Double? {
    guard let value = try? JSONParser.parse(payload.text),
      case .number(let steps)? = value["stepGoal"], steps >= 1, steps <= 100_000,
      steps.rounded() == steps
    else { return nil }
    return steps
  }

  /// Who ends collection and finishes the workout: the app's reflex (`auto`) or its timeline's
  /// calls only (`manual`).
  let finish: Scenario.FinishMode
  /// Whether the timeline makes link calls (then both sides' apps are scripted).
  let usesLink: Bool

  /// The app `scenario`'s timeline stands for.
  init(scenario: Scenario) {
    self.finish = scenario.finish
    self.usesLink = scenario.timeline.contains {
      if case .app(.link) = $0.kind { true } else { false }
    }
  }

  /// The reflexes of its app on `device`: the phone's own workouts' app (`.phone`) has the same
  /// workout reflexes and no link ones (its engine's link is not the run's).
  func reflexes(on device: WorkoutDevice) -> Reflexes {
    Reflexes(
      finishes: finish == .auto, usesLink: usesLink && device == .watch,
      takesStepGoal: device == .watch)
  }

  /// Whether `call` is the app's code (this value plays it) rather than something the world
  /// does to the app (the world plays it whoever the app is).
  static func isAppCode(_ call: AppAction) -> Bool {
    switch call {
    case .crash, .relaunch, .wristDown, .wristUp, .crownPress, .openApp, .phone:
      false
    case .prepare, .start, .pause, .resume, .stop, .end, .endCollection, .finishWorkout, .lap,
      .marker, .segment, .addEvent, .newSession, .beginActivity, .endActivity,
      .extendedRuntime, .mirroring, .link:
      true
    }
  }

  /// The engine call for the world's `relaunch`: this app recovers its session as it launches
  /// when the timeline says so (`recoverActiveWorkoutSession` in its launch code, at the same
  /// instant), where a Swift app makes that call itself.
  func relaunch(recover: Bool) -> AppAction { .relaunch(recover: recover) }
}
