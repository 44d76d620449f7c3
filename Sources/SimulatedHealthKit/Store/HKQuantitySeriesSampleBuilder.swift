import Synchronization

/// Builds one quantity sample from many quantities, HealthKit's `HKQuantitySeriesSampleBuilder`
/// (Apple doc: https://developer.apple.com/documentation/healthkit/hkquantityseriessamplebuilder).
///
/// `insert` collects quantities; `finishSeries` saves one sample of them (an
/// ``HKCumulativeQuantitySample`` whose quantity is their sum, or an
/// ``HKDiscreteQuantitySample`` with their minimum, average, maximum and most recent) under the
/// app's source, with ``HKQuantitySample/count`` the number of quantities, and returns it in an
/// array. ``HKQuantitySeriesSampleQuery`` reads the quantities back
/// (docs/healthkit-types.md#quantity-series).
///
/// workout-sim's choices where HealthKit does not document them: the sample starts at the
/// builder's ``startDate`` and ends at the `endDate` given, else at the latest end of its
/// quantities; it is never split into several samples; a series without quantities finishes
/// with an empty array and saves nothing. Dates of the real clock (`Date()`) are read by the
/// wall-clock rule where the app passes them (the start when the builder is made, each
/// quantity's at `insert`, `endDate` at `finishSeries`), so the sample and its quantities are
/// on virtual time, where the app's clock stood at each call (a project rule:
/// docs/swift-api.md#the-wall-clock-rule).
public final class HKQuantitySeriesSampleBuilder: NSObject, @unchecked Sendable {
  /// The type of the series' quantities.
  public let quantityType: HKQuantityType
  /// The sample's start: no quantity may start before it.
  public let startDate: Date
  /// The device that measured the quantities, or `nil` for the app's own data.
  public let device: HKDevice?
  private let healthStore: HKHealthStore
  private let series = Mutex(Series())
  /// ``startDate`` as the wall-clock rule read it when the builder was made (`nil` on virtual
  /// time), restored as a base before each `insert` reads its dates.
  private let heldStart: HealthKitSimulation.HeldAppDate?

  private struct Series {
    /// The quantities, dated as the wall-clock rule read them when each was inserted.
    var entries: [QuantitySeriesEntry] = []
    /// ``startDate`` as the rule read it with the newest quantity (`nil` before the first).
    var start: Date?
    /// `finishSeries` or `discard` was called.
    var closed = false
  }

  /// A builder of a `quantityType` sample starting at `startDate` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantityseriessamplebuilder/init(healthstore:quantitytype:startdate:device:)).
  ///
  /// A real-clock `startDate` (`Date() - 300`) is read by the wall-clock rule now, as the app's
  /// clock stands when it makes the builder, and the sample saved by `finishSeries` starts at
  /// that instant however long the quantities took in real time (a project rule:
  /// docs/swift-api.md#the-wall-clock-rule).
  public init(
    healthStore: HKHealthStore, quantityType: HKQuantityType, startDate: Date, device: HKDevice?
  ) {
    self.healthStore = healthStore
    self.quantityType = quantityType
    self.startDate = startDate
    self.device = device
    heldStart = healthStore.simulation.holdAppDate(startDate)
  }

  /// Adds `quantity` at `date`: a zero-length interval (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantityseriessamplebuilder/insert(_:at:)).
  ///
  /// - Throws: as ``insert(_:for:)``.
  public func insert(_ quantity: HKQuantity, at date: Date) throws {
    try insert(quantity, DateInterval(start: date, duration: 0), call: "insert(_:at:)")
  }

