import WorkoutCore

extension HealthStore {
  /// Whether the stored sample `id` (live or deleted) is of `type` and matches `filter`: the
  /// test ``changes(of:after:limit:at:)`` makes of each event against each part, for a reader
  /// that must tell which of its parts an event of one walk matched.
  public func matches(_ id: HealthSampleID, type: HealthDataType, filter: HealthFilter) -> Bool {
    let sample = storage[Int(id.index)]
    return sample.type == type && matches(filter, sample, id.index)
  }

  /// Whether the stored `sample` (id `id`) matches `filter`.
  func matches(_ filter: HealthFilter, _ sample: HealthSample, _ id: Int32) -> Bool {
    switch filter {
    case .all:
      return true
    case .date(let start, let end, let strictStart, let strictEnd):
      return HealthFilter.matchesDates(
        start: sample.start.nanoseconds, end: sample.end.nanoseconds, from: start?.nanoseconds,
        to: end?.nanoseconds, strictStart: strictStart, strictEnd: strictEnd)
    case .sources(let set):
      return set.contains(sample.source)
    case .ids(let set):
      return set.contains(HealthSampleID(index: id))
    case .quantity(let comparison, let operand):
      return sample.type.isQuantity && comparison.holds(sample.value, operand)
    case .categoryValues(let values):
      guard sample.type.isCategory, let value = Int(exactly: sample.value) else {
        return false
      }
      return values.contains(value)
    case .workout(let index):
      guard index >= 0, index < workouts.count, index < workoutSampleIDs.count,
        workoutSampleIDs[index] >= 0, workoutSampleIDs[index] != id
      else { return false }
      let workout = storage[Int(workoutSampleIDs[index])]
      return sample.source == workout.source && sample.start >= workout.start
        && sample.end <= workout.end
    case .workoutActivity(let raw):
      guard sample.type == .workout, let index = Int(exactly: sample.value), index >= 0,
        index < workouts.count
      else { return false }
      return workouts[index].activityType.rawValue == raw
    case .and(let filters):
      for filter in filters where !matches(filter, sample, id) { return false }
      return true
    case .or(let filters):
      for filter in filters where matches(filter, sample, id) { return true }
      return false
    case .not(let inner):
      return !matches(inner, sample, id)
    }
  }

  /// Bounds on a matching sample's start (ns, both inclusive) that `filter` implies for `type`.
  func startBounds(_ filter: HealthFilter, type: Int) -> (low: Int64, high: Int64) {
    switch filter {
    case .date(let start, let end, let strictStart, let strictEnd):
      var low = Int64.min
      var high = Int64.max
      if let start {
        if strictStart {
          low = start.nanoseconds
        } else {
          let (value, overflow) = start.nanoseconds.subtractingReportingOverflow(
            maxDuration[type])
          low = overflow ? .min : value
        }
      }
      if let end {
        if strictEnd && !strictStart {
          high = end.nanoseconds  // end <= to, so start <= to
        } else {
          if end.nanoseconds == .min { return (1, 0) }  // start < Int64.min: nothing
          high = end.nanoseconds - 1  // start < to
        }
      }
      return (low, high)
    case .and(let filters):
      var low = Int64.min
      var high = Int64.max
      for filter in filters {
        let bounds = startBounds(filter, type: type)
        low = max(low, bounds.low)
        high = min(high, bounds.high)
      }
      return (low, high)
    case .or(let filters):
      if filters.isEmpty { return (1, 0) }
      var low = Int64.max
      var high = Int64.min
      for filter in filters {
        let bounds = startBounds(filter, type: type)
        low = min(low, bounds.low)
        high = max(high, bounds.high)
      }
      return (low, high)
    default:
      return (.min, .max)
    }
  }

  /// The ids a filter restricts to (an id filter, alone or in a conjunction), if any.
  static func idSet(_ filter: HealthFilter) -> Set<HealthSampleID>? {
    switch filter {
    case .ids(let set): return set
    case .and(let filters):
      for filter in filters {
        if let set = idSet(filter) { return set }
      }
      return nil
    default: return nil
    }
  }

  /// The first position in `byStart[type]` whose sample starts at or after `instant`.
  func lowerBoundStart(type: Int, _ instant: Int64) -> Int {
    let ids = byStart[type]
    var low = 0
    var high = ids.count
    while low < high {
      let mid = (low + high) / 2
      if storage[Int(ids[mid])].start.nanoseconds < instant { low = mid + 1 } else { high = mid }
    }
    return low
  }

