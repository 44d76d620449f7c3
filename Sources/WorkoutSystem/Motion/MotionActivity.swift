import WorkoutCore

/// What the body is doing, in the classes of Core Motion's `CMMotionActivity`
/// (https://developer.apple.com/documentation/coremotion/cmmotionactivity), as the scenario's
/// `motion.activities` spans name them (docs/scenario-format.md#motion).
public enum MotionActivityKind: String, Sendable, Hashable, CaseIterable {
  /// Not moving (`stationary`).
  case stationary
  /// Walking (`walking`).
  case walking
  /// Running (`running`).
  case running
  /// In a vehicle (`automotive`).
  case automotive
  /// On a bicycle (`cycling`).
  case cycling
  /// Moving in none of the classes: every flag of the activity is false (Apple's header: "if
  /// the device is moving but none of the classes apply, all are false").
  case moving
  /// No estimate (`unknown`: for example the device was off).
  case unknown

  /// The word for `name` (`"walking"`), or `nil`.
  public init?(name: String) { self.init(rawValue: name) }
}

/// How sure the activity is, with `CMMotionActivityConfidence`'s raw values (low 0, medium 1,
/// high 2; https://developer.apple.com/documentation/coremotion/cmmotionactivityconfidence).
public enum MotionConfidence: Int, Sendable, Hashable, CaseIterable, Comparable {
  /// Low (0).
  case low = 0
  /// Medium (1).
  case medium = 1
  /// High (2).
  case high = 2

  /// The scenario word: `"low"`, `"medium"`, `"high"`.
  public var name: String {
    switch self {
    case .low: "low"
    case .medium: "medium"
    case .high: "high"
    }
  }

  /// The confidence named `name`, or `nil`.
  public init?(name: String) {
    guard let match = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = match
  }

  /// Lower confidence first.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// An activity with its confidence.
public struct MotionState: Sendable, Hashable {
  /// The activity.
  public var activity: MotionActivityKind
  /// The confidence.
  public var confidence: MotionConfidence

  /// A state.
  public init(_ activity: MotionActivityKind, _ confidence: MotionConfidence = .high) {
    self.activity = activity
    self.confidence = confidence
  }

  /// Stationary with high confidence: the body at rest with the watch on the wrist, the
  /// state wherever nothing else says otherwise (docs/scenario-format.md#motion).
  public static let rest = MotionState(.stationary, .high)
}

/// A span of one motion state, on the scenario's clock (start included, end excluded).
public struct MotionSpan: Sendable, Hashable {
  /// The span.
  public var range: Range<SimulationInstant>
  /// What the body does in it.
  public var state: MotionState

  /// A span.
  public init(_ range: Range<SimulationInstant>, _ state: MotionState) {
    self.range = range
    self.state = state
  }
}

/// One change of the body's motion: the state from `at` on.
public struct MotionChange: Sendable, Hashable {
  /// When the motion changed (`CMMotionActivity.startDate`: "the time at which the change in
  /// motion occurred").
  public var at: SimulationInstant
  /// The state from then on.
  public var state: MotionState

  /// A change.
  public init(at: SimulationInstant, state: MotionState) {
    self.at = at
    self.state = state
  }
}

/// The body's motion over all time: a base state (``MotionState/rest``) overlaid with layers
/// of spans, each later layer winning where it covers (docs/scenario-format.md#motion: the
/// health days' walking bouts, then the course, then the scenario's explicit spans).
///
/// Kept as its changes: ascending instants, no two neighbours with the same state; before the
/// first change the state is ``base``.
public struct MotionTimeline: Sendable, Hashable {
  /// The state before the first change and wherever no layer covers.
  public let base: MotionState
  /// The changes, ascending, each to a state different from the one before.
  public let changes: [MotionChange]

  /// A timeline from `layers` over `base`.
  ///
  /// - Parameters:
  ///   - base: the state where no span covers.
  ///   - layers: lists of spans, lowest first; within one list a later span wins where spans
  ///     overlap; empty spans are ignored.
  public init(base: MotionState = .rest, layers: [[MotionSpan]]) {
    self.base = base
    var painted: [MotionSpan] = []
    for layer in layers {
      painted = Self.overlay(painted, Self.normalized(layer))
    }
    var changes: [MotionChange] = []
    var current = base
    var cursor: SimulationInstant?
    func set(_ state: MotionState, at instant: SimulationInstant) {
      guard state != current else { return }
      if let last = changes.last, last.at == instant {
        changes.removeLast()
        current = changes.last?.state ?? base
        if state == current { return }
      }
      changes.append(MotionChange(at: instant, state: state))
      current = state
    }
    for span in painted {
      if let end = cursor, end < span.range.lowerBound { set(base, at: end) }
      set(span.state, at: span.range.lowerBound)
      cursor = span.range.upperBound
    }
    if let end = cursor { set(base, at: end) }
    self.changes = changes
  }

