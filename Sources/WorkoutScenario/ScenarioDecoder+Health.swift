import Foundation
import WorkoutCore
import WorkoutHealth
import WorkoutJSON

/// The `health` key: a person's days for the health store (docs/scenario-format.md#health).
extension ScenarioDecoder {
  // MARK: Health

  static let healthKeys = [
    "days", "generate", "habits", "workouts", "ecg", "lock", "trip", "priority", "samples",
    "sleep", "medications",
  ]

  /// The `health` object. `start` is the wall-clock date of `t = 0` when the file fixes it
  /// without reading a recording (a `start` key, or a course of segments and the default start),
  /// which date-times in samples and lock periods need.
  func health(_ value: JSONValue, at path: JSONPath, start: Date?) throws(ScenarioError)
    -> HealthPlan
  {
    let fields = try healthMembers(value, at: path, allowed: Self.healthKeys, what: "health")
    var plan = HealthPlan()
    if let value = fields["days"] {
      plan.days = try wholeNumber(value, at: path.appending(key: "days"), in: HealthPlan.dayRange)
    }
    if let value = fields["generate"] {
      plan.generate = try bool(value, at: path.appending(key: "generate"))
    }
    if let value = fields["habits"] {
      plan.habits = try habits(value, at: path.appending(key: "habits"))
    }
    if let value = fields["workouts"] {
      let workoutsPath = path.appending(key: "workouts")
      plan.workouts = try array(value, at: workoutsPath, of: "planned workouts") {
        element, elementPath throws(ScenarioError) in
        try plannedWorkout(element, at: elementPath)
      }
    }
    if let value = fields["ecg"] {
      let ecgPath = path.appending(key: "ecg")
      let ecg = try healthMembers(value, at: ecgPath, allowed: ["everyDays"], what: "ecg")
      if let every = ecg["everyDays"] {
        plan.ecgEveryDays = try wholeNumber(
          every, at: ecgPath.appending(key: "everyDays"), in: HealthPlan.dayRange)
      }
    }
    if let value = fields["lock"] {
      let lockPath = path.appending(key: "lock")
      let lock = try healthMembers(
        value, at: lockPath, allowed: ["periods", "daily"], what: "lock")
      if let periods = lock["periods"] {
        plan.lockPeriods = try array(
          periods, at: lockPath.appending(key: "periods"), of: "spans { \"from\", \"to\" }"
        ) { element, elementPath throws(ScenarioError) in
          try signedSpan(element, at: elementPath, start: start)
        }
      }
      if let daily = lock["daily"] {
        plan.dailyLock = try timeOfDaySpans(daily, at: lockPath.appending(key: "daily"))
      }
    }
    if let value = fields["trip"] {
      plan.trip = try trip(value, at: path.appending(key: "trip"))
    }
    if let value = fields["priority"] {
      let priorityPath = path.appending(key: "priority")
      plan.priority = try array(value, at: priorityPath, of: "source names") {
        element, elementPath throws(ScenarioError) in
        try sourceName(element, at: elementPath)
      }
    }
    if let value = fields["samples"] {
      plan.samples = try array(value, at: path.appending(key: "samples"), of: "samples") {
        element, elementPath throws(ScenarioError) in
        try planSample(element, at: elementPath, start: start, sleep: false)
      }
    }
    if let value = fields["sleep"] {
      plan.sleep = try array(value, at: path.appending(key: "sleep"), of: "sleep samples") {
        element, elementPath throws(ScenarioError) in
        try planSample(element, at: elementPath, start: start, sleep: true)
      }
    }
    if let value = fields["medications"] {
      plan.medications = try medications(
        value, at: path.appending(key: "medications"), start: start)
    }
    if let problem = plan.validationProblem() {
      throw ScenarioError(
        fileName: fileName, kind: .invalid(path: path.description + "." + problem.path),
        message: problem.message)
    }
    return plan
  }

