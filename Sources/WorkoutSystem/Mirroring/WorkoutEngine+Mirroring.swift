import WorkoutCore

/// Mirroring the watch's workout session to the phone (docs/phone-link.md#mirrored-workout-sessions):
/// the calls, the forwarding of the primary's state changes, the sends, the disconnects.
extension WorkoutEngine {
  /// The delay of every mirroring delivery (the phone link's message latency, a project rule).
  var mirroringLatency: Duration { configuration.link.messageLatency }

  /// Whether the two devices can talk now (in Bluetooth range, or on the same Wi-Fi).
  var mirroringLinkConnected: Bool { linkIsConnected }

  /// After a world action or a deadline at `date`: a mirroring whose link dropped ends
  /// (``mirroringLinkLost(at:)``); objects saved while the link was down get their sync
  /// arrival once it is up again.
  mutating func linkConnectivityChecked(at date: SimulationInstant) {
    if mirroring.active != nil, !linkIsConnected { mirroringLinkLost(at: date) }
    if linkIsConnected { healthSyncResumed(at: date) }
  }

  /// The engine session being mirrored now, or `nil`.
  public var mirroredSessionIndex: Int? { mirroring.active?.session }

  /// The number of the mirroring now (1 for the run's first), or `nil`.
  public var currentMirroringNumber: Int? { mirroring.active?.mirroring }

  /// Performs a mirroring call at `date` (the app checks were made by ``perform(_:at:)``).
  mutating func mirroringCall(_ operation: MirroringOperation, at date: SimulationInstant) {
    let latency = date.advanced(by: mirroringLatency).nanoseconds
    switch operation {
    case .start:
      guard let index = currentSessionIndex else {
        report(.noSession, call: .engine(.mirroring(operation)), session: nil, at: date)
        return
      }
      if let active = mirroring.active {
        // Already mirroring: succeeds, nothing new for the phone (project rule).
        logMirroring(
          MirroringEvent(session: active.session, mirroring: active.mirroring, change: .started))
        return
      }
      let state = sessions[index].machine.state
      let failure: MirroringError? =
        state == .ended ? .sessionEnded : (mirroringLinkConnected ? nil : .notConnected)
      if let failure {
        logMirroring(
          MirroringEvent(session: index, mirroring: mirroring.count, change: .startFailed(failure)))
        return
      }
      let number = mirroring.begin(session: index)
      logMirroring(MirroringEvent(session: index, mirroring: number, change: .started))
      mirroring.schedule(
        MirroringEvent(session: index, mirroring: number, change: .remoteStarted(state: state)),
        due: latency)
    case .stop:
      guard let active = mirroring.active else {
        logMirroring(
          MirroringEvent(
            session: currentSessionIndex ?? 0, mirroring: mirroring.count,
            change: .stopFailed(.notMirroring)))
        return
      }
      mirroring.end(dropPending: false)
      logMirroring(
        MirroringEvent(session: active.session, mirroring: active.mirroring, change: .stopped))
      mirroring.schedule(
        MirroringEvent(
          session: active.session, mirroring: active.mirroring,
          change: .disconnected(.phone, .stopped)),
        due: latency)
    case .send(let from, let bytes):
      guard let active = mirroring.active else {
        logMirroring(
          MirroringEvent(
            session: currentSessionIndex ?? 0, mirroring: mirroring.count,
            change: .sendFailed(from: from, .notMirroring, byteCount: bytes)))
        return
      }
      guard let number = mirroring.acceptSend(from: from, bytes: bytes, at: date.nanoseconds) else {
        logMirroring(
          MirroringEvent(
            session: active.session, mirroring: active.mirroring,
            change: .sendFailed(from: from, .dataSizeExceeded, byteCount: bytes)))
        return
      }
      logMirroring(
        MirroringEvent(
          session: active.session, mirroring: active.mirroring,
          change: .sent(from: from, send: number, byteCount: bytes)))
      mirroring.schedule(
        MirroringEvent(
          session: active.session, mirroring: active.mirroring,
          change: .received(to: from.counterpart, firstSend: number, count: 1, byteCount: bytes)),
        due: latency)
    case .remoteCall(let call):
      guard let active = mirroring.active, mirroringLinkConnected else {
        logMirroring(
          MirroringEvent(
            session: mirroring.active?.session ?? currentSessionIndex ?? 0,
            mirroring: mirroring.count, change: .remoteCallFailed(call, .syncFailed)))
        return
      }
      mirroring.schedule(
        MirroringEvent(
          session: active.session, mirroring: active.mirroring,
          change: .remoteCallForwarded(call)),
        due: latency)
    }
  }

