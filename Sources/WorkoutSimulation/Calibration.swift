import WorkoutCore
import WorkoutJSON
import WorkoutPhysiology
import WorkoutRecordings

/// An athlete fitted to a recording's heart rate: what `workout-sim calibrate` prints
/// (docs/command-line.md#calibrate, docs/models.md#calibration). The recording becomes a course
/// as `replay` plays it (``RecordingCourse``, the recorded heart rate kept), and
/// ``WorkoutPhysiology/HeartRateFit`` fits VO2max, maximal and resting heart rate, the heart
/// rate's rise and fall time constants and its drift on the first 60 % of the moving time and
/// scores the rest.
public struct Calibration: Sendable {
  /// The activity whose workload model was fitted: `--type`, else the file's first sport
  /// (``ReplayPlan/activity(ofSession:in:)``), else running.
  public let activity: WorkoutActivityType
  /// The fit: the athlete, the scores of the fitted and the given athlete on both parts.
  public let fit: HeartRateFit

  /// Fits `athlete` to `recording`.
  ///
  /// - Parameters:
  ///   - recording: a FIT, TCX or GPX recording as read.
  ///   - activity: the activity (default: the file's first sport, else running).
  ///   - athlete: where the fit starts and what it keeps (age, sex, mass, height); default
  ///     ``WorkoutPhysiology/Athlete/standard``.
  ///   - held: the values kept at `athlete`'s instead of fitted (default none; `calibrate
  ///     --resting-heart-rate` holds the resting heart rate): ``WorkoutPhysiology/HeartRateFit/held``.
  /// - Throws: ``CalibrationError``: ``CalibrationError/activity(_:recorded:)`` when `activity`
  ///   has another workload model than the file's own sport (swimming on a run),
  ///   ``CalibrationError/course(_:)`` when the recording gives no course, ``CalibrationError/heartRate(_:)`` when its heart rate cannot calibrate (none,
  ///   under 10 minutes, constant, outside 25–250 bpm, or no movement).
  public init(
    recording: Recording, activity: WorkoutActivityType? = nil, athlete: Athlete = .standard,
    holding held: Set<HeartRateFit.Parameter> = []
  ) throws(CalibrationError) {
    let own = ReplayPlan.activity(ofSession: 0, in: recording)
    if let activity, let own, own != .other, !WorkloadKind.sameModel(activity, own) {
      throw .activity(activity, recorded: own)
    }
    let chosen = activity ?? own ?? .running
    let course: Course
    do {
      course = try RecordingCourse(
        recording: recording, activity: chosen, recordedHeartRate: true
      ).course
    } catch {
      throw .course(error)
    }
    self.activity = chosen
    do {
      self.fit = try HeartRateFit(
        course: course, activity: chosen, athlete: athlete, holding: held)
    } catch {
      throw .heartRate(error)
    }
  }

  /// The resting heart rates ``init(recording:activity:restingHeartRate:)`` takes, bpm: 25 to
  /// 120, a scenario athlete's (``WorkoutPhysiology/Athlete/ranges``).
  public static let restingHeartRates: ClosedRange<Double> = 25...120

  /// Fits the default athlete (``WorkoutPhysiology/Athlete/standard``) with its resting heart
  /// rate set to `restingHeartRate` and held, not fitted: what `calibrate --resting-heart-rate`
  /// does. A resting heart rate measured at rest (a morning pulse a coach knows) says more than
  /// the one a recording of exercise implies, which is the height at no work of the line of
  /// heart rate against workload (docs/models.md#calibration).
  ///
  /// - Parameters:
  ///   - recording: a FIT, TCX or GPX recording as read.
  ///   - activity: the activity (default: the file's first sport, else running).
  ///   - restingHeartRate: bpm, within ``restingHeartRates``.
  /// - Throws: ``CalibrationError/restingHeartRate(_:)`` for a resting heart rate outside
  ///   ``restingHeartRates``, and what ``init(recording:activity:athlete:holding:)`` throws.
  public init(
    recording: Recording, activity: WorkoutActivityType? = nil, restingHeartRate: Double
  ) throws(CalibrationError) {
    guard restingHeartRate.isFinite, Self.restingHeartRates.contains(restingHeartRate),
      let athlete = try? Athlete(restingHeartRate: restingHeartRate)
    else { throw .restingHeartRate(restingHeartRate) }
    try self.init(
      recording: recording, activity: activity, athlete: athlete, holding: [.restingHeartRate])
  }

