import Foundation
import WorkoutCore
import WorkoutPhysiology
import WorkoutRecordings

/// A ``Course`` built from a recorded workout (docs/scenario-format.md#recording-object, with
/// its revised rules for files as devices write them). The rules, with the numbers, are in
/// docs/recordings.md; in order:
/// - Points whose time stamp is not later than the previous kept point's are dropped (a file
///   may repeat a time stamp; only such a repeat goes uncounted); a single point later than the next point while the one before it
///   is earlier than that next point is the outlier and is dropped instead of the points after
///   it. ``droppedOutOfOrder`` counts them (a warning); `t = 0` is the first kept time stamp.
/// - GPS jumps: a point whose implied speed (the larger of the recorded distance and the
///   great-circle distance between positions, over the time) both from the point before and to
///   the point after is
///   above ``jumpSpeed`` (50 m/s, the fastest segment a scenario may give) is dropped; so is a
///   first (last) point whose speed to (from) its neighbour is above it while the next (previous)
///   step is not; so is a run of 2 to ``maximumJumpRun`` (5) consecutive points when the step
///   into the run and the step out of it are above it and the point after the run is not above
///   it from the point before the run. ``droppedJumps`` counts them; the file is not refused.
/// - Distance: each point gets a cumulative distance from the nearest points that carry one:
///   the recorded distance where there is one (a fall of more than ``distanceReset`` starts the
///   count again on top of the distance before it), linearly interpolated in timer time (time with the
///   device's timer running) between the recorded distances around it; a first point without a
///   distance counts as 0 m when the file has distances (the distance is counted from the
///   file's start). A file with fewer than two recorded distances uses the cumulative
///   great-circle distance of its positions the same way. A segment's speed is its distance
///   difference over its time; where neither reaches (before or after them) the segment falls
///   back to the positions at its two ends, then to the mean of its recorded speeds, else 0.
///   A speed still above ``jumpSpeed`` (a step in the recorded distance) falls back the same
///   way and is capped at it (``cappedSegments``).
/// - Stops: a segment is a stop (speed 0, grade 0, no cadence, no recorded heart rate) where the
///   device's timer was stopped (FIT timer events, ``Recording/timerStoppedSpans``), or where it
///   is longer than ``maximumGap`` (10 s) and its speed is below ``stopSpeed`` (0.2 m/s): the
///   recording shows no movement across it. Any other gap, however long, is travelled at its
///   mean speed (smart recording writes a point only when something changes).
/// - On foot on a ride: a ridden (cycling) segment longer than ``maximumGap`` that moves, but
///   slower than ``slowestRiddenSpeed`` (2 km/h), is the rider walking beside the bike
///   (``CourseSegment/onFoot``; docs/models.md#on-foot-on-a-ride): no cadence, no power.
/// - Grade comes from altitude smoothed over travelled distance: the altitude profile `A(s)` is
///   the recorded altitude against cumulative travelled distance `s` (the sum of segment speed ×
///   duration; points at the same `s` are averaged), linearly interpolated; a segment whose
///   midpoint is at distance `m` gets the central difference
///   `(A(m + w) − A(m − w)) / (2w)` with the half window ``smoothingHalfWindow`` `w = 50 m`
///   on foot and ``cyclingSmoothingHalfWindow`` `w = 25 m` for a ridden segment (shortened to the
///   profile's ends), clamped to ±0.45.
/// - Recorded cadence (mean of the two points' values when both have one, else the one present)
///   becomes the segment's cadence: strides per minute on foot are doubled to steps per minute;
///   cycling keeps revolutions per minute.
/// - For cycling, recorded power (mean of the two points' values, or the one present) becomes
///   the segment's power, used together with the speed.
/// - With `"heartRate": "recorded"`, every point with a heart rate above 0 outside the timer's
///   stopped spans becomes a ``RecordedHeartRate`` reading (the course interpolates only across
///   readings at most 10 s apart, so a longer gap has no recorded heart rate).
/// - Every point with both latitude and longitude becomes a ``TrackPoint`` (with its recorded,
///   unsmoothed altitude).
public struct RecordingCourse: Sendable {
  /// Longest time between two recorded points that is always movement, s: only a longer gap
  /// can be a stop (when its speed is below ``stopSpeed``), 10 s.
  public static let maximumGap = 10.0
  /// A gap longer than ``maximumGap`` is a stop when the recording moves less than this mean
  /// speed across it, m/s: 0.2 m/s (0.72 km/h), well under the slowest walking (about 0.5 m/s,
  /// steeply uphill) and above the distance a device standing still accrues from GPS wander
  /// (the bundled walk's two stops accrue 0.010 and 0.015 m/s; its slow climbs 0.27 m/s and
  /// more). docs/recordings.md, "Stops".
  public static let stopSpeed = 0.2
  /// A ridden (cycling) gap longer than ``maximumGap`` that moves slower than this mean speed is
  /// covered on foot, the bike pushed (``CourseSegment/onFoot``), m/s: 2 km/h = 0.5556 m/s, the
  /// slowest speed of the stability trials of J. K. Moore, J. D. G. Kooijman, A. L. Schwab,
  /// M. Hubbard, "Rider motion identification during normal bicycling by means of principal
  /// component analysis", Multibody System Dynamics 25:225–244 (2011): riders stabilised a
  /// bicycle on a treadmill at 2 to 30 km/h, the speed lowered in steps of 1 km/h below 5 km/h
  /// until they could no longer balance
  /// (https://mechmotum.github.io/blog/full-motion-capture-vu-treadmill.html). Project rule,
  /// docs/models.md#on-foot-on-a-ride and docs/recordings.md, "Stops".
  public static let slowestRiddenSpeed = 2.0 / 3.6
  /// The implied speed no body reaches, m/s: 50, the upper end of the speeds a course segment
  /// may have (``CourseSegment/speedRange``); a point implying more on both sides is a GPS jump.
  public static let jumpSpeed = CourseSegment.speedRange.upperBound
  /// The longest run of consecutive points dropped together as one GPS jump: 5 (a receiver
  /// that loses its fix for a few seconds writes a few points at the wrong place).
  public static let maximumJumpRun = 5
  /// A recorded distance that falls by more than this, m, starts counting again (a new session
  /// of a multisport or chained file): 10 m, more than a device's own corrections of its
  /// distance (which are below a few metres); smaller falls are a standstill.
  public static let distanceReset = 10.0
  /// Half width of the distance window the grade is smoothed over on foot, m (±50 m of
  /// travelled distance, 100 m in all).
  public static let smoothingHalfWindow = 50.0
  /// Half width of the distance window the grade of a ridden (cycling) segment is smoothed over,
  /// m: ±25 m, 50 m in all. Project rule (docs/models.md#calibration, "Grade window on a bike"):
  /// a bike covers a 100 m window in 10–15 s at descending speeds, which averages a short flat or
  /// rise between descents into them; of the half windows 10 to 50 m, 25 m gives the lowest
  /// heart-rate error on the fitted first 60 % of the bundled GPX ride (no value was chosen on
  /// its held-out part).
  public static let cyclingSmoothingHalfWindow = 25.0
  /// The steepest grade a course may have (docs/scenario-format.md#course-segments: within −0.45 and 0.45).
  public static let maximumGrade = 0.45
  /// Mean Earth radius for the haversine distance, m (IUGG mean radius R1).
  public static let earthRadius = earthMeanRadius

