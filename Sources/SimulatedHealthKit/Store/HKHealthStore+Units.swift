import WorkoutCore
import WorkoutHealth

/// Preferred units, the earliest permitted sample date and source queries
/// (docs/healthkit-types.md#units-sources-and-dates).
extension HKHealthStore {
  /// The person's preferred unit for each of `quantityTypes`, handed to `completion` in the
  /// callback lane (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/preferredunits(for:completion:)).
  ///
  /// HealthKit answers with the units the person chose in the Health app, else the defaults of
  /// the device's region. The simulated person never chose any: the units follow the
  /// measurement system of `HealthKitSimulation.measurementLocale` (metric, US or UK;
  /// the table is in docs/healthkit-types.md#preferred-units). Without read or share
  /// authorization asked for every type (Apple: "your app must request read or share access to
  /// all the types in this set") the completion gets `errorAuthorizationNotDetermined`.
  public func preferredUnits(
    for quantityTypes: Set<HKQuantityType>,
    completion: @escaping @Sendable ([HKQuantityType: HKUnit], (any Error)?) -> Void
  ) {
    let result = preferredUnitsResult(quantityTypes)
    simulation.enqueue {
      switch result {
      case .success(let units): completion(units, nil)
      case .failure(let error): completion([:], error)
      }
    }
  }

  /// The async form of ``preferredUnits(for:completion:)``.
  ///
  /// - Throws: `errorAuthorizationNotDetermined` for a type the app never asked to read or
  ///   share.
  @discardableResult
  nonisolated(nonsending) public func preferredUnits(for quantityTypes: Set<HKQuantityType>)
    async throws
    -> [HKQuantityType: HKUnit]
  {
    let result = preferredUnitsResult(quantityTypes)
    await simulation.deliver()
    return try result.get()
  }

  private func preferredUnitsResult(_ types: Set<HKQuantityType>) -> Result<
    [HKQuantityType: HKUnit], HKError
  > {
    let system = simulation.measurementLocale.measurementSystem
    return simulation.state.withLock { state in
      var units: [HKQuantityType: HKUnit] = [:]
      for type in types {
        guard
          state.authorization.readGranted(type.identifier) != nil
            || state.authorization.shareGranted(type.identifier) != nil
        else { return .failure(notDeterminedError) }
        units[type] = type.preferredUnit(in: system)
      }
      return .success(units)
    }
  }

  /// The earliest date the store takes and returns samples for (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/earliestpermittedsampledate()):
  /// on the watch (a store made in `on(.watch)`) 7 days before virtual now, the history the
  /// watch's store keeps (docs/phone-link.md#the-two-health-stores); on the phone and for a
  /// store made outside `on`, `Date.distantPast` (the phone keeps everything). workout-sim does
  /// not refuse an earlier save (HealthKit fails it with `errorInvalidArgument`).
  public func earliestPermittedSampleDate() -> Date {
    guard device == .watch else { return .distantPast }
    let now = simulation.now
    return now.addingTimeInterval(
      -Double(HealthKitSimulation.State.watchHistory.components.seconds))
  }
}

extension HKQuantityType {
  /// This type's unit in the measurement system `system` (docs/healthkit-types.md#preferred-units):
  /// distances km or mi, height and waist cm or in, body masses kg, lb (US) or st (UK), volumes
  /// mL, US or imperial fluid ounces, temperatures degC or degF (US), speeds km/hr or mi/hr,
  /// heart rates count/min, energy kcal; any other type its canonical unit.
  func preferredUnit(in system: Locale.MeasurementSystem) -> HKUnit {
    let metric = system == .metric
    let us = system == .us
    let canonical = canonicalUnit
    let name = identifier.dropFirst("HKQuantityTypeIdentifier".count)
    switch canonical.dimensionName {
    case "Length" where name.hasPrefix("Distance") || name == "SixMinuteWalkTestDistance":
      return metric ? HKUnit.meterUnit(with: .kilo) : .mile()
    case "Length" where name == "Height" || name == "WaistCircumference":
      return metric ? HKUnit.meterUnit(with: .centi) : .inch()
    case "Mass" where name == "BodyMass" || name == "LeanBodyMass":
      return metric ? HKUnit.gramUnit(with: .kilo) : us ? .pound() : .stone()
    case "Volume":
      return metric ? HKUnit.literUnit(with: .milli) : us ? .fluidOunceUS() : .fluidOunceImperial()
    case "Energy":
      return .kilocalorie()
    default:
      break
    }
    if canonical == HKUnit.degreeCelsius() { return us ? .degreeFahrenheit() : .degreeCelsius() }
    if canonical == HKUnit.meter().unitDivided(by: .second()) {
      return metric
        ? HKUnit.meterUnit(with: .kilo).unitDivided(by: .hour())
        : HKUnit.mile().unitDivided(by: .hour())
    }
    if canonical == HKUnit.count().unitDivided(by: .second()) {
      return HKUnit.count().unitDivided(by: .minute())
    }
    return canonical
  }
}

