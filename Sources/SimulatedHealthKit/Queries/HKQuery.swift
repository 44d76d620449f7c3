import Synchronization
import WorkoutCore

/// The base of every query, HealthKit's `HKQuery` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkquery).
///
/// Run a query with ``HKHealthStore/execute(_:)``; its handlers run in the simulation's callback
/// lane (off the main actor, serially, after the current instant: at the next delivery, which
/// `HealthKitSimulation.advance(by:)`, `HealthKitSimulation.settle()` or any async call
/// makes). A query can be executed once: a second `execute` traps with HealthKit's message
/// "<query> has already been executed and cannot be executed again." (docs/swift-api.md#traps).
///
/// The predicate helpers (`predicateForSamples(withStart:end:options:)` and the rest) return
/// ``HKPredicate``s, which the simulated store reads; `NSCompoundPredicate`s of them and
/// `NSPredicate(value:)` are read too. Any other `NSPredicate` (a block predicate) traps when the
/// query is executed: swift-corelibs-foundation has no format strings to read.
public class HKQuery: NSObject, @unchecked Sendable {
  /// The type the query looks for (`nil` for queries of several descriptors).
  public let objectType: HKObjectType?
  /// The predicate that filters the results, or `nil` for all objects of the type.
  public let predicate: NSPredicate?
  /// Whether the query was executed, and whether it was stopped.
  let lifecycle = Mutex(Lifecycle())
  /// The simulation the query was executed in (weak: the simulation holds running queries).
  let executedIn = Mutex(WeakSimulation())

  /// The app process that executed the query: the device whose app's store ran it (the store's
  /// device; a store made outside `on(_:)` is the watch app's) and that device's process number
  /// then (`AppSimulation.State.processGeneration(of:)`). A crash of that device's app ends the
  /// query with the process (no handler is called after it); a crash of the other device's app
  /// does not (docs/swift-api.md#crash-and-recovery).
  let process = Mutex(AppProcess(device: .watch, generation: 0))

  /// A weakly held simulation.
  struct WeakSimulation {
    weak var simulation: HealthKitSimulation?
    /// The device of the store that executed the query (its view of the store), or `nil`.
    var device: HealthKitSimulation.Device?
  }

  /// Where a query is in its life: executed once, stopped at most once.
  struct Lifecycle {
    var executed = false
    var stopped = false
  }

  /// The type and predicate of a query of `descriptors` (``objectType`` and ``predicate``): the
  /// descriptor's when there is one, else `nil` (a query of several descriptors has neither).
  static func one(of descriptors: [HKQueryDescriptor]) -> (HKObjectType?, NSPredicate?) {
    guard descriptors.count == 1 else { return (nil, nil) }
    return (descriptors[0].sampleType, descriptors[0].predicate)
  }

  /// Traps with ``incompatibleQuantityMessage(_:type:)`` when `predicate` compares samples of
  /// `objectType`, a quantity type, with a quantity of another dimension: the query is refused
  /// where its predicate meets its type, before it runs.
  init(objectType: HKObjectType?, predicate: NSPredicate?) {
    Self.checkQuantities(in: predicate, for: objectType)
    self.objectType = objectType
    self.predicate = predicate
    super.init()
    // Made inside a run: noted until executed, so a stall can say it never was.
    if let simulation = HealthKitSimulation.current {
      let clause =
        "an \(Swift.type(of: self))" + (objectType.map { " of \($0.identifier)" } ?? "")
        + " was made but never passed to HKHealthStore.execute(_:) — its handler will never run"
      made = MadeIn(
        simulation: simulation,
        number: simulation.unusedObjects.withLock {
          $0.made(
            clause,
            advice: "a query does nothing until the app calls healthStore.execute(query)",
            armed: Swift.type(of: self).handlerGivenAtInit)
        })
    }
  }

  /// Released: a query never executed leaves its simulation's table of unused objects unless
  /// its warning is still owed (`UnusedObjects.released(_:)`).
  deinit {
    if let made {
      made.simulation?.unusedObjects.withLock { $0.released(made.number) }
    }
  }

  /// Whether every initializer of the query kind takes a handler of the app's: `false` for
  /// ``HKStatisticsCollectionQuery``, whose handlers are properties (``noteHandlerSet()``). A
  /// query made with a handler and never executed is a warning when the run returns.
  class var handlerGivenAtInit: Bool { true }

  /// A handler of the app's was set on the query (a property of a kind without one at init):
  /// never executed, it is a warning when the run returns.
  func noteHandlerSet() {
    if let made {
      made.simulation?.unusedObjects.withLock { $0.arm(made.number) }
    }
  }

  /// The simulation the query was made in (inside its run) and the query's number in its
  /// `UnusedObjects` (SimulationDriver), or `nil`; set once, in `init`.
  private(set) var made: MadeIn?

