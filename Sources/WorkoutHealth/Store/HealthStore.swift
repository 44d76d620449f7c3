import WorkoutCore

/// The simulated health store: a person's samples with HealthKit's query semantics, pure and
/// deterministic (no clock: every call takes the instant it happens at).
///
/// The model (docs/health-store.md): a sample is visible from its ``HealthSample/savedAt`` on;
/// deleted samples vanish from queries but stay for anchored queries' deleted objects; sample
/// queries show every source, statistics merge cumulative types by source priority; a statistics
/// query counts a matched sample in full, a collection query splits it across buckets in
/// proportion to time.
///
/// Storage per sample: the 40-byte ``HealthSample``, its 4-byte place in the arrival order, in
/// its type's arrival order and in its type's start order, and one bit of the deleted set
/// (``bytesPerSample``: 52.125 bytes).
/// Side tables (sources, workouts, ECGs, app UUIDs, deletions) grow with those things, not with
/// samples.
public struct HealthStore: Sendable {
  /// The store's source table; samples name sources by index into it.
  public private(set) var sources: [HealthSource]
  /// Source indices from the highest merge priority to the lowest. Setting it re-ranks; sources
  /// it leaves out rank after the listed ones in the default order (watch, iPhone, apps, each by
  /// index).
  public var priority: [UInt16] {
    didSet { rank = Self.ranks(priority: priority, sources: sources) }
  }
  /// The workouts, referenced by `workout` samples' ``HealthSample/value``.
  public private(set) var workouts: [WorkoutRecord]
  /// The ECG recordings, referenced by `electrocardiogram` samples' ``HealthSample/value``.
  public private(set) var electrocardiograms: [HealthElectrocardiogram]
  /// Spans while the phone is locked (ns from `t = 0`).
  public private(set) var lockPeriods: [Range<SimulationInstant>]
  /// The person's walking bouts of the generated days (``HealthData/walkingBouts``), for Core
  /// Motion's history.
  public let walkingBouts: [Range<SimulationInstant>]
  /// The seed generated samples' UUIDs derive from.
  public let seed: UInt64

  /// Every sample ever stored, by id (deleted ones included).
  var storage: [HealthSample]
  /// Sample ids by (`savedAt`, id): the arrival order anchors count in.
  var arrival: [Int32]
  /// Per type (by raw value): the sample ids by (`savedAt`, id), for ``nextArrival(of:after:)``.
  var arrivalByType: [[Int32]]
  /// Per type (by raw value): the live sample ids by (`start`, id).
  var byStart: [[Int32]]
  /// Per type: the longest duration of a sample ever stored (ns), bounding overlap searches.
  var maxDuration: [Int64]
  /// Deleted ids, one bit each.
  var deletedBits: [UInt64]
  /// Deletions in the order they happened.
  var deletions: [Deletion]
  /// UUIDs of app-saved samples (generated ones are derived).
  var appUUIDs: [Int32: HealthUUID]
  /// App UUID → id.
  var idsByAppUUID: [HealthUUID: Int32]
  /// Merge rank per source index (0 highest).
  var rank: [Int]
  /// Per workout index: the id of its `workout` sample, -1 before it is stored.
  var workoutSampleIDs: [Int32]
  /// The indices of ``workouts`` whose samples were saved with them
  /// (``addWorkout(_:source:uuid:samples:at:)`` with samples: a live builder's finished
  /// workout); the rings count such a workout's energy from those samples, not its total.
  public private(set) var workoutsWithSamples: Set<Int> = []
  /// The quantities of series samples (``setSeries(_:of:)``), by id: what statistics read in
  /// place of the sample's one value (docs/health-store.md#series-samples). Empty unless the app
  /// saved a series, so statistics over other samples look nothing up.
  var seriesParts: [Int32: [HealthSeriesPart]] = [:]

  /// One deletion: the sample, when (ns), and its UUID.
  struct Deletion: Sendable {
    var id: Int32
    var at: Int64
  }

