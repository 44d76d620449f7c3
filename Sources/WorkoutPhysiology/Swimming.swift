import WorkoutCore

/// A swimming stroke style, HealthKit's `HKSwimmingStrokeStyle` with its raw values (unknown 0,
/// mixed 1, freestyle 2, backstroke 3, breaststroke 4, butterfly 5, kickboard 6; `HKMetadata.h`
/// and PyObjC's `test_hkmetadata.py`; Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkswimmingstrokestyle). A swim's lengths
/// and sets carry it as the event metadata `HKSwimmingStrokeStyle`
/// (`HKMetadataKeySwimmingStrokeStyle`).
public enum SwimmingStrokeStyle: Int, CaseIterable, Sendable, Hashable {
  /// `.unknown`.
  case unknown = 0
  /// `.mixed`: more than one style in the length.
  case mixed = 1
  /// `.freestyle`.
  case freestyle = 2
  /// `.backstroke`.
  case backstroke = 3
  /// `.breaststroke`.
  case breaststroke = 4
  /// `.butterfly`.
  case butterfly = 5
  /// `.kickboard` (watchOS 9): legs only, no arm strokes.
  case kickboard = 6

  /// The HealthKit case name, as scenarios write it (`"freestyle"`).
  public var name: String {
    switch self {
    case .unknown: "unknown"
    case .mixed: "mixed"
    case .freestyle: "freestyle"
    case .backstroke: "backstroke"
    case .breaststroke: "breaststroke"
    case .butterfly: "butterfly"
    case .kickboard: "kickboard"
    }
  }

  /// The style named `name`, or `nil`.
  public init?(name: String) {
    guard let match = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = match
  }
}

/// The swimmer's arm: speed is stroke rate × distance per stroke, v = SR × DPS (A. B. Craig and
/// D. R. Pendergast, "Relationships of stroke rate, distance per stroke, and velocity in
/// competitive swimming", Med Sci Sports 11:278–283, 1979), so at a given pace a length of
/// `L` metres takes `L / DPS` strokes (docs/models.md#swimming).
///
/// A stroke is one cycle of the arm that wears the watch (project rule: the watch sees one arm;
/// Apple does not document how `swimmingStrokeCount` counts). The distances per stroke cycle are
/// a recreational swimmer's (project values, docs/models.md#swimming), below the race values of
/// Craig et al. 1985 (Med Sci Sports Exerc 17:625–634), where an elite swimmer's DPS is 1.9 to
/// 2.5 m; a scenario can set its own (`swim.sets[].distancePerStroke`).
public enum SwimmingModel {
  /// The default distance per stroke cycle in metres for `style`: freestyle 1.3, backstroke 1.2,
  /// breaststroke 1.0, butterfly 1.1, mixed and unknown 1.2 (the mean of the four), kickboard 0
  /// (no arm strokes).
  public static func distancePerStroke(_ style: SwimmingStrokeStyle) -> Double {
    switch style {
    case .freestyle: 1.3
    case .backstroke: 1.2
    case .breaststroke: 1.0
    case .butterfly: 1.1
    case .mixed, .unknown: 1.2
    case .kickboard: 0
    }
  }

  /// Stroke rate in strokes per minute at `metresPerSecond` with `distancePerStroke` metres a
  /// stroke: 60 × v / DPS; 0 without strokes (DPS 0) or standing still.
  ///
  /// Worked value: 100 m in 2:00 (0.833333 m/s) freestyle, 1.3 m a stroke: 60 × 0.833333 / 1.3
  /// = 38.4615 strokes/min; a 25 m length is 25 / 1.3 = 19.2308 strokes.
  public static func strokeRate(metresPerSecond: Double, distancePerStroke: Double) -> Double {
    guard distancePerStroke > 0, metresPerSecond > 0 else { return 0 }
    return 60 * metresPerSecond / distancePerStroke
  }

  /// The Compendium's slower front-crawl entry: code 18300, crawl at 50 yards a minute,
  /// 8.0 MET; 50 × 0.9144 / 60 = 0.762 m/s (docs/models.md#swimming).
  public static let slowCrawl = (metresPerSecond: 0.762, met: 8.0)

