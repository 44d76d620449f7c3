import Foundation
import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSimulation
import WorkoutSystem

@testable import SimulatedHealthKit

/// The package mappings between HealthKit's value types and the engine's, and the `HKWorkout`
/// and `HKStatistics` made from engine records and builder statistics.
@Suite struct ValuesMappingTests {
  /// 2023-11-14T22:13:20Z, an arbitrary scenario start.
  private static let base = Date(timeIntervalSince1970: 1_700_000_000)

  @Test func activityTypesKeepRawValueAndName() {
    for activity in WorkoutActivityType.allCases {
      let mapped = HKWorkoutActivityType(activity)
      #expect(mapped.rawValue == activity.rawValue)
      #expect(String(describing: mapped) == activity.name)
      #expect(mapped.engineValue == activity)
    }
    // HealthKit refuses a session of underwater diving; every other case is an engine activity.
    #expect(HKWorkoutActivityType.underwaterDiving.engineValue == nil)
    #expect(HKWorkoutActivityType.archery.engineValue == .archery)
    #expect(HKWorkoutActivityType(.running) == .running)
  }

  @Test func sessionStatesLocationsAndEventTypesKeepRawValueAndName() {
    for state in WorkoutSessionState.allCases {
      #expect(HKWorkoutSessionState(state).rawValue == state.rawValue)
      #expect(String(describing: HKWorkoutSessionState(state)) == state.name)
      #expect(HKWorkoutSessionState(state).engineValue == state)
    }
    for location in WorkoutSessionLocationType.allCases {
      #expect(HKWorkoutSessionLocationType(location).rawValue == location.rawValue)
      #expect(String(describing: HKWorkoutSessionLocationType(location)) == location.name)
      #expect(HKWorkoutSessionLocationType(location).engineValue == location)
    }
    for type in WorkoutEventType.allCases {
      #expect(HKWorkoutEventType(type).rawValue == type.rawValue)
      #expect(String(describing: HKWorkoutEventType(type)) == type.name)
      #expect(HKWorkoutEventType(type).engineValue == type)
    }
  }

