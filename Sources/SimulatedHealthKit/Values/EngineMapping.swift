// The one home of every mapping between HealthKit's value types and the engine's (WorkoutCore)
// types, and of the conversion between the engine's virtual instants and `Date`s.
import WorkoutCore

// MARK: - Dates

extension Date {
  /// The date of `instant`: `start` plus the instant's nanoseconds as seconds.
  package init(_ instant: SimulationInstant, since start: Date) {
    self = start.addingTimeInterval(Double(instant.nanoseconds) / 1e9)
  }
}

extension SimulationInstant {
  /// The instant of `date`: its seconds after `start` as nanoseconds, rounded to the nearest
  /// (ties away from zero).
  package init(_ date: Date, since start: Date) {
    self = .rounding(seconds: date.timeIntervalSince(start))
  }
}

extension Duration {
  /// The duration in seconds as a `TimeInterval`.
  package var timeInterval: TimeInterval {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}

// MARK: - Enumerations

extension HKWorkoutActivityType {
  /// The activity with the engine activity's raw value (the engine's activities are a subset).
  package init(_ activity: WorkoutActivityType) {
    // Every engine raw value is one of HealthKit's.
    self.init(rawValue: activity.rawValue)!
  }

  /// The engine's activity with this raw value, or `nil` when the engine does not model it.
  package var engineValue: WorkoutActivityType? { WorkoutActivityType(rawValue: rawValue) }
}

extension HKWorkoutSessionState {
  /// The state with the engine state's raw value (the same six states).
  package init(_ state: WorkoutSessionState) {
    // The raw values are the same six.
    self.init(rawValue: state.rawValue)!
  }

  /// The engine's state.
  package var engineValue: WorkoutSessionState {
    // The raw values are the same six.
    WorkoutSessionState(rawValue: rawValue)!
  }
}

extension HKWorkoutSessionLocationType {
  /// The location type with the engine's raw value (the same three).
  package init(_ location: WorkoutSessionLocationType) {
    // The raw values are the same three.
    self.init(rawValue: location.rawValue)!
  }

  /// The engine's location type.
  package var engineValue: WorkoutSessionLocationType {
    // The raw values are the same three.
    WorkoutSessionLocationType(rawValue: rawValue)!
  }
}

extension HKWorkoutEventType {
  /// The event type with the engine's raw value (the same eight).
  package init(_ type: WorkoutEventType) {
    // The raw values are the same eight.
    self.init(rawValue: type.rawValue)!
  }

  /// The engine's event type.
  package var engineValue: WorkoutEventType {
    // The raw values are the same eight.
    WorkoutEventType(rawValue: rawValue)!
  }
}

// MARK: - Quantity types

extension HKQuantityType {
  /// The HealthKit type of an engine quantity type (`heartRate` →
  /// `HKQuantityTypeIdentifierHeartRate`).
  package convenience init(engine type: QuantityType) {
    self.init(HKQuantityTypeIdentifier(engine: type))
  }

  /// The one instance of the HealthKit type of each engine type, by `slot`: the types of every
  /// batch's `Set<HKSampleType>` and statistics, made once rather than per batch (types are
  /// immutable and compare by identifier, so sharing them changes nothing an app sees).
  package static func shared(engine type: QuantityType) -> HKQuantityType {
    sharedInstances[type.slot]
  }

  private static let sharedInstances: [HKQuantityType] = {
    var instances = [HKQuantityType?](repeating: nil, count: QuantityType.slotCount)
    for type in QuantityType.allCases { instances[type.slot] = HKQuantityType(engine: type) }
    // Every slot has its type (slots are dense over `allCases`).
    return instances.map { $0! }
  }()

  /// The engine's quantity type of raw identifier `identifier`, or `nil` for a type the engine
  /// does not produce (``engineType`` keeps it).
  static func engineQuantityType(of identifier: String) -> QuantityType? {
    engineTypes[identifier]
  }

  /// Identifier → engine type, built once.
  private static let engineTypes: [String: QuantityType] = Dictionary(
    uniqueKeysWithValues: QuantityType.allCases.map {
      (HKQuantityTypeIdentifier(engine: $0).rawValue, $0)
    })
}

extension HKQuantityTypeIdentifier {
  /// The identifier of an engine quantity type: `"HKQuantityTypeIdentifier"` and the engine's
  /// name with its first letter upper-cased.
  package init(engine type: QuantityType) {
    self.init(rawValue: Self.engineIdentifiers[type.slot])
  }

