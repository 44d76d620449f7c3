import Dispatch
import Foundation
import SimulatedHealthKit
import Synchronization
import WorkoutCore
import WorkoutJSON
import WorkoutRendering
import WorkoutScenario
import WorkoutSimCLI
import WorkoutSimulation
import WorkoutTerminal
import WorkoutWatchFace

/// `fitness-tracker-phone`: the scenario on a HealthKitSimulation with the fitness tracker's own
/// models (``PhoneApp``), headless (``screens(options:)``) or on the terminal
/// (``interactive(options:environment:)``).
public enum PhoneRun {
  /// What a headless run read: the scenario's name and the screens at each instant.
  public struct Screens: Sendable, Equatable {
    /// The scenario's `name`.
    public var scenarioName: String
    /// The screens at each `--at` instant, in time order.
    public var screens: [PhoneScreens]

    /// Creates the values.
    public init(scenarioName: String, screens: [PhoneScreens]) {
      self.scenarioName = scenarioName
      self.screens = screens
    }
  }

  /// The values of the screens at each `--at` instant (default: `t = 0` and the scenario's
  /// end), in time order: the ``PhoneDocument`` of `--json` and the ``PhoneSummary``.
  ///
  /// - Throws: ``ScenarioError`` (65, 66), ``SimulationError`` (65), ``UsageError`` (64) for
  ///   an `--at` outside the scenario's time.
  public static func screens(options: PhoneOptions) throws -> Screens {
    let scenario = try CLIEnvironment.loadScenario(path: options.scenarioPath, activity: nil)
    let simulation = try HealthKitSimulation(scenario: scenario)
    let instants = try Self.instants(options.at, scenario: scenario, simulation: simulation)
    let screens = try MainActorWait.run { @MainActor in
      try await simulation.run {
        let app = await PhoneApp.launch(simulation: simulation)
        var screens: [PhoneScreens] = []
        for instant in instants {
          try await app.advance(to: instant)
          screens.append(await app.screens())
        }
        return screens
      }
    }
    return Screens(scenarioName: scenario.name, screens: screens)
  }

  /// The instants of `--at`, as scenario times, sorted, each once; without `--at`, `t = 0` and
  /// the scenario's end (its last timeline action; `t = 0` alone when it has none).
  ///
  /// - Throws: ``UsageError`` for a date-time before the start or a value past the horizon
  ///   (366 days, HealthKitSimulation's).
  static func instants(
    _ times: [PhoneTime], scenario: Scenario, simulation: HealthKitSimulation
  ) throws(UsageError) -> [SimulationInstant] {
    guard !times.isEmpty else {
      let end = scenario.timeline.last?.at ?? .zero
      return end > .zero ? [.zero, end] : [.zero]
    }
    let start = Scenario.WallClockDate(
      date: simulation.startDate, utcOffsetSeconds: 0, text: scenario.start?.text)
    let horizon = HealthKitSimulation.horizon.components.seconds
    var instants: [SimulationInstant] = []
    for time in times {
      instants.append(try time.instant(start: start, horizonSeconds: horizon))
    }
    return Array(Set(instants)).sorted()
  }

  /// The screens on the terminal: raw mode, the alternate screen, the signals and the
  /// fatal-signal restore of the watch face (``InteractiveRun``); time held at the first
  /// `--at` instant (default `t = 0`) and moved by keys (``PhoneFace``).
  ///
  /// - Returns: 0 after `q`; 129, 130, 143 after SIGHUP (or the end of input), SIGINT, SIGTERM,
  ///   once the terminal is restored.
  /// - Throws: scenario and simulation errors before the terminal is touched; ``UsageError``
  ///   for a bad `--at`; ``TerminalError`` when raw mode cannot be entered.
  public static func interactive(options: PhoneOptions, environment: CLIEnvironment) throws
    -> ExitCode
  {
    let scenario = try CLIEnvironment.loadScenario(path: options.scenarioPath, activity: nil)
    let simulation = try HealthKitSimulation(scenario: scenario)
    let first =
      options.at.isEmpty
      ? .zero
      : (try Self.instants(options.at, scenario: scenario, simulation: simulation).first ?? .zero)
    let variables = environment.variables
    let dumb = variables["TERM"] == "dumb"
    let renderOptions = RenderOptions(
      color: environment.colorEnabled, asciiOnly: !InteractiveRun.unicodeCapable(variables))
    RawTerminal.setEmergencyReset(dumb ? "" : EscapeSequence.emergencyReset, fd: 1)
    try? FatalSignalRestore.install()
    defer { FatalSignalRestore.uninstall() }
    let signals = SignalStream()
    defer { signals.cancel() }
    let driver = PhoneDriver(
      mode: dumb ? .plainLines : .fullScreen, options: renderOptions,
      size: { TerminalSize.current(fd: 1, environment: variables) },
      write: { text in try? writeAll(text, to: 1) })
    let limit = SimulationInstant(
      nanoseconds: Int64(HealthKitSimulation.horizon.components.seconds) * 1_000_000_000)
    let exit = try RawTerminal.withRawMode(0) { () throws -> WatchFace.Exit in
      defer { if !dumb { try? writeAll(EscapeSequence.emergencyReset, to: 1) } }
      let events = InteractiveRun.Events(signals: signals)
      defer { events.stop() }
      return try MainActorWait.run { @MainActor in
        try await simulation.run {
          let app = await PhoneApp.launch(simulation: simulation)
          var face = PhoneFace(
            now: first, limit: limit, startDate: simulation.startDate,
            calendar: simulation.calendar)
          return try await driver.run(&face, events: events.stream) { instant in
            try await app.advance(to: instant)
            return await app.screens()
          }
        }
      }
    }
    return ExitCode(exit)
  }
}

/// Runs async work that needs the main actor (the app's models are `@MainActor`) from the
/// command line's synchronous code: on the main thread it turns the main run loop until the
/// work is done, so the main actor's jobs run; elsewhere (tests) it waits on a semaphore.
enum MainActorWait {
  static func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
    let result = Mutex<Result<T, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task.detached {
      do {
        let value = try await body()
        result.withLock { $0 = .success(value) }
      } catch {
        result.withLock { $0 = .failure(error) }
      }
      done.signal()
    }
    if Thread.isMainThread {
      while result.withLock({ $0 == nil }) {
        _ = RunLoop.main.run(mode: .default, before: Date().addingTimeInterval(0.01))
      }
    } else {
      done.wait()
    }
    guard let outcome = result.withLock({ $0 }) else {
      throw NotWiredError(function: "MainActorWait")
    }
    return try outcome.get()
  }
}
