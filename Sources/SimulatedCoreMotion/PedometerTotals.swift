import SimulationDriver
import WorkoutCore
import WorkoutHealth
import WorkoutSimulation
import WorkoutSystem

/// The running totals of one live pedometer registration (`CMPedometer.startUpdates`), so that
/// an update costs what is new since the last one, not a walk of its whole span: an update from
/// the start of the day, every 60 s, would otherwise read every sample of the day each time.
///
/// The sums over `start..<t` (``CMPedometer/Sums``) are integrals over time of what the merged
/// samples hold at each instant (``CMPedometer/Sums/followed(by:)``), so the sums at each past
/// update stay right as long as nothing they read changed: the totals keep them as
/// checkpoints, and an update is the last checkpoint's sums followed by the sums from it to
/// now. What can change a past span, each found at the cost of the change:
/// - a sample of the three types (steps, distance, flights) that arrived in the store (saved,
///   or a live workout's brought in) or was deleted since the last update: the store's
///   anchored changes since the anchor kept (`HealthStore.changes(of:after:limit:at:)`);
/// - a sample a live builder outside the store collected (the samples each builder's series
///   gained, series being append-only), or a builder that left the unsaved ones (finished, or
///   its samples now reach the store);
/// - a change of the store's sources or priority (everything re-merges).
/// Each change touches the span only from its sample's start on: the checkpoints after that
/// instant are dropped and the sums are taken again from the last one before it (the whole
/// span from `start` for a priority change). A live workout's sample that began before the last
/// update (collected since) takes back one checkpoint, so a workout costs about two intervals
/// an update. The results are those of one sum over the whole span, up to the rounding of the
/// additions (the step count compared to the last update's allows for it:
/// ``CMPedometer/stepsChanged(_:_:)``).
struct PedometerTotals {
  /// The sums over `start..<at` as of an update, without the current cadence and pace (which
  /// only the update itself carries).
  struct Checkpoint {
    var at: SimulationInstant
    var steps: Double
    var distance: Double
    var flights: Double
    var covered: Int64

    init(at: SimulationInstant, sums: CMPedometer.Sums) {
      self.at = at
      steps = sums.steps
      distance = sums.distance
      flights = sums.flights
      covered = sums.covered
    }

    /// The sums, with no current values.
    var sums: CMPedometer.Sums {
      CMPedometer.Sums(steps: steps, distance: distance, flights: flights, covered: covered)
    }
  }

  /// How far back every update's checkpoint is kept: a day; older ones are thinned to the
  /// first of each hour from the start (a project rule: a rollback that far back re-reads at
  /// most an hour more, and a week-long registration keeps about 1440 + 144 checkpoints, not
  /// one a minute, 10 080).
  static let denseSpan: Duration = .seconds(86_400)
  /// An hour, ns: the thinned checkpoints' spacing.
  static let hour: Int64 = 3_600_000_000_000

  /// One builder's series of one type, where the unsaved samples come from.
  struct SeriesKey: Hashable {
    var device: WorkoutDevice
    var session: Int
    var type: Int
  }

  /// What a series held at the last update: its count and its first sample's start.
  struct SeriesMark {
    var count: Int
    var first: SimulationInstant
  }

  /// The checkpoints, ascending; the first is the registration's start with no sums.
  private(set) var checkpoints: [Checkpoint]
  /// The store's anchor at the last update.
  private var anchor: HealthAnchor
  /// The store's priority and source count at the last update.
  private var priority: [UInt16]
  private var sourceCount: Int
  /// The unsaved series at the last update.
  private var series: [SeriesKey: SeriesMark]
  /// The checkpoints up to this index are thinned already (``thin(now:)``).
  private var thinned = 0

  /// The store types the pedometer reads.
  static let kinds: [HealthDataType] = [
    .stepCount, .distanceWalkingRunning, CMPedometer.flightsClimbed,
  ]

  /// Totals from `start`, with the sums up to now already taken (`first`, over `start..<now`;
  /// none when `start` is later) and the store's and the builders' state at now.
  init(start: SimulationInstant, first: CMPedometer.Sums, state: inout AppSimulation.State) {
    let now = state.session.now
    var checkpoints = [Checkpoint(at: start, sums: CMPedometer.Sums(steps: 0, distance: 0))]
    if now > start { checkpoints.append(Checkpoint(at: now, sums: first)) }
    self.checkpoints = checkpoints
    anchor = state.health.anchor(at: now)
    priority = state.health.priority
    sourceCount = state.health.sources.count
    series = Self.unsavedSeries(&state.session, inStore: state.liveWorkoutsBegun)
  }

