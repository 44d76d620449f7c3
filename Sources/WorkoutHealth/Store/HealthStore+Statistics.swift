import WorkoutCore

extension HealthStore {
  /// `HKStatisticsQuery` over the samples of `type` visible at `now` that match `filter`.
  ///
  /// The **full-sample rule** (a documented model choice,
  /// docs/health-store.md#statistics-and-collections-two-rules): the predicate decides which
  /// samples count and a matched sample counts **in full**, never clipped to the predicate's
  /// dates (120 steps over 23:50–00:10 count 120 in a query from midnight). Cumulative sums are
  /// merged across sources by ``priority``; see ``collection(of:where:options:edges:at:)`` for
  /// the split rule of the collection query.
  public func statistics(
    of type: HealthDataType, where filter: HealthFilter, options: HealthStatisticsOptions,
    at now: SimulationInstant
  ) -> HealthStatisticsValues {
    var matched: [Int32] = []
    forEachMatch(of: type, where: filter, at: now) { id, _ in matched.append(id) }
    // A series sample counts as those of its quantities the filter matches, each as its own
    // sample (``seriesExpanded(_:where:)``); the range is that of what counts.
    let (samples, counted) = seriesExpanded(matched, where: filter) ?? (storage, matched)
    var earliest = Int64.max
    var latest = Int64.min
    for id in counted {
      earliest = min(earliest, samples[Int(id)].start.nanoseconds)
      latest = max(latest, samples[Int(id)].end.nanoseconds)
    }
    let start: SimulationInstant
    let end: SimulationInstant
    if counted.isEmpty {
      let range = Self.dateRange(filter)
      start = range.start ?? .zero
      end = range.end ?? start
    } else {
      start = SimulationInstant(nanoseconds: earliest)
      end = SimulationInstant(nanoseconds: latest)
    }
    return values(
      of: type, counted, in: samples, options: options, edges: nil, ranges: [(start, end)])[0]
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
    let (samples, counted) = seriesExpanded(matched, where: filter) ?? (storage, matched)
    return values(
      of: type, counted, in: samples, options: options, edges: edges.map(\.nanoseconds),
      ranges: ranges)
  }

  /// The cumulative sum of `type` over `from..<to` that ``collection(of:where:options:edges:at:)``
  /// gives for the one bucket `[from, to)` with every source (`.all`), as if `pending` had been
  /// saved at `now` under `pendingSource` (added to ``sources`` as ``source(for:)`` adds a new
  /// one, so ranked as it would be): the same split rule and source merge, one implementation.
  /// Core Motion's pedometer counts with it the samples of a workout whose builder's samples
  /// the store does not hold yet (docs/swift-api.md#core-motion), so the count over a span does
  /// not change when they land. The store is not changed.
  ///
  /// - Parameters:
  ///   - type: a cumulative kind (`stepCount`, `distanceWalkingRunning`).
  ///   - from: the span's start.
  ///   - to: the span's end (exclusive); no later than `from`: 0.
  ///   - now: the instant whose visible samples count.
  ///   - pending: samples not in the store, in start order; those of another kind are skipped,
  ///     their ``HealthSample/source`` is replaced by `pendingSource`'s index.
  ///   - pendingSource: whose samples `pending` are.
  /// - Returns: the sum in the kind's ``HealthDataType/unit``; 0 without samples.
  public func cumulativeSum(
    of type: HealthDataType, from: SimulationInstant, to: SimulationInstant,
    at now: SimulationInstant, pending: [HealthSample], pendingSource: HealthSource
  ) -> Double {
    guard from < to else { return 0 }
    let first = from.nanoseconds
    let last = to.nanoseconds
    let index = sources.firstIndex(of: pendingSource) ?? sources.count
    var (samples, stored, expanded) = overlapping(
      type, from: first, to: last, at: now, pending: pending)
    for position in stored..<samples.count { samples[position].source = UInt16(index) }
    guard !samples.isEmpty else { return 0 }
    let ranks =
      index < sources.count
      ? rank : Self.ranks(priority: priority, sources: sources + [pendingSource])
    // The store's order (start, then id): its own samples come in it, the pending ones would
    // be saved after them (higher ids), so a stable order by start is that order. A series'
    // quantities (in place of their sample) need the same sort.
    var ids = (0..<Int32(samples.count)).map { $0 }
    if stored < samples.count || expanded { ids.sort { Self.startOrder($0, $1, samples) } }
    var sums = [0.0]
    Self.accumulateSums(
      ids, storage: samples, rank: ranks, edges: [first, last], merge: true, into: &sums)
    return sums[0]
  }

