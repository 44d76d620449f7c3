import Foundation

/// The project rule for the time zone names a scenario may write (`timeZone`, a timeline
/// `timeZone` action, `health.trip.timeZone`; docs/scenario-format.md#time-zone-names): an IANA
/// region identifier, `Area/Location` with one of the IANA areas (``areas``: `Europe/Berlin`,
/// `Asia/Kolkata`, `America/Argentina/Buenos_Aires`) that Foundation's `TimeZone(identifier:)`
/// knows, or `UTC` or `GMT` (also `Etc/UTC`, `Etc/GMT`). Foundation also accepts abbreviations
/// (`JST`), fixed offsets (`GMT+9`, `Etc/GMT-9`) and legacy names (`US/Pacific`), whose meaning depends on the
/// machine's time zone data; a scenario that names a region reads the same everywhere, so those
/// are refused with the region to write instead. The one home of the check and its message.
package enum TimeZoneName {
  /// The names accepted besides the region identifiers: UTC and GMT, also as the tz
  /// database's canonical `Etc/UTC` and `Etc/GMT`.
  static let universal = ["UTC", "GMT", "Etc/UTC", "Etc/GMT"]

  /// The IANA areas a region identifier begins with (the tz database's continent and ocean
  /// files).
  static let areas: Set<Substring> = [
    "Africa", "America", "Antarctica", "Arctic", "Asia", "Atlantic", "Australia", "Europe",
    "Indian", "Pacific",
  ]

  /// Whether `name` is accepted: ``universal``, or `Area/Location` of an ``areas`` area that
  /// Foundation knows.
  static func isAccepted(_ name: String) -> Bool {
    if universal.contains(name) { return true }
    let parts = name.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count >= 2, areas.contains(parts[0]) else { return false }
    return TimeZone(identifier: name) != nil
  }

  /// Legacy names of the IANA `backward` file Foundation still accepts, with the region each
  /// links to (a did-you-mean that an offset match would get wrong: `US/Eastern` shares its
  /// clock with `America/Detroit`, which sorts first).
  static let legacy: [String: String] = [
    "US/Alaska": "America/Anchorage", "US/Aleutian": "America/Adak",
    "US/Arizona": "America/Phoenix", "US/Central": "America/Chicago",
    "US/East-Indiana": "America/Indiana/Indianapolis", "US/Eastern": "America/New_York",
    "US/Hawaii": "Pacific/Honolulu", "US/Indiana-Starke": "America/Indiana/Knox",
    "US/Michigan": "America/Detroit", "US/Mountain": "America/Denver",
    "US/Pacific": "America/Los_Angeles", "US/Samoa": "Pacific/Pago_Pago",
    "Canada/Atlantic": "America/Halifax", "Canada/Central": "America/Winnipeg",
    "Canada/Eastern": "America/Toronto", "Canada/Mountain": "America/Edmonton",
    "Canada/Newfoundland": "America/St_Johns", "Canada/Pacific": "America/Vancouver",
    "Canada/Saskatchewan": "America/Regina", "Canada/Yukon": "America/Whitehorse",
    "Etc/Universal": "UTC", "Etc/Zulu": "UTC",
    "Universal": "UTC", "Zulu": "UTC", "GB": "Europe/London", "Japan": "Asia/Tokyo",
    "PRC": "Asia/Shanghai", "ROK": "Asia/Seoul", "ROC": "Asia/Taipei",
    "Hongkong": "Asia/Hong_Kong", "Singapore": "Asia/Singapore", "Israel": "Asia/Jerusalem",
    "Turkey": "Europe/Istanbul", "Egypt": "Africa/Cairo", "Iran": "Asia/Tehran",
    "NZ": "Pacific/Auckland", "Poland": "Europe/Warsaw", "Portugal": "Europe/Lisbon",
    "Eire": "Europe/Dublin", "Iceland": "Atlantic/Reykjavik", "Cuba": "America/Havana",
    "Jamaica": "America/Jamaica", "Navajo": "America/Denver",
  ]

  /// Why a scenario names a region rather than a fixed offset or an abbreviation (the
  /// parenthesis of every refusal of a name Foundation knows).
  static let rule =
    " (a scenario names an IANA region such as \"Europe/Berlin\", or \"UTC\", so that it reads the same on every machine)"

  /// A well-known region per standard UTC offset, in minutes east of UTC (a project rule, the
  /// suggestion for a fixed offset whatever the machine's tz data: the region of the largest
  /// city or country keeping that offset as its standard time; a region with daylight saving
  /// time is ahead of it in its summer). Offsets no populated region keeps have no entry.
  static let regionByOffset: [Int: [String]] = [
    -660: ["Pacific/Pago_Pago"], -600: ["Pacific/Honolulu"], -570: ["Pacific/Marquesas"],
    -540: ["America/Anchorage"], -480: ["America/Los_Angeles"], -420: ["America/Denver"],
    -360: ["America/Chicago", "America/Mexico_City"], -300: ["America/New_York"],
    -240: ["America/Caracas", "America/Halifax"], -210: ["America/St_Johns"],
    -180: ["America/Sao_Paulo"], -120: ["America/Noronha"], -60: ["Atlantic/Azores"],
    0: ["UTC", "Europe/London"], 60: ["Europe/Berlin", "Africa/Lagos"],
    120: ["Europe/Athens", "Africa/Johannesburg"], 180: ["Europe/Moscow", "Europe/Istanbul"],
    210: ["Asia/Tehran"], 240: ["Asia/Dubai"], 270: ["Asia/Kabul"], 300: ["Asia/Karachi"],
    330: ["Asia/Kolkata"], 345: ["Asia/Kathmandu"], 360: ["Asia/Dhaka"], 390: ["Asia/Yangon"],
    420: ["Asia/Bangkok", "Asia/Jakarta"], 480: ["Asia/Shanghai"], 525: ["Australia/Eucla"],
    540: ["Asia/Tokyo"], 570: ["Australia/Darwin"],
    600: ["Australia/Sydney", "Australia/Brisbane"],
    630: ["Australia/Lord_Howe"], 660: ["Pacific/Noumea"],
    720: ["Pacific/Auckland", "Pacific/Fiji"],
    765: ["Pacific/Chatham"], 780: ["Pacific/Tongatapu"], 840: ["Pacific/Kiritimati"],
  ]

  /// The offset in minutes east of UTC that `name` writes as a fixed offset, or `nil`:
  /// `UTC+9`, `GMT+9`, `UTC+09:00`, `+09:00`, `+0900`, `-3:30`, `GMT-03:30` (`−` also), or the
  /// tz database's `Etc/GMT-9`, whose sign is inverted (POSIX style: `Etc/GMT-9` is 9 hours
  /// ahead of UTC). Hours 0 to 14, minutes 0 to 59.
  static func fixedOffset(_ name: String) -> Int? {
    var text = Substring(name.replacingOccurrences(of: "\u{2212}", with: "-"))
    var inverted = false
    if text.hasPrefix("Etc/GMT") {
      text = text.dropFirst("Etc/GMT".count)
      inverted = true
    } else if text.hasPrefix("UTC") || text.hasPrefix("GMT") {
      text = text.dropFirst(3)
    }
    guard let sign = text.first, sign == "+" || sign == "-" else { return nil }
    let digits = text.dropFirst()
    let hours: Substring
    let minutes: Substring
    if let colon = digits.firstIndex(of: ":") {
      guard !inverted else { return nil }
      (hours, minutes) = (digits[..<colon], digits[digits.index(after: colon)...])
      guard minutes.count == 2 else { return nil }
    } else if digits.count == 4, !inverted {
      (hours, minutes) = (digits.prefix(2), digits.suffix(2))
    } else {
      (hours, minutes) = (digits, "0")
    }
    let isDigit = { (character: Character) in character.isASCII && character.isNumber }
    guard (1...2).contains(hours.count), hours.allSatisfy(isDigit), minutes.allSatisfy(isDigit),
      let h = Int(hours), let m = Int(minutes),
      (0...14).contains(h), (0..<60).contains(m)
    else { return nil }
    let east = (h * 60 + m) * (sign == "+" ? 1 : -1)
    return inverted ? -east : east
  }

  /// The refusal of a fixed offset `name` of `minutes` east of UTC, with the well-known
  /// regions of that offset (``regionByOffset``).
  static func offsetProblem(_ name: String, minutes: Int) -> String {
    let sign = minutes < 0 ? "-" : "+"
    let (h, m) = (abs(minutes) / 60, abs(minutes) % 60)
    let utc =
      "UTC" + (minutes == 0 ? "" : sign + "\(h)" + (m == 0 ? "" : ":\(m < 10 ? "0" : "")\(m)"))
    let what: String
    if name.hasPrefix("Etc/GMT") {
      let side = minutes < 0 ? "behind" : "ahead of"
      what =
        "is the tz database's fixed offset \(utc) (its Etc/GMT names invert the sign: "
        + "\(name) is \(h) h \(side) UTC), not an IANA region name"
    } else {
      what = "is a fixed UTC offset (\(utc)), not an IANA region name"
    }
    guard let regions = regionByOffset[minutes] else {
      return "\(what)\(rule) and no well-known region keeps \(utc): name the region the "
        + "scenario takes place in"
    }
    let listed = regions.map { "\"\($0)\"" }.joined(separator: " or ")
    return "\(what)\(rule); name the region, for example \(listed) (standard time \(utc); a "
      + "region with daylight saving time is ahead of it in summer)"
  }

  /// Why `name` is refused, as the words that follow the quoted name in an error (`is not a
  /// time zone (...); did you mean "Asia/Tokyo"?`), or `nil` when it is accepted.
  ///
  /// The suggestion, in order: for a fixed offset (`UTC+9`, `+09:00`, `Etc/GMT-9`:
  /// ``fixedOffset(_:)``), the well-known regions of that offset (``regionByOffset``);
  /// Foundation's `TimeZone.abbreviationDictionary` for an abbreviation (`JST`: `Asia/Tokyo`),
  /// ``legacy``; for any other name Foundation accepts (`EST5EDT`), the regions whose UTC
  /// offsets on 2026-01-15 and 2026-07-15 equal its own: those of ``regionByOffset`` for its
  /// January offset, else up to three in identifier order; for a name Foundation does not know,
  /// the closest region by spelling or by its city part (`closestName(to:among:)`:
  /// `Asia/Tokio`, `asia/tokyo`, `Tokyo`).
  package static func problem(_ name: String) -> String? {
    if isAccepted(name) { return nil }
    if let offset = fixedOffset(name) { return offsetProblem(name, minutes: offset) }
    let expected = "(expected an IANA name such as \"UTC\" or \"Europe/Berlin\")"
    guard let zone = TimeZone(identifier: name) else {
      let close = closestName(to: name, among: universal + TimeZone.knownTimeZoneIdentifiers)
      return "is not a time zone \(expected)" + (close.map { "; did you mean \"\($0)\"?" } ?? "")
    }
    if let region = TimeZone.abbreviationDictionary[name] ?? legacy[name] {
      let kind =
        TimeZone.abbreviationDictionary[name] != nil ? "a time zone abbreviation" : "a legacy name"
      return "is \(kind), not an IANA region name\(rule); did you mean \"\(region)\"?"
    }
    let dates = [1_768_435_200.0, 1_784_073_600.0].map(Date.init(timeIntervalSince1970:))
    let offsets = dates.map(zone.secondsFromGMT(for:))
    let sameClock = { (identifier: String) -> Bool in
      guard let region = TimeZone(identifier: identifier) else { return false }
      return dates.map(region.secondsFromGMT(for:)) == offsets
    }
    // The well-known regions of its January offset first, when their clocks agree all year.
    let known = (regionByOffset[offsets[0] / 60] ?? []).filter { $0 != "UTC" && sameClock($0) }
    let same = known.isEmpty ? TimeZone.knownTimeZoneIdentifiers.sorted().filter(sameClock) : known
    guard !same.isEmpty else { return "is not an IANA region name\(rule)" }
    let listed = same.prefix(3).map { "\"\($0)\"" }
    let choices =
      listed.count == 1
      ? listed[0] : listed.dropLast().joined(separator: ", ") + " or " + listed.last!
    return "is not an IANA region name\(rule); name the region, for example \(choices)"
  }
}