  /// The identifiers of the engine's types by `slot`, built once.
  private static let engineIdentifiers: [String] = {
    var identifiers = [String](repeating: "", count: QuantityType.slotCount)
    for type in QuantityType.allCases {
      let name = type.rawValue
      identifiers[type.slot] =
        "HKQuantityTypeIdentifier" + name.prefix(1).uppercased() + name.dropFirst()
    }
    return identifiers
  }()
}

extension QuantityType {
  /// The unit the engine's values of this type are in (`count/min`, `kcal`, `m`, `count`,
  /// `m/s`, `W`).
  package var healthKitUnit: HKUnit { Self.healthKitUnits[slot] }

  /// ``healthKitUnit`` without a retain: the table holds every unit for the life of the
  /// process (a refill of live statistics compares it on every batch).
  package var unretainedHealthKitUnit: Unmanaged<HKUnit> {
    Unmanaged.passUnretained(Self.healthKitUnits[slot])
  }

  /// The units by `slot`, parsed once (every statistics quantity uses one), as the instances
  /// the unit constructors hand out (``HKUnit/interned(_:)``).
  private static let healthKitUnits: [HKUnit] = {
    var units = [HKUnit](repeating: HKUnit.count(), count: QuantityType.slotCount)
    for type in QuantityType.allCases {
      units[type.slot] = HKUnit.interned(HKUnit(from: type.unit))
    }
    return units
  }()

  /// `value` of this type as an ``HKQuantity`` in the engine's unit.
  package func quantity(_ value: Double) -> HKQuantity {
    HKQuantity(unit: healthKitUnit, doubleValue: value)
  }
}

// MARK: - Errors

extension HKError {
  /// HealthKit's error for an engine error: `invalidArgument` → `.errorInvalidArgument` (3),
  /// `anotherWorkoutSessionStarted` → `.errorAnotherWorkoutSessionStarted` (8), the engine's own
  /// `noSession` → `.errorInvalidArgument` (workout-sim's choice; HealthKit has no such code),
  /// with the engine's message.
  package init(_ error: WorkoutError) {
    let code: Code =
      switch error.code {
      case .invalidArgument, .noSession: .errorInvalidArgument
      case .anotherWorkoutSessionStarted: .errorAnotherWorkoutSessionStarted
      }
    self.init(code, error.message)
  }
}

// MARK: - Events

extension HKWorkoutEvent {
  /// The HealthKit event of an engine event: at its date, with its duration (zero for the
  /// session's events) and its metadata (`nil` when it has none; values as
  /// ``HKWorkout``'s metadata gives them).
  package convenience init(_ event: WorkoutEvent, since start: Date) {
    self.init(
      type: HKWorkoutEventType(event.type),
      dateInterval: DateInterval(
        start: Date(event.date, since: start), duration: event.duration.timeInterval),
      metadata: event.metadata.isEmpty ? nil : HKWorkout.metadata(event.metadata, since: start))
  }

  /// The dates of an app's event the wall-clock rule reads (docs/swift-api.md#the-wall-clock-rule),
  /// in this order: its interval's start, then its end. The one home of the answer for every
  /// call that takes the app's events: the live and the standalone builders'
  /// `addWorkoutEvents(_:)`, and `save` of an `HKWorkout` made with events (each event's two
  /// after the workout's start and end). Both are read; the start dates the event, and
  /// HealthKit judges an event's place in its workout by it alone ("You must use a date between
  /// the starting and ending dates of the workout", Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutevent/date;
  /// `WorkoutRecord.isWithin`); the end gives its duration
  /// (``engineEvent(read:realClock:since:)``).
  package var wallClockDates: [Date] { [dateInterval.start, dateInterval.end] }

