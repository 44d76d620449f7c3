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
  ///
  /// A call within the room the last one made (the same interval and streams, `limit` not past
  /// its) does nothing: room only saves copies, never changes what is stored.
  package mutating func reserveStorage(through limit: SimulationInstant) {
    guard let interval = sampler.interval else { return }
    let streams = sampler.streamCount
    if let last = reserved, last.interval == interval, last.streams == streams,
      limit.nanoseconds <= last.through
    {
      return
    }
    reserved = (interval, streams, limit.nanoseconds)
    var batches = 0
    for position in 0..<streams {
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