  /// A UUID as two words, bytes 0–7 and 8–15 big-endian.
  struct HealthUUID: Hashable, Sendable {
    var high: UInt64
    var low: UInt64
  }

  /// The bytes each stored sample costs in the store's per-sample structures: the sample
  /// (`MemoryLayout<HealthSample>.stride`, 40), its entries in the arrival order, its type's
  /// arrival order and its type's start order (4 + 4 + 4), one deleted bit (0.125). Budget: 64.
  public static var bytesPerSample: Double {
    Double(MemoryLayout<HealthSample>.stride + 3 * MemoryLayout<Int32>.stride) + 1.0 / 8.0
  }

  /// The bytes the per-sample structures hold now (their capacities), for the benchmark.
  public var storageBytes: Int {
    storage.capacity * MemoryLayout<HealthSample>.stride + arrival.capacity * 4
      + arrivalByType.reduce(0) { $0 + $1.capacity * 4 }
      + byStart.reduce(0) { $0 + $1.capacity * 4 } + deletedBits.capacity * 8
  }

  /// The number of samples ever stored (deleted ones included).
  public var sampleCount: Int { storage.count }

  /// A store holding `data`; generated samples' UUIDs derive from `seed`.
  ///
  /// Samples keep their index in `data.samples` as their id. Bad data (end before start, a
  /// source index outside the table) is the decoder's to reject; the store traps on it.
  public init(data: HealthData, seed: UInt64) {
    self.seed = seed
    self.sources = data.sources
    self.workouts = data.workouts
    self.electrocardiograms = data.electrocardiograms
    self.lockPeriods = data.lockPeriods
    self.walkingBouts = data.walkingBouts
    self.storage = data.samples
    self.deletions = []
    self.appUUIDs = [:]
    self.idsByAppUUID = [:]
    self.priority = data.priority
    self.rank = Self.ranks(priority: data.priority, sources: data.sources)
    precondition(data.samples.count < Int(Int32.max), "too many samples for 32-bit ids")
    let typeCount = HealthDataType.allCases.count
    var perType = [[Int32]](repeating: [], count: typeCount)
    var counts = [Int](repeating: 0, count: typeCount)
    var longest = [Int64](repeating: 0, count: typeCount)
    var workoutIDs = [Int32](repeating: -1, count: data.workouts.count)
    for sample in data.samples {
      counts[Int(sample.type.rawValue)] += 1
    }
    for type in 0..<typeCount { perType[type].reserveCapacity(counts[type]) }
    var arrivalSorted = true
    var previous: (Int64, Int32) = (.min, -1)
    for (index, sample) in data.samples.enumerated() {
      precondition(sample.end >= sample.start, "sample \(index) ends before it starts")
      precondition(Int(sample.source) < data.sources.count, "sample \(index): unknown source")
      let type = Int(sample.type.rawValue)
      perType[type].append(Int32(index))
      longest[type] = max(longest[type], sample.end.nanoseconds - sample.start.nanoseconds)
      if sample.type == .workout, let workout = Int(exactly: sample.value),
        workout >= 0, workout < workoutIDs.count
      {
        workoutIDs[workout] = Int32(index)
      }
      if sample.savedAt.nanoseconds < previous.0 { arrivalSorted = false }
      previous = (sample.savedAt.nanoseconds, Int32(index))
    }
    let samples = data.samples
    for type in 0..<typeCount {
      if !Self.isSortedByStart(perType[type], samples) {
        perType[type].sort { Self.startOrder($0, $1, samples) }
      }
    }
    var order = [Int32](0..<Int32(data.samples.count))
    if !arrivalSorted {
      order.sort { lhs, rhs in
        let a = samples[Int(lhs)].savedAt
        let b = samples[Int(rhs)].savedAt
        return a != b ? a < b : lhs < rhs
      }
    }
    var orderByType = [[Int32]](repeating: [], count: typeCount)
    for type in 0..<typeCount { orderByType[type].reserveCapacity(counts[type]) }
    for id in order { orderByType[Int(samples[Int(id)].type.rawValue)].append(id) }
    self.arrival = order
    self.arrivalByType = orderByType
    self.byStart = perType
    self.maxDuration = longest
    self.deletedBits = [UInt64](repeating: 0, count: (data.samples.count + 63) / 64)
    self.workoutSampleIDs = workoutIDs
  }

