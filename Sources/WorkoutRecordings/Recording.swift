import Foundation
import WorkoutFiles

/// One recorded point of a workout file (a FIT `record` message, a TCX `Trackpoint`, a GPX
/// `trkpt`). Every measurement is optional: a file carries only what its device measured.
public struct RecordingPoint: Sendable, Equatable {
  /// Time stamp, seconds since 1970-01-01T00:00:00Z (Unix time; FIT time stamps, which count
  /// from 1989-12-31T00:00:00Z, are shifted by 631 065 600 s).
  public var time: Double
  /// Latitude in degrees (WGS 84), north positive. FIT semicircles are converted as
  /// `semicircles × (180 / 2^31)`.
  public var latitude: Double?
  /// Longitude in degrees (WGS 84), east positive.
  public var longitude: Double?
  /// Altitude in metres above mean sea level (FIT `enhanced_altitude` when present, else
  /// `altitude`; both scale 5, offset 500).
  public var altitude: Double?
  /// Cumulative distance from the start of the file in metres, as the device recorded it.
  public var distance: Double?
  /// Speed in metres per second (FIT `enhanced_speed` when present, else `speed`; TCX
  /// ActivityExtension `Speed`; GPX TrackPointExtension v2 `speed`).
  public var speed: Double?
  /// Heart rate in beats per minute.
  public var heartRate: Double?
  /// Cadence in cycles per minute, in the unit the file stores: pedal revolutions per minute
  /// for cycling, and **strides** per minute (one per full cycle of both legs) for running and
  /// walking, which is how Garmin records running cadence in FIT (`cadence` plus
  /// `fractional_cadence / 128`), TCX (`Cadence`, ActivityExtension `RunCadence`) and GPX
  /// (TrackPointExtension `cad`). Steps per minute are `2 × cadence` for on-foot sports.
  public var cadence: Double?
  /// Power in watts.
  public var power: Double?

  /// Creates a point; every measurement defaults to absent.
  public init(
    time: Double, latitude: Double? = nil, longitude: Double? = nil, altitude: Double? = nil,
    distance: Double? = nil, speed: Double? = nil, heartRate: Double? = nil,
    cadence: Double? = nil, power: Double? = nil
  ) {
    self.time = time
    self.latitude = latitude
    self.longitude = longitude
    self.altitude = altitude
    self.distance = distance
    self.speed = speed
    self.heartRate = heartRate
    self.cadence = cadence
    self.power = power
  }
}

/// A summary the file itself carries for a lap or for the whole session (FIT `lap` and
/// `session` messages, TCX `Lap` elements). Values are what the device wrote, not recomputed.
public struct RecordingSummary: Sendable, Equatable {
  /// Start, seconds since 1970 (FIT `start_time`, TCX `Lap StartTime`).
  public var startTime: Double?
  /// Wall-clock span including pauses, s (FIT `total_elapsed_time`).
  public var totalElapsedTime: Double?
  /// Time with the timer running, s (FIT `total_timer_time`, TCX `TotalTimeSeconds`).
  public var totalTimerTime: Double?
  /// Distance, m (FIT `total_distance`, TCX `DistanceMeters`).
  public var totalDistance: Double?
  /// Energy, kcal (FIT `total_calories`, TCX `Calories`).
  public var totalCalories: Double?
  /// Sum of climbs, m (FIT `total_ascent`).
  public var totalAscent: Double?
  /// Sum of descents, m (FIT `total_descent`).
  public var totalDescent: Double?
  /// Mean heart rate, bpm.
  public var averageHeartRate: Double?
  /// Maximum heart rate, bpm.
  public var maximumHeartRate: Double?
  /// Mean cadence, in the unit of ``RecordingPoint/cadence`` (strides/min on foot, rpm cycling).
  public var averageCadence: Double?
  /// Maximum cadence, same unit.
  public var maximumCadence: Double?
  /// Mean speed, m/s (FIT `enhanced_avg_speed` or `avg_speed`).
  public var averageSpeed: Double?
  /// Maximum speed, m/s.
  public var maximumSpeed: Double?
  /// Mean power, W.
  public var averagePower: Double?
  /// The sport as the file names it (FIT `sport` enum name such as `running`, `cycling`,
  /// `walking`, or the raw number when unknown; TCX `Activity Sport`).
  public var sport: String?
  /// The pool's length for a pool swim, m (FIT session `pool_length`, field 44, scale 100; FIT
  /// SDK profile, message `session`); `nil` elsewhere.
  public var poolLength: Double?
  /// How many pool lengths, rests included (FIT session `num_lengths`, field 33; lap field 32).
  public var lengthCount: Int?
  /// How many of them were swum (FIT session `num_active_lengths`, field 47; lap field 40).
  public var activeLengthCount: Int?

