import Synchronization
import WorkoutHealth

/// The ECG type, HealthKit's `HKElectrocardiogramType` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkelectrocardiogramtype); identifier
/// `"HKDataTypeIdentifierElectrocardiogram"`. Get it with
/// `HKObjectType.electrocardiogramType()`.
public final class HKElectrocardiogramType: HKSampleType, @unchecked Sendable {
  convenience init() {
    self.init(identifier: "HKDataTypeIdentifierElectrocardiogram")
  }
}

extension HKObjectType {
  /// The ECG type (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkobjecttype/electrocardiogramtype()).
  public class func electrocardiogramType() -> HKElectrocardiogramType {
    HKElectrocardiogramType()
  }
}

/// An ECG recording of the Watch's ECG app, HealthKit's `HKElectrocardiogram` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkelectrocardiogram): its summary here,
/// its voltages through ``HKElectrocardiogramQuery``.
///
/// No public initializer (HealthKit has none): recordings come from the scenario's `health` data
/// through the store's queries. The voltages are a deterministic lead-I waveform at the
/// recording's average heart rate (`ElectrocardiogramWaveform`, docs/swift-api.md#ecg-recordings).
public final class HKElectrocardiogram: HKSample, @unchecked Sendable {
  /// The ECG app's classification, HealthKit's `HKElectrocardiogram.Classification` with the
  /// SDK's raw values (iOS 14 SDK `HKElectrocardiogram.h`).
  public enum Classification: Int, Sendable, Hashable, CaseIterable {
    /// No classification (0).
    case notSet = 0
    /// No signs of atrial fibrillation (1).
    case sinusRhythm = 1
    /// Signs of atrial fibrillation (2).
    case atrialFibrillation = 2
    /// Not checked: heart rate under 50 count/min (3).
    case inconclusiveLowHeartRate = 3
    /// Not checked: heart rate too high (4).
    case inconclusiveHighHeartRate = 4
    /// Not checked: the signal did not meet the requirements (5).
    case inconclusivePoorReading = 5
    /// No classification could be made (6).
    case inconclusiveOther = 6
    /// A classification this device does not know (100).
    case unrecognized = 100
  }

  /// Whether the person reported symptoms, HealthKit's `HKElectrocardiogram.SymptomsStatus`
  /// (raw values of the iOS 14 SDK).
  public enum SymptomsStatus: Int, Sendable, Hashable, CaseIterable {
    /// Not said (0).
    case notSet = 0
    /// No symptoms (1).
    case none = 1
    /// Symptoms present (2).
    case present = 2
  }

  /// An ECG lead, HealthKit's `HKElectrocardiogram.Lead`.
  public enum Lead: Int, Sendable, Hashable, CaseIterable {
    /// The Apple Watch's electrical heart sensor, similar to lead I (1).
    case appleWatchSimilarToLeadI = 1
  }

  /// The voltages of all leads at one instant, HealthKit's `HKElectrocardiogram.VoltageMeasurement`
  /// (Apple doc: https://developer.apple.com/documentation/healthkit/hkelectrocardiogram/voltagemeasurement).
  public final class VoltageMeasurement: NSObject, @unchecked Sendable {
    /// Seconds from the recording's start: `index / samplingFrequency`.
    public let timeSinceSampleStart: TimeInterval
    /// The lead-I voltage in volts.
    let volts: Double

    init(timeSinceSampleStart: TimeInterval, volts: Double) {
      self.timeSinceSampleStart = timeSinceSampleStart
      self.volts = volts
    }

    /// The voltage of `lead` in volts (`doubleValue(for: .volt())`; the Watch records
    /// microvolts: `doubleValue(for: .voltUnit(with: .micro))`).
    public func quantity(for lead: HKElectrocardiogram.Lead) -> HKQuantity? {
      switch lead {
      case .appleWatchSimilarToLeadI: HKQuantity(unit: .volt(), doubleValue: volts)
      }
    }
  }

  /// The recording's summary and its waveform's seed.
  package let recording: HealthElectrocardiogram

  /// The number of voltage measurements (30 s at 512 Hz: 15 360).
  public var numberOfVoltageMeasurements: Int { recording.numberOfVoltageMeasurements }
  /// The sampling frequency in hertz (`HKUnit.hertz()`).
  public var samplingFrequency: HKQuantity? {
    HKQuantity(unit: .hertz(), doubleValue: recording.samplingFrequency)
  }
  /// The classification (``Classification/unrecognized`` for a raw value this module does not
  /// know).
  public var classification: Classification {
    Classification(rawValue: recording.classification) ?? .unrecognized
  }
  /// The average heart rate during the recording, in count/min.
  public var averageHeartRate: HKQuantity? {
    HKQuantity(
      unit: HKUnit.count().unitDivided(by: .minute()), doubleValue: recording.averageHeartRate)
  }
  /// Whether symptoms were reported: `none` (workout-sim's generated recordings report none).
  public let symptomsStatus: SymptomsStatus

