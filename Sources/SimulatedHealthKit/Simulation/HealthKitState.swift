import WorkoutCore
import WorkoutHealth
import WorkoutScenario
import WorkoutSimulation

/// The name the simulation had before the driver left SimulatedHealthKit: `HealthKitSimulation`
/// is the simulation driver's `AppSimulation` (SimulationDriver), so code written as
/// `try HealthKitSimulation(scenario:)` compiles unchanged (docs/swift-api.md#the-control).
public typealias HealthKitSimulation = AppSimulation

/// HealthKit's own state in one simulation, registered in the driver's registry like every
/// other framework's (`AppSimulation.State.extensions`): the objects the app saved and the
/// authorization answers. The health store's samples (`State.health`), its listeners and the
/// workout sessions' endpoints are the world's and live in the driver.
///
/// A class, so that HealthKit's many reads and appends change it in place through
/// `AppSimulation.State.healthKit`; it is only touched under the simulation's lock
/// (`@unchecked Sendable`).
final class HealthKitState: @unchecked Sendable {
  /// Objects saved to the store, in save order.
  var saved: [HKObject] = []
  /// The app's own saved objects by store id, as the app made them (UUID, metadata, device).
  /// Changed only by ``keepAppObject(_:id:)`` and ``removeAppObject(_:)``, which keep
  /// ``syncIndex`` with it.
  private(set) var appObjects: [HealthSampleID: HKSample] = [:]
  /// The sync identities of ``appObjects`` (Store/SyncIdentity.swift).
  private(set) var syncIndex = SyncIndex()
  /// The sync identity of each of the app's deleted objects that had one, by store id: an
  /// anchored query's `HKDeletedObject` carries it as metadata (Store/SyncIdentity.swift).
  var deletedSyncIdentities: [HealthSampleID: SyncIdentity] = [:]
  /// Authorization answers and what was asked.
  var authorization: AuthorizationState
  /// The one-time prompt for health data while the phone is locked during the app's workouts:
  /// when it was shown (the app's first phone workout's start) and the scenario's answer
  /// (`phone.lockedWorkoutAccess`), or `nil` before (docs/phone.md#the-iphones-own-workouts).
  var lockedWorkoutPrompt: (at: SimulationInstant, allowed: Bool)?

  init(authorization: AuthorizationState) {
    self.authorization = authorization
  }

  /// Keeps `object`, stored under `id`, as the app's own, and indexes its sync identity when it
  /// has a valid one: every path that stores the app's objects comes here (`save`, the series
  /// builders' finishing calls, correlations' objects, workouts saved or finished by a builder).
  func keepAppObject(_ object: HKSample, id: HealthSampleID) {
    syncIndex.remove(id)
    appObjects[id] = object
    if case .success(let identity?) = SyncIdentity.read(object.metadata) {
      syncIndex.insert(identity, type: object.sampleType.identifier, id: id)
    }
  }

  /// Forgets the app's object `id` (deleted from the store) and its sync identity.
  func removeAppObject(_ id: HealthSampleID) {
    appObjects[id] = nil
    syncIndex.remove(id)
  }
}

extension AppSimulation.State {
  /// HealthKit's state (``HealthKitState``), made on first use from the scenario's answers and
  /// the app's Info.plist keys.
  var healthKit: HealthKitState {
    mutating get {
      let key = ObjectIdentifier(HealthKitState.self)
      if let state = extensions[key] as? HealthKitState { return state }
      let state = HealthKitState(
        authorization: AuthorizationState(
          answers: authorizationAnswers, infoPlistKeys: infoPlistKeys))
      extensions[key] = state
      return state
    }
  }

  /// HealthKit's state if it was made (reads need not make it: its values at first use are
  /// the defaults the readers below return).
  private var existingHealthKit: HealthKitState? {
    extensions[ObjectIdentifier(HealthKitState.self)] as? HealthKitState
  }

  /// Objects saved to the store, in save order (``HealthKitState/saved``).
  var saved: [HKObject] {
    get { existingHealthKit?.saved ?? [] }
    _modify {
      let state = healthKit
      yield &state.saved
    }
  }

  /// The app's own saved objects by store id (``HealthKitState/appObjects``); changed through
  /// ``keepAppObject(_:id:)`` and `deleteAppObjects(_:)` (Store/SyncIdentity.swift).
  var appObjects: [HealthSampleID: HKSample] { existingHealthKit?.appObjects ?? [:] }

  /// The sync identities of the app's stored objects (``HealthKitState/syncIndex``).
  var syncIndex: SyncIndex { existingHealthKit?.syncIndex ?? SyncIndex() }

  /// Keeps `object`, stored under `id`, as the app's own (``HealthKitState/keepAppObject(_:id:)``).
  mutating func keepAppObject(_ object: HKSample, id: HealthSampleID) {
    healthKit.keepAppObject(object, id: id)
  }

  /// The sync identities of the app's deleted objects (``HealthKitState/deletedSyncIdentities``).
  var deletedSyncIdentities: [HealthSampleID: SyncIdentity] {
    get { existingHealthKit?.deletedSyncIdentities ?? [:] }
    _modify {
      let state = healthKit
      yield &state.deletedSyncIdentities
    }
  }