  /// The engine event of an app's event whose ``wallClockDates`` the rule read as `read` (the
  /// start's instant, then the end's): ``engineEvent(at:end:since:)`` from the start read,
  /// lasting to the end read when either of the event's own two dates was the real clock
  /// (`realClock`), else ``dateInterval``'s duration. Whether the event's end is read off the
  /// real clock is judged by the event's own dates, wherever it is given (a live builder's
  /// `addWorkoutEvents(_:)`, a workout's events at `save`), so the two give one event the same
  /// end (a project rule, docs/swift-api.md#the-wall-clock-rule).
  package func engineEvent(
    read: ArraySlice<SimulationInstant>, realClock: Bool, since start: Date
  ) -> WorkoutEvent {
    let first = read.startIndex
    return engineEvent(at: read[first], end: realClock ? read[first + 1] : nil, since: start)
  }

  /// The engine event at the start of ``dateInterval``.
  package func engineEvent(since start: Date) -> WorkoutEvent {
    engineEvent(at: SimulationInstant(dateInterval.start, since: start), since: start)
  }

  /// The engine event of an app's event dated `instant` (its start as the wall-clock rule read
  /// it): its duration (to `end`, its end as the rule read it, when the call's dates were the
  /// real clock: both dates of the interval are read, `DateInterval(start: kept, end: Date())`
  /// lasting the virtual time between them; else ``dateInterval``'s, rounded to the instant
  /// grid; never negative) and its metadata in the record's form
  /// (``HKWorkoutBuilder/metadataValue(_:key:since:)``, dates since `start`; a value of a type
  /// HealthKit does not take is left out, as the builders refuse it before). The one home of the
  /// conversion: the live builder's `addWorkoutEvents(_:)` and `save` of an `HKWorkout` made
  /// with events keep both (docs/run-result.md#the-finished-workout-record).
  package func engineEvent(
    at instant: SimulationInstant, end: SimulationInstant? = nil, since start: Date
  ) -> WorkoutEvent {
    var values: [String: MetadataValue] = [:]
    for (key, value) in metadata ?? [:] {
      values[key] = HKWorkoutBuilder.metadataValue(value, key: key, since: start)
    }
    let duration =
      end.map { max(0, $0.nanoseconds - instant.nanoseconds) }
      ?? SimulationInstant.rounding(seconds: max(0, dateInterval.duration)).nanoseconds
    return WorkoutEvent(
      type.engineValue, at: instant, duration: .nanoseconds(duration), metadata: values)
  }
}

// MARK: - Statistics

extension HKStatistics {
  /// The statistics of engine type `type` over `[from, to]`: for a discrete type the average
  /// (the plain mean), minimum, maximum and most recent value; for a cumulative type the sum and,
  /// given `lastSample`, its value as the most recent quantity. `lastSample` also gives the most
  /// recent date interval. Quantities are in the engine's unit of the type.
  package convenience init(
    _ type: QuantityType, _ statistics: QuantityStatistics, lastSample: QuantitySample?,
    from: SimulationInstant, to: SimulationInstant, since start: Date
  ) {
    self.init(engine: type, startDate: Date(from, since: start), endDate: Date(to, since: start))
    fill(statistics, lastSample: lastSample, from: from, to: to, since: start)
  }

  /// Sets the span and amounts of ``init(_:_:lastSample:from:to:since:)``; `inPlace`: again,
  /// in an object nothing else holds (``live(_:of:at:since:reusing:)``), its quantities reused.
  private func fill(
    _ statistics: QuantityStatistics, lastSample: QuantitySample?, from: SimulationInstant,
    to: SimulationInstant, since start: Date, inPlace: Bool = false
  ) {
    let interval = lastSample.map {
      DateInterval(start: Date($0.start, since: start), end: Date($0.end, since: start))
    }
    if inPlace {
      switch statistics {
      case .discrete(let values):
        refill(
          startDate: Date(from, since: start), endDate: Date(to, since: start), sum: nil,
          average: values.average, minimum: values.minimum, maximum: values.maximum,
          mostRecent: values.mostRecent, mostRecentInterval: interval)
      case .cumulative(let values):
        refill(
          startDate: Date(from, since: start), endDate: Date(to, since: start), sum: values.sum,
          average: nil, minimum: nil, maximum: nil, mostRecent: lastSample?.value,
          mostRecentInterval: interval)
      }
      return
    }
    switch statistics {
    case .discrete(let values):
      refill(
        startDate: Date(from, since: start), endDate: Date(to, since: start),
        average: .value(values.average), minimum: .value(values.minimum),
        maximum: .value(values.maximum), mostRecent: .value(values.mostRecent),
        mostRecentInterval: interval)
    case .cumulative(let values):
      refill(
        startDate: Date(from, since: start), endDate: Date(to, since: start),
        sum: .value(values.sum), mostRecent: lastSample.map { .value($0.value) },
        mostRecentInterval: interval)
    }
  }