  /// The sums over `start..<now` at an update (without the current values), the live
  /// workouts' samples already brought in; keeps them as a checkpoint.
  mutating func update(state: inout AppSimulation.State) -> CMPedometer.Sums {
    let now = state.session.now
    let start = checkpoints[0].at
    let health = state.health
    // The earliest instant whose sums may have changed since the last update.
    var dirty = SimulationInstant(nanoseconds: .max)
    if health.priority != priority || health.sources.count != sourceCount {
      dirty = start
      priority = health.priority
      sourceCount = health.sources.count
    }
    let changes = health.changes(
      of: Self.kinds.map { ($0, HealthFilter.all) }, after: anchor, limit: nil, at: now)
    for id in changes.added + changes.deleted.map(\.id) {
      dirty = min(dirty, health.sample(id).start)
    }
    anchor = changes.anchor
    let marks = Self.unsavedSeries(&state.session, inStore: state.liveWorkoutsBegun)
    for (key, old) in series where marks[key] == nil { dirty = min(dirty, old.first) }
    for (key, mark) in marks {
      let known = series[key]?.count ?? 0
      guard mark.count > known else { continue }
      _ = state.session.readEngine(of: key.device) { engine in
        _ = engine.withBuilder(ofSession: key.session) { builder in
          let kind = QuantityType.allCases[key.type]
          builder.samples(of: kind).forEachSample(from: known) { start, _, _ in
            dirty = min(dirty, SimulationInstant(nanoseconds: start))
          }
        }
      }
    }
    series = marks
    // Keep the checkpoints no later than the first change (their sums did not read it).
    while checkpoints.count > 1 && checkpoints[checkpoints.count - 1].at > dirty {
      checkpoints.removeLast()
    }
    let last = checkpoints[checkpoints.count - 1]
    guard now > last.at else { return last.sums }
    let sums = last.sums.followed(by: CMPedometer.spanSums(from: last.at, to: now, state: &state))
    checkpoints.append(Checkpoint(at: now, sums: sums))
    thin(now: now)
    return sums
  }

  /// Keeps, of the checkpoints older than ``denseSpan`` before `now`, the first of each hour
  /// from the start (the start's own always); each checkpoint is looked at once as it ages.
  private mutating func thin(now: SimulationInstant) {
    let horizon = now.advanced(by: .zero - Self.denseSpan)
    let start = checkpoints[0].at.nanoseconds
    thinned = min(thinned, checkpoints.count - 1)
    while thinned + 1 < checkpoints.count, checkpoints[thinned + 1].at < horizon {
      let kept = (checkpoints[thinned].at.nanoseconds - start) / Self.hour
      let next = (checkpoints[thinned + 1].at.nanoseconds - start) / Self.hour
      if next == kept {
        checkpoints.remove(at: thinned + 1)
      } else {
        thinned += 1
      }
    }
  }

  /// The series of the unsaved builders (those
  /// ``CMPedometer/unsavedWorkoutSamples(_:from:to:inStore:)`` reads) of the pedometer's types
  /// that hold samples: their counts and first starts.
  static func unsavedSeries(_ session: inout SimulationSession, inStore: Set<LiveWorkoutKey>)
    -> [SeriesKey: SeriesMark]
  {
    var marks: [SeriesKey: SeriesMark] = [:]
    let types: [QuantityType] = [.stepCount, .distanceWalkingRunning, .flightsClimbed]
    for device in WorkoutDevice.allCases {
      _ = session.readEngine(of: device) { engine in
        for index in 0..<engine.sessionCount
        where !inStore.contains(LiveWorkoutKey(device: device, session: index)) {
          _ = engine.withBuilder(ofSession: index) { builder in
            switch builder.lifecycle {
            case .notStarted, .finished: return
            case .active, .ended, .discarded: break
            }
            for type in types {
              let series = builder.samples(of: type)
              guard let first = series.first else { continue }
              let position = QuantityType.allCases.firstIndex(of: type) ?? 0
              marks[SeriesKey(device: device, session: index, type: position)] = SeriesMark(
                count: series.count, first: first.start)
            }
          }
        }
      }
    }
    return marks
  }
}
