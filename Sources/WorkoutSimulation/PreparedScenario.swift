import Foundation
import WorkoutCore
import WorkoutJSON
import WorkoutPhysiology
import WorkoutRecordings
import WorkoutScenario
import WorkoutSystem

/// A scenario turned into the models' own types: the athlete, the course, the wrist sensors, the
/// engine configuration, and the wall-clock context for dates.
struct PreparedScenario {
  var configuration: WorkoutEngineConfiguration
  var dataSource: PhysiologyDataSource
  var athlete: WorkoutPhysiology.Athlete
  var startDate: Date
  var timeZone: TimeZone
  /// The device's zone at each instant (``TimeZoneSchedule``): ``timeZone`` and the timeline's
  /// `timeZone` actions.
  var timeZones: TimeZoneSchedule
  /// Warnings for standard error (the result's `warnings`): what the replay of a recording
  /// dropped, and a timeline that runs past the recording's end (docs/recordings.md).
  var warnings: [String] = []
  /// The warning of a ride on this course that describes a cycling sensor it does not connect
  /// (``unconnectedCyclingSensorsWarning(_:course:connected:file:)``), whatever the scenario's
  /// activity: in ``warnings`` when that activity is `cycling`, else given when an app starts a
  /// cycling session (``SimulationSession/cyclingSessionMade()``); `nil` when nothing is
  /// described and not connected.
  var cyclingSensorsWarning: String?
  /// The course's positions in time order (the run result's ``RunResult/track``): a
  /// recording's track, or a placed scripted course's route (``scriptedRoute(_:course:speed:path:)``),
  /// else none.
  var route: [TrackPoint] = []
  /// The events the watch records by itself, each due at the end of its interval: a swim's
  /// lengths and sets (``WorkoutScenario/Scenario/swim``), or a replayed pool swim's lengths
  /// (``swimLengths(of:origin:)``), or a downhill skiing or snowboarding course's runs
  /// (``WorkoutPhysiology/DownhillRuns``).
  /// Each with the samples the watch adds with it (a pool length's distance and strokes,
  /// ``WorkoutPhysiology/SwimPlan/records``).
  var watchEvents: [WatchRecord] = []
  /// The activity whose running session records ``watchEvents``: swimming, or the downhill
  /// activity whose runs they are.
  var watchEventActivity = WorkoutActivityType.swimming

