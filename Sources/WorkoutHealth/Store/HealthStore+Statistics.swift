import WorkoutCore

extension HealthStore {
  /// `HKStatisticsQuery` over the samples of `type` visible at `now` that match `filter`.
  ///
  /// The **full-sample rule** (a documented model choice, docs/health-store.md#statistics): the
  /// predicate decides which samples count and a matched sample counts **in full**, never
  /// clipped to the predicate's dates (120 steps over 23:50–00:10 count 120 in a query from
  /// midnight). Cumulative sums are merged across sources by ``priority``; see
  /// ``collection(of:where:options:edges:at:)`` for the split rule of the collection query.
  public func statistics(
    of type: HealthDataType, where filter: HealthFilter, options: HealthStatisticsOptions,
    at now: SimulationInstant
  ) -> HealthStatisticsValues {
    var matched: [Int32] = []
    var earliest = Int64.max
    var latest = Int64.min
    forEachMatch(of: type, where: filter, at: now) { id, sample in
      matched.append(id)
      earliest = min(earliest, sample.start.nanoseconds)
      latest = max(latest, sample.end.nanoseconds)
    }
    let start: SimulationInstant
    let end: SimulationInstant
    if matched.isEmpty {
      let range = Self.dateRange(filter)
      start = range.start ?? .zero
      end = range.end ?? start
    } else {
      start = SimulationInstant(nanoseconds: earliest)
      end = SimulationInstant(nanoseconds: latest)
    }
    return values(of: type, matched, options: options, edges: nil, ranges: [(start, end)])[0]
  }

  /// `HKStatisticsCollectionQuery`: one ``HealthStatisticsValues`` per bucket
  /// `edges[i]..<edges[i + 1]` (ascending edges, computed by the caller with the calendar; fewer
  /// than two edges: no bucket), over the samples of `type` visible at `now` that match
  /// `filter`.
  ///
  /// The **split rule** (field evidence: tryVital/vital-ios PR #34; docs/health-store.md): a
  /// cumulative sample's value is spread uniformly over its interval and each bucket gets the
  /// part that overlaps it (120 steps over 23:50–00:10 give 60 to each day); a zero-length
  /// sample counts in the bucket holding its instant. Parts outside the edges are dropped: to
  /// keep the partial buckets HealthKit yields outside the predicate's range, widen the edges
  /// to ``dataSpan(of:where:at:)``. Discrete statistics and the most recent sample take each
  /// sample in the bucket holding its start.
  public func collection(
    of type: HealthDataType, where filter: HealthFilter, options: HealthStatisticsOptions,
    edges: [SimulationInstant], at now: SimulationInstant
  ) -> [HealthStatisticsValues] {
    guard edges.count >= 2 else { return [] }
    for index in 1..<edges.count {
      precondition(edges[index - 1] <= edges[index], "bucket edges must ascend")
    }
    let first = edges[0].nanoseconds
    let last = edges[edges.count - 1].nanoseconds
    let (reach, overflow) = first.subtractingReportingOverflow(maxDuration[Int(type.rawValue)])
    var matched: [Int32] = []
    forEachMatch(
      of: type, where: filter, at: now,
      within: (overflow ? .min : reach, last == .min ? .min : last - 1)
    ) { id, _ in matched.append(id) }
    var ranges: [(SimulationInstant, SimulationInstant)] = []
    ranges.reserveCapacity(edges.count - 1)
    for index in 1..<edges.count { ranges.append((edges[index - 1], edges[index])) }
    return values(
      of: type, matched, options: options, edges: edges.map(\.nanoseconds), ranges: ranges)
  }

  /// The date bounds of a top-level date filter (or the first one in a conjunction).
  static func dateRange(_ filter: HealthFilter) -> (
    start: SimulationInstant?, end: SimulationInstant?
  ) {
    switch filter {
    case .date(let start, let end, _, _): return (start, end)
    case .and(let filters):
      for filter in filters {
        let range = dateRange(filter)
        if range.start != nil || range.end != nil { return range }
      }
      return (nil, nil)
    default: return (nil, nil)
    }
  }

