import WorkoutRendering
import WorkoutText

/// The terminal phone: a pure function from ``PhoneScreens``, the tab and a size to a
/// ``Frame`` (the watch face's machinery: WorkoutRendering's canvas, gauges and sparkline).
///
/// Layout, top to bottom: a header (the app's name, the local date-time, scenario time and
/// `held`), the tab bar, a rule, the tab's body, a rule and the key footer. From
/// ``sidePanelWidth`` columns on, the Home Screen (the widget's faces and the next notification)
/// stands beside the app's tab (the app then takes ``appPanelWidth`` columns); tab 4 shows it
/// in the app's place at any width. The dark theme: light text on the terminal's background,
/// colour by meaning (steps cyan, energy red as the Move ring, heart rate red, the selected tab
/// yellow), as the watch face. Rings are bar gauges (``LinearGauge``), history bars are
/// horizontal (the week) and columns of eighths (the month). A value without data shows `—`
/// (ASCII `--`) with `no data`. Lines are cut with `…` to the width; rows that do not fit are
/// dropped from the bottom of the body.
public enum PhoneScreenRenderer {
  /// The width of the app's panel when the Home Screen stands beside it: 54 columns.
  public static let appPanelWidth = 54
  /// The terminal width from which the Home Screen stands beside the app: 96 columns.
  public static let sidePanelWidth = 96

  /// Renders the screens into exactly `height` lines of at most `width` columns.
  ///
  /// - Parameters:
  ///   - screens: the values at the instant.
  ///   - tab: the tab shown.
  ///   - showsHelp: whether the key help replaces the body.
  ///   - width: terminal columns (below 1: empty lines).
  ///   - height: terminal rows (below 1: an empty frame).
  ///   - options: colour and character set; without colour the style runs keep bold and dim.
  public static func render(
    _ screens: PhoneScreens, tab: PhoneTab, showsHelp: Bool = false, width: Int, height: Int,
    options: RenderOptions = RenderOptions()
  ) -> Frame {
    let width = max(width, 0)
    let height = max(height, 0)
    var canvas = Canvas(width: width, height: height)
    let ascii = options.asciiOnly
    let style = Styles(color: options.color)

    // Header.
    canvas.put(cut("FitnessTracker", to: width, ascii: ascii), row: 0, column: 0, style: .strong)
    let right =
      localText(screens.clock.local) + "  t "
      + TextFormat.clock(wholeSeconds: Int64(screens.clock.scenarioSeconds.rounded(.down)))
      + "  " + (ascii ? "||" : "❚❚") + " held"
    if width >= 16 + right.count {
      canvas.put(right, row: 0, column: width - right.count)
    }

    // Tab bar: the selected tab in brackets.
    var column = 0
    for item in PhoneTab.allCases {
      let label = "\(item.rawValue) \(item.title)"
      if item == tab {
        canvas.put(
          cut("[ " + label + " ]", to: width - column, ascii: ascii), row: 1, column: column,
          style: style.selected)
      } else {
        canvas.put(
          cut(label, to: width - column - 2, ascii: ascii), row: 1, column: column + 2,
          style: .faint)
      }
      column += label.count + 6
    }
    let rule = ascii ? "-" : "─"
    canvas.put(String(repeating: rule, count: width), row: 2, column: 0, style: .faint)

    // Footer.
    let footerRow = height - 1
    if height >= 6 {
      canvas.put(String(repeating: rule, count: width), row: height - 2, column: 0, style: .faint)
      let footer = PhoneFace.keys(asciiOnly: ascii).map { "\($0.key) \($0.meaning)" }
        .joined(separator: "  ")
      canvas.put(cut(footer, to: width, ascii: ascii), row: footerRow, column: 0, style: .faint)
    }

    // Body.
    let top = 3
    let bottom = height >= 6 ? height - 2 : height
    guard bottom > top else { return canvas.frame() }
    var body = Body(canvas: canvas, top: top, bottom: bottom, ascii: ascii)
    let side = width >= sidePanelWidth && tab != .homeScreen && !showsHelp
    let appWidth = side ? appPanelWidth : width
    if showsHelp {
      for (index, line) in PhoneFace.helpLines(asciiOnly: ascii).enumerated() {
        body.put(
          line, row: index, column: 0, width: width, style: index == 0 ? .strong : .plain)
      }
    } else {
      switch tab {
      case .dashboard:
        dashboard(screens.dashboard, into: &body, width: appWidth, ascii: ascii, style: style)
      case .history:
        history(screens.history, into: &body, width: appWidth, ascii: ascii, style: style)
      case .settings:
        settings(screens.settings, into: &body, width: appWidth, style: style)
      case .homeScreen:
        homeScreen(screens, into: &body, column: 0, width: width, ascii: ascii, style: style)
      }
    }
    if side {
      for row in 0..<(bottom - top) {
        body.put(ascii ? "|" : "│", row: row, column: appPanelWidth, width: 1, style: .faint)
      }
      homeScreen(
        screens, into: &body, column: appPanelWidth + 2, width: width - appPanelWidth - 2,
        ascii: ascii, style: style)
    }
    return body.canvas.frame()
  }