  /// Prepares `resolved`: the course from its segments or from the recording it holds (no
  /// file is read here; ``ResolvedScenario`` read it), the data source and the engine
  /// configuration.
  ///
  /// - Throws: ``SimulationError`` for what only the models and the recording's contents can
  ///   refuse: a course of segments the models reject; a recording without heart rate for
  ///   `"recorded"`, with fewer than two timed points, or that gives no course; a first time
  ///   stamp outside ``WorkoutScenario/Scenario/supportedStartRange``; `today.appleExerciseTime`
  ///   longer than the time from local midnight to the start
  ///   (``WorkoutScenario/Scenario/todayExerciseProblem(start:)``); a `.gpx` export
  ///   (``RunOverrides/requiresPositions``) of a course without positions.
  init(_ resolved: ResolvedScenario) throws(SimulationError) {
    let scenario = resolved.scenario
    let overrides = resolved.overrides
    let file = resolved.fileName
    self.timeZone = resolved.timeZone
    self.athlete = scenario.athlete
    // `--type` is in the scenario (``ResolvedScenario``).
    let activity = scenario.activity
    let course: Course
    // A replayed pool swim's pool length (its first swum length's), or `nil`.
    var pool: Double?
    switch (scenario.course, resolved.recording) {
    case (.segments(let segments), _):
      // A swim is its own course (`swim`; the decoder also writes it as the segments, a
      // scenario built in Swift may only set `swim`).
      var played = scenario.swim?.segments ?? segments
      if scenario.swim == nil, let line = resolved.gpsPath {
        Self.applyTrackGrades(line, to: &played, without: scenario.segmentsWithoutGrade)
      }
      // A segment's own MET needs a constant-MET activity (`--type` may have changed it).
      if let index = played.firstIndex(where: { $0.mets != nil }),
        let problem = CourseSegment.metsProblem(activity: activity)
      {
        throw SimulationError(fileName: file, path: "course[\(index)].met", message: problem)
      }
      course = try Self.course(played, file: file)
      watchEvents = scenario.swim?.records ?? []
      if activity == .downhillSkiing || activity == .snowboarding {
        watchEvents = DownhillRuns.events(of: course).map { WatchRecord($0) }
        watchEventActivity = activity
      }
      self.startDate = scenario.resolvedStart().date
    case (.recording, nil):
      preconditionFailure("a resolved scenario holds the recording its course replays")
    case (.recording(let recording), let read?):
      var later: [(from: Double, activity: WorkoutActivityType)] = []
      // Whether a part of the replay swims: the first, a later session's (`newSession`) or a
      // multisport workout's leg (`beginActivity`).
      var swims = activity == .swimming
      for action in scenario.timeline {
        if case .app(.newSession(let next?)) = action.kind {
          later.append((action.at.seconds, next))
          swims = swims || next == .swimming
        }
        if case .app(.beginActivity(.swimming, _)) = action.kind { swims = true }
      }
      let path = Scenario.recordingFilePath(recording, scenarioURL: scenario.sourceURL)
      let replay = try Self.course(
        recording, read: read, path: path, activity: activity, later: later, file: file)
      course = replay.course
      // Warnings are part of the result's bytes: they name the recording by its lexically
      // normalized path (`ws/../run.fit` → `run.fit`), so `replay --write-scenario` and a `run`
      // of the written file give the same bytes.
      let shown = Scenario.normalized(path)
      warnings = replay.warnings(file: shown, recording: read)
      let last = scenario.timeline.last?.at.seconds ?? 0
      if last > replay.duration + 1e-9 {
        warnings.append(
          "\(file): the timeline's last action at \(JSONWriter.number(last)) s lies \(JSONWriter.number(last - replay.duration)) s past the end of the recording \(shown), which lasts \(JSONWriter.number(replay.duration)) s; the body stands still after it"
        )
      }
      if swims {
        // Every swim of the file gets its lengths, a later one of a multisport file too; they
        // are recorded into a swimming session or leg only (``SimulationSession``).
        watchEvents = Self.swimLengths(of: read, origin: replay.firstTimestamp)
        watchEventActivity = .swimming
        let lengths = read.lengthsInTimeOrder.filter { !$0.isIdle }
        var pools: [Double] = []
        for case let length? in lengths.map({ read.poolLength(at: $0.startTime) })
        where !pools.contains(length) {
          pools.append(length)
        }
        if pools.count > 1 {
          // A watch counts one pool per workout: the `lapLength` its `HKWorkoutConfiguration`
          // is given before it starts (docs/recordings.md#pool-swims).
          throw SimulationError(
            fileName: file, path: "course.recording",
            message: Self.severalPoolsMessage(pools, recording: shown))
        }
        pool = pools.first
        let moved = read.overlappingLengthCount
        if moved > 0 {
          warnings.append(
            "\(shown): \(moved == 1 ? "1 pool length starts before the one before it ends; it starts" : "\(moved) pool lengths start before the one before them ends; each starts") at that end instead, keeping its time"
          )
        }
      }
      let recordingStart = Date(timeIntervalSince1970: replay.firstTimestamp)
      if scenario.start == nil, !Scenario.supportedStartRange.contains(recordingStart) {
        throw SimulationError(
          fileName: file, path: "course.recording",
          message:
            "the recording's first time stamp, \(formatDate(recordingStart, timeZone: TimeZone(secondsFromGMT: 0) ?? .current)), is outside the supported range \(Scenario.supportedStartRangeText) and would be the run's start; give \"start\" in that range"
        )
      }
      self.startDate = scenario.resolvedStart(recordingStart: recordingStart).date
    }
    // `today`'s exercise time fits in the day before t = 0, the one check both doors run (the
    // command line and `AppSimulation`): the reader checks a fixed start, this one a start it
    // did not know (`"now"`, a recording's first time stamp).
    if let problem = scenario.todayExerciseProblem(start: startDate) {
      throw SimulationError(fileName: file, path: "today.appleExerciseTime", message: problem)
    }
    // `strength`'s rules, the decoder's for a file, here for a plan set in Swift
    // (docs/scenario-format.md#strength).
    if let problem = scenario.strength?.problem(activity: activity) {
      throw SimulationError(
        fileName: file, path: problem.path.isEmpty ? "strength" : "strength." + problem.path,
        message: problem.message)
    }
    if let plan = scenario.strength, case .segments(let segments) = scenario.course,
      let problem = plan.restProblem(segments: scenario.swim?.segments ?? segments)
    {
      throw SimulationError(
        fileName: file, path: "strength." + problem.path, message: problem.message)
    }
    self.timeZones = TimeZoneSchedule(scenario: scenario, home: timeZone, startDate: startDate)
    let sensors = scenario.sensors
    // `--seed` is in the scenario (``ResolvedScenario``).
    let seed = scenario.seed
    self.dataSource = PhysiologyDataSource(
      athlete: athlete, course: course, sensors: sensors, seed: seed)
    if case .segments = scenario.course {
      route = Self.scriptedRoute(
        scenario, course: course, speed: dataSource.speed(ofSegment:), path: resolved.gpsPath)
    } else {
      route = course.track
    }
    if overrides.requiresPositions, !route.contains(where: { $0.latitude != nil }) {
      throw SimulationError(
        fileName: file, path: Self.noPositionsPath(scenario),
        message: Self.noPositionsMessage(scenario))
    }
    let schedules = sensors.mapValues(\.schedule)
    var configuration = WorkoutEngineConfiguration(
      seed: seed, activity: activity, location: scenario.location,
      shouldCollectWorkoutEvents: scenario.builder.shouldCollectWorkoutEvents,
      schedules: schedules)
    // The world as HealthKit is: the app begins collection, ends it and finishes the workout
    // by its calls; the command line's app makes them as its reflexes (``ScriptedApp``).
    // A scripted swim's location and pool, or a replayed pool swim's (its lengths carry their
    // samples: ``swimLengths(of:origin:)``), as its `HKWorkoutConfiguration` gives them.
    let swimSetting: (location: SwimPlan.Location, lapLength: Double)? =
      if let swim = scenario.swim {
        (swim.location, swim.lapLength)
      } else if let pool, watchEvents.contains(where: { !$0.samples.isEmpty }) {
        (.pool, pool)
      } else {
        nil
      }
    if swimSetting?.location == .pool, let refused = scenario.refusedPoolSensorKey {
      // A pool swim, replayed or scripted, records its distance and strokes once per length: a
      // grid setting would be ignored, so it is refused by the rule the decoder applies to a
      // scripted pool swim's file, for a scenario built in Swift too
      // (docs/recordings.md#pool-swims).
      throw SimulationError(
        fileName: file, path: refused.path,
        message: Scenario.poolSensorMessage(type: refused.type, key: refused.key))
    }
    if let swimSetting {
      configuration.activityMetadata[.swimming] = SwimPlan.workoutMetadata(
        location: swimSetting.location, lapLength: swimSetting.lapLength)
      if swimSetting.location == .pool {
        // The watch records a pool's distance and strokes once per length
        // (``WorkoutPhysiology/SwimPlan/records(poolLength:)``), not every 10 s.
        configuration.eventRecordedTypes = QuantityTypeSet([
          .distanceSwimming, .swimmingStrokeCount,
        ])
      }
    }
    configuration.watch = scenario.watch
    configuration.cyclingSensors = scenario.cyclingSensors.union(
      Self.impliedCyclingSensors(scenario, course: course))
    // The warning follows the ride: with the scenario's warnings for a cycling scenario (the
    // command line's app starts its activity), else when an app starts a cycling session
    // (``SimulationSession/cyclingSessionMade()``).
    cyclingSensorsWarning = Self.unconnectedCyclingSensorsWarning(
      scenario, course: course, connected: configuration.cyclingSensors, file: file)
    if scenario.activity == .cycling, let warning = cyclingSensorsWarning {
      warnings.append(warning)
    }
    configuration.link = Self.linkConfiguration(
      scenario, overrides: overrides, startDate: startDate, zones: timeZones)
    configuration.motion = MotionConfiguration(
      layers: [dataSource.motionSpans(activity: activity), scenario.motion?.spans ?? []],
      latency: scenario.motion?.latency ?? MotionConfiguration.defaultLatency,
      heartRate: scenario.motion?.heartRate ?? [],
      restingHeartRate: athlete.restingHeartRate)
    self.configuration = configuration
    self.phoneSensors = Self.phoneSensors(scenario)
    var phoneConfiguration = WorkoutEngineConfiguration(
      seed: Self.phoneSeed(seed), activity: activity, location: scenario.location,
      shouldCollectWorkoutEvents: scenario.builder.shouldCollectWorkoutEvents,
      schedules: phoneSensors.mapValues(\.schedule))
    // The phone connects no cycling sensor (``phoneSensors(_:)``): the engine's one rule for
    // them then also keeps an indoor ride's distance out, as on the watch without a speed
    // sensor (docs/healthkit-behaviour.md#cycling-sensors).
    phoneConfiguration.cyclingSensors = QuantityTypeSet()
    // The phone app's process: its crash and relaunch are logged as the watch app's are.
    phoneConfiguration.logsAppProcess = true
    self.phoneConfiguration = phoneConfiguration
  }

