import Foundation
import WorkoutCore
import WorkoutTerminal
import WorkoutWatchFace

/// The tabs of `fitness-tracker-phone`: the app's three (the seed's tab bar) and the Home Screen with
/// the widget's faces and the next notification.
public enum PhoneTab: Int, CaseIterable, Sendable, Hashable {
  /// `1`: today's steps, energy, heart rate and sleep.
  case dashboard = 1
  /// `2`: steps per day for the week and the month, and the daily list.
  case history
  /// `3`: the goal, notifications and HealthKit's status.
  case settings
  /// `4`: the widget's Small and Medium faces and the next notification.
  case homeScreen

  /// The tab bar's label.
  public var title: String {
    switch self {
    case .dashboard: "Dashboard"
    case .history: "History"
    case .settings: "Settings"
    case .homeScreen: "Home Screen"
    }
  }
}

/// The interactive phone's state without I/O: the tab, the help overlay and virtual time,
/// which only moves forward and only by keys (docs/phone.md#fitness-tracker-phone).
///
/// | key | what it does |
/// |---|---|
/// | `1` `2` `3` `4` | dashboard, history, settings, Home Screen |
/// | Tab | the next tab (after the Home Screen: the dashboard) |
/// | Right arrow, `l` | +1 minute |
/// | Up arrow, `k` | +1 hour |
/// | `n` | the next day at the same local time (23 or 25 hours across a DST change) |
/// | `>` | the next local midnight |
/// | `?` | help on or off; Esc closes it |
/// | `q` | quit (exit 0); Ctrl-C exits 130 |
public struct PhoneFace: Sendable, Equatable {
  /// What the driver does after a key.
  public enum Action: Sendable, Equatable {
    /// Redraw the same instant (a tab or the overlay changed, or nothing did).
    case redraw
    /// Move virtual time to this instant, read the models again, redraw.
    case moveTime(to: SimulationInstant)
    /// Leave with this status.
    case exit(WatchFace.Exit)
  }

  /// The tab shown.
  public private(set) var tab: PhoneTab = .dashboard
  /// Whether the key help replaces the body.
  public private(set) var showsHelp = false
  /// Virtual time shown.
  public private(set) var now: SimulationInstant
  /// The latest instant time may reach (the simulation's horizon).
  public let limit: SimulationInstant
  /// The wall-clock date of `t = 0`.
  public let startDate: Date
  /// The calendar of local days (the device time zone).
  public let calendar: Calendar

  /// Creates the face at `now` on the dashboard.
  public init(now: SimulationInstant, limit: SimulationInstant, startDate: Date, calendar: Calendar)
  {
    self.now = min(now, limit)
    self.limit = limit
    self.startDate = startDate
    self.calendar = calendar
  }

  /// Handles one key.
  public mutating func handle(_ key: KeyEvent) -> Action {
    switch key {
    case .interrupt: return .exit(.interrupt)
    case .character("q"), .character("Q"): return .exit(.success)
    case .character("?"):
      showsHelp.toggle()
      return .redraw
    case .escape:
      showsHelp = false
      return .redraw
    case .character(let character) where ("1"..."4").contains(character):
      tab = PhoneTab(rawValue: Int(String(character)) ?? 1) ?? .dashboard
      showsHelp = false
      return .redraw
    case .tab:
      tab = PhoneTab(rawValue: tab.rawValue % PhoneTab.allCases.count + 1) ?? .dashboard
      showsHelp = false
      return .redraw
    case .right, .character("l"): return move(to: now.advanced(by: .seconds(60)))
    case .up, .character("k"): return move(to: now.advanced(by: .seconds(3600)))
    case .character("n"):
      guard let next = calendar.date(byAdding: .day, value: 1, to: date(of: now)) else {
        return .redraw
      }
      return move(to: instant(of: next))
    case .character(">"):
      guard let tomorrow = calendar.date(byAdding: .day, value: 1, to: date(of: now)) else {
        return .redraw
      }
      return move(to: instant(of: calendar.startOfDay(for: tomorrow)))
    default: return .redraw
    }
  }

  private mutating func move(to target: SimulationInstant) -> Action {
    let clamped = min(max(target, now), limit)
    guard clamped > now else { return .redraw }
    now = clamped
    return .moveTime(to: clamped)
  }

  private func date(of instant: SimulationInstant) -> Date {
    startDate.addingTimeInterval(Double(instant.nanoseconds) / 1e9)
  }

  private func instant(of date: Date) -> SimulationInstant {
    SimulationInstant.rounding(seconds: date.timeIntervalSince(startDate))
  }

  /// The footer's keys, `(key, meaning)`, in display order.
  public static func keys(asciiOnly: Bool) -> [(key: String, meaning: String)] {
    [
      ("1-4 Tab", "tabs"), (asciiOnly ? "Right/l" : "→/l", "+1 min"),
      (asciiOnly ? "Up/k" : "↑/k", "+1 h"), ("n", "next day"), (">", "midnight"), ("?", "help"),
      ("q", "quit"),
    ]
  }

  /// The help overlay's lines.
  static func helpLines(asciiOnly: Bool) -> [String] {
    let rows: [(String, String)] = [
      ("1 2 3 4", "dashboard, history, settings, Home Screen"),
      ("Tab", "the next tab"),
      (asciiOnly ? "Right, l" : "→, l", "one minute later"),
      (asciiOnly ? "Up, k" : "↑, k", "one hour later"),
      ("n", "the next day at the same local time"),
      (">", "the next local midnight"),
      ("?, Esc", "show or hide this help"),
      ("q", "quit (Ctrl-C too)"),
    ]
    return ["Keys"]
      + rows.map { key, meaning in
        key + String(repeating: " ", count: max(12 - key.count, 1)) + meaning
      } + ["", "Time is held; it moves only forward, only by these keys."]
  }
}