  /// The Compendium's faster front-crawl entry: code 18290, crawl at 75 yards a minute,
  /// 11.0 MET; 75 × 0.9144 / 60 = 1.143 m/s (docs/models.md#swimming).
  public static let fastCrawl = (metresPerSecond: 1.143, met: 11.0)

  /// The swimmer's MET at `metresPerSecond`: the straight line through the Compendium's two
  /// front-crawl entries that name a speed (``slowCrawl``, ``fastCrawl``; Ainsworth et al.'s
  /// Compendium of Physical Activities, codes 18300 and 18290), extended both ways (project
  /// rule, docs/models.md#swimming): 8.0 + 3.0 × (v − 0.762) / 0.381, so 7.874 MET per m/s,
  /// and 2.0 MET standing in the water between sets (v = 0; a negative speed counts as 0).
  /// The stroke style does not enter: a course segment carries the speed and the stroke rate,
  /// not the style.
  ///
  /// Worked values: 100 m in 1:30 is v = 1.11111 m/s, 8.0 + 3.0 × 0.34911 / 0.381 = 10.7489
  /// MET; 100 m in 3:00 is v = 0.55556 m/s, 8.0 − 3.0 × 0.20644 / 0.381 = 6.3745 MET.
  public static func met(metresPerSecond: Double) -> Double {
    let v = max(0, metresPerSecond)
    let slope =
      (fastCrawl.met - slowCrawl.met) / (fastCrawl.metresPerSecond - slowCrawl.metresPerSecond)
    return slowCrawl.met + slope * (v - slowCrawl.metresPerSecond)
  }

  /// Net VO2 in mL·kg⁻¹·min⁻¹ of swimming at `metresPerSecond`: (MET − 1) × 3.5
  /// (``met(metresPerSecond:)``; 1 MET is the basal energy the data source counts apart).
  ///
  /// Worked values: 1:30/100 m (10.7489 − 1) × 3.5 = 34.121; 3:00/100 m (6.3745 − 1) × 3.5
  /// = 18.811; for 70 kg that is 34.121 × 70 / 200 = 11.942 and 18.811 × 70 / 200 = 6.584
  /// active kcal per minute.
  public static func netVO2(metresPerSecond: Double) -> Double {
    (met(metresPerSecond: metresPerSecond) - 1) * Metabolism.restingVO2
  }
}

/// A swim workout as the watch records it (the scenario's `swim` key,
/// docs/scenario-format.md#swim): sets of lengths at a pace with a stroke, rests between them,
/// turned into the course the body swims (``segments``) and the events the watch's workout data
/// source adds to the builder (``events``).
///
/// The events follow Apple's rules for lap and segment events
/// (https://developer.apple.com/documentation/healthkit/hkworkouteventtype/lap: "Lap events
/// partition a workout into segments of equal distance (for example, laps around a track or laps
/// in a pool)", with a date interval from the lap's start over its duration;
/// https://developer.apple.com/documentation/healthkit/hkworkouteventtype/segment: "when
/// swimming, you can use segments to group consecutive laps with the same style of stroke"):
/// in a pool each length is a `lap` event over the length's time, each set a `segment` event over
/// the set's lengths, both with the stroke style as `HKSwimmingStrokeStyle` metadata
/// (`HKMetadataKeySwimmingStrokeStyle`, Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeyswimmingstrokestyle). A rest
/// in a pool is a `pause` event at its start and a `resume` event at its end: lap events "do
/// not need to fill the workout; however, you should ideally mark any rest periods between laps
/// using HKWorkoutEventType.pause and HKWorkoutEventType.resume events" (the `lap` page above),
/// so the saved workout's duration leaves the rests out (docs/models.md#swimming). In open water
/// there are no lengths: each set is a `segment` event, and a rest is the gap between two
/// (project rule: Apple's guidance speaks of laps).
public struct SwimPlan: Sendable, Equatable {
  /// Where the swim is, HealthKit's `HKWorkoutSwimmingLocationType` raw values (unknown 0,
  /// pool 1, openWater 2; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutswimminglocationtype).
  public enum Location: Int, Sendable, Hashable, CaseIterable {
    /// `.pool`: lengths of ``SwimPlan/lapLength``.
    case pool = 1
    /// `.openWater`: GPS at the surface, no lengths.
    case openWater = 2

    /// The HealthKit case name, as scenarios write it.
    public var name: String { self == .pool ? "pool" : "openWater" }
  }