  /// The fitted values by their scenario `athlete` keys, in ``WorkoutPhysiology/HeartRateFit/bounds``
  /// order: `vo2Max`, `maxHeartRate`, `restingHeartRate`, `heartRateRiseSeconds`,
  /// `heartRateFallSeconds`, `heartRateDrift`, `heartRateRecoveryResidual`,
  /// `heartRateSlowComponent`, `heartRateSlowSeconds`.
  public var parameters: [(key: String, value: Double)] {
    HeartRateFit.bounds.map {
      ($0.parameter.rawValue, HeartRateFit.value(of: $0.parameter, in: fit.athlete))
    }
  }

  /// The fitted athlete as a scenario `athlete` block (docs/scenario-format.md#athlete): the
  /// fitted keys of ``parameters``, in its order.
  public var athleteDocument: JSONValue {
    .object(parameters.map { ($0.key, .number($0.value)) })
  }

  /// `calibrate --json`'s document: `athlete` (``athleteDocument``), `fit` and `heldOut`
  /// (`maeBpm`, `seconds`), then `activity`, `heldOutFrom` (s after `t = 0`) and `default`
  /// (the given athlete's `fit` and `heldOut` scores), `excludedSeconds` (the seconds of heart
  /// rate left out of both parts as cadence-lock artefacts, docs/models.md#calibration),
  /// `peakHeartRate` (the recording's 30 s peak, bpm, the maximum's lower bound; `null` without
  /// 30 consecutive seconds), `atBound` (each fitted key on a bound of the fit, with `"lower"` or
  /// `"upper"`: a limit, not a measurement) and `undetermined` (the keys the recording does not
  /// determine, set by the pull toward the given athlete), then `held` (the keys held at the
  /// given athlete's values, not fitted) when a value is held.
  public var document: JSONValue {
    func score(_ score: HeartRateFit.Score) -> JSONValue {
      .object([
        ("maeBpm", .number((score.maeBpm * 100).rounded() / 100)),
        ("seconds", .number(Double(score.seconds))),
      ])
    }
    var members: [(String, JSONValue)] = [
      ("athlete", athleteDocument),
      ("fit", score(fit.fit)),
      ("heldOut", score(fit.heldOut)),
      ("activity", .string(activity.name)),
      ("heldOutFrom", .number((fit.split * 10).rounded() / 10)),
      ("default", .object([("fit", score(fit.givenFit)), ("heldOut", score(fit.givenHeldOut))])),
      ("excludedSeconds", .number(Double(fit.excludedSeconds))),
      ("peakHeartRate", fit.peakHeartRate.map { .number(($0 * 10).rounded() / 10) } ?? .null),
      (
        "atBound",
        .object(fit.atBound.map { ($0.parameter.rawValue, .string($0.upper ? "upper" : "lower")) })
      ),
      ("undetermined", .array(fit.undetermined.map { .string($0.rawValue) })),
    ]
    if !fit.held.isEmpty { members.append(("held", .array(fit.held.map { .string($0.rawValue) }))) }
    return .object(members)
  }

  /// `plan`'s scenario with the fitted athlete and the modelled heart rate (`"heartRate":
  /// "model"`): what `calibrate --write-scenario` writes.
  public func scenario(of plan: ReplayPlan) -> JSONValue {
    guard case .object(var members) = plan.scenario else { return plan.scenario }
    for index in members.indices {
      switch members[index].key {
      case "x-about":
        members[index].value = .string(
          "Built by workout-sim calibrate: the recording replayed with the athlete fitted to its heart rate (the modelled heart rate, not the recorded one)."
        )
      case "activity":
        members[index].value = .string(activity.name)
      case "course":
        guard case .object(var course) = members[index].value else { continue }
        for slot in course.indices where course[slot].key == "heartRate" {
          course[slot].value = .string("model")
        }
        members[index].value = .object(course)
      default: continue
      }
    }
    let at = members.firstIndex { $0.key == "course" } ?? members.count
    members.insert(("athlete", athleteDocument), at: at)
    return .object(members)
  }
}

