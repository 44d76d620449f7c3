import WorkoutCore
import WorkoutScenario
import WorkoutSystem

/// The faults of one explored world and its seed: drawn from a seed
/// (``draw(seed:faults:scenario:)``), applied to a scenario as the scenario's own timeline
/// actions and keys (``world(from:)``), shrunk while a predicate still fails
/// (``shrunk(within:stillFails:)``). docs/explore.md.
public struct FaultPlan: Sendable, Hashable, CustomStringConvertible {
  /// The world's seed: the scenario's `seed` in the world, and the root of the draw.
  public var seed: UInt64
  /// The faults, by instant (then by ``Fault/Kind`` case order).
  public var faults: [Fault]

  /// A plan of `faults` for the world of `seed`; the faults are put in order.
  public init(seed: UInt64, faults: [Fault]) {
    self.seed = seed
    self.faults = Self.ordered(faults)
  }

  /// The span faults are drawn in: whole seconds from 1 s to one second before the scenario's
  /// last timeline action (a fault never outlasts the timeline, so the world ends where the
  /// scenario does), as `(first, last)` seconds, or `nil` when the timeline ends before 3 s.
  public static func span(of scenario: Scenario) -> (first: Int64, last: Int64)? {
    guard let end = scenario.timeline.last?.at else { return nil }
    let lastWhole = end.nanoseconds / 1_000_000_000
    // The last fault must end before the last action: at most `lastWhole - 1` when the action
    // is on a whole second, `lastWhole` when it is past one.
    let last = end.nanoseconds % 1_000_000_000 == 0 ? lastWhole - 1 : lastWhole
    return last >= 2 ? (1, last) : nil
  }

  /// The last instant a fault may end at in `scenario`'s worlds: ``span(of:)``'s last second
  /// (`t = 0` when the timeline is too short for faults); what shrinking moves faults towards.
  public static func latestEnd(of scenario: Scenario) -> SimulationInstant {
    guard let span = span(of: scenario) else { return .zero }
    return .seconds(span.last)
  }

  /// Draws the faults of the world of `seed` (docs/explore.md#drawing-a-world).
  ///
  /// From `SplitMix64(seed: seed, stream: "explore.faults")`, each number `next() % n`: the
  /// count of faults, 1 to 3; then per fault its kind among `faults` (in the order given), its
  /// duration in whole seconds within ``Fault/Kind/durationRange`` (at most the span's length
  /// less one second) and its instant in whole seconds such that it begins at 1 s or later and
  /// ends within ``span(of:)``; a `timezone-trip` draws one more number, its zone
  /// `zones[next % zones.count]` of ``WorkoutScenario/Scenario/tripZones(atSecond:)`` at its
  /// instant (none there: it is left out); an `auth-denied` (whole world: no duration nor
  /// instant) draws one number, its type `types[next % types.count]` of
  /// ``Fault/authDeniedTypes``. A whole-world fault drawn again (`auth-denied` and
  /// `auth-denied-all` share a channel), or a fault that overlaps one
  /// drawn before it on its channel (crashes share one), is left out: the draw goes on with the
  /// next. The same seed, fault set and scenario span give the same plan.
  ///
  /// - Parameters:
  ///   - seed: the world's seed.
  ///   - faults: the kinds to draw from, at least one (repeats weigh a kind more).
  ///   - scenario: the scenario whose timeline bounds the instants.
  /// - Returns: the plan; without faults when `faults` is empty or the timeline ends before
  ///   3 s (``span(of:)`` is `nil`).
  public static func draw(seed: UInt64, faults: [Fault.Kind], scenario: Scenario) -> FaultPlan {
    guard !faults.isEmpty, let span = span(of: scenario) else {
      return FaultPlan(seed: seed, faults: [])
    }
    var random = SplitMix64(seed: seed, stream: "explore.faults")
    func uniform(_ count: Int64) -> Int64 { Int64(random.next() % UInt64(count)) }
    let count = 1 + uniform(3)
    var drawn: [Fault] = []
    for _ in 0..<count {
      let kind = faults[Int(uniform(Int64(faults.count)))]
      if kind.isWholeWorld {
        var fault = Fault(kind, at: .zero, duration: .zero)
        if kind == .authDenied {
          // One more number, for the type (only an `auth-denied` draws it).
          let types = Fault.authDeniedTypes
          fault.healthType = types[Int(uniform(Int64(types.count)))]
        }
        if !drawn.contains(where: { $0.overlaps(fault) }) { drawn.append(fault) }
        continue
      }
      let range = kind.durationRange
      let longest = min(range.upperBound, span.last - span.first)
      let shortest = min(range.lowerBound, longest)
      let seconds = shortest + uniform(longest - shortest + 1)
      let start = span.first + uniform(span.last - seconds - span.first + 1)
      var fault = Fault(kind, at: .seconds(start), duration: .seconds(seconds))
      if kind == .timezoneTrip {
        // One more number, for the zone (only a trip draws it).
        let zones = scenario.tripZones(atSecond: start)
        let index = uniform(Int64(max(zones.count, 1)))
        guard !zones.isEmpty else { continue }
        fault.timeZone = zones[Int(index)]
      }
      if !drawn.contains(where: { $0.overlaps(fault) }) { drawn.append(fault) }
    }
    return FaultPlan(seed: seed, faults: drawn)
  }