  /// A query's simulation (weakly held) and number there.
  struct MadeIn {
    weak var simulation: HealthKitSimulation?
    let number: Int
  }

  /// The type the query looks for, as a sample type (the old name of ``objectType``).
  @available(*, deprecated, renamed: "objectType")
  public var sampleType: HKSampleType? { objectType as? HKSampleType }

  /// `<HKSampleQuery HKQuantityTypeIdentifierStepCount>`: the class and the type, as HealthKit's
  /// messages name the query.
  public override var description: String {
    "<\(Swift.type(of: self)) \(objectType?.identifier ?? "(descriptors)")>"
  }

  /// Whether the query has been stopped (its handlers are not called any more).
  var isStopped: Bool { lifecycle.withLock { $0.stopped } }

  /// Whether the app process that executed the query is alive in `state` (``process``); a
  /// query found dead is stopped, so the simulation drops it as a stopped one.
  func processIsAlive(in state: inout HealthKitSimulation.State) -> Bool {
    let process = process.withLock { $0 }
    guard state.isAlive(process) else {
      lifecycle.withLock { $0.stopped = true }
      return false
    }
    return true
  }

  /// Whether the query still runs: not stopped, and the app process that executed it is
  /// alive (``processIsAlive(in:)``).
  func isRunning(in state: inout HealthKitSimulation.State) -> Bool {
    !isStopped && processIsAlive(in: &state)
  }

  /// `callbacks` (the query's results or update handler calls) as the code of the app process
  /// that executed the query (``process``): each runs as the code of its store's device (a
  /// handler of a query the phone app ran is the phone app's: `WidgetCenter.shared` inside it
  /// is the phone's; a store made outside every `on` gives the code of no `on`), and none runs
  /// once that process has died
  /// (docs/swift-api.md#whose-code-a-callback-runs-as). As they are before `execute`.
  package func owned(_ callbacks: [HealthKitSimulation.Callback]) -> [HealthKitSimulation.Callback]
  {
    let (simulation, device) = executedIn.withLock { ($0.simulation, $0.device) }
    guard !callbacks.isEmpty, let simulation else { return callbacks }
    let process = process.withLock { $0 }
    return callbacks.map { simulation.callback(of: process, as: device, $0) }
  }

  /// The trap message of a second execution (HealthKit's exception text).
  static func executedTwiceMessage(_ query: HKQuery) -> String {
    "\(query) has already been executed and cannot be executed again."
  }

  /// The trap message of setting a handler after `execute` (HealthKit's exception text, with the
  /// Objective-C setter's name, for example `setUpdateHandler:`).
  static func notCallableMessage(_ query: HKQuery, setter: String) -> String {
    "\(Swift.type(of: query)): \(setter) not callable after first execution"
  }

  /// Traps with HealthKit's message when the query was executed already (a handler set after
  /// `execute`).
  func requireNotExecuted(setter: String) {
    let executed = lifecycle.withLock { $0.executed }
    precondition(!executed, Self.notCallableMessage(self, setter: setter))
  }

  /// Runs the query's first pass under the simulation's lock and returns the handler calls;
  /// long-running queries register themselves in `state.liveQueries`. Overridden by every
  /// query kind.
  func activate(
    in context: QueryContext, state: inout HealthKitSimulation.State
  ) -> [HealthKitSimulation.Callback] {
    []
  }

  /// The error the query's handlers get while the phone is locked (HealthKit's
  /// `errorDatabaseInaccessible`); overridden by each kind to call its handler.
  func fail(_ error: HKError) -> [HealthKitSimulation.Callback] { [] }

  /// The predicates whose dates the query reads (its ``predicate``; a query of descriptors,
  /// theirs).
  var datedPredicates: [NSPredicate?] { [predicate] }

  /// Every date the app gave the query that the wall-clock rule reads when it runs, with the
  /// call that took it: its predicates' dates (``HKPredicate/appDates(in:)``) and, for a
  /// collection query, its anchor. `execute` checks them under strict dates
  /// (docs/swift-api.md#the-wall-clock-rule).
  var appDates: [(date: Date, call: String)] {
    datedPredicates.flatMap { $0.map(HKPredicate.appDates(in:)) ?? [] }
  }

  /// The anchor the app gave the query (an anchored object query's, an effort relationship
  /// query's), or `nil`.
  var appAnchor: HKQueryAnchor? { nil }

  /// ``appAnchor`` when a query of `context`'s simulation may read it (``HKQueryAnchor``'s rule:
  /// an anchor another simulation's query returned reads as none, as after a reinstall;
  /// ``HKHealthStore/execute(_:)`` reports it).
  func startAnchor(in context: QueryContext) -> HKQueryAnchor? {
    guard let anchor = appAnchor, anchor.belongs(to: context.simulation) else { return nil }
    return anchor
  }

