import Testing

@testable import WorkoutCore

/// Running; heart rate every 10 s with lock-on 15 s and a dropout [30 s, 40 s); active energy
/// every 60 s; every other type off.
func samplingSchedule() -> (QuantityType) -> SampleSchedule {
  { type in
    switch type {
    case .heartRate:
      SampleSchedule(interval: .seconds(10), lockOn: .seconds(15), dropouts: [t(30)..<t(40)])
    case .activeEnergyBurned: SampleSchedule(interval: .seconds(60))
    default: SampleSchedule(enabled: false, interval: .seconds(10))
    }
  }
}

func heartRate(at seconds: Int64) -> SampleProductionStateMachine.Step {
  .sample(
    SampleRequest(
      type: .heartRate, slot: QuantityType.heartRate.slot, cumulative: false, start: ns(seconds),
      end: ns(seconds)))
}

func activeEnergy(from start: Int64, to end: Int64) -> SampleProductionStateMachine.Step {
  .sample(
    SampleRequest(
      type: .activeEnergyBurned, slot: QuantityType.activeEnergyBurned.slot, cumulative: true,
      start: ns(start), end: ns(end)))
}

/// The states of the sample production matrix: idle, or collecting session 0 from 0.
enum SamplerState: CaseIterable, Sendable, CustomStringConvertible {
  case idle, collecting

  var description: String { self == .idle ? "idle" : "collecting" }
}

/// The events of the matrix, all at 20 s (after the heart rate at 0 and 10 was handed out while
/// collecting).
enum SamplerEvent: CaseIterable, Sendable, CustomStringConvertible {
  case open, next, close

  var description: String {
    switch self {
    case .open: "open"
    case .next: "next"
    case .close: "close"
    }
  }
}