  /// The symptoms status of every generated recording: ``SymptomsStatus/none``.
  static let generatedSymptomsStatus = SymptomsStatus.none

  /// A recording starting at `startDate` (its end is `startDate` + measurements / frequency).
  package init(
    recording: HealthElectrocardiogram, startDate: Date, endDate: Date, uuid: UUID,
    symptomsStatus: SymptomsStatus = .none, device: HKDevice?,
    sourceRevision: HKSourceRevision
  ) {
    self.recording = recording
    self.symptomsStatus = symptomsStatus
    super.init(
      sampleType: HKElectrocardiogramType(), startDate: startDate, endDate: endDate, uuid: uuid,
      metadata: nil, device: device, sourceRevision: sourceRevision)
  }

  /// Writes the sample's fields, the recording's summary and seed, and the symptoms status.
  public override func encode(with coder: NSCoder) {
    super.encode(with: coder)
    coder.encode(recording.classification, forKey: "classification")
    coder.encode(recording.averageHeartRate, forKey: "averageHeartRate")
    coder.encode(recording.samplingFrequency, forKey: "samplingFrequency")
    coder.encode(recording.numberOfVoltageMeasurements, forKey: "numberOfVoltageMeasurements")
    coder.encode(Int64(bitPattern: recording.seed), forKey: "seed")
    coder.encode(symptomsStatus.rawValue, forKey: "symptomsStatus")
  }

  /// Reads what ``encode(with:)`` wrote; `nil` for another sample type.
  public required init?(coder: NSCoder) {
    recording = HealthElectrocardiogram(
      classification: coder.decodeInteger(forKey: "classification"),
      averageHeartRate: coder.decodeDouble(forKey: "averageHeartRate"),
      samplingFrequency: coder.decodeDouble(forKey: "samplingFrequency"),
      numberOfVoltageMeasurements: coder.decodeInteger(forKey: "numberOfVoltageMeasurements"),
      seed: UInt64(bitPattern: coder.decodeInt64(forKey: "seed")))
    symptomsStatus =
      SymptomsStatus(rawValue: coder.decodeInteger(forKey: "symptomsStatus")) ?? .notSet
    super.init(coder: coder)
    guard sampleType is HKElectrocardiogramType else { return nil }
  }

  /// The measurement at `index` (0-based), from the recording's waveform.
  func measurement(_ index: Int, of waveform: ElectrocardiogramWaveform) -> VoltageMeasurement {
    VoltageMeasurement(
      timeSinceSampleStart: waveform.time(of: index), volts: waveform.voltage(at: index) * 1e-6)
  }
}

/// Reads an ECG's voltage measurements, HealthKit's `HKElectrocardiogramQuery` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkelectrocardiogramquery).
///
/// Executed, its data handler gets every measurement in order (`.measurement`), then `.done`,
/// in one turn of the callback lane; ``HKHealthStore/stop(_:)`` from the handler ends the
/// enumeration (no `.done` then). While the phone is locked it gets
/// `.error(HKError(.errorDatabaseInaccessible))`.
public final class HKElectrocardiogramQuery: HKQuery, @unchecked Sendable {
  /// What the data handler gets, HealthKit's `HKElectrocardiogramQuery.Result`.
  public enum Result: Sendable {
    /// The next voltage measurement.
    case measurement(HKElectrocardiogram.VoltageMeasurement)
    /// Every measurement was delivered.
    case done
    /// The query failed.
    case error(any Error)
  }

  /// The data handler's type.
  public typealias DataHandler = @Sendable (HKElectrocardiogramQuery, Result) -> Void

  /// The recording read.
  public let electrocardiogram: HKElectrocardiogram
  private let dataHandler: DataHandler

  /// A query of `electrocardiogram`'s voltages (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkelectrocardiogramquery/init(_:datahandler:)).
  public init(_ electrocardiogram: HKElectrocardiogram, dataHandler: @escaping DataHandler) {
    self.electrocardiogram = electrocardiogram
    self.dataHandler = dataHandler
    super.init(objectType: HKObjectType.electrocardiogramType(), predicate: nil)
  }

  override func activate(
    in context: QueryContext, state: inout HealthKitSimulation.State
  ) -> [HealthKitSimulation.Callback] {
    let query = self
    let handler = dataHandler
    let recording = electrocardiogram
    return [
      {
        let waveform = ElectrocardiogramWaveform(recording.recording)
        for index in 0..<waveform.count {
          if query.isStopped { return }
          handler(query, .measurement(recording.measurement(index, of: waveform)))
        }
        if !query.isStopped { handler(query, .done) }
      }
    ]
  }

