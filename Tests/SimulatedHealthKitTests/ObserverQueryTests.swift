import Foundation
import Synchronization
import Testing
import WorkoutCore
import WorkoutHealth
import WorkoutScenario
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// A day in Berlin from 2026-06-01T12:00:00+02:00 with explicit samples (times in seconds from
/// the start) and the phone locked over `lock` (a JSON array of spans).
func observedDay(samples: String, lock: String = "[]") throws -> HealthKitSimulation {
  try HealthKitSimulation(
    scenario: decodeScenario(
      """
      { "version": 1, "start": "2026-06-01T12:00:00+02:00", "timeZone": "Europe/Berlin",
        "health": { "days": 1, "generate": false, "samples": \(samples),
                    "lock": { "periods": \(lock) } } }
      """, fileName: "test.json"))
}

/// The calls an observer's handler got: virtual seconds and the types (descriptor form).
private final class Calls: Sendable {
  let entries = Mutex<[(at: Double, types: Set<String>)]>([])
  var times: [Double] { entries.withLock { $0.map(\.at) } }
  func add(_ at: Double, _ types: Set<String> = []) {
    entries.withLock { $0.append((at, types)) }
  }
}

/// The seconds of virtual now.
private func seconds(_ simulation: HealthKitSimulation) -> Double {
  simulation.now.timeIntervalSince(simulation.startDate)
}

/// `backgroundDelivery` log entries as "event@seconds:detail".
private func deliveries(_ simulation: HealthKitSimulation) -> [String] {
  simulation.result.log.compactMap { entry in
    guard case .backgroundDelivery(let delivery) = entry.kind else { return nil }
    let detail = delivery.frequency ?? delivery.attempt.map(String.init) ?? ""
    return "\(delivery.event.rawValue)@\(Int(entry.at.seconds)):\(detail)"
  }
}

private let stepsAt600 = """
  [ { "type": "stepCount", "source": "watch", "start": 0, "end": 60, "value": 80, "savedAt": 600 },
    { "type": "heartRate", "source": "watch", "start": 700, "value": 70 },
    { "type": "stepCount", "source": "iPhone", "start": 800, "end": 860, "value": 90, "savedAt": 900 } ]
  """

