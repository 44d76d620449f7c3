import WorkoutCore
import WorkoutRendering
import WorkoutTerminal

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
  /// - Returns: why it ended (``WatchFace/Exit/success`` after `q`, `interrupt` after Ctrl-C or
  ///   SIGINT, `terminate` after SIGTERM, `hangup` after SIGHUP or the end of input) and the
  ///   statistics.
  public func run(_ face: inout WatchFace, events: AsyncStream<WatchDriverEvent>) async
    -> (WatchFace.Exit, WatchDriverStatistics)
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
    var exitCode = WatchFace.Exit.success
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
        switch signal {
        case .interrupt:
          exitCode = .interrupt
          break loop
        case .terminate:
          exitCode = .terminate
          break loop
        case .hangup:
          exitCode = .hangup
          break loop
        case .windowChange:
          break
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
  /// magenta). Also the phone screens' (the example's `fitness-tracker-phone`).
  package static func screenLines(_ frame: Frame) -> [ScreenLine] {
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
