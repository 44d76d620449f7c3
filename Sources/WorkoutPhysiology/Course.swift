import WorkoutCore

/// One piece of a course: what the body does for `duration`
/// (docs/scenario-format.md#course-segments).
public struct CourseSegment: Sendable, Equatable {
  /// The speeds a segment may give, m/s: 0 to 50 (a project rule; the fastest bodies, cyclists
  /// descending, stay below 30 m/s, and beyond the limit distances and energies stop meaning
  /// anything).
  public static let speedRange: ClosedRange<Double> = 0...50
  /// The powers a segment may give, W: 0 to 3000 (a project rule; track sprinters peak near
  /// 2500 W).
  public static let powerRange: ClosedRange<Double> = 0...3000
  /// The cadences a segment may give, per minute: 0 to 300 (a project rule; sprinting runners
  /// reach about 250 steps/min, cyclists about 200 rpm).
  public static let cadenceRange: ClosedRange<Double> = 0...300
  /// The gross METs a segment may give, 1 to 25 (a project rule: 1 MET is rest, no energy
  /// above it; the 2011 Compendium's highest entry, running at 14 mph (code 12135), is 23.0
  /// MET, so every Compendium activity fits; docs/models.md#other-activities-compendium).
  public static let metsRange: ClosedRange<Double> = 1...25

  /// How long the segment lasts; above zero.
  public var duration: Duration
  /// Speed in m/s, ≥ 0; `nil` when only `power` is given (speed then follows from the cycling
  /// power model).
  public var speed: Double?
  /// Grade as a fraction (0.08 = 8 % uphill), within −0.45...0.45; default 0.
  public var grade: Double
  /// Cycling power in W, ≥ 0 (cycling only; the scenario layer rejects it elsewhere).
  public var power: Double?
  /// Cadence override: steps/min on foot, rpm on a bike; ≥ 0.
  public var cadence: Double?
  /// Whether a cyclist covers this segment on foot, pushing the bike (a ridden recording's gap
  /// slower than a bike is ridden, ``RecordingCourse``'s rule; docs/models.md#on-foot-on-a-ride):
  /// its workload is ``Metabolism/netVO2PushingBike(metresPerSecond:grade:bodyMassKg:bikeMassKg:)``
  /// at its speed and grade, with no power, no pedal cadence and no braking floor. Only a
  /// cycling workout reads it; default `false`.
  public var onFoot: Bool
  /// The segment's own intensity in gross METs (multiples of 3.5 mL·kg⁻¹·min⁻¹), within
  /// ``metsRange``, for an activity that burns a constant Compendium MET (``CompendiumActivity``:
  /// HIIT, strength training, elliptical, ...): its energy and heart rate follow this MET
  /// instead of the activity's Compendium entry while the segment lasts
  /// (docs/models.md#other-activities-compendium). `nil` (the default) keeps the activity's
  /// entry. An activity with a course model (running, cycling, rowing, ...) refuses it
  /// (``metsProblem(activity:)``).
  public var mets: Double?

  /// Creates a segment.
  ///
  /// - Parameters:
  ///   - duration: above zero.
  ///   - speed: m/s.
  ///   - grade: fraction.
  ///   - power: W.
  ///   - cadence: per minute.
  ///   - onFoot: a cyclist walking the bike (default `false`).
  ///   - mets: gross METs of a constant-MET activity (default `nil`: the activity's own).
  public init(
    duration: Duration, speed: Double? = nil, grade: Double = 0, power: Double? = nil,
    cadence: Double? = nil, onFoot: Bool = false, mets: Double? = nil
  ) {
    self.duration = duration
    self.speed = speed
    self.grade = grade
    self.power = power
    self.cadence = cadence
    self.onFoot = onFoot
    self.mets = mets
  }

  /// Why a segment giving ``mets`` does not fit a workout of `activity`, or `nil` when it does:
  /// only an activity that burns a constant Compendium MET (one with a
  /// ``CompendiumActivity/entry(for:)``) reads a segment's MET; the others' energy follows the
  /// course's speed, power or cadence. The one rule of the decoder (a file's `course[i].met`),
  /// the Swift initializer and a run (`--type`).
  public static func metsProblem(activity: WorkoutActivityType) -> String? {
    guard CompendiumActivity.entry(for: activity) == nil else { return nil }
    return
      "\"met\" is only for an activity that burns a constant Compendium MET, such as \"highIntensityIntervalTraining\" (the activity is \"\(activity.name)\", whose energy follows the course's speed): remove \"met\" and give \"speed\", or change the activity"
  }
}