  /// A scripted course's route (project rule, docs/scenario-format.md#gps): when the scenario
  /// places it (``WorkoutScenario/Scenario/placesCourse``: a `gps` key) and the watch is
  /// outdoors with its GPS on, the fixes SimulatedCoreLocation's manager gets
  /// (``RoutePlan``: the course's line on the globe and the receiver's seeded error, a fix every
  /// `sensors.location.interval`, 1 s by default, none in a dropout; the run result keeps the
  /// ones ``RoutePlan/receivesFix(at:openWater:pool:)`` keeps while the watch swims)
  /// from `t = 0` to the course's end or the timeline's last action, whichever is later (the
  /// body stands at the course's end after it); else none.
  static func scriptedRoute(
    _ scenario: Scenario, course: Course, speed: (Int) -> Double, path: CoursePath?
  ) -> [TrackPoint] {
    guard scenario.placesCourse, noPositionsReason(scenario) == nil else { return [] }
    let speeds = course.segments.indices.map(speed)
    var plan = RoutePlan(
      course: course, speed: { speeds[$0] }, gps: scenario.gps, seed: scenario.seed,
      sensor: scenario.locationSensor, path: path)
    let last = max(course.end, scenario.timeline.map(\.at).max() ?? course.end)
    var points: [TrackPoint] = []
    var instant = SimulationInstant.zero
    while instant <= last {
      if let fix = plan.fix(at: instant) {
        points.append(
          TrackPoint(
            instant: instant, latitude: fix.latitude, longitude: fix.longitude,
            altitude: fix.altitude))
      }
      instant = SimulationInstant(nanoseconds: instant.nanoseconds + plan.step)
    }
    return points
  }

