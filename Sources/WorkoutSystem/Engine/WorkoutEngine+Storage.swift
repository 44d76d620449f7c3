import WorkoutCore

extension WorkoutEngine {
  /// The most samples of one type reserved ahead by one call of ``reserveStorage(through:)``,
  /// 2^24 (256 MiB of series storage); longer stretches grow as they are appended.
  static var reservationCap: Int { 1 << 24 }

  /// Before a pump through `limit`: makes room in the collecting session's series for every
  /// sample due through `limit` plus the one an interval's close can add, and in ``log`` for one
  /// batch per due instant of the stream due most often (when the batches are delivered) and the
  /// close's batch, so a long stretch fills storage of the right size instead of growing it step
  /// by step (copies and fresh pages). Storage grows by `Array.reserveRoom(for:)`: a few
  /// entries of headroom (state changes, the record), at least twofold, so short pumps keep
  /// appends amortised O(1). Counts come from
  /// ``SampleProductionStateMachine/expectedSamples(ofStream:through:cap:)`` (lock-on and
  /// dropouts left out; a source that returns no value leaves room unused).
  package mutating func reserveStorage(through limit: SimulationInstant) {
    guard let interval = sampler.interval else { return }
    var batches = 0
    for position in 0..<sampler.streamCount {
      let (slot, count) = sampler.expectedSamples(
        ofStream: position, through: limit.nanoseconds, cap: Self.reservationCap)
      guard count > 0 else { continue }
      sessions[interval.session].builder.reserveSamples(slot: slot, additional: count + 1)
      batches = max(batches, count)
    }
    guard batches > 0, appReceives, sessions[interval.session].attached else { return }
    log.reserveRoom(for: log.count + batches + 1)
  }
}
