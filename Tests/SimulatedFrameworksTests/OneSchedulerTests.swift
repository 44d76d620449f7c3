import Foundation
import Synchronization
import Testing
import WorkoutCore
import WorkoutHealth
import WorkoutScenario
import WorkoutSimulation
import WorkoutSystem

@testable import SimulatedHealthKit

/// One scheduler (docs/architecture.md, "One agenda"): the workout (its timeline and engine), a
/// system timer and a health store listener register their deadline in the world's queue when
/// they change and after it was served; `advance` never asks them at the steps in between.
@Suite struct OneSchedulerTests {
  /// How many times something was asked.
  final class Count: Sendable {
    let value = Mutex(0)
    func add() { value.withLock { $0 += 1 } }
    var total: Int { value.withLock { $0 } }
  }

  /// A timer due every 10 s: it makes `advance` stop 180 times in 30 minutes.
  struct EveryTenSeconds: SystemTimer {
    func nextDue(after now: SimulationInstant, state: AppSimulation.State) -> SimulationInstant? {
      SimulationInstant(nanoseconds: (now.nanoseconds / 10_000_000_000 + 1) * 10_000_000_000)
    }
    func fire(at now: SimulationInstant, state: inout AppSimulation.State)
      -> [AppSimulation.Callback]
    { [] }
  }

  /// A framework's state: the instants its timer has something due.
  struct Deadlines: SimulationExtension {
    var due: [SimulationInstant] = []
    init(simulation: AppSimulation) {}
  }

  /// The timer of ``Deadlines``: counts the times it is asked, logs a `tick` when it fires.
  struct CountingTimer: SystemTimer {
    let simulation: AppSimulation
    let asked: Count

    func nextDue(after now: SimulationInstant, state: AppSimulation.State) -> SimulationInstant? {
      asked.add()
      return state.extensionState(Deadlines.self)?.due.first { $0 > now }
    }

    func fire(at now: SimulationInstant, state: inout AppSimulation.State)
      -> [AppSimulation.Callback]
    {
      state.withExtension(Deadlines.self, of: simulation) { deadlines, state in
        deadlines.due.removeAll { $0 <= now }
        state.log(SystemEvent(framework: .network, event: "tick", identifier: "counting"))
      }
      return []
    }
  }

  /// Stops 180 times (every 10 s) in 30 minutes; the counting timer is asked when it is added
  /// (with its state set: due at 600 s and 1200 s), then once after each of its two deadlines
  /// is served (1200 s, then none): 3 times, and fires at 600 s and 1200 s. (Asked at every
  /// stop, it would be asked at least 180 times.)
  @Test func aTimerIsAskedWhenItChangesNotAtEveryStep() async throws {
    let simulation = try AppSimulation(scenario: Scenario(name: "one scheduler"))
    let asked = Count()
    simulation.addSystemTimer(key: ObjectIdentifier(EveryTenSeconds.self), EveryTenSeconds())
    simulation.mutate { state in
      state.withExtension(Deadlines.self, of: simulation) { deadlines, _ in
        deadlines.due = [.seconds(600), .seconds(1200)]
      }
    }
    simulation.addSystemTimer(
      key: ObjectIdentifier(Deadlines.self), CountingTimer(simulation: simulation, asked: asked))
    try await simulation.advance(by: .seconds(1800))
    let ticks = simulation.result.log.compactMap { entry -> Double? in
      if case .system(let event) = entry.kind, event.event == "tick" { return entry.at.seconds }
      return nil
    }
    #expect(ticks == [600, 1200])
    #expect(asked.total == 3)
    // The workout (no timeline, no session: nothing due) registers its entries when the
    // advance begins (it reserves the engine's storage, an engine call), then after each tick
    // (the tick's log entry is written through the engine): 1 + 2 = 3. Asked at every stop,
    // it would be asked at least 180 times.
    #expect(simulation.state.withLock { $0.session.dueAsks } == 3)
  }

  /// The timeline registers its next action when it changes: with a stop every 10 s for 30
  /// minutes and one `probe` at 600 s, the workout is asked when the advance begins (its
  /// storage reserved: an engine call; the probe at 600 s is the first due) and once after the
  /// probe at 600 s was served (none left): 2 times, and the probe is taken at 600 s, after
  /// the 59 stops before it. (Asked at every stop, 180 times: once before each stop.)
  @Test func theTimelineIsAskedWhenItChangesNotAtEveryStep() async throws {
    var scenario = try Scenario(name: "one scheduler")
    scenario.timeline = [Scenario.Action(at: .seconds(600), kind: .probe, location: "timeline[0]")]
    let simulation = try AppSimulation(scenario: scenario)
    simulation.addSystemTimer(key: ObjectIdentifier(EveryTenSeconds.self), EveryTenSeconds())
    try await simulation.advance(by: .seconds(1800))
    #expect(simulation.result.probes.map(\.at.seconds) == [600])
    #expect(simulation.state.withLock { $0.session.dueAsks } == 2)
  }