  /// One set: lengths (or open-water metres) swum without a rest, then the rest.
  public struct Set: Sendable, Equatable {
    /// The set's distance in metres (in a pool, `lengths × lapLength`).
    public var distance: Double
    /// The number of pool lengths (0 in open water).
    public var lengths: Int
    /// The stroke style.
    public var stroke: SwimmingStrokeStyle
    /// Pace in seconds per 100 m, above 0.
    public var secondsPer100m: Double
    /// Metres per stroke (``SwimmingModel/distancePerStroke(_:)`` by default), ≥ 0.
    public var distancePerStroke: Double
    /// The rest after the set, standing in the water.
    public var restAfter: Duration

    /// Creates a set.
    public init(
      distance: Double, lengths: Int, stroke: SwimmingStrokeStyle, secondsPer100m: Double,
      distancePerStroke: Double? = nil, restAfter: Duration = .zero
    ) {
      self.distance = distance
      self.lengths = lengths
      self.stroke = stroke
      self.secondsPer100m = secondsPer100m
      self.distancePerStroke = distancePerStroke ?? SwimmingModel.distancePerStroke(stroke)
      self.restAfter = restAfter
    }

    /// Speed in m/s: 100 / pace.
    public var metresPerSecond: Double { 100 / secondsPer100m }
  }

  /// Pool or open water.
  public var location: Location
  /// The pool's length in metres (above 0; `HKWorkoutConfiguration.lapLength`); 0 in open water.
  public var lapLength: Double
  /// The sets in order, from `t = 0`.
  public var sets: [Set]

  /// Creates a plan.
  public init(location: Location, lapLength: Double, sets: [Set]) {
    self.location = location
    self.lapLength = lapLength
    self.sets = sets
  }

  /// The metadata key of a length's or a set's stroke style, `HKMetadataKeySwimmingStrokeStyle`'s
  /// value `"HKSwimmingStrokeStyle"`.
  public static let strokeStyleKey = "HKSwimmingStrokeStyle"
  /// `HKMetadataKeySwimmingLocationType`'s value, `"HKSwimmingLocationType"`: the saved swim's
  /// ``Location`` raw value.
  public static let locationTypeKey = "HKSwimmingLocationType"
  /// `HKMetadataKeyLapLength`'s value, `"HKLapLength"`: a pool swim's lap length (a length
  /// quantity).
  public static let lapLengthKey = "HKLapLength"
  /// `HKMetadataKeySWOLFScore`'s value, `"HKSWOLFScore"`: a pool length's or set's SWOLF score
  /// (a number; iOS 16, watchOS 9; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkmetadatakeyswolfscore).
  public static let swolfScoreKey = "HKSWOLFScore"

  /// What a swim's `HKWorkoutConfiguration` gives the saved workout, a scripted swim's and a
  /// replayed pool swim's alike: its swimming location (`HKMetadataKeySwimmingLocationType`,
  /// ``locationTypeKey``: the ``Location`` raw value) and, in a pool, its lap length
  /// (`HKMetadataKeyLapLength`, ``lapLengthKey``: `lapLength` metres; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkmetadatakeylaplength).
  ///
  /// Worked value: a 25 m pool is `["HKSwimmingLocationType": 1, "HKLapLength": 25 m]`.
  public static func workoutMetadata(location: Location, lapLength: Double) -> [String:
    MetadataValue]
  {
    var metadata: [String: MetadataValue] = [locationTypeKey: .number(Double(location.rawValue))]
    if location == .pool { metadata[lapLengthKey] = .quantity(lapLength, unit: "m") }
    return metadata
  }

  /// The course: per set, one segment at the set's speed with its stroke rate as the cadence
  /// (strokes per minute, ``SwimmingModel/strokeRate(metresPerSecond:distancePerStroke:)``),
  /// then its rest at speed 0.
  public var segments: [CourseSegment] {
    var segments: [CourseSegment] = []
    for set in sets {
      let speed = set.metresPerSecond
      segments.append(
        CourseSegment(
          duration: Self.duration(seconds: set.distance / speed), speed: speed, grade: 0,
          cadence: SwimmingModel.strokeRate(
            metresPerSecond: speed, distancePerStroke: set.distancePerStroke)))
      if set.restAfter > .zero {
        segments.append(CourseSegment(duration: set.restAfter, speed: 0, grade: 0, cadence: 0))
      }
    }
    return segments
  }

