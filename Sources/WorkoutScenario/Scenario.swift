import Foundation
import WorkoutCore
import WorkoutHealth
import WorkoutPhysiology
import WorkoutSystem

/// A decoded and validated scenario file, version 1 (docs/scenario-format.md), with
/// every default applied.
///
/// Obtain one with ``load(contentsOf:displayName:)``, ``decode(_:fileName:sourceURL:)`` or
/// ``defaultScenario``; every value in it has passed the checks of the spec (times not
/// decreasing, durations and intervals above zero, grades within −0.45 and 0.45, known names,
/// power only for cycling), so consumers need not check again. Times are exact
/// ``SimulationInstant``s (offsets from `t = 0`) and `Swift.Duration`s, rounded to the nearest
/// nanosecond when decoded.
public struct Scenario: Sendable, Equatable {
  /// `version`: the format version, always `1` here (higher versions are rejected).
  public var version: Int
  /// `name`: shown in output; defaults to the file name without its extension.
  public var name: String
  /// `start`: the wall-clock date of `t = 0` when the file gives one, else `nil`. The default
  /// depends on the course: a recording's first time stamp, else ``defaultStart``
  /// (`2026-01-05T08:00:00Z`); see ``resolvedStart(recordingStart:)``.
  public var start: WallClockDate?
  /// `start: "now"`: `t = 0` is the real wall clock when the Swift API's `HealthKitSimulation`
  /// is made, so app code that reads `Date()` before time moves sees the right day and time
  /// (docs/scenario-format.md#start-now). ``start`` is then `nil`. Only the Swift API runs such a
  /// scenario: the command line refuses it (``SimulationError`` at `start`), since the same
  /// scenario must give the same bytes there.
  public var startsNow = false
  /// `timeZone`: the IANA time zone name for the local calendar (day boundaries, week start,
  /// dates written in records); default `"UTC"`. Validated with Foundation's
  /// `TimeZone(identifier:)`, which always succeeds for the stored name.
  public var timeZone: String
  /// `seed`: the root of all randomness (`SplitMix64(seed:stream:)`); default `1`. An integer
  /// in ``seedRange``.
  public var seed: UInt64
  /// `activity`: the workout's `HKWorkoutActivityType`; default `.running`.
  public var activity: WorkoutActivityType
  /// `location`: the session's `HKWorkoutSessionLocationType`; default `.outdoor`.
  public var location: WorkoutSessionLocationType
  /// `athlete`: the profile the physiology models use, defaults applied per field.
  public var athlete: Athlete
  /// `athlete`'s `dateOfBirth`, `bloodType`, `skinType`, `wheelchairUse` and `moveMode`: what
  /// SimulatedHealthKit's characteristic reads return; none given by default.
  public var characteristics = Characteristics()
  /// `course`: what the body does from `t = 0`; default `.segments([])` (standing still).
  public var course: Course
  /// `sensors`: the settings given in the file, keyed by quantity type (types not in the file are
  /// absent; ``sensorSettings(for:)`` returns the defaults for them).
  public var sensors: [QuantityType: SensorSettings]
  /// `builder`: the live builder's options.
  public var builder: BuilderOptions
  /// `finish`: who ends collection and finishes the workout; default `.auto`.
  public var finish: FinishMode
  /// `timeline`: what the app does, in file order; times never decrease.
  public var timeline: [Action]
  /// `expect`: the checks `workout-sim check` evaluates, in file order.
  public var expect: [Check]
  /// `watch`: the watch around the app (return to clock, background grace period, the declared
  /// extended runtime session type, will-expire lead time, auto-pause), every default applied:
  /// ``WatchConfiguration/standard`` when the file has no `watch` key. Pass it to
  /// `WorkoutEngineConfiguration.watch` to run the lifecycle model.
  public var watch: WatchConfiguration = .standard
  /// `watch.appState`: the watch app's state at `t = 0`, `.active` (the default) or
  /// `.notRunning` (`openApp` launches it; docs/phone-link.md#the-watch-app).
  public var watchAppState: AppState = .active
  /// `watch.complications` and `watch.complicationReloadBudget`: the app's complications on the
  /// watch face and their daily reload budget (docs/scenario-format.md#the-watch); none and 50
  /// by default.
  public var complications = Complications()
  /// `watch.pushToken`: the device token Apple Push Notification service gives the watch app
  /// (a hex string in the file, its bytes here), or `nil` (the default): with it
  /// `WKApplication.registerForRemoteNotifications()` succeeds with these bytes, without it the
  /// registration fails (docs/scenario-format.md#the-watch,
  /// docs/healthkit-behaviour.md#remote-notifications).
  public var pushToken: [UInt8]?
  /// `watch.cyclingSensors`: the cycling peripherals connected to the watch, as the types they
  /// give (`"power"` `cyclingPower`, `"cadence"` `cyclingCadence`, `"speed"` `cyclingSpeed`);
  /// none by default, Apple's behaviour: a ride then records no power, cadence or speed, and
  /// indoors no `distanceCycling` (outdoors the GPS gives it). A replayed recording with power
  /// or cadence data adds those sensors (it was recorded with them). Apple docs:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/cyclingpower,
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/distancecycling;
  /// the rule is `WorkoutEngineConfiguration.unsensedCyclingTypes(activity:location:)`
  /// (docs/healthkit-behaviour.md#cycling-sensors).
  public var cyclingSensors = QuantityTypeSet()
  /// The names `watch.cyclingSensors` accepts and the type each sensor gives, in the order the
  /// docs list them.
  public static let cyclingSensorNames: [(name: String, type: QuantityType)] = [
    ("power", .cyclingPower), ("cadence", .cyclingCadence), ("speed", .cyclingSpeed),
  ]
  /// `selector`: the Digital Crown workout selector; ``Selector/init(items:continuous:sensitivity:)``
  /// defaults when the file has no `selector` key.
  public var selector = Selector()
  /// `goals`: the ring goals; ``RingAmounts/defaultGoals`` (500 kcal, 30 min, 10 000 steps)
  /// completed per key.
  public var goals = RingAmounts.defaultGoals
  /// `today`: what the day held before `t = 0`; zero per key by default.
  public var today = RingAmounts.zero
  /// `authorization`: the simulated user's answers to permission sheets, or `nil` (every
  /// request granted).
  public var authorization: Authorization?
  /// `app`: the app's Info.plist; the default has both HealthKit usage descriptions.
  public var app = App()
  /// `phone`: the paired iPhone's network, widgets, Background App Refresh and charging
  /// (docs/scenario-format.md#the-phone).
  public var phone = Phone()
  /// `motion`: the body's motion activity spans, Core Motion's report latency and the heart
  /// rate outside a workout (docs/scenario-format.md#motion), or `nil` (derived from the course
  /// and the health days, 15 s latency).
  public var motion: Motion? = nil
  /// `gps`: the start point, altitude and heading of a scripted course's route, for
  /// SimulatedCoreLocation (docs/scenario-format.md#gps); the defaults when the file has none.
  /// Setting it (the file's key, or in Swift) sets ``placesCourse``.
  public var gps = GPS() {
    didSet { placesCourse = true }
  }
  /// Whether ``gps`` was given (the file's `gps` key, or set in Swift): a scripted course
  /// outdoors then has a route in the run result, the fixes the watch's GPS gives along it, for
  /// the record's `route`, the exports and the report (docs/scenario-format.md#gps); without it
  /// only SimulatedCoreLocation places the course (at ``GPS/defaultStart``).
  public private(set) var placesCourse = false
  /// `sensors.location`: the GPS receiver's accuracy, error, spacing and dropouts
  /// (docs/scenario-format.md#location); `nil` when the file has none (the receiver's
  /// defaults, docs/models.md#gps-fixes).
  public var locationSensor: LocationSensor?
  /// The keys other than `enabled` the file gives `sensors.distanceSwimming` and
  /// `sensors.swimmingStrokeCount`, in file order: a pool swim records those types once per
  /// length, so a replayed pool swim refuses them as a scripted one does
  /// (``poolSensorMessage(type:key:)``; project rule, docs/models.md#swimming and
  /// docs/recordings.md#pool-swims). Only the decoder fills it; empty when the file gives none
  /// and for a scenario built in Swift (whose settings ``refusedPoolSensorKey`` reads instead).
  package var perLengthSensorKeys: [PerLengthSensorKey] = []

