import WorkoutCore

/// Something the engine did that the app's objects hear of: a session's state change, an event,
/// a batch of samples, an error, an extended runtime session's change, a phone-link event or a
/// mirroring event. The Swift door (SimulatedHealthKit and its peers) turns effects into
/// delegate calls and handlers; the log is the record.
///
/// The engine writes each effect at one place (`emit`, and `emitBatch` for sample batches,
/// which skips the conversion): into ``WorkoutEngine/log`` as its
/// ``logEntry`` and, when ``WorkoutEngine/queuesEffects`` is set, into the outbox the door takes
/// with ``WorkoutEngine/takeEffects(into:)``. So callbacks come from the outbox, in the order
/// the effects happened, and the log stays what the run result writes. What only the record
/// keeps (records, unfinished sessions, motion reminders, the frameworks' system entries, ...)
/// is not an effect.
public struct EngineEffect: Sendable, Hashable {
  /// What happened; each case is the ``LogEntry/Kind`` of the same name.
  public enum Kind: Sendable, Hashable {
    /// The session's state changed (the session delegate's `didChangeTo`).
    case stateChange(from: WorkoutSessionState, to: WorkoutSessionState)
    /// The builder collected an event (`workoutBuilderDidCollectEvent`).
    case event(WorkoutEventType)
    /// The builder collected a batch of samples of `types`, `count` in all (`didCollectDataOf`).
    case dataCollected(types: QuantityTypeSet, count: Int)
    /// A call failed (``ErrorReport/call`` says which; the report's session is the effect's).
    // Boxed: a report (104 bytes) inline would make every entry of the log that size
    // (scripts/bench-output.sh's peak memory); errors are rare.
    indirect case error(ErrorReport)
    /// An extended runtime session changed (WatchKit's delegate calls).
    case extendedRuntime(ExtendedRuntimeEvent)
    /// Something happened on the phone link (WatchConnectivity's delegate calls and handlers).
    case link(LinkEvent)
    /// Something happened to the mirroring of a workout session (both sides' delegate calls).
    case mirroring(MirroringEvent)
    /// A sub-activity of the session began or ended (the session delegate's
    /// `didBeginActivityWith`/`didEndActivityWith`, the builder delegate's
    /// `didBegin`/`didEnd workoutActivity`), with the activity's type.
    case activity(WorkoutActivityChange, WorkoutActivityType)
    /// The watch app's state changed (WatchKit's application delegate calls:
    /// `applicationWillResignActive()`, `applicationDidEnterBackground()`, ...); no session's.
    case appState(AppStateChange)
  }

  /// When it happened.
  public var at: SimulationInstant
  /// The engine session whose app objects hear of it, or `nil` (an effect for a framework's
  /// listener, or an error while the app had no session).
  public var session: Int?
  /// What happened.
  public var kind: Kind

  /// Creates an effect.
  public init(at: SimulationInstant, session: Int?, kind: Kind) {
    self.at = at
    self.session = session
    self.kind = kind
  }

  /// The effect as the log records it.
  public var logEntry: LogEntry {
    let recorded: LogEntry.Kind =
      switch kind {
      case .stateChange(let from, let to): .stateChange(from: from, to: to)
      case .event(let type): .event(type)
      case .dataCollected(let types, let count): .dataCollected(types: types, count: count)
      case .error(let report): .error(report)
      case .extendedRuntime(let event): .extendedRuntime(event)
      case .link(let event): .link(event)
      case .mirroring(let event): .mirroring(event)
      case .activity(let change, let type): .activity(change, type)
      case .appState(let change): .appState(change)
      }
    return LogEntry(at: at, session: session, kind: recorded)
  }
}

extension WorkoutEngine {
  /// Writes `effect` into the log and, when ``queuesEffects`` is set, the outbox: the one place
  /// both are written.
  mutating func emit(_ effect: EngineEffect) {
    log.append(effect.logEntry)
    if queuesEffects { effects.append(effect) }
  }

  /// ``emit(_:)`` for a batch of samples, made without an ``EngineEffect`` value to convert
  /// and destroy when no outbox is kept: the command line's run makes one per sample instant,
  /// about 120 000 a simulated week (scripts/bench-output.sh).
  mutating func emitBatch(
    session index: Int, at date: SimulationInstant, types: QuantityTypeSet, count: Int
  ) {
    log.append(LogEntry(at: date, session: index, kind: .dataCollected(types: types, count: count)))
    if queuesEffects {
      effects.append(
        EngineEffect(at: date, session: index, kind: .dataCollected(types: types, count: count)))
    }
  }

  /// Grows the last batch, when the log's last entry is a batch of session `index` at `date`,
  /// by `types` and `count` (samples produced at one instant are one batch), in the log and in
  /// the outbox if it is still there (not taken yet). Returns whether it did.
  mutating func growLastBatch(
    session index: Int, at date: SimulationInstant, types: QuantityTypeSet, count: Int
  ) -> Bool {
    // Read in place: `log.last` would copy the last entry (and retain its payload).
    let lastIndex = log.count - 1
    guard lastIndex >= 0, log[lastIndex].at == date, log[lastIndex].session == index,
      case .dataCollected(let previousTypes, let previousCount) = log[lastIndex].kind
    else { return false }
    log[lastIndex].kind = .dataCollected(
      types: previousTypes.union(types), count: previousCount + count)
    guard queuesEffects else { return true }
    // The outbox's last effect is that batch unless the door has taken it (then the app heard
    // of the batch already, and hears of nothing more at this instant, as before the outbox).
    let queued = effects.count - 1
    if queued >= 0, effects[queued].at == date, effects[queued].session == index,
      case .dataCollected(let queuedTypes, let queuedCount) = effects[queued].kind
    {
      effects[queued].kind = .dataCollected(
        types: queuedTypes.union(types), count: queuedCount + count)
    }
    return true
  }

  /// Moves the effects queued since the last take into `buffer` (empty; its storage becomes the
  /// outbox's, so neither side allocates per take), in the order they happened.
  public mutating func takeEffects(into buffer: inout [EngineEffect]) {
    swap(&buffer, &effects)
  }
}
