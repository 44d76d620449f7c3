import Testing
import WorkoutCore
import WorkoutPhysiology

@Suite("Ground contact time and vertical oscillation (Morin et al. 2005 spring-mass)")
struct GroundContactTests {
  @Test("leg length, contact time and oscillation at 3.0 m/s, worked by hand")
  func workedValues() {
    // Leg length 0.530 × 1.70 m = 0.901 m.
    #expect(close(RunningDynamics.legLength(heightCm: 170), 0.901, 1e-12))
    // 3.0 m/s lies below the model's range (Morin et al. validated from 3.33 m/s), so
    // t_c = 0.901 / 3.33 = 0.270570571 s; the step 60 / 161.6 = 0.371287 s is longer, no cap.
    let contact = RunningDynamics.groundContactTime(
      metresPerSecond: 3, stepsPerMinute: 161.6, legLength: 0.901)
    #expect(close(contact, 0.270570571, 1e-9))
    // t_f = 0.371287129 − 0.270570571 = 0.100716558 s;
    // Δy_c = 9.81 × 0.270570571² × ((0.100716558 / 0.270570571 + 1) / (2π) − 0.125)
    //      = 0.71817414 × (1.37223614 / 6.28318531 − 0.125) = 0.71817414 × 0.09339813
    //      = 0.06707638 m; flight 9.81 × 0.100716558² / 8 = 0.01243887 m; sum 0.07951524 m.
    let oscillation = RunningDynamics.verticalOscillation(
      groundContactTime: contact, stepsPerMinute: 161.6)
    #expect(close(oscillation, 0.07951524, 1e-7))
  }

