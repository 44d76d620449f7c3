import WorkoutJSON

/// The `gps` key (docs/scenario-format.md#gps).
extension ScenarioDecoder {
  static let gpsKeys = ["latitude", "longitude", "altitude", "heading", "track"]

  /// `gps`: `{ "latitude": degrees, "longitude": degrees, "altitude": m, "heading": degrees,
  /// "track": "route.gpx" }`, each optional. A latitude outside −90...90 or a longitude outside −180...180 is off the
  /// globe ("is outside the globe (expected a latitude within -90 and 90)"); a heading must be
  /// at least 0 and below 360; an altitude within −500 and 9000 m (the lowest and highest
  /// ground a body moves on, rounded outward).
  func gps(_ value: JSONValue, at path: JSONPath) throws(ScenarioError) -> Scenario.GPS {
    let fields = try members(
      value, at: path, allowed: Self.gpsKeys,
      expected: "an object with keys \(Self.list(Self.gpsKeys))")
    var gps = Scenario.GPS()
    if let value = fields["latitude"] {
      gps.latitude = try globe(value, at: path.appending(key: "latitude"), "latitude", 90)
    }
    if let value = fields["longitude"] {
      gps.longitude = try globe(value, at: path.appending(key: "longitude"), "longitude", 180)
    }
    if let value = fields["altitude"] {
      gps.altitude = try number(value, at: path.appending(key: "altitude"), .within(-500, 9000))
    }
    if let value = fields["heading"] {
      let headingPath = path.appending(key: "heading")
      let heading = try number(value, at: headingPath, .within(0, 360))
      guard heading < 360 else {
        throw fail(
          headingPath, "360 is out of range (expected at least 0 and below 360; 0 is north)")
      }
      gps.heading = heading
    }
    if let value = fields["track"] {
      let trackPath = path.appending(key: "track")
      let file = try string(value, at: trackPath, expected: "the path of a GPX file")
      guard file.lowercased().hasSuffix(".gpx"), file.count > 4 else {
        throw fail(
          trackPath,
          "\(Self.describe(value)) is not a GPX file (expected the path of a .gpx file, relative to the scenario, for example \"route.gpx\")"
        )
      }
      gps.track = file
    }
    return gps
  }

  /// A coordinate in degrees within ±`limit`, or a data error saying the point is off the globe.
  private func globe(_ value: JSONValue, at path: JSONPath, _ name: String, _ limit: Double)
    throws(ScenarioError) -> Double
  {
    guard case .number(let degrees) = value else {
      throw fail(
        path, "\(Self.describe(value)) is not a number (expected a \(name) in degrees)")
    }
    guard degrees >= -limit && degrees <= limit else {
      throw fail(
        path,
        "\(Self.describe(value)) is outside the globe (expected a \(name) within -\(Int(limit)) and \(Int(limit)) degrees)"
      )
    }
    return degrees
  }
}
