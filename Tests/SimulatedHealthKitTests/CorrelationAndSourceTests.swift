import Foundation
import Synchronization
import Testing
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// Correlations (blood pressure, food), source queries, preferred units, the earliest permitted
/// sample date and `deleteObjects` (docs/healthkit-types.md#correlations).
@Suite struct CorrelationAndSourceTests {
  static let systolic = HKQuantityType(.bloodPressureSystolic)
  static let diastolic = HKQuantityType(.bloodPressureDiastolic)
  static let pressure = HKCorrelationType(.bloodPressure)
  static let mmHg = HKUnit.millimeterOfMercury()

  /// A blood pressure of 120/80 mmHg at `date`.
  static func bloodPressure(at date: Date, _ high: Double = 120, _ low: Double = 80)
    -> HKCorrelation
  {
    HKCorrelation(
      type: pressure, start: date, end: date,
      objects: [
        HKQuantitySample(
          type: systolic, quantity: HKQuantity(unit: mmHg, doubleValue: high), start: date,
          end: date),
        HKQuantitySample(
          type: diastolic, quantity: HKQuantity(unit: mmHg, doubleValue: low), start: date,
          end: date),
      ], metadata: ["cuff": "left arm"])
  }

  /// Saving a 120/80 mmHg correlation saves its two samples: a sample query of
  /// `bloodPressureSystolic` finds 120 mmHg (a discrete sample), the correlation query finds
  /// the correlation with both objects, a sample predicate of systolic > 130 finds none.
  @Test func aBloodPressureCorrelationSavesItsObjects() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(
        toShare: [Self.systolic, Self.diastolic], read: [Self.systolic, Self.diastolic])
      let now = simulation.now
      let correlation = Self.bloodPressure(at: now)
      try await store.save(correlation)

      let found = await samples(store, simulation, Self.systolic).samples ?? []
      #expect(found.count == 1)
      let high = found.first as? HKDiscreteQuantitySample
      #expect(high?.quantity.doubleValue(for: Self.mmHg) == 120)
      #expect(correlation.objects(for: Self.systolic).first?.uuid == high?.uuid)

      let correlations = Mutex<[HKCorrelation]?>(nil)
      store.execute(
        HKCorrelationQuery(type: Self.pressure, predicate: nil, samplePredicates: nil) {
          _, found, _ in correlations.withLock { $0 = found }
        })
      await simulation.settle()
      let first = correlations.withLock { $0?.first }
      #expect(correlations.withLock { $0?.count } == 1)
      #expect(first == correlation)
      #expect(first?.objects.count == 2)
      #expect(first?.correlationType == Self.pressure)
      #expect(first?.metadata?["cuff"] as? String == "left arm")
      let low = first?.objects(for: Self.diastolic).first as? HKQuantitySample
      #expect(low?.quantity.doubleValue(for: Self.mmHg) == 80)

      // Sample predicates: systolic > 130 mmHg finds none (120 is not), > 100 finds it.
      func count(above limit: Double) async -> Int? {
        let counted = Mutex<Int?>(nil)
        store.execute(
          HKCorrelationQuery(
            type: Self.pressure, predicate: nil,
            samplePredicates: [
              Self.systolic: HKQuery.predicateForQuantitySamples(
                with: .greaterThan, quantity: HKQuantity(unit: Self.mmHg, doubleValue: limit))
            ]
          ) { _, found, _ in counted.withLock { $0 = found?.count } })
        await simulation.settle()
        return counted.withLock { $0 }
      }
      #expect(await count(above: 130) == 0)
      #expect(await count(above: 100) == 1)

