import Foundation
import SimulationDriver
import WorkoutCore

/// The widgets the user configured, and the way to ask for their timelines to be reloaded
/// (Apple doc: https://developer.apple.com/documentation/widgetkit/widgetcenter).
///
/// One per app in a simulation: ``shared`` inside `simulation.run { }` is the phone app's,
/// whose reloads are of the phone's widgets (`phone.widgets`); inside `simulation.on(.watch)`
/// it is the watch app's, whose reloads are of the watch face's complications
/// (`watch.complications`), with their own budget (`watch.complicationReloadBudget`). A reload
/// the app asks for happens now (in the callback lane: at the end of the current `advance`,
/// `settle` or control call), no sooner than 5 minutes after the widget's previous reload,
/// and only within the widget's daily budget; otherwise it is deferred
/// (docs/phone.md#widgets).
public final class WidgetCenter: Sendable {
  /// The simulation this center belongs to.
  unowned let simulation: AppSimulation
  /// The device whose app this center serves.
  let device: AppSimulation.Device

  init(simulation: AppSimulation, device: AppSimulation.Device) {
    self.simulation = simulation
    self.device = device
  }

  /// The current simulation's widget center of the current device's app (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/widgetcenter/shared): the watch app's
  /// inside `simulation.on(.watch)`, else the phone app's; traps outside a simulation's `run`.
  public static var shared: WidgetCenter {
    AppSimulation.requireCurrent("WidgetCenter.shared").widgetCenter(
      for: AppSimulation.widgetDevice)
  }

  /// Asks for the timelines of every widget of `kind` to be reloaded (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/widgetcenter/reloadtimelines(ofkind:)).
  /// Logs `reloadRequested`; each widget then reloads or defers (docs/phone.md#widgets).
  public func reloadTimelines(ofKind kind: String) {
    simulation.requestWidgetReload(
      kinds: [kind], identifier: kind, on: device,
      call: CallInFlight(function: #function, fileID: #fileID, owner: "WidgetCenter"))
  }

  /// Marks the relevance of the widgets of `kind` as invalid (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/widgetcenter/invalidaterelevance(ofkind:)):
  /// Apple's system calls the provider's `relevance()` again at a later time; the simulation's
  /// watch asks it now, in a task on the simulation's lane, and updates the Smart Stack with
  /// the answer (docs/swift-api.md#relevance). Logs `relevanceInvalidated`; the phone app's
  /// call does nothing more (RelevanceKit acts on watchOS only).
  public func invalidateRelevance(ofKind kind: String) {
    simulation.invalidateRelevance(
      kind: kind, on: device,
      call: CallInFlight(function: #function, fileID: #fileID, owner: "WidgetCenter"))
  }

  /// Marks the recommended configurations of the app's user-configurable widgets as invalid
  /// (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/widgetcenter/invalidateconfigurationrecommendations()):
  /// the watch asks each `AppIntentTimelineProvider`'s `recommendations()` again in the
  /// callback lane (at the end of the current `advance`, `settle` or control call) and keeps
  /// the answer (`configurationRecommendations(kind:as:)`). Logs `recommendationsInvalidated`,
  /// then `recommendationsLoaded` per kind; the phone app's call does nothing more (Apple:
  /// inactive where widgets have a configuration interface; docs/swift-api.md#widgets).
  public func invalidateConfigurationRecommendations() {
    simulation.invalidateConfigurationRecommendations(
      on: device,
      call: CallInFlight(function: #function, fileID: #fileID, owner: "WidgetCenter"))
  }

  /// Asks for the timelines of all the app's widgets to be reloaded (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/widgetcenter/reloadalltimelines()).
  /// Logs `reloadRequested` with the identifier `*`.
  public func reloadAllTimelines() {
    simulation.requestWidgetReload(
      kinds: nil, identifier: "*", on: device,
      call: CallInFlight(function: #function, fileID: #fileID, owner: "WidgetCenter"))
  }

  /// The installed widgets, in the order they were installed, through `completion` in the
  /// simulation's callback lane (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/widgetcenter/getcurrentconfigurations(_:)).
  /// Never fails in the simulation.
  @preconcurrency public func getCurrentConfigurations(
    _ completion: @escaping @Sendable (Result<[WidgetInfo], any Error>) -> Void
  ) {
    let infos = simulation.installedWidgets(on: device)
    simulation.enqueue(of: "WidgetCenter") { completion(.success(infos)) }
  }

  /// The installed widgets, in the order they were installed (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/widgetcenter/currentconfigurations()).
  ///
  /// - Throws: nothing in the simulation (Apple's may fail).
  nonisolated(nonsending) public func currentConfigurations() async throws -> [WidgetInfo] {
    let infos = simulation.installedWidgets(on: device)
    await simulation.deliver(of: "WidgetCenter")
    return infos
  }
}

/// One configured widget: its kind and family (Apple doc:
/// https://developer.apple.com/documentation/widgetkit/widgetinfo). Apple's `configuration`
/// (a SiriKit `INIntent?`) is absent: the simulation has no intents (docs/swift-api.md#widgets).
public struct WidgetInfo: Sendable, Hashable, Identifiable, CustomDebugStringConvertible {
  /// The `kind` of the widget's configuration (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/widgetinfo/kind).
  public let kind: String
  /// The widget's family (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/widgetinfo/family).
  public let family: WidgetFamily

  /// The stable identity of the widget: itself (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/widgetinfo/id).
  public var id: WidgetInfo { self }

  /// `WidgetInfo(kind: ..., family: ...)`.
  public var debugDescription: String { "WidgetInfo(kind: \(kind), family: \(family))" }

  init(kind: String, family: WidgetFamily) {
    self.kind = kind
    self.family = family
  }
}