  /// Creates an empty summary.
  public init() {}
}

/// One length of a pool swim (FIT `length` message, 101; FIT SDK profile, message `length`):
/// from one wall of the pool to the other, or a rest at the wall (`length_type` idle).
public struct RecordingLength: Sendable, Equatable {
  /// Start, seconds since 1970 (`start_time`, field 2; else the time stamp less the elapsed
  /// time).
  public var startTime: Double
  /// Its duration, s (`total_elapsed_time`, field 3, scale 1000).
  public var elapsedTime: Double
  /// Whether it is a rest (`length_type`, field 12, `idle` (0)); `active` (1) and a length
  /// without a type are swum.
  public var isIdle: Bool
  /// Strokes in it (`total_strokes`, field 5), or `nil`.
  public var strokes: Double?
  /// The stroke style as the profile names it (`swim_stroke`, field 7: `freestyle`,
  /// `backstroke`, `breaststroke`, `butterfly`, `drill`, `mixed`, `im`, or the raw number), or
  /// `nil`.
  public var stroke: String?

  /// Creates a length.
  public init(
    startTime: Double, elapsedTime: Double, isIdle: Bool = false, strokes: Double? = nil,
    stroke: String? = nil
  ) {
    self.startTime = startTime
    self.elapsedTime = elapsedTime
    self.isIdle = isIdle
    self.strokes = strokes
    self.stroke = stroke
  }
}

/// A start or stop of the device's timer (FIT `event` message with `event` = `timer` (0);
/// `event_type` `start` (0) is a start, `stop` (1), `stop_all` (4), `stop_disable` (8) and
/// `stop_disable_all` (9) are stops; FIT profile, types `event` and `event_type`). While the
/// timer is stopped the device counts no time and no distance; the replay treats that span as a
/// stop (docs/recordings.md, "Stops").
public struct RecordingTimerEvent: Sendable, Equatable {
  /// Whether the timer starts or stops.
  public enum Kind: Sendable, Equatable {
    /// The timer starts (the workout's start, or a resume).
    case start
    /// The timer stops (a pause, or the end).
    case stop
  }

  /// Time stamp, seconds since 1970.
  public var time: Double
  /// Start or stop.
  public var kind: Kind

  /// Creates an event.
  public init(time: Double, kind: Kind) {
    self.time = time
    self.kind = kind
  }
}

/// A recorded workout read from a FIT, TCX or GPX file.
public struct Recording: Sendable, Equatable {
  /// The file format it was read from.
  public var format: RecordingFormat
  /// The activity's sport as the file names it (FIT session `sport`, TCX `Activity Sport`,
  /// GPX `trk/type`), or `nil`.
  public var sport: String?
  /// Points in file order (time stamps are not reordered).
  public var points: [RecordingPoint]
  /// The laps the file carries (FIT `lap` messages, TCX `Lap` elements); empty for GPX.
  public var laps: [RecordingSummary]
  /// The session summary (FIT `session`); `nil` for TCX and GPX, which have none.
  public var session: RecordingSummary?
  /// Every sport part of the file in order: each FIT `session` message, or each TCX `Activity`
  /// (its `sport`, the first lap's `startTime`, and the laps' totals summed); empty for GPX.
  /// A multisport file has several (docs/recordings.md, "Multisport").
  public var sessions: [RecordingSummary]
  /// The device's timer starts and stops in file order: FIT `event` messages; for TCX a second
  /// `Track` inside one `Lap`, for GPX a second `trkseg` inside one `trk` (a stop at the last
  /// point before it, a start at its first point).
  public var timerEvents: [RecordingTimerEvent]
  /// Track points without a time stamp before the first or after the last timed point, which
  /// the reader dropped (untimed points between timed ones get an interpolated time instead).
  public var droppedUntimedPoints: Int
  /// Sport parts the reader dropped, each described in words (a TCX `Activity` that overlaps
  /// the one before it in time); empty when none was.
  public var droppedParts: [String]
  /// The lengths of a pool swim in file order (FIT `length` messages); empty for other files.
  public var lengths: [RecordingLength]