  @Test func quantityTypesMapBothWays() {
    for type in QuantityType.allCases {
      let mapped = HKQuantityType(engine: type)
      #expect(mapped.engineType == type)
      // The engine's unit fits HealthKit's type, and its aggregation agrees.
      #expect(mapped.is(compatibleWith: type.healthKitUnit))
      #expect((mapped.aggregationStyle == .cumulative) == type.isCumulative)
    }
    #expect(HKQuantityType(engine: .heartRate) == HKQuantityType(.heartRate))
    #expect(
      HKQuantityType(engine: .distanceWalkingRunning) == HKQuantityType(.distanceWalkingRunning))
    #expect(HKQuantityType(.vo2Max).engineType == nil)
    #expect(QuantityType.heartRate.healthKitUnit == HKUnit.count().unitDivided(by: .minute()))
    #expect(QuantityType.activeEnergyBurned.healthKitUnit == .kilocalorie())
    #expect(QuantityType.runningSpeed.healthKitUnit == HKUnit.meter().unitDivided(by: .second()))
    #expect(QuantityType.cyclingPower.healthKitUnit == .watt())
    // 150 bpm in the engine's unit is 2.5 count/s, HealthKit's canonical heart-rate unit.
    #expect(QuantityType.heartRate.quantity(150).doubleValue(for: HKUnit(from: "count/s")) == 2.5)
  }

  @Test func engineErrorsBecomeHealthKitErrors() {
    let illegal = HKError(WorkoutError.invalidTransition(.pause, from: .notStarted))
    #expect(illegal.code == .errorInvalidArgument)
    #expect(
      illegal.localizedDescription == "Unable to perform 'pause' from current state 'notStarted'")
    #expect((illegal as NSError).code == 3)
    #expect(
      HKError(WorkoutError.anotherWorkoutSessionStarted).code == .errorAnotherWorkoutSessionStarted)
    #expect((HKError(WorkoutError.anotherWorkoutSessionStarted) as NSError).code == 8)
    #expect(HKError(WorkoutError.noSession).code == .errorInvalidArgument)
    #expect(HKError(WorkoutError.noSession).message == "The app has no workout session")
  }

  @Test func instantsAndDates() {
    // 1.5 s after the start.
    #expect(
      Date(SimulationInstant(nanoseconds: 1_500_000_000), since: Self.base)
        == Self.base.addingTimeInterval(1.5))
    #expect(
      SimulationInstant(Self.base.addingTimeInterval(2.25), since: Self.base)
        == SimulationInstant(nanoseconds: 2_250_000_000))
    #expect(Duration.milliseconds(1500).timeInterval == 1.5)
    let event = HKWorkoutEvent(WorkoutEvent(.lap, at: .seconds(90)), since: Self.base)
    #expect(event.type == .lap)
    #expect(
      event.dateInterval == DateInterval(start: Self.base.addingTimeInterval(90), duration: 0))
    #expect(event.engineEvent(since: Self.base) == WorkoutEvent(.lap, at: .seconds(90)))
  }

  @Test func statisticsFromEngineValues() {
    let discrete = QuantityStatistics.discrete(
      DiscreteStatistics(
        average: 140, timeWeightedAverage: 141, minimum: 120, maximum: 160, mostRecent: 150,
        count: 4))
    let heart = HKStatistics(
      .heartRate, discrete, lastSample: QuantitySample(at: .seconds(65), value: 150),
      from: .seconds(10), to: .seconds(70), since: Self.base)
    let bpm = HKUnit(from: "count/min")
    #expect(heart.quantityType == HKQuantityType(.heartRate))
    #expect(heart.startDate == Self.base.addingTimeInterval(10))
    #expect(heart.endDate == Self.base.addingTimeInterval(70))
    // averageQuantity() is the plain mean, not the time-weighted one.
    #expect(heart.averageQuantity()?.doubleValue(for: bpm) == 140)
    #expect(heart.minimumQuantity()?.doubleValue(for: bpm) == 120)
    #expect(heart.maximumQuantity()?.doubleValue(for: bpm) == 160)
    #expect(heart.mostRecentQuantity()?.doubleValue(for: bpm) == 150)
    #expect(
      heart.mostRecentQuantityDateInterval()
        == DateInterval(start: Self.base.addingTimeInterval(65), duration: 0))
    #expect(heart.sumQuantity() == nil)

    let steps = HKStatistics(
      .stepCount, .cumulative(CumulativeStatistics(sum: 160, count: 2)),
      lastSample: QuantitySample(start: .seconds(60), end: .seconds(65), value: 80),
      from: .seconds(10), to: .seconds(70), since: Self.base)
    #expect(steps.sumQuantity()?.doubleValue(for: .count()) == 160)
    #expect(steps.averageQuantity() == nil && steps.minimumQuantity() == nil)
    #expect(steps.mostRecentQuantity()?.doubleValue(for: .count()) == 80)
    #expect(
      steps.mostRecentQuantityDateInterval()
        == DateInterval(
          start: Self.base.addingTimeInterval(60), end: Self.base.addingTimeInterval(65)))
  }

  @Test func aBuilderWithoutSamplesHasNoStatistics() throws {
    var builder = LiveWorkoutBuilder(activityType: .running, locationType: .outdoor)
    try builder.beginCollection(at: .seconds(5))
    #expect(HKStatistics(.heartRate, of: builder, at: .seconds(30), since: Self.base) == nil)
    #expect(HKStatistics.all(of: builder, at: .seconds(30), since: Self.base).isEmpty)
  }

  private func record() -> WorkoutRecord {
    WorkoutRecord(
      id: "0A1B2C3D-4E5F-4A6B-8C7D-8E9FA0B1C2D3", activityType: .running,
      locationType: .outdoor, startDate: .seconds(10), endDate: .seconds(70),
      duration: .seconds(50),
      events: [
        WorkoutEvent(.pause, at: .seconds(20)), WorkoutEvent(.resume, at: .seconds(30)),
        WorkoutEvent(.lap, at: .seconds(40)),
      ],
      totalEnergyBurned: 12.5, totalDistance: 250,
      statistics: [
        .heartRate: .discrete(
          DiscreteStatistics(
            average: 140, timeWeightedAverage: 141, minimum: 120, maximum: 160, mostRecent: 150,
            count: 4)),
        .stepCount: .cumulative(CumulativeStatistics(sum: 160, count: 2)),
      ],
      metadata: [
        WorkoutRecord.MetadataKey.indoorWorkout: .bool(false),
        WorkoutRecord.MetadataKey.elevationAscended: .number(12),
        WorkoutRecord.MetadataKey.averageMETs: .number(8.5),
        WorkoutRecord.MetadataKey.timeZone: .string("Europe/Berlin"),
      ],
      samples: [
        .heartRate: SampleSeries([
          QuantitySample(at: .seconds(15), value: 120),
          QuantitySample(at: .seconds(35), value: 130),
          QuantitySample(at: .seconds(50), value: 160),
          QuantitySample(at: .seconds(65), value: 150),
        ]),
        .stepCount: SampleSeries([
          QuantitySample(start: .seconds(10), end: .seconds(15), value: 80),
          QuantitySample(start: .seconds(60), end: .seconds(65), value: 80),
        ]),
      ])
  }

  @available(iOS, deprecated: 18.0)
  @available(watchOS, deprecated: 11.0)
  @available(macOS, deprecated: 15.0)
  private func energy(of workout: HKWorkout) -> HKQuantity? { workout.totalEnergyBurned }

  @Test func aWorkoutFromARecord() throws {
    let workout = HKWorkout(record(), since: Self.base)
    #expect(workout.uuid.uuidString == "0A1B2C3D-4E5F-4A6B-8C7D-8E9FA0B1C2D3")
    #expect(workout.workoutActivityType == .running)
    #expect(workout.sampleType == HKObjectType.workoutType())
    #expect(workout.startDate == Self.base.addingTimeInterval(10))
    #expect(workout.endDate == Self.base.addingTimeInterval(70))
    #expect(workout.duration == 50)
    #expect(workout.device == HKDevice.local())
    let events = try #require(workout.workoutEvents)
    #expect(events.map(\.type) == [.pause, .resume, .lap])
    #expect(
      events.map(\.dateInterval.start) == [20, 30, 40].map { Self.base.addingTimeInterval($0) })
    #expect(events.allSatisfy { $0.dateInterval.duration == 0 })

    #expect(
      Set(workout.allStatistics.keys) == [HKQuantityType(.heartRate), HKQuantityType(.stepCount)])
    let heart = try #require(workout.statistics(for: HKQuantityType(.heartRate)))
    #expect(heart.averageQuantity()?.doubleValue(for: HKUnit(from: "count/min")) == 140)
    #expect(heart.startDate == workout.startDate && heart.endDate == workout.endDate)
    #expect(heart.mostRecentQuantityDateInterval()?.start == Self.base.addingTimeInterval(65))
    let steps = try #require(workout.statistics(for: HKQuantityType(.stepCount)))
    #expect(steps.sumQuantity()?.doubleValue(for: .count()) == 160)
    #expect(workout.statistics(for: HKQuantityType(.cyclingPower)) == nil)

    // 250 m = 0.25 km; 12.5 kcal × 4184 J/kcal = 52 300 J.
    #expect(workout.totalDistance?.doubleValue(for: .meterUnit(with: .kilo)) == 0.25)
    #expect(energy(of: workout)?.doubleValue(for: .joule()) == 52_300)

    let metadata = try #require(workout.metadata)
    #expect(metadata[HKMetadataKeyIndoorWorkout] as? Bool == false)
    // 12 m = 0.012 km.
    #expect(
      (metadata[HKMetadataKeyElevationAscended] as? HKQuantity)?
        .doubleValue(for: .meterUnit(with: .kilo)) == 0.012)
    #expect(
      (metadata[HKMetadataKeyAverageMETs] as? HKQuantity)?
        .doubleValue(for: HKUnit(from: "kcal/kg·hr")) == 8.5)
    #expect(metadata[HKMetadataKeyTimeZone] as? String == "Europe/Berlin")

    let activity = try #require(workout.workoutActivities.first)
    #expect(workout.workoutActivities.count == 1)
    // The record id's last byte 0xD3 inverted is 0x2C.
    #expect(activity.uuid.uuidString == "0A1B2C3D-4E5F-4A6B-8C7D-8E9FA0B1C22C")
    #expect(activity.workoutConfiguration.activityType == .running)
    #expect(activity.workoutConfiguration.locationType == .outdoor)
    #expect(activity.startDate == workout.startDate && activity.endDate == workout.endDate)
    #expect(activity.duration == 50)
    #expect(activity.workoutEvents.count == 3)
    #expect(activity.statistics(for: HKQuantityType(.heartRate)) == heart)
  }

  @Test func aWorkoutWithoutEventsHasNilEvents() {
    var plain = record()
    plain.events = []
    #expect(HKWorkout(plain, since: Self.base).workoutEvents == nil)
  }

  /// docs/scenarios.md's paused ten-minute run on the engine: start 0, pause 300 s, resume 360 s, end
  /// 660 s.
  @Test func aWorkoutFromAnEngineRun() throws {
    let scenario = try Scenario(
      name: "Ten minutes with a break",
      timeline: [
        .init(at: .seconds(0), .app(.start)), .init(at: .seconds(300), .app(.pause)),
        .init(at: .seconds(360), .app(.resume)), .init(at: .seconds(660), .app(.end)),
      ])
    let result = try Simulation.run(scenario)
    let record = try #require(result.records.first)
    let workout = HKWorkout(record, since: result.startDate)
    // Collection begins with the start at 0 and ends at 660 s; 660 − 60 s paused = 600 s.
    #expect(workout.startDate == result.startDate)
    #expect(workout.endDate == result.startDate.addingTimeInterval(660))
    #expect(workout.duration == 600)
    #expect(workout.workoutEvents?.map(\.type) == [.pause, .resume])
    #expect(
      workout.workoutEvents?.map(\.dateInterval.start)
        == [300, 360].map { result.startDate.addingTimeInterval($0) })
    #expect(
      Set(workout.allStatistics.keys)
        == Set(record.statistics.keys.map { HKQuantityType(engine: $0) }))
    let average = try #require(record.statistics[.heartRate]?.discreteValue?.average)
    #expect(
      workout.statistics(for: HKQuantityType(.heartRate))?.averageQuantity()?
        .doubleValue(for: HKUnit(from: "count/min")) == average)
  }
}

