import Foundation
import SimulationDriver
import WorkoutCore
import WorkoutScenario
import WorkoutSystem

/// What a widget shows at an instant: its entry (of the provider's `Entry` type) and where.
public struct WidgetShown<Entry: TimelineEntry> {
  /// The widget's kind.
  public let kind: String
  /// The widget's family.
  public let family: WidgetFamily
  /// The entry shown: the latest of the current timeline with a date at or before the instant
  /// (before the first entry's date, the first); the provider's placeholder before the first
  /// timeline arrived.
  public let entry: Entry
  /// Whether ``entry`` is the placeholder (no timeline yet).
  public let isPlaceholder: Bool
}

/// One call of a widget's `getTimeline(in:completion:)`.
public struct WidgetReload: Sendable, Equatable {
  /// Why the system asked.
  public enum Reason: String, Sendable, Equatable {
    /// The widget was installed (or its provider registered): the first timeline, free.
    case install
    /// The timeline's reload policy (`.atEnd`, `.after(date)`).
    case policy
    /// The app's `WidgetCenter.reloadTimelines(ofKind:)` or `reloadAllTimelines()`.
    case app
  }
  /// When (virtual time).
  public let date: Date
  /// Why.
  public let reason: Reason
  /// The reloads left of the widget's budget for the local day after this one.
  public let budgetLeft: Int
}

/// A widget's state: its reloads so far, its budget and its next reload.
public struct WidgetStatus: Sendable, Equatable {
  /// The widget's kind.
  public let kind: String
  /// The widget's family.
  public let family: WidgetFamily
  /// Every `getTimeline` call, in order (the first is the free one at install).
  public let reloads: [WidgetReload]
  /// The reloads left today (local day in the phone's time zone) of `phone.widgetBudget`, or of
  /// `watch.complicationReloadBudget` for a watch complication.
  public let budgetLeft: Int
  /// When the next reload will happen, if one is due (a policy or an app request), after the
  /// 5-minute floor and any deferral to local midnight.
  public let nextReload: Date?
  /// Whether the next reload waits for local midnight because the budget is spent.
  public let isDeferred: Bool
}

extension AppSimulation {
  /// The minimum time between two reloads of one widget: 5 minutes (a model; Apple documents
  /// no number, docs/phone.md#widgets).
  public static let widgetMinimumReloadInterval: Duration = .seconds(300)

  /// The device whose widgets the current task's code reloads and the controls act on: the
  /// watch's complications inside `on(.watch)`, else the phone's widgets (outside `on`, as
  /// before the watch had any: docs/phone.md#widgets).
  static var widgetDevice: Device { currentDevice == .watch ? .watch : .phone }

  /// The widget center of `device`'s app in this simulation (made on first use).
  func widgetCenter(for device: Device) -> WidgetCenter {
    self.mutate { state in
      state.withExtension(WidgetKitState.self, of: self) { widgets, _ in
        if let center = widgets.centers[device] { return center }
        let center = WidgetCenter(simulation: self, device: device)
        widgets.centers[device] = center
        return center
      }
    }
  }

  /// Registers the app's widget extension's provider for `kind`: what SwiftUI's
  /// `StaticConfiguration(kind:provider:content:)` does on a device (docs/swift-api.md#widgets).
  /// Widgets of `kind` already installed (the scenario's `phone.widgets`, or
  /// `installWidget(kind:family:)` before) get their first timeline now, free. Registering
  /// a kind again replaces its provider (a new extension build). Inside `on(.watch)` it is the
  /// watch app's complication provider (the scenario's `watch.complications`), whose
  /// `getTimeline` then runs as watch code, and whose `relevance()` is asked then for the watch's
  /// Smart Stack (``suggestedWidgets``).
  ///
  /// Returns when those first `getTimeline` calls have completed (or `appWorkGrace` passed).
  nonisolated(nonsending) public func registerWidget<Provider: TimelineProvider>(
    kind: String, provider: Provider
  ) async {
    let registration = WidgetKitState.Registration(provider: provider)
    let board = WidgetKitState.board(Self.widgetDevice)
    // The watch's Smart Stack reads the provider's relevance clues (docs/swift-api.md#relevance).
    if Self.widgetDevice == .watch {
      await registerTimelineRelevance(kind: kind, provider: provider)
    }
    let callbacks = mutate { state in
      state.withExtension(WidgetKitState.self, of: self) { widgets, state in
        widgets[keyPath: board].registrations[kind] = registration
        return widgets[keyPath: board].loadUnloaded(kind: kind, simulation: self, state: &state)
      }
    }
    startWidgetTimer()
    // Reported after the run once, as the async call begins (`deliver`).
    enqueue(callbacks, owedBy: nil)
    await deliver()
    // A control, not an app call: it waits for the providers' answers too.
    await waitForHolds()
  }

