import WorkoutCore

/// Why a ``HealthPlan`` cannot be used: the path of the offending value inside the `health`
/// object (`samples[3].end`, `priority[1]`) and what is wrong with it and what would be valid.
public struct HealthPlanProblem: Error, Sendable, Equatable {
  /// The JSON path below `health` (`sleep[2].start`); empty for the whole object.
  public var path: String
  /// The phrase, naming the value and the rule.
  public var message: String

  /// A problem at `path`.
  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }
}

extension HealthPlan {
  /// The longest planned workout: 6 hours.
  public static let maximumWorkoutDuration: Duration = .seconds(6 * 3600)

  /// The first rule the plan breaks, or `nil` when it is valid.
  ///
  /// The rules (docs/scenario-format.md#health): ``days`` within ``dayRange``; ``priority`` names
  /// from ``sourceNames``, each once; explicit samples of quantity types with a known source, an
  /// end not before the start, a finite value not below zero and a `savedAt` not before the end;
  /// sleep samples with a known stage, an end after the start, and no two of one source
  /// overlapping (stages other than `inBed` never overlap each other, `inBed` samples never
  /// overlap each other; an `inBed` sample may span stages); lock periods with `to` after
  /// `from`; times of day from 0 to 24 h (exclusive) and spans of them not empty; step targets
  /// not below zero with the low end not above the high end; `carriesPhone` from 0 to 1;
  /// workouts on weekdays 1 to 7 lasting above 0 and at most ``maximumWorkoutDuration``;
  /// `ecg.everyDays` within ``dayRange``; a trip's date of the form `YYYY-MM-DD` and `days` above 0.
  ///
  /// - Returns: the problem, with its path below `health`.
  public func validationProblem() -> HealthPlanProblem? {
    func problem(_ path: String, _ message: String) -> HealthPlanProblem {
      HealthPlanProblem(path: path, message: message)
    }
    if !Self.dayRange.contains(days) {
      return problem(
        "days",
        "\(days) is out of range (expected a whole number from \(Self.dayRange.lowerBound) to \(Self.dayRange.upperBound))"
      )
    }
    var seen: Set<String> = []
    for (index, name) in priority.enumerated() {
      guard Self.sourceNames.contains(name) else {
        return problem(
          "priority[\(index)]",
          "\(Self.quoted(name)) is not a source (expected one of \(Self.sourceList))")
      }
      guard seen.insert(name).inserted else {
        return problem("priority[\(index)]", "\(Self.quoted(name)) is listed twice")
      }
    }
    for (index, sample) in samples.enumerated() {
      if let found = sampleProblem(sample, at: "samples[\(index)]", sleep: false) { return found }
    }
    for (index, sample) in sleep.enumerated() {
      if let found = sampleProblem(sample, at: "sleep[\(index)]", sleep: true) { return found }
    }
    if let found = sleepOverlap() { return found }
    for (index, span) in lockPeriods.enumerated() where span.upperBound <= span.lowerBound {
      return problem(
        "lock.periods[\(index)].to",
        "\(Self.seconds(span.upperBound)) is out of range (expected a time after \"from\", \(Self.seconds(span.lowerBound)))"
      )
    }
    if let found = spansProblem(dailyLock, at: "lock.daily") { return found }
    if let found = habitsProblem() { return found }
    for (index, workout) in workouts.enumerated() {
      let path = "workouts[\(index)]"
      if !(1...7).contains(workout.weekday) {
        return problem(path + ".weekday", "\(workout.weekday) is not a weekday (expected 1 to 7)")
      }
      if let found = timeOfDayProblem(workout.at, at: path + ".at") { return found }
      if workout.duration <= .zero || workout.duration > Self.maximumWorkoutDuration {
        return problem(
          path + ".duration",
          "\(Self.seconds(workout.duration)) is out of range (expected a time above 0, at most 6:00:00)"
        )
      }
    }
    if let every = ecgEveryDays, !Self.dayRange.contains(every) {
      return problem(
        "ecg.everyDays",
        "\(every) is out of range (expected a whole number from \(Self.dayRange.lowerBound) to \(Self.dayRange.upperBound))"
      )
    }
    if let trip {
      if Self.dateComponents(trip.date) == nil {
        return problem(
          "trip.date", "\(Self.quoted(trip.date)) is not a date (expected YYYY-MM-DD)")
      }
      if let days = trip.days, !Self.dayRange.contains(days) {
        return problem(
          "trip.days",
          "\(days) is out of range (expected a whole number from \(Self.dayRange.lowerBound) to \(Self.dayRange.upperBound))"
        )
      }
    }
    return nil
  }

