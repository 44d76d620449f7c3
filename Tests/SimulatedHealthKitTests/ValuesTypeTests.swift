import Foundation
import Testing

@testable import SimulatedHealthKit

/// Object types, identifiers, samples, devices, sources and the workout configuration.
/// Identifier raw values are the Objective-C constant names of the iOS 18 SDK's
/// `HKTypeIdentifiers.h`; canonical units and aggregation styles are that header's comments.
@Suite struct ValuesTypeTests {
  @Test func identifiersAreTheConstantNames() {
    #expect(HKQuantityTypeIdentifier.stepCount.rawValue == "HKQuantityTypeIdentifierStepCount")
    #expect(HKQuantityTypeIdentifier.heartRate.rawValue == "HKQuantityTypeIdentifierHeartRate")
    #expect(HKQuantityTypeIdentifier.vo2Max.rawValue == "HKQuantityTypeIdentifierVO2Max")
    #expect(
      HKQuantityTypeIdentifier.heartRateVariabilitySDNN.rawValue
        == "HKQuantityTypeIdentifierHeartRateVariabilitySDNN")
    #expect(
      HKQuantityTypeIdentifier.distanceWalkingRunning.rawValue
        == "HKQuantityTypeIdentifierDistanceWalkingRunning")
    #expect(
      HKCategoryTypeIdentifier.sleepAnalysis.rawValue == "HKCategoryTypeIdentifierSleepAnalysis")
    #expect(HKObjectType.workoutType().identifier == "HKWorkoutTypeIdentifier")
    #expect(HKQuantityTypeIdentifier("HKQuantityTypeIdentifierStepCount") == .stepCount)
    #expect(HKQuantityType(.stepCount).identifier == "HKQuantityTypeIdentifierStepCount")
  }

  @Test func typesAreEqualByIdentifier() {
    #expect(HKQuantityType(.stepCount) == HKQuantityType(.stepCount))
    #expect(HKQuantityType(.stepCount) !== HKQuantityType(.stepCount))
    #expect(HKQuantityType(.stepCount) != HKQuantityType(.heartRate))
    // isEqual: the same class and identifier; nothing else (a string of the identifier, another
    // class, nil).
    #expect(HKQuantityType(.stepCount).isEqual(HKQuantityType(.stepCount)))
    #expect(!HKQuantityType(.stepCount).isEqual("HKQuantityTypeIdentifierStepCount"))
    #expect(!HKObjectType.workoutType().isEqual(HKQuantityType(.stepCount)))
    #expect(!HKQuantityType(.stepCount).isEqual(nil))
    #expect(HKObjectType.workoutType().isEqual(HKWorkoutType.workoutType()))
    let types: Set<HKSampleType> = [
      HKQuantityType(.stepCount), HKQuantityType(.stepCount), HKQuantityType(.heartRate),
      HKCategoryType(.sleepAnalysis), HKObjectType.workoutType(), HKWorkoutType.workoutType(),
    ]
    #expect(types.count == 4)
    #expect(types.contains(HKQuantityType(.heartRate)))
    let objects: Set<HKObjectType> = [HKQuantityType(.stepCount), HKQuantityType(.stepCount)]
    #expect(objects.count == 1)
    let table: [HKQuantityType: Int] = [HKQuantityType(.activeEnergyBurned): 7]
    #expect(table[HKQuantityType(.activeEnergyBurned)] == 7)
    #expect(HKObjectType.quantityType(forIdentifier: .stepCount) == HKQuantityType(.stepCount))
    #expect(
      HKObjectType.categoryType(forIdentifier: .sleepAnalysis) == HKCategoryType(.sleepAnalysis))
    #expect(HKObjectType.quantityType(forIdentifier: HKQuantityTypeIdentifier("bogus")) == nil)
    #expect(HKObjectType.categoryType(forIdentifier: HKCategoryTypeIdentifier("bogus")) == nil)
  }

  @Test func aggregationStylesAndCompatibleUnits() {
    #expect(HKQuantityType(.heartRate).aggregationStyle == .discreteTemporallyWeighted)
    #expect(HKQuantityType(.stepCount).aggregationStyle == .cumulative)
    #expect(HKQuantityType(.activeEnergyBurned).aggregationStyle == .cumulative)
    #expect(HKQuantityType(.distanceCycling).aggregationStyle == .cumulative)
    #expect(HKQuantityType(.runningSpeed).aggregationStyle == .discreteArithmetic)
    #expect(HKQuantityType(.cyclingPower).aggregationStyle == .discreteArithmetic)
    #expect(HKQuantityType(.heartRate).is(compatibleWith: HKUnit(from: "count/min")))
    #expect(!HKQuantityType(.heartRate).is(compatibleWith: .count()))
    #expect(HKQuantityType(.activeEnergyBurned).is(compatibleWith: .joule()))
    #expect(HKQuantityType(.distanceWalkingRunning).is(compatibleWith: .mile()))
    #expect(HKQuantityType(.vo2Max).is(compatibleWith: HKUnit(from: "mL/kg·min")))
    #expect(!HKQuantityType(.stepCount).is(compatibleWith: .meter()))
  }

  @Test func anUnknownQuantityIdentifierTraps() async {
    await #expect(processExitsWith: .failure) {
      _ = HKQuantityType(HKQuantityTypeIdentifier("HKQuantityTypeIdentifierBogus"))
    }
  }

  @Test func quantitySamples() {
    let start = Date(timeIntervalSince1970: 1_000)
    let end = Date(timeIntervalSince1970: 1_005)
    let steps = HKQuantity(unit: .count(), doubleValue: 9)
    let sample = HKQuantitySample(
      type: HKQuantityType(.stepCount), quantity: steps, start: start, end: end)
    #expect(sample.quantityType == HKQuantityType(.stepCount))
    #expect(sample.sampleType == HKQuantityType(.stepCount))
    #expect(sample.quantity.doubleValue(for: .count()) == 9)
    #expect(sample.count == 1)
    #expect(sample.startDate == start && sample.endDate == end)
    #expect(!sample.hasUndeterminedDuration)
    #expect(sample.metadata == nil && sample.device == nil)
    #expect(sample.sourceRevision.source == HKSource.default())
    let withMetadata = HKQuantitySample(
      type: HKQuantityType(.stepCount), quantity: steps, start: start, end: .distantFuture,
      device: .local(), metadata: ["k": "v"])
    #expect(withMetadata.hasUndeterminedDuration)
    #expect(withMetadata.device == HKDevice.local())
    #expect(withMetadata.metadata?["k"] as? String == "v")
    // Objects are equal by UUID only.
    #expect(sample != withMetadata)
    #expect(sample == sample)
    let copy = HKQuantitySample(
      type: HKQuantityType(.stepCount), quantity: steps, start: start, end: end, device: nil,
      metadata: nil, uuid: sample.uuid)
    #expect(copy == sample)
  }

  @Test func aQuantityOfTheWrongUnitTraps() async {
    await #expect(processExitsWith: .failure) {
      _ = HKQuantitySample(
        type: HKQuantityType(.stepCount), quantity: HKQuantity(unit: .meter(), doubleValue: 1),
        start: Date(timeIntervalSince1970: 0), end: Date(timeIntervalSince1970: 1))
    }
  }

  @Test func categorySamples() {
    let start = Date(timeIntervalSince1970: 0)
    // HKCategoryValueSleepAnalysis.asleepCore is 3 (test_hkdefines.py).
    let sample = HKCategorySample(
      type: HKCategoryType(.sleepAnalysis), value: 3, start: start,
      end: start.addingTimeInterval(3600))
    #expect(sample.categoryType == HKCategoryType(.sleepAnalysis))
    #expect(sample.value == 3)
    #expect(sample.endDate.timeIntervalSince(sample.startDate) == 3600)
  }

  @Test func devicesAndSources() {
    let device = HKDevice.local()
    #expect(device.name == "Apple Watch")
    #expect(device.manufacturer == "Apple Inc.")
    #expect(device.model == "Watch")
    #expect(device == HKDevice.local())
    #expect(
      device
        != HKDevice(
          name: "Polar H10", manufacturer: "Polar", model: nil, hardwareVersion: nil,
          firmwareVersion: nil, softwareVersion: nil, localIdentifier: nil,
          udiDeviceIdentifier: nil))
    let source = HKSource.default()
    #expect(source.name == "workout-sim")
    #expect(source.bundleIdentifier == "dev.workout-sim.app")
    let revision = HKSourceRevision(source: source, version: "1.0")
    #expect(revision == HKSourceRevision(source: .default(), version: "1.0"))
    #expect(revision != HKSourceRevision(source: .default(), version: "2.0"))
    #expect(revision.operatingSystemVersion.majorVersion == 0)
  }

  @Test func workoutConfigurationDefaultsAndCopies() {
    let configuration = HKWorkoutConfiguration()
    #expect(configuration.activityType == .other)
    #expect(configuration.locationType == .unknown)
    #expect(configuration.swimmingLocationType == .unknown)
    #expect(configuration.lapLength == nil)
    configuration.activityType = .running
    configuration.locationType = .outdoor
    let copy = configuration.copy() as? HKWorkoutConfiguration
    #expect(copy == configuration)
    #expect(copy !== configuration)
    configuration.activityType = .cycling
    // The copy keeps the values it was made with.
    #expect(copy?.activityType == .running)
    #expect(copy != configuration)
    configuration.lapLength = HKQuantity(unit: .meter(), doubleValue: 25)
    #expect(configuration.lapLength?.doubleValue(for: .meter()) == 25)
  }

  /// The watchOS 2–4 initializers, as older apps still write them: a zero-length interval at
  /// the date, read back through the deprecated `date` too.
  @available(*, deprecated, message: "exercises the deprecated watchOS 2–4 API")
  @Test func theDeprecatedEventInitializersMakeAnInstant() {
    let date = Date(timeIntervalSince1970: 600)
    let pause = HKWorkoutEvent(type: .pause, date: date)
    // An instant: starts and ends at 600 s, duration 0.
    #expect(pause.dateInterval == DateInterval(start: date, end: date))
    #expect(pause.date == date)
    #expect(pause.metadata == nil)
    #expect(
      pause
        == HKWorkoutEvent(
          type: .pause, dateInterval: DateInterval(start: date, duration: 0), metadata: nil))
    let marker = HKWorkoutEvent(type: .marker, date: date, metadata: ["split": 3])
    #expect(marker.dateInterval.duration == 0)
    // Numbers come back as NSNumber, read as 3 (docs/swift-api.md#metadata).
    #expect(marker.metadata?["split"] as? Int == 3)
  }

  @Test func workoutEvents() {
    let interval = DateInterval(start: Date(timeIntervalSince1970: 60), duration: 0)
    let event = HKWorkoutEvent(type: .pause, dateInterval: interval, metadata: nil)
    #expect(event.type == .pause)
    #expect(event.dateInterval == interval)
    #expect(event == HKWorkoutEvent(type: .pause, dateInterval: interval, metadata: nil))
    #expect(event != HKWorkoutEvent(type: .resume, dateInterval: interval, metadata: nil))
    let lap = HKWorkoutEvent(
      type: .lap, dateInterval: DateInterval(start: interval.start, duration: 90),
      metadata: ["HKLapLength": HKQuantity(unit: .meter(), doubleValue: 400)])
    #expect(
      lap
        == HKWorkoutEvent(
          type: .lap, dateInterval: DateInterval(start: interval.start, duration: 90),
          metadata: ["HKLapLength": HKQuantity(unit: .meterUnit(with: .kilo), doubleValue: 0.4)]))
    #expect(
      lap
        != HKWorkoutEvent(
          type: .lap, dateInterval: DateInterval(start: interval.start, duration: 90),
          metadata: ["HKLapLength": HKQuantity(unit: .meter(), doubleValue: 200)]))
  }

  @Test func statisticsWithoutSources() {
    let start = Date(timeIntervalSince1970: 0)
    let statistics = HKStatistics(
      quantityType: HKQuantityType(.stepCount), startDate: start,
      endDate: start.addingTimeInterval(60),
      sumQuantity: HKQuantity(unit: .count(), doubleValue: 160))
    #expect(statistics.sumQuantity()?.doubleValue(for: .count()) == 160)
    #expect(statistics.averageQuantity() == nil)
    #expect(statistics.sumQuantity(for: .default()) == nil)
    #expect(statistics.sources == nil)
    #expect(statistics.duration() == nil)
  }
}
