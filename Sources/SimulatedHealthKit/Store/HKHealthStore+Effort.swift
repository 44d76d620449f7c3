import Synchronization
import WorkoutCore
import WorkoutHealth
import WorkoutWatch

// Workout effort scores (iOS 18, watchOS 11): the person's rating (`workoutEffortScore`) and the
// watch's estimate (`estimatedWorkoutEffortScore`), 1 to 10 in `HKUnit.appleEffortScore()`. A
// sample of either is never saved on its own: it is related to a workout (and optionally one of
// its activities) with `relateWorkoutEffortSample`, and read back with the relationship query
// or `predicateForWorkoutEffortSamplesRelated(workout:activity:)`
// (docs/healthkit-behaviour.md#workout-effort-scores).

/// One workout (or one of its activities) with the effort samples related to it, HealthKit's
/// `HKWorkoutEffortRelationship` (iOS 18, watchOS 11; Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkworkouteffortrelationship).
public final class HKWorkoutEffortRelationship: NSObject, NSCopying, NSSecureCoding,
  @unchecked Sendable
{
  /// The workout (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkouteffortrelationship/workout).
  public let workout: HKWorkout
  /// The activity the samples are related to, or `nil` for samples related to the workout
  /// itself (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkouteffortrelationship/activity).
  public let activity: HKWorkoutActivity?
  /// The effort samples related to ``workout`` (with ``activity`` `nil`: those related to the
  /// workout itself, not to any of its activities), in the order they were related (Apple
  /// doc: https://developer.apple.com/documentation/healthkit/hkworkouteffortrelationship/samples).
  public let samples: [HKSample]?

  init(workout: HKWorkout, activity: HKWorkoutActivity?, samples: [HKSample]?) {
    self.workout = workout
    self.activity = activity
    self.samples = samples
  }

  /// Equal when `object` relates the same samples to the same workout and activity.
  public override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? HKWorkoutEffortRelationship else { return false }
    return other.workout == workout && other.activity == activity && other.samples == samples
  }

  /// A hash of the workout and the activity.
  public override var hash: Int {
    var hasher = Hasher()
    hasher.combine(workout.uuid)
    hasher.combine(activity?.uuid)
    return hasher.finalize()
  }

  /// Relationships are immutable: the copy is the relationship itself.
  public func copy(with zone: NSZone? = nil) -> Any { self }

  /// `true`: relationships decode only as relationships.
  public static var supportsSecureCoding: Bool { true }

  /// Writes the workout, the activity and the samples.
  public func encode(with coder: NSCoder) {
    coder.encode(workout, forKey: "workout")
    coder.encode(activity, forKey: "activity")
    coder.encode(samples, forKey: "samples")
  }

  /// Reads what ``encode(with:)`` wrote; `nil` without a workout (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkouteffortrelationship/init(coder:)).
  public convenience init?(coder: NSCoder) {
    guard let workout = coder.decodeObject(of: HKWorkout.self, forKey: "workout") else {
      return nil
    }
    self.init(
      workout: workout,
      activity: coder.decodeObject(of: HKWorkoutActivity.self, forKey: "activity"),
      samples: coder.decodeArray(of: HKSample.self, forKey: "samples"))
  }
}

/// Which related samples a relationship query returns, HealthKit's
/// `HKWorkoutEffortRelationshipQueryOptions` (iOS 18, watchOS 11; Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkworkouteffortrelationshipqueryoptions;
/// raw values from the SDK header, `NSInteger`).
public enum HKWorkoutEffortRelationshipQueryOptions: Int, Sendable, Hashable {
  /// Every related sample (0).
  case `default` = 0
  /// The most relevant sample only (1 << 0). Apple: "The most relevant sample will be
  /// returned" and no more; project rule: the person's own rating (`workoutEffortScore`) over
  /// the watch's estimate, and of those the one related last.
  case mostRelevant = 1
}