  /// What the live statistics of `type` in `builder` at `now` are made of, or `nil` without
  /// samples: from the builder's start date (or `now` before collection begins) to its end
  /// date, else `now`.
  private static func live(
    _ type: QuantityType, of builder: borrowing LiveWorkoutBuilder, at now: SimulationInstant
  ) -> (
    QuantityStatistics, lastSample: QuantitySample?, from: SimulationInstant, to: SimulationInstant
  )? {
    // From the accumulators and the series' last sample, read in place (no series copied).
    guard let statistics = builder.statistics(for: type, at: now) else { return nil }
    var end = now
    if let endDate = builder.endDate, endDate < end { end = endDate }
    return (statistics, builder.lastSample(of: type), builder.startDate ?? now, end)
  }

  /// The live statistics of `type` in `builder` at `now` (`statistics(for:)` of
  /// `HKLiveWorkoutBuilder`), or `nil` without samples (``live(_:of:at:)``).
  package convenience init?(
    _ type: QuantityType, of builder: borrowing LiveWorkoutBuilder, at now: SimulationInstant,
    since start: Date
  ) {
    guard let (statistics, lastSample, from, to) = Self.live(type, of: builder, at: now) else {
      return nil
    }
    self.init(type, statistics, lastSample: lastSample, from: from, to: to, since: start)
  }

  /// The live statistics of `type` in `builder` at `now`, as ``init(_:of:at:since:)`` makes
  /// them, in `reused` when nothing else holds it (the app let go of the object an earlier read
  /// returned, as an app reading them on every batch does), else in a new object kept in
  /// `reused`: such a read allocates and frees no object. The caller holds the lock `reused`
  /// is kept under. The values are the same either way, and an object the app still holds
  /// never changes.
  package static func live(
    _ type: QuantityType, of builder: borrowing LiveWorkoutBuilder, at now: SimulationInstant,
    since start: Date, reusing reused: inout HKStatistics?
  ) -> HKStatistics? {
    guard let (statistics, lastSample, from, to) = live(type, of: builder, at: now) else {
      return nil
    }
    if isKnownUniquelyReferenced(&reused), let object = reused, object.engineType == type {
      object.fill(
        statistics, lastSample: lastSample, from: from, to: to, since: start, inPlace: true)
      return object
    }
    let object = HKStatistics(
      type, statistics, lastSample: lastSample, from: from, to: to, since: start)
    reused = object
    return object
  }

