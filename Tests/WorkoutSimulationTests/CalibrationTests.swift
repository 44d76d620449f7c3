import Foundation
import Testing
import WorkoutCore
import WorkoutJSON
import WorkoutPhysiology
import WorkoutRecordings
import WorkoutScenario
import WorkoutSimulation

/// ``Calibration`` on the bundled recordings (docs/models.md#calibration): the held-out target
/// of 6 bpm, plausible athletes, and the scenario it builds.
@Suite struct CalibrationTests {
  static let recordings: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<2 { url.deleteLastPathComponent() }
    return url.appendingPathComponent("Data/recordings").path
  }()

  /// The bundled recordings with 10 minutes of heart rate or more (the fēnix 5 walk has 33 s:
  /// readings from 0 to 32 s, then a gap of 14 s to its last point, the course's end).
  static let long = [
    "run-cadence--activity-small-fenix2-run.fit",
    "ride-power--Edge810-Vector-2013-08-16-15-35-10.fit", "walk-hilly--walking_activity_1.tcx",
  ]

  /// The hilly run misses the target since the fitted maximum is held at or above the
  /// recording's 30 s peak (issue 29's sixth round, docs/models.md#sixth-round-a-plausible-athlete):
  /// its heart rate stays at 145–165 bpm from 1.1 m/s up 10 % to 3.4 m/s down, a flat line
  /// against the modelled workload; with the maximum no longer free to sit at 163 bpm (below the
  /// 171 the runner reached) the fit flattens the line by a resting heart rate at its 95 bpm
  /// bound, and holds out 6.3 bpm (4.55 before). A plausible maximum is the rule; the miss is the
  /// workload model's on steep ground, not a reason to let the maximum fall below the peak. The
  /// seventh round (docs/models.md#seventh-round-the-resting-heart-rate-and-the-runs-inputs)
  /// found most of the held-out error on descents at walking pace (the model 7.6 bpm low), and
  /// with the resting heart rate held at the 73 bpm the runner's heart read before the first
  /// step the fit holds out 6.93 bpm: no plausible athlete meets the target here.
  static let steep = ["run-hilly--2013-02-06-12-11-14.fit"]

  /// The one whose held-out part is a long descent the fitted part never saw: the ride fits on a
  /// climb at 1 to 3.3 m/s and holds out a descent of 340 m at 4 to 11 m/s, costed as a braking
  /// descent (Burr et al. 2012), where the heart rate is 148 to 162 bpm on one steep drop and
  /// 109 to 125 bpm on others as steep and fast (a technical trail the GPS track does not
  /// record). Rolling resistance, drag area, cycling efficiency and the braking floor, each
  /// within its published range, were tried: the climb cannot tell their values apart, and
  /// none reaches 6 bpm even when chosen by the held-out score (best 6.52 at Crr 0.018); nor does
  /// a heart-rate model structure (a slow component, fitted since, a slower recovery, a curved
  /// steady state): the descent's workload is the constant braking floor. Burr et al.'s figures
  /// as a share of VO2max or of the maximal heart rate miss further, and no paper gives a
  /// descent's cost growing with speed or roughness. Walking its gaps slower than 2 km/h (the
  /// fourth round) brought it from 7.84 to 7.52 bpm. (The walk met the target with the
  /// cadence-lock artefact rule and Looney et al. 2019's downhill walking.)
  /// docs/models.md#the-gpx-rides-held-out-error-second-by-second.
  static let descents = ["ride-hilly--riderx3.gpx"]

  /// Runs `work` on a Dispatch queue, off Swift's cooperative thread pool, and waits for it: a
  /// fit computes for seconds, and several at once on the pool (two threads on a 2-core
  /// machine) would leave the suite's other tasks no thread, so that their wall-clock stall
  /// checks (30 s) fire.
  static func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws
    -> T
  {
    try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
    }
  }

  static func calibrate(_ name: String) async throws -> Calibration {
    try await offThePool {
      try Calibration(recording: try Recording.read(path: recordings + "/" + name))
    }
  }

  /// Checks the held-out target and the athlete's plausibility of one file.
  static func check(_ calibration: Calibration, _ name: String) {
    let fit = calibration.fit
    #expect(fit.heldOut.maeBpm <= 6, "\(name): held-out MAE \(fit.heldOut.maeBpm)")
  }

  @Test("held-out heart-rate MAE within 6 bpm", arguments: long)
  func heldOutTarget(name: String) async throws {
    let calibration = try await Self.calibrate(name)
    Self.check(calibration, name)
    Self.checkPlausible(calibration, name)
    #expect(calibration.fit.heldOut.maeBpm < calibration.fit.givenHeldOut.maeBpm, "\(name)")
  }

  @Test(
    "the hilly run misses the target with a plausible maximum (a known limit)", arguments: steep)
  func steepRunMissesTheTarget(name: String) async throws {
    let calibration = try await Self.calibrate(name)
    withKnownIssue("the workload model on steep ground: a flat heart rate against it") {
      Self.check(calibration, name)
    }
    Self.checkPlausible(calibration, name)
    #expect(calibration.fit.heldOut.maeBpm < calibration.fit.givenHeldOut.maeBpm, "\(name)")
  }

  @Test("the descents miss the target (a known limit of the model)", arguments: descents)
  func descentsMissTheTarget(name: String) async throws {
    let calibration = try await Self.calibrate(name)
    withKnownIssue("a speed-and-grade workload model cannot follow a technical descent") {
      Self.check(calibration, name)
    }
    Self.checkPlausible(calibration, name)
    // Still better than the default athlete on the held-out descent (since its gaps slower than
    // 2 km/h are walked 7.52 against 14.52 bpm; with the fitted slow component 7.84 against
    // 14.87; since a ride's ±25 m grade window 7.87; with ±50 m 9.06 against 16.37; before the
    // braking-descent rule 15.63 against 13.25).
    #expect(calibration.fit.heldOut.maeBpm < calibration.fit.givenHeldOut.maeBpm, "\(name)")
  }

  /// Every fitted value within its bound, the maximum 50 bpm or more above the resting heart
  /// rate, and the fit better than the default athlete on the fitted part.
  static func checkPlausible(_ calibration: Calibration, _ name: String) {
    let fit = calibration.fit
    for bound in HeartRateFit.bounds {
      let value = HeartRateFit.value(of: bound.parameter, in: fit.athlete)
      #expect(bound.range.contains(value), "\(name): \(bound.parameter) \(value)")
    }
    #expect(fit.athlete.maxHeartRate > fit.athlete.restingHeartRate + 50, "\(name)")
    // A maximum is at least the heart rate reached (its 30 s peak).
    #expect(fit.athlete.maxHeartRate >= fit.peakHeartRate ?? 0, "\(name)")
    #expect(fit.fit.maeBpm < fit.givenFit.maeBpm, "\(name)")
    #expect(fit.fit.seconds >= 600 * 6 / 10, "\(name)")
  }

  @Test("the same file gives the same athlete, bit for bit")
  func deterministic() async throws {
    let name = "run-hilly--2013-02-06-12-11-14.fit"
    let first = try await Self.calibrate(name)
    let second = try await Self.calibrate(name)
    #expect(first.fit == second.fit)
  }

  /// The written scenario: the plan's, with the athlete before the course, the modelled heart
  /// rate, and it decodes to the fitted athlete.
  @Test("the scenario of the plan carries the fitted athlete")
  func scenarioOfThePlan() async throws {
    let name = "run-hilly--2013-02-06-12-11-14.fit"
    let recording = try Recording.read(path: Self.recordings + "/" + name)
    let calibration = try await Self.offThePool { try Calibration(recording: recording) }
    let plan = try ReplayPlan(
      recording: recording, path: Self.recordings + "/" + name, name: "Mine",
      activity: calibration.activity, seed: nil)
    let document = calibration.scenario(of: plan)
    #expect(document["athlete"] == calibration.athleteDocument)
    #expect(document["course"]?["heartRate"] == .string("model"))
    let scenario = try Scenario.decode(document, fileName: "mine.json")
    #expect(scenario.athlete == calibration.fit.athlete)
  }

  @Test("Athlete.fitted(toRecordingAt:) and fitted(to:) are the calibration's athlete")
  func swiftDoor() async throws {
    let name = "run-hilly--2013-02-06-12-11-14.fit"
    let path = Self.recordings + "/" + name
    let athlete = try await Self.offThePool { try Athlete.fitted(toRecordingAt: path) }
    #expect(athlete == (try await Self.calibrate(name)).fit.athlete)
    let recording = try Recording.read(path: path)
    #expect(try await Self.offThePool { try Athlete.fitted(to: recording) } == athlete)
    let short = try Recording.read(
      path: Self.recordings + "/walk-short--garmin-fenix-5-walk.fit")
    #expect(throws: CalibrationError.heartRate(.tooShort(seconds: 33))) {
      try Athlete.fitted(to: short)
    }
    // From a file, the error names it as the command line does (the trial: it did not).
    let shortPath = Self.recordings + "/walk-short--garmin-fenix-5-walk.fit"
    let error = #expect(
      throws: CalibrationFileError(file: shortPath, error: .heartRate(.tooShort(seconds: 33)))
    ) {
      try Athlete.fitted(toRecordingAt: shortPath)
    }
    #expect(
      error?.description
        == shortPath + ": the recording has 33 s of heart rate while moving; calibrate needs at "
        + "least 600 s (10 minutes)")
  }

  /// A known resting heart rate is held (docs/models.md#calibration): the athlete keeps it
  /// exactly, `--json` lists it under `held` (and not as a bound), and a value outside 25–120
  /// bpm is refused before fitting.
  @Test("a resting heart rate the user knows is held, not fitted")
  func heldRestingHeartRate() async throws {
    let name = "run-cadence--activity-small-fenix2-run.fit"
    let recording = try Recording.read(path: Self.recordings + "/" + name)
    let calibration = try await Self.offThePool {
      try Calibration(recording: recording, restingHeartRate: 52.5)
    }
    #expect(calibration.fit.athlete.restingHeartRate == 52.5)
    #expect(calibration.document["held"] == .array([.string("restingHeartRate")]))
    #expect(calibration.document["athlete"]?["restingHeartRate"] == .number(52.5))
    #expect(calibration.document["atBound"]?["restingHeartRate"] == nil)
    let swift = try await Self.offThePool {
      try Athlete.fitted(
        to: recording, startingFrom: try Athlete(restingHeartRate: 52.5),
        holding: [.restingHeartRate])
    }
    #expect(swift == calibration.fit.athlete)
    // Without it nothing is held and the document has no `held` key (its bytes as before).
    let free = try await Self.calibrate(name)
    #expect(free.fit.held.isEmpty)
    #expect(free.document["held"] == nil)
    for bpm in [24.9, 120.5, Double.nan] {
      #expect(throws: CalibrationError.self) {
        try Calibration(recording: recording, restingHeartRate: bpm)
      }
    }
    #expect(
      CalibrationError.restingHeartRate(130).description
        == "the resting heart rate 130 bpm is outside 25 to 120 bpm")
    #expect(
      CalibrationError.restingHeartRate(.nan).description
        == "the resting heart rate nan bpm is outside 25 to 120 bpm")
  }

  /// An activity of another workload model than the file's sport is refused before fitting;
  /// one of the same model (hiking, on foot as running) is not refused by that rule.
  @Test func anActivityOfAnotherModelIsRefused() throws {
    let run = try Recording.read(path: Self.recordings + "/run-hilly--2013-02-06-12-11-14.fit")
    #expect(throws: CalibrationError.activity(.swimming, recorded: .running)) {
      try Calibration(recording: run, activity: .swimming)
    }
    #expect(throws: CalibrationError.activity(.cycling, recorded: .running)) {
      try Calibration(recording: run, activity: .cycling)
    }
  }
}
