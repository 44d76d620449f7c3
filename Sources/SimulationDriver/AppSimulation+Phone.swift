import Foundation
import Synchronization
import WorkoutCore
import WorkoutHealth
import WorkoutScenario

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The paired iPhone's conditions the phone-side frameworks read (docs/phone.md): its network
/// (`phone.offline`, `phone.offlineDaily`), its charger
/// (`phone.charging`), its local days, and the App Group its app and extensions share.
extension AppSimulation {
  /// The calendar of the phone's local days at `instant`: Gregorian, in the phone's time zone
  /// of that moment (``deviceTimeZone(at:)``: the scenario's `timeZone`, `health.trip`'s zone
  /// during a trip) — local midnights, quarter hours, the times of day of `offlineDaily` and
  /// `charging` (counted from the local day's start).
  package func phoneCalendar(at instant: SimulationInstant) -> Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = deviceTimeZone(at: instant)
    return calendar
  }

  /// The local time of day at `instant` on the phone: the time since the local day's start.
  package func phoneTimeOfDay(at instant: SimulationInstant) -> Duration {
    let date = date(of: instant)
    let start = phoneCalendar(at: instant).startOfDay(for: date)
    return .milliseconds(Int64((date.timeIntervalSince(start) * 1000).rounded()))
  }

  /// Whether the phone has a network at `instant`: outside every `phone.offline` span
  /// (half-open, `from` included) and every `phone.offlineDaily` span of local time.
  package func phoneIsOnline(at instant: SimulationInstant) -> Bool {
    let phone = scenario.phone
    if phone.offline.contains(where: { $0.contains(instant) }) { return false }
    guard !phone.offlineDaily.isEmpty else { return true }
    let time = phoneTimeOfDay(at: instant)
    return !phone.offlineDaily.contains { Self.span($0, contains: time) }
  }

  /// The first instant after `instant` at which ``phoneIsOnline(at:)`` may change: the start or
  /// end of a `phone.offline` span, or a `phone.offlineDaily` span's `from` or `to` on a local
  /// day (from the day's start, as ``phoneTimeOfDay(at:)`` counts); `nil` when none comes later.
  /// `NWPathMonitor` stops `advance` there.
  package func phoneNetworkEdge(after instant: SimulationInstant) -> SimulationInstant? {
    let phone = scenario.phone
    var edges = phone.offline.flatMap { [$0.lowerBound, $0.upperBound] }.filter { $0 > instant }
    if !phone.offlineDaily.isEmpty {
      let calendar = phoneCalendar(at: instant)
      let today = calendar.startOfDay(for: date(of: instant))
      // A daily span's edges lie within a day of each other: the day before through the day
      // after tomorrow hold the next one.
      for offset in -1...2 {
        guard let start = calendar.date(byAdding: .day, value: offset, to: today),
          let end = calendar.date(byAdding: .day, value: 1, to: start)
        else { continue }
        let dayStart = self.instant(of: start)
        let dayEnd = self.instant(of: end)
        for span in phone.offlineDaily {
          for time in [span.from, span.to] {
            let edge = dayStart.advanced(by: time)
            if edge > instant, edge < dayEnd { edges.append(edge) }
          }
        }
      }
    }
    return edges.min()
  }

  /// Whether the phone is on its charger at `instant` (a `phone.charging` span of local time).
  package func phoneIsCharging(at instant: SimulationInstant) -> Bool {
    let charging = scenario.phone.charging
    guard !charging.isEmpty else { return false }
    let time = phoneTimeOfDay(at: instant)
    return charging.contains { Self.span($0, contains: time) }
  }

  /// Whether the daily `span` contains the local time of day `time` (`from` included, `to`
  /// excluded; a span with `to` at or before `from` runs past midnight).
  package static func span(_ span: HealthPlan.TimeOfDaySpan, contains time: Duration) -> Bool {
    if span.to > span.from { return time >= span.from && time < span.to }
    return time >= span.from || time < span.to
  }

  /// The App Group's shared defaults for `groupIdentifier` in this simulation: what the app and
  /// its extensions get from `UserDefaults(suiteName: groupIdentifier)` on a device (Apple doc:
  /// https://developer.apple.com/documentation/foundation/userdefaults/init(suitename:)).
  ///
  /// The same object for every call with the same identifier in one simulation (the app, its
  /// widget and its watch stand-in share it); a suite of its own, empty at first, per
  /// simulation, so tests running in parallel never share values. Pass it to the app's code
  /// where it would call `UserDefaults(suiteName:)`.
  ///
  /// The suite's values are removed, and its file goes from disk, when the simulation is
  /// released (project rule, docs/phone.md#widgets: a test leaves nothing behind); read
  /// them during or after the run while the simulation is alive. A file left by a process that
  /// ended without releasing its simulation (an interrupted test run) is removed the first time
  /// a later process makes a suite (`AppGroups.removeStaleFiles(in:now:)`).
  public func appGroupDefaults(_ groupIdentifier: String) -> UserDefaults {
    AppGroups.sweepOnce()
    return state.withLock { state in
      state.withExtension(AppGroups.self, of: self) { groups, _ in
        if let defaults = groups.suites[groupIdentifier]?.defaults { return defaults }
        let name = AppGroups.suiteName(groupIdentifier)
        let defaults = UserDefaults(suiteName: name) ?? UserDefaults.standard
        defaults.removePersistentDomain(forName: name)
        groups.suites[groupIdentifier] = AppGroups.Suite(name: name, defaults: defaults)
        return defaults
      }
    }
  }
}