  /// Why a scripted course has no route, or `nil` when it may have one: indoors, the GPS off.
  static func noPositionsReason(_ scenario: Scenario) -> String? {
    if scenario.location == .indoor {
      return
        "the scenario's \"location\" is indoor, where the watch gets no GPS fix; set \"location\": \"outdoor\""
    }
    if scenario.swim?.location == .pool {
      return "a pool swim has no route (the watch gets no GPS fix in a pool); swim in \"openWater\""
    }
    if scenario.locationSensor?.enabled == false {
      return
        "sensors.location.enabled is false, so the watch's GPS gives no fix; remove it or set it to true"
    }
    return nil
  }

  /// The path of ``noPositionsMessage(_:)``'s key.
  static func noPositionsPath(_ scenario: Scenario) -> String {
    guard case .segments = scenario.course else { return "course.recording" }
    if scenario.location == .indoor { return "location" }
    if scenario.swim?.location == .pool { return "swim.location" }
    if scenario.locationSensor?.enabled == false { return "sensors.location.enabled" }
    return "gps"
  }

  /// Why a `.gpx` export has no positions to write, and what to do instead.
  static func noPositionsMessage(_ scenario: Scenario) -> String {
    guard case .segments = scenario.course else {
      return
        "a .gpx export needs positions, and the recording has no latitude and longitude; export .tcx, .fit or .csv instead"
    }
    if let reason = noPositionsReason(scenario) {
      return "a .gpx export needs positions: \(reason)"
    }
    return
      "a .gpx export needs positions: a scripted course has them when the scenario places it on the globe with \"gps\" (a start point and heading, or a \"track\" GPX line; docs/scenario-format.md#gps), e.g. \"gps\": { \"latitude\": 51.5007, \"longitude\": -0.1246, \"heading\": 90 }"
  }

  /// The iPhone's own workouts (docs/phone.md#the-iphones-own-workouts): the engine's settings
  /// (no watch lifecycle: the phone app's process only crashes and relaunches; no link, no
  /// mirroring, no reminders) with the phone's sensors.
  var phoneConfiguration: WorkoutEngineConfiguration
  /// The phone's sensors (``phoneSensors(_:)``).
  var phoneSensors: [QuantityType: SensorConfiguration]

  /// The seed of the phone's engine: the first draw of the scenario seed's stream `"phone"`,
  /// so its workouts' UUIDs differ from the watch's (project rule).
  static func phoneSeed(_ seed: UInt64) -> UInt64 {
    var generator = SplitMix64(seed: seed, stream: "phone")
    return generator.next()
  }

  /// The cycling sensors a replayed recording implies (project rule,
  /// docs/recordings.md#cycling-sensors): its power data came from a power meter, so a segment
  /// with power adds `cyclingPower`; on a ride (the scenario's activity `cycling`), a ridden
  /// segment with cadence adds `cyclingCadence`. A scripted course implies none: its `power`
  /// and `cadence` describe the body's effort, which a watch without a sensor does not measure.
  static func impliedCyclingSensors(_ scenario: Scenario, course: Course) -> QuantityTypeSet {
    guard case .recording = scenario.course else { return QuantityTypeSet() }
    var sensors = QuantityTypeSet()
    for segment in course.segments where !segment.onFoot {
      if segment.power != nil { sensors.insert(.cyclingPower) }
      if scenario.activity == .cycling, segment.cadence != nil {
        sensors.insert(.cyclingCadence)
      }
    }
    return sensors
  }