/// A scripted body: heart rate 100 + t bpm at second t, 8 steps per 5-second sample.
private struct LinearSource: WorkoutDataSource {
  mutating func discreteValue(
    of type: QuantityType, at instant: SimulationInstant, activity: WorkoutActivityType
  ) -> Double? {
    type == .heartRate ? 100 + instant.seconds : nil
  }

  mutating func cumulativeAmount(
    of type: QuantityType, from start: SimulationInstant, to end: SimulationInstant,
    activity: WorkoutActivityType
  ) -> Double {
    type == .stepCount ? 8 : 0
  }
}

@Suite struct ValuesLiveStatisticsTests {
  private static let base = Date(timeIntervalSince1970: 1_700_000_000)

  @Test func liveStatisticsOfAnEngineBuilder() throws {
    var schedules: [QuantityType: SampleSchedule] = [:]
    for type in QuantityType.allCases {
      schedules[type] = SampleSchedule(enabled: false, interval: .seconds(10))
    }
    schedules[.heartRate] = SampleSchedule(interval: .seconds(10))
    schedules[.stepCount] = SampleSchedule(interval: .seconds(5))
    var engine = WorkoutEngine(
      configuration: WorkoutEngineConfiguration(activity: .running, schedules: schedules),
      dataSource: LinearSource())
    engine.perform(.start, at: .seconds(0))
    engine.beginCollection(ofSession: 0, at: .seconds(0), date: .seconds(0))
    engine.advance(to: .seconds(37))
    let builder = try #require(engine.builder(ofSession: 0))
    let all = HKStatistics.all(of: builder, at: .seconds(37), since: Self.base)
    #expect(Set(all.keys) == [HKQuantityType(.heartRate), HKQuantityType(.stepCount)])

    // Heart rate at 0, 10, 20, 30 s: 100, 110, 120, 130 bpm; mean 460 / 4 = 115.
    let heart = try #require(all[HKQuantityType(.heartRate)])
    let bpm = HKUnit(from: "count/min")
    #expect(heart.startDate == Self.base)
    #expect(heart.endDate == Self.base.addingTimeInterval(37))
    #expect(heart.averageQuantity()?.doubleValue(for: bpm) == 115)
    #expect(heart.minimumQuantity()?.doubleValue(for: bpm) == 100)
    #expect(heart.maximumQuantity()?.doubleValue(for: bpm) == 130)
    #expect(heart.mostRecentQuantity()?.doubleValue(for: bpm) == 130)
    #expect(
      heart.mostRecentQuantityDateInterval()
        == DateInterval(start: Self.base.addingTimeInterval(30), duration: 0))

    // Seven whole 5-second spans [0, 5) … [30, 35) of 8 steps: 56; the latest is [30, 35).
    let steps = try #require(all[HKQuantityType(.stepCount)])
    #expect(steps.sumQuantity()?.doubleValue(for: .count()) == 56)
    #expect(steps.mostRecentQuantity()?.doubleValue(for: .count()) == 8)
    #expect(
      steps.mostRecentQuantityDateInterval()
        == DateInterval(
          start: Self.base.addingTimeInterval(30), end: Self.base.addingTimeInterval(35)))
  }
}
