import WorkoutCore
import WorkoutRendering
import WorkoutTerminal
import WorkoutWatchFace

/// The interactive phone's event loop: one task owns the ``PhoneFace`` and drains the watch
/// face's event stream (keys, signals, the end of input; ticks are ignored: time is held), reads
/// the app's screens again after each move of time, and redraws.
///
/// Output goes through `write` and the screens come from `screens`, so the loop runs in tests
/// without a terminal or the app.
public struct PhoneDriver: Sendable {
  /// Full-screen ANSI (redrawing changed rows), or one status line per change (`TERM=dumb`).
  public let mode: WatchDriver<ContinuousClock>.Mode
  /// Colour and character set.
  public let options: RenderOptions
  /// Reads the terminal size (again after SIGWINCH).
  public let size: @Sendable () -> TerminalSize
  /// Writes escape codes and text to the terminal.
  public let write: @Sendable (String) -> Void

  /// Creates a driver.
  public init(
    mode: WatchDriver<ContinuousClock>.Mode, options: RenderOptions,
    size: @escaping @Sendable () -> TerminalSize, write: @escaping @Sendable (String) -> Void
  ) {
    self.mode = mode
    self.options = options
    self.size = size
    self.write = write
  }

  /// Draws the screens at the face's instant, then handles events until a quit, a signal or
  /// the end of input.
  ///
  /// - Parameters:
  ///   - isolation: where the loop runs (the caller's actor: the app's models are
  ///     `@MainActor`).
  ///   - face: the tab, overlay and virtual time.
  ///   - events: the event stream.
  ///   - screens: the app's screens at an instant (moves the simulation there first).
  /// - Returns: why it ended: ``WatchFace/Exit/success`` after `q`, `interrupt` after Ctrl-C
  ///   or SIGINT, `terminate` after SIGTERM, `hangup` after SIGHUP or the end of input.
  /// - Throws: what `screens` throws.
  public func run(
    isolation: isolated (any Actor)? = #isolation, _ face: inout PhoneFace,
    events: AsyncStream<WatchDriverEvent>,
    screens: (SimulationInstant) async throws -> PhoneScreens
  ) async throws -> WatchFace.Exit {
    var ansi = ANSIScreen(color: options.color)
    var plain = PlainScreen()
    var currentSize = size()
    var shown = try await screens(face.now)

    func draw() {
      switch mode {
      case .fullScreen:
        let frame = PhoneScreenRenderer.render(
          shown, tab: face.tab, showsHelp: face.showsHelp, width: currentSize.columns,
          height: currentSize.rows, options: options)
        let output = ansi.update(WatchDriver<ContinuousClock>.screenLines(frame))
        if !output.isEmpty { write(output) }
      case .plainLines:
        let output = plain.update(Self.statusLine(shown, tab: face.tab))
        if !output.isEmpty { write(output) }
      }
    }

    if mode == .fullScreen { write(ansi.begin()) }
    draw()
    for await event in events {
      switch event {
      case .tick: continue
      case .key(let key):
        switch face.handle(key) {
        case .exit(let code): return code
        case .moveTime(let instant): shown = try await screens(instant)
        case .redraw: break
        }
        draw()
      case .signal(.interrupt): return .interrupt
      case .signal(.terminate): return .terminate
      case .signal(.hangup): return .hangup
      case .signal(.windowChange):
        currentSize = size()
        if mode == .fullScreen { write(ansi.invalidate()) }
        draw()
      case .inputClosed: return .hangup
      }
    }
    return .hangup
  }

  /// The plain-mode status line: the instant, the tab and its headline values.
  static func statusLine(_ screens: PhoneScreens, tab: PhoneTab) -> String {
    let none = "--"
    var parts = [
      PhoneScreenRenderer.localText(screens.clock.local), "tab \(tab.rawValue) \(tab.title)",
    ]
    let dashboard = screens.dashboard
    parts.append(
      "steps " + (dashboard.steps.map(PhoneScreenRenderer.amount) ?? none) + "/"
        + PhoneScreenRenderer.whole(dashboard.stepGoal))
    parts.append(
      "energy " + (dashboard.activeEnergy.map { PhoneScreenRenderer.amount($0) + " kcal" } ?? none))
    parts.append(
      "heart rate " + (dashboard.heartRate.map { PhoneScreenRenderer.whole($0) + " bpm" } ?? none))
    parts.append("(keys: 1-4 tabs, l +1 min, k +1 h, n next day, > midnight, q quit)")
    return parts.joined(separator: "  ")
  }
}
