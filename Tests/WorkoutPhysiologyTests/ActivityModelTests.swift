import Testing
import WorkoutCore
import WorkoutPhysiology

@Suite("Rowing, stairs and skiing: what each collects (docs/models.md#rowing)")
struct ActivityModelTests {
  @Test("Concept2 power at 2:00 per 500 m and its energy for 65 kg")
  func rowingWorkedValue() {
    // v = 500 / 120 = 4.166667 m/s; P = 2.80 × v³ = 2.80 × 72.337963 = 202.546296 W.
    let v = 500.0 / 120.0
    #expect(close(RowingModel.power(metresPerSecond: v), 202.546296, 1e-6))
    // Net VO2 = 4 × 202.546296 × 60 / 20.92 / 65 = 48611.111 / 1359.8 = 35.748722.
    #expect(close(RowingModel.netVO2(metresPerSecond: v, massKg: 65), 35.748722, 1e-6))
    #expect(RowingModel.power(metresPerSecond: 0) == 0)
  }

  @Test("a rowing minute at 4.0 m/s: distance, speed and energy")
  func rowingMinute() throws {
    var source = try quietSource(segments: [CourseSegment(duration: .seconds(600), speed: 4)])
    // P = 2.80 × 64 = 179.2 W; active kcal/min = 4 × 179.2 × 60 / 4184 = 10.279159 (the mass
    // cancels: net VO2 × M / 200 with net VO2 = 4P·60 / (20.92·M)).
    let active = source.cumulativeAmount(
      of: .activeEnergyBurned, from: at(0), to: at(60), activity: .rowing)
    #expect(close(active, 43008.0 / 4184.0, 1e-9))
    #expect(
      source.cumulativeAmount(of: .distanceRowing, from: at(0), to: at(60), activity: .rowing)
        == 240)
    #expect(try reading(&source, .rowingSpeed, at(30), .rowing) == 4)
    // Rowing collects no walking distance and no steps.
    #expect(
      source.cumulativeAmount(
        of: .distanceWalkingRunning, from: at(0), to: at(60), activity: .rowing) == 0)
    #expect(source.discreteValue(of: .runningSpeed, at: at(30), activity: .rowing) == nil)
  }

  @Test("stairs at 60 steps a minute: 3.75 flights and 10.58655 kcal")
  func stairsMinute() throws {
    // Cadence alone: a stair machine's steps, no speed.
    var source = try quietSource(segments: [CourseSegment(duration: .seconds(600), cadence: 60)])
    for activity in [WorkoutActivityType.stairClimbing, .stairs] {
      // 60 steps / 16 a flight = 3.75 flights.
      #expect(
        close(
          source.cumulativeAmount(of: .flightsClimbed, from: at(0), to: at(60), activity: activity),
          3.75, 1e-9))
      // Net VO2 = 0.2 × 60 + 1.8 × 0.1905 × 60 = 12 + 20.574 = 32.574; × 65 / 200 = 10.58655.
      #expect(
        close(
          source.cumulativeAmount(
            of: .activeEnergyBurned, from: at(0), to: at(60), activity: activity),
          10.58655, 1e-9))
    }
    #expect(close(StairModel.stepHeight, 0.1905, 1e-12))
    // Step training climbs nothing: no flights, its Compendium MET.
    #expect(
      source.cumulativeAmount(
        of: .flightsClimbed, from: at(0), to: at(60), activity: .stepTraining) == 0)
  }

  @Test("a hike's flights are its metres climbed over 3.048")
  func hikingFlights() throws {
    var source = try quietSource(segments: [
      CourseSegment(duration: .seconds(600), speed: 1.2, grade: 0.10),
      CourseSegment(duration: .seconds(600), speed: 1.2, grade: -0.10),
    ])
    // Up: 1.2 × 0.10 × 600 = 72 m, 72 / 3.048 = 23.622047 flights; down climbs nothing.
    let flights = source.cumulativeAmount(
      of: .flightsClimbed, from: at(0), to: at(1200), activity: .hiking)
    #expect(close(flights, 72 / 3.048, 1e-9))
    // A walk collects no flights (main's walking types are unchanged).
    #expect(
      source.cumulativeAmount(of: .flightsClimbed, from: at(0), to: at(600), activity: .walking)
        == 0)
  }

  @Test("cross-country skiing's MET by speed band")
  func crossCountry() throws {
    // 2.0 m/s = 4.474 mph: 19090, 9.0 MET; 1.5 m/s = 3.355 mph: 19080, 6.8;
    // 3.0 m/s = 6.711 mph: 19100, 12.5; 4.0 m/s = 8.948 mph: 19110, 15.0.
    #expect(CrossCountrySkiingModel.mets(metresPerSecond: 2.0) == 9.0)
    #expect(CrossCountrySkiingModel.mets(metresPerSecond: 1.5) == 6.8)
    #expect(CrossCountrySkiingModel.mets(metresPerSecond: 3.0) == 12.5)
    #expect(CrossCountrySkiingModel.mets(metresPerSecond: 4.0) == 15.0)
    #expect(CrossCountrySkiingModel.mets(metresPerSecond: 0) == 1)
    var source = try quietSource(segments: [CourseSegment(duration: .seconds(600), speed: 2)])
    // (9.0 − 1) × 3.5 × 65 / 200 = 9.1 active kcal a minute; 120 m a minute.
    #expect(
      close(
        source.cumulativeAmount(
          of: .activeEnergyBurned, from: at(0), to: at(60), activity: .crossCountrySkiing),
        9.1, 1e-9))
    #expect(
      source.cumulativeAmount(
        of: .distanceCrossCountrySkiing, from: at(0), to: at(60), activity: .crossCountrySkiing)
        == 120)
    #expect(try reading(&source, .crossCountrySkiingSpeed, at(30), .crossCountrySkiing) == 2)
  }

  @Test("downhill skiing and snowboarding: the course's distance, the Compendium's 5.3 MET")
  func downhill() throws {
    var source = try quietSource(segments: [CourseSegment(duration: .seconds(600), speed: 8)])
    for activity in [WorkoutActivityType.downhillSkiing, .snowboarding] {
      #expect(
        source.cumulativeAmount(
          of: .distanceDownhillSnowSports, from: at(0), to: at(60), activity: activity) == 480)
      // (5.3 − 1) × 3.5 × 65 / 200 = 4.89125 kcal a minute.
      #expect(
        close(
          source.cumulativeAmount(
            of: .activeEnergyBurned, from: at(0), to: at(60), activity: activity),
          4.89125, 1e-9))
      #expect(activity.distanceType == .distanceDownhillSnowSports)
    }
  }

  @Test("downhill runs: a segment per stretch downhill with the metres descended")
  func downhillRuns() throws {
    let course = try Course(segments: [
      CourseSegment(duration: .seconds(60), speed: 10, grade: -0.20),
      CourseSegment(duration: .seconds(60), speed: 10, grade: -0.20),
      CourseSegment(duration: .seconds(300), speed: 0),
      CourseSegment(duration: .seconds(100), speed: 8, grade: -0.15),
    ])
    let runs = DownhillRuns.events(of: course)
    // 0–120 s: 10 × 0.20 × 120 = 240 m; the lift 120–420 s is no run; 420–520 s:
    // 8 × 0.15 × 100 = 120 m.
    #expect(runs.map(\.type) == [.segment, .segment])
    #expect(runs.map(\.date) == [.seconds(0), .seconds(420)])
    #expect(runs.map(\.duration) == [.seconds(120), .seconds(100)])
    let metres = runs.compactMap { event -> Double? in
      guard case .quantity(let value, let unit)? = event.metadata["HKElevationDescended"],
        unit == "m"
      else { return nil }
      return value
    }
    #expect(metres.count == 2)
    #expect(close(metres[0], 240, 1e-9))
    #expect(close(metres[1], 120, 1e-9))
  }

  @Test("elliptical, HIIT and strength collect heart rate and energy only")
  func heartRateAndEnergyOnly() {
    for activity in [
      WorkoutActivityType.elliptical, .highIntensityIntervalTraining,
      .traditionalStrengthTraining, .functionalStrengthTraining,
    ] {
      #expect(activity.collectedTypes == [.heartRate, .activeEnergyBurned, .basalEnergyBurned])
      #expect(activity.distanceType == nil)
    }
  }
}
