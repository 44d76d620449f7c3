import Testing
import WorkoutCore
import WorkoutPhysiology
import WorkoutSystem

@Suite("Wrist motion model (docs/models.md#wrist-motion)")
struct WristMotionTests {
  let model = WristMotion(seed: 7)

  /// At rest the wrist reads gravity, (0, 0, −1) g face up, plus the accelerometer's noise of
  /// 0.002 g per axis: the magnitude is 1 g within 0.002 × 6 × √3 = 0.0208 g (six standard
  /// deviations on each axis), no user acceleration, no rotation but the gyroscope's noise.
  @Test func atRestGravityAndNoiseOnly() {
    for second in 0..<50 {
      let instant = SimulationInstant(nanoseconds: Int64(second) * 20_000_000)
      let sample = model.sample(at: instant, gait: .rest, since: .zero)
      #expect(sample.gravity == MotionVector(x: 0, y: 0, z: -1))
      #expect(sample.userAcceleration == .zero && sample.rotationRate == .zero)
      #expect(abs(sample.acceleration.magnitude - 1) < 0.0208)
      #expect(sample.measuredRotationRate.magnitude < 0.0208)
      #expect(sample.accelerometerNoise != .zero)
    }
  }

  /// Running at 3 m/s and 180 steps/min: the arm swings at 180 / 120 = 1.5 Hz, period
  /// 2 / (180 / 60) = 0.667 s; amplitude min(0.6, 0.2 × 3) = 0.6 rad; ω = 2π × 1.5 = 3π =
  /// 9.424778 rad/s. At τ = 0 the wrist turns at 0.6 × 9.424778 = 5.654867 rad/s and is level
  /// (pitch 0, no tangential acceleration); a quarter period later (1/6 s) it is at the top of
  /// its swing, pitch 0.6 rad, not turning, accelerating along y by −0.6 m × 0.6 × ω²
  /// (88.826440) / 9.80665 = −3.260799 g; a whole period after τ = 0 (0.667 s, from a start at
  /// 10 s: 10.667 s) it turns at 5.654867 rad/s again.
  @Test func theSwingsPeriodIsTwoSteps() {
    let gait = WristGait.onFoot(stepsPerMinute: 180, metresPerSecond: 3)
    let start = SimulationInstant(nanoseconds: 10_000_000_000)
    let first = model.sample(at: start, gait: gait, since: start)
    #expect(abs(first.rotationRate.x - 5.654867) < 1e-6)
    #expect(first.pitch == 0 && first.userAcceleration.y == 0)
    let top = model.sample(
      at: start.advanced(by: .nanoseconds(166_666_667)), gait: gait, since: start)
    #expect(abs(top.pitch - 0.6) < 1e-8)
    #expect(abs(top.rotationRate.x) < 1e-6)
    #expect(abs(top.userAcceleration.y - -3.260799) < 1e-6)
    #expect(abs(top.gravity.y - -0.564642) < 1e-6)  // −sin 0.6
    #expect(abs(top.gravity.magnitude - 1) < 1e-12)
    let period = model.sample(
      at: start.advanced(by: .nanoseconds(666_666_667)), gait: gait, since: start)
    #expect(abs(period.rotationRate.x - 5.654867) < 1e-6)
    #expect(abs(period.pitch) < 1e-7)
  }

  /// Walking at 1.4 m/s: amplitude 0.2 × 1.4 = 0.28 rad; above 3 m/s the cap, 0.6 rad; standing
  /// 0. The frequency is one swing per two steps: 120 steps/min, 1 Hz.
  @Test func amplitudeBySpeed() {
    #expect(abs(WristMotion.swingAmplitude(metresPerSecond: 1.4) - 0.28) < 1e-12)
    #expect(WristMotion.swingAmplitude(metresPerSecond: 5) == 0.6)
    #expect(WristMotion.swingAmplitude(metresPerSecond: 0) == 0)
    #expect(WristMotion.swingFrequency(stepsPerMinute: 120) == 1)
  }

  /// The same seed gives the same reading at an instant, whatever was read before; another
  /// seed or the phone's stream gives another.
  @Test func seededNoiseIsAFunctionOfTheInstant() {
    let instant = SimulationInstant(nanoseconds: 1_230_000_000)
    let again = WristMotion(seed: 7)
    _ = again.sample(at: .zero, gait: .rest, since: .zero)
    #expect(
      model.sample(at: instant, gait: .cycling, since: .zero)
        == again.sample(at: instant, gait: .cycling, since: .zero))
    #expect(
      model.sample(at: instant, gait: .rest, since: .zero)
        != WristMotion(seed: 8).sample(at: instant, gait: .rest, since: .zero))
    #expect(
      model.sample(at: instant, gait: .rest, since: .zero)
        != WristMotion(seed: 7, stream: "noise.phoneMotion").sample(
          at: instant, gait: .rest, since: .zero))
  }

  /// Cycling: no swing (pitch 0, gravity exactly (0, 0, −1)), a vibration of 0.05 g per axis:
  /// the user acceleration is not zero, and over 400 readings its y's standard deviation is
  /// 0.05 within 15 % (the estimate's own error is about 0.05 / √800 ≈ 3.5 %).
  @Test func cyclingVibrates() {
    var sum = 0.0
    var squares = 0.0
    for index in 0..<400 {
      let sample = model.sample(
        at: SimulationInstant(nanoseconds: Int64(index) * 10_000_000), gait: .cycling,
        since: .zero)
      #expect(sample.pitch == 0 && sample.gravity == MotionVector(x: 0, y: 0, z: -1))
      sum += sample.userAcceleration.y
      squares += sample.userAcceleration.y * sample.userAcceleration.y
    }
    let mean = sum / 400
    let deviation = (squares / 400 - mean * mean).squareRoot()
    #expect(abs(deviation - 0.05) < 0.0075)
  }

  /// The gait from Core Motion's class: walking at the course's 1.4 m/s and 115 steps/min
  /// keeps them; walking without a course speed takes 1.3 m/s at 110 steps/min; running
  /// without one 3 m/s at 134 + 9.2 × 3 = 161.6 steps/min; stationary is at rest.
  @Test func gaitFromTheMotionClass() {
    #expect(
      WristGait(activity: .walking, metresPerSecond: 1.4, stepsPerMinute: 115)
        == .onFoot(stepsPerMinute: 115, metresPerSecond: 1.4))
    #expect(
      WristGait(activity: .walking, metresPerSecond: 0, stepsPerMinute: 0)
        == .onFoot(stepsPerMinute: 110, metresPerSecond: 1.3))
    guard
      case .onFoot(let cadence, let speed) = WristGait(
        activity: .running, metresPerSecond: 0, stepsPerMinute: 0)
    else {
      Issue.record("running is on foot")
      return
    }
    #expect(abs(cadence - 161.6) < 1e-9 && speed == 3)
    #expect(WristGait(activity: .stationary, metresPerSecond: 0, stepsPerMinute: 0) == .rest)
    #expect(WristGait(activity: .cycling, metresPerSecond: 8, stepsPerMinute: 0) == .cycling)
  }
}
