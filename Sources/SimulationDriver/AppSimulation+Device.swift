import Foundation
import WorkoutCore
import WorkoutHealth
import WorkoutScenario
import WorkoutSimulation
import WorkoutSystem

/// The phone around the app's iOS code (docs/phone.md): its time zone of the moment and
/// whether the app is in the foreground.
extension AppSimulation {
  /// The phone app's state as the system sees it (docs/phone.md#notifications).
  public enum PhoneAppState: String, Sendable, Hashable, CaseIterable {
    /// The app is on screen: a notification due now goes to the notification center
    /// delegate's `userNotificationCenter(_:willPresent:withCompletionHandler:)`.
    case foreground
    /// The app is in the background, suspended or not running (the default): a notification
    /// due now goes to Notification Center.
    case background
  }

  /// Whether the phone app is in the foreground (default ``PhoneAppState/background``). A test
  /// sets it where the user would open or leave the app; the user opening a delivered
  /// notification brings the app to the foreground. The phone app's crash ends the foreground:
  /// after `crash(.phone)` (SimulatedHealthKit) the app reads ``PhoneAppState/background`` until
  /// a test sets it again (after `relaunch(.phone)`), as a dead process shows nothing; the watch
  /// app's `crash()` leaves it (one rule for both devices, docs/swift-api.md#crash-and-recovery).
  /// In the background with no phone workout open, the phone app's observer queries are not
  /// called but by background delivery (docs/swift-api.md#observer-queries-and-background-delivery).
  public var phoneAppState: PhoneAppState {
    get { mutate { state in state.phoneAppState() } }
    set { mutate { state in state.setPhoneAppState(newValue, of: self) } }
  }

  /// The device's time zone at `instant`: the scenario's `timeZone`, and `health.trip`'s zone
  /// from the trip's first local midnight (in the trip's zone) to the local midnight that ends
  /// its last day (in the scenario's zone) (iOS sets the zone automatically; docs/phone.md),
  /// and a timeline `timeZone` action's zone from its instant on (the latest change wins).
  package func deviceTimeZone(at instant: SimulationInstant) -> TimeZone {
    DeviceTimeZones(scenario: scenario, startDate: startDate).zone(at: instant)
  }

  /// The instants after `instant` at which the device's time zone changes, in order.
  package func deviceTimeZoneChanges(after instant: SimulationInstant) -> [SimulationInstant] {
    DeviceTimeZones(scenario: scenario, startDate: startDate).changes(after: instant)
  }

  /// The device's time zone now (virtual now): the scenario's `timeZone`, a `health.trip`'s
  /// during the trip, a timeline `timeZone` action's after it
  /// (docs/scenario-format.md#time-zone-changes). What app code on the device reads as
  /// `TimeZone.current`; the process's own `TimeZone.current` is not changed (tests run in
  /// parallel in one process), so code that should follow the device reads this, or
  /// recomputes on `NSSystemTimeZoneDidChange`, which the simulation posts at each timeline
  /// change (docs/swift-api.md#time-zone-changes).
  public var timeZone: TimeZone { deviceTimeZone(at: state.withLock { $0.session.now }) }
}

/// The two devices of a simulation: the watch and its paired iPhone (docs/phone-link.md).
extension AppSimulation {
  /// A device whose app code runs in the simulation.
  public enum Device: String, Sendable, Hashable, CaseIterable {
    /// The Apple Watch: the watch app's code (its workout session, its `WCSession.default`).
    case watch
    /// The paired iPhone: the iOS app's code (its `WCSession.default`, its mirrored session,
    /// its own workout sessions: docs/phone.md#the-iphones-own-workouts).
    case phone
  }

  /// The device whose code the current task runs, or `nil` outside ``on(_:isolation:_:)``.
  @TaskLocal package static var currentDevice: Device?

  /// The device the current task's code belongs to: the one ``on(_:isolation:_:)`` gives, else
  /// the watch (`WCSession.default` outside `on` is the watch app's).
  package static var device: Device { currentDevice ?? .watch }

  /// Runs `body` as code of `device`'s app: the framework objects made inside
  /// (`WCSession.default`, `CMMotionActivityManager()`, a `HKHealthStore()` whose view is that
  /// device's) belong to that device, and their delegate calls and handlers run as that
  /// device's code too. Call it inside ``run(isolation:_:)``; nest it to switch devices. Once
  /// given ``Device/phone``, the simulation no longer attributes a device-dependent entry
  /// point called outside its task tree to the watch (docs/swift-api.md#traps).
  ///
  /// ```swift
  /// try await simulation.run {
  ///   let watch = await simulation.on(.watch) { WatchSessionModel() }
  ///   let phone = await simulation.on(.phone) { PhoneSessionModel() }
  ///   ...
  /// }
  /// ```
  public func on<R>(
    _ device: Device, isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> R
  ) async rethrows -> R {
    if device == .phone { state.withLock { $0.phoneCodeRan = true } }
    return try await Self.$currentDevice.withValue(device) {
      try await body()
    }
  }
}

/// The phone's state behind the simulation's lock.
package struct PhoneDevice: SimulationExtension {
  /// The app process in which a test made the app foreground, or `nil` (background).
  package var foregroundGeneration: Int?

  package init(simulation: AppSimulation) {}
}