  /// When the samples of `type` with a positive value cover `from..<to`, over every source, as
  /// visible at `now`, with `pending` (samples not in the store, as for
  /// ``cumulativeSum(of:from:to:at:pending:pendingSource:)``) among them: the length of the
  /// union of their spans clipped to the range, and the span of the latest-ending sample that
  /// overlaps the range, whatever its value (not clipped; among equal ends the later start).
  /// The samples are those the sum counts (one gathering, ``overlapping(_:from:to:at:pending:)``:
  /// a sample that ends exactly at `from` is out). Core Motion's pedometer takes the time the
  /// wearer moved on foot (its average active pace) and the latest step sample (its current
  /// cadence and pace) from it (docs/swift-api.md#core-motion). A series sample counts by its
  /// quantities. The store is not changed.
  ///
  /// - Parameters:
  ///   - type: a cumulative kind (`stepCount`).
  ///   - from: the range's start.
  ///   - to: the range's end (exclusive); no later than `from`: nothing covered.
  ///   - now: the instant whose visible samples count.
  ///   - pending: samples not in the store; those of another kind are skipped.
  /// - Returns: the covered time (ns) and the latest span, `nil` when no sample overlaps the
  ///   range.
  public func coverage(
    of type: HealthDataType, from: SimulationInstant, to: SimulationInstant,
    at now: SimulationInstant, pending: [HealthSample]
  ) -> (covered: Int64, latest: Range<SimulationInstant>?) {
    guard from < to else { return (0, nil) }
    let first = from.nanoseconds
    let last = to.nanoseconds
    let (samples, _, _) = overlapping(type, from: first, to: last, at: now, pending: pending)
    var spans: [(Int64, Int64)] = []
    var latest: Range<SimulationInstant>?
    for sample in samples {
      let start = sample.start.nanoseconds
      let end = sample.end.nanoseconds
      if sample.value > 0 { spans.append((max(start, first), min(end, last))) }
      if let known = latest,
        (known.upperBound, known.lowerBound) >= (sample.end, sample.start)
      {
        continue
      }
      latest = sample.start..<max(sample.end, sample.start)
    }
    spans.sort { $0.0 < $1.0 }
    var covered: Int64 = 0
    var reached = Int64.min
    for (start, end) in spans where end > reached {
      covered += end - max(start, reached)
      reached = end
    }
    return (covered, latest)
  }