  // MARK: Parts

  /// `medications`: medications with unique identifiers and their doses; a scheduled dose has
  /// `scheduledAt`, an as-needed one none.
  func medications(_ value: JSONValue, at path: JSONPath, start: Date?) throws(ScenarioError)
    -> [HealthPlan.Medication]
  {
    var seen: Set<String> = []
    return try array(value, at: path, of: "medications") {
      element, elementPath throws(ScenarioError) in
      let fields = try healthMembers(
        element, at: elementPath,
        allowed: [
          "identifier", "name", "nickname", "archived", "scheduled", "form", "codings", "doses",
        ],
        what: "medication")
      guard let identifierValue = fields["identifier"], let nameValue = fields["name"] else {
        throw fail(elementPath, "a medication needs \"identifier\" and \"name\"")
      }
      let identifierPath = elementPath.appending(key: "identifier")
      let identifier = try string(identifierValue, at: identifierPath, expected: "an identifier")
      guard seen.insert(identifier).inserted else {
        throw fail(identifierPath, "\(JSONPath.quoted(identifier)) names two medications")
      }
      var medication = HealthPlan.Medication(
        identifier: identifier,
        name: try string(nameValue, at: elementPath.appending(key: "name"), expected: "a name"))
      if let value = fields["nickname"] {
        medication.nickname = try string(
          value, at: elementPath.appending(key: "nickname"), expected: "a nickname")
      }
      if let value = fields["archived"] {
        medication.isArchived = try bool(value, at: elementPath.appending(key: "archived"))
      }
      if let value = fields["scheduled"] {
        medication.hasSchedule = try bool(value, at: elementPath.appending(key: "scheduled"))
      }
      if let value = fields["form"] {
        medication.form = try healthChoice(
          value, at: elementPath.appending(key: "form"), noun: "a medication form",
          options: HealthPlan.medicationForms)
      }
      if let value = fields["codings"] {
        medication.codings = try array(
          value, at: elementPath.appending(key: "codings"), of: "codings"
        ) { coding, codingPath throws(ScenarioError) in
          try self.coding(coding, at: codingPath)
        }
      }
      if let value = fields["doses"] {
        medication.doses = try array(value, at: elementPath.appending(key: "doses"), of: "doses") {
          dose, dosePath throws(ScenarioError) in
          try self.dose(dose, at: dosePath, start: start)
        }
      }
      return medication
    }
  }

  /// One coding of `medications[i].codings`: `system` and `code` required, `version` optional.
  func coding(_ value: JSONValue, at path: JSONPath) throws(ScenarioError) -> HealthPlan.Coding {
    let fields = try healthMembers(
      value, at: path, allowed: ["system", "version", "code"], what: "coding")
    guard let systemValue = fields["system"], let codeValue = fields["code"] else {
      throw fail(path, "a coding needs \"system\" and \"code\"")
    }
    var coding = HealthPlan.Coding(
      system: try string(systemValue, at: path.appending(key: "system"), expected: "a system"),
      code: try string(codeValue, at: path.appending(key: "code"), expected: "a code"))
    if let value = fields["version"] {
      coding.version = try string(
        value, at: path.appending(key: "version"), expected: "a version")
    }
    return coding
  }

  /// One dose of `medications[i].doses`.
  func dose(_ value: JSONValue, at path: JSONPath, start: Date?) throws(ScenarioError)
    -> HealthPlan.Dose
  {
    let fields = try healthMembers(
      value, at: path, allowed: ["at", "status", "scheduledAt", "quantity", "scheduledQuantity"],
      what: "dose")
    guard let atValue = fields["at"], let statusValue = fields["status"] else {
      throw fail(path, "a dose needs \"at\" and \"status\"")
    }
    var dose = HealthPlan.Dose(
      at: try signedInstant(atValue, at: path.appending(key: "at"), start: start),
      status: try healthChoice(
        statusValue, at: path.appending(key: "status"), noun: "a dose status",
        options: HealthPlan.doseStatuses))
    if let value = fields["scheduledAt"] {
      dose.scheduledAt = try signedInstant(
        value, at: path.appending(key: "scheduledAt"), start: start)
    }
    if let value = fields["quantity"] {
      dose.quantity = try number(value, at: path.appending(key: "quantity"), .atLeastZero)
    }
    if let value = fields["scheduledQuantity"] {
      dose.scheduledQuantity = try number(
        value, at: path.appending(key: "scheduledQuantity"), .atLeastZero)
    }
    return dose
  }

