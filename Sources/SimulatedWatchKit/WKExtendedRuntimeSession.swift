import SimulatedHealthKit
import SimulationDriver
import WorkoutCore
import WorkoutSystem

/// What an extended runtime session tells the app: that it started, that it is about to expire,
/// and that it became invalid (Apple doc:
/// https://developer.apple.com/documentation/watchkit/wkextendedruntimesessiondelegate). All
/// three methods are required, as in Apple's declaration.
///
/// The calls run on the main actor, as code of the watch app (an `advance`, `settle` or async
/// control call delivers them, at the instant they happened): a delegate that asks for
/// `WCSession.default` gets the watch's, and a main-actor delegate (a `@preconcurrency`
/// conformance) passes Swift's isolation check (a project rule: Apple's protocol is not
/// declared main-actor; the simulation calls it where WatchKit's other calls into the app run,
/// docs/swift-api.md#watchkit-on-the-main-actor).
public protocol WKExtendedRuntimeSessionDelegate: AnyObject {
  /// The session became invalid: `reason` says why, and `error` (an `NSError` in
  /// ``WKExtendedRuntimeSessionErrorDomain`` with a ``WKExtendedRuntimeSessionErrorCode``) is
  /// set only when `reason` is ``WKExtendedRuntimeSessionInvalidationReason/error``. Called both
  /// when a start is refused and when a running session ends (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkextendedruntimesessiondelegate/extendedruntimesession(_:didinvalidatewith:error:)).
  func extendedRuntimeSession(
    _ extendedRuntimeSession: WKExtendedRuntimeSession,
    didInvalidateWith reason: WKExtendedRuntimeSessionInvalidationReason, error: (any Error)?)
  /// The session began running: after `start()`, or at a scheduled session's date (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkextendedruntimesessiondelegate/extendedruntimesessiondidstart(_:)).
  func extendedRuntimeSessionDidStart(_ extendedRuntimeSession: WKExtendedRuntimeSession)
  /// The session is about to reach its time limit: the scenario's `watch.willExpireLeadTime`
  /// (default 30 s, a project rule: Apple says "just before") before ``WKExtendedRuntimeSession/expirationDate``
  /// (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkextendedruntimesessiondelegate/extendedruntimesessionwillexpire(_:)).
  func extendedRuntimeSessionWillExpire(_ extendedRuntimeSession: WKExtendedRuntimeSession)
}

/// A session that keeps the watch app running for a while when the user is not looking at it:
/// self care, mindfulness, physical therapy or smart alarm (Apple doc:
/// https://developer.apple.com/documentation/watchkit/wkextendedruntimesession).
///
/// The session type is the one the app declares: the scenario's `watch.extendedRuntimeType`
/// (its Info.plist background mode on a device). Its rules are the engine's
/// (docs/healthkit-behaviour.md#extended-runtime-sessions): `start()` and `start(at:)` only
/// while the app is ``WKApplicationState/active`` (else invalid at once, reason
/// ``WKExtendedRuntimeSessionInvalidationReason/error``, code
/// ``WKExtendedRuntimeSessionErrorCode/mustBeActiveToStartOrSchedule``); one scheduled or
/// running session at a time (the next is invalid with
/// ``WKExtendedRuntimeSessionInvalidationReason/sessionInProgress``); the type's limit (self care
/// 600 s, mindfulness and physical therapy 3600 s, smart alarm 1800 s), `willExpire` the lead time
/// before it, invalid with ``WKExtendedRuntimeSessionInvalidationReason/expired`` at it; a
/// Digital Crown press ends a frontmost type's session with
/// ``WKExtendedRuntimeSessionInvalidationReason/resignedFrontmost``.
///
/// The methods return at once; the engine performs them at virtual now and ``state`` is the
/// new state as soon as a method returns; the delegate hears of it at the next delivery. Every
/// change is an `extendedRuntime` entry of the run's log, as `workout-sim run` logs the
/// scenario's `extendedRuntime` actions (docs/run-result.md#log).
///
/// Make sessions inside the simulation's `run` (the initializer traps outside one). `Sendable`:
/// the mutable state is behind a lock.
public final class WKExtendedRuntimeSession: NSObject, @unchecked Sendable {
  /// The simulation the session belongs to.
  let simulation: AppSimulation
  private let lock = NSLock()
  private weak var delegateStorage: (any WKExtendedRuntimeSessionDelegate)?
  /// The engine's session this object stands for, once started.
  private var index: Int?
  /// The app process that started (or was handed) the session: a crashed process's object is
  /// inert (``state`` reads invalid, ``invalidate()`` does nothing).
  private var generation: Int?
  /// The state before the engine has a session for the object: not started, or invalid after
  /// a start the engine refused without making one.
  private var unboundState: WKExtendedRuntimeSessionState = .notStarted
  private var expiration: Date?