  /// Registers the app's widget extension's App Intents provider for `kind`: what SwiftUI's
  /// `AppIntentConfiguration(kind:intent:provider:content:)` does on a device
  /// (docs/swift-api.md#widgets). As the `TimelineProvider` form
  /// otherwise: widgets of `kind` already installed get their first timeline now, free, from
  /// `timeline(for:in:)` with their configuration (`Intent()` for one installed without);
  /// registering a kind again replaces its provider. Inside `on(.watch)` the provider's
  /// `recommendations()` is asked now (logged `recommendationsLoaded`; read them with
  /// ``configurationRecommendations(kind:as:)``) and its `relevance()` for the watch's Smart
  /// Stack.
  ///
  /// Returns when those first timelines have arrived (or `appWorkGrace` passed).
  nonisolated(nonsending) public func registerWidget<Provider: AppIntentTimelineProvider>(
    kind: String, provider: Provider
  ) async {
    let registration = WidgetKitState.Registration(intentProvider: provider)
    let device = Self.widgetDevice
    let board = WidgetKitState.board(device)
    if device == .watch {
      await registerIntentRelevance(kind: kind, provider: provider)
    }
    // The watch's list of complications reads the recommendations (Apple: inactive where
    // widgets have a configuration interface, as on the phone).
    let recommendations = device == .watch ? registration.recommend?() : nil
    let callbacks = mutate { state in
      state.withExtension(WidgetKitState.self, of: self) { widgets, state in
        widgets[keyPath: board].registrations[kind] = registration
        if let recommendations {
          widgets[keyPath: board].setRecommendations(recommendations, kind: kind, state: &state)
        }
        return widgets[keyPath: board].loadUnloaded(kind: kind, simulation: self, state: &state)
      }
    }
    startWidgetTimer()
    // Reported after the run once, as the async call begins (`deliver`).
    enqueue(callbacks, owedBy: nil)
    await deliver()
    // A control, not an app call: it waits for the providers' answers too.
    await waitForHolds()
  }

  /// The user adds a widget of `kind` in `family` configured with `intent` now: on the phone
  /// after editing the widget's parameters, on the watch (inside `on(.watch)`) by choosing
  /// one of the provider's recommendations (``configurationRecommendations(kind:as:)``). With
  /// the kind's provider registered it gets its first timeline now, free, from
  /// `timeline(for:in:)` with `intent`. Each configuration is a widget of its own, as in a
  /// Smart Stack holding one widget twice; adding one already installed (an intent that reads
  /// the same, `String(reflecting:)`) does nothing (docs/swift-api.md#widgets).
  nonisolated(nonsending) public func installWidget<Intent: WidgetConfigurationIntent>(
    kind: String, family: WidgetFamily, intent: Intent
  ) async {
    let board = WidgetKitState.board(Self.widgetDevice)
    let configuration = WidgetKitState.Configuration(intent)
    let callbacks = mutate { state in
      state.withExtension(WidgetKitState.self, of: self) { widgets, state in
        widgets[keyPath: board].install(
          kind: kind, family: family, configuration: configuration, at: state.session.now)
        return widgets[keyPath: board].loadUnloaded(kind: kind, simulation: self, state: &state)
      }
    }
    startWidgetTimer()
    // Reported after the run once, as the async call begins (`deliver`).
    enqueue(callbacks, owedBy: nil)
    await deliver()
    // A control, not an app call: it waits for the providers' answers too.
    await waitForHolds()
  }

  /// The watch's last answer of the `recommendations()` of the App Intents provider of
  /// `kind` (asked at registration inside `on(.watch)` and after the watch app's
  /// `WidgetCenter.shared.invalidateConfigurationRecommendations()`), in the provider's
  /// order; empty before it was asked, on the phone (never asked there), or when they are not
  /// of `Intent`.
  public func configurationRecommendations<Intent: WidgetConfigurationIntent>(
    kind: String, as type: Intent.Type = Intent.self
  ) -> [AppIntentRecommendation<Intent>] {
    let board = WidgetKitState.board(Self.widgetDevice)
    return state.withLock { state in
      let answer = state.extensionState(WidgetKitState.self)?[keyPath: board].recommendations[kind]
      return (answer?.value as? [Any] ?? []).compactMap { $0 as? AppIntentRecommendation<Intent> }
    }
  }