  /// Whether a locked phone fails the query at `execute`: every kind but ``HKObserverQuery``,
  /// whose handler still runs (the app's queries in it fail).
  var failsWhileLocked: Bool { true }
}

/// Options of ``HKQuery/predicateForSamples(withStart:end:options:)`` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkqueryoptions). With none, a sample
/// matches when it overlaps the range: its end at or after the range's start and its start
/// before the range's end.
public struct HKQueryOptions: OptionSet, Sendable, Hashable {
  /// The bits (`NSUInteger`).
  public let rawValue: UInt

  /// Creates options from their bits.
  public init(rawValue: UInt) {
    self.rawValue = rawValue
  }

  /// The sample must start in the range: at or after its start and before its end (1 << 0).
  public static let strictStartDate = HKQueryOptions(rawValue: 1 << 0)
  /// The sample must end in the range: after its start and at or before its end (1 << 1).
  public static let strictEndDate = HKQueryOptions(rawValue: 1 << 1)
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// No limit on the number of results: 0 (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkobjectquerynolimit).
public let HKObjectQueryNoLimit = 0

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The sort key of a sample's start date, `"startDate"` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hksamplesortidentifierstartdate).
public let HKSampleSortIdentifierStartDate = "startDate"

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The sort key of a sample's end date, `"endDate"` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hksamplesortidentifierenddate).
public let HKSampleSortIdentifierEndDate = "endDate"

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The sort key of a workout's duration, `"duration"`, the property's name as the sample keys
/// are theirs (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkworkoutsortidentifierduration).
public let HKWorkoutSortIdentifierDuration = "duration"

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The sort key of a workout's total distance, `"totalDistance"` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkworkoutsortidentifiertotaldistance);
/// a workout without one sorts before every distance, ascending.
public let HKWorkoutSortIdentifierTotalDistance = "totalDistance"

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The sort key of a workout's total energy burned, `"totalEnergyBurned"` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkworkoutsortidentifiertotalenergyburned);
/// a workout without one sorts before every energy, ascending.
public let HKWorkoutSortIdentifierTotalEnergyBurned = "totalEnergyBurned"

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The sort key of a workout's total flights climbed, `"totalFlightsClimbed"` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkworkoutsortidentifiertotalflightsclimbed);
/// a workout without flights sorts before every count, ascending.
public let HKWorkoutSortIdentifierTotalFlightsClimbed = "totalFlightsClimbed"

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The sort key of a workout's total swimming strokes, `"totalSwimmingStrokeCount"` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkworkoutsortidentifiertotalswimmingstrokecount);
/// a workout without strokes sorts before every count, ascending.
public let HKWorkoutSortIdentifierTotalSwimmingStrokeCount = "totalSwimmingStrokeCount"

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The key path of a sample's start date in predicates, `"startDate"` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkpredicatekeypathstartdate).
public let HKPredicateKeyPathStartDate = "startDate"

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The key path of a sample's end date in predicates, `"endDate"` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkpredicatekeypathenddate).
public let HKPredicateKeyPathEndDate = "endDate"

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The key path of an object's UUID in predicates, `"UUID"` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkpredicatekeypathuuid).
public let HKPredicateKeyPathUUID = "UUID"

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The key path of an object's source in predicates, `"source"` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkpredicatekeypathsource).
public let HKPredicateKeyPathSource = "source"

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The key path of an object's device in predicates, `"device"` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkpredicatekeypathdevice).
public let HKPredicateKeyPathDevice = "device"

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The key path of a sample's workout in predicates, `"workout"` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkpredicatekeypathworkout).
public let HKPredicateKeyPathWorkout = "workout"

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The key path of a quantity sample's quantity in predicates, `"quantity"` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkpredicatekeypathquantity).
public let HKPredicateKeyPathQuantity = "quantity"

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The key path of a category sample's value in predicates, `"value"` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkpredicatekeypathcategoryvalue).
public let HKPredicateKeyPathCategoryValue = "value"

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The key path of a workout's activity type in predicates, `"workoutType"` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkpredicatekeypathworkouttype).
public let HKPredicateKeyPathWorkoutType = "workoutType"

/// The comparison of `HKQuery.predicateForQuantitySamples(with:quantity:)`,
/// `HKQuery.predicateForCategorySamples(with:value:)`, `HKQuery.predicateForWorkouts(with:duration:)`
/// and `HKQuery.predicateForObjects(withMetadataKey:operatorType:value:)`: the cases and raw values of Foundation's
/// `NSComparisonPredicate.Operator` that HealthKit accepts.
///
/// swift-corelibs-foundation marks `NSComparisonPredicate` deprecated ("unsupported"), so the
/// helpers take this enum instead; a call written `with: .greaterThanOrEqualTo` compiles
/// against both (docs/swift-api.md#differences-from-apples-framework). Each helper has a
/// generic overload taking any operator with a `UInt` raw value (Queries/HKQuery+FoundationOperators.swift),
/// so a value typed `NSComparisonPredicate.Operator` compiles too and is read by its raw value.
public enum HKPredicateOperator: UInt, Sendable, Hashable {
  /// `<` (0).
  case lessThan = 0
  /// `<=` (1).
  case lessThanOrEqualTo = 1
  /// `>` (2).
  case greaterThan = 2
  /// `>=` (3).
  case greaterThanOrEqualTo = 3
  /// `==` (4).
  case equalTo = 4
  /// `!=` (5).
  case notEqualTo = 5
}

/// A predicate made by one of `HKQuery`'s helpers: an `NSPredicate` that carries its filter as
/// a value the simulated store reads (swift-corelibs-foundation has no predicate format
/// strings). `NSCompoundPredicate`s of them are read as well.
public final class HKPredicate: NSPredicate {
  /// What the predicate matches.
  let filter: Filter