  /// Creates a session of the app's declared type, not started (Apple: `WKExtendedRuntimeSession()`,
  /// the Swift form of `+session`; Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkextendedruntimesession). Traps outside
  /// a simulation's `run`.
  public override init() {
    let simulation = AppSimulation.requireCurrent("WKExtendedRuntimeSession()")
    self.simulation = simulation
    super.init()
    simulation.startWatchKit()
  }

  /// The object the system makes for engine session `index`, a scheduled session that outlived
  /// the process that scheduled it and started now, to hand to the app's delegate
  /// (`WKApplicationDelegate.handle(_:)`): bound to process `generation`, running until
  /// `expiration`. Made under the simulation's lock (it takes no lock itself).
  init(resuming index: Int, simulation: AppSimulation, generation: Int, expiration: Date) {
    self.simulation = simulation
    self.index = index
    self.generation = generation
    self.expiration = expiration
    super.init()
  }

  /// The object that receives the session's calls; set it before `start()` (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkextendedruntimesession/delegate).
  /// Held weakly.
  public weak var delegate: (any WKExtendedRuntimeSessionDelegate)? {
    get { lock.withLock { delegateStorage } }
    set { lock.withLock { delegateStorage = newValue } }
  }

  /// The session's state now (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkextendedruntimesession/state): the
  /// engine's, read under the simulation's lock. A session of an app process that crashed is
  /// ``WKExtendedRuntimeSessionState/invalid``.
  public var state: WKExtendedRuntimeSessionState {
    let (index, unbound, generation) = lock.withLock { (self.index, unboundState, self.generation) }
    guard let index else { return unbound }
    let state = simulation.state.withLock { state -> ExtendedRuntimeSessionState? in
      // A session object of a process that crashed: the new process does not have it.
      guard generation == nil || generation == state.processGeneration() else { return nil }
      return state.session.workoutEngine.extendedRuntimeSessionState(index)
    }
    return state.map(WKExtendedRuntimeSessionState.init) ?? .invalid
  }

  /// When the session will reach its time limit: `nil` until it runs, then its start plus the
  /// type's limit, kept after it becomes invalid (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkextendedruntimesession/expirationdate).
  public var expirationDate: Date? { lock.withLock { expiration } }

  /// Starts the session now (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkextendedruntimesession/start()): it
  /// runs (the delegate's `extendedRuntimeSessionDidStart`) or is invalid at once (the delegate's
  /// `didInvalidateWith` with the reason and error). A session that was started before is left
  /// alone (an invalid session cannot run again: make a new one).
  public func start() { begin(at: nil) }

  /// Schedules the session to start at `date`, a smart alarm's way (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkextendedruntimesession/start(at:)).
  /// `date` is read by the wall-clock rule (docs/swift-api.md#the-wall-clock-rule):
  /// `Date().addingTimeInterval(3600)` is virtual now an hour later, with a `wallClockDate` log
  /// entry naming `WKExtendedRuntimeSession.start(at:)`; with
  /// `HealthKitSimulation.Options.strictDates` such a date makes the session invalid at once
  /// (`didInvalidateWith` `.error`, an ``WKExtendedRuntimeSessionErrorCode/unknown`` error with
  /// the rule's message). A date not after now starts it now. At the date the session runs even if the app went to the
  /// background or was suspended (the system wakes it into the background). Invalid at once with
  /// ``WKExtendedRuntimeSessionErrorCode/notApprovedToSchedule`` for another type, and
  /// ``WKExtendedRuntimeSessionErrorCode/scheduledTooFarInAdvance`` more than 36 hours ahead.
  public func start(at date: Date) { begin(at: date) }