  /// The user adds a widget of `kind` in `family` to the Home Screen now (or, for accessory
  /// families, the Lock Screen; inside `on(.watch)`, a complication to the watch face). With
  /// the kind's provider registered it gets its first timeline now, free; else when
  /// `registerWidget(kind:provider:)` is called. Adding one already installed does nothing.
  nonisolated(nonsending) public func installWidget(kind: String, family: WidgetFamily) async {
    let board = WidgetKitState.board(Self.widgetDevice)
    let callbacks = mutate { state in
      state.withExtension(WidgetKitState.self, of: self) { widgets, state in
        widgets[keyPath: board].install(kind: kind, family: family, at: state.session.now)
        return widgets[keyPath: board].loadUnloaded(kind: kind, simulation: self, state: &state)
      }
    }
    startWidgetTimer()
    // Reported after the run once, as the async call begins (`deliver`).
    enqueue(callbacks, owedBy: nil)
    await deliver()
    // A control, not an app call: it waits for the providers' answers too.
    await waitForHolds()
  }

  /// `registerWidget(kind:provider:)` then `installWidget(kind:family:)`.
  public func installWidget<Provider: TimelineProvider>(
    kind: String, family: WidgetFamily, provider: Provider
  ) async {
    await registerWidget(kind: kind, provider: provider)
    await installWidget(kind: kind, family: family)
  }

  /// What the widget of `kind` in `family` shows now (virtual now), or `nil` when no such
  /// widget is installed or its entries are not of type `Entry` (inside `on(.watch)`: the
  /// watch's complication).
  public func widgetShown<Entry: TimelineEntry>(
    kind: String, family: WidgetFamily, as type: Entry.Type = Entry.self
  ) -> WidgetShown<Entry>? {
    widgetShown(kind: kind, family: family, at: now, as: type)
  }

  /// What the widget of `kind` in `family` shows at `date` with its current timeline (the
  /// entries already given; a later reload may change it), or `nil` when no such widget is
  /// installed or its entries are not of type `Entry`.
  public func widgetShown<Entry: TimelineEntry>(
    kind: String, family: WidgetFamily, at date: Date, as type: Entry.Type = Entry.self
  ) -> WidgetShown<Entry>? {
    widgetShown(kind: kind, family: family, key: nil, defaultKey: nil, at: date, as: type)
  }

  /// What the widget of `kind` in `family` configured with `intent` shows at `date` (virtual
  /// now by default) with its current timeline, or `nil` when no such widget is installed or
  /// its entries are not of type `Entry` (inside `on(.watch)`: the watch's complication). A
  /// widget installed without a configuration is the one of `Intent()`; intents are told apart
  /// by their `String(reflecting:)` (docs/swift-api.md#widgets).
  public func widgetShown<Intent: WidgetConfigurationIntent, Entry: TimelineEntry>(
    kind: String, family: WidgetFamily, intent: Intent, at date: Date? = nil,
    as type: Entry.Type = Entry.self
  ) -> WidgetShown<Entry>? {
    widgetShown(
      kind: kind, family: family, key: WidgetKitState.Configuration(intent).key,
      defaultKey: WidgetKitState.Configuration(Intent()).key, at: date ?? now, as: type)
  }

  /// What the widget matching `key` (`Widget.matches(kind:family:key:defaultKey:)`)
  /// shows at `date`.
  func widgetShown<Entry: TimelineEntry>(
    kind: String, family: WidgetFamily, key: String?, defaultKey: String?, at date: Date,
    as type: Entry.Type
  ) -> WidgetShown<Entry>? {
    let board = WidgetKitState.board(Self.widgetDevice)
    let found = state.withLock {
      state -> (WidgetKitState.Entries?, WidgetKitState.Registration?)? in
      guard let widgets = state.extensionState(WidgetKitState.self)?[keyPath: board],
        let widget = widgets.widgets.first(where: {
          $0.matches(kind: kind, family: family, key: key, defaultKey: defaultKey)
        })
      else { return nil }
      return (widget.timeline, widgets.registrations[kind])
    }
    guard let (timeline, registration) = found else { return nil }
    if let timeline {
      guard let entry = timeline.entry(at: date) as? Entry else { return nil }
      return WidgetShown(kind: kind, family: family, entry: entry, isPlaceholder: false)
    }
    guard let registration,
      let entry = registration.placeholder(TimelineProviderContext(family: family)) as? Entry
    else { return nil }
    return WidgetShown(kind: kind, family: family, entry: entry, isPlaceholder: true)
  }

  /// The reload history, budget and next reload of the widget of `kind` in `family`, or `nil`
  /// when no such widget is installed (inside `on(.watch)`: the watch's complication).
  public func widgetStatus(kind: String, family: WidgetFamily) -> WidgetStatus? {
    widgetStatus(kind: kind, family: family, key: nil, defaultKey: nil)
  }

  /// The reload history, budget and next reload of the widget of `kind` in `family`
  /// configured with `intent` (a widget installed without a configuration is the one of
  /// `Intent()`), or `nil` when no such widget is installed (inside `on(.watch)`: the watch's
  /// complication).
  public func widgetStatus<Intent: WidgetConfigurationIntent>(
    kind: String, family: WidgetFamily, intent: Intent
  ) -> WidgetStatus? {
    widgetStatus(
      kind: kind, family: family, key: WidgetKitState.Configuration(intent).key,
      defaultKey: WidgetKitState.Configuration(Intent()).key)
  }