  static func startOrder(_ lhs: Int32, _ rhs: Int32, _ samples: [HealthSample]) -> Bool {
    let a = samples[Int(lhs)].start
    let b = samples[Int(rhs)].start
    return a != b ? a < b : lhs < rhs
  }

  static func isSortedByStart(_ ids: [Int32], _ samples: [HealthSample]) -> Bool {
    var index = 1
    while index < ids.count {
      if !startOrder(ids[index - 1], ids[index], samples) { return false }
      index += 1
    }
    return true
  }

  /// The merge rank of every source: listed sources first, then the rest by kind (watch,
  /// iPhone, app) and index.
  static func ranks(priority: [UInt16], sources: [HealthSource]) -> [Int] {
    var rank = [Int](repeating: -1, count: sources.count)
    var next = 0
    for source in priority where Int(source) < sources.count && rank[Int(source)] < 0 {
      rank[Int(source)] = next
      next += 1
    }
    for kind in [HealthSource.Kind.watch, .iPhone, .app] {
      for (index, source) in sources.enumerated() where source.kind == kind && rank[index] < 0 {
        rank[index] = next
        next += 1
      }
    }
    return rank
  }

  /// Whether the phone is locked at `now` (inside one of ``lockPeriods``).
  public func isLocked(at now: SimulationInstant) -> Bool {
    lockPeriods.contains { $0.contains(now) }
  }

  /// The index of `source` in the source table, added (after every other source in merge
  /// priority) when it is new.
  public mutating func source(for source: HealthSource) -> UInt16 {
    if let index = sources.firstIndex(of: source) { return UInt16(index) }
    precondition(sources.count < Int(UInt16.max), "too many sources")
    sources.append(source)
    rank = Self.ranks(priority: priority, sources: sources)
    return UInt16(sources.count - 1)
  }

  /// Saves an app's samples at `now`: each becomes visible at `now` (its ``HealthSample/savedAt``
  /// is set to `now`) and keeps its UUID from `uuids` (same count as `samples`; empty: derived
  /// UUIDs as for generated samples). Returns the new ids, in order.
  public mutating func save(
    _ samples: consuming [HealthSample], uuids: [(UInt64, UInt64)], at now: SimulationInstant
  ) -> [HealthSampleID] {
    precondition(uuids.isEmpty || uuids.count == samples.count, "one UUID per sample")
    // Stamped in place: an array the caller hands over (a finished workout's samples, some
    // thousands) is not copied.
    let sourceCount = sources.count
    samples.withUnsafeMutableBufferPointer { samples in
      for index in samples.indices {
        precondition(samples[index].end >= samples[index].start, "a sample ends before it starts")
        precondition(
          Int(samples[index].source) < sourceCount, "unknown source \(samples[index].source)")
        samples[index].savedAt = now
      }
    }
    return append(samples, uuids: uuids.map { HealthUUID(high: $0.0, low: $0.1) })
  }

