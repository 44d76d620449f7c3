import Foundation
import SimulatedHealthKit
import SimulatedRelevanceKit
import WorkoutCore
import WorkoutSystem

/// One card of the watch's Smart Stack: a widget the simulation suggests now because one of its
/// relevance clues matches the world (docs/swift-api.md#relevance).
public struct SuggestedWidget: Sendable, Equatable {
  /// The widget's kind.
  public let kind: String
  /// The index, in the provider's `relevance()` order, of the attribute whose clue matched: a
  /// relevance widget (`RelevanceEntriesProvider`) has a card for each relevant attribute, a
  /// timeline widget one card, for its first relevant attribute.
  public let attribute: Int
  /// The clue that matched.
  public let context: RelevantContext
  /// Since when the card has been in the stack, as the run's log has it (`suggested`); virtual
  /// now for a card the log has not recorded yet.
  public let since: Date
}

extension HealthKitSimulation {
  /// The widgets the watch's Smart Stack suggests now (virtual now), in its order: every
  /// registered watch widget with a relevance clue that matches the world now
  /// (docs/swift-api.md#relevance). A date clue matches inside its span, `.workoutActive` while
  /// a watch workout session is running or paused, `.activityRingsIncomplete` from 18:00 local
  /// time until midnight while a ring of the day is below its goal, `.sleep(.bedtime)` in the
  /// hour before the health store's last night began (local time of day) and `.sleep(.wakeup)`
  /// in the hour from its end; headphones and inferred-location clues never match.
  /// Cards are listed in registration order, then the provider's attribute order, with date
  /// clues of kind `scheduled` before the rest and `informational` after.
  ///
  /// A reading: it changes nothing. The run's log records the stack's changes as the simulation
  /// makes them (`suggested`, `unsuggested`).
  public var suggestedWidgets: [SuggestedWidget] {
    state.withLock { state in
      guard let stack = state.extensionState(SmartStackState.self) else { return [] }
      // The rings count a live workout's energy samples as they are collected.
      if stack.needsRings { state.bringLiveSamplesIn() }
      let rings = stack.needsRings && ringsEvening(state)
      let night = stack.needsSleep ? lastNight(state) : nil
      return stack.relevant(simulation: self, state: state, rings: rings, night: night).map {
        card in
        let since = stack.cards.first { $0.key == card.key }?.since ?? state.session.now
        return SuggestedWidget(
          kind: card.key.kind, attribute: card.key.attribute, context: card.context,
          since: date(of: since))
      }
    }
  }

  /// The entry a relevance widget's card shows: what its provider's
  /// `entry(configuration:context:)` returned when the card came into the stack, or `nil`
  /// before it answered, after it threw, when the card is not in the stack, or when the entry
  /// is not of type `Entry`.
  public func suggestedEntry<Entry: RelevanceEntry>(
    kind: String, attribute: Int = 0, as type: Entry.Type = Entry.self
  ) -> Entry? {
    state.withLock { state in
      state.extensionState(SmartStackState.self)?.entries[
        SmartStackState.CardKey(kind: kind, attribute: attribute)] as? Entry
    }
  }

  /// Registers the watch app's relevance widget of `kind`: what
  /// `RelevanceConfiguration(kind:provider:content:)` does on the watch (SwiftUI is not on
  /// Linux; docs/swift-api.md#relevance). Asks the provider's `relevance()` now and logs
  /// `relevanceLoaded`; registering a kind again replaces it. The card of each relevant
  /// attribute enters the Smart Stack as the world matches its clue, and the provider's
  /// `entry(configuration:context:)` is asked for it then.
  nonisolated(nonsending) public func registerRelevanceWidget<
    Provider: RelevanceEntriesProvider
  >(kind: String, provider: Provider) async {
    var registered = SmartStackState.Kind(kind: kind, provider: provider)
    registered.answer = await registered.ask.call()
    register(registered)
    await deliver()
    // A control, not an app call: it waits for the providers' answers too.
    await waitForHolds()
  }

  // MARK: - Internals