  /// Logs a send that the Swift door refused before it reached the rules here (the other
  /// side's session has no delegate, which only the door knows; a mirrored session the door
  /// saw disconnected) as the engine logs its own failed sends: one `remoteDataSendFailed`
  /// entry at virtual now, with the error (docs/run-result.md#log). Changes nothing else: the
  /// refused send is not counted in the budget.
  ///
  /// - Parameters:
  ///   - side: the sending side.
  ///   - byteCount: the data's size, bytes.
  ///   - error: why it was refused.
  public mutating func mirroringSendRefused(
    from side: CompanionDevice, byteCount: Int, _ error: MirroringError
  ) {
    logMirroring(
      MirroringEvent(
        session: mirroring.active?.session ?? currentSessionIndex ?? 0,
        mirroring: mirroring.active?.mirroring ?? mirroring.count,
        change: .sendFailed(from: side, error, byteCount: byteCount)))
  }

  /// The primary's state changed: forwarded to the phone `latency` later; an end also ends the
  /// mirroring (the phone's disconnect follows its `ended` change).
  mutating func mirroringSessionChanged(_ change: SessionStateChange, session index: Int) {
    guard let active = mirroring.active, active.session == index else { return }
    let due = change.date.advanced(by: mirroringLatency).nanoseconds
    mirroring.schedule(
      MirroringEvent(
        session: index, mirroring: active.mirroring,
        change: .remoteStateChange(from: change.from, to: change.to, date: change.date)),
      due: due)
    if change.to == .ended {
      mirroring.end(dropPending: false)
      mirroring.schedule(
        MirroringEvent(
          session: index, mirroring: active.mirroring, change: .disconnected(.phone, .ended)),
        due: due)
    }
  }

  /// The link dropped at `date`: a live mirroring ends at once on both sides; what was on its
  /// way is lost (project rule).
  mutating func mirroringLinkLost(at date: SimulationInstant) {
    guard let active = mirroring.active else { return }
    mirroring.end(dropPending: true)
    for device in [CompanionDevice.watch, .phone] {
      emit(
        EngineEffect(
          at: date, session: nil,
          kind: .mirroring(
            MirroringEvent(
              session: active.session, mirroring: active.mirroring,
              change: .disconnected(device, .linkLost)))))
    }
  }

  /// Makes the deliveries due at `date` (a lifecycle deadline): consecutive receptions on one
  /// side at one instant are one `didReceiveDataFromRemoteWorkoutSession` call.
  mutating func deliverMirroring(at date: SimulationInstant) {
    var merged: [MirroringEvent] = []
    for event in mirroring.takeDue(at: date.nanoseconds) {
      if case .received(let to, let first, let count, let bytes) = event.change,
        let last = merged.last, last.mirroring == event.mirroring,
        case .received(let lastTo, let lastFirst, let lastCount, let lastBytes) = last.change,
        lastTo == to, lastFirst + lastCount == first
      {
        merged[merged.count - 1].change = .received(
          to: to, firstSend: lastFirst, count: lastCount + count, byteCount: lastBytes + bytes)
      } else {
        merged.append(event)
      }
    }
    for event in merged {
      emit(EngineEffect(at: date, session: nil, kind: .mirroring(event)))
      if case .remoteCallForwarded(let call) = event.change,
        sessions.indices.contains(event.session)
      {
        sessionCall(call, session: event.session, at: date)
      }
    }
  }

  private mutating func logMirroring(_ event: MirroringEvent) {
    emit(EngineEffect(at: now, session: nil, kind: .mirroring(event)))
  }
}
