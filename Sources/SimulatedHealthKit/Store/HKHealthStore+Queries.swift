import WorkoutCore

/// Running queries (docs/swift-api.md#the-health-store).
extension HKHealthStore {
  /// Runs `query` at virtual now: its handler calls enter the callback lane (off the main
  /// actor, serially) and run at the next delivery (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/execute(_:)).
  ///
  /// With `HealthKitSimulation.Options.strictDates`, a date of the query's predicate or a
  /// collection query's anchor that is the real wall clock fails the query: its handler gets
  /// `HKError(.errorInvalidArgument)` naming the call that took the date ("The date passed to
  /// predicateForSamples is the real wall clock (Date()), ...";
  /// docs/swift-api.md#the-wall-clock-rule).
  ///
  /// While the phone is locked (the scenario's lock periods) the query's handler gets
  /// `HKError(.errorDatabaseInaccessible)` ("Protected health data is inaccessible") and the
  /// query ends. After the app's termination the call is ignored.
  ///
  /// Traps with HealthKit's message "<query> has already been executed and cannot be executed
  /// again." when `query` was executed before, and with the options messages of
  /// ``HKStatisticsQuery`` for options that do not fit the type.
  public func execute(_ query: HKQuery) {
    let again = query.lifecycle.withLock { lifecycle -> Bool in
      defer { lifecycle.executed = true }
      return lifecycle.executed
    }
    precondition(!again, HKQuery.executedTwiceMessage(query))
    query.executedIn.withLock {
      $0.simulation = simulation
      $0.device = device
    }
    if let made = query.made {
      made.simulation?.unusedObjects.withLock { $0.used(made.number) }
    }
    let context = QueryContext(simulation: simulation, device: device)
    let world = simulation
    // An anchor of another simulation is reported here; the query reads it as none
    // (`HKQuery.startAnchor(in:)`).
    _ = readableAnchor(query.appAnchor, call: "\(query)")
    let owner = processDevice
    world.mutate { state in
      guard state.terminated == nil else { return }
      // The query belongs to the app process of the store's device, as it is now.
      let process = state.process(of: owner)
      query.process.withLock { $0 = process }
      // The query reads the store as it is now: a live workout's samples come in first
      // (docs/healthkit-behaviour.md#a-live-workouts-samples).
      state.bringLiveSamplesIn()
      let now = state.session.now
      // With strict dates the first real-clock date refuses the query (the wall-clock rule).
      var strict: WorkoutError?
      for (date, call) in query.appDates where strict == nil {
        strict = world.refuseStrictDates([date], call: call, in: &state)
      }
      let callbacks =
        if let strict {
          query.fail(HKError(strict))
        } else if query.failsWhileLocked && state.healthDataIsInaccessible(at: now) {
          query.fail(lockedError)
        } else {
          query.activate(in: context, state: &state)
        }
      if !callbacks.isEmpty {
        state.enqueue(query.owned(callbacks))
        state.turnDue = true
      }
    }
    // Every query kind comes here: made after the run, the call is reported once (its handlers
    // still run on the lane; docs/swift-api.md#nothing-silent).
    world.reportIfAfterRun(CallInFlight(function: #function, fileID: #fileID))
  }

  /// `anchor` when a query of this store's simulation may read it; `nil` for an anchor another
  /// simulation's query returned, which is reported (`foreignObject`, naming `call`: what
  /// happened and what to write instead; docs/swift-api.md#anchors-belong-to-one-simulation).
  func readableAnchor(_ anchor: HKQueryAnchor?, call: String) -> HKQueryAnchor? {
    guard let anchor else { return nil }
    let world = simulation
    guard !anchor.belongs(to: world) else { return anchor }
    world.reportForeignValue(
      call: call,
      message:
        "the anchor \(anchor) was returned by a query of another simulation, and an anchor "
        + "belongs to the health store (the device) that returned it, so the query read it as no "
        + "anchor and returned everything from the beginning, as after a reinstall: keep no "
        + "anchor across tests, give each test (each simulation) storage of its own (a "
        + "UserDefaults(suiteName:) per test, or remove the stored anchor when the test begins)")
    return nil
  }

  /// Stops `query`: no handler of it is called after this returns (a call already queued in the
  /// lane is dropped); a query not running is left as it is (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/stop(_:)).
  ///
  /// A query not executed yet is not running: stopping it does nothing, and a later
  /// ``execute(_:)`` runs it as if `stop` was never called (Apple's page says `stop` "Stops a
  /// long-running query"; what it does to one not started is workout-sim's reading: project
  /// rule, docs/healthkit-behaviour.md#stopping-a-query-before-it-runs).
  public func stop(_ query: HKQuery) {
    let running = query.lifecycle.withLock { lifecycle in
      guard lifecycle.executed else { return false }
      lifecycle.stopped = true
      return true
    }
    guard running else { return }
    simulation.state.withLock { state in
      state.healthListeners.removeAll { $0 === (query as AnyObject) }
    }
  }
}