  /// Whether it is the evening of the rings rule (18:00 local time or later) and a ring of the
  /// day is below its goal.
  func ringsEvening(_ state: State) -> Bool {
    let now = state.session.now
    let hour = phoneCalendar(at: now).component(.hour, from: date(of: now))
    return hour >= SmartStackState.ringsHour && ringsIncomplete(state)
  }

  /// Adds or replaces a kind's relevance and updates the stack.
  func register(_ kind: SmartStackState.Kind) {
    let callbacks = mutate { state in
      state.withExtension(SmartStackState.self, of: self) { stack, state in
        stack.set(kind, simulation: self, state: &state)
        return stack.update(simulation: self, state: &state)
      }
    }
    addSystemTimer(key: ObjectIdentifier(SmartStackState.self), SmartStackTimer(simulation: self))
    // Inside `registerWidget`, an async call reported after the run as it begins.
    enqueue(callbacks, owedBy: nil)
  }

  /// A watch widget provider's `relevance()`, asked at registration (`registerWidget` inside
  /// `on(.watch)`).
  nonisolated(nonsending) func registerTimelineRelevance<Provider: TimelineProvider>(
    kind: String, provider: Provider
  ) async {
    var registered = SmartStackState.Kind(kind: kind, provider: provider)
    registered.answer = await registered.ask.call()
    register(registered)
  }

  /// A watch App Intents widget provider's `relevance()`, asked at registration
  /// (`registerWidget` inside `on(.watch)`).
  nonisolated(nonsending) func registerIntentRelevance<Provider: AppIntentTimelineProvider>(
    kind: String, provider: Provider
  ) async {
    var registered = SmartStackState.Kind(kind: kind, intentProvider: provider)
    registered.answer = await registered.ask.call()
    register(registered)
  }

  /// `WidgetCenter.invalidateRelevance(ofKind:)` by `device`'s app: the watch asks the kind's
  /// provider again, now, in a task on the simulation's lane (a hold keeps virtual time until
  /// it answers). Logs `relevanceInvalidated`; on the phone nothing more (RelevanceKit acts on
  /// watchOS only), nor for a kind with no registered provider. Made after the run, `call` is
  /// reported once, when the task is started (the task's own deliveries are not the app's
  /// calls).
  func invalidateRelevance(kind: String, on device: Device, call: CallInFlight) {
    let ask = mutate { state -> SmartStackState.Ask? in
      state.log(
        SystemEvent(
          framework: .widgetKit, event: "relevanceInvalidated", identifier: kind,
          details: ["device": .string(device.rawValue)]))
      guard device == .watch else { return nil }
      return state.extensionState(SmartStackState.self)?.kinds.first { $0.name == kind }?.ask
    }
    guard let ask else { return }
    reportIfAfterRun(call)
    let hold = beginHold(framework: "WidgetKit", call: "relevance() of \(kind)", device: nil)
    Task(executorPreference: taskExecutor) {
      let answer = await HealthKitSimulation.$currentDevice.withValue(.watch) { await ask.call() }
      let callbacks = self.mutate { state -> [Callback] in
        state.withExtension(SmartStackState.self, of: self) { stack, state -> [Callback] in
          guard let index = stack.kinds.firstIndex(where: { $0.name == kind }) else { return [] }
          var replaced = stack.kinds[index]
          replaced.answer = answer
          stack.set(replaced, simulation: self, state: &state)
          return stack.update(simulation: self, state: &state)
        }
      }
      self.enqueue(callbacks, owedBy: nil)
      self.endHold(hold)
    }
  }

  /// A relevance widget's entry for the card `key` arrived.
  func relevanceEntryLoaded(_ key: SmartStackState.CardKey, entry: UncheckedValue) {
    mutate { state in
      state.withExtension(SmartStackState.self, of: self) { stack, _ in
        guard stack.cards.contains(where: { $0.key == key }) else { return }
        stack.entries[key] = entry.value
      }
    }
  }
}

/// An app's value (a provider, a configuration, an entry) handed between the simulation's
/// state and the tasks that call the app's code.
struct UncheckedValue: @unchecked Sendable { let value: Any? }

