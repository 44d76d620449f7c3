import WorkoutJSON
import WorkoutSimCLI

/// The JSON document of `fitness-tracker-phone --json` (docs/phone.md#fitness-tracker-phone---json):
///
/// ```
/// { "generator": "workout-sim 0.1.0", "scenario": NAME,
///   "instants": [ { "at": SECONDS, "local": DATE-TIME, "timeZone": ZONE,
///                   "dashboard": {...}, "history": {...}, "settings": {...},
///                   "widgets": {"systemSmall": {...}, "systemMedium": {...}},
///                   "nextNotification": {...} | null }, ... ] }
/// ```
///
/// Keys sorted and numbers written as the run result's writer does (``JSONWriter``); a value
/// without data is `null`.
public enum PhoneDocument {
  /// The document for the screens at each instant, in time order.
  ///
  /// - Parameters:
  ///   - scenarioName: the scenario's `name`.
  ///   - instants: the screens, one per `--at` instant.
  public static func document(scenarioName: String, instants: [PhoneScreens]) -> JSONValue {
    .object([
      ("generator", .string(HelpText.version)),
      ("instants", .array(instants.map(instant))),
      ("scenario", .string(scenarioName)),
    ])
  }

  /// One instant's object.
  static func instant(_ screens: PhoneScreens) -> JSONValue {
    .object([
      ("at", .number(screens.clock.scenarioSeconds)),
      ("dashboard", dashboard(screens.dashboard)),
      ("history", history(screens.history)),
      ("local", .string(screens.clock.local)),
      ("nextNotification", screens.nextNotification.map(notification) ?? .null),
      ("settings", settings(screens.settings)),
      ("timeZone", .string(screens.clock.timeZone)),
      (
        "widgets",
        .object(screens.widgets.map { ($0.family, widget($0)) })
      ),
    ])
  }

  static func dashboard(_ value: PhoneScreens.Dashboard) -> JSONValue {
    .object([
      ("activeEnergy", number(value.activeEnergy)),
      ("activeEnergyGoal", number(value.activeEnergyGoal)),
      ("connected", .bool(value.connected)),
      ("heartRate", number(value.heartRate)),
      ("heartRateLast24Hours", .array(value.heartRateLast24Hours.map { .number($0) })),
      ("heartRateTime", string(value.heartRateTime)),
      ("sleepEfficiency", number(value.sleepEfficiency)),
      ("sleepHours", number(value.sleepHours)),
      ("sleepRating", string(value.sleepRating)),
      ("sleepScore", number(value.sleepScore)),
      ("stepGoal", .number(value.stepGoal)),
      ("steps", number(value.steps)),
    ])
  }

  static func history(_ value: PhoneScreens.History) -> JSONValue {
    .object([
      ("month", range(value.month)),
      ("week", range(value.week)),
    ])
  }

  static func range(_ value: PhoneScreens.Range) -> JSONValue {
    .object([
      ("averageSteps", number(value.averageSteps)),
      ("days", .array(value.days.map(day))),
      ("totalSteps", .number(value.totalSteps)),
    ])
  }

  static func day(_ value: PhoneScreens.Day) -> JSONValue {
    .object([
      ("activeEnergy", number(value.activeEnergy)),
      ("date", .string(value.date)),
      ("goalMet", .bool(value.goalMet)),
      ("sleepHours", number(value.sleepHours)),
      ("steps", number(value.steps)),
    ])
  }

  static func settings(_ value: PhoneScreens.Settings) -> JSONValue {
    .object([
      ("healthKitStatus", .string(value.healthKitStatus)),
      ("notificationPermission", .string(value.notificationPermission)),
      ("notificationsEnabled", .bool(value.notificationsEnabled)),
      ("stepGoal", .number(value.stepGoal)),
    ])
  }

  static func widget(_ value: PhoneScreens.WidgetFace) -> JSONValue {
    .object([
      ("activeEnergy", number(value.activeEnergy)),
      ("dataAsOf", string(value.dataAsOf)),
      ("entryDate", .string(value.entryDate)),
      ("heartRate", number(value.heartRate)),
      ("stepGoal", .number(value.stepGoal)),
      ("steps", number(value.steps)),
      ("url", .string(value.url)),
    ])
  }

  static func notification(_ value: PhoneScreens.Notification) -> JSONValue {
    .object([
      ("body", .string(value.body)),
      ("fireDate", string(value.fireDate)),
      ("identifier", .string(value.identifier)),
      ("repeats", .bool(value.repeats)),
      ("title", .string(value.title)),
    ])
  }

  private static func number(_ value: Double?) -> JSONValue {
    guard let value, value.isFinite else { return .null }
    return .number(value)
  }

  private static func string(_ value: String?) -> JSONValue {
    value.map { .string($0) } ?? .null
  }
}