  /// The status of the widget matching `key`.
  func widgetStatus(kind: String, family: WidgetFamily, key: String?, defaultKey: String?)
    -> WidgetStatus?
  {
    let now = state.withLock { $0.session.now }
    let day = phoneDayStart(at: now)
    let board = WidgetKitState.board(Self.widgetDevice)
    return state.withLock { state in
      guard let widgets = state.extensionState(WidgetKitState.self)?[keyPath: board],
        let widget = widgets.widgets.first(where: {
          $0.matches(kind: kind, family: family, key: key, defaultKey: defaultKey)
        })
      else { return nil }
      let used = widget.budgetDay == day ? widget.used : 0
      return WidgetStatus(
        kind: kind, family: family,
        reloads: widget.history.map {
          WidgetReload(date: date(of: $0.at), reason: $0.reason, budgetLeft: $0.budgetLeft)
        },
        budgetLeft: max(0, widgets.budget - used),
        nextReload: widget.pending.map { date(of: $0.due) },
        isDeferred: widget.pending?.deferred ?? false)
    }
  }

  // MARK: - Internals

  /// The widgets installed on `device`, in install order.
  func installedWidgets(on device: Device) -> [WidgetInfo] {
    let board = WidgetKitState.board(device)
    return mutate { state in
      state.withExtension(WidgetKitState.self, of: self) { widgets, _ in
        widgets[keyPath: board].widgets.map { WidgetInfo(kind: $0.kind, family: $0.family) }
      }
    }
  }

  /// `reloadTimelines(ofKind:)` (`kinds` one kind) or `reloadAllTimelines()` (`nil`) by
  /// `device`'s app: `call`, reported once when it is made after the run
  /// (``enqueue(_:owedBy:)``).
  func requestWidgetReload(
    kinds: Set<String>?, identifier: String, on device: Device, call: CallInFlight
  ) {
    let board = WidgetKitState.board(device)
    let callbacks = mutate { state in
      state.withExtension(WidgetKitState.self, of: self) { all, state in
        var widgets = all[keyPath: board]
        defer { all[keyPath: board] = widgets }
        state.log(
          SystemEvent(
            framework: .widgetKit, event: "reloadRequested", identifier: identifier,
            details: widgets.deviceDetails))
        let now = state.session.now
        var callbacks: [Callback] = []
        for index in widgets.widgets.indices
        where kinds.map({ $0.contains(widgets.widgets[index].kind) }) ?? true {
          widgets.request(index, reason: .app, trigger: now)
          if widgets.widgets[index].pending.map({ $0.due <= now }) ?? false {
            callbacks += widgets.fire(index, at: now, simulation: self, state: &state)
          } else if let pending = widgets.widgets[index].pending, !pending.logged {
            widgets.logDeferral(index, state: &state, simulation: self)
          }
        }
        return callbacks
      }
    }
    startWidgetTimer()
    enqueue(callbacks, owedBy: call)
  }

  /// `invalidateConfigurationRecommendations()` by `device`'s app (`call`): logs
  /// `recommendationsInvalidated`; the watch then asks every App Intents provider's
  /// `recommendations()` again in the callback lane (at the end of the current `advance`,
  /// `settle` or control call), each answer logged `recommendationsLoaded`. On the phone
  /// nothing more (Apple: inactive there).
  func invalidateConfigurationRecommendations(on device: Device, call: CallInFlight) {
    let board = WidgetKitState.board(device)
    let asks = mutate { state -> [(String, WidgetKitState.Registration)] in
      state.withExtension(WidgetKitState.self, of: self) { widgets, state in
        state.log(
          SystemEvent(
            framework: .widgetKit, event: "recommendationsInvalidated", identifier: "*",
            details: ["device": .string(device.rawValue)]))
        guard device == .watch else { return [] }
        return widgets[keyPath: board].registrations.sorted { $0.key < $1.key }.filter {
          $0.value.recommend != nil
        }
      }
    }
    let callback: Callback = { [weak self] in
      guard let self else { return }
      for (kind, registration) in asks {
        guard let ask = registration.recommend else { continue }
        let answer = AppSimulation.$currentDevice.withValue(.watch) { ask() }
        self.mutate { state in
          state.withExtension(WidgetKitState.self, of: self) { widgets, state in
            widgets.watch.setRecommendations(answer, kind: kind, state: &state)
          }
        }
      }
    }
    enqueue(asks.isEmpty ? [] : [callback], owedBy: call)
  }

