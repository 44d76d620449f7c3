import Foundation
import Testing
import WorkoutCore
import WorkoutJSON
import WorkoutSimTestSupport
import WorkoutSimulation

@testable import SimulatedHealthKit

/// What the app adds to a builder itself: samples (`add(_:)` / `addSamples(_:)`) and metadata
/// (`addMetadata(_:)`), through statistics, the delegate, the saved workout and the record
/// (docs/swift-api.md#samples-the-app-adds, #metadata).
@Suite struct AppDataTests {
  static let bpm = HKUnit.count().unitDivided(by: .minute())

  static func heartRate(_ value: Double, at seconds: TimeInterval) -> HKQuantitySample {
    HKQuantitySample(
      type: HKQuantityType(.heartRate), quantity: HKQuantity(unit: bpm, doubleValue: value),
      start: noon(plus: seconds), end: noon(plus: seconds))
  }

  static func energy(_ quantity: HKQuantity, from: TimeInterval, to: TimeInterval)
    -> HKQuantitySample
  {
    HKQuantitySample(
      type: HKQuantityType(.activeEnergyBurned), quantity: quantity, start: noon(plus: from),
      end: noon(plus: to))
  }

  /// A running session collecting from 0 s, without a data source (so only the app's samples
  /// are in the builder), with `recorder` as both delegates.
  static func start(_ store: HKHealthStore, _ recorder: Recorder, at date: Date) async throws
    -> (HKWorkoutSession, HKLiveWorkoutBuilder)
  {
    let configuration = HKWorkoutConfiguration()
    configuration.activityType = .running
    configuration.locationType = .outdoor
    let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
    let builder = session.associatedWorkoutBuilder()
    session.delegate = recorder
    builder.delegate = recorder
    session.startActivity(with: date)
    try await builder.beginCollection(at: date)
    return (session, builder)
  }

