// Dates app code builds from the real clock by calendar arithmetic, and an event's end date
// (new-user trial 26, findings 1 and 2): docs/swift-api.md#the-wall-clock-rule. The real clock
// is injected (`readRealClock`): these tests never read the wall clock.
import Foundation
import Synchronization
import Testing
import WorkoutCore
import WorkoutSimTestSupport

@testable import SimulatedHealthKit
@testable import SimulationDriver

/// A real clock a test sets: each reading is 1 ms after the one before, from `start` (time
/// goes on while the simulation and the app's code run), skipping the first 10 ms of each
/// second so that no reading lies on a whole second (a `Date()` read on one is the rule's
/// documented limit).
final class SteppingClock: Sendable {
  private let reading: Mutex<Date>

  init(_ start: Date) { reading = Mutex(start) }

  /// The next reading.
  func now() -> Date {
    reading.withLock {
      $0 += 0.001
      let seconds = $0.timeIntervalSinceReferenceDate
      if seconds - seconds.rounded(.down) < 0.01 { $0 += 0.01 }
      return $0
    }
  }

  /// Moves the clock on by `seconds` (the real time a slow step of the test took).
  func jump(by seconds: TimeInterval) {
    reading.withLock { $0 += seconds }
  }
}

@Suite struct WallClockCalendarTests {
  /// 2025-07-15 at `hour`:00:00.25 in the process's calendar (`Calendar.current`, whatever its
  /// zone): a real time of day, its quarter second a `Date()` reading's sub-second part. No
  /// zone changes its offset within a day of it.
  static func real(hour: Int) -> Date {
    Calendar.current.date(
      from: DateComponents(year: 2025, month: 7, day: 15, hour: hour, minute: 0, second: 0))!
      .addingTimeInterval(0.25)
  }

  /// `seconds` after the scenario's start.
  static func t(_ seconds: Int64) -> SimulationInstant {
    SimulationInstant(nanoseconds: seconds * 1_000_000_000)
  }