  /// A provider's completion: the widget's new timeline, and its next reload from its policy.
  func widgetLoaded(
    kind: String, family: WidgetFamily, configurationKey: String?,
    entries: WidgetKitState.Entries, on device: Device
  ) {
    let board = WidgetKitState.board(device)
    mutate { state in
      state.withExtension(WidgetKitState.self, of: self) { all, state in
        var widgets = all[keyPath: board]
        defer { all[keyPath: board] = widgets }
        guard
          let index = widgets.widgets.firstIndex(where: {
            $0.kind == kind && $0.family == family && $0.configuration?.key == configurationKey
          })
        else { return }
        // The entries' dates and an `.after` date on virtual time (the wall-clock rule: an
        // entry at `Date()` shows from virtual now); a completion has no error to report, so
        // with strict dates the run's errors get the refusal and the dates are read all the
        // same.
        let entries = entries.onVirtualTime(simulation: self, state: &state)
        widgets.widgets[index].timeline = entries
        widgets.widgets[index].loading = false
        switch entries.policy.kind {
        case .never: break
        case .atEnd:
          if let last = entries.dates.max() {
            widgets.request(index, reason: .policy, trigger: instant(of: last))
          }
        case .after(let date):
          widgets.request(index, reason: .policy, trigger: instant(of: date))
        }
        if widgets.widgets[index].appAskedWhileLoading {
          widgets.widgets[index].appAskedWhileLoading = false
          widgets.request(index, reason: .app, trigger: state.session.now)
        }
      }
    }
  }

  /// The start of the phone's local day containing `instant`, as a scenario instant.
  func phoneDayStart(at instant: SimulationInstant) -> SimulationInstant {
    let calendar = phoneCalendar(at: instant)
    return self.instant(of: calendar.startOfDay(for: date(of: instant)))
  }

  /// The next local midnight after `instant`.
  func phoneNextMidnight(after instant: SimulationInstant) -> SimulationInstant {
    let calendar = phoneCalendar(at: instant)
    let start = calendar.startOfDay(for: date(of: instant))
    let next =
      calendar.date(byAdding: .day, value: 1, to: start) ?? start.addingTimeInterval(86_400)
    return self.instant(of: calendar.startOfDay(for: next))
  }

  /// Adds the framework's system timer (once).
  func startWidgetTimer() {
    addSystemTimer(key: ObjectIdentifier(WidgetKitState.self), WidgetTimer(simulation: self))
  }
}

/// The reload timer: stops `advance` at each widget's next reload instant.
struct WidgetTimer: SystemTimer {
  weak let simulation: AppSimulation?

  func nextDue(after now: SimulationInstant, state: AppSimulation.State)
    -> SimulationInstant?
  {
    guard let all = state.extensionState(WidgetKitState.self) else { return nil }
    var next: SimulationInstant?
    for widgets in [all.phone.widgets, all.watch.widgets] {
      for widget in widgets where !widget.loading {
        guard let due = widget.pending?.due, due > now else { continue }
        if next.map({ due < $0 }) ?? true { next = due }
      }
    }
    return next
  }

  func fire(at now: SimulationInstant, state: inout AppSimulation.State)
    -> [AppSimulation.Callback]
  {
    guard let simulation else { return [] }
    return state.withExtension(WidgetKitState.self, of: simulation) { all, state in
      var callbacks: [AppSimulation.Callback] = []
      // The phone's widgets first, then the watch's complications (at one instant).
      for board in [WidgetKitState.board(.phone), WidgetKitState.board(.watch)] {
        var widgets = all[keyPath: board]
        for index in widgets.widgets.indices where !widgets.widgets[index].loading {
          guard let due = widgets.widgets[index].pending?.due, due <= now else { continue }
          callbacks += widgets.fire(index, at: now, simulation: simulation, state: &state)
        }
        all[keyPath: board] = widgets
      }
      return callbacks
    }
  }
}

/// WidgetKit's state in one simulation (behind the simulation's lock): the phone's widgets and
/// the watch's complications, each a ``Board`` with its own providers, widgets and budget (one
/// reload model for both, docs/phone.md#widgets).
struct WidgetKitState: SimulationExtension {
  /// The phone's widgets (`phone.widgets`, `phone.widgetBudget`).
  var phone: Board
  /// The watch's complications (`watch.complications`, `watch.complicationReloadBudget`).
  var watch: Board
  /// The widget center of each device's app.
  var centers: [AppSimulation.Device: WidgetCenter] = [:]

  init(simulation: AppSimulation) {
    let scenario = simulation.scenario
    phone = Board(
      device: .phone, budget: scenario.phone.widgetBudget, widgets: scenario.phone.widgets)
    watch = Board(
      device: .watch, budget: scenario.complications.reloadBudget,
      widgets: scenario.complications.widgets)
  }

  /// The board of `device`.
  static func board(_ device: AppSimulation.Device) -> WritableKeyPath<Self, Board> {
    device == .watch ? \.watch : \.phone
  }