  /// The rows between the tab bar's rule and the footer's: rows past the bottom are dropped.
  struct Body {
    var canvas: Canvas
    let top: Int
    let bottom: Int
    let ascii: Bool

    mutating func put(
      _ text: String, row: Int, column: Int, width: Int, style: TextStyle = .plain
    ) {
      guard row >= 0, top + row < bottom, width > 0 else { return }
      let room = min(width, canvas.width - column)
      canvas.put(cut(text, to: room, ascii: ascii), row: top + row, column: column, style: style)
    }

    mutating func draw(_ frame: Frame, row: Int, column: Int) {
      guard row >= 0 else { return }
      var frame = frame
      let room = bottom - top - row
      guard room > 0 else { return }
      if frame.lines.count > room {
        frame = Frame(
          lines: Array(frame.lines.prefix(room)), runs: frame.runs.filter { $0.line < room })
      }
      canvas.draw(frame, row: top + row, column: column)
    }
  }

  /// The colour roles, or none without colour.
  struct Styles {
    let color: Bool
    func role(_ role: ColorRole, bold: Bool = false) -> TextStyle {
      TextStyle(bold: bold, color: color ? role : nil)
    }
    var selected: TextStyle { role(.accent, bold: true) }
    var steps: TextStyle { role(.steps) }
    var energy: TextStyle { role(.move) }
    var heart: TextStyle { role(.heartRate) }
    var sleep: TextStyle { role(.exercise) }
  }

  // MARK: - Tabs

  static func dashboard(
    _ value: PhoneScreens.Dashboard, into body: inout Body, width: Int, ascii: Bool, style: Styles
  ) {
    let none = placeholder(ascii)
    let missing = value.connected ? "no data" : "connect Health in Settings"
    var row = 0
    body.put("Today", row: row, column: 0, width: width, style: .strong)
    row += 1
    if let steps = value.steps {
      body.put(
        "Steps          " + amount(steps) + " / " + whole(value.stepGoal), row: row, column: 0,
        width: width, style: style.steps)
      row += 1
      body.put(
        LinearGauge(amount: steps, goal: value.stepGoal, asciiOnly: ascii).render(width: width),
        row: row, column: 0, width: width, style: style.steps)
    } else {
      body.put(
        "Steps          " + none + " / " + whole(value.stepGoal) + "  " + missing, row: row,
        column: 0, width: width, style: style.steps)
      row += 1
      body.put(
        emptyGauge(width: width, ascii: ascii), row: row, column: 0, width: width, style: .faint)
    }
    row += 2
    let energyText = value.activeEnergy.map { amount($0) + " kcal" } ?? none + "  " + missing
    let energyGoal = value.activeEnergyGoal.map { " / " + whole($0) + " kcal" } ?? ""
    body.put(
      "Active energy  " + energyText + (value.activeEnergy == nil ? "" : energyGoal), row: row,
      column: 0, width: width, style: style.energy)
    row += 1
    if let energy = value.activeEnergy, let goal = value.activeEnergyGoal {
      body.put(
        LinearGauge(amount: energy, goal: goal, asciiOnly: ascii).render(width: width), row: row,
        column: 0, width: width, style: style.energy)
    } else {
      body.put(
        emptyGauge(width: width, ascii: ascii), row: row, column: 0, width: width, style: .faint)
    }
    row += 2
    if let rate = value.heartRate {
      let at = value.heartRateTime.map { " at " + $0 } ?? ""
      body.put(
        "Heart rate     " + whole(rate) + " bpm" + at, row: row, column: 0, width: width,
        style: style.heart)
    } else {
      body.put(
        "Heart rate     " + none + "  " + missing, row: row, column: 0, width: width,
        style: style.heart)
    }
    row += 1
    let readings = value.heartRateLast24Hours.filter(\.isFinite)
    if let low = readings.min(), let high = readings.max() {
      let chart = Sparkline(values: readings, asciiOnly: ascii).render(width: min(24, width))
      body.put(chart, row: row, column: 0, width: width, style: style.heart)
      body.put(
        "  last 24 h: \(readings.count) " + (readings.count == 1 ? "reading" : "readings") + ", "
          + whole(low) + (ascii ? "-" : "–") + whole(high) + " bpm",
        row: row, column: chart.count, width: width - chart.count, style: .faint)
    } else {
      body.put("last 24 h: no readings", row: row, column: 0, width: width, style: .faint)
    }
    row += 2
    if let hours = value.sleepHours {
      let dot = ascii ? " - " : " · "
      var text = "Sleep          " + hoursAndMinutes(hours)
      if let score = value.sleepScore { text += dot + "score " + whole(score) }
      body.put(text, row: row, column: 0, width: width, style: style.sleep)
      row += 1
      if let score = value.sleepScore {
        body.put(
          LinearGauge(value: score, goal: 100, asciiOnly: ascii).render(width: width), row: row,
          column: 0, width: width, style: style.sleep)
        row += 1
      }
      if let rating = value.sleepRating {
        body.put(rating, row: row, column: 0, width: width, style: .faint)
      }
    } else {
      body.put(
        "Sleep          " + none + "  " + missing, row: row, column: 0, width: width,
        style: style.sleep)
    }
  }

