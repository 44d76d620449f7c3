/// One quantity sample: a point reading (discrete types, `start == end`) or an amount accrued over
/// the half-open span `[start, end)` (cumulative types). Values are in the type's unit
/// (``QuantityType/unit``).
public struct QuantitySample: Sendable, Hashable {
  /// The sample's instant (discrete) or the start of its span (cumulative).
  public var start: SimulationInstant
  /// Equal to ``start`` for discrete samples; the end of the span (exclusive) for cumulative ones.
  public var end: SimulationInstant
  /// The value, in the type's unit.
  public var value: Double

  /// A discrete sample: `value` read at `instant`.
  public init(at instant: SimulationInstant, value: Double) {
    self.start = instant
    self.end = instant
    self.value = value
  }

  /// A cumulative sample: `value` accrued over `[start, end)`.
  public init(start: SimulationInstant, end: SimulationInstant, value: Double) {
    self.start = start
    self.end = end
    self.value = value
  }
}

/// The samples of one quantity type in time order, stored as a struct of arrays.
///
/// Layout: the start instants (`Int64` ns) and the values (`Double`) in two arrays, 16 bytes per
/// sample. Cumulative spans all have one nominal length (the sensor interval) except the ones cut
/// at a pause, stop or end; only those store their end, in a small side table. Discrete series
/// have nominal length zero. Equality compares the samples, not the layout.
public struct SampleSeries: Sendable, RandomAccessCollection, Equatable {
  @usableFromInline
  struct IrregularEnd: Sendable, Hashable {
    @usableFromInline var index: Int
    @usableFromInline var end: Int64

    @inlinable
    init(index: Int, end: Int64) {
      self.index = index
      self.end = end
    }
  }

  @usableFromInline var starts: [Int64] = []
  @usableFromInline var values: [Double] = []
  @usableFromInline var nominalLength: Int64
  @usableFromInline var irregularEnds: [IrregularEnd] = []

  /// An empty series whose spans are normally `nominalLength` long (zero for discrete types).
  public init(nominalLength: Duration = .zero) {
    self.nominalLength = nominalLength.wholeNanoseconds
  }

  /// A series holding `samples` (in time order); the first sample's length becomes the nominal
  /// span length.
  public init(_ samples: [QuantitySample]) {
    let first = samples.first
    self.nominalLength = first.map { $0.end.nanoseconds - $0.start.nanoseconds } ?? 0
    starts.reserveCapacity(samples.count)
    values.reserveCapacity(samples.count)
    for sample in samples {
      append(start: sample.start.nanoseconds, end: sample.end.nanoseconds, value: sample.value)
    }
  }

  /// Appends one sample (`end == start` for discrete samples).
  @inlinable
  mutating func append(start: Int64, end: Int64, value: Double) {
    if end &- start != nominalLength {
      irregularEnds.append(IrregularEnd(index: starts.count, end: end))
    }
    starts.append(start)
    values.append(value)
  }

  /// Makes room for `additional` more samples so that appending them does not grow the arrays
  /// (`Array.reserveRoom(for:)`).
  mutating func reserve(additional: Int) {
    starts.reserveRoom(for: starts.count + additional)
    values.reserveRoom(for: values.count + additional)
  }

  /// The first index, 0.
  public var startIndex: Int { 0 }
  /// One past the last index, the number of samples.
  public var endIndex: Int { starts.count }

  /// The sample at `position`.
  public subscript(position: Int) -> QuantitySample {
    let start = starts[position]
    return QuantitySample(
      start: SimulationInstant(nanoseconds: start),
      end: SimulationInstant(nanoseconds: end(of: position, start: start)),
      value: values[position])
  }

  /// Calls `body` with each sample's start, end (nanoseconds) and value, in order: the
  /// samples of ``subscript(position:)``, each end found by one step through the irregular
  /// ends rather than a search per sample.
  @inlinable
  public func forEachSample(
    _ body: (_ start: Int64, _ end: Int64, _ value: Double) throws -> Void
  ) rethrows {
    try forEachSample(from: 0, body)
  }

  /// ``forEachSample(_:)`` of the samples from `first` on (none when `first` is past the
  /// last): one search for the first irregular end at or after `first`, then one step each, so a
  /// reader that takes only a series' new samples does not walk the ones it has.
  @inlinable
  public func forEachSample(
    from first: Int, _ body: (_ start: Int64, _ end: Int64, _ value: Double) throws -> Void
  ) rethrows {
    guard first < starts.count else { return }
    var irregular = firstIrregularEnd(atOrAfter: Swift.max(first, 0))
    for position in Swift.max(first, 0)..<starts.count {
      let start = starts[position]
      var end = start + nominalLength
      if irregular < irregularEnds.count, irregularEnds[irregular].index == position {
        end = irregularEnds[irregular].end
        irregular += 1
      }
      try body(start, end, values[position])
    }
  }

