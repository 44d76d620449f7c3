/// CSV export (RFC 4180): CRLF line ends, header
/// `time,elapsed_s,heart_rate_bpm,active_energy_kcal,distance_m,step_count,speed_m_s,cadence_per_min,power_w,latitude,longitude,altitude_m`,
/// one row per distinct sample time in time order. `time` is ISO 8601 with the time zone's
/// offset (milliseconds only when not zero); `elapsed_s` is seconds since the workout's
/// `startDate`. Discrete samples (heart rate, speed, cadence, power) sit on their own time;
/// a cumulative sample (active energy, distance, steps) sits on the row where its interval
/// ends and carries the amount of that interval (samples of several distance types ending
/// together are added). Route points give latitude, longitude and altitude. A cell without a
/// sample is empty. Numbers are the shortest round-tripping decimal with `.`, whatever the
/// locale.
enum CSVWriter {
  static let header =
    "time,elapsed_s,heart_rate_bpm,active_energy_kcal,distance_m,step_count,speed_m_s,"
    + "cadence_per_min,power_w,latitude,longitude,altitude_m"

  static func write(_ workout: ExportWorkout) -> String {
    var text = header + "\r\n"
    for row in workout.rows {
      let cells: [Double?] = [
        row.at - workout.start, row.heartRate, row.energy, row.distance, row.steps, row.speed,
        row.cadence, row.power, row.latitude, row.longitude, row.altitude,
      ]
      text += isoDate(workout.unix(row.at), timeZone: workout.timeZone)
      for cell in cells {
        text += ","
        if let cell { text += decimal(cell) }
      }
      text += "\r\n"
    }
    return text
  }
}

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

/// GPX 1.1 export: one `trk` (`type` the activity type name) with one `trkseg` holding a
/// `trkpt` per route point (`lat`, `lon`, `ele`, `time` in UTC), and Garmin TrackPointExtension
/// v2 `hr`, `cad` and `speed` from the most recent heart-rate, cycling-cadence and speed sample
/// no more than 10 s before the point; route points inside a pause are left out, and after a
/// pause the points go on in a new `trkseg`. Needs a route.
enum GPXWriter {
  static func write(_ w: ExportWorkout) throws(ExportError) -> String {
    guard w.hasRoute else { throw .noRoute }
    func time(_ at: Double) -> String {
      isoDate(w.unix(at), timeZone: w.timeZone, utc: true)
    }
    var x = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    x += "<gpx version=\"1.1\" creator=\"workout-sim\" xmlns=\"http://www.topografix.com/GPX/1/1\""
    x += " xmlns:gpxtpx=\"http://www.garmin.com/xmlschemas/TrackPointExtension/v2\""
    x += " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\""
    x +=
      " xsi:schemaLocation=\"http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd"
    x += " http://www.garmin.com/xmlschemas/TrackPointExtension/v2"
    x += " http://www.garmin.com/xmlschemas/TrackPointExtensionv2.xsd\">\n"
    x += "  <metadata><time>\(time(w.start))</time></metadata>\n"
    x += "  <trk>\n    <type>\(xmlEscaped(w.activityType.name))</type>\n    <trkseg>\n"
    var part: Int?
    for row in w.rows {
      guard let lat = row.latitude, let lon = row.longitude else { continue }
      // A route point while paused is not part of the workout (nothing was collected then).
      guard !w.pauses.contains(where: { $0.from < row.at && row.at < $0.to }) else { continue }
      let rowPart = w.resumesBefore(row.at)
      if let part, rowPart != part {
        // A pause lies between this point and the last: a new track segment (GPX 1.1: a new
        // `trkseg` for each continuous span; the reader takes the gap as a timer stop).
        x += "    </trkseg>\n    <trkseg>\n"
      }
      part = rowPart
      x += "      <trkpt lat=\"\(decimal(lat))\" lon=\"\(decimal(lon))\">"
      if let altitude = row.altitude { x += "<ele>\(decimal(altitude))</ele>" }
      x += "<time>\(time(row.at))</time>"
      let heartRate = ExportWorkout.recent(w.heartRates, at: row.at)
      let cadence = ExportWorkout.recent(w.cadences, at: row.at)
      let speed = ExportWorkout.recent(w.speeds, at: row.at)
      if heartRate != nil || cadence != nil || speed != nil {
        x += "<extensions><gpxtpx:TrackPointExtension>"
        if let heartRate { x += "<gpxtpx:hr>\(TCXWriter.bpm(heartRate))</gpxtpx:hr>" }
        if let cadence {
          x += "<gpxtpx:cad>\(Int(min(254, max(0, cadence.rounded()))))</gpxtpx:cad>"
        }
        if let speed { x += "<gpxtpx:speed>\(decimal(max(0, speed)))</gpxtpx:speed>" }
        x += "</gpxtpx:TrackPointExtension></extensions>"
      }
      x += "</trkpt>\n"
    }
    x += "    </trkseg>\n  </trk>\n</gpx>\n"
    return x
  }
}
