import WorkoutCore
import WorkoutSystem

/// Shrinks a failing plan: faults removed, then moved later, while its world still fails
/// (docs/explore.md#shrinking). A state machine with no predicate of its own: it proposes
/// ``candidate``, the caller runs that world (synchronously or not) and answers with
/// ``record(stillFails:)``, until ``candidate`` is `nil`; ``best`` is then the result. The same
/// plan and answers give the same result.
///
/// 1. Removal, by delta debugging's complement step (Zeller and Hildebrandt, "Simplifying and
///    isolating failure-inducing input", IEEE TSE 28(2), 2002): the faults split into `n`
///    chunks (first `n` = 2, at most the count of faults, the last chunk shorter); the plan
///    without a chunk is tried, chunk by chunk in order; the first that still fails is kept and
///    `n` becomes `max(n − 1, 2)`; when none does, `n` doubles, until `n` reaches the count of
///    faults. What remains is 1-minimal: removing any one fault makes the world pass.
/// 2. Moving later, in passes over the plan by position from the last to the first: a fault's
///    candidates start it later by the whole room it has in whole seconds (it must end by
///    `latest`), then by half of that, rounded down to whole seconds, and so on while the step is
///    1 s or more (a drawn plan's whole seconds stay whole), skipping a start where it would
///    overlap another fault of its channel; the first candidate that still fails is kept (the
///    plan is put in order again) and the pass goes on at the next position. Passes repeat
///    while one moved a fault, up to ``moveLimit`` moves in all. Whole-world faults do not move.
public struct FaultShrinker: Sendable {
  private enum Phase: Sendable {
    /// Trying the plan without chunk `start..<start + size` of `chunks` chunks.
    case removing(chunks: Int, start: Int)
    /// Trying `best.faults[index]` started `step` nanoseconds later; `moved`: this pass moved
    /// a fault already.
    case moving(index: Int, step: Int64, moved: Bool)
    case done
  }

  /// The most moves later one shrink accepts (a project rule bounding its runs).
  public static let moveLimit = 64

  /// The smallest plan found so far that still fails (the starting plan at first).
  public private(set) var best: FaultPlan
  /// The next plan to try, or `nil` when shrinking is over.
  public private(set) var candidate: FaultPlan?
  private let latest: SimulationInstant
  private var phase: Phase = .removing(chunks: 2, start: 0)
  private var moves = 0

  /// A shrinker of `plan`, a plan whose world fails; `latest` is the last instant a fault may
  /// end at (the end of ``FaultPlan/span(of:)``'s last second).
  public init(_ plan: FaultPlan, latest: SimulationInstant) {
    self.best = plan
    self.latest = latest
    settle()
  }

  /// Takes the answer for ``candidate``: whether its world still fails the same way.
  public mutating func record(stillFails: Bool) {
    guard let candidate else { return }
    switch phase {
    case .removing(let chunks, let start):
      if stillFails {
        best = candidate
        phase = .removing(chunks: max(chunks - 1, 2), start: 0)
      } else {
        phase = .removing(chunks: chunks, start: start + chunkSize(chunks))
      }
    case .moving(let index, let step, let moved):
      if stillFails {
        best = candidate
        moves += 1
        phase = .moving(index: index - 1, step: room(index - 1), moved: true)
      } else {
        phase = .moving(index: index, step: Self.wholeSeconds(step / 2), moved: moved)
      }
    case .done: break
    }
    settle()
  }

  /// The size of each of `chunks` chunks of the current faults (the last may be shorter).
  private func chunkSize(_ chunks: Int) -> Int {
    let count = min(chunks, best.faults.count)
    return (best.faults.count + count - 1) / max(count, 1)
  }

  /// How much later `best.faults[index]` could start and still end by `latest`, in whole
  /// seconds as nanoseconds (0 when there is no such fault).
  private func room(_ index: Int) -> Int64 {
    guard best.faults.indices.contains(index) else { return 0 }
    return Self.wholeSeconds(max(latest.nanoseconds - best.faults[index].end.nanoseconds, 0))
  }

  /// `nanoseconds` rounded down to whole seconds.
  private static func wholeSeconds(_ nanoseconds: Int64) -> Int64 {
    nanoseconds / 1_000_000_000 * 1_000_000_000
  }

  /// The first pass of moves.
  private var firstMove: Phase {
    let last = best.faults.count - 1
    return .moving(index: last, step: room(last), moved: false)
  }

  /// Moves the phase on to the next plan worth trying, and sets ``candidate``.
  private mutating func settle() {
    let second: Int64 = 1_000_000_000
    while true {
      switch phase {
      case .removing(let chunks, let start):
        let faults = best.faults
        if faults.isEmpty {
          phase = firstMove
          continue
        }
        let size = chunkSize(chunks)
        if start < faults.count {
          var remaining = faults
          remaining.removeSubrange(start..<min(start + size, faults.count))
          candidate = FaultPlan(seed: best.seed, faults: remaining)
          return
        }
        if min(chunks, faults.count) >= faults.count {
          phase = firstMove
        } else {
          phase = .removing(chunks: min(chunks * 2, faults.count), start: 0)
        }
      case .moving(let index, let step, let moved):
        if moves >= Self.moveLimit {
          phase = .done
          continue
        }
        if index < 0 {
          phase = moved ? firstMove : .done
          continue
        }
        let fault = best.faults[index]
        if fault.kind.isWholeWorld || step < second {
          phase = .moving(index: index - 1, step: room(index - 1), moved: moved)
          continue
        }
        var later = fault
        later.at = fault.at.advanced(by: .nanoseconds(step))
        var others = best.faults
        others.remove(at: index)
        if others.contains(where: { $0.overlaps(later) }) {
          phase = .moving(index: index, step: Self.wholeSeconds(step / 2), moved: moved)
          continue
        }
        candidate = FaultPlan(seed: best.seed, faults: others + [later])
        return
      case .done:
        candidate = nil
        return
      }
    }
  }
}

extension FaultPlan {
  /// The smallest plan found that still fails: ``FaultShrinker`` driven by `stillFails`
  /// (docs/explore.md#shrinking).
  ///
  /// - Parameters:
  ///   - latest: the last instant a fault may end at.
  ///   - stillFails: whether a plan's world fails the same way as this plan's.
  /// - Returns: the shrunk plan (this plan when nothing can be removed or moved).
  public func shrunk(
    within latest: SimulationInstant, stillFails: (FaultPlan) throws -> Bool
  ) rethrows -> FaultPlan {
    var shrinker = FaultShrinker(self, latest: latest)
    while let candidate = shrinker.candidate {
      shrinker.record(stillFails: try stillFails(candidate))
    }
    return shrinker.best
  }
}