  /// A kind's provider, type-erased.
  struct Registration: @unchecked Sendable {
    /// Calls the provider for a widget's timeline with its context and configuration (`nil`:
    /// installed without one); the completion gets the entries.
    let load:
      (TimelineProviderContext, Any?, AppSimulation, @escaping @Sendable (Entries) -> Void) ->
        Void
    /// The provider's placeholder entry.
    let placeholder: (TimelineProviderContext) -> Any
    /// An App Intents provider's `recommendations()`, type-erased (`nil` for a
    /// `TimelineProvider`, which has none).
    let recommend: (() -> [Any])?
    /// What the call is named in a hold.
    let call: String

    init<Provider: TimelineProvider>(provider: Provider) {
      load = { context, _, _, completion in
        let completer = Completer<Provider.Entry>(completion: completion)
        provider.getTimeline(in: context, completion: completer.complete)
      }
      placeholder = { context in provider.placeholder(in: context) }
      recommend = nil
      call = "getTimeline(in:completion:)"
    }

    /// An App Intents provider: `timeline(for:in:)` in a task on the simulation's lane, with
    /// the widget's configuration, or `Intent()` for a widget installed without one.
    init<Provider: AppIntentTimelineProvider>(intentProvider provider: Provider) {
      let timeline: @Sendable (UncheckedValue, TimelineProviderContext) async -> Entries =
        IntentTimelineCaller(provider).timeline(for:in:)
      load = { context, configuration, simulation, completion in
        let intent = UncheckedValue(value: configuration)
        Task(executorPreference: simulation.taskExecutor) {
          completion(await timeline(intent, context))
        }
      }
      placeholder = { context in provider.placeholder(in: context) }
      recommend = { provider.recommendations().map { $0 as Any } }
      call = "timeline(for:in:)"
    }
  }

  /// Calls an App Intents provider's `timeline(for:in:)` from the simulation's tasks (an
  /// object, so the `@Sendable` task need not capture the provider's metatype).
  final class IntentTimelineCaller<Provider: AppIntentTimelineProvider>: @unchecked Sendable {
    let provider: Provider
    init(_ provider: Provider) { self.provider = provider }

    /// The timeline for `configuration` (an `Intent`, or `nil` for `Intent()`), type-erased.
    func timeline(for configuration: UncheckedValue, in context: TimelineProviderContext) async
      -> Entries
    {
      let intent = configuration.value as? Provider.Intent ?? Provider.Intent()
      return Entries(await provider.timeline(for: intent, in: context))
    }
  }

  /// A widget's configuration intent and the text that tells two apart.
  struct Configuration: @unchecked Sendable {
    /// The intent (of the provider's `Intent` type).
    let value: Any
    /// `String(reflecting:)` of the intent: two widgets of one kind and family are one when
    /// their intents read the same (project rule: App Intents' values need not be `Equatable`).
    let key: String

    init(_ value: Any) {
      self.value = value
      key = String(reflecting: value)
    }
  }

  /// Erases a timeline's entry type (an object, so a `@Sendable` completion need not capture
  /// the entry's metatype).
  final class Completer<Entry: TimelineEntry>: Sendable {
    let completion: @Sendable (Entries) -> Void
    init(completion: @escaping @Sendable (Entries) -> Void) { self.completion = completion }
    func complete(_ timeline: Timeline<Entry>) { completion(Entries(timeline)) }
  }

  /// A timeline, type-erased (the entries are the app's values, read on the caller's side).
  struct Entries: @unchecked Sendable {
    let dates: [Date]
    let entries: [Any]
    let policy: TimelineReloadPolicy

    init<Entry: TimelineEntry>(_ timeline: Timeline<Entry>) {
      dates = timeline.entries.map(\.date)
      entries = timeline.entries
      policy = timeline.policy
    }

    private init(dates: [Date], entries: [Any], policy: TimelineReloadPolicy) {
      self.dates = dates
      self.entries = entries
      self.policy = policy
    }

    /// The call the wall-clock rule names for a timeline's dates (its `wallClockDate` log
    /// entry, its strict-dates error).
    static let timelineCall = "Timeline(entries:policy:)"

    /// The timeline with its entries' dates and its `.after` date read by the wall-clock rule
    /// (docs/swift-api.md#the-wall-clock-rule), one `wallClockDate` entry for all.
    func onVirtualTime(simulation: AppSimulation, state: inout AppSimulation.State) -> Entries {
      var given = dates
      if case .after(let date) = policy.kind { given.append(date) }
      let read = simulation.readAppDatesOnVirtualTimeCannotFail(
        given, call: Self.timelineCall, framework: .widgetKit, in: &state)
      guard read != given else { return self }
      var policy = self.policy
      if case .after = policy.kind, let last = read.last { policy = .after(last) }
      return Entries(dates: Array(read.prefix(dates.count)), entries: entries, policy: policy)
    }