  /// Creates a recording.
  public init(
    format: RecordingFormat, sport: String? = nil, points: [RecordingPoint],
    laps: [RecordingSummary] = [], session: RecordingSummary? = nil,
    sessions: [RecordingSummary] = [], timerEvents: [RecordingTimerEvent] = [],
    droppedUntimedPoints: Int = 0, droppedParts: [String] = [], lengths: [RecordingLength] = []
  ) {
    self.droppedParts = droppedParts
    self.lengths = lengths
    self.format = format
    self.sport = sport
    self.points = points
    self.laps = laps
    self.session = session
    self.sessions = sessions
    self.timerEvents = timerEvents
    self.droppedUntimedPoints = droppedUntimedPoints
  }

  /// The time span the device's timer was stopped, seconds since 1970, in order: from each stop
  /// to the next start (to the last point when no start follows). A stop while stopped and a
  /// start while running are ignored.
  public var timerStoppedSpans: [Range<Double>] {
    var spans: [Range<Double>] = []
    var stoppedAt: Double?
    for event in timerEvents {
      switch (event.kind, stoppedAt) {
      case (.stop, nil): stoppedAt = event.time
      case (.start, let from?):
        if event.time > from { spans.append(from..<event.time) }
        stoppedAt = nil
      default: break
      }
    }
    if let from = stoppedAt, let last = points.map(\.time).max(), last > from {
      spans.append(from..<last)
    }
    return spans
  }

  /// The cumulative distance of a pool swim, from its lengths: a point (time and distance only)
  /// at the start and at the end of each length, in time order, the distance advancing by the
  /// pool's length across each length swum (not idle) and standing still across a rest
  /// (docs/recordings.md, "Pool swims"). Empty when the file has no lengths or no session with
  /// a pool length above 0 m.
  ///
  /// A length's pool is the ``RecordingSummary/poolLength`` of the last session with one that
  /// starts at or before it, else of the first session with one. Lengths are taken by start
  /// time; one that starts before the one before it ends starts at that end instead. Points at
  /// the same time keep the larger distance, so a length of 0 s advances the distance at once.
  /// The total is `active lengths × pool length` (40 lengths of 25 m: 1000 m).
  public var poolSwimDistances: [RecordingPoint] {
    guard sessions.contains(where: { Self.pool(of: $0) != nil }), !lengths.isEmpty else {
      return []
    }
    let ordered = lengthsInTimeOrder
    var points: [RecordingPoint] = []
    points.reserveCapacity(2 * ordered.count)
    var distance = 0.0
    func add(_ time: Double) {
      if let last = points.last, last.time >= time {
        points[points.count - 1].distance = distance
      } else {
        points.append(RecordingPoint(time: time, distance: distance))
      }
    }
    for length in ordered {
      let start = length.startTime
      let end = start + max(0, length.elapsedTime)
      add(start)
      if !length.isIdle, let pool = poolLength(at: length.startTime) {
        distance += pool
      }
      add(end)
    }
    return points
  }

  /// The lengths with finite times, in start order (equal starts in file order), each starting
  /// no earlier than the one before it ends (its start, plus its elapsed time when above 0): one
  /// that starts earlier starts at that end instead, its elapsed time kept (docs/recordings.md,
  /// "Pool swims"). The one rule of the course's distance (``poolSwimDistances``) and of the
  /// watch's `lap` events of a replayed swim; ``overlappingLengthCount`` counts the moved ones.
  ///
  /// Worked value: lengths of 30 s from 0 s, 30 s from 25 s and 30 s from 60 s start at 0, 30
  /// and 60 s (the second moved by 5 s, to the first's end; the third, after the second's new
  /// end, keeps its start).
  public var lengthsInTimeOrder: [RecordingLength] { Self.timeOrdered(lengths).lengths }