  /// Authorization answers and what was asked (``HealthKitState/authorization``).
  var authorization: AuthorizationState {
    get {
      existingHealthKit?.authorization
        ?? AuthorizationState(answers: authorizationAnswers, infoPlistKeys: infoPlistKeys)
    }
    _modify {
      let state = healthKit
      yield &state.authorization
    }
  }
}

/// The routes the app saved become the run result's track
/// (`AppSimulation.State.savedRouteTrack(since:)`), added when the app makes its first
/// `HKHealthStore`.
struct SavedRoutes: ResultContributor {
  func contribute(to result: inout RunResult, state: AppSimulation.State, startDate: Date) {
    if let track = state.savedRouteTrack(since: startDate) { result.track = track }
  }
}

extension AppSimulation {
  /// The workout the watch's Digital Crown picker selects now: the item of the scenario's
  /// `selector` (docs/scenario-format.md#the-watch-face) as its `crown` actions left it, snapped
  /// to an item as at a workout's start (docs/swift-api.md#the-digital-crown).
  ///
  /// The picker is part of the simulated watch, not of HealthKit (a watch app binds it to the
  /// crown with SwiftUI's `digitalCrownRotation`); app code reads it where it would read its
  /// picker's value, and makes its `HKWorkoutConfiguration` from it. It starts on the
  /// scenario's `activity`. The crown selects only while the app's current session has been
  /// neither prepared nor started (nor begun collecting): HealthKit fixes a session's
  /// configuration when it is created. A crown turn after that changes neither this value nor
  /// the session's activity and logs an `error` entry (action `crown`, domain
  /// `WorkoutSimWatchDomain`), the same rule and the same entry as on the command line.
  public var digitalCrownSelection: HKWorkoutActivityType {
    state.withLock { state in
      var selection = state.session.activitySelection
      selection.settle(at: state.session.now)
      return HKWorkoutActivityType(selection.selectedActivity)
    }
  }
}

/// The simulated user's authorization answers and what was asked so far.
struct AuthorizationState {
  /// The scenario's answers, or `nil` (everything granted).
  var answers: Scenario.Authorization?
  /// The app's Info.plist keys.
  var infoPlistKeys: Set<String>
  /// Share answers given so far, by type identifier (`true` granted).
  var share: [String: Bool] = [:]
  /// Read answers given so far, by type identifier.
  var read: [String: Bool] = [:]
  /// The earliest instant other sources' samples of a type may end at to be read, by type
  /// identifier, for the sample types whose read was granted with "Past 30 Days and Future
  /// Data" (``historyStart(_:)``).
  var historyStarts: [String: SimulationInstant] = [:]

  /// How far back "Past 30 Days and Future Data" reaches from the sheet: 30 × 86,400 s (project
  /// rule: Apple names the option, not its arithmetic; docs/scenario-format.md#authorization).
  static let limitedHistory = Duration.seconds(30 * 86_400)

  /// Whether reading `identifier` was answered, and how.
  func readGranted(_ identifier: String) -> Bool? { read[identifier] }

  /// The earliest authorized sample date of `identifier` as an instant: a sample of another
  /// source is read only when it ends at or after it (Apple: "HealthKit evaluates the boundary
  /// against a sample's end date",
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/earliestauthorizedsampledate(for:));
  /// `nil` with full access, a denied read or no answer.
  func historyStart(_ identifier: String) -> SimulationInstant? { historyStarts[identifier] }

  /// Whether sharing `identifier` was answered, and how.
  func shareGranted(_ identifier: String) -> Bool? { share[identifier] }

  /// The types of the request not answered yet (a sheet shows when any is left).
  func unanswered(share shareTypes: [String], read readTypes: [String]) -> (
    share: [String], read: [String]
  ) {
    (shareTypes.filter { share[$0] == nil }, readTypes.filter { read[$0] == nil })
  }

  /// Answers the types of a sheet shown at `now` from the scenario (granted, with the whole
  /// history, without answers). A sample type granted to read with `past30Days` gets its
  /// earliest date, ``limitedHistory`` before `now`, fixed from then on ("and Future Data").
  mutating func answer(
    share shareTypes: [String], read readTypes: [String], at now: SimulationInstant
  ) {
    for identifier in shareTypes where share[identifier] == nil {
      share[identifier] = (answers?.shareAnswer(for: identifier) ?? .granted) == .granted
    }
    for identifier in readTypes where read[identifier] == nil {
      let granted = (answers?.readAnswer(for: identifier) ?? .granted) == .granted
      read[identifier] = granted
      // Time-bound authorization applies only to sample types (Apple doc:
      // https://developer.apple.com/documentation/healthkit/authorizing-access-to-health-data).
      let kind = HealthTypeCatalog.entry(identifier)?.kind
      if granted, let answers, answers.historyAnswer(for: identifier) == .past30Days,
        kind != .characteristic, kind != .activitySummary
      {
        historyStarts[identifier] = now.advanced(by: .zero - Self.limitedHistory)
      }
    }
  }
}