/// A recorded heart-rate reading, for courses built from a recorded file.
public struct RecordedHeartRate: Sendable, Equatable {
  /// When it was recorded, in scenario time.
  public var instant: SimulationInstant
  /// Heart rate in bpm.
  public var beatsPerMinute: Double

  /// Creates a reading.
  public init(instant: SimulationInstant, beatsPerMinute: Double) {
    self.instant = instant
    self.beatsPerMinute = beatsPerMinute
  }
}

/// A recorded position, for courses built from a recorded file (carried for exporters; the
/// physiology does not use it).
public struct TrackPoint: Sendable, Equatable {
  /// When it was recorded, in scenario time.
  public var instant: SimulationInstant
  /// Latitude in degrees (WGS 84), if recorded.
  public var latitude: Double?
  /// Longitude in degrees (WGS 84), if recorded.
  public var longitude: Double?
  /// Altitude in metres, if recorded.
  public var altitude: Double?

  /// Creates a point.
  public init(
    instant: SimulationInstant, latitude: Double? = nil, longitude: Double? = nil,
    altitude: Double? = nil
  ) {
    self.instant = instant
    self.latitude = latitude
    self.longitude = longitude
    self.altitude = altitude
  }
}

/// Why a ``Course`` could not be built. `index` is the segment's (or reading's) position.
public enum CourseError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A segment's duration is not above zero.
  case nonPositiveDuration(index: Int)
  /// A segment has none of `speed`, `power`, `cadence` and `mets` (a stair climber's steps
  /// and a constant-MET activity's intensity need no speed).
  case missingSpeedAndPower(index: Int)
  /// A segment's grade is not finite or outside −0.45...0.45.
  case gradeOutOfRange(index: Int, grade: Double)
  /// A segment's speed, power, cadence or MET is not finite or outside its range
  /// (``CourseSegment/speedRange``, ``CourseSegment/powerRange``,
  /// ``CourseSegment/cadenceRange``, ``CourseSegment/metsRange``); `field` is its key.
  case invalidValue(index: Int, field: String, value: Double)
  /// Recorded heart-rate readings are not in strictly increasing time order, or one is not
  /// finite and positive.
  case invalidRecordedHeartRate(index: Int)
  /// The course is longer than `SimulationInstant` can represent.
  case tooLong

  /// What is wrong, naming the segment (1-based) and the value: `segment 3: grade 0.5 is
  /// outside -0.45...0.45`.
  public var description: String {
    switch self {
    case .nonPositiveDuration(let index): "segment \(index + 1): duration must be above 0"
    case .missingSpeedAndPower(let index):
      "segment \(index + 1): needs speed, power, cadence or met"
    case .gradeOutOfRange(let index, let grade):
      "segment \(index + 1): grade \(grade) is outside -0.45...0.45"
    case .invalidValue(let index, let field, let value):
      "segment \(index + 1): \(field) \(value) is outside what a body does (\(Self.range(of: field)))"
    case .invalidRecordedHeartRate(let index):
      "heart-rate reading \(index + 1) is not after the previous one or not above 0"
    case .tooLong: "the course spans more than 9e9 s (about 285 years)"
    }
  }

  private static func range(of field: String) -> String {
    switch field {
    case "speed": "0 to 50 m/s"
    case "power": "0 to 3000 W"
    case "met": "1 to 25 MET"
    default: "0 to 300 per minute"
    }
  }
}

/// What the body does, as piecewise-constant segments played from `t = 0`; after the last segment
/// the body stands still (speed 0, grade 0). See
/// docs/scenario-format.md#course.
///
/// A course built from a recording (a later issue) is the same thing with many short segments,
/// plus an optional recorded heart-rate series (``recordedHeartRate``, reported instead of the
/// modelled heart rate) and an optional track (``track``).
public struct Course: Sendable, Equatable {
  /// The segments in play order.
  public let segments: [CourseSegment]
  /// Start instant of each segment, in nanoseconds since `t = 0` (`starts[0] == 0`).
  public let starts: [SimulationInstant]
  /// The instant the last segment ends; the body stands still from here.
  public let end: SimulationInstant
  /// Recorded heart rate, strictly increasing in time; empty when the heart rate is modelled.
  public let recordedHeartRate: [RecordedHeartRate]
  /// Recorded positions and altitude; empty for a synthetic course.
  public let track: [TrackPoint]