  /// How many of ``lengthsInTimeOrder`` start later than the file says, because the file starts
  /// them before the length before them ends.
  public var overlappingLengthCount: Int { Self.timeOrdered(lengths).moved }

  /// ``lengthsInTimeOrder`` of `lengths` and how many were moved.
  private static func timeOrdered(_ lengths: [RecordingLength]) -> (
    lengths: [RecordingLength], moved: Int
  ) {
    let ordered = lengths.enumerated().sorted {
      ($0.element.startTime, $0.offset) < ($1.element.startTime, $1.offset)
    }.map(\.element)
    var result: [RecordingLength] = []
    result.reserveCapacity(ordered.count)
    var moved = 0
    var previousEnd = -Double.infinity
    for var length in ordered {
      guard length.startTime.isFinite, length.elapsedTime.isFinite else { continue }
      if length.startTime < previousEnd {
        length.startTime = previousEnd
        moved += 1
      }
      let end = length.startTime + max(0, length.elapsedTime)
      guard end.isFinite else { continue }
      previousEnd = end
      result.append(length)
    }
    return (result, moved)
  }

  /// The pool's length in metres for a length that starts at `time` (seconds since 1970): the
  /// ``RecordingSummary/poolLength`` of the last session with one above 0 m that starts at or
  /// before `time`, else of the first session with one; `nil` when no session has one
  /// (docs/recordings.md, "Pool swims").
  public func poolLength(at time: Double) -> Double? {
    let pools = sessions.compactMap { session in
      Self.pool(of: session).map { (start: session.startTime ?? -.infinity, length: $0) }
    }
    return (pools.last { $0.start <= time } ?? pools.first)?.length
  }

  /// A session's finite pool length above 0 m, or `nil`.
  private static func pool(of session: RecordingSummary) -> Double? {
    guard let pool = session.poolLength, pool.isFinite, pool > 0 else { return nil }
    return pool
  }

  /// Reads a recording from disk; the format comes from the extension (`.fit`, `.tcx`, `.gpx`,
  /// case-insensitive).
  ///
  /// - Parameter path: File path.
  /// - Throws: ``RecordingError`` (``RecordingError/unsupportedFormat(file:)`` for another
  ///   extension, ``RecordingError/unreadable(file:reason:)`` when the file cannot be read, and
  ///   every decoding error of ``decode(_:format:file:)``).
  public static func read(path: String) throws(RecordingError) -> Recording {
    // What is at the path, in words (a FIFO, a device such as /dev/zero, a symlink loop: 66),
    // before its name's extension (65).
    if let problem = InputFile.problem(path: path) {
      throw .unreadable(file: path, reason: problem.reason)
    }
    guard let format = RecordingFormat(pathExtension: (path as NSString).pathExtension) else {
      throw .unsupportedFormat(file: path)
    }
    switch InputFile.read(path: path) {
    case .success(let bytes): return try decode(bytes, format: format, file: path)
    case .failure(let problem): throw .unreadable(file: path, reason: problem.reason)
    }
  }

  /// Reads a GPX file's track points for a scripted course's line (`gps.track`,
  /// docs/scenario-format.md#gps): every `trkpt` in order with its position and elevation, its
  /// time not needed.
  ///
  /// - Throws: ``RecordingError``: ``RecordingError/unsupportedFormat(file:)`` for a file whose
  ///   name does not end in `.gpx`, ``RecordingError/unreadable(file:reason:)``,
  ///   ``RecordingError/empty(file:)``, the XML errors of ``decode(_:format:file:)``,
  ///   and ``RecordingError/implausibleValue(file:point:message:)`` for a position off the
  ///   globe. Returns every point, none or one included (the caller needs a line).
  public static func readTrackPoints(path: String) throws(RecordingError) -> [RecordingPoint] {
    if let problem = InputFile.problem(path: path) {
      throw .unreadable(file: path, reason: problem.reason)
    }
    guard RecordingFormat(pathExtension: (path as NSString).pathExtension) == .gpx else {
      throw .unsupportedFormat(file: path)
    }
    let bytes: [UInt8]
    switch InputFile.read(path: path) {
    case .success(let read): bytes = read
    case .failure(let problem): throw .unreadable(file: path, reason: problem.reason)
    }
    guard !bytes.isEmpty else { throw .empty(file: path) }
    let points = try GPXReader.trackPoints(bytes, file: path)
    try checkPlausible(Recording(format: .gpx, sport: nil, points: points), file: path)
    return points
  }

