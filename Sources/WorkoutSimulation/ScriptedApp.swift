import WorkoutCore
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
/// are handed to the engine once, as its configuration, because they happen within the engine's
/// step that causes them, in its log's order:
/// - its `start` begins collection at the same instant (`startActivity` then `beginCollection`);
/// - with the scenario's `finish: auto`, a session of its that reaches stopped or ended ends
///   collection and finishes the workout;
/// - when its timeline makes link calls, each side's app activates its `WCSession` when it runs
///   and answers a message that expects a reply at once with `{"received":<payload>}`.
struct ScriptedApp: Sendable {
  /// Who ends collection and finishes the workout: the app's reflex (`auto`) or its timeline's
  /// calls only (`manual`).
  let finish: WorkoutEngineConfiguration.FinishMode
  /// Whether the timeline makes link calls (then both sides' apps are scripted).
  let usesLink: Bool

  /// The app `scenario`'s timeline stands for.
  init(scenario: Scenario) {
    self.finish = scenario.finish == .manual ? .manual : .auto
    self.usesLink = scenario.timeline.contains {
      if case .app(.link) = $0.kind { true } else { false }
    }
  }

  /// `configuration` (the world's: HealthKit's explicit collection, manual finishing, no
  /// scripted link) with this app's reflexes in it.
  func configure(_ configuration: inout WorkoutEngineConfiguration) {
    configuration.collection = .implicit
    configuration.finish = finish
    configuration.link.scriptedApps = usesLink
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
