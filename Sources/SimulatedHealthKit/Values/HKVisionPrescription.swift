import WorkoutHealth

// Vision prescriptions (iOS 16, watchOS 9): samples an app saves and reads back only after the
// person picks them in the per-object sheet (Store/HKHealthStore+PerObjectAuthorization.swift).

/// Glasses or contacts, HealthKit's `HKVisionPrescriptionType` (`NSUInteger`; Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkvisionprescriptiontype).
public enum HKVisionPrescriptionType: UInt, Sendable, Hashable, CaseIterable {
  /// 1.
  case glasses = 1
  /// 2.
  case contacts = 2
}

/// The eye of a prism, HealthKit's `HKVisionEye` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkvisioneye).
public enum HKVisionEye: Int, Sendable, Hashable, CaseIterable {
  /// 1.
  case left = 1
  /// 2.
  case right = 2
}

/// Where a prism's base points, HealthKit's `HKPrismBase` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkprismbase).
public enum HKPrismBase: Int, Sendable, Hashable, CaseIterable {
  /// 0.
  case none = 0
  /// 1.
  case up = 1
  /// 2.
  case down = 2
  /// 3: toward the nose.
  case `in` = 3
  /// 4: away from the nose.
  case out = 4
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKMetadataKeyGlassesPrescriptionDescription"`: a description of a glasses prescription, a
/// `String` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeyglassesprescriptiondescription).
public let HKMetadataKeyGlassesPrescriptionDescription =
  "HKMetadataKeyGlassesPrescriptionDescription"

/// The prescription type, HealthKit's `HKPrescriptionType` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkprescriptiontype); identifier
/// `"HKVisionPrescriptionTypeIdentifier"`. An app may ask to share it; reading it needs
/// per-object authorization (``HKObjectType/requiresPerObjectAuthorization()``).
public final class HKPrescriptionType: HKSampleType, @unchecked Sendable {
  convenience init() { self.init(identifier: "HKVisionPrescriptionTypeIdentifier") }
}

extension HKObjectType {
  /// The vision prescription type, one for every prescription (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkobjecttype/visionprescriptiontype()).
  public class func visionPrescriptionType() -> HKPrescriptionType { HKPrescriptionType() }

  /// Whether reading the type needs `requestPerObjectReadAuthorization(for:predicate:)` rather
  /// than `requestAuthorization(toShare:read:)`: `true` for the vision prescription and the
  /// user-annotated medication types (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkobjecttype/requiresperobjectauthorization();
  /// medications: WWDC25 session 321, "Authorization for new meds").
  public func requiresPerObjectAuthorization() -> Bool {
    self is HKPrescriptionType || self is HKUserAnnotatedMedicationType
  }
}

/// A prism correction, HealthKit's `HKVisionPrism` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkvisionprism), in polar form (amount
/// in prism diopters, base angle) and rectangular form (vertical and horizontal amounts with
/// their bases); each initializer gives the other form.
///
/// Project rule (docs/healthkit-behaviour.md#vision-prescriptions; Apple does not document the
/// conversion): the 360° base notation as the examiner sees it, 0° to the examiner's right,
/// 90° up. So for the right eye 0° is base in, for the left eye base out; horizontal =
/// amount·|cos θ|, vertical = amount·|sin θ|, base up for sin θ > 0 and down for sin θ < 0, a
/// zero component (below 10⁻⁹ of the amount) has base ``HKPrismBase/none``.
public final class HKVisionPrism: NSObject, NSCopying, NSSecureCoding, Sendable {
  /// The strength in prism diopters (polar form).
  public let amount: HKQuantity
  /// The base direction (polar form), an angle.
  public let angle: HKQuantity
  /// The vertical strength in prism diopters.
  public let verticalAmount: HKQuantity
  /// Up or down.
  public let verticalBase: HKPrismBase
  /// The horizontal strength in prism diopters.
  public let horizontalAmount: HKQuantity
  /// In or out.
  public let horizontalBase: HKPrismBase
  /// The eye.
  public let eye: HKVisionEye

