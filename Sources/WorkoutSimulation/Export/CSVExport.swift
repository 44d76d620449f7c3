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