  /// The warning of a ride that describes what a cycling sensor would measure without
  /// connecting that sensor (project rule, docs/healthkit-behaviour.md#cycling-sensors: nothing
  /// silent): a ridden course segment's `power` or `cadence`, or a `sensors` setting of
  /// `cyclingPower`, `cyclingCadence` or `cyclingSpeed`, while `watch.cyclingSensors` (with
  /// what a replayed file implies) lacks its sensor, so the watch records none of that type.
  /// `nil` when every such type's sensor is connected. The caller gives it only for a ride: a
  /// cycling scenario, or a cycling session an app starts on another scenario (a Swift app
  /// picks its activity and leaves `activity` at its default); a multisport leg is not judged.
  static func unconnectedCyclingSensorsWarning(
    _ scenario: Scenario, course: Course, connected: QuantityTypeSet, file: String
  ) -> String? {
    var described: [QuantityType: String] = [:]
    for segment in course.segments where !segment.onFoot {
      if segment.power != nil {
        described[.cyclingPower] = "course segments give \"power\" (cyclingPower)"
      }
      if segment.cadence != nil {
        described[.cyclingCadence] = "course segments give \"cadence\" (cyclingCadence)"
      }
    }
    for type in [QuantityType.cyclingPower, .cyclingCadence, .cyclingSpeed]
    where described[type] == nil && scenario.sensors[type] != nil {
      described[type] = "\"sensors\" sets \"\(type.rawValue)\""
    }
    let names: [(QuantityType, String)] = [
      (.cyclingPower, "power"), (.cyclingCadence, "cadence"), (.cyclingSpeed, "speed"),
    ]
    let missing = names.filter { type, _ in described[type] != nil && !connected.contains(type) }
    guard !missing.isEmpty else { return nil }
    let reasons = missing.map { type, _ in described[type] ?? type.rawValue }
    let keys = names.filter { type, _ in described[type] != nil || connected.contains(type) }
      .map { "\"\($0.1)\"" }.joined(separator: ", ")
    return "\(file): \(reasons.joined(separator: "; ")), but \"watch.cyclingSensors\" connects "
      + "no such sensor, so the watch records none of it (as without that peripheral); write "
      + "\"watch\": {\"cyclingSensors\": [\(keys)]} to record it "
      + "(docs/healthkit-behaviour.md#cycling-sensors)"
  }

  /// The phone's sensors (project rules, docs/phone.md#the-iphones-own-workouts): heart rate
  /// only from `phone.heartRateDevice` (its interval and dropouts, its readings the model's
  /// heart rate without the wrist's error: a chest strap), none without one (the iPhone has no
  /// heart-rate sensor: https://developer.apple.com/documentation/healthkit/hkworkoutsession);
  /// no running speed, cycling power, speed or cadence (no Bluetooth speed or power sensor is
  /// modelled), no running power or dynamics and no swim strokes (the watch's wrist motion
  /// gives those); energy, distance and steps from the body's model, as a pocket pedometer
  /// counts them, with the scenario's `sensors` settings for those types.
  static func phoneSensors(_ scenario: Scenario) -> [QuantityType: SensorConfiguration] {
    var sensors: [QuantityType: SensorConfiguration] = [:]
    for type in QuantityType.allCases {
      switch type {
      case .heartRate:
        if let strap = scenario.phone.heartRateDevice {
          sensors[type] = SensorConfiguration(
            for: .heartRate, interval: strap.interval, noise: 0, heartRateError: .off,
            dropouts: strap.dropouts)
        } else {
          sensors[type] = SensorConfiguration(for: .heartRate, enabled: false)
        }
      case .runningSpeed, .cyclingPower, .cyclingCadence, .cyclingSpeed, .runningPower,
        .runningStrideLength, .runningVerticalOscillation, .runningGroundContactTime,
        .swimmingStrokeCount, .rowingSpeed, .crossCountrySkiingSpeed:
        // No Bluetooth speed or power sensor is modelled, and the running dynamics and swim
        // strokes come from the watch's motion sensors on the wrist.
        sensors[type] = SensorConfiguration(for: type, enabled: false)
      case .activeEnergyBurned, .basalEnergyBurned, .distanceWalkingRunning, .distanceCycling,
        .stepCount, .distanceSwimming, .flightsClimbed, .distanceRowing,
        .distanceCrossCountrySkiing, .distanceDownhillSnowSports:
        sensors[type] = scenario.sensors[type] ?? .standard(for: type)
      }
    }
    return sensors
  }

  /// The phone's data source: the same body on the same course with the phone's sensors.
  func phoneDataSource() -> PhysiologyDataSource {
    PhysiologyDataSource(
      athlete: athlete, course: dataSource.course, sensors: phoneSensors,
      seed: phoneConfiguration.seed)
  }