  /// The statistics of `matched` (sorted by start) per bucket (`edges`, split rule) or as one
  /// range (`edges == nil`, full-sample rule), with per-source values when asked.
  func values(
    of type: HealthDataType, _ matched: [Int32], options: HealthStatisticsOptions,
    edges: [Int64]?, ranges: [(SimulationInstant, SimulationInstant)]
  ) -> [HealthStatisticsValues] {
    var result = bucketValues(
      of: type, matched, options: options, edges: edges, ranges: ranges, merge: true)
    guard options.contains(.separateBySource) else { return result }
    var perSource: [UInt16: [Int32]] = [:]
    for id in matched { perSource[storage[Int(id)].source, default: []].append(id) }
    for (source, ids) in perSource {
      let values = bucketValues(
        of: type, ids, options: options, edges: edges, ranges: ranges, merge: false)
      for (index, value) in values.enumerated() where value.count > 0 {
        result[index].bySource[source] = value
      }
    }
    return result
  }

  /// The statistics of `ids` (sorted by start) per range; `merge` applies the source priority
  /// (with one source it changes nothing).
  func bucketValues(
    of type: HealthDataType, _ ids: [Int32], options: HealthStatisticsOptions, edges: [Int64]?,
    ranges: [(SimulationInstant, SimulationInstant)], merge: Bool
  ) -> [HealthStatisticsValues] {
    let bucketCount = ranges.count
    var accumulator = Accumulator(bucketCount: bucketCount)
    let wantSum = options.contains(.cumulativeSum) && type.isCumulative
    let wantDiscrete =
      !options.intersection([.discreteAverage, .discreteMin, .discreteMax]).isEmpty
      && !type.isCumulative && type.isQuantity
    let wantRecent = options.contains(.mostRecent)
    let wantDuration = options.contains(.duration)
    // Counts, discrete statistics and the most recent sample.
    for id in ids {
      let sample = storage[Int(id)]
      let a = sample.start.nanoseconds
      let b = sample.end.nanoseconds
      if let edges {
        Self.forEachBucket(edges, a, b) { accumulator.counts[$0] += 1 }
      } else {
        accumulator.counts[0] += 1
      }
      guard wantDiscrete || wantRecent else { continue }
      let bucket: Int
      if let edges {
        guard let found = Self.bucket(edges, holding: a) else { continue }
        bucket = found
      } else {
        bucket = 0
      }
      if wantDiscrete { accumulator.addDiscrete(sample.value, duration: b - a, bucket: bucket) }
      if wantRecent { accumulator.addRecent(id, sample, bucket: bucket) }
    }
    if wantSum { accumulateSums(ids, edges: edges, merge: merge, into: &accumulator.sums) }
    if wantDuration { accumulateDuration(ids, edges: edges, into: &accumulator.durations) }
    var result: [HealthStatisticsValues] = []
    result.reserveCapacity(bucketCount)
    for index in 0..<bucketCount {
      var values = HealthStatisticsValues(
        start: ranges[index].0, end: ranges[index].1, count: accumulator.counts[index])
      if accumulator.counts[index] > 0 {
        if wantSum { values.sum = accumulator.sums[index] }
        if wantDuration { values.duration = Double(accumulator.durations[index]) / 1e9 }
      }
      if wantDiscrete && accumulator.discreteCounts[index] > 0 {
        if options.contains(.discreteAverage) { values.average = accumulator.average(index) }
        if options.contains(.discreteMin) { values.minimum = accumulator.minimums[index] }
        if options.contains(.discreteMax) { values.maximum = accumulator.maximums[index] }
      }
      if wantRecent, accumulator.recent[index] >= 0 {
        let sample = storage[Int(accumulator.recent[index])]
        values.mostRecent = HealthMostRecent(
          value: sample.value, start: sample.start, end: sample.end)
      }
      result.append(values)
    }
    return result
  }

  /// The index of the bucket holding instant `t` (`edges[i] <= t < edges[i + 1]`).
  @inline(__always)
  static func bucket(_ edges: [Int64], holding t: Int64) -> Int? {
    var low = 0
    var high = edges.count
    while low < high {
      let mid = (low + high) / 2
      if edges[mid] <= t { low = mid + 1 } else { high = mid }
    }
    let index = low - 1
    return index >= 0 && index < edges.count - 1 ? index : nil
  }

