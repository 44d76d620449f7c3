import WorkoutCore

/// The statistics of one quantity type over a time span, HealthKit's `HKStatistics` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkstatistics).
///
/// No public initializer (as in HealthKit): builders, workouts and queries make them. Cumulative
/// types have a ``sumQuantity()``; discrete types an average, minimum and maximum; both may have
/// a ``mostRecentQuantity()``. Statistics of a query with `separateBySource` have ``sources``
/// and the `for source:` forms (each source's own, unmerged values); otherwise those are `nil`.
public final class HKStatistics: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
  /// The type.
  public var quantityType: HKQuantityType {
    switch kind {
    case .engine(let type): .shared(engine: type)
    case .given(let type, _): type
    }
  }
  // Immutable to every holder: the variables change only in the `refill` methods,
  // for a builder's live statistics that nothing but the builder holds
  // (``HKWorkoutBuilder/statistics(for:)``). So no access can overlap that refill's, and they
  // go without the dynamic exclusivity check of a class's variables (a check on every read and
  // write, as much as the refill itself).
  /// The span's start.
  @exclusivity(unchecked) public private(set) var startDate: Date
  /// The span's end.
  @exclusivity(unchecked) public private(set) var endDate: Date
  /// The type, and the unit of every amount given as a ``Amount/value(_:)``.
  private let kind: Kind
  @exclusivity(unchecked) private var sum: Amount?
  @exclusivity(unchecked) private var average: Amount?
  @exclusivity(unchecked) private var minimum: Amount?
  @exclusivity(unchecked) private var maximum: Amount?
  @exclusivity(unchecked) private var mostRecent: Amount?
  @exclusivity(unchecked) private var mostRecentInterval: DateInterval?
  private let totalDuration: HKQuantity?
  /// The sources and their own statistics (bundle identifier → statistics), or `nil` when not
  /// separated by source.
  private let bySource: (sources: [HKSource], values: [String: HKStatistics])?

  /// The type and the unit of the ``Amount/value(_:)`` amounts.
  private enum Kind {
    /// An engine type: its shared ``HKQuantityType`` and its unit in the engine (live and
    /// workout statistics, made on every batch: no object to retain and release).
    case engine(QuantityType)
    /// The objects given.
    case given(HKQuantityType, unit: HKUnit?)
  }

  /// The unit of every amount given as a ``Amount/value(_:)``, or `nil`.
  private var valueUnit: HKUnit? {
    switch kind {
    case .engine(let type): type.healthKitUnit
    case .given(_, let unit): unit
    }
  }

  /// ``valueUnit`` without a retain, for a refill in place: the unit is held by ``kind`` (a
  /// constant of this object) or by the engine types' table
  /// (``QuantityType/unretainedHealthKitUnit``) while the refill runs.
  private var unretainedValueUnit: Unmanaged<HKUnit>? {
    switch kind {
    case .engine(let type): type.unretainedHealthKitUnit
    case .given(_, let unit): unit.map { Unmanaged.passUnretained($0) }
    }
  }

  /// One statistic: a quantity, or a value in the statistics' unit whose ``HKQuantity`` is made
  /// when it is asked for (live statistics are made on every batch and most are read for one
  /// quantity).
  package enum Amount: Sendable {
    /// A quantity made already.
    case quantity(HKQuantity)
    /// A value in the statistics' `unit`, made into an ``HKQuantity`` on every read.
    case value(Double)
  }

  /// The quantity of `amount` (a new one on each read of a ``Amount/value(_:)``), or `nil`.
  private func quantity(_ amount: Amount?) -> HKQuantity? {
    switch amount {
    case .quantity(let quantity)?: quantity
    case .value(let value)?: valueUnit.map { HKQuantity(unit: $0, doubleValue: value) }
    case nil: nil
    }
  }

  /// Creates statistics from their parts; quantities not computed are `nil`.
  package convenience init(
    quantityType: HKQuantityType, startDate: Date, endDate: Date, sumQuantity: HKQuantity? = nil,
    averageQuantity: HKQuantity? = nil, minimumQuantity: HKQuantity? = nil,
    maximumQuantity: HKQuantity? = nil, mostRecentQuantity: HKQuantity? = nil,
    mostRecentQuantityDateInterval: DateInterval? = nil, duration: HKQuantity? = nil
  ) {
    self.init(
      quantityType: quantityType, startDate: startDate, endDate: endDate,
      sum: sumQuantity.map(Amount.quantity), average: averageQuantity.map(Amount.quantity),
      minimum: minimumQuantity.map(Amount.quantity), maximum: maximumQuantity.map(Amount.quantity),
      mostRecent: mostRecentQuantity.map(Amount.quantity),
      mostRecentInterval: mostRecentQuantityDateInterval, duration: duration)
  }

  /// Creates statistics from their amounts (values in `unit`, made into quantities when read;
  /// without a `unit` a ``Amount/value(_:)`` reads as `nil`); amounts not computed are `nil`.
  package init(
    quantityType: HKQuantityType, startDate: Date, endDate: Date, unit: HKUnit? = nil,
    sum: Amount? = nil, average: Amount? = nil, minimum: Amount? = nil, maximum: Amount? = nil,
    mostRecent: Amount? = nil, mostRecentInterval: DateInterval? = nil,
    duration: HKQuantity? = nil, bySource: [(HKSource, HKStatistics)]? = nil
  ) {
    self.bySource = bySource.map { pairs in
      (
        pairs.map(\.0),
        Dictionary(
          pairs.map { ($0.0.bundleIdentifier, $0.1) }, uniquingKeysWith: { first, _ in first })
      )
    }
    self.kind = .given(quantityType, unit: unit)
    self.startDate = startDate
    self.endDate = endDate
    self.sum = sum
    self.average = average
    self.minimum = minimum
    self.maximum = maximum
    self.mostRecent = mostRecent
    self.mostRecentInterval = mostRecentInterval
    self.totalDuration = duration
  }

  /// Creates the statistics of engine type `type` over a span, without amounts: its maker gives
  /// them with
  /// ``refill(startDate:endDate:sum:average:minimum:maximum:mostRecent:mostRecentInterval:)``
  /// (values in the engine's unit of the type, made into quantities when read).
  package init(engine type: QuantityType, startDate: Date, endDate: Date) {
    self.bySource = nil
    self.kind = .engine(type)
    self.startDate = startDate
    self.endDate = endDate
    self.sum = nil
    self.average = nil
    self.minimum = nil
    self.maximum = nil
    self.mostRecent = nil
    self.mostRecentInterval = nil
    self.totalDuration = nil
  }

  /// The engine type of statistics made with ``init(engine:startDate:endDate:)``, else `nil`.
  package var engineType: QuantityType? {
    if case .engine(let type) = kind { type } else { nil }
  }

  /// Gives these statistics of an engine type (``init(engine:startDate:endDate:)``) their span
  /// and amounts (values in the engine's unit of the type; amounts not computed are `nil`), as
  /// they are made.
  package func refill(
    startDate: Date, endDate: Date, sum: Amount? = nil, average: Amount? = nil,
    minimum: Amount? = nil, maximum: Amount? = nil, mostRecent: Amount? = nil,
    mostRecentInterval: DateInterval? = nil
  ) {
    self.startDate = startDate
    self.endDate = endDate
    self.sum = sum
    self.average = average
    self.minimum = minimum
    self.maximum = maximum
    self.mostRecent = mostRecent
    self.mostRecentInterval = mostRecentInterval
  }

  /// Gives live statistics of an engine type their span and amounts again, in place, only
  /// while nothing else holds the object (the caller checks with `isKnownUniquelyReferenced`),
  /// so that no holder sees it change; the amounts are values in the engine's unit (`nil`: not
  /// computed). The object is refilled on every batch, so its amounts are read again and again:
  /// each is kept as a quantity (``keep(_:in:unit:)``).
  package func refill(
    startDate: Date, endDate: Date, sum: Double?, average: Double?, minimum: Double?,
    maximum: Double?, mostRecent: Double?, mostRecentInterval: DateInterval?
  ) {
    self.startDate = startDate
    self.endDate = endDate
    // Engine statistics always have their unit. Unretained: a retain and a release of the unit
    // per refill cost as much as the refill's amounts (live statistics are refilled for every
    // type the app reads on every batch).
    guard let unit = unretainedValueUnit else { return }
    Self.keep(sum, in: &self.sum, unit: unit)
    Self.keep(average, in: &self.average, unit: unit)
    Self.keep(minimum, in: &self.minimum, unit: unit)
    Self.keep(maximum, in: &self.maximum, unit: unit)
    Self.keep(mostRecent, in: &self.mostRecent, unit: unit)
    self.mostRecentInterval = mostRecentInterval
  }

  /// Sets `slot` to `value` (in `unit`) for a refill in place, as a quantity: the one `slot`
  /// holds, its value set in place, when nothing else holds it (the app let go of what it
  /// read), else a new one; `nil` empties the slot. So an app that reads the live statistics on
  /// every batch and keeps only the numbers makes no ``HKQuantity`` per read, and a quantity it
  /// keeps never changes.
  @inline(__always)
  private static func keep(_ value: Double?, in slot: inout Amount?, unit: Unmanaged<HKUnit>) {
    guard let value else {
      slot = nil
      return
    }
    // Moved out of the slot (no retain and release): `quantity` is then the only reference
    // unless another holder has one.
    if case .quantity(var quantity)? = slot.take() {
      if isKnownUniquelyReferenced(&quantity),
        Unmanaged.passUnretained(quantity.unit).toOpaque() == unit.toOpaque()
      {
        quantity.value = value
        slot = .quantity(quantity)
        return
      }
    }
    slot = .quantity(HKQuantity(unit: unit.takeUnretainedValue(), doubleValue: value))
  }

  /// The sources the statistics were separated by (with `separateBySource`, in the store's
  /// source order), else `nil`.
  public var sources: [HKSource]? { bySource?.sources }

  /// The statistics of one source, with `separateBySource`.
  private func of(_ source: HKSource) -> HKStatistics? {
    bySource?.values[source.bundleIdentifier]
  }

  /// The sum (cumulative types; merged across sources by the store's priority model), or `nil`.
  public func sumQuantity() -> HKQuantity? { quantity(sum) }
  /// The sum of `source`'s own samples, with `separateBySource`, else `nil`.
  public func sumQuantity(for source: HKSource) -> HKQuantity? { of(source)?.sumQuantity() }
  /// The mean of the samples (discrete types), or `nil`.
  public func averageQuantity() -> HKQuantity? { quantity(average) }
  /// The average of `source`'s samples, with `separateBySource`, else `nil`.
  public func averageQuantity(for source: HKSource) -> HKQuantity? {
    of(source)?.averageQuantity()
  }
  /// The smallest sample (discrete types), or `nil`.
  public func minimumQuantity() -> HKQuantity? { quantity(minimum) }
  /// The minimum of `source`'s samples, with `separateBySource`, else `nil`.
  public func minimumQuantity(for source: HKSource) -> HKQuantity? {
    of(source)?.minimumQuantity()
  }
  /// The largest sample (discrete types), or `nil`.
  public func maximumQuantity() -> HKQuantity? { quantity(maximum) }
  /// The maximum of `source`'s samples, with `separateBySource`, else `nil`.
  public func maximumQuantity(for source: HKSource) -> HKQuantity? {
    of(source)?.maximumQuantity()
  }
  /// The latest sample's quantity, or `nil`.
  public func mostRecentQuantity() -> HKQuantity? { quantity(mostRecent) }
  /// The latest of `source`'s samples, with `separateBySource`, else `nil`.
  public func mostRecentQuantity(for source: HKSource) -> HKQuantity? {
    of(source)?.mostRecentQuantity()
  }
  /// The latest sample's span, or `nil`.
  public func mostRecentQuantityDateInterval() -> DateInterval? { mostRecentInterval }
  /// The span of `source`'s latest sample, with `separateBySource`, else `nil`.
  public func mostRecentQuantityDateInterval(for source: HKSource) -> DateInterval? {
    of(source)?.mostRecentQuantityDateInterval()
  }
  /// The time the samples cover (seconds, merged across sources), or `nil` (not computed by the
  /// live builder).
  public func duration() -> HKQuantity? { totalDuration }
  /// The time `source`'s samples cover, with `separateBySource`, else `nil`.
  public func duration(for source: HKSource) -> HKQuantity? { of(source)?.duration() }

  private var parts: [AnyHashable?] {
    [
      quantity(sum), quantity(average), quantity(minimum), quantity(maximum),
      quantity(mostRecent), mostRecentInterval, totalDuration,
    ]
  }

  /// Equal when type, span and every quantity are equal.
  public override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? HKStatistics else { return false }
    return other.quantityType == quantityType && other.startDate == startDate
      && other.endDate == endDate && other.parts == parts
  }

  /// A hash of type and span.
  public override var hash: Int {
    var hasher = Hasher()
    hasher.combine(quantityType)
    hasher.combine(startDate)
    hasher.combine(endDate)
    return hasher.finalize()
  }

  /// Statistics are immutable: the copy is the object itself.
  public func copy(with zone: NSZone? = nil) -> Any { self }

  /// `true`: statistics decode only as statistics.
  public static var supportsSecureCoding: Bool { true }

  /// The keys of the quantities, in the order of ``quantities``.
  private static let quantityKeys = [
    "sum", "average", "minimum", "maximum", "mostRecent", "duration",
  ]

  /// Sum, average, minimum, maximum, most recent and duration, as quantities.
  private var quantities: [HKQuantity?] {
    [
      quantity(sum), quantity(average), quantity(minimum), quantity(maximum),
      quantity(mostRecent), totalDuration,
    ]
  }

  /// Writes the type, the span, every quantity and the per-source statistics (as quantities:
  /// an archived engine statistic decodes as a given one with the same values).
  public func encode(with coder: NSCoder) {
    coder.encode(quantityType, forKey: "quantityType")
    coder.encode(startDate, forKey: "startDate")
    coder.encode(endDate, forKey: "endDate")
    for (key, value) in zip(Self.quantityKeys, quantities) { coder.encode(value, forKey: key) }
    coder.encode(mostRecentInterval, forKey: "mostRecentInterval")
    if let bySource {
      coder.encode(bySource.sources, forKey: "sources")
      coder.encode(
        bySource.sources.compactMap { bySource.values[$0.bundleIdentifier] },
        forKey: "sourceStatistics")
    }
  }

  /// Reads what ``encode(with:)`` wrote; `nil` without a quantity type or span.
  public convenience init?(coder: NSCoder) {
    guard
      let type = coder.decodeObject(of: HKObjectType.self, forKey: "quantityType")
        as? HKQuantityType,
      let start = coder.decodeDate(forKey: "startDate"),
      let end = coder.decodeDate(forKey: "endDate")
    else { return nil }
    let values = Self.quantityKeys.map {
      coder.decodeObject(of: HKQuantity.self, forKey: $0).map(Amount.quantity)
    }
    var pairs: [(HKSource, HKStatistics)]?
    if let sources = coder.decodeArray(of: HKSource.self, forKey: "sources"),
      let statistics = coder.decodeArray(of: HKStatistics.self, forKey: "sourceStatistics")
    {
      pairs = Array(zip(sources, statistics))
    }
    let duration: HKQuantity? =
      if case .quantity(let quantity)? = values[5] { quantity } else { nil }
    self.init(
      quantityType: type, startDate: start, endDate: end, sum: values[0], average: values[1],
      minimum: values[2], maximum: values[3], mostRecent: values[4],
      mostRecentInterval: coder.decodeDateInterval(forKey: "mostRecentInterval"),
      duration: duration, bySource: pairs)
  }
}
