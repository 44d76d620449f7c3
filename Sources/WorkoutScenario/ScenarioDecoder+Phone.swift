import Foundation
import WorkoutCore
import WorkoutHealth
import WorkoutJSON
import WorkoutSystem

/// The `phone` key: the paired iPhone's network, widgets, reload budget, Background App Refresh
/// and charging (docs/scenario-format.md#the-phone).
extension ScenarioDecoder {
  /// The most widgets `phone.widgets` may list: 100 (a project limit, far above a Home Screen's
  /// pages of widgets; each one is a timeline the simulation keeps).
  static let maximumWidgets = 100
  static let phoneKeys = [
    "network", "widgets", "widgetBudget", "backgroundAppRefresh", "charging", "app", "away",
    "sameWiFi", "paired", "watchAppInstalled", "complicationEnabled", "complicationBudget",
    "complicationBudgetReset", "link", "heartRateDevice", "lockedWorkoutAccess", "taskExpiry",
  ]
  static let heartRateDeviceKeys = ["interval", "dropouts"]
  static let phoneLinkKeys = ["messageLatency", "transferLatency", "replyTimeout"]
  /// `complicationBudget`'s range: urgent complication transfers per local day.
  static let complicationBudgetRange = 0...1000
  /// The longest `phone.link` time: 1 hour (a project limit; far above any real latency).
  static let maximumLinkTime: Duration = .seconds(3600)
  static let phoneNetworkKeys = ["offline", "offlineDaily", "serverErrors", "hangs"]
  static let widgetKeys = ["kind", "family"]
  /// The case names of WidgetKit's `WidgetFamily` that an iPhone's widgets and the Watch's
  /// complications use (https://developer.apple.com/documentation/widgetkit/widgetfamily).
  static let widgetFamilies = [
    "systemSmall", "systemMedium", "systemLarge", "systemExtraLarge", "accessoryCircular",
    "accessoryRectangular", "accessoryInline",
  ]
  /// `widgetBudget`'s range: reloads per widget per local day.
  static let widgetBudgetRange = 1...1000

  /// An array of spans `{ "from", "to" }` of scenario time (`phone.network.offline`,
  /// `serverErrors`, `hangs`, `phone.taskExpiry`).
  func spans(_ value: JSONValue, at path: JSONPath, start: Date?) throws(ScenarioError)
    -> [Range<SimulationInstant>]
  {
    try array(value, at: path, of: "spans { \"from\", \"to\" }") {
      element, elementPath throws(ScenarioError) in
      try signedSpan(element, at: elementPath, start: start)
    }
  }

  /// The `phone` object. `start` is the wall-clock date of `t = 0` when the file fixes it (as
  /// for `health`), which date-times in `network.offline` need.
  func phone(_ value: JSONValue, at path: JSONPath, start: Date?) throws(ScenarioError)
    -> Scenario.Phone
  {
    let fields = try healthMembers(value, at: path, allowed: Self.phoneKeys, what: "phone")
    var phone = Scenario.Phone()
    // Key by key in the file's order: of several bad values, the error is the first one's in
    // the file (project rule, docs/command-line.md#error-messages).
    let order: [String] = if case .object(let pairs) = value { pairs.map(\.key) } else { [] }
    for key in order {
      guard let value = fields[key] else { continue }
      let keyPath = path.appending(key: key)
      switch key {
      case "network":
        try network(value, at: keyPath, start: start, into: &phone)
      case "taskExpiry":
        phone.taskExpiry = try spans(value, at: keyPath, start: start)
      case "widgets":
        phone.widgets = try widgets(value, at: keyPath)
      case "widgetBudget":
        phone.widgetBudget = try wholeNumber(value, at: keyPath, in: Self.widgetBudgetRange)
      case "backgroundAppRefresh":
        phone.backgroundAppRefresh = try bool(value, at: keyPath)
      case "charging":
        phone.charging = try timeOfDaySpans(value, at: keyPath)
      case "lockedWorkoutAccess":
        phone.lockedWorkoutAccess = try bool(value, at: keyPath)
      case "heartRateDevice":
        phone.heartRateDevice = try heartRateDevice(value, at: keyPath)
      default:
        // The link's keys (`app`, `away`, ..., `link`), one at a time.
        try link([key: value], at: path, start: start, into: &phone)
      }
    }
    return phone
  }