  /// Every type's live statistics in `builder` at `now` (`allStatistics`).
  package static func all(
    of builder: LiveWorkoutBuilder, at now: SimulationInstant, since start: Date
  ) -> [HKQuantityType: HKStatistics] {
    var result: [HKQuantityType: HKStatistics] = [:]
    for type in QuantityType.allCases {
      if let statistics = HKStatistics(type, of: builder, at: now, since: start) {
        result[.shared(engine: type)] = statistics
      }
    }
    return result
  }
}

// MARK: - Workouts

extension HKWorkoutActivity {
  /// The activity of an engine activity (`start` is the scenario's start date): its
  /// configuration (type and location; a swimming leg's `swimmingLocationType` and `lapLength`
  /// from its `HKSwimmingLocationType` and `HKLapLength` metadata), dates, metadata, events,
  /// duration and statistics (``WorkoutActivityRecord/statistics``, the samples ending in its
  /// span; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutactivity/statistics(for:)).
  /// A running activity (end date `nil`) is passed as it stands at `now`
  /// (``LiveWorkoutBuilder/activity(_:at:)``: its duration, events and statistics so far).
  ///
  /// Its zone groups (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutactivity/zonegroupsbytype):
  /// one for each of `zoneConfigurations` whose type has samples, over the activity's own span
  /// (its start to its end, or `now`), its pauses excluded (`WorkoutZones.durations`: the value
  /// holding at its start, the last sample before it, counts from its start, so back-to-back
  /// activities share out the workout's time in zones).
  package convenience init(
    _ activity: WorkoutActivityRecord, samples: [QuantityType: SampleSeries],
    now: SimulationInstant, since start: Date, uuid: UUID,
    zoneConfigurations: [HKWorkoutZoneConfiguration] = []
  ) {
    let configuration = HKWorkoutConfiguration()
    configuration.activityType = HKWorkoutActivityType(activity.activityType)
    configuration.locationType = HKWorkoutSessionLocationType(activity.locationType)
    // A swimming leg's pool, which its metadata carries (docs/models.md#swimming).
    if case .number(let raw)? = activity.metadata[HKMetadataKeySwimmingLocationType],
      let swimming = HKWorkoutSwimmingLocationType(rawValue: Int(raw))
    {
      configuration.swimmingLocationType = swimming
    }
    // In the unit the app gave (a leg's `HKLapLength` may be in yards).
    if case .quantity(let number, let unit)? = activity.metadata[HKMetadataKeyLapLength],
      let factors = UnitParser.parse(unit)
    {
      let length = HKQuantity(unit: HKUnit(factors: factors), doubleValue: number)
      if length.is(compatibleWith: .meter()) { configuration.lapLength = length }
    }
    let end = activity.endDate ?? now
    var all: [HKQuantityType: HKStatistics] = [:]
    for (type, values) in activity.statistics {
      let last = samples[type].flatMap { activity.lastSample(of: type, in: $0) }
      all[.shared(engine: type)] = HKStatistics(
        type, values, lastSample: last, from: activity.startDate, to: end, since: start)
    }
    var zoneGroups: [HKQuantityType: HKWorkoutZoneGroup] = [:]
    for zones in zoneConfigurations {
      guard let series = samples[zones.engineType], !series.isEmpty else { continue }
      zoneGroups[zones.quantityType] = zones.group(
        of: series, events: activity.events, start: activity.startDate, limit: end)
    }
    self.init(
      workoutConfiguration: configuration, startDate: Date(activity.startDate, since: start),
      endDate: activity.endDate.map { Date($0, since: start) },
      metadata: activity.metadata.isEmpty
        ? nil : HKWorkout.metadata(activity.metadata, since: start),
      workoutEvents: activity.events.map { HKWorkoutEvent($0, since: start) },
      duration: activity.duration.timeInterval, allStatistics: all, zoneGroups: zoneGroups,
      uuid: uuid)
  }
}

extension HKWorkout {
  /// The finished workout of an engine record; `start` is the scenario's start date (the
  /// record's instants count from it).
  ///
  /// UUID = the record's id; statistics over the record's start to end, one per type with
  /// samples; events as ``HKWorkoutEvent``s with their durations and metadata; metadata with
  /// `HKIndoorWorkout` as a `Bool`, `HKElevationAscended` as an ``HKQuantity`` in m,
  /// `HKAverageMETs` in kcal/(kg·hr), other numbers as `Double`, strings as `String`, dates as
  /// `Date`, quantities as ``HKQuantity`` (docs/swift-api.md#metadata); one ``HKWorkoutActivity`` spanning the
  /// workout with the same events, duration and statistics (its UUID the record id with the last
  /// byte inverted). Device the watch (``HKDevice/local()`` on the watch).
  ///
  /// A workout from the health store passes the store's `uuid`, `device` and `sourceRevision`.
  /// The workout and its activity have a zone group for each of `zoneConfigurations` whose type
  /// has samples (`HKWorkoutZoneConfiguration.group`: the record's samples and events, start to
  /// end, pauses excluded); each of the app's sub-activities has its own over its own span.
  package convenience init(
    _ record: WorkoutRecord, since start: Date,
    zoneConfigurations: [HKWorkoutZoneConfiguration] = [],
    uuid storeUUID: UUID? = nil,
    device: HKDevice? = .appleWatch,
    sourceRevision: HKSourceRevision = HKSourceRevision(source: .default(), version: nil)
  ) {
    var statistics: [HKQuantityType: HKStatistics] = [:]
    for (type, values) in record.statistics {
      statistics[.shared(engine: type)] = HKStatistics(
        type, values, lastSample: record.samples[type]?.last, from: record.startDate,
        to: record.endDate, since: start)
    }
    let events = record.events.map { HKWorkoutEvent($0, since: start) }
    let startDate = Date(record.startDate, since: start)
    let endDate = Date(record.endDate, since: start)
    let metadata = Self.metadata(record.metadata, since: start)
    let configuration = HKWorkoutConfiguration()
    configuration.activityType = HKWorkoutActivityType(record.activityType)
    configuration.locationType = HKWorkoutSessionLocationType(record.locationType)
    let uuid = storeUUID ?? UUID(uuidString: record.id) ?? UUID()
    var zoneGroups: [HKQuantityType: HKWorkoutZoneGroup] = [:]
    for zones in zoneConfigurations {
      guard let samples = record.samples[zones.engineType], !samples.isEmpty else { continue }
      zoneGroups[zones.quantityType] = zones.group(
        of: samples, events: record.events, start: record.startDate, limit: record.endDate)
    }
    // The one activity of a workout without sub-activities has the workout's zone groups; each
    // of the app's sub-activities has its own, over its own span.
    let activities =
      record.activities.isEmpty
      ? [
        HKWorkoutActivity(
          workoutConfiguration: configuration, startDate: startDate, endDate: endDate,
          metadata: nil, workoutEvents: events, duration: record.duration.timeInterval,
          allStatistics: statistics, zoneGroups: zoneGroups, uuid: Self.activityUUID(of: uuid))
      ]
      : record.activities.enumerated().map { position, activity in
        HKWorkoutActivity(
          activity, samples: record.samples, now: record.endDate, since: start,
          uuid: Self.activityUUID(of: uuid, position: position),
          zoneConfigurations: zoneConfigurations)
      }
    self.init(
      activityType: HKWorkoutActivityType(record.activityType), startDate: startDate,
      endDate: endDate, duration: record.duration.timeInterval,
      workoutEvents: events.isEmpty ? nil : events, workoutActivities: activities,
      allStatistics: statistics,
      totalEnergyBurned: record.totalEnergyBurned.map {
        QuantityType.activeEnergyBurned.quantity($0)
      },
      totalDistance: record.totalDistance.map { HKQuantity(unit: .meter(), doubleValue: $0) },
      metadata: metadata, zoneGroups: zoneGroups, uuid: uuid, device: device,
      sourceRevision: sourceRevision)
  }

