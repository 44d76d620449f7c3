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