  /// Records that sample `id` (a quantity sample the app saved) is a series of `parts`, in start
  /// order, each inside the sample's interval: statistics then count each part as its own
  /// sample of its interval, with the sample's type and source (docs/health-store.md#series-samples).
  /// Sample queries, anchors and deletions still see the one sample.
  public mutating func setSeries(_ parts: [HealthSeriesPart], of id: HealthSampleID) {
    let sample = storage[Int(id.index)]
    precondition(sample.type.isQuantity, "only a quantity sample holds a series")
    precondition(!parts.isEmpty, "a series has at least one quantity")
    for (index, part) in parts.enumerated() {
      precondition(
        sample.start <= part.start && part.start <= part.end && part.end <= sample.end,
        "a series' quantity lies inside its sample")
      precondition(index == 0 || parts[index - 1].start <= part.start, "parts in start order")
    }
    seriesParts[id.index] = parts
  }

  /// Stores a finished workout saved by `source` at `now` (a `workout` sample over its dates
  /// whose value indexes ``workouts``) and returns the workout sample's id.
  ///
  /// - Parameters:
  ///   - record: the finished workout.
  ///   - source: who saved it.
  ///   - uuid: the workout's UUID.
  ///   - samples: the samples saved with it (a live builder's not yet in the store:
  ///     ``HealthSample/savedAt`` is set to `now`, UUIDs derived); they arrive just before the
  ///     workout, at the same instant.
  ///   - withSamples: whether the workout has samples in the store even when `samples` is
  ///     empty (a live builder's, brought in as they were collected): the rings then count its
  ///     energy from them (``workoutsWithSamples``).
  ///   - now: when it is saved.
  public mutating func addWorkout(
    _ record: WorkoutRecord, source: UInt16, uuid: (UInt64, UInt64),
    samples: consuming [HealthSample] = [], withSamples: Bool = false, at now: SimulationInstant
  ) -> HealthSampleID {
    precondition(Int(source) < sources.count, "unknown source \(source)")
    if !samples.isEmpty || withSamples { workoutsWithSamples.insert(workouts.count) }
    if !samples.isEmpty { _ = save(samples, uuids: [], at: now) }
    workouts.append(record)
    let sample = HealthSample(
      type: .workout, source: source, start: record.startDate, end: record.endDate,
      value: Double(workouts.count - 1), savedAt: now)
    let id = append([sample], uuids: [HealthUUID(high: uuid.0, low: uuid.1)])[0]
    workoutSampleIDs.append(id.index)
    return id
  }

  /// Appends samples that arrive together at one `savedAt`, at or after every arrival already
  /// visible (`uuids`: one each, or empty for derived UUIDs). A batch costs one insertion in
  /// each arrival order and one merge into each start order, not one per sample.
  mutating func append(_ samples: [HealthSample], uuids: [HealthUUID]) -> [HealthSampleID] {
    guard let arrivalTime = samples.first?.savedAt.nanoseconds else { return [] }
    precondition(
      storage.count + samples.count < Int(Int32.max), "too many samples for 32-bit ids")
    let first = Int32(storage.count)
    storage.append(contentsOf: samples)
    while storage.count > deletedBits.count * 64 { deletedBits.append(0) }
    let ids = Array(first..<Int32(storage.count))
    // Arrival order: after every sample saved at or before this instant (new ids are the
    // highest, so they follow the ties too).
    arrival.insert(contentsOf: ids, at: upperBoundArrival(arrivalTime))
    var byType = [[Int32]](repeating: [], count: byStart.count)
    for id in ids {
      let sample = storage[Int(id)]
      precondition(sample.savedAt.nanoseconds == arrivalTime, "one arrival instant per batch")
      let type = Int(sample.type.rawValue)
      byType[type].append(id)
      maxDuration[type] = max(
        maxDuration[type], sample.end.nanoseconds - sample.start.nanoseconds)
    }
    let all = storage
    for (type, group) in byType.enumerated() where !group.isEmpty {
      arrivalByType[type].insert(
        contentsOf: group, at: upperBoundArrival(arrivalTime, in: arrivalByType[type]))
      // A type's samples usually arrive in start order (a finished workout's series): no sort.
      let sorted =
        Self.isSortedByStart(group, all) ? group : group.sorted { Self.startOrder($0, $1, all) }
      if sorted.count <= 8 {
        for id in sorted {
          let position = upperBoundStart(type: type, storage[Int(id)].start.nanoseconds)
          byStart[type].insert(id, at: position)
        }
      } else {
        byStart[type] = Self.merged(byStart[type], sorted, all)
      }
    }
    for (offset, uuid) in uuids.enumerated() {
      appUUIDs[ids[offset]] = uuid
      idsByAppUUID[uuid] = ids[offset]
    }
    return ids.map { HealthSampleID(index: $0) }
  }