  /// The course to play.
  public var course: Course
  /// The first kept time stamp, seconds since 1970 (scenario time 0).
  public var firstTimestamp: Double
  /// The last kept time stamp minus the first, s: the recording's duration on the scenario clock.
  public var duration: Double
  /// How many points were dropped because their time stamp was out of order or not finite
  /// (see ``inTimeOrder(_:)``; a repeat of the time stamp just before is dropped uncounted).
  public var droppedOutOfOrder: Int
  /// How many points were dropped as GPS jumps.
  public var droppedJumps: Int
  /// How many segments kept a speed above ``jumpSpeed`` after the fallbacks and were capped.
  public var cappedSegments: Int
  /// The device's timer stops in scenario seconds, in order (from ``Recording/timerStoppedSpans``).
  public var timerStops: [Range<Double>]

  /// Whether the course has recorded positions (a `route` and a `.gpx` export are possible).
  public var hasPositions: Bool { course.track.contains { $0.latitude != nil } }

  /// What a user should hear about the replay (for standard error), naming `file`: dropped GPS
  /// jumps, capped segments, and untimed points the reader dropped; empty when all is well.
  public func warnings(file: String, recording: Recording) -> [String] {
    var lines: [String] = []
    if droppedOutOfOrder > 0 {
      lines.append(
        "\(file): dropped \(droppedOutOfOrder) point\(droppedOutOfOrder == 1 ? "" : "s") whose time stamp is out of order"
      )
    }
    if droppedJumps > 0 {
      lines.append(
        "\(file): dropped \(droppedJumps) point\(droppedJumps == 1 ? "" : "s") implying more than \(Int(Self.jumpSpeed)) m/s (GPS jumps)"
      )
    }
    if cappedSegments > 0 {
      lines.append(
        "\(file): \(cappedSegments) segment\(cappedSegments == 1 ? "" : "s") faster than \(Int(Self.jumpSpeed)) m/s capped at it"
      )
    }
    for part in recording.droppedParts { lines.append("\(file): \(part)") }
    if recording.droppedUntimedPoints > 0 {
      let count = recording.droppedUntimedPoints
      lines.append(
        "\(file): dropped \(count) point\(count == 1 ? "" : "s") without a time stamp before the first or after the last timed point"
      )
    }
    return lines
  }

