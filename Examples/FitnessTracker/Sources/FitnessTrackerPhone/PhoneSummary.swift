import WorkoutText

/// What `fitness-tracker-phone` prints without a terminal (or with `--headless`) unless `--json`
/// is given: a few lines per instant, the headline values of each screen, so a pipe or a log
/// gets a readable answer rather than the whole JSON document (issue 26, bug 6c).
///
/// ```
/// FitnessTracker on "Phone day": 2 instants (--json prints every value)
///
/// 2026-06-10 18:00 +02:00  t 0:00:00  Europe/Berlin
///   dashboard   steps 8372 / 10000, energy 342 / 500 kcal, heart rate 72 bpm at 17:50,
///               sleep 7 h 15 min (score 100)
///   history     this week 13432 steps (6716 a day with data), 30 days 13432 steps
///   settings    goal 10000 steps, weekly summary on, notifications allowed, Health requested
///   widgets     systemSmall 8372 steps (18:00), systemMedium 8372 steps (18:00)
///   next        "Your week" at 2026-06-15 09:00 +02:00, repeats
/// ```
///
/// Amounts as the screens show them (steps and energy rounded down, ``PhoneScreenRenderer``);
/// `--` for a value without data; ASCII only, no colour.
public enum PhoneSummary {
  /// The summary of the screens at each instant, in the given order, without a trailing
  /// newline.
  ///
  /// - Parameters:
  ///   - scenarioName: the scenario's `name`.
  ///   - instants: the screens, one per `--at` instant.
  public static func text(scenarioName: String, instants: [PhoneScreens]) -> String {
    let count = instants.count == 1 ? "1 instant" : "\(instants.count) instants"
    var lines = ["FitnessTracker on \"\(scenarioName)\": \(count) (--json prints every value)"]
    for screens in instants {
      lines.append("")
      lines += Self.lines(screens)
    }
    return lines.joined(separator: "\n")
  }

  /// One instant's lines: the clock, then one line per screen.
  static func lines(_ screens: PhoneScreens) -> [String] {
    let seconds = Int64(screens.clock.scenarioSeconds.rounded(.down))
    var lines = [
      PhoneScreenRenderer.localText(screens.clock.local) + "  t "
        + TextFormat.clock(wholeSeconds: seconds) + "  " + screens.clock.timeZone
    ]
    lines.append(row("dashboard", dashboard(screens.dashboard)))
    lines.append(row("history", history(screens.history)))
    lines.append(row("settings", settings(screens.settings)))
    lines.append(
      row(
        "widgets",
        screens.widgets.isEmpty
          ? "none installed" : screens.widgets.map(widget).joined(separator: ", ")))
    lines.append(
      row("next", screens.nextNotification.map(notification) ?? "no notification pending"))
    return lines
  }

  /// `  name        text`: the name padded to 12 columns.
  static func row(_ name: String, _ text: String) -> String {
    "  " + name + String(repeating: " ", count: max(12 - name.count, 1)) + text
  }

  static let none = "--"

  static func dashboard(_ value: PhoneScreens.Dashboard) -> String {
    guard value.connected else {
      return "not connected to Health (steps goal \(PhoneScreenRenderer.whole(value.stepGoal)))"
    }
    let steps =
      "steps " + (value.steps.map(PhoneScreenRenderer.amount) ?? none) + " / "
      + PhoneScreenRenderer.whole(value.stepGoal)
    let goal = value.activeEnergyGoal.map { " / " + PhoneScreenRenderer.whole($0) } ?? ""
    let energy =
      "energy "
      + (value.activeEnergy.map { PhoneScreenRenderer.amount($0) + goal + " kcal" } ?? none)
    let heartRate =
      "heart rate "
      + (value.heartRate.map {
        PhoneScreenRenderer.whole($0) + " bpm" + (value.heartRateTime.map { " at " + $0 } ?? "")
      } ?? none)
    var sleep = "sleep " + (value.sleepHours.map(PhoneScreenRenderer.hoursAndMinutes) ?? none)
    if let score = value.sleepScore { sleep += " (score " + PhoneScreenRenderer.whole(score) + ")" }
    return [steps, energy, heartRate, sleep].joined(separator: ", ")
  }

  static func history(_ value: PhoneScreens.History) -> String {
    let average = value.week.averageSteps.map {
      " (" + PhoneScreenRenderer.whole($0) + " a day with data)"
    }
    return "this week " + PhoneScreenRenderer.amount(value.week.totalSteps) + " steps"
      + (average ?? "") + ", \(value.month.days.count) days "
      + PhoneScreenRenderer.amount(value.month.totalSteps) + " steps"
  }

  static func settings(_ value: PhoneScreens.Settings) -> String {
    "goal " + PhoneScreenRenderer.whole(value.stepGoal) + " steps, weekly summary "
      + (value.notificationsEnabled ? "on" : "off") + ", notifications "
      + value.notificationPermission + ", Health " + value.healthKitStatus
  }

  static func widget(_ face: PhoneScreens.WidgetFace) -> String {
    let time = String(PhoneScreenRenderer.localText(face.entryDate).dropFirst(11).prefix(5))
    return face.family + " " + (face.steps.map(PhoneScreenRenderer.amount) ?? none) + " steps ("
      + time + ")"
  }

  static func notification(_ value: PhoneScreens.Notification) -> String {
    "\"" + value.title + "\" at "
      + (value.fireDate.map(PhoneScreenRenderer.localText) ?? "no fire date")
      + (value.repeats ? ", repeats" : "")
  }
}
