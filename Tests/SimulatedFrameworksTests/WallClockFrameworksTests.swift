import Foundation
import SimulatedBackgroundTasks
import SimulatedCoreMotion
import SimulatedHealthKit
import SimulatedRelevanceKit
import SimulatedWatchKit
import SimulatedWidgetKit
import Synchronization
import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSystem

/// The frameworks other than HealthKit read the dates the app passes by the one wall-clock
/// rule (docs/swift-api.md#the-wall-clock-rule; `AppSimulation.readAppDates`): a `Date()` the
/// app passes is virtual now, `Date() - 3300` virtual now 3300 s earlier, each call with a
/// `wallClockDate` log entry naming it; with strict dates the call's own error path refuses it.
@Suite("The wall-clock rule in Core Motion, WatchKit, BackgroundTasks and WidgetKit")
struct WallClockFrameworksTests {
  /// The actions of the run's `wallClockDate` log entries, in order.
  func wallClockActions(_ simulation: HealthKitSimulation) -> [String] {
    simulation.result.log.compactMap { entry in
      if case .wallClockDate(let action) = entry.kind { return action }
      return nil
    }
  }

  /// `pedometerDay()`: 1200 watch steps over −3600…−2400 s. At t = 0, `Date() - 3300` to
  /// `Date() - 2700` is virtual −3300…−2700, half of the sample's span: 1200 × 600 / 1200 =
  /// 600 steps, and the data's dates are those virtual dates. Live updates from `Date() -
  /// 3000` hold −3000…−2400 of it: 600 again.
  @Test func thePedometerReadsRealClockDates() async throws {
    let simulation = try pedometerDay()
    let seen = Mutex<[(steps: Int, start: Double?, end: Double?)]>([])
    try await simulation.run {
      let start = simulation.startDate
      CMPedometer().queryPedometerData(from: Date() - 3300, to: Date() - 2700) { data, error in
        #expect(error == nil)
        seen.withLock {
          $0.append(
            (
              data?.numberOfSteps.intValue ?? -1, data?.startDate.timeIntervalSince(start),
              data?.endDate.timeIntervalSince(start)
            ))
        }
      }
      await simulation.settle()
      let pedometer = CMPedometer()
      pedometer.startUpdates(from: Date().addingTimeInterval(-3000)) { data, _ in
        seen.withLock { $0.append((data?.numberOfSteps.intValue ?? -1, nil, nil)) }
      }
      try await simulation.advance(by: .seconds(60))
      pedometer.stopUpdates()
    }
    let got = seen.withLock { $0 }
    #expect(got.map(\.steps) == [600, 600])
    #expect(got.first?.start == -3300)
    #expect(got.first?.end == -2700)
    #expect(
      wallClockActions(simulation) == [
        "CMPedometer.queryPedometerData(from:to:withHandler:)",
        "CMPedometer.startUpdates(from:withHandler:)",
      ])
  }

  /// Walking 0–300, running 300–900, stationary from 900 (a running course, no workout). At
  /// t = 4000, `Date() - 3900` to `Date() - 3050` is virtual 100…950: walking (in effect at
  /// 100, started at 0), running from 300, stationary from 900. The offsets keep both dates
  /// shifts however loaded the machine: `Date() - 50` at t = 1000 was a date the real clock had
  /// shown since the simulation was made once it had been alive 50 s of real time (a kept
  /// `Date()`, the instant virtual time was at then, 0 or 1000), and the range changed.
  @Test func theMotionActivityQueryReadsRealClockDates() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(
        #"""
        { "version": 1, "activity": "running",
          "course": [ { "duration": 300, "speed": 1.4 }, { "duration": 600, "speed": 3.0 } ] }
        """#, fileName: "motion.json"))
    let starts = Mutex<[Double]?>(nil)
    try await simulation.run {
      try await simulation.advance(by: .seconds(4000))
      let start = simulation.startDate
      CMMotionActivityManager().queryActivityStarting(
        from: Date() - 3900, to: Date() - 3050, to: .main
      ) { activities, _ in
        starts.withLock { $0 = activities?.map { $0.startDate.timeIntervalSince(start) } }
      }
      await simulation.settle()
    }
    #expect(starts.withLock { $0 } == [0, 300, 900])
    #expect(
      wallClockActions(simulation) == [
        "CMMotionActivityManager.queryActivityStarting(from:to:to:withHandler:)"
      ])
  }

  /// With strict dates the pedometer's handler gets `CMErrorInvalidParameter` (107) with the
  /// rule's message, and the run's errors name the call; a virtual date still works.
  @Test func strictDatesRefuseThePedometersRealClockDates() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(
        #"""
        { "version": 1, "start": "2026-03-02T08:00:00Z",
          "health": { "generate": false, "days": 1,
            "samples": [ { "type": "stepCount", "source": "watch", "start": -3600, "end": -2400,
                           "value": 1200 } ] } }
        """#, fileName: "motion.json"), options: .strictDates)
    let errors = Mutex<[NSError?]>([])
    let steps = Mutex<Int?>(nil)
    await simulation.run {
      CMPedometer().queryPedometerData(from: Date() - 3300, to: Date()) { data, error in
        #expect(data == nil)
        errors.withLock { $0.append(error.map { $0 as NSError }) }
      }
      CMMotionActivityManager().queryActivityStarting(from: Date() - 60, to: Date(), to: .main) {
        _, error in errors.withLock { $0.append(error.map { $0 as NSError }) }
      }
      CMPedometer().queryPedometerData(
        from: simulation.now.addingTimeInterval(-4000), to: simulation.now
      ) { data, _ in steps.withLock { $0 = data?.numberOfSteps.intValue } }
      await simulation.settle()
    }
    let got = errors.withLock { $0 }
    #expect(got.map { $0?.domain } == [CMErrorDomain, CMErrorDomain])
    #expect(got.map { $0?.code } == [107, 107])
    #expect(
      got.first??.localizedDescription
        == "The date passed to CMPedometer.queryPedometerData(from:to:withHandler:) is the real wall clock (Date()), not the simulation's virtual time; pass simulation.now or a date derived from it: have the app's code read now from a clock the test sets to simulation.now (a now: () -> Date whose default is { Date() }, as Examples/FitnessTracker's AppClock) (strict dates)"
    )
    #expect(steps.withLock { $0 } == 1200)
    #expect(
      simulation.result.errors.map(\.action) == [
        "CMPedometer.queryPedometerData(from:to:withHandler:)",
        "CMMotionActivityManager.queryActivityStarting(from:to:to:withHandler:)",
      ])
    #expect(wallClockActions(simulation).isEmpty)
  }

  /// A smart alarm scheduled with `start(at: Date() + 3000)` at t = 0 starts at virtual 3000
  /// (running until 3000 + 1800 = 4800, will-expire 30 s before). With strict dates the session
  /// is invalid at once: reason `.error`, code `unknown` (1).
  @Test(arguments: [false, true])
  func aSmartAlarmAtARealClockDate(strict: Bool) async throws {
    let scenario = try Scenario(
      name: "watch", timeline: [],
      watch: WatchConfiguration(extendedRuntimeType: .smartAlarm, willExpireLeadTime: .seconds(30)))
    let simulation = try HealthKitSimulation(
      scenario: scenario, options: strict ? .strictDates : [])
    let recorder = RuntimeRecorder(simulation)
    try await simulation.run {
      let session = WKExtendedRuntimeSession()
      session.delegate = recorder
      session.start(at: Date().addingTimeInterval(3000))
      #expect(session.state == (strict ? .invalid : .scheduled))
      try await simulation.advance(to: simulation.startDate.addingTimeInterval(5000))
    }
    if strict {
      #expect(
        recorder.recorded.map(\.call) == [
          .invalidated(.error, code: 1, domain: "WKExtendedRuntimeSessionErrorDomain")
        ])
      #expect(recorder.recorded.map(\.at) == [0])
      #expect(simulation.result.errors.map(\.action) == ["WKExtendedRuntimeSession.start(at:)"])
    } else {
      #expect(recorder.recorded.first?.call == .didStart)
      #expect(recorder.recorded.map(\.at) == [3000, 4770, 4800])
      #expect(wallClockActions(simulation) == ["WKExtendedRuntimeSession.start(at:)"])
    }
  }

  /// A refresh request with `earliestBeginDate = Date() + 1200` at t = 0 (08:00) is 08:20 on
  /// virtual time: it launches at the next quarter hour, 08:30 (t = 1800). With strict dates
  /// `submit` throws (`unavailable`, the rule's message) and nothing is pending.
  @Test(arguments: [false, true])
  func aBackgroundRefreshAtARealClockDate(strict: Bool) async throws {
    let date = try #require(ISO8601DateFormatter().date(from: "2026-01-05T08:00:00Z"))
    var scenario = try Scenario(
      name: "phone",
      start: Scenario.WallClockDate(date: date, utcOffsetSeconds: 0, text: "2026-01-05T08:00:00Z"),
      timeZone: "UTC")
    scenario.phone = Scenario.Phone()
    let simulation = try HealthKitSimulation(
      scenario: scenario, options: strict ? .strictDates : [])
    let recorder = LaunchRecorder()
    try await simulation.run {
      BGTaskScheduler.shared.register(forTaskWithIdentifier: "refresh", using: nil) { task in
        recorder.record(simulation, task, handler: "first")
        task.setTaskCompleted(success: true)
      }
      let request = BGAppRefreshTaskRequest(identifier: "refresh")
      request.earliestBeginDate = Date() + 1200
      if strict {
        #expect {
          try BGTaskScheduler.shared.submit(request)
        } throws: { error in
          (error as? BGTaskScheduler.Error)?.code == .unavailable
            && error.localizedDescription
              == "The date passed to BGTaskRequest.earliestBeginDate is the real wall clock (Date()), not the simulation's virtual time; pass simulation.now or a date derived from it: have the app's code read now from a clock the test sets to simulation.now (a now: () -> Date whose default is { Date() }, as Examples/FitnessTracker's AppClock) (strict dates)"
        }
        #expect(await BGTaskScheduler.shared.pendingTaskRequests().isEmpty)
      } else {
        try BGTaskScheduler.shared.submit(request)
      }
      try await simulation.advance(by: .seconds(3600))
    }
    #expect(recorder.launchSeconds == (strict ? [] : [1800]))
    if !strict {
      let submitted = try #require(systemLog(simulation, .backgroundTasks).first)
      #expect(
        submitted.details["earliestBeginDate"]
          == SystemEvent.Value.instant(SimulationInstant.seconds(1200)))
      #expect(wallClockActions(simulation) == ["BGTaskRequest.earliestBeginDate"])
    }
  }

  /// With strict dates `try? submit(request)` swallows the refusal, which is still the run's
  /// `strictDate` report (the trait's and `simulate`'s issue). With Background App Refresh off
  /// the submit fails for that first, as on a device: the date is not read, so nothing is
  /// refused.
  @Test func aSwallowedStrictSubmitIsReportedAndRefreshOffComesFirst() async throws {
    let date = try #require(ISO8601DateFormatter().date(from: "2026-01-05T08:00:00Z"))
    var scenario = try Scenario(
      name: "phone",
      start: Scenario.WallClockDate(date: date, utcOffsetSeconds: 0, text: "2026-01-05T08:00:00Z"),
      timeZone: "UTC")
    scenario.phone = Scenario.Phone()
    let message =
      "The date passed to BGTaskRequest.earliestBeginDate is the real wall clock (Date()), not the simulation's virtual time; pass simulation.now or a date derived from it: have the app's code read now from a clock the test sets to simulation.now (a now: () -> Date whose default is { Date() }, as Examples/FitnessTracker's AppClock) (strict dates)"
    let simulation = try HealthKitSimulation(scenario: scenario, options: .strictDates)
    await simulation.run {
      let request = BGAppRefreshTaskRequest(identifier: "refresh")
      request.earliestBeginDate = Date() + 1200
      try? BGTaskScheduler.shared.submit(request)
    }
    #expect(simulation.reports.map(\.kind) == [.strictDate])
    #expect(
      simulation.reports.map(\.description) == [
        "BackgroundTasks: BGTaskRequest.earliestBeginDate at t = 0 s: " + message
      ])

    var off = Scenario.Phone()
    off.backgroundAppRefresh = false
    scenario.phone = off
    let refreshOff = try HealthKitSimulation(scenario: scenario, options: .strictDates)
    await refreshOff.run {
      let request = BGAppRefreshTaskRequest(identifier: "refresh")
      request.earliestBeginDate = Date() + 1200
      #expect {
        try BGTaskScheduler.shared.submit(request)
      } throws: { error in
        (error as? BGTaskScheduler.Error)?.code == .unavailable
          && error.localizedDescription
            == "Background App Refresh is off for the app (phone.backgroundAppRefresh)"
      }
    }
    #expect(refreshOff.reports.isEmpty)
    #expect(refreshOff.result.errors.isEmpty)
  }

  /// A provider that dates its timeline with the real clock: entries at `Date()` and
  /// `Date() + 600`, reload `.after(Date() + 1800)`. Installed at t = 0, the timeline is on
  /// virtual time: the second entry shows from 600, and the widget reloads at 1800 (and 3600).
  @Test func aTimelineDatedWithTheRealClock() async throws {
    let simulation = try phoneSimulation()
    let provider = RealClockProvider()
    try await simulation.run {
      await simulation.installWidget(
        kind: "Steps", family: WidgetFamily.systemSmall, provider: provider)
      let start = simulation.startDate
      func shown(at seconds: TimeInterval) -> Int? {
        simulation.widgetShown(
          kind: "Steps", family: WidgetFamily.systemSmall, at: start.addingTimeInterval(seconds),
          as: CountEntry.self)?.entry.value
      }
      #expect(shown(at: 599) == 100)
      #expect(shown(at: 600) == 101)
      try await simulation.advance(by: .seconds(4000))
    }
    let status = try #require(
      simulation.widgetStatus(kind: "Steps", family: WidgetFamily.systemSmall))
    #expect(
      status.reloads.map { $0.date.timeIntervalSince(simulation.startDate) } == [0, 1800, 3600])
    #expect(
      wallClockActions(simulation) == Array(repeating: "Timeline(entries:policy:)", count: 3))
  }
}

extension WallClockFrameworksTests {
  /// A Smart Stack clue dated with the real clock at t = 0, `.date(range: Date() + 1000 ...
  /// Date() + 2000)`, is relevant from virtual 1000 s through 2000 s: suggested at 1000 s,
  /// unsuggested just after 2000 s (the closed end is still relevant), with one
  /// `wallClockDate` entry naming `RelevantContext.date`.
  @Test func aRelevanceClueDatedWithTheRealClock() async throws {
    let simulation = try phoneSimulation()
    try await simulation.run {
      await simulation.registerRelevanceWidget(
        kind: "Match",
        provider: CluesProvider(contexts: [
          .date(range: (Date() + 1000)...(Date() + 2000), kind: .default)
        ]))
      try await simulation.advance(by: .seconds(999))
      #expect(simulation.suggestedWidgets.isEmpty)
      try await simulation.advance(by: .seconds(1))
      #expect(simulation.suggestedWidgets.map(\.attribute) == [0])
      try await simulation.advance(by: .seconds(1000))
      #expect(simulation.suggestedWidgets.map(\.attribute) == [0])
      try await simulation.advance(by: .seconds(1))
      #expect(simulation.suggestedWidgets.isEmpty)
    }
    let events = systemLog(simulation, .widgetKit).filter {
      $0.event == "suggested" || $0.event == "unsuggested"
    }
    #expect(events.map(\.event) == ["suggested", "unsuggested"])
    #expect(events.map { $0.at.rounded() } == [1000, 2000])
    #expect(wallClockActions(simulation) == ["RelevantContext.date"])
  }
}

/// A timeline provider dated with the real clock, as widget code is written: entries at
/// `Date()` and `Date() + 600` (values 100 × the call's number + the index), reload
/// `.after(Date() + 1800)`.
final class RealClockProvider: TimelineProvider, @unchecked Sendable {
  let calls = Mutex(0)

  func placeholder(in context: Context) -> CountEntry { CountEntry(date: .distantPast, value: -1) }

  func getSnapshot(in context: Context, completion: @escaping @Sendable (CountEntry) -> Void) {
    completion(CountEntry(date: Date(), value: 0))
  }

  func getTimeline(
    in context: Context, completion: @escaping @Sendable (Timeline<CountEntry>) -> Void
  ) {
    let call = calls.withLock {
      $0 += 1
      return $0
    }
    let entries = [
      CountEntry(date: Date(), value: call * 100),
      CountEntry(date: Date() + 600, value: call * 100 + 1),
    ]
    completion(Timeline(entries: entries, policy: .after(Date() + 1800)))
  }
}

extension WallClockFrameworksTests {
  /// With strict dates each framework's refusal is in the run's `errors` with the error the app
  /// got (docs/run-result.md#errors), not HealthKit's: Core Motion's `CMErrorInvalidParameter`
  /// (107), an extended runtime session invalid with `unknown`, a submit that threw
  /// `unavailable`; a widget's timeline, which has no error path, under this package's
  /// `WorkoutSimDatesDomain`. The call is typed: its framework and name.
  @Test func strictRefusalsAreRecordedWithTheErrorTheAppGot() async throws {
    var scenario = try Scenario(
      name: "watch", timeline: [],
      watch: WatchConfiguration(extendedRuntimeType: .smartAlarm, willExpireLeadTime: .seconds(30)))
    scenario.phone = Scenario.Phone()
    let simulation = try HealthKitSimulation(scenario: scenario, options: .strictDates)
    await simulation.run {
      CMPedometer().queryPedometerData(from: Date() - 3300, to: Date()) { _, _ in }
      let session = WKExtendedRuntimeSession()
      session.start(at: Date().addingTimeInterval(3000))
      await simulation.on(.phone) {
        let request = BGAppRefreshTaskRequest(identifier: "refresh")
        request.earliestBeginDate = Date() + 1200
        try? BGTaskScheduler.shared.submit(request)
      }
      await simulation.installWidget(
        kind: "Steps", family: WidgetFamily.systemSmall, provider: RealClockProvider())
      await simulation.settle()
      withExtendedLifetime(session) {}
    }
    let errors = simulation.result.errors
    #expect(
      errors.map(\.call) == [
        .appDate(AppDateCall(.coreMotion, "CMPedometer.queryPedometerData(from:to:withHandler:)")),
        .appDate(AppDateCall(.watchKit, "WKExtendedRuntimeSession.start(at:)")),
        .appDate(AppDateCall(.backgroundTasks, "BGTaskRequest.earliestBeginDate")),
        .appDate(AppDateCall(.widgetKit, "Timeline(entries:policy:)")),
      ])
    #expect(
      errors.map(\.domain) == [
        "CMErrorDomain", "WKExtendedRuntimeSessionErrorDomain", "BGTaskSchedulerErrorDomain",
        "WorkoutSimDatesDomain",
      ])
    #expect(errors.map(\.code) == ["invalidParameter", "unknown", "unavailable", "wallClockDate"])
    #expect(
      simulation.reports.map(\.framework) == [
        "CoreMotion", "WatchKit", "BackgroundTasks", "WidgetKit",
      ])
  }
}
