import WorkoutCore
import WorkoutHealth
import WorkoutScenario
import WorkoutSimulation

/// The health store's side of the simulation: the store in the state, the long-running queries
/// woken when samples arrive, authorization answers and the app's termination
/// (docs/swift-api.md#the-health-store).
extension AppSimulation {
  /// The app was terminated by the simulated system, as HealthKit terminates an app that asks
  /// for authorization without the usage description in its Info.plist (an uncaught
  /// `NSInvalidArgumentException` on a device).
  ///
  /// In a test process it surfaces as this error: the async call that caused it throws it (a
  /// completion-handler call never calls its handler and ends the run instead:
  /// ``AppSimulation/run(isolation:_:)`` throws this once its body ends), the run's errors and log record it (action
  /// `requestAuthorization`, code `invalidArgument`, the message ``description``),
  /// ``AppSimulation/appTermination`` keeps it, and every later store call of the app is
  /// inert (ignored; queries never call their handlers; async calls throw it again).
  public struct AppTermination: Error, CustomStringConvertible, LocalizedError, Equatable {
    /// HealthKit's exception reason, for example "NSHealthShareUsageDescription must be set in
    /// the app's Info.plist in order to request read authorization for the following types:
    /// HKQuantityTypeIdentifierStepCount".
    public let message: String

    /// The termination with HealthKit's exception reason `message`.
    package init(message: String) {
      self.message = message
    }

    /// "Terminating app due to uncaught exception 'NSInvalidArgumentException', reason:
    /// '<message>'", as the device's console shows it.
    public var description: String {
      "Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: '\(message)'"
    }

    /// ``description``, so `localizedDescription` says it too.
    public var errorDescription: String? { description }
  }

  /// Reports `termination` (``Report/Kind-swift.enum/appTerminated``, HealthKit's `call`, by
  /// default `requestAuthorization(toShare:read:)`, at virtual now; `advice`, what to write
  /// instead, ends the message) when the simulated system terminates the app: the thrown
  /// ``AppTermination`` can be caught by app code, the report cannot (the `.simulation` trait
  /// records it as the test's issue; docs/swift-api.md#nothing-silent).
  ///
  /// A termination no call could throw (`endsRun`: the completion-handler form, whose
  /// completion is never called) ends the run as a stall does (docs/swift-api.md#nothing-silent):
  /// every `clock` sleeper is resumed throwing it, the task of every running `run` body is
  /// cancelled, the `.simulation` trait and XCTest's `simulate` record it as the test's issue
  /// at once, and ``run(isolation:_:)`` throws it once its body has ended.
  package func reportTermination(
    _ termination: AppTermination, call: String = "requestAuthorization(toShare:read:)",
    advice: String? = nil, endsRun: Bool
  ) {
    let now = state.withLock { $0.session.now }
    let report = record(
      [
        Report(
          kind: .appTerminated, framework: "HealthKit", call: call,
          date: date(of: now), seconds: now.seconds,
          message: "\(termination.description); on a device this ends the app whether or not "
            + "the call is in a do { } catch { }" + (advice.map { "; \($0)" } ?? ""))
      ], throwing: false)[0]
    state.withLock { $0.terminationReport = report }
    if endsRun { endRuns(with: report, termination: termination, error: termination) }
  }

  /// The termination of the app, once the simulated system has terminated it; `nil` while it
  /// runs.
  public var appTermination: AppTermination? { state.withLock { $0.terminated } }

  /// The Info.plist keys of the app: the scenario's `app.infoPlist` (inline, or a `.plist` file
  /// relative to the scenario file's folder), else both HealthKit usage descriptions.
  ///
  /// - Throws: `SimulationError` at `app.infoPlist` naming the file and why: it cannot be opened
  ///   (no such file, a folder, a FIFO, a device, a symlink loop), is not a property list, or its
  ///   top level is not a dictionary (the same message as `workout-sim validate`).
  package static func infoPlistKeys(of scenario: Scenario) throws(SimulationError) -> Set<String> {
    switch scenario.app.infoPlist {
    case nil:
      return [usageShareKey, usageUpdateKey]
    case .keys(let keys):
      return Set(keys.keys)
    case .file:
      let fileName = scenario.sourceURL?.relativePath ?? scenario.name
      return try scenario.infoPlistFileKeys(fileName: fileName) ?? []
    }
  }

  /// `NSHealthShareUsageDescription`: required to ask for reading.
  package static let usageShareKey = "NSHealthShareUsageDescription"
  /// `NSHealthUpdateUsageDescription`: required to ask for sharing (writing).
  package static let usageUpdateKey = "NSHealthUpdateUsageDescription"

  /// HealthKit's exception reason for a request without the usage description `key` (found in
  /// HealthKit's `_validateHealthDataPurposeStringsForSharingTypes:readingTypes:`): "<key> must
  /// be set in the app's Info.plist in order to request <read|write> authorization for the
  /// following types: <identifiers, sorted, comma-separated>".
  package static func missingUsageMessage(key: String, identifiers: [String]) -> String {
    let direction = key == usageShareKey ? "read" : "write"
    return
      "\(key) must be set in the app's Info.plist in order to request \(direction) authorization for the following types: \(identifiers.sorted().joined(separator: ", "))"
  }

  /// Runs `body` with the state under the lock and the health listeners woken for what changed
  /// in the store (an app save or delete), then delivers nothing: the callbacks queue in the
  /// lane.
  package func mutateHealth<R: Sendable>(_ body: (inout State) -> R) -> R {
    mutate { state in
      let result = body(&state)
      state.wakeHealthListeners(after: nil, at: state.session.now)
      return result
    }
  }
}