  /// Calls `body` with each live sample of `type` visible at `now` that matches `filter` and
  /// starts within `extra` (inclusive bounds), in (start, id) order.
  func forEachMatch(
    of type: HealthDataType, where filter: HealthFilter, at now: SimulationInstant,
    within extra: (low: Int64, high: Int64) = (.min, .max),
    _ body: (Int32, HealthSample) -> Void
  ) {
    let typeIndex = Int(type.rawValue)
    let bounds = startBounds(filter, type: typeIndex)
    let low = max(bounds.low, extra.low)
    let high = min(bounds.high, extra.high)
    guard low <= high else { return }
    if let wanted = Self.idSet(filter) {
      // A few named samples (`predicateForObjects(with:)`): look them up, not the whole type.
      var ids: [Int32] = wanted.compactMap { id in
        let index = Int(id.index)
        guard index >= 0, index < storage.count, storage[index].type == type,
          !isDeleted(id.index)
        else { return nil }
        return id.index
      }
      let samples = storage
      ids.sort { Self.startOrder($0, $1, samples) }
      for id in ids {
        let sample = storage[Int(id)]
        let start = sample.start.nanoseconds
        if start >= low && start <= high && sample.savedAt <= now && matches(filter, sample, id) {
          body(id, sample)
        }
      }
      return
    }
    let ids = byStart[typeIndex]
    var position = low == .min ? 0 : lowerBoundStart(type: typeIndex, low)
    let visible = now.nanoseconds
    let everything = filter == .all
    while position < ids.count {
      let id = ids[position]
      let sample = storage[Int(id)]
      if sample.start.nanoseconds > high { break }
      if sample.savedAt.nanoseconds <= visible && (everything || matches(filter, sample, id)) {
        body(id, sample)
      }
      position += 1
    }
  }

  /// `HKSampleQuery`: the live samples of `type` visible at `now` that match `filter`, sorted by
  /// `sortedBy` (ties, and no sort at all: id order, the order samples were put in the store),
  /// at most `limit` of them (`nil` or ≤ 0: no limit, as `HKObjectQueryNoLimit`). Every source
  /// is shown; nothing is merged.
  public func samples(
    of type: HealthDataType, where filter: HealthFilter, at now: SimulationInstant,
    sortedBy: [HealthSort], limit: Int?
  ) -> [HealthSampleID] {
    var found: [Int32] = []
    forEachMatch(of: type, where: filter, at: now) { id, _ in found.append(id) }
    if sortedBy.isEmpty {
      found.sort()
    } else if sortedBy != [.startDate(ascending: true)] {
      let storage = self.storage
      found.sort { lhs, rhs in
        let a = storage[Int(lhs)]
        let b = storage[Int(rhs)]
        for sort in sortedBy {
          switch sort {
          case .startDate(let ascending):
            if a.start != b.start { return ascending ? a.start < b.start : a.start > b.start }
          case .endDate(let ascending):
            if a.end != b.end { return ascending ? a.end < b.end : a.end > b.end }
          }
        }
        return lhs < rhs
      }
    }
    if let limit, limit > 0, found.count > limit { found.removeSubrange(limit...) }
    return found.map { HealthSampleID(index: $0) }
  }

  /// The span of the matched samples (earliest start ..< latest end) visible at `now`, `nil`
  /// when none match: the edge widens a collection's buckets to it, so samples astride the
  /// predicate's bounds yield their partial buckets outside it.
  public func dataSpan(
    of type: HealthDataType, where filter: HealthFilter, at now: SimulationInstant
  ) -> Range<SimulationInstant>? {
    var earliest: SimulationInstant?
    var latest = SimulationInstant(nanoseconds: .min)
    forEachMatch(of: type, where: filter, at: now) { _, sample in
      if earliest == nil { earliest = sample.start }
      latest = max(latest, sample.end)
    }
    guard let earliest else { return nil }
    return earliest..<latest
  }

  /// The first instant after `now` at which a live sample of one of `types` arrives (its
  /// ``HealthSample/savedAt``), `nil` when none is pending.
  public func nextArrival(
    of types: Set<HealthDataType>, after now: SimulationInstant
  ) -> SimulationInstant? {
    var earliest: SimulationInstant?
    for type in types {
      let order = arrivalByType[Int(type.rawValue)]
      var position = upperBoundArrival(now.nanoseconds, in: order)
      while position < order.count {
        let id = order[position]
        if !isDeleted(id) {
          let saved = storage[Int(id)].savedAt
          if earliest.map({ saved < $0 }) ?? true { earliest = saved }
          break
        }
        position += 1
      }
    }
    return earliest
  }

