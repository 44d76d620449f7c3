/// A series of heartbeats, HealthKit's `HKHeartbeatSeriesSample` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkheartbeatseriessample): made only by
/// ``HKHeartbeatSeriesBuilder/finishSeries(completion:)``, saved in the store (an
/// ``HKSampleQuery`` of ``HKSeriesType/heartbeat()`` finds it); its beats are read with
/// ``HKHeartbeatSeriesQuery``. ``HKSeriesSample/count`` is the number of beats; the sample
/// starts at the builder's start date and ends at its last beat (at the start without beats).
public final class HKHeartbeatSeriesSample: HKSeriesSample, @unchecked Sendable {
  /// The beats, in the order of their time since the series' start.
  let beats: [HKHeartbeatSeriesQueryDescriptor.Heartbeat]

  init(
    beats: [HKHeartbeatSeriesQueryDescriptor.Heartbeat], start: Date, metadata: [String: Any]?,
    device: HKDevice?
  ) {
    self.beats = beats
    super.init(
      type: .heartbeat(), count: beats.count, startDate: start,
      endDate: start.addingTimeInterval(beats.last?.timeIntervalSinceStart ?? 0),
      metadata: metadata, device: device)
  }

  /// Writes the series' fields and the beats.
  public override func encode(with coder: NSCoder) {
    super.encode(with: coder)
    coder.encode(beats.map { $0.timeIntervalSinceStart as NSNumber } as NSArray, forKey: "times")
    coder.encode(beats.map { $0.precededByGap as NSNumber } as NSArray, forKey: "gaps")
  }

  /// Reads what ``encode(with:)`` wrote; `nil` without the beats.
  public required init?(coder: NSCoder) {
    guard
      let times = coder.decodeObject(of: [NSArray.self, NSNumber.self], forKey: "times")
        as? [NSNumber],
      let gaps = coder.decodeObject(of: [NSArray.self, NSNumber.self], forKey: "gaps")
        as? [NSNumber], times.count == gaps.count
    else { return nil }
    beats = zip(times, gaps).map {
      HKHeartbeatSeriesQueryDescriptor.Heartbeat(
        timeIntervalSinceStart: $0.doubleValue, precededByGap: $1.boolValue)
    }
    super.init(coder: coder)
  }
}

/// Builds a heartbeat series, HealthKit's `HKHeartbeatSeriesBuilder` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkheartbeatseriesbuilder): add each
/// beat's time since the start date, then ``finishSeries(completion:)`` saves an
/// ``HKHeartbeatSeriesSample``.
///
/// Errors (`HKError`, through the completion or thrown by the async form), besides those every
/// series builder has (``HKSeriesBuilder``: authorization to share ``HKSeriesType/heartbeat()``,
/// a finished or discarded builder):
/// - a negative time: `errorInvalidArgument` (Apple: "This must be a positive value"; a beat at
///   the start date, 0 s, is taken);
/// - a beat past ``maximumCount``: `errorInvalidArgument` (Apple: "any attempt to call the
///   addHeartbeatWithTimeInterval method fails").
///
/// Beats are kept in the order of their times (one added late goes after every one not later);
/// workout-sim's choice, Apple documents none.
public final class HKHeartbeatSeriesBuilder: HKSeriesBuilder, @unchecked Sendable {
  /// The most beats one series takes (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkheartbeatseriesbuilder/maximumcount):
  /// 10 000, workout-sim's value (Apple does not publish its own), well above the 4 500 beats
  /// of 30 minutes at 150 count/min.
  public class var maximumCount: Int { 10_000 }

  /// The series' start date: each beat's time is measured from it.
  private let startDate: Date
  /// ``startDate`` as the wall-clock rule read it when the builder was made (`nil` on virtual
  /// time), restored as a base for `finishSeries`.
  private let heldStart: HealthKitSimulation.HeldAppDate?
  /// The beats added (guarded by ``HKSeriesBuilder/lock``).
  private var beats: [HKHeartbeatSeriesQueryDescriptor.Heartbeat] = []

  /// A builder of a series starting at `startDate` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkheartbeatseriesbuilder/init(healthstore:device:start:)).
  ///
  /// - Parameters:
  ///   - healthStore: the store the series is saved in.
  ///   - device: the device that recorded the beats, or `nil` for the app's own data.
  ///   - startDate: the sample's start date. A real-clock date (`Date() - 300`) is read by the
  ///     wall-clock rule now, as the app's clock stands when it makes the builder, and stored
  ///     at that instant by `finishSeries` however long the beats took in real time (a project
  ///     rule: docs/swift-api.md#the-wall-clock-rule).
  public init(healthStore: HKHealthStore, device: HKDevice?, start startDate: Date) {
    self.startDate = startDate
    heldStart = healthStore.simulation.holdAppDate(startDate)
    super.init(
      simulation: healthStore.simulation, device: device, seriesType: .heartbeat(),
      noun: "heartbeat series", processDevice: healthStore.processDevice)
  }