    /// The latest entry with a date at or before `date` (the later of equal dates); before
    /// the first entry's date, the earliest; `nil` for an empty timeline.
    func entry(at date: Date) -> Any? {
      guard !entries.isEmpty else { return nil }
      var best: Int?
      for index in dates.indices where dates[index] <= date {
        if best.map({ dates[index] >= dates[$0] }) ?? true { best = index }
      }
      if let best { return entries[best] }
      let first = dates.indices.min { dates[$0] < dates[$1] } ?? 0
      return entries[first]
    }
  }

  /// The next reload of a widget.
  struct Pending: Sendable {
    /// When it happens (after the 5-minute floor, or local midnight when deferred).
    var due: SimulationInstant
    /// What asked first.
    var reason: WidgetReload.Reason
    /// Whether it waits for local midnight (budget spent).
    var deferred: Bool
    /// Whether its deferral was logged.
    var logged: Bool
  }

  /// One reload, as recorded.
  struct Reload: Sendable {
    var at: SimulationInstant
    var reason: WidgetReload.Reason
    var budgetLeft: Int
  }

  /// One installed widget.
  struct Widget: Sendable {
    var kind: String
    var family: WidgetFamily
    /// The configuration it was installed with (`nil`: none, `Intent()` for an App Intents
    /// provider).
    var configuration: Configuration?
    var timeline: Entries?
    var lastReload: SimulationInstant?
    /// The local day (its start) ``used`` counts for.
    var budgetDay: SimulationInstant?
    var used = 0
    var pending: Pending?
    var loading = false
    var appAskedWhileLoading = false
    var loadedOnce = false
    var history: [Reload] = []

    /// Whether it is the widget of `kind` in `family` with the configuration `key` (`nil`: any
    /// configuration); `defaultKey` is the key of `Intent()`, which a widget installed without
    /// a configuration has.
    func matches(
      kind: String, family: WidgetFamily, key: String? = nil, defaultKey: String? = nil
    ) -> Bool {
      guard self.kind == kind, self.family == family else { return false }
      guard let key else { return true }
      return (configuration?.key ?? defaultKey) == key
    }
  }

}

extension WidgetKitState {
  /// One device's widgets: its extension's providers, the installed widgets, the budget.
  struct Board: Sendable {
    /// The device.
    let device: AppSimulation.Device
    /// Providers by kind.
    var registrations: [String: Registration] = [:]
    /// The installed widgets, in install order.
    var widgets: [Widget] = []
    /// `phone.widgetBudget` or `watch.complicationReloadBudget`.
    let budget: Int
    /// The last answer of each App Intents provider's `recommendations()`, by kind (the
    /// watch's only: the phone never asks).
    var recommendations: [String: UncheckedValue] = [:]

    init(device: AppSimulation.Device, budget: Int, widgets: [Scenario.Phone.Widget]) {
      self.device = device
      self.budget = budget
      for widget in widgets {
        guard let family = WidgetFamily(name: widget.family) else { continue }
        install(kind: widget.kind, family: family, at: .zero)
      }
    }

    /// The details every log entry of the board carries: none for the phone (its entries are
    /// as before the watch had complications), `device: "watch"` for the watch.
    var deviceDetails: [String: SystemEvent.Value] {
      device == .watch ? ["device": .string("watch")] : [:]
    }

    /// Keeps `kind`'s answer to `recommendations()` and logs `recommendationsLoaded` (details
    /// `count`, `device`).
    mutating func setRecommendations(
      _ answer: [Any], kind: String, state: inout AppSimulation.State
    ) {
      recommendations[kind] = UncheckedValue(value: answer)
      state.log(
        SystemEvent(
          framework: .widgetKit, event: "recommendationsLoaded", identifier: kind,
          details: ["count": .integer(answer.count), "device": .string(device.rawValue)]))
    }

    /// Adds a widget (once per kind, family and configuration; without a configuration, once
    /// per kind and family).
    mutating func install(
      kind: String, family: WidgetFamily, configuration: Configuration? = nil,
      at instant: SimulationInstant
    ) {
      guard
        !widgets.contains(where: {
          $0.kind == kind && $0.family == family && $0.configuration?.key == configuration?.key
        })
      else { return }
      widgets.append(Widget(kind: kind, family: family, configuration: configuration))
    }

    /// The first, free `getTimeline` of each widget of `kind` not loaded yet (with a provider).
    mutating func loadUnloaded(
      kind: String, simulation: AppSimulation, state: inout AppSimulation.State
    ) -> [AppSimulation.Callback] {
      guard registrations[kind] != nil else { return [] }
      var callbacks: [AppSimulation.Callback] = []
      for index in widgets.indices where widgets[index].kind == kind && !widgets[index].loadedOnce {
        widgets[index].loadedOnce = true
        callbacks += load(index, reason: .install, simulation: simulation, state: &state)
      }
      return callbacks
    }