  /// Sorted, non-overlapping spans from `spans` (a later span wins where two overlap).
  ///
  /// Painting is associative (the spans of the second half, over those of the first, each half
  /// already painted in order, cover the same as painting them one by one), so the halves are
  /// painted apart and overlaid once: O(n log n) for n spans, where one span at a time over
  /// the result so far was quadratic (40 000 spans took over a minute to validate).
  static func normalized(_ spans: [MotionSpan]) -> [MotionSpan] {
    painted(spans.filter { !$0.range.isEmpty }[...])
  }

  /// `spans` (none empty) painted in order: the second half over the first.
  private static func painted(_ spans: ArraySlice<MotionSpan>) -> [MotionSpan] {
    guard spans.count > 1 else { return Array(spans) }
    let middle = spans.startIndex + spans.count / 2
    return overlay(painted(spans[..<middle]), painted(spans[middle...]))
  }

  /// `upper` over `lower`, both sorted and non-overlapping: the parts of `lower` that `upper`
  /// does not cover, and `upper`, in order.
  static func overlay(_ lower: [MotionSpan], _ upper: [MotionSpan]) -> [MotionSpan] {
    guard !upper.isEmpty else { return lower }
    guard !lower.isEmpty else { return upper }
    var pieces: [MotionSpan] = []
    var cover = 0
    for span in lower {
      var start = span.range.lowerBound
      let end = span.range.upperBound
      while cover < upper.count, upper[cover].range.upperBound <= start { cover += 1 }
      var next = cover
      while start < end {
        guard next < upper.count, upper[next].range.lowerBound < end else {
          pieces.append(MotionSpan(start..<end, span.state))
          break
        }
        let hole = upper[next].range
        if hole.lowerBound > start {
          pieces.append(MotionSpan(start..<hole.lowerBound, span.state))
        }
        start = max(start, hole.upperBound)
        next += 1
      }
    }
    var merged: [MotionSpan] = []
    merged.reserveCapacity(pieces.count + upper.count)
    var i = 0
    var j = 0
    while i < pieces.count || j < upper.count {
      if j == upper.count
        || (i < pieces.count && pieces[i].range.lowerBound < upper[j].range.lowerBound)
      {
        merged.append(pieces[i])
        i += 1
      } else {
        merged.append(upper[j])
        j += 1
      }
    }
    return merged
  }

  /// The index of the last change at or before `instant`, or `nil` before the first.
  func changeIndex(at instant: SimulationInstant) -> Int? {
    var low = 0
    var high = changes.count
    while low < high {
      let middle = (low + high) / 2
      if changes[middle].at <= instant { low = middle + 1 } else { high = middle }
    }
    return low == 0 ? nil : low - 1
  }

  /// The state at `instant`.
  public func state(at instant: SimulationInstant) -> MotionState {
    changeIndex(at: instant).map { changes[$0].state } ?? base
  }

  /// The change in effect at `instant` (its `at` is the state's start), or `nil` when the
  /// state is still ``base`` from the beginning of time.
  public func change(at instant: SimulationInstant) -> MotionChange? {
    changeIndex(at: instant).map { changes[$0] }
  }

  /// The first change after `instant`, or `nil`.
  public func firstChange(after instant: SimulationInstant) -> MotionChange? {
    let next = changeIndex(at: instant).map { $0 + 1 } ?? 0
    return next < changes.count ? changes[next] : nil
  }

  /// The changes in `range`, in order.
  public func changes(in range: Range<SimulationInstant>) -> ArraySlice<MotionChange> {
    let first =
      (changeIndex(at: range.lowerBound).map { changes[$0].at == range.lowerBound ? $0 : $0 + 1 })
      ?? 0
    var last = first
    while last < changes.count, changes[last].at < range.upperBound { last += 1 }
    return changes[first..<last]
  }

  /// The spans of the timeline that overlap `range`, clipped to it, in order.
  public func spans(in range: Range<SimulationInstant>) -> [MotionSpan] {
    guard !range.isEmpty else { return [] }
    var result: [MotionSpan] = []
    var start = range.lowerBound
    var state = self.state(at: start)
    for change in changes(in: range) where change.at > start {
      result.append(MotionSpan(start..<change.at, state))
      start = change.at
      state = change.state
    }
    if start < range.upperBound { result.append(MotionSpan(start..<range.upperBound, state)) }
    return result
  }
}