  func habits(_ value: JSONValue, at path: JSONPath) throws(ScenarioError) -> HealthPlan.Habits {
    let keys = ["wake", "bed", "steps", "carriesPhone", "wearsWatch", "charging"]
    let fields = try healthMembers(value, at: path, allowed: keys, what: "habits")
    var habits = HealthPlan.Habits()
    if let value = fields["wake"] {
      habits.wake = try timeOfDay(value, at: path.appending(key: "wake"))
    }
    if let value = fields["bed"] {
      habits.bed = try timeOfDay(value, at: path.appending(key: "bed"))
    }
    if let value = fields["steps"] {
      let stepsPath = path.appending(key: "steps")
      let expected = "[low, high], two step counts from 0 to 100000, for example [6000, 10000]"
      guard case .array(let pair) = value, pair.count == 2 else {
        throw fail(stepsPath, "\(Self.describe(value)) is not a range (expected \(expected))")
      }
      let low = try number(pair[0], at: stepsPath.appending(index: 0), .within(0, 100_000))
      let high = try number(pair[1], at: stepsPath.appending(index: 1), .within(0, 100_000))
      guard low <= high else {
        throw fail(
          stepsPath.appending(index: 1),
          "\(Self.format(high)) is below the low end \(Self.format(low)) (expected \(expected))")
      }
      habits.steps = low...high
    }
    if let value = fields["carriesPhone"] {
      habits.carriesPhone = try number(
        value, at: path.appending(key: "carriesPhone"), .within(0, 1))
    }
    if let value = fields["wearsWatch"] {
      habits.wearsWatch = try bool(value, at: path.appending(key: "wearsWatch"))
    }
    if let value = fields["charging"] {
      habits.charging = try timeOfDaySpans(value, at: path.appending(key: "charging"))
    }
    return habits
  }

  func plannedWorkout(_ value: JSONValue, at path: JSONPath) throws(ScenarioError)
    -> HealthPlan.PlannedWorkout
  {
    let keys = ["weekday", "at", "activity", "duration"]
    let fields = try healthMembers(value, at: path, allowed: keys, what: "a planned workout")
    let names = HealthPlan.PlannedWorkout.weekdayNames
    guard let weekdayValue = fields["weekday"] else {
      throw missing(path.appending(key: "weekday"), "one of \(Self.list(names))")
    }
    let weekdayName = try healthChoice(
      weekdayValue, at: path.appending(key: "weekday"), noun: "a weekday", options: names)
    guard let atValue = fields["at"] else {
      throw missing(path.appending(key: "at"), "a local time of day, for example \"18:30:00\"")
    }
    guard let activityValue = fields["activity"] else {
      throw missing(path.appending(key: "activity"), "an activity, for example \"running\"")
    }
    guard let durationValue = fields["duration"] else {
      throw missing(path.appending(key: "duration"), "a time, for example \"30:00\"")
    }
    let durationPath = path.appending(key: "duration")
    let duration = try self.duration(durationValue, at: durationPath, positive: true)
    guard duration <= HealthPlan.maximumWorkoutDuration else {
      throw fail(
        durationPath,
        "\(Self.describe(durationValue)) is out of range (expected a time above 0, at most \"6:00:00\")"
      )
    }
    return HealthPlan.PlannedWorkout(
      weekday: (names.firstIndex(of: weekdayName) ?? 0) + 1,
      at: try timeOfDay(atValue, at: path.appending(key: "at")),
      activity: try activity(activityValue, at: path.appending(key: "activity")),
      duration: duration)
  }

