/// Reader for Garmin Training Center Database v2 (`.tcx`,
/// https://www8.garmin.com/xmlschemas/TrainingCenterDatabasev2.xsd) with the ActivityExtension
/// v2 (`TPX/Speed`, `TPX/RunCadence`, `TPX/Watts`, lap `LX/AvgSpeed`, `AvgRunCadence`,
/// `MaxRunCadence`, `AvgWatts`). Every `Activity` of the file is read; points and laps are
/// concatenated in order of the activities' starts (an activity that starts before the one
/// before it ends is dropped, described in ``Recording/droppedParts``), the sport is the first
/// activity's `Sport` attribute, and each activity becomes
/// one of ``Recording/sessions`` (its sport, its first lap's start, its laps' totals summed). A
/// `Trackpoint` without a `Time` inside the track gets one interpolated by distance between its
/// timed neighbours; untimed points before the first or after the last timed one are dropped. A
/// second `Track` inside one `Lap` (Garmin devices start one when the timer restarts) gives a
/// timer stop from the last point before it to its first point; so does the gap from a lap's
/// last point to the next lap's first point when the lap's `TotalTimeSeconds` falls short of its
/// span (from its `StartTime` to the next lap's) less its own stops by at least that gap, less
/// 1 s (a pause that ended with a new lap; docs/recordings.md).
enum TCXReader {
  static func decode(_ bytes: [UInt8], file: String) throws(RecordingError) -> Recording {
    let handler = TCXHandler(file: file)
    try handler.run(bytes)
    handler.orderActivities()
    var recording = Recording(
      format: .tcx, sport: handler.sport, points: [], laps: handler.laps,
      sessions: handler.sessions, timerEvents: handler.timerEvents,
      droppedParts: handler.droppedParts)
    if !handler.points.isEmpty {
      let (points, dropped) = try timed(handler.points, file: file, element: "Trackpoint")
      recording.points = points
      recording.droppedUntimedPoints = dropped
    }
    return recording
  }
}

private final class TCXHandler: GuardedXMLHandler {
  var sport: String?
  var points: [PendingPoint] = []
  var laps: [RecordingSummary] = []
  var sessions: [RecordingSummary] = []
  var timerEvents: [RecordingTimerEvent] = []
  var droppedParts: [String] = []
  /// Each activity's share of the lists above (index ranges), its start and last time stamp.
  private var blocks:
    [(points: Range<Int>, laps: Range<Int>, events: Range<Int>, start: Double?, last: Double?)] =
      []
  private var blockStart = (points: 0, laps: 0, events: 0)
  private var lapHasPoints = false
  private var newTrackInLap = false
  private var lastTimedPoint: Double?
  private var activity: RecordingSummary?
  private var activityFirstPoint: Double?
  private var point: RecordingPoint?
  private var pointTime: Double?
  private var pointStart = (line: 0, column: 0)
  private var lap: RecordingSummary?
  /// The last finished lap: its start, timer time, the timer stops seen inside it (s) and its
  /// last timed point, for a stop across the boundary to the next lap.
  private var finishedLap: (start: Double, timer: Double, stopped: Double, last: Double)?
  private var lapStopsFrom = 0
  private var lapFirstPoint = true

  init(file: String) { super.init(file: file, expectedRoot: "TrainingCenterDatabase") }

  override func start(_ name: String, attributes: [String: String]) throws(RecordingError) {
    switch name {
    case "Activity":
      if sport == nil { sport = attributes["Sport"] }
      var summary = RecordingSummary()
      summary.sport = attributes["Sport"]
      activity = summary
      activityFirstPoint = nil
      blockStart = (points.count, laps.count, timerEvents.count)
      lastTimedPoint = nil
      finishedLap = nil
    case "Lap":
      var summary = RecordingSummary()
      if let start = attributes["StartTime"] { summary.startTime = try time(start, "StartTime") }
      lap = summary
      lapStopsFrom = timerEvents.count
      lapFirstPoint = true
      lapHasPoints = false
      newTrackInLap = false
    case "Track":
      // A second Track inside the same Lap follows a stop of the device's timer.
      newTrackInLap = lapHasPoints
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
    if name == "Activity", var finished = activity {
      finished.startTime = finished.startTime ?? activityFirstPoint
      sessions.append(finished)
      blocks.append(
        (
          blockStart.points..<points.count, blockStart.laps..<laps.count,
          blockStart.events..<timerEvents.count, finished.startTime, lastTimedPoint
        ))
      activity = nil
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
        finishedLap = nil
        if let start = finished.startTime, let timer = finished.totalTimerTime,
          let last = lastTimedPoint, lapHasPoints
        {
          var stopped = 0.0
          for (stop, start) in zip(
            timerEvents[lapStopsFrom...].filter { $0.kind == .stop },
            timerEvents[lapStopsFrom...].filter { $0.kind == .start })
          {
            stopped += start.time - stop.time
          }
          finishedLap = (start, timer, stopped, last)
        }
        finished.sport = activity?.sport ?? sport
        laps.append(finished)
        add(finished, to: &activity)
      }
      lap = nil
    default: break
    }
  }

