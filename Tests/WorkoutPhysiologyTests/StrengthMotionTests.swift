import Testing
import WorkoutCore
import WorkoutPhysiology
import WorkoutSystem

/// A set of 10 curls from t = 30 s, 3 s a rep: it lasts 30 s, to t = 60 s.
private let plan = StrengthPlan(sets: [
  StrengthPlan.Set(start: .seconds(30), reps: 10, secondsPerRep: 3, exercise: .curl)
])

/// The instant `seconds` after t = 0.
private func strengthInstant(_ seconds: Double) -> SimulationInstant {
  SimulationInstant(nanoseconds: Int64((seconds * 1e9).rounded()))
}

@Suite("Strength sets' rep motion at the wrist (docs/models.md#wrist-motion)")
struct StrengthMotionTests {
  let model = WristMotion(seed: 7)

  /// The curl's elbow turns Φ = 140° = 2.443461 rad, Φ/2 = 1.221730 rad; T = 3 s, so
  /// 2π/T = 2.094395 rad/s and (2π/T)² = 4.386491 rad/s². Mid-rep (τ = 1.5 s into the set's
  /// second rep, t = 34.5 s): φ = (Φ/2)(1 − cos π) = Φ = 140°, so gravity reads
  /// (cos 140°, 0, sin 140°) = (−0.766044, 0, 0.642788) g; φ' = (Φ/2)(2π/T) sin π = 0, so no
  /// centripetal part and no rotation; φ'' = (Φ/2)(2π/T)² cos π = −1.221730 × 4.386491 =
  /// −5.359110 rad/s², so the wrist at r = 0.146 × 1.75 = 0.2555 m accelerates along z by
  /// −r·φ'' = 0.2555 × 5.359110 = 1.369253 m/s² = 1.369253 / 9.80665 = 0.139625 g: the user
  /// acceleration's magnitude. The roll is 140° + 90° = 230°, wrapped to −130° = −2.268928 rad.
  @Test func midRepGravityAndUserAcceleration() throws {
    let forearm = try #require(plan.forearm(at: strengthInstant(34.5)))
    let sample = model.sample(at: strengthInstant(34.5), gait: .lifting(forearm), since: .zero)
    #expect(abs(sample.gravity.x - -0.766044) < 1e-6)
    #expect(sample.gravity.y == 0)
    #expect(abs(sample.gravity.z - 0.642788) < 1e-6)
    #expect(abs(sample.userAcceleration.magnitude - 0.139625) < 1e-6)
    #expect(abs(sample.userAcceleration.z - 0.139625) < 1e-6)
    #expect(abs(sample.rotationRate.y) < 1e-12)
    #expect(abs(sample.roll - -2.268928) < 1e-6)
    #expect(sample.pitch == 0)
  }

  /// A quarter into a rep (τ = 0.75 s, t = 30.75 s): φ = (Φ/2)(1 − cos(π/2)) = 70°, gravity
  /// (cos 70°, 0, sin 70°) = (0.342020, 0, 0.939693) g; φ' = (Φ/2)(2π/T) = 1.221730 ×
  /// 2.094395 = 2.558786 rad/s about y; φ'' = 0, so the user acceleration is the centripetal
  /// −r·φ'² = −0.2555 × 6.547387 = −1.672857 m/s² along x, −1.672857 / 9.80665 = −0.170584 g.
  @Test func quarterRepTurnsFastest() throws {
    let forearm = try #require(plan.forearm(at: strengthInstant(30.75)))
    let sample = model.sample(at: strengthInstant(30.75), gait: .lifting(forearm), since: .zero)
    #expect(abs(sample.gravity.x - 0.342020) < 1e-6)
    #expect(abs(sample.gravity.z - 0.939693) < 1e-6)
    #expect(abs(sample.rotationRate.y - 2.558786) < 1e-6)
    #expect(sample.rotationRate.x == 0 && sample.rotationRate.z == 0)
    #expect(abs(sample.userAcceleration.x - -0.170584) < 1e-6)
    #expect(abs(sample.userAcceleration.z) < 1e-9)
    #expect(abs(sample.gravity.magnitude - 1) < 1e-12)
  }