  /// The first position in `byStart[type]` whose sample starts after `instant`.
  func upperBoundStart(type: Int, _ instant: Int64) -> Int {
    let ids = byStart[type]
    var low = 0
    var high = ids.count
    while low < high {
      let mid = (low + high) / 2
      if storage[Int(ids[mid])].start.nanoseconds <= instant { low = mid + 1 } else { high = mid }
    }
    return low
  }

  /// Two id lists sorted by (start, id) merged into one.
  static func merged(_ lhs: [Int32], _ rhs: [Int32], _ samples: [HealthSample]) -> [Int32] {
    var result: [Int32] = []
    result.reserveCapacity(lhs.count + rhs.count)
    var i = 0
    var j = 0
    while i < lhs.count && j < rhs.count {
      if startOrder(rhs[j], lhs[i], samples) {
        result.append(rhs[j])
        j += 1
      } else {
        result.append(lhs[i])
        i += 1
      }
    }
    result.append(contentsOf: lhs[i...])
    result.append(contentsOf: rhs[j...])
    return result
  }

  /// The first position in the arrival order whose sample arrives after `instant`.
  func upperBoundArrival(_ instant: Int64) -> Int {
    upperBoundArrival(instant, in: arrival)
  }

  /// The first position in `order` (ids by `savedAt`) whose sample arrives after `instant`.
  func upperBoundArrival(_ instant: Int64, in order: [Int32]) -> Int {
    var low = 0
    var high = order.count
    while low < high {
      let mid = (low + high) / 2
      if storage[Int(order[mid])].savedAt.nanoseconds <= instant {
        low = mid + 1
      } else {
        high = mid
      }
    }
    return low
  }

  /// Deletes samples at `now`: they vanish from queries and statistics and show up as deleted
  /// objects in anchored queries. Unknown or already deleted ids are ignored.
  public mutating func delete(_ ids: [HealthSampleID], at now: SimulationInstant) {
    var removed = [[Int32]](repeating: [], count: byStart.count)
    for id in ids {
      let index = Int(id.index)
      guard index >= 0, index < storage.count, !isDeleted(id.index) else { continue }
      deletedBits[index >> 6] |= 1 << UInt64(index & 63)
      deletions.append(Deletion(id: id.index, at: now.nanoseconds))
      removed[Int(storage[index].type.rawValue)].append(id.index)
    }
    // Out of each start order: found by start for a few, in one pass for many.
    let bits = deletedBits
    for (type, gone) in removed.enumerated() where !gone.isEmpty {
      if gone.count > 8 {
        byStart[type].removeAll { bits[Int($0) >> 6] & (1 << UInt64($0 & 63)) != 0 }
        continue
      }
      for id in gone {
        var position = lowerBoundStart(type: type, storage[Int(id)].start.nanoseconds)
        while position < byStart[type].count && byStart[type][position] != id { position += 1 }
        if position < byStart[type].count { byStart[type].remove(at: position) }
      }
    }
  }

  /// Whether sample `index` was deleted.
  @inline(__always)
  func isDeleted(_ index: Int32) -> Bool {
    deletedBits[Int(index) >> 6] & (1 << UInt64(index & 63)) != 0
  }

  /// The stored sample `id` (deleted ones too). Traps on an id the store never gave.
  public func sample(_ id: HealthSampleID) -> HealthSample {
    storage[Int(id.index)]
  }

