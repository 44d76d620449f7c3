import Foundation
import SimulationDriver
import WorkoutCore
import WorkoutScenario
import WorkoutSystem

/// UserNotifications' state in one simulation, behind its lock (docs/phone.md#notifications).
struct NotificationState: SimulationExtension {
  /// One pending request: what the app added and its next fire instant (`nil`: never).
  struct Pending {
    var request: UNNotificationRequest
    /// The request's trigger as the simulation read it at `add`: the app's, or a calendar
    /// trigger whose real-clock day the wall-clock rule moved to virtual time
    /// (``UNCalendarNotificationTrigger/read(in:simulation:state:)``).
    var trigger: UNNotificationTrigger?
    var scheduled: SimulationInstant
    var fire: SimulationInstant?
  }

  /// The scenario's answer to the prompt (`authorization.notifications`, granted without it).
  let answer: Scenario.Authorization.Answer
  /// The device's zones over the run.
  let zones: DeviceTimeZones
  /// Scenario time `t = 0`.
  let startDate: Date
  /// The authorization status and the options granted.
  var status: UNAuthorizationStatus = .notDetermined
  var granted: UNAuthorizationOptions = []
  /// Pending requests, in the order they were added.
  var pending: [Pending] = []
  /// Notification Center: delivered notifications, oldest first, one per identifier.
  var delivered: [UNNotification] = []
  /// The app's categories (`setNotificationCategories`), by identifier.
  var categories: [String: UNNotificationCategory] = [:]
  /// The app icon's badge (`setBadgeCount`).
  var badgeCount = 0
  /// The app's delegate and the process that set it.
  var delegate: WeakDelegate?
  /// The simulation's center while the app holds it.
  var center = WeakCenter()
  /// The simulation, for the timer (weak: the simulation holds this state).
  let simulation: WeakSimulation

  init(simulation: AppSimulation) {
    answer = simulation.scenario.authorization?.notifications ?? .granted
    zones = DeviceTimeZones(scenario: simulation.scenario, startDate: simulation.startDate)
    startDate = simulation.startDate
    self.simulation = WeakSimulation(simulation)
  }

  /// The delegate, if the current app process set one.
  mutating func liveDelegate(in state: inout AppSimulation.State)
    -> (any UNUserNotificationCenterDelegate)?
  {
    guard let delegate, state.isAlive(AppProcess(device: .phone, generation: delegate.generation))
    else { return nil }
    return delegate.object
  }

  /// Whether notifications are shown.
  var isAllowed: Bool { status == .authorized || status == .provisional || status == .ephemeral }

  /// The date of `instant`.
  func date(_ instant: SimulationInstant) -> Date { startDate.addingTimeInterval(instant.seconds) }

  /// The next fire instant of `trigger` (a request's, as read at `add`) after `instant`.
  func nextFire(
    of trigger: UNNotificationTrigger?, after instant: SimulationInstant,
    scheduled: SimulationInstant
  ) -> SimulationInstant? {
    trigger?.nextFire(
      after: instant, scheduled: scheduled, zones: zones, startDate: startDate)
  }

  /// Puts `notification` in Notification Center (replacing one with the same identifier).
  mutating func keep(_ notification: UNNotification) {
    delivered.removeAll { $0.request.identifier == notification.request.identifier }
    delivered.append(notification)
  }

  /// Delivers `request` at `now`: Notification Center when the app is in the background, the
  /// delegate's `willPresent` when it is in the foreground, nothing when not allowed. Logs
  /// `delivered` (and `presented` when the foreground app has no delegate); returns the
  /// callbacks.
  mutating func deliver(
    _ request: UNNotificationRequest, at now: SimulationInstant,
    state: inout AppSimulation.State
  ) -> [AppSimulation.Callback] {
    let notification = UNNotification(date: date(now), request: request)
    let identifier = request.identifier
    let level = request.content.interruptionLevel
    func log(_ event: DeliveryEvent, _ details: [String: SystemEvent.Value]) {
      var details = details
      // The level only when the app chose one (entries of the default level stay as they were).
      if event == .delivered, level != .active {
        details["interruptionLevel"] = .integer(Int(level.rawValue))
      }
      state.log(
        SystemEvent(
          framework: .userNotifications, event: event.rawValue, identifier: identifier,
          details: details))
    }
    guard isAllowed else {
      log(.delivered, ["to": .string("nowhere"), "reason": .string("notAuthorized")])
      return []
    }
    guard state.phoneAppState() == .foreground else {
      log(.delivered, ["to": .string("notificationCenter")])
      keep(notification)
      return []
    }
    log(.delivered, ["to": .string("app")])
    guard let delegate = liveDelegate(in: &state), let simulation = simulation.object else {
      log(.presented, ["options": .string(""), "delegate": .bool(false)])
      return []
    }
    let reference = DelegateReference(delegate)
    return [
      {
        let center = UNUserNotificationCenter.current()
        let hold = simulation.beginHold(
          framework: "UserNotifications", call: "willPresent of \(identifier)", device: .phone)
        // The phone app's code (docs/swift-api.md#whose-code-a-callback-runs-as).
        AppSimulation.$currentDevice.withValue(.phone) {
          reference.object.userNotificationCenter(center, willPresent: notification) { options in
            center.present(notification, options: options)
            simulation.endHold(hold)
          }
        }
      }
    ]
  }
}

/// The log's words for a delivery (docs/run-result.md#log): typed until the entry is written.
enum DeliveryEvent: String {
  /// The request was delivered (to the app, Notification Center or nowhere).
  case delivered
  /// The foreground app had no delegate: shown as the system presents it.
  case presented
}

/// The center, held weakly by the state (the center holds the simulation).
struct WeakCenter: @unchecked Sendable {
  weak var object: UNUserNotificationCenter?
}

/// The simulation, held weakly by its own state.
struct WeakSimulation: @unchecked Sendable {
  weak var object: AppSimulation?

  init(_ object: AppSimulation) { self.object = object }
}

/// The system timer that delivers pending requests at their fire instants.
struct NotificationTimer: SystemTimer {
  func nextDue(after now: SimulationInstant, state: AppSimulation.State)
    -> SimulationInstant?
  {
    guard let notifications = state.extensionState(NotificationState.self) else { return nil }
    var due: SimulationInstant?
    for pending in notifications.pending {
      guard let fire = pending.fire, fire > now else { continue }
      if due.map({ fire < $0 }) ?? true { due = fire }
    }
    return due
  }

  func fire(at now: SimulationInstant, state: inout AppSimulation.State)
    -> [AppSimulation.Callback]
  {
    guard let simulation = state.extensionState(NotificationState.self)?.simulation.object else {
      return []
    }
    return state.withExtension(NotificationState.self, of: simulation) { notifications, state in
      // Due requests by fire instant, then the order they were added.
      let due = notifications.pending.indices.filter { index in
        notifications.pending[index].fire.map { $0 <= now } ?? false
      }.sorted { left, right in
        let a = notifications.pending[left].fire!
        let b = notifications.pending[right].fire!
        return a != b ? a < b : left < right
      }
      var callbacks: [AppSimulation.Callback] = []
      var finished: Set<String> = []
      for index in due {
        let pending = notifications.pending[index]
        callbacks += notifications.deliver(pending.request, at: now, state: &state)
        if pending.request.trigger?.repeats == true {
          notifications.pending[index].fire = notifications.nextFire(
            of: pending.trigger, after: now, scheduled: pending.scheduled)
        } else {
          finished.insert(pending.request.identifier)
        }
      }
      notifications.pending.removeAll { finished.contains($0.request.identifier) }
      return callbacks
    }
  }
}