  static func history(
    _ value: PhoneScreens.History, into body: inout Body, width: Int, ascii: Bool, style: Styles
  ) {
    let none = placeholder(ascii)
    var row = 0
    var weekTitle = "This week  total " + amount(value.week.totalSteps)
    if let average = value.week.averageSteps { weekTitle += ", average " + whole(average) }
    body.put(weekTitle, row: row, column: 0, width: width, style: .strong)
    row += 1
    let weekHigh = value.week.days.compactMap(\.steps).max() ?? 0
    // "Wed 06-10 " then the bar, then the count right-aligned in 7 columns.
    let barWidth = max(width - 10 - 8, 0)
    for day in value.week.days {
      let label = weekday(day.date) + " " + String(day.date.suffix(5)) + " "
      body.put(label, row: row, column: 0, width: width)
      if let steps = day.steps {
        let bar = LinearGauge(value: steps, goal: max(weekHigh, 1), asciiOnly: ascii)
          .drawBar(cells: barWidth)
        body.put(bar, row: row, column: label.count, width: barWidth, style: style.steps)
        body.put(
          padLeft(amount(steps), 8), row: row, column: label.count + barWidth, width: 8)
      } else {
        body.put(
          padLeft(none, 8), row: row, column: label.count + barWidth, width: 8, style: .faint)
      }
      row += 1
    }
    if value.week.days.isEmpty {
      body.put("no step data", row: row, column: 0, width: width, style: .faint)
      row += 1
    }
    row += 1
    let monthHigh = value.month.days.compactMap(\.steps).max() ?? 0
    body.put(
      "Last \(value.month.days.count) days"
        + (monthHigh > 0 ? "  (top " + amount(monthHigh) + ")" : ""),
      row: row, column: 0, width: width, style: .strong)
    row += 1
    let columns = columnChart(value.month.days.map(\.steps), high: monthHigh, ascii: ascii)
    body.put(columns, row: row, column: 0, width: width, style: style.steps)
    row += 1
    if let first = value.month.days.first, let last = value.month.days.last,
      value.month.days.count > 10
    {
      let start = String(first.date.suffix(5))
      let end = String(last.date.suffix(5))
      body.put(start, row: row, column: 0, width: width, style: .faint)
      body.put(
        end, row: row, column: max(value.month.days.count - end.count, start.count + 1),
        width: width,
        style: .faint)
    }
    row += 2
    body.put(
      "Day             steps    kcal   sleep", row: row, column: 0, width: width, style: .strong)
    row += 1
    for day in value.details {
      let sleep = day.sleepHours.map { hoursAndMinutes($0) } ?? none
      let line =
        weekday(day.date) + " " + day.date + padLeft(day.steps.map(amount) ?? none, 8)
        + padLeft(day.activeEnergy.map(amount) ?? none, 8) + "  " + sleep
      body.put(line, row: row, column: 0, width: width)
      row += 1
    }
  }

  static func settings(
    _ value: PhoneScreens.Settings, into body: inout Body, width: Int, style: Styles
  ) {
    let rows: [(String, String)] = [
      ("Step goal", whole(value.stepGoal) + " steps"),
      ("Weekly summary", value.notificationsEnabled ? "on, Mondays 09:00" : "off"),
      ("Notifications", value.notificationPermission),
      ("Health access", value.healthKitStatus),
    ]
    body.put("Settings", row: 0, column: 0, width: width, style: .strong)
    for (index, item) in rows.enumerated() {
      body.put(item.0, row: 1 + index, column: 0, width: width)
      body.put(item.1, row: 1 + index, column: 17, width: width - 17, style: style.selected)
    }
  }