  /// The watch's events, in the order they happen (each at the end of its interval: a length's
  /// `lap` when the swimmer touches the wall, then the set's `segment` after its last length,
  /// then in a pool the rest's `pause` and, when it is over, its `resume`). Length `i` of a set
  /// at speed `v` spans `[start + i·L/v, start + (i+1)·L/v)`.
  public var events: [WorkoutEvent] { events(poolLength: lapLength) }

  /// The watch's events in a pool `poolLength` metres long (above 0): ``records(poolLength:)``'s
  /// events, without the samples.
  public func events(poolLength: Double) -> [WorkoutEvent] {
    records(poolLength: poolLength).map(\.event)
  }

  /// What the watch records as each length, set and rest ends (``events``), with each pool
  /// length's samples (``WatchRecord``), in the pool of the plan's own ``lapLength``.
  public var records: [WatchRecord] { records(poolLength: lapLength) }

  /// What the watch records in a pool `poolLength` metres long (above 0), for an app whose
  /// `HKWorkoutConfiguration.lapLength` differs from the scenario's: the sets keep their
  /// distances and times (what the swimmer swims), and the pool's length divides them into
  /// lengths, `⌊distance / poolLength⌋` whole lengths a set (a rest of less than one length
  /// gets no `lap` event; project rule, docs/scenario-format.md#swim). With the plan's own
  /// ``lapLength`` it is ``records``: each set's ``Set/lengths``.
  ///
  /// In a pool each length's record carries the data source's samples over the length's time
  /// (``WatchRecord/samples``): `distanceSwimming` of `poolLength` metres and
  /// `swimmingStrokeCount` of whole strokes (``wholeStrokes(lengths:strokesPerLength:)``), as
  /// Apple Watch records a pool swim: one `distanceSwimming` sample of the pool's length per
  /// length (https://github.com/simonkrenger/apple-health-to-fitbit/issues/13: the Health
  /// export's `DistanceSwimming` values are the pool length), and a whole stroke count over the
  /// same interval (docs/models.md#swimming gives the evidence). Each length's `lap` event and
  /// each set's `segment` event carry the SWOLF score (`HKMetadataKeySWOLFScore`, "sum of
  /// strokes per length and time for the length. Calculated for each lap event and segment
  /// event during swimming workout", `HKMetadata.h` as restated at
  /// https://docs.rs/objc2-health-kit/latest/objc2_health_kit/static.HKMetadataKeySWOLFScore.html):
  /// a length's is its seconds plus its strokes, a set's the mean of its lengths' that have one
  /// (project rule: the header does not say how a segment's is formed); a length without
  /// strokes (a kickboard, a distance per stroke of 0, or one longer than the pool whose carried
  /// count gives the length none) has no stroke sample and no SWOLF (project rule). Open water
  /// records no samples here: its distance and strokes come on the sample grid.
  public func records(poolLength: Double) -> [WatchRecord] {
    var records: [WatchRecord] = []
    var start = SimulationInstant.zero
    for set in sets {
      let style: [String: MetadataValue] = [
        Self.strokeStyleKey: .number(Double(set.stroke.rawValue))
      ]
      let speed = set.metresPerSecond
      let setDuration = Self.duration(seconds: set.distance / speed)
      var setMetadata = style
      if location == .pool, poolLength > 0 {
        // 1e-9 m of slack: 1000 m in a 25 m pool is 40 lengths whatever the rounding.
        let lengths =
          poolLength == lapLength
          ? set.lengths : Int((set.distance / poolLength + 1e-9).rounded(.down))
        let strokesPerLength =
          set.distancePerStroke > 0 ? poolLength / set.distancePerStroke : 0
        let strokes = Self.wholeStrokes(lengths: lengths, strokesPerLength: strokesPerLength)
        // The set's SWOLF is the mean over its lengths that have one (a length of no whole
        // stroke has none).
        var swolfSum = 0.0
        var swolfLengths = 0
        for length in 0..<lengths {
          let from = start.advanced(by: Self.duration(seconds: Double(length) * poolLength / speed))
          let to = start.advanced(
            by: Self.duration(seconds: Double(length + 1) * poolLength / speed))
          let record = Self.lengthRecord(
            at: from, duration: from.duration(to: to), poolLength: poolLength,
            strokes: strokes[length], metadata: style)
          if case .number(let swolf)? = record.event.metadata[Self.swolfScoreKey] {
            swolfSum += swolf
            swolfLengths += 1
          }
          records.append(record)
        }
        if swolfLengths > 0 {
          setMetadata[Self.swolfScoreKey] = .number(swolfSum / Double(swolfLengths))
        }
      }
      records.append(
        WatchRecord(WorkoutEvent(.segment, at: start, duration: setDuration, metadata: setMetadata))
      )
      if location == .pool && set.restAfter > .zero {
        let restStart = start.advanced(by: setDuration)
        records.append(WatchRecord(WorkoutEvent(.pause, at: restStart)))
        records.append(
          WatchRecord(WorkoutEvent(.resume, at: restStart.advanced(by: set.restAfter))))
      }
      start = start.advanced(by: setDuration + set.restAfter)
    }
    return records
  }

