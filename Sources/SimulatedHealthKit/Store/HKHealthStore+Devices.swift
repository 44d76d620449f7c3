import WorkoutCore
import WorkoutHealth
import WorkoutSystem

/// Each device's view of the health store (docs/phone-link.md#the-two-health-stores): a store
/// made inside `HealthKitSimulation.on(_:isolation:_:)` reads what its device holds.
///
/// - Objects saved on the other device (a workout the watch's builder finished, a sample a
///   phone store saved) appear once HealthKit's sync brings them: one sync latency (1 s) after
///   the save while the devices are connected. An object is synced once, by its UUID, so a
///   second delivery of the same workout never makes a second copy.
/// - The watch keeps about a week: its view holds the samples whose end is within the last 7
///   days (Apple: the watch's store holds a subset of the data,
///   https://developer.apple.com/documentation/healthkit/hkhealthstore/earliestpermittedsampledate()
///   and https://developer.apple.com/forums/thread/772068).
/// - Scenario health data (health days) is on both devices (the watch's part within its week).
/// - A store made outside `on(_:)` reads the whole store, as before devices existed.
extension HealthKitSimulation.State {
  /// How long the watch's store keeps samples: 7 days.
  static let watchHistory: Duration = .seconds(7 * 86_400)

  /// The filter that limits a query of `type` to `device`'s view at virtual now, or `nil` when
  /// the view is the whole store.
  mutating func deviceView(_ device: HealthKitSimulation.Device, type: HealthDataType)
    -> HealthFilter?
  {
    let side: CompanionDevice = device == .phone ? .phone : .watch
    let now = session.now
    var hidden = Set<HealthSampleID>()
    if type == .workout {
      for id in health.samples(of: .workout, where: .all, at: now, sortedBy: [], limit: nil) {
        if let arrival = syncArrival(of: id, on: device), arrival > now { hidden.insert(id) }
      }
    }
    if let views = extensionState(DeviceSaves.self) {
      for (id, _) in views.saved where health.sample(id).type == type {
        if let arrival = syncArrival(of: id, on: device), arrival > now { hidden.insert(id) }
      }
    }
    var parts: [HealthFilter] = []
    if !hidden.isEmpty { parts.append(.not(.ids(hidden))) }
    if side == .watch {
      let start = SimulationInstant(
        nanoseconds: now.nanoseconds - Self.watchHistory.components.seconds * 1_000_000_000)
      parts.append(.date(start: start, end: nil, strictStart: false, strictEnd: false))
    }
    switch parts.count {
    case 0: return nil
    case 1: return parts[0]
    default: return .and(parts)
    }
  }

  /// When the sample `id`, saved on the other device (a workout the watch's builder finished,
  /// a sample the other device's store saved), reaches `device`'s store by HealthKit's sync;
  /// `nil` for a sample `device` holds on its own (its own saves, the scenario's health days).
  /// While the link is down the arrival is not known yet: `SimulationInstant(nanoseconds:
  /// .max)` until the devices connect again (WorkoutSystem's `healthSyncArrival(of:on:)`).
  mutating func syncArrival(of id: HealthSampleID, on device: HealthKitSimulation.Device)
    -> SimulationInstant?
  {
    let side: CompanionDevice = device == .phone ? .phone : .watch
    let sample = health.sample(id)
    if sample.type == .workout {
      let record = health.workouts[Int(sample.value)]
      if let arrival = session.workoutEngine.healthSyncArrival(of: record.id, on: side) {
        return arrival
      }
    }
    guard let key = extensionState(DeviceSaves.self)?.saved[id] else { return nil }
    return session.workoutEngine.healthSyncArrival(of: key, on: side)
  }

  /// What changed for a long-running query of `device`'s store (an observer query, an
  /// anchored query's update handler, background delivery) after `anchor`, at virtual now: the
  /// one rule of docs/phone-link.md#the-two-health-stores for queries that keep running.
  ///
  /// `filter` is the query's filter without the device's view: the view is applied now (what
  /// the device holds at this instant), not as it was when the query was executed. A sample
  /// the store holds but the device does not yet (saved on the other device, the sync still on
  /// its way) is not lost when the anchor moves past it: it waits in `waiting` with its
  /// arrival, and is among the changes of the first look at or after its arrival on the
  /// device (when it becomes visible there, as a device's own store changes then). Without a
  /// device (a store made outside `on(_:)`) these are the store's changes.
  ///
  /// - Returns: the samples added (ascending by id), the deleted ones, the new anchor.
  mutating func deviceChanges(
    of type: HealthDataType, where filter: HealthFilter, on device: HealthKitSimulation.Device?,
    after anchor: HealthAnchor?, waiting: inout [HealthSampleID: SimulationInstant]
  ) -> HealthChanges {
    let now = session.now
    let all = health.changes(of: type, where: filter, after: anchor, limit: nil, at: now)
    guard let device else { return all }
    let view = deviceView(device, type: type)
    let viewed = view.map { filter == .all ? $0 : HealthFilter.and([filter, $0]) } ?? filter
    let shown =
      view == nil
      ? all : health.changes(of: type, where: viewed, after: anchor, limit: nil, at: now)
    let visible = Set(shown.added)
    for id in all.added where !visible.contains(id) {
      if let arrival = syncArrival(of: id, on: device), arrival > now { waiting[id] = arrival }
    }
    var arrived = Set<HealthSampleID>()
    for id in waiting.keys.sorted() {
      if let arrival = syncArrival(of: id, on: device), arrival > now {
        waiting[id] = arrival
      } else {
        waiting[id] = nil
        arrived.insert(id)
      }
    }
    var added = shown.added
    if !arrived.isEmpty {
      // Still live, matching, and in the device's view now.
      added += health.samples(
        of: type, where: .and([viewed, .ids(arrived)]), at: now, sortedBy: [], limit: nil)
      added.sort(by: health.arrivesBefore)
    }
    return (added, shown.deleted, all.anchor)
  }

  /// Notes the samples `ids` (with their UUIDs) that `device`'s store saved at virtual now:
  /// the other device's view gets them by HealthKit's sync.
  mutating func noteDeviceSave(
    _ ids: [HealthSampleID], uuids: [String], device: HealthKitSimulation.Device,
    simulation: HealthKitSimulation
  ) {
    let side: CompanionDevice = device == .phone ? .phone : .watch
    withExtension(DeviceSaves.self, of: simulation) { saves, state in
      for (id, uuid) in zip(ids, uuids) {
        saves.saved[id] = uuid
        state.session.withEngine { $0.noteHealthSave(identifier: uuid, on: side, at: $0.now) }
      }
    }
  }
}

/// The samples saved through a device's store, by store id, with their UUID (the sync's key).
struct DeviceSaves: SimulationExtension {
  var saved: [HealthSampleID: String] = [:]

  init(simulation: HealthKitSimulation) {}
}