  /// `phone.network`: `offline`, `serverErrors`, `hangs` (spans of scenario time) and
  /// `offlineDaily` (times of day), each read in the file's order.
  func network(
    _ value: JSONValue, at path: JSONPath, start: Date?, into phone: inout Scenario.Phone
  ) throws(ScenarioError) {
    let network = try healthMembers(
      value, at: path, allowed: Self.phoneNetworkKeys, what: "network")
    let order: [String] = if case .object(let pairs) = value { pairs.map(\.key) } else { [] }
    for key in order {
      guard let value = network[key] else { continue }
      let keyPath = path.appending(key: key)
      switch key {
      case "offline": phone.offline = try spans(value, at: keyPath, start: start)
      case "serverErrors": phone.serverErrors = try spans(value, at: keyPath, start: start)
      case "hangs": phone.hangs = try spans(value, at: keyPath, start: start)
      case "offlineDaily": phone.offlineDaily = try timeOfDaySpans(value, at: keyPath)
      default: break
      }
    }
  }

  /// `phone.heartRateDevice`: `{ "interval": 5, "dropouts": [{ "from": 60, "to": 90 }] }`, both
  /// keys optional (docs/scenario-format.md#the-phone).
  func heartRateDevice(_ value: JSONValue, at path: JSONPath) throws(ScenarioError)
    -> Scenario.Phone.HeartRateDevice
  {
    let fields = try members(
      value, at: path, allowed: Self.heartRateDeviceKeys,
      expected:
        "an object with keys \(Self.list(Self.heartRateDeviceKeys)), for example { \"dropouts\": [{ \"from\": 60, \"to\": 90 }] }"
    )
    var device = Scenario.Phone.HeartRateDevice()
    if let interval = fields["interval"] {
      device.interval = try duration(interval, at: path.appending(key: "interval"), positive: true)
    }
    if let dropouts = fields["dropouts"] {
      device.dropouts = try array(
        dropouts, at: path.appending(key: "dropouts"), of: "spans { \"from\", \"to\" }"
      ) { element, elementPath throws(ScenarioError) in
        try span(element, at: elementPath)
      }
    }
    return device
  }

  /// The link keys of `phone` (docs/scenario-format.md#the-paired-phones-link): `app`, `away`,
  /// `sameWiFi`, `paired`, `watchAppInstalled`, `complicationEnabled`, `complicationBudget`,
  /// `complicationBudgetReset` and `link`.
  func link(
    _ fields: [String: JSONValue], at path: JSONPath, start: Date?,
    into phone: inout Scenario.Phone
  ) throws(ScenarioError) {
    if let value = fields["app"] {
      let text = try healthChoice(
        value, at: path.appending(key: "app"), noun: "a phone app state",
        options: PhoneAppState.allCases.map(\.rawValue))
      phone.app = PhoneAppState(rawValue: text) ?? .notRunning
    }
    for key in ["away", "sameWiFi"] {
      guard let value = fields[key] else { continue }
      let spans = try array(
        value, at: path.appending(key: key), of: "spans { \"from\", \"to\" }"
      ) { element, elementPath throws(ScenarioError) in
        try signedSpan(element, at: elementPath, start: start)
      }
      if key == "away" { phone.away = spans } else { phone.sameWiFi = spans }
    }
    if let value = fields["paired"] {
      phone.paired = try bool(value, at: path.appending(key: "paired"))
    }
    if let value = fields["watchAppInstalled"] {
      phone.watchAppInstalled = try bool(value, at: path.appending(key: "watchAppInstalled"))
    }
    if let value = fields["complicationEnabled"] {
      phone.complicationEnabled = try bool(value, at: path.appending(key: "complicationEnabled"))
    }
    if let value = fields["complicationBudget"] {
      phone.complicationBudget = try wholeNumber(
        value, at: path.appending(key: "complicationBudget"), in: Self.complicationBudgetRange)
    }
    if let value = fields["complicationBudgetReset"] {
      phone.complicationBudgetReset = try timeOfDay(
        value, at: path.appending(key: "complicationBudgetReset"))
    }
    if let value = fields["link"] {
      let linkPath = path.appending(key: "link")
      let link = try healthMembers(
        value, at: linkPath, allowed: Self.phoneLinkKeys, what: "phone.link")
      if let value = link["messageLatency"] {
        phone.messageLatency = try linkTime(
          value, at: linkPath.appending(key: "messageLatency"))
      }
      if let value = link["transferLatency"] {
        phone.transferLatency = try linkTime(
          value, at: linkPath.appending(key: "transferLatency"))
      }
      if let value = link["replyTimeout"] {
        phone.replyTimeout = try linkTime(value, at: linkPath.appending(key: "replyTimeout"))
      }
    }
  }

