import Testing
import WorkoutCore
import WorkoutPhysiology

@Suite("Ground contact time and vertical oscillation (Morin et al. 2005 spring-mass)")
struct GroundContactTests {
  @Test("leg length, contact time and oscillation at 3.0 m/s, worked by hand")
  func workedValues() {
    // Leg length 0.530 × 1.70 m = 0.901 m.
    #expect(close(RunningDynamics.legLength(heightCm: 170), 0.901, 1e-12))
    // t_c = 0.901 / 3.0 = 0.300333… s; the step 60 / 161.6 = 0.371287 s is longer, no cap.
    let contact = RunningDynamics.groundContactTime(
      metresPerSecond: 3, stepsPerMinute: 161.6, legLength: 0.901)
    #expect(close(contact, 0.901 / 3, 1e-12))
    // t_f = 0.371287129 − 0.300333333 = 0.070953795 s;
    // Δy_c = 9.81 × 0.300333² × ((0.070954 / 0.300333 + 1) / (2π) − 0.125)
    //      = 0.88486309 × (1.23625272 / 6.28318531 − 0.125) = 0.88486309 × 0.07175532
    //      = 0.06349364 m; flight 9.81 × 0.070953795² / 8 = 0.00617348 m; sum 0.06966712 m.
    let oscillation = RunningDynamics.verticalOscillation(
      groundContactTime: contact, stepsPerMinute: 161.6)
    #expect(close(oscillation, 0.06966712, 1e-6))
  }

  @Test("a step without flight is all contact; standing still has neither")
  func limits() {
    // 1.0 m/s at 100 steps/min: 0.9 / 1.0 = 0.9 s, capped at the 0.6 s step.
    #expect(
      RunningDynamics.groundContactTime(metresPerSecond: 1, stepsPerMinute: 100, legLength: 0.9)
        == 0.6)
    // No flight: Δy_c = 9.81 × 0.6² × (1 / (2π) − 0.125) = 3.5316 × 0.034154943 = 0.120622 m.
    #expect(
      close(
        RunningDynamics.verticalOscillation(groundContactTime: 0.6, stepsPerMinute: 100),
        3.5316 * (1 / (2 * Double.pi) - 0.125), 1e-12))
    #expect(
      RunningDynamics.groundContactTime(metresPerSecond: 0, stepsPerMinute: 160, legLength: 0.9)
        == 0)
    #expect(RunningDynamics.verticalOscillation(groundContactTime: 0, stepsPerMinute: 160) == 0)
  }

  @Test("a running workout collects the four running metrics from the course, cycling its speed")
  func collected() throws {
    // 170 cm, 65 kg at 3.0 m/s on the flat, no noise: power 203.97 W, stride 1.1138614 m,
    // contact 300.333 ms, oscillation 6.966712 cm (the worked values above and in
    // RunningDynamicsTests).
    var source = try quietSource(segments: [CourseSegment(duration: .seconds(600), speed: 3)])
    let at = SimulationInstant.seconds(60)
    #expect(
      close(source.discreteValue(of: .runningPower, at: at, activity: .running)!, 203.97, 1e-9))
    #expect(
      close(
        source.discreteValue(of: .runningStrideLength, at: at, activity: .running)!, 1.1138613861,
        1e-9))
    #expect(
      close(
        source.discreteValue(of: .runningGroundContactTime, at: at, activity: .running)!,
        300.333333, 1e-6))
    #expect(
      close(
        source.discreteValue(of: .runningVerticalOscillation, at: at, activity: .running)!,
        6.966712, 1e-4))
    #expect(close(source.discreteValue(of: .cyclingSpeed, at: at, activity: .cycling)!, 3, 1e-12))
    // Walking collects none of them; after the course the body stands: nothing.
    #expect(source.discreteValue(of: .runningPower, at: at, activity: .walking) == nil)
    #expect(
      source.discreteValue(of: .runningPower, at: .seconds(700), activity: .running) == nil)
  }
}