@Suite struct SampleProductionStateMachineTests {
  /// Row by row: the session collecting after the event, and what the event hands out. Opening
  /// session 1 at 20 s: its heart rate is due at once. `next` at 20 s: the heart rate at 20
  /// (past lock-on, 0 + 15 s). Closing at 20 s: the heart rate at 20 and the energy span
  /// [0, 20).
  @Test(arguments: SamplerState.allCases, SamplerEvent.allCases)
  func transitionMatrix(from state: SamplerState, event: SamplerEvent) {
    var machine = SampleProductionStateMachine()
    let schedule = samplingSchedule()
    if state == .collecting {
      machine.open(
        session: 0, activity: .running, at: 0, collectionStart: 0, schedule: schedule)
      for deadline in [0, ns(10)] {
        while machine.next(dueAt: deadline) != .done {}
      }
    }
    switch (state, event) {
    case (_, .open):
      machine.open(
        session: 1, activity: .running, at: ns(20), collectionStart: 0,
        schedule: schedule)
      #expect(machine.interval?.session == 1)
      #expect(machine.due(through: .max) == ns(20))
    case (.idle, .next):
      #expect(machine.next(dueAt: ns(20)) == .done)
      #expect(machine.interval == nil)
    case (.collecting, .next):
      #expect(machine.next(dueAt: ns(20)) == heartRate(at: 20))
      #expect(machine.next(dueAt: ns(20)) == .done)
      #expect(machine.interval?.session == 0)
    case (.idle, .close):
      #expect(machine.close(at: ns(20)) == nil)
    case (.collecting, .close):
      let closed = machine.close(at: ns(20))
      #expect(closed?.0.session == 0)
      #expect(
        closed?.1.map(SampleProductionStateMachine.Step.sample) == [
          heartRate(at: 20), activeEnergy(from: 0, to: 20),
        ])
      #expect(machine.interval == nil)
    }
  }

  /// Idle: nothing due, nothing to close.
  @Test func idleHasNothing() {
    var machine = SampleProductionStateMachine()
    #expect(machine.interval == nil)
    #expect(machine.due(through: .max) == nil)
    #expect(machine.next(dueAt: 0) == .done)
    #expect(machine.close(at: ns(10)) == nil)
  }

  /// Collecting from 0: heart rate at 0 and 10 is before lock-on (0 + 15 s), 20 is delivered, 30
  /// lies in the dropout, 40 and 50 are delivered; at 60 the energy span [0, 60) comes first (it
  /// was scheduled at the start, the heart rate at 60 only when 50 was handed out), then the
  /// heart rate at 60. Closing at 75 cuts the energy span [60, 75); the heart rate's next grid
  /// point, 70 + 10 = 80, is past it.
  @Test func gridLockOnDropoutsAndTheLastBatch() throws {
    var machine = SampleProductionStateMachine()
    machine.open(
      session: 0, activity: .running, at: 0, collectionStart: 0,
      schedule: samplingSchedule())
    #expect(machine.interval == .init(session: 0, activity: .running))
    var steps: [(Int64, SampleProductionStateMachine.Step)] = []
    while let deadline = machine.due(through: ns(70)) {
      while true {
        let step = machine.next(dueAt: deadline)
        if step == .done { break }
        steps.append((deadline / 1_000_000_000, step))
      }
    }
    let expected: [(Int64, SampleProductionStateMachine.Step)] = [
      (0, .suppressed), (10, .suppressed), (20, heartRate(at: 20)), (30, .suppressed),
      (40, heartRate(at: 40)), (50, heartRate(at: 50)), (60, activeEnergy(from: 0, to: 60)),
      (60, heartRate(at: 60)), (70, heartRate(at: 70)),
    ]
    #expect(steps.map(\.0) == expected.map(\.0))
    #expect(steps.map(\.1) == expected.map(\.1))
    let closed = machine.close(at: ns(75))
    let (interval, last) = try #require(closed)
    #expect(interval.session == 0)
    #expect(
      last.map(SampleProductionStateMachine.Step.sample) == [activeEnergy(from: 60, to: 75)])
    #expect(machine.interval == nil)
    #expect(machine.due(through: .max) == nil)
  }

  /// A discrete grid point at the close instant is the interval's last sample; a cumulative
  /// span that has not begun (grid == end) is not.
  @Test func closingOnAGridPoint() throws {
    var machine = SampleProductionStateMachine()
    machine.open(
      session: 2, activity: .running, at: ns(100), collectionStart: 0,
      schedule: samplingSchedule())
    while let deadline = machine.due(through: ns(110)) {
      while machine.next(dueAt: deadline) != .done {}
    }
    // Heart rate handed out at 100 and 110, next at 120; energy pending from 100.
    let closed = machine.close(at: ns(120))
    let (_, last) = try #require(closed)
    #expect(
      last.map(SampleProductionStateMachine.Step.sample) == [
        heartRate(at: 120), activeEnergy(from: 100, to: 120),
      ])
  }

  /// What a pump through an instant will take, for reserving storage: from the open at 0 with
  /// ``samplingSchedule()`` (heart rate every 10 s, lock-on to 15 s, dropout [30 s, 40 s);
  /// energy every 60 s). Through 100 s: the heart rate's grid points 0, 10, …, 100 are 11, less 0
  /// and 10 (lock-on) and 30 (dropout): 8; the energy spans [p, p + 60) ending by 100 s: [0, 60)
  /// only, 1. Through 59 s: 20, 40, 50: 3, and no span ends: 0. After the heart rate at 0, 10 and
  /// 20 is handed out (its grid at 30), through 100 s: 30, …, 100 are 8, less 30: 7; energy still
  /// 1. Through the largest instant both counts stop at the cap, 5.
  @Test func expectedSamplesCountGridPointsPastLockOnAndOutsideDropouts() {
    var machine = SampleProductionStateMachine()
    machine.open(
      session: 0, activity: .running, at: 0, collectionStart: 0,
      schedule: samplingSchedule())
    func counts(through limit: Int64, cap: Int = 1000) -> [QuantityType: Int] {
      var counts: [QuantityType: Int] = [:]
      for position in 0..<machine.streamCount {
        let (slot, count) = machine.expectedSamples(ofStream: position, through: limit, cap: cap)
        counts[QuantityType.allCases[slot]] = count
      }
      return counts
    }
    #expect(counts(through: ns(100)) == [.heartRate: 8, .activeEnergyBurned: 1])
    #expect(counts(through: ns(59)) == [.heartRate: 3, .activeEnergyBurned: 0])
    while let deadline = machine.due(through: ns(20)) {
      while machine.next(dueAt: deadline) != .done {}
    }
    #expect(counts(through: ns(100)) == [.heartRate: 7, .activeEnergyBurned: 1])
    #expect(counts(through: .max, cap: 5) == [.heartRate: 5, .activeEnergyBurned: 5])
  }

  /// Opening while collecting starts a new interval on its own grid.
  @Test func reopeningStartsANewGrid() {
    var machine = SampleProductionStateMachine()
    let schedule = samplingSchedule()
    machine.open(
      session: 0, activity: .running, at: 0, collectionStart: 0, schedule: schedule)
    machine.open(
      session: 1, activity: .running, at: ns(205), collectionStart: 0,
      schedule: schedule)
    #expect(machine.interval?.session == 1)
    // Lock-on (0 + 15 s) has long passed: heart rate at 205 at once.
    #expect(machine.due(through: .max) == ns(205))
    #expect(machine.next(dueAt: ns(205)) == heartRate(at: 205))
    #expect(machine.next(dueAt: ns(205)) == .done)
    // Next the heart rate at 205 + 10 = 215; the energy span [205, 265) only at 265.
    #expect(machine.due(through: ns(264)) == ns(215))
  }

  /// The queue's order at one instant is the order the streams were last scheduled, not their
  /// positions. Running with heart rate every 5 s, active energy (cumulative) every 10 s, speed
  /// every 10 s and power every 30 s (every other type off), opened at 0; positions: heart rate,
  /// energy, speed, power (the running order of ``WorkoutActivityType/collectedTypes``).
  /// Scheduled at the open: heart rate due 0 (1st), energy 10 (2nd), speed 0 (3rd), power 0
  /// (4th). At 0: heart rate, speed, power; re-queued heart rate 5, speed 10, power 30. At 5:
  /// heart rate, next 10, after speed. At 10: energy [0, 10) (scheduled at the open), speed
  /// (at 0), heart rate (at 5). At 20 the same. At 30: power (scheduled at 0), energy [20, 30)
  /// and speed (at 20), heart rate (at 25). By position the heart rate would come first at 10,
  /// 20 and 30.
  @Test func anInstantsStreamsComeInTheOrderTheyWereScheduled() {
    var machine = SampleProductionStateMachine()
    machine.open(session: 0, activity: .running, at: 0, collectionStart: 0) { type in
      switch type {
      case .heartRate: SampleSchedule(interval: .seconds(5))
      case .activeEnergyBurned, .runningSpeed: SampleSchedule(interval: .seconds(10))
      case .runningPower: SampleSchedule(interval: .seconds(30))
      default: SampleSchedule(enabled: false, interval: .seconds(10))
      }
    }
    var handedOut: [Int64: [QuantityType]] = [:]
    while let deadline = machine.due(through: ns(30)) {
      while case .sample(let request) = machine.next(dueAt: deadline) {
        handedOut[deadline / 1_000_000_000, default: []].append(request.type)
      }
    }
    #expect(handedOut[0] == [.heartRate, .runningSpeed, .runningPower])
    #expect(handedOut[5] == [.heartRate])
    #expect(handedOut[10] == [.activeEnergyBurned, .runningSpeed, .heartRate])
    #expect(handedOut[20] == [.activeEnergyBurned, .runningSpeed, .heartRate])
    #expect(handedOut[30] == [.runningPower, .activeEnergyBurned, .runningSpeed, .heartRate])
  }

  /// The heap hands out the streams in the order of the sorted list it replaced (the reference
  /// below: a stream handed out moves back past every stream due at or before its next instant),
  /// over 200 drawn schedules of the ten running types (intervals 1 to 40 s, collection opened
  /// at 0 to 9 s), each through 600 s.
  @Test func theHeapKeepsTheSortedListsOrder() {
    var generator = SplitMix64(seed: 27)
    let types = WorkoutActivityType.running.collectedTypes
    for _ in 0..<200 {
      var intervals: [QuantityType: Int64] = [:]
      for type in types where Bool.random(using: &generator) || type == .heartRate {
        intervals[type] = Int64.random(in: 1...40, using: &generator)
      }
      let start = ns(Int64.random(in: 0...9, using: &generator))
      var machine = SampleProductionStateMachine()
      machine.open(session: 0, activity: .running, at: start, collectionStart: start) { type in
        intervals[type].map { SampleSchedule(interval: .seconds($0)) }
          ?? SampleSchedule(enabled: false, interval: .seconds(1))
      }
      var actual: [(Int64, QuantityType)] = []
      while let deadline = machine.due(through: ns(600)) {
        while case .sample(let request) = machine.next(dueAt: deadline) {
          actual.append((deadline, request.type))
        }
      }
      // The reference: a list sorted by due instant, a stream inserted after every stream due
      // at or before it.
      var list: [(due: Int64, type: QuantityType)] = []
      func schedule(_ type: QuantityType, due: Int64) {
        var index = list.count
        while index > 0, list[index - 1].due > due { index -= 1 }
        list.insert((due, type), at: index)
      }
      for type in types {
        guard let interval = intervals[type] else { continue }
        schedule(type, due: type.isCumulative ? start + ns(interval) : start)
      }
      var expected: [(Int64, QuantityType)] = []
      while let first = list.first, first.due <= ns(600) {
        list.removeFirst()
        expected.append((first.due, first.type))
        schedule(first.type, due: first.due + ns(intervals[first.type]!))
      }
      #expect(actual.map(\.0) == expected.map(\.0))
      #expect(actual.map(\.1) == expected.map(\.1))
    }
  }
}