  /// A `phone.link` time: 0 to ``maximumLinkTime``.
  func linkTime(_ value: JSONValue, at path: JSONPath) throws(ScenarioError) -> Duration {
    let time = try duration(value, at: path, positive: false)
    guard time <= Self.maximumLinkTime else {
      throw fail(
        path,
        "\(Self.describe(value)) is out of range (expected a time from 0 to 1 hour, \"1:00:00\")"
      )
    }
    return time
  }

  /// `widgets`: `[{ "kind": "StepsWidget", "family": "systemSmall" }]`; a kind and family
  /// listed twice is refused (the Home Screen shows one widget per kind and family here), and
  /// so are more than ``maximumWidgets``.
  ///
  /// `families` are the family names allowed (the phone's ``widgetFamilies``, or the watch's
  /// complication families), `noun` names one in messages.
  func widgets(
    _ value: JSONValue, at path: JSONPath, families: [String] = Self.widgetFamilies,
    noun: String = "a widget family"
  ) throws(ScenarioError) -> [Scenario.Phone.Widget] {
    if case .array(let elements) = value, elements.count > Self.maximumWidgets {
      throw fail(
        path,
        "\(elements.count) widgets are more than a phone holds (expected at most \(Self.maximumWidgets): one per kind and family on the Home Screen, the Lock Screen and the Watch)"
      )
    }
    let widgets = try array(value, at: path, of: "widgets { \"kind\", \"family\" }") {
      element, elementPath throws(ScenarioError) in
      let fields = try healthMembers(
        element, at: elementPath, allowed: Self.widgetKeys, what: "a widget")
      guard let kindValue = fields["kind"] else {
        throw missing(
          elementPath.appending(key: "kind"),
          "the widget configuration's kind, for example \"StepsWidget\"")
      }
      let kind = try string(
        kindValue, at: elementPath.appending(key: "kind"),
        expected: "the widget configuration's kind, for example \"StepsWidget\"")
      guard !kind.isEmpty else {
        throw fail(
          elementPath.appending(key: "kind"),
          "\"\" is not a widget kind (expected the non-empty kind string of the widget's configuration, for example \"StepsWidget\")"
        )
      }
      guard let familyValue = fields["family"] else {
        throw missing(elementPath.appending(key: "family"), "one of \(Self.list(families))")
      }
      let family = try healthChoice(
        familyValue, at: elementPath.appending(key: "family"), noun: noun, options: families)
      return Scenario.Phone.Widget(kind: kind, family: family)
    }
    var firstIndex: [String: Int] = [:]
    for (index, widget) in widgets.enumerated() {
      // Kind and family joined by a character a family name never holds: one probe per widget.
      let key = widget.family + "\u{0}" + widget.kind
      guard let earlier = firstIndex[key] else {
        firstIndex[key] = index
        continue
      }
      throw fail(
        path.appending(index: index),
        "the widget \(JSONPath.quoted(widget.kind)) in \(JSONPath.quoted(widget.family)) is listed twice (also at \(path.appending(index: earlier)); list each kind and family once)"
      )
    }
    return widgets
  }
}
