import WorkoutCore

/// HealthKit's deprecated workout initializers (every public `HKWorkout` initializer is
/// deprecated in iOS 17 and watchOS 10: save a workout with a workout builder). A workout made
/// with them is saved with `HKHealthStore.save(_:withCompletion:)`; its samples are added
/// with ``HKHealthStore/add(_:to:completion:)``.
///
/// Duration, as Apple documents for ``HKWorkout/duration``
/// (https://developer.apple.com/documentation/healthkit/hkworkout/duration): the forms without
/// a duration or events take end − start; the forms with `duration` take it as given (seconds);
/// the forms with `workoutEvents` take end − start less the paused spans by HealthKit's pause
/// rule (a pause while paused and a resume while running are ignored; an open pause lasts to
/// the end; `PauseRule`). Project rule (docs/healthkit-behaviour.md#workouts-saved-by-the-app):
/// such a workout has one ``HKWorkout/workoutActivities`` entry spanning it, of its activity
/// type (Apple: every workout has at least one); the totals given are kept and are its
/// ``HKWorkout/allStatistics`` too, each a sum over the workout's span, as the deprecation
/// messages point (`totalEnergyBurned`: "Use statisticsForType: passing the HKQuantityType for
/// HKQuantityTypeIdentifierActiveEnergyBurned"): the energy under `activeEnergyBurned`, the
/// distance under the activity's distance type (``HKWorkout/distanceType(of:)``), the strokes
/// under `swimmingStrokeCount` and the flights under `flightsClimbed`.
extension HKWorkout {
  /// A workout of `workoutActivityType` from `startDate` to `endDate`; duration end − start, no
  /// totals, device `nil` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkout/init(activitytype:start:end:)).
  @available(iOS, introduced: 8.0, deprecated: 17.0, message: "Use HKWorkoutBuilder")
  @available(watchOS, introduced: 2.0, deprecated: 10.0, message: "Use HKWorkoutBuilder")
  @available(macOS, introduced: 13.0, deprecated: 14.0, message: "Use HKWorkoutBuilder")
  public convenience init(
    activityType workoutActivityType: HKWorkoutActivityType, start startDate: Date,
    end endDate: Date
  ) {
    self.init(
      legacy: workoutActivityType, start: startDate, end: endDate, duration: nil, events: nil,
      energy: nil, distance: nil, device: nil, metadata: nil)
  }

  /// A workout with a given active `duration` (seconds), energy (kcal-compatible) and distance
  /// (length) totals (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkout/init(activitytype:start:end:duration:totalenergyburned:totaldistance:metadata:)).
  @available(iOS, introduced: 8.0, deprecated: 17.0, message: "Use HKWorkoutBuilder")
  @available(watchOS, introduced: 2.0, deprecated: 10.0, message: "Use HKWorkoutBuilder")
  @available(macOS, introduced: 13.0, deprecated: 14.0, message: "Use HKWorkoutBuilder")
  public convenience init(
    activityType workoutActivityType: HKWorkoutActivityType, start startDate: Date,
    end endDate: Date, duration: TimeInterval, totalEnergyBurned: HKQuantity?,
    totalDistance: HKQuantity?, metadata: [String: Any]?
  ) {
    self.init(
      legacy: workoutActivityType, start: startDate, end: endDate, duration: duration,
      events: nil, energy: totalEnergyBurned, distance: totalDistance, device: nil,
      metadata: metadata)
  }

  /// As ``init(activityType:start:end:duration:totalEnergyBurned:totalDistance:metadata:)``,
  /// with the device that recorded it (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkout/init(activitytype:start:end:duration:totalenergyburned:totaldistance:device:metadata:)).
  @available(iOS, introduced: 9.0, deprecated: 17.0, message: "Use HKWorkoutBuilder")
  @available(watchOS, introduced: 2.0, deprecated: 10.0, message: "Use HKWorkoutBuilder")
  @available(macOS, introduced: 13.0, deprecated: 14.0, message: "Use HKWorkoutBuilder")
  public convenience init(
    activityType workoutActivityType: HKWorkoutActivityType, start startDate: Date,
    end endDate: Date, duration: TimeInterval, totalEnergyBurned: HKQuantity?,
    totalDistance: HKQuantity?, device: HKDevice?, metadata: [String: Any]?
  ) {
    self.init(
      legacy: workoutActivityType, start: startDate, end: endDate, duration: duration,
      events: nil, energy: totalEnergyBurned, distance: totalDistance, device: device,
      metadata: metadata)
  }