  /// The position of the first sample that starts at or after `instant` (ns), ``endIndex``
  /// when none: one binary search over the starts (in time order), so a reader of a late range
  /// starts ``forEachSample(from:_:)`` there rather than walking the series from its first
  /// sample.
  @inlinable
  public func firstPosition(startingAtOrAfter instant: Int64) -> Int {
    var low = 0
    var high = starts.count
    while low < high {
      let mid = (low + high) / 2
      if starts[mid] < instant { low = mid + 1 } else { high = mid }
    }
    return low
  }

  /// The index in `irregularEnds` of the first irregular end of a sample at or after
  /// `position` (`irregularEnds.count` when none).
  @usableFromInline
  func firstIrregularEnd(atOrAfter position: Int) -> Int {
    var low = 0
    var high = irregularEnds.count
    while low < high {
      let mid = (low + high) / 2
      if irregularEnds[mid].index < position { low = mid + 1 } else { high = mid }
    }
    return low
  }

  private func end(of position: Int, start: Int64) -> Int64 {
    var low = 0
    var high = irregularEnds.count
    while low < high {
      let mid = (low + high) / 2
      if irregularEnds[mid].index < position { low = mid + 1 } else { high = mid }
    }
    if low < irregularEnds.count && irregularEnds[low].index == position {
      return irregularEnds[low].end
    }
    return start + nominalLength
  }

  /// A copy for long-term storage whose arrays hold the samples with little spare capacity: an
  /// array with more than ``compactionSlackBytes`` plus the engine's reservation headroom (16
  /// elements) to spare is copied into a tight one; one within that (such as storage the engine
  /// reserved for exactly these samples) is shared, not copied.
  public func compacted() -> SampleSeries {
    var copy = self
    if Self.isRoomy(starts) { copy.starts = starts.withUnsafeBufferPointer { Array($0) } }
    if Self.isRoomy(values) { copy.values = values.withUnsafeBufferPointer { Array($0) } }
    if Self.isRoomy(irregularEnds) {
      copy.irregularEnds = irregularEnds.withUnsafeBufferPointer { Array($0) }
    }
    return copy
  }

  /// The spare capacity in bytes, beyond the reservation headroom, that ``compacted()`` leaves
  /// in an array: 4096, one page (the allocator can round an allocation of exactly the samples up
  /// to whole pages).
  public static let compactionSlackBytes = 4096

  private static func isRoomy<Element>(_ array: [Element]) -> Bool {
    let spare = array.capacity - array.count - [Element].reservationHeadroom
    return spare * MemoryLayout<Element>.stride > compactionSlackBytes
  }

  /// The values alone, in time order.
  public var sampleValues: [Double] { values }

  /// The samples' start instants in nanoseconds, in order (the zone rule walks these and
  /// ``sampleValues`` without making each ``QuantitySample``).
  public var sampleStarts: [Int64] { starts }

  /// Bytes of heap storage this series holds (array capacities times element strides).
  public var storageBytes: Int {
    starts.capacity * MemoryLayout<Int64>.stride + values.capacity * MemoryLayout<Double>.stride
      + irregularEnds.capacity * MemoryLayout<IrregularEnd>.stride
  }

  /// Two series are equal when they hold the same samples in the same order.
  public static func == (lhs: SampleSeries, rhs: SampleSeries) -> Bool {
    guard lhs.count == rhs.count else { return false }
    for index in 0..<lhs.count where lhs[index] != rhs[index] { return false }
    return true
  }
}

extension Array {
  /// Elements of spare room ``reserveRoom(for:)`` adds beyond what is asked, 16: the few appends
  /// that follow a reservation (a grid point at the instant of the next action, the close of an
  /// interval) fit without growing.
  static var reservationHeadroom: Int { 16 }

  /// Makes room for `count` elements in all. When they do not fit, the array grows to the larger
  /// of `count` plus ``reservationHeadroom`` and twice its capacity, so one long stretch gets
  /// storage of its size while repeated small reservations keep appends amortised O(1).
  package mutating func reserveRoom(for count: Int) {
    guard count > capacity else { return }
    reserveCapacity(Swift.max(count + Self.reservationHeadroom, 2 * capacity))
  }
}
