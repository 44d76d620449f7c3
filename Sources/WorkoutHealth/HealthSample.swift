import WorkoutCore

/// The kinds of data the simulated health store holds: every quantity and category type of
/// HealthKit's current SDK (``HealthTypeCatalog``), workouts, ECG recordings, and the sample
/// types whose objects only the app saves (document, series and state-of-mind types); two
/// bytes of code and one of form each.
///
/// The eleven kinds the generator produces (``modeled``) keep the codes 0 to 10 and their
/// names: `stepCount`, `distanceWalkingRunning`, `activeEnergyBurned`, `basalEnergyBurned`,
/// `heartRate`, `restingHeartRate`, `sleepAnalysis`, `workout`, `electrocardiogram`,
/// `heartRateVariabilitySDNN`, `respiratoryRate`; the other quantity and category types follow
/// from code 11 in the catalog's order, so an app can save
/// and query any of them. Quantity values are stored in the canonical unit given by ``unit``
/// (Apple doc: https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier);
/// category types hold their value's raw value (`HKCategoryValueSleepAnalysis`, ...),
/// `workout` and `electrocardiogram` an index into the store's side tables.
public struct HealthDataType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// What the store does with a kind's values.
  enum Form: UInt8, Sendable, Hashable {
    /// A quantity whose statistics are sums.
    case cumulative
    /// A quantity whose statistics are averages, minima and maxima.
    case discrete
    /// A category value.
    case category
    /// A workout (index into the workouts).
    case workout
    /// An ECG recording (index into the recordings).
    case electrocardiogram
    /// An object the app saved whose content the store does not read (a workout route, a
    /// heartbeat series, a CDA document, an audiogram, a state of mind, a scored assessment): the store keeps its interval,
    /// source, UUID and arrival, so anchors, deletions and date, source and UUID filters work
    /// as for every kind; the object itself is kept beside the store.
    case object
  }

  /// The kind's code: its index in ``allCases``.
  public let rawValue: UInt16
  /// The form, kept in the value so the store's loops read it without a lookup.
  let form: Form

  private init(code: UInt16, form: Form) {
    self.rawValue = code
    self.form = form
  }

  /// The kind with code `rawValue`, or `nil` past the last one.
  public init?(rawValue: UInt16) {
    guard Int(rawValue) < Self.allCases.count else { return nil }
    self = Self.allCases[Int(rawValue)]
  }

  /// The kind of HealthKit type identifier `identifier` (`"HKQuantityTypeIdentifierDietaryWater"`,
  /// `"HKWorkoutTypeIdentifier"`), or `nil` for a type the store does not hold (characteristic,
  /// correlation, series, document and activity summary types, unknown identifiers).
  public init?(identifier: String) {
    guard let code = Self.codes[identifier] else { return nil }
    self = Self.allCases[Int(code)]
  }

  /// Steps (count, cumulative).
  public static let stepCount = Self(code: 0, form: .cumulative)
  /// Walking and running distance (m, cumulative).
  public static let distanceWalkingRunning = Self(code: 1, form: .cumulative)
  /// Active energy (kcal, cumulative).
  public static let activeEnergyBurned = Self(code: 2, form: .cumulative)
  /// Basal (resting) energy (kcal, cumulative).
  public static let basalEnergyBurned = Self(code: 3, form: .cumulative)
  /// Heart rate (count/min, discrete, temporally weighted).
  public static let heartRate = Self(code: 4, form: .discrete)
  /// The day's resting heart rate (count/min, discrete, arithmetic).
  public static let restingHeartRate = Self(code: 5, form: .discrete)
  /// Sleep analysis (category: `HKCategoryValueSleepAnalysis` raw value in ``HealthSample/value``).
  public static let sleepAnalysis = Self(code: 6, form: .category)
  /// A workout (``HealthSample/value`` is the index of its ``HealthWorkout`` in the store).
  public static let workout = Self(code: 7, form: .workout)
  /// An ECG recording (``HealthSample/value`` is the index of its ``HealthElectrocardiogram``).
  public static let electrocardiogram = Self(code: 8, form: .electrocardiogram)
  /// Heart rate variability, the SDNN of a short reading (ms, discrete, arithmetic; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/heartratevariabilitysdnn).
  public static let heartRateVariabilitySDNN = Self(code: 9, form: .discrete)
  /// Breathing rate (count/min, discrete, arithmetic; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/respiratoryrate).
  public static let respiratoryRate = Self(code: 10, form: .discrete)

  /// The kinds the generator produces and a scenario's `health` key lists, codes 0 to 10.
  public static let modeled: [HealthDataType] = [
    .stepCount, .distanceWalkingRunning, .activeEnergyBurned, .basalEnergyBurned, .heartRate,
    .restingHeartRate, .sleepAnalysis, .workout, .electrocardiogram, .heartRateVariabilitySDNN,
    .respiratoryRate,
  ]

  /// The HealthKit identifiers of the modeled kinds, by code.
  private static let modeledIdentifiers = [
    "HKQuantityTypeIdentifierStepCount", "HKQuantityTypeIdentifierDistanceWalkingRunning",
    "HKQuantityTypeIdentifierActiveEnergyBurned", "HKQuantityTypeIdentifierBasalEnergyBurned",
    "HKQuantityTypeIdentifierHeartRate", "HKQuantityTypeIdentifierRestingHeartRate",
    "HKCategoryTypeIdentifierSleepAnalysis", "HKWorkoutTypeIdentifier",
    "HKDataTypeIdentifierElectrocardiogram", "HKQuantityTypeIdentifierHeartRateVariabilitySDNN",
    "HKQuantityTypeIdentifierRespiratoryRate",
  ]

  /// Every kind the store holds, by code: the modeled ones, then the catalog's other quantity
  /// and category types in its order.
  public static let allCases: [HealthDataType] = table.kinds

  /// The catalog entry of each kind, by code.
  private static let entries: [HealthTypeEntry] = table.entries

  /// Identifier → code.
  private static let codes: [String: UInt16] = {
    var codes: [String: UInt16] = [:]
    for (code, entry) in entries.enumerated() { codes[entry.identifier] = UInt16(code) }
    return codes
  }()

  private static let table: (kinds: [HealthDataType], entries: [HealthTypeEntry]) = {
    var kinds = modeled
    // Every modeled kind is in the catalog.
    var entries = modeledIdentifiers.map { HealthTypeCatalog.entry($0)! }
    let taken = Set(modeledIdentifiers)
    for entry in HealthTypeCatalog.entries where !taken.contains(entry.identifier) {
      let form: Form
      switch entry.kind {
      case .quantity: form = entry.aggregation == .cumulative ? .cumulative : .discrete
      case .category: form = .category
      case .document, .series, .stateOfMind, .scoredAssessment, .audiogram, .visionPrescription:
        form = .object
      default: continue
      }
      kinds.append(Self(code: UInt16(kinds.count), form: form))
      entries.append(entry)
    }
    return (kinds, entries)
  }()

  /// The HealthKit identifier (`"HKQuantityTypeIdentifierStepCount"`).
  public var identifier: String { Self.entries[Int(rawValue)].identifier }

  /// The catalog entry (canonical unit, aggregation style, value enumeration, availability).
  public var entry: HealthTypeEntry { Self.entries[Int(rawValue)] }

  /// The name: the HealthKit identifier's Swift name (`"stepCount"`, `"dietaryWater"`,
  /// `"sleepAnalysis"`, `"workout"`).
  public var name: String { Self.entries[Int(rawValue)].name }

  /// ``name``.
  public var description: String { name }

  /// Two kinds are the same when their codes are.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.rawValue == rhs.rawValue }

  /// Hashes the code.
  public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

  /// `true` for quantity types whose statistics are sums (HealthKit's
  /// `HKQuantityAggregationStyle.cumulative`).
  public var isCumulative: Bool { form == .cumulative }

  /// `true` for quantity types (the ones with statistics).
  public var isQuantity: Bool { form == .cumulative || form == .discrete }

  /// `true` for category types (values are a category's raw values).
  public var isCategory: Bool { form == .category }

  /// `true` for the kinds whose samples are objects the app saved (``Form/object``: routes,
  /// heartbeat series, CDA documents, audiograms, states of mind, scored assessments); their value is
  /// always 0.
  public var isObject: Bool { form == .object }

  /// The largest value one sample of a modeled kind may hold, in ``unit`` (a project rule, far
  /// above any real body, so that sums over 400 days stay finite): 10⁶ steps, 10⁶ m, 10⁵ kcal,
  /// 300 count/min (heart and breathing rates), 1000 ms (HRV); `nil` for the other kinds.
  public var maximumSampleValue: Double? {
    switch self {
    case .stepCount, .distanceWalkingRunning: 1_000_000
    case .activeEnergyBurned, .basalEnergyBurned: 100_000
    case .heartRate, .restingHeartRate, .respiratoryRate: 300
    case .heartRateVariabilitySDNN: 1000
    default: nil
    }
  }

  /// The unit string (`HKUnit(from:)`) the store keeps values of this kind in: `count/min` for
  /// the heart rates and the breathing rate (the generator's unit), else the type's canonical
  /// unit of the SDK header (`count`, `m`, `kcal`, `ms`, `mL`, `kg`); empty for the kinds that
  /// are not quantities.
  public var unit: String {
    switch self {
    case .heartRate, .restingHeartRate, .respiratoryRate: "count/min"
    default: Self.entries[Int(rawValue)].unit
    }
  }
}

