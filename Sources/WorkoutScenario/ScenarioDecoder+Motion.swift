import Foundation
import WorkoutCore
import WorkoutJSON
import WorkoutSystem

/// The `motion` key and `watch.workoutReminders` (docs/scenario-format.md#motion,
/// docs/scenario-format.md#workout-reminders).
extension ScenarioDecoder {
  static let motionKeys = [
    "latency", "activities", "heartRate", "submersion", "fallDetection", "magnetometer",
  ]
  static let fallDetectionKeys = ["entitlement"]
  static let submersionKeys = ["entitlement", "dives"]
  static let diveKeys = ["from", "to", "depth", "temperature"]
  static let entitlementNames = Scenario.Motion.Submersion.Entitlement.allCases.map(\.rawValue)
  /// A dive's deepest point, m (past the 40 m of the full entitlement, for `pastMaxDepth`).
  static let diveDepthRange = 0.1...100.0
  /// The water's temperature, °C.
  static let waterTemperatureRange = -2.0...40.0
  static let motionSpanKeys = ["from", "to", "activity", "confidence"]
  static let heartRateSpanKeys = ["from", "to", "bpm"]
  static let workoutReminderKeys = [
    "enabled", "activities", "minConfidence", "minSustain", "mergeGap", "minHeartRate",
  ]
  /// The activity words of a `motion.activities` span.
  static let motionActivityNames = MotionActivityKind.allCases.map(\.rawValue)
  /// The activities a reminder may count: not stationary or unknown.
  static let reminderActivityNames = MotionActivityKind.allCases.filter {
    $0 != .stationary && $0 != .unknown
  }.map(\.rawValue)
  static let confidenceNames = MotionConfidence.allCases.map(\.name)
  /// `heartRate` spans' range, bpm.
  static let motionHeartRateRange = 20.0...250.0

  /// `motion`. `start` is the date of `t = 0` when the file fixes it (for ISO 8601 times).
  func motion(_ value: JSONValue, at path: JSONPath, start: Date?) throws(ScenarioError)
    -> Scenario.Motion
  {
    let fields = try healthMembers(value, at: path, allowed: Self.motionKeys, what: "a motion")
    var motion = Scenario.Motion()
    if let value = fields["latency"] {
      motion.latency = try duration(value, at: path.appending(key: "latency"), positive: false)
    }
    if let value = fields["activities"] {
      motion.activities = try array(
        value, at: path.appending(key: "activities"),
        of: "spans { \"from\", \"to\", \"activity\", \"confidence\" }"
      ) { element, elementPath throws(ScenarioError) in
        try motionSpan(element, at: elementPath, start: start)
      }
    }
    if let value = fields["heartRate"] {
      motion.heartRate = try array(
        value, at: path.appending(key: "heartRate"), of: "spans { \"from\", \"to\", \"bpm\" }"
      ) { element, elementPath throws(ScenarioError) in
        try heartRateSpan(element, at: elementPath, start: start)
      }
      let sorted = motion.heartRate.enumerated().sorted {
        $0.element.range.lowerBound < $1.element.range.lowerBound
      }
      for (previous, next) in zip(sorted, sorted.dropFirst())
      where next.element.range.lowerBound < previous.element.range.upperBound {
        throw fail(
          path.appending(key: "heartRate").appending(index: next.offset),
          "overlaps span \(previous.offset) (expected heart rate spans that do not overlap)")
      }
    }
    if let value = fields["submersion"] {
      motion.submersion = try submersion(
        value, at: path.appending(key: "submersion"), start: start)
    }
    if let value = fields["magnetometer"] {
      motion.magnetometer = try bool(value, at: path.appending(key: "magnetometer"))
    }
    if let value = fields["fallDetection"] {
      let fallPath = path.appending(key: "fallDetection")
      let fall = try healthMembers(
        value, at: fallPath, allowed: Self.fallDetectionKeys, what: "a fall detection")
      if let entitlement = fall["entitlement"] {
        motion.fallDetectionEntitlement = try bool(
          entitlement, at: fallPath.appending(key: "entitlement"))
      }
    }
    return motion
  }

  /// `motion.submersion`: the depth gauge's entitlement and dives, which must not overlap.
  private func submersion(_ value: JSONValue, at path: JSONPath, start: Date?)
    throws(ScenarioError) -> Scenario.Motion.Submersion
  {
    let fields = try healthMembers(
      value, at: path, allowed: Self.submersionKeys, what: "a submersion")
    var submersion = Scenario.Motion.Submersion()
    if let value = fields["entitlement"] {
      let text = try healthChoice(
        value, at: path.appending(key: "entitlement"), noun: "a depth entitlement",
        options: Self.entitlementNames)
      submersion.entitlement = Scenario.Motion.Submersion.Entitlement(rawValue: text)
    }
    if let value = fields["dives"] {
      submersion.dives = try array(
        value, at: path.appending(key: "dives"),
        of: "dives { \"from\", \"to\", \"depth\", \"temperature\" }"
      ) { element, elementPath throws(ScenarioError) in
        try dive(element, at: elementPath, start: start)
      }
      for (index, (previous, next)) in zip(submersion.dives, submersion.dives.dropFirst())
        .enumerated()
      where next.range.lowerBound < previous.range.upperBound {
        throw fail(
          path.appending(key: "dives").appending(index: index + 1),
          "starts before dive \(index) ends (expected dives in time order that do not overlap)")
      }
    }
    return submersion
  }