  /// Builds the course from `recording`.
  ///
  /// - Parameters:
  ///   - recording: The points read from the file (at least one).
  ///   - activity: The workout's activity: cycling keeps cadence in rpm and uses recorded power;
  ///     every other activity doubles strides/min to steps/min and ignores power.
  ///   - recordedHeartRate: `true` for `"heartRate": "recorded"`.
  ///   - laterActivities: the activities of later sessions with the scenario time (s) each
  ///     starts at, in order (a multisport replay's `newSession` actions): a segment whose
  ///     midpoint lies at or after one follows that activity's cadence and power rule.
  /// - Throws: ``CourseError`` when the recording yields an unusable course (for example time
  ///   stamps spanning more than ``SimulationInstant`` can hold).
  public init(
    recording: Recording, activity: WorkoutActivityType, recordedHeartRate: Bool,
    laterActivities: [(from: Double, activity: WorkoutActivityType)] = []
  ) throws(CourseError) {
    let (inOrder, outOfOrder) = Self.inTimeOrder(recording.points)
    droppedOutOfOrder = outOfOrder
    let ordered = Self.withPoolDistances(inOrder, recording.poolSwimDistances)
    let (points, dropped) = Self.withoutJumps(ordered)
    droppedJumps = dropped
    let origin = points.first?.time ?? 0
    firstTimestamp = origin
    // About 292 years of nanoseconds fit in Int64; refuse anything near that.
    guard let lastTime = points.last?.time, lastTime - origin < 9e9 else { throw .tooLong }
    duration = lastTime - origin
    let stops = recording.timerStoppedSpans
    timerStops = stops.map { ($0.lowerBound - origin)..<($0.upperBound - origin) }
    let instants = points.map { SimulationInstant.rounding(seconds: $0.time - origin) }
    /// Whether the segment from `a` to `b` is ridden (cadence in rpm, power used).
    func cycling(_ a: RecordingPoint, _ b: RecordingPoint) -> Bool {
      let middle = (a.time + b.time) / 2 - origin
      return (laterActivities.last { $0.from <= middle }?.activity ?? activity) == .cycling
    }
    let cumulative = Self.cumulativeDistances(points, stops: stops)

    var speeds: [Double] = []
    var durations: [Duration] = []
    var moving: [Bool] = []
    var capped = 0
    for index in points.indices.dropLast() {
      let (a, b) = (points[index], points[index + 1])
      let gap = instants[index].duration(to: instants[index + 1])
      let seconds = b.time - a.time
      durations.append(gap)
      let middle = (a.time + b.time) / 2
      if stops.contains(where: { $0.contains(middle) }) {
        moving.append(false)
        speeds.append(0)
        continue
      }
      var speed = Self.speed(
        from: a, to: b, seconds: seconds, cumulative: (cumulative[index], cumulative[index + 1]))
      if speed > Self.jumpSpeed {
        let positioned =
          a.latitude != nil && a.longitude != nil && b.latitude != nil && b.longitude != nil
        let other =
          positioned || a.speed != nil || b.speed != nil
          ? Self.speed(from: a, to: b, seconds: seconds, cumulative: (nil, nil)) : .infinity
        if other <= Self.jumpSpeed {
          speed = other
        } else {
          speed = Self.jumpSpeed
          capped += 1
        }
      }
      let isMoving = seconds <= Self.maximumGap || speed >= Self.stopSpeed
      moving.append(isMoving)
      speeds.append(isMoving ? speed : 0)
    }
    cappedSegments = capped
    var travelled = [0.0]
    for index in speeds.indices {
      travelled.append(travelled[index] + speeds[index] * durations[index].secondsValue)
    }
    let profile = AltitudeProfile(distances: travelled, altitudes: points.map(\.altitude))

    var segments: [CourseSegment] = []
    segments.reserveCapacity(speeds.count)
    for index in speeds.indices {
      guard durations[index] > .zero else { continue }
      guard moving[index] else {
        segments.append(CourseSegment(duration: durations[index], speed: 0))
        continue
      }
      let (a, b) = (points[index], points[index + 1])
      let ridden = cycling(a, b)
      // On foot on a ride: a gap slower than a bike is ridden (docs/models.md#on-foot-on-a-ride).
      let onFoot =
        ridden && b.time - a.time > Self.maximumGap && speeds[index] < Self.slowestRiddenSpeed
      let grade =
        profile?.grade(
          from: travelled[index], to: travelled[index + 1],
          halfWindow: ridden ? Self.cyclingSmoothingHalfWindow : Self.smoothingHalfWindow)
        ?? 0
      var cadence = onFoot ? nil : Self.mean(a.cadence, b.cadence)
      if !ridden, let value = cadence { cadence = value * 2 }
      segments.append(
        CourseSegment(
          duration: durations[index], speed: speeds[index],
          grade: min(Self.maximumGrade, max(-Self.maximumGrade, grade)),
          power: ridden && !onFoot ? Self.mean(a.power, b.power) : nil, cadence: cadence,
          onFoot: onFoot))
    }
    var readings: [RecordedHeartRate] = []
    if recordedHeartRate {
      for (index, point) in points.enumerated() {
        guard !stops.contains(where: { $0.contains(point.time) && point.time > $0.lowerBound })
        else { continue }
        if let bpm = point.heartRate, bpm.isFinite, bpm > 0 {
          readings.append(RecordedHeartRate(instant: instants[index], beatsPerMinute: bpm))
        }
      }
    }
    var track: [TrackPoint] = []
    for (index, point) in points.enumerated() {
      if let latitude = point.latitude, let longitude = point.longitude {
        track.append(
          TrackPoint(
            instant: instants[index], latitude: latitude, longitude: longitude,
            altitude: point.altitude))
      }
    }
    course = try Course(segments: segments, recordedHeartRate: readings, track: track)
  }