  /// The widget's faces (Small, Medium) and the next notification.
  static func homeScreen(
    _ screens: PhoneScreens, into body: inout Body, column: Int, width: Int, ascii: Bool,
    style: Styles
  ) {
    guard width > 4 else { return }
    var row = 0
    body.put("Home Screen", row: row, column: column, width: width, style: .strong)
    row += 1
    if screens.widgets.isEmpty {
      body.put("no widget timeline yet", row: row, column: column, width: width, style: .faint)
      row += 2
    }
    for face in screens.widgets {
      let frame = widget(
        face, width: face.family == "systemSmall" ? min(22, width) : min(42, width),
        ascii: ascii, style: style)
      body.draw(frame, row: row, column: column)
      row += frame.lines.count
    }
    row += 1
    body.put("Next notification", row: row, column: column, width: width, style: .strong)
    row += 1
    guard let next = screens.nextNotification else {
      body.put("none pending", row: row, column: column, width: width, style: .faint)
      return
    }
    let when =
      next.fireDate.map { weekday(String($0.prefix(10))) + " " + localText($0) } ?? "never fires"
    body.put(
      when + (next.repeats ? ", repeats" : ""), row: row, column: column, width: width,
      style: style.selected)
    body.put(next.title, row: row + 1, column: column, width: width, style: .strong)
    // The body, wrapped at spaces over up to three lines.
    for (index, line) in wrap(next.body, width: width).prefix(3).enumerated() {
      body.put(line, row: row + 2 + index, column: column, width: width)
    }
  }

  /// One widget face in a box `width` columns wide: Small 7 rows (steps, goal, ring gauge),
  /// Medium 7 rows (steps with the gauge, energy, heart rate).
  static func widget(_ face: PhoneScreens.WidgetFace, width: Int, ascii: Bool, style: Styles)
    -> Frame
  {
    let inner = max(width - 4, 0)
    var canvas = WidgetCanvas(canvas: Canvas(width: width, height: 7))
    let (h, v, tl, tr, bl, br) =
      ascii ? ("-", "|", "+", "+", "+", "+") : ("─", "│", "╭", "╮", "╰", "╯")
    let small = face.family == "systemSmall"
    let title = " " + (small ? "Small" : "Medium") + " "
    canvas.put(
      tl + h + title + String(repeating: h, count: max(width - 3 - title.count, 0)) + tr, row: 0,
      column: 0, style: .faint)
    canvas.put(
      bl + String(repeating: h, count: max(width - 2, 0)) + br, row: 6, column: 0, style: .faint)
    for row in 1...5 {
      canvas.put(v, row: row, column: 0, style: .faint)
      canvas.put(v, row: row, column: width - 1, style: .faint)
    }
    let none = placeholder(ascii)
    let steps = face.steps.map(amount) ?? none
    let gauge = LinearGauge(
      value: face.steps ?? 0, goal: face.stepGoal, style: .line, asciiOnly: ascii)
    if small {
      canvas.put("Steps", row: 1, column: 2, limit: inner, ascii: ascii, style: style.steps)
      canvas.put(steps, row: 2, column: 2, limit: inner, ascii: ascii, style: .strong)
      canvas.put(
        "of " + whole(face.stepGoal), row: 3, column: 2, limit: inner, ascii: ascii, style: .faint)
      canvas.put(
        face.steps == nil ? none : gauge.render(width: inner), row: 4, column: 2, limit: inner,
        ascii: ascii, style: face.steps == nil ? .faint : style.steps)
    } else {
      canvas.put(
        "Steps " + steps + " / " + whole(face.stepGoal), row: 1, column: 2, limit: inner,
        ascii: ascii,
        style: style.steps)
      canvas.put(
        face.steps == nil ? none : gauge.render(width: inner), row: 2, column: 2, limit: inner,
        ascii: ascii, style: face.steps == nil ? .faint : style.steps)
      canvas.put(
        "Energy " + (face.activeEnergy.map { amount($0) + " kcal" } ?? none), row: 3, column: 2,
        limit: inner, ascii: ascii, style: style.energy)
      canvas.put(
        "Heart rate " + (face.heartRate.map { whole($0) + " bpm" } ?? none), row: 4, column: 2,
        limit: inner, ascii: ascii, style: style.heart)
    }
    let asOf = face.dataAsOf.map { "as of " + String(localText($0).dropFirst(11).prefix(5)) }
    canvas.put(asOf ?? "no data yet", row: 5, column: 2, limit: inner, ascii: ascii, style: .faint)
    return canvas.canvas.frame()
  }

