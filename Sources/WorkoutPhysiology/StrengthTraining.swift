import WorkoutCore

/// A strength workout's sets as the wrist feels them (docs/scenario-format.md#strength,
/// docs/models.md#wrist-motion): each set is `reps` repetitions of one exercise, one after the
/// other from the set's start, each `secondsPerRep` seconds long.
///
/// Only the wrist motion model reads the plan: during a set the forearm turns about the elbow
/// through the exercise's range of motion once per rep (``forearm(at:)``); outside the sets the
/// wrist moves as the workout's activity makes it (docs/models.md#wrist-motion). The plan adds
/// no workout events or samples (project rule: Apple Watch's own workout app records no reps).
public struct StrengthPlan: Sendable, Equatable {
  /// An exercise whose rep the model knows: how far the forearm turns about the elbow.
  public enum Exercise: String, Sendable, Hashable, CaseIterable {
    /// A biceps curl: elbow flexion from the arm hanging straight (0°) to 140° and back.
    case curl

    /// The name scenarios write, `"curl"`.
    public var name: String { rawValue }

    /// The elbow's turn from the rep's start to its top, rad: 140° (2.4435 rad) for a curl (a
    /// project rule within the measured range: healthy adults' mean active elbow flexion is
    /// 146°, Zwerus et al., "Normative values and affecting factors for the elbow range of
    /// motion", Shoulder & Elbow 11(3):215–224, 2019, https://pmc.ncbi.nlm.nih.gov/articles/PMC6555111;
    /// a loaded curl stops a little short of the full flexion).
    public var rangeOfMotion: Double {
      switch self {
      case .curl: 140 * Double.pi / 180
      }
    }
  }

  /// One set: `reps` reps of `exercise` from `start`, back to back.
  public struct Set: Sendable, Equatable {
    /// The set's start, seconds after `t = 0` (≥ 0).
    public var start: Duration
    /// The number of reps, 1 to ``StrengthPlan/maximumReps``.
    public var reps: Int
    /// One rep's time, seconds, from ``StrengthPlan/secondsPerRepRange``.
    public var secondsPerRep: Double
    /// The exercise.
    public var exercise: Exercise

    /// A set of `reps` reps of `exercise` from `start`, each `secondsPerRep` s (default
    /// ``StrengthPlan/defaultSecondsPerRep``).
    public init(
      start: Duration, reps: Int, secondsPerRep: Double = StrengthPlan.defaultSecondsPerRep,
      exercise: Exercise = .curl
    ) {
      self.start = start
      self.reps = reps
      self.secondsPerRep = secondsPerRep
      self.exercise = exercise
    }

    /// The set's length, seconds: reps × seconds per rep.
    public var seconds: Double { Double(reps) * secondsPerRep }
  }

  /// The sets in time order, none overlapping the next.
  public var sets: [Set]

  /// A plan of `sets` (checked by ``problem(activity:)`` when a run starts).
  public init(sets: [Set]) { self.sets = sets }

  /// One rep's default time, 3 s (a project rule in the middle of the American College of
  /// Sports Medicine's "moderate" velocity, 1–2 s concentric and 1–2 s eccentric, so 2–4 s per
  /// rep: ACSM position stand "Progression Models in Resistance Training for Healthy Adults",
  /// Med. Sci. Sports Exerc. 41(3):687–708, 2009).
  public static let defaultSecondsPerRep = 3.0
  /// The rep times a set accepts, 0.5 to 60 s (a project rule: faster is no longer a rep the
  /// model describes, slower is a hold).
  public static let secondsPerRepRange = 0.5...60.0
  /// The most reps one set may have, 10 000 (a project rule, so that a typo cannot ask for a
  /// day of curls).
  public static let maximumReps = 10_000
  /// The activities whose workouts may have strength sets: traditional and functional strength
  /// training and high-intensity interval training (`HKWorkoutActivityType` names).
  public static let activities: [WorkoutActivityType] = [
    .traditionalStrengthTraining, .functionalStrengthTraining, .highIntensityIntervalTraining,
  ]

  /// A rule a plan breaks: where (below the scenario's `strength` key) and what to write
  /// instead.
  public struct Problem: Sendable, Equatable {
    /// The set's index in ``StrengthPlan/sets``, or `nil` for the plan itself.
    public var set: Int?
    /// The key (`sets`, `reps`, `repSeconds`, `at`), or `nil` for the plan or the set itself.
    public var key: String?
    /// What is wrong and what to write instead.
    public var message: String

    /// The path below `strength`: `""`, `sets`, `sets[1].at`.
    public var path: String {
      var text = set.map { "sets[\($0)]" } ?? ""
      if let key { text += text.isEmpty ? key : "." + key }
      return text
    }
  }

  /// The first rule the plan breaks for a workout of `activity`, or `nil`: the one rule of the
  /// decoder (a file's `strength` key) and of a run (a plan set in Swift). A plan needs one of
  /// ``activities``, at least one set, each with reps from 1 to ``maximumReps``, a rep time in
  /// ``secondsPerRepRange``, a start at or after `t = 0` and not before the previous set's end.
  public func problem(activity: WorkoutActivityType) -> Problem? {
    guard Self.activities.contains(activity) else {
      return Problem(
        set: nil, key: nil,
        message:
          "strength sets need \"activity\": \"traditionalStrengthTraining\", \"functionalStrengthTraining\" or \"highIntensityIntervalTraining\" (the scenario's activity is \"\(activity.name)\"): change the activity or remove \"strength\""
      )
    }
    guard !sets.isEmpty else {
      return Problem(
        set: nil, key: "sets", message: "the plan has no sets (expected at least one set object)")
    }
    var previousEnd = 0.0
    for (index, set) in sets.enumerated() {
      guard set.reps >= 1, set.reps <= Self.maximumReps else {
        return Problem(
          set: index, key: "reps",
          message:
            "\(set.reps) is out of range (expected a whole number of reps from 1 to \(Self.maximumReps))"
        )
      }
      guard Self.secondsPerRepRange.contains(set.secondsPerRep) else {
        return Problem(
          set: index, key: "repSeconds",
          message:
            "\(Self.text(set.secondsPerRep)) s is out of range (expected seconds per rep from 0.5 to 60, for example 3)"
        )
      }
      let start = set.start.secondsValue
      guard start >= 0 else {
        return Problem(
          set: index, key: "at", message: "is before t = 0 (expected a time at or after 0)")
      }
      guard start >= previousEnd else {
        return Problem(
          set: index, key: "at",
          message:
            "the set starts at \(Self.text(start)) s, before the previous set ends at \(Self.text(previousEnd)) s (its \"at\" + reps × repSeconds): start it at or after \(Self.text(previousEnd)) s"
        )
      }
      previousEnd = start + set.seconds
    }
    return nil
  }