/// Why a recording cannot calibrate an athlete (``Calibration``): a data error.
public enum CalibrationError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The recording gives no usable course.
  case course(CourseError)
  /// Its heart rate cannot calibrate: none, under 10 minutes, constant, implausible, or no
  /// movement.
  case heartRate(HeartRateFitError)
  /// The activity asked for (`--type`) has another workload model than the sport the file
  /// records (project rule: calibrate fits the heart rate to the effort the file's speed and
  /// grade give under the activity's model, so swimming's constant MET on a run's track fits
  /// an effort that did not make that heart rate; docs/models.md#calibration).
  case activity(WorkoutActivityType, recorded: WorkoutActivityType)
  /// The resting heart rate to hold (bpm) lies outside ``Calibration/restingHeartRates``.
  case restingHeartRate(Double)

  /// The reason, without the file's name.
  public var description: String {
    switch self {
    case .course(let error): error.description
    case .heartRate(let error): error.description
    case .activity(let asked, let recorded):
      "the activity \(asked.name) does not fit this recording of \(recorded.name): calibrate "
        + "fits the heart rate to the effort the file's speed and grade give under the "
        + "activity's workload model, and \(asked.name)'s model is not \(recorded.name)'s; "
        + "leave the activity (--type) out to fit the file's \(recorded.name), or give one of "
        + "the same model (docs/models.md#calibration)"
    case .restingHeartRate(let bpm):
      "the resting heart rate \(bpm.isFinite ? JSONWriter.number(bpm) : "\(bpm)") bpm is outside \(Int(Calibration.restingHeartRates.lowerBound))"
        + " to \(Int(Calibration.restingHeartRates.upperBound)) bpm"
    }
  }
}

/// ``CalibrationError`` of a recording read from a file
/// (``WorkoutPhysiology/Athlete/fitted(toRecordingAt:activity:startingFrom:holding:)``): names the
/// file, as the command line's message does.
public struct CalibrationFileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The recording's path, as given.
  public let file: String
  /// Why it cannot calibrate.
  public let error: CalibrationError

  /// Creates the error.
  public init(file: String, error: CalibrationError) {
    self.file = file
    self.error = error
  }

  /// `run.gpx: the recording has no heart rate (...)`.
  public var description: String { "\(file): \(error)" }
}

extension Athlete {
  /// The athlete fitted to the heart rate of the recording at `path` (a FIT, TCX or GPX file):
  /// ``Calibration``'s athlete, so a test can run a scenario of its own user's body.
  ///
  /// ```swift
  /// let me = try Athlete.fitted(toRecordingAt: "Fixtures/my-run.fit")
  /// let scenario = try Scenario(
  ///   name: "my run", activity: .running, athlete: me, course: .segments(...))
  /// ```
  ///
  /// A resting heart rate the user knows is held, not fitted:
  ///
  /// ```swift
  /// let me = try Athlete.fitted(
  ///   toRecordingAt: "Fixtures/my-run.fit",
  ///   startingFrom: try Athlete(restingHeartRate: 52), holding: [.restingHeartRate])
  /// ```
  ///
  /// - Parameters:
  ///   - path: the recording.
  ///   - activity: the activity (default: the file's first sport, else running).
  ///   - athlete: where the fit starts and what it keeps (age, sex, mass, height).
  ///   - held: the values kept at `athlete`'s instead of fitted (default none).
  /// - Throws: ``WorkoutRecordings/RecordingError`` when the file cannot be read, and
  ///   ``CalibrationFileError`` (the file's path and what
  ///   ``Calibration/init(recording:activity:athlete:holding:)`` throws) when it cannot calibrate.
  public static func fitted(
    toRecordingAt path: String, activity: WorkoutActivityType? = nil,
    startingFrom athlete: Athlete = .standard, holding held: Set<HeartRateFit.Parameter> = []
  ) throws -> Athlete {
    let recording = try Recording.read(path: path)
    do {
      return try fitted(to: recording, activity: activity, startingFrom: athlete, holding: held)
    } catch {
      throw CalibrationFileError(file: path, error: error)
    }
  }

  /// The athlete fitted to the heart rate of a recording already read
  /// (``WorkoutRecordings/Recording/read(path:)``, or one a test decoded from its own bytes):
  /// ``Calibration``'s athlete.
  ///
  /// ```swift
  /// let run = try Recording.read(path: "Fixtures/my-run.fit")
  /// let me = try Athlete.fitted(to: run)
  /// ```
  ///
  /// - Parameters:
  ///   - recording: a FIT, TCX or GPX recording as read.
  ///   - activity: the activity (default: the file's first sport, else running).
  ///   - athlete: where the fit starts and what it keeps (age, sex, mass, height).
  ///   - held: the values kept at `athlete`'s instead of fitted (default none).
  /// - Throws: ``CalibrationError`` (what
  ///   ``Calibration/init(recording:activity:athlete:holding:)`` throws): no usable course, or
  ///   heart rate that cannot calibrate (none, under 10 minutes while moving, constant, outside
  ///   25–250 bpm, or no movement).
  public static func fitted(
    to recording: Recording, activity: WorkoutActivityType? = nil,
    startingFrom athlete: Athlete = .standard, holding held: Set<HeartRateFit.Parameter> = []
  ) throws(CalibrationError) -> Athlete {
    try Calibration(recording: recording, activity: activity, athlete: athlete, holding: held)
      .fit.athlete
  }
}