  /// One pool length as the watch records it (``records(poolLength:)``, and a replayed FIT pool
  /// swim's lengths, docs/recordings.md#pool-swims): a `lap` event from `date` over `duration`
  /// with `metadata` (the stroke style), and the samples over the same interval:
  /// `distanceSwimming` of `poolLength` metres and, when `strokes` (whole strokes) is above 0,
  /// `swimmingStrokeCount` of `strokes` and the SWOLF score (`HKMetadataKeySWOLFScore`) of the
  /// length's seconds plus its strokes (``records(poolLength:)`` gives the sources); without
  /// strokes, neither (project rule, docs/models.md#swimming).
  ///
  /// Worked value: a 25 m length of 30 s and 18 strokes has SWOLF 48.
  public static func lengthRecord(
    at date: SimulationInstant, duration: Duration, poolLength: Double, strokes: Double,
    metadata: [String: MetadataValue]
  ) -> WatchRecord {
    var metadata = metadata
    var samples = [WatchRecord.Sample(type: .distanceSwimming, value: poolLength)]
    if strokes > 0 {
      metadata[swolfScoreKey] = .number(duration.secondsValue + strokes)
      samples.append(WatchRecord.Sample(type: .swimmingStrokeCount, value: strokes))
    }
    return WatchRecord(
      WorkoutEvent(.lap, at: date, duration: duration, metadata: metadata), samples: samples)
  }

  /// The lengths a watch counts in a pool when the body swims the course rather than a `swim`'s
  /// sets (a multisport workout's pool leg, docs/models.md#swimming): from `start`, a length
  /// ends each time the course's distance since `start` reaches another `poolLength` metres,
  /// until the course ends (the body then stands) or `limit` lengths; each is a
  /// ``lengthRecord(at:duration:poolLength:strokes:metadata:)`` from the previous length's end
  /// (the first from `start`), freestyle (`HKSwimmingStrokeStyle` 2) with the model's strokes,
  /// `poolLength` / ``SwimmingModel/distancePerStroke(_:)`` a length in whole strokes carried
  /// over the lengths (``wholeStrokes(lengths:strokesPerLength:)``): the course gives the
  /// speed, not the style (project rule).
  ///
  /// - Parameters:
  ///   - course: the course the body plays from `t = 0`.
  ///   - speed: the speed of segment `k`, m/s (the physiology's, a power-only segment's from
  ///     the cycling model).
  ///   - start: where counting starts (the leg's start).
  ///   - poolLength: metres, above 0.
  ///   - limit: the most lengths returned.
  ///
  /// Worked value: a course at 0.8 m/s from 0 counted from 10 s in a 25 m pool has lengths
  /// ending at 10 + 25 / 0.8 = 41.25 s, 72.5 s, ..., each of 31.25 s and, at 1.3 m a stroke,
  /// 19.23 strokes a length: 19, 19, 20, 19.
  public static func courseLengths(
    course: Course, speed: (Int) -> Double, from start: SimulationInstant, poolLength: Double,
    limit: Int = 100_000
  ) -> [WatchRecord] {
    guard poolLength > 0, poolLength.isFinite else { return [] }
    var ends: [Double] = []
    var lengthStart = start.nanoseconds
    var covered = 0.0
    let segments = course.segments
    for k in segments.indices where ends.count < limit {
      let segmentEnd = k + 1 < segments.count ? course.starts[k + 1] : course.end
      let v = speed(k)
      guard segmentEnd.nanoseconds > start.nanoseconds, v > 0 else { continue }
      var t = Double(max(course.starts[k].nanoseconds, start.nanoseconds)) / 1e9
      let end = Double(segmentEnd.nanoseconds) / 1e9
      while ends.count < limit {
        let finish = t + (poolLength - covered) / v
        guard finish <= end else {
          covered += v * (end - t)
          break
        }
        ends.append(finish)
        covered = 0
        t = finish
      }
    }
    let strokes = wholeStrokes(
      lengths: ends.count,
      strokesPerLength: poolLength / SwimmingModel.distancePerStroke(.freestyle))
    let metadata: [String: MetadataValue] = [
      strokeStyleKey: .number(Double(SwimmingStrokeStyle.freestyle.rawValue))
    ]
    var records: [WatchRecord] = []
    records.reserveCapacity(ends.count)
    for (index, seconds) in ends.enumerated() {
      let lengthEnd = SimulationInstant.rounding(seconds: seconds)
      let from = SimulationInstant(nanoseconds: lengthStart)
      records.append(
        lengthRecord(
          at: from, duration: from.duration(to: lengthEnd), poolLength: poolLength,
          strokes: strokes[index], metadata: metadata))
      lengthStart = lengthEnd.nanoseconds
    }
    return records
  }

