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
/// with an empty array and saves nothing.
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
  /// time), restored as a base for the save of `finishSeries`.
  private let heldStart: HealthKitSimulation.HeldAppDate?

  private struct Series {
    var entries: [QuantitySeriesEntry] = []
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
    try insert(quantity, for: DateInterval(start: date, duration: 0))
  }

  /// Adds `quantity` over `dateInterval`; a quantity with the start of an earlier one replaces
  /// it (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantityseriessamplebuilder/insert(_:for:)).
  ///
  /// - Throws: `HKError(.errorInvalidArgument)` when the interval starts before ``startDate``
  ///   (HealthKit's documented error), when the quantity's unit does not fit ``quantityType``
  ///   or the builder was finished or discarded (workout-sim's choice of error for the two
  ///   cases HealthKit does not document).
  public func insert(_ quantity: HKQuantity, for dateInterval: DateInterval) throws {
    guard dateInterval.start >= startDate else {
      throw HKError(
        .errorInvalidArgument,
        "The quantity's date \(dateInterval.start) is before the series' start date \(startDate)")
    }
    guard quantityType.is(compatibleWith: quantity.unit) else {
      throw HKError(
        .errorInvalidArgument,
        "\(quantity) is not compatible with \(quantityType.identifier) (its unit: \(quantityType.canonicalUnit))"
      )
    }
    let entry = QuantitySeriesEntry(quantity: quantity, dateInterval: dateInterval)
    let open = series.withLock { series -> Bool in
      guard !series.closed else { return false }
      if let index = series.entries.firstIndex(where: {
        $0.dateInterval.start == dateInterval.start
      }) {
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
      healthStore.simulation.restore(heldStart)
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
    healthStore.simulation.restore(heldStart)
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
    let taken = series.withLock { series -> [QuantitySeriesEntry]? in
      guard !series.closed else { return nil }
      series.closed = true
      return series.entries
    }
    guard let taken else { return .failure(Self.closedError) }
    guard !taken.isEmpty else { return .success(nil) }
    let entries = taken.enumerated().sorted {
      ($0.element.dateInterval.start, $0.offset) < ($1.element.dateInterval.start, $1.offset)
    }.map(\.element)
    let latest = entries.map(\.dateInterval.end).max() ?? startDate
    if let endDate, endDate < latest {
      return .failure(
        HKError(
          .errorInvalidArgument,
          "The series' end date \(endDate) is before its last quantity's end \(latest)"))
    }
    return .success(
      HKQuantitySample.series(
        of: quantityType, entries: entries, start: startDate, end: endDate ?? latest,
        device: device, metadata: metadata,
        sourceRevision: HKSourceRevision(source: .default(), version: nil)))
  }
}
