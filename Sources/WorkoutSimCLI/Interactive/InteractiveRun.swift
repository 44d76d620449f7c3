import Dispatch
import Foundation
import Synchronization
import WorkoutCore
import WorkoutJSON
import WorkoutRendering
import WorkoutScenario
import WorkoutSimulation
import WorkoutTerminal
import WorkoutWatchFace

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `run` in a terminal: the watch face (docs/command-line.md#complication). Wires the driver to standard input and
/// output, raw mode, the signals, and the fatal-signal restore.
public enum InteractiveRun {
  /// The frame interval: 50 ms (20 frames a second).
  public static let frameInterval: Duration = .milliseconds(50)
  /// How long a lone ESC waits for the rest of a sequence: 50 ms.
  public static let escapeTimeout: Duration = .milliseconds(50)

  /// Runs the watch face for `options` on the process's terminal, then prints the summary (or
  /// the JSON result) and writes the exports as a headless run does.
  ///
  /// The terminal is restored before returning, whatever happens: a normal exit, an error, a
  /// signal (the exit statuses 129, 130, 143 are returned after the restore), and a fault in
  /// rendering (``FatalSignalRestore`` restores and chains to the toolchain's backtracer).
  ///
  /// - Throws: ``ScenarioError`` or ``SimulationError`` before the terminal is touched;
  ///   ``TerminalError`` when raw mode cannot be entered; output errors from the exports.
  public static func run(options: RunOptions, environment: CLIEnvironment) throws -> ExitCode {
    // Resolved once, as a headless run is (``RunInput``); no positions are required up front:
    // a `.gpx` export of a course without them fails when the exports are written.
    let input = try environment.resolve(
      RunRequest(
        source: .scenario(path: options.scenarioPath),
        overrides: RunOverrides(
          activity: options.activityType, seed: options.seed, until: options.until,
          output: options.memoryOutput)))
    var face = try WatchFace(input.resolved, speed: options.speed)
    let variables = environment.variables
    let dumb = variables["TERM"] == "dumb"
    let renderOptions = RenderOptions(
      color: environment.colorEnabled, asciiOnly: !unicodeCapable(variables))
    RawTerminal.setEmergencyReset(dumb ? "" : EscapeSequence.emergencyReset, fd: 1)
    try? FatalSignalRestore.install()
    defer { FatalSignalRestore.uninstall() }
    let signals = SignalStream()
    defer { signals.cancel() }

    let driver = WatchDriver(
      clock: ContinuousClock(), mode: dumb ? .plainLines : .fullScreen, options: renderOptions,
      size: { TerminalSize.current(fd: 1, environment: variables) },
      write: { text in try? writeAll(text, to: 1) })
    let outcome = try RawTerminal.withRawMode(0) {
      () -> (ExitCode, WatchDriverStatistics) in
      defer { if !dumb { try? writeAll(EscapeSequence.emergencyReset, to: 1) } }
      let events = Events(signals: signals)
      defer { events.stop() }
      let box = FaceBox(face)
      let done = DispatchSemaphore(value: 0)
      let result = Mutex<(ExitCode, WatchDriverStatistics)?>(nil)
      Task.detached {
        var local = box.take()
        let (exit, statistics) = await driver.run(&local, events: events.stream)
        let value = (ExitCode(exit), statistics)
        box.put(local)
        result.withLock { $0 = value }
        done.signal()
      }
      done.wait()
      face = box.take()
      return result.withLock { $0 } ?? (.internalError, WatchDriverStatistics())
    }
    let (code, statistics) = outcome
    if let path = variables["WORKOUT_SIM_WATCH_STATS"], !path.isEmpty {
      try? (statistics.text + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    }
    guard code == .success || code == .interrupt else { return code }
    var result = face.session.result
    try Simulation.addHealthDays(
      to: &result, scenario: input.resolved.scenario, through: face.session.now)
    try RunCommand.report(
      result, options: options, plan: RunCommand.outputPlan(for: options, in: environment),
      in: environment)
    return code
  }

  /// Whether the terminal can show Unicode: `TERM` is not `dumb` and the first set of `LC_ALL`,
  /// `LC_CTYPE`, `LANG` names UTF-8 (POSIX locale precedence, IEEE Std 1003.1-2017 §8.2).
  public static func unicodeCapable(_ variables: [String: String]) -> Bool {
    if variables["TERM"] == "dumb" { return false }
    for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
      if let value = variables[name], !value.isEmpty {
        let lower = value.lowercased()
        return lower.contains("utf-8") || lower.contains("utf8")
      }
    }
    return false
  }

  /// Hands the face to the driver task and back (one owner at a time).
  private final class FaceBox: @unchecked Sendable {
    private var face: WatchFace
    private let lock = NSLock()
    init(_ face: WatchFace) { self.face = face }
    func take() -> WatchFace { lock.withLock { face } }
    func put(_ newFace: WatchFace) { lock.withLock { face = newFace } }
  }

  /// The event sources: a thread reading standard input, a frame ticker, and the signals
  /// (`package`: also the example's phone screens', which ignore the ticks).
  package final class Events: Sendable {
    package let stream: AsyncStream<WatchDriverEvent>
    private let continuation: AsyncStream<WatchDriverEvent>.Continuation
    private let stopped = Atomic<Bool>(false)
    private let tasks: Mutex<[Task<Void, Never>]> = Mutex([])

    package init(signals: SignalStream) {
      let (stream, continuation) = AsyncStream.makeStream(
        of: WatchDriverEvent.self, bufferingPolicy: .unbounded)
      self.stream = stream
      self.continuation = continuation
      let ticker = Task.detached { [continuation] in
        let clock = ContinuousClock()
        var next = clock.now
        while !Task.isCancelled {
          next = next.advanced(by: InteractiveRun.frameInterval)
          if next < clock.now { next = clock.now }
          try? await clock.sleep(until: next, tolerance: .milliseconds(1))
          continuation.yield(.tick)
        }
      }
      let signalTask = Task.detached { [continuation] in
        for await signal in signals.signals { continuation.yield(.signal(signal)) }
      }
      tasks.withLock { $0 = [ticker, signalTask] }
      let thread = Thread { [self] in self.readKeys() }
      thread.start()
    }

    package func stop() {
      stopped.store(true, ordering: .sequentiallyConsistent)
      for task in tasks.withLock({ $0 }) { task.cancel() }
      continuation.finish()
    }

    /// Reads standard input with `poll` (20 ms) so the thread notices ``stop()``; a lone ESC
    /// with nothing after it within ``InteractiveRun/escapeTimeout`` is flushed as Escape.
    private func readKeys() {
      var decoder = KeyDecoder()
      var buffer = [UInt8](repeating: 0, count: 256)
      var pendingSince: ContinuousClock.Instant?
      let clock = ContinuousClock()
      while !stopped.load(ordering: .sequentiallyConsistent) {
        var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, 20)
        if ready < 0 {
          if errno == EINTR { continue }
          continuation.yield(.inputClosed)
          return
        }
        if ready == 0 {
          if decoder.hasPending, let since = pendingSince,
            since.duration(to: clock.now) >= InteractiveRun.escapeTimeout
          {
            for key in decoder.flush() { continuation.yield(.key(key)) }
            pendingSince = nil
          }
          continue
        }
        let count = read(0, &buffer, buffer.count)
        if count < 0, errno == EINTR || errno == EAGAIN { continue }
        if count <= 0 {
          continuation.yield(.inputClosed)
          return
        }
        for key in decoder.feed(contentsOf: buffer[0..<count]) { continuation.yield(.key(key)) }
        pendingSince = decoder.hasPending ? clock.now : nil
      }
    }
  }
}
