import Foundation
import WorkoutCore
import WorkoutPhysiology
import WorkoutRecordings
import WorkoutScenario

/// A scenario resolved once for running: the overrides `--type` and `--seed` applied to it, and
/// every file it names read once (docs/architecture.md, "How an event travels").
///
/// Resolving applies ``RunOverrides/activity`` (as ``WorkoutScenario/Scenario/withActivity(_:fileName:)``
/// does) and ``RunOverrides/seed`` to ``scenario`` and clears them from ``overrides``, checks what
/// the run checks before it prepares the course (the time zone, the ``MemoryBudget``, the app's
/// Info.plist, whose `.plist` file is read here and only here), and reads the course's recording
/// into ``recording``. Everything made from it afterwards reads no file and applies no override
/// again: ``Simulation/run(_:commands:)``, ``Simulation/courseProfile(_:)``,
/// ``SimulationSession/init(_:)``, and ``modellingHeartRate()`` (the same run with the heart rate
/// modelled, for `workout-sim report`).
public struct ResolvedScenario: Sendable {
  /// The scenario to run, with `--type`'s activity and `--seed`'s seed when they were given.
  public private(set) var scenario: Scenario
  /// What is left to apply while running: ``RunOverrides/until``,
  /// ``RunOverrides/requiresPositions`` and ``RunOverrides/output``; ``RunOverrides/activity``
  /// and ``RunOverrides/seed`` are `nil` (they are in ``scenario``).
  public private(set) var overrides: RunOverrides
  /// The course's recording as read (FIT, TCX or GPX), or `nil` for a course of segments.
  public private(set) var recording: Recording?
  /// The line of `gps.track` (a GPX file's track points) for a course of segments, or `nil`
  /// (docs/scenario-format.md#gps).
  public private(set) var gpsPath: CoursePath?
  /// How messages name the scenario: its file, else the recording it replays, else its name.
  let fileName: String
  /// The scenario's time zone (`timeZone`, checked).
  let timeZone: TimeZone

  /// Resolves `scenario` with `overrides`, reading the course's recording (if any) with
  /// `readRecording`, once.
  ///
  /// - Parameters:
  ///   - scenario: a scenario, decoded from a file or built in Swift.
  ///   - overrides: `--type`, `--seed`, `--until`, the `.gpx` export's need for positions, and
  ///     the output kept per sample.
  ///   - readRecording: reads a recording file at a path (the course's path joined to the
  ///     scenario file's folder, ``WorkoutScenario/Scenario/recordingFilePath``); default
  ///     ``WorkoutRecordings/Recording/read(path:)``. Called at most once.
  /// - Throws: ``SimulationError``, in the order a run checks them: `overrides.activity` not
  ///   cycling with a segment that has power (`course[i].power`); an unknown time zone; samples
  ///   that would not fit the ``MemoryBudget``; an Info.plist that cannot be read or holds a bad
  ///   value (``SimulationError/fileProblem``); a recording that cannot be read
  ///   (``SimulationError/recordingError``, at `course.recording`).
  public init(
    _ scenario: Scenario, overrides: RunOverrides = RunOverrides(),
    readRecording: (String) throws(RecordingError) -> Recording = Recording.read(path:)
  ) throws(SimulationError) {
    var scenario = scenario
    var overrides = overrides
    if let activity = overrides.activity {
      let file = scenario.sourceURL?.relativePath ?? scenario.name
      do {
        scenario = try scenario.withActivity(activity, fileName: file)
      } catch {
        let path: String
        if case .invalid(let at) = error.kind { path = at } else { path = "" }
        throw SimulationError(fileName: error.fileName, path: path, message: error.message)
      }
      overrides.activity = nil
    }
    if let seed = overrides.seed {
      scenario.seed = seed
      overrides.seed = nil
    }
    // Errors name the scenario file; a scenario not read from a file (`replay`'s, one built in
    // Swift) is named by the recording it replays, else by its name.
    let file = scenario.sourceURL?.relativePath ?? scenario.recordingFilePath ?? scenario.name
    if scenario.startsNow {
      throw SimulationError(
        fileName: file, path: "start",
        message:
          "\"now\" starts the world at the real clock, which only the Swift API (HealthKitSimulation) does; a run of the command line must give the same bytes every time: give \"start\" a date-time such as \"2026-03-02T07:30:00+01:00\""
      )
    }
    guard let zone = TimeZone(identifier: scenario.timeZone) else {
      throw SimulationError(
        fileName: file, path: "timeZone",
        message:
          "\"\(scenario.timeZone)\" is not an IANA time zone name (for example \"Europe/Berlin\")")
    }
    try PreparedScenario.checkSampleBudget(scenario, overrides: overrides, file: file)
    // The arrays the simulated frameworks read (BackgroundTasks' permitted identifiers) are
    // checked here too, so `validate` refuses a bad one before any run.
    try scenario.checkInfoPlist(fileName: file)
    if let path = scenario.recordingFilePath {
      do throws(RecordingError) {
        recording = try readRecording(path)
      } catch {
        throw SimulationError(
          fileName: file, path: "course.recording", message: error.description,
          recordingError: error)
      }
    } else {
      recording = nil
    }
    gpsPath = try Self.gpsPath(of: scenario, file: file)
    self.scenario = scenario
    self.overrides = overrides
    self.fileName = file
    self.timeZone = zone
  }