  /// Ends the running session (reason ``WKExtendedRuntimeSessionInvalidationReason/none``) or
  /// cancels a scheduled one, which only an active app can do (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkextendedruntimesession/invalidate()).
  /// On a session that was never started it fails with
  /// ``WKExtendedRuntimeSessionErrorCode/notYetStarted``: an error entry of the run's log, no
  /// delegate call, the session stays ``WKExtendedRuntimeSessionState/notStarted``. On an invalid
  /// session it does nothing.
  public func invalidate() {
    let (index, unbound, generation) = lock.withLock { (self.index, unboundState, self.generation) }
    if index == nil, unbound == .invalid { return }
    simulation.mutate { state in
      // A crashed process's object is inert (its session may be the system's now).
      guard generation == nil || generation == state.processGeneration() else { return }
      state.session.withEngine {
        $0.perform(.extendedRuntime(.invalidateSession(index)), at: $0.now)
      }
    }
  }

  /// Plays `type` on the Taptic Engine to get the user's attention during the session, a smart
  /// alarm's way (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkextendedruntimesession/notifyuser(hapticType:repeatHandler:)).
  ///
  /// While the session runs it is a `haptic` entry of the run's log (framework `WatchKit`,
  /// identifier the type's name, details `source: "notifyUser"`, `runtimeSession`); otherwise a
  /// `hapticDropped` entry (`reason: "sessionNotRunning"`) and nothing repeats.
  ///
  /// The haptic repeats on virtual time until the session becomes invalid (`invalidate()`, its
  /// expiry, a crash): there is no user to answer it. Without `repeatHandler` every 3 s (Apple's
  /// default); with one, the handler is called on the main actor after each haptic (the first
  /// included) and returns the seconds until the next, which must be greater than 0 and at most
  /// 60 (Apple's range); it may change the next haptic through its pointer. Each repeat is a
  /// `haptic` entry with details `repeat` (1, 2, ...). A wait outside the range ends the repeats
  /// with a `hapticDropped` entry (`reason: "invalidRepeatInterval"`) and a report of kind
  /// `dropped` that says what to return (project rule: Apple does not say what the system does
  /// then; docs/healthkit-behaviour.md#extended-runtime-sessions). A second call replaces the
  /// session's repeating haptic.
  public func notifyUser(
    hapticType type: WKHapticType,
    repeatHandler: ((UnsafeMutablePointer<WKHapticType>) -> TimeInterval)? = nil
  ) {
    let index = lock.withLock { self.index }
    let repeating = simulation.mutate { state -> Bool in
      let running =
        index.flatMap { state.session.workoutEngine.extendedRuntimeSessionState($0) } == .running
      var details: [String: SystemEvent.Value] = ["source": .string("notifyUser")]
      if let index { details["runtimeSession"] = .integer(index) }
      if !running { details["reason"] = .string("sessionNotRunning") }
      state.log(
        SystemEvent(
          framework: .watchKit, event: running ? "haptic" : "hapticDropped",
          identifier: type.name, details: details))
      guard running, let index else { return false }
      if let ask = state.startHapticRepeat(
        session: index, type: type, handler: repeatHandler, of: simulation)
      {
        state.enqueue([ask])
      }
      return true
    }
    if repeating {
      simulation.addSystemTimer(
        key: ObjectIdentifier(HapticRepeatState.self), HapticRepeatTimer(simulation: simulation))
    }
  }

  // MARK: - Simulation side