  /// A replayed pool swim's lengths as the watch records them: each swum FIT `length` message
  /// (not an idle one, a rest) is a `lap` event from its start over its elapsed time, with the
  /// stroke as `HKSwimmingStrokeStyle` metadata (FIT `freestyle`, `backstroke`, `breaststroke`,
  /// `butterfly` as HealthKit's; `mixed` and `im` as mixed; `drill` and others unknown), in the
  /// order they end. Times count from `origin` (the recording's first time stamp, `t = 0`).
  ///
  /// With a pool length (``WorkoutRecordings/Recording/poolLength(at:)``) each is recorded as a
  /// scripted pool swim's length (``WorkoutPhysiology/SwimPlan/lengthRecord(at:duration:poolLength:strokes:metadata:)``):
  /// `distanceSwimming` of the pool's length and, with strokes, `swimmingStrokeCount` and the
  /// SWOLF score. Its strokes are the message's `total_strokes` (field 5; FIT SDK profile,
  /// message `length`); a run of consecutive swum lengths without it, of one stroke and pool,
  /// gets the model's strokes as a scripted set does
  /// (``WorkoutPhysiology/SwimPlan/wholeStrokes(lengths:strokesPerLength:)`` of pool length over
  /// ``WorkoutPhysiology/SwimmingModel/distancePerStroke(_:)`` of its stroke; a rest, or a length
  /// with `total_strokes`, ends the run). Without a pool length the events carry no samples
  /// (docs/recordings.md#pool-swims). The lengths are taken in time order, one that the file
  /// starts before the one before it ends starting at that end
  /// (``WorkoutRecordings/Recording/lengthsInTimeOrder``).
  static func swimLengths(of recording: Recording, origin: Double) -> [WatchRecord] {
    let styles: [String: SwimmingStrokeStyle] = [
      "freestyle": .freestyle, "backstroke": .backstroke, "breaststroke": .breaststroke,
      "butterfly": .butterfly, "mixed": .mixed, "im": .mixed,
    ]
    var records: [WatchRecord] = []
    // Swum lengths without strokes of their own, waiting for the run's model strokes.
    var run: [(length: RecordingLength, style: SwimmingStrokeStyle, pool: Double)] = []
    func record(_ length: RecordingLength, _ style: SwimmingStrokeStyle, strokes: Double?) {
      let date = SimulationInstant.rounding(seconds: length.startTime - origin)
      let duration = Duration.nanoseconds(Int64((length.elapsedTime * 1e9).rounded()))
      let metadata: [String: MetadataValue] = [
        SwimPlan.strokeStyleKey: .number(Double(style.rawValue))
      ]
      if let pool = recording.poolLength(at: length.startTime), let strokes {
        records.append(
          SwimPlan.lengthRecord(
            at: date, duration: duration, poolLength: pool, strokes: strokes, metadata: metadata))
      } else {
        records.append(
          WatchRecord(WorkoutEvent(.lap, at: date, duration: duration, metadata: metadata)))
      }
    }
    func endRun() {
      guard let first = run.first else { return }
      let perStroke = SwimmingModel.distancePerStroke(first.style)
      let strokes = SwimPlan.wholeStrokes(
        lengths: run.count, strokesPerLength: perStroke > 0 ? first.pool / perStroke : 0)
      for (index, item) in run.enumerated() {
        record(item.length, item.style, strokes: strokes[index])
      }
      run = []
    }
    // A length the file starts before the one before it ends starts at that end, as the
    // course's distance has it (``WorkoutRecordings/Recording/lengthsInTimeOrder``).
    for length in recording.lengthsInTimeOrder {
      if length.isIdle {
        endRun()
        continue
      }
      // A length of 0 s (a device's glitch) is still a length swum: a lap event of no
      // duration whose samples lie at its instant.
      guard length.elapsedTime >= 0 else { continue }
      let style = length.stroke.flatMap { styles[$0] } ?? .unknown
      let pool = recording.poolLength(at: length.startTime)
      if let strokes = length.strokes {
        endRun()
        record(length, style, strokes: strokes)
      } else if let pool {
        if let first = run.first, first.style != style || first.pool != pool { endRun() }
        run.append((length, style, pool))
      } else {
        record(length, style, strokes: nil)
      }
    }
    endRun()
    return records.sorted { $0.end < $1.end }
  }

  /// Why a replay of `recording` (its normalized path) whose swum lengths lie in more than one
  /// pool (`pools`, metres, in the order they first appear) is refused: the watch's workout
  /// counts one pool, the `lapLength` of the `HKWorkoutConfiguration` it was created with
  /// (Apple doc: https://developer.apple.com/documentation/healthkit/hkworkoutsession/workoutconfiguration:
  /// the session's configuration is a copy of the one it was created with, and changes to it
  /// have no effect), and the saved workout has one `HKLapLength` (project rule,
  /// docs/recordings.md#pool-swims).
  ///
  /// Worked value: pools of 25 and 50 m in `pool.fit` give "pool.fit: its swum lengths lie in
  /// pools of 25 m and 50 m; a watch's workout counts one pool, the lapLength of the
  /// HKWorkoutConfiguration it starts with: replay each pool's swim from a file of its own".
  static func severalPoolsMessage(_ pools: [Double], recording: String) -> String {
    let metres = pools.map { "\(JSONWriter.number($0)) m" }
    let listed = metres.dropLast().joined(separator: ", ") + " and " + (metres.last ?? "")
    return
      "\(recording): its swum lengths lie in pools of \(listed); a watch's workout counts one pool, the lapLength of the HKWorkoutConfiguration it starts with: replay each pool's swim from a file of its own"
  }