  /// A prism of `amount` (prism diopters) with its base at `angle` for `eye` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkvisionprism/init(amount:angle:eye:)).
  public init(amount: HKQuantity, angle: HKQuantity, eye: HKVisionEye) {
    let strength = amount.doubleValue(for: .prismDiopter())
    let radians = angle.doubleValue(for: .radianAngle())
    // A component below 10⁻⁹ of the strength is rounding (cos 90° is 6·10⁻¹⁷, not 0): zero.
    let clean = { (value: Double) in abs(value) < abs(strength) * 1e-9 ? 0 : value }
    let horizontal = clean(strength * cos(radians))
    let vertical = clean(strength * sin(radians))
    self.amount = amount
    self.angle = angle
    self.eye = eye
    self.horizontalAmount = HKQuantity(unit: .prismDiopter(), doubleValue: abs(horizontal))
    self.verticalAmount = HKQuantity(unit: .prismDiopter(), doubleValue: abs(vertical))
    let toward: HKPrismBase = eye == .right ? .in : .out
    let away: HKPrismBase = eye == .right ? .out : .in
    self.horizontalBase = horizontal == 0 ? .none : horizontal > 0 ? toward : away
    self.verticalBase = vertical == 0 ? .none : vertical > 0 ? .up : .down
  }

  /// A prism from its vertical and horizontal components (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkvisionprism/init(verticalamount:verticalbase:horizontalamount:horizontalbase:eye:)).
  /// The polar form: amount √(v² + h²), angle in degrees by the rule above.
  public init(
    verticalAmount: HKQuantity, verticalBase: HKPrismBase, horizontalAmount: HKQuantity,
    horizontalBase: HKPrismBase, eye: HKVisionEye
  ) {
    let vertical = verticalAmount.doubleValue(for: .prismDiopter())
    let horizontal = horizontalAmount.doubleValue(for: .prismDiopter())
    let towardNose = eye == .right ? HKPrismBase.in : .out
    let x = horizontalBase == towardNose ? horizontal : -horizontal
    let y = verticalBase == .down ? -vertical : vertical
    var degrees = atan2(y, x) * 180 / .pi
    if degrees < 0 { degrees += 360 }
    self.verticalAmount = verticalAmount
    self.verticalBase = verticalBase
    self.horizontalAmount = horizontalAmount
    self.horizontalBase = horizontalBase
    self.eye = eye
    self.amount = HKQuantity(unit: .prismDiopter(), doubleValue: (x * x + y * y).squareRoot())
    self.angle = HKQuantity(unit: .degreeAngle(), doubleValue: degrees)
  }

  /// `true`.
  public static var supportsSecureCoding: Bool { true }

  /// Writes the polar form and the eye.
  public func encode(with coder: NSCoder) {
    coder.encode(amount, forKey: "amount")
    coder.encode(angle, forKey: "angle")
    coder.encode(eye.rawValue, forKey: "eye")
  }

  /// Reads what ``encode(with:)`` wrote.
  public convenience init?(coder: NSCoder) {
    guard let amount = coder.decodeObject(of: HKQuantity.self, forKey: "amount"),
      let angle = coder.decodeObject(of: HKQuantity.self, forKey: "angle"),
      let eye = HKVisionEye(rawValue: coder.decodeInteger(forKey: "eye"))
    else { return nil }
    self.init(amount: amount, angle: angle, eye: eye)
  }

  /// Prisms are immutable: the copy is the prism itself.
  public func copy(with zone: NSZone? = nil) -> Any { self }

  /// Equal when eye, amount and angle are.
  public override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? HKVisionPrism else { return false }
    return other.eye == eye && other.amount == amount && other.angle == angle
  }

  /// A hash of the eye.
  public override var hash: Int { eye.hashValue }
}

/// What every lens specification has, HealthKit's abstract `HKLensSpecification` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hklensspecification): use
/// ``HKGlassesLensSpecification`` or ``HKContactsLensSpecification``.
public class HKLensSpecification: NSObject, @unchecked Sendable {
  /// The power against near- or farsightedness, in diopters (negative: nearsighted).
  public let sphere: HKQuantity
  /// The power against astigmatism, in diopters.
  public let cylinder: HKQuantity?
  /// The angle of the astigmatism correction.
  public let axis: HKQuantity?
  /// The added power of a multifocal lens, in diopters.
  public let addPower: HKQuantity?

  init(sphere: HKQuantity, cylinder: HKQuantity?, axis: HKQuantity?, addPower: HKQuantity?) {
    self.sphere = sphere
    self.cylinder = cylinder
    self.axis = axis
    self.addPower = addPower
  }

