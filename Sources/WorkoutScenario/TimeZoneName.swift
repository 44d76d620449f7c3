import Foundation

/// The project rule for the time zone names a scenario may write (`timeZone`, a timeline
/// `timeZone` action, `health.trip.timeZone`; docs/scenario-format.md#time-zone-names): an IANA
/// region identifier, `Area/Location` with one of the IANA areas (``areas``: `Europe/Berlin`,
/// `Asia/Kolkata`, `America/Argentina/Buenos_Aires`) that Foundation's `TimeZone(identifier:)`
/// knows, or `UTC` or `GMT` (also `Etc/UTC`, `Etc/GMT`). Foundation also accepts abbreviations
/// (`JST`), fixed offsets (`GMT+9`) and legacy names (`US/Pacific`), whose meaning depends on the
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

  /// Why `name` is refused, as the words that follow the quoted name in an error (`is not a
  /// time zone (...); did you mean "Asia/Tokyo"?`), or `nil` when it is accepted.
  ///
  /// The suggestion, in order: Foundation's `TimeZone.abbreviationDictionary` for an
  /// abbreviation (`JST`: `Asia/Tokyo`), ``legacy``; for any other name Foundation accepts
  /// (`GMT+9`), the regions whose UTC offsets on 2026-01-15 and 2026-07-15 equal its own (up to
  /// three, in identifier order); for a name Foundation does not know, the closest region by
  /// spelling or by its city part (`closestName(to:among:)`: `Asia/Tokio`, `asia/tokyo`,
  /// `Tokyo`).
  package static func problem(_ name: String) -> String? {
    if isAccepted(name) { return nil }
    let expected = "(expected an IANA name such as \"UTC\" or \"Europe/Berlin\")"
    guard let zone = TimeZone(identifier: name) else {
      let close = closestName(to: name, among: universal + TimeZone.knownTimeZoneIdentifiers)
      return "is not a time zone \(expected)" + (close.map { "; did you mean \"\($0)\"?" } ?? "")
    }
    let rule =
      " (a scenario names an IANA region such as \"Europe/Berlin\", or \"UTC\", so that it reads the same on every machine)"
    if let region = TimeZone.abbreviationDictionary[name] ?? legacy[name] {
      let kind =
        TimeZone.abbreviationDictionary[name] != nil ? "a time zone abbreviation" : "a legacy name"
      return "is \(kind), not an IANA region name\(rule); did you mean \"\(region)\"?"
    }
    let dates = [1_768_435_200.0, 1_784_073_600.0].map(Date.init(timeIntervalSince1970:))
    let offsets = dates.map(zone.secondsFromGMT(for:))
    let same = TimeZone.knownTimeZoneIdentifiers.sorted().filter { identifier in
      guard let region = TimeZone(identifier: identifier) else { return false }
      return dates.map(region.secondsFromGMT(for:)) == offsets
    }
    guard !same.isEmpty else { return "is not an IANA region name\(rule)" }
    let listed = same.prefix(3).map { "\"\($0)\"" }
    let choices =
      listed.count == 1
      ? listed[0] : listed.dropLast().joined(separator: ", ") + " or " + listed.last!
    return "is not an IANA region name\(rule); name the region, for example \(choices)"
  }
}