  /// The samples of `type` that overlap `first..<last` (ns), as visible at `now`, then those of
  /// `pending` (samples not in the store) of the kind: the one home of the gathering of
  /// ``cumulativeSum(of:from:to:at:pending:pendingSource:)`` and
  /// ``coverage(of:from:to:at:pending:)``. A series sample comes as its quantities.
  ///
  /// The boundary (a project rule, the split rule's, docs/health-store.md): a sample's span
  /// `[start, end)` overlaps the range when it starts before `last` and ends after `first`; a
  /// zero-length sample, when its instant lies in the range (it counts in the bucket holding
  /// it). So a sample that ends exactly at `first` is out: it adds nothing to a sum, no time to
  /// a coverage, and is not the latest sample of the range.
  ///
  /// - Returns: the samples (the store's in its (start, id) order, then `pending`'s in their
  ///   order), how many of them are the store's, and whether a series was expanded (the
  ///   store's part then needs a sort by start).
  func overlapping(
    _ type: HealthDataType, from first: Int64, to last: Int64, at now: SimulationInstant,
    pending: [HealthSample]
  ) -> (samples: [HealthSample], stored: Int, expanded: Bool) {
    func overlaps(_ sample: HealthSample) -> Bool {
      let start = sample.start.nanoseconds
      let end = sample.end.nanoseconds
      return start < last && (end > first || start == first)
    }
    let (reach, overflow) = first.subtractingReportingOverflow(maxDuration[Int(type.rawValue)])
    var samples: [HealthSample] = []
    var expanded = false
    forEachMatch(of: type, where: .all, at: now, within: (overflow ? .min : reach, last - 1)) {
      id, sample in
      if let parts = seriesParts.isEmpty ? nil : seriesParts[id] {
        for part in parts {
          let quantity = Self.partSample(part, of: sample)
          if overlaps(quantity) { samples.append(quantity) }
        }
        expanded = true
      } else if overlaps(sample) {
        samples.append(sample)
      }
    }
    let stored = samples.count
    for sample in pending where sample.type == type && overlaps(sample) { samples.append(sample) }
    return (samples, stored, expanded)
  }