  /// Whether sample `id` was deleted.
  public func isDeleted(_ id: HealthSampleID) -> Bool {
    Int(id.index) < storage.count && isDeleted(id.index)
  }

  /// The UUID of sample `id` as two words (bytes 0–7 and 8–15, big-endian): an app-saved
  /// sample's own, else derived from the seed and the index with RFC 4122 version-4 bits
  /// (docs/health-store.md#ids-and-uuids).
  public func uuid(of id: HealthSampleID) -> (UInt64, UInt64) {
    if let uuid = appUUIDs[id.index] { return (uuid.high, uuid.low) }
    let derived = Self.derivedUUID(seed: seed, index: id.index)
    return (derived.high, derived.low)
  }

  /// The sample with this UUID, if the store holds one.
  public func id(ofUUID uuid: (UInt64, UInt64)) -> HealthSampleID? {
    let key = HealthUUID(high: uuid.0, low: uuid.1)
    if let id = idsByAppUUID[key] { return HealthSampleID(index: id) }
    let index = Self.derivedIndex(seed: seed, uuid: key)
    guard index >= 0, Int(index) < storage.count, appUUIDs[index] == nil,
      Self.derivedUUID(seed: seed, index: index) == key
    else { return nil }
    return HealthSampleID(index: index)
  }
}

extension HealthStore {
  /// Stores samples that each keep their own ``HealthSample/savedAt`` (a live workout's
  /// samples, brought in when the store is read: docs/healthkit-behaviour.md#a-live-workouts-samples),
  /// none earlier than an arrival already visible to an anchor. The arrival orders are merged
  /// from the first arrival after the earliest new one on, not rebuilt. Returns the new ids.
  @discardableResult
  public mutating func bringIn(_ samples: consuming [HealthSample]) -> Range<Int32> {
    let first = Int32(storage.count)
    guard !samples.isEmpty else { return first..<first }
    precondition(
      storage.count + samples.count < Int(Int32.max), "too many samples for 32-bit ids")
    let sourceCount = sources.count
    for index in samples.indices {
      let sample = samples[index]
      precondition(sample.end >= sample.start, "a sample ends before it starts")
      precondition(Int(sample.source) < sourceCount, "unknown source \(sample.source)")
    }
    if storage.isEmpty {
      // Nothing stored yet (a world without generated days): the array becomes the storage,
      // its room included, rather than being copied into fresh pages.
      storage = samples
    } else {
      // Grown as `append` grows it, with a little headroom (`Array.reserveRoom(for:)`), so
      // the workout saved after a live workout's samples does not copy the storage again.
      storage.reserveRoom(for: storage.count + samples.count)
      storage.append(contentsOf: samples)
    }
    while storage.count > deletedBits.count * 64 { deletedBits.append(0) }
    let all = storage
    func arrivesBefore(_ lhs: Int32, _ rhs: Int32) -> Bool {
      Self.arrivesBefore(lhs, rhs, in: all)
    }
    var ids = Array(first..<Int32(storage.count))
    if !zip(ids, ids.dropFirst()).allSatisfy({ arrivesBefore($0, $1) }) {
      Self.sortByArrival(&ids, in: all)
    }
    Self.mergeTail(&arrival, ids, by: arrivesBefore)
    var byType = [[Int32]](repeating: [], count: byStart.count)
    for id in ids {
      let sample = storage[Int(id)]
      let type = Int(sample.type.rawValue)
      byType[type].append(id)
      maxDuration[type] = max(
        maxDuration[type], sample.end.nanoseconds - sample.start.nanoseconds)
    }
    for (type, group) in byType.enumerated() where !group.isEmpty {
      Self.mergeTail(&arrivalByType[type], group, by: arrivesBefore)
      let sorted =
        Self.isSortedByStart(group, all) ? group : group.sorted { Self.startOrder($0, $1, all) }
      Self.mergeTail(&byStart[type], sorted) { Self.startOrder($0, $1, all) }
    }
    return first..<Int32(storage.count)
  }