@Suite("Observer queries and background delivery")
struct ObserverQueryTests {
  @Test("Unlocked: a call at the start, then one at each arrival of the type, none after stop")
  func foreground() async throws {
    let simulation = try observedDay(samples: stepsAt600)
    let calls = Calls()
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(toShare: [], read: [HKQuantityType(.stepCount)])
      let query = HKObserverQuery(sampleType: HKQuantityType(.stepCount), predicate: nil) {
        _, completion, error in
        #expect(error == nil)
        calls.add(seconds(simulation))
        completion()
      }
      store.execute(query)
      await simulation.settle()
      #expect(calls.times == [0])
      // Steps arrive at 600 and 900 s; the heart rate at 700 s is another type.
      try await simulation.advance(by: .seconds(1000))
      #expect(calls.times == [0, 600, 900])
      store.stop(query)
      try await simulation.advance(by: .seconds(100))
      #expect(calls.times == [0, 600, 900])
      // Unlocked, nothing is a background delivery: no log entries.
      #expect(deliveries(simulation) == [])
    }
  }

  @Test("The predicate narrows the arrivals; the descriptor form names the changed types")
  func predicateAndDescriptors() async throws {
    let simulation = try observedDay(samples: stepsAt600)
    let single = Calls()
    let several = Calls()
    try await simulation.run {
      let store = HKHealthStore()
      let stepsType = HKQuantityType(.stepCount)
      let heartType = HKQuantityType(.heartRate)
      try await store.requestAuthorization(toShare: [], read: [stepsType, heartType])
      // Watch samples only: the iPhone's at 900 s does not count.
      let watch = HKQuery.predicateForObjects(from: [HKDevice.local()])
      store.execute(
        HKObserverQuery(sampleType: stepsType, predicate: watch) { _, completion, _ in
          single.add(seconds(simulation))
          completion()
        })
      store.execute(
        HKObserverQuery(
          queryDescriptors: [
            HKQueryDescriptor(sampleType: stepsType, predicate: nil),
            HKQueryDescriptor(sampleType: heartType, predicate: nil),
          ]
        ) { _, types, completion, _ in
          several.add(seconds(simulation), Set((types ?? []).map(\.identifier)))
          completion()
        })
      try await simulation.advance(by: .seconds(1000))
      #expect(single.times == [0, 600])
      let entries = several.entries.withLock { $0 }
      #expect(entries.map(\.at) == [0, 600, 700, 900])
      #expect(
        entries.map(\.types) == [
          [stepsType.identifier, heartType.identifier], [stepsType.identifier],
          [heartType.identifier], [stepsType.identifier],
        ])
    }
  }

  @Test("Locked, never answered: relaunched after 1 and 2 more minutes, stopped at 7 min")
  func backoff() async throws {
    // Locked for the whole hour: heart rate arrives at 100 s and 600 s.
    let simulation = try observedDay(
      samples: """
        [ { "type": "heartRate", "source": "watch", "start": 100, "value": 64 },
          { "type": "heartRate", "source": "watch", "start": 600, "value": 66 } ]
        """, lock: #"[ { "from": 0, "to": 3600 } ]"#)
    // Each unanswered call holds virtual time for the grace: keep the wait short.
    simulation.appWorkGrace = .milliseconds(50)
    let calls = Calls()
    try await simulation.run {
      let store = HKHealthStore()
      let heartType = HKQuantityType(.heartRate)
      try await store.requestAuthorization(toShare: [], read: [heartType])
      // The handler never calls its completion handler.
      store.execute(
        HKObserverQuery(sampleType: heartType, predicate: nil) { _, _, error in
          #expect(error == nil)
          calls.add(seconds(simulation))
        })
      try await store.enableBackgroundDelivery(for: heartType, frequency: .immediate)
      // Every unanswered call is reported, and the advance throws them once it reached 1000.
      let unanswered = await #expect(throws: HealthKitSimulation.UnfinishedWork.self) {
        try await simulation.advance(by: .seconds(1000))
      }
      #expect(unanswered?.reports.map(\.seconds) == [0, 100, 160, 280])
      #expect(unanswered?.reports.allSatisfy { $0.kind == .holdExpired } == true)
      // Each hold names what its call was for (the trial: two at t = 0 s read the same).
      let delivery =
        "HKObserverQuery's update handler (background delivery of "
        + "HKQuantityTypeIdentifierHeartRate, attempt "
      #expect(
        unanswered?.reports.map(\.call) == [
          "HKObserverQuery's update handler (its first call, when execute started it)",
          delivery + "1)", delivery + "2)", delivery + "3)",
        ])
      #expect(
        unanswered?.reports.first?.description
          == "HealthKit: HKObserverQuery's update handler (its first call, when execute started "
          + "it) at t = 0 s: the system waited 0.05 "
          + "seconds of wall-clock time (appWorkGrace) for the app's answer and went on without "
          + "it: call the completion handler (or setTaskCompleted) on every path, or raise "
          + "appWorkGrace for slow work")
      #expect(simulation.now == simulation.startDate.addingTimeInterval(1000))
      // The start (0), the wake at 100, retries at 100 + 60 = 160 and 160 + 120 = 280; the third
      // miss at 280 + 240 = 520 stops delivery, so the arrival at 600 wakes nothing.
      #expect(calls.times == [0, 100, 160, 280])
      #expect(
        deliveries(simulation) == [
          "enabled@0:immediate", "wake@100:1", "wake@160:2", "wake@280:3", "stopped@520:3",
        ])
      // The log's JSON (docs/run-result.md#log), keys sorted; compared without the
      // pretty-printing's white space.
      let json = String(decoding: simulation.result.encodedJSON(), as: UTF8.self)
        .filter { !$0.isWhitespace }
      #expect(
        json.contains(
          #"{"at":520,"attempt":3,"event":"stopped","kind":"backgroundDelivery","type":"HKQuantityTypeIdentifierHeartRate"}"#
        ))
      #expect(
        json.contains(
          #"{"at":0,"event":"enabled","frequency":"immediate","kind":"backgroundDelivery","type":"HKQuantityTypeIdentifierHeartRate"}"#
        ))
      // Enabling again starts over: the news of 600 s is delivered at once (1000 s).
      try await store.enableBackgroundDelivery(for: heartType, frequency: .immediate)
      await #expect(throws: HealthKitSimulation.UnfinishedWork.self) {
        try await simulation.advance(by: .seconds(10))
      }
      #expect(calls.times == [0, 100, 160, 280, 1000])
      #expect(simulation.reports.map(\.seconds) == [0, 100, 160, 280, 1000])
    }
  }

  @Test("Locked without background delivery: the changes are told once, at the unlock")
  func unlockCatchUp() async throws {
    let simulation = try observedDay(samples: stepsAt600, lock: #"[ { "from": 300, "to": 1200 } ]"#)
    let calls = Calls()
    try await simulation.run {
      let store = HKHealthStore()
      let stepsType = HKQuantityType(.stepCount)
      try await store.requestAuthorization(toShare: [], read: [stepsType])
      store.execute(
        HKObserverQuery(sampleType: stepsType, predicate: nil) { _, completion, _ in
          calls.add(seconds(simulation))
          completion()
        })
      try await store.enableBackgroundDelivery(for: stepsType, frequency: .hourly)
      try await store.disableBackgroundDelivery(for: stepsType)
      try await simulation.advance(by: .seconds(2000))
      // Arrivals at 600 and 900 s while locked: one call at the unlock, 1200 s.
      #expect(calls.times == [0, 1200])
      #expect(deliveries(simulation) == ["enabled@0:hourly", "disabled@0:"])
    }
  }

  @Test("Answered wakes: steps at most hourly; disableAll ends delivery")
  func hourlySteps() async throws {
    let simulation = try observedDay(
      samples: """
        [ { "type": "stepCount", "source": "watch", "start": 0, "end": 60, "value": 10, "savedAt": 600 },
          { "type": "stepCount", "source": "watch", "start": 60, "end": 120, "value": 10, "savedAt": 1200 },
          { "type": "stepCount", "source": "watch", "start": 120, "end": 180, "value": 10, "savedAt": 5000 },
          { "type": "stepCount", "source": "watch", "start": 180, "end": 240, "value": 10, "savedAt": 9000 } ]
        """, lock: #"[ { "from": 1, "to": 20000 } ]"#)
    let calls = Calls()
    try await simulation.run {
      let store = HKHealthStore()
      let stepsType = HKQuantityType(.stepCount)
      try await store.requestAuthorization(toShare: [], read: [stepsType])
      store.execute(
        HKObserverQuery(sampleType: stepsType, predicate: nil) { _, completion, _ in
          calls.add(seconds(simulation))
          completion()
        })
      // `.immediate` is raised to hourly for steps.
      try await store.enableBackgroundDelivery(for: stepsType, frequency: .immediate)
      try await simulation.advance(by: .seconds(8000))
      // 600: the first wake, at once; 1200 lies within the hour from 600, so it waits for
      // 600 + 3600 = 4200; 5000 lies within the hour from 4200: 4200 + 3600 = 7800.
      #expect(calls.times == [0, 600, 4200, 7800])
      try await store.disableAllBackgroundDelivery()
      try await simulation.advance(by: .seconds(2000))
      #expect(calls.times == [0, 600, 4200, 7800])
      #expect(
        deliveries(simulation) == [
          "enabled@0:hourly", "wake@600:1", "wake@4200:1", "wake@7800:1", "disabled@8000:",
        ])
    }
  }
}