/// A long-running query (or an observer) the simulation wakes when the store may have changed:
/// samples whose `savedAt` was reached while time moved, or an app save or delete.
///
/// The simulation stops `advance` at every instant a listener's types get new samples
/// and at the listener's own ``nextDue(after:)`` (a retry timer), then calls
/// ``wake(at:state:)`` under the lock; both are registered as entries of the world's agenda
/// (``AppSimulation/State/registerHealthListeners()``) when the listeners, the store or a listener's own state change (a
/// listener that changes its types or timer outside `wake` says so with
/// ``AppSimulation/State/healthListenersChanged()``), never polled; the callbacks it returns
/// enter the callback lane in listener order. An app save or delete wakes every listener (of any
/// type), so listeners compare with what they saw last (an anchor): a wake without news returns
/// nothing.
package protocol HealthQueryListener: AnyObject, Sendable {
  /// The types whose arrivals wake it.
  var listenedTypes: Set<HealthDataType> { get }
  /// Whether it has stopped for good (`stop(_:)`); it is then dropped.
  var isFinished: Bool { get }
  /// An instant after `now` at which it wants a wake regardless of arrivals, or `nil`.
  func nextDue(after now: SimulationInstant) -> SimulationInstant?
  /// Looks at the store at `now` and returns the handler calls due.
  func wake(at now: SimulationInstant, state: inout AppSimulation.State)
    -> [AppSimulation.Callback]
  /// The long-lived query the app may be waiting on for its next update, as a stall names it
  /// (`HKAnchoredObjectQuery`), or `nil` for a listener the app does not await (background
  /// delivery).
  var awaitedQuery: String? { get }
  /// `callbacks` (what ``wake(at:state:)`` returned) as the code of the app process that owns
  /// the listener (a query's: ``AppSimulation/callback(of:_:)``); as they are by default.
  func owned(_ callbacks: [AppSimulation.Callback]) -> [AppSimulation.Callback]
}

extension AppSimulation.State {
  /// The health store (``health``: a save, a delete, a workout added) or a listener's types or
  /// own timer changed outside ``wakeHealthListeners(at:)`` (background delivery enabled,
  /// disabled or answered): the health store's entry in the agenda is made again before the
  /// agenda is next read. Changes of ``healthListeners`` mark it by themselves.
  package mutating func healthListenersChanged() {
    healthStoreChanged = true
  }
}

extension HealthQueryListener {
  /// No timer of its own.
  package func nextDue(after now: SimulationInstant) -> SimulationInstant? { nil }

  /// The query's class name (`HKAnchoredObjectQuery`).
  package var awaitedQuery: String? { String(describing: type(of: self)) }

  /// `callbacks` as they are: the listener's own calls say whose code they run.
  package func owned(_ callbacks: [AppSimulation.Callback]) -> [AppSimulation.Callback] {
    callbacks
  }
}

extension AppSimulation.State {
  /// Registers the health store's entries in the world's agenda (``DueWork/healthStore``), the
  /// instants after virtual now at which a running listener has something to look at: member 0
  /// the store's next arrival of a type some running listener listens to, member `i + 1` the
  /// `i`-th running listener's own timer (after now); a listener without one, and members past
  /// the last running listener, are taken out. Called only when the store's entries are out of
  /// date (``healthListenersChanged()``).
  package mutating func registerHealthListeners() {
    let now = session.now
    var types = Set<HealthDataType>()
    var member = 1
    for listener in healthListeners where !listener.isFinished {
      types.formUnion(listener.listenedTypes)
      let own = listener.nextDue(after: now).flatMap { $0 > now ? $0 : nil }
      agenda.set(.healthStore, member: member, to: own?.nanoseconds)
      member += 1
    }
    agenda.removeMembers(of: .healthStore, from: member)
    let arrival = types.isEmpty ? nil : health.nextArrival(of: types, after: now)
    agenda.set(.healthStore, member: 0, to: arrival?.nanoseconds)
  }

  /// Wakes every running listener at `now` (the store changed, or delivery was re-enabled) and
  /// queues their callbacks.
  package mutating func wakeHealthListeners(at now: SimulationInstant) {
    wakeHealthListeners(after: nil, at: now)
  }

  /// Wakes the running listeners at `now` and queues their callbacks; drops finished ones.
  ///
  /// - Parameters:
  ///   - previous: the instant time moved from: only listeners with an arrival of their types or
  ///     their own timer in `previous...now` (after `previous`) are woken; `nil` wakes every
  ///     listener (the app saved or deleted).
  ///   - now: virtual now.
  ///   - types: when given, only the listeners of one of these types are woken (a live
  ///     workout's batch: ``wakeLiveListeners(collected:)``).
  package mutating func wakeHealthListeners(
    after previous: SimulationInstant?, at now: SimulationInstant,
    of types: Set<HealthDataType>? = nil
  ) {
    guard !healthListeners.isEmpty else { return }
    if healthListeners.contains(where: \.isFinished) { healthListeners.removeAll { $0.isFinished } }
    // Woken listeners move their anchors, timers and deliveries: their entry is made again.
    healthListenersChanged()
    guard !healthListeners.isEmpty, terminated == nil else { return }
    // Listeners read the store (``health``'s stored value, in place): a live workout's samples
    // come in first, once for all of them.
    bringLiveSamplesIn()
    let listeners = healthListeners
    for listener in listeners {
      if let types, listener.listenedTypes.isDisjoint(with: types) { continue }
      if let previous {
        let arrived =
          health.nextArrival(of: listener.listenedTypes, after: previous).map { $0 <= now }
          ?? false
        let timer = listener.nextDue(after: previous).map { $0 <= now } ?? false
        guard arrived || timer else { continue }
      }
      let callbacks = listener.wake(at: now, state: &self)
      if !callbacks.isEmpty {
        enqueue(listener.owned(callbacks))
        turnDue = true
      }
    }
  }
}