/// The watch's Smart Stack in one simulation (behind the simulation's lock): the registered
/// kinds' relevance clues, the cards in the stack as last updated, and the relevance widgets'
/// entries.
struct SmartStackState: SimulationExtension, @unchecked Sendable {
  /// The local hour from which `.activityRingsIncomplete` can match: 18:00 (project rule,
  /// docs/swift-api.md#relevance).
  static let ringsHour = 18

  /// A provider's answer to `relevance()`: each attribute's configuration and clue.
  struct Answer: @unchecked Sendable {
    var configurations: [Any?] = []
    var contexts: [RelevantContext] = []
    /// Each context's date span on virtual time (`nil` for a clue of another kind), its dates
    /// read by the wall-clock rule when the answer is set (``SmartStackState/set(_:simulation:state:)``).
    var dateSpans: [ClosedRange<SimulationInstant>?] = []
  }

  /// A provider's `relevance()`, type-erased.
  struct Ask: Sendable {
    let call: @Sendable () async -> Answer
  }

  /// A relevance widget's `entry(configuration:context:)`, type-erased.
  struct EntryLoader: Sendable {
    let call: @Sendable (UncheckedValue) async throws -> UncheckedValue
  }

  /// A registered kind.
  struct Kind {
    /// The widget's kind.
    var name: String
    /// The provider's last answer to `relevance()`.
    var answer = Answer()
    /// Asks the provider (at registration and after `invalidateRelevance(ofKind:)`).
    let ask: Ask
    /// A relevance widget's entries (`nil` for a timeline widget, which has one card).
    let entry: EntryLoader?

    /// Each attribute's configuration (`nil` for a timeline widget).
    var configurations: [Any?] { answer.configurations }
    /// Each attribute's clue.
    var contexts: [RelevantContext] { answer.contexts }

    /// A relevance widget (`RelevanceConfiguration`), not asked yet.
    init<Provider: RelevanceEntriesProvider>(kind: String, provider: Provider) {
      name = kind
      let caller = RelevanceCaller(provider)
      ask = Ask(call: caller.relevance)
      entry = EntryLoader(call: caller.entry)
    }

    /// A watch widget with a timeline, not asked yet.
    init<Provider: TimelineProvider>(kind: String, provider: Provider) {
      name = kind
      ask = Ask(call: TimelineRelevanceCaller(provider).relevance)
      entry = nil
    }

    /// A watch widget with an App Intents timeline, not asked yet: one card, as a timeline
    /// widget's, its attributes' configurations kept.
    init<Provider: AppIntentTimelineProvider>(kind: String, intentProvider provider: Provider) {
      name = kind
      ask = Ask(call: IntentRelevanceCaller(provider).relevance)
      entry = nil
    }
  }

  /// A card: a kind and the index of its relevant attribute.
  struct CardKey: Hashable {
    var kind: String
    var attribute: Int
  }

  /// A card in the stack.
  struct Card {
    var key: CardKey
    var context: RelevantContext
    var since: SimulationInstant
  }

  /// The registered kinds, in registration order.
  var kinds: [Kind] = []
  /// The cards as the stack last updated (and logged) them, in its order.
  var cards: [Card] = []
  /// The relevance widgets' entries, by card.
  var entries: [CardKey: Any] = [:]
  /// Whether the rings rule matched when the stack last updated.
  var ringsMatched = false
  /// The last night in the health store when the stack last updated.
  var night: Range<SimulationInstant>?

  init(simulation: HealthKitSimulation) {}

  /// Whether a registered clue is `.activityRingsIncomplete` (whose reading sums the day).
  var needsRings: Bool {
    kinds.contains { kind in
      kind.contexts.contains { $0.clue == .fitness(.activityRingsIncomplete) }
    }
  }

  /// Whether a registered clue is `sleep(_:)` (whose reading looks at the store's nights).
  var needsSleep: Bool {
    kinds.contains { kind in
      kind.contexts.contains { if case .sleep = $0.clue { true } else { false } }
    }
  }