  /// Adds `quantity` over `dateInterval`; a quantity with the start of an earlier one replaces
  /// it (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantityseriessamplebuilder/insert(_:for:)).
  ///
  /// The interval's dates are read by the wall-clock rule when `insert` is called, as the
  /// app's clock stands then (a project rule: docs/swift-api.md#the-wall-clock-rule): a
  /// quantity inserted at `Date()` at t = 60 stays at 60 however far virtual time moves before
  /// `finishSeries`, and `Date() - 30` inserted then is at 30.
  ///
  /// - Throws: `HKError(.errorInvalidArgument)` when the interval starts before ``startDate``
  ///   (HealthKit's documented error), when the quantity's unit does not fit ``quantityType``
  ///   or the builder was finished or discarded (workout-sim's choice of error for the two
  ///   cases HealthKit does not document); with `HealthKitSimulation.Options.strictDates`,
  ///   when the interval or ``startDate`` is the real clock (`Date()`), the rule's
  ///   `errorInvalidArgument` naming `insert(_:for:)` (or `insert(_:at:)`), nothing inserted.
  public func insert(_ quantity: HKQuantity, for dateInterval: DateInterval) throws {
    try insert(quantity, dateInterval, call: "insert(_:for:)")
  }

  /// Both `insert` forms: `call` is the one the app called (the name of its `wallClockDate`
  /// entry and of a strict-dates refusal).
  private func insert(_ quantity: HKQuantity, _ dateInterval: DateInterval, call: String) throws {
    guard quantityType.is(compatibleWith: quantity.unit) else {
      throw HKError(
        .errorInvalidArgument,
        "\(quantity) is not compatible with \(quantityType.identifier) (its unit: \(quantityType.canonicalUnit))"
      )
    }
    // Read now, with the builder's start as the base it was when the builder was made, so a
    // date derived from the start keeps its distance from it (the start read the same way).
    healthStore.simulation.restore(heldStart)
    let read: [Date]
    switch healthStore.simulation.readAppDatesOnVirtualTime(
      [startDate, dateInterval.start, dateInterval.end], call: call)
    {
    case .failure(let error): throw HKError(error)
    case .success(let dates): read = dates
    }
    // The start is where it was read when the builder was made: the rule keeps one call's
    // real-clock dates in their real order, and a quantity dated from a later `Date()` may lie
    // before the start on the real clock (`later - 3600` two virtual hours on) yet after it on
    // virtual time.
    let start = heldStart.map { healthStore.simulation.date(of: $0.instant) } ?? read[0]
    let interval = DateInterval(start: read[1], end: max(read[1], read[2]))
    guard interval.start >= start else {
      throw HKError(
        .errorInvalidArgument,
        "The quantity's date \(dateInterval.start) is before the series' start date \(startDate)")
    }
    let entry = QuantitySeriesEntry(quantity: quantity, dateInterval: interval)
    let open = series.withLock { series -> Bool in
      guard !series.closed else { return false }
      series.start = start
      if let index = series.entries.firstIndex(where: { $0.dateInterval.start == interval.start }) {
        series.entries[index] = entry
      } else {
        series.entries.append(entry)
      }
      return true
    }
    guard open else { throw Self.closedError }
  }

