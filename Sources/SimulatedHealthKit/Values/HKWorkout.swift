// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKIndoorWorkout"`: whether the workout was indoors, a `Bool` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeyindoorworkout).
public let HKMetadataKeyIndoorWorkout = "HKIndoorWorkout"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKElevationAscended"`: the elevation gained, an ``HKQuantity`` of length (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeyelevationascended).
public let HKMetadataKeyElevationAscended = "HKElevationAscended"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKElevationDescended"`: the elevation lost, an ``HKQuantity`` of length; HealthKit puts it
/// on the `segment` events it makes for each run of a downhill skiing or snowboarding workout,
/// and so does workout-sim (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeyelevationdescended).
public let HKMetadataKeyElevationDescended = "HKElevationDescended"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKAverageMETs"`: the average metabolic equivalent, an ``HKQuantity`` in kcal/(kg·hr) (Apple
/// doc: https://developer.apple.com/documentation/healthkit/hkmetadatakeyaveragemets).
public let HKMetadataKeyAverageMETs = "HKAverageMETs"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKTimeZone"`: the IANA time zone name, a `String` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeytimezone).
public let HKMetadataKeyTimeZone = "HKTimeZone"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKSwimmingStrokeStyle"`: a swim length's or set's stroke, an `NSNumber` holding an
/// ``HKSwimmingStrokeStyle`` raw value, on the `lap` and `segment` events the watch records
/// (Apple doc: https://developer.apple.com/documentation/healthkit/hkmetadatakeyswimmingstrokestyle).
public let HKMetadataKeySwimmingStrokeStyle = "HKSwimmingStrokeStyle"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKSwimmingLocationType"`: where a swim took place, an `NSNumber` holding an
/// ``HKWorkoutSwimmingLocationType`` raw value (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeyswimminglocationtype).
public let HKMetadataKeySwimmingLocationType = "HKSwimmingLocationType"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKLapLength"`: a pool swim's lap length, an ``HKQuantity`` of length (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeylaplength).
public let HKMetadataKeyLapLength = "HKLapLength"

/// A finished workout, HealthKit's `HKWorkout` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkworkout).
///
/// `finishWorkout()` makes it from the engine's record; the public initializers are HealthKit's
/// deprecated ones, for a workout the app saves itself (`HKWorkout+Legacy.swift`). ``duration`` is the time from start to end less the paused spans (by the
/// ``workoutEvents``); the statistics cover start to end.
public final class HKWorkout: HKSample, @unchecked Sendable {
  /// The activity.
  public let workoutActivityType: HKWorkoutActivityType
  /// The kept events in date order (a pause after a pause, a resume after a resume and a leading
  /// resume are dropped), or `nil` when there are none.
  public let workoutEvents: [HKWorkoutEvent]?
  /// The activities; one spanning the whole workout.
  public let workoutActivities: [HKWorkoutActivity]
  /// Active time in seconds: start to end minus paused spans.
  public let duration: TimeInterval
  /// The statistics of every type with samples.
  public let allStatistics: [HKQuantityType: HKStatistics]
  /// The energy total (``totalEnergyBurned`` without its deprecation).
  let energyBurned: HKQuantity?
  /// The distance total.
  let distance: HKQuantity?
  private let zoneGroups: [HKQuantityType: HKWorkoutZoneGroup]

  /// Creates a workout from its parts.
  package init(
    activityType: HKWorkoutActivityType, startDate: Date, endDate: Date, duration: TimeInterval,
    workoutEvents: [HKWorkoutEvent]?, workoutActivities: [HKWorkoutActivity],
    allStatistics: [HKQuantityType: HKStatistics], totalEnergyBurned: HKQuantity?,
    totalDistance: HKQuantity?, metadata: [String: Any]?,
    zoneGroups: [HKQuantityType: HKWorkoutZoneGroup] = [:], uuid: UUID = UUID(),
    device: HKDevice? = .appleWatch,
    sourceRevision: HKSourceRevision = HKSourceRevision(source: .default(), version: nil)
  ) {
    self.workoutActivityType = activityType
    self.workoutEvents = workoutEvents
    self.workoutActivities = workoutActivities
    self.duration = duration
    self.allStatistics = allStatistics
    self.energyBurned = totalEnergyBurned
    self.distance = totalDistance
    self.zoneGroups = zoneGroups
    super.init(
      sampleType: HKObjectType.workoutType(), startDate: startDate, endDate: endDate, uuid: uuid,
      metadata: metadata, device: device, sourceRevision: sourceRevision)
  }

