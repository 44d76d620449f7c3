import Dispatch
import Foundation
import Synchronization
import WorkoutCore
import WorkoutJSON
import WorkoutRendering
import WorkoutScenario
import WorkoutSimulation
import WorkoutTerminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One thing the interactive driver reacts to; every source feeds the one stream the driver
/// task drains.
public enum WatchDriverEvent: Sendable, Equatable {
  /// A decoded key.
  case key(KeyEvent)
  /// A frame tick from the clock.
  case tick
  /// A signal (SIGINT, SIGTERM, SIGHUP: leave; SIGWINCH: redraw at the new size).
  case signal(TerminalSignal)
  /// Standard input ended or failed (the terminal went away): leave as after SIGHUP.
  case inputClosed
}

/// Timing figures the driver gathers for `scripts/bench-watch.sh` (written when
/// `WORKOUT_SIM_WATCH_STATS` names a file).
public struct WatchDriverStatistics: Sendable, Equatable {
  /// Frames rendered.
  public var frames = 0
  /// Total and largest time to render one frame (snapshot, layout and escape codes).
  public var renderTotal: Duration = .zero
  /// The largest frame time.
  public var renderMaximum: Duration = .zero
  /// Frames that took 1 ms or more (the render target).
  public var slowFrames = 0
  /// Keys handled.
  public var keys = 0
  /// The largest time from a key's arrival in the driver to its frame being written.
  public var keyMaximum: Duration = .zero
  /// The largest gap, while playing, between the virtual time on screen and the wall clock ×
  /// speed since play began, the wall clock read after the frame is written.
  public var driftMaximum: Duration = .zero
  /// How long virtual time played without interruption at the end (the span the drift
  /// covers).
  public var playedSpan: Duration = .zero

  /// Creates empty statistics.
  public init() {}

  /// One line of `key=value` pairs, times in microseconds.
  public var text: String {
    func micro(_ duration: Duration) -> String {
      String(Double(duration.wholeNanoseconds) / 1000)
    }
    let mean = frames > 0 ? renderTotal / frames : .zero
    return "frames=\(frames) render_mean_us=\(micro(mean)) render_max_us=\(micro(renderMaximum)) "
      + "render_slow=\(slowFrames) keys=\(keys) key_max_us=\(micro(keyMaximum)) drift_max_us=\(micro(driftMaximum)) "
      + "played_s=\(Double(playedSpan.wholeNanoseconds) / 1e9)"
  }
}

/// The interactive driver: one task owns the ``WatchFace`` and drains one stream of events;
/// after each event it brings virtual time up to the clock's reading and redraws.
///
/// The clock is injected (`ContinuousClock` in the tool), and output goes through `write`, so
/// the loop runs in tests without a terminal.
public struct WatchDriver<C: Clock>: Sendable where C.Duration == Duration {
  /// How the screen is drawn.
  public enum Mode: Sendable, Equatable {
    /// Full-screen ANSI, redrawing changed rows.
    case fullScreen
    /// One status line per significant change (`TERM=dumb`).
    case plainLines
  }

  let clock: C
  let mode: Mode
  let options: RenderOptions
  let size: @Sendable () -> TerminalSize
  let write: @Sendable (String) -> Void

  /// Creates a driver.
  ///
  /// - Parameters:
  ///   - clock: the wall clock (injected).
  ///   - mode: full screen or plain lines.
  ///   - options: colour and character set.
  ///   - size: reads the terminal size (again after SIGWINCH).
  ///   - write: writes escape codes and text to the terminal.
  public init(
    clock: C, mode: Mode, options: RenderOptions, size: @escaping @Sendable () -> TerminalSize,
    write: @escaping @Sendable (String) -> Void
  ) {
    self.clock = clock
    self.mode = mode
    self.options = options
    self.size = size
    self.write = write
  }