  /// The activity's UUID: the workout's with its last byte inverted, so it is as deterministic
  /// as the record id and differs from the workout's.
  static func activityUUID(of workout: UUID) -> UUID {
    var bytes = workout.uuid
    bytes.15 ^= 0xFF
    return UUID(uuid: bytes)
  }

  /// The UUID of the app's activity at `position` (from 0) of the workout with UUID `workout`:
  /// ``activityUUID(of:)`` with byte 14 also XORed with `position + 1`, the same while the
  /// activity runs (`currentWorkoutActivity`) and in the saved workout.
  static func activityUUID(of workout: UUID, position: Int) -> UUID {
    var bytes = activityUUID(of: workout).uuid
    bytes.14 ^= UInt8(truncatingIfNeeded: position + 1)
    return UUID(uuid: bytes)
  }

  /// The unit of `HKAverageMETs`, kcal/(kg·hr), parsed once (every finished workout has one).
  private static let averageMETsUnit = HKUnit(from: "kcal/(kg*hr)")

  static func metadata(_ values: [String: MetadataValue], since start: Date)
    -> [String: Any]
  {
    var result: [String: Any] = [:]
    for (key, value) in values {
      switch value {
      // Numbers and Booleans as NSNumber, as the app reads them (bridgedMetadata(_:)).
      case .bool(let flag): result[key] = NSNumber(value: flag)
      case .string(let text): result[key] = text
      case .date(let instant): result[key] = Date(instant, since: start)
      case .quantity(let number, let unit):
        result[key] = HKQuantity(unit: HKUnit(from: unit), doubleValue: number)
      case .number(let number):
        switch key {
        case HKMetadataKeyElevationAscended:
          result[key] = HKQuantity(unit: .meter(), doubleValue: number)
        case HKMetadataKeyAverageMETs:
          result[key] = HKQuantity(unit: averageMETsUnit, doubleValue: number)
        case HKMetadataKeySwimmingStrokeStyle, HKMetadataKeySwimmingLocationType:
          // An enumeration's raw value as an NSNumber, as HealthKit stores it.
          result[key] = NSNumber(value: Int(number))
        default: result[key] = NSNumber(value: number)
        }
      }
    }
    return result
  }
}
