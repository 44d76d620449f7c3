import Foundation
import SimulationDriver
import WorkoutCore
import WorkoutSystem

/// The app's notification center: permission, scheduling, pending and delivered
/// notifications, on the simulation's virtual time (Apple doc:
/// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter).
///
/// One per simulation: ``current()`` inside `simulation.run { }` returns it. Requests fire at
/// their triggers' instants as `advance` passes them (docs/phone.md#notifications): with the
/// app in the background (the default) a notification goes to Notification Center; in the
/// foreground (`simulation.phoneAppState = .foreground`) the ``delegate``'s `willPresent`
/// decides; without permission nothing is shown. `simulation.openNotification(identifier:)`
/// is the user tapping a delivered notification (``UNUserNotificationCenterDelegate``'s
/// `didReceive`). Each step is a `system` entry in the run's log (docs/run-result.md#log).
public final class UNUserNotificationCenter: NSObject, Sendable {
  /// The simulation this center belongs to.
  let simulation: AppSimulation

  init(simulation: AppSimulation) {
    self.simulation = simulation
    super.init()
  }

  /// The notification center of the current simulation (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/current()).
  /// Outside a simulation's `run` it traps with how to start one.
  public static func current() -> UNUserNotificationCenter {
    let simulation = AppSimulation.requireCurrent("UNUserNotificationCenter.current()")
    let center = simulation.mutate { state in
      state.withExtension(NotificationState.self, of: simulation) { notifications, _ in
        if let center = notifications.center.object { return center }
        let center = UNUserNotificationCenter(simulation: simulation)
        notifications.center.object = center
        return center
      }
    }
    simulation.addSystemTimer(key: ObjectIdentifier(NotificationState.self), NotificationTimer())
    return center
  }

  /// Runs `body` on the notification state under the simulation's lock.
  func withState<R: Sendable>(
    _ body: (inout NotificationState, inout AppSimulation.State) -> R
  ) -> R {
    simulation.mutate { state in
      state.withExtension(NotificationState.self, of: simulation, body)
    }
  }

  /// Logs a `system` entry of UserNotifications at virtual now.
  static func log(
    _ event: String, _ identifier: String, _ details: [String: SystemEvent.Value] = [:],
    in state: inout AppSimulation.State
  ) {
    state.log(
      SystemEvent(
        framework: .userNotifications, event: event, identifier: identifier, details: details))
  }

  // MARK: - Delegate

  /// The object that handles foreground notifications and the user's responses, held weakly
  /// (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/delegate).
  /// A crash of the app process drops it: the relaunched app sets it again.
  public weak var delegate: (any UNUserNotificationCenterDelegate)? {
    get {
      withState { notifications, state in
        DelegateReferenceResult(notifications.liveDelegate(in: &state))
      }.object
    }
    set {
      let box = DelegateReferenceResult(newValue)
      withState { notifications, state in
        notifications.delegate = WeakDelegate(
          object: box.object, generation: state.processGeneration(of: .phone))
      }
    }
  }

  // MARK: - Authorization

  /// Asks for permission (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/requestauthorization(options:completionhandler:)).
  /// The first request shows the prompt (log `authorizationPrompt`), which the scenario's
  /// `authorization.notifications` answers (granted without it); later requests return the
  /// answer without a prompt. With `.provisional` and no answer yet, no prompt: the status
  /// becomes `.provisional` and the answer is `true`. The completion gets `(granted, nil)` in
  /// the callback lane.
  public func requestAuthorization(
    options: UNAuthorizationOptions = [],
    completionHandler: @escaping @Sendable (Bool, (any Error)?) -> Void
  ) {
    let granted = authorize(options)
    simulation.enqueue(of: "UNUserNotificationCenter") { completionHandler(granted, nil) }
  }

  /// Asks for permission, as the completion form (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/requestauthorization(options:)).
  ///
  /// - Returns: whether notifications are allowed (`.authorized` or `.provisional`).
  /// - Throws: never in the simulation (Apple's declaration throws).
  @discardableResult
  nonisolated(nonsending) public func requestAuthorization(options: UNAuthorizationOptions = [])
    async throws -> Bool
  {
    let granted = authorize(options)
    await simulation.deliver(of: "UNUserNotificationCenter")
    return granted
  }

  /// The prompt and its answer.
  private func authorize(_ options: UNAuthorizationOptions) -> Bool {
    withState { notifications, state in
      let asks =
        notifications.status == .notDetermined
        || (notifications.status == .provisional && !options.contains(.provisional))
      if asks {
        if notifications.status == .notDetermined && options.contains(.provisional) {
          notifications.status = .provisional
          notifications.granted = options
        } else {
          let answer = notifications.answer
          Self.log(
            "authorizationPrompt", "authorization",
            ["options": .string(options.names), "answer": .string(answer.rawValue)],
            in: &state)
          notifications.status = answer == .granted ? .authorized : .denied
          notifications.granted = answer == .granted ? options : []
        }
      }
      return notifications.status == .authorized || notifications.status == .provisional
    }
  }