  /// The anchor just after everything that happened by `now` (every arrival saved by then,
  /// every deletion made by then): the anchor ``changes(of:after:limit:at:)`` returns from no
  /// anchor and no limit, found by two searches instead of a walk of the store, so a reader
  /// that wants only what comes later (Core Motion's live pedometer) starts from it.
  public func anchor(at now: SimulationInstant) -> HealthAnchor {
    var deletionEnd = deletions.count
    while deletionEnd > 0 && deletions[deletionEnd - 1].at > now.nanoseconds { deletionEnd -= 1 }
    return HealthAnchor(arrivals: upperBoundArrival(now.nanoseconds), deletions: deletionEnd)
  }

  /// `HKAnchoredObjectQuery`: what changed for `type` since `anchor` (`nil`: since the
  /// beginning), as of `now`: ``changes(of:after:limit:at:)`` with one type.
  public func changes(
    of type: HealthDataType, where filter: HealthFilter, after anchor: HealthAnchor?,
    limit: Int?, at now: SimulationInstant
  ) -> HealthChanges {
    changes(of: [(type, filter)], after: anchor, limit: limit, at: now)
  }

  /// `HKAnchoredObjectQuery` of one or several types: what changed since `anchor` (`nil`: since
  /// the beginning), as of `now`, in one walk of the store's events.
  ///
  /// Events are taken in time order (arrivals in arrival order,
  /// ``arrivesBefore(_:_:)``; deletions in the order they happened; at one instant arrivals
  /// first) until `limit` results (`nil` or ≤ 0: no limit; added and deleted together, all
  /// types together: Apple's limit is "the maximum number of samples that the query returns",
  /// https://developer.apple.com/documentation/healthkit/hkanchoredobjectquerydescriptor/init(predicates:anchor:limit:)).
  /// `added` are the samples that arrived, match one of `parts` (its type and its filter) and
  /// are still live, in arrival order, each once; `deleted` the deletions of samples matching
  /// one of `parts` (the kept sample is tested), with their UUIDs. The returned anchor is just
  /// after the last event taken, so the next page from it begins with the first event left
  /// out, whatever its type.
  public func changes(
    of parts: [(type: HealthDataType, filter: HealthFilter)], after anchor: HealthAnchor?,
    limit: Int?, at now: SimulationInstant
  ) -> HealthChanges {
    // The end of what is visible by `now` is the anchor a reader from then on starts from.
    let end = self.anchor(at: now)
    let visibleArrivals = end.arrivals
    let deletionEnd = end.deletions
    var arrivalPosition = min(anchor?.arrivals ?? 0, visibleArrivals)
    var deletionPosition = min(anchor?.deletions ?? 0, deletionEnd)
    let cap = (limit ?? 0) > 0 ? limit! : Int.max
    func matchesAPart(_ sample: HealthSample, _ id: Int32) -> Bool {
      parts.contains { $0.type == sample.type && matches($0.filter, sample, id) }
    }
    var added: [HealthSampleID] = []
    var deleted: [(id: HealthSampleID, uuid: (UInt64, UInt64))] = []
    while added.count + deleted.count < cap {
      let arrivalAt =
        arrivalPosition < visibleArrivals
        ? storage[Int(arrival[arrivalPosition])].savedAt.nanoseconds : Int64.max
      let deletionAt =
        deletionPosition < deletionEnd ? deletions[deletionPosition].at : Int64.max
      if arrivalPosition >= visibleArrivals && deletionPosition >= deletionEnd { break }
      if arrivalPosition < visibleArrivals && arrivalAt <= deletionAt {
        let id = arrival[arrivalPosition]
        if !isDeleted(id) && matchesAPart(storage[Int(id)], id) {
          added.append(HealthSampleID(index: id))
        }
        arrivalPosition += 1
      } else {
        let id = deletions[deletionPosition].id
        if matchesAPart(storage[Int(id)], id) {
          let sampleID = HealthSampleID(index: id)
          deleted.append((sampleID, uuid(of: sampleID)))
        }
        deletionPosition += 1
      }
    }
    return (added, deleted, HealthAnchor(arrivals: arrivalPosition, deletions: deletionPosition))
  }
}