  /// Decodes a recording from bytes.
  ///
  /// - Parameters:
  ///   - bytes: The whole file.
  ///   - format: Which reader to use.
  ///   - file: The name used in error messages.
  /// - Throws: ``RecordingError``: ``RecordingError/empty(file:)`` for no bytes, FIT errors
  ///   (``RecordingError/notFIT(file:reason:)``, ``RecordingError/truncated(file:offset:)``,
  ///   ``RecordingError/headerCRC(file:stored:computed:)``,
  ///   ``RecordingError/fileCRC(file:stored:computed:)``,
  ///   ``RecordingError/malformedFIT(file:offset:reason:)``), XML errors
  ///   (``RecordingError/doctype(file:line:column:)``, ``RecordingError/xml(file:line:column:message:)``,
  ///   ``RecordingError/wrongRoot(file:found:expected:)``,
  ///   ``RecordingError/invalidContent(file:line:column:message:)``), and
  ///   ``RecordingError/noPoints(file:)`` when the file holds no point with a time stamp
  ///   (``RecordingError/noFITRecords(file:fileType:)`` for FIT).
  public static func decode(
    _ bytes: [UInt8], format: RecordingFormat, file: String
  ) throws(RecordingError) -> Recording {
    guard !bytes.isEmpty else { throw .empty(file: file) }
    let recording: Recording
    switch format {
    case .fit: recording = try FITReader.decode(bytes, file: file)
    case .tcx: recording = try TCXReader.decode(bytes, file: file)
    case .gpx: recording = try GPXReader.decode(bytes, file: file)
    }
    guard !recording.points.isEmpty else { throw .noPoints(file: file) }
    try checkPlausible(recording, file: file)
    return recording
  }

  /// Refuses values no body or receiver produces, which would otherwise turn into absurd
  /// distances and energies: latitude outside ±90°, longitude outside ±180°, a negative or
  /// non-finite speed, distance, heart rate, cadence or power.
  static func checkPlausible(_ recording: Recording, file: String) throws(RecordingError) {
    for (index, point) in recording.points.enumerated() {
      func refuse(_ what: String) -> RecordingError {
        .implausibleValue(file: file, point: index, message: what)
      }
      if let latitude = point.latitude, !(latitude.isFinite && abs(latitude) <= 90) {
        throw refuse("latitude \(latitude) is outside -90...90 degrees")
      }
      if let longitude = point.longitude, !(longitude.isFinite && abs(longitude) <= 180) {
        throw refuse("longitude \(longitude) is outside -180...180 degrees")
      }
      let values: [(String, Double?)] = [
        ("speed", point.speed), ("distance", point.distance), ("heart rate", point.heartRate),
        ("cadence", point.cadence), ("power", point.power),
      ]
      for case (let name, let value?) in values where !(value.isFinite && value >= 0) {
        throw refuse("\(name) \(value) is not a number at or above 0")
      }
    }
  }
}

/// The recording formats the readers understand.
public enum RecordingFormat: String, Sendable, Equatable, CaseIterable {
  /// Garmin FIT (Flexible and Interoperable Data Transfer), binary.
  case fit
  /// Garmin Training Center Database v2 XML.
  case tcx
  /// GPS Exchange Format 1.1 XML.
  case gpx

  /// The format for a file extension (`fit`, `tcx`, `gpx`, any case, without the dot), or
  /// `nil`.
  public init?(pathExtension: String) {
    self.init(rawValue: pathExtension.lowercased())
  }
}