  /// Calls `body` with every bucket `[a, b)` overlaps (positive length) or, when `a == b`, the
  /// bucket holding `a`.
  @inline(__always)
  static func forEachBucket(_ edges: [Int64], _ a: Int64, _ b: Int64, _ body: (Int) -> Void) {
    if a == b {
      if let index = bucket(edges, holding: a) { body(index) }
      return
    }
    var index = bucket(edges, holding: a) ?? (a < edges[0] ? 0 : edges.count - 1)
    while index < edges.count - 1 && edges[index] < b {
      if min(b, edges[index + 1]) > max(a, edges[index]) { body(index) }
      index += 1
    }
  }

  /// Adds `value × length / duration` of the piece `[p, q)` of a sample lasting `duration` to
  /// the buckets it overlaps (split rule), or whole to `sums[0]` without edges.
  @inline(__always)
  static func addPiece(
    _ p: Int64, _ q: Int64, value: Double, duration: Int64, edges: [Int64]?,
    into sums: inout [Double]
  ) {
    guard let edges else {
      sums[0] += q - p == duration ? value : value * Double(q - p) / Double(duration)
      return
    }
    var index = bucket(edges, holding: p) ?? (p < edges[0] ? 0 : edges.count - 1)
    while index < edges.count - 1 && edges[index] < q {
      let overlap = min(q, edges[index + 1]) - max(p, edges[index])
      if overlap > 0 {
        sums[index] += overlap == duration ? value : value * Double(overlap) / Double(duration)
      }
      index += 1
    }
  }

  /// The cumulative sums of `ids` (sorted by start): with `merge`, the source-priority merge
  /// (docs/health-store.md#the-merge): each sample counts only on the parts of its interval no
  /// higher-ranked source covers; without, every sample in full.
  func accumulateSums(_ ids: [Int32], edges: [Int64]?, merge: Bool, into sums: inout [Double]) {
    // Group by rank, each group staying in start order.
    var groups: [[Int32]] = []
    if merge {
      var rankOrder: [Int: Int] = [:]
      var ranksSeen: [Int] = []
      var grouped: [[Int32]] = []
      for id in ids {
        let sourceRank = rank[Int(storage[Int(id)].source)]
        if let slot = rankOrder[sourceRank] {
          grouped[slot].append(id)
        } else {
          rankOrder[sourceRank] = grouped.count
          ranksSeen.append(sourceRank)
          grouped.append([id])
        }
      }
      for sourceRank in ranksSeen.sorted() { groups.append(grouped[rankOrder[sourceRank]!]) }
    } else {
      groups = [ids]
    }
    // The union of the higher-ranked groups' intervals: disjoint, sorted, half-open.
    var covered: [(Int64, Int64)] = []
    for (groupIndex, group) in groups.enumerated() {
      for id in group {
        let sample = storage[Int(id)]
        let a = sample.start.nanoseconds
        let b = sample.end.nanoseconds
        if a == b {
          if !Self.covers(covered, a) {
            if let edges {
              if let index = Self.bucket(edges, holding: a) { sums[index] += sample.value }
            } else {
              sums[0] += sample.value
            }
          }
          continue
        }
        let duration = b - a
        var k = Self.firstEnding(after: a, in: covered)
        var cursor = a
        while cursor < b {
          if k < covered.count && covered[k].0 < b {
            if covered[k].0 > cursor {
              Self.addPiece(
                cursor, covered[k].0, value: sample.value, duration: duration, edges: edges,
                into: &sums)
            }
            cursor = max(cursor, covered[k].1)
            k += 1
          } else {
            Self.addPiece(
              cursor, b, value: sample.value, duration: duration, edges: edges, into: &sums)
            cursor = b
          }
        }
      }
      if groupIndex + 1 < groups.count { covered = Self.union(covered, group, storage) }
    }
  }

  /// Whether the union `covered` holds instant `t` (`start <= t < end`).
  static func covers(_ covered: [(Int64, Int64)], _ t: Int64) -> Bool {
    let k = firstEnding(after: t, in: covered)
    return k < covered.count && covered[k].0 <= t
  }

  /// The first interval of `covered` that ends after `t`.
  static func firstEnding(after t: Int64, in covered: [(Int64, Int64)]) -> Int {
    var low = 0
    var high = covered.count
    while low < high {
      let mid = (low + high) / 2
      if covered[mid].1 <= t { low = mid + 1 } else { high = mid }
    }
    return low
  }