/// A store with one ECG recording (Watch, 72 count/min, 512 Hz, 30 s from 11:00, sinus rhythm).
func ecgSimulation(locked: Bool = false) throws -> HealthKitSimulation {
  let simulation = try observedDay(samples: "[]")
  let recording = HealthElectrocardiogram(
    classification: 1, averageHeartRate: 72, samplingFrequency: 512,
    numberOfVoltageMeasurements: 15_360, seed: 5)
  let data = HealthData(
    sources: [
      HealthSource(kind: .watch, name: "Apple Watch", bundleIdentifier: "com.apple.health")
    ],
    samples: [
      HealthSample(
        type: .electrocardiogram, source: 0, start: .seconds(-3600), end: .seconds(-3570),
        value: 0)
    ],
    electrocardiograms: [recording], priority: [0],
    lockPeriods: locked ? [SimulationInstant.seconds(-10)..<SimulationInstant.seconds(10)] : [])
  simulation.state.withLock { $0.health = HealthStore(data: data, seed: 1) }
  return simulation
}

@Suite("ECG recordings")
struct ElectrocardiogramQueryTests {
  @Test("A sample query finds the recording; its query enumerates 15 360 measurements, then done")
  func voltages() async throws {
    let simulation = try ecgSimulation()
    try await simulation.run {
      let store = HKHealthStore()
      let type = HKObjectType.electrocardiogramType()
      try await store.requestAuthorization(toShare: [], read: [type])
      let found = await samples(store, simulation, type)
      let ecg = try #require(found.samples?.first as? HKElectrocardiogram)
      #expect(ecg.classification == .sinusRhythm)
      #expect(ecg.averageHeartRate?.doubleValue(for: bpm) == 72)
      #expect(ecg.numberOfVoltageMeasurements == 15_360)
      // 30 s before 11:00 + 30 s: 10:59:30 local is −3600 s from 12:00; it lasts 30 s.
      #expect(ecg.endDate.timeIntervalSince(ecg.startDate) == 30)
      let times = Mutex<[Double]>([])
      let microvolts = Mutex<[Double]>([])
      let done = Mutex(0)
      store.execute(
        HKElectrocardiogramQuery(ecg) { _, result in
          switch result {
          case .measurement(let measurement):
            times.withLock { $0.append(measurement.timeSinceSampleStart) }
            let value = measurement.quantity(for: .appleWatchSimilarToLeadI)!
            microvolts.withLock { $0.append(value.doubleValue(for: .voltUnit(with: .micro))) }
          case .done: done.withLock { $0 += 1 }
          case .error: Issue.record("no error expected")
          }
        })
      await simulation.settle()
      #expect(times.withLock { $0.count } == 15_360)
      // Measurement i is at i / 512 s: the last at 15 359 / 512 = 29.998046875 s.
      #expect(times.withLock { $0.last } == 29.998046875)
      #expect(done.withLock { $0 } == 1)
      let waveform = ElectrocardiogramWaveform(ecg.recording)
      let expected = (0..<15_360).map(waveform.voltage(at:))
      let got = microvolts.withLock { $0 }
      #expect(zip(got, expected).allSatisfy { abs($0 - $1) < 1e-6 })
    }
  }