  /// Refuses a run whose samples would not fit the ``MemoryBudget`` (`"interval": 1e-9` over
  /// ten minutes is 6e11 samples; 1-second sensors over 9e6 s need tens of gigabytes): a clear
  /// error with the estimate before the run instead of a run that never ends or is killed.
  static func checkSampleBudget(_ scenario: Scenario, overrides: RunOverrides, file: String)
    throws(SimulationError)
  {
    let budget = MemoryBudget(scenario, overrides: overrides)
    guard !budget.fits, let largest = budget.largest else { return }
    let span = max(MemoryBudget.runEnd(scenario, overrides: overrides).seconds, 0)
    let interval = scenario.sensorSettings(for: largest.type).interval.secondsValue
    let gigabytes = JSONWriter.number((budget.estimatedBytes / 1e8).rounded(.up) / 10)
    let text =
      "every \(JSONWriter.number(interval)) s over the \(JSONWriter.number(span)) s run makes \(JSONWriter.number(largest.samples)) \(largest.type.rawValue) samples; with the others (\(JSONWriter.number(budget.samples)) samples at \(JSONWriter.number(budget.instants)) instants) the run would need about \(gigabytes) GB, over the memory budget of 4 GiB"
    if case .recording = scenario.course, scenario.sensors[largest.type] == nil {
      // The timeline of a replay spans the recording: a time stamp years away from the others
      // makes it that long.
      throw SimulationError(
        fileName: file, path: "course.recording",
        message: text
          + "; the run spans the recording's time stamps: check its first and last time stamps")
    }
    throw scenario.sensors[largest.type] == nil
      ? SimulationError(fileName: file, path: "timeline", message: text)
      : SimulationError(
        fileName: file, path: "sensors.\(largest.type.rawValue).interval",
        message: text + "; use a longer interval")
  }

  /// Adds the metadata that depends on the body over the workout's span: `HKElevationAscended`
  /// (m, climbing while collecting) for activities on foot or on a bike, and `HKAverageMETs`
  /// (kcal/(kg·h): total energy over mass and active duration; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkmetadatakeyaveragemets). A key the
  /// record already has (the app's own, through the Swift API's `addMetadata`) is kept.
  func annotate(_ record: WorkoutRecord) -> WorkoutRecord {
    let given = record.metadata
    let annotated = computedAnnotation(record)
    var record = annotated
    for (key, value) in given { record.metadata[key] = value }
    return record
  }

  private func computedAnnotation(_ record: WorkoutRecord) -> WorkoutRecord {
    var record = record
    // `HKTimeZone`: "the user's time zone when the HealthKit object was created" (Apple doc:
    // https://developer.apple.com/documentation/healthkit/hkmetadatakeytimezone); a workout's
    // is the zone in force when it started, kept through a later timeline `timeZone` action
    // (a project reading: docs/scenario-format.md#time-zone-changes).
    record.metadata[WorkoutRecord.MetadataKey.timeZone] = .string(
      timeZones.name(at: record.startDate))
    if record.activityType.distanceType != nil {
      let climb = dataSource.elevationAscended(over: Self.activeIntervals(of: record))
      record.metadata[WorkoutRecord.MetadataKey.elevationAscended] = .number(climb)
    }
    let hours = record.duration.secondsValue / 3600
    let total =
      (record.statistics[.activeEnergyBurned]?.sum ?? 0)
      + (record.statistics[.basalEnergyBurned]?.sum ?? 0)
    if hours > 0, total > 0 {
      record.metadata[WorkoutRecord.MetadataKey.averageMETs] = .number(
        total / athlete.massKg / hours)
    }
    return record
  }

  /// The record's running intervals: from the start or a resume to the next pause or the end,
  /// by HealthKit's rule (a pause while paused and a resume while running are ignored).
  static func activeIntervals(of record: WorkoutRecord) -> [Range<SimulationInstant>] {
    PauseRule.runningSpans(of: record.events, start: record.startDate, limit: record.endDate)
      .map { $0.from..<max($0.from, $0.to) }
  }

  /// Gives each segment of `without` (segments the file gives no `grade`) the mean grade of
  /// `line` over the distance it covers (docs/scenario-format.md#gps): from the distance the
  /// segments before it cover (speed × duration) to the end of its own, clamped to
  /// −0.45 … 0.45. Only while every segment so far gives a `speed` (a power-only segment's speed
  /// depends on its grade); a track without elevations changes nothing.
  static func applyTrackGrades(
    _ line: CoursePath, to segments: inout [Scenario.Segment], without: Set<Int>
  ) {
    guard line.hasAltitudes else { return }
    var distance = 0.0
    for index in segments.indices {
      guard let speed = segments[index].speed else { return }
      let end = distance + speed * segments[index].duration.secondsValue
      if without.contains(index), let grade = line.grade(from: distance, to: end) {
        segments[index].grade = min(0.45, max(-0.45, grade))
      }
      distance = end
    }
  }