  /// The highest MET a course segment may give and still count as work for a set's reps, 1.5
  /// (docs/scenario-format.md#strength): at or below it a segment is a rest. A project rule at
  /// the upper limit of sedentary behaviour, 1.5 MET (M. S. Tremblay et al., "Sedentary
  /// Behavior Research Network (SBRN) – Terminology Consensus Project process and outcome",
  /// International Journal of Behavioral Nutrition and Physical Activity 14:75, 2017); the
  /// Compendium's standing quietly is 1.3 MET.
  public static let restMETs = 1.5

  /// The first set whose reps run during a course segment that gives a rest's MET (at most
  /// ``restMETs``), or `nil`: a set's reps are work, so the course's intensity and the sets
  /// must agree (docs/scenario-format.md#strength). A segment without its own MET agrees with
  /// any set (the activity's Compendium entry is work). `segments` are the scripted course's,
  /// played from `t = 0`; the problem names the set (`sets[1]`) and the segment in its message.
  ///
  /// Worked: sets of 10 reps of 3 s at 0 and 60 s beside a course of 30 s at 12 MET and 30 s at
  /// 1.3 MET, twice: the first set runs 0–30 s, in work; the second 60–90 s, in the second work
  /// segment (60–90 s); a third at 0:40 would run 40–70 s, into the rest at 30–60 s.
  public func restProblem(segments: [CourseSegment]) -> Problem? {
    for (index, set) in sets.enumerated() {
      let start = set.start.secondsValue
      let end = start + set.seconds
      var segmentStart = 0.0
      for (number, segment) in segments.enumerated() {
        let segmentEnd = segmentStart + segment.duration.secondsValue
        defer { segmentStart = segmentEnd }
        guard let mets = segment.mets, mets <= Self.restMETs else { continue }
        guard start < segmentEnd, segmentStart < end else { continue }
        return Problem(
          set: index, key: nil,
          message:
            "the set's reps run from \(Self.text(start)) s to \(Self.text(end)) s, into course[\(number)] (\(Self.text(segmentStart)) s to \(Self.text(segmentEnd)) s) at \(Self.text(mets)) MET, a rest (\(Self.text(Self.restMETs)) MET or less): reps are work, so move the set out of the rest or give that segment a higher \"met\""
        )
      }
    }
    return nil
  }

  /// `value` for a message: a whole number without its fraction (`30`), else as Swift prints it.
  static func text(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }

  /// Where the forearm is at `instant` when a set is under way, else `nil`.
  ///
  /// In a set that began at s seconds with rep time T, at τ = (t − s) mod T seconds into a rep
  /// the elbow's flexion is φ = (Φ/2)(1 − cos(2πτ/T)) with Φ the exercise's
  /// ``Exercise/rangeOfMotion``: 0 at the rep's start and end, Φ at its middle (a project rule:
  /// the smoothest motion, up and down in equal times, which the ACSM's 1–2 s concentric and
  /// 1–2 s eccentric allow). Its rate is φ' = (Φ/2)(2π/T)·sin(2πτ/T) rad/s and its acceleration
  /// φ'' = (Φ/2)(2π/T)²·cos(2πτ/T) rad/s². A set covers [s, s + reps × T).
  public func forearm(at instant: SimulationInstant) -> ForearmMotion? {
    let t = instant.seconds
    for set in sets {
      let start = set.start.secondsValue
      guard t >= start, t < start + set.seconds else { continue }
      let period = set.secondsPerRep
      let tau = (t - start).truncatingRemainder(dividingBy: period)
      let half = set.exercise.rangeOfMotion / 2
      let omega = 2 * Double.pi / period
      let c = Elementary.cos(omega * tau)
      let s = Elementary.sin(omega * tau)
      return ForearmMotion(
        angle: half * (1 - c), angularVelocity: half * omega * s,
        angularAcceleration: half * omega * omega * c)
    }
    return nil
  }
}

/// The forearm's turn about the elbow at an instant of a strength set
/// (``StrengthPlan/forearm(at:)``): the elbow's flexion angle, rad (0 with the arm hanging
/// straight), with its rate, rad/s, and acceleration, rad/s².
public struct ForearmMotion: Sendable, Equatable {
  /// The flexion angle φ, rad.
  public var angle: Double
  /// φ', rad/s.
  public var angularVelocity: Double
  /// φ'', rad/s².
  public var angularAcceleration: Double

  /// A forearm at `angle` rad turning at `angularVelocity` rad/s, accelerating at
  /// `angularAcceleration` rad/s².
  public init(angle: Double, angularVelocity: Double, angularAcceleration: Double) {
    self.angle = angle
    self.angularVelocity = angularVelocity
    self.angularAcceleration = angularAcceleration
  }
}