  /// Writes the four common fields.
  func encodeLens(with coder: NSCoder) {
    coder.encode(sphere, forKey: "sphere")
    coder.encode(cylinder, forKey: "cylinder")
    coder.encode(axis, forKey: "axis")
    coder.encode(addPower, forKey: "addPower")
  }

  /// The four common fields as ``encodeLens(with:)`` wrote them, `nil` without a sphere.
  static func decodeLens(_ coder: NSCoder) -> (
    sphere: HKQuantity, cylinder: HKQuantity?, axis: HKQuantity?, addPower: HKQuantity?
  )? {
    guard let sphere = coder.decodeObject(of: HKQuantity.self, forKey: "sphere") else {
      return nil
    }
    return (
      sphere, coder.decodeObject(of: HKQuantity.self, forKey: "cylinder"),
      coder.decodeObject(of: HKQuantity.self, forKey: "axis"),
      coder.decodeObject(of: HKQuantity.self, forKey: "addPower")
    )
  }

  /// The four fields, for equality.
  var lensFields: [HKQuantity?] { [sphere, cylinder, axis, addPower] }
}

/// One eye of a glasses prescription, HealthKit's `HKGlassesLensSpecification` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkglasseslensspecification). Distances
/// in millimetres.
public final class HKGlassesLensSpecification: HKLensSpecification, NSCopying, NSSecureCoding,
  @unchecked Sendable
{
  /// From the back of the lens to the eye.
  public let vertexDistance: HKQuantity?
  /// The prism correction.
  public let prism: HKVisionPrism?
  /// From the pupil to the nose's centre looking far.
  public let farPupillaryDistance: HKQuantity?
  /// From the pupil to the nose's centre looking near.
  public let nearPupillaryDistance: HKQuantity?

  /// Creates the specification (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkglasseslensspecification/init(sphere:cylinder:axis:addpower:vertexdistance:prism:farpupillarydistance:nearpupillarydistance:)).
  public init(
    sphere: HKQuantity, cylinder: HKQuantity?, axis: HKQuantity?, addPower: HKQuantity?,
    vertexDistance: HKQuantity?, prism: HKVisionPrism?, farPupillaryDistance: HKQuantity?,
    nearPupillaryDistance: HKQuantity?
  ) {
    self.vertexDistance = vertexDistance
    self.prism = prism
    self.farPupillaryDistance = farPupillaryDistance
    self.nearPupillaryDistance = nearPupillaryDistance
    super.init(sphere: sphere, cylinder: cylinder, axis: axis, addPower: addPower)
  }

  /// `true`.
  public static var supportsSecureCoding: Bool { true }

  /// Writes every field.
  public func encode(with coder: NSCoder) {
    encodeLens(with: coder)
    coder.encode(vertexDistance, forKey: "vertexDistance")
    coder.encode(prism, forKey: "prism")
    coder.encode(farPupillaryDistance, forKey: "farPupillaryDistance")
    coder.encode(nearPupillaryDistance, forKey: "nearPupillaryDistance")
  }

  /// Reads what ``encode(with:)`` wrote; `nil` without a sphere.
  public convenience init?(coder: NSCoder) {
    guard let lens = Self.decodeLens(coder) else { return nil }
    self.init(
      sphere: lens.sphere, cylinder: lens.cylinder, axis: lens.axis, addPower: lens.addPower,
      vertexDistance: coder.decodeObject(of: HKQuantity.self, forKey: "vertexDistance"),
      prism: coder.decodeObject(of: HKVisionPrism.self, forKey: "prism"),
      farPupillaryDistance: coder.decodeObject(of: HKQuantity.self, forKey: "farPupillaryDistance"),
      nearPupillaryDistance: coder.decodeObject(
        of: HKQuantity.self, forKey: "nearPupillaryDistance"))
  }

  /// Specifications are immutable: the copy is the specification itself.
  public func copy(with zone: NSZone? = nil) -> Any { self }

  /// Equal when every field is.
  public override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? HKGlassesLensSpecification else { return false }
    return other.lensFields == lensFields && other.prism == prism
      && [other.vertexDistance, other.farPupillaryDistance, other.nearPupillaryDistance]
        == [vertexDistance, farPupillaryDistance, nearPupillaryDistance]
  }

  /// A hash of the sphere.
  public override var hash: Int { sphere.hash }
}