  /// The implied speed between two points from what both carry: the larger of the recorded
  /// distance difference over the time and the great-circle distance of their positions over
  /// the time (a position can jump while the device's distance does not); `nil` when neither
  /// pair is there or the time is not positive.
  static func impliedSpeed(_ a: RecordingPoint, _ b: RecordingPoint) -> Double? {
    let seconds = b.time - a.time
    guard seconds > 0 else { return nil }
    var speed: Double?
    if let first = a.distance, let second = b.distance { speed = abs(second - first) / seconds }
    if let lat1 = a.latitude, let lon1 = a.longitude, let lat2 = b.latitude,
      let lon2 = b.longitude
    {
      speed = max(speed ?? 0, haversine(lat1, lon1, lat2, lon2) / seconds)
    }
    return speed
  }

  /// `points` with a time stamp that is finite and later than the previous kept point's, and how
  /// many were dropped, less those that only repeat the time stamp of the point just before them
  /// in the file. A single point out of order with its neighbours (later than the next
  /// point's time stamp while the point before it is earlier than that next point) is the
  /// outlier and is dropped, so the points after it are kept (docs/recordings.md, "Time order").
  static func inTimeOrder(_ all: [RecordingPoint]) -> ([RecordingPoint], Int) {
    let points = all.filter { $0.time.isFinite }
    var kept: [RecordingPoint] = []
    kept.reserveCapacity(points.count)
    var dropped = all.count - points.count
    for index in points.indices {
      let point = points[index]
      if let last = kept.last, point.time <= last.time {
        // A time stamp equal to the previous point's is a device's second record in the same
        // second (the bundled FIT run has 7): dropped, not counted.
        if point.time < last.time || index == 0 || points[index - 1].time != point.time {
          dropped += 1
        }
        continue
      }
      if index + 1 < points.count, point.time > points[index + 1].time,
        kept.last.map({ $0.time < points[index + 1].time }) ?? true
      {
        dropped += 1
        continue
      }
      kept.append(point)
    }
    return (kept, dropped)
  }

