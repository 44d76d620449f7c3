import Foundation
import Synchronization
import Testing
import WorkoutHealth
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// `NSKeyedArchiver` round trips (`requiringSecureCoding: true`) of every class Apple declares
/// `NSSecureCoding` that SimulatedHealthKit has, and the classic anchor pattern: an anchor kept
/// as `Data` (as apps keep it in `UserDefaults`) restarts an anchored query that returns only
/// the new samples (docs/healthkit-types.md#secure-coding).
@Suite struct SecureCodingTests {
  /// Archives `value` requiring secure coding and reads it back as `T`.
  func roundTrip<T: NSObject & NSSecureCoding>(_ value: T) throws -> T {
    let data = try NSKeyedArchiver.archivedData(withRootObject: value, requiringSecureCoding: true)
    return try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: T.self, from: data))
  }

  @Test func quantitiesAndUnits() throws {
    let pace = HKUnit(from: "s/km")
    #expect(try roundTrip(pace) == pace)
    #expect(try roundTrip(HKUnit(from: "kcal/(kg*hr)")) == HKUnit(from: "kcal/(kg*hr)"))
    let distance = HKQuantity(unit: .meterUnit(with: .kilo), doubleValue: 5)
    let back = try roundTrip(distance)
    #expect(back == distance)
    // Equal by value in the same unit: 5 km, not 5000 m re-expressed.
    #expect(back.doubleValue(for: .meter()) == 5000)
    #expect(back.description == "5 km")
  }

  @Test func objectTypesKeepTheirClassAndIdentifier() throws {
    let types: [HKObjectType] = [
      steps, HKCategoryType(.sleepAnalysis), HKObjectType.workoutType(),
      HKCharacteristicType(.dateOfBirth), HKCorrelationType(.bloodPressure),
      HKSeriesType.workoutRoute(), HKObjectType.activitySummaryType(),
      HKObjectType.electrocardiogramType(),
    ]
    for type in types {
      let back = try roundTrip(type)
      #expect(back == type)
      #expect(Swift.type(of: back) == Swift.type(of: type))
    }
    let quantity = try #require(try roundTrip(steps as HKObjectType) as? HKQuantityType)
    #expect(quantity.aggregationStyle == .cumulative)
  }

  @Test func devicesSourcesAndRevisions() throws {
    #expect(try roundTrip(HKDevice.local()) == HKDevice.local())
    #expect(try roundTrip(HKSource.default()) == HKSource.default())
    let revision = HKSourceRevision(
      source: .default(), version: "2.1", productType: "Watch7,1",
      operatingSystemVersion: OperatingSystemVersion(
        majorVersion: 11, minorVersion: 2, patchVersion: 1))
    let back = try roundTrip(revision)
    #expect(back == revision)
    #expect(back.operatingSystemVersion.minorVersion == 2)
    let deleted = HKDeletedObject(uuid: UUID())
    #expect(try roundTrip(deleted) == deleted)
  }

  /// A quantity sample with every kind of metadata value: string, integer, Boolean, date and
  /// quantity; it comes back equal (by UUID) with the same fields.
  @Test func quantityAndCategorySamples() throws {
    let start = Date(timeIntervalSinceReferenceDate: 800_000_000)
    let sample = HKQuantitySample(
      type: heartRate, quantity: HKQuantity(unit: bpm, doubleValue: 72), start: start,
      end: start.addingTimeInterval(5), device: .local(),
      metadata: [
        "note": "rest", "laps": 3, HKMetadataKeyIndoorWorkout: true,
        "when": start, HKMetadataKeyElevationAscended: HKQuantity(unit: .meter(), doubleValue: 12),
      ])
    let back = try roundTrip(sample)
    #expect(back == sample)
    #expect(back.quantity == sample.quantity)
    #expect(back.quantityType == heartRate)
    #expect(back.startDate == start)
    #expect(back.endDate == start.addingTimeInterval(5))
    #expect(back.device == .local())
    #expect(back.sourceRevision == sample.sourceRevision)
    #expect(back.metadata?["note"] as? String == "rest")
    #expect(back.metadata?["laps"] as? Int == 3)
    #expect(back.metadata?[HKMetadataKeyIndoorWorkout] as? Bool == true)
    #expect(back.metadata?["when"] as? Date == start)
    #expect(
      back.metadata?[HKMetadataKeyElevationAscended] as? HKQuantity
        == HKQuantity(unit: .meter(), doubleValue: 12))

    let sleep = HKCategorySample(
      type: HKCategoryType(.sleepAnalysis), value: 3, start: start,
      end: start.addingTimeInterval(3600))
    let asleep = try roundTrip(sleep)
    #expect(asleep == sleep)
    #expect(asleep.value == 3)
    #expect(asleep.categoryType == HKCategoryType(.sleepAnalysis))
    // Read as their base class, they keep their own.
    #expect(try roundTrip(sleep as HKSample) is HKCategorySample)
  }

  /// A discrete series sample (60, 90, 75 count/min) keeps its count and summary: minimum 60,
  /// maximum 90, average 75, most recent 75; a cumulative one keeps its sum (3 + 4 = 7).
  @Test func seriesSamples() throws {
    let start = Date(timeIntervalSinceReferenceDate: 800_000_000)
    let entries = [(60.0, 0.0), (90, 10), (75, 20)].map { value, offset in
      QuantitySeriesEntry(
        quantity: HKQuantity(unit: bpm, doubleValue: value),
        dateInterval: DateInterval(start: start.addingTimeInterval(offset), duration: 1))
    }
    let discrete = HKDiscreteQuantitySample(
      type: heartRate, series: entries, start: start, end: start.addingTimeInterval(21),
      device: nil, metadata: nil, uuid: UUID(),
      sourceRevision: HKSourceRevision(source: .default(), version: nil))
    let back = try #require(
      try roundTrip(discrete as HKQuantitySample) as? HKDiscreteQuantitySample)
    #expect(back == discrete)
    #expect(back.count == 3)
    #expect(back.minimumQuantity.doubleValue(for: bpm) == 60)
    #expect(back.maximumQuantity.doubleValue(for: bpm) == 90)
    #expect(back.averageQuantity.doubleValue(for: bpm) == 75)
    #expect(back.mostRecentQuantity.doubleValue(for: bpm) == 75)
    #expect(back.seriesEntries.map(\.dateInterval) == entries.map(\.dateInterval))

    let cumulative = HKCumulativeQuantitySample(
      type: steps,
      series: [3.0, 4].map {
        QuantitySeriesEntry(
          quantity: HKQuantity(unit: .count(), doubleValue: $0),
          dateInterval: DateInterval(start: start.addingTimeInterval($0), duration: 0))
      }, start: start, end: start.addingTimeInterval(4), device: nil, metadata: nil, uuid: UUID(),
      sourceRevision: HKSourceRevision(source: .default(), version: nil))
    let summed = try roundTrip(cumulative)
    #expect(summed.sumQuantity.doubleValue(for: .count()) == 7)
    #expect(summed.count == 2)
  }

  @Test func correlations() throws {
    let now = Date(timeIntervalSinceReferenceDate: 800_000_000)
    let correlation = CorrelationAndSourceTests.bloodPressure(at: now)
    let back = try roundTrip(correlation)
    #expect(back == correlation)
    #expect(back.objects == correlation.objects)
    #expect(back.correlationType == HKCorrelationType(.bloodPressure))
    #expect(back.metadata?["cuff"] as? String == "left arm")
  }

  /// Configuration, event, statistics, activity and workout: equal after the round trip, with
  /// their statistics (a sum of 120 kcal, an average of 150 count/min).
  @Test func workoutsAndTheirParts() throws {
    let configuration = HKWorkoutConfiguration()
    configuration.activityType = .swimming
    configuration.locationType = .indoor
    configuration.swimmingLocationType = .pool
    configuration.lapLength = HKQuantity(unit: .meter(), doubleValue: 25)
    #expect(try roundTrip(configuration) == configuration)

    let start = Date(timeIntervalSinceReferenceDate: 800_000_000)
    let end = start.addingTimeInterval(1800)
    let pause = HKWorkoutEvent(
      type: .pause, dateInterval: DateInterval(start: start.addingTimeInterval(600), duration: 0),
      metadata: ["why": "traffic light"])
    #expect(try roundTrip(pause) == pause)

    let energy = HKStatistics(
      quantityType: activeEnergy, startDate: start, endDate: end,
      sumQuantity: HKQuantity(unit: .kilocalorie(), doubleValue: 120))
    let rate = HKStatistics(
      quantityType: heartRate, startDate: start, endDate: end,
      averageQuantity: HKQuantity(unit: bpm, doubleValue: 150),
      mostRecentQuantity: HKQuantity(unit: bpm, doubleValue: 160),
      mostRecentQuantityDateInterval: DateInterval(start: end, duration: 0))
    #expect(try roundTrip(energy) == energy)
    let rateBack = try roundTrip(rate)
    #expect(rateBack == rate)
    #expect(rateBack.mostRecentQuantityDateInterval() == DateInterval(start: end, duration: 0))

    let activity = HKWorkoutActivity(
      workoutConfiguration: configuration, startDate: start, endDate: end, metadata: nil,
      workoutEvents: [pause], duration: 1800, allStatistics: [activeEnergy: energy])
    let activityBack = try roundTrip(activity)
    #expect(activityBack == activity)
    #expect(activityBack.workoutConfiguration == configuration)
    #expect(activityBack.statistics(for: activeEnergy) == energy)

    let workout = HKWorkout(
      activityType: .swimming, startDate: start, endDate: end, duration: 1800,
      workoutEvents: [pause], workoutActivities: [activity],
      allStatistics: [activeEnergy: energy, heartRate: rate],
      totalEnergyBurned: HKQuantity(unit: .kilocalorie(), doubleValue: 120), totalDistance: nil,
      metadata: [HKMetadataKeyIndoorWorkout: true])
    let back = try roundTrip(workout)
    #expect(back == workout)
    #expect(back.workoutActivityType == .swimming)
    #expect(back.duration == 1800)
    #expect(back.workoutEvents == [pause])
    #expect(back.workoutActivities == [activity])
    #expect(
      back.statistics(for: activeEnergy)?.sumQuantity()?.doubleValue(for: .kilocalorie()) == 120)
    #expect(back.statistics(for: heartRate) == rate)
    #expect(back.totalDistance == nil)
  }

  @Test func routesAndTheirLocations() throws {
    let start = Date(timeIntervalSinceReferenceDate: 800_000_000)
    let first = CLLocation(
      coordinate: CLLocationCoordinate2D(latitude: 35.6586, longitude: 139.7454), altitude: 40,
      horizontalAccuracy: 5, verticalAccuracy: 8, course: 90, courseAccuracy: 10, speed: 3.2,
      speedAccuracy: 0.5, timestamp: start)
    let second = CLLocation(
      coordinate: CLLocationCoordinate2D(latitude: 35.6587, longitude: 139.7455), altitude: 41,
      horizontalAccuracy: 5, verticalAccuracy: -1, timestamp: start.addingTimeInterval(1))
    #expect(try roundTrip(first) == first)
    #expect(try roundTrip(second).verticalAccuracy == -1)
    let workout = HKWorkout(
      activityType: .running, startDate: start, endDate: start.addingTimeInterval(60),
      duration: 60, workoutEvents: [], workoutActivities: [], allStatistics: [:],
      totalEnergyBurned: nil, totalDistance: nil, metadata: nil)
    let route = HKWorkoutRoute(
      locations: [first, second], workout: workout,
      metadata: ["HKMetadataKeyWasUserEntered": false],
      device: nil)
    let back = try roundTrip(route)
    #expect(back == route)
    #expect(back.count == 2)
    #expect(back.locations == [first, second])
    #expect(back.workoutUUID == workout.uuid)
    // The route's start and end are its first and last location's time stamps.
    #expect(back.startDate == start)
    #expect(back.endDate == start.addingTimeInterval(1))
  }

  @Test func activitySummaries() throws {
    let summary = HKActivitySummary()
    summary.activeEnergyBurned = HKQuantity(unit: .kilocalorie(), doubleValue: 447.6)
    summary.activeEnergyBurnedGoal = HKQuantity(unit: .kilocalorie(), doubleValue: 500)
    summary.appleExerciseTime = HKQuantity(unit: .minute(), doubleValue: 40)
    summary.exerciseTimeGoal = HKQuantity(unit: .minute(), doubleValue: 30)
    summary.activityMoveMode = .appleMoveTime
    let back = try roundTrip(summary)
    #expect(back == summary)
    #expect(back.activeEnergyBurned.doubleValue(for: .kilocalorie()) == 447.6)
    #expect(back.exerciseTimeGoal?.doubleValue(for: .minute()) == 30)
    #expect(back.standHoursGoal == nil)
    #expect(back.activityMoveMode == .appleMoveTime)
    summary.isPaused = true
    #expect(back != summary)

    // A store's summary keeps its day: 30 March 2026 in the Gregorian calendar.
    var values = HKActivitySummary.Values()
    values.day = DateComponents(
      calendar: Calendar(identifier: .gregorian), era: 1, year: 2026, month: 3, day: 30)
    let day = try roundTrip(HKActivitySummary(values))
    let components = day.dateComponents(for: Calendar(identifier: .gregorian))
    #expect([components.year, components.month, components.day] == [2026, 3, 30])
  }

  @Test func electrocardiograms() throws {
    let start = Date(timeIntervalSinceReferenceDate: 800_000_000)
    let recording = HKElectrocardiogram(
      recording: HealthElectrocardiogram(
        classification: 1, averageHeartRate: 64, samplingFrequency: 512,
        numberOfVoltageMeasurements: 15_360, seed: 42),
      startDate: start, endDate: start.addingTimeInterval(30), uuid: UUID(), device: .local(),
      sourceRevision: HKSourceRevision(source: .default(), version: nil))
    let back = try roundTrip(recording)
    #expect(back == recording)
    #expect(back.recording == recording.recording)
    #expect(back.classification == .sinusRhythm)
    #expect(back.symptomsStatus == .none)
  }

  /// The classic pattern: the app keeps the anchor of its first anchored query as `Data`,
  /// two new step samples (40 and 60 steps) are saved, and a query restarted from the restored
  /// anchor returns exactly those two, not the first 25.
  @Test func anAnchorRestoredFromDataReturnsOnlyTheNewSamples() async throws {
    try await withAuthorizedStore { store, simulation in
      let now = simulation.now
      func save(_ count: Double) async throws {
        try await store.save(
          HKQuantitySample(
            type: steps, quantity: HKQuantity(unit: .count(), doubleValue: count), start: now,
            end: now))
      }
      try await save(25)
      func anchored(from anchor: HKQueryAnchor?) async -> ([Double], HKQueryAnchor?) {
        let found = Mutex<([Double], HKQueryAnchor?)>(([], nil))
        store.execute(
          HKAnchoredObjectQuery(
            type: steps, predicate: nil, anchor: anchor, limit: HKObjectQueryNoLimit
          ) { _, added, _, newAnchor, _ in
            let values = (added ?? []).compactMap {
              ($0 as? HKQuantitySample)?.quantity.doubleValue(for: .count())
            }
            found.withLock { $0 = (values, newAnchor) }
          })
        await simulation.settle()
        return found.withLock { $0 }
      }
      let (first, anchor) = await anchored(from: nil)
      #expect(first == [25])
      let kept = try NSKeyedArchiver.archivedData(
        withRootObject: try #require(anchor), requiringSecureCoding: true)

      try await save(40)
      try await save(60)
      let restored = try NSKeyedUnarchiver.unarchivedObject(ofClass: HKQueryAnchor.self, from: kept)
      #expect(restored == anchor)
      let (later, _) = await anchored(from: restored)
      #expect(later == [40, 60])
    }
  }
}