  /// The union of the disjoint sorted intervals `covered` and the positive-length intervals of
  /// `ids` (sorted by start).
  static func union(
    _ covered: [(Int64, Int64)], _ ids: [Int32], _ storage: [HealthSample]
  ) -> [(Int64, Int64)] {
    var result: [(Int64, Int64)] = []
    result.reserveCapacity(covered.count + ids.count)
    var i = 0
    var j = 0
    func push(_ a: Int64, _ b: Int64) {
      if let last = result.last, a <= last.1 {
        if b > last.1 { result[result.count - 1].1 = b }
      } else {
        result.append((a, b))
      }
    }
    while i < covered.count || j < ids.count {
      if j >= ids.count
        || (i < covered.count && covered[i].0 <= storage[Int(ids[j])].start.nanoseconds)
      {
        push(covered[i].0, covered[i].1)
        i += 1
      } else {
        let sample = storage[Int(ids[j])]
        if sample.end > sample.start { push(sample.start.nanoseconds, sample.end.nanoseconds) }
        j += 1
      }
    }
    return result
  }

  /// The time covered by `ids` (sorted by start; overlaps once), ns, per bucket or whole.
  func accumulateDuration(_ ids: [Int32], edges: [Int64]?, into durations: inout [Int64]) {
    let covered = Self.union([], ids, storage)
    for (a, b) in covered {
      guard let edges else {
        durations[0] += b - a
        continue
      }
      var index = Self.bucket(edges, holding: a) ?? (a < edges[0] ? 0 : edges.count - 1)
      while index < edges.count - 1 && edges[index] < b {
        let overlap = min(b, edges[index + 1]) - max(a, edges[index])
        if overlap > 0 { durations[index] += overlap }
        index += 1
      }
    }
  }

  /// Per-bucket running statistics.
  struct Accumulator {
    var counts: [Int]
    var sums: [Double]
    var durations: [Int64]
    var discreteCounts: [Int]
    var plainSums: [Double]
    var weightedSums: [Double]
    var weights: [Double]
    var anyInstant: [Bool]
    var minimums: [Double]
    var maximums: [Double]
    var recent: [Int32]
    var recentKeys: [(Int64, Int64, Int32)]

    init(bucketCount: Int) {
      counts = Array(repeating: 0, count: bucketCount)
      sums = Array(repeating: 0, count: bucketCount)
      durations = Array(repeating: 0, count: bucketCount)
      discreteCounts = Array(repeating: 0, count: bucketCount)
      plainSums = Array(repeating: 0, count: bucketCount)
      weightedSums = Array(repeating: 0, count: bucketCount)
      weights = Array(repeating: 0, count: bucketCount)
      anyInstant = Array(repeating: false, count: bucketCount)
      minimums = Array(repeating: .infinity, count: bucketCount)
      maximums = Array(repeating: -.infinity, count: bucketCount)
      recent = Array(repeating: -1, count: bucketCount)
      recentKeys = Array(repeating: (.min, .min, -1), count: bucketCount)
    }

    mutating func addDiscrete(_ value: Double, duration: Int64, bucket: Int) {
      discreteCounts[bucket] += 1
      plainSums[bucket] += value
      if duration == 0 {
        anyInstant[bucket] = true
      } else {
        weightedSums[bucket] += value * Double(duration)
        weights[bucket] += Double(duration)
      }
      minimums[bucket] = min(minimums[bucket], value)
      maximums[bucket] = max(maximums[bucket], value)
    }

    /// Time-weighted when every sample has a duration, else the arithmetic mean.
    func average(_ bucket: Int) -> Double {
      anyInstant[bucket]
        ? plainSums[bucket] / Double(discreteCounts[bucket])
        : weightedSums[bucket] / weights[bucket]
    }

    /// Keeps the sample with the latest end, then the latest start, then the highest id.
    mutating func addRecent(_ id: Int32, _ sample: HealthSample, bucket: Int) {
      let key = (sample.end.nanoseconds, sample.start.nanoseconds, id)
      if recent[bucket] < 0 || key > recentKeys[bucket] {
        recent[bucket] = id
        recentKeys[bucket] = key
      }
    }
  }
}