  /// The filters the helpers make; equal when made by the same helper with equal arguments.
  indirect enum Filter: Hashable {
    /// `predicateForSamples(withStart:end:options:)`.
    case date(start: Date?, end: Date?, options: HKQueryOptions)
    /// A `.date` condition whose dates the wall-clock rule read into instants
    /// (`HealthKitSimulation.State.readingDates(of:context:)`), for objects matched outside the
    /// store (correlations); never made by a helper the app calls.
    case instants(start: SimulationInstant?, end: SimulationInstant?, options: HKQueryOptions)
    /// `predicateForObjects(from:)` with sources: bundle identifiers.
    case sources(Set<String>)
    /// `predicateForObjects(from:)` with devices.
    case devices([HKDevice])
    /// `predicateForObjects(from:)` with source revisions: bundle identifiers and versions.
    case sourceRevisions([HKSourceRevision])
    /// `predicateForObjects(with:)`, `predicateForObject(with:)`.
    case uuids(Set<UUID>)
    /// `predicateForQuantitySamples(with:quantity:)`.
    case quantity(HKPredicateOperator, HKQuantity)
    /// `predicateForCategorySamples(with:value:)`.
    case categoryComparison(HKPredicateOperator, Int)
    /// `predicateForCategorySamples(valueIn:)`.
    case categoryValues(Set<Int>)
    /// `predicateForObjects(from: HKWorkout)`: the workout's UUID.
    case workout(UUID)
    /// `predicateForObjectsWithNoCorrelation()`: objects that no saved correlation holds.
    case noCorrelation
    /// `predicateForWorkouts(with:)`.
    case workoutActivity(HKWorkoutActivityType)
    /// `predicateForWorkouts(with:duration:)`: seconds.
    case workoutDuration(HKPredicateOperator, TimeInterval)
    /// `predicateForObjects(withMetadataKey:)`, `…(withMetadataKey:allowedValues:)` and
    /// `…(withMetadataKey:operatorType:value:)`: the key and what its value must be.
    case metadata(String, MetadataCondition)
    /// `predicateForWorkoutEffortSamplesRelated(workout:activity:)`: the UUIDs.
    case effortRelated(workout: UUID, activity: UUID?)
    /// `predicateForStatesOfMind(...)` (Values/HKStateOfMind.swift).
    case stateOfMind(StateOfMindFilter)
    /// `predicateForCDADocuments(...)`: a field of the document and the value it must equal.
    case document(KeyPath<HKCDADocument, String> & Sendable, String)
    /// `predicateForWorkouts(with:totalEnergyBurned:)` (`energy`) and
    /// `predicateForWorkouts(with:totalDistance:)`.
    case workoutTotal(HKPredicateOperator, HKQuantity, energy: Bool)
    /// `predicateForWorkouts(activityPredicate:)`: workouts with an activity that matches.
    case workoutActivities(Nested)
    /// `predicateForWorkouts(operatorType:quantityType:sumQuantity:)` and the minimum,
    /// maximum and average forms: the workout's own statistic of the type.
    case workoutStatistic(
      HKPredicateOperator, HKQuantityType, HKQuantity, ActivityCondition.Statistic)
    /// `predicateForWorkoutActivities(...)`: a condition on one ``HKWorkoutActivity``.
    case activity(ActivityCondition)
    /// `predicateForObjects(withDeviceProperty:allowedValues:)`.
    case deviceProperty(String, Set<String>)
    /// `predicateForUserAnnotatedMedications(...)` (Values/HKMedications.swift).
    case medication(MedicationCondition)
    /// `predicateForMedicationDoseEvent(...)` (Values/HKMedications.swift).
    case doseEvent(DoseEventCondition)
    /// `predicateForElectrocardiograms(classification:)` and `(symptomsStatus:)`
    /// (Values/HKElectrocardiogram.swift).
    case electrocardiogram(ElectrocardiogramCondition)
  }