  /// Writes the sample's fields, the activity, events, activities, duration, statistics and
  /// totals.
  public override func encode(with coder: NSCoder) {
    super.encode(with: coder)
    coder.encode(Int64(workoutActivityType.rawValue), forKey: "workoutActivityType")
    coder.encode(workoutEvents, forKey: "workoutEvents")
    coder.encode(workoutActivities, forKey: "workoutActivities")
    coder.encode(duration, forKey: "duration")
    coder.encode(allStatistics, forKey: "allStatistics")
    coder.encode(energyBurned, forKey: "totalEnergyBurned")
    coder.encode(distance, forKey: "totalDistance")
  }

  /// Reads what ``encode(with:)`` wrote; `nil` for another sample type or an unknown activity.
  public required init?(coder: NSCoder) {
    guard
      let activity = HKWorkoutActivityType(
        rawValue: UInt(clamping: coder.decodeInt64(forKey: "workoutActivityType"))),
      let statistics = coder.decodeStatistics(forKey: "allStatistics")
    else { return nil }
    workoutActivityType = activity
    workoutEvents = coder.decodeArray(of: HKWorkoutEvent.self, forKey: "workoutEvents")
    workoutActivities =
      coder.decodeArray(of: HKWorkoutActivity.self, forKey: "workoutActivities") ?? []
    duration = coder.decodeDouble(forKey: "duration")
    allStatistics = statistics
    energyBurned = coder.decodeObject(of: HKQuantity.self, forKey: "totalEnergyBurned")
    distance = coder.decodeObject(of: HKQuantity.self, forKey: "totalDistance")
    zoneGroups = [:]
    super.init(coder: coder)
    guard sampleType is HKWorkoutType else { return nil }
  }

  /// The statistics of `quantityType`, or `nil` without samples of it.
  @discardableResult
  public func statistics(for quantityType: HKQuantityType) -> HKStatistics? {
    allStatistics[quantityType]
  }

  /// The time in zones per type over the whole workout, pauses excluded, or `nil` without any
  /// (iOS/watchOS 27; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkout/zonegroupsbytype): heart
  /// rate and cycling power when the workout has samples of them and a configuration (the
  /// builder's custom one, else the preferred one). A workout read back from the store or
  /// decoded has none yet (the store does not keep the configuration).
  public var zoneGroupsByType: [HKQuantityType: HKWorkoutZoneGroup]? {
    zoneGroups.isEmpty ? nil : zoneGroups
  }

  /// The zone group of `quantityType`, or `nil` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkout/zonegroup(for:)).
  public func zoneGroup(for quantityType: HKQuantityType) -> HKWorkoutZoneGroup? {
    zoneGroups[quantityType]
  }

  /// The active energy burned (the `activeEnergyBurned` sum, kcal), or `nil`.
  @available(
    iOS, deprecated: 18.0,
    message:
      "Use statisticsForType: passing the HKQuantityType for HKQuantityTypeIdentifierActiveEnergyBurned"
  )
  @available(
    watchOS, deprecated: 11.0,
    message:
      "Use statisticsForType: passing the HKQuantityType for HKQuantityTypeIdentifierActiveEnergyBurned"
  )
  @available(
    macOS, deprecated: 15.0,
    message:
      "Use statisticsForType: passing the HKQuantityType for HKQuantityTypeIdentifierActiveEnergyBurned"
  )
  public var totalEnergyBurned: HKQuantity? { energyBurned }

  /// The distance (the sum of the activity's distance type, m), or `nil`. HealthKit marks it
  /// "to be deprecated": "Use statisticsForType: passing the HKQuantityType for the desired
  /// distance type".
  public var totalDistance: HKQuantity? { distance }

  /// The total distance in metres for `HKWorkoutSortIdentifierTotalDistance`, −∞ without one
  /// (swift-corelibs-foundation sorts by key paths of `Comparable` values only).
  var distanceSortKey: Double { distance?.doubleValue(for: .meter()) ?? -.infinity }

  /// The total energy in kilocalories for `HKWorkoutSortIdentifierTotalEnergyBurned`, −∞
  /// without one.
  var energySortKey: Double { energyBurned?.doubleValue(for: .kilocalorie()) ?? -.infinity }

  /// The flights climbed (count) for `HKWorkoutSortIdentifierTotalFlightsClimbed`: the sum of
  /// the workout's `flightsClimbed` statistics, −∞ without them.
  var flightsSortKey: Double {
    statistics(for: HKQuantityType(.flightsClimbed))?.sumQuantity()?.doubleValue(for: .count())
      ?? -.infinity
  }

  /// The swimming strokes (count) for `HKWorkoutSortIdentifierTotalSwimmingStrokeCount`: the
  /// sum of the workout's `swimmingStrokeCount` statistics, −∞ without them.
  var strokesSortKey: Double {
    statistics(for: HKQuantityType(.swimmingStrokeCount))?.sumQuantity()?.doubleValue(
      for: .count()) ?? -.infinity
  }