  /// Resolves `scenario` with `overrides` and the course's recording already read (`replay`
  /// reads it to plan the scenario, ``ReplayPlan``): no file of the course is read again.
  ///
  /// - Parameters:
  ///   - scenario: a scenario whose course replays `recording`.
  ///   - overrides: as ``init(_:overrides:readRecording:)``.
  ///   - recording: the file the course names, as read; ignored for a course of segments.
  /// - Throws: ``SimulationError`` as ``init(_:overrides:readRecording:)``, but none for reading
  ///   the recording.
  public init(_ scenario: Scenario, overrides: RunOverrides = RunOverrides(), recording: Recording)
    throws(SimulationError)
  {
    try self.init(scenario, overrides: overrides) { _ throws(RecordingError) in recording }
  }

  /// The line of `scenario`'s `gps.track` for a course of segments (a replay's recorded
  /// positions are its route: the key is ignored there), or `nil` without one.
  ///
  /// - Throws: ``SimulationError`` at `gps.track`: the file cannot be opened (exit 66) or read
  ///   (65), a position off the globe, fewer than two points at different positions (65).
  static func gpsPath(of scenario: Scenario, file: String) throws(SimulationError) -> CoursePath? {
    guard let track = scenario.gps.track, case .segments = scenario.course else { return nil }
    let path = Scenario.referencedFilePath(track, scenarioURL: scenario.sourceURL)
    let points: [RecordingPoint]
    do throws(RecordingError) {
      points = try Recording.readTrackPoints(path: path)
    } catch {
      throw SimulationError(
        fileName: file, path: "gps.track", message: error.description, recordingError: error)
    }
    let line = CoursePath(
      points: points.compactMap { point in
        guard let latitude = point.latitude, let longitude = point.longitude else { return nil }
        return CoursePath.Point(
          latitude: latitude, longitude: longitude, altitude: point.altitude)
      })
    guard let line else {
      throw SimulationError(
        fileName: file, path: "gps.track",
        message:
          "\(path): the track has fewer than two points at different positions (expected a GPX track, trk/trkseg/trkpt with lat and lon, of the course's line)"
      )
    }
    return line
  }

  /// The same run with the heart rate modelled: a course that replays a recording with
  /// `"heartRate": "recorded"` gets `"model"` (docs/scenario-format.md#recording-object), the
  /// recording kept as read; any other scenario is returned as it is. `workout-sim report` draws
  /// the model's heart rate beside the recorded one with it.
  public func modellingHeartRate() -> ResolvedScenario {
    guard case .recording(var course) = scenario.course, course.heartRate == .recorded else {
      return self
    }
    var modelled = self
    course.heartRate = .model
    modelled.scenario.course = .recording(course)
    return modelled
  }
}
