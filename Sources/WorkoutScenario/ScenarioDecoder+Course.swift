import Foundation
import WorkoutCore
import WorkoutFiles
import WorkoutJSON
import WorkoutPhysiology

/// The `course` key and its segments (docs/scenario-format.md).
extension ScenarioDecoder {
  // MARK: Course

  func course(_ value: JSONValue, at path: JSONPath, activity: WorkoutActivityType)
    throws(ScenarioError) -> Scenario.Course
  {
    switch value {
    case .array(let elements):
      var segments: [Scenario.Segment] = []
      for (index, element) in elements.enumerated() {
        segments.append(
          try segment(element, at: path.appending(index: index), activity: activity))
      }
      return .segments(segments)
    case .object:
      let fields = try members(
        value, at: path, allowed: ["recording", "heartRate"],
        expected:
          "a recording object { \"recording\": path, \"heartRate\": \"model\" or \"recorded\" }"
      )
      guard let pathValue = fields["recording"] else {
        throw missing(
          path.appending(key: "recording"), "the path of a FIT, TCX or GPX file")
      }
      let file = try string(
        pathValue, at: path.appending(key: "recording"),
        expected: "the path of a FIT, TCX or GPX file")
      guard !file.isEmpty else {
        throw fail(
          path.appending(key: "recording"),
          "\"\" is not a file path (expected the path of a FIT, TCX or GPX file)")
      }
      var source = Scenario.Recording.HeartRateSource.model
      if let heartRate = fields["heartRate"] {
        let text = try choice(
          heartRate, at: path.appending(key: "heartRate"), noun: "a heart-rate source",
          options: Scenario.Recording.HeartRateSource.allCases.map(\.rawValue))
        source = Scenario.Recording.HeartRateSource(rawValue: text) ?? .model
      }
      return .recording(Scenario.Recording(path: file, heartRate: source))
    default:
      throw fail(
        path,
        "\(Self.describe(value)) is not a course (expected an array of segments or a recording object)"
      )
    }
  }

  func segment(_ value: JSONValue, at path: JSONPath, activity: WorkoutActivityType)
    throws(ScenarioError) -> Scenario.Segment
  {
    let keys = ["duration", "speed", "grade", "power", "cadence", "met"]
    let fields = try members(
      value, at: path, allowed: keys,
      expected: "a segment such as { \"duration\": 600, \"speed\": 2.8, \"grade\": 0 }")
    guard let durationValue = fields["duration"] else {
      throw missing(
        path.appending(key: "duration"), "a time above zero, for example 600 or \"10:00\"")
    }
    let duration = try self.duration(
      durationValue, at: path.appending(key: "duration"), positive: true)
    let speed = try fields["speed"].map { value throws(ScenarioError) in
      try number(value, at: path.appending(key: "speed"), .within(CourseSegment.speedRange))
    }
    let grade =
      try fields["grade"].map { value throws(ScenarioError) in
        try number(value, at: path.appending(key: "grade"), .within(-0.45, 0.45))
      } ?? 0
    var power: Double?
    if let powerValue = fields["power"] {
      guard activity == .cycling else {
        throw fail(
          path.appending(key: "power"),
          "power is only allowed for cycling (activity is \(JSONPath.quoted(activity.name)))")
      }
      power = try number(
        powerValue, at: path.appending(key: "power"), .within(CourseSegment.powerRange))
    }
    let cadence = try fields["cadence"].map { value throws(ScenarioError) in
      try number(value, at: path.appending(key: "cadence"), .within(CourseSegment.cadenceRange))
    }
    var mets: Double?
    if let metValue = fields["met"] {
      let metPath = path.appending(key: "met")
      if let problem = CourseSegment.metsProblem(activity: activity) {
        throw fail(metPath, problem)
      }
      mets = try number(metValue, at: metPath, .within(CourseSegment.metsRange))
    }
    if let problem = Scenario.Segment.missingMotion(
      speed: speed, power: power, cadence: cadence, mets: mets, activity: activity)
    {
      throw fail(path, problem)
    }
    return Scenario.Segment(
      duration: duration, speed: speed, grade: grade, power: power, cadence: cadence, mets: mets)
  }
}

extension CourseSegment {
  /// What a segment of `activity` lacks to move, or `nil`: every segment needs `speed` (or
  /// `power`, cycling only); a `stairs` or `stairClimbing` segment may give its step `cadence`
  /// alone, and a constant-MET activity's segment its `met` alone
  /// (docs/scenario-format.md#course-segments). The one home of the rule for the decoder and
  /// the Swift initializer.
  static func missingMotion(
    speed: Double?, power: Double?, cadence: Double?, mets: Double? = nil,
    activity: WorkoutActivityType
  ) -> String? {
    let climbsStairs = activity == .stairs || activity == .stairClimbing
    if speed != nil || power != nil || (climbsStairs && cadence != nil) || mets != nil {
      return nil
    }
    if activity == .cycling { return "a segment needs \"speed\" or \"power\" (or both)" }
    if climbsStairs { return "a segment needs \"cadence\" (steps per minute) or \"speed\"" }
    if CourseSegment.metsProblem(activity: activity) == nil {
      return "a segment needs \"met\" (its intensity, 1 to 25 MET) or \"speed\""
    }
    return "a segment needs \"speed\" (\"power\" is for cycling only)"
  }
}