  /// A pool swim's points (docs/recordings.md, "Pool swims"): each of `points` (in time order)
  /// from the first to the last point of `pool` (``Recording/poolSwimDistances``) with its
  /// distance from there, linearly interpolated in time, which replaces any recorded distance
  /// (points before or after keep theirs: another sport of a multisport file), and the points of
  /// `pool` at times no point has, merged in time order, so that the distance advances by a pool
  /// length across each length swum and stands still across rests. `points` unchanged when
  /// `pool` is empty.
  static func withPoolDistances(_ points: [RecordingPoint], _ pool: [RecordingPoint])
    -> [RecordingPoint]
  {
    guard let first = pool.first, let last = pool.last else { return points }
    func distance(at time: Double, from index: inout Int) -> Double {
      if time <= first.time { return first.distance ?? 0 }
      if time >= last.time { return last.distance ?? 0 }
      while index + 1 < pool.count, pool[index + 1].time <= time { index += 1 }
      let (a, b) = (pool[index], pool[index + 1])
      let (d0, d1) = (a.distance ?? 0, b.distance ?? 0)
      return d0 + (d1 - d0) * (time - a.time) / (b.time - a.time)
    }
    var merged: [RecordingPoint] = []
    merged.reserveCapacity(points.count + pool.count)
    var cursor = 0
    var next = 0
    for var point in points {
      while next < pool.count, pool[next].time < point.time {
        merged.append(pool[next])
        next += 1
      }
      if next < pool.count, pool[next].time == point.time { next += 1 }
      if point.time >= first.time, point.time <= last.time {
        point.distance = distance(at: point.time, from: &cursor)
      }
      merged.append(point)
    }
    merged += pool[next...]
    return merged
  }

