/// HealthKit's pause rule, the one home of it: which spans of a workout count as running
/// (docs/healthkit-behaviour.md#elapsed-time-and-duration). Walking the events in date order
/// from the start, a `pause` while running ends a running span and a `resume` while paused
/// starts one; a pause while paused, a resume while running and every other event type are
/// ignored; the walk stops at the first event before the start or after the limit, and a span
/// still running then closes at the limit.
///
/// The builder's `elapsedTime(at:)` sums these spans, the simulation's per-span energy and the
/// exporters' timer events and paused spans read them.
public enum PauseRule {
  /// The running spans of a workout from `start` up to `limit`.
  ///
  /// - Parameters:
  ///   - events: The workout's events in date order.
  ///   - start: The workout's start.
  ///   - limit: Where the walk stops (the end date, or the date asked about).
  /// - Returns: `(from, to)` pairs in order; `to` is the pause's date (not below `from` for
  ///   events in date order), or `limit` for the last span when it is still running. Empty when
  ///   `limit` is not after `start`.
  public static func runningSpans(
    of events: [WorkoutEvent], start: SimulationInstant, limit: SimulationInstant
  ) -> [(from: SimulationInstant, to: SimulationInstant)] {
    guard start < limit else { return [] }
    var spans: [(from: SimulationInstant, to: SimulationInstant)] = []
    var segmentStart: SimulationInstant? = start
    for event in events {
      if event.date < start || event.date > limit { break }
      switch event.type {
      case .pause:
        if let from = segmentStart {
          spans.append((from, event.date))
          segmentStart = nil
        }
      case .resume:
        if segmentStart == nil { segmentStart = event.date }
      case .lap, .marker, .motionPaused, .motionResumed, .segment, .pauseOrResumeRequest:
        break
      }
    }
    if let from = segmentStart { spans.append((from, limit)) }
    return spans
  }

  /// The paused spans of a finished workout between `start` and `end`, by the same walk: from
  /// each counted pause to the resume that ends it, and from the last pause to `end` when the
  /// workout ended paused. A pause and a resume at the same instant give a span of zero length
  /// (the FIT export writes its stop and start).
  public static func pausedSpans(
    of events: [WorkoutEvent], start: SimulationInstant, end: SimulationInstant
  ) -> [(from: SimulationInstant, to: SimulationInstant)] {
    var paused: [(from: SimulationInstant, to: SimulationInstant)] = []
    var pausedAt: SimulationInstant?
    for event in events {
      if event.date < start || event.date > end { break }
      switch event.type {
      case .pause:
        if pausedAt == nil { pausedAt = event.date }
      case .resume:
        if let from = pausedAt {
          paused.append((from, event.date))
          pausedAt = nil
        }
      case .lap, .marker, .motionPaused, .motionResumed, .segment, .pauseOrResumeRequest:
        break
      }
    }
    if let from = pausedAt { paused.append((from, max(from, end))) }
    return paused
  }
}