  func trip(_ value: JSONValue, at path: JSONPath) throws(ScenarioError) -> HealthPlan.Trip {
    let fields = try healthMembers(
      value, at: path, allowed: ["date", "timeZone", "days"], what: "trip")
    guard let dateValue = fields["date"] else {
      throw missing(path.appending(key: "date"), "a local date, for example \"2026-03-14\"")
    }
    let date = try string(
      dateValue, at: path.appending(key: "date"), expected: "a local date YYYY-MM-DD")
    guard let parts = HealthPlan.dateComponents(date),
      Self.isCalendarDate(year: parts.year, month: parts.month, day: parts.day)
    else {
      throw fail(
        path.appending(key: "date"),
        "\(Self.describe(dateValue)) is not a date (expected YYYY-MM-DD, for example \"2026-03-14\")"
      )
    }
    guard let zoneValue = fields["timeZone"] else {
      throw missing(path.appending(key: "timeZone"), "an IANA time zone name")
    }
    let zone = try timeZoneName(
      zoneValue, at: path.appending(key: "timeZone"),
      expected: "an IANA time zone name such as \"America/New_York\"")
    var days: Int?
    if let value = fields["days"] {
      days = try wholeNumber(value, at: path.appending(key: "days"), in: HealthPlan.dayRange)
    }
    return HealthPlan.Trip(date: date, timeZone: zone, days: days)
  }

  /// One `samples` or `sleep` element.
  func planSample(_ value: JSONValue, at path: JSONPath, start: Date?, sleep: Bool)
    throws(ScenarioError) -> HealthPlanSample
  {
    let keys =
      sleep
      ? ["source", "start", "end", "stage", "savedAt"]
      : ["type", "source", "start", "end", "value", "savedAt"]
    let fields = try healthMembers(
      value, at: path, allowed: keys, what: sleep ? "a sleep sample" : "a sample")
    let type: HealthDataType
    var sampleValue: Double
    if sleep {
      type = .sleepAnalysis
      let names = SleepStage.allCases.map(\.name)
      guard let stageValue = fields["stage"] else {
        throw missing(path.appending(key: "stage"), "one of \(Self.list(names))")
      }
      let name = try healthChoice(
        stageValue, at: path.appending(key: "stage"), noun: "a sleep stage", options: names)
      sampleValue = Double(SleepStage.allCases.first { $0.name == name }?.rawValue ?? 0)
    } else {
      let names = HealthPlan.quantityTypeNames
      guard let typeValue = fields["type"] else {
        throw missing(path.appending(key: "type"), "one of \(Self.list(names))")
      }
      let typePath = path.appending(key: "type")
      if case .string(let text) = typeValue, !names.contains(text),
        let message = Self.unmodeledSampleType(text, names: names)
      {
        throw fail(typePath, message)
      }
      let name = try healthChoice(typeValue, at: typePath, noun: "a sample type", options: names)
      guard let decoded = HealthDataType.modeled.first(where: { $0.name == name }) else {
        preconditionFailure("sample type \(name) is listed but unknown")
      }
      type = decoded
      guard let numberValue = fields["value"] else {
        throw missing(path.appending(key: "value"), "a number in \(type.unit)")
      }
      sampleValue = try number(
        numberValue, at: path.appending(key: "value"),
        .within(0, type.maximumSampleValue ?? .greatestFiniteMagnitude))
    }
    guard let sourceValue = fields["source"] else {
      throw missing(path.appending(key: "source"), "one of \(Self.list(HealthPlan.sourceNames))")
    }
    let source = try sourceName(sourceValue, at: path.appending(key: "source"))
    guard let startValue = fields["start"] else {
      throw missing(
        path.appending(key: "start"),
        "a time from t = 0 (negative before it), for example \"-2:00:00\"")
    }
    let startInstant = try signedInstant(startValue, at: path.appending(key: "start"), start: start)
    var endInstant = startInstant
    if let endValue = fields["end"] {
      endInstant = try signedInstant(endValue, at: path.appending(key: "end"), start: start)
      let ordered = sleep ? endInstant > startInstant : endInstant >= startInstant
      guard ordered else {
        throw fail(
          path.appending(key: "end"),
          "\(Self.describe(endValue)) is out of range (expected a time \(sleep ? "after" : "at or after") \"start\", \(Self.describe(startValue)); a sample must not end before it starts)"
        )
      }
    } else if sleep {
      throw missing(path.appending(key: "end"), "a time after \"start\"")
    }
    var savedAt: SimulationInstant?
    if let savedValue = fields["savedAt"] {
      let saved = try signedInstant(savedValue, at: path.appending(key: "savedAt"), start: start)
      guard saved >= endInstant else {
        throw fail(
          path.appending(key: "savedAt"),
          "\(Self.describe(savedValue)) is out of range (expected a time at or after \"end\"; a sample is saved when it ends or later)"
        )
      }
      savedAt = saved
    }
    if sampleValue == 0 { sampleValue = 0 }  // -0 written in a file
    return HealthPlanSample(
      type: type, source: source, start: startInstant, end: endInstant, value: sampleValue,
      savedAt: savedAt)
  }