  /// A state change between steps registers the timer's deadline again: a deadline added at
  /// 900 s for 1000 s fires there.
  @Test func aStateChangeRegistersTheDeadlineAgain() async throws {
    let simulation = try AppSimulation(scenario: Scenario(name: "one scheduler"))
    let asked = Count()
    simulation.addSystemTimer(
      key: ObjectIdentifier(Deadlines.self), CountingTimer(simulation: simulation, asked: asked))
    try await simulation.advance(by: .seconds(900))
    simulation.mutate { state in
      state.withExtension(Deadlines.self, of: simulation) { deadlines, _ in
        deadlines.due = [.seconds(1000)]
      }
    }
    try await simulation.advance(by: .seconds(900))
    let ticks = simulation.result.log.compactMap { entry -> Double? in
      if case .system(let event) = entry.kind, event.event == "tick" { return entry.at.seconds }
      return nil
    }
    #expect(ticks == [1000])
  }

  /// A listener with a timer of its own at 600 s and no listened types.
  final class Listener: HealthQueryListener {
    let asked = Count()
    let woken = Count()
    var listenedTypes: Set<HealthDataType> { [] }
    var isFinished: Bool { false }
    func nextDue(after now: SimulationInstant) -> SimulationInstant? {
      asked.add()
      return now < .seconds(600) ? .seconds(600) : nil
    }
    func wake(at now: SimulationInstant, state: inout AppSimulation.State)
      -> [AppSimulation.Callback]
    {
      woken.add()
      return []
    }
  }

  /// Stops 180 times in 30 minutes; the listener is asked when it is registered (600 s), when
  /// its deadline is served (the wake's own check, from 590 s) and once after the wake (none
  /// left): 3 times, and woken once, at 600 s.
  @Test func aListenerIsAskedWhenItChangesNotAtEveryStep() async throws {
    let simulation = try AppSimulation(scenario: Scenario(name: "one scheduler"))
    simulation.addSystemTimer(key: ObjectIdentifier(EveryTenSeconds.self), EveryTenSeconds())
    let listener = Listener()
    simulation.state.withLock { $0.healthListeners.append(listener) }
    try await simulation.advance(by: .seconds(1800))
    #expect(listener.woken.total == 1)
    #expect(listener.asked.total == 3)
  }

  /// What was served, in order.
  final class Order: Sendable {
    let names = Mutex<[String]>([])
    func add(_ name: String) { names.withLock { $0.append(name) } }
    var all: [String] { names.withLock { $0 } }
  }

  /// A listener with a timer of its own at 600 s that records its wakes in `order`.
  final class NamedListener: HealthQueryListener {
    let name: String
    let order: Order
    init(_ name: String, order: Order) {
      self.name = name
      self.order = order
    }
    var listenedTypes: Set<HealthDataType> { [] }
    var isFinished: Bool { false }
    func nextDue(after now: SimulationInstant) -> SimulationInstant? {
      now < .seconds(600) ? .seconds(600) : nil
    }
    func wake(at now: SimulationInstant, state: inout AppSimulation.State)
      -> [AppSimulation.Callback]
    {
      order.add("\(name) at \(now.seconds)")
      return []
    }
  }

  /// A system timer due at 600 s only, that records its firing in `order`.
  struct NamedTimer: SystemTimer {
    let order: Order
    func nextDue(after now: SimulationInstant, state: AppSimulation.State) -> SimulationInstant? {
      now < .seconds(600) ? .seconds(600) : nil
    }
    func fire(at now: SimulationInstant, state: inout AppSimulation.State)
      -> [AppSimulation.Callback]
    {
      order.add("timer at \(now.seconds)")
      return []
    }
  }

  /// Two kinds' entries at one instant go in `DueWork` order, whatever order they registered
  /// in: a system timer added first and two health store listeners added after it, all due at
  /// 600 s, are served store first (its members in the listeners' order, A then B), then the
  /// timer; each once.
  @Test func twoKindsAtOneInstantAreServedInTheAgendasOrder() async throws {
    let simulation = try AppSimulation(scenario: Scenario(name: "one scheduler"))
    let order = Order()
    simulation.addSystemTimer(key: ObjectIdentifier(NamedTimer.self), NamedTimer(order: order))
    simulation.state.withLock {
      $0.healthListeners.append(NamedListener("A", order: order))
      $0.healthListeners.append(NamedListener("B", order: order))
    }
    try await simulation.advance(by: .seconds(1800))
    #expect(order.all == ["A at 600.0", "B at 600.0", "timer at 600.0"])
  }
}