extension HealthKitSimulation {
  /// The locale whose measurement system decides the preferred units
  /// (``HKHealthStore/preferredUnits(for:completion:)``): the one given to
  /// ``setMeasurementLocale(_:)``, else the scenario's region by its `timeZone`: `en_US` for the
  /// United States' zones (`America/New_York`, `America/Chicago`, `America/Denver`,
  /// `America/Phoenix`, `America/Los_Angeles`, `America/Anchorage`, `Pacific/Honolulu`, ...),
  /// `en_GB` for `Europe/London`, else a metric region (workout-sim's rule: a scenario names a
  /// time zone, not a region).
  public var measurementLocale: Locale {
    if let chosen = state.withLock({ $0.extensionState(MeasurementRegion.self)?.locale }) {
      return chosen
    }
    return Self.locale(ofTimeZone: scenario.timeZone)
  }

  /// Sets the locale whose measurement system decides the preferred units (the region the
  /// simulated person's phone is set to).
  public func setMeasurementLocale(_ locale: Locale) {
    mutate { state in
      state.withExtension(MeasurementRegion.self, of: self) { region, _ in region.locale = locale }
    }
  }

  /// The locale of the region of time zone `identifier` (see ``measurementLocale``).
  static func locale(ofTimeZone identifier: String) -> Locale {
    if identifier == "Europe/London" { return Locale(identifier: "en_GB") }
    let unitedStates: Set<String> = [
      "America/New_York", "America/Chicago", "America/Denver", "America/Phoenix",
      "America/Los_Angeles", "America/Anchorage", "America/Adak", "America/Boise",
      "America/Detroit", "America/Juneau", "America/Indiana/Indianapolis",
      "America/Kentucky/Louisville", "Pacific/Honolulu", "US/Eastern", "US/Central",
      "US/Mountain", "US/Pacific",
    ]
    return Locale(identifier: unitedStates.contains(identifier) ? "en_US" : "en_150")
  }
}

/// The locale `HealthKitSimulation.setMeasurementLocale(_:)` chose.
struct MeasurementRegion: SimulationExtension {
  var locale: Locale?

  init(simulation: HealthKitSimulation) {}
}

/// The sources of a type's samples, HealthKit's `HKSourceQuery` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hksourcequery).
///
/// The sources are those of the samples a sample query with the same type and predicate finds:
/// the app's own (``HKSource/default()``, name "workout-sim", bundle identifier
/// "dev.workout-sim.app"), the watch's ("Apple Watch", "com.apple.health.watch") and the
/// phone's ("iPhone", "com.apple.health.iPhone") for the scenario's health data
/// (docs/healthkit-types.md#sources).
public final class HKSourceQuery: HKQuery, @unchecked Sendable {
  private let completionHandler: @Sendable (HKSourceQuery, Set<HKSource>?, (any Error)?) -> Void

  /// A query of the sources of `sampleType`'s samples that match `objectPredicate` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hksourcequery/init(sampletype:samplepredicate:completionhandler:)).
  public init(
    sampleType: HKSampleType, samplePredicate objectPredicate: NSPredicate?,
    completionHandler: @escaping @Sendable (HKSourceQuery, Set<HKSource>?, (any Error)?) -> Void
  ) {
    self.completionHandler = completionHandler
    super.init(objectType: sampleType, predicate: objectPredicate)
  }

  override func activate(
    in context: QueryContext, state: inout HealthKitSimulation.State
  ) -> [HealthKitSimulation.Callback] {
    let result = HKSampleQuery.samples(
      of: objectType, predicate: predicate, limit: HKObjectQueryNoLimit, sortDescriptors: nil,
      context: context, state: &state)
    switch result {
    case .failure(let error): return fail(error)
    case .success(let samples):
      let sources = Set(samples.map(\.sourceRevision.source))
      let query = self
      let handler = completionHandler
      return [{ if !query.isStopped { handler(query, sources, nil) } }]
    }
  }

  override func fail(_ error: HKError) -> [HealthKitSimulation.Callback] {
    let query = self
    let handler = completionHandler
    return [{ if !query.isStopped { handler(query, nil, error) } }]
  }
}

/// The async form of ``HKSourceQuery``, HealthKit's `HKSourceQueryDescriptor` (iOS 15.4; Apple
/// doc: https://developer.apple.com/documentation/healthkit/hksourcequerydescriptor).
public struct HKSourceQueryDescriptor<Sample: HKSample>: HKAsyncQuery, Sendable {
  /// The samples whose sources are looked for.
  public var predicate: HKSamplePredicate<Sample>

  /// A descriptor of the sources of the samples `predicate` matches (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hksourcequerydescriptor/init(predicate:)).
  public init(predicate: HKSamplePredicate<Sample>) {
    self.predicate = predicate
  }

  /// The sources, ordered by bundle identifier (workout-sim's order: HealthKit's is a set).
  ///
  /// - Throws: the ``HKError`` an ``HKSourceQuery`` would get (`errorDatabaseInaccessible`
  ///   while locked, `errorAuthorizationNotDetermined`).
  nonisolated(nonsending) public func result(for healthStore: HKHealthStore) async throws
    -> [HKSource]
  {
    let found: Set<HKSource> = try await healthStore.run { finish in
      HKSourceQuery(
        sampleType: predicate.sampleType, samplePredicate: predicate.nsPredicate
      ) { _, sources, error in
        finish(sources.map { .success($0) } ?? .failure(error ?? HKError(.unknownError)))
      }
    }
    return found.sorted { $0.bundleIdentifier < $1.bundleIdentifier }
  }
}