/// Where a sample came from: a device of the person's (their Apple Watch, their iPhone) or an
/// app that saved it. The store keeps a table of sources; a sample names its source by index.
public struct HealthSource: Hashable, Sendable {
  /// What kind of source this is.
  public enum Kind: UInt8, Sendable, Hashable {
    /// The person's Apple Watch (its built-in sensors).
    case watch
    /// The person's iPhone (its motion coprocessor).
    case iPhone
    /// An app that saved samples through the store.
    case app
  }

  /// The source's kind.
  public var kind: Kind
  /// The name HealthKit shows (`HKSource.name`), e.g. "Apple Watch".
  public var name: String
  /// The bundle identifier (`HKSource.bundleIdentifier`).
  public var bundleIdentifier: String

  /// A source of `kind` named `name` with `bundleIdentifier`.
  public init(kind: Kind, name: String, bundleIdentifier: String) {
    self.kind = kind
    self.name = name
    self.bundleIdentifier = bundleIdentifier
  }

  /// The simulated app's own source, under which it saves (SimulatedHealthKit's
  /// `HKSource.default()`, a live builder's finished workout and its samples): name
  /// "workout-sim", bundle identifier "dev.workout-sim.app" (workout-sim's choice, the one home of
  /// it; docs/swift-api.md#the-health-store).
  public static let simulatedApp = HealthSource(
    kind: .app, name: "workout-sim", bundleIdentifier: "dev.workout-sim.app")

