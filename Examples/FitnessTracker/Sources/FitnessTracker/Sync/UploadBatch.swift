// The upload's body: one JSON object per batch (docs/phone.md#background-sync-in-the-example).
import Foundation

#if os(watchOS) || os(iOS)
  import HealthKit
#else
  import SimulatedHealthKit
#endif

/// One batch of new samples of one type, as the app POSTs it:
///
/// ```json
/// {"samples":[{"end":"2026-03-02T08:10:00.000Z","start":"2026-03-02T08:00:00.000Z",
///   "type":"HKQuantityTypeIdentifierStepCount","unit":"count",
///   "uuid":"0F3A…","value":120}],"type":"HKQuantityTypeIdentifierStepCount"}
/// ```
///
/// Keys sorted, no spaces, dates ISO 8601 in UTC with milliseconds, values in the type's
/// ``SyncedType/unit``; the same samples make the same bytes, so the idempotency key (SHA-256 of
/// the body) is the same on every attempt.
public struct UploadBatch: Codable, Equatable, Sendable {
  /// The HealthKit type identifier of every sample in the batch.
  public var type: String
  /// The samples, in the anchored query's order (the store's arrival order).
  public var samples: [UploadSample]

  /// A batch of `samples` of `type`.
  public init(type: String, samples: [UploadSample]) {
    self.type = type
    self.samples = samples
  }

  /// The body bytes: sorted keys, no whitespace.
  public func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(self)
  }

  /// The `Idempotency-Key` header of the body `body`: its SHA-256, 64 hexadecimal digits (the
  /// server answers a repeated key with the first answer and stores nothing twice).
  public static func idempotencyKey(of body: Data) -> String {
    sha256Hex(Array(body))
  }
}

/// One sample of a batch.
public struct UploadSample: Codable, Equatable, Sendable {
  /// The sample's HealthKit UUID (the server's key: a sample is stored once).
  public var uuid: String
  /// The HealthKit type identifier.
  public var type: String
  /// The sample's start, ISO 8601 UTC with milliseconds.
  public var start: String
  /// The sample's end.
  public var end: String
  /// The value in ``unit``: steps, kcal, beats per minute; an ECG's average heart rate, absent
  /// when the recording has none.
  public var value: Double?
  /// The unit string (`count`, `kcal`, `count/min`), absent with the value.
  public var unit: String?
  /// An ECG's classification (`HKElectrocardiogram.Classification` raw value); absent for
  /// quantities.
  public var classification: Int?

  /// A sample of the upload.
  public init(
    uuid: String, type: String, start: String, end: String, value: Double?, unit: String?,
    classification: Int? = nil
  ) {
    self.uuid = uuid
    self.type = type
    self.start = start
    self.end = end
    self.value = value
    self.unit = unit
    self.classification = classification
  }

  /// The upload form of `sample`, or `nil` for a sample of another kind.
  init?(_ sample: HKSample) {
    let type = sample.sampleType.identifier
    let start = Self.text(sample.startDate)
    let end = Self.text(sample.endDate)
    if let quantity = sample as? HKQuantitySample {
      guard let synced = SyncedType(identifier: type), let unit = synced.unit else { return nil }
      self.init(
        uuid: sample.uuid.uuidString, type: type, start: start, end: end,
        value: quantity.quantity.doubleValue(for: unit), unit: unit.unitString)
    } else if let ecg = sample as? HKElectrocardiogram {
      let perMinute = HKUnit.count().unitDivided(by: .minute())
      let average = ecg.averageHeartRate?.doubleValue(for: perMinute)
      self.init(
        uuid: sample.uuid.uuidString, type: type, start: start, end: end, value: average,
        unit: average == nil ? nil : perMinute.unitString,
        classification: ecg.classification.rawValue)
    } else {
      return nil
    }
  }

  /// `date` as ISO 8601 in UTC with milliseconds (`2026-03-02T08:00:00.000Z`).
  static func text(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    formatter.timeZone = TimeZone(identifier: "UTC")
    return formatter.string(from: date)
  }
}

/// The four types the app uploads.
public enum SyncedType: String, CaseIterable, Sendable {
  /// Steps (`count`).
  case steps = "HKQuantityTypeIdentifierStepCount"
  /// Heart rate (`count/min`).
  case heartRate = "HKQuantityTypeIdentifierHeartRate"
  /// Active energy (`kcal`).
  case activeEnergy = "HKQuantityTypeIdentifierActiveEnergyBurned"
  /// ECG recordings (average heart rate `count/min`, classification).
  case electrocardiogram = "HKDataTypeIdentifierElectrocardiogram"

  /// The case of a HealthKit type identifier.
  init?(identifier: String) { self.init(rawValue: identifier) }

  /// The HealthKit sample type.
  public var sampleType: HKSampleType {
    switch self {
    case .steps: HKQuantityType(.stepCount)
    case .heartRate: HKQuantityType(.heartRate)
    case .activeEnergy: HKQuantityType(.activeEnergyBurned)
    case .electrocardiogram: HKObjectType.electrocardiogramType()
    }
  }

  /// The unit of a quantity type's values; `nil` for ECGs.
  var unit: HKUnit? {
    switch self {
    case .steps: .count()
    case .heartRate: HKUnit.count().unitDivided(by: .minute())
    case .activeEnergy: .kilocalorie()
    case .electrocardiogram: nil
    }
  }
}