  /// A key of a per-length type's `sensors` entry (``perLengthSensorKeys``): `type` is
  /// `distanceSwimming` or `swimmingStrokeCount`, `key` the key other than `enabled`
  /// (`interval`), at JSON path ``path`` (`sensors.distanceSwimming.interval`).
  package struct PerLengthSensorKey: Sendable, Equatable {
    /// The sample type's name as the file writes it (`distanceSwimming`).
    package var type: String
    /// The refused key (`interval`).
    package var key: String
    /// The JSON path of the key: `sensors.<type>.<key>`.
    package var path: String { "sensors.\(type).\(key)" }

    /// A per-length type's key.
    package init(type: String, key: String) {
      self.type = type
      self.key = key
    }
  }

  /// Why a pool swim refuses `key` of `sensors.<type>` (`type` `distanceSwimming` or
  /// `swimmingStrokeCount`), and what to write instead: the watch records the type once per
  /// length, at the length's end, not on a sample grid, so only `enabled` applies (project rule,
  /// docs/models.md#swimming).
  package static func poolSensorMessage(type: String, key: String) -> String {
    "in a pool swim the watch records \(type) once per length, at the length's end, not every \"interval\": only \"enabled\" applies; remove \"\(key)\""
  }

  /// The first setting of `distanceSwimming` or `swimmingStrokeCount` other than `enabled` that
  /// a pool swim refuses (``poolSensorMessage(type:key:)``; project rule,
  /// docs/models.md#swimming), or `nil`: the one rule of the decoder (a scripted pool swim's
  /// file) and of a run (a replayed pool swim, and any scenario built or changed in Swift).
  /// A key the file gives (``perLengthSensorKeys``) comes first; then a setting of ``sensors``
  /// that differs from the type's default (``WorkoutPhysiology/SensorConfiguration/standard(for:)``):
  /// `interval`, `noise`, `constant`, `lockOn` or `dropouts`, in that order.
  package var refusedPoolSensorKey: PerLengthSensorKey? {
    if let given = perLengthSensorKeys.first { return given }
    for type in [QuantityType.distanceSwimming, .swimmingStrokeCount] {
      guard let settings = sensors[type] else { continue }
      let standard = SensorConfiguration.standard(for: type)
      let differing: [(key: String, differs: Bool)] = [
        ("interval", settings.interval != standard.interval),
        ("noise", settings.noise != standard.noise),
        ("constant", settings.constant != standard.constant),
        ("lockOn", settings.lockOn != standard.lockOn),
        ("dropouts", settings.dropouts != standard.dropouts),
      ]
      if let first = differing.first(where: \.differs) {
        return PerLengthSensorKey(type: type.rawValue, key: first.key)
      }
    }
    return nil
  }
  /// The indices of the course's segments that give no `grade`, when the file names a
  /// `gps.track` (the decoder's; none for a scenario built in Swift): with elevations in the
  /// track they take its grade (docs/scenario-format.md#gps).
  public var segmentsWithoutGrade: Set<Int> = []
  /// `swim`: a swimming workout's pool or open water, sets, strokes and rests
  /// (docs/scenario-format.md#swim); `nil` when the file has none. The decoder makes ``course``
  /// from it (``WorkoutPhysiology/SwimPlan/segments``), a run uses its segments as the course
  /// whatever ``course`` holds, and plays its lengths and sets as the watch's `lap` and
  /// `segment` events.
  public var swim: SwimPlan?
  /// `strength`: a strength or HIIT workout's sets of reps (docs/scenario-format.md#strength);
  /// `nil` when the file has none. Only the wrist motion model reads it (the forearm turns
  /// through each rep, docs/models.md#wrist-motion); a run checks a plan set in Swift by the
  /// decoder's rule (``WorkoutPhysiology/StrengthPlan/problem(activity:)``).
  public var strength: StrengthPlan?
  /// `health`: a person's days for the health store (docs/scenario-format.md#health), or `nil`
  /// when the file has no `health` key (then runs have no day table and no `days` in the result).
  /// A plan set in Swift is checked by `HealthPlan.validationProblem()` when its data is made
  /// (`HealthGeneration.data(for:through:recordingStart:)` throws a `SimulationError` at
  /// `health.<path>`), the rules the decoder applies to a file.
  public var health: HealthPlan?
  /// The file the scenario was loaded from, if any (recording paths are relative to its folder).
  public var sourceURL: URL?