  /// The span of local time of day in which `condition` matches after the night `night`, as
  /// seconds from local midnight: `bedtime` the hour before the night's start's time of day,
  /// `wakeup` the hour from its end's (project rule, docs/swift-api.md#relevance).
  static func sleepWindow(
    _ condition: RelevantContext.SleepCondition, night: Range<SimulationInstant>,
    simulation: HealthKitSimulation
  ) -> (start: Double, length: Double) {
    let bedtime = condition == .bedtime
    let anchor = simulation.phoneTimeOfDay(at: bedtime ? night.lowerBound : night.upperBound)
    let seconds = Double(anchor.components.seconds) + Double(anchor.components.attoseconds) * 1e-18
    return (bedtime ? seconds - sleepWindowLength : seconds, sleepWindowLength)
  }

  /// How long a sleep clue's window lasts: one hour (project rule).
  static let sleepWindowLength = 3600.0

  /// Whether the local time of day at `now` is in `condition`'s window after `night`.
  static func sleepMatches(
    _ condition: RelevantContext.SleepCondition, night: Range<SimulationInstant>?,
    now: SimulationInstant, simulation: HealthKitSimulation
  ) -> Bool {
    guard let night else { return false }
    let window = sleepWindow(condition, night: night, simulation: simulation)
    let time = simulation.phoneTimeOfDay(at: now)
    let seconds = Double(time.components.seconds) + Double(time.components.attoseconds) * 1e-18
    let into = (seconds - window.start).truncatingRemainder(dividingBy: 86_400)
    let wrapped = into < 0 ? into + 86_400 : into
    return wrapped < window.length
  }

  /// Adds `kind`, or replaces the kind of its name, and logs `relevanceLoaded`. Its date clues'
  /// dates are read by the wall-clock rule (docs/swift-api.md#the-wall-clock-rule): a clue
  /// `RelevantContext.date(from: Date(), to: Date() + 3600)` is relevant for the next virtual
  /// hour, with one `wallClockDate` log entry naming `RelevantContext.date` (with strict dates,
  /// an entry of the run's errors: the answer has no error to report).
  mutating func set(
    _ kind: Kind, simulation: HealthKitSimulation, state: inout HealthKitSimulation.State
  ) {
    var kind = kind
    var given: [Date] = []
    for context in kind.contexts {
      if case .date(let start, let end, _) = context.clue { given += [start, end] }
    }
    var read = simulation.readAppDatesOnVirtualTimeCannotFail(
      given, call: "RelevantContext.date", framework: .widgetKit, in: &state)[...]
    kind.answer.dateSpans = kind.contexts.map { context in
      guard case .date = context.clue else { return nil }
      let start = simulation.instant(of: read.removeFirst())
      let end = simulation.instant(of: read.removeFirst())
      return start <= end ? start...end : nil
    }
    if let index = kinds.firstIndex(where: { $0.name == kind.name }) {
      kinds[index] = kind
    } else {
      kinds.append(kind)
    }
    state.log(
      SystemEvent(
        framework: .widgetKit, event: "relevanceLoaded", identifier: kind.name,
        details: ["clues": .integer(kind.contexts.count), "device": .string("watch")]))
  }

  /// The cards relevant now, in the stack's order, with the rings rule's answer `rings`.
  func relevant(
    simulation: HealthKitSimulation, state: HealthKitSimulation.State, rings: Bool,
    night: Range<SimulationInstant>?
  ) -> [(key: CardKey, context: RelevantContext)] {
    let now = state.session.now
    var workout: Bool?
    var found: [(key: CardKey, context: RelevantContext, priority: Int)] = []
    for kind in kinds {
      for (index, context) in kind.contexts.enumerated() {
        let matches: Bool
        var priority = 1
        switch context.clue {
        case .date(_, _, let dateKind):
          priority = dateKind.priority
          matches = kind.answer.dateSpans[index]?.contains(now) ?? false
        case .fitness(let condition):
          if condition == .workoutActive {
            if workout == nil { workout = HealthKitSimulation.workoutInProgress(state) }
            matches = workout ?? false
          } else {
            matches = rings
          }
        case .sleep(let condition):
          matches = Self.sleepMatches(condition, night: night, now: now, simulation: simulation)
        case .headphones, .inferredLocation:
          matches = false
        }
        guard matches else { continue }
        found.append((CardKey(kind: kind.name, attribute: index), context, priority))
        // A timeline widget is one card: its first relevant attribute.
        if kind.entry == nil { break }
      }
    }
    // A stable sort by priority, higher first.
    let ordered = found.enumerated().sorted {
      $0.element.priority != $1.element.priority
        ? $0.element.priority > $1.element.priority : $0.offset < $1.offset
    }
    return ordered.map { ($0.element.key, $0.element.context) }
  }

