/// Reader for GPX 1.1 tracks (`.gpx`, https://www.topografix.com/GPX/1/1/gpx.xsd): every
/// `trk/trkseg/trkpt` in order, with `ele` and `time`, and in `extensions` Garmin's
/// TrackPointExtension v1/v2 `hr`, `cad` (v2 also `speed`), ActivityExtension `Speed`, and
/// power as `power` or `PowerInWatts` (the forms Strava and Garmin's PowerExtension use).
/// A `trkpt` without a `time` inside the track gets one interpolated by distance between its
/// timed neighbours; untimed points before the first or after the last timed one are dropped
/// (``timed(_:file:element:)``, docs/recordings.md). A new `trkseg` inside a `trk` ("a new
/// Track Segment for each continuous span of track data", GPX 1.1) gives a timer stop from the
/// last point before it to its first point. The sport is the first `trk/type`.
enum GPXReader {
  static func decode(_ bytes: [UInt8], file: String) throws(RecordingError) -> Recording {
    let handler = GPXHandler(file: file)
    try handler.run(bytes)
    guard !handler.points.isEmpty else {
      return Recording(format: .gpx, sport: handler.sport, points: [])
    }
    let (points, dropped) = try timed(handler.points, file: file, element: "trkpt")
    return Recording(
      format: .gpx, sport: handler.sport, points: points, timerEvents: handler.timerEvents,
      droppedUntimedPoints: dropped)
  }

  /// Every `trk/trkseg/trkpt` of `bytes` in order, with its `ele`, times or none: a route's
  /// line for a scripted course (`gps.track`, docs/scenario-format.md#gps).
  static func trackPoints(_ bytes: [UInt8], file: String) throws(RecordingError)
    -> [RecordingPoint]
  {
    let handler = GPXHandler(file: file)
    try handler.run(bytes)
    return handler.points.map(\.point)
  }
}

private final class GPXHandler: GuardedXMLHandler {
  var sport: String?
  var points: [PendingPoint] = []
  var timerEvents: [RecordingTimerEvent] = []
  private var segmentsWithPoints = 0
  private var segmentHasPoints = false
  private var lastTimedPoint: Double?
  private var point: RecordingPoint?
  private var pointTime: Double?
  private var pointStart = (line: 0, column: 0)

  init(file: String) { super.init(file: file, expectedRoot: "gpx") }

  override func start(_ name: String, attributes: [String: String]) throws(RecordingError) {
    if name == "trk" { segmentsWithPoints = 0 }
    if name == "trkseg" { segmentHasPoints = false }
    guard name == "trkpt" else { return }
    pointStart = position
    guard let lat = attributes["lat"], let lon = attributes["lon"] else {
      throw .invalidContent(
        file: file, line: pointStart.line, column: pointStart.column,
        message: "trkpt without lat and lon")
    }
    point = RecordingPoint(
      time: 0, latitude: try number(lat, "lat"), longitude: try number(lon, "lon"))
    pointTime = nil
  }

  override func end(_ name: String, text: String) throws(RecordingError) {
    guard point != nil else {
      if name == "type", parent == "trk", sport == nil { sport = text }
      return
    }
    switch (name, parent) {
    case ("ele", "trkpt"): point?.altitude = try number(text, name)
    case ("time", "trkpt"): pointTime = try time(text, "time")
    case ("hr", "TrackPointExtension"): point?.heartRate = try number(text, name)
    case ("cad", "TrackPointExtension"): point?.cadence = try number(text, name)
    case ("speed", "TrackPointExtension"), ("Speed", "TPX"):
      point?.speed = try number(text, name)
    case ("power", _), ("PowerInWatts", _): point?.power = try number(text, name)
    case ("trkpt", _):
      guard var finished = point else { return }
      finished.time = pointTime ?? 0
      if let pointTime {
        if !segmentHasPoints {
          if segmentsWithPoints > 0, let last = lastTimedPoint {
            timerEvents.append(RecordingTimerEvent(time: last, kind: .stop))
            timerEvents.append(RecordingTimerEvent(time: pointTime, kind: .start))
          }
          segmentHasPoints = true
          segmentsWithPoints += 1
        }
        lastTimedPoint = pointTime
      }
      points.append(
        PendingPoint(
          point: finished, timed: pointTime != nil, line: pointStart.line,
          column: pointStart.column))
      point = nil
    default: break
    }
  }
}