  @Test("The async descriptor yields the same measurements; locked, it throws")
  func descriptor() async throws {
    let simulation = try ecgSimulation()
    try await simulation.run {
      let store = HKHealthStore()
      let type = HKObjectType.electrocardiogramType()
      try await store.requestAuthorization(toShare: [], read: [type])
      let ecg = try #require(
        await samples(store, simulation, type).samples?.first as? HKElectrocardiogram)
      var count = 0
      var last: TimeInterval = -1
      for try await measurement in HKElectrocardiogramQueryDescriptor(ecg).results(for: store) {
        #expect(measurement.timeSinceSampleStart > last)
        last = measurement.timeSinceSampleStart
        count += 1
      }
      // 30 s × 512 Hz = 15 360; the last at 15 359 / 512 = 29.998046875 s.
      #expect(count == 15_360)
      #expect(last == 29.998046875)
    }
    let locked = try ecgSimulation(locked: true)
    await locked.run {
      let store = HKHealthStore()
      let recording = HealthElectrocardiogram(
        classification: 1, averageHeartRate: 72, samplingFrequency: 512,
        numberOfVoltageMeasurements: 15_360, seed: 5)
      let ecg = HKElectrocardiogram(
        recording: recording, startDate: locked.now, endDate: locked.now + 30, uuid: UUID(),
        device: nil, sourceRevision: HKSourceRevision(source: .default(), version: nil))
      var iterator = HKElectrocardiogramQueryDescriptor(ecg).results(for: store)
        .makeAsyncIterator()
      await #expect(throws: HKError.self) { _ = try await iterator.next() }
    }
  }

  @Test("stop() in the handler ends the enumeration; locked, the handler gets the error")
  func stopAndLock() async throws {
    let simulation = try ecgSimulation()
    try await simulation.run {
      let store = HKHealthStore()
      let type = HKObjectType.electrocardiogramType()
      try await store.requestAuthorization(toShare: [], read: [type])
      let ecg = try #require(
        await samples(store, simulation, type).samples?.first as? HKElectrocardiogram)
      let count = Mutex(0)
      store.execute(
        HKElectrocardiogramQuery(ecg) { query, result in
          if case .measurement = result {
            let seen = count.withLock { value -> Int in
              value += 1
              return value
            }
            if seen == 10 { store.stop(query) }
          } else {
            Issue.record("no done or error after stop")
          }
        })
      await simulation.settle()
      #expect(count.withLock { $0 } == 10)
    }
    let locked = try ecgSimulation(locked: true)
    await locked.run {
      let store = HKHealthStore()
      let recording = HealthElectrocardiogram(
        classification: 1, averageHeartRate: 72, samplingFrequency: 512,
        numberOfVoltageMeasurements: 15_360, seed: 5)
      let ecg = HKElectrocardiogram(
        recording: recording, startDate: locked.now, endDate: locked.now + 30, uuid: UUID(),
        device: nil, sourceRevision: HKSourceRevision(source: .default(), version: nil))
      let error = Mutex<HKError?>(nil)
      store.execute(
        HKElectrocardiogramQuery(ecg) { _, result in
          if case .error(let failure) = result { error.withLock { $0 = failure as? HKError } }
        })
      await locked.settle()
      #expect(error.withLock { $0?.code } == .errorDatabaseInaccessible)
    }
  }
}

