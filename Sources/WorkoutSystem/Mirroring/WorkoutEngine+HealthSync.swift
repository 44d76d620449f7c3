import WorkoutCore

/// HealthKit's sync of saved objects between the watch's and the phone's stores
/// (docs/phone-link.md#the-two-health-stores): an object saved on one device reaches the other
/// device's store the link's transfer latency after it was saved while the devices are
/// connected, or after they connect again; the same object (its identifier) is synced once.
extension WorkoutEngine {
  /// The sync latency (the phone link's transfer latency, a project rule).
  var healthSyncLatency: Duration { configuration.link.transferLatency }

  /// When the object `identifier`, saved on another device, reaches `device`'s store (compare
  /// with ``now``): the largest instant while the link has been down since the
  /// save; `nil` when it was never saved through ``noteHealthSave(identifier:on:at:)`` (or by a
  /// finished workout), or was saved on `device`.
  public func healthSyncArrival(of identifier: String, on device: CompanionDevice)
    -> SimulationInstant?
  {
    guard let saved = healthSync[identifier], saved.device != device else { return nil }
    return saved.arrival ?? SimulationInstant(nanoseconds: .max)
  }

  /// The link is up at `date`: objects saved while it was down arrive one latency later.
  mutating func healthSyncResumed(at date: SimulationInstant) {
    guard healthSync.values.contains(where: { $0.arrival == nil }) else { return }
    let arrival = date.advanced(by: healthSyncLatency)
    for (key, value) in healthSync where value.arrival == nil {
      healthSync[key]?.arrival = arrival
    }
  }

  /// The device that saved `identifier`, or `nil`.
  public func healthSaveDevice(of identifier: String) -> CompanionDevice? {
    healthSync[identifier]?.device
  }

  /// Notes that `device` saved the object `identifier` at `instant`: the other device's store
  /// gets it one sync latency later (while connected). A second note of the same identifier
  /// changes nothing (HealthKit syncs an object once, by its UUID).
  public mutating func noteHealthSave(
    identifier: String, on device: CompanionDevice, at instant: SimulationInstant
  ) {
    guard healthSync[identifier] == nil else { return }
    let arrival = linkIsConnected ? instant.advanced(by: healthSyncLatency) : nil
    healthSync[identifier] = (device, instant, arrival)
  }
}