  static func course(_ segments: [Scenario.Segment], file: String) throws(SimulationError)
    -> Course
  {
    do {
      return try Course(segments: segments)
    } catch {
      throw SimulationError(fileName: file, path: "course", message: "\(error)")
    }
  }

  /// Builds the course from the recording `read` (read from `path`, the recording's path
  /// relative to the scenario file's folder, or to the working folder for a scenario not read
  /// from a file); `later` are the timeline's `newSession` activities with their times (a
  /// multisport replay).
  static func course(
    _ recording: Scenario.Recording, read: Recording, path: String,
    activity: WorkoutActivityType, later: [(from: Double, activity: WorkoutActivityType)] = [],
    file: String
  ) throws(SimulationError) -> RecordingCourse {
    if recording.heartRate == .recorded, !read.points.contains(where: { $0.heartRate != nil }) {
      throw SimulationError(
        fileName: file, path: "course.heartRate",
        message:
          "\"recorded\" but \(path) holds no heart rate (use \"model\", the default, for this file)"
      )
    }
    let timedCount = read.points.filter(\.time.isFinite).count
    if timedCount < 2 {
      let error = RecordingError.tooFewTimedPoints(file: path, count: timedCount)
      throw SimulationError(
        fileName: file, path: "course.recording", message: error.description,
        recordingError: error)
    }
    do {
      return try RecordingCourse(
        recording: read, activity: activity,
        recordedHeartRate: recording.heartRate == .recorded, laterActivities: later)
    } catch {
      throw SimulationError(
        fileName: file, path: "course.recording", message: "\(path): \(error)")
    }
  }
}

extension Scenario {
  /// The file the course replays, as the simulation opens it: the recording's path joined to
  /// the scenario file's folder as given (`Scenarios/recordings/run.fit`), an absolute path as
  /// it is; `nil` for a course of segments.
  public var recordingFilePath: String? {
    guard case .recording(let recording) = course else { return nil }
    return Self.recordingFilePath(recording, scenarioURL: sourceURL)
  }

  /// The path as the user would type it from the working folder: the scenario's own folder (as
  /// given on the command line) joined with the recording's path.
  /// `path` with `.` components and `name/..` pairs removed, without touching the file system
  /// (`ws/../jump.gpx` → `jump.gpx`, `./a/./b.fit` → `a/b.fit`, `../x.fit` stays); for display
  /// only, since a symbolic link named `ws` would make `ws/..` another folder.
  static func normalized(_ path: String) -> String {
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      if part == "." { continue }
      if part == "..", let last = parts.last, last != ".." {
        parts.removeLast()
      } else {
        parts.append(part)
      }
    }
    let joined = parts.joined(separator: "/")
    return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
  }

  static func recordingFilePath(_ recording: Recording, scenarioURL: URL?) -> String {
    referencedFilePath(recording.path, scenarioURL: scenarioURL)
  }

  /// A path the scenario names (a recording, an Info.plist) joined to the scenario file's folder
  /// as given; an absolute path, or any path of a scenario not read from a file, as it is.
  static func referencedFilePath(_ path: String, scenarioURL: URL?) -> String {
    scenarioURL.map {
      let folder = ($0.relativePath as NSString).deletingLastPathComponent
      return path.hasPrefix("/") || folder.isEmpty
        ? path : (folder as NSString).appendingPathComponent(path)
    } ?? path
  }
}

extension PreparedScenario {
  /// The phone link's settings from the scenario's `phone` link keys and `watch.appState`
  /// (docs/phone-link.md#defaults): the complication budget's resets at the local
  /// `complicationBudgetReset` time of each day through a year past the planned end (the
  /// scripted apps are the command line's ``ScriptedApp``'s, not the world's).
  static func linkConfiguration(
    _ scenario: Scenario, overrides: RunOverrides, startDate: Date, zones: TimeZoneSchedule
  ) -> LinkConfiguration {
    let phone = scenario.phone
    let end = (overrides.until ?? scenario.timeline.last?.at ?? .zero)
      .advanced(by: .seconds(366 * 86_400))
    return LinkConfiguration(
      paired: phone.paired, watchAppInstalled: phone.watchAppInstalled,
      complicationEnabled: phone.complicationEnabled, phoneApp: phone.app, away: phone.away,
      sameWiFi: phone.sameWiFi, messageLatency: phone.messageLatency,
      transferLatency: phone.transferLatency, replyTimeout: phone.replyTimeout,
      complicationBudget: phone.complicationBudget,
      budgetResets: LocalMidnights.instants(
        start: startDate, zones: zones, timeOfDay: phone.complicationBudgetReset,
        through: end),
      watchStartsNotRunning: scenario.watchAppState == .notRunning)
  }
}
