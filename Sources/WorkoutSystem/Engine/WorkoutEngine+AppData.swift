import WorkoutCore

/// Samples and metadata the app adds to a session's builder through the Swift API
/// (`HKWorkoutBuilder.add(_:completion:)`, `addMetadata(_:completion:)`; docs/swift-api.md).
/// Each call is made at an instant as the calls of `WorkoutEngine+API.swift` are, and reports
/// its failure the same way: in ``errors`` and ``log``.
extension WorkoutEngine {
  /// `add(_:)` on session `index`'s builder: every sample is checked first
  /// (``LiveWorkoutBuilder/validateAppSample(_:of:now:)``, against the call's instant), then all
  /// join the builder's samples and statistics, and the app gets one `dataCollected` batch with
  /// their types and count at the call's instant (its own log entry; data-source samples due at
  /// the same instant join it).
  ///
  /// - Returns: whether the samples were added (else nothing was, and the error is in
  ///   ``errors``: "HKSample data cannot be nil or empty" for none, or the check's).
  @discardableResult
  public mutating func addSamples(
    _ samples: [AppQuantitySample], toSession index: Int, at instant: SimulationInstant
  ) -> Bool {
    guard sessions.indices.contains(index) else { return false }
    return step(at: instant, call: .builder(.addSamples)) { engine, date in
      do throws(WorkoutError) {
        guard !samples.isEmpty else {
          throw .invalidArgument("HKSample data cannot be nil or empty")
        }
        for item in samples {
          try engine.sessions[index].builder.validateAppSample(
            item.sample, of: item.type, now: date)
        }
      } catch {
        engine.report(error, call: .builder(.addSamples), session: index, at: date)
        return false
      }
      var types = QuantityTypeSet()
      for item in samples {
        engine.sessions[index].builder.addAppSample(item.sample, of: item.type)
        types.insert(item.type)
      }
      // A batch of its own: one the app already heard of at this instant is not grown.
      engine.notify(index, at: date, .dataCollected(types: types, count: samples.count))
      return true
    } ?? false
  }

  /// `addMetadata(_:)` on session `index`'s builder: the keys join the record's metadata (later
  /// values win; the app's keys win over the configuration's `HKTimeZone` and the body's
  /// `HKElevationAscended` / `HKAverageMETs`; `HKIndoorWorkout` always follows the location).
  /// Accepted until the workout is finished or discarded; after that only metadata already
  /// present, unchanged, succeeds (HealthKit's no-op).
  ///
  /// - Returns: whether the metadata was accepted (else the error is in ``errors``: "Unable to
  ///   add metadata to a workout that is finished." (project wording)).
  @discardableResult
  public mutating func addMetadata(
    _ metadata: [String: MetadataValue], toSession index: Int, at instant: SimulationInstant
  ) -> Bool {
    guard sessions.indices.contains(index) else { return false }
    return step(at: instant, call: .builder(.addMetadata)) { engine, date in
      let session = engine.sessions[index]
      switch session.builder.lifecycle {
      case .notStarted, .active, .ended:
        engine.sessions[index].appMetadata.merge(metadata) { $1 }
        return true
      case .finished, .discarded:
        if metadata.allSatisfy({ session.appMetadata[$0.key] == $0.value }) { return true }
        engine.report(
          .invalidArgument("Unable to add metadata to a workout that is finished."),
          call: .builder(.addMetadata), session: index, at: date)
        return false
      }
    } ?? false
  }

  /// Metadata that session `index`'s configuration gives its record (the Swift API's
  /// `HKWorkoutConfiguration.swimmingLocationType` and `lapLength` as `HKSwimmingLocationType`
  /// and `HKLapLength`), as part of making the session: no call, no log entry. It replaces the
  /// scenario's configuration for the activity whole when it names one of its keys, as a
  /// swimming leg's does (``activityMetadata(configured:app:)``; docs/models.md#swimming); the
  /// app's own keys (``addMetadata(_:toSession:at:)``) win over both.
  public mutating func setConfigurationMetadata(
    _ metadata: [String: MetadataValue], ofSession index: Int
  ) {
    guard sessions.indices.contains(index) else { return }
    sessions[index].configurationMetadata = metadata
  }

  /// The watch counts swimming session `index`'s pool lengths itself, on the course (a session
  /// the app made with a pool configuration in a scenario without lengths of its own: no
  /// `swim`, no replayed pool swim; `SimulationSession.poolSwimBegan(lapLength:at:)` records
  /// them), as part of making the session: from the session's next sampling interval on, its
  /// `distanceSwimming` and `swimmingStrokeCount` are recorded once per length, not on the grid
  /// (docs/models.md#swimming).
  package mutating func setCountsPoolLengths(ofSession index: Int) {
    guard sessions.indices.contains(index) else { return }
    sessions[index].countsPoolLengths = true
  }

  /// The metadata the app added to session `index`'s builder.
  public func appMetadata(ofSession index: Int) -> [String: MetadataValue] {
    sessions.indices.contains(index) ? sessions[index].appMetadata : [:]
  }
}

/// One sample the app adds: a value of `type` in the type's unit (``QuantityType/unit``).
public struct AppQuantitySample: Sendable, Hashable {
  /// The quantity type.
  public var type: QuantityType
  /// The sample's dates and value (discrete types count at `start`).
  public var sample: QuantitySample

  /// A sample of `type`.
  public init(_ type: QuantityType, _ sample: QuantitySample) {
    self.type = type
    self.sample = sample
  }
}
