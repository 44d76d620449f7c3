import WorkoutCore

/// How often HealthKit may wake the app for new samples of a type, HealthKit's
/// `HKUpdateFrequency` with its raw values (iOS 18 SDK `HKDefines.h`; Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkupdatefrequency).
public enum BackgroundDeliveryFrequency: Int, Sendable, Hashable, CaseIterable, Comparable {
  /// At every save.
  case immediate = 1
  /// At most once an hour.
  case hourly = 2
  /// At most once a day.
  case daily = 3
  /// At most once a week.
  case weekly = 4

  /// The period in which HealthKit wakes the app at most once: 0, 1 h, 24 h, 7 × 24 h (ns).
  public var period: Int64 {
    switch self {
    case .immediate: 0
    case .hourly: 3_600_000_000_000
    case .daily: 86_400_000_000_000
    case .weekly: 604_800_000_000_000
    }
  }

  /// Slower frequencies are greater (`hourly < daily`).
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension HealthDataType {
  /// The fastest background delivery HealthKit allows for the type on iOS: `hourly` for steps,
  /// `immediate` for the others. "Some sample types have a maximum frequency of
  /// HKUpdateFrequency.hourly. The system enforces this frequency transparently. For example, on
  /// iOS, stepCount samples have an hourly maximum frequency." (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/enablebackgrounddelivery(for:frequency:withcompletion:)).
  public var fastestDeliveryFrequency: BackgroundDeliveryFrequency {
    self == .stepCount ? .hourly : .immediate
  }
}

/// Background delivery of one sample type: a state machine in the shape of WorkoutCore's
/// (docs/architecture.md): a private state, one mutating method per event, each returning what
/// the simulation must do (docs/swift-api.md#observer-queries-and-background-delivery).
///
/// | state \ event | enable | disable | dataArrived | deadlinePassed | completed |
/// |---|---|---|---|---|---|
/// | disabled | idle (enabled) | - | - | - | - |
/// | idle | idle (enabled) | disabled | wake now (awaiting) or pending | - | - |
/// | pending | pending (enabled, due recomputed) | disabled | - | wake (awaiting) | - |
/// | awaiting | awaiting (enabled) | disabled | awaiting, more pending | retry wake, or stopped after the 3rd miss | idle, or pending when more arrived |
/// | stopped | idle (enabled) | disabled | - | - | - |
///
/// The rules, and where they come from:
/// - **Frequency**: HealthKit "wakes your app only once during each time period that is defined
///   by the frequency" (Apple doc:
///   https://developer.apple.com/documentation/healthkit/hkobserverquerycompletionhandler).
///   The period starts at a delivery's first wake: data that arrives within `period` of it is
///   delivered at the period's end (coalesced into one wake), later data at once. A frequency
///   faster than the type's ``HealthDataType/fastestDeliveryFrequency`` is raised to it silently
///   (steps: hourly), as HealthKit does.
/// - **Completion and backoff**: the app must call the completion handler it was given; "If you
///   do not call this block, HealthKit continues to attempt to launch your app using a backoff
///   algorithm. If your app fails to respond three times, HealthKit assumes that your app cannot
///   receive data, and stops sending you background updates" (the completion handler's Apple
///   doc as quoted in https://stackoverflow.com/questions/30143280, and the enable method's doc
///   as quoted in https://github.com/tryVital/vital-ios/pull/42). The backoff's intervals are not
///   published; workout-sim's choice: a launch unanswered for 1 min is the first miss and the app
///   is launched again; that launch gets 2 min, the next 4 min (doubling); the third miss stops
///   delivery for the type. So a wake at `w` never answered relaunches at `w + 1 min` and
///   `w + 3 min` and stops at `w + 7 min`.
/// - **After the stop**: delivery stays stopped until the app enables it again
///   (`enableBackgroundDelivery`, which apps call at every launch), workout-sim's choice.
/// - A completion handler called after its delivery was answered, retried or stopped changes
///   nothing; any completion handler of the delivery in progress answers it.
public struct BackgroundDeliveryStateMachine: Sendable, Hashable {
  /// What the simulation must do after an event.
  public enum Action: Sendable, Hashable {
    /// Nothing.
    case none
    /// Background delivery is enabled at `frequency` (the effective one, after the type's
    /// minimum).
    case enabled(BackgroundDeliveryFrequency)
    /// Background delivery is disabled.
    case disabled
    /// Wake the app now: call the update handlers of its observer queries of the type.
    /// `attempt` is 1 for a delivery's first launch, 2 and 3 for the retries.
    case wake(attempt: Int)
    /// The app did not answer `misses` launches: delivery stops for the type (log it).
    case stopped(misses: Int)
  }

  /// Where the machine is (derived; for tests and the log).
  public enum Phase: Sendable, Hashable, CaseIterable {
    /// Not enabled.
    case disabled
    /// Enabled, nothing new to deliver.
    case idle
    /// New data waits for the frequency's period to end.
    case pending
    /// The app was woken and has not called the completion handler yet.
    case awaiting
    /// Stopped after three unanswered launches.
    case stopped
  }

  private enum State: Sendable, Hashable {
    case disabled
    case idle(lastWake: Int64?)
    /// Data arrived at `arrivedAt` within the period that began at `lastWake`.
    case pending(lastWake: Int64, arrivedAt: Int64)
    /// `firstWake` starts the frequency's period; `deadline` is when the current launch counts
    /// as missed; `morePending` is whether data arrived since the launch.
    case awaiting(firstWake: Int64, attempt: Int, deadline: Int64, morePending: Bool)
    case stopped
  }