  /// The discrete statistics that a statistics query over `parts` alone gives, each part one
  /// sample of one source: the one home of the rules (docs/health-store.md#discrete-statistics)
  /// for a series sample's own summary, so that an `HKDiscreteQuantitySample`'s minimum,
  /// maximum, average and most recent quantity agree with statistics over it.
  ///
  /// - Parameter parts: at least one.
  /// - Returns: the index of a smallest and of a largest value (the first of equals), the
  ///   average (time-weighted when every part has a duration, else the arithmetic mean) and the
  ///   index of the most recent part (the latest end, then the latest start, then the last).
  public static func discreteSummary(of parts: [HealthSeriesPart]) -> (
    minimum: Int, maximum: Int, average: Double, mostRecent: Int
  ) {
    precondition(!parts.isEmpty, "a summary of no quantity")
    var accumulator = Accumulator(bucketCount: 1)
    for (index, part) in parts.enumerated() {
      let start = part.start.nanoseconds
      let end = part.end.nanoseconds
      accumulator.addDiscrete(part.value, duration: end - start, bucket: 0)
      accumulator.addRecent(Int32(index), start: start, end: end, bucket: 0)
    }
    // The accumulator's minimum and maximum are values of `parts` (only a NaN is not found).
    let minimum = parts.firstIndex { $0.value == accumulator.minimums[0] } ?? 0
    let maximum = parts.firstIndex { $0.value == accumulator.maximums[0] } ?? 0
    return (minimum, maximum, accumulator.average(0), Int(accumulator.recent[0]))
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

  /// The statistics of `counted` (sorted by start, indexing `samples`: the store's, or a
  /// series' quantities in place of their sample, ``seriesExpanded(_:where:)``) per bucket
  /// (`edges`, split rule) or as one range (`edges == nil`, full-sample rule), with per-source
  /// values when asked.
  func values(
    of type: HealthDataType, _ counted: [Int32], in samples: [HealthSample],
    options: HealthStatisticsOptions, edges: [Int64]?,
    ranges: [(SimulationInstant, SimulationInstant)]
  ) -> [HealthStatisticsValues] {
    var result = bucketValues(
      of: type, counted, in: samples, options: options, edges: edges, ranges: ranges,
      merge: true)
    guard options.contains(.separateBySource) else { return result }
    var perSource = [[Int32]](repeating: [], count: sources.count)
    for id in counted { perSource[Int(samples[Int(id)].source)].append(id) }
    for (source, ids) in perSource.enumerated() where !ids.isEmpty {
      let values = bucketValues(
        of: type, ids, in: samples, options: options, edges: edges, ranges: ranges,
        merge: false)
      for (index, value) in values.enumerated() where value.count > 0 {
        result[index].bySource[UInt16(source)] = value
      }
    }
    return result
  }

  /// `ids` (sorted by start, matched by `filter`) as statistics read them: each series sample
  /// (``setSeries(_:of:)``) replaced by those of its quantities that `filter` matches, each a
  /// copy of the sample with the quantity's interval and value tested as its own sample of
  /// the series' id (its dates, value and workout span are the quantity's; its source, id and
  /// type the series'), sorted by start (then by place); `nil` when none of `ids` is a series
  /// (the store's own samples and ids serve), at the cost of one emptiness check when the store
  /// holds no series. A series astride a date predicate's bound so counts only its quantities
  /// on the predicate's side, as separate samples would (docs/health-store.md#series-samples).
  func seriesExpanded(_ ids: [Int32], where filter: HealthFilter) -> (
    samples: [HealthSample], ids: [Int32]
  )? {
    guard !seriesParts.isEmpty else { return nil }
    var samples: [HealthSample] = []
    var expanded = false
    for id in ids {
      if let parts = seriesParts[id] {
        let before = samples.count
        Self.appendParts(parts, of: storage[Int(id)], to: &samples)
        if filter != .all {
          var kept = before
          for index in before..<samples.count where matches(filter, samples[index], id) {
            samples[kept] = samples[index]
            kept += 1
          }
          samples.removeSubrange(kept...)
        }
        expanded = true
      } else {
        samples.append(storage[Int(id)])
      }
    }
    guard expanded else { return nil }
    var order = Array(0..<Int32(samples.count))
    order.sort { Self.startOrder($0, $1, samples) }
    return (order.map { samples[Int($0)] }, Array(0..<Int32(order.count)))
  }

  /// Whether the quantity `part` of the series sample `id` (``setSeries(_:of:)``) matches
  /// `filter`, tested as its own sample of the series' id: its dates and value the part's, its
  /// source, type and id the series'. The per-quantity test of a matched series: statistics
  /// (``seriesExpanded(_:where:)``) and `HKQuantitySeriesSampleQuery` keep the quantities it
  /// passes, as HealthKit's daemon tests each quantity of a series with the query's filter
  /// (docs/health-store.md#series-samples).
  public func seriesPart(
    _ part: HealthSeriesPart, of id: HealthSampleID, matches filter: HealthFilter
  ) -> Bool {
    // The part tested in place: one copy of the sample, no array per quantity.
    matches(filter, Self.partSample(part, of: storage[Int(id.index)]), id.index)
  }

  /// A copy of `sample` with `part`'s interval and value.
  static func partSample(_ part: HealthSeriesPart, of sample: HealthSample) -> HealthSample {
    var copy = sample
    copy.start = part.start
    copy.end = part.end
    copy.value = part.value
    return copy
  }

  /// Appends one copy of `sample` per part, with the part's interval and value.
  static func appendParts(
    _ parts: [HealthSeriesPart], of sample: HealthSample, to samples: inout [HealthSample]
  ) {
    for part in parts { samples.append(Self.partSample(part, of: sample)) }
  }

  /// The statistics of `ids` (sorted by start, indexing `samples`) per range; `merge` applies
  /// the source priority (with one source it changes nothing).
  func bucketValues(
    of type: HealthDataType, _ ids: [Int32], in samples: [HealthSample],
    options: HealthStatisticsOptions, edges: [Int64]?,
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
    if let edges {
      Self.countPerBucket(ids, samples, edges, &accumulator.counts)
    } else {
      accumulator.counts[0] = ids.count
    }
    for id in ids where wantDiscrete || wantRecent {
      let sample = samples[Int(id)]
      let a = sample.start.nanoseconds
      let b = sample.end.nanoseconds
      let bucket: Int
      if let edges {
        guard let found = Self.bucket(edges, holding: a) else { continue }
        bucket = found
      } else {
        bucket = 0
      }
      if wantDiscrete { accumulator.addDiscrete(sample.value, duration: b - a, bucket: bucket) }
      if wantRecent { accumulator.addRecent(id, start: a, end: b, bucket: bucket) }
    }
    if wantSum {
      Self.accumulateSums(
        ids, storage: samples, rank: rank, edges: edges, merge: merge, into: &accumulator.sums)
    }
    if wantDuration {
      Self.accumulateDuration(ids, storage: samples, edges: edges, into: &accumulator.durations)
    }
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
        let sample = samples[Int(accumulator.recent[index])]
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

  /// Counts each of `ids` (sorted by start) in every bucket its interval overlaps (positive
  /// length) or, for a zero-length sample, in the bucket holding its instant.
  static func countPerBucket(
    _ ids: [Int32], _ storage: [HealthSample], _ edges: [Int64], _ counts: inout [Int]
  ) {
    let lastBucket = edges.count - 2
    var bucketHint = 0
    storage.withUnsafeBufferPointer { samples in
      counts.withUnsafeMutableBufferPointer { counts in
        for id in ids {
          let sample = samples[Int(id)]
          let a = sample.start.nanoseconds
          let b = sample.end.nanoseconds
          while bucketHint < lastBucket && edges[bucketHint + 1] <= a { bucketHint += 1 }
          if a == b {
            if edges[bucketHint] <= a && a < edges[bucketHint + 1] { counts[bucketHint] += 1 }
            continue
          }
          var index = bucketHint
          while index <= lastBucket && edges[index] < b {
            if min(b, edges[index + 1]) > max(a, edges[index]) { counts[index] += 1 }
            index += 1
          }
        }
      }
    }
  }

  /// The cumulative sums of `ids` (sorted by start) over `storage` (the ids index it) with the
  /// merge ranks `rank` (by source index): with `merge`, the source-priority merge
  /// (docs/health-store.md#the-merge): each sample counts only on the parts of its interval no
  /// higher-ranked source covers; without, every sample in full. The one implementation of the
  /// merge, for the store's own samples, a series' quantities and
  /// ``cumulativeSum(of:from:to:at:pending:pendingSource:)``'s copy of them.
  static func accumulateSums(
    _ ids: [Int32], storage: [HealthSample], rank: [Int], edges: [Int64]?, merge: Bool,
    into sums: inout [Double]
  ) {
    // Group by rank with a counting sort (each group stays in start order): `flat` holds the
    // groups one after another, highest rank first.
    var flat = ids
    var groups: [Range<Int>] = []
    if merge && ids.count > 0 {
      var sizes = [Int](repeating: 0, count: rank.count)
      for id in ids { sizes[rank[Int(storage[Int(id)].source)]] += 1 }
      var next = [Int](repeating: 0, count: rank.count)
      var offset = 0
      for (sourceRank, size) in sizes.enumerated() where size > 0 {
        next[sourceRank] = offset
        groups.append(offset..<offset + size)
        offset += size
      }
      flat.withUnsafeMutableBufferPointer { flat in
        for id in ids {
          let sourceRank = rank[Int(storage[Int(id)].source)]
          flat[next[sourceRank]] = id
          next[sourceRank] += 1
        }
      }
    } else {
      groups = [0..<ids.count]
    }
    // The union of the higher-ranked groups' intervals: disjoint, sorted, half-open.
    var covered: [(Int64, Int64)] = []
    let hasEdges = edges != nil
    let edgeList = edges ?? [.min, .max]
    storage.withUnsafeBufferPointer { samples in
      edgeList.withUnsafeBufferPointer { edges in
        sums.withUnsafeMutableBufferPointer { sums in
          flat.withUnsafeBufferPointer { flat in
            for (groupIndex, range) in groups.enumerated() {
              let group = UnsafeBufferPointer(rebasing: flat[range])
              covered.withUnsafeBufferPointer { covered in
                Self.addGroup(
                  group, samples: samples, covered: covered, edges: edges, clip: hasEdges,
                  sums: sums)
              }
              if groupIndex + 1 < groups.count {
                covered = Self.union(covered, group, samples)
              }
            }
          }
        }
      }
    }
  }

  /// Adds the parts of `group`'s samples (sorted by start) outside `covered` to `sums`: split
  /// across the buckets of `edges` when `clip`, else whole to `sums[0]` (`edges` then spans
  /// everything).
  static func addGroup(
    _ group: UnsafeBufferPointer<Int32>, samples: UnsafeBufferPointer<HealthSample>,
    covered: UnsafeBufferPointer<(Int64, Int64)>, edges: UnsafeBufferPointer<Int64>, clip: Bool,
    sums: UnsafeMutableBufferPointer<Double>
  ) {
    let lastBucket = edges.count - 2
    // Samples come by start, so the first span ending after a sample's start and the bucket
    // holding it only move forward.
    var hint = 0
    var bucketHint = 0
    for id in group {
      let sample = samples[Int(id)]
      let a = sample.start.nanoseconds
      let b = sample.end.nanoseconds
      let value = sample.value
      while hint < covered.count && covered[hint].1 <= a { hint += 1 }
      while bucketHint < lastBucket && edges[bucketHint + 1] <= a { bucketHint += 1 }
      if a == b {
        let isCovered = hint < covered.count && covered[hint].0 <= a
        if !isCovered {
          if !clip {
            sums[0] += value
          } else if edges[bucketHint] <= a && a < edges[bucketHint + 1] {
            sums[bucketHint] += value
          }
        }
        continue
      }
      let duration = b - a
      var k = hint
      var cursor = a
      while cursor < b {
        let pieceEnd: Int64
        let next: Int64
        if k < covered.count && covered[k].0 < b {
          pieceEnd = max(cursor, covered[k].0)
          next = max(cursor, covered[k].1)
          k += 1
        } else {
          pieceEnd = b
          next = b
        }
        if pieceEnd > cursor {
          if !clip {
            let length = pieceEnd - cursor
            sums[0] += length == duration ? value : value * Double(length) / Double(duration)
          } else {
            var index = bucketHint
            while index + 1 < edges.count && edges[index + 1] <= cursor { index += 1 }
            while index <= lastBucket && edges[index] < pieceEnd {
              let overlap = min(pieceEnd, edges[index + 1]) - max(cursor, edges[index])
              if overlap > 0 {
                sums[index] +=
                  overlap == duration ? value : value * Double(overlap) / Double(duration)
              }
              index += 1
            }
          }
        }
        cursor = min(next, b)
      }
    }
  }

  /// The union of the disjoint sorted intervals `covered` and the positive-length intervals of
  /// `ids` (sorted by start).
  static func union(
    _ covered: [(Int64, Int64)], _ ids: UnsafeBufferPointer<Int32>,
    _ storage: UnsafeBufferPointer<HealthSample>
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

  /// The time covered by `ids` (sorted by start, indexing `storage`; overlaps once), ns, per
  /// bucket or whole.
  static func accumulateDuration(
    _ ids: [Int32], storage: [HealthSample], edges: [Int64]?, into durations: inout [Int64]
  ) {
    let covered = storage.withUnsafeBufferPointer { samples in
      ids.withUnsafeBufferPointer { ids in Self.union([], ids, samples) }
    }
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
    mutating func addRecent(_ id: Int32, start: Int64, end: Int64, bucket: Int) {
      let key = (end, start, id)
      if recent[bucket] < 0 || key > recentKeys[bucket] {
        recent[bucket] = id
        recentKeys[bucket] = key
      }
    }
  }
}