/// The second seed's uploader in short: an observer of heart rate and ECGs with background
/// delivery; its handler reads what is new with an anchored query per changed type, and each
/// new ECG's voltages, then calls the completion handler.
private final class Uploader: Sendable {
  let store: HKHealthStore
  /// What was "uploaded": `heartRate@<seconds>` and `ecg:<measurements>`, and the errors' codes.
  let uploads = Mutex<[String]>([])
  let anchors = Mutex<[String: HKQueryAnchor]>([:])

  init(store: HKHealthStore) { self.store = store }

  func start(since start: Date) {
    let types: [HKSampleType] = [HKQuantityType(.heartRate), HKObjectType.electrocardiogramType()]
    store.execute(
      HKObserverQuery(
        queryDescriptors: types.map { HKQueryDescriptor(sampleType: $0, predicate: nil) }
      ) {
        _, changed, completion, _ in
        for type in changed ?? [] { self.read(type, since: start) }
        completion()
      })
  }

  private func read(_ type: HKSampleType, since start: Date) {
    let anchor = anchors.withLock { $0[type.identifier] }
    store.execute(
      HKAnchoredObjectQuery(
        type: type, predicate: nil, anchor: anchor, limit: HKObjectQueryNoLimit
      ) { _, added, _, newAnchor, error in
        if let error = error as? HKError {
          self.uploads.withLock { $0.append("error:\(error.code)") }
          return
        }
        if let newAnchor { self.anchors.withLock { $0[type.identifier] = newAnchor } }
        for sample in added ?? [] {
          if let ecg = sample as? HKElectrocardiogram {
            let count = Mutex(0)
            self.store.execute(
              HKElectrocardiogramQuery(ecg) { _, result in
                switch result {
                case .measurement: count.withLock { $0 += 1 }
                case .done: self.uploads.withLock { $0.append("ecg:\(count.withLock { $0 })") }
                case .error(let error): self.uploads.withLock { $0.append("ecg error \(error)") }
                }
              })
          } else {
            let at = Int(sample.startDate.timeIntervalSince(start))
            self.uploads.withLock { $0.append("heartRate@\(at)") }
          }
        }
      })
  }
}