  /// The number of unanswered launches after which delivery stops (3, Apple's documentation).
  public static let missLimit = 3
  /// How long the first launch has to answer (1 min, ns); each retry gets twice as long as the
  /// one before (workout-sim's choice).
  public static let firstResponseWindow: Int64 = 60_000_000_000

  /// The type's fastest allowed frequency.
  public let fastest: BackgroundDeliveryFrequency
  /// The effective frequency (the last one enabled, raised to ``fastest``).
  public private(set) var frequency: BackgroundDeliveryFrequency = .immediate
  private var current: State = .disabled

  /// A machine for a type whose fastest delivery is `fastest`, disabled.
  public init(fastest: BackgroundDeliveryFrequency = .immediate) {
    self.fastest = fastest
  }

  /// A machine for `type` (its ``HealthDataType/fastestDeliveryFrequency``), disabled.
  public init(type: HealthDataType) {
    self.init(fastest: type.fastestDeliveryFrequency)
  }

  // MARK: - Derived facts

  /// Where the machine is.
  public var phase: Phase {
    switch current {
    case .disabled: .disabled
    case .idle: .idle
    case .pending: .pending
    case .awaiting: .awaiting
    case .stopped: .stopped
    }
  }

  /// Whether delivery is enabled and not stopped.
  public var isEnabled: Bool {
    switch current {
    case .disabled, .stopped: false
    case .idle, .pending, .awaiting: true
    }
  }

  /// The next instant at which ``deadlinePassed(at:)`` has something to do: a pending wake or
  /// the current launch's response deadline.
  public var deadline: SimulationInstant? {
    switch current {
    case .pending(let lastWake, let arrivedAt):
      SimulationInstant(nanoseconds: max(arrivedAt, lastWake &+ frequency.period))
    case .awaiting(_, _, let deadline, _): SimulationInstant(nanoseconds: deadline)
    case .disabled, .idle, .stopped: nil
    }
  }

  /// The response window of launch `attempt` (1-based): 1, 2, 4 min.
  public static func responseWindow(attempt: Int) -> Int64 {
    firstResponseWindow << Int64(max(0, attempt - 1))
  }

  // MARK: - Events

  /// `enableBackgroundDelivery(for:frequency:)` with `requested`: enabled at the slower of
  /// `requested` and ``fastest``. A pending wake moves to the new period's end; a stopped
  /// delivery starts again.
  public mutating func enable(_ requested: BackgroundDeliveryFrequency) -> Action {
    frequency = max(requested, fastest)
    switch current {
    case .disabled, .stopped:
      current = .idle(lastWake: nil)
    case .idle, .pending, .awaiting:
      break
    }
    return .enabled(frequency)
  }

  /// `disableBackgroundDelivery(for:)` (or `disableAllBackgroundDelivery`).
  public mutating func disable() -> Action {
    if case .disabled = current { return .none }
    current = .disabled
    return .disabled
  }

  /// New samples of the type reached the store at `date` while the app is in the background:
  /// a wake now when the period allows it, else a pending wake at the period's end.
  public mutating func dataArrived(at date: SimulationInstant) -> Action {
    let now = date.nanoseconds
    switch current {
    case .idle(let lastWake):
      guard let lastWake, lastWake &+ frequency.period > now else {
        return wake(firstWake: now, attempt: 1)
      }
      current = .pending(lastWake: lastWake, arrivedAt: now)
      return .none
    case .awaiting(let firstWake, let attempt, let deadline, _):
      current = .awaiting(
        firstWake: firstWake, attempt: attempt, deadline: deadline, morePending: true)
      return .none
    case .disabled, .pending, .stopped:
      return .none
    }
  }

  /// Virtual time reached ``deadline`` (`date` at or after it): a pending wake happens; an
  /// unanswered launch is a miss, retried with a doubled window or, at the third, stopped.
  public mutating func deadlinePassed(at date: SimulationInstant) -> Action {
    let now = date.nanoseconds
    switch current {
    case .pending(let lastWake, let arrivedAt)
    where max(arrivedAt, lastWake &+ frequency.period) <= now:
      return wake(firstWake: now, attempt: 1)
    case .awaiting(let firstWake, let attempt, let deadline, _) where deadline <= now:
      guard attempt < Self.missLimit else {
        current = .stopped
        return .stopped(misses: attempt)
      }
      current = .awaiting(
        firstWake: firstWake, attempt: attempt + 1,
        deadline: deadline &+ Self.responseWindow(attempt: attempt + 1), morePending: false)
      return .wake(attempt: attempt + 1)
    case .disabled, .idle, .pending, .awaiting, .stopped:
      return .none
    }
  }

  /// The app called a completion handler of the delivery in progress at `date`: answered. Data
  /// that arrived since the launch waits for the period's end (or is woken for at once).
  public mutating func completed(at date: SimulationInstant) -> Action {
    guard case .awaiting(let firstWake, _, _, let morePending) = current else { return .none }
    current = .idle(lastWake: firstWake)
    return morePending ? dataArrived(at: date) : .none
  }

  private mutating func wake(firstWake: Int64, attempt: Int) -> Action {
    current = .awaiting(
      firstWake: firstWake, attempt: attempt,
      deadline: firstWake &+ Self.responseWindow(attempt: attempt), morePending: false)
    return .wake(attempt: attempt)
  }
}