  /// The message for a `health.samples` type that names a HealthKit type but not one of
  /// `names`, or `nil` for a name HealthKit does not have (the caller's "not a sample type"):
  /// a prefixed identifier of a listed type says to drop the prefix; a kind the scenario
  /// models under another key (`sleepAnalysis`, `workout`, `electrocardiogram`) names that key;
  /// a characteristic names `athlete`; any other quantity, category, correlation or object type
  /// says the app saves it (project rule: the explicit samples are the generator's kinds;
  /// docs/scenario-format.md#health).
  static func unmodeledSampleType(_ text: String, names: [String]) -> String? {
    let quoted = JSONPath.quoted(text)
    let expected = "one of \(list(names))"
    let entry = HealthTypeCatalog.entry(text) ?? HealthTypeCatalog.entry(named: text)
    guard let entry else { return nil }
    if entry.identifier == text, names.contains(entry.name) {
      return
        "\(quoted) is not a sample type (write the identifier without its prefix, \(JSONPath.quoted(entry.name)); expected \(expected))"
    }
    let elsewhere = [
      "sleepAnalysis": "\"health.sleep\" (a night's stages)",
      "workout": "\"health.workouts\" (planned workouts)",
      "electrocardiogram": "\"health.ecg\" (recordings every few days)",
    ]
    if let key = elsewhere[entry.name] {
      return "\(quoted) is modeled under \(key), not as a sample; a sample's type is \(expected)"
    }
    switch entry.kind {
    case .characteristic:
      return
        "\(quoted) is a HealthKit characteristic, not a sample type: give it in \"athlete\" (docs/scenario-format.md#athlete); a sample's type is \(expected)"
    case .activitySummary:
      return nil
    default:
      return
        "\(quoted) is a HealthKit type the scenario's health data does not model; save it from the app (HKHealthStore.save inside simulation.on(.phone)) or use \(expected)"
    }
  }

  // MARK: Readers

  /// A source name of ``HealthPlan/sourceNames``, with a suggestion for a near miss.
  func sourceName(_ value: JSONValue, at path: JSONPath) throws(ScenarioError) -> String {
    try healthChoice(value, at: path, noun: "a source", options: HealthPlan.sourceNames)
  }