  /// Whether the cards relevant now (with the rings rule as last updated) differ from the
  /// stack's: a change the app's call made, to update at the next step.
  func changed(simulation: HealthKitSimulation, state: HealthKitSimulation.State) -> Bool {
    let now = relevant(simulation: simulation, state: state, rings: ringsMatched, night: night)
      .map(\.key)
    return now != cards.map(\.key)
  }

  /// Updates the stack to the world now: logs `unsuggested` for each card that left,
  /// `suggested` for each that came, and returns the calls of the new relevance cards'
  /// `entry(configuration:context:)`.
  mutating func update(
    simulation: HealthKitSimulation, state: inout HealthKitSimulation.State
  ) -> [HealthKitSimulation.Callback] {
    let now = state.session.now
    if needsRings { state.bringLiveSamplesIn() }
    ringsMatched = needsRings && simulation.ringsEvening(state)
    night = needsSleep ? simulation.lastNight(state) : nil
    let relevant = relevant(
      simulation: simulation, state: state, rings: ringsMatched, night: night)
    let keys = Set(relevant.map(\.key))
    for card in cards where !keys.contains(card.key) {
      entries[card.key] = nil
      state.log(
        SystemEvent(
          framework: .widgetKit, event: "unsuggested", identifier: card.key.kind,
          details: [
            "attribute": .integer(card.key.attribute),
            "context": .string(card.context.description), "device": .string("watch"),
          ]))
    }
    var callbacks: [HealthKitSimulation.Callback] = []
    var updated: [Card] = []
    for (key, context) in relevant {
      if let card = cards.first(where: { $0.key == key }) {
        updated.append(Card(key: key, context: context, since: card.since))
        continue
      }
      updated.append(Card(key: key, context: context, since: now))
      state.log(
        SystemEvent(
          framework: .widgetKit, event: "suggested", identifier: key.kind,
          details: [
            "attribute": .integer(key.attribute), "context": .string(context.description),
            "device": .string("watch"),
          ]))
      guard let kind = kinds.first(where: { $0.name == key.kind }), let loader = kind.entry,
        key.attribute < kind.configurations.count
      else { continue }
      let configuration = UncheckedValue(value: kind.configurations[key.attribute])
      callbacks.append { [weak simulation] in
        guard let simulation else { return }
        let hold = simulation.beginHold(
          framework: "WidgetKit", call: "entry(configuration:context:) of \(key.kind)",
          device: nil)
        Task(executorPreference: simulation.taskExecutor) {
          do {
            // The widget extension's code runs as the watch's.
            let entry = try await HealthKitSimulation.$currentDevice.withValue(.watch) {
              try await loader.call(configuration)
            }
            simulation.relevanceEntryLoaded(key, entry: entry)
          } catch {
            simulation.log(
              SystemEvent(
                framework: .widgetKit, event: "relevanceEntryFailed", identifier: key.kind,
                details: [
                  "attribute": .integer(key.attribute), "error": .string("\(error)"),
                  "device": .string("watch"),
                ]))
          }
          simulation.endHold(hold)
        }
      }
    }
    cards = updated
    return callbacks
  }
}

/// The Smart Stack's timer: stops `advance` where the stack can change by itself (a date
/// clue's start and the instant after its end, each whole local hour while a rings or sleep
/// clue is registered, a sleep window's edges) and at the least step after an app call changed
/// it (a workout session started or ended), and updates the stack there.
struct SmartStackTimer: SystemTimer {
  weak let simulation: HealthKitSimulation?

