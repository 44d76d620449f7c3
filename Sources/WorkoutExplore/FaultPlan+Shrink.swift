import WorkoutCore

extension FaultPlan {
  /// The smallest plan found that still fails: faults removed, then moved later, while
  /// `stillFails` holds (docs/explore.md#shrinking). Deterministic: the same plan and predicate
  /// give the same result.
  ///
  /// 1. Removal, by delta debugging's complement step (Zeller and Hildebrandt, "Simplifying and
  ///    isolating failure-inducing input", IEEE TSE 28(2), 2002): the faults split into `n`
  ///    chunks (first `n` = 2); the plan without a chunk is tried, chunk by chunk in order; the
  ///    first that still fails is kept and `n` becomes `max(n − 1, 2)`; when none does, `n`
  ///    doubles, until `n` exceeds the count of faults. What remains is 1-minimal: removing
  ///    any one fault makes the world pass.
  /// 2. Moving later, fault by fault from the last to the first: the candidates are the latest
  ///    start the fault can take (it must end within `latest` and not overlap another fault of
  ///    its channel, ``Fault/overlaps(_:)``), then halfway there, a quarter of the way, ... down
  ///    to one second later; the first candidate that still fails is kept and the fault is
  ///    tried again in the next pass over the plan (by position, last first), until a pass
  ///    moves nothing or ``moveLimit`` moves were made. Whole-world faults do not move.
  ///
  /// - Parameters:
  ///   - latest: the last instant a fault may end at (``span(of:)``'s last second).
  ///   - stillFails: whether a plan's world fails the same way as this plan's; called with this
  ///     plan's seed and subsets of its faults only.
  /// - Returns: the shrunk plan (this plan when nothing can be removed or moved).
  public func shrunk(
    within latest: SimulationInstant, stillFails: (FaultPlan) throws -> Bool
  ) rethrows -> FaultPlan {
    var faults = self.faults
    var chunks = 2
    while !faults.isEmpty {
      let count = min(chunks, faults.count)
      let size = (faults.count + count - 1) / count
      var removed = false
      for start in stride(from: 0, to: faults.count, by: size) {
        var candidate = faults
        candidate.removeSubrange(start..<min(start + size, faults.count))
        if try stillFails(FaultPlan(seed: seed, faults: candidate)) {
          faults = candidate
          chunks = max(chunks - 1, 2)
          removed = true
          break
        }
      }
      if removed { continue }
      if count >= faults.count { break }
      chunks = min(chunks * 2, faults.count)
    }
    var moves = 0
    var moved = true
    while moved, moves < Self.moveLimit {
      moved = false
      for index in faults.indices.reversed() where moves < Self.moveLimit {
        if let later = try moveLater(faults, index, latest: latest, stillFails: stillFails) {
          faults = later
          moves += 1
          moved = true
        }
      }
    }
    return FaultPlan(seed: seed, faults: faults)
  }

  /// The most moves later one shrink accepts (a project rule bounding its runs).
  public static let moveLimit = 64

  /// One accepted move of `faults[index]` later, or `nil` when no candidate still fails.
  private func moveLater(
    _ faults: [Fault], _ index: Int, latest: SimulationInstant,
    stillFails: (FaultPlan) throws -> Bool
  ) rethrows -> [Fault]? {
    let fault = faults[index]
    if fault.kind.isWholeWorld { return nil }
    let others = faults.enumerated().filter { $0.offset != index }.map(\.element)
    let room = latest.nanoseconds - fault.end.nanoseconds
    guard room >= 1_000_000_000 else { return nil }
    var step = room
    while step >= 1_000_000_000 {
      var candidate = fault
      candidate.at = fault.at.advanced(by: .nanoseconds(step))
      if !others.contains(where: { $0.overlaps(candidate) }) {
        let plan = FaultPlan(seed: seed, faults: others + [candidate])
        if try stillFails(plan) { return plan.faults }
      }
      step /= 2
    }
    return nil
  }
}
