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
    let engine = session.workoutEngine
    var hidden = Set<HealthSampleID>()
    if type == .workout {
      for id in health.samples(of: .workout, where: .all, at: now, sortedBy: [], limit: nil) {
        let record = health.workouts[Int(health.sample(id).value)]
        if let arrival = engine.healthSyncArrival(of: record.id, on: side), arrival > now {
          hidden.insert(id)
        }
      }
    }
    if let views = extensionState(DeviceSaves.self) {
      for (id, key) in views.saved where health.sample(id).type == type {
        if let arrival = engine.healthSyncArrival(of: key, on: side), arrival > now {
          hidden.insert(id)
        }
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