  /// Swimming strokes: the sum of the workout's `swimmingStrokeCount` statistics (a swim's, or
  /// an app's workout made with a stroke total), or `nil` without them.
  @available(
    iOS, deprecated: 18.0,
    message:
      "Use statisticsForType: passing the HKQuantityType for HKQuantityTypeIdentifierSwimmingStrokeCount"
  )
  @available(
    watchOS, deprecated: 11.0,
    message:
      "Use statisticsForType: passing the HKQuantityType for HKQuantityTypeIdentifierSwimmingStrokeCount"
  )
  public var totalSwimmingStrokeCount: HKQuantity? {
    statistics(for: HKQuantityType(.swimmingStrokeCount))?.sumQuantity()
  }

  /// Flights climbed: the sum of the workout's `flightsClimbed` statistics (a stair climb's or a
  /// hike's, or an app's workout made with a flights total), or `nil` without them (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkout/totalflightsclimbed).
  @available(
    iOS, deprecated: 18.0,
    message:
      "Use statisticsForType: passing the HKQuantityType for HKQuantityTypeIdentifierFlightClimbed"
  )
  @available(
    watchOS, deprecated: 11.0,
    message:
      "Use statisticsForType: passing the HKQuantityType for HKQuantityTypeIdentifierFlightClimbed"
  )
  public var totalFlightsClimbed: HKQuantity? {
    statistics(for: HKQuantityType(.flightsClimbed))?.sumQuantity()
  }
}