  /// A predicate a filter holds (`predicateForWorkouts(activityPredicate:)`'s), compared and
  /// hashed by what it says (``sameValue(_:_:)``, ``hashValue(of:into:)``), as the helper
  /// predicates are: an `NSCompoundPredicate` of equal parts built twice is equal, one of other
  /// parts is not (Foundation's own `isEqual` and `hash` for compounds say neither).
  struct Nested: Hashable {
    /// The predicate.
    let predicate: NSPredicate

    init(_ predicate: NSPredicate) { self.predicate = predicate }

    static func == (lhs: Nested, rhs: Nested) -> Bool {
      HKPredicate.sameValue(lhs.predicate, rhs.predicate)
    }

    func hash(into hasher: inout Hasher) {
      HKPredicate.hashValue(of: predicate, into: &hasher)
    }
  }

  /// A value a metadata predicate compares with: what `HKObject.metadata` holds, read as a
  /// number (an `NSNumber`, a Swift number or Boolean), a string or a date.
  enum MetadataOperand: Sendable, Hashable {
    case number(Double)
    case string(String)
    case date(Date)

    /// `value` read as an operand; `nil` for another type (an ``HKQuantity``).
    init?(_ value: Any) {
      switch value {
      case let date as Date: self = .date(date)
      case let string as String: self = .string(string)
      case let number as NSNumber: self = .number(number.doubleValue)
      case let bool as Bool: self = .number(bool ? 1 : 0)
      case let int as Int: self = .number(Double(int))
      case let double as Double: self = .number(double)
      default: return nil
      }
    }

    /// `value` of a predicate the app makes for `key`; traps naming the type when HealthKit
    /// would not take it.
    static func required(_ value: Any, key: String) -> Self {
      guard let operand = Self(value) else {
        preconditionFailure(
          "HKQuery.predicateForObjects(withMetadataKey: \"\(key)\", …): a metadata value to match must be a String, a number (NSNumber, Int, Double, Bool) or a Date, not \(type(of: value)) (Apple's predicateForObjects(withMetadataKey:operatorType:value:) page)"
        )
      }
      return operand
    }

    /// Whether `self` (the object's value) compares to `operand` with `comparison`; values of
    /// different kinds never do.
    func holds(_ comparison: HKPredicateOperator, _ operand: Self) -> Bool {
      switch (self, operand) {
      case (.number(let value), .number(let other)): comparison.health.holds(value, other)
      case (.string(let value), .string(let other)): comparison.health.holds(value, other)
      case (.date(let value), .date(let other)): comparison.health.holds(value, other)
      default: false
      }
    }
  }

  /// What a metadata predicate asks of the value under its key.
  enum MetadataCondition: Sendable, Hashable {
    /// Any value (`predicateForObjects(withMetadataKey:)`).
    case present
    /// A value equal to one of these (`allowedValues:`).
    case oneOf([MetadataOperand])
    /// A value that compares to the operand (`operatorType:value:`).
    case compare(HKPredicateOperator, MetadataOperand)

    /// Whether an object whose metadata holds `value` under the key matches (the one home of
    /// the rule for app objects, saved workouts and correlations).
    func holds(_ value: Any?) -> Bool {
      guard let value else { return false }
      switch self {
      case .present: return true
      case .oneOf(let operands):
        guard let read = MetadataOperand(value) else { return false }
        return operands.contains { read.holds(.equalTo, $0) }
      case .compare(let comparison, let operand):
        return MetadataOperand(value)?.holds(comparison, operand) ?? false
      }
    }
  }

  init(_ filter: Filter) {
    self.filter = filter
    super.init(value: true)
  }

  /// The dates of `predicate` (and of the predicates it holds) the wall-clock rule reads, each
  /// with the helper that took it: `predicateForSamples`, `predicateForWorkoutActivities`,
  /// `predicateForMedicationDoseEvent`.
  static func appDates(in predicate: NSPredicate) -> [(date: Date, call: String)] {
    if let compound = predicate as? NSCompoundPredicate {
      return compound.subpredicates.flatMap { appDates(in: $0) }
    }
    guard let known = predicate as? HKPredicate else { return [] }
    func pairs(_ dates: Date?..., call: String) -> [(date: Date, call: String)] {
      dates.compactMap { $0 }.map { ($0, call) }
    }
    switch known.filter {
    case .date(let start, let end, _):
      return pairs(start, end, call: "predicateForSamples")
    case .activity(.dates(let start, let end, _)):
      return pairs(start, end, call: "predicateForWorkoutActivities")
    case .workoutActivities(let inner):
      return appDates(in: inner.predicate)
    case .doseEvent(.scheduled(let start, let end)):
      return pairs(start, end, call: "predicateForMedicationDoseEvent")
    default:
      return []
    }
  }