      // A sample query of the correlation type finds it too, and a date predicate an hour
      // later finds nothing.
      #expect(await samples(store, simulation, Self.pressure).samples?.count == 1)
      let later = HKQuery.predicateForSamples(
        withStart: now.addingTimeInterval(3600), end: nil, options: .strictStartDate)
      #expect(
        await samples(store, simulation, Self.pressure, predicate: later).samples?.isEmpty
          == true)

      // The async descriptor with a correlation predicate finds it too.
      let described = try await HKSampleQueryDescriptor(
        predicates: [.correlation(type: Self.pressure)], sortDescriptors: []
      ).result(for: store)
      #expect(described == [correlation])

      // Deleting the correlation deletes its samples.
      try await store.delete(correlation)
      #expect(await samples(store, simulation, Self.systolic).samples?.isEmpty == true)
      #expect(await samples(store, simulation, Self.pressure).samples?.isEmpty == true)
    }
  }

  /// `predicateForObjectsWithNoCorrelation()` (Apple: "matches all objects that are not
  /// associated with a HealthKit correlation"): of a 120/80 mmHg correlation's systolic sample
  /// and a lone systolic sample of 135 mmHg saved beside it, only the lone one matches; the
  /// correlation itself is held by none, so a correlation query with it still finds it; once
  /// the correlation is deleted (its objects with it) the lone sample is all there is.
  @Test func theNoCorrelationPredicateLeavesOutACorrelationsObjects() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(
        toShare: [Self.systolic, Self.diastolic], read: [Self.systolic, Self.diastolic])
      let now = simulation.now
      let correlation = Self.bloodPressure(at: now)
      let lone = HKQuantitySample(
        type: Self.systolic, quantity: HKQuantity(unit: Self.mmHg, doubleValue: 135), start: now,
        end: now)
      try await store.save([correlation, lone])
      let free = HKQuery.predicateForObjectsWithNoCorrelation()

      let all = await samples(store, simulation, Self.systolic).samples ?? []
      #expect(all.count == 2)
      let found = await samples(store, simulation, Self.systolic, predicate: free).samples ?? []
      #expect(found.map(\.uuid) == [lone.uuid])
      #expect(
        (found.first as? HKQuantitySample)?.quantity.doubleValue(for: Self.mmHg) == 135)
      // Diastolic: only the correlation's sample exists, so nothing matches.
      #expect(
        await samples(store, simulation, Self.diastolic, predicate: free).samples?.isEmpty
          == true)
      // Negated, it finds the held sample only.
      let held = NSCompoundPredicate(notPredicateWithSubpredicate: free)
      #expect(
        await samples(store, simulation, Self.systolic, predicate: held).samples?.map(\.uuid)
          == correlation.objects(for: Self.systolic).map(\.uuid))

      let correlations = Mutex<[HKCorrelation]?>(nil)
      store.execute(
        HKCorrelationQuery(type: Self.pressure, predicate: free, samplePredicates: nil) {
          _, found, _ in correlations.withLock { $0 = found }
        })
      await simulation.settle()
      #expect(correlations.withLock { $0?.map(\.uuid) } == [correlation.uuid])

      try await store.delete(correlation)
      #expect(
        await samples(store, simulation, Self.systolic, predicate: free).samples?.map(\.uuid)
          == [lone.uuid])
    }
  }

  /// A blood pressure correlation without a diastolic sample, and a food correlation holding a
  /// heart rate, are refused with `errorInvalidArgument`; a food of 250 kcal and 9 g of protein
  /// saves both samples.
  @Test func correlationsMustHoldTheirTypes() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      let energy = HKQuantityType(.dietaryEnergyConsumed)
      let protein = HKQuantityType(.dietaryProtein)
      try await store.requestAuthorization(
        toShare: [Self.systolic, energy, protein, heartRate],
        read: [Self.systolic, energy, protein])
      let now = simulation.now
      let lonely = HKCorrelation(
        type: Self.pressure, start: now, end: now,
        objects: [
          HKQuantitySample(
            type: Self.systolic, quantity: HKQuantity(unit: Self.mmHg, doubleValue: 120),
            start: now, end: now)
        ])
      do {
        try await store.save(lonely)
        Issue.record("a blood pressure without its diastolic sample was saved")
      } catch let error as HKError {
        #expect(error.code == .errorInvalidArgument)
      }
      let food = HKCorrelationType(.food)
      let wrong = HKCorrelation(
        type: food, start: now, end: now,
        objects: [
          HKQuantitySample(
            type: heartRate, quantity: HKQuantity(unit: bpm, doubleValue: 70), start: now,
            end: now)
        ])
      await #expect(throws: HKError.self) { try await store.save(wrong) }
      #expect(await samples(store, simulation, Self.systolic).samples?.isEmpty == true)

      let meal = HKCorrelation(
        type: food, start: now, end: now,
        objects: [
          HKQuantitySample(
            type: energy, quantity: HKQuantity(unit: .kilocalorie(), doubleValue: 250),
            start: now, end: now),
          HKQuantitySample(
            type: protein, quantity: HKQuantity(unit: .gram(), doubleValue: 9), start: now,
            end: now),
        ])
      try await store.save(meal)
      let energies = await samples(store, simulation, energy).samples ?? []
      #expect(
        (energies.first as? HKCumulativeQuantitySample)?.sumQuantity.doubleValue(
          for: .kilocalorie()) == 250)
      #expect(await samples(store, simulation, food).samples?.count == 1)
      // The same correlation twice is refused.
      await #expect(throws: HKError.self) { try await store.save(meal) }
    }
  }

  /// The source query names the app's own source for its saves and the watch's for the
  /// scenario's samples.
  @Test func sourcesOfTheAppAndTheWatch() async throws {
    let simulation = try HealthKitSimulation(
      scenario: healthScenario(
        samples: """
          [{ "type": "stepCount", "source": "watch", "start": "2026-03-30T09:00:00+02:00",
             "end": "2026-03-30T09:10:00+02:00", "value": 1200 }]
          """))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      let now = simulation.now
      try await store.save(
        HKQuantitySample(
          type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 10), start: now,
          end: now))
      let sources = Mutex<Set<HKSource>?>(nil)
      store.execute(
        HKSourceQuery(sampleType: steps, samplePredicate: nil) { _, found, _ in
          sources.withLock { $0 = found }
        })
      await simulation.settle()
      let found = sources.withLock { $0 } ?? []
      #expect(
        Set(found.map(\.bundleIdentifier)) == ["dev.workout-sim.app", "com.apple.health.watch"])
      #expect(found.contains(HKSource.default()))
      #expect(
        found.first { $0.bundleIdentifier == "com.apple.health.watch" }?.name == "Apple Watch")
      // Only the app's: a predicate of its source.
      let own = Mutex<Set<HKSource>?>(nil)
      store.execute(
        HKSourceQuery(
          sampleType: steps, samplePredicate: HKQuery.predicateForObjects(from: .default())
        ) { _, found, _ in own.withLock { $0 = found } })
      await simulation.settle()
      #expect(own.withLock { $0 } == [HKSource.default()])
      // The async descriptor: both, by bundle identifier ("com..." before "dev...").
      let described = try await HKSourceQueryDescriptor(predicate: .quantitySample(type: steps))
        .result(for: store)
      #expect(
        described.map(\.bundleIdentifier) == ["com.apple.health.watch", "dev.workout-sim.app"])
    }
  }

  /// Preferred units: Europe/Berlin is metric (km, kg, cm, mL, degC, count/min, kcal); a US
  /// locale gives mi, lb, in, US fl oz, degF; a UK locale mi, st and imperial fl oz. A type never
  /// asked for is `errorAuthorizationNotDetermined`.
  @Test func preferredUnitsFollowTheRegion() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      let distance = HKQuantityType(.distanceWalkingRunning)
      let mass = HKQuantityType(.bodyMass)
      let height = HKQuantityType(.height)
      let water = HKQuantityType(.dietaryWater)
      let temperature = HKQuantityType(.bodyTemperature)
      let types: Set<HKQuantityType> = [
        distance, mass, height, water, temperature, heartRate, activeEnergy, steps,
      ]
      try await store.requestAuthorization(toShare: [], read: Set(types.map { $0 }))
      let metric = try await store.preferredUnits(for: types)
      #expect(metric[distance] == HKUnit.meterUnit(with: .kilo))
      #expect(metric[mass] == HKUnit.gramUnit(with: .kilo))
      #expect(metric[height] == HKUnit.meterUnit(with: .centi))
      #expect(metric[water] == HKUnit.literUnit(with: .milli))
      #expect(metric[temperature] == HKUnit.degreeCelsius())
      #expect(metric[heartRate] == bpm)
      #expect(metric[activeEnergy] == HKUnit.kilocalorie())
      #expect(metric[steps] == HKUnit.count())

      simulation.setMeasurementLocale(Locale(identifier: "en_US"))
      let us = try await store.preferredUnits(for: types)
      #expect(us[distance] == HKUnit.mile())
      #expect(us[mass] == HKUnit.pound())
      #expect(us[height] == HKUnit.inch())
      #expect(us[water] == HKUnit.fluidOunceUS())
      #expect(us[temperature] == HKUnit.degreeFahrenheit())

      simulation.setMeasurementLocale(Locale(identifier: "en_GB"))
      let uk = Mutex<[HKQuantityType: HKUnit]?>(nil)
      store.preferredUnits(for: [distance, mass, water]) { units, _ in
        uk.withLock { $0 = units }
      }
      await simulation.settle()
      #expect(uk.withLock { $0?[distance] } == HKUnit.mile())
      #expect(uk.withLock { $0?[mass] } == HKUnit.stone())
      #expect(uk.withLock { $0?[water] } == HKUnit.fluidOunceImperial())

      do {
        _ = try await store.preferredUnits(for: [HKQuantityType(.vo2Max)])
        Issue.record("a type never asked for had a preferred unit")
      } catch let error as HKError {
        #expect(error.code == .errorAuthorizationNotDetermined)
      }
    }
  }

  /// The region of a scenario's time zone: New York is the US, London the UK, Berlin metric.
  @Test func theRegionOfATimeZone() {
    #expect(HealthKitSimulation.locale(ofTimeZone: "America/New_York").measurementSystem == .us)
    #expect(HealthKitSimulation.locale(ofTimeZone: "Europe/London").measurementSystem == .uk)
    #expect(HealthKitSimulation.locale(ofTimeZone: "Europe/Berlin").measurementSystem == .metric)
  }

  /// The earliest permitted sample date: 7 × 86 400 s before now on the watch, the distant past
  /// on the phone and for a store made outside `on`.
  @Test func earliestPermittedSampleDate() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    await simulation.run {
      #expect(HKHealthStore().earliestPermittedSampleDate() == .distantPast)
      let now = simulation.now
      let onWatch = await simulation.on(.watch) { HKHealthStore().earliestPermittedSampleDate() }
      #expect(onWatch == now.addingTimeInterval(-604_800))
      let onPhone = await simulation.on(.phone) { HKHealthStore().earliestPermittedSampleDate() }
      #expect(onPhone == .distantPast)
    }
  }

  /// `HKDevice.local()` is the device the calling code runs on: the iPhone inside
  /// `on(.phone)` (the values the iPhone's own workouts carry), the watch inside `on(.watch)`
  /// and outside `on` (trial19). The samples a query gives keep their own devices: the watch's
  /// step sample is the watch's, read on the phone too.
  @Test func theLocalDeviceIsTheDeviceTheCodeRunsOn() async throws {
    let simulation = try HealthKitSimulation(
      scenario: healthScenario(samples: HealthQueryTests.overlapping))
    try await simulation.run {
      let outside = HKDevice.local()
      #expect(outside.name == "Apple Watch")
      #expect(outside.model == "Watch")
      let phone = await simulation.on(.phone) { HKDevice.local() }
      #expect(phone.name == "iPhone")
      #expect(phone.manufacturer == "Apple Inc.")
      #expect(phone.model == "iPhone")
      #expect(phone.hardwareVersion == nil)
      #expect(phone.localIdentifier == nil)
      #expect(await simulation.on(.watch) { HKDevice.local() } == outside)
      let devices = try await simulation.on(.phone) {
        let store = HKHealthStore()
        try await authorize(store)
        let found = await samples(
          store, simulation, steps,
          sort: [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: true)])
        return found.samples?.map { $0.device?.name }
      }
      #expect(devices == ["Apple Watch", "iPhone"])
    }
  }

  /// `deleteObjects(of:)` a correlation type, with the authorization HealthKit gives (sharing
  /// systolic and diastolic), deletes the app's matching correlations and their samples and
  /// counts the correlations (trial19): of 130/85 at −1 h and 120/80 now, "from −30 min to
  /// +1 min" matches the second (1); `NSPredicate(value: true)` then the first (1), leaving no
  /// correlation and no systolic or diastolic sample; once more it finds none (0).
  @Test func deleteObjectsOfACorrelationTypeDeletesItsCorrelations() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(
        toShare: [Self.systolic, Self.diastolic], read: [Self.systolic, Self.diastolic])
      let now = simulation.now
      let early = Self.bloodPressure(at: now.addingTimeInterval(-3600), 130, 85)
      let late = Self.bloodPressure(at: now)
      try await store.save(early)
      try await store.save(late)
      let recent = HKQuery.predicateForSamples(
        withStart: now.addingTimeInterval(-1800), end: now.addingTimeInterval(60))
      #expect(try await store.deleteObjects(of: Self.pressure, predicate: recent) == 1)
      #expect(await samples(store, simulation, Self.pressure).samples?.map(\.uuid) == [early.uuid])
      let high = await samples(store, simulation, Self.systolic).samples?.compactMap {
        ($0 as? HKQuantitySample)?.quantity.doubleValue(for: Self.mmHg)
      }
      #expect(high == [130])
      #expect(
        try await store.deleteObjects(of: Self.pressure, predicate: NSPredicate(value: true)) == 1)
      #expect(await samples(store, simulation, Self.pressure).samples?.isEmpty == true)
      #expect(await samples(store, simulation, Self.systolic).samples?.isEmpty == true)
      #expect(await samples(store, simulation, Self.diastolic).samples?.isEmpty == true)
      #expect(
        try await store.deleteObjects(of: Self.pressure, predicate: NSPredicate(value: true)) == 0)
    }
  }

  /// `deleteObjects(of:predicate:)` deletes the app's matching samples and returns their count:
  /// of 3 step samples at −3 h, −2 h and −1 h, the predicate "start before −90 min" matches
  /// two; the completion form then deletes the last one (count 1).
  @Test func deleteObjectsReturnsTheCount() async throws {
    try await withAuthorizedStore { store, simulation in
      let now = simulation.now
      try await store.save(
        [-3.0, -2, -1].map { hours in
          HKQuantitySample(
            type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 100),
            start: now.addingTimeInterval(hours * 3600), end: now.addingTimeInterval(hours * 3600))
        })
      let early = HKQuery.predicateForSamples(
        withStart: nil, end: now.addingTimeInterval(-5400), options: .strictStartDate)
      #expect(try await store.deleteObjects(of: steps, predicate: early) == 2)
      let counted = Mutex<(Bool, Int)?>(nil)
      store.deleteObjects(of: steps, predicate: NSPredicate(value: true)) { ok, count, _ in
        counted.withLock { $0 = (ok, count) }
      }
      await simulation.settle()
      #expect(counted.withLock { $0?.0 } == true)
      #expect(counted.withLock { $0?.1 } == 1)
      #expect(await samples(store, simulation, steps).samples?.isEmpty == true)
    }
  }

  /// Correlation queries match a date predicate by virtual instant (the wall-clock rule,
  /// docs/swift-api.md#the-wall-clock-rule), whichever side is the real clock: a blood pressure
  /// saved at `Date()` at t = 3600 (`real`) and one at `simulation.now` at t = 7200
  /// (`virtual`). At t = 7200, from `simulation.now - 1800` (t = 5400) on holds `virtual` only,
  /// from `simulation.now - 5400` (t = 1800) both; `Date() - 1800 ... Date()` (just after 5400
  /// up to just after 7200) holds `virtual` only, `Date() - 5400 ... Date()` both. A sample
  /// predicate on the systolic sample reads its dates the same way; a sample query of the
  /// correlation type too. Each predicate read from the real clock is one `wallClockDate`
  /// entry, after the save's. Half an hour or more keeps each `Date() - x` a shift however
  /// loaded the machine (the real clock had shown `Date() - 300` since the simulation was made
  /// once it had been alive 300 s of real time).
  @Test func correlationDatePredicatesMatchByVirtualInstant() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(
        toShare: [Self.systolic, Self.diastolic], read: [Self.systolic, Self.diastolic])
      try await simulation.advance(by: .seconds(3600))
      let real = Self.bloodPressure(at: Date())
      try await store.save(real)
      try await simulation.advance(by: .seconds(3600))
      let virtual = Self.bloodPressure(at: simulation.now)
      try await store.save(virtual)

      func found(_ predicate: NSPredicate?, systolic: NSPredicate? = nil) async -> [UUID]? {
        let correlations = Mutex<[HKCorrelation]?>(nil)
        store.execute(
          HKCorrelationQuery(
            type: Self.pressure, predicate: predicate,
            samplePredicates: systolic.map { [Self.systolic: $0] }
          ) { _, found, _ in correlations.withLock { $0 = found } })
        await simulation.settle()
        return correlations.withLock { $0?.map(\.uuid) }
      }
      func since(_ date: Date, to end: Date? = nil) -> NSPredicate {
        HKQuery.predicateForSamples(withStart: date, end: end, options: [])
      }
      #expect(await found(since(simulation.now - 1800)) == [virtual.uuid])
      #expect(await found(since(simulation.now - 5400)) == [real.uuid, virtual.uuid])
      #expect(await found(since(Date() - 1800, to: Date())) == [virtual.uuid])
      #expect(await found(since(Date() - 5400, to: Date())) == [real.uuid, virtual.uuid])
      #expect(await found(nil, systolic: since(simulation.now - 1800)) == [virtual.uuid])
      #expect(await found(nil, systolic: since(Date() - 5400, to: Date() - 1800)) == [real.uuid])
      let queried = await samples(
        store, simulation, Self.pressure, predicate: since(simulation.now - 1800)
      ).samples
      #expect(queried?.map(\.uuid) == [virtual.uuid])
    }
    let entries = simulation.result.log.compactMap { entry -> String? in
      if case .wallClockDate(let action) = entry.kind { return action }
      return nil
    }
    #expect(entries == ["save"] + Array(repeating: "predicateForSamples", count: 3))
  }
}
