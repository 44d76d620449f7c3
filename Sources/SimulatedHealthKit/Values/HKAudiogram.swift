// swift-format-ignore: AlwaysUseLowerCamelCase
/// The audiogram type's identifier, `"HKDataTypeIdentifierAudiogram"`; iOS 13 (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkdatatypeidentifieraudiogram).
public let HKDataTypeIdentifierAudiogram = "HKDataTypeIdentifierAudiogram"

/// The type of audiograms, HealthKit's `HKAudiogramSampleType` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkaudiogramsampletype); identifier
/// ``HKDataTypeIdentifierAudiogram``. Asked for like any sample type.
public final class HKAudiogramSampleType: HKSampleType, @unchecked Sendable {
  convenience init() { self.init(identifier: HKDataTypeIdentifierAudiogram) }
}

extension HKObjectType {
  /// The audiogram type (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkobjecttype/audiogramsampletype()).
  public class func audiogramSampleType() -> HKAudiogramSampleType { HKAudiogramSampleType() }
}

/// How a hearing test's sound reached the ear, HealthKit's `HKAudiogramConductionType` (Apple
/// doc: https://developer.apple.com/documentation/healthkit/hkaudiogramconductiontype);
/// iOS 18.1.
public enum HKAudiogramConductionType: Int, Sendable, Hashable, CaseIterable {
  /// Through the air (0).
  case air = 0
}

/// The ear a test was made on, HealthKit's `HKAudiogramSensitivityTestSide` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkaudiogramsensitivitytestside);
/// iOS 18.1.
public enum HKAudiogramSensitivityTestSide: Int, Sendable, Hashable, CaseIterable {
  /// The left ear (0).
  case left = 0
  /// The right ear (1).
  case right = 1
}

/// The dBHL unit of sensitivities and the Hz unit of frequencies, and the errors of quantities
/// of other units.
enum AudiogramUnits {
  static let hearingLevel = HKUnit.decibelHearingLevel()
  static let frequency = HKUnit.hertz()

  /// `quantity` if its unit is compatible with `unit`, else HealthKit's
  /// `errorInvalidArgument` naming the unit expected (workout-sim's words).
  static func check(_ quantity: HKQuantity, _ unit: HKUnit, _ name: String) throws(HKError)
    -> HKQuantity
  {
    guard quantity.is(compatibleWith: unit) else {
      throw HKError(
        .errorInvalidArgument,
        "\(name) must be a quantity compatible with \(unit.unitString), not \(quantity.unit.unitString)"
      )
    }
    return quantity
  }
}

/// The range a sensitivity was clamped to, HealthKit's
/// `HKAudiogramSensitivityPointClampingRange` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkaudiogramsensitivitypointclampingrange);
/// iOS 18.1. Bounds in dBHL.
public final class HKAudiogramSensitivityPointClampingRange: NSObject, NSSecureCoding,
  @unchecked Sendable
{
  /// The lower bound in dBHL, or `nil` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkaudiogramsensitivitypointclampingrange/lowerbound).
  public let lowerBound: HKQuantity?
  /// The upper bound in dBHL, or `nil` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkaudiogramsensitivitypointclampingrange/upperbound).
  public let upperBound: HKQuantity?

  /// A range of `lowerBound` to `upperBound` dBHL (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkaudiogramsensitivitypointclampingrange/init(lowerbound:upperbound:)).
  ///
  /// - Throws: `errorInvalidArgument` when both bounds are `nil` or the lower is above the
  ///   upper (workout-sim's reading: a range must bound something).
  public convenience init(lowerBound: NSNumber?, upperBound: NSNumber?) throws {
    if lowerBound == nil, upperBound == nil {
      throw HKError(.errorInvalidArgument, "A clamping range needs a lower or an upper bound")
    }
    if let lowerBound, let upperBound, lowerBound.doubleValue > upperBound.doubleValue {
      throw HKError(
        .errorInvalidArgument,
        "The lower bound \(lowerBound) is above the upper bound \(upperBound)")
    }
    self.init(
      lower: lowerBound.map {
        HKQuantity(unit: AudiogramUnits.hearingLevel, doubleValue: $0.doubleValue)
      },
      upper: upperBound.map {
        HKQuantity(unit: AudiogramUnits.hearingLevel, doubleValue: $0.doubleValue)
      })
  }

  private init(lower: HKQuantity?, upper: HKQuantity?) {
    self.lowerBound = lower
    self.upperBound = upper
  }

  /// `true`.
  public static var supportsSecureCoding: Bool { true }

  /// Writes the bounds.
  public func encode(with coder: NSCoder) {
    coder.encode(lowerBound, forKey: "lowerBound")
    coder.encode(upperBound, forKey: "upperBound")
  }

  /// Reads what ``encode(with:)`` wrote.
  public init?(coder: NSCoder) {
    self.lowerBound = coder.decodeObject(of: HKQuantity.self, forKey: "lowerBound")
    self.upperBound = coder.decodeObject(of: HKQuantity.self, forKey: "upperBound")
  }

  /// Equal when both bounds are.
  public override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? Self else { return false }
    return other.lowerBound == lowerBound && other.upperBound == upperBound
  }

  /// A hash of the bounds.
  public override var hash: Int { (lowerBound?.hash ?? 0) &+ 31 &* (upperBound?.hash ?? 0) }
}