  /// `points` without its GPS jumps (see the type's rules), and how many were dropped.
  static func withoutJumps(_ points: [RecordingPoint]) -> ([RecordingPoint], Int) {
    guard points.count >= 3 else { return (points, 0) }
    func fast(_ a: RecordingPoint, _ b: RecordingPoint) -> Bool {
      (impliedSpeed(a, b) ?? 0) > jumpSpeed
    }
    var kept: [RecordingPoint] = []
    kept.reserveCapacity(points.count)
    var dropped = 0
    var skipUntil = 0
    for index in points.indices where index >= skipUntil {
      let point = points[index]
      if index == 0 {
        if fast(point, points[1]) && !fast(points[1], points[2]) {
          dropped += 1
          continue
        }
      } else if index == points.count - 1 {
        if let previous = kept.last, fast(previous, point),
          kept.count < 2 || !fast(kept[kept.count - 2], previous)
        {
          dropped += 1
          continue
        }
      } else if let previous = kept.last, fast(previous, point) {
        if fast(point, points[index + 1]) {
          dropped += 1
          continue
        }
        // A run of 2 to ``maximumJumpRun`` jump points: the point after it is fast from the
        // run's last point but not from the point before the run.
        let run = (2...Self.maximumJumpRun).first {
          index + $0 < points.count && fast(points[index + $0 - 1], points[index + $0])
            && !fast(previous, points[index + $0])
        }
        if let run {
          dropped += run
          skipUntil = index + run
          continue
        }
      }
      kept.append(point)
    }
    return (kept, dropped)
  }

  /// Each point's cumulative distance, m, from the nearest points that carry one (see the type's
  /// rules), or `nil` where none reaches: recorded distances, else positions; interpolated in
  /// timer time (the time outside `stops`).
  static func cumulativeDistances(_ points: [RecordingPoint], stops: [Range<Double>]) -> [Double?] {
    var known = [Double?](repeating: nil, count: points.count)
    let withDistance = points.indices.filter { points[$0].distance != nil }
    if withDistance.count >= 2 {
      // A drop of more than ``distanceReset`` is a counter starting again (a new session of a
      // multisport or chained file): later distances count on from the last one before it.
      var offset = 0.0
      var previous: Double?
      for index in withDistance {
        guard let raw = points[index].distance else { continue }
        if let last = previous, raw < last - distanceReset { offset += last }
        known[index] = offset + raw
        previous = raw
      }
      if let first = withDistance.first, first > 0, let distance = points[first].distance,
        distance / (points[first].time - points[0].time) <= jumpSpeed
      {
        known[0] = 0
      }
    } else {
      var total = 0.0
      var previous: RecordingPoint?
      for (index, point) in points.enumerated() {
        guard let lat = point.latitude, let lon = point.longitude else { continue }
        if let p = previous, let plat = p.latitude, let plon = p.longitude {
          total += haversine(plat, plon, lat, lon)
        }
        known[index] = total
        previous = point
      }
      guard known.compactMap({ $0 }).count >= 2 else {
        return [Double?](repeating: nil, count: points.count)
      }
    }
    // Timer time of each point: its time less the stopped time before it.
    func timerTime(_ time: Double) -> Double {
      var stopped = 0.0
      for span in stops where span.lowerBound < time {
        stopped += min(time, span.upperBound) - span.lowerBound
      }
      return time - stopped
    }
    let clock = points.map { timerTime($0.time) }
    var result = known
    var last: Int?
    for index in points.indices {
      guard known[index] != nil else { continue }
      if let previous = last, index - previous > 1, let d0 = known[previous],
        let d1 = known[index]
      {
        let span = clock[index] - clock[previous]
        for between in (previous + 1)..<index {
          let fraction =
            span > 0
            ? (clock[between] - clock[previous]) / span
            : Double(between - previous) / Double(index - previous)
          result[between] = d0 + (d1 - d0) * fraction
        }
      }
      last = index
    }
    return result
  }