  /// Saves the series as one sample ending at the latest end of its quantities, and hands it
  /// to `completion` in the callback lane (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantityseriessamplebuilder/finishseries(metadata:completion:)).
  public func finishSeries(
    metadata: [String: Any]?,
    completion: @escaping @Sendable ([HKQuantitySample]?, (any Error)?) -> Void
  ) {
    finish(metadata: metadata, endDate: nil, call: #function, completion: completion)
  }

  /// Saves the series as one sample ending at `endDate` (`nil`: the latest end of its
  /// quantities) and hands it to `completion` in the callback lane (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantityseriessamplebuilder/finishseries(metadata:enddate:completion:)).
  public func finishSeries(
    metadata: [String: Any]?, endDate: Date?,
    completion: @escaping @Sendable ([HKQuantitySample]?, (any Error)?) -> Void
  ) {
    finish(metadata: metadata, endDate: endDate, call: #function, completion: completion)
  }

  /// The completion forms of `finishSeries`, `call` the one the app called (reported under
  /// that name after the run, once: the save is part of it).
  private func finish(
    metadata: [String: Any]?, endDate: Date?, call: StaticString,
    completion: @escaping @Sendable ([HKQuantitySample]?, (any Error)?) -> Void
  ) {
    switch close(metadata: metadata, endDate: endDate) {
    case .failure(let error):
      healthStore.simulation.enqueue(call: call) { completion(nil, error) }
    case .success(nil):
      healthStore.simulation.enqueue(call: call) { completion([], nil) }
    case .success(let sample?):
      healthStore.save([sample], call: call) { saved, error in
        completion(saved ? [sample] : nil, error)
      }
    }
  }

  /// The async form of ``finishSeries(metadata:completion:)``.
  ///
  /// - Returns: the saved sample in an array (empty for a series without quantities).
  /// - Throws: ``finishSeries(metadata:endDate:)``'s errors.
  @discardableResult
  nonisolated(nonsending) public func finishSeries(metadata: [String: Any]?) async throws
    -> [HKQuantitySample]
  {
    try await finishSeries(metadata: metadata, endDate: nil)
  }

  /// The async form of ``finishSeries(metadata:endDate:completion:)``.
  ///
  /// - Returns: the saved sample in an array (empty for a series without quantities).
  /// - Throws: `HKError(.errorInvalidArgument)` when the builder was finished or discarded, or
  ///   `endDate` is before a quantity's end; saving's errors (`errorAuthorizationDenied`,
  ///   `errorAuthorizationNotDetermined` for a type the app may not share).
  @discardableResult
  nonisolated(nonsending) public func finishSeries(metadata: [String: Any]?, endDate: Date?)
    async throws
    -> [HKQuantitySample]
  {
    guard let sample = try close(metadata: metadata, endDate: endDate).get() else {
      await healthStore.simulation.deliver()
      return []
    }
    try await healthStore.save(sample)
    return [sample]
  }

  /// Drops the quantities; the builder takes no more (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantityseriessamplebuilder/discard()).
  public func discard() {
    series.withLock { series in
      series.entries = []
      series.closed = true
    }
  }

  /// The error of a call on a finished or discarded builder.
  private static let closedError = HKError(
    .errorInvalidArgument, "The series builder was already finished or discarded")

  /// Closes the builder and makes its sample (`nil` without quantities).
  private func close(metadata: [String: Any]?, endDate: Date?) -> Result<
    HKQuantitySample?, HKError
  > {
    let closing = series.withLock { series -> (entries: [QuantitySeriesEntry], start: Date?)? in
      guard !series.closed else { return nil }
      series.closed = true
      return (series.entries, series.start)
    }
    guard let (taken, readStart) = closing else { return .failure(Self.closedError) }
    guard !taken.isEmpty else { return .success(nil) }
    let start = readStart ?? startDate
    // The end the app gives is read now, as its quantities' dates were at `insert`.
    var end: Date? = nil
    if let endDate {
      switch healthStore.simulation.readAppDatesOnVirtualTime([endDate], call: "finishSeries") {
      case .failure(let error): return .failure(HKError(error))
      case .success(let dates): end = dates[0]
      }
    }
    let entries = taken.enumerated().sorted {
      ($0.element.dateInterval.start, $0.offset) < ($1.element.dateInterval.start, $1.offset)
    }.map(\.element)
    let latest = entries.map(\.dateInterval.end).max() ?? start
    if let endDate, let end, end < latest {
      return .failure(
        HKError(
          .errorInvalidArgument,
          "The series' end date \(endDate) is before its last quantity's end \(latest)"))
    }
    return .success(
      HKQuantitySample.series(
        of: quantityType, entries: entries, start: start, end: end ?? latest,
        device: device, metadata: metadata,
        sourceRevision: HKSourceRevision(source: .default(), version: nil)))
  }
}
