import Foundation
import WorkoutCore
import WorkoutFiles
import WorkoutJSON
import WorkoutPhysiology

/// The `sensors` key (docs/scenario-format.md).
extension ScenarioDecoder {
  // MARK: Sensors

  func sensors(_ value: JSONValue, at path: JSONPath) throws(ScenarioError)
    -> [QuantityType: Scenario.SensorSettings]
  {
    let typeNames = QuantityType.allCases.map(\.rawValue) + ["location"]
    let fields = try members(
      value, at: path, allowed: typeNames,
      expected:
        "an object keyed by quantity type, for example { \"heartRate\": { \"interval\": 5 } }"
    )
    var result: [QuantityType: Scenario.SensorSettings] = [:]
    // Decode in the type order so the first error reported does not depend on hashing.
    for type in QuantityType.allCases {
      guard let settings = fields[type.rawValue] else { continue }
      result[type] = try sensor(settings, at: path.appending(key: type.rawValue), type: type)
    }
    return result
  }

  static let locationSensorKeys = [
    "enabled", "horizontalAccuracy", "verticalAccuracy", "correlationTime", "interval", "dropouts",
  ]

  /// `sensors.location` (docs/scenario-format.md#location): `{ "enabled": bool,
  /// "horizontalAccuracy": m, "verticalAccuracy": m, "correlationTime": time, "interval": time,
  /// "dropouts": [{ "from", "to" }] }`, each optional; accuracies 0 to 1000 m, a correlation
  /// time above 0 and at most 1 hour, an interval from 0.1 to 600 s.
  func locationSensor(_ value: JSONValue, at path: JSONPath) throws(ScenarioError)
    -> Scenario.LocationSensor
  {
    let keys = Self.locationSensorKeys
    let fields = try members(
      value, at: path, allowed: keys, expected: "an object with keys \(Self.list(keys))")
    var sensor = Scenario.LocationSensor()
    if let enabled = fields["enabled"] {
      sensor.enabled = try bool(enabled, at: path.appending(key: "enabled"))
    }
    if let value = fields["horizontalAccuracy"] {
      sensor.horizontalAccuracy = try number(
        value, at: path.appending(key: "horizontalAccuracy"), .within(0, 1000))
    }
    if let value = fields["verticalAccuracy"] {
      sensor.verticalAccuracy = try number(
        value, at: path.appending(key: "verticalAccuracy"), .within(0, 1000))
    }
    if let value = fields["correlationTime"] {
      let timePath = path.appending(key: "correlationTime")
      let time = try duration(value, at: timePath, positive: true)
      guard time <= .seconds(3600) else {
        throw fail(
          timePath,
          "\(Self.describe(value)) is out of range (expected the error's time constant, above 0 and at most 1 hour, for example 60)"
        )
      }
      sensor.correlationTime = time
    }
    if let value = fields["interval"] {
      let intervalPath = path.appending(key: "interval")
      let interval = try duration(value, at: intervalPath, positive: true)
      guard interval >= .milliseconds(100), interval <= .seconds(600) else {
        throw fail(
          intervalPath,
          "\(Self.describe(value)) is out of range (expected the time between fixes, from 0.1 to 600 s, for example 1)"
        )
      }
      sensor.interval = interval
    }
    if let dropouts = fields["dropouts"] {
      sensor.dropouts = try spans(dropouts, at: path.appending(key: "dropouts"))
    }
    return sensor
  }

  /// `dropouts`: an array of half-open spans `[{ "from": time, "to": time }, ...]`.
  private func spans(_ value: JSONValue, at path: JSONPath) throws(ScenarioError)
    -> [Range<SimulationInstant>]
  {
    guard case .array(let elements) = value else {
      throw fail(
        path,
        "\(Self.describe(value)) is not an array (expected [{ \"from\": time, \"to\": time }, ...])"
      )
    }
    var spans: [Range<SimulationInstant>] = []
    for (index, element) in elements.enumerated() {
      spans.append(try span(element, at: path.appending(index: index)))
    }
    return spans
  }