  /// The speed over one segment, m/s (see the type's rules), never negative: the cumulative
  /// distances' difference over the time when both ends have one, else the positions, else the
  /// mean of the recorded speeds present, else 0.
  static func speed(
    from a: RecordingPoint, to b: RecordingPoint, seconds: Double,
    cumulative: (Double?, Double?)
  ) -> Double {
    guard seconds > 0 else { return 0 }
    var value = 0.0
    if let first = cumulative.0, let second = cumulative.1 {
      value = (second - first) / seconds
    } else if let lat1 = a.latitude, let lon1 = a.longitude, let lat2 = b.latitude,
      let lon2 = b.longitude
    {
      value = haversine(lat1, lon1, lat2, lon2) / seconds
    } else if let speed = mean(a.speed, b.speed) {
      value = speed
    }
    return value.isFinite ? max(0, value) : 0
  }

  /// Great-circle distance between two WGS 84 positions in degrees, m (``haversineMetres(_:_:_:_:)``:
  /// R. W. Sinnott, "Virtues of the Haversine", Sky and Telescope 68 (2), 1984).
  public static func haversine(
    _ latitude1: Double, _ longitude1: Double, _ latitude2: Double, _ longitude2: Double
  ) -> Double {
    haversineMetres(latitude1, longitude1, latitude2, longitude2)
  }

  /// The mean of the values present, or `nil` when neither is.
  static func mean(_ a: Double?, _ b: Double?) -> Double? {
    switch (a, b) {
    case (let x?, let y?): (x + y) / 2
    case (let x?, nil): x
    case (nil, let y?): y
    case (nil, nil): nil
    }
  }
}

/// Recorded altitude against travelled distance, linearly interpolated, for smoothed grades.
struct AltitudeProfile {
  /// Distinct travelled distances, increasing, m.
  var distances: [Double]
  /// Mean recorded altitude at each distance, m.
  var altitudes: [Double]

  /// The profile of the points that have an altitude, or `nil` when none has.
  ///
  /// - Parameters:
  ///   - distances: travelled distance of each point, non-decreasing.
  ///   - altitudes: each point's altitude, if recorded.
  init?(distances pointDistances: [Double], altitudes pointAltitudes: [Double?]) {
    var distances: [Double] = []
    var altitudes: [Double] = []
    var count = 0.0
    for (distance, altitude) in zip(pointDistances, pointAltitudes) {
      guard let altitude, altitude.isFinite else { continue }
      if let last = distances.last, last == distance {
        count += 1
        altitudes[altitudes.count - 1] += (altitude - altitudes[altitudes.count - 1]) / count
      } else {
        distances.append(distance)
        altitudes.append(altitude)
        count = 1
      }
    }
    guard !distances.isEmpty else { return nil }
    self.distances = distances
    self.altitudes = altitudes
  }

  /// `A(s)`: the altitude at travelled distance `s`, interpolated; the end values outside.
  func altitude(at distance: Double) -> Double {
    guard let first = distances.first, let last = distances.last else { return 0 }
    if distance <= first { return altitudes[0] }
    if distance >= last { return altitudes[altitudes.count - 1] }
    var low = 0
    var high = distances.count - 1
    while high - low > 1 {
      let middle = (low + high) / 2
      if distances[middle] <= distance { low = middle } else { high = middle }
    }
    let fraction = (distance - distances[low]) / (distances[high] - distances[low])
    return altitudes[low] + (altitudes[high] - altitudes[low]) * fraction
  }

  /// The smoothed grade of the segment from travelled distance `start` to `end`: the central
  /// difference of `A` over `[m − w, m + w]` around the midpoint `m`, the window cut at the
  /// profile's ends; 0 when the window is empty. Not clamped.
  func grade(from start: Double, to end: Double, halfWindow: Double) -> Double {
    guard let first = distances.first, let last = distances.last else { return 0 }
    let middle = (start + end) / 2
    let low = max(first, middle - halfWindow)
    let high = min(last, middle + halfWindow)
    guard high > low else { return 0 }
    return (altitude(at: high) - altitude(at: low)) / (high - low)
  }
}