@Suite("The second seed's background uploads")
struct BackgroundUploadTests {
  /// Heart rate at 100 s and 400 s, an ECG 150–180 s saved at 200 s (Watch); locked over
  /// `locked`.
  private func day(locked: [Range<SimulationInstant>]) throws -> HealthKitSimulation {
    let simulation = try observedDay(samples: "[]")
    let data = HealthData(
      sources: [
        HealthSource(kind: .watch, name: "Apple Watch", bundleIdentifier: "com.apple.health")
      ],
      samples: [
        HealthSample(
          type: .heartRate, source: 0, start: .seconds(100), end: .seconds(100), value: 61),
        HealthSample(
          type: .electrocardiogram, source: 0, start: .seconds(150), end: .seconds(180), value: 0,
          savedAt: .seconds(200)),
        HealthSample(
          type: .heartRate, source: 0, start: .seconds(400), end: .seconds(400), value: 63),
      ],
      electrocardiograms: [
        HealthElectrocardiogram(
          classification: 1, averageHeartRate: 64, samplingFrequency: 512,
          numberOfVoltageMeasurements: 15_360, seed: 3)
      ], priority: [0], lockPeriods: locked)
    simulation.state.withLock { $0.health = HealthStore(data: data, seed: 2) }
    return simulation
  }

  @Test("Unlocked: each arrival is read and uploaded, the ECG with its 15 360 voltages")
  func unlocked() async throws {
    let simulation = try day(locked: [])
    try await simulation.run {
      let store = HKHealthStore()
      let types: Set<HKObjectType> = [
        HKQuantityType(.heartRate), HKObjectType.electrocardiogramType(),
      ]
      try await store.requestAuthorization(toShare: [], read: types)
      let uploader = Uploader(store: store)
      uploader.start(since: simulation.startDate)
      for type in types {
        try await store.enableBackgroundDelivery(for: type, frequency: .immediate)
      }
      try await simulation.advance(by: .seconds(600))
      await simulation.settle()
      #expect(uploader.uploads.withLock { $0 } == ["heartRate@100", "ecg:15360", "heartRate@400"])
    }
  }

  @Test("Locked: the wakes come, but every read fails; after the unlock the reads catch up")
  func locked() async throws {
    // Locked from 50 s to 500 s.
    let simulation = try day(locked: [
      SimulationInstant.seconds(50)..<SimulationInstant.seconds(500)
    ])
    try await simulation.run {
      let store = HKHealthStore()
      let types: Set<HKObjectType> = [
        HKQuantityType(.heartRate), HKObjectType.electrocardiogramType(),
      ]
      try await store.requestAuthorization(toShare: [], read: types)
      let uploader = Uploader(store: store)
      uploader.start(since: simulation.startDate)
      for type in types {
        try await store.enableBackgroundDelivery(for: type, frequency: .immediate)
      }
      try await simulation.advance(by: .seconds(450))
      await simulation.settle()
      // Wakes at 100 (heart rate), 200 (ECG), 400 (heart rate): each read fails.
      let failed = "error:\(HKError.Code.errorDatabaseInaccessible)"
      #expect(uploader.uploads.withLock { $0 } == [failed, failed, failed])
      // The wakes were answered, so the observer has nothing new at the unlock (500 s): the app
      // reads again on its next change. A heart-rate sample saved by the app at 600 s (unlocked)
      // makes the observer fire, and the anchored query (anchor never moved) returns all three.
      try await simulation.advance(to: simulation.startDate.addingTimeInterval(600))
      let sample = HKQuantitySample(
        type: HKQuantityType(.heartRate),
        quantity: HKQuantity(unit: HKUnit.count().unitDivided(by: .minute()), doubleValue: 70),
        start: simulation.now, end: simulation.now)
      try await store.requestAuthorization(toShare: [HKQuantityType(.heartRate)], read: [])
      try await store.save(sample)
      await simulation.settle()
      #expect(
        uploader.uploads.withLock { $0 } == [
          failed, failed, failed, "heartRate@100", "heartRate@400", "heartRate@600",
        ])
      #expect(
        deliveries(simulation).filter { $0.hasPrefix("wake") } == [
          "wake@100:1", "wake@200:1", "wake@400:1",
        ])
    }
  }
}