    /// Records a reload request from `trigger` on: the earlier of it and one already pending,
    /// never sooner than 5 minutes after the previous reload.
    mutating func request(_ index: Int, reason: WidgetReload.Reason, trigger: SimulationInstant) {
      if widgets[index].loading {
        if reason == .app { widgets[index].appAskedWhileLoading = true }
        return
      }
      var due = trigger
      if let last = widgets[index].lastReload {
        due = max(due, last.advanced(by: AppSimulation.widgetMinimumReloadInterval))
      }
      if let pending = widgets[index].pending, pending.due <= due { return }
      widgets[index].pending = Pending(
        due: due, reason: reason, deferred: false, logged: due == trigger)
    }

    /// Logs the deferral of widget `index`'s pending reload.
    mutating func logDeferral(
      _ index: Int, state: inout AppSimulation.State, simulation: AppSimulation
    ) {
      guard let pending = widgets[index].pending else { return }
      widgets[index].pending?.logged = true
      state.log(
        SystemEvent(
          framework: .widgetKit, event: "reloadDeferred", identifier: widgets[index].kind,
          details: [
            "family": .string(widgets[index].family.description),
            "reason": .string(pending.deferred ? "budget" : "minimumInterval"),
            "until": .instant(pending.due),
          ].merging(deviceDetails) { first, _ in first }))
    }

    /// The pending reload of widget `index` is due at `now`: reloads within the budget of the
    /// local day, else defers to the next local midnight.
    mutating func fire(
      _ index: Int, at now: SimulationInstant, simulation: AppSimulation,
      state: inout AppSimulation.State
    ) -> [AppSimulation.Callback] {
      guard let pending = widgets[index].pending else { return [] }
      let day = simulation.phoneDayStart(at: now)
      if widgets[index].budgetDay != day {
        widgets[index].budgetDay = day
        widgets[index].used = 0
      }
      guard widgets[index].used < budget else {
        var due = simulation.phoneNextMidnight(after: now)
        if let last = widgets[index].lastReload {
          due = max(due, last.advanced(by: AppSimulation.widgetMinimumReloadInterval))
        }
        widgets[index].pending = Pending(
          due: due, reason: pending.reason, deferred: true, logged: false)
        logDeferral(index, state: &state, simulation: simulation)
        return []
      }
      widgets[index].used += 1
      widgets[index].pending = nil
      return load(index, reason: pending.reason, simulation: simulation, state: &state)
    }

    /// Calls the provider of widget `index` now: logs `reloaded`, holds time until the
    /// completion.
    mutating func load(
      _ index: Int, reason: WidgetReload.Reason, simulation: AppSimulation,
      state: inout AppSimulation.State
    ) -> [AppSimulation.Callback] {
      guard let registration = registrations[widgets[index].kind] else { return [] }
      let now = state.session.now
      let day = simulation.phoneDayStart(at: now)
      if widgets[index].budgetDay != day {
        widgets[index].budgetDay = day
        widgets[index].used = 0
      }
      let left = max(0, budget - widgets[index].used)
      widgets[index].lastReload = now
      widgets[index].loading = true
      widgets[index].history.append(Reload(at: now, reason: reason, budgetLeft: left))
      let kind = widgets[index].kind
      let family = widgets[index].family
      let configuration = widgets[index].configuration
      var details: [String: SystemEvent.Value] = [
        "family": .string(family.description), "reason": .string(reason.rawValue),
        "budgetLeft": .integer(left),
      ]
      if let configuration { details["configuration"] = .string(configuration.key) }
      state.log(
        SystemEvent(
          framework: .widgetKit, event: "reloaded", identifier: kind,
          details: details.merging(deviceDetails) { first, _ in first }))
      let context = TimelineProviderContext(family: family)
      let device = self.device
      let intent = UncheckedValue(value: configuration?.value)
      return [
        { [weak simulation] in
          guard let simulation else { return }
          let hold = simulation.beginHold(
            framework: "WidgetKit", call: "\(registration.call) of \(kind) \(family)",
            device: nil)
          let load = {
            registration.load(context, intent.value, simulation) { [weak simulation] entries in
              simulation?.widgetLoaded(
                kind: kind, family: family, configurationKey: configuration?.key,
                entries: entries, on: device)
              simulation?.endHold(hold)
            }
          }
          // A complication's provider is watch code (the phone's runs as before).
          if device == .watch {
            AppSimulation.$currentDevice.withValue(.watch) { load() }
          } else {
            load()
          }
        }
      ]
    }
  }
}