  /// The trial's night window and smart alarm, built from a real clock at 09:00 and at 21:00.
  /// Virtual now is 2026-03-30 10:00 CEST = 08:00 UTC in Berlin (t = 0); the clocks went
  /// forward on 29 March. Each date is read on virtual today's days at its clock time:
  /// - night start, `today - 6 h`, 18:00 the real yesterday: 29 March 18:00 CEST = 16:00 UTC,
  ///   16 h before t = 0: t = -57 600 (its real distance from the real now, read before, was
  ///   -54 000 at 09:00 and -97 200 at 21:00);
  /// - night end, `today + 12 h`, 12:00 the real today: 30 March 12:00 CEST = 10:00 UTC,
  ///   t = 7 200;
  /// - the alarm, the next 00:20 (the real tomorrow at either hour): 31 March 00:20 CEST =
  ///   30 March 22:20 UTC, 14 h 20 min after t = 0: t = 51 600; its window 30 minutes before,
  ///   23:50 the real today: t = 51 600 - 1 800 = 49 800.
  /// A `Date() - 3600` (a reading with its sub-second part) is still virtual now - 3600.
  @Test(arguments: [9, 21]) func calendarDatesLandOnTheVirtualDaysClockTimes(hour: Int) throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    let clock = SteppingClock(Self.real(hour: hour))
    simulation.readRealClock { clock.now() }
    func read(_ date: Date) throws -> SimulationInstant {
      try simulation.readAppDate(date, call: "test").get()
    }
    let calendar = Calendar.current
    let today = calendar.startOfDay(for: clock.now())
    let night = DateInterval(
      start: try #require(calendar.date(byAdding: .hour, value: -6, to: today)),
      end: try #require(calendar.date(byAdding: .hour, value: 12, to: today)))
    let wake = try #require(
      calendar.nextDate(
        after: clock.now(), matching: DateComponents(hour: 0, minute: 20),
        matchingPolicy: .nextTime))
    #expect(try read(night.start) == Self.t(-57_600))
    #expect(try read(night.end) == Self.t(7_200))
    #expect(try read(wake) == Self.t(51_600))
    #expect(try read(wake.addingTimeInterval(-30 * 60)) == Self.t(49_800))
    #expect(try read(today) == Self.t(-36_000))  // 30 March 00:00 CEST = 29 March 22:00 UTC
    #expect(try read(clock.now().addingTimeInterval(-3600)) == Self.t(-3600))
  }

  /// A `Date()` the app cut to the second (an ISO 8601 round trip) after the real clock showed
  /// it is still a reading (case 2), not a clock time of the virtual day, even on a whole
  /// minute (case 1 takes whole minutes only): the clock reads 09:00:00.25 at t = 0 and
  /// through t = 10, then 09:01:00.26 (60 s of real time later) when t = 20 is reached;
  /// 09:01:00, cut from a reading at t = 20, was shown while virtual time was at 10: t = 10.
  /// Read as a clock time it would be 09:01:00 CEST on 30 March, 59 min before t = 0
  /// (10:00 CEST): 59 × 60 = 3540 s, t = -3540.
  @Test func aDateCutToAWholeMinuteIsStillAReading() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    let clock = SteppingClock(Self.real(hour: 9))
    simulation.readRealClock { clock.now() }
    try await simulation.run {
      try await simulation.advance(by: .seconds(10))
      clock.jump(by: 60)
      try await simulation.advance(by: .seconds(10))
      let cut = Date(
        timeIntervalSinceReferenceDate: clock.now().timeIntervalSinceReferenceDate.rounded(.down))
      #expect(try simulation.readAppDate(cut, call: "test").get() == Self.t(10))
    }
  }

  /// A `Date()` truncated to whole Unix seconds and shifted by an hour (apps store dates as
  /// whole seconds) is a shift of virtual now, not a clock time of the virtual day: the clock
  /// reads 09:00:17.26 after a jump of 17 s; truncated, 09:00:17, plus 3600 s is 10:00:17, not
  /// on a whole minute, so case 4 reads it: virtual now (t = 0) plus round(10:00:17 −
  /// 09:00:17.26x) = round(3599.73...) = 3600 s: t = 3600. Read as a clock time (the rule took
  /// every whole second before) it was 10:00:17 CEST on 30 March, 17 s after t = 0 (10:00 CEST).
  @Test func aTruncatedReadingShiftedIsNotAClockTime() throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    let clock = SteppingClock(Self.real(hour: 9))
    simulation.readRealClock { clock.now() }
    clock.jump(by: 17)
    let due = Date(
      timeIntervalSince1970: TimeInterval(Int(clock.now().timeIntervalSince1970) + 3600))
    #expect(try simulation.readAppDate(due, call: "test").get() == Self.t(3600))
  }

  /// With `.strictDates` a date built from the real clock is still refused: it is the real
  /// clock. A call that cannot fail (reported, then read by the rule all the same) reads it as
  /// the clock time of the virtual day: noon of the real today is 30 March 12:00 CEST =
  /// 10:00 UTC, 2 h after t = 0 (08:00 UTC): t = 7200 (as a distance from the real clock,
  /// 12:00 - 09:00:00.25 = 10 799.75 s, rounded t = 10 800).
  @Test func strictDatesRefuseACalendarDate() throws {
    let simulation = try HealthKitSimulation(
      scenario: healthScenario(samples: "[]"), options: .strictDates)
    let clock = SteppingClock(Self.real(hour: 9))
    simulation.readRealClock { clock.now() }
    let calendar = Calendar.current
    let noon = try #require(
      calendar.date(byAdding: .hour, value: 12, to: calendar.startOfDay(for: clock.now())))
    guard case .failure = simulation.readAppDate(noon, call: "test") else {
      Issue.record("a calendar date of the real clock was read under strict dates")
      return
    }
    #expect(simulation.reports.map(\.kind) == [.strictDate])
    let read = simulation.mutate { state in
      simulation.readAppDatesCannotFail([noon], call: "test", in: &state)
    }
    #expect(read == [Self.t(7_200)])
  }

  /// The trial's set: `setStart = Date()` at t = 10, then 40 s later a segment event from it to
  /// `Date()`. Both dates are read by the rule (the instants the real clock showed them at):
  /// t = 10 to t = 50, 40 s, though 0.0xx s of real time passed between them (the run's
  /// readings, 1 ms apart). Before, the end was the start plus the real duration.
  @Test func anEventsEndIsReadByTheRule() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    let clock = SteppingClock(Self.real(hour: 9))
    simulation.readRealClock { clock.now() }
    try await simulation.run {
      let store = HKHealthStore()
      let (session, builder) = try await startedRun(store, simulation)
      try await simulation.advance(by: .seconds(10))
      let setStart = clock.now()
      try await simulation.advance(by: .seconds(40))
      let event = HKWorkoutEvent(
        type: .segment, dateInterval: DateInterval(start: setStart, end: clock.now()),
        metadata: ["reps": 12])
      try await builder.addWorkoutEvents([event])
      // 2026-03-02 12:00 UTC + 10 s, 40 s long.
      #expect(
        builder.workoutEvents.map(\.dateInterval) == [
          DateInterval(start: noon(plus: 10), duration: 40)
        ])
      session.end()
    }
  }

  /// Review of dates26: one rule for an event's end. The trial's set, from `setStart = Date()`
  /// at t = 10 to a `Date()` at t = 50, given to a live builder's `addWorkoutEvents` and, in an
  /// `HKWorkout` from t = 0 to virtual now (t = 50), to `save`: each reads the event's two dates
  /// (`HKWorkoutEvent.wallClockDates`) and judges by them alone whether its end is the real
  /// clock's, so both end it at t = 50, 2026-03-02 12:00 UTC + 50 s, 40 s after its start at
  /// t = 10.
  ///
  /// A guard, not a test of a change: attrib27 gave the two calls one home
  /// (`HKWorkoutEvent.wallClockDates`, `engineEvent(read:realClock:since:)`) without changing
  /// what they give. Before it, `save` read an event's end by the rule whenever any date of
  /// the workout was the real clock, and a virtual end so read is its own instant, the same as
  /// the interval's duration to the nanosecond; so this passes with the Sources before attrib27
  /// too (checked in sessions 27 and 28). It guards the rule both calls share: it fails if
  /// either stops reading a real-clock event's end by the rule, or if the two drift apart.
  @Test func aSavedEventEndsWhereTheBuildersEnds() async throws {
    let workoutType = HKObjectType.workoutType()
    let simulation = try HealthKitSimulation(scenario: constantRun())
    let clock = SteppingClock(Self.real(hour: 9))
    simulation.readRealClock { clock.now() }
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store, share: [workoutType], read: [workoutType])
      let (session, builder) = try await startedRun(store, simulation)
      try await simulation.advance(by: .seconds(10))
      let setStart = clock.now()
      try await simulation.advance(by: .seconds(40))
      let event = HKWorkoutEvent(
        type: .segment, dateInterval: DateInterval(start: setStart, end: clock.now()),
        metadata: nil)
      try await builder.addWorkoutEvents([event])
      try await store.save(
        HKWorkout(
          activityType: .running, start: noon(plus: 0), end: simulation.now,
          workoutEvents: [event], totalEnergyBurned: nil, totalDistance: nil, metadata: nil))
      let saved = try #require(
        await samples(store, simulation, workoutType).samples?.first as? HKWorkout)
      let expected = DateInterval(start: noon(plus: 10), end: noon(plus: 50))
      #expect(builder.workoutEvents.map(\.dateInterval) == [expected])
      #expect(saved.workoutEvents?.map(\.dateInterval) == [expected])
      session.end()
    }
  }

  /// The same set in an `HKWorkout` saved at t = 50, from its start to its end: the workout
  /// and its event read back from t = 10 to t = 50 (2026-03-30 08:00 UTC + 10 s, 40 s long).
  @Test func aSavedWorkoutsEventEndIsReadByTheRule() async throws {
    let workoutType = HKObjectType.workoutType()
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    let clock = SteppingClock(Self.real(hour: 21))
    simulation.readRealClock { clock.now() }
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store, share: [workoutType], read: [workoutType])
      try await simulation.advance(by: .seconds(10))
      let start = clock.now()
      try await simulation.advance(by: .seconds(40))
      let end = clock.now()
      let segment = HKWorkoutEvent(
        type: .segment, dateInterval: DateInterval(start: start, end: end), metadata: nil)
      let workout = HKWorkout(
        activityType: .running, start: start, end: end, workoutEvents: [segment],
        totalEnergyBurned: nil, totalDistance: nil, metadata: nil)
      try await store.save(workout)
      let read = try #require(
        await samples(store, simulation, workoutType).samples?.first as? HKWorkout)
      let t10 = date("2026-03-30T08:00:10Z")
      #expect(read.startDate == t10)
      #expect(read.endDate == t10 + 40)
      #expect(read.workoutEvents?.map(\.dateInterval) == [DateInterval(start: t10, duration: 40)])
    }
  }
}