/// One ear's hearing test at a frequency, HealthKit's `HKAudiogramSensitivityTest` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkaudiogramsensitivitytest); iOS 18.1.
public final class HKAudiogramSensitivityTest: NSObject, NSSecureCoding, @unchecked Sendable {
  /// The sensitivity, dBHL (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkaudiogramsensitivitytest/sensitivity).
  public let sensitivity: HKQuantity
  /// The conduction type (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkaudiogramsensitivitytest/type).
  public let type: HKAudiogramConductionType
  /// Whether the other ear was masked (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkaudiogramsensitivitytest/masked).
  public let masked: Bool
  /// The ear (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkaudiogramsensitivitytest/side).
  public let side: HKAudiogramSensitivityTestSide
  /// The range the sensitivity was clamped to, or `nil` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkaudiogramsensitivitytest/clampingrange).
  public let clampingRange: HKAudiogramSensitivityPointClampingRange?

  /// A test (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkaudiogramsensitivitytest/init(sensitivity:type:masked:side:clampingrange:)).
  ///
  /// - Throws: `errorInvalidArgument` for a sensitivity whose unit is not a hearing level
  ///   (dBHL).
  public init(
    sensitivity: HKQuantity, type: HKAudiogramConductionType, masked: Bool,
    side: HKAudiogramSensitivityTestSide, clampingRange: HKAudiogramSensitivityPointClampingRange?
  ) throws {
    self.sensitivity = try AudiogramUnits.check(
      sensitivity, AudiogramUnits.hearingLevel, "sensitivity")
    self.type = type
    self.masked = masked
    self.side = side
    self.clampingRange = clampingRange
  }

  /// `true`.
  public static var supportsSecureCoding: Bool { true }

  /// Writes the test.
  public func encode(with coder: NSCoder) {
    coder.encode(sensitivity, forKey: "sensitivity")
    coder.encode(type.rawValue, forKey: "type")
    coder.encode(masked, forKey: "masked")
    coder.encode(side.rawValue, forKey: "side")
    coder.encode(clampingRange, forKey: "clampingRange")
  }

  /// Reads what ``encode(with:)`` wrote; `nil` without a sensitivity or with an unknown type or
  /// side.
  public init?(coder: NSCoder) {
    guard let sensitivity = coder.decodeObject(of: HKQuantity.self, forKey: "sensitivity"),
      let type = HKAudiogramConductionType(rawValue: coder.decodeInteger(forKey: "type")),
      let side = HKAudiogramSensitivityTestSide(rawValue: coder.decodeInteger(forKey: "side"))
    else { return nil }
    self.sensitivity = sensitivity
    self.type = type
    self.masked = coder.decodeBool(forKey: "masked")
    self.side = side
    self.clampingRange = coder.decodeObject(
      of: HKAudiogramSensitivityPointClampingRange.self, forKey: "clampingRange")
  }

  /// Equal when every field is.
  public override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? Self else { return false }
    return other.sensitivity == sensitivity && other.type == type && other.masked == masked
      && other.side == side && other.clampingRange == clampingRange
  }

  /// A hash of the sensitivity and side.
  public override var hash: Int { sensitivity.hash &+ side.rawValue }
}

/// A hearing reading at one frequency, HealthKit's `HKAudiogramSensitivityPoint` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkaudiogramsensitivitypoint).
public final class HKAudiogramSensitivityPoint: NSObject, NSSecureCoding, @unchecked Sendable {
  /// The frequency tested, Hz (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkaudiogramsensitivitypoint/frequency).
  public let frequency: HKQuantity
  /// The tests made at this frequency (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkaudiogramsensitivitypoint/tests).
  public let tests: [HKAudiogramSensitivityTest]

  /// The left ear's unmasked air-conduction sensitivity, dBHL, or `nil` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkaudiogramsensitivitypoint/leftearsensitivity).
  @available(iOS, introduced: 13.0, deprecated: 18.1, message: "Use tests")
  @available(watchOS, introduced: 6.0, deprecated: 11.1, message: "Use tests")
  public var leftEarSensitivity: HKQuantity? { sensitivity(of: .left) }

  /// The right ear's unmasked air-conduction sensitivity, dBHL, or `nil` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkaudiogramsensitivitypoint/rightearsensitivity).
  @available(iOS, introduced: 13.0, deprecated: 18.1, message: "Use tests")
  @available(watchOS, introduced: 6.0, deprecated: 11.1, message: "Use tests")
  public var rightEarSensitivity: HKQuantity? { sensitivity(of: .right) }

  private func sensitivity(of side: HKAudiogramSensitivityTestSide) -> HKQuantity? {
    tests.first { $0.side == side && $0.type == .air && !$0.masked }?.sensitivity
  }