  /// ``choice(_:at:noun:options:)`` whose message adds the closest option (`"iphone"`: did you
  /// mean "iPhone"?).
  func healthChoice(_ value: JSONValue, at path: JSONPath, noun: String, options: [String])
    throws(ScenarioError) -> String
  {
    guard case .string(let text) = value, options.contains(text) else {
      var message =
        "\(Self.describe(value)) is not \(noun) (expected one of \(Self.list(options)))"
      if case .string(let text) = value, let close = closestName(to: text, among: options) {
        message += "; did you mean \(JSONPath.quoted(close))?"
      }
      throw fail(path, message)
    }
    return text
  }

  /// ``members(_:at:allowed:expected:allowSchema:)`` whose unknown-key message adds the closest
  /// allowed key.
  func healthMembers(_ value: JSONValue, at path: JSONPath, allowed: [String], what: String)
    throws(ScenarioError) -> [String: JSONValue]
  {
    if case .object(let pairs) = value {
      for (key, _) in pairs where !key.hasPrefix("x-") && !allowed.contains(key) {
        var message = "unknown key (expected one of \(Self.list(allowed)))"
        if let close = closestName(to: key, among: allowed) {
          message += "; did you mean \(JSONPath.quoted(close))?"
        }
        throw fail(path.appending(key: key), message)
      }
    }
    return try members(
      value, at: path, allowed: allowed,
      expected: "\(what) object with keys \(Self.list(allowed))")
  }