  func sensor(_ value: JSONValue, at path: JSONPath, type: QuantityType) throws(ScenarioError)
    -> Scenario.SensorSettings
  {
    var keys = ["enabled", "interval", "noise", "constant", "lockOn", "dropouts"]
    if type == .heartRate { keys += ["cadenceLock", "error", "errorScale"] }
    if type != .heartRate, case .object = value {
      if value["cadenceLock"] != nil {
        throw fail(
          path.appending(key: "cadenceLock"),
          "cadenceLock is only allowed for heartRate (the optical sensor reports cadence as heart rate)"
        )
      }
      for key in ["error", "errorScale"] where value[key] != nil {
        throw fail(
          path.appending(key: key),
          "\(key) is only allowed for heartRate (the Apple Watch's measured heart-rate error); use \"noise\" for \(type.rawValue)"
        )
      }
    }
    let fields = try members(
      value, at: path, allowed: keys, expected: "an object with keys \(Self.list(keys))")
    var settings = SensorConfiguration.standard(for: type)
    if let enabled = fields["enabled"] {
      settings.enabled = try bool(enabled, at: path.appending(key: "enabled"))
    }
    if let interval = fields["interval"] {
      settings.interval = try duration(
        interval, at: path.appending(key: "interval"), positive: true)
    }
    if let noise = fields["noise"] {
      settings.noise = try number(noise, at: path.appending(key: "noise"), .within(0, 1e4))
    }
    if let constant = fields["constant"] {
      settings.constant = try number(
        constant, at: path.appending(key: "constant"), .within(0, 1e6))
    }
    if let lockOn = fields["lockOn"] {
      settings.lockOn = try duration(lockOn, at: path.appending(key: "lockOn"), positive: false)
    }
    if let dropouts = fields["dropouts"] {
      settings.dropouts = try spans(dropouts, at: path.appending(key: "dropouts"))
    }
    if let lock = fields["cadenceLock"] {
      settings.cadenceLock = try span(lock, at: path.appending(key: "cadenceLock"))
    }
    if type == .heartRate {
      settings.heartRateError = try heartRateError(fields, at: path)
    }
    return settings
  }

  /// `error` and `errorScale` of `sensors.heartRate` (docs/scenario-format.md#sensors): the
  /// measured error unless `noise` or `constant` is given, which replace it; `noise` with either
  /// key, or `"off"` with a scale, is a contradiction named at its path.
  private func heartRateError(_ fields: [String: JSONValue], at path: JSONPath)
    throws(ScenarioError) -> HeartRateSensorError
  {
    let errorPath = path.appending(key: "error")
    let scalePath = path.appending(key: "errorScale")
    var on: Bool?
    if let error = fields["error"] {
      switch error {
      case .string("measured"): on = true
      case .string("off"): on = false
      default:
        throw fail(
          errorPath,
          "\(Self.describe(error)) is not a heart-rate error model (expected \"measured\" or \"off\")"
        )
      }
    }
    var scale: Double?
    if let value = fields["errorScale"] {
      scale = try number(value, at: scalePath, .within(0, HeartRateSensorError.maximumScale))
    }
    if fields["noise"] != nil, fields["error"] != nil || scale != nil {
      throw fail(
        path.appending(key: "noise"),
        "noise replaces the measured heart-rate error: give either \"noise\" or \"error\"/\"errorScale\", not both"
      )
    }
    if on == false, scale != nil {
      throw fail(
        scalePath,
        "errorScale scales the measured error, which \"error\": \"off\" turns off; remove one")
    }
    if on == false
      || (on == nil && scale == nil && (fields["noise"] != nil || fields["constant"] != nil))
    {
      return .off
    }
    return HeartRateSensorError(scale: scale ?? 1)
  }
}