/// One eye of a contacts prescription, HealthKit's `HKContactsLensSpecification` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkcontactslensspecification). Base curve
/// and diameter in millimetres.
public final class HKContactsLensSpecification: HKLensSpecification, NSCopying, NSSecureCoding,
  @unchecked Sendable
{
  /// The curvature of the lens's back surface.
  public let baseCurve: HKQuantity?
  /// The lens's width.
  public let diameter: HKQuantity?

  /// Creates the specification (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcontactslensspecification/init(sphere:cylinder:axis:addpower:basecurve:diameter:)).
  public init(
    sphere: HKQuantity, cylinder: HKQuantity?, axis: HKQuantity?, addPower: HKQuantity?,
    baseCurve: HKQuantity?, diameter: HKQuantity?
  ) {
    self.baseCurve = baseCurve
    self.diameter = diameter
    super.init(sphere: sphere, cylinder: cylinder, axis: axis, addPower: addPower)
  }

  /// `true`.
  public static var supportsSecureCoding: Bool { true }

  /// Writes every field.
  public func encode(with coder: NSCoder) {
    encodeLens(with: coder)
    coder.encode(baseCurve, forKey: "baseCurve")
    coder.encode(diameter, forKey: "diameter")
  }

  /// Reads what ``encode(with:)`` wrote; `nil` without a sphere.
  public convenience init?(coder: NSCoder) {
    guard let lens = Self.decodeLens(coder) else { return nil }
    self.init(
      sphere: lens.sphere, cylinder: lens.cylinder, axis: lens.axis, addPower: lens.addPower,
      baseCurve: coder.decodeObject(of: HKQuantity.self, forKey: "baseCurve"),
      diameter: coder.decodeObject(of: HKQuantity.self, forKey: "diameter"))
  }

  /// Specifications are immutable: the copy is the specification itself.
  public func copy(with zone: NSZone? = nil) -> Any { self }

  /// Equal when every field is.
  public override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? HKContactsLensSpecification else { return false }
    return other.lensFields == lensFields && other.baseCurve == baseCurve
      && other.diameter == diameter
  }

  /// A hash of the sphere.
  public override var hash: Int { sphere.hash }
}

/// A vision prescription, HealthKit's `HKVisionPrescription` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkvisionprescription): on its own an
/// image-only prescription; ``HKGlassesPrescription`` and ``HKContactsPrescription`` hold the
/// lens data. The sample spans ``dateIssued`` to ``expirationDate`` (to ``dateIssued`` without
/// one; a project rule).
///
/// Saved with `HKHealthStore.save(_:)` once sharing ``HKObjectType/visionPrescriptionType()``
/// is granted; a query finds only the prescriptions the person picked in the latest
/// per-object sheet (`requestPerObjectReadAuthorization(for:predicate:)`).
public class HKVisionPrescription: HKSample, @unchecked Sendable {
  /// Glasses or contacts.
  public let prescriptionType: HKVisionPrescriptionType
  /// When the prescription was issued.
  public let dateIssued: Date
  /// When it expires, if it does.
  public let expirationDate: Date?

  init(
    prescriptionType type: HKVisionPrescriptionType, dateIssued: Date, expirationDate: Date?,
    device: HKDevice?, metadata: [String: Any]?
  ) {
    self.prescriptionType = type
    self.dateIssued = dateIssued
    self.expirationDate = expirationDate
    super.init(
      sampleType: HKObjectType.visionPrescriptionType(), startDate: dateIssued,
      endDate: max(expirationDate ?? dateIssued, dateIssued), uuid: UUID(), metadata: metadata,
      device: device, sourceRevision: HKSourceRevision(source: .default(), version: nil))
  }

  /// An image-only prescription (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkvisionprescription/init(type:dateissued:expirationdate:device:metadata:)).
  public convenience init(
    type: HKVisionPrescriptionType, dateIssued: Date, expirationDate: Date?, device: HKDevice?,
    metadata: [String: Any]?
  ) {
    self.init(
      prescriptionType: type, dateIssued: dateIssued, expirationDate: expirationDate,
      device: device, metadata: metadata)
  }