  /// The year, month and day of a `YYYY-MM-DD` text (month 1 to 12, day 1 to 31; the calendar
  /// check of the day is Foundation's), or `nil`.
  public static func dateComponents(_ text: String) -> (year: Int, month: Int, day: Int)? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({ $0.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
      (1...12).contains(month), (1...31).contains(day)
    else { return nil }
    return (year, month, day)
  }

  // MARK: Rules

  private func sampleProblem(_ sample: HealthPlanSample, at path: String, sleep: Bool)
    -> HealthPlanProblem?
  {
    func problem(_ key: String, _ message: String) -> HealthPlanProblem {
      HealthPlanProblem(path: path + "." + key, message: message)
    }
    guard Self.sourceNames.contains(sample.source) else {
      return problem(
        "source",
        "\(Self.quoted(sample.source)) is not a source (expected one of \(Self.sourceList))")
    }
    if sleep {
      guard sample.type == .sleepAnalysis,
        let raw = Int(exactly: sample.value), SleepStage(rawValue: raw) != nil
      else {
        return problem(
          "stage",
          "\(Self.number(sample.value)) is not a sleep stage (expected one of \(SleepStage.allCases.map(\.name).joined(separator: ", ")))"
        )
      }
      guard sample.end > sample.start else {
        return problem(
          "end",
          "\(Self.seconds(sample.end)) is out of range (expected a time after \"start\", \(Self.seconds(sample.start)))"
        )
      }
    } else {
      guard sample.type.isQuantity else {
        return problem(
          "type",
          "\(Self.quoted("\(sample.type)")) is not a quantity type (expected one of \(Self.quantityTypeNames.joined(separator: ", ")))"
        )
      }
      guard sample.end >= sample.start else {
        return problem(
          "end",
          "\(Self.seconds(sample.end)) is before \"start\", \(Self.seconds(sample.start)) (a sample must not end before it starts)"
        )
      }
      let maximum = sample.type.maximumSampleValue ?? .greatestFiniteMagnitude
      guard sample.value.isFinite, sample.value >= 0, sample.value <= maximum else {
        return problem(
          "value",
          "\(Self.number(sample.value)) is out of range (expected a number from 0 to \(Self.number(maximum)), in \(sample.type.unit))"
        )
      }
    }
    if let saved = sample.savedAt, saved < sample.end {
      return problem(
        "savedAt",
        "\(Self.seconds(saved)) is before \"end\", \(Self.seconds(sample.end)) (a sample is saved when it ends or later)"
      )
    }
    return nil
  }

  /// Two sleep samples of one source that overlap (half-open intervals; inBed with inBed, or a
  /// stage with a stage), reported at the later one's `start`.
  private func sleepOverlap() -> HealthPlanProblem? {
    for source in Self.sourceNames {
      for inBed in [true, false] {
        let indices = sleep.indices.filter {
          sleep[$0].source == source && (sleep[$0].value == 0) == inBed
        }.sorted { (sleep[$0].start, $0) < (sleep[$1].start, $1) }
        var latest: Int?
        for index in indices {
          if let previous = latest, sleep[index].start < sleep[previous].end {
            let (first, second) = previous < index ? (previous, index) : (index, previous)
            let other = sleep[first]
            return HealthPlanProblem(
              path: "sleep[\(second)].start",
              message:
                "\(Self.stageName(sleep[second].value)) from \(Self.seconds(sleep[second].start)) to \(Self.seconds(sleep[second].end)) overlaps sleep[\(first)] (\(Self.stageName(other.value)) from \(Self.seconds(other.start)) to \(Self.seconds(other.end))) of the same source \(Self.quoted(source)) (stages of one source must not overlap; an inBed sample may span them)"
            )
          }
          if latest == nil || sleep[index].end > sleep[latest!].end { latest = index }
        }
      }
    }
    return nil
  }

  private func habitsProblem() -> HealthPlanProblem? {
    if let found = timeOfDayProblem(habits.wake, at: "habits.wake") { return found }
    if let found = timeOfDayProblem(habits.bed, at: "habits.bed") { return found }
    if habits.wake == habits.bed {
      return HealthPlanProblem(
        path: "habits.bed",
        message: "\(Self.seconds(habits.bed)) is the wake time (expected a different time of day)")
    }
    let low = habits.steps.lowerBound
    let high = habits.steps.upperBound
    if !(low.isFinite && high.isFinite && low >= 0 && high <= 100_000) {
      return HealthPlanProblem(
        path: "habits.steps",
        message:
          "[\(Self.number(low)), \(Self.number(high))] is out of range (expected two numbers from 0 to 100000, low to high)"
      )
    }
    if !(habits.carriesPhone.isFinite && (0...1).contains(habits.carriesPhone)) {
      return HealthPlanProblem(
        path: "habits.carriesPhone",
        message:
          "\(Self.number(habits.carriesPhone)) is out of range (expected a number from 0 to 1)"
      )
    }
    return spansProblem(habits.charging, at: "habits.charging")
  }

  private func spansProblem(_ spans: [TimeOfDaySpan], at path: String) -> HealthPlanProblem? {
    for (index, span) in spans.enumerated() {
      let element = "\(path)[\(index)]"
      if let found = timeOfDayProblem(span.from, at: element + ".from") { return found }
      if let found = timeOfDayProblem(span.to, at: element + ".to") { return found }
      if span.from == span.to {
        return HealthPlanProblem(
          path: element + ".to",
          message:
            "\(Self.seconds(span.to)) is \"from\" (expected a different time of day; a span past midnight has \"to\" before \"from\")"
        )
      }
    }
    return nil
  }

  private func timeOfDayProblem(_ time: Duration, at path: String) -> HealthPlanProblem? {
    guard time >= .zero, time < .seconds(86_400) else {
      return HealthPlanProblem(
        path: path,
        message:
          "\(Self.seconds(time)) is not a time of day (expected 0 to 23:59:59, from local midnight)"
      )
    }
    return nil
  }

  // MARK: Text

  /// The `type` names a plan's explicit samples take: the modeled quantity kinds of
  /// ``HealthDataType``, HealthKit's `HKQuantityTypeIdentifier` names without the prefix
  /// (`"stepCount"`).
  public static let quantityTypeNames = HealthDataType.modeled.filter(\.isQuantity).map(\.name)

  static var sourceList: String { sourceNames.map { quoted($0) }.joined(separator: ", ") }

  static func quoted(_ text: String) -> String { "\"" + text + "\"" }

  static func number(_ value: Double) -> String {
    if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
  }

  static func seconds(_ instant: SimulationInstant) -> String {
    number(Double(instant.nanoseconds) / 1e9) + " s"
  }

  static func seconds(_ duration: Duration) -> String {
    number(duration.secondsValue) + " s"
  }

  static func stageName(_ value: Double) -> String {
    Int(exactly: value).flatMap(SleepStage.init(rawValue:))?.name ?? number(value)
  }
}