  /// The set covers [30, 60) s: nothing before or at its end.
  @Test func noRepMotionOutsideTheSet() {
    #expect(plan.forearm(at: strengthInstant(29.98)) == nil)
    #expect(plan.forearm(at: strengthInstant(60)) == nil)
    #expect(plan.forearm(at: strengthInstant(90)) == nil)
    #expect(plan.forearm(at: strengthInstant(30)) != nil)
    #expect(plan.forearm(at: strengthInstant(59.98)) != nil)
  }

  /// A simple rep counter over the set's 50 Hz readings, t = 0 to 90 s: a rep is counted when
  /// gravity's x falls below 0 (the forearm past level, φ > 90°), and the counter re-arms when it
  /// rises above 0.5 (φ < 60°). Each rep reaches φ = 140° (x = −0.766) and returns to 0°
  /// (x = 1): ten reps, ten counts. Outside the set the forearm does not move: gravity is the
  /// watch's rest (0, 0, −1).
  @Test func aPeakCounterCountsTheScriptedReps() {
    var reps = 0
    var armed = true
    for step in 0..<4500 {
      let instant = SimulationInstant(nanoseconds: Int64(step) * 20_000_000)
      let gait = plan.forearm(at: instant).map(WristGait.lifting) ?? .rest
      let sample = model.sample(at: instant, gait: gait, since: .zero)
      if armed, sample.gravity.x < 0 {
        reps += 1
        armed = false
      } else if sample.gravity.x > 0.5 {
        armed = true
      }
      if instant < strengthInstant(30) || instant >= strengthInstant(60) {
        #expect(sample.gravity == MotionVector(x: 0, y: 0, z: -1))
      }
    }
    #expect(reps == 10)
  }

  /// The same seed gives the same readings, in any order of reading; another seed other noise,
  /// the same rep. At 31.1 s the rep is 1.1 s in: ωτ = 2π/3 × 1.1 = 132°, φ = 70° × (1 −
  /// cos 132°) = 70° × 1.6691306 = 116.839142°, gravity (cos φ, 0, sin φ) = (−0.451487, 0,
  /// 0.892278).
  @Test func sameSeedSameSamples() throws {
    let forearm = try #require(plan.forearm(at: strengthInstant(31.1)))
    let first = model.sample(at: strengthInstant(31.1), gait: .lifting(forearm), since: .zero)
    #expect(abs(first.gravity.x - -0.451487) < 1e-6)
    #expect(abs(first.gravity.z - 0.892278) < 1e-6)
    _ = model.sample(at: strengthInstant(45), gait: .rest, since: .zero)
    let again = WristMotion(seed: 7).sample(
      at: strengthInstant(31.1), gait: .lifting(forearm), since: .zero)
    #expect(first == again)
    let other = WristMotion(seed: 8).sample(
      at: strengthInstant(31.1), gait: .lifting(forearm), since: .zero)
    #expect(other.accelerometerNoise != first.accelerometerNoise)
    #expect(other.gravity == first.gravity)
  }

  /// The plan's rules, the one home of the decoder's and a run's: the activity, then each set
  /// in order. 10 reps of 3 s from 30 s end at 60 s, so a set at 59 s overlaps.
  @Test func planProblems() {
    #expect(plan.problem(activity: .traditionalStrengthTraining) == nil)
    #expect(plan.problem(activity: .functionalStrengthTraining) == nil)
    #expect(plan.problem(activity: .highIntensityIntervalTraining) == nil)
    #expect(plan.problem(activity: .running)?.path == "")
    var overlapping = plan
    overlapping.sets.append(StrengthPlan.Set(start: .seconds(59), reps: 5))
    #expect(overlapping.problem(activity: .traditionalStrengthTraining)?.path == "sets[1].at")
    overlapping.sets[1].start = .seconds(60)
    #expect(overlapping.problem(activity: .traditionalStrengthTraining) == nil)
    #expect(StrengthPlan(sets: []).problem(activity: .yoga)?.path == "")
    #expect(
      StrengthPlan(sets: []).problem(activity: .traditionalStrengthTraining)?.path == "sets")
  }
}