  /// `start()` (`date` nil) or `start(at: date)`: `call`, the public method (`#function` of
  /// the caller), reported under its name when made after the run.
  private func begin(at date: Date?, call: StaticString = #function) {
    let fresh = lock.withLock { index == nil && unboundState == .notStarted }
    guard fresh else { return }
    let refused = simulation.mutate { state -> UncheckedError? in
      // The app's date on virtual time (the wall-clock rule): with strict dates a real-clock
      // date makes the session invalid at once, the rule's message in an `unknown` error.
      var scheduled: SimulationInstant?
      if let date {
        switch simulation.readAppDate(
          date, call: Self.scheduleCall, framework: .watchKit, in: &state)
        {
        case .success(let instant): scheduled = instant
        case .failure(let error):
          lock.withLock { unboundState = .invalid }
          return UncheckedError(
            NSError(
              domain: WKExtendedRuntimeSessionErrorDomain,
              code: WKExtendedRuntimeSessionErrorCode.unknown.rawValue,
              userInfo: [NSLocalizedDescriptionKey: error.message]))
        }
      }
      let engine = state.session.workoutEngine
      let next = engine.extendedRuntimeSessionCount
      // Bound before the engine acts, so the log listener finds this object for the entries the
      // call makes (translated when this `mutate` ends, still under the lock).
      let process = state.processGeneration()
      state.withExtension(WatchKitState.self, of: simulation) { watchKit, _ in
        watchKit.sessions[next] = WatchKitState.WeakSession(object: self, generation: process)
      }
      lock.withLock {
        index = next
        generation = process
      }
      let operation: ExtendedRuntimeOperation = scheduled.map { .schedule(at: $0) } ?? .start
      state.session.withEngine { $0.perform(.extendedRuntime(operation), at: $0.now) }
      let after = state.session.workoutEngine
      guard after.extendedRuntimeSessionCount == next else { return nil }
      // The engine made no session: the app declares no type, or it is suspended or not
      // running (its code would not run: read as not active).
      state.withExtension(WatchKitState.self, of: simulation) { watchKit, _ in
        _ = watchKit.sessions.removeValue(forKey: next)
      }
      lock.withLock {
        index = nil
        unboundState = .invalid
      }
      // The call's own typed outcome, not the run's error list read back.
      let code = after.callError?.extendedRuntimeError
      let refusal =
        code.flatMap { WKExtendedRuntimeSessionErrorCode(rawValue: $0.rawValue) }
        ?? .mustBeActiveToStartOrSchedule
      return UncheckedError(refusal.error)
    }
    guard let refused else { return }
    simulation.enqueue(call: call, of: "WKExtendedRuntimeSession") { [self] in
      AppSimulation.onMainActor { [self] in
        guard let delegate = lock.withLock({ delegateStorage }) else {
          let code = WKExtendedRuntimeSessionErrorCode(rawValue: refused.error.code)
          return noteNoDelegate("became invalid (error, \(code.map { "\($0)" } ?? "unknown"))")
        }
        delegate.extendedRuntimeSession(self, didInvalidateWith: .error, error: refused.error)
      }
    }
  }

  /// Notes that this session `what` (started, became invalid) at virtual now while it had no
  /// delegate, so the call went to no one: a stall names it ("WKExtendedRuntimeSession started
  /// at t = 0 s but had no delegate: ...", `AppSimulation.noteNoDelegate(_:kind:at:advice:)`,
  /// docs/swift-api.md#nothing-silent).
  private func noteNoDelegate(_ what: String) {
    simulation.noteNoDelegate(
      "WKExtendedRuntimeSession \(what)",
      at: simulation.now.timeIntervalSince(simulation.startDate),
      advice: "set session.delegate before start()")
  }

  /// The name the wall-clock rule gives ``start(at:)`` (its `wallClockDate` log entry, its
  /// strict-dates error).
  static let scheduleCall = "WKExtendedRuntimeSession.start(at:)"

  /// An `NSError` carried out of the simulation's lock (immutable once made).
  private struct UncheckedError: @unchecked Sendable {
    let error: NSError
    init(_ error: NSError) { self.error = error }
  }

  /// The delegate calls of the engine's `event` for this session (under the simulation's lock:
  /// no app code runs here).
  func callbacks(for event: ExtendedRuntimeEvent) -> [AppSimulation.Callback] {
    let call: @Sendable (any WKExtendedRuntimeSessionDelegate) -> Void
    // What the session did, in a note when it has no delegate.
    let what: String
    switch event.change {
    case .started(let expiresAt):
      let date = simulation.date(of: expiresAt)
      lock.withLock { expiration = date }
      call = { $0.extendedRuntimeSessionDidStart(self) }
      what = "started"
    case .willExpire:
      call = { $0.extendedRuntimeSessionWillExpire(self) }
      what = "was about to expire"
    case .invalidated(let reason, let code):
      let code = code.flatMap { WKExtendedRuntimeSessionErrorCode(rawValue: $0.rawValue) }
      let reason = WKExtendedRuntimeSessionInvalidationReason(reason)
      call = { $0.extendedRuntimeSession(self, didInvalidateWith: reason, error: code?.error) }
      what = "became invalid (\(reason)\(code.map { ", \($0)" } ?? ""))"
    case .scheduled, .terminated:
      // A scheduled session says nothing until it starts; a crashed process hears nothing.
      return []
    }
    return [
      { [self] in
        AppSimulation.onMainActor { [self] in
          guard let delegate = lock.withLock({ delegateStorage }) else {
            return noteNoDelegate(what)
          }
          call(delegate)
        }
      }
    ]
  }
}