  @Test("contact time is the model's at speeds clamped to 3.33 ... 11.1 m/s")
  func clampedSpeeds() {
    // Inside the range: 0.901 / 4.0 = 0.22525 s (step 60 / 170.8 = 0.351288 s, no cap).
    #expect(
      close(
        RunningDynamics.groundContactTime(
          metresPerSecond: 4, stepsPerMinute: 170.8, legLength: 0.901), 0.22525, 1e-12))
    // 2.0 m/s is below: 0.901 / 3.33 = 0.270570571 s, the step 60 / 152.4 = 0.393701 s.
    // t_f = 0.393700787 − 0.270570571 = 0.123130217 s; Δy_c = 0.71817414 ×
    // ((0.123130217 / 0.270570571 + 1) / (2π) − 0.125) = 0.71817414 × 0.10658133 = 0.07654490 m;
    // flight 9.81 × 0.123130217² / 8 = 0.01859124 m; oscillation 0.09513614 m (9.51 cm).
    let slow = RunningDynamics.groundContactTime(
      metresPerSecond: 2, stepsPerMinute: 152.4, legLength: 0.901)
    #expect(close(slow, 0.270570571, 1e-9))
    #expect(
      close(
        RunningDynamics.verticalOscillation(groundContactTime: slow, stepsPerMinute: 152.4),
        0.09513614, 1e-7))
    // 0.05 m/s is clamped too (0.901 / 3.33), never 0.901 / 0.05 = 18 s: the watch records no
    // sample there (recordsForm below), and the model stays within a running step.
    #expect(
      close(
        RunningDynamics.groundContactTime(
          metresPerSecond: 0.05, stepsPerMinute: 152.4, legLength: 0.901), 0.270570571, 1e-9))
    // Above: 15 m/s is evaluated at 11.1 m/s: 0.901 / 11.1 = 0.081171171 s.
    #expect(
      close(
        RunningDynamics.groundContactTime(
          metresPerSecond: 15, stepsPerMinute: 190, legLength: 0.901), 0.081171171, 1e-9))
  }

  @Test("power is recorded walking and running, the form metrics only running")
  func recordedGaits() {
    // Standing below 0.5 m/s, walking from 0.5 to 2.0 m/s, running from 2.0 m/s
    // (MotionClassification).
    #expect(!RunningDynamics.recordsPower(metresPerSecond: 0))
    #expect(!RunningDynamics.recordsPower(metresPerSecond: 0.05))
    #expect(!RunningDynamics.recordsPower(metresPerSecond: 0.49))
    #expect(RunningDynamics.recordsPower(metresPerSecond: 0.5))
    #expect(RunningDynamics.recordsPower(metresPerSecond: 1.0))
    #expect(RunningDynamics.recordsPower(metresPerSecond: 3.0))
    #expect(!RunningDynamics.recordsForm(metresPerSecond: 0.05))
    #expect(!RunningDynamics.recordsForm(metresPerSecond: 0.5))
    #expect(!RunningDynamics.recordsForm(metresPerSecond: 1.99))
    #expect(RunningDynamics.recordsForm(metresPerSecond: 2.0))
    #expect(RunningDynamics.recordsForm(metresPerSecond: 3.0))
  }

  @Test("a step without flight is all contact; standing still has neither")
  func limits() {
    // 4.0 m/s at 300 steps/min: 0.9 / 4.0 = 0.225 s, capped at the 60 / 300 = 0.2 s step.
    #expect(
      RunningDynamics.groundContactTime(metresPerSecond: 4, stepsPerMinute: 300, legLength: 0.9)
        == 0.2)
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
    // contact 270.570571 ms, oscillation 7.951524 cm (the worked values above and in
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
        270.570571, 1e-6))
    #expect(
      close(
        source.discreteValue(of: .runningVerticalOscillation, at: at, activity: .running)!,
        7.951524, 1e-5))
    #expect(close(source.discreteValue(of: .cyclingSpeed, at: at, activity: .cycling)!, 3, 1e-12))
    // Walking collects none of them; after the course the body stands: nothing.
    #expect(source.discreteValue(of: .runningPower, at: at, activity: .walking) == nil)
    #expect(
      source.discreteValue(of: .runningPower, at: .seconds(700), activity: .running) == nil)
  }

  @Test("standing records no running metric, walking only power, running all four")
  func speedsOfARun() throws {
    // One minute each at 0.05, 0.5, 1.0, 2.0 and 3.0 m/s (170 cm, 65 kg, flat, no noise).
    let speeds = [0.05, 0.5, 1.0, 2.0, 3.0]
    var source = try quietSource(
      segments: speeds.map { CourseSegment(duration: .seconds(60), speed: $0) })
    func value(_ type: QuantityType, _ minute: Int) -> Double? {
      source.discreteValue(of: type, at: .seconds(Int64(minute * 60 + 30)), activity: .running)
    }
    let form: [QuantityType] = [
      .runningStrideLength, .runningGroundContactTime, .runningVerticalOscillation,
    ]
    // 0.05 m/s stands (below 0.5 m/s): nothing, where the model alone gave a contact of
    // 0.901 / 0.05 = 18 s.
    #expect(value(.runningPower, 0) == nil)
    for type in form { #expect(value(type, 0) == nil) }
    // Walking: power from the walking equation, net VO2 0.1 × speed in m/min:
    // 0.5 m/s: 0.1 × 30 = 3 → 3 × 65 × 20.92 / 60 × 0.25 = 16.9975 W;
    // 1.0 m/s: 0.1 × 60 = 6 → 33.995 W. No stride, contact or oscillation.
    #expect(close(value(.runningPower, 1)!, 16.9975, 1e-9))
    #expect(close(value(.runningPower, 2)!, 33.995, 1e-9))
    for type in form {
      #expect(value(type, 1) == nil)
      #expect(value(type, 2) == nil)
    }
    // 2.0 m/s runs: net VO2 0.2 × 120 = 24 → 24 × 65 × 20.92 / 60 × 0.25 = 135.98 W; cadence
    // 134 + 9.2 × 2 = 152.4 steps/min, stride 2.0 / 2.54 = 0.787402 m; contact 270.570571 ms and
    // oscillation 9.513614 cm (clampedSpeeds above).
    #expect(close(value(.runningPower, 3)!, 135.98, 1e-9))
    #expect(close(value(.runningStrideLength, 3)!, 0.7874015748, 1e-9))
    #expect(close(value(.runningGroundContactTime, 3)!, 270.570571, 1e-6))
    #expect(close(value(.runningVerticalOscillation, 3)!, 9.513614, 1e-5))
    // 3.0 m/s: 203.97 W, 1.1138614 m, 270.570571 ms, 7.951524 cm (collected above).
    #expect(close(value(.runningPower, 4)!, 203.97, 1e-9))
    #expect(close(value(.runningVerticalOscillation, 4)!, 7.951524, 1e-5))
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

  @Test("a pool length's strokes are whole, the remainder carried within the set")
  func wholeStrokesPerLength() {
    // 25 m at 1.3 m a stroke: s = 19.2308 strokes a length. Through 1, 2, 3, 4 lengths:
    // 19.23 → 19, 38.46 → 38, 57.69 → 58, 76.92 → 77, so 19, 19, 20, 19 and 77 in all.
    #expect(SwimPlan.wholeStrokes(lengths: 4, strokesPerLength: 25 / 1.3) == [19, 19, 20, 19])
    // Half a stroke rounds up: 2.5 → 3, 5 → 5 (2), 7.5 → 8 (3).
    #expect(SwimPlan.wholeStrokes(lengths: 3, strokesPerLength: 2.5) == [3, 2, 3])
    #expect(SwimPlan.wholeStrokes(lengths: 0, strokesPerLength: 19) == [])
  }

  @Test("a pool length's record: the pool's length, whole strokes and SWOLF over its time")
  func poolLengthRecords() {
    // 100 m in 2:00 freestyle (1.3 m a stroke) in a 25 m pool: four lengths of 30 s with
    // 19, 19, 20, 19 strokes; SWOLF 30 + strokes = 49, 49, 50, 49; the set's SWOLF is their
    // mean, (120 + 77) / 4 = 49.25.
    let plan = SwimPlan(
      location: .pool, lapLength: 25,
      sets: [SwimPlan.Set(distance: 100, lengths: 4, stroke: .freestyle, secondsPer100m: 120)])
    let records = plan.records
    let laps = records.filter { $0.event.type == .lap }
    #expect(laps.count == 4)
    #expect(laps.map(\.event.date) == [0, 30, 60, 90].map { .seconds($0) })
    #expect(laps.map(\.end) == [30, 60, 90, 120].map { .seconds($0) })
    #expect(
      laps.map(\.samples)
        == [19.0, 19, 20, 19].map {
          [
            WatchRecord.Sample(type: .distanceSwimming, value: 25),
            WatchRecord.Sample(type: .swimmingStrokeCount, value: $0),
          ]
        })
    #expect(
      laps.map { $0.event.metadata["HKSWOLFScore"] } == [49.0, 49, 50, 49].map { .number($0) })
    #expect(laps.allSatisfy { $0.event.metadata["HKSwimmingStrokeStyle"] == .number(2) })
    let set = records.filter { $0.event.type == .segment }
    #expect(set.map { $0.event.metadata["HKSWOLFScore"] } == [.number(49.25)])
    #expect(set.allSatisfy { $0.samples.isEmpty })
    // The events are ``SwimPlan/events``.
    #expect(records.map(\.event) == plan.events)
  }

  @Test("a set's SWOLF is the mean over its lengths that have one")
  func setSWOLFSkipsLengthsWithoutStrokes() {
    // 20 m in a 5 m pool at 2:00 per 100 m, 8 m a stroke: four lengths of 6 s with s = 0.625
    // strokes a length. Through 1, 2, 3, 4 lengths: 0.625 → 1, 1.25 → 1, 1.875 → 2, 2.5 → 3,
    // so 1, 0, 1, 1 strokes. The second length has no stroke and no SWOLF; the others have
    // 6 + 1 = 7, and the set's SWOLF is their mean, 7 (not 21 / 4 = 5.25).
    let plan = SwimPlan(
      location: .pool, lapLength: 5,
      sets: [
        SwimPlan.Set(
          distance: 20, lengths: 4, stroke: .freestyle, secondsPer100m: 120,
          distancePerStroke: 8)
      ])
    let laps = plan.records.filter { $0.event.type == .lap }
    #expect(
      laps.map { $0.event.metadata["HKSWOLFScore"] } == [.number(7), nil, .number(7), .number(7)]
    )
    let set = plan.records.filter { $0.event.type == .segment }
    #expect(set.map { $0.event.metadata["HKSWOLFScore"] } == [.number(7)])
  }

  @Test("a kickboard length has its distance but no strokes and no SWOLF")
  func kickboardLength() {
    let plan = SwimPlan(
      location: .pool, lapLength: 25,
      sets: [SwimPlan.Set(distance: 50, lengths: 2, stroke: .kickboard, secondsPer100m: 180)])
    let laps = plan.records.filter { $0.event.type == .lap }
    let distanceOnly = [WatchRecord.Sample(type: .distanceSwimming, value: 25)]
    #expect(laps.map(\.samples) == [distanceOnly, distanceOnly])
    #expect(laps.allSatisfy { $0.event.metadata["HKSWOLFScore"] == nil })
    #expect(
      plan.records.allSatisfy {
        $0.event.type != .segment || $0.event.metadata["HKSWOLFScore"] == nil
      })
  }

  @Test("open water: no lengths, a segment per set")
  func openWater() {
    let plan = SwimPlan(
      location: .openWater, lapLength: 0,
      sets: [SwimPlan.Set(distance: 1500, lengths: 0, stroke: .freestyle, secondsPer100m: 100)])
    #expect(plan.events.map(\.type) == [.segment])
    // The watch records open water's distance and strokes on its sample grid, not per event.
    #expect(plan.records.allSatisfy { $0.samples.isEmpty })
    // 1500 m at 1.0 m/s: 1500 s.
    #expect(plan.events[0].duration == .seconds(1500))
  }
}
