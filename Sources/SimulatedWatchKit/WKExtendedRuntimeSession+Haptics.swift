import SimulatedHealthKit
import SimulationDriver
import WorkoutCore
import WorkoutSystem

/// The repeating haptic of each running extended runtime session
/// (``WKExtendedRuntimeSession/notifyUser(hapticType:repeatHandler:)``), behind the simulation's
/// lock: the one home of the repeat rule.
struct HapticRepeatState: SimulationExtension {
  /// One session's repeating haptic.
  struct Alarm: @unchecked Sendable {
    /// The haptic the next repeat plays (the handler may change it).
    var type: WKHapticType
    /// The app's handler: asked after each haptic for the wait before the next one; `nil`
    /// repeats every ``HapticRepeatState/defaultInterval``. Called only on the main actor.
    let handler: ((UnsafeMutablePointer<WKHapticType>) -> TimeInterval)?
    /// The `notifyUser` call that made it (a newer call replaces it).
    let call: Int
    /// When the next repeat plays; `nil` while the handler's answer is awaited.
    var next: SimulationInstant?
    /// How many repeats played so far.
    var repeats = 0
  }

  /// Engine extended runtime session index → its repeating haptic.
  var alarms: [Int: Alarm] = [:]
  /// How many `notifyUser` calls started a repeating haptic.
  var calls = 0

  init(simulation: AppSimulation) {}

  /// The wait between repeats without a handler: 3 s (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkextendedruntimesession/notifyuser(haptictype:repeathandler:),
  /// "the system uses the default time interval of 3.0 seconds").
  static let defaultInterval: Duration = .seconds(3)
  /// The longest wait a handler may return, in seconds (same page: "greater than 0.0 and less
  /// than or equal to 60.0").
  static let longestInterval: TimeInterval = 60
  /// The call named in the log's and reports' entries.
  static let call = "WKExtendedRuntimeSession.notifyUser(hapticType:repeatHandler:)"
}

extension AppSimulation.State {
  /// Starts (or replaces) the repeating haptic of engine session `index` whose first haptic
  /// played now; returns the call asking `handler` for the wait before the next one, if any.
  mutating func startHapticRepeat(
    session index: Int, type: WKHapticType,
    handler: ((UnsafeMutablePointer<WKHapticType>) -> TimeInterval)?, of simulation: AppSimulation
  ) -> AppSimulation.Callback? {
    let now = session.now
    return withExtension(HapticRepeatState.self, of: simulation) { haptics, _ in
      haptics.calls += 1
      let alarm = HapticRepeatState.Alarm(
        type: type, handler: handler, call: haptics.calls,
        next: handler == nil ? now.advanced(by: HapticRepeatState.defaultInterval) : nil)
      haptics.alarms[index] = alarm
      return handler == nil
        ? nil : HapticRepeatState.ask(alarm, session: index, at: now, of: simulation)
    }
  }

  /// Ends the repeating haptic of engine session `index` (it became invalid).
  mutating func endHapticRepeat(session index: Int, of simulation: AppSimulation) {
    guard extensionState(HapticRepeatState.self)?.alarms[index] != nil else { return }
    withExtension(HapticRepeatState.self, of: simulation) { haptics, _ in
      haptics.alarms[index] = nil
    }
  }
}

extension HapticRepeatState {
  /// The call that asks `alarm`'s handler, on the main actor as WatchKit's calls into the app
  /// run, for the wait after the haptic played at `instant`, and records the answer: the next
  /// repeat at `instant` plus the wait, or, for a wait outside (0, 60] s, no more repeats, a
  /// `hapticDropped` log entry (`reason: "invalidRepeatInterval"`) and a ``AppSimulation/Report``
  /// of kind `dropped` (project rule: Apple documents the range, not what the system does with
  /// a wait outside it; docs/healthkit-behaviour.md#extended-runtime-sessions).
  static func ask(
    _ alarm: Alarm, session index: Int, at instant: SimulationInstant, of simulation: AppSimulation
  ) -> AppSimulation.Callback {
    let box = alarm
    return {
      AppSimulation.onMainActor {
        guard let handler = box.handler else { return }
        var type = box.type
        let wait = withUnsafeMutablePointer(to: &type) { handler($0) }
        let next = type
        let reports = simulation.mutate { state -> [AppSimulation.Report] in
          state.withExtension(HapticRepeatState.self, of: simulation) { haptics, state in
            guard var current = haptics.alarms[index], current.call == box.call else { return [] }
            if wait > 0, wait <= longestInterval {
              current.type = next
              current.next = instant.advanced(by: .nanoseconds(Int64((wait * 1e9).rounded())))
              haptics.alarms[index] = current
              return []
            }
            haptics.alarms[index] = nil
            state.log(
              SystemEvent(
                framework: .watchKit, event: "hapticDropped", identifier: next.name,
                details: [
                  "source": .string("notifyUser"), "runtimeSession": .integer(index),
                  "reason": .string("invalidRepeatInterval"),
                ]))
            return simulation.keepReports(
              .dropped,
              [
                "the repeatHandler returned \(wait) s, but WatchKit takes a wait greater than 0 and at most 60 s (https://developer.apple.com/documentation/watchkit/wkextendedruntimesession/notifyuser(haptictype:repeathandler:)), so the haptic stops repeating here: return the seconds until the next haptic (pass no handler for Apple's 3 s), and invalidate() the session to stop the alarm"
              ], framework: "WatchKit", call: HapticRepeatState.call, in: &state)
          }
        }
        reports.forEach(AppSimulation.writeToStandardError)
      }
    }
  }
}

/// Plays the repeats of running sessions' haptics when they are due: a `haptic` log entry each
/// (details `repeat`, the count), then the next after 3 s or the handler's answer. A session
/// that is no longer running plays none and its repeats end.
struct HapticRepeatTimer: SystemTimer {
  weak let simulation: AppSimulation?

  func nextDue(after now: SimulationInstant, state: AppSimulation.State) -> SimulationInstant? {
    state.extensionState(HapticRepeatState.self)?.alarms.values.compactMap(\.next)
      .filter { $0 > now }.min()
  }

  func fire(at now: SimulationInstant, state: inout AppSimulation.State)
    -> [AppSimulation.Callback]
  {
    guard let simulation else { return [] }
    return state.withExtension(HapticRepeatState.self, of: simulation) { haptics, state in
      var callbacks: [AppSimulation.Callback] = []
      // By session number: the same order in every run.
      for index in haptics.alarms.keys.sorted() {
        guard var alarm = haptics.alarms[index], let due = alarm.next, due <= now else { continue }
        guard state.session.workoutEngine.extendedRuntimeSessionState(index) == .running else {
          haptics.alarms[index] = nil
          continue
        }
        alarm.repeats += 1
        state.log(
          SystemEvent(
            framework: .watchKit, event: "haptic", identifier: alarm.type.name,
            details: [
              "source": .string("notifyUser"), "runtimeSession": .integer(index),
              "repeat": .integer(alarm.repeats),
            ]))
        if alarm.handler == nil {
          alarm.next = due.advanced(by: HapticRepeatState.defaultInterval)
        } else {
          alarm.next = nil
          callbacks.append(HapticRepeatState.ask(alarm, session: index, at: due, of: simulation))
        }
        haptics.alarms[index] = alarm
      }
      return callbacks
    }
  }
}