  /// The app's settings now (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/getnotificationsettings(completionhandler:)),
  /// in the callback lane.
  public func getNotificationSettings(
    completionHandler: @escaping @Sendable (UNNotificationSettings) -> Void
  ) {
    let settings = currentSettings()
    simulation.enqueue(of: "UNUserNotificationCenter") { completionHandler(settings) }
  }

  /// The app's settings now (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/notificationsettings()).
  @discardableResult
  nonisolated(nonsending) public func notificationSettings() async -> UNNotificationSettings {
    let settings = currentSettings()
    await simulation.deliver(of: "UNUserNotificationCenter")
    return settings
  }

  private func currentSettings() -> UNNotificationSettings {
    withState { notifications, _ in
      UNNotificationSettings(status: notifications.status, options: notifications.granted)
    }
  }

  // MARK: - Scheduling

  /// Schedules `request` (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/add(_:withcompletionhandler:)):
  /// a pending request with the same identifier is replaced; a `nil` trigger delivers now.
  /// Logs `scheduled` with `fireDate` (the first fire instant; absent when the trigger never
  /// fires), `repeats` and `replaced`. Not an error without permission: the request waits and
  /// is not shown when it fires (iOS's behaviour). The completion gets `nil` in the lane.
  public func add(
    _ request: UNNotificationRequest,
    withCompletionHandler completionHandler: (@Sendable ((any Error)?) -> Void)? = nil
  ) {
    // One report after the run, under this call's name: the delivery at once and the
    // completion are queued together.
    var callbacks = schedule(request)
    if let completionHandler { callbacks.append { completionHandler(nil) } }
    simulation.enqueue(
      callbacks,
      owedBy: CallInFlight(function: #function, fileID: #fileID, owner: "UNUserNotificationCenter"))
  }

  /// Schedules `request`, as the completion form (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/add(_:withcompletionhandler:)).
  ///
  /// - Throws: never in the simulation (Apple's declaration throws `UNError`).
  nonisolated(nonsending) public func add(_ request: UNNotificationRequest) async throws {
    // Reported after the run as the async call begins (`deliver`), not again here.
    simulation.enqueue(schedule(request), owedBy: nil)
    await simulation.deliver(of: "UNUserNotificationCenter")
  }

  /// Schedules `request` and returns the delegate's calls of a delivery at once (a `nil`
  /// trigger), for the public call to queue.
  private func schedule(_ request: UNNotificationRequest) -> [AppSimulation.Callback] {
    withState { notifications, state -> [AppSimulation.Callback] in
      let now = state.session.now
      let identifier = request.identifier
      let replaced = notifications.pending.contains { $0.request.identifier == identifier }
      notifications.pending.removeAll { $0.request.identifier == identifier }
      var details: [String: SystemEvent.Value] = [
        "repeats": .bool(request.trigger?.repeats ?? false), "replaced": .bool(replaced),
      ]
      guard request.trigger != nil else {
        details["fireDate"] = .instant(now)
        Self.log("scheduled", identifier, details, in: &state)
        return notifications.deliver(request, at: now, state: &state)
      }
      let trigger =
        (request.trigger as? UNCalendarNotificationTrigger).map {
          $0.read(in: notifications.zones, simulation: simulation, state: &state)
        } ?? request.trigger
      let fire = notifications.nextFire(of: trigger, after: now, scheduled: now)
      if let fire { details["fireDate"] = .instant(fire) }
      Self.log("scheduled", identifier, details, in: &state)
      notifications.pending.append(
        NotificationState.Pending(request: request, trigger: trigger, scheduled: now, fire: fire))
      return []
    }
  }

  /// The requests waiting to fire, in the order they were added (repeating ones stay)
  /// (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/getpendingnotificationrequests(completionhandler:)),
  /// in the callback lane.
  public func getPendingNotificationRequests(
    completionHandler: @escaping @Sendable ([UNNotificationRequest]) -> Void
  ) {
    let requests = pendingRequests()
    simulation.enqueue(of: "UNUserNotificationCenter") { completionHandler(requests) }
  }

  /// The requests waiting to fire (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/pendingnotificationrequests()).
  @discardableResult
  nonisolated(nonsending) public func pendingNotificationRequests() async -> [UNNotificationRequest]
  {
    let requests = pendingRequests()
    await simulation.deliver(of: "UNUserNotificationCenter")
    return requests
  }

  private func pendingRequests() -> [UNNotificationRequest] {
    withState { notifications, _ in notifications.pending.map(\.request) }
  }

  /// Removes pending requests by identifier (log `removed`, `from: "pending"`, for each that
  /// was pending) (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/removependingnotificationrequests(withidentifiers:)).
  public func removePendingNotificationRequests(withIdentifiers identifiers: [String]) {
    removePending { identifiers.contains($0) }
  }

  /// Removes every pending request (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/removeallpendingnotificationrequests()).
  public func removeAllPendingNotificationRequests() {
    removePending { _ in true }
  }

  private func removePending(where matches: @escaping (String) -> Bool) {
    withState { notifications, state in
      for pending in notifications.pending where matches(pending.request.identifier) {
        Self.log(
          "removed", pending.request.identifier, ["from": .string("pending")], in: &state)
      }
      notifications.pending.removeAll { matches($0.request.identifier) }
    }
  }

  // MARK: - Categories and badge

  /// Declares the app's notification categories, replacing those declared before (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/setnotificationcategories(_:)).
  /// A delivered notification whose content names one offers its actions
  /// (`AppSimulation.chooseNotificationAction(_:notification:text:)`).
  public func setNotificationCategories(_ categories: Set<UNNotificationCategory>) {
    withState { notifications, _ in
      notifications.categories = Dictionary(
        categories.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
    }
  }

  /// The app's categories, in the callback lane (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/getnotificationcategories(completionhandler:)).
  public func getNotificationCategories(
    completionHandler: @escaping @Sendable (Set<UNNotificationCategory>) -> Void
  ) {
    let categories = categoryList()
    simulation.enqueue(of: "UNUserNotificationCenter") { completionHandler(categories) }
  }

  /// The app's categories (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/notificationcategories()).
  @discardableResult
  nonisolated(nonsending) public func notificationCategories() async -> Set<UNNotificationCategory>
  {
    let categories = categoryList()
    await simulation.deliver(of: "UNUserNotificationCenter")
    return categories
  }

  private func categoryList() -> Set<UNNotificationCategory> {
    withState { notifications, _ in Set(notifications.categories.values) }
  }

  /// Sets the app icon's badge (0 clears it); the completion gets `nil` (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/setbadgecount(_:withcompletionhandler:)).
  /// Apple documents no failure; the simulation keeps the count (`AppSimulation.badgeCount`)
  /// and logs `badge` with `count` and `shown`, whether the user allowed badges (a project
  /// rule: a badge the user did not allow is kept but not shown).
  public func setBadgeCount(
    _ newBadgeCount: Int,
    withCompletionHandler completionHandler: (@Sendable ((any Error)?) -> Void)? = nil
  ) {
    updateBadge(newBadgeCount)
    if let completionHandler {
      simulation.enqueue(of: "UNUserNotificationCenter") { completionHandler(nil) }
    }
  }

  /// Sets the app icon's badge (the async form; it does not fail).
  nonisolated(nonsending) public func setBadgeCount(_ newBadgeCount: Int) async throws {
    updateBadge(newBadgeCount)
    await simulation.deliver(of: "UNUserNotificationCenter")
  }

  private func updateBadge(_ count: Int) {
    withState { notifications, state in
      notifications.badgeCount = max(count, 0)
      let shown = notifications.isAllowed && notifications.granted.contains(.badge)
      Self.log(
        "badge", "app", ["count": .integer(max(count, 0)), "shown": .bool(shown)], in: &state)
    }
  }

  // MARK: - Delivered

  /// The app's notifications in Notification Center, oldest first (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/getdeliverednotifications(completionhandler:)),
  /// in the callback lane.
  public func getDeliveredNotifications(
    completionHandler: @escaping @Sendable ([UNNotification]) -> Void
  ) {
    let notifications = deliveredList()
    simulation.enqueue(of: "UNUserNotificationCenter") { completionHandler(notifications) }
  }

  /// The app's notifications in Notification Center (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/deliverednotifications()).
  @discardableResult
  nonisolated(nonsending) public func deliveredNotifications() async -> [UNNotification] {
    let notifications = deliveredList()
    await simulation.deliver(of: "UNUserNotificationCenter")
    return notifications
  }

  private func deliveredList() -> [UNNotification] {
    withState { notifications, _ in notifications.delivered }
  }

  /// Removes delivered notifications by identifier from Notification Center (log `removed`,
  /// `from: "notificationCenter"`) (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/removedeliverednotifications(withidentifiers:)).
  public func removeDeliveredNotifications(withIdentifiers identifiers: [String]) {
    removeDelivered { identifiers.contains($0) }
  }

  /// Removes every delivered notification from Notification Center (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/removealldeliverednotifications()).
  public func removeAllDeliveredNotifications() {
    removeDelivered { _ in true }
  }

  private func removeDelivered(where matches: @escaping (String) -> Bool) {
    withState { notifications, state in
      for notification in notifications.delivered where matches(notification.request.identifier) {
        Self.log(
          "removed", notification.request.identifier, ["from": .string("notificationCenter")],
          in: &state)
      }
      notifications.delivered.removeAll { matches($0.request.identifier) }
    }
  }

  // MARK: - Presentation

  /// The foreground app's delegate answered `willPresent` with `options` (log `presented`).
  func present(_ notification: UNNotification, options: UNNotificationPresentationOptions) {
    withState { notifications, state in
      Self.log(
        "presented", notification.request.identifier,
        ["options": .string(options.names), "delegate": .bool(true)], in: &state)
      if options.keepsInNotificationCenter { notifications.keep(notification) }
    }
  }
}

/// A delegate passed across the lock (the delegate is the app's object).
struct DelegateReferenceResult: @unchecked Sendable {
  let object: (any UNUserNotificationCenterDelegate)?

  init(_ object: (any UNUserNotificationCenterDelegate)?) { self.object = object }
}
