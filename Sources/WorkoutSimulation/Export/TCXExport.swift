/// TCX export (Training Center Database v2): one `Activity` (`Sport` Running for running,
/// Biking for cycling, Other otherwise), one `Lap` per span between lap events (one lap when
/// there are none) with `TotalTimeSeconds` (timer time: paused spans removed),
/// `DistanceMeters`, `MaximumSpeed`, `Calories` (rounded), average and maximum heart rate,
/// `Intensity` Active, `TriggerMethod` Manual; each lap's `Track` holds a `Trackpoint` per
/// distinct sample time in the lap with `Time`, `Position` and `AltitudeMeters` (route
/// points), `DistanceMeters` (the running total, on points where a distance sample ends),
/// `HeartRateBpm`, `Cadence` (cycling cadence), and ActivityExtension v2 `TPX` `Speed` and
/// `Watts`. Times are UTC (`Z`). Points inside a pause are left out; after a pause the lap's
/// points go on in a new `Track`.
enum TCXWriter {
  static func write(_ w: ExportWorkout) -> String {
    let sport: String
    switch w.activityType {
    case .running: sport = "Running"
    case .cycling: sport = "Biking"
    default: sport = "Other"
    }
    func time(_ at: Double) -> String {
      isoDate(w.unix(at), timeZone: w.timeZone, utc: true)
    }
    var x = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    x +=
      "<TrainingCenterDatabase xmlns=\"http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2\""
    x += " xmlns:ns3=\"http://www.garmin.com/xmlschemas/ActivityExtension/v2\""
    x += " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\""
    x += " xsi:schemaLocation=\"http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"
    x += " http://www.garmin.com/xmlschemas/TrainingCenterDatabasev2.xsd\">\n"
    x += "  <Activities>\n    <Activity Sport=\"\(sport)\">\n"
    x += "      <Id>\(time(w.start))</Id>\n"
    let laps = w.laps()
    var rowsByLap = [[ExportRow]](repeating: [], count: laps.count)
    // A first point at the start when the first sample comes later (a heart-rate lock-on), so a
    // replay starts where the workout did.
    if let first = w.rows.first, first.at > w.start, !laps.isEmpty {
      rowsByLap[0].append(ExportRow(at: w.start, distance: 0))
    }
    for row in w.rows { rowsByLap[w.lapIndex(discrete: row.at)].append(row) }
    var totalDistance = 0.0
    for (index, lap) in laps.enumerated() {
      x += "      <Lap StartTime=\"\(time(lap.start))\">\n"
      x += "        <TotalTimeSeconds>\(decimal(lap.timerTime))</TotalTimeSeconds>\n"
      x += "        <DistanceMeters>\(decimal(lap.distance))</DistanceMeters>\n"
      if let speed = lap.maximumSpeed {
        x += "        <MaximumSpeed>\(decimal(speed))</MaximumSpeed>\n"
      }
      x += "        <Calories>\(Int(min(65535, max(0, lap.energy.rounded()))))</Calories>\n"
      if let average = lap.averageHeartRate {
        x += "        <AverageHeartRateBpm><Value>\(bpm(average))</Value></AverageHeartRateBpm>\n"
      }
      if let maximum = lap.maximumHeartRate {
        x += "        <MaximumHeartRateBpm><Value>\(bpm(maximum))</Value></MaximumHeartRateBpm>\n"
      }
      x += "        <Intensity>Active</Intensity>\n"
      x += "        <TriggerMethod>Manual</TriggerMethod>\n"
      if !rowsByLap[index].isEmpty {
        x += "        <Track>\n"
        var part = w.resumesBefore(rowsByLap[index][0].at)
        for row in rowsByLap[index] {
          // A point while paused is not part of the workout (the body may move, nothing is
          // collected): left out, as in GPX, so the reader sees the distance stand still.
          if w.pauses.contains(where: { $0.from < row.at && row.at < $0.to }) {
            totalDistance += row.distance ?? 0
            continue
          }
          let rowPart = w.resumesBefore(row.at)
          if rowPart != part {
            // A pause lies between this point and the last: a new Track, as Garmin devices
            // write one after the timer restarts (the reader takes the gap as a timer stop).
            x += "        </Track>\n        <Track>\n"
            part = rowPart
          }
          x += "          <Trackpoint>\n"
          x += "            <Time>\(time(row.at))</Time>\n"
          if let lat = row.latitude, let lon = row.longitude {
            x += "            <Position><LatitudeDegrees>\(decimal(lat))</LatitudeDegrees>"
            x += "<LongitudeDegrees>\(decimal(lon))</LongitudeDegrees></Position>\n"
          }
          if let altitude = row.altitude {
            x += "            <AltitudeMeters>\(decimal(altitude))</AltitudeMeters>\n"
          }
          if let distance = row.distance {
            totalDistance += distance
            x += "            <DistanceMeters>\(decimal(totalDistance))</DistanceMeters>\n"
          }
          if let heartRate = row.heartRate {
            x += "            <HeartRateBpm><Value>\(bpm(heartRate))</Value></HeartRateBpm>\n"
          }
          if let cadence = row.cadence {
            x += "            <Cadence>\(Int(min(254, max(0, cadence.rounded()))))</Cadence>\n"
          }
          if row.speed != nil || row.power != nil {
            x += "            <Extensions><ns3:TPX>"
            if let speed = row.speed { x += "<ns3:Speed>\(decimal(speed))</ns3:Speed>" }
            if let power = row.power {
              x += "<ns3:Watts>\(Int(min(65535, max(0, power.rounded()))))</ns3:Watts>"
            }
            x += "</ns3:TPX></Extensions>\n"
          }
          x += "          </Trackpoint>\n"
        }
        x += "        </Track>\n"
      }
      x += "      </Lap>\n"
    }
    x += "    </Activity>\n  </Activities>\n</TrainingCenterDatabase>\n"
    return x
  }

  /// A heart rate as the schemas' positive byte (1...255), rounded.
  static func bpm(_ value: Double) -> Int { Int(min(255, max(1, value.rounded()))) }
}