  /// One `motion.submersion.dives` element.
  private func dive(_ value: JSONValue, at path: JSONPath, start: Date?)
    throws(ScenarioError) -> Scenario.Motion.Submersion.Dive
  {
    let fields = try healthMembers(value, at: path, allowed: Self.diveKeys, what: "a dive")
    let range = try timeSpan(fields, at: path, start: start, fromExample: "600")
    guard let depthValue = fields["depth"] else {
      throw missing(path.appending(key: "depth"), "the deepest point in metres, for example 12")
    }
    let depth = try number(
      depthValue, at: path.appending(key: "depth"),
      .within(Self.diveDepthRange.lowerBound, Self.diveDepthRange.upperBound))
    var temperature = 20.0
    if let value = fields["temperature"] {
      temperature = try number(
        value, at: path.appending(key: "temperature"),
        .within(Self.waterTemperatureRange.lowerBound, Self.waterTemperatureRange.upperBound))
    }
    return Scenario.Motion.Submersion.Dive(range, depth: depth, temperature: temperature)
  }

  /// One `motion.activities` span.
  private func motionSpan(_ value: JSONValue, at path: JSONPath, start: Date?)
    throws(ScenarioError) -> Scenario.Motion.Activity
  {
    let fields = try healthMembers(
      value, at: path, allowed: Self.motionSpanKeys, what: "a motion span")
    let range = try timeSpan(fields, at: path, start: start, fromExample: "600")
    guard let activityValue = fields["activity"] else {
      throw missing(
        path.appending(key: "activity"), "one of \(Self.list(Self.motionActivityNames))")
    }
    let activity = try healthChoice(
      activityValue, at: path.appending(key: "activity"), noun: "a motion activity",
      options: Self.motionActivityNames)
    var confidence = MotionConfidence.high
    if let value = fields["confidence"] {
      let text = try healthChoice(
        value, at: path.appending(key: "confidence"), noun: "a confidence",
        options: Self.confidenceNames)
      confidence = MotionConfidence(name: text) ?? .high
    }
    return Scenario.Motion.Activity(
      range, activity: MotionActivityKind(name: activity) ?? .unknown, confidence: confidence)
  }

  /// One `motion.heartRate` span.
  private func heartRateSpan(_ value: JSONValue, at path: JSONPath, start: Date?)
    throws(ScenarioError) -> HeartRateSpan
  {
    let fields = try healthMembers(
      value, at: path, allowed: Self.heartRateSpanKeys, what: "a heart rate span")
    let range = try timeSpan(fields, at: path, start: start, fromExample: "600")
    guard let bpmValue = fields["bpm"] else {
      throw missing(path.appending(key: "bpm"), "a heart rate in bpm, for example 150")
    }
    let bpm = try number(
      bpmValue, at: path.appending(key: "bpm"),
      .within(Self.motionHeartRateRange.lowerBound, Self.motionHeartRateRange.upperBound))
    return HeartRateSpan(range, bpm: bpm)
  }

  /// `watch.workoutReminders`: `{ "enabled": true, "activities": ["walking", "running"],
  /// "minConfidence": "medium", "minSustain": 180, "mergeGap": 60, "minHeartRate": bpm }`.
  func workoutReminders(_ value: JSONValue, at path: JSONPath) throws(ScenarioError)
    -> WorkoutReminderSettings
  {
    let fields = try healthMembers(
      value, at: path, allowed: Self.workoutReminderKeys, what: "a workout reminders")
    var settings = WorkoutReminderSettings()
    if let value = fields["enabled"] {
      settings.enabled = try bool(value, at: path.appending(key: "enabled"))
    }
    if let value = fields["activities"] {
      let listPath = path.appending(key: "activities")
      let names = try array(
        value, at: listPath, of: "activity names such as \"running\""
      ) { element, elementPath throws(ScenarioError) in
        try healthChoice(
          element, at: elementPath, noun: "an activity a workout reminder counts",
          options: Self.reminderActivityNames)
      }
      guard !names.isEmpty else {
        throw fail(
          listPath,
          "an empty list is not allowed (expected one or more of \(Self.list(Self.reminderActivityNames)); turn the reminders off with \"enabled\": false)"
        )
      }
      // A name listed twice is a mistake (the list is a set): the second is refused at its path.
      for (index, name) in names.enumerated() where names[..<index].contains(name) {
        throw fail(
          listPath.appending(index: index),
          "\(JSONPath.quoted(name)) is listed twice (each activity once)")
      }
      settings.activities = Set(names.compactMap(MotionActivityKind.init(name:)))
    }
    if let value = fields["minConfidence"] {
      let text = try healthChoice(
        value, at: path.appending(key: "minConfidence"), noun: "a confidence",
        options: Self.confidenceNames)
      settings.minConfidence = MotionConfidence(name: text) ?? .medium
    }
    if let value = fields["minSustain"] {
      settings.minSustain = try duration(
        value, at: path.appending(key: "minSustain"), positive: true)
    }
    if let value = fields["mergeGap"] {
      settings.mergeGap = try duration(value, at: path.appending(key: "mergeGap"), positive: false)
    }
    if let value = fields["minHeartRate"] {
      settings.minHeartRate = try number(
        value, at: path.appending(key: "minHeartRate"),
        .within(Self.motionHeartRateRange.lowerBound, Self.motionHeartRateRange.upperBound))
    }
    return settings
  }
}