  /// The whole strokes of each of a set's `lengths` lengths of `strokesPerLength` strokes
  /// (project rule, docs/models.md#swimming: a watch counts whole strokes, and the set's total
  /// stays right): the remainder carries from length to length within the set, so length `k`
  /// (from 1) has `round(k × s) − round((k − 1) × s)` strokes, rounded half away from zero, and
  /// the set's lengths add up to `round(lengths × s)`. A rest starts the count again.
  ///
  /// Worked value: 25 m lengths at 1.3 m a stroke are s = 19.2308 strokes; four lengths have
  /// round(19.23) = 19, round(38.46) − 19 = 19, round(57.69) − 38 = 20, round(76.92) − 58 = 19
  /// strokes, 77 in all.
  public static func wholeStrokes(lengths: Int, strokesPerLength: Double) -> [Double] {
    var strokes: [Double] = []
    strokes.reserveCapacity(max(lengths, 0))
    var counted = 0.0
    for length in 0..<max(lengths, 0) {
      let through = (Double(length + 1) * strokesPerLength).rounded(.toNearestOrAwayFromZero)
      strokes.append(through - counted)
      counted = through
    }
    return strokes
  }

  /// The number of pool lengths (0 in open water).
  public var lengthCount: Int { sets.reduce(0) { $0 + $1.lengths } }

  /// The distance of every set, metres.
  public var distance: Double { sets.reduce(0) { $0 + $1.distance } }

  /// `seconds` as a duration rounded to the nanosecond.
  static func duration(seconds: Double) -> Duration {
    .nanoseconds(Int64((seconds * 1e9).rounded()))
  }
}

/// Something the watch's workout data source records by itself as it ends
/// (docs/scenario-format.md#swim): the event it adds to the builder (a swim's length, set or
/// rest, a downhill run) and the samples it adds with it, each over the event's interval (a
/// pool length's `distanceSwimming` and `swimmingStrokeCount`, ``SwimPlan/records(poolLength:)``;
/// none for the others).
public struct WatchRecord: Sendable, Equatable {
  /// One cumulative sample over the event's interval.
  public struct Sample: Sendable, Equatable {
    /// Its type (cumulative).
    public var type: QuantityType
    /// Its amount in the type's unit (metres, a count).
    public var value: Double

    /// A sample of `value` of `type`.
    public init(type: QuantityType, value: Double) {
      self.type = type
      self.value = value
    }
  }

  /// The event.
  public var event: WorkoutEvent
  /// The samples over `event`'s interval, in the order they are added.
  public var samples: [Sample]

  /// `event` with `samples`.
  public init(_ event: WorkoutEvent, samples: [Sample] = []) {
    self.event = event
    self.samples = samples
  }

  /// When the event ends (is due): its date plus its duration.
  public var end: SimulationInstant { event.date.advanced(by: event.duration) }
}
