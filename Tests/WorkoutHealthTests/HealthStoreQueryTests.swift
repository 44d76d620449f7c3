import Testing
import WorkoutCore
import WorkoutHealth

@Suite struct HealthStoreQueryTests {
  /// Four heart-rate samples (ids 0–3), by (start, end): 0: 30–40, 1: 10–50, 2: 20–20,
  /// 3: 10–30.
  let four = HealthStore(
    data: HealthData(
      sources: [Fixture.watch, Fixture.iPhone],
      samples: [
        Fixture.heartRate(.seconds(30), .seconds(40), 70),
        Fixture.heartRate(.seconds(10), .seconds(50), 80, source: 1),
        Fixture.heartRate(.seconds(20), .seconds(20), 90),
        Fixture.heartRate(.seconds(10), .seconds(30), 100, source: 1),
      ]), seed: 1)

  func indices(_ ids: [HealthSampleID]) -> [Int32] { ids.map(\.index) }

  /// No sort: id order. Start ascending: 10 (ids 1, 3 tie → id order), 20, 30 → 1, 3, 2, 0.
  /// End descending: 50, 40, 30, 20 → 1, 0, 3, 2. Limit 2 keeps the first two; 0 = no limit.
  @Test func sortAndLimit() {
    let now = Fixture.later
    #expect(
      indices(four.samples(of: .heartRate, where: .all, at: now, sortedBy: [], limit: nil)) == [
        0, 1, 2, 3,
      ])
    #expect(
      indices(
        four.samples(
          of: .heartRate, where: .all, at: now, sortedBy: [.startDate(ascending: true)], limit: nil)
      )
        == [1, 3, 2, 0])
    #expect(
      indices(
        four.samples(
          of: .heartRate, where: .all, at: now, sortedBy: [.endDate(ascending: false)], limit: 2))
        == [1, 0])
    #expect(
      indices(
        four.samples(
          of: .heartRate, where: .all, at: now, sortedBy: [.endDate(ascending: false)], limit: 0))
        == [1, 0, 3, 2])
    // Start descending, then end ascending for the tie at 10: 3 (end 30) before 1 (end 50).
    #expect(
      indices(
        four.samples(
          of: .heartRate, where: .all, at: now,
          sortedBy: [.startDate(ascending: false), .endDate(ascending: true)], limit: nil))
        == [0, 2, 3, 1])
    #expect(four.samples(of: .stepCount, where: .all, at: now, sortedBy: [], limit: nil).isEmpty)
  }

  /// HKQueryOptions against the target 20..<40 s:
  /// none (end >= 20 && start < 40): 0 (30–40), 1 (10–50), 2 (20–20), 3 (10–30 ends 30) → all;
  /// strictStart (20 <= start < 40): 0, 2; strictEnd (20 < end <= 40): 0 (40), 3 (30);
  /// both: 0.
  @Test func datePredicateOptions() {
    func match(_ strictStart: Bool, _ strictEnd: Bool) -> [Int32] {
      indices(
        four.samples(
          of: .heartRate,
          where: .date(
            start: .seconds(20), end: .seconds(40), strictStart: strictStart,
            strictEnd: strictEnd), at: Fixture.later, sortedBy: [], limit: nil))
    }
    #expect(match(false, false) == [0, 1, 2, 3])
    #expect(match(true, false) == [0, 2])
    #expect(match(false, true) == [0, 3])
    #expect(match(true, true) == [0])
  }

  /// The overlap rule's edges: a sample ending exactly at the target's start matches, one
  /// starting exactly at its end does not; a missing bound is unbounded.
  @Test func datePredicateBoundaries() {
    let store = Fixture.store([
      Fixture.steps(0, .seconds(0), .seconds(10), 1),
      Fixture.steps(0, .seconds(20), .seconds(30), 1),
    ])
    let ids = store.samples(
      of: .stepCount,
      where: .date(start: .seconds(10), end: .seconds(20), strictStart: false, strictEnd: false),
      at: Fixture.later, sortedBy: [], limit: nil)
    #expect(indices(ids) == [0])
    let open = store.samples(
      of: .stepCount,
      where: .date(start: nil, end: .seconds(20), strictStart: false, strictEnd: false),
      at: Fixture.later, sortedBy: [], limit: nil)
    #expect(indices(open) == [0])
    let from = store.samples(
      of: .stepCount,
      where: .date(start: .seconds(11), end: nil, strictStart: false, strictEnd: false),
      at: Fixture.later, sortedBy: [], limit: nil)
    #expect(indices(from) == [1])
    #expect(
      HealthFilter.matchesDates(
        start: 5, end: 10, from: 10, to: 20, strictStart: false, strictEnd: true) == false)
    #expect(
      HealthFilter.matchesDates(
        start: 15, end: 20, from: 10, to: 20, strictStart: false, strictEnd: true))
  }

  /// Sources, ids, quantity comparison, and/or/not.
  @Test func compoundFilters() {
    let now = Fixture.later
    func match(_ filter: HealthFilter) -> [Int32] {
      indices(four.samples(of: .heartRate, where: filter, at: now, sortedBy: [], limit: nil))
    }
    #expect(match(.sources([1])) == [1, 3])
    #expect(match(.ids([HealthSampleID(index: 2), HealthSampleID(index: 0)])) == [0, 2])
    // Values 70, 80, 90, 100.
    #expect(match(.quantity(.greaterThan, 80)) == [2, 3])
    #expect(match(.quantity(.greaterThanOrEqual, 80)) == [1, 2, 3])
    #expect(match(.quantity(.lessThan, 80)) == [0])
    #expect(match(.quantity(.lessThanOrEqual, 80)) == [0, 1])
    #expect(match(.quantity(.equal, 90)) == [2])
    #expect(match(.quantity(.notEqual, 90)) == [0, 1, 3])
    #expect(match(.and([.sources([1]), .quantity(.greaterThan, 85)])) == [3])
    #expect(match(.or([.sources([0]), .quantity(.equal, 100)])) == [0, 2, 3])
    #expect(match(.not(.sources([1]))) == [0, 2])
    #expect(match(.and([])) == [0, 1, 2, 3])
    #expect(match(.or([])) == [])
    // A date range and a source together: target 25..<100 overlap → 0, 1, 3 (ends 30); watch → 0.
    #expect(
      match(
        .and([
          .date(start: .seconds(25), end: .seconds(100), strictStart: false, strictEnd: false),
          .sources([0]),
        ])) == [0])
  }

  /// Category values (sleep stages): inBed 0, asleepCore 3, asleepDeep 4, asleepREM 5.
  @Test func categoryValues() {
    let stages: [Double] = [0, 3, 4, 5]
    let store = Fixture.store(
      stages.enumerated().map { index, value in
        HealthSample(
          type: .sleepAnalysis, source: 0, start: .seconds(Int64(index) * 600),
          end: .seconds(Int64(index + 1) * 600), value: value)
      })
    let asleep = store.samples(
      of: .sleepAnalysis, where: .categoryValues([3, 4, 5]), at: Fixture.later, sortedBy: [],
      limit: nil)
    #expect(indices(asleep) == [1, 2, 3])
  }

  /// A workout saved by the app: its samples are those of its source inside its interval; the
  /// activity predicate matches workout samples of that activity.
  @Test func workoutAssociation() {
    var store = Fixture.store([
      Fixture.heartRate(.seconds(100), .seconds(100), 120),  // inside, watch
      Fixture.heartRate(.seconds(150), .seconds(150), 130, source: 1),  // inside, iPhone
      Fixture.heartRate(.seconds(50), .seconds(50), 90),  // before
      Fixture.heartRate(.seconds(190), .seconds(210), 140),  // ends after
    ])
    let record = Fixture.workout(.running, .seconds(60), .seconds(200))
    let id = store.addWorkout(record, source: 0, uuid: (1, 2), at: .seconds(300))
    #expect(id.index == 4)
    #expect(store.workouts.count == 1)
    #expect(store.sample(id).value == 0)
    #expect(store.uuid(of: id) == (1, 2))
    #expect(store.id(ofUUID: (1, 2)) == id)
    let associated = store.samples(
      of: .heartRate, where: .workout(0), at: .seconds(300), sortedBy: [], limit: nil)
    #expect(indices(associated) == [0])
    let runs = store.samples(
      of: .workout, where: .workoutActivity(WorkoutActivityType.running.rawValue),
      at: .seconds(300), sortedBy: [], limit: nil)
    #expect(runs == [id])
    let rides = store.samples(
      of: .workout, where: .workoutActivity(WorkoutActivityType.cycling.rawValue),
      at: .seconds(300), sortedBy: [], limit: nil)
    #expect(rides.isEmpty)
    #expect(
      store.samples(of: .heartRate, where: .workout(5), at: .seconds(300), sortedBy: [], limit: nil)
        .isEmpty)
  }

  /// A sample saved at 100 s is invisible before: no sample, no statistics, nothing added; the
  /// next arrival is at 100 s; at 100 s it is there.
  @Test func futureSavedAtIsInvisible() {
    let store = Fixture.store([
      Fixture.steps(0, .seconds(0), .seconds(60), 50, savedAt: .seconds(100)),
      Fixture.steps(0, .seconds(0), .seconds(10), 5),
    ])
    #expect(
      indices(
        store.samples(of: .stepCount, where: .all, at: .seconds(99), sortedBy: [], limit: nil)) == [
          1
        ])
    #expect(
      store.statistics(of: .stepCount, where: .all, options: .cumulativeSum, at: .seconds(99)).sum
        == 5)
    #expect(store.nextArrival(of: [.stepCount], after: .seconds(50)) == .seconds(100))
    #expect(store.nextArrival(of: [.heartRate], after: .seconds(50)) == nil)
    #expect(store.nextArrival(of: [.stepCount], after: .seconds(100)) == nil)
    #expect(
      store.changes(of: .stepCount, where: .all, after: nil, limit: nil, at: .seconds(99)).added
        .map(\.index) == [1])
    // At 100 s: 50 + 5 (both from the watch, same source: summed).
    #expect(
      store.statistics(of: .stepCount, where: .all, options: .cumulativeSum, at: .seconds(100)).sum
        == 55)
    #expect(
      store.dataSpan(of: .stepCount, where: .all, at: .seconds(100)) == SimulationInstant.seconds(
        0)..<SimulationInstant.seconds(60)
    )
    #expect(store.dataSpan(of: .heartRate, where: .all, at: .seconds(100)) == nil)
  }

  /// Anchors with deletions. a (id 0) saved at 0 s, b (id 1) at 10 s.
  @Test func anchorsAndDeletions() {
    var store = Fixture.store([
      Fixture.steps(0, .seconds(0), .seconds(0), 1),
      Fixture.steps(0, .seconds(5), .seconds(10), 2),
    ])
    let first = store.changes(of: .stepCount, where: .all, after: nil, limit: nil, at: .seconds(5))
    #expect(first.added.map(\.index) == [0])
    #expect(first.anchor == HealthAnchor(arrivals: 1, deletions: 0))
    let second = store.changes(
      of: .stepCount, where: .all, after: first.anchor, limit: nil, at: .seconds(20))
    #expect(second.added.map(\.index) == [1])
    #expect(second.deleted.isEmpty)
    // Delete a at 30 s: it leaves queries and shows as a deleted object with its UUID.
    store.delete([HealthSampleID(index: 0)], at: .seconds(30))
    #expect(store.isDeleted(HealthSampleID(index: 0)))
    #expect(
      indices(
        store.samples(of: .stepCount, where: .all, at: .seconds(30), sortedBy: [], limit: nil)) == [
          1
        ])
    #expect(
      store.statistics(of: .stepCount, where: .all, options: .cumulativeSum, at: .seconds(30)).sum
        == 2)
    let third = store.changes(
      of: .stepCount, where: .all, after: second.anchor, limit: nil, at: .seconds(30))
    #expect(third.added.isEmpty)
    #expect(third.deleted.map(\.id.index) == [0])
    #expect(third.deleted[0].uuid == store.uuid(of: HealthSampleID(index: 0)))
    #expect(third.anchor == HealthAnchor(arrivals: 2, deletions: 1))
    // An app save at 40 s, with its own UUID.
    let saved = store.save(
      [Fixture.steps(0, .seconds(35), .seconds(40), 3)], uuids: [(9, 9)], at: .seconds(40))
    #expect(saved.map(\.index) == [2])
    #expect(store.sample(saved[0]).savedAt == .seconds(40))
    let fourth = store.changes(
      of: .stepCount, where: .all, after: third.anchor, limit: nil, at: .seconds(40))
    #expect(fourth.added == saved)
    // From the beginning with limit 1: a is deleted, so the first result is b (anchor after 2
    // arrivals); then the deletion of a at 30 s comes before c's arrival at 40 s; then c.
    var anchor: HealthAnchor? = nil
    var pages: [[Int32]] = []
    for _ in 0..<4 {
      let page = store.changes(
        of: .stepCount, where: .all, after: anchor, limit: 1, at: .seconds(40))
      pages.append(page.added.map(\.index) + page.deleted.map { -1 - $0.id.index })
      anchor = page.anchor
    }
    #expect(pages == [[1], [-1], [2], []])
    #expect(anchor == HealthAnchor(arrivals: 3, deletions: 1))
    // Another type sees no changes but the same anchor positions.
    let other = store.changes(of: .heartRate, where: .all, after: nil, limit: nil, at: .seconds(40))
    #expect(other.added.isEmpty && other.deleted.isEmpty)
    #expect(other.anchor == HealthAnchor(arrivals: 3, deletions: 1))
    // Deleting twice, or an unknown id, changes nothing.
    store.delete([HealthSampleID(index: 0), HealthSampleID(index: 99)], at: .seconds(50))
    #expect(
      store.changes(of: .stepCount, where: .all, after: anchor, limit: nil, at: .seconds(50))
        .deleted.isEmpty)
  }

  /// The anchor's packed value: arrivals × 2^28 + deletions; 3 arrivals and 1 deletion give
  /// 3 × 268 435 456 + 1 = 805 306 369.
  @Test func anchorValue() {
    let anchor = HealthAnchor(arrivals: 3, deletions: 1)
    #expect(anchor.value == 805_306_369)
    #expect(HealthAnchor(value: 805_306_369).arrivals == 3)
    #expect(HealthAnchor(value: 805_306_369).deletions == 1)
    #expect(HealthAnchor(value: -5).arrivals == 0)
  }

  /// An app save at 40 s arrives before generated samples still pending (saved at 100 s), and
  /// an anchor taken at 40 s then sees the pending one arrive.
  @Test func appSaveBeforePendingArrivals() {
    var store = Fixture.store([
      Fixture.steps(0, .seconds(0), .seconds(60), 6, savedAt: .seconds(100))
    ])
    let app = store.save(
      [Fixture.steps(0, .seconds(0), .seconds(1), 1)], uuids: [], at: .seconds(40))
    let early = store.changes(of: .stepCount, where: .all, after: nil, limit: nil, at: .seconds(40))
    #expect(early.added == app)
    let late = store.changes(
      of: .stepCount, where: .all, after: early.anchor, limit: nil, at: .seconds(100))
    #expect(late.added.map(\.index) == [0])
  }

  /// Derived UUIDs: version 4 (byte 6 high nibble), variant 10 (byte 8 top bits), found back by
  /// `id(ofUUID:)`, distinct over 20 000 ids, different under another seed.
  @Test func derivedUUIDs() {
    let samples = (0..<20_000).map { Fixture.steps(0, .seconds(Int64($0)), .seconds(Int64($0)), 1) }
    let store = Fixture.store(samples)
    var seen = Set<[UInt64]>()
    for index in stride(from: 0, to: 20_000, by: 1) {
      let id = HealthSampleID(index: Int32(index))
      let uuid = store.uuid(of: id)
      #expect((uuid.0 >> 12) & 0xF == 4)
      #expect(uuid.1 >> 62 == 0b10)
      seen.insert([uuid.0, uuid.1])
      if index % 997 == 0 { #expect(store.id(ofUUID: uuid) == id) }
    }
    #expect(seen.count == 20_000)
    let other = HealthStore(data: HealthData(sources: [Fixture.watch], samples: samples), seed: 8)
    #expect(other.uuid(of: HealthSampleID(index: 0)) != store.uuid(of: HealthSampleID(index: 0)))
    #expect(store.id(ofUUID: (0, 0)) == nil)
    #expect(other.id(ofUUID: store.uuid(of: HealthSampleID(index: 5))) == nil)
  }

  /// Sources: found or added (an app's, ranking after the devices); lock periods.
  @Test func sourcesAndLock() {
    var store = HealthStore(
      data: HealthData(
        sources: [Fixture.iPhone, Fixture.watch],
        lockPeriods: [SimulationInstant.seconds(10)..<SimulationInstant.seconds(20)]),
      seed: 0)
    #expect(store.source(for: Fixture.watch) == 1)
    #expect(store.source(for: Fixture.app) == 2)
    #expect(store.sources.count == 3)
    #expect(store.isLocked(at: .seconds(10)))
    #expect(!store.isLocked(at: .seconds(20)))
    #expect(!store.isLocked(at: .seconds(5)))
  }

  /// Default priority with the iPhone listed first in the table: the watch still wins.
  /// iPhone (source 0) 100 over 0–100 s; watch (source 1) 10 over 50–100 s: watch 10 + iPhone
  /// 50 of 100 s: 50 → 60.
  @Test func defaultPriorityIsWatchFirst() {
    let store = HealthStore(
      data: HealthData(
        sources: [Fixture.iPhone, Fixture.watch],
        samples: [
          Fixture.steps(0, .seconds(0), .seconds(100), 100),
          Fixture.steps(1, .seconds(50), .seconds(100), 10),
        ]), seed: 0)
    #expect(
      store.statistics(of: .stepCount, where: .all, options: .cumulativeSum, at: Fixture.later).sum
        == 60)
  }

  /// Start ascending then end descending: the tie at 10 s (ids 1 end 50, 3 end 30) goes by the
  /// second descriptor: 1, 3; then 2 (20), 0 (30).
  @Test func secondSortDescriptorBreaksStartTies() {
    let ids = four.samples(
      of: .heartRate, where: .all, at: Fixture.later,
      sortedBy: [.startDate(ascending: true), .endDate(ascending: true)], limit: nil)
    #expect(indices(ids) == [3, 1, 2, 0])
  }

  /// A pending sample deleted before it arrives never arrives; a deletion of an iPhone sample is
  /// not reported to a query filtered to the watch.
  @Test func deletionsAndFilters() {
    var store = Fixture.store([
      Fixture.steps(0, .seconds(0), .seconds(10), 1, savedAt: .seconds(100)),
      Fixture.steps(1, .seconds(0), .seconds(10), 2),
      Fixture.steps(0, .seconds(20), .seconds(30), 3, savedAt: .seconds(200)),
    ])
    store.delete([HealthSampleID(index: 0), HealthSampleID(index: 1)], at: .seconds(50))
    #expect(store.nextArrival(of: [.stepCount], after: .seconds(50)) == .seconds(200))
    let watch = store.changes(
      of: .stepCount, where: .sources([0]), after: nil, limit: nil, at: .seconds(50))
    #expect(watch.added.isEmpty)
    #expect(watch.deleted.map(\.id.index) == [0])
    let all = store.changes(of: .stepCount, where: .all, after: nil, limit: nil, at: .seconds(50))
    #expect(all.deleted.map(\.id.index) == [0, 1])
  }

  /// The workout sample of generated data is found at init: its samples are its source's inside
  /// its interval.
  @Test func generatedWorkoutAssociation() {
    let store = HealthStore(
      data: HealthData(
        sources: [Fixture.watch],
        samples: [
          Fixture.heartRate(.seconds(10), .seconds(10), 100),
          HealthSample(type: .workout, source: 0, start: .seconds(0), end: .seconds(60), value: 0),
          Fixture.heartRate(.seconds(70), .seconds(70), 100),
        ],
        workouts: [Fixture.workout(.walking, .seconds(0), .seconds(60))]), seed: 3)
    let ids = store.samples(
      of: .heartRate, where: .workout(0), at: Fixture.later, sortedBy: [], limit: nil)
    #expect(indices(ids) == [0])
  }

  /// The next arrival over several types is the earliest of theirs; an app save at 60 s is not
  /// pending after 60 s. Steps arrive at 100 s, heart rate at 80 s.
  @Test func nextArrivalOverTypes() {
    var store = Fixture.store([
      Fixture.steps(0, .seconds(0), .seconds(10), 1, savedAt: .seconds(100)),
      HealthSample(
        type: .heartRate, source: 0, start: .seconds(5), end: .seconds(5), value: 70,
        savedAt: .seconds(80)),
    ])
    #expect(store.nextArrival(of: [.stepCount, .heartRate], after: .seconds(0)) == .seconds(80))
    #expect(store.nextArrival(of: [.stepCount, .heartRate], after: .seconds(80)) == .seconds(100))
    _ = store.save([Fixture.steps(0, .seconds(50), .seconds(60), 2)], uuids: [], at: .seconds(60))
    #expect(store.nextArrival(of: [.stepCount], after: .seconds(60)) == .seconds(100))
    #expect(store.nextArrival(of: [.stepCount], after: .seconds(59)) == .seconds(60))
    #expect(store.nextArrival(of: [], after: .seconds(0)) == nil)
  }

  /// An id filter inside a conjunction with a date filter: of ids 0 (30–40), 1 (10–50) and
  /// 3 (10–30), strict start ≥ 10 and end ≤ 40 keep 0 and 3 (1 ends at 50); once 3 is deleted,
  /// 0 alone; ids of another type match nothing.
  @Test func idsInAConjunction() {
    var store = four
    let filter = HealthFilter.and([
      .ids([HealthSampleID(index: 1), HealthSampleID(index: 3), HealthSampleID(index: 0)]),
      .date(start: .seconds(10), end: .seconds(40), strictStart: true, strictEnd: true),
    ])
    #expect(
      indices(
        store.samples(of: .heartRate, where: filter, at: Fixture.later, sortedBy: [], limit: nil))
        == [0, 3])
    store.delete([HealthSampleID(index: 3)], at: Fixture.later)
    #expect(
      indices(
        store.samples(of: .heartRate, where: filter, at: Fixture.later, sortedBy: [], limit: nil))
        == [0])
    #expect(
      store.samples(of: .stepCount, where: filter, at: Fixture.later, sortedBy: [], limit: nil)
        .isEmpty)
  }

  /// At one instant arrivals come before deletions: x saved at 10 s, deleted at 20 s when y is
  /// saved. From the beginning with limit 1 at 20 s: x is skipped (deleted), y first (anchor
  /// after 2 arrivals), then the deletion of x (anchor 2 arrivals, 1 deletion).
  @Test func arrivalsBeforeDeletionsAtOneInstant() {
    var store = Fixture.store([Fixture.steps(0, .seconds(0), .seconds(10), 1)])
    store.delete([HealthSampleID(index: 0)], at: .seconds(20))
    let y = store.save(
      [Fixture.steps(0, .seconds(15), .seconds(20), 2)], uuids: [], at: .seconds(20))
    let first = store.changes(of: .stepCount, where: .all, after: nil, limit: 1, at: .seconds(20))
    #expect(first.added == y)
    #expect(first.deleted.isEmpty)
    #expect(first.anchor == HealthAnchor(arrivals: 2, deletions: 0))
    let second = store.changes(
      of: .stepCount, where: .all, after: first.anchor, limit: 1, at: .seconds(20))
    #expect(second.added.isEmpty)
    #expect(second.deleted.map(\.id.index) == [0])
    #expect(second.anchor == HealthAnchor(arrivals: 2, deletions: 1))
    // The derived UUID of the deleted generated sample; the app-saved one has a derived UUID too
    // (no UUID given), distinct from it.
    #expect(second.deleted[0].uuid == store.uuid(of: HealthSampleID(index: 0)))
    #expect(store.uuid(of: y[0]) != store.uuid(of: HealthSampleID(index: 0)))
    #expect(store.id(ofUUID: store.uuid(of: y[0])) == y[0])
  }

  /// A batch of 20 app samples (starts 190, 180, …, 0 s, one step each) saved at 500 s between
  /// generated samples at 5 s and 95 s (saved at 100 s) and one pending at 900 s: start order
  /// interleaves them; arrival order puts the batch after the 100-s arrival and before 900 s.
  @Test func batchSaveKeepsTheOrders() {
    var store = Fixture.store([
      Fixture.steps(0, .seconds(5), .seconds(6), 1, savedAt: .seconds(100)),
      Fixture.steps(0, .seconds(95), .seconds(96), 1, savedAt: .seconds(100)),
      Fixture.steps(0, .seconds(0), .seconds(1), 1, savedAt: .seconds(900)),
    ])
    let batch = (0..<20).map {
      Fixture.steps(1, .seconds(Int64(19 - $0) * 10), .seconds(Int64(19 - $0) * 10 + 1), 1)
    }
    let ids = store.save(batch, uuids: [], at: .seconds(500))
    #expect(ids.map(\.index) == Array(3..<23))
    let byStart = store.samples(
      of: .stepCount, where: .all, at: .seconds(500), sortedBy: [.startDate(ascending: true)],
      limit: nil)
    // Starts: batch 0, 10, …, 190 (ids 22 down to 3) with 5 s (id 0) after 0 and 95 s (id 1)
    // after 90: 22, 0, 21, 20, …, 13, 1, 12, …, 3.
    let expected: [Int32] =
      [22, 0] + Array((13...21).reversed()) + [1] + Array((3...12).reversed())
    #expect(indices(byStart) == expected)
    let changes = store.changes(
      of: .stepCount, where: .all, after: nil, limit: nil, at: .seconds(500))
    #expect(changes.added.map(\.index) == [0, 1] + Array(3..<23))
    #expect(store.nextArrival(of: [.stepCount], after: .seconds(500)) == .seconds(900))
    // 20 + 2 samples (1 step each, the iPhone's and the watch's never overlap): 22.
    #expect(
      store.statistics(of: .stepCount, where: .all, options: .cumulativeSum, at: .seconds(500))
        .sum == 22)
  }

  /// Deleting 12 of 30 samples at once (every id divisible by 5 or 7: 0, 5, 7, 10, 14, 15, 20,
  /// 21, 25, 28 and two more heart-rate ids that are not steps) leaves the other steps, in start
  /// order: 30 steps of 1 each, 10 deleted, 20 left.
  @Test func deletingManyAtOnce() {
    var store = Fixture.store(
      (0..<30).map { Fixture.steps(0, .seconds(Int64(30 - $0)), .seconds(Int64(30 - $0)), 1) }
        + [
          Fixture.heartRate(.seconds(1), .seconds(1), 60),
          Fixture.heartRate(.seconds(2), .seconds(2), 61),
        ])
    let doomed = (0..<30).filter { $0 % 5 == 0 || $0 % 7 == 0 } + [30, 31]
    #expect(doomed.count == 12)
    store.delete(doomed.map { HealthSampleID(index: Int32($0)) }, at: .seconds(40))
    let left = store.samples(
      of: .stepCount, where: .all, at: .seconds(40), sortedBy: [.startDate(ascending: true)],
      limit: nil)
    // Starts 30 - id: ascending start is descending id.
    let kept: [Int32] = (0..<30).filter { (id: Int32) -> Bool in id % 5 != 0 && id % 7 != 0 }
    let expected: [Int32] = kept.reversed()
    #expect(indices(left) == expected)
    #expect(left.count == 20)
    #expect(
      store.samples(of: .heartRate, where: .all, at: .seconds(40), sortedBy: [], limit: nil).isEmpty
    )
    #expect(
      store.changes(of: .stepCount, where: .all, after: nil, limit: nil, at: .seconds(40)).deleted
        .count == 10)
  }
}