  /// The plan as one line: `seed 17: crash@612+5, wrist@900+40` (`seed 17: no faults`).
  public var description: String {
    "seed \(seed): "
      + (faults.isEmpty ? "no faults" : faults.map(\.description).joined(separator: ", "))
  }

  /// Faults by instant, then by kind's case order, then by duration: the one order of a plan.
  static func ordered(_ faults: [Fault]) -> [Fault] {
    let order = Fault.Kind.allCases
    return faults.sorted {
      let left = ($0.at, order.firstIndex(of: $0.kind)!, $0.duration)
      let right = ($1.at, order.firstIndex(of: $1.kind)!, $1.duration)
      return left < right
    }
  }
}

extension Fault {
  /// Whether `other` is on this fault's channel and their spans `[at, end]` share an instant
  /// (two whole-world faults of one kind always do).
  func overlaps(_ other: Fault) -> Bool {
    guard kind.channel == other.kind.channel else { return false }
    // A world has one start: one `dst` at most.
    if kind.isWholeWorld || kind == .dst { return true }
    return at <= other.end && other.at <= end
  }
}

extension FaultPlan {
  /// Reads a plan back from its ``description`` (`seed 17: crash@612+5, wrist@900+40`,
  /// `seed 3: no faults`): the one-line reproduction an exploration prints, pasted into a test.
  /// Instants and spans are seconds (fractions allowed); a `timezone-trip` names its zone after
  /// a colon (`timezone-trip@5400+0:Asia/Tokyo`), an `auth-denied` its HealthKit type, short or
  /// full (`auth-denied:heartRate`, `auth-denied:HKQuantityTypeIdentifierHeartRate`), and no
  /// other kind may. Whether the faults fit a scenario is ``checkInstants(in:)``'s question.
  ///
  /// - Parameter text: the line.
  /// - Returns: the plan, or `nil` when `text` is not in that form or names an unknown fault.
  public init?(_ text: String) {
    guard text.hasPrefix("seed "), let colon = text.firstIndex(of: ":"),
      let seed = UInt64(text[text.index(text.startIndex, offsetBy: 5)..<colon])
    else { return nil }
    let rest = text[text.index(after: colon)...].drop { $0 == " " }
    if rest == "no faults" {
      self.init(seed: seed, faults: [])
      return
    }
    var faults: [Fault] = []
    for written in rest.split(separator: ",").map({ $0.drop { $0 == " " } }) {
      // A trip's zone follows a colon: `timezone-trip@5400+0:Asia/Tokyo`.
      let zoneParts = written.split(separator: ":", maxSplits: 1)
      let item = zoneParts.first ?? written
      let zone = zoneParts.count == 2 ? String(zoneParts[1]) : nil
      let parts = item.split(separator: "@")
      guard let kind = Fault.Kind(rawValue: String(parts[0])) else { return nil }
      if parts.count == 1, kind.isWholeWorld {
        // `auth-denied` names its type (short or full), no other whole-world fault does.
        guard (kind == .authDenied) == (zone != nil) else { return nil }
        var fault = Fault(kind, at: .zero, duration: .zero)
        if let zone {
          guard let identifier = Scenario.Authorization.identifier(named: zone) else { return nil }
          fault.healthType = identifier
        }
        faults.append(fault)
        continue
      }
      let times = parts.count == 2 ? parts[1].split(separator: "+") : []
      guard times.count == 2, let at = Double(times[0]), let span = Double(times[1]),
        at >= 0, span >= 0, at < 1e9, span < 1e9
      else { return nil }
      guard (kind == .timezoneTrip) == (zone != nil), zone?.isEmpty != true else { return nil }
      faults.append(
        Fault(
          kind, at: .rounding(seconds: at),
          duration: .nanoseconds(SimulationInstant.rounding(seconds: span).nanoseconds),
          timeZone: zone))
    }
    self.init(seed: seed, faults: faults)
  }

  /// The plans of worlds `seeds` (offsets from the scenario's `seed`: world `k` has seed
  /// `scenario.seed + k`) drawn from `faults`, for Swift Testing's `@Test(arguments:)`.
  ///
  /// - Parameters:
  ///   - seeds: the world offsets, for example `0..<100`.
  ///   - faults: the kinds to draw from.
  ///   - scenario: the scenario of the worlds.
  /// - Returns: one plan per world, in order.
  public static func worlds(seeds: Range<Int>, faults: [Fault.Kind], scenario: Scenario)
    -> [FaultPlan]
  {
    seeds.map { draw(seed: scenario.seed &+ UInt64($0), faults: faults, scenario: scenario) }
  }
}
