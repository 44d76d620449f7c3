import Foundation
import Synchronization
import Testing
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// The concrete quantity sample classes, series builders and series queries
/// (docs/healthkit-types.md#quantity-sample-classes).
@Suite struct SampleClassesTests {
  /// A sample query returns cumulative samples for a cumulative type and discrete ones for a
  /// discrete type, both for the app's saves and for the scenario's generated samples.
  @Test func aSampleQueryReturnsTheConcreteClass() async throws {
    // Two scenario samples: 1200 steps and a heart rate of 61 count/min.
    let simulation = try HealthKitSimulation(
      scenario: healthScenario(
        samples: """
          [{ "type": "stepCount", "source": "watch", "start": "2026-03-30T09:00:00+02:00",
             "end": "2026-03-30T09:10:00+02:00", "value": 1200 },
           { "type": "heartRate", "source": "watch", "start": "2026-03-30T09:00:00+02:00",
             "value": 61 }]
          """))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      let now = simulation.now
      let saved = HKQuantitySample(
        type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 30), start: now, end: now)
      // As made by the initializer, the class is HKQuantitySample (Swift initializers cannot
      // return a subclass).
      #expect(Swift.type(of: saved) == HKQuantitySample.self)
      try await store.save(saved)
      let stepSamples = await samples(store, simulation, steps).samples ?? []
      #expect(stepSamples.count == 2)
      #expect(stepSamples.allSatisfy { $0 is HKCumulativeQuantitySample })
      // The app's sample comes back with its UUID, as a cumulative sample whose sum is 30.
      let own = stepSamples.first { $0.uuid == saved.uuid } as? HKCumulativeQuantitySample
      #expect(own?.sumQuantity.doubleValue(for: .count()) == 30)
      #expect(own?.count == 1)
      #expect(own == saved)
      let beats = await samples(store, simulation, heartRate).samples ?? []
      #expect(beats.count == 1)
      let beat = beats.first as? HKDiscreteQuantitySample
      // One quantity: minimum, average, maximum and most recent are all 61 count/min.
      #expect(beat?.averageQuantity.doubleValue(for: bpm) == 61)
      #expect(beat?.minimumQuantity.doubleValue(for: bpm) == 61)
      #expect(beat?.maximumQuantity.doubleValue(for: bpm) == 61)
      #expect(beat?.mostRecentQuantity.doubleValue(for: bpm) == 61)
      #expect(beat?.mostRecentQuantityDateInterval.duration == 0)
    }
  }

  /// A discrete series of three heart rates, 60, 90 and 75 count/min at 0, 10 and 20 s: count 3,
  /// minimum 60, maximum 90, average (60 + 90 + 75) / 3 = 75, most recent 75 (the latest
  /// start, 20 s); the series query reads the three back in date order, the last with `done`.
  @Test func aDiscreteSeriesOfThreeHasMinimumAverageMaximum() async throws {
    try await withAuthorizedStore { store, simulation in
      let start = simulation.now.addingTimeInterval(-60)
      let builder = HKQuantitySeriesSampleBuilder(
        healthStore: store, quantityType: heartRate, startDate: start, device: .local())
      // Inserted out of order: 90 at 10 s before 60 at 0 s.
      try builder.insert(HKQuantity(unit: bpm, doubleValue: 90), at: start.addingTimeInterval(10))
      try builder.insert(HKQuantity(unit: bpm, doubleValue: 60), at: start)
      try builder.insert(
        HKQuantity(unit: bpm, doubleValue: 75),
        for: DateInterval(start: start.addingTimeInterval(20), duration: 5))
      let finished = try await builder.finishSeries(metadata: ["note": "three"])
      #expect(finished.count == 1)
      let sample = try #require(finished.first as? HKDiscreteQuantitySample)
      #expect(sample.count == 3)
      #expect(sample.minimumQuantity.doubleValue(for: bpm) == 60)
      #expect(sample.maximumQuantity.doubleValue(for: bpm) == 90)
      #expect(sample.averageQuantity.doubleValue(for: bpm) == 75)
      #expect(sample.quantity.doubleValue(for: bpm) == 75)
      #expect(sample.mostRecentQuantity.doubleValue(for: bpm) == 75)
      #expect(
        sample.mostRecentQuantityDateInterval
          == DateInterval(start: start.addingTimeInterval(20), duration: 5))
      // Start: the builder's; end: the latest quantity end, 20 + 5 = 25 s.
      #expect(sample.startDate == start)
      #expect(sample.endDate == start.addingTimeInterval(25))
      #expect(sample.metadata?["note"] as? String == "three")
      #expect(sample.device == .local())

      let read = Mutex<[(Double, TimeInterval, Bool, UUID?)]>([])
      let query = HKQuantitySeriesSampleQuery(
        quantityType: heartRate, predicate: HKQuery.predicateForObject(with: sample.uuid)
      ) { _, quantity, interval, owner, done, _ in
        guard let quantity, let interval else { return }
        read.withLock {
          $0.append(
            (
              quantity.doubleValue(for: bpm), interval.start.timeIntervalSince(start), done,
              owner?.uuid
            ))
        }
      }
      query.includeSample = true
      store.execute(query)
      await simulation.settle()
      let values = read.withLock { $0 }
      #expect(values.map(\.0) == [60, 90, 75])
      #expect(values.map(\.1) == [0, 10, 20])
      #expect(values.map(\.2) == [false, false, true])
      #expect(values.allSatisfy { $0.3 == sample.uuid })

      // The statistics read the stored average: 75 count/min.
      let found = await statistics(store, simulation, heartRate, options: .discreteAverage)
      #expect(found.statistics?.averageQuantity()?.doubleValue(for: bpm) == 75)
    }
  }

  /// A cumulative series: 100 and 250 steps (and a replacement of the first by 120 at the same
  /// start) make one cumulative sample of count 2 whose sum is 120 + 250 = 370.
  @Test func aCumulativeSeriesSumsAndReplacesByStartDate() async throws {
    try await withAuthorizedStore { store, simulation in
      let start = simulation.now.addingTimeInterval(-120)
      let builder = HKQuantitySeriesSampleBuilder(
        healthStore: store, quantityType: steps, startDate: start, device: nil)
      try builder.insert(
        HKQuantity(unit: .count(), doubleValue: 100), for: DateInterval(start: start, duration: 60))
      try builder.insert(
        HKQuantity(unit: .count(), doubleValue: 250),
        for: DateInterval(start: start.addingTimeInterval(60), duration: 60))
      try builder.insert(
        HKQuantity(unit: .count(), doubleValue: 120), for: DateInterval(start: start, duration: 60))
      let finished = Mutex<([HKQuantitySample]?, (any Error)?)?>(nil)
      builder.finishSeries(metadata: nil, endDate: start.addingTimeInterval(120)) {
        samples, error in finished.withLock { $0 = (samples, error) }
      }
      await simulation.settle()
      let sample = try #require(finished.withLock { $0?.0?.first } as? HKCumulativeQuantitySample)
      #expect(sample.count == 2)
      #expect(sample.sumQuantity.doubleValue(for: .count()) == 370)
      // The store sums the series: 370 steps.
      let found = await statistics(store, simulation, steps, options: .cumulativeSum)
      #expect(found.statistics?.sumQuantity()?.doubleValue(for: .count()) == 370)
      // The builder is closed: a further insert fails.
      #expect(throws: HKError.self) {
        try builder.insert(HKQuantity(unit: .count(), doubleValue: 1), at: start)
      }
    }
  }

  /// Bad input to a series builder: a date before its start and a quantity of another
  /// dimension are `errorInvalidArgument`; an end date before the last quantity fails the
  /// finish; an empty series finishes with no sample.
  @Test func aSeriesBuilderRejectsBadInput() async throws {
    try await withAuthorizedStore { store, simulation in
      let start = simulation.now.addingTimeInterval(-120)
      let builder = HKQuantitySeriesSampleBuilder(
        healthStore: store, quantityType: steps, startDate: start, device: nil)
      do {
        try builder.insert(
          HKQuantity(unit: .count(), doubleValue: 1), at: start.addingTimeInterval(-1))
        Issue.record("a date before the start was accepted")
      } catch let error as HKError {
        #expect(error.code == .errorInvalidArgument)
      }
      do {
        try builder.insert(HKQuantity(unit: .meter(), doubleValue: 1), at: start)
        Issue.record("metres were accepted as steps")
      } catch let error as HKError {
        #expect(error.code == .errorInvalidArgument)
      }
      try builder.insert(
        HKQuantity(unit: .count(), doubleValue: 5), at: start.addingTimeInterval(60))
      await #expect(throws: HKError.self) {
        _ = try await builder.finishSeries(metadata: nil, endDate: start.addingTimeInterval(30))
      }
      let empty = HKQuantitySeriesSampleBuilder(
        healthStore: store, quantityType: steps, startDate: start, device: nil)
      #expect(try await empty.finishSeries(metadata: nil).isEmpty)
      #expect(await samples(store, simulation, steps).samples?.isEmpty == true)
    }
  }

  /// Without `orderByQuantitySampleStartDate` quantities of two samples interleave by their
  /// start dates; with it they come sample by sample. Without `includeSample` the sample is
  /// `nil`. A query that finds nothing calls the handler once with `done`.
  @Test func seriesQueryOrdering() async throws {
    try await withAuthorizedStore { store, simulation in
      let start = simulation.now.addingTimeInterval(-600)
      // Series A: 1 at 0 s and 3 at 200 s; series B: 2 at 100 s and 4 at 300 s.
      for (offsets, values) in [([0.0, 200], [1.0, 3]), ([100.0, 300], [2.0, 4])] {
        let builder = HKQuantitySeriesSampleBuilder(
          healthStore: store, quantityType: steps, startDate: start.addingTimeInterval(offsets[0]),
          device: nil)
        for (offset, value) in zip(offsets, values) {
          try builder.insert(
            HKQuantity(unit: .count(), doubleValue: value), at: start.addingTimeInterval(offset))
        }
        _ = try await builder.finishSeries(metadata: nil)
      }
      func read(bySample: Bool) async -> [Double] {
        let values = Mutex<[Double]>([])
        let query = HKQuantitySeriesSampleQuery(quantityType: steps, predicate: nil) {
          _, quantity, _, sample, _, _ in
          #expect(sample == nil)
          if let quantity { values.withLock { $0.append(quantity.doubleValue(for: .count())) } }
        }
        query.orderByQuantitySampleStartDate = bySample
        store.execute(query)
        await simulation.settle()
        return values.withLock { $0 }
      }
      #expect(await read(bySample: false) == [1, 2, 3, 4])
      #expect(await read(bySample: true) == [1, 3, 2, 4])
      // The async descriptor gives the same orders, with the samples when asked.
      var described: [(Double, HKQuantitySample?)] = []
      let descriptor = HKQuantitySeriesSampleQueryDescriptor(
        predicate: .quantitySample(type: steps),
        options: [.orderByQuantitySampleStartDate, .includeSample])
      for try await result in descriptor.results(for: store) {
        described.append((result.quantity.doubleValue(for: .count()), result.sample))
      }
      #expect(described.map(\.0) == [1, 3, 2, 4])
      #expect(described.allSatisfy { $0.1?.count == 2 })
      var plain: [Double] = []
      var results: [HKQuantitySeriesSampleQueryDescriptor.Result] = []
      for try await result in HKQuantitySeriesSampleQueryDescriptor(
        predicate: .quantitySample(type: steps)
      ).results(for: store) {
        #expect(result.sample == nil)
        plain.append(result.quantity.doubleValue(for: .count()))
        results.append(result)
      }
      #expect(plain == [1, 2, 3, 4])
      // Results are Equatable and Hashable, as Apple's are: a second read gives equal ones.
      var again: [HKQuantitySeriesSampleQueryDescriptor.Result] = []
      for try await result in HKQuantitySeriesSampleQueryDescriptor(
        predicate: .quantitySample(type: steps)
      ).results(for: store) {
        again.append(result)
      }
      #expect(again == results)
      #expect(Set(again + results).count == 4)
      let calls = Mutex<[Bool]>([])
      store.execute(
        HKQuantitySeriesSampleQuery(quantityType: heartRate, predicate: nil) {
          _, quantity, _, _, done, _ in
          #expect(quantity == nil)
          calls.withLock { $0.append(done) }
        })
      await simulation.settle()
      #expect(calls.withLock { $0 } == [true])
    }
  }

  /// The iOS 12 form of the series query reads one sample's quantities with their start dates.
  @available(*, deprecated, message: "exercises the deprecated iOS 12 API")
  @Test func theDeprecatedSeriesForms() async throws {
    try await withAuthorizedStore { store, simulation in
      let now = simulation.now
      let sample = HKQuantitySample(
        type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 12), start: now, end: now)
      try await store.save(sample)
      let read = Mutex<[(Double, Date?, Bool)]>([])
      store.execute(
        HKQuantitySeriesSampleQuery(sample: sample) { _, quantity, date, done, _ in
          read.withLock { $0.append((quantity?.doubleValue(for: .count()) ?? -1, date, done)) }
        })
      await simulation.settle()
      let values = read.withLock { $0 }
      #expect(values.count == 1)
      #expect(values.first?.0 == 12)
      #expect(values.first?.1 == now)
      #expect(values.first?.2 == true)
      // The deprecated series class names a cumulative sample with its sum.
      let series: HKCumulativeQuantitySeriesSample? = nil
      #expect(series?.sum == nil)
    }
  }

  /// HealthKit's exception for a quantity of the wrong dimension names the concrete class, the
  /// dimension the type needs and the unit given.
  @Test func aSampleOfTheWrongUnitTrapsWithHealthKitsText() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = HKQuantitySample(
        type: HKQuantityType(.bodyMass), quantity: HKQuantity(unit: .meter(), doubleValue: 1100),
        start: Date(timeIntervalSince1970: 0), end: Date(timeIntervalSince1970: 60))
    }
    let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(text.contains("HKDiscreteQuantitySample "))
    #expect(text.contains(" 1100 m (1970-01-01 00:00:00 +0000 - 1970-01-01 00:01:00 +0000)"))
    #expect(text.contains("requires unit of type Mass. Incompatible unit: m"))
  }

  /// The dimension names of the message: steps are scalar (the unit string `count`),
  /// distance is a length, energy an energy, water a volume.
  @Test func dimensionNames() {
    #expect(HKUnit.count().dimensionName == "count")
    #expect(HKUnit.mile().dimensionName == "Length")
    #expect(HKUnit.kilocalorie().dimensionName == "Energy")
    #expect(HKUnit.literUnit(with: .milli).dimensionName == "Volume")
    #expect(HKUnit.second().dimensionName == "Time")
    #expect(HKUnit.pound().dimensionName == "Mass")
  }
}

/// Runs `body` in a simulation without health data, with a store that asked to share steps and
/// heart rate and to read them, active energy and workouts (``authorize(_:share:read:)``).
func withAuthorizedStore(
  _ body: (HKHealthStore, HealthKitSimulation) async throws -> Void
) async throws {
  let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
  try await simulation.run {
    let store = HKHealthStore()
    try await authorize(store)
    try await body(store, simulation)
  }
}