  /// The person's Apple Watch as a source: name "Apple Watch", bundle identifier
  /// "com.apple.health.watch" (the one home of it: the generated days' watch data, the
  /// system's exercise minutes of a watch workout; docs/health-data.md).
  public static let appleWatch = HealthSource(
    kind: .watch, name: "Apple Watch", bundleIdentifier: "com.apple.health.watch")

  /// The person's iPhone as a source: name "iPhone", bundle identifier
  /// "com.apple.health.iPhone" (the one home of it: the generated days' phone steps, the
  /// system's exercise minutes of an iPhone workout; docs/health-data.md).
  public static let iPhone = HealthSource(
    kind: .iPhone, name: "iPhone", bundleIdentifier: "com.apple.health.iPhone")
}

/// One stored sample: 40 bytes (`MemoryLayout<HealthSample>.stride`; the 4-byte type and the
/// 2-byte source share the first word).
///
/// Times are instants on the simulation's clock (nanoseconds from the scenario's `t = 0`;
/// negative before it: the person's earlier days). A sample is visible to queries from
/// ``savedAt`` on (the moment its device wrote it to the store the app reads).
public struct HealthSample: Sendable, Equatable {
  /// The kind of data.
  public var type: HealthDataType
  /// The index of the sample's source in the store's source table.
  public var source: UInt16
  /// The start of the sample's interval (ns from `t = 0`).
  public var start: SimulationInstant
  /// The end of the sample's interval (ns from `t = 0`), at or after ``start``.
  public var end: SimulationInstant
  /// The value in the type's canonical unit (``HealthDataType/unit``); for categories the raw
  /// value, for workouts and ECGs the index into the side table.
  public var value: Double
  /// When the sample reaches the store (ns from `t = 0`), at or after ``end``.
  public var savedAt: SimulationInstant

  /// A sample of `type` from source `source` over `start...end` with `value`, saved at
  /// `savedAt` (`end` when omitted).
  public init(
    type: HealthDataType, source: UInt16, start: SimulationInstant, end: SimulationInstant,
    value: Double, savedAt: SimulationInstant? = nil
  ) {
    self.type = type
    self.source = source
    self.start = start
    self.end = end
    self.value = value
    self.savedAt = savedAt ?? end
  }
}

/// One quantity of a series sample (HealthKit's `HKQuantitySeriesSampleBuilder`): its value and
/// the interval it covers, inside its sample's. Statistics read a series sample's parts, each as
/// if it were its own sample of that interval with the sample's type and source (Apple doc,
/// https://developer.apple.com/documentation/healthkit/hkquantityseriessamplequery: "Statistical
/// queries correctly handle quantity data, whether the samples represent a single quantity or a
/// series"; docs/health-store.md#series-samples).
public struct HealthSeriesPart: Sendable, Equatable {
  /// The start of the quantity's interval (ns from `t = 0`).
  public var start: SimulationInstant
  /// The end of the quantity's interval (ns from `t = 0`), at or after ``start``; equal for a
  /// quantity of one instant.
  public var end: SimulationInstant
  /// The value in the sample type's ``HealthDataType/unit``.
  public var value: Double

  /// A quantity of `value` over `start...end`.
  public init(start: SimulationInstant, end: SimulationInstant, value: Double) {
    self.start = start
    self.end = end
    self.value = value
  }
}