  func nextDue(after now: SimulationInstant, state: HealthKitSimulation.State)
    -> SimulationInstant?
  {
    // Nothing to look at per step while no registered kind has a clue (a watch app whose
    // complications keep Apple's default relevance) and the stack is empty.
    guard let simulation, let stack = state.extensionState(SmartStackState.self),
      !stack.cards.isEmpty || stack.kinds.contains(where: { !$0.contexts.isEmpty })
    else { return nil }
    if stack.changed(simulation: simulation, state: state) {
      return now.advanced(by: .nanoseconds(1))
    }
    var next: SimulationInstant?
    func consider(_ instant: SimulationInstant) {
      if instant > now, next.map({ instant < $0 }) ?? true { next = instant }
    }
    for kind in stack.kinds {
      for case let span? in kind.answer.dateSpans {
        consider(span.lowerBound)
        consider(span.upperBound.advanced(by: .nanoseconds(1)))
      }
    }
    if stack.needsSleep, let night = stack.night {
      // The sleep windows' edges, at their next local time of day after now.
      let midnight = simulation.phoneDayStart(at: now)
      let next = simulation.phoneNextMidnight(after: now)
      for kind in stack.kinds {
        for context in kind.contexts {
          guard case .sleep(let condition) = context.clue else { continue }
          let window = SmartStackState.sleepWindow(condition, night: night, simulation: simulation)
          for edge in [window.start, window.start + window.length] {
            let seconds = (edge.truncatingRemainder(dividingBy: 86_400) + 86_400)
              .truncatingRemainder(dividingBy: 86_400)
            let offset = Duration.milliseconds(Int64((seconds * 1000).rounded()))
            let today = midnight.advanced(by: offset)
            consider(today > now ? today : next.advanced(by: offset))
          }
        }
      }
    }
    if stack.needsRings || stack.needsSleep {
      let calendar = simulation.phoneCalendar(at: now)
      if let hour = calendar.dateInterval(of: .hour, for: simulation.date(of: now)) {
        consider(simulation.instant(of: hour.end))
      }
    }
    return next
  }

  func fire(at now: SimulationInstant, state: inout HealthKitSimulation.State)
    -> [HealthKitSimulation.Callback]
  {
    guard let simulation else { return [] }
    return state.withExtension(SmartStackState.self, of: simulation) { stack, state in
      stack.update(simulation: simulation, state: &state)
    }
  }
}

/// Calls a relevance widget's provider from the simulation's tasks (an object, so the
/// `@Sendable` calls need not capture the provider's metatype).
final class RelevanceCaller<Provider: RelevanceEntriesProvider>: @unchecked Sendable {
  let provider: Provider
  init(_ provider: Provider) { self.provider = provider }

  /// `relevance()`, type-erased.
  func relevance() async -> SmartStackState.Answer {
    let attributes = await provider.relevance().attributes
    return SmartStackState.Answer(
      configurations: attributes.map { attribute -> Any? in attribute.configuration },
      contexts: attributes.map(\.context))
  }

  /// `entry(configuration:context:)` for a configuration of the provider's type.
  func entry(_ configuration: UncheckedValue) async throws -> UncheckedValue {
    guard let configuration = configuration.value as? Provider.Configuration else {
      throw CancellationError()
    }
    let entry = try await provider.entry(
      configuration: configuration, context: RelevanceEntriesProviderContext())
    return UncheckedValue(value: entry)
  }
}

/// Calls a timeline provider's `relevance()` from the simulation's tasks.
final class TimelineRelevanceCaller<Provider: TimelineProvider>: @unchecked Sendable {
  let provider: Provider
  init(_ provider: Provider) { self.provider = provider }

  /// `relevance()`, type-erased (no configurations).
  func relevance() async -> SmartStackState.Answer {
    let attributes = await provider.relevance().attributes
    return SmartStackState.Answer(
      configurations: attributes.map { _ in nil }, contexts: attributes.map(\.context))
  }
}

/// Calls an App Intents timeline provider's `relevance()` from the simulation's tasks.
final class IntentRelevanceCaller<Provider: AppIntentTimelineProvider>: @unchecked Sendable {
  let provider: Provider
  init(_ provider: Provider) { self.provider = provider }

  /// `relevance()`, type-erased.
  func relevance() async -> SmartStackState.Answer {
    let attributes = await provider.relevance().attributes
    return SmartStackState.Answer(
      configurations: attributes.map { attribute -> Any? in attribute.configuration },
      contexts: attributes.map(\.context))
  }
}