  /// Whether `object` is a predicate made by the same helper with equal arguments, as two of
  /// Apple's helper predicates compare by what they match, not by identity (Apple doc:
  /// https://developer.apple.com/documentation/objectivec/nsobjectprotocol/isequal(_:)).
  public override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? HKPredicate else { return false }
    return other === self || other.filter == filter
  }

  /// A hash of the filter, equal for equal predicates.
  public override var hash: Int { filter.hashValue }

  /// Not decodable (the simulation never archives predicates).
  public required init?(coder: NSCoder) { nil }
}

extension HKQuery {
  /// Samples in a time range (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforsamples(withstart:end:options:)).
  ///
  /// - Parameters:
  ///   - startDate: the range's start, or `nil` for no lower bound.
  ///   - endDate: the range's end, or `nil` for no upper bound.
  ///   - options: none: samples overlapping the range (end ≥ start of range, start < end of
  ///     range); `.strictStartDate`: start in `[startDate, endDate)`; `.strictEndDate`: end in
  ///     `(startDate, endDate]`.
  /// - Returns: an ``HKPredicate``.
  public class func predicateForSamples(
    withStart startDate: Date?, end endDate: Date?, options: HKQueryOptions = []
  ) -> NSPredicate {
    HKPredicate(.date(start: startDate, end: endDate, options: options))
  }

  /// Objects saved by `source` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforobjects(from:)-9tohu).
  public class func predicateForObjects(from source: HKSource) -> NSPredicate {
    HKPredicate(.sources([source.bundleIdentifier]))
  }

  /// Objects saved by any of `sources` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforobjects(from:)-2bqyh).
  public class func predicateForObjects(from sources: Set<HKSource>) -> NSPredicate {
    HKPredicate(.sources(Set(sources.map(\.bundleIdentifier))))
  }

  /// Objects saved by any of `sourceRevisions` (source and version; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforobjects(from:)-5vq0w).
  public class func predicateForObjects(from sourceRevisions: Set<HKSourceRevision>)
    -> NSPredicate
  {
    HKPredicate(.sourceRevisions(Array(sourceRevisions)))
  }

  /// Objects from any of `devices` (equal by every property; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforobjects(from:)-4e7gh).
  public class func predicateForObjects(from devices: Set<HKDevice>) -> NSPredicate {
    HKPredicate(.devices(Array(devices)))
  }

  /// Objects with any of `uuids` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforobjects(with:)).
  public class func predicateForObjects(with uuids: Set<UUID>) -> NSPredicate {
    HKPredicate(.uuids(uuids))
  }

  /// The object with `uuid` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforobject(with:)).
  public class func predicateForObject(with uuid: UUID) -> NSPredicate {
    HKPredicate(.uuids([uuid]))
  }

  /// Samples associated with `workout`: samples of the workout's source within its start and
  /// end (the store's model of association), never effort scores, which are related with
  /// `relateWorkoutEffortSample` and found with `predicateForWorkoutEffortSamplesRelated` (as on
  /// a device: https://developer.apple.com/forums/thread/772319) (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforobjects(from:)-8pd0x).
  public class func predicateForObjects(from workout: HKWorkout) -> NSPredicate {
    HKPredicate(.workout(workout.uuid))
  }

  /// Objects that no saved correlation holds (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforobjectswithnocorrelation()):
  /// a systolic sample saved inside a blood-pressure `HKCorrelation` does not match, one saved on
  /// its own does; a correlation itself is in none, so it matches. Deleting a correlation
  /// deletes its objects (`HKHealthStore.delete(_:)`), so nothing is left that
  /// was once held.
  public class func predicateForObjectsWithNoCorrelation() -> NSPredicate {
    HKPredicate(.noCorrelation)
  }

  /// Quantity samples whose quantity compares to `quantity` with `operatorType` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforquantitysamples(with:quantity:)).
  ///
  /// The quantity is converted to the queried type's unit when the query runs (an incompatible
  /// unit traps as `HKQuantity.doubleValue(for:)` does).
  public class func predicateForQuantitySamples(
    with operatorType: HKPredicateOperator, quantity: HKQuantity
  ) -> NSPredicate {
    HKPredicate(.quantity(operatorType, quantity))
  }

  /// Category samples whose value compares to `value` with `operatorType` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforcategorysamples(with:value:)).
  public class func predicateForCategorySamples(
    with operatorType: HKPredicateOperator, value: Int
  ) -> NSPredicate {
    HKPredicate(.categoryComparison(operatorType, value))
  }