  /// Adds a beat (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkheartbeatseriesbuilder/addheartbeatwithtimeinterval(sinceseriesstartdate:precededbygap:completion:)).
  ///
  /// - Parameters:
  ///   - timeIntervalSinceStart: the beat's time from the start date, in seconds, not negative.
  ///   - precededByGap: whether beats may be missing just before this one.
  ///   - completion: `(true, nil)`, or `(false, HKError)` (see the type).
  public func addHeartbeatWithTimeInterval(
    sinceSeriesStartDate timeIntervalSinceStart: TimeInterval, precededByGap: Bool,
    completion: @escaping @Sendable (Bool, (any Error)?) -> Void
  ) {
    report(add(timeIntervalSinceStart, precededByGap), to: completion)
  }

  /// Adds a beat (the async form of
  /// `addHeartbeatWithTimeInterval(sinceSeriesStartDate:precededByGap:completion:)`; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkheartbeatseriesbuilder/addheartbeat(at:precededbygap:)).
  ///
  /// - Throws: ``HKError`` as the completion form reports it.
  nonisolated(nonsending) public func addHeartbeat(
    at timeIntervalSinceStart: TimeInterval, precededByGap: Bool
  ) async throws {
    try await endCall(add(timeIntervalSinceStart, precededByGap))
  }

  /// Adds `metadata` to the sample's (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkheartbeatseriesbuilder/addmetadata(_:completion:)).
  ///
  /// - Parameters:
  ///   - metadata: keys and values; a later value replaces an earlier one of the same key.
  ///   - completion: `(true, nil)`, or `(false, HKError)` after the builder was finished.
  public func addMetadata(
    _ metadata: [String: Any], completion: @escaping @Sendable (Bool, (any Error)?) -> Void
  ) {
    report(add(metadata), to: completion)
  }

  /// Adds `metadata` (the async form of `addMetadata(_:completion:)`).
  ///
  /// - Throws: ``HKError`` as the completion form reports it.
  nonisolated(nonsending) public func addMetadata(_ metadata: [String: Any]) async throws {
    try await endCall(add(metadata))
  }

  /// Saves the series and hands it to `completion` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkheartbeatseriesbuilder/finishseries(completion:)).
  ///
  /// The series' start and end are read by the wall-clock rule under the name `finishSeries`
  /// (`start: Date()` is virtual now, with a `wallClockDate` entry); with
  /// `HealthKitSimulation.Options.strictDates` such a date is `errorInvalidArgument` with the
  /// rule's message, the builder is finished and nothing is saved (a project rule:
  /// docs/swift-api.md#the-wall-clock-rule).
  ///
  /// - Parameter completion: `(sample, nil)`, or `(nil, HKError)` (see the type).
  public func finishSeries(
    completion: @escaping @Sendable (HKHeartbeatSeriesSample?, (any Error)?) -> Void
  ) {
    report(finish(), to: completion)
  }

  /// Saves the series (the async form of `finishSeries(completion:)`).
  ///
  /// - Returns: the saved sample.
  /// - Throws: ``HKError`` as the completion form reports it.
  @discardableResult
  nonisolated(nonsending) public func finishSeries() async throws -> HKHeartbeatSeriesSample {
    try await endCall(finish())
  }

  /// Stops the builder without saving (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkseriesbuilder/discard()).
  public override func discard() { super.discard() }

  override func dropData() { beats.removeAll() }

  // MARK: - Rules

  private func add(_ time: TimeInterval, _ gap: Bool) -> HKError? {
    if let error = callError(.addHeartbeatWithTimeInterval) { return error }
    guard time >= 0, time.isFinite else {
      return HKError(
        .errorInvalidArgument,
        "A heartbeat's time since the series start must not be negative: \(time) s")
    }
    return lock.withLock { () -> HKError? in
      guard beats.count < Self.maximumCount else {
        return HKError(
          .errorInvalidArgument,
          "The heartbeat series already holds maximumCount (\(Self.maximumCount)) beats")
      }
      let beat = HKHeartbeatSeriesQueryDescriptor.Heartbeat(
        timeIntervalSinceStart: time, precededByGap: gap)
      let index = beats.lastIndex { $0.timeIntervalSinceStart <= time }.map { $0 + 1 } ?? 0
      beats.insert(beat, at: index)
      return nil
    }
  }

  private func finish() -> Result<HKHeartbeatSeriesSample, HKError> {
    if let error = callError(.finishSeries) { return .failure(error) }
    let (taken, metadata) = close(adding: nil) { beats }
    let sample = HKHeartbeatSeriesSample(
      beats: taken, start: startDate, metadata: metadata, device: device)
    simulation.restore(heldStart)
    if let error = keep(sample, call: "finishSeries") { return .failure(error) }
    return .success(sample)
  }
}