  /// The seeds a scenario's `seed` and `run --seed` accept: 0 to 2^53 − 1 = 9007199254740991,
  /// the whole numbers a JSON number (an IEEE 754 double, RFC 8259 section 6) carries exactly, so
  /// the result's `seed` reproduces the run.
  public static let seedRange: ClosedRange<UInt64> = 0...((1 << 53) - 1)

  /// The default `start` when there is neither a `start` key nor a recording:
  /// `2026-01-05T08:00:00Z` (1767600000 s since 1970: 20458 days × 86400 s + 8 × 3600 s).
  public static let defaultStart = WallClockDate(
    date: Date(timeIntervalSince1970: 1_767_600_000), utcOffsetSeconds: 0,
    text: "2026-01-05T08:00:00Z")

  /// The dates `start` may take, and a replayed recording's first time stamp with it:
  /// 1990-01-01T00:00:00Z (631 152 000 s after 1970) to 2099-12-31T23:59:59Z (4 102 444 799 s),
  /// both included (a project rule). Every output can write every date in it and in the days
  /// after it that a run covers: FIT time stamps are seconds since 1989-12-31T00:00:00Z in a
  /// `UInt32` (FIT SDK profile, `date_time`: https://developer.garmin.com/fit/protocol/; they
  /// reach 2126), and from 1990 on the Gregorian calendar of ISO 8601 matches every formatter's.
  public static let supportedStartRange =
    Date(timeIntervalSince1970: 631_152_000)...Date(timeIntervalSince1970: 4_102_444_799)