/// The App Group suites of one simulation.
package struct AppGroups: SimulationExtension {
  /// One suite (`UserDefaults` is thread-safe; Foundation marks it `@unchecked Sendable`).
  package struct Suite: @unchecked Sendable {
    /// The suite's name on disk (`<group>.simulation-<UUID>`).
    package let name: String
    package let defaults: UserDefaults
  }
  /// By group identifier.
  package var suites: [String: Suite] = [:]

  package init(simulation: AppSimulation) {}

  /// Removes every suite's values and its file (`removePersistentDomain(forName:)`, then
  /// `synchronize()`, which deletes the file Foundation keeps for the suite on Linux).
  package func release() {
    for suite in suites.values {
      suite.defaults.removePersistentDomain(forName: suite.name)
      suite.defaults.synchronize()
    }
  }

  /// A suite's name: `<group>.simulation-w<world>-p<pid>-s<start>-<UUID>`, this process's
  /// ``ProcessOwnedFiles/Mark``, so a later process of the same world can tell a dead one's
  /// file from a live one's.
  package static func suiteName(_ groupIdentifier: String) -> String {
    "\(groupIdentifier).simulation-\(ProcessOwnedFiles.Mark.current.text)-\(UUID().uuidString)"
  }

  /// The folder Foundation keeps suite files in on Linux: `$XDG_CONFIG_HOME` when it is an
  /// absolute path, else `$HOME/.config` (swift-corelibs-foundation's preferences location,
  /// the XDG base directory specification's config home); `nil` on Darwin, where `cfprefsd`
  /// owns `~/Library/Preferences` and this package removes nothing behind it.
  package static var suiteFolder: URL? {
    #if canImport(Darwin)
      return nil
    #else
      let environment = ProcessInfo.processInfo.environment
      if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
        return URL(fileURLWithPath: xdg, isDirectory: true)
      }
      return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".config")
    #endif
  }

  /// ``removeStaleFiles(in:now:)`` in ``suiteFolder``, once per process (the first suite made).
  package static func sweepOnce() { _ = sweep }
  private static let sweep: Void = {
    if let folder = suiteFolder { removeStaleFiles(in: folder) }
  }()

  /// Removes from `folder` the App Group suite files whose process is gone (a project rule,
  /// docs/phone.md#widgets; ``ProcessOwnedFiles/removeStale(in:now:world:owner:)``):
  /// `<group>.simulation-w<world>-p<pid>-s<start>-<UUID>.plist` of this process's world whose
  /// process is gone, and the earlier namings (`<group>.simulation-<UUID>.plist`,
  /// `<group>.simulation-p<pid>-s<start>-<UUID>.plist`, no world) last written more than 24 h
  /// before `now`. Never a live process's file, a file of another world (another container or
  /// host sharing the home folder), nor any other file.
  ///
  /// - Returns: the names removed, sorted.
  @discardableResult
  package static func removeStaleFiles(in folder: URL, now: Date = Date()) -> [String] {
    ProcessOwnedFiles.removeStale(in: folder, now: now, owner: owner(ofFile:))
  }

  /// The owner of a file named `name`, or `nil` when it is not an App Group suite of this
  /// package: `….simulation-<mark>-<UUID>.plist`, or an earlier naming
  /// (``ProcessOwnedFiles/owner(ofMarkedUUID:)``).
  package static func owner(ofFile name: String) -> ProcessOwnedFiles.Owner? {
    guard name.hasSuffix(".plist") else { return nil }
    let stem = name.dropLast(".plist".count)
    guard let marker = stem.range(of: ".simulation-", options: .backwards) else { return nil }
    return ProcessOwnedFiles.owner(ofMarkedUUID: stem[marker.upperBound...])
  }
}