/// Why a recording could not be read. Every case names the file; XML cases give the 1-based
/// line and column the parser reported.
public enum RecordingError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The extension is not `.fit`, `.tcx` or `.gpx`.
  case unsupportedFormat(file: String)
  /// The file could not be read from disk.
  case unreadable(file: String, reason: String)
  /// The file has no bytes.
  case empty(file: String)
  /// The bytes do not start with a FIT file header (size 12 or 14, `.FIT` signature).
  case notFIT(file: String, reason: String)
  /// The FIT data ends before the header's data size or inside a message.
  case truncated(file: String, offset: Int)
  /// The 14-byte header's CRC is neither 0 nor the CRC of its first 12 bytes.
  case headerCRC(file: String, stored: UInt16, computed: UInt16)
  /// The file CRC after the data does not match.
  case fileCRC(file: String, stored: UInt16, computed: UInt16)
  /// A FIT message cannot be decoded (for example a data message whose local type has no
  /// definition), at this byte offset.
  case malformedFIT(file: String, offset: Int, reason: String)
  /// The XML document contains `<!DOCTYPE` and is refused before parsing (no entities).
  case doctype(file: String, line: Int, column: Int)
  /// The XML parser reported an error.
  case xml(file: String, line: Int, column: Int, message: String)
  /// The root element is not the one the format needs (empty `found` when there is none).
  case wrongRoot(file: String, found: String, expected: String)
  /// The XML is well formed but a value is unusable (a bad time stamp, a number that does not
  /// parse, a track point without a time stamp).
  case invalidContent(file: String, line: Int, column: Int, message: String)
  /// The file has no point with a time stamp.
  case noPoints(file: String)
  /// The file has fewer than two points with a time stamp, so it spans no time to replay.
  case tooFewTimedPoints(file: String, count: Int)
  /// A point holds a value no body or receiver produces (a latitude of 100°, a negative speed);
  /// `point` is its 0-based index among the points with a time stamp.
  case implausibleValue(file: String, point: Int, message: String)
  /// A FIT file without any `record` message that carries a time stamp and without `length`
  /// messages (a settings or weight-scale file, say); `fileType` is its `file_id` type name (FIT profile type `file`),
  /// `nil` without a `file_id`.
  case noFITRecords(file: String, fileType: String?)

  /// `FILE: problem` (with `:LINE:COLUMN` for XML positions).
  public var description: String {
    switch self {
    case .unsupportedFormat(let file):
      return "\(file): not a recording format (use .fit, .tcx or .gpx)"
    case .unreadable(let file, let reason): return "\(file): cannot read file: \(reason)"
    case .empty(let file): return "\(file): empty file"
    case .notFIT(let file, let reason): return "\(file): not a FIT file: \(reason)"
    case .truncated(let file, let offset): return "\(file): FIT file truncated at byte \(offset)"
    case .headerCRC(let file, let stored, let computed):
      return "\(file): FIT header CRC is \(hex(stored)), expected \(hex(computed))"
    case .fileCRC(let file, let stored, let computed):
      return "\(file): FIT file CRC is \(hex(stored)), expected \(hex(computed))"
    case .malformedFIT(let file, let offset, let reason):
      return "\(file): bad FIT message at byte \(offset): \(reason)"
    case .doctype(let file, let line, let column):
      return "\(file):\(line):\(column): DOCTYPE declarations are not accepted"
    case .xml(let file, let line, let column, let message):
      return "\(file):\(line):\(column): XML error: \(message)"
    case .wrongRoot(let file, let found, let expected):
      return found.isEmpty
        ? "\(file): no root element (expected <\(expected)>)"
        : "\(file): root element is <\(found)>, expected <\(expected)>"
    case .invalidContent(let file, let line, let column, let message):
      return "\(file):\(line):\(column): \(message)"
    case .noPoints(let file): return "\(file): no track points with a time stamp"
    case .tooFewTimedPoints(let file, let count):
      return
        "\(file): \(count) track point\(count == 1 ? "" : "s") with a time stamp; a replay needs at least two"
    case .implausibleValue(let file, let point, let message):
      return "\(file): track point \(point + 1): \(message)"
    case .noFITRecords(let file, let fileType):
      guard let fileType, fileType != "activity" else {
        return "\(file): no records with time stamps"
      }
      return "\(file): no records with time stamps (a FIT \(fileType) file, not an activity)"
    }
  }
}

/// A track point as an XML reader collects it: the point, whether it had a time stamp, and where
/// it started in the file (for errors).
struct PendingPoint {
  var point: RecordingPoint
  var timed: Bool
  var line: Int
  var column: Int
}