  /// ``supportedStartRange`` as written in messages and documentation:
  /// `1990-01-01T00:00:00Z to 2099-12-31T23:59:59Z`.
  public static let supportedStartRangeText = "1990-01-01T00:00:00Z to 2099-12-31T23:59:59Z"

  /// The wall-clock date of `t = 0`: `start` if given, else the recording's first time stamp if
  /// the caller read one (`recordingStart`, in UTC), else ``defaultStart``.
  ///
  /// - Parameter recordingStart: the first time stamp of the course's recording, or `nil`.
  /// - Returns: the date with the offset it was written with (UTC for the defaults).
  public func resolvedStart(recordingStart: Date? = nil) -> WallClockDate {
    if let start { return start }
    if let recordingStart {
      return WallClockDate(date: recordingStart, utcOffsetSeconds: 0, text: nil)
    }
    return Self.defaultStart
  }

  /// The settings of sensor `type`: the file's if it has an entry, else
  /// ``WorkoutPhysiology/SensorConfiguration/standard(for:)``.
  ///
  /// - Parameter type: a quantity type.
  /// - Returns: the settings with every default applied.
  public func sensorSettings(for type: QuantityType) -> SensorSettings {
    sensors[type] ?? SensorConfiguration.standard(for: type)
  }

  /// A wall-clock date as written in the scenario: an instant plus the UTC offset it was written
  /// with (ISO 8601 / RFC 3339 `date-time`, for example `2026-03-02T07:30:00+01:00`).
  public struct WallClockDate: Sendable, Equatable {
    /// The instant.
    public var date: Date
    /// The written UTC offset in seconds (`+01:00` is 3600, `Z` is 0).
    public var utcOffsetSeconds: Int
    /// The text as written in the file, or `nil` when the date did not come from the file.
    public var text: String?

