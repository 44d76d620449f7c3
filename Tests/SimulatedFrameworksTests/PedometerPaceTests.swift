import Foundation
import SimulatedCoreMotion
import SimulatedHealthKit
import Synchronization
import Testing
import WorkoutSimTestSupport

/// A run of three minutes: 60 s at 3 m/s and 180 steps/min, 60 s standing (speed 0: no steps,
/// docs/models.md#cadence-and-steps), 60 s at 2 m/s and 150 steps/min. Each 10 s step sample
/// holds 30 steps and 30 m, then 0 and 0, then 25 steps and 20 m (cumulative types have no
/// noise by default). The course's motion: running 0–60, stationary 60–120, running 120–180,
/// stationary from 180.
private let runStandRun = #"""
  { "version": 1, "activity": "running", "start": "2026-03-02T08:00:00Z",
    "course": [ { "duration": 60, "speed": 3.0, "cadence": 180 }, { "duration": 60, "speed": 0 },
                { "duration": 60, "speed": 2.0, "cadence": 150 } ] }
  """#

/// Running 90 s at 3 m/s and 180 steps/min, then standing: 10 s step samples of 30 steps and
/// 30 m, then of 0.
private let runThenStand = #"""
  { "version": 1, "activity": "running", "start": "2026-03-02T08:00:00Z",
    "course": [ { "duration": 90, "speed": 3.0, "cadence": 180 }, { "duration": 600, "speed": 0 } ] }
  """#

/// A workout of `type` as an app starts it: session, live builder with its data source (not
/// collecting `without`), `startActivity` and `beginCollection` at virtual now.
private func startWorkout(
  _ store: HKHealthStore, _ type: HKWorkoutActivityType, at date: Date,
  without: HKQuantityType? = nil
) async throws -> (HKWorkoutSession, HKLiveWorkoutBuilder) {
  let configuration = HKWorkoutConfiguration()
  configuration.activityType = type
  configuration.locationType = .outdoor
  let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
  let builder = session.associatedWorkoutBuilder()
  let source = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: configuration)
  if let without { source.disableCollection(for: without) }
  builder.dataSource = source
  session.startActivity(with: date)
  try await builder.beginCollection(at: date)
  return (session, builder)
}

/// `value` rounded to 1e-9 (the sums add 10 s samples), or -1 for `nil`.
private func rounded(_ value: NSNumber?) -> Double {
  guard let value else { return -1 }
  return (value.doubleValue * 1e9).rounded() / 1e9
}

/// What pedometer data showed: when it came (s from t = 0), its steps, current cadence,
/// current pace and average active pace (-1 for `nil`), and floors up and down.
private struct Seen: Equatable {
  var at: Double
  var steps: Int
  var cadence: Double
  var pace: Double
  var average: Double
  var floors: [Int]

  init(_ simulation: HealthKitSimulation, _ data: CMPedometerData?) {
    at = simulation.now.timeIntervalSince(simulation.startDate)
    steps = data?.numberOfSteps.intValue ?? -1
    cadence = rounded(data?.currentCadence)
    pace = rounded(data?.currentPace)
    average = rounded(data?.averageActivePace)
    floors = [data?.floorsAscended?.intValue ?? -1, data?.floorsDescended?.intValue ?? -1]
  }

  init(at: Double, steps: Int, cadence: Double, pace: Double, average: Double) {
    (self.at, self.steps, self.cadence, self.pace, self.average) =
      (at, steps, cadence, pace, average)
    floors = [0, 0]
  }
}

/// What a pedometer event handler saw: when (s from t = 0), the type's raw value and the
/// event's date (s from t = 0), or the error's domain and code.
private final class EventRecorder: Sendable {
  let seen = Mutex<[String]>([])

  func record(_ simulation: HealthKitSimulation, _ event: CMPedometerEvent?, _ error: (any Error)?)
  {
    let at = simulation.now.timeIntervalSince(simulation.startDate)
    let line: String
    if let event {
      line =
        "\(Int(at)) \(event.type.rawValue) \(Int(event.date.timeIntervalSince(simulation.startDate)))"
    } else {
      let error = error as NSError?
      line = "\(Int(at)) \(error?.domain ?? "") \(error?.code ?? 0)"
    }
    seen.withLock { $0.append(line) }
  }

  var lines: [String] { seen.withLock { $0 } }
}

/// Walking at 1.4 m/s for 300 s, then running at 3 m/s for 600 s (no workout): on foot 0–900,
/// stationary from 900.
private let walkThenRun = #"""
  { "version": 1, "activity": "running",
    "course": [ { "duration": 300, "speed": 1.4 }, { "duration": 600, "speed": 3.0 } ] }
  """#

/// An app's test double of pedometer data, as apps write them: a subclass overriding the
/// values it needs (Apple's class is open, with `init()`).
private final class StubData: CMPedometerData, @unchecked Sendable {
  override var numberOfSteps: NSNumber { NSNumber(value: 42) }
}

/// An app's test double of a pedometer event.
private final class StubEvent: CMPedometerEvent, @unchecked Sendable {
  override var type: CMPedometerEventType { .resume }
}

@Suite("CoreMotion: the pedometer's cadence, pace, floors and events")
struct PedometerPaceTests {
  /// `startUpdates(from: t = 0)` during ``runStandRun``'s workout: updates at 0 (nothing yet:
  /// no current values, no average), at 60 (180 steps; the latest sample [50, 60) holds 30
  /// steps and 30 m: cadence 30 / 10 = 3 steps/s = 180 / 60, pace 10 / 30 = 1/3 s/m = 1 / 3 m/s;
  /// average active pace 60 s / 180 m = 1/3), none at 120 (standing: the count did not change),
  /// and at 180 (180 + 60 × 2.5 = 330 steps; [170, 180) holds 25 steps and 20 m: cadence 2.5 =
  /// 150 / 60, pace 10 / 20 = 0.5 = 1 / 2 m/s; average active pace over the 120 s with steps,
  /// not the 180 s elapsed: 120 / (180 + 120) = 0.4 s/m). No climb: 0 floors up and down.
  @Test func liveUpdatesCarryCadenceAndPace() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(runStandRun, fileName: "pedometer.json"))
    let seen = Mutex<[Seen]>([])
    try await simulation.run {
      let (session, builder) = try await startWorkout(HKHealthStore(), .running, at: simulation.now)
      let pedometer = CMPedometer()
      pedometer.startUpdates(from: simulation.now) { data, error in
        #expect(error == nil)
        let one = Seen(simulation, data)
        seen.withLock { $0.append(one) }
      }
      try await simulation.advance(by: .seconds(200))
      pedometer.stopUpdates()
      _ = (session, builder)
    }
    #expect(
      seen.withLock { $0 } == [
        Seen(at: 0, steps: 0, cadence: -1, pace: -1, average: -1),
        Seen(at: 60, steps: 180, cadence: 3, pace: 0.333333333, average: 0.333333333),
        Seen(at: 180, steps: 330, cadence: 2.5, pace: 0.5, average: 0.4),
      ])
  }

  /// A query keeps the current values `nil` (Apple: they are `nil` for historical queries) and
  /// gives the average active pace over its span: at 200 s, over 0…180 s of ``runStandRun``,
  /// 330 steps, 300 m, active 120 s: 0.4 s/m; over 60…120 s (standing) none (`nil`). The
  /// availability methods say yes.
  @Test func queriesGiveTheAverageActivePaceOnly() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(runStandRun, fileName: "pedometer.json"))
    let seen = Mutex<[Seen]>([])
    try await simulation.run {
      #expect(CMPedometer.isCadenceAvailable())
      #expect(CMPedometer.isPaceAvailable())
      #expect(CMPedometer.isFloorCountingAvailable())
      #expect(CMPedometer.isPedometerEventTrackingAvailable())
      let (session, builder) = try await startWorkout(HKHealthStore(), .running, at: simulation.now)
      try await simulation.advance(by: .seconds(200))
      let pedometer = CMPedometer()
      for (from, to) in [(0.0, 180.0), (60, 120)] {
        pedometer.queryPedometerData(
          from: simulation.startDate.addingTimeInterval(from),
          to: simulation.startDate.addingTimeInterval(to)
        ) { data, error in
          #expect(error == nil)
          let one = Seen(simulation, data)
          seen.withLock { $0.append(one) }
        }
        await simulation.settle()
      }
      _ = (session, builder)
    }
    #expect(
      seen.withLock { $0 } == [
        Seen(at: 200, steps: 330, cadence: -1, pace: -1, average: 0.4),
        Seen(at: 200, steps: 0, cadence: -1, pace: -1, average: -1),
      ])
  }

  /// Floors from the body's climb: a hiking workout at 1.2 m/s up 10 % climbs 0.12 m a second
  /// (docs/models.md#stairs-and-flights-climbed), one floor per 3.048 m, whole floors only:
  /// over 0…600 s 72 m, 23.622 floors, 23; over 0…300 s 36 m, 11.811, 11. Nothing descends: 0.
  @Test func floorsFromTheClimb() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(
        #"""
        { "version": 1, "activity": "hiking", "start": "2026-03-02T08:00:00Z",
          "course": [ { "duration": 600, "speed": 1.2, "grade": 0.1 } ] }
        """#, fileName: "pedometer.json"))
    let floors = Mutex<[[Int]]>([])
    try await simulation.run {
      let (session, builder) = try await startWorkout(HKHealthStore(), .hiking, at: simulation.now)
      try await simulation.advance(by: .seconds(600))
      let pedometer = CMPedometer()
      for to in [600.0, 300] {
        pedometer.queryPedometerData(
          from: simulation.startDate, to: simulation.startDate.addingTimeInterval(to)
        ) { data, _ in
          floors.withLock {
            $0.append([
              data?.floorsAscended?.intValue ?? -1, data?.floorsDescended?.intValue ?? -1,
            ])
          }
        }
        await simulation.settle()
      }
      _ = (session, builder)
    }
    #expect(floors.withLock { $0 } == [[23, 0], [11, 0]])
  }

  /// An update whose count changed while the latest sample holds no steps: a running workout
  /// of 90 s at 3 m/s and 180 steps/min, then standing (10 s samples of 30 steps and 30 m, then
  /// of 0). `startUpdates(from: t = 0)`: at 60, 180 steps, cadence 30 / 10 = 3, pace 10 / 30 =
  /// 1/3, average 60 s / 180 m = 1/3; at 120, 90 s × 3 = 270 steps (changed), but the latest
  /// sample [110, 120) holds 0 steps: no cadence, no pace; the average is over the 90 s with
  /// steps: 90 / 270 m = 1/3. At 180 the count did not change: no update.
  @Test func anUpdateWhileStandingHasNoCurrentValues() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(runThenStand, fileName: "p.json"))
    let seen = Mutex<[Seen]>([])
    try await simulation.run {
      let (session, builder) = try await startWorkout(HKHealthStore(), .running, at: simulation.now)
      let pedometer = CMPedometer()
      pedometer.startUpdates(from: simulation.now) { data, _ in
        let one = Seen(simulation, data)
        seen.withLock { $0.append(one) }
      }
      try await simulation.advance(by: .seconds(200))
      pedometer.stopUpdates()
      _ = (session, builder)
    }
    #expect(
      seen.withLock { $0 } == [
        Seen(at: 0, steps: 0, cadence: -1, pace: -1, average: -1),
        Seen(at: 60, steps: 180, cadence: 3, pace: 0.333333333, average: 0.333333333),
        Seen(at: 120, steps: 270, cadence: -1, pace: -1, average: 0.333333333),
      ])
  }

  /// The current values hold while the latest step sample ended less than 60 s before: the
  /// workout of ``runThenStand`` ends at 90 (its last sample [80, 90): 30 steps, 30 m). An
  /// update at 149 (it ended 59 s before): cadence 30 / 10 = 3, pace 10 / 30 = 1/3; at 150
  /// (exactly 60 s before): none. Both count 270 steps over 0…now, average 90 / 270 = 1/3.
  @Test func currentValuesEndSixtySecondsAfterTheLatestSample() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(runThenStand, fileName: "p.json"))
    let seen = Mutex<[Seen]>([])
    try await simulation.run {
      let start = simulation.now
      let (session, builder) = try await startWorkout(HKHealthStore(), .running, at: start)
      try await simulation.advance(by: .seconds(90))
      session.end()
      try await builder.endCollection(at: simulation.now)
      for wait in [59, 1] {
        try await simulation.advance(by: .seconds(wait))
        let pedometer = CMPedometer()
        pedometer.startUpdates(from: start) { data, _ in
          let one = Seen(simulation, data)
          seen.withLock { $0.append(one) }
        }
        await simulation.settle()
        pedometer.stopUpdates()
      }
      _ = (session, builder)
    }
    #expect(
      seen.withLock { $0 } == [
        Seen(at: 149, steps: 270, cadence: 3, pace: 0.333333333, average: 0.333333333),
        Seen(at: 150, steps: 270, cadence: -1, pace: -1, average: 0.333333333),
      ])
  }

  /// Cadence without pace when the steps have no distance: the workout's data source does not
  /// collect `distanceWalkingRunning`, so at 60 the latest sample [50, 60) holds 30 steps and no
  /// metres: cadence 30 / 10 = 3, pace `nil`, and no average active pace (no distance).
  @Test func cadenceWithoutPaceWithoutDistance() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(runThenStand, fileName: "p.json"))
    let seen = Mutex<[Seen]>([])
    try await simulation.run {
      let (session, builder) = try await startWorkout(
        HKHealthStore(), .running, at: simulation.now,
        without: HKQuantityType(.distanceWalkingRunning))
      let pedometer = CMPedometer()
      pedometer.startUpdates(from: simulation.now) { data, _ in
        let one = Seen(simulation, data)
        seen.withLock { $0.append(one) }
      }
      try await simulation.advance(by: .seconds(70))
      pedometer.stopUpdates()
      _ = (session, builder)
    }
    #expect(
      seen.withLock { $0 } == [
        Seen(at: 0, steps: 0, cadence: -1, pace: -1, average: -1),
        Seen(at: 60, steps: 180, cadence: 3, pace: -1, average: -1),
      ])
  }

  /// A long step sample that ends within the last minute counts only by its part in it (the
  /// app's sample is the latest, but the current values are those of the last 60 s): a
  /// workout running 0–300 at 3 m/s and 180 steps/min (30 steps and 30 m each 10 s), ended at 300; at 330 the app saves 600
  /// steps over 30…330 (2 steps/s, no distance), then starts updates from 330. The latest
  /// sample is the app's (it ends at 330), clipped to 270…330: the workout's 270…300 (3 × 30 =
  /// 90 steps, 90 m) and the app's 60 s × 2 = 120 steps, one source (the app's) so both count:
  /// 210 steps / 60 s = cadence 3.5, pace 60 / 90 = 2/3 (over the whole sample 30…330 it would
  /// be 810 + 600 = 1410 / 300 = 4.7). Nothing over 330…330: 0 steps, no average.
  @Test func aLongSampleCountsByItsLastMinute() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(
        #"""
        { "version": 1, "activity": "running", "start": "2026-03-02T08:00:00Z",
          "course": [ { "duration": 300, "speed": 3.0, "cadence": 180 }, { "duration": 600, "speed": 0 } ] }
        """#, fileName: "p.json"))
    let seen = Mutex<[Seen]>([])
    try await simulation.run {
      let store = HKHealthStore()
      let (session, builder) = try await startWorkout(store, .running, at: simulation.now)
      try await simulation.advance(by: .seconds(300))
      session.end()
      try await builder.endCollection(at: simulation.now)
      try await simulation.advance(by: .seconds(30))
      try await store.requestAuthorization(toShare: [HKQuantityType(.stepCount)], read: [])
      try await store.save(
        HKQuantitySample(
          type: HKQuantityType(.stepCount), quantity: HKQuantity(unit: .count(), doubleValue: 600),
          start: simulation.startDate.addingTimeInterval(30), end: simulation.now))
      let pedometer = CMPedometer()
      pedometer.startUpdates(from: simulation.now) { data, _ in
        let one = Seen(simulation, data)
        seen.withLock { $0.append(one) }
      }
      await simulation.settle()
      pedometer.stopUpdates()
      _ = (session, builder)
    }
    #expect(
      seen.withLock { $0 } == [
        Seen(at: 330, steps: 0, cadence: 3.5, pace: 0.666666667, average: -1)
      ])
  }

  /// Whole floors despite the sum's rounding: hiking at 0.6096 m/s up 30 % climbs 0.18288 m a
  /// second, 1.8288 m = 0.6 flight per 10 s sample; over 150 s 27.432 m = 9 × 3.048 m, 9
  /// floors. In binary floating point each sample holds 0.6000000000000001 (0.18288 × 10 /
  /// 3.048) and their fifteen additions give 8.999999999999998, so without the sum's 1e-9
  /// allowance the floors would be 8. (Quarter flights, as 0.25 is exact, would not show it.)
  @Test func floorsOfAnExactClimbAreWhole() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(
        #"""
        { "version": 1, "activity": "hiking", "start": "2026-03-02T08:00:00Z",
          "course": [ { "duration": 150, "speed": 0.6096, "grade": 0.3 }, { "duration": 100, "speed": 0 } ] }
        """#, fileName: "pedometer.json"))
    let floors = Mutex<[Int]>([])
    try await simulation.run {
      let (session, builder) = try await startWorkout(HKHealthStore(), .hiking, at: simulation.now)
      try await simulation.advance(by: .seconds(200))
      CMPedometer().queryPedometerData(
        from: simulation.startDate, to: simulation.startDate.addingTimeInterval(150)
      ) { data, _ in floors.withLock { $0.append(data?.floorsAscended?.intValue ?? -1) } }
      await simulation.settle()
      _ = (session, builder)
    }
    #expect(floors.withLock { $0 } == [9])
  }

  /// Test doubles compile and keep the base's values for what they do not override: the data's
  /// 42 steps, both dates the reference date, no distance; the event's resume at the reference
  /// date.
  @Test func testDoublesSubclassTheDataAndTheEvent() {
    let data = StubData()
    #expect(data.numberOfSteps.intValue == 42)
    #expect(data.startDate == Date(timeIntervalSinceReferenceDate: 0))
    #expect(data.endDate == Date(timeIntervalSinceReferenceDate: 0))
    #expect(data.distance == nil)
    #expect(data.currentCadence == nil)
    let event = StubEvent()
    #expect(event.type == .resume)
    #expect(event.date == Date(timeIntervalSinceReferenceDate: 0))
  }

  /// Events from the body's motion (``walkThenRun``, no workout), each `motion.latency` (15 s)
  /// after the change and dated at it: resume (1) at 0 + 15 = 15 dated 0 (walking starts);
  /// walking to running at 300 is no event (on foot both); pause (0) at 900 + 15 = 915 dated
  /// 900. None at once when they start; `stopEventUpdates()` at 1000 ends them. The types'
  /// raw values are Apple's: pause 0, resume 1.
  @Test func eventsAtTheBodysStopsAndStarts() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(walkThenRun, fileName: "motion.json"))
    let recorder = EventRecorder()
    try await simulation.run {
      let pedometer = CMPedometer()
      pedometer.startEventUpdates { recorder.record(simulation, $0, $1) }
      try await simulation.advance(by: .seconds(1000))
      pedometer.stopEventUpdates()
      try await simulation.advance(by: .seconds(100))
    }
    #expect(recorder.lines == ["15 1 0", "915 0 900"])
    #expect(CMPedometerEventType.pause.rawValue == 0)
    #expect(CMPedometerEventType.resume.rawValue == 1)
  }

  /// A suspended watch app gets no events, and none later: wrist down at 0, suspended at 130
  /// (the watch's defaults), so the resume at 15 arrives and the pause at 915 does not, nor
  /// after the app opens at 950. A phone pedometer's events come whatever the watch app does,
  /// as the phone's code.
  @Test func noEventsWhileSuspended() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(walkThenRun, fileName: "motion.json"))
    let watch = EventRecorder()
    let phone = EventRecorder()
    let devices = Mutex<[HealthKitSimulation.Device?]>([])
    try await simulation.run {
      let pedometer = CMPedometer()
      pedometer.startEventUpdates { watch.record(simulation, $0, $1) }
      let phonePedometer = await simulation.on(.phone) { CMPedometer() }
      phonePedometer.startEventUpdates {
        phone.record(simulation, $0, $1)
        devices.withLock { $0.append(HealthKitSimulation.currentDevice) }
      }
      await simulation.perform(.wristDown)
      try await simulation.advance(by: .seconds(950))
      await simulation.perform(.openApp)
      try await simulation.advance(by: .seconds(100))
      _ = (pedometer, phonePedometer)
    }
    #expect(watch.lines == ["15 1 0"])
    #expect(phone.lines == ["15 1 0", "915 0 900"])
    #expect(devices.withLock { $0 } == [.phone, .phone])
  }

  /// `authorization.motion: "denied"`: `startEventUpdates` calls its handler once with
  /// `CMErrorDomain` 105 (`CMErrorMotionActivityNotAuthorized`) and no event follows.
  @Test func eventsRefusedWithoutAuthorization() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(
        #"""
        { "version": 1, "activity": "running",
          "course": [ { "duration": 300, "speed": 1.4 }, { "duration": 600, "speed": 3.0 } ],
          "authorization": { "motion": "denied" } }
        """#, fileName: "motion.json"))
    let recorder = EventRecorder()
    try await simulation.run {
      let pedometer = CMPedometer()
      pedometer.startEventUpdates { recorder.record(simulation, $0, $1) }
      try await simulation.advance(by: .seconds(1000))
      _ = pedometer
    }
    #expect(recorder.lines == ["0 CMErrorDomain 105"])
  }
}