  /// A widget's canvas: text cut to the box (without `…` in ASCII).
  struct WidgetCanvas {
    var canvas: Canvas

    mutating func put(_ text: String, row: Int, column: Int, style: TextStyle = .plain) {
      canvas.put(text, row: row, column: column, style: style)
    }

    mutating func put(
      _ text: String, row: Int, column: Int, limit: Int, ascii: Bool, style: TextStyle = .plain
    ) {
      canvas.put(
        PhoneScreenRenderer.cut(text, to: min(limit, canvas.width - column), ascii: ascii),
        row: row, column: column, style: style)
    }
  }

  // MARK: - Text

  /// `text` in at most `width` columns: cut with `…`, in ASCII without a mark.
  static func cut(_ text: String, to width: Int, ascii: Bool) -> String {
    guard width > 0 else { return "" }
    guard text.count > width else { return text }
    return ascii ? String(text.prefix(width)) : String(text.prefix(width - 1)) + "…"
  }

  /// `—` (ASCII `--`): a value without data.
  static func placeholder(_ ascii: Bool) -> String { ascii ? "--" : "—" }

  /// A whole number, rounded half away from zero (`--` when not finite).
  static func whole(_ value: Double) -> String {
    guard value.isFinite, abs(value) < 1e15 else { return "--" }
    return TextFormat.fixed(value, decimals: 0) ?? "--"
  }

  /// An amount that only grows during a day (steps, energy), rounded down as the watch face
  /// does, so a gauge never shows its goal before it is reached.
  static func amount(_ value: Double) -> String { whole(value.rounded(.down)) }

  /// `7 h 15 min` from hours (minutes rounded half up).
  static func hoursAndMinutes(_ hours: Double) -> String {
    guard hours.isFinite, hours >= 0 else { return "--" }
    let minutes = Int((hours * 60).rounded(.toNearestOrAwayFromZero))
    return "\(minutes / 60) h \(String(format2(minutes % 60))) min"
  }

  private static func format2(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

  /// `2026-06-10 18:00 +02:00` from `2026-06-10T18:00:00+02:00` (an unexpected form as it is).
  static func localText(_ local: String) -> String {
    let characters = Array(local)
    guard characters.count >= 19, characters[10] == "T" else { return local }
    let offset = String(characters[19...]).drop { $0 == "." || $0.isNumber }
    return String(characters[0..<10]) + " " + String(characters[11..<16])
      + (offset.isEmpty ? "" : " " + (offset == "Z" ? "+00:00" : String(offset)))
  }

  /// The weekday's three letters for a `YYYY-MM-DD` date (1970-01-01 was a Thursday), `???`
  /// for another form.
  static func weekday(_ date: String) -> String {
    let parts = date.prefix(10).split(separator: "-")
    guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]),
      let day = Int(parts[2])
    else { return "???" }
    let days = ISO8601.daysSince1970(year: year, month: month, day: day)
    let names = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
    return names[((days % 7) + 7) % 7]
  }

  static func padLeft(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(width - text.count, 0)) + text
  }

  /// An empty bar gauge with `--` for its percentage.
  static func emptyGauge(width: Int, ascii: Bool) -> String {
    let cells = max(width - 7, 0)
    guard cells >= 1 else { return "" }
    return "[" + String(repeating: ascii ? "." : " ", count: cells) + "]   --"
  }

  /// One column per day scaled from 0 to `high`: eighths `▁▂▃▄▅▆▇█` (ASCII `_.-:=+*#`), a day
  /// with data but 0 steps as the lowest, a day without data as `·` (ASCII `.`).
  static func columnChart(_ values: [Double?], high: Double, ascii: Bool) -> String {
    let levels: [Character] = ascii ? Array("_.-:=+*#") : Array("▁▂▃▄▅▆▇█")
    return String(
      values.map { value -> Character in
        guard let value, value.isFinite else { return ascii ? "." : "·" }
        guard high > 0 else { return levels[0] }
        let index = Int((max(value, 0) / high * 8).rounded(.up)) - 1
        return levels[min(max(index, 0), 7)]
      })
  }

  /// `text` in lines of at most `width` columns, broken at spaces (a longer word is cut).
  static func wrap(_ text: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if line.isEmpty {
        line = String(word)
      } else if line.count + 1 + word.count <= width {
        line += " " + word
      } else {
        lines.append(line)
        line = String(word)
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }
}