  /// A workout whose duration is end − start less the paused spans of `workoutEvents` (Apple
  /// doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkout/init(activitytype:start:end:workoutevents:totalenergyburned:totaldistance:metadata:)).
  @available(iOS, introduced: 8.0, deprecated: 17.0, message: "Use HKWorkoutBuilder")
  @available(watchOS, introduced: 2.0, deprecated: 10.0, message: "Use HKWorkoutBuilder")
  @available(macOS, introduced: 13.0, deprecated: 14.0, message: "Use HKWorkoutBuilder")
  public convenience init(
    activityType workoutActivityType: HKWorkoutActivityType, start startDate: Date,
    end endDate: Date, workoutEvents: [HKWorkoutEvent]?, totalEnergyBurned: HKQuantity?,
    totalDistance: HKQuantity?, metadata: [String: Any]?
  ) {
    self.init(
      legacy: workoutActivityType, start: startDate, end: endDate, duration: nil,
      events: workoutEvents, energy: totalEnergyBurned, distance: totalDistance, device: nil,
      metadata: metadata)
  }

  /// As ``init(activityType:start:end:workoutEvents:totalEnergyBurned:totalDistance:metadata:)``,
  /// with the device (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkout/init(activitytype:start:end:workoutevents:totalenergyburned:totaldistance:device:metadata:)).
  @available(iOS, introduced: 9.0, deprecated: 17.0, message: "Use HKWorkoutBuilder")
  @available(watchOS, introduced: 2.0, deprecated: 10.0, message: "Use HKWorkoutBuilder")
  @available(macOS, introduced: 13.0, deprecated: 14.0, message: "Use HKWorkoutBuilder")
  public convenience init(
    activityType workoutActivityType: HKWorkoutActivityType, start startDate: Date,
    end endDate: Date, workoutEvents: [HKWorkoutEvent]?, totalEnergyBurned: HKQuantity?,
    totalDistance: HKQuantity?, device: HKDevice?, metadata: [String: Any]?
  ) {
    self.init(
      legacy: workoutActivityType, start: startDate, end: endDate, duration: nil,
      events: workoutEvents, energy: totalEnergyBurned, distance: totalDistance, device: device,
      metadata: metadata)
  }

  /// As the events form, with a swimming stroke count (a count; ``totalSwimmingStrokeCount``
  /// and the `swimmingStrokeCount` statistics give it back) (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkout/init(activitytype:start:end:workoutevents:totalenergyburned:totaldistance:totalswimmingstrokecount:device:metadata:)).
  @available(iOS, introduced: 10.0, deprecated: 17.0, message: "Use HKWorkoutBuilder")
  @available(watchOS, introduced: 3.0, deprecated: 10.0, message: "Use HKWorkoutBuilder")
  @available(macOS, introduced: 13.0, deprecated: 14.0, message: "Use HKWorkoutBuilder")
  public convenience init(
    activityType workoutActivityType: HKWorkoutActivityType, start startDate: Date,
    end endDate: Date, workoutEvents: [HKWorkoutEvent]?, totalEnergyBurned: HKQuantity?,
    totalDistance: HKQuantity?, totalSwimmingStrokeCount: HKQuantity?, device: HKDevice?,
    metadata: [String: Any]?
  ) {
    self.init(
      legacy: workoutActivityType, start: startDate, end: endDate, duration: nil,
      events: workoutEvents, energy: totalEnergyBurned, distance: totalDistance,
      strokes: totalSwimmingStrokeCount, device: device, metadata: metadata)
  }

  /// As the events form, with a flights-climbed total (a count; ``totalFlightsClimbed`` and
  /// the `flightsClimbed` statistics give it back) (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkout/init(activitytype:start:end:workoutevents:totalenergyburned:totaldistance:totalflightsclimbed:device:metadata:)).
  @available(iOS, introduced: 11.0, deprecated: 17.0, message: "Use HKWorkoutBuilder")
  @available(watchOS, introduced: 4.0, deprecated: 10.0, message: "Use HKWorkoutBuilder")
  @available(macOS, introduced: 13.0, deprecated: 14.0, message: "Use HKWorkoutBuilder")
  public convenience init(
    activityType workoutActivityType: HKWorkoutActivityType, start startDate: Date,
    end endDate: Date, workoutEvents: [HKWorkoutEvent]?, totalEnergyBurned: HKQuantity?,
    totalDistance: HKQuantity?, totalFlightsClimbed: HKQuantity?, device: HKDevice?,
    metadata: [String: Any]?
  ) {
    self.init(
      legacy: workoutActivityType, start: startDate, end: endDate, duration: nil,
      events: workoutEvents, energy: totalEnergyBurned, distance: totalDistance,
      flights: totalFlightsClimbed, device: device, metadata: metadata)
  }