  /// Category samples whose value is one of `values`, for example
  /// `HKCategoryValueSleepAnalysis.allAsleepValues` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforcategorysamples(valuein:)).
  public class func predicateForCategorySamples(valueIn values: Set<Int>) -> NSPredicate {
    HKPredicate(.categoryValues(values))
  }

  /// Workouts of `workoutActivityType` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforworkouts(with:)-8rs5h).
  public class func predicateForWorkouts(with workoutActivityType: HKWorkoutActivityType)
    -> NSPredicate
  {
    HKPredicate(.workoutActivity(workoutActivityType))
  }

  /// Workouts whose duration (active time, seconds) compares to `duration` with `operatorType`
  /// (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforworkouts(with:duration:)).
  public class func predicateForWorkouts(
    with operatorType: HKPredicateOperator, duration: TimeInterval
  ) -> NSPredicate {
    HKPredicate(.workoutDuration(operatorType, duration))
  }

  /// Objects whose metadata has `key`: the app's own objects and workouts (generated samples
  /// carry no metadata) (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforobjects(withmetadatakey:)).
  public class func predicateForObjects(withMetadataKey key: String) -> NSPredicate {
    HKPredicate(.metadata(key, .present))
  }

  /// Objects whose metadata value for `key` equals one of `allowedValues` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforobjects(withmetadatakey:allowedvalues:)):
  /// `predicateForObjects(withMetadataKey: HKMetadataKeyExternalUUID, allowedValues: [id])`.
  /// Values are `String`, numbers (`NSNumber`, `Int`, `Double`, `Bool`: compared as numbers, so
  /// `true` equals 1) or `Date`, as Apple's page requires; a value of another type traps with a
  /// message naming it, as HealthKit raises (docs/swift-api.md#the-health-store).
  public class func predicateForObjects(withMetadataKey key: String, allowedValues: [Any])
    -> NSPredicate
  {
    let operands = allowedValues.map { HKPredicate.MetadataOperand.required($0, key: key) }
    return HKPredicate(.metadata(key, .oneOf(operands)))
  }

  /// Objects whose metadata value for `key` compares to `value` with `operatorType` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforobjects(withmetadatakey:operatortype:value:)):
  /// numbers with numbers, strings with strings (Swift's `String` order) and dates with dates;
  /// a value of another kind under the key (an ``HKQuantity``, a string against a number) never
  /// matches. `value` is a `String`, a number or a `Date`, as Apple's page requires; another
  /// type traps with a message naming it. Apple's parameter is Foundation's
  /// `NSComparisonPredicate.Operator`: ``HKPredicateOperator`` has its comparisons, so
  /// `operatorType: .greaterThan` compiles against both (docs/swift-api.md#the-health-store).
  public class func predicateForObjects(
    withMetadataKey key: String, operatorType: HKPredicateOperator, value: Any
  ) -> NSPredicate {
    HKPredicate(
      .metadata(key, .compare(operatorType, HKPredicate.MetadataOperand.required(value, key: key))))
  }

  /// Traps with ``incompatibleQuantityMessage(_:type:)`` when `predicate` (or a part of a
  /// compound of it) is a `predicateForQuantitySamples(with:quantity:)` whose quantity's unit
  /// does not fit `type`, a quantity type; any other predicate or type passes. Where a query's
  /// or descriptor's type meets its predicate (``HKQuery``'s initializers, ``HKQueryDescriptor``,
  /// ``HKSamplePredicate``), so the process stops at the line that made it, not inside
  /// `execute` (project rule, docs/swift-api-values.md#traps).
  static func checkQuantities(in predicate: NSPredicate?, for type: HKObjectType?) {
    guard let predicate, let type = type as? HKQuantityType else { return }
    if let compound = predicate as? NSCompoundPredicate {
      for part in compound.subpredicates { checkQuantities(in: part, for: type) }
      return
    }
    guard case .quantity(_, let quantity)? = (predicate as? HKPredicate)?.filter,
      !quantity.is(compatibleWith: type.canonicalUnit)
    else { return }
    preconditionFailure(incompatibleQuantityMessage(quantity, type: type))
  }

  /// The trap message of a `predicateForQuantitySamples(with:quantity:)` whose `quantity`
  /// cannot be compared with samples of `type`: it names the predicate, the quantity, the type
  /// and the unit its samples are kept in, and what to write. HealthKit raises an exception
  /// when a quantity is converted to an incompatible unit (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantity/doublevalue(for:)), and
  /// documents the predicate only for quantity samples
  /// (https://developer.apple.com/documentation/healthkit/hkquery/predicateforquantitysamples(with:quantity:));
  /// the words are workout-sim's (project rule, docs/swift-api-values.md#traps).
  static func incompatibleQuantityMessage(_ quantity: HKQuantity, type: HKQuantityType) -> String {
    let unit = type.healthDataType?.hkUnit ?? type.canonicalUnit
    return
      "predicateForQuantitySamples(with:quantity:): the quantity \(quantity) cannot be compared with samples of \(type.identifier), which are in \(unit) (\(quantity.unit) is not compatible with \(unit): HealthKit raises an exception converting incompatible units); give the predicate a quantity in a unit compatible with \(unit), HKQuantity(unit: HKUnit(from: \"\(unit)\"), doubleValue: ...), or use it in a query of the type it was meant for (docs/swift-api-values.md#traps)"
  }