  /// Live statistics read again and again (their object and quantities refilled in place once
  /// the app let go of them) give each read's values, and a quantity the app kept never changes.
  @Test func liveStatisticsReadAgainGiveNewValuesAndKeptQuantitiesStay() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    let recorder = Recorder(simulation)
    try await simulation.run {
      let (session, builder) = try await Self.start(HKHealthStore(), recorder, at: noon(plus: 0))
      try await simulation.advance(to: noon(plus: 60))
      let type = HKQuantityType(.heartRate)
      func average() -> Double? {
        builder.statistics(for: type)?.averageQuantity()?.doubleValue(for: Self.bpm)
      }
      try await builder.addSamples([Self.heartRate(120, at: 10), Self.heartRate(150, at: 20)])
      // Each read lets go of the object and its quantities, so the next one refills them.
      // (120 + 150) / 2 = 135.
      #expect(average() == 135)
      try await builder.addSamples([Self.heartRate(180, at: 30)])
      // (120 + 150 + 180) / 3 = 150.
      #expect(average() == 150)
      try await builder.addSamples([Self.heartRate(200, at: 40)])
      // (120 + 150 + 180 + 200) / 4 = 162.5.
      #expect(average() == 162.5)
      // The app keeps this one.
      let kept = try #require(builder.statistics(for: type)?.mostRecentQuantity())
      try await builder.addSamples([Self.heartRate(90, at: 50)])
      let values = builder.statistics(for: type).map { statistics in
        [
          statistics.averageQuantity(), statistics.minimumQuantity(),
          statistics.maximumQuantity(), statistics.mostRecentQuantity(),
        ].map { $0?.doubleValue(for: Self.bpm) }
      }
      // (120 + 150 + 180 + 200 + 90) / 5 = 148; minimum 90, maximum 200, most recent 90.
      #expect(values == [148, 90, 200, 90])
      // The quantity kept from the earlier read still says 200.
      #expect(kept.doubleValue(for: Self.bpm) == 200)
      session.end()
      try await builder.endCollection(at: noon(plus: 120))
      _ = try await builder.finishWorkout()
    }
  }

  @Test func addedSamplesReachStatisticsTheDelegateAndTheRecord() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    let recorder = Recorder(simulation)
    try await simulation.run {
      let (session, builder) = try await Self.start(HKHealthStore(), recorder, at: noon(plus: 0))
      try await simulation.advance(to: noon(plus: 60))
      // Heart rate 120 bpm at 10 s and 150 bpm at 20 s; energy 5 kcal over [0, 30) and
      // 4.184 kJ = 1 kcal over [30, 60).
      try await builder.addSamples([
        Self.heartRate(120, at: 10), Self.heartRate(150, at: 20),
        Self.energy(HKQuantity(unit: .kilocalorie(), doubleValue: 5), from: 0, to: 30),
        Self.energy(
          HKQuantity(unit: .jouleUnit(with: .kilo), doubleValue: 4.184), from: 30, to: 60),
      ])
      let heart = try #require(builder.statistics(for: HKQuantityType(.heartRate)))
      // (120 + 150) / 2 = 135.
      #expect(heart.averageQuantity()?.doubleValue(for: Self.bpm) == 135)
      #expect(heart.minimumQuantity()?.doubleValue(for: Self.bpm) == 120)
      #expect(heart.maximumQuantity()?.doubleValue(for: Self.bpm) == 150)
      #expect(heart.mostRecentQuantity()?.doubleValue(for: Self.bpm) == 150)
      let kcal = builder.statistics(for: HKQuantityType(.activeEnergyBurned))?.sumQuantity()?
        .doubleValue(for: .kilocalorie())
      // 5 + 4.184 / 4.184 = 6 kcal.
      #expect(isClose(kcal, 6))
      // The delegate heard one batch with both types.
      let types: Set<HKSampleType> = [
        HKQuantityType(.heartRate), HKQuantityType(.activeEnergyBurned),
      ]
      #expect(recorder.batches.withLock { $0 } == [types])
      // An earlier reading (90 bpm at 5 s) joins in time order: the most recent stays 150.
      builder.add([Self.heartRate(90, at: 5)]) { success, error in
        #expect(success && error == nil)
      }
      await simulation.settle()
      let later = try #require(builder.statistics(for: HKQuantityType(.heartRate)))
      #expect(later.minimumQuantity()?.doubleValue(for: Self.bpm) == 90)
      #expect(later.mostRecentQuantity()?.doubleValue(for: Self.bpm) == 150)
      // (90 + 120 + 150) / 3 = 120.
      #expect(later.averageQuantity()?.doubleValue(for: Self.bpm) == 120)
      session.end()
      try await builder.endCollection(at: noon(plus: 120))
      let workout = try #require(try await builder.finishWorkout())
      #expect(
        isClose(
          workout.statistics(for: HKQuantityType(.activeEnergyBurned))?.sumQuantity()?
            .doubleValue(for: .kilocalorie()), 6))
      #expect(workout.statistics(for: HKQuantityType(.heartRate))?.averageQuantity() != nil)
    }
    let result = simulation.result
    let record = try #require(result.records.first)
    guard case .discrete(let heart)? = record.statistics[.heartRate] else {
      Issue.record("no heart-rate statistics")
      return
    }
    #expect(heart.count == 3)
    #expect(heart.average == 120)
    // Held values from 5 s to the end at 120 s: 90 × 5 + 120 × 10 + 150 × 100 = 16650 over
    // 115 s.
    #expect(isClose(heart.timeWeightedAverage, 16650.0 / 115.0))
    #expect(isClose(record.totalEnergyBurned, 6))
    // The samples in time order: 5, 10, 20 s.
    #expect(record.samples[.heartRate]?.map(\.start) == [.seconds(5), .seconds(10), .seconds(20)])
    // Two log batches: the first add's 4 samples at 60 s, the second's 1.
    let batches = result.log.compactMap { entry -> Int? in
      if case .dataCollected(_, let count) = entry.kind { return count }
      return nil
    }
    #expect(batches == [4, 1])
  }

  @Test func samplesTheBuilderCannotTakeAreRefused() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    let recorder = Recorder(simulation)
    try await simulation.run {
      let store = HKHealthStore()
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .running
      let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
      let builder = session.associatedWorkoutBuilder()
      func message(_ samples: [HKSample]) async -> String? {
        do {
          try await builder.addSamples(samples)
          return nil
        } catch let error as HKError {
          #expect(error.code == .errorInvalidArgument)
          return error.localizedDescription
        } catch {
          return "\(error)"
        }
      }
      // Before beginCollection.
      #expect(
        await message([Self.heartRate(120, at: 0)])
          == "Unable to add samples to a workout that is not currently active.")
      session.startActivity(with: simulation.now)
      try await builder.beginCollection(at: noon(plus: 10))
      try await simulation.advance(to: noon(plus: 60))
      #expect(await message([]) == "HKSample data cannot be nil or empty")
      let variability = HKQuantitySample(
        type: HKQuantityType(.heartRateVariabilitySDNN),
        quantity: HKQuantity(unit: .secondUnit(with: .milli), doubleValue: 40),
        start: noon(plus: 20), end: noon(plus: 20))
      // One unmodelled sample refuses the whole call: the good one is not added either.
      let refused = await message([Self.heartRate(120, at: 20), variability])
      #expect(refused?.hasPrefix("SimulatedHealthKit does not simulate samples of") == true)
      #expect(
        await message([Self.heartRate(120, at: 5)])
          == "A heartRate sample starts before the workout's start date (beginCollection); the builder takes samples from its start date to now"
      )
      #expect(
        await message([Self.heartRate(120, at: 61)])
          == "A heartRate sample ends after the simulation's virtual now; date samples from simulation.now"
      )
      #expect(builder.statistics(for: HKQuantityType(.heartRate)) == nil)
      try await builder.endCollection(at: noon(plus: 60))
      #expect(
        await message([Self.heartRate(120, at: 30)])
          == "Unable to add samples to a workout that is not currently active.")
    }
    let actions = simulation.result.errors.map(\.action)
    #expect(actions == Array(repeating: "addSamples", count: 6))
    #expect(recorder.batches.withLock { $0 }.isEmpty)
  }

  @Test func metadataReachesTheWorkoutAndTheRecord() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    let recorder = Recorder(simulation)
    var saved: HKWorkout?
    try await simulation.run {
      let (session, builder) = try await Self.start(HKHealthStore(), recorder, at: noon(plus: 0))
      try await builder.addMetadata([
        "Route": "Lakeside", "Laps": 3, "Raced": true,
        "Goal": HKQuantity(unit: .meter(), doubleValue: 5000), "Planned": noon(plus: 3600),
        // 0.25 km, written as the record's metres; the app's value wins over the body's.
        HKMetadataKeyElevationAscended: HKQuantity(
          unit: .meterUnit(with: .kilo), doubleValue: 0.25),
      ])
      // A value HealthKit does not take refuses the call.
      await #expect(throws: HKError.self) { try await builder.addMetadata(["Splits": [1, 2]]) }
      #expect(builder.metadata["Splits"] == nil)
      #expect(builder.metadata["Route"] as? String == "Lakeside")
      try await simulation.advance(to: noon(plus: 60))
      session.end()
      try await builder.endCollection(at: noon(plus: 60))
      saved = try await builder.finishWorkout()
      // After the finish: metadata already present as given succeeds; new values do not.
      try await builder.addMetadata(["Route": "Lakeside"])
      await #expect(throws: HKError.self) { try await builder.addMetadata(["Route": "Hills"]) }
    }
    let metadata = try #require(saved?.metadata)
    #expect(metadata["Route"] as? String == "Lakeside")
    #expect(metadata["Laps"] as? Double == 3)
    #expect(metadata["Raced"] as? Bool == true)
    #expect(metadata["Goal"] as? HKQuantity == HKQuantity(unit: .meter(), doubleValue: 5000))
    #expect(metadata["Planned"] as? Date == noon(plus: 3600))
    #expect(
      (metadata[HKMetadataKeyElevationAscended] as? HKQuantity)?.doubleValue(for: .meter()) == 250)
    #expect(metadata[HKMetadataKeyIndoorWorkout] as? Bool == false)
    #expect(metadata[HKMetadataKeyTimeZone] as? String == "UTC")
    let result = simulation.result
    let records = result.document()["records"]
    guard case .array(let list)? = records, case .object(let members)? = list.first,
      let value = members.first(where: { $0.key == "metadata" })?.value
    else {
      Issue.record("no record metadata")
      return
    }
    // Keys in byte order; the quantity as {unit, value}, the date in the record's format (the
    // scenario's time zone, UTC: +00:00); no HKAverageMETs without energy samples.
    let text = String(decoding: JSONWriter.encodedBytes(value, style: .compact), as: UTF8.self)
    #expect(
      text
        == #"{"Goal":{"unit":"m","value":5000},"HKElevationAscended":250,"HKIndoorWorkout":false,"HKTimeZone":"UTC","Laps":3,"Planned":"2026-03-02T13:00:00+00:00","Raced":true,"Route":"Lakeside"}"#
    )
    #expect(result.errors.map(\.action) == ["addMetadata", "addMetadata"])
  }

  @Test func eventsKeepTheirDurationAndMetadata() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    let recorder = Recorder(simulation)
    var saved: HKWorkout?
    try await simulation.run {
      let (session, builder) = try await Self.start(HKHealthStore(), recorder, at: noon(plus: 0))
      try await simulation.advance(to: noon(plus: 200))
      // A lap from 30 s lasting 60 s with metadata; a segment from 100 s lasting 90.5 s.
      try await builder.addWorkoutEvents([
        HKWorkoutEvent(
          type: .lap, dateInterval: DateInterval(start: noon(plus: 30), duration: 60),
          metadata: ["Lap": 1]),
        HKWorkoutEvent(
          type: .segment, dateInterval: DateInterval(start: noon(plus: 100), duration: 90.5),
          metadata: nil),
      ])
      #expect(builder.workoutEvents.map(\.dateInterval.duration) == [60, 90.5])
      #expect(builder.workoutEvents.first?.metadata?["Lap"] as? Double == 1)
      #expect(builder.workoutEvents.last?.metadata == nil)
      // Intervals do not pause: 200 s elapsed.
      #expect(builder.elapsedTime == 200)
      session.end()
      try await builder.endCollection(at: noon(plus: 200))
      saved = try await builder.finishWorkout()
    }
    #expect(
      saved?.workoutEvents?.map(\.dateInterval) == [
        DateInterval(start: noon(plus: 30), duration: 60),
        DateInterval(start: noon(plus: 100), duration: 90.5),
      ])
    guard case .array(let records)? = simulation.result.document()["records"],
      case .object(let members)? = records.first,
      let events = members.first(where: { $0.key == "events" })?.value
    else {
      Issue.record("no record events")
      return
    }
    // docs/run-result.md: `duration` (s) and `metadata` appear only when an event has them;
    // lap is raw value 3, segment 7.
    #expect(
      String(decoding: JSONWriter.encodedBytes(events, style: .compact), as: UTF8.self)
        == #"[{"at":30,"date":"2026-03-02T12:00:30+00:00","duration":60,"metadata":{"Lap":1},"rawValue":3,"type":"lap"},{"at":100,"date":"2026-03-02T12:01:40+00:00","duration":90.5,"rawValue":7,"type":"segment"}]"#
    )
  }

  @Test func theCrownsSelectionIsReadable() async throws {
    let url = packageRoot.appendingPathComponent(
      "Scenarios/watch-crown-continuous.json")
    let simulation = try HealthKitSimulation(scenario: url)
    // The scenario's selector: running, walking, cycling, continuous, starting on running; the
    // crown turns by -1 at 1 s (wraps to cycling) and by 1.5 at 2 s (3.5 wraps to 0.5, which
    // snaps away from zero to walking).
    #expect(simulation.digitalCrownSelection == .running)
    try await simulation.advance(to: simulation.startDate + 1.5)
    #expect(simulation.digitalCrownSelection == .cycling)
    try await simulation.advance(to: simulation.startDate + 2.5)
    #expect(simulation.digitalCrownSelection == .walking)
  }

  @Test func sessionEventsReachTheSessionWithoutBuilderEvents() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    let recorder = Recorder(simulation)
    try await simulation.run {
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .running
      let session = try HKWorkoutSession(healthStore: HKHealthStore(), configuration: configuration)
      let builder = session.associatedWorkoutBuilder()
      builder.shouldCollectWorkoutEvents = false
      session.delegate = recorder
      builder.delegate = recorder
      session.startActivity(with: simulation.now)
      try await builder.beginCollection(at: simulation.now)
      try await simulation.advance(by: .seconds(60))
      session.pause()
      try await simulation.advance(by: .seconds(30))
      session.resume()
      try await simulation.advance(by: .seconds(30))
      // An event the app adds is the builder's, not the session's.
      try await builder.addWorkoutEvents([
        HKWorkoutEvent(
          type: .pause, dateInterval: DateInterval(start: simulation.now, duration: 0),
          metadata: nil)
      ])
      await simulation.settle()
      #expect(builder.workoutEvents.map(\.type) == [.pause])
    }
    // The session generated pause at 60 s and resume at 90 s; the builder collected neither
    // (its one event is the app's).
    #expect(recorder.events.withLock { $0 } == [.pause, .resume])
    #expect(recorder.builderEvents.withLock { $0 } == 1)
  }

  @Test func wallClockEntriesNameTheHealthKitCall() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    try await simulation.run {
      try await simulation.advance(by: .seconds(600))
      let manager = WorkoutManager()
      try await manager.startWorkout(type: .running, delegate: nil, at: Date())
      try await simulation.advance(by: .seconds(60))
      try await manager.builder?.addWorkoutEvents([
        HKWorkoutEvent(
          type: .lap, dateInterval: DateInterval(start: Date(), duration: 0), metadata: nil)
      ])
      manager.session?.stopActivity(with: Date())
      try await manager.builder?.endCollection(at: Date())
    }
    let entries = simulation.result.log.compactMap { entry -> String? in
      if case .wallClockDate(let action) = entry.kind { return action }
      return nil
    }
    // docs/run-result.md#log: the HealthKit method the date went to.
    #expect(
      entries == [
        "startActivity", "beginCollection", "addWorkoutEvents", "stopActivity", "endCollection",
      ])
  }

  @Test func strictDatesNameTheHealthKitCall() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun(), options: .strictDates)
    let recorder = Recorder(simulation)
    try await simulation.run {
      try await simulation.advance(by: .seconds(600))
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .running
      let session = try HKWorkoutSession(healthStore: HKHealthStore(), configuration: configuration)
      session.delegate = recorder
      session.startActivity(with: Date())
      await simulation.settle()
    }
    let error = try #require(recorder.errors.withLock { $0 }.first)
    #expect(
      error.localizedDescription.hasPrefix(
        "The date passed to startActivity is the real wall clock (Date())"))
    // The run's errors keep the engine's word for the call, as its own errors of `start` do.
    #expect(simulation.result.errors.map(\.action) == ["start"])
  }
}

/// Whether `value` is within 1e-9 of `expected`.
private func isClose(_ value: Double?, _ expected: Double) -> Bool {
  guard let value else { return false }
  return abs(value - expected) <= 1e-9 * max(1, abs(expected))
}