  /// A point of `frequency` with the tests made there (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkaudiogramsensitivitypoint/init(frequency:tests:)).
  ///
  /// - Throws: `errorInvalidArgument` for a frequency whose unit is not a frequency (Hz).
  public init(frequency: HKQuantity, tests: [HKAudiogramSensitivityTest]) throws {
    self.frequency = try AudiogramUnits.check(frequency, AudiogramUnits.frequency, "frequency")
    self.tests = tests
  }

  /// A point of `frequency` with an unmasked air-conduction test per ear given (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkaudiogramsensitivitypoint/init(frequency:leftearsensitivity:rightearsensitivity:)).
  ///
  /// - Throws: `errorInvalidArgument` for a frequency that is not in Hz-compatible units or a
  ///   sensitivity that is not in dBHL-compatible units.
  @available(iOS, introduced: 13.0, deprecated: 18.1, message: "Use init(frequency:tests:)")
  @available(
    watchOS, introduced: 6.0, deprecated: 11.1, message: "Use init(frequency:tests:)"
  )
  public convenience init(
    frequency: HKQuantity, leftEarSensitivity: HKQuantity?, rightEarSensitivity: HKQuantity?
  ) throws {
    var tests: [HKAudiogramSensitivityTest] = []
    for (side, value) in [
      (HKAudiogramSensitivityTestSide.left, leftEarSensitivity), (.right, rightEarSensitivity),
    ] {
      guard let value else { continue }
      tests.append(
        try HKAudiogramSensitivityTest(
          sensitivity: value, type: .air, masked: false, side: side, clampingRange: nil))
    }
    try self.init(frequency: frequency, tests: tests)
  }

  /// `true`.
  public static var supportsSecureCoding: Bool { true }

  /// Writes the frequency and tests.
  public func encode(with coder: NSCoder) {
    coder.encode(frequency, forKey: "frequency")
    coder.encode(tests as NSArray, forKey: "tests")
  }

  /// Reads what ``encode(with:)`` wrote.
  public init?(coder: NSCoder) {
    guard let frequency = coder.decodeObject(of: HKQuantity.self, forKey: "frequency"),
      let tests = coder.decodeObject(
        of: [NSArray.self, HKAudiogramSensitivityTest.self], forKey: "tests")
        as? [HKAudiogramSensitivityTest]
    else { return nil }
    self.frequency = frequency
    self.tests = tests
  }

  /// Equal when the frequency and the tests are.
  public override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? Self else { return false }
    return other.frequency == frequency && other.tests == tests
  }

  /// A hash of the frequency.
  public override var hash: Int { frequency.hash }
}

/// A hearing test's result, HealthKit's `HKAudiogramSample` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkaudiogramsample): its sensitivity
/// points. Saved with `HKHealthStore.save(_:)` (sharing
/// ``HKObjectType/audiogramSampleType()`` asked for), found by sample, anchored and observer
/// queries of that type, deleted with `delete(_:)`.
public final class HKAudiogramSample: HKSample, @unchecked Sendable {
  /// The points, by ascending frequency (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkaudiogramsample/sensitivitypoints).
  public let sensitivityPoints: [HKAudiogramSensitivityPoint]

  /// An audiogram of `sensitivityPoints` from `startDate` to `endDate` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkaudiogramsample/init(sensitivitypoints:start:end:metadata:)).
  ///
  /// Traps with "HKAudiogramSample: at most 30 sensitivity points, with unique frequencies in
  /// ascending order" otherwise (the SDK header's limits; the words are workout-sim's).
  public init(
    sensitivityPoints: [HKAudiogramSensitivityPoint], start startDate: Date, end endDate: Date,
    metadata: [String: Any]?
  ) {
    let hertz = sensitivityPoints.map { $0.frequency.doubleValue(for: AudiogramUnits.frequency) }
    precondition(
      sensitivityPoints.count <= 30 && zip(hertz, hertz.dropFirst()).allSatisfy { $0 < $1 },
      "HKAudiogramSample: at most 30 sensitivity points, with unique frequencies in ascending order"
    )
    self.sensitivityPoints = sensitivityPoints
    super.init(
      sampleType: HKAudiogramSampleType(), startDate: startDate, endDate: endDate, uuid: UUID(),
      metadata: metadata?.isEmpty == true ? nil : metadata, device: nil,
      sourceRevision: HKSourceRevision(source: .default(), version: nil))
  }

  /// Writes the sample's fields and the points.
  public override func encode(with coder: NSCoder) {
    super.encode(with: coder)
    coder.encode(sensitivityPoints as NSArray, forKey: "sensitivityPoints")
  }

  /// Reads what ``encode(with:)`` wrote.
  public required init?(coder: NSCoder) {
    guard
      let points = coder.decodeObject(
        of: [NSArray.self, HKAudiogramSensitivityPoint.self], forKey: "sensitivityPoints")
        as? [HKAudiogramSensitivityPoint]
    else { return nil }
    self.sensitivityPoints = points
    super.init(coder: coder)
  }
}