  /// Longest gap between two recorded heart-rate readings that is interpolated across, 10 s
  /// (docs/scenario-format.md#recording-object: a longer gap has no recorded heart rate).
  public static let maximumRecordedGap = Duration.seconds(10)

  /// Creates a course.
  ///
  /// - Parameters:
  ///   - segments: in play order.
  ///   - recordedHeartRate: readings in strictly increasing time order (default none).
  ///   - track: recorded positions (default none).
  /// - Throws: ``CourseError`` naming the first bad segment or reading.
  public init(
    segments: [CourseSegment], recordedHeartRate: [RecordedHeartRate] = [],
    track: [TrackPoint] = []
  ) throws(CourseError) {
    var starts: [SimulationInstant] = []
    starts.reserveCapacity(segments.count)
    var clock: Int64 = 0
    for (index, segment) in segments.enumerated() {
      let nanoseconds = segment.duration.wholeNanoseconds
      guard nanoseconds > 0 else { throw .nonPositiveDuration(index: index) }
      guard
        segment.speed != nil || segment.power != nil || segment.cadence != nil
          || segment.mets != nil
      else {
        throw .missingSpeedAndPower(index: index)
      }
      guard segment.grade.isFinite, abs(segment.grade) <= 0.45 else {
        throw .gradeOutOfRange(index: index, grade: segment.grade)
      }
      for (field, value, range) in [
        ("speed", segment.speed, CourseSegment.speedRange),
        ("power", segment.power, CourseSegment.powerRange),
        ("cadence", segment.cadence, CourseSegment.cadenceRange),
        ("met", segment.mets, CourseSegment.metsRange),
      ] {
        if let value, !(value.isFinite && range.contains(value)) {
          throw .invalidValue(index: index, field: field, value: value)
        }
      }
      starts.append(SimulationInstant(nanoseconds: clock))
      let (sum, overflow) = clock.addingReportingOverflow(nanoseconds)
      guard !overflow else { throw .tooLong }
      clock = sum
    }
    for (index, reading) in recordedHeartRate.enumerated() {
      guard reading.beatsPerMinute.isFinite, reading.beatsPerMinute > 0,
        index == 0 || recordedHeartRate[index - 1].instant < reading.instant
      else { throw .invalidRecordedHeartRate(index: index) }
    }
    self.segments = segments
    self.starts = starts
    self.end = SimulationInstant(nanoseconds: clock)
    self.recordedHeartRate = recordedHeartRate
    self.track = track
  }

  /// The empty course: the body stands still throughout (the scenario default `[]`).
  public static let standingStill: Course = {
    guard let course = try? Course(segments: []) else {
      preconditionFailure("Course.standingStill: the empty course was rejected")
    }
    return course
  }()

  /// The index of the segment in play at `instant`, or `nil` before `t = 0` and from ``end`` on
  /// (standing still). Binary search, O(log n).
  public func segmentIndex(at instant: SimulationInstant) -> Int? {
    guard instant >= .zero, instant < end else { return nil }
    var low = 0
    var high = starts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if starts[mid] <= instant { low = mid } else { high = mid - 1 }
    }
    return low
  }

  /// The recorded heart rate at `instant` in bpm, linearly interpolated between neighbouring
  /// readings no more than ``maximumRecordedGap`` apart; `nil` outside the readings, in a longer
  /// gap, or when none were recorded.
  public func recordedHeartRate(at instant: SimulationInstant) -> Double? {
    var cursor = 0
    return Self.interpolate(recordedHeartRate, at: instant, cursor: &cursor)
  }

  /// Interpolation with a forward cursor (amortised O(1) for non-decreasing instants).
  static func interpolate(
    _ readings: [RecordedHeartRate], at instant: SimulationInstant, cursor: inout Int
  ) -> Double? {
    guard let first = readings.first, let last = readings.last,
      instant >= first.instant, instant <= last.instant
    else { return nil }
    if cursor >= readings.count || readings[cursor].instant > instant { cursor = 0 }
    while cursor + 1 < readings.count && readings[cursor + 1].instant <= instant {
      cursor += 1
    }
    let before = readings[cursor]
    if before.instant == instant { return before.beatsPerMinute }
    let after = readings[cursor + 1]
    let gap = after.instant.nanoseconds - before.instant.nanoseconds
    guard gap <= maximumRecordedGap.wholeNanoseconds else { return nil }
    let fraction = Double(instant.nanoseconds - before.instant.nanoseconds) / Double(gap)
    return before.beatsPerMinute + (after.beatsPerMinute - before.beatsPerMinute) * fraction
  }
}