    /// Creates a wall-clock date.
    public init(date: Date, utcOffsetSeconds: Int, text: String?) {
      self.date = date
      self.utcOffsetSeconds = utcOffsetSeconds
      self.text = text
    }
  }

  /// `athlete`: the body's own ``WorkoutPhysiology/Athlete`` (defaults of the spec, a maximum
  /// heart rate left out taken from Tanaka, values within ``WorkoutPhysiology/Athlete/ranges``).
  public typealias Athlete = WorkoutPhysiology.Athlete

  /// `course`: what the body does.
  public enum Course: Sendable, Equatable {
    /// An array of segments, run one after the other from `t = 0`; after the last the body
    /// stands still. Empty means standing still throughout.
    case segments([Segment])
    /// A recording object: the body replays a FIT, TCX or GPX file (read by a later stage; this
    /// module only decodes the object).
    case recording(Recording)
  }

  /// A course segment, `{ "duration", "speed", "grade", "power", "cadence", "met" }`: the body
  /// model's own ``WorkoutPhysiology/CourseSegment`` (duration, m/s, grade fraction, W, per min,
  /// gross METs), so the decoded course goes to the models as it is.
  public typealias Segment = CourseSegment

  /// A recording object: `{ "recording": path, "heartRate": "model" | "recorded" }`.
  public struct Recording: Sendable, Equatable {
    /// `recording`: the file's path as written, relative to the scenario file's folder (FIT, TCX
    /// or GPX). Not read or checked for existence here.
    public var path: String
    /// `heartRate`: where heart rate comes from; default `.model`.
    public var heartRate: HeartRateSource

    /// Creates a recording reference.
    public init(path: String, heartRate: HeartRateSource = .model) {
      self.path = path
      self.heartRate = heartRate
    }

    /// The recording's location: `path` resolved against the folder of `scenarioURL` (an
    /// absolute `path` stays as it is).
    ///
    /// - Parameter scenarioURL: the scenario file's URL.
    /// - Returns: a file URL.
    public func url(relativeTo scenarioURL: URL) -> URL {
      if path.hasPrefix("/") { return URL(fileURLWithPath: path) }
      return scenarioURL.deletingLastPathComponent().appendingPathComponent(path)
    }

    /// `heartRate` of a recording object.
    public enum HeartRateSource: String, Sendable, Equatable, CaseIterable {
      /// `"model"`: heart rate comes from the physiology model.
      case model
      /// `"recorded"`: the wrist sensor reports the recorded heart rate, interpolated.
      case recorded
    }
  }

  /// One sensor's settings, `sensors.<type>` (`enabled`, `interval`, `noise`, `constant`,
  /// `lockOn`, `dropouts`, and for `heartRate` `cadenceLock`, `error`, `errorScale`): the wrist
  /// sensor's own
  /// ``WorkoutPhysiology/SensorConfiguration``, with the defaults of the type filled in where the
  /// file is silent, so the decoded settings go to the models as they are.
  public typealias SensorSettings = SensorConfiguration

  /// `builder`: the live builder's options, HealthKit's names.
  public struct BuilderOptions: Sendable, Equatable {
    /// `shouldCollectWorkoutEvents` (`HKLiveWorkoutBuilder.shouldCollectWorkoutEvents`); default
    /// `true`.
    public var shouldCollectWorkoutEvents: Bool

