import WorkoutCore
import WorkoutPhysiology

extension Scenario {
  /// The scenario `workout-sim run` uses without `--scenario` (docs/command-line.md#run): a steady
  /// 30-minute outdoor run at 2.8 m/s on gently rolling ground, built in Swift with
  /// ``init(name:start:timeZone:seed:activity:location:athlete:course:sensors:builder:finish:timeline:expect:watch:selector:goals:today:)``.
  ///
  /// The athlete rests at 55 bpm with a VO2max of 50 mL·kg⁻¹·min⁻¹ (the other values are the
  /// defaults). The course stands still for the 3 s before the `start`, then runs twelve 150 s
  /// segments with grades 1 %, 3 %, 1 %, −1 %, −3 %, −1 % twice over (net climb zero;
  /// 3 + 12 × 150 = 1803 s, the end). Timeline: `start` at 3 s, `probe` at 10:03 and 20:03,
  /// `end` at 30:03. Nothing prepares the session at `t = 0`, so the watch face opens on the
  /// workout selector: the crown selects only until the session is prepared or started. Everything else has its default (seed 1, `UTC`, start
  /// `2026-01-05T08:00:00Z`, `finish: auto`). The same scenario as a file is
  /// `Tests/SchemaFixtures/valid/default-scenario.json`.
  public static let defaultScenario: Scenario = {
    let rolling = [0.01, 0.03, 0.01, -0.01, -0.03, -0.01]
    let running = (rolling + rolling).map {
      CourseSegment(duration: .seconds(150), speed: 2.8, grade: $0)
    }
    do {
      return try Scenario(
        name: "Steady 30-minute run", activity: .running, location: .outdoor,
        athlete: Athlete(restingHeartRate: 55, vo2Max: 50),
        course: .segments([CourseSegment(duration: .seconds(3), speed: 0)] + running),
        timeline: [
          Action(at: .seconds(3), .app(.start)),
          Action(at: .seconds(603), .probe),
          Action(at: .seconds(1203), .probe),
          Action(at: .seconds(1803), .app(.end)),
        ])
    } catch {
      preconditionFailure("the built-in default scenario is not valid: \(error)")
    }
  }()
}