  /// Whether sample `lhs` arrives before sample `rhs`: the order anchors count arrivals in (the
  /// one home of that rule). By ``HealthSample/savedAt``, then id (project rule: a live
  /// workout's samples brought in together have ids type by type, so at one instant the id
  /// decides; docs/healthkit-behaviour.md#a-live-workouts-samples).
  public func arrivesBefore(_ lhs: HealthSampleID, _ rhs: HealthSampleID) -> Bool {
    Self.arrivesBefore(lhs.index, rhs.index, in: storage)
  }

  /// Sorts `ids`, consecutive ids from its first, by ``arrivesBefore(_:_:)`` over `samples`
  /// (the store's storage). When the spread of their arrival instants and their count fit in
  /// one 64-bit word together (a live workout's samples: hours of nanoseconds and thousands of
  /// ids use about 60 bits), each id is sorted as one word, its arrival above its offset: the
  /// same order (ids are distinct, so the offset breaks ties as the id does), without reading
  /// two samples at every comparison. Otherwise by the rule itself.
  static func sortByArrival(_ ids: inout [Int32], in samples: [HealthSample]) {
    guard let first = ids.first, ids.count > 1 else { return }
    let offsetBits = Int.bitWidth - (ids.count - 1).leadingZeroBitCount
    var earliest = Int64.max
    var latest = Int64.min
    for id in ids {
      let saved = samples[Int(id)].savedAt.nanoseconds
      earliest = min(earliest, saved)
      latest = max(latest, saved)
    }
    let (spread, overflow) = latest.subtractingReportingOverflow(earliest)
    guard !overflow, offsetBits < 64, UInt64(spread) >> UInt64(64 - offsetBits) == 0 else {
      ids.sort { arrivesBefore($0, $1, in: samples) }
      return
    }
    var keys = ids.map { id in
      UInt64(samples[Int(id)].savedAt.nanoseconds - earliest) << UInt64(offsetBits)
        | UInt64(id - first)
    }
    keys.sort()
    let mask = (UInt64(1) << UInt64(offsetBits)) - 1
    for index in keys.indices { ids[index] = first + Int32(truncatingIfNeeded: keys[index] & mask) }
  }

  /// ``arrivesBefore(_:_:)`` over `samples` (the store's storage, indexed by id).
  static func arrivesBefore(_ lhs: Int32, _ rhs: Int32, in samples: [HealthSample]) -> Bool {
    let a = samples[Int(lhs)].savedAt
    let b = samples[Int(rhs)].savedAt
    return a != b ? a < b : lhs < rhs
  }

  /// Merges `rhs` (sorted by `less`) into `lhs` (sorted by `less`) in place: the part of `lhs`
  /// before `rhs`'s first element stays where it is; only the tail after it is merged.
  static func mergeTail(
    _ lhs: inout [Int32], _ rhs: [Int32], by less: (Int32, Int32) -> Bool
  ) {
    guard let head = rhs.first else { return }
    // The first element of `lhs` that `rhs`'s first goes before.
    var low = 0
    var high = lhs.count
    while low < high {
      let mid = (low + high) / 2
      if less(head, lhs[mid]) { high = mid } else { low = mid + 1 }
    }
    if low == lhs.count {
      lhs.append(contentsOf: rhs)
      return
    }
    let tail = Array(lhs[low...])
    lhs.removeSubrange(low...)
    lhs.reserveCapacity(lhs.count + tail.count + rhs.count)
    var i = 0
    var j = 0
    while i < tail.count && j < rhs.count {
      if less(rhs[j], tail[i]) {
        lhs.append(rhs[j])
        j += 1
      } else {
        lhs.append(tail[i])
        i += 1
      }
    }
    lhs.append(contentsOf: tail[i...])
    lhs.append(contentsOf: rhs[j...])
  }
}
