/// Reader for Garmin Training Center Database v2 (`.tcx`,
/// https://www8.garmin.com/xmlschemas/TrainingCenterDatabasev2.xsd) with the ActivityExtension
/// v2 (`TPX/Speed`, `TPX/RunCadence`, `TPX/Watts`, lap `LX/AvgSpeed`, `AvgRunCadence`,
/// `MaxRunCadence`, `AvgWatts`). Every `Activity` of the file is read; points and laps are
/// concatenated and the sport is the first activity's `Sport` attribute.
enum TCXReader {
  static func decode(_ bytes: [UInt8], file: String) throws(RecordingError) -> Recording {
    let handler = TCXHandler(file: file)
    try handler.run(bytes)
    return Recording(
      format: .tcx, sport: handler.sport, points: handler.points, laps: handler.laps)
  }
}

private final class TCXHandler: GuardedXMLHandler {
  var sport: String?
  var points: [RecordingPoint] = []
  var laps: [RecordingSummary] = []
  private var point: RecordingPoint?
  private var pointTime: Double?
  private var pointStart = (line: 0, column: 0)
  private var lap: RecordingSummary?

  init(file: String) { super.init(file: file, expectedRoot: "TrainingCenterDatabase") }

  override func start(_ name: String, attributes: [String: String]) throws(RecordingError) {
    switch name {
    case "Activity":
      if sport == nil { sport = attributes["Sport"] }
    case "Lap":
      var summary = RecordingSummary()
      if let start = attributes["StartTime"] { summary.startTime = try time(start, "StartTime") }
      lap = summary
    case "Trackpoint":
      point = RecordingPoint(time: 0)
      pointTime = nil
      pointStart = position
    default: break
    }
  }

  override func end(_ name: String, text: String) throws(RecordingError) {
    if point != nil {
      try endInPoint(name, text: text)
      return
    }
    guard lap != nil else { return }
    let parent = self.parent
    switch (name, parent) {
    case ("TotalTimeSeconds", "Lap"): lap?.totalTimerTime = try number(text, name)
    case ("DistanceMeters", "Lap"): lap?.totalDistance = try number(text, name)
    case ("MaximumSpeed", "Lap"): lap?.maximumSpeed = try number(text, name)
    case ("Calories", "Lap"): lap?.totalCalories = try number(text, name)
    case ("Cadence", "Lap"): lap?.averageCadence = try number(text, name)
    case ("Value", "AverageHeartRateBpm"): lap?.averageHeartRate = try number(text, name)
    case ("Value", "MaximumHeartRateBpm"): lap?.maximumHeartRate = try number(text, name)
    case ("AvgSpeed", "LX"): lap?.averageSpeed = try number(text, name)
    case ("AvgRunCadence", "LX"): lap?.averageCadence = try number(text, name)
    case ("MaxRunCadence", "LX"), ("MaxBikeCadence", "LX"):
      lap?.maximumCadence = try number(text, name)
    case ("AvgWatts", "LX"): lap?.averagePower = try number(text, name)
    case ("Lap", _):
      if var finished = lap {
        finished.sport = sport
        laps.append(finished)
      }
      lap = nil
    default: break
    }
  }

  private func endInPoint(_ name: String, text: String) throws(RecordingError) {
    switch (name, parent) {
    case ("Time", "Trackpoint"): pointTime = try time(text, "Time")
    case ("LatitudeDegrees", "Position"): point?.latitude = try number(text, name)
    case ("LongitudeDegrees", "Position"): point?.longitude = try number(text, name)
    case ("AltitudeMeters", "Trackpoint"): point?.altitude = try number(text, name)
    case ("DistanceMeters", "Trackpoint"): point?.distance = try number(text, name)
    case ("Value", "HeartRateBpm"): point?.heartRate = try number(text, name)
    case ("Cadence", "Trackpoint"), ("RunCadence", "TPX"):
      point?.cadence = try number(text, name)
    case ("Speed", "TPX"): point?.speed = try number(text, name)
    case ("Watts", "TPX"): point?.power = try number(text, name)
    case ("Trackpoint", _):
      guard var finished = point, let pointTime else {
        throw .invalidContent(
          file: file, line: pointStart.line, column: pointStart.column,
          message: "Trackpoint without a Time")
      }
      finished.time = pointTime
      points.append(finished)
      point = nil
    default: break
    }
  }
}