/// A long-running query of workouts' effort relationships, HealthKit's
/// `HKWorkoutEffortRelationshipQuery` (iOS 18, watchOS 11; Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkworkouteffortrelationshipquery).
///
/// The first call of the results handler has the relationships of the workouts matching the
/// predicate related after the anchor (possibly none); each later relate of a matching workout
/// calls it again with the relationships that changed and a new anchor, until the app stops the
/// query (Apple's header: "This is a long running query"). A relationship is one workout, or
/// one of its activities, with its samples; a deleted effort sample or workout drops out.
public final class HKWorkoutEffortRelationshipQuery: HKQuery, @unchecked Sendable {
  /// The handler: the query, the relationships (or `nil` on error), the new anchor, the error.
  public typealias ResultsHandler =
    @Sendable (
      HKWorkoutEffortRelationshipQuery, [HKWorkoutEffortRelationship]?, HKQueryAnchor?,
      (any Error)?
    ) -> Void

  let anchor: HKQueryAnchor?
  let options: HKWorkoutEffortRelationshipQueryOptions
  let resultsHandler: ResultsHandler
  /// Whether the query stays to report later relates (`false` for the descriptor's one result).
  let longRunning: Bool
  /// The relation count the last call reported up to.
  private let seen = Mutex<Int>(0)

  /// A query of the relationships of the workouts matching `predicate` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkouteffortrelationshipquery/init(predicate:anchor:options:resultshandler:)).
  ///
  /// - Parameters:
  ///   - predicate: a predicate on workouts (`HKQuery.predicateForObject(with:)` with a
  ///     workout's UUID, `predicateForWorkouts(with:)`, dates, ...), or `nil` for every workout.
  ///   - anchor: the anchor of an earlier result, or `nil` for every relationship so far: only
  ///     samples related after the anchor are returned (the anchor counts relates).
  ///   - options: ``HKWorkoutEffortRelationshipQueryOptions/default`` or `.mostRelevant`.
  ///   - resultsHandler: called in the callback lane, first with the initial results, then on
  ///     every later relate of a matching workout.
  public convenience init(
    predicate: NSPredicate?, anchor: HKQueryAnchor?,
    options: HKWorkoutEffortRelationshipQueryOptions, resultsHandler: @escaping ResultsHandler
  ) {
    self.init(
      predicate: predicate, anchor: anchor, options: options, longRunning: true,
      resultsHandler: resultsHandler)
  }

  override var appAnchor: HKQueryAnchor? { anchor }

  init(
    predicate: NSPredicate?, anchor: HKQueryAnchor?,
    options: HKWorkoutEffortRelationshipQueryOptions, longRunning: Bool,
    resultsHandler: @escaping ResultsHandler
  ) {
    self.anchor = anchor
    self.options = options
    self.longRunning = longRunning
    self.resultsHandler = resultsHandler
    super.init(objectType: HKObjectType.workoutType(), predicate: predicate)
  }

  override func activate(
    in context: QueryContext, state: inout HealthKitSimulation.State
  ) -> [HealthKitSimulation.Callback] {
    // An anchor of another simulation's store reads as none (reported at `execute`).
    let start = Int(startAnchor(in: context)?.value ?? 0)
    let (relationships, count) = state.effortRelationships(
      matching: predicate, after: start, options: options, context: context)
    seen.withLock { $0 = max(count, start) }
    if longRunning { state.healthListeners.append(self) }
    let anchor = HKQueryAnchor(
      store: HealthAnchor(value: Int64(max(count, start))), in: context.simulation)
    return [
      { [self] in
        guard !isStopped else { return }
        resultsHandler(self, relationships, anchor, nil)
      }
    ]
  }

  override func fail(_ error: HKError) -> [HealthKitSimulation.Callback] {
    [
      { [self] in
        guard !isStopped else { return }
        resultsHandler(self, nil, nil, error)
      }
    ]
  }
}

extension HKWorkoutEffortRelationshipQuery: HealthQueryListener {
  package var listenedTypes: Set<HealthDataType> { HealthDataType.effortKinds }

  package var isFinished: Bool { isStopped }