  /// Puts the activities in order of their start (a file may list them in any order) and
  /// drops an activity that starts before the one before it ends (its last time stamp),
  /// describing it in ``droppedParts`` (docs/recordings.md, "Multisport").
  func orderActivities() {
    guard blocks.count > 1, blocks.count == sessions.count else { return }
    let order = blocks.indices.sorted {
      (blocks[$0].start ?? .infinity, $0) < (blocks[$1].start ?? .infinity, $1)
    }
    guard
      order != Array(blocks.indices)
        || zip(order, order.dropFirst()).contains(where: {
          (blocks[$1].start ?? .infinity) < (blocks[$0].last ?? -.infinity)
        })
    else { return }
    var (newPoints, newLaps, newEvents, newSessions) = (
      [PendingPoint](), [RecordingSummary](), [RecordingTimerEvent](), [RecordingSummary]()
    )
    var keptLast: (index: Int, time: Double)?
    for index in order {
      let block = blocks[index]
      if let kept = keptLast, let start = block.start, start < kept.time {
        droppedParts.append(
          "dropped activity \(index + 1) (\(sessions[index].sport ?? "no sport")), which starts before activity \(kept.index + 1) ends"
        )
        continue
      }
      newPoints += points[block.points]
      newLaps += laps[block.laps]
      newEvents += timerEvents[block.events]
      newSessions.append(sessions[index])
      if let last = block.last { keptLast = (index, last) }
    }
    (points, laps, timerEvents, sessions) = (newPoints, newLaps, newEvents, newSessions)
    sport = sessions.first?.sport ?? sport
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
      guard var finished = point else { return }
      finished.time = pointTime ?? 0
      if let pointTime, activityFirstPoint == nil { activityFirstPoint = pointTime }
      if let pointTime {
        if newTrackInLap, let last = lastTimedPoint {
          timerEvents.append(RecordingTimerEvent(time: last, kind: .stop))
          timerEvents.append(RecordingTimerEvent(time: pointTime, kind: .start))
        }
        if lapFirstPoint, let before = finishedLap, let next = lap?.startTime {
          // The lap before counts less timer time than its span by at least the gap to this
          // point: the timer was stopped across the lap boundary (a pause ended by a lap).
          let unaccounted = (next - before.start) - before.timer - before.stopped
          let gap = pointTime - before.last
          if gap > 1, unaccounted >= gap - 1 {
            timerEvents.append(RecordingTimerEvent(time: before.last, kind: .stop))
            timerEvents.append(RecordingTimerEvent(time: pointTime, kind: .start))
          }
        }
        if lapFirstPoint { lapStopsFrom = timerEvents.count }
        lapFirstPoint = false
        finishedLap = nil
        newTrackInLap = false
        lapHasPoints = true
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

/// Adds a lap's totals to its activity's summary: the first lap's start, sums of timer time,
/// distance and calories, the largest maximum heart rate, and the mean heart rate weighted by
/// each lap's timer time.
private func add(_ lap: RecordingSummary, to activity: inout RecordingSummary?) {
  guard var summary = activity else { return }
  if summary.startTime == nil { summary.startTime = lap.startTime }
  func sum(_ a: Double?, _ b: Double?) -> Double? {
    switch (a, b) {
    case (let x?, let y?): x + y
    case (let x?, nil): x
    case (nil, let y?): y
    case (nil, nil): nil
    }
  }
  if let heartRate = lap.averageHeartRate, let seconds = lap.totalTimerTime, seconds > 0 {
    let before = summary.totalTimerTime ?? 0
    let weighted = (summary.averageHeartRate ?? 0) * before + heartRate * seconds
    summary.averageHeartRate = weighted / (before + seconds)
  }
  summary.totalTimerTime = sum(summary.totalTimerTime, lap.totalTimerTime)
  summary.totalDistance = sum(summary.totalDistance, lap.totalDistance)
  summary.totalCalories = sum(summary.totalCalories, lap.totalCalories)
  if let maximum = lap.maximumHeartRate {
    summary.maximumHeartRate = max(summary.maximumHeartRate ?? 0, maximum)
  }
  activity = summary
}