    /// Creates options.
    public init(shouldCollectWorkoutEvents: Bool = true) {
      self.shouldCollectWorkoutEvents = shouldCollectWorkoutEvents
    }
  }

  /// `finish`: see docs/scenario-format.md#ending-a-workout.
  public enum FinishMode: String, Sendable, Equatable, CaseIterable {
    /// `"auto"`: when the session reaches stopped or ended, the app ends collection and finishes
    /// the workout, as Apple's sample app does.
    case auto
    /// `"manual"`: only explicit `endCollection` / `finishWorkout` actions do.
    case manual
  }

  /// One timeline entry: `{ "at": time, "do": name, ... }`.
  public struct Action: Sendable, Equatable {
    /// `at`: when the app performs the action.
    public var at: SimulationInstant
    /// `do` and its parameters.
    public var kind: Kind
    /// Where the action sits in the file, for messages and the log (`"timeline[3]"`).
    public var location: String
    /// `device`: whose app makes the call or whose app the world acts on: the watch's (the
    /// default) or, for the actions of ``phoneWords``, the iPhone's own workout (iOS 26;
    /// docs/scenario-format.md#the-iphones-own-workouts).
    public var device: WorkoutDevice

    /// Creates an action.
    public init(
      at: SimulationInstant, kind: Kind, location: String, device: WorkoutDevice = .watch
    ) {
      self.at = at
      self.kind = kind
      self.location = location
      self.device = device
    }

    /// The `do` words that take `"device": "phone"`: the session's and builder's calls, the
    /// phone app's crash and relaunch, and a probe of the phone app's session.
    public static let phoneWords = [
      "prepare", "start", "pause", "resume", "stop", "end", "endCollection", "finishWorkout",
      "lap", "marker", "segment", "addEvent", "newSession", "crash", "relaunch", "probe",
    ]

    /// What the action does: a call the app makes (the engine's ``WorkoutSystem/AppAction``, named
    /// by its ``WorkoutSystem/AppAction/word``), a `probe` of the live values, or a `crown`
    /// rotation of the workout selector.
    public enum Kind: Sendable, Equatable {
      /// `prepare`, `start`, `pause`, ... : the app calls the session, the builder or the watch.
      case app(AppAction)
      /// `probe`: snapshot the live values into the result's `probes`.
      case probe
      /// `crown` with `by`: one Digital Crown rotation of `by` strides (fractions allowed), then
      /// the stop; ignored with a log entry once the app's session is prepared or started.
      case crown(by: Double)
      /// `timeZone` with `timeZone`: the device's time zone becomes this IANA name at the
      /// action's instant (the user lands in another zone; the watch follows the paired phone's
      /// zone). Every local date written from then on carries the new zone's offset, the
      /// activity rings reset at the new zone's local midnights, and a workout started before
      /// keeps the `HKTimeZone` it started with (docs/scenario-format.md#time-zone-changes).
      case timeZone(String)

      /// The `do` word (`"pause"`, `"probe"`, `"crown"`).
      public var name: String {
        switch self {
        case .app(let action): action.word
        case .probe: "probe"
        case .crown: "crown"
        case .timeZone: "timeZone"
        }
      }

      /// Every `do` word, in the order the spec and the schema list them.
      public static let names = [
        "prepare", "start", "pause", "resume", "stop", "end", "endCollection", "finishWorkout",
        "lap", "marker", "segment", "addEvent", "newSession", "probe", "crash", "relaunch",
        "wristDown", "wristUp", "crownPress", "openApp", "extendedRuntime", "crown",
        "activateSession", "sendMessage", "sendMessageData", "transferUserInfo",
        "updateApplicationContext", "transferFile", "transferCurrentComplicationUserInfo",
        "cancelTransfers", "phoneApp", "phoneAway", "phoneBack", "sameWiFi", "complication",
        "watchApp",
        "startMirroring", "stopMirroring", "sendToRemoteWorkoutSession", "beginActivity",
        "endActivity", "timeZone",
      ]
    }
  }
}