  /// Writes the sample's fields, the type and the dates.
  public override func encode(with coder: NSCoder) {
    super.encode(with: coder)
    coder.encode(Int64(prescriptionType.rawValue), forKey: "prescriptionType")
    coder.encode(dateIssued, forKey: "dateIssued")
    coder.encode(expirationDate, forKey: "expirationDate")
  }

  /// Reads what ``encode(with:)`` wrote; `nil` for an unknown type or without an issue date.
  public required init?(coder: NSCoder) {
    guard
      let type = HKVisionPrescriptionType(
        rawValue: UInt(clamping: coder.decodeInt64(forKey: "prescriptionType"))),
      let issued = coder.decodeDate(forKey: "dateIssued")
    else { return nil }
    prescriptionType = type
    dateIssued = issued
    expirationDate = coder.decodeDate(forKey: "expirationDate")
    super.init(coder: coder)
  }
}

/// A glasses prescription, HealthKit's `HKGlassesPrescription` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkglassesprescription).
public final class HKGlassesPrescription: HKVisionPrescription, @unchecked Sendable {
  /// The right eye's lens.
  public let rightEye: HKGlassesLensSpecification?
  /// The left eye's lens.
  public let leftEye: HKGlassesLensSpecification?

  /// Creates a glasses prescription (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkglassesprescription/init(righteyespecification:lefteyespecification:dateissued:expirationdate:device:metadata:)).
  public init(
    rightEyeSpecification: HKGlassesLensSpecification?,
    leftEyeSpecification: HKGlassesLensSpecification?, dateIssued: Date, expirationDate: Date?,
    device: HKDevice?, metadata: [String: Any]?
  ) {
    rightEye = rightEyeSpecification
    leftEye = leftEyeSpecification
    super.init(
      prescriptionType: .glasses, dateIssued: dateIssued, expirationDate: expirationDate,
      device: device, metadata: metadata)
  }

  /// Writes the prescription and both lenses.
  public override func encode(with coder: NSCoder) {
    super.encode(with: coder)
    coder.encode(rightEye, forKey: "rightEye")
    coder.encode(leftEye, forKey: "leftEye")
  }

  /// Reads what ``encode(with:)`` wrote.
  public required init?(coder: NSCoder) {
    rightEye = coder.decodeObject(of: HKGlassesLensSpecification.self, forKey: "rightEye")
    leftEye = coder.decodeObject(of: HKGlassesLensSpecification.self, forKey: "leftEye")
    super.init(coder: coder)
  }
}

/// A contacts prescription, HealthKit's `HKContactsPrescription` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkcontactsprescription).
public final class HKContactsPrescription: HKVisionPrescription, @unchecked Sendable {
  /// The right eye's lens.
  public let rightEye: HKContactsLensSpecification?
  /// The left eye's lens.
  public let leftEye: HKContactsLensSpecification?
  /// The prescribed brand.
  public let brand: String

  /// Creates a contacts prescription (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcontactsprescription/init(righteyespecification:lefteyespecification:brand:dateissued:expirationdate:device:metadata:)).
  public init(
    rightEyeSpecification: HKContactsLensSpecification?,
    leftEyeSpecification: HKContactsLensSpecification?, brand: String, dateIssued: Date,
    expirationDate: Date?, device: HKDevice?, metadata: [String: Any]?
  ) {
    rightEye = rightEyeSpecification
    leftEye = leftEyeSpecification
    self.brand = brand
    super.init(
      prescriptionType: .contacts, dateIssued: dateIssued, expirationDate: expirationDate,
      device: device, metadata: metadata)
  }

  /// Writes the prescription, both lenses and the brand.
  public override func encode(with coder: NSCoder) {
    super.encode(with: coder)
    coder.encode(rightEye, forKey: "rightEye")
    coder.encode(leftEye, forKey: "leftEye")
    coder.encode(brand, forKey: "brand")
  }

  /// Reads what ``encode(with:)`` wrote; `nil` without a brand.
  public required init?(coder: NSCoder) {
    guard let brand = coder.decodeString(forKey: "brand") else { return nil }
    rightEye = coder.decodeObject(of: HKContactsLensSpecification.self, forKey: "rightEye")
    leftEye = coder.decodeObject(of: HKContactsLensSpecification.self, forKey: "leftEye")
    self.brand = brand
    super.init(coder: coder)
  }
}