extension AppSimulation {
  /// A scheduled session of a process that crashed started (`event`, under the lock, from the
  /// effect listener): the system hands it to the app's current process, as Apple's
  /// `start(at:)` says ("If your app isn't running, the system launches your app and calls your
  /// extension delegate's handle(_:) method to start the session",
  /// https://developer.apple.com/documentation/watchkit/wkextendedruntimesession/start(at:)).
  /// A new object stands for the session from now on (the crashed process's stays inert), and
  /// the delegate's `handle(_:)` gets it on the main actor: after the launch of the app's code
  /// when the start launched the app (`State.afterBackgroundLaunch(launched:_:)`), else now (a
  /// project rule for a process the user opened before the date: it has no object for the
  /// session either).
  func resumeRuntimeSession(_ event: ExtendedRuntimeEvent, state: inout State) -> [Callback] {
    guard case .started(let expiresAt) = event.change else { return [] }
    let generation = state.processGeneration()
    let object = WKExtendedRuntimeSession(
      resuming: event.session, simulation: self, generation: generation,
      expiration: date(of: expiresAt))
    let launched = state.withExtension(WatchKitState.self, of: self) { watchKit, _ -> Bool in
      watchKit.sessions[event.session] = WatchKitState.WeakSession(
        object: object, generation: generation)
      defer { watchKit.runtimeLaunchPending = false }
      return watchKit.runtimeLaunchPending
    }
    state.log(
      SystemEvent(
        framework: .watchKit, event: "resumed", identifier: Self.runtimeResumeIdentifier,
        details: ["runtimeSession": .integer(event.session), "launched": .bool(launched)]))
    let box = RefreshBox(object)
    return state.afterBackgroundLaunch(launched: launched) { [weak self] in
      guard let self else { return }
      AppSimulation.onMainActor { [self] in handResumedSession(box.value) }
    }
  }

  /// The log identifier of a scheduled session handed to a new process.
  static let runtimeResumeIdentifier = "extendedRuntimeSession"

  /// Hands `session` to the live process's delegate (`handle(_:)`, on the main actor). Without
  /// a delegate, or when the delegate left the session's delegate `nil`, the system ends the
  /// session (Apple: "If you do not set the session's delegate, the system ends the session",
  /// https://developer.apple.com/documentation/watchkit/wkextensiondelegate/handle(_:)-4qxgv)
  /// and a ``Report/Kind-swift.enum/notDelivered`` warning says what to write.
  @MainActor func handResumedSession(_ session: WKExtendedRuntimeSession) {
    let delegate = watchApplication.appDelegate
    delegate?.handle(session)
    guard session.delegate == nil else { return }
    session.invalidate()
    let message = Self.resumedSessionEndedMessage(hadDelegate: delegate != nil)
    let reports = mutate { state in
      keepReports(
        .notDelivered, [message], framework: "WatchKit",
        call: "handle(_ extendedRuntimeSession: WKExtendedRuntimeSession)", in: &state)
    }
    reports.forEach(Self.writeToStandardError)
  }

  /// The ``Report/Kind-swift.enum/notDelivered`` message of a scheduled session the system
  /// ended at its hand-over: the app had no delegate (`hadDelegate` false), or its `handle(_:)`
  /// set no delegate on the session.
  static func resumedSessionEndedMessage(hadDelegate: Bool) -> String {
    let why =
      hadDelegate
      ? "the app delegate's handle(_ extendedRuntimeSession:) did not set the session's delegate"
      : "the app has no WKApplication delegate to hand it to"
    return "a smart alarm scheduled with WKExtendedRuntimeSession.start(at:) by a process that "
      + "has since ended started, and the system handed it to the app's new process, but \(why), "
      + "so the system ended the session (Apple: \"If you do not set the session's delegate, the "
      + "system ends the session\"): launch the app with simulation.launchWatchApp { "
      + "MyAppDelegate() } and in its handle(_ extendedRuntimeSession:) keep the session and set "
      + "extendedRuntimeSession.delegate (docs/healthkit-behaviour.md#extended-runtime-sessions)"
  }
}