  /// The elements of an array, each read by `read` with its path.
  func array<Element>(
    _ value: JSONValue, at path: JSONPath, of what: String,
    _ read: (JSONValue, JSONPath) throws(ScenarioError) -> Element
  ) throws(ScenarioError) -> [Element] {
    guard case .array(let elements) = value else {
      throw fail(path, "\(Self.describe(value)) is not an array (expected \(what))")
    }
    var result: [Element] = []
    result.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      result.append(try read(element, path.appending(index: index)))
    }
    return result
  }

  func wholeNumber(_ value: JSONValue, at path: JSONPath, in range: ClosedRange<Int>)
    throws(ScenarioError) -> Int
  {
    let expected = "a whole number from \(range.lowerBound) to \(range.upperBound)"
    guard case .number(let number) = value, number == number.rounded() else {
      throw fail(path, "\(Self.describe(value)) is not a whole number (expected \(expected))")
    }
    guard number >= Double(range.lowerBound), number <= Double(range.upperBound) else {
      throw fail(path, "\(Self.describe(value)) is out of range (expected \(expected))")
    }
    return Int(number)
  }

  /// A local time of day: a scenario time from local midnight, below 24 hours, as seconds or
  /// `h:mm:ss`. A string in two parts (`"23:30"`) is a data error (project rule,
  /// docs/scenario-format.md#times): every time reads two parts as `mm:ss`, which for a time of
  /// day is minutes after midnight, never what `"23:30"` means to its writer.
  func timeOfDay(_ value: JSONValue, at path: JSONPath) throws(ScenarioError) -> Duration {
    if case .string(let text) = value, let message = Self.twoPartTimeOfDay(text) {
      throw fail(path, message)
    }
    let time = try instant(value, at: path)
    guard time < .seconds(86_400) else {
      throw fail(
        path,
        "\(Self.describe(value)) is not a time of day (expected 0 to \"23:59:59\", from local midnight)"
      )
    }
    return .nanoseconds(time.nanoseconds)
  }

  func timeOfDaySpans(_ value: JSONValue, at path: JSONPath) throws(ScenarioError)
    -> [HealthPlan.TimeOfDaySpan]
  {
    try array(
      value, at: path, of: "spans of local time { \"from\": \"7:30:00\", \"to\": \"8:15:00\" }"
    ) {
      element, elementPath throws(ScenarioError) in
      let fields = try healthMembers(
        element, at: elementPath, allowed: ["from", "to"], what: "a span of local time")
      guard let fromValue = fields["from"] else {
        throw missing(elementPath.appending(key: "from"), "a local time of day")
      }
      guard let toValue = fields["to"] else {
        throw missing(elementPath.appending(key: "to"), "a local time of day")
      }
      let from = try timeOfDay(fromValue, at: elementPath.appending(key: "from"))
      let to = try timeOfDay(toValue, at: elementPath.appending(key: "to"))
      guard from != to else {
        throw fail(
          elementPath.appending(key: "to"),
          "\(Self.describe(toValue)) is \"from\" (expected a different time of day; a span past midnight has \"to\" before \"from\")"
        )
      }
      return HealthPlan.TimeOfDaySpan(from: from, to: to)
    }
  }

  /// `{ "from", "to" }` of signed times, `to` after `from`.
  func signedSpan(_ value: JSONValue, at path: JSONPath, start: Date?) throws(ScenarioError)
    -> Range<SimulationInstant>
  {
    let fields = try healthMembers(value, at: path, allowed: ["from", "to"], what: "a span")
    return try timeSpan(fields, at: path, start: start, fromExample: #""-8:00:00""#)
  }

  /// `from` and `to` of a span object's `fields` (times that may lie before `t = 0`), `to`
  /// after `from`: the one reader of a span's two times (`motion`'s spans and dives, the
  /// signed spans of `health` and `phone`). A missing `from` asks for a time like
  /// `fromExample`.
  func timeSpan(
    _ fields: [String: JSONValue], at path: JSONPath, start: Date?, fromExample: String
  ) throws(ScenarioError) -> Range<SimulationInstant> {
    guard let fromValue = fields["from"] else {
      throw missing(path.appending(key: "from"), "a time, for example \(fromExample)")
    }
    guard let toValue = fields["to"] else {
      throw missing(path.appending(key: "to"), "a time after \"from\"")
    }
    let from = try signedInstant(fromValue, at: path.appending(key: "from"), start: start)
    let to = try signedInstant(toValue, at: path.appending(key: "to"), start: start)
    guard to > from else {
      throw fail(
        path.appending(key: "to"),
        "\(Self.describe(toValue)) is out of range (expected a time after \"from\", \(Self.describe(fromValue)))"
      )
    }
    return from..<to
  }

  /// A scenario time that may lie before `t = 0`: seconds as a number (negative before `t = 0`),
  /// `mm:ss` / `h:mm:ss` with an optional leading `-`, or an ISO 8601 date-time with a UTC offset
  /// (needs `start`: the date of `t = 0`).
  func signedInstant(_ value: JSONValue, at path: JSONPath, start: Date?) throws(ScenarioError)
    -> SimulationInstant
  {
    let limit = Double(ScenarioTime.maximumSeconds)
    switch value {
    case .number(let seconds):
      guard seconds.magnitude <= limit else {
        throw fail(
          path,
          "\(Self.describe(value)) is not a time (at most \(ScenarioTime.maximumSeconds) seconds either way)"
        )
      }
      return SimulationInstant.rounding(seconds: seconds)
    case .string(let text) where text.contains("T") || text.contains("t"):
      let date: Scenario.WallClockDate
      do {
        date = try WallClockParser.parse(text)
      } catch {
        throw fail(path, error.message)
      }
      guard let start else {
        throw fail(
          path,
          "\(Self.describe(value)) is a date-time, which needs a fixed \"start\" (a recording's course takes t = 0 from its file, and \"start\": \"now\" from the clock; write a time from t = 0 instead, or give \"start\" a date-time)"
        )
      }
      let seconds = date.date.timeIntervalSince(start)
      guard seconds.magnitude <= limit else {
        throw fail(path, "\(Self.describe(value)) is too far from the scenario's start")
      }
      return SimulationInstant.rounding(seconds: seconds)
    case .string(let text) where text.hasPrefix("-"):
      do {
        let magnitude = try ScenarioTime.parse(String(text.dropFirst()), allowPlainSeconds: false)
        return SimulationInstant(nanoseconds: -magnitude.nanoseconds)
      } catch {
        throw fail(path, "\(Self.describe(value)) is not a time (\(Self.signedTimeForms(nil)))")
      }
    default:
      do {
        return try ScenarioTime.instant(from: value)
      } catch {
        // A value in no form of a time names every form this key takes, the date-time too
        // (trial 28: "2026-03-02 23:50" got the forms of a plain time); a value that breaks a
        // form's rule (seconds above 59) keeps its reason.
        guard error.message.hasSuffix("(\(ScenarioTime.expectedForms))") else {
          throw fail(path, error.message)
        }
        var text: String?
        if case .string(let string) = value { text = string }
        throw fail(
          path, "\(Self.describe(value)) is not a time (\(Self.signedTimeForms(text)))")
      }
    }
  }

  // MARK: Helpers

  /// The refusal of `text` as a local time of day when it is written in two parts (`"23:30"`,
  /// `"7:00"`), else `nil`: names the `mm:ss` reading, and the `h:mm:ss` form to write when the
  /// parts are an hour (below 24) and two-digit minutes (below 60).
  static func twoPartTimeOfDay(_ text: String) -> String? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 2 else { return nil }
    let shown = JSONPath.quoted(text)
    let opening =
      "\(shown) is a local time of day written in two parts, which a time reads as mm:ss"
    guard ScenarioTime.isDigits(parts[0]), parts[0].count <= 2, let hours = Int(parts[0]),
      hours < 24, ScenarioTime.isDigits(parts[1]), parts[1].count == 2,
      let minutes = Int(parts[1]), minutes < 60
    else {
      return opening
        + "; write a time of day as \"h:mm:ss\", for example \"23:30:00\", or as seconds from midnight"
    }
    return opening
      + " (\(text) after midnight is \(hours) minutes \(minutes) seconds, not \(hours) hours \(minutes) minutes); write \"\(text):00\" for \(text) (h:mm:ss)"
  }

  /// The forms a time that may lie before `t = 0` takes, for its refusal: `example` is an
  /// ISO 8601 date-time with offset made from `text` when it reads as a date and a time of day
  /// without the `T` and offset (`"2026-03-02 23:50"`), else a fixed one.
  static func signedTimeForms(_ text: String?) -> String {
    var example = "2026-03-02T07:30:00+01:00"
    let halves = (text ?? "").split(separator: " ", omittingEmptySubsequences: false)
      .map(String.init)
    if halves.count == 2 {
      let date = halves[0].split(separator: "-", omittingEmptySubsequences: false)
      let clock = halves[1].split(separator: ":", omittingEmptySubsequences: false)
        .map(String.init)
      if halves[0].count == 10, date.count == 3,
        date.allSatisfy({ ScenarioTime.isDigits(String($0)) }),
        (2...3).contains(clock.count),
        clock.allSatisfy({ ScenarioTime.isDigits($0) && $0.count <= 2 }),
        clock.dropFirst().allSatisfy({ $0.count == 2 })
      {
        let hour = clock[0].count == 1 ? "0" + clock[0] : clock[0]
        let second = clock.count == 3 ? clock[2] : "00"
        example = "\(halves[0])T\(hour):\(clock[1]):\(second)+01:00"
      }
    }
    return
      "expected seconds as a number, \"mm:ss\" or \"h:mm:ss\" with an optional leading \"-\", or an ISO 8601 date-time with offset, e.g. \"\(example)\""
  }

  /// Whether a civil date exists (February 30 does not), by Foundation's Gregorian calendar.
  static func isCalendarDate(year: Int, month: Int, day: Int) -> Bool {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    let components = DateComponents(year: year, month: month, day: day)
    guard let date = calendar.date(from: components) else { return false }
    let back = calendar.dateComponents([.year, .month, .day], from: date)
    return back.year == year && back.month == month && back.day == day
  }
}