@Suite("Swimming: strokes (Craig and Pendergast 1979) and the swim plan's lengths and sets")
struct SwimmingTests {
  @Test("stroke rate is 60 v / DPS; a kickboard has no strokes")
  func strokeRate() {
    // 2:00 per 100 m = 0.833333 m/s; 60 × 0.833333 / 1.3 = 38.461538 strokes/min.
    #expect(
      close(
        SwimmingModel.strokeRate(metresPerSecond: 100.0 / 120, distancePerStroke: 1.3),
        38.461538461538, 1e-9))
    #expect(SwimmingModel.strokeRate(metresPerSecond: 1, distancePerStroke: 0) == 0)
    #expect(SwimmingModel.distancePerStroke(.kickboard) == 0)
    #expect(SwimmingStrokeStyle(name: "butterfly")?.rawValue == 5)
    #expect(SwimmingStrokeStyle.allCases.map(\.rawValue) == [0, 1, 2, 3, 4, 5, 6])
  }

  @Test("a 25 m pool swim of 40 lengths is 1000 m with 40 lap events")
  func fortyLengths() throws {
    // Four sets of 10 × 25 m at 2:00 per 100 m (0.833333 m/s): a length lasts 25 / 0.833333 =
    // 30 s, a set 300 s; 30 s rests between sets. 40 × 25 = 1000 m.
    let set = SwimPlan.Set(
      distance: 250, lengths: 10, stroke: .freestyle, secondsPer100m: 120, restAfter: .seconds(30))
    var last = set
    last.restAfter = .zero
    let plan = SwimPlan(location: .pool, lapLength: 25, sets: [set, set, set, last])
    #expect(plan.lengthCount == 40)
    #expect(plan.distance == 1000)
    let laps = plan.events.filter { $0.type == .lap }
    let segments = plan.events.filter { $0.type == .segment }
    #expect(laps.count == 40)
    #expect(segments.count == 4)
    // The 11th length starts after the first set (300 s) and its rest (30 s): 330 s.
    #expect(laps[10].date == .seconds(330))
    #expect(laps.allSatisfy { $0.duration == .seconds(30) })
    #expect(laps.allSatisfy { $0.metadata["HKSwimmingStrokeStyle"] == .number(2) })
    #expect(segments.map(\.date) == [.seconds(0), .seconds(330), .seconds(660), .seconds(990)])
    #expect(segments.allSatisfy { $0.duration == .seconds(300) })
    // Each of the three rests is a pause at its start and a resume at its end (Apple's lap
    // page); the last set has no rest.
    let rests = plan.events.filter { $0.type == .pause || $0.type == .resume }
    #expect(rests.map(\.type) == [.pause, .resume, .pause, .resume, .pause, .resume])
    #expect(rests.map(\.date) == [300, 330, 630, 660, 960, 990].map { .seconds($0) })
    // The events come in the order they are due (at the end of their interval).
    let due = plan.events.map { $0.date.advanced(by: $0.duration) }
    #expect(due == due.sorted())
    // The course: per set 300 s at 0.833333 m/s with 38.46 strokes/min, then 30 s at rest.
    let segmentsOfCourse = plan.segments
    #expect(segmentsOfCourse.count == 7)
    #expect(segmentsOfCourse.map(\.duration).reduce(.zero, +) == .seconds(1290))
    #expect(segmentsOfCourse[1].speed == 0)
    // Strokes over the swim: 1000 / 1.3 = 769.2308.
    var source = try quietSource(segments: segmentsOfCourse)
    let strokes = source.cumulativeAmount(
      of: .swimmingStrokeCount, from: .zero, to: .seconds(1290), activity: .swimming)
    #expect(close(strokes, 1000 / 1.3, 1e-9))
    let distance = source.cumulativeAmount(
      of: .distanceSwimming, from: .zero, to: .seconds(1290), activity: .swimming)
    #expect(close(distance, 1000, 1e-9))
  }

  @Test("open water: no lengths, a segment per set")
  func openWater() {
    let plan = SwimPlan(
      location: .openWater, lapLength: 0,
      sets: [SwimPlan.Set(distance: 1500, lengths: 0, stroke: .freestyle, secondsPer100m: 100)])
    #expect(plan.events.map(\.type) == [.segment])
    // 1500 m at 1.0 m/s: 1500 s.
    #expect(plan.events[0].duration == .seconds(1500))
  }
}