  /// Drains `events` until a quit, a signal or the end of input, then stops the run.
  ///
  /// - Returns: the exit status (0 after `q`, 130 after Ctrl-C or SIGINT, 143 after SIGTERM,
  ///   129 after SIGHUP or the end of input) and the statistics.
  public func run(_ face: inout WatchFace, events: AsyncStream<WatchDriverEvent>) async
    -> (ExitCode, WatchDriverStatistics)
  {
    let start = clock.now
    func wall() -> Duration { start.duration(to: clock.now) }
    var statistics = WatchDriverStatistics()
    var ansi = ANSIScreen(color: options.color)
    var plain = PlainScreen()
    var playStart: (wall: Duration, virtual: SimulationInstant, speed: Double)?
    var currentSize = size()

    func draw() {
      let begin = clock.now
      switch mode {
      case .fullScreen:
        let frame = WatchScreen.render(
          face.snapshot(), width: currentSize.columns, height: currentSize.rows, options: options)
        let output = ansi.update(Self.screenLines(frame))
        if !output.isEmpty { write(output) }
      case .plainLines:
        let output = plain.update(Self.statusLine(face.snapshot()))
        if !output.isEmpty { write(output) }
      }
      let spent = begin.duration(to: clock.now)
      statistics.frames += 1
      statistics.renderTotal += spent
      statistics.renderMaximum = max(statistics.renderMaximum, spent)
      if spent >= .milliseconds(1) { statistics.slowFrames += 1 }
    }

    func trackPlayback(at reading: Duration) {
      let playback = face.playback
      guard playback.isPlaying, !face.isStopped else {
        playStart = nil
        return
      }
      if let anchor = playStart, anchor.speed == playback.speed {
        let expected = Double((reading - anchor.wall).wholeNanoseconds) * anchor.speed
        let actual = Double(anchor.virtual.duration(to: face.now).wholeNanoseconds)
        if playback.limit.map({ face.now < $0 }) ?? true {
          // Capped before the conversion: at a high speed over a long span the difference of
          // two large nanosecond counts may exceed Int64.
          let drift = Duration.nanoseconds(Int64(min(abs(actual - expected), 9e18)))
          statistics.driftMaximum = max(statistics.driftMaximum, drift)
        }
        statistics.playedSpan = reading - anchor.wall
      } else {
        playStart = (reading, face.now, playback.speed)
      }
    }

    if mode == .fullScreen { write(ansi.begin()) }
    draw()
    var exitCode = ExitCode.success
    loop: for await event in events {
      switch event {
      case .tick:
        face.update(atWall: wall())
        draw()
        // Compared after the frame is written: the lag of what the screen shows.
        trackPlayback(at: wall())
      case .key(let key):
        let arrival = clock.now
        let reading = wall()
        let before = face.playback
        let outcome = face.handle(key, atWall: reading)
        if before.virtualTime(atWall: reading + .seconds(1))
          != face.playback.virtualTime(atWall: reading + .seconds(1))
        {
          playStart = nil  // held, stepped or sped up: a new span starts
        }
        if case .exit(let code) = outcome {
          exitCode = code
          break loop
        }
        draw()
        statistics.keys += 1
        statistics.keyMaximum = max(statistics.keyMaximum, arrival.duration(to: clock.now))
      case .signal(let signal):
        if let code = signal.exitCode {
          exitCode = ExitCode(rawValue: code) ?? .internalError
          break loop
        }
        currentSize = size()
        if mode == .fullScreen { write(ansi.invalidate()) }
        draw()
      case .inputClosed:
        exitCode = .hangup
        break loop
      }
    }
    face.finish()
    return (exitCode, statistics)
  }

  /// A frame as screen lines: style runs become SGR spans (colour roles map to the eight basic
  /// colours: move and heart rate red, exercise green, steps cyan, accent yellow, alert
  /// magenta).
  static func screenLines(_ frame: Frame) -> [ScreenLine] {
    var spans = [[ScreenSpan]](repeating: [], count: frame.lines.count)
    for run in frame.runs where run.line >= 0 && run.line < frame.lines.count {
      let color: TerminalColor? =
        switch run.style.color {
        case .move, .heartRate: .red
        case .exercise: .green
        case .steps: .cyan
        case .accent: .yellow
        case .alert: .magenta
        case nil: nil
        }
      spans[run.line].append(
        ScreenSpan(
          column: run.column, length: run.length,
          attributes: ScreenAttributes(bold: run.style.bold, dim: run.style.dim, color: color)))
    }
    return frame.lines.enumerated().map { ScreenLine($0.element, spans: spans[$0.offset]) }
  }

  /// The plain-mode status line: only what matters, so it changes on significant events
  /// (the state, whole minutes of elapsed time, the newest log line, the selection).
  static func statusLine(_ snapshot: WatchSnapshot) -> String {
    var parts = [snapshot.activity.name, snapshot.sessionState?.name ?? "noSession"]
    if case .selecting(let selector, _) = snapshot.phase {
      parts.append("selecting " + selector.selected.name + " (Enter starts, k/j turn the crown)")
    } else {
      let minutes = snapshot.elapsed.components.seconds / 60
      parts.append("elapsed \(minutes) min")
    }
    if snapshot.overlay == .confirmQuit { parts.append("quit? y quits, any other key stays") }
    if snapshot.overlay == .help {
      parts.append(
        "keys: "
          + WatchScreen.keys(asciiOnly: true).map { "\($0.key) \($0.meaning)" }.joined(
            separator: ", "))
    }
    if let last = snapshot.log.reversed().lazy.compactMap(WatchScreen.logLine).first {
      parts.append("| " + last)
    }
    return parts.joined(separator: "  ")
  }
}

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
    let scenario = try CLIEnvironment.loadScenario(
      path: options.scenarioPath, activity: options.activityType)
    var face = try WatchFace(scenario: scenario, options: options)
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
        let value = await driver.run(&local, events: events.stream)
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
    let result = face.session.result
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

  /// The event sources: a thread reading standard input, a frame ticker, and the signals.
  private final class Events: Sendable {
    let stream: AsyncStream<WatchDriverEvent>
    private let continuation: AsyncStream<WatchDriverEvent>.Continuation
    private let stopped = Atomic<Bool>(false)
    private let tasks: Mutex<[Task<Void, Never>]> = Mutex([])

    init(signals: SignalStream) {
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

    func stop() {
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