  /// The trap message of a predicate the simulated store cannot read.
  static func unreadablePredicateMessage(_ predicate: NSPredicate) -> String {
    "SimulatedHealthKit cannot read the predicate \(predicate): use HKQuery's predicate helpers (predicateForSamples(withStart:end:options:), predicateForObjects(from:), ...), NSCompoundPredicate of them or NSPredicate(value:); block and format predicates are not simulated (docs/swift-api.md#the-health-store)"
  }
}

// Darwin's Foundation has `init(key:ascending:)` itself (key-value coding): redeclaring it there
// would not compile, so the overload exists only where Foundation lacks it.
#if !canImport(Darwin)
  extension NSSortDescriptor {
    /// `NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: false)`, as apps write
    /// it: swift-corelibs-foundation has no key-value coding, so this overload makes the key-path
    /// descriptor of ``HKSample/startDate`` (`HKSampleSortIdentifierStartDate`),
    /// ``HKSample/endDate`` (`HKSampleSortIdentifierEndDate`), or of a workout's
    /// ``HKWorkout/duration`` (`HKWorkoutSortIdentifierDuration`), total distance in metres
    /// (`HKWorkoutSortIdentifierTotalDistance`), total energy in kilocalories
    /// (`HKWorkoutSortIdentifierTotalEnergyBurned`), flights climbed
    /// (`HKWorkoutSortIdentifierTotalFlightsClimbed`) or swimming strokes
    /// (`HKWorkoutSortIdentifierTotalSwimmingStrokeCount`) (a workout without the total first,
    /// ascending; `workoutSortKeyPath(for:)`).
    ///
    /// Traps with "NSSortDescriptor(key:ascending:): SimulatedHealthKit sorts samples by
    /// HKSampleSortIdentifierStartDate or HKSampleSortIdentifierEndDate (workouts also by …),
    /// not <key>" for any other key, or `nil` (docs/swift-api.md#the-health-store).
    public convenience init(key: String?, ascending: Bool) {
      switch key {
      case HKSampleSortIdentifierStartDate:
        self.init(keyPath: \HKSample.startDate, ascending: ascending)
      case HKSampleSortIdentifierEndDate:
        self.init(keyPath: \HKSample.endDate, ascending: ascending)
      default:
        guard let path = Self.workoutSortKeyPath(for: key) else {
          preconditionFailure(Self.unknownKeyMessage(key))
        }
        self.init(keyPath: path, ascending: ascending)
      }
    }
  }
#endif

extension NSSortDescriptor {
  /// The trap message of an unknown sort key.
  static func unknownKeyMessage(_ key: String?) -> String {
    "NSSortDescriptor(key:ascending:): SimulatedHealthKit sorts samples by HKSampleSortIdentifierStartDate or HKSampleSortIdentifierEndDate (workouts also by HKWorkoutSortIdentifierDuration, HKWorkoutSortIdentifierTotalDistance, HKWorkoutSortIdentifierTotalEnergyBurned, HKWorkoutSortIdentifierTotalFlightsClimbed or HKWorkoutSortIdentifierTotalSwimmingStrokeCount), not \(key ?? "nil")"
  }

  /// The workout value a workout sort key orders by, or `nil` for another key: the one home of
  /// the workout keys, read by this module's `init(key:ascending:)` where Foundation has no
  /// key-value coding and by ``SampleOrder`` for a descriptor Darwin's own
  /// `init(key:ascending:)` made (key-value coding cannot read ``HKWorkout``'s Swift properties,
  /// so the sort compares these values instead; docs/darwin.md).
  static func workoutSortKeyPath(for key: String?) -> KeyPath<HKWorkout, Double>? {
    switch key {
    case HKWorkoutSortIdentifierDuration: \HKWorkout.duration
    case HKWorkoutSortIdentifierTotalDistance: \HKWorkout.distanceSortKey
    case HKWorkoutSortIdentifierTotalEnergyBurned: \HKWorkout.energySortKey
    case HKWorkoutSortIdentifierTotalFlightsClimbed: \HKWorkout.flightsSortKey
    case HKWorkoutSortIdentifierTotalSwimmingStrokeCount: \HKWorkout.strokesSortKey
    default: nil
    }
  }
}