  /// The one body of the deprecated initializers: `duration` when given, else end − start less
  /// the paused spans of `events` (none: end − start).
  private convenience init(
    legacy activity: HKWorkoutActivityType, start: Date, end: Date, duration: TimeInterval?,
    events: [HKWorkoutEvent]?, energy: HKQuantity?, distance: HKQuantity?,
    strokes: HKQuantity? = nil, flights: HKQuantity? = nil, device: HKDevice?,
    metadata: [String: Any]?, uuid: UUID = UUID()
  ) {
    // The totals as sums over the workout's span (the type's rule above).
    var statistics: [HKQuantityType: HKStatistics] = [:]
    let totals: [(HKQuantityType?, HKQuantity?)] = [
      (HKQuantityType(.activeEnergyBurned), energy), (Self.distanceType(of: activity), distance),
      (HKQuantityType(.swimmingStrokeCount), strokes), (HKQuantityType(.flightsClimbed), flights),
    ]
    for case (let type?, let total?) in totals {
      statistics[type] = HKStatistics(
        quantityType: type, startDate: start, endDate: end, sumQuantity: total)
    }
    let active = duration ?? Self.activeDuration(start: start, end: end, events: events ?? [])
    // "All HKWorkout instances have at least one associated HKWorkoutActivity. If you don't
    // explicitly set workout activities, HealthKit assigns a workout activity that matches the
    // HKWorkout object's activity type"
    // (https://developer.apple.com/documentation/healthkit/hkworkoutactivity).
    let configuration = HKWorkoutConfiguration()
    configuration.activityType = activity
    let only = HKWorkoutActivity(
      workoutConfiguration: configuration, startDate: start, endDate: end, metadata: nil,
      workoutEvents: events ?? [], duration: active, allStatistics: statistics)
    self.init(
      activityType: activity, startDate: start, endDate: end, duration: active,
      workoutEvents: events, workoutActivities: [only], allStatistics: statistics,
      totalEnergyBurned: energy, totalDistance: distance, metadata: metadata, uuid: uuid,
      device: device)
  }

  /// A copy of a workout the app made with the deprecated initializers, dated `start` to `end`
  /// with its events at `eventIntervals` (in ``workoutEvents`` order, each keeping its
  /// metadata): the same UUID, activity, duration, totals, device and metadata,
  /// its one activity and its totals' statistics spanning the new dates. What queries hand out
  /// for a saved workout whose dates the wall-clock rule read from the real clock (a project
  /// rule, docs/swift-api.md#the-wall-clock-rule); the workout itself is not changed.
  func redated(start: Date, end: Date, eventIntervals: [DateInterval]) -> HKWorkout {
    let events = workoutEvents.map { kept in
      zip(kept, eventIntervals).map { event, interval in
        HKWorkoutEvent(type: event.type, dateInterval: interval, metadata: event.metadata)
      }
    }
    return HKWorkout(
      legacy: workoutActivityType, start: start, end: end, duration: duration, events: events,
      energy: energyBurned, distance: distance,
      strokes: statistics(for: HKQuantityType(.swimmingStrokeCount))?.sumQuantity(),
      flights: statistics(for: HKQuantityType(.flightsClimbed))?.sumQuantity(), device: device,
      metadata: metadata, uuid: uuid)
  }

  /// The distance type a workout of `activity` records its distance in, or `nil` for an
  /// activity without one. Project rule (Apple's `totalDistance` says only "the desired
  /// distance type"): walking, running and hiking `distanceWalkingRunning`; cycling
  /// `distanceCycling`; swimming `distanceSwimming`; wheelchair paces `distanceWheelchair`;
  /// downhill skiing and snowboarding `distanceDownhillSnowSports`.
  static func distanceType(of activity: HKWorkoutActivityType) -> HKQuantityType? {
    switch activity {
    case .walking, .running, .hiking: HKQuantityType(.distanceWalkingRunning)
    case .cycling: HKQuantityType(.distanceCycling)
    case .swimming: HKQuantityType(.distanceSwimming)
    case .wheelchairWalkPace, .wheelchairRunPace: HKQuantityType(.distanceWheelchair)
    case .downhillSkiing, .snowboarding: HKQuantityType(.distanceDownhillSnowSports)
    default: nil
    }
  }

  /// End − start less the paused spans of `events` by HealthKit's pause rule (`PauseRule`),
  /// seconds; 0 when the end is not after the start.
  static func activeDuration(start: Date, end: Date, events: [HKWorkoutEvent]) -> TimeInterval {
    let end = SimulationInstant(end, since: start)
    let engine = events.map { $0.engineEvent(since: start) }
    let kept = WorkoutRecord.filteredEvents(engine, start: .zero, end: end)
    return PauseRule.runningSpans(of: kept, start: .zero, limit: end)
      .reduce(0) { $0 + $1.from.duration(to: $1.to).timeInterval }
  }
}