/// The device's time zone over a run: the scenario's zone, a trip's zone for its days, and the
/// timeline's `timeZone` actions (``AppSimulation/deviceTimeZone(at:)``). A value, so a
/// framework's state can keep one and read it under the lock.
package struct DeviceTimeZones: Sendable {
  /// The scenario's zone.
  package let home: TimeZone
  /// The trip: its zone and the span it covers (start included, end excluded).
  package let trip: (zone: TimeZone, start: SimulationInstant, end: SimulationInstant?)?
  /// The timeline's `timeZone` actions (``WorkoutSimulation/TimeZoneSchedule``'s changes).
  package let changes: [TimeZoneSchedule.Change]

  /// The zones of `scenario`, whose `t = 0` is `startDate`.
  package init(scenario: Scenario, startDate: Date) {
    let home = TimeZone(identifier: scenario.timeZone) ?? TimeZone(secondsFromGMT: 0)!
    self.home = home
    changes =
      TimeZoneSchedule(scenario: scenario, home: home, startDate: startDate).changes
    guard let plan = scenario.health?.trip, let zone = TimeZone(identifier: plan.timeZone),
      let parts = HealthPlan.dateComponents(plan.date)
    else {
      trip = nil
      return
    }
    func instant(_ date: Date) -> SimulationInstant {
      .rounding(seconds: date.timeIntervalSince(startDate))
    }
    let civil = DateComponents(year: parts.year, month: parts.month, day: parts.day)
    var away = Calendar(identifier: .gregorian)
    away.timeZone = zone
    var local = Calendar(identifier: .gregorian)
    local.timeZone = home
    guard let first = away.date(from: civil) else {
      trip = nil
      return
    }
    var end: SimulationInstant?
    if let days = plan.days, let homeFirst = local.date(from: civil),
      let last = local.date(byAdding: .day, value: days, to: homeFirst)
    {
      end = instant(last)
    }
    trip = (zone, instant(first), end)
  }

  /// The zone at `instant`: the latest of the trip's start and end and the timeline's changes
  /// at or before it (at one instant, the timeline's after the trip's), else ``home``.
  package func zone(at instant: SimulationInstant) -> TimeZone {
    var latest: (at: SimulationInstant, zone: TimeZone)?
    if let trip, instant >= trip.start {
      latest = (trip.start, trip.zone)
      if let end = trip.end, instant >= end { latest = (end, home) }
    }
    if let change = changes.last(where: { $0.at <= instant }),
      latest.map({ change.at >= $0.at }) ?? true
    {
      latest = (change.at, change.zone)
    }
    return latest?.zone ?? home
  }

  /// The instants after `instant` at which the zone changes, in order.
  package func changes(after instant: SimulationInstant) -> [SimulationInstant] {
    let tripEdges = trip.map { [$0.start, $0.end].compactMap { $0 } } ?? []
    return Array(Set(tripEdges + changes.map(\.at)).filter { $0 > instant }).sorted()
  }
}

extension AppSimulation.State {
  /// ``AppSimulation/phoneAppState`` read under the lock (for a framework's timer).
  package mutating func phoneAppState() -> AppSimulation.PhoneAppState {
    guard let generation = extensionState(PhoneDevice.self)?.foregroundGeneration,
      generation == processGeneration(of: .phone)
    else { return .background }
    return .foreground
  }

  /// Sets ``AppSimulation/phoneAppState`` under the lock.
  package mutating func setPhoneAppState(
    _ value: AppSimulation.PhoneAppState, of simulation: AppSimulation
  ) {
    withExtension(PhoneDevice.self, of: simulation) { phone, state in
      phone.foregroundGeneration =
        value == .foreground ? state.processGeneration(of: .phone) : nil
    }
    // The app comes to the foreground: its observer queries get what waited while it was
    // suspended (docs/swift-api.md#observer-queries-and-background-delivery).
    if value == .foreground { wakeHealthListeners(at: session.now) }
  }
}

/// Posts `NSSystemTimeZoneDidChange` (Apple doc: "A notification posted when the time zone
/// changes",
/// https://developer.apple.com/documentation/foundation/nsnotification/name-swift.struct/nssystemtimezonedidchange)
/// on the simulation's lane at each timeline `timeZone` action after `t = 0` that changes the
/// device's zone (not one to the zone in force, the scenario's, a change's or a trip's), on
/// `NotificationCenter.default`, with the zone before the change as its object (as Core
/// Foundation's `cfTimeZoneSystemTimeZoneDidChange` carries "the previous system time zone",
/// https://developer.apple.com/documentation/corefoundation/cfnotificationname/cftimezonesystemtimezonedidchange).
/// Registered only for a scenario with such actions.
struct TimeZoneChangeTimer: SystemTimer {
  /// The device's zones (the zone before each change).
  let zones: DeviceTimeZones

  func nextDue(after now: SimulationInstant, state: AppSimulation.State) -> SimulationInstant? {
    zones.changes.first { $0.at > now }?.at
  }

  func fire(at now: SimulationInstant, state: inout AppSimulation.State)
    -> [AppSimulation.Callback]
  {
    guard zones.changes.contains(where: { $0.at == now }) else { return [] }
    let previous = zones.zone(at: now.advanced(by: .nanoseconds(-1)))
    // An action to the zone a `health.trip` already put the device in changes nothing either.
    guard previous.identifier != zones.zone(at: now).identifier else { return [] }
    return [
      {
        NotificationCenter.default.post(
          name: .NSSystemTimeZoneDidChange, object: NSTimeZone(name: previous.identifier))
      }
    ]
  }
}
