import Foundation
import WorkoutCore
import WorkoutJSON
import WorkoutPhysiology
import WorkoutSystem

extension Scenario {
  /// Creates a scenario in Swift, without JSON: every parameter defaults to the value a file
  /// without that key gets (docs/scenario-format.md), and the values are checked by the rules the
  /// decoder applies to a file, so a built scenario runs exactly like the same file decoded.
  ///
  /// Actions and checks given without a location (`""`) get the one the decoder would write,
  /// `timeline[i]` and `expect[i]`, which messages and the log use.
  ///
  /// - Parameters:
  ///   - name: shown in output, and used in place of a file name in error messages.
  ///   - start: the wall-clock date of `t = 0`; `nil` takes the recording's first time stamp or
  ///     ``defaultStart``.
  ///   - timeZone: an IANA time zone name; default `"UTC"`.
  ///   - seed: in ``seedRange``; default 1.
  ///   - activity: default `.running`.
  ///   - location: default `.outdoor`.
  ///   - athlete: default ``WorkoutPhysiology/Athlete/standard``.
  ///   - course: default standing still (`.segments([])`).
  ///   - sensors: settings per quantity type; the types left out get their defaults.
  ///   - builder: the builder's options.
  ///   - finish: default `.auto`.
  ///   - timeline: the app's actions; times at or after `t = 0` and never decreasing.
  ///   - expect: the checks `workout-sim check` (and ``Check``'s evaluation) read.
  ///   - watch: the watch around the app; default ``WorkoutSystem/WatchConfiguration/standard``.
  ///   - selector: the Digital Crown workout selector.
  ///   - goals: the ring goals; default ``RingAmounts/defaultGoals``.
  ///   - today: what the day held before `t = 0`; default ``RingAmounts/zero``.
  /// - Throws: ``ScenarioError`` (kind ``ScenarioError/Kind/invalid(path:)``, the path as the
  ///   file would spell it, `course[2].duration`) for a value the format does not allow: a start
  ///   outside ``supportedStartRange`` or with a UTC offset of 24 hours or more, a seed outside
  ///   ``seedRange``, an unknown time zone, a segment without speed (or power, cycling
  ///   only), with a duration not above zero, or with speed, grade (−0.45 to 0.45), power or
  ///   cadence outside ``WorkoutPhysiology/CourseSegment``'s ranges, an empty recording path, a
  ///   sensor interval not above zero, a timeline time before `t = 0` or before the previous one,
  ///   a `crown` rotation of 0 or beyond a million strides, a `timeZone` action to an unknown
  ///   zone (with the closest known name suggested), an `extendedRuntime` action without
  ///   `watch.extendedRuntimeType`, selector items empty or repeated, sensor noise (0 to 10 000),
  ///   the heart rate's `errorScale` (0 to 10), a ``WorkoutPhysiology/SensorConfiguration`` whose
  ///   ``WorkoutPhysiology/SensorConfiguration/type`` is not its `sensors` key (path
  ///   `sensors.heartRate`),
  ///   constants (0 to 1 000 000) or lock-on times (≥ 0) out of range, negative watch times,
  ///   an auto-pause threshold not above zero, goals not above zero, `today` amounts below
  ///   zero, `today.appleExerciseTime` above the time from local midnight to the start
  ///   (``todayExerciseProblem(start:)``), step counts that are not whole, a `count` check's `where` or `except` key that no
  ///   element of its collection has (``Check/conditionError``, `expect[2].where.acton`).
  public init(
    name: String, start: WallClockDate? = nil, timeZone: String = "UTC", seed: UInt64 = 1,
    activity: WorkoutActivityType = .running, location: WorkoutSessionLocationType = .outdoor,
    athlete: Athlete = .standard, course: Course = .segments([]),
    sensors: [QuantityType: SensorSettings] = [:], builder: BuilderOptions = BuilderOptions(),
    finish: FinishMode = .auto, timeline: [Action] = [], expect: [Check] = [],
    watch: WatchConfiguration = .standard, selector: Selector = Selector(),
    goals: RingAmounts = .defaultGoals, today: RingAmounts = .zero
  ) throws(ScenarioError) {
    func fail(_ path: String, _ message: String) -> ScenarioError {
      ScenarioError(fileName: name, kind: .invalid(path: path), message: message)
    }
    func text(_ number: Double) -> String { ScenarioDecoder.format(number) }
    guard Self.seedRange.contains(seed) else {
      throw fail(
        "seed",
        "\(seed) is out of range (expected a whole number from \(Self.seedRange.lowerBound) to \(Self.seedRange.upperBound))"
      )
    }
    if let start {
      guard Self.supportedStartRange.contains(start.date) else {
        throw fail(
          "start",
          "\(start.date.timeIntervalSince1970) s after 1970 is outside the supported range \(Self.supportedStartRangeText)"
        )
      }
      // The decoder's rule for a written offset: below 24:00 either way.
      guard abs(start.utcOffsetSeconds) < 24 * 3600 else {
        throw fail(
          "start",
          "a UTC offset of \(start.utcOffsetSeconds) s is not allowed (the UTC offset must be below 24:00)"
        )
      }
    }
    if let problem = TimeZoneName.problem(timeZone) {
      throw fail("timeZone", "\"\(timeZone)\" " + problem)
    }
    switch course {
    case .segments(let segments):
      for (index, segment) in segments.enumerated() {
        let path = "course[\(index)]"
        guard segment.duration > .zero else {
          throw fail(path + ".duration", "is not above zero (expected a time above zero)")
        }
        let ranges: [(key: String, value: Double?, range: ClosedRange<Double>)] = [
          ("speed", segment.speed, CourseSegment.speedRange),
          ("grade", segment.grade, -0.45...0.45),
          ("power", segment.power, CourseSegment.powerRange),
          ("cadence", segment.cadence, CourseSegment.cadenceRange),
          ("met", segment.mets, CourseSegment.metsRange),
        ]
        for (key, value, range) in ranges {
          guard let value, !(value.isFinite && range.contains(value)) else { continue }
          throw fail(
            path + "." + key,
            "\(text(value)) is out of range (expected a number from \(text(range.lowerBound)) to \(text(range.upperBound)))"
          )
        }
        if segment.power != nil, activity != .cycling {
          throw fail(
            path + ".power",
            "power is only allowed for cycling (activity is \"\(activity.name)\")")
        }
        if segment.mets != nil, let problem = CourseSegment.metsProblem(activity: activity) {
          throw fail(path + ".met", problem)
        }
        if let problem = Segment.missingMotion(
          speed: segment.speed, power: segment.power, cadence: segment.cadence,
          mets: segment.mets, activity: activity)
        {
          throw fail(path, problem)
        }
      }
    case .recording(let recording):
      guard !recording.path.isEmpty else {
        throw fail(
          "course.recording",
          "\"\" is not a file path (expected the path of a FIT, TCX or GPX file)")
      }
    }
    for type in QuantityType.allCases {
      guard let settings = sensors[type] else { continue }
      let path = "sensors.\(type.rawValue)."
      // Its defaults (interval, noise, heart-rate error) are its own type's, so another key
      // would silently run with the wrong ones.
      guard settings.type == type else {
        throw fail(
          "sensors.\(type.rawValue)",
          "is a SensorConfiguration for \(settings.type.rawValue) (write [.\(type.rawValue): SensorConfiguration(for: .\(type.rawValue), ...)]: the for: type must be the key)"
        )
      }
      guard settings.interval > .zero else {
        throw fail(path + "interval", "is not above zero (expected a time above zero)")
      }
      guard settings.lockOn >= .zero else {
        throw fail(path + "lockOn", "is below zero (expected a time at or after 0)")
      }
      guard settings.noise.isFinite, (0...1e4).contains(settings.noise) else {
        throw fail(path + "noise", "\(text(settings.noise)) is out of range (expected 0 to 10000)")
      }
      let scale = settings.heartRateError.scale
      guard scale.isFinite, (0...HeartRateSensorError.maximumScale).contains(scale) else {
        throw fail(path + "errorScale", "\(text(scale)) is out of range (expected 0 to 10)")
      }
      if let constant = settings.constant, !(constant.isFinite && (0...1e6).contains(constant)) {
        throw fail(path + "constant", "\(text(constant)) is out of range (expected 0 to 1000000)")
      }
    }
    let times: [(path: String, value: Duration?)] = [
      ("watch.returnToClock", watch.returnToClock),
      ("watch.backgroundGracePeriod", watch.backgroundGracePeriod),
      ("watch.willExpireLeadTime", watch.willExpireLeadTime),
      ("watch.autoPause.pauseAfter", watch.autoPause?.pauseAfter),
      ("watch.autoPause.resumeAfter", watch.autoPause?.resumeAfter),
      ("today.appleExerciseTime", today.appleExerciseTime),
    ]
    for (path, value) in times where (value ?? .zero) < .zero {
      throw fail(path, "is below zero (expected a time at or above 0)")
    }
    if let threshold = watch.autoPause?.speedThreshold, !(threshold.isFinite && threshold > 0) {
      throw fail(
        "watch.autoPause.speedThreshold", "\(text(threshold)) is not above zero (expected m/s)")
    }
    let amounts: [(path: String, value: Double, goal: Bool)] = [
      ("goals.activeEnergyBurned", goals.activeEnergyBurned, true),
      ("goals.stepCount", goals.stepCount, true),
      ("today.activeEnergyBurned", today.activeEnergyBurned, false),
      ("today.stepCount", today.stepCount, false),
    ]
    for (path, value, goal) in amounts
    where !value.isFinite || value < 0 || (goal && value == 0)
      || (path.hasSuffix("stepCount") && value != value.rounded())
    {
      throw fail(
        path,
        "\(text(value)) is not allowed (expected a finite \(path.hasSuffix("stepCount") ? "whole number" : "number") \(goal ? "above zero" : "at or above 0"))"
      )
    }
    guard goals.appleExerciseTime > .zero else {
      throw fail("goals.appleExerciseTime", "is not above zero (expected a time above zero)")
    }
    var actions = timeline
    for index in actions.indices {
      let path = "timeline[\(index)]"
      if actions[index].location.isEmpty { actions[index].location = path }
      guard actions[index].at >= .zero,
        actions[index].at.nanoseconds / 1_000_000_000 <= ScenarioTime.maximumSeconds
      else {
        throw fail(
          path + ".at",
          "is not a time (expected 0 to \(ScenarioTime.maximumSeconds) seconds from t = 0)")
      }
      if case .crown(let strides) = actions[index].kind,
        !(strides.isFinite && strides != 0 && strides.magnitude <= 1_000_000)
      {
        throw fail(
          path + ".by",
          "\(text(strides)) is not a rotation (expected a number of strides, not 0, at most 1000000 either way)"
        )
      }
      if case .timeZone(let zone) = actions[index].kind, let problem = TimeZoneName.problem(zone) {
        throw fail(path + ".timeZone", "\"\(zone)\" " + problem)
      }
      if index > 0, actions[index].at < actions[index - 1].at {
        throw fail(
          path + ".at", "is before the previous action's time (times must not decrease)")
      }
      if actions[index].device == .phone,
        !Scenario.Action.phoneWords.contains(actions[index].kind.name)
      {
        throw fail(
          path + ".device",
          "\"\(actions[index].kind.name)\" takes no device (the iPhone's own workout takes \"device\" on \(Scenario.Action.phoneWords.joined(separator: ", ")))"
        )
      }
    }
    try ScenarioDecoder(fileName: name).checkExtendedRuntimeActions(actions, watch: watch)
    if selector.items.isEmpty || Set(selector.items).count != selector.items.count {
      throw fail("selector.items", "is not a list of distinct activities (expected at least one)")
    }
    var checks = expect
    for index in checks.indices where checks[index].location.isEmpty {
      checks[index].location = "expect[\(index)]"
    }
    for (index, check) in checks.enumerated() {
      if let error = check.conditionError {
        throw fail(
          error.path(in: JSONPath([.key("expect"), .index(index)])).description, error.message)
      }
    }
    self.init(
      version: ScenarioError.highestSupportedVersion, name: name, start: start,
      timeZone: timeZone, seed: seed, activity: activity, location: location, athlete: athlete,
      course: course, sensors: sensors, builder: builder, finish: finish, timeline: actions,
      expect: checks)
    self.watch = watch
    self.selector = selector
    self.goals = goals
    self.today = today
    // `today`'s exercise time fits in the day before the start (a recording's start is
    // checked when the simulation is made).
    var fixedStart = start?.date
    if fixedStart == nil, case .segments = course { fixedStart = Self.defaultStart.date }
    if let fixedStart, let problem = todayExerciseProblem(start: fixedStart) {
      throw fail("today.appleExerciseTime", problem)
    }
  }
}

extension Scenario.Action {
  /// Creates an action at `at`; the location is filled in by
  /// ``Scenario/init(name:start:timeZone:seed:activity:location:athlete:course:sensors:builder:finish:timeline:expect:watch:selector:goals:today:)``
  /// (`timeline[i]`).
  ///
  /// - Parameters:
  ///   - at: when the app performs it, from `t = 0`.
  ///   - kind: what it does.
  ///   - device: whose app: the watch's (the default) or, for the words of ``phoneWords``, the
  ///     iPhone's own workout.
  public init(at: SimulationInstant, _ kind: Kind, device: WorkoutDevice = .watch) {
    self.init(at: at, kind: kind, location: "", device: device)
  }
}

extension Check {
  /// Creates a check; the location is filled in by ``Scenario``'s initializer (`expect[i]`).
  ///
  /// - Parameters:
  ///   - selector: which value of the run result it reads.
  ///   - comparison: what the value must satisfy.
  public init(_ selector: Selector, _ comparison: Comparison) {
    self.init(selector: selector, comparison: comparison, location: "")
  }
}