/// Gives untimed points inside a track a time interpolated by along-track distance between their
/// timed neighbours, and drops untimed points before the first or after the last timed point
/// (docs/recordings.md, "Untimed points").
///
/// The along-track distance is the recorded cumulative distance when every point of the run
/// (the two timed neighbours and the untimed points between) carries one, else the sum of
/// great-circle distances between their positions when all have positions, else the point's
/// position in the run (equal spacing); when the neighbours are at the same distance, equal
/// spacing too. With `a`, `b` the timed neighbours and `s` the distance:
/// `t = t_a + (t_b − t_a) × (s − s_a) / (s_b − s_a)`.
///
/// - Parameters:
///   - pending: the points in file order.
///   - file: the file name for errors.
///   - element: the element's name for the error message (`trkpt`, `Trackpoint`).
/// - Returns: the points with times, and how many untimed points were dropped.
/// - Throws: ``RecordingError/invalidContent(file:line:column:message:)`` at the first untimed
///   point when fewer than two points are timed.
func timed(_ pending: [PendingPoint], file: String, element: String) throws(RecordingError)
  -> (points: [RecordingPoint], dropped: Int)
{
  let timedIndices = pending.indices.filter { pending[$0].timed }
  guard timedIndices.count < pending.count else { return (pending.map(\.point), 0) }
  guard let first = timedIndices.first, let last = timedIndices.last, timedIndices.count >= 2
  else {
    let untimed = pending.first { !$0.timed } ?? pending[0]
    throw .invalidContent(
      file: file, line: untimed.line, column: untimed.column,
      message:
        "\(element) without a time stamp, and \(timedIndices.count) with one (a track needs at least two timed points to place the others)"
    )
  }
  var points = pending.map(\.point)
  for (a, b) in zip(timedIndices, timedIndices.dropFirst()) where b - a > 1 {
    let run = a...b
    let along: [Double]
    if run.allSatisfy({ points[$0].distance != nil }) {
      along = run.map { points[$0].distance ?? 0 }
    } else if run.allSatisfy({ points[$0].latitude != nil && points[$0].longitude != nil }) {
      var total = 0.0
      var sums = [0.0]
      for index in run.dropFirst() {
        let (p, q) = (points[index - 1], points[index])
        total += haversineMetres(
          p.latitude ?? 0, p.longitude ?? 0, q.latitude ?? 0, q.longitude ?? 0)
        sums.append(total)
      }
      along = sums
    } else {
      along = run.map { Double($0 - a) }
    }
    let span = along[along.count - 1] - along[0]
    let (ta, tb) = (points[a].time, points[b].time)
    for index in (a + 1)..<b {
      let k = index - a
      let fraction =
        span > 0 && span.isFinite
        ? min(1, max(0, (along[k] - along[0]) / span)) : Double(k) / Double(b - a)
      points[index].time = ta + (tb - ta) * fraction
    }
  }
  return (Array(points[first...last]), pending.count - (last - first + 1))
}

/// Mean Earth radius, m (IUGG mean radius R1), for ``haversineMetres(_:_:_:_:)``.
public let earthMeanRadius = 6_371_008.8

/// Great-circle distance between two WGS 84 positions in degrees, m, on a sphere of radius
/// ``earthMeanRadius``: `2R·asin(√(sin²(Δφ/2) + cos φ1 cos φ2 sin²(Δλ/2)))` (R. W. Sinnott,
/// "Virtues of the Haversine", Sky and Telescope 68 (2), 1984).
public func haversineMetres(
  _ latitude1: Double, _ longitude1: Double, _ latitude2: Double, _ longitude2: Double
) -> Double {
  let radians = Double.pi / 180
  let phi1 = latitude1 * radians
  let phi2 = latitude2 * radians
  let dPhi = (latitude2 - latitude1) * radians
  let dLambda = (longitude2 - longitude1) * radians
  let h =
    sin(dPhi / 2) * sin(dPhi / 2) + cos(phi1) * cos(phi2) * sin(dLambda / 2) * sin(dLambda / 2)
  return 2 * earthMeanRadius * asin(min(1, h.squareRoot()))
}

private func hex(_ value: UInt16) -> String {
  let digits = String(value, radix: 16, uppercase: true)
  return "0x" + String(repeating: "0", count: 4 - digits.count) + digits
}
