import SimulatedCoreLocation

/// Builds only while SimulatedCoreLocation re-exports Foundation, as CoreLocation does: `DateComponents`,
/// `Calendar`, `Date` and `URL` with this one import (the file imports nothing else).
func coreLocationFoundationUse() -> (DateComponents, Date?, URL?) {
  var components = DateComponents()
  components.hour = 7
  components.minute = 30
  var calendar = Calendar(identifier: .gregorian)
  calendar.timeZone = TimeZone(identifier: "UTC")!
  let date = calendar.date(from: DateComponents(year: 2026, month: 3, day: 30, hour: 7))
  return (components, date, URL(string: "https://example.com/coreLocation"))
}