/// One activity of a workout, HealthKit's `HKWorkoutActivity` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkworkoutactivity). Equal by ``uuid``.
/// `Sendable` as HealthKit's header declares it (the class is immutable): an app passes an
/// activity from its main-actor model to an actor or a task, for example to
/// `relateWorkoutEffortSample(_:with:activity:)`.
public final class HKWorkoutActivity: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
  /// The activity's identifier.
  public let uuid: UUID
  /// A copy of the configuration it ran with.
  public let workoutConfiguration: HKWorkoutConfiguration
  /// When it started.
  public let startDate: Date
  /// When it ended, or `nil` while it runs.
  public let endDate: Date?
  /// Extra information (numbers and Booleans as `NSNumber`: docs/swift-api.md#metadata).
  public let metadata: [String: Any]?
  /// Its events in date order.
  public let workoutEvents: [HKWorkoutEvent]
  /// Active time in seconds: from ``startDate`` to ``endDate``, or, while the activity is in
  /// progress (``endDate`` `nil`), to the simulation's virtual now, its pauses not counted
  /// (Apple doc: https://developer.apple.com/documentation/healthkit/hkworkoutactivity/duration,
  /// "If an activity is currently in progress, it has a nil-valued endDate. In this case,
  /// HealthKit calculates the duration as the time between the startDate and the current time,
  /// ignoring any pause periods"; "ignoring" as for an ended activity, whose duration is the
  /// workout's active time: docs/healthkit-behaviour.md#activities). An in-progress activity of
  /// the builder's is a snapshot: ``HKLiveWorkoutBuilder/currentWorkoutActivity`` read later
  /// gives the later value. An activity the app creates with an end of `nil`
  /// (``init(workoutConfiguration:start:end:metadata:)``) is in progress by the same page: each
  /// read gives the time from its start to now (the simulation's virtual now inside a run,
  /// `Date()` with none), 0 while its start is still ahead (project rule: Apple gives no
  /// negative duration); it has no pauses of its own. The simulation is the one the activity
  /// was made in, kept (weakly) from its initializer, so reading ``duration`` is safe anywhere:
  /// on another thread or a `DispatchQueue` during the run, and after the run, where it gives
  /// the run's virtual now, not the real clock (`Date()` only for an activity made with no
  /// simulation, or once its simulation is gone). An archived copy (``encode(with:)``) keeps
  /// the value it had when archived.
  public var duration: TimeInterval {
    if let fixedDuration { return fixedDuration }
    let now = clock?.now ?? Date()
    return max(0, now.timeIntervalSince(startDate))
  }
  /// The duration when it is known (an ended activity, the builder's snapshot); `nil` for an
  /// activity in progress that ``duration`` reads at each call.
  private let fixedDuration: TimeInterval?
  /// The simulation whose virtual now an activity in progress runs to (``duration``): the one
  /// its initializer was called in, `nil` for an ended activity or outside every simulation.
  private weak let clock: HealthKitSimulation?
  /// Its statistics per type.
  public let allStatistics: [HKQuantityType: HKStatistics]
  private let zoneGroups: [HKQuantityType: HKWorkoutZoneGroup]

  /// The time in zones per type over this activity's span, pauses excluded, or `nil` without
  /// any (iOS/watchOS 27; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutactivity/zonegroupsbytype):
  /// the single activity of a simulated workout has its workout's groups; each of the app's
  /// sub-activities (`beginNewActivity`) has the groups of its own span, the value holding at
  /// its start counting from its start.
  public var zoneGroupsByType: [HKQuantityType: HKWorkoutZoneGroup]? {
    zoneGroups.isEmpty ? nil : zoneGroups
  }

  /// The zone group of `quantityType`, or `nil` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutactivity/zonegroup(for:)).
  public func zoneGroup(for quantityType: HKQuantityType) -> HKWorkoutZoneGroup? {
    zoneGroups[quantityType]
  }

  /// Creates an activity without events or statistics (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutactivity/init(workoutconfiguration:start:end:metadata:)):
  /// ``duration`` is end − start, or without an end, in progress, the time from start to now
  /// at each read (Apple doc: https://developer.apple.com/documentation/healthkit/hkworkoutactivity/duration).
  public convenience init(
    workoutConfiguration: HKWorkoutConfiguration, start startDate: Date, end endDate: Date?,
    metadata: [String: Any]?
  ) {
    self.init(
      workoutConfiguration: workoutConfiguration, startDate: startDate, endDate: endDate,
      metadata: metadata, workoutEvents: [],
      duration: endDate.map { $0.timeIntervalSince(startDate) }, allStatistics: [:])
  }

  /// Creates an activity from its parts; a `duration` of `nil` is an activity in progress whose
  /// ``duration`` runs to now at each read.
  package init(
    workoutConfiguration: HKWorkoutConfiguration, startDate: Date, endDate: Date?,
    metadata: [String: Any]?, workoutEvents: [HKWorkoutEvent], duration: TimeInterval?,
    allStatistics: [HKQuantityType: HKStatistics],
    zoneGroups: [HKQuantityType: HKWorkoutZoneGroup] = [:], uuid: UUID = UUID()
  ) {
    self.zoneGroups = zoneGroups
    // The copy of a configuration is a configuration.
    self.workoutConfiguration = workoutConfiguration.copy() as! HKWorkoutConfiguration
    self.startDate = startDate
    self.endDate = endDate
    self.metadata = bridgedMetadata(metadata)
    self.workoutEvents = workoutEvents
    self.fixedDuration = duration
    // Read once here, where the app made the activity, not at each read of `duration`.
    let call = "HKWorkoutActivity(workoutConfiguration:start:end:metadata:)"
    self.clock = duration == nil ? HealthKitSimulation.quietReadSimulation(call) : nil
    self.allStatistics = allStatistics
    self.uuid = uuid
  }

  /// The statistics of `quantityType`, or `nil`.
  @discardableResult
  public func statistics(for quantityType: HKQuantityType) -> HKStatistics? {
    allStatistics[quantityType]
  }

  /// Equal when `object` is an activity with the same UUID.
  public override func isEqual(_ object: Any?) -> Bool {
    (object as? HKWorkoutActivity)?.uuid == uuid
  }

  /// A hash of the UUID.
  public override var hash: Int { uuid.hashValue }

  /// Activities are immutable: the copy is the activity itself.
  public func copy(with zone: NSZone? = nil) -> Any { self }

  /// `true`: activities decode only as activities.
  public static var supportsSecureCoding: Bool { true }

  /// Writes every property.
  public func encode(with coder: NSCoder) {
    coder.encode(uuid, forKey: "uuid")
    coder.encode(workoutConfiguration, forKey: "workoutConfiguration")
    coder.encode(startDate, forKey: "startDate")
    coder.encode(endDate, forKey: "endDate")
    coder.encode(metadata, forKey: "metadata")
    coder.encode(workoutEvents, forKey: "workoutEvents")
    coder.encode(duration, forKey: "duration")
    coder.encode(allStatistics, forKey: "allStatistics")
  }

  /// Reads what ``encode(with:)`` wrote; `nil` without UUID, configuration or start.
  public convenience init?(coder: NSCoder) {
    guard let uuid = coder.decodeUUID(forKey: "uuid"),
      let configuration = coder.decodeObject(
        of: HKWorkoutConfiguration.self, forKey: "workoutConfiguration"),
      let start = coder.decodeDate(forKey: "startDate"),
      let statistics = coder.decodeStatistics(forKey: "allStatistics")
    else { return nil }
    self.init(
      workoutConfiguration: configuration, startDate: start,
      endDate: coder.decodeDate(forKey: "endDate"),
      metadata: coder.decodeMetadata(forKey: "metadata"),
      workoutEvents: coder.decodeArray(of: HKWorkoutEvent.self, forKey: "workoutEvents") ?? [],
      duration: coder.decodeDouble(forKey: "duration"), allStatistics: statistics, uuid: uuid)
  }
}