  override func fail(_ error: HKError) -> [HealthKitSimulation.Callback] {
    let query = self
    let handler = dataHandler
    return [{ if !query.isStopped { handler(query, .error(error)) } }]
  }
}

/// The async form of ``HKElectrocardiogramQuery``, HealthKit's
/// `HKElectrocardiogramQueryDescriptor` (iOS 15.4; Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkelectrocardiogramquerydescriptor):
/// `for try await measurement in descriptor.results(for: store) { ... }`.
public struct HKElectrocardiogramQueryDescriptor: Sendable {
  /// The recording read.
  public let electrocardiogram: HKElectrocardiogram

  /// A descriptor of `electrocardiogram`'s voltages.
  public init(_ electrocardiogram: HKElectrocardiogram) {
    self.electrocardiogram = electrocardiogram
  }

  /// The measurements, in order; iterating runs the query at virtual now (delivering what is
  /// pending). The iteration throws `HKError(.errorDatabaseInaccessible)` while the phone is
  /// locked.
  public func results(for healthStore: HKHealthStore) -> Results {
    Results(electrocardiogram: electrocardiogram, store: healthStore)
  }

  /// The measurements of ``results(for:)``.
  public struct Results: AsyncSequence, Sendable {
    /// A voltage measurement.
    public typealias Element = HKElectrocardiogram.VoltageMeasurement

    let electrocardiogram: HKElectrocardiogram
    let store: HKHealthStore

    /// An iterator that runs the query on its first `next()`.
    public func makeAsyncIterator() -> AsyncIterator {
      AsyncIterator(electrocardiogram: electrocardiogram, store: store)
    }

    /// Runs the query once, then hands out its measurements.
    public struct AsyncIterator: AsyncIteratorProtocol {
      let electrocardiogram: HKElectrocardiogram
      let store: HKHealthStore
      private var measurements: [Element]?
      private var position = 0

      init(electrocardiogram: HKElectrocardiogram, store: HKHealthStore) {
        self.electrocardiogram = electrocardiogram
        self.store = store
      }

      /// The next measurement, or `nil` after the last.
      ///
      /// - Throws: the query's error (`errorDatabaseInaccessible` while locked).
      nonisolated(nonsending) public mutating func next() async throws -> Element? {
        if measurements == nil {
          let collected = Mutex<(values: [Element], error: (any Error)?)>(([], nil))
          store.execute(
            HKElectrocardiogramQuery(electrocardiogram) { _, result in
              collected.withLock { collected in
                switch result {
                case .measurement(let measurement): collected.values.append(measurement)
                case .done: break
                case .error(let error): collected.error = error
                }
              }
            })
          await store.simulation.deliver()
          let (values, error) = collected.withLock { $0 }
          if let error { throw error }
          measurements = values
        }
        guard let measurements, position < measurements.count else { return nil }
        defer { position += 1 }
        return measurements[position]
      }
    }
  }
}

/// What an electrocardiogram predicate matches.
enum ElectrocardiogramCondition: Hashable {
  /// The classification's raw value.
  case classification(Int)
  /// The symptoms status.
  case symptomsStatus(HKElectrocardiogram.SymptomsStatus)

  /// Whether a recording of `classification` (raw value) and `symptomsStatus` matches.
  func matches(classification: Int, symptomsStatus: HKElectrocardiogram.SymptomsStatus) -> Bool {
    switch self {
    case .classification(let raw): classification == raw
    case .symptomsStatus(let status): symptomsStatus == status
    }
  }
}

extension HKQuery {
  /// Electrocardiograms of `classification` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforelectrocardiograms(classification:);
  /// iOS 14, watchOS 7). The scenario's recordings carry their `classification` raw value; a
  /// query of another type matches nothing with it.
  public class func predicateForElectrocardiograms(
    classification: HKElectrocardiogram.Classification
  ) -> NSPredicate {
    HKPredicate(.electrocardiogram(.classification(classification.rawValue)))
  }

  /// Electrocardiograms whose symptoms status is `symptomsStatus` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforelectrocardiograms(symptomsstatus:);
  /// iOS 14, watchOS 7). The scenario's recordings report no symptoms
  /// (``HKElectrocardiogram/SymptomsStatus/none``): `.none` matches every one of them, `.present`
  /// and `.notSet` none.
  public class func predicateForElectrocardiograms(
    symptomsStatus: HKElectrocardiogram.SymptomsStatus
  ) -> NSPredicate {
    HKPredicate(.electrocardiogram(.symptomsStatus(symptomsStatus)))
  }
}