  package func wake(at now: SimulationInstant, state: inout HealthKitSimulation.State)
    -> [HealthKitSimulation.Callback]
  {
    let start = seen.withLock { $0 }
    let total = state.extensionState(EffortStore.self)?.relations.count ?? 0
    guard total > start, isRunning(in: &state), !state.healthDataIsInaccessible(at: now),
      let simulation = executedIn.withLock({ $0.simulation })
    else { return [] }
    let context = QueryContext(simulation: simulation, device: executedIn.withLock { $0.device })
    let (relationships, count) = state.effortRelationships(
      matching: predicate, after: start, options: options, context: context)
    seen.withLock { $0 = count }
    guard !relationships.isEmpty else { return [] }
    let anchor = HKQueryAnchor(store: HealthAnchor(value: Int64(count)), in: simulation)
    return [
      { [self] in
        guard !isStopped else { return }
        resultsHandler(self, relationships, anchor, nil)
      }
    ]
  }
}

/// The async form of ``HKWorkoutEffortRelationshipQuery``, HealthKit's
/// `HKWorkoutEffortRelationshipQueryDescriptor` (iOS 18, watchOS 11; Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkworkouteffortrelationshipquerydescriptor).
public struct HKWorkoutEffortRelationshipQueryDescriptor: HKAsyncQuery, HKAsyncSequenceQuery,
  @unchecked Sendable
{
  /// The predicate on workouts, or `nil` for every workout (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkouteffortrelationshipquerydescriptor/predicate).
  public var predicate: NSPredicate?
  /// The anchor of an earlier result, or `nil` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkouteffortrelationshipquerydescriptor/anchor).
  public var anchor: HKQueryAnchor?
  /// Which samples (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkouteffortrelationshipquerydescriptor/option).
  public var option: HKWorkoutEffortRelationshipQueryOptions

  /// A descriptor (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkouteffortrelationshipquerydescriptor/init(predicate:anchor:option:)).
  public init(
    predicate: NSPredicate?, anchor: HKQueryAnchor?, option: HKWorkoutEffortRelationshipQueryOptions
  ) {
    self.predicate = predicate
    self.anchor = anchor
    self.option = option
  }

  /// One result: the relationships since the anchor and the new anchor (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkouteffortrelationshipquerydescriptor/result).
  public struct Result: @unchecked Sendable {
    /// The relationships related since the anchor (Apple doc:
    /// https://developer.apple.com/documentation/healthkit/hkworkouteffortrelationshipquerydescriptor/result/relationships).
    public let relationships: [HKWorkoutEffortRelationship]
    /// The anchor to pass next time (Apple doc:
    /// https://developer.apple.com/documentation/healthkit/hkworkouteffortrelationshipquerydescriptor/result/newanchor).
    public let newAnchor: HKQueryAnchor
  }

  /// The async sequence of ``Result``s (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkouteffortrelationshipquerydescriptor/results).
  public typealias Results = HKQueryResults<Result>

  /// The relationships since ``anchor`` at virtual now, once (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkouteffortrelationshipquerydescriptor/result(for:)).
  ///
  /// - Throws: ``HKError`` `errorDatabaseInaccessible` while the phone is locked;
  ///   `HealthKitSimulation.AppTermination` after the app was terminated.
  nonisolated(nonsending) public func result(for healthStore: HKHealthStore) async throws
    -> Result
  {
    nonisolated(unsafe) let predicate = predicate
    return try await healthStore.run { finish in
      HKWorkoutEffortRelationshipQuery(
        predicate: predicate, anchor: anchor, options: option, longRunning: false
      ) { _, relationships, anchor, error in
        if let relationships, let anchor {
          finish(.success(Result(relationships: relationships, newAnchor: anchor)))
        } else {
          finish(.failure(error ?? HKError(.unknownError)))
        }
      }
    }
  }

  /// The relationships since ``anchor``, then those of each later relate (the long-running
  /// class query); iterate it while the test advances time or relates from another task.
  public func results(for healthStore: HKHealthStore) -> Results {
    nonisolated(unsafe) let predicate = predicate
    let anchor = anchor
    let option = option
    return .running(
      on: healthStore, call: "HKWorkoutEffortRelationshipQueryDescriptor.results(for:)"
    ) { continuation in
      HKWorkoutEffortRelationshipQuery(predicate: predicate, anchor: anchor, options: option) {
        _, relationships, anchor, error in
        if let relationships, let anchor {
          continuation.yield(Result(relationships: relationships, newAnchor: anchor))
        } else {
          continuation.finish(throwing: error ?? HKError(.unknownError))
        }
      }
    }
  }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The key path of a sample's effort relationship in predicates,
/// `"workoutEffortRelationship"` (iOS 18, watchOS 11; Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkpredicatekeypathworkouteffortrelationship;
/// Apple's page gives no value: the project's). Format predicates are not read by the
/// simulated store: use ``HKQuery/predicateForWorkoutEffortSamplesRelated(workout:activity:)``.
public let HKPredicateKeyPathWorkoutEffortRelationship = "workoutEffortRelationship"

extension HKQuery {
  /// The effort samples related to `workout`, and with `activity` to that activity only (iOS 18,
  /// watchOS 11; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforworkouteffortsamplesrelated(workout:activity:)):
  /// with `activity` `nil`, every effort sample related to the workout, its activities' too.
  /// Use it in a sample query of `workoutEffortScore` or `estimatedWorkoutEffortScore`;
  /// `predicateForObjects(from: workout)` does not find effort samples.
  public class func predicateForWorkoutEffortSamplesRelated(
    workout: HKWorkout, activity: HKWorkoutActivity?
  ) -> NSPredicate {
    HKPredicate(.effortRelated(workout: workout.uuid, activity: activity?.uuid))
  }
}

extension HKHealthStore {
  /// Relates an effort sample to `workout` (and to one of its activities), saving the sample;
  /// the completion gets `(true, nil)` or `(false, error)` in the callback lane (iOS 18,
  /// watchOS 11; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/relateworkouteffortsample(_:with:activity:completion:)).
  ///
  /// This is the only way an effort sample gets into the store: `save` refuses it (see
  /// ``relateWorkoutEffortSample(_:with:activity:)`` for the errors).
  public func relateWorkoutEffortSample(
    _ sample: HKSample, with workout: HKWorkout, activity: HKWorkoutActivity?,
    completion: @escaping @Sendable (Bool, (any Error)?) -> Void
  ) {
    guard let outcome = relate(sample, workout, activity) else { return }
    simulation.enqueue {
      switch outcome {
      case .success: completion(true, nil)
      case .failure(let error): completion(false, error)
      }
    }
  }

  /// The async form of `relateWorkoutEffortSample(_:with:activity:completion:)` (the Swift
  /// import of the completion form).
  ///
  /// - Returns: `true`.
  /// - Throws: ``HKError`` (the codes and texts are the project's: Apple documents none):
  ///   `errorInvalidArgument` for a sample that is not an `HKQuantitySample` of
  ///   `workoutEffortScore` or `estimatedWorkoutEffortScore` ("relateWorkoutEffortSample takes
  ///   a quantity sample of HKQuantityTypeIdentifierWorkoutEffortScore or
  ///   HKQuantityTypeIdentifierEstimatedWorkoutEffortScore, not <identifier>"), a workout not in
  ///   the store ("The workout <UUID> is not in the health store; relate effort to a saved
  ///   workout"), an activity not among the workout's ("The activity <UUID> is not one of the
  ///   workout's activities"), a sample saved before ("An object with UUID <UUID> has already
  ///   been saved"); `errorAuthorizationNotDetermined` / `errorAuthorizationDenied` when sharing
  ///   the sample's type was not asked for / denied; `HealthKitSimulation.AppTermination`
  ///   after the app was terminated.
  @discardableResult
  nonisolated(nonsending) public func relateWorkoutEffortSample(
    _ sample: HKSample, with workout: HKWorkout, activity: HKWorkoutActivity?
  ) async throws -> Bool {
    guard let outcome = relate(sample, workout, activity) else { throw inertError() }
    await simulation.deliver()
    try outcome.get()
    return true
  }

  /// The error of saving an effort sample anywhere but through `relateWorkoutEffortSample`:
  /// `errorInvalidArgument` (project code: Apple's is not published) with the text apps get,
  /// "HKWorkout: Sample of type <identifier> must be related to a workout" (Apple Developer
  /// Forums: https://developer.apple.com/forums/thread/763539), or `nil` for another type.
  static func unrelatedEffortError(_ type: HKSampleType) -> HKError? {
    guard type.isWorkoutEffort else { return nil }
    return HKError(
      .errorInvalidArgument,
      "HKWorkout: Sample of type \(type.identifier) must be related to a workout")
  }

  /// Relates under the lock; `nil` when the app was terminated (inert).
  private func relate(_ sample: HKSample, _ workout: HKWorkout, _ activity: HKWorkoutActivity?)
    -> Result<Void, HKError>?
  {
    let context = QueryContext(simulation: simulation)
    let simulation = simulation
    return simulation.mutateHealth { state -> Result<Void, HKError>? in
      guard state.terminated == nil else { return nil }
      guard sample is HKQuantitySample, sample.sampleType.isWorkoutEffort else {
        return .failure(
          HKError(
            .errorInvalidArgument,
            "relateWorkoutEffortSample takes a quantity sample of \(HKQuantityTypeIdentifier.workoutEffortScore.rawValue) or \(HKQuantityTypeIdentifier.estimatedWorkoutEffortScore.rawValue), not \(sample.sampleType.identifier)"
          ))
      }
      guard let workoutID = state.liveWorkoutID(workout) else {
        return .failure(
          HKError(
            .errorInvalidArgument,
            "The workout \(workout.uuid.uuidString) is not in the health store; relate effort to a saved workout"
          ))
      }
      if let activity, !workout.workoutActivities.contains(activity) {
        return .failure(
          HKError(
            .errorInvalidArgument,
            "The activity \(activity.uuid.uuidString) is not one of the workout's activities"))
      }
      let ids: [HealthSampleID]
      switch insert(
        [sample], into: &state, context: context, relating: true,
        call: "relateWorkoutEffortSample")
      {
      case .success(let saved): ids = saved
      case .failure(let error): return .failure(error)
      }
      state.saved.append(sample)
      state.withExtension(EffortStore.self, of: simulation) { store, _ in
        store.relations.append(
          EffortRelation(workout: workoutID, activity: activity, sample: ids[0]))
      }
      return .success(())
    }
  }
}

/// One effort sample related to a workout (or one of its activities). Unchecked: an
/// `HKWorkoutActivity` is immutable.
struct EffortRelation: @unchecked Sendable {
  /// The workout's store id.
  let workout: HealthSampleID
  /// The activity, or `nil` for the workout itself.
  let activity: HKWorkoutActivity?
  /// The sample's store id.
  let sample: HealthSampleID
}

/// The effort relations in relate order (the relationship query's anchor counts them).
struct EffortStore: SimulationExtension {
  var relations: [EffortRelation] = []

  init(simulation: HealthKitSimulation) {}
}

extension HKSampleType {
  /// Whether this is `workoutEffortScore` or `estimatedWorkoutEffortScore`.
  var isWorkoutEffort: Bool {
    identifier == HKQuantityTypeIdentifier.workoutEffortScore.rawValue
      || identifier == HKQuantityTypeIdentifier.estimatedWorkoutEffortScore.rawValue
  }
}

extension HealthDataType {
  /// The store kinds of the two effort types.
  static let effortKinds: Set<HealthDataType> = Set(
    [HKQuantityTypeIdentifier.workoutEffortScore, .estimatedWorkoutEffortScore].compactMap {
      HealthDataType(identifier: $0.rawValue)
    })
}

extension HealthKitSimulation.State {
  /// The ids of the effort samples related to the workout with UUID `workout` (and with
  /// `activity`, to that activity only) still in the store.
  func effortSampleIDs(workout: UUID, activity: UUID?) -> Set<HealthSampleID> {
    guard let workoutID = healthStorage.id(ofUUID: Self.storeUUID(workout)) else { return [] }
    var ids = Set<HealthSampleID>()
    for relation in extensionState(EffortStore.self)?.relations ?? []
    where relation.workout == workoutID && !healthStorage.isDeleted(relation.sample)
      && (activity == nil || relation.activity?.uuid == activity)
    {
      ids.insert(relation.sample)
    }
    return ids
  }

  /// The relationships of the relations after the first `start` whose workout matches
  /// `predicate` and whose workout and sample are still in the store, one per workout and
  /// activity in order of their first relate, and the relation count.
  mutating func effortRelationships(
    matching predicate: NSPredicate?, after start: Int,
    options: HKWorkoutEffortRelationshipQueryOptions, context: QueryContext
  ) -> ([HKWorkoutEffortRelationship], Int) {
    let relations = extensionState(EffortStore.self)?.relations ?? []
    guard relations.count > start else { return ([], relations.count) }
    let workoutFilter = filter(
      for: predicate, type: .workout, identifier: HKObjectType.workoutType().identifier,
      context: context)
    let workouts = Set(
      health.samples(of: .workout, where: workoutFilter, at: session.now, sortedBy: [], limit: nil))
    var groups: [(workout: HealthSampleID, activity: HKWorkoutActivity?, samples: [HKSample])] = []
    for relation in relations[start...]
    where workouts.contains(relation.workout) && !health.isDeleted(relation.sample) {
      let sample = object(relation.sample, context: context)
      if let index = groups.firstIndex(where: {
        $0.workout == relation.workout && $0.activity == relation.activity
      }) {
        groups[index].samples.append(sample)
      } else {
        groups.append((relation.workout, relation.activity, [sample]))
      }
    }
    let relationships = groups.compactMap { group -> HKWorkoutEffortRelationship? in
      guard let workout = object(group.workout, context: context) as? HKWorkout else { return nil }
      var samples = group.samples
      if options == .mostRelevant {
        // The person's rating over the watch's estimate; of those, the one related last.
        let rated = samples.last {
          $0.sampleType.identifier == HKQuantityTypeIdentifier.workoutEffortScore.rawValue
        }
        samples = [rated ?? samples[samples.count - 1]]
      }
      return HKWorkoutEffortRelationship(
        workout: workout, activity: group.activity, samples: samples)
    }
    return (relationships, relations.count)
  }

  /// Saves the watch's estimated effort score of the workout just saved with store id
  /// `workoutID`, related to it: from the workout's time in the system's heart-rate zones
  /// (`WorkoutEffort.estimatedScore`, a project model), under the watch's source, over the
  /// workout's dates. Nothing without heart-rate samples.
  mutating func saveEstimatedEffort(
    of record: WorkoutRecord, workoutID: HealthSampleID, simulation: HealthKitSimulation
  ) {
    guard let samples = record.samples[.heartRate], !samples.isEmpty,
      let kind = HealthDataType(
        identifier: HKQuantityTypeIdentifier.estimatedWorkoutEffortScore.rawValue)
    else { return }
    let boundaries = WorkoutZones.heartRateBoundaries(
      maximumHeartRate: simulation.scenario.athlete.maxHeartRate)
    let durations = WorkoutZones.durations(
      of: samples, events: record.events, start: record.startDate, limit: record.endDate,
      boundaries: boundaries)
    guard let score = WorkoutEffort.estimatedScore(zoneDurations: durations) else { return }
    let ids = health.save(
      [
        HealthSample(
          type: kind, source: HealthGenerator.watch, start: record.startDate,
          end: record.endDate, value: Double(score), savedAt: session.now)
      ], uuids: [], at: session.now)
    withExtension(EffortStore.self, of: simulation) { store, _ in
      store.relations.append(EffortRelation(workout: workoutID, activity: nil, sample: ids[0]))
    }
  }
}
